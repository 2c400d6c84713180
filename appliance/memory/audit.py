"""The hash-chained audit log: one JSON line per mutation of the store.

Each line carries the previous line's hash, so changing, removing or
reordering any line breaks the chain from there on, and `verify` names the
first line that no longer fits. The line is written (and fsynced) before the
mutation it records is committed; if it cannot be written, the mutation fails.

A chain cannot see its own end being cut off, so witnesses stand outside it.
Two files hold the last line's sequence and hash, replaced durably after every
append: `audit.head` beside the log and `state/audit.witness` in another folder,
so deleting the log's own files leaves one. A log shorter than either, or ending
in another line, is broken. A witness that cannot be read is never overwritten:
the next write keeps it as `<name>.unreadable-<time>` and writes a new one, and
`verify` fails while the kept copy is there. And every fact and proposal file on
disk should have its content hash in some line about it: a file the log has
never heard of means the log lost lines (or all of them).

What a line records of content: for the store's own writes, the sha256 of the
file written, which `verify` compares with the files on disk (the file is in the
same backup as the line, so the hash tells nothing the file does not). For a
refusal, text that was never written: a bare hash of it would give a short secret
back to anyone with the log (a 4-digit code in a few sentence shapes falls in
under a second), so a `refuse` line holds an HMAC keyed by `audit.key`, a secret
of this box (0600, made on first use, never in a snapshot).

A mutation that writes its line first and then fails (a correction whose
target changed meanwhile, a rename the disk refused) appends an `abandon` line
naming the withdrawn line's hash, so the log says what happened. `happened()`
reads the log that way; `entries()` reads every line as written.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import hmac
import json
import logging
import os
import secrets
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path

from appliance.errors import AuditFailure, DiskFull
from appliance.files import (
    PRIVATE,
    append_line,
    commit_temp,
    discard_temp,
    ensure_private_dir,
    fsync_dir,
    read_last_line,
    write_temp,
)

log = logging.getLogger(__name__)

GENESIS = "0" * 64
WITNESS = Path("state") / "audit.witness"  # the second witness, relative to the data dir
KEY_FILE = "audit.key"
KEYED_PREFIX = "hmac:"  # a refusal's content field: keyed, never comparable with a file
UNREADABLE = ".unreadable-"  # a witness that could not be read, kept beside the new one
ACTIONS = (
    "write",
    "propose",
    "promote",
    "discard",
    "doubt",
    "retract",
    "supersede",
    "refuse",
    "hand-edit",
    "reindex",
    "recover",
    "restore",
    "abandon",
)


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class AuditEntry:
    seq: int
    ts: str
    actor: str
    action: str
    fact_id: str | None
    sha256: str | None  # of the content written; for `abandon`, the withdrawn line's hash
    prev: str
    hash: str
    detail: str | None = None

    @staticmethod
    def compute_hash(fields: dict[str, object]) -> str:
        body = {k: v for k, v in fields.items() if k != "hash"}
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()

    @classmethod
    def from_json(cls, line: str) -> AuditEntry:
        data = json.loads(line)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        return cls(**data)

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class Head:
    """The last line's place in the chain, kept outside the log."""

    seq: int
    hash: str

    @classmethod
    def from_json(cls, text: str) -> Head:
        data = json.loads(text)
        if (
            not isinstance(data, dict)
            or not isinstance(data.get("seq"), int)
            or not isinstance(data.get("hash"), str)
        ):
            raise ValueError("not a {seq, hash} object")
        return cls(data["seq"], data["hash"])

    def to_json(self) -> str:
        return json.dumps({"seq": self.seq, "hash": self.hash}, sort_keys=True) + "\n"


@dataclass(frozen=True)
class Verification:
    ok: bool
    lines: int
    bad_line: int | None = None
    reason: str = ""
    torn_tail: bool = False

    def describe(self) -> str:
        if self.ok and self.torn_tail:
            return (
                f"audit chain intact over {self.lines} lines; the final line is torn "
                "(a write cut off by power loss) and will be dropped on the next write"
            )
        if self.ok:
            return f"audit chain intact over {self.lines} lines"
        if self.bad_line is None:
            return f"audit log incomplete: {self.reason}"
        return f"audit chain broken at line {self.bad_line}: {self.reason}"


