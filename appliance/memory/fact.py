"""The records of the store: a live Fact and a Proposal waiting in the inbox.

Text becomes a record in exactly one place (`from_text`), where it is
validated; past that, code trusts the type. `to_text` is the only way out.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

import frontmatter
import yaml

from appliance.errors import InvalidFact
from appliance.memory import recallable
from appliance.memory.text import is_valid_id
from appliance.terminal import BIDI_CONTROLS

# The kinds of thing a household remembers. `note` is the generic one the
# note-taker falls back to; anything else is an error, never coerced here.
FACT_TYPES = (
    "person",  # who someone is: "Ana is Sam's piano teacher"
    "preference",  # likes and dislikes: "Sam takes his coffee black"
    "routine",  # what happens when: "bins go out on Thursday night"
    "household",  # the house and its things: "the stopcock is under the sink"
    "health",  # allergies, medicines, conditions: "Sam is allergic to peanuts"
    "place",  # where things or people are: "the dentist is on Mill Road"
    "event",  # dated things: birthdays, appointments
    "note",  # anything else worth keeping
)
STATUSES = ("live", "doubted", "retracted", "superseded")
# Where a live fact came from: the model's tool, a person's review, the CLI,
# the household itself (household.md, a bulk import), or the operator's MCP client
# when the setting `mcp_writes = "add"` lets it (appliance/operator).
FACT_ORIGINS = ("agent", "reviewed", "cli", "household", "mcp")
# Who may propose: the background note-taker, a conversation asking for a
# correction, a "remember that" heard by the voice service (speech can be misheard,
# so a person keeps it), a person at the CLI, or the operator's MCP client.
PROPOSAL_ORIGINS = ("notetaker", "chat", "voice", "cli", "mcp")
# What keeping a proposal does: add a new fact, retract one, or replace one.
PROPOSAL_KINDS = ("add", "retract", "supersede")

_SOURCE = re.compile(r"^([a-z]+)@(\d{4}-\d{2}-\d{2})$")


def check_type(value: object) -> str:
    if value not in FACT_TYPES:
        raise InvalidFact(f"unknown fact type {value!r}; allowed types: {', '.join(FACT_TYPES)}")
    return str(value)


def check_confidence(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidFact(f"confidence must be a number between 0 and 1, not {value!r}")
    if not 0.0 <= float(value) <= 1.0:
        raise InvalidFact(f"confidence must be between 0 and 1, not {value}")
    return float(value)


def check_source(value: object, origins: tuple[str, ...]) -> str:
    match = _SOURCE.match(str(value))
    if not match or match.group(1) not in origins:
        raise InvalidFact(
            f"source must be <origin>@<YYYY-MM-DD> with origin one of {', '.join(origins)}, "
            f"not {value!r}"
        )
    _date(match.group(2), "source date")
    return str(value)


def check_text(value: object) -> str:
    text = " ".join(str(value or "").split())  # newlines and tabs become spaces here
    if not text:
        raise InvalidFact("a fact needs some text")
    if len(text) > 2000:
        raise InvalidFact(f"a fact is a sentence or two, not {len(text)} characters")
    _refuse_control(text, "a fact")
    return text


def _refuse_control(text: str, what: str) -> None:
    """Control characters (NUL, ESC, DEL, C1), bidirectional controls and lone surrogates
    are never household words.

    Stored, an escape sequence would reach every terminal that lists the fact and
    every prompt that reads it; a bidirectional override (`terminal.BIDI_CONTROLS`) makes
    the words a person reads on the board differ from the words kept ("with \u202ekilm
    tao" shows "with oat milk"); a lone surrogate cannot even be written as
    UTF-8.
    """
    for at, char in enumerate(text, start=1):
        if unicodedata.category(char) in ("Cc", "Cs") or char in BIDI_CONTROLS:
            raise InvalidFact(
                f"{what} cannot hold control characters (U+{ord(char):04X} at character "
                f"{at}); nothing was written"
            )


def _date(value: object, name: str) -> dt.date:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        raise InvalidFact(f"{name} must be a date (YYYY-MM-DD), not {value!r}") from None


def _optional_date(value: object, name: str) -> dt.date | None:
    return None if value in (None, "", "null") else _date(value, name)


def _datetime(value: object, name: str) -> dt.datetime:
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None)
    if isinstance(value, dt.date):
        return dt.datetime.combine(value, dt.time())
    try:
        return dt.datetime.fromisoformat(str(value)).replace(tzinfo=None)
    except ValueError:
        raise InvalidFact(f"{name} must be a date and time, not {value!r}") from None


def _strings(value: object, name: str) -> tuple[str, ...]:
    if value in (None, ""):
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list | tuple):
        raise InvalidFact(f"{name} must be a list, not {value!r}")
    out = []
    for item in value:
        if isinstance(item, dict | list) or item is None:
            raise InvalidFact(f"{name} must be a list of words, not {value!r}")
        text = " ".join(str(item).split())
        _refuse_control(text, name)
        if text:
            out.append(text)
    return tuple(out)


def _ids(value: object, name: str) -> tuple[str, ...]:
    ids = _strings(value, name)
    for item in ids:
        if not is_valid_id(item):
            raise InvalidFact(f"{name} holds {item!r}, which is not a fact id")
    return ids


def _id(value: object) -> str:
    if not isinstance(value, str) or not is_valid_id(value):
        raise InvalidFact(f"id {value!r} is not a fact id (lower-case letters, digits and hyphens)")
    return value


def _bool(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidFact(f"{name} must be true or false, not {value!r}")
    return value


def _parse(text: str, what: str) -> tuple[dict[str, Any], str]:
    try:
        post = frontmatter.loads(text)
    except (yaml.YAMLError, ValueError, UnicodeDecodeError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InvalidFact(f"{what}: the frontmatter is not valid YAML ({reason})") from None
    if not post.metadata:
        raise InvalidFact(f"{what}: no frontmatter (a '---' block at the top)")
    return dict(post.metadata), post.content


def _require(meta: dict[str, Any], names: tuple[str, ...], what: str) -> None:
    missing = [n for n in names if n not in meta]
    if missing:
        raise InvalidFact(f"{what}: missing field(s) {', '.join(missing)}")


def _read_record(
    text: str,
    expected_id: str | None,
    noun: str,
    required: tuple[str, ...],
    fields: tuple[str, ...],
) -> tuple[dict[str, Any], str, str, str]:
    """Frontmatter checked for presence, unknown keys and id; returns meta, body, id, label."""
    what = f"{noun} {expected_id!r}" if expected_id else noun
    meta, body = _parse(text, what)
    _require(meta, required, what)
    unknown = sorted(set(meta) - set(fields))
    if unknown:
        raise InvalidFact(f"{what}: unknown field(s) {', '.join(unknown)}")
    record_id = _id(meta["id"])
    if expected_id is not None and record_id != expected_id:
        raise InvalidFact(f"{what}: its id says {record_id!r}, its file name {expected_id!r}")
    return meta, body, record_id, what


def _dump(meta: dict[str, Any], body: str) -> str:
    def plain(value: Any) -> Any:
        if isinstance(value, tuple):
            return list(value)
        if isinstance(value, dt.datetime):
            return value.isoformat(timespec="seconds")
        return value

    head = yaml.safe_dump(
        {k: plain(v) for k, v in meta.items()},
        sort_keys=False,
        default_flow_style=None,
        allow_unicode=True,
        width=1000,
    )
    return f"---\n{head}---\n{body}\n"


@dataclass(frozen=True)
class Fact:
    id: str
    type: str
    text: str
    status: str = "live"
    confidence: float = 0.9
    source: str = ""
    links: tuple[str, ...] = ()
    pinned: bool = False
    created: dt.date = field(default_factory=dt.date.today)
    last_seen: dt.date = field(default_factory=dt.date.today)
    valid_until: dt.date | None = None
    supersedes: tuple[str, ...] = ()

    _FIELDS = (
        "id",
        "type",
        "status",
        "confidence",
        "source",
        "links",
        "pinned",
        "created",
        "last_seen",
        "valid_until",
        "supersedes",
    )
    _REQUIRED = ("id", "type", "status", "confidence", "source", "created")

    @property
    def origin(self) -> str:
        return self.source.split("@", 1)[0]

    def is_recallable(self, today: dt.date) -> bool:
        """Live and doubted facts are recalled until their valid_until has passed."""
        return recallable.is_recallable(self.status, self.valid_until, today)

    @classmethod
    def from_text(cls, text: str, expected_id: str | None = None) -> Fact:
        meta, body, fact_id, what = _read_record(
            text, expected_id, "fact", cls._REQUIRED, cls._FIELDS
        )
        status = meta["status"]
        if status not in STATUSES:
            raise InvalidFact(f"{what}: status {status!r} is not one of {', '.join(STATUSES)}")
        created = _date(meta["created"], "created")
        try:
            return cls(
                id=fact_id,
                type=check_type(meta["type"]),
                text=check_text(body),
                status=status,
                confidence=check_confidence(meta["confidence"]),
                source=check_source(meta["source"], FACT_ORIGINS),
                links=_strings(meta.get("links"), "links"),
                pinned=_bool(meta.get("pinned", False), "pinned"),
                created=created,
                last_seen=_date(meta.get("last_seen", created), "last_seen"),
                valid_until=_optional_date(meta.get("valid_until"), "valid_until"),
                supersedes=_ids(meta.get("supersedes"), "supersedes"),
            )
        except InvalidFact as exc:
            raise InvalidFact(f"{what}: {exc}") from None

    def to_text(self) -> str:
        meta = {name: getattr(self, name) for name in self._FIELDS}
        return _dump(meta, self.text)

    def replace(self, **changes: Any) -> Fact:
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class Proposal:
    """A fact someone suggested; it waits in the inbox until a person keeps or discards it."""

    id: str
    type: str
    text: str
    confidence: float = 0.6
    source: str = ""
    links: tuple[str, ...] = ()
    proposed_at: dt.datetime = field(
        default_factory=lambda: dt.datetime.now().replace(microsecond=0)
    )
    conversation: str | None = None  # the chat thread it came from, if any
    kind: str = "add"
    target: str | None = None  # the live fact a retract/supersede proposal is about

    _FIELDS = (
        "id",
        "type",
        "confidence",
        "source",
        "links",
        "proposed_at",
        "conversation",
        "kind",
        "target",
    )
    _REQUIRED = ("id", "type", "confidence", "source", "proposed_at")

    @property
    def origin(self) -> str:
        return self.source.split("@", 1)[0]

    @classmethod
    def from_text(cls, text: str, expected_id: str | None = None) -> Proposal:
        meta, body, proposal_id, what = _read_record(
            text, expected_id, "proposal", cls._REQUIRED, cls._FIELDS
        )
        try:
            return cls.build(
                id=proposal_id,
                type=meta["type"],
                text=body,
                confidence=meta["confidence"],
                source=meta["source"],
                links=meta.get("links"),
                proposed_at=_datetime(meta["proposed_at"], "proposed_at"),
                conversation=meta.get("conversation"),
                kind=meta.get("kind", "add"),
                target=meta.get("target"),
            )
        except InvalidFact as exc:
            raise InvalidFact(f"{what}: {exc}") from None

    @classmethod
    def build(
        cls,
        *,
        id: str,
        type: object,
        text: object,
        confidence: object,
        source: object,
        links: object = None,
        proposed_at: dt.datetime,
        conversation: object = None,
        kind: object = "add",
        target: object = None,
    ) -> Proposal:
        if kind not in PROPOSAL_KINDS:
            raise InvalidFact(f"kind {kind!r} is not one of {', '.join(PROPOSAL_KINDS)}")
        if (kind == "add") != (target is None):
            raise InvalidFact("a retract or supersede proposal names its target; an add does not")
        return cls(
            id=_id(id),
            type=check_type(type),
            text=check_text(text),
            confidence=check_confidence(confidence),
            source=check_source(source, PROPOSAL_ORIGINS),
            links=_strings(links, "links"),
            proposed_at=proposed_at,
            conversation=None if conversation in (None, "") else str(conversation),
            kind=str(kind),
            target=None if target is None else _id(target),
        )

    def to_text(self) -> str:
        meta = {name: getattr(self, name) for name in self._FIELDS}
        return _dump(meta, self.text)

    @property
    def digest(self) -> str:
        """A short hash of everything a card shows of this proposal (and its id).

        A press carries the digest of the card it was made on; the store acts only
        if the proposal still matches it.
        """
        return hashlib.sha256(self.to_text().encode("utf-8")).hexdigest()[:16]

    def to_json(self) -> dict[str, object]:
        """What a client or script sees of a proposal (the CLI's --json, the web's inbox)."""
        return {
            "id": self.id,
            "type": self.type,
            "text": self.text,
            "confidence": self.confidence,
            "kind": self.kind,
            "target": self.target,
            "source": self.source,
            "conversation": self.conversation,
            "proposed_at": self.proposed_at.isoformat(),
        }