def _read_mark(path: Path) -> Head | None:
    """What a witness file records, or None if there is none. ValueError if unreadable."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(str(exc)) from exc
    return Head.from_json(text)


class AuditLog:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.head_path = path.with_suffix(".head")
        self.witness_path = path.parent / WITNESS
        self.key_path = path.parent / KEY_FILE

    def _marks(self) -> tuple[tuple[str, Path], ...]:
        """Each witness, by the name a person sees, first the one beside the log."""
        return (
            (self.head_path.name, self.head_path),
            (WITNESS.as_posix(), self.witness_path),
        )

    def append(
        self,
        *,
        actor: str,
        action: str,
        fact_id: str | None = None,
        content: str | None = None,
        detail: str | None = None,
    ) -> AuditEntry:
        """Append one entry. Callers hold the store lock. Raises AuditFailure.

        `content` is hashed: plainly for what the store wrote (comparable with the
        file), keyed for a refusal (text that was never written; see the module's doc).
        """
        if content is None:
            sha256 = None
        elif action == "refuse":
            sha256 = self.keyed_hash(content)
        else:
            sha256 = content_hash(content)
        return self._append(actor, action, fact_id, sha256, detail)

    def keyed_hash(self, text: str) -> str:
        """`hmac:` and the HMAC-SHA256 of the text under this box's audit key."""
        digest = hmac.new(self._key(), text.encode("utf-8"), hashlib.sha256).hexdigest()
        return KEYED_PREFIX + digest

    def _key(self) -> bytes:
        """This box's audit key: 32 random bytes, made 0600 on first use, never backed up.

        Two processes making it at once agree: the file is created exclusively, and the
        one that loses reads the winner's.
        """
        try:
            key = self.key_path.read_bytes()
            if len(key) >= 16:
                return key
            log.warning("%s is too short to be a key; making a new one", self.key_path)
            self.key_path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise AuditFailure(
                f"could not read the audit key {self.key_path} ({exc.strerror or exc}); "
                "nothing was changed"
            ) from exc
        key = secrets.token_bytes(32)
        try:
            fd = os.open(
                self.key_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, PRIVATE
            )
        except FileExistsError:
            return self.key_path.read_bytes()
        except OSError as exc:
            raise AuditFailure(
                f"could not make the audit key {self.key_path} ({exc.strerror or exc}); "
                "nothing was changed"
            ) from exc
        try:
            os.write(fd, key)
            os.fsync(fd)
        finally:
            os.close(fd)
        fsync_dir(self.key_path.parent)
        return key

    @contextlib.contextmanager
    def recording(
        self,
        *,
        actor: str,
        action: str,
        fact_id: str | None = None,
        content: str | None = None,
        detail: str | None = None,
    ) -> Iterator[AuditEntry]:
        """Write the line first, then do the work; if the work fails, withdraw the line.

        The withdrawal is an `abandon` line naming the line's hash, written
        before the failure goes on up. Callers hold the store lock.
        """
        entry = self.append(
            actor=actor, action=action, fact_id=fact_id, content=content, detail=detail
        )
        try:
            yield entry
        except BaseException as exc:
            why = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
            try:
                self._append(
                    actor,
                    "abandon",
                    fact_id,
                    entry.hash,
                    f"line {entry.seq} ({action}) did not happen: {why}",
                )
            except AuditFailure as failure:
                log.error(
                    "line %d (%s %s) did not happen, and saying so failed: %s",
                    entry.seq,
                    action,
                    fact_id,
                    failure,
                )
            raise

    def _append(
        self, actor: str, action: str, fact_id: str | None, sha256: str | None, detail: str | None
    ) -> AuditEntry:
        if action not in ACTIONS:
            raise ValueError(f"unknown audit action {action!r}")
        try:
            seq, prev = self._next_place()
            fields: dict[str, object] = {
                "seq": seq,
                "ts": dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds"),
                "actor": actor,
                "action": action,
                "fact_id": fact_id,
                "sha256": sha256,
                "prev": prev,
                "detail": detail,
            }
            fields["hash"] = AuditEntry.compute_hash(fields)
            entry = AuditEntry(**fields)  # type: ignore[arg-type]
            append_line(self.path, entry.to_json() + "\n")
        except DiskFull:
            raise  # says what is wrong, and that nothing was changed
        except OSError as exc:
            raise AuditFailure(
                f"could not write the audit log {self.path} ({exc.strerror or exc}); "
                "nothing was changed"
            ) from exc
        for name, path in self._marks():
            self._write_mark(name, path, entry)
        return entry

    def _next_place(self) -> tuple[int, str]:
        """The next line's sequence and prev.

        Normally the log's own last line. When the log is shorter than its head
        or ends in a line the head does not know, the chain goes on from the
        head instead: the loss then stays named in the chain, at the line that
        follows it, whatever happens to the head file later.
        """
        last = self._last_entry_repairing_tail()
        ahead = []
        for _, path in self._marks():
            try:
                mark = _read_mark(path)
            except ValueError:
                continue  # damaged: `verify` says so, and the next write keeps it aside
            if mark is not None and (
                last is None
                or last.seq < mark.seq
                or (last.seq == mark.seq and last.hash != mark.hash)
            ):
                ahead.append(mark)
        if ahead:
            mark = max(ahead, key=lambda m: m.seq)
            log.error(
                "%s ends at sequence %d but a witness records %d; the lines between "
                "are missing and the chain goes on from the witness",
                self.path,
                last.seq if last else 0,
                mark.seq,
            )
            return mark.seq + 1, mark.hash
        return ((last.seq + 1) if last else 1), (last.hash if last else GENESIS)

    def _write_mark(self, name: str, path: Path, entry: AuditEntry) -> None:
        """Replace one witness durably. The line is already written, so a failure here
        only lets the witness lag, which `verify` allows (a log longer than its witness).

        A witness that cannot be read is never overwritten: it is kept as
        `<name>.unreadable-<time>`, and `verify` fails until a person has looked.
        """
        folder = path.parent
        try:
            ensure_private_dir(folder)
            for stale in folder.glob(f".{path.name}.*.tmp"):
                discard_temp(stale)  # left by a process killed mid-write
            try:
                _read_mark(path)
            except ValueError as exc:
                kept = path.with_name(
                    f"{path.name}{UNREADABLE}{dt.datetime.now(dt.UTC):%Y%m%dT%H%M%S%fZ}"
                )
                os.replace(path, kept)
                log.error("%s could not be read (%s); kept as %s", name, exc, kept.name)
            temp = write_temp(path, Head(entry.seq, entry.hash).to_json().encode())
            commit_temp(temp, path)
        except OSError as exc:
            log.warning("could not update %s (%s); it lags the log by a line", path, exc)

    def head(self) -> Head | None:
        """What audit.head records, or None if there is none. Raises ValueError if damaged."""
        return _read_mark(self.head_path)

    def witness(self) -> Head | None:
        """What state/audit.witness records, or None. Raises ValueError if damaged."""
        return _read_mark(self.witness_path)

    def _last_entry_repairing_tail(self) -> AuditEntry | None:
        """The last complete entry; a torn final line (power cut mid-append) is cut off."""
        last_line = read_last_line(self.path)
        if last_line is None:
            return None
        try:
            return AuditEntry.from_json(last_line)
        except (ValueError, TypeError) as exc:
            raise AuditFailure(
                f"the last line of {self.path} is damaged ({exc}); run "
                "`hearth audit verify` and restore it from the nightly backup"
            ) from exc

    def mentions(self, record_id: str) -> bool:
        """Whether any line is about this id: the store never gives an id out twice.

        A byte search, not a parse: it runs for every new id. Ids are [a-z0-9-],
        so the compact JSON of `to_json` spells the field exactly so.
        """
        try:
            data = self.path.read_bytes()
        except OSError:
            return False  # no log yet, or an unreadable one: the append will say so
        return f'"fact_id":"{record_id}"'.encode() in data

    def entries(self, fact_id: str | None = None) -> Iterator[AuditEntry]:
        """Every readable entry, oldest first (optionally only those about one fact)."""
        for _, line in self._lines():
            try:
                entry = AuditEntry.from_json(line)
            except (ValueError, TypeError):
                continue
            if fact_id is None or entry.fact_id == fact_id:
                yield entry

    def happened(self) -> list[AuditEntry]:
        """The entries for what really happened: withdrawn lines and `abandon` lines left out."""
        entries = list(self.entries())
        withdrawn = {e.sha256 for e in entries if e.action == "abandon"}
        return [e for e in entries if e.action != "abandon" and e.hash not in withdrawn]

    def _lines(self) -> Iterator[tuple[int, str]]:
        try:
            handle = self.path.open("r", encoding="utf-8", errors="replace", newline="\n")
        except FileNotFoundError:
            return
        with handle:
            yield from enumerate(handle, start=1)

    def verify(self, on_disk: Mapping[str, str | None] | None = None) -> Verification:
        """Recompute the chain; name the first line that does not fit, then check its end.

        `on_disk` maps each fact and proposal file ("memory/<id>.md") to the
        hash of its text (None when too large to have been hashed): each must
        appear in some line about that id. Hash the files before calling, so a
        write that lands meanwhile has its line already.
        """
        chain = self._verify_chain()
        if not chain.ok:
            return chain
        problem = self._head_problem() or self._unlogged_files(on_disk or {}, chain.lines)
        if problem:
            return Verification(False, chain.lines, reason=problem, torn_tail=chain.torn_tail)
        return chain

    def _verify_chain(self) -> Verification:
        prev, seq, count = GENESIS, 0, 0
        lines = list(self._lines())
        for number, line in lines:
            count = number
            is_last = number == len(lines)
            if is_last and not line.endswith("\n"):
                # A line without its newline is a write cut off mid-way.
                try:
                    AuditEntry.from_json(line)
                except (ValueError, TypeError):
                    return Verification(True, number - 1, torn_tail=True)
            try:
                entry = AuditEntry.from_json(line)
            except (ValueError, TypeError) as exc:
                return Verification(False, count, number, f"not a valid entry ({exc})")
            if entry.seq != seq + 1:
                missing = (
                    f"; lines {seq + 1}–{entry.seq - 1} are missing" if entry.seq > seq + 1 else ""
                )
                return Verification(
                    False, count, number, f"sequence {entry.seq} follows {seq}{missing}"
                )
            if entry.prev != prev:
                return Verification(
                    False, count, number, "its 'prev' is not the hash of the line before"
                )
            if AuditEntry.compute_hash(asdict(entry)) != entry.hash:
                return Verification(False, count, number, "its hash does not match its content")
            prev, seq = entry.hash, entry.seq
        return Verification(True, count)

    def _head_problem(self) -> str | None:
        """Why the log does not reach a witness, or None if it reaches both."""
        for name, path in self._marks():
            try:
                mark = _read_mark(path)
            except ValueError as exc:
                return (
                    f"{name} is damaged ({exc}): the end of the log cannot be checked "
                    "against it; restore it from the nightly backup"
                )
            if mark is not None:
                problem = self._short_of(name, mark)
                if problem:
                    return problem
        for name, path in self._marks():
            kept = sorted(path.parent.glob(f"{path.name}{UNREADABLE}*"))
            if kept:
                where = kept[0].relative_to(self.path.parent)
                return (
                    f"{name} could not be read and was kept as {where} when a later write "
                    "replaced it; look at it, then delete it (the log was checked against "
                    "the other witness)"
                )
        return None

    def _short_of(self, name: str, mark: Head) -> str | None:
        """Why the log does not reach what one witness records, or None if it does."""
        at_mark = next((e for e in self.entries() if e.seq == mark.seq), None)
        if at_mark is not None:
            if at_mark.hash != mark.hash:
                return (
                    f"line {mark.seq} is not the line {name} recorded: the "
                    "log was replaced; restore it from the nightly backup"
                )
            return None
        last = max((e.seq for e in self.entries()), default=0)
        if not self.path.exists():
            return (
                f"{self.path.name} is missing, but {name} records "
                f"{mark.seq} lines; restore it from the nightly backup"
            )
        if last > mark.seq:
            return None  # the witness lags (a write that could not update it): allowed
        lost = mark.seq - last
        return (
            f"{self.path.name} ends at line {last} but {name} records "
            f"{mark.seq}: the last {lost} line(s) are missing (cut off the end); "
            "restore it from the nightly backup"
        )

    def _unlogged_files(self, on_disk: Mapping[str, str | None], lines: int) -> str | None:
        if not on_disk:
            return None
        logged = {(e.fact_id, e.sha256) for e in self.entries()}
        missing = sorted(
            name
            for name, sha in on_disk.items()
            if sha is not None and (Path(name).stem, sha) not in logged
        )
        if not missing:
            return None
        shown = ", ".join(missing[:5]) + (
            f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        )
        if lines == 0:
            return (
                f"{self.path.name} is missing or empty, but {len(missing)} file(s) are on "
                f"disk: {shown}; restore it from the nightly backup"
            )
        return (
            f"{len(missing)} file(s) on disk have no line in the log: {shown} (the log "
            "lost lines, or a hand edit happened since it was last read); restore the "
            "log from the nightly backup"
        )
