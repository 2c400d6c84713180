"""Conversation threads: every client's chats, in SQLite under <data_dir>/state/ (0600).

A thread is an id and its messages. The web page, the CLI and the voice
service share one store, so a conversation can move between them. Transcripts
older than the retention (chat_retention_days, default 7) are swept: on
opening, and then on a clock by the brain that holds the store (agent.py's
hearth-chat-sweep thread), whether or not anyone is chatting.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import secrets
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from appliance.errors import HearthError
from appliance.files import create_private_file

_THREAD_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
ROLES = ("user", "assistant")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    thread TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
    text TEXT NOT NULL,
    route TEXT,
    at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_thread ON messages (thread, id);
CREATE INDEX IF NOT EXISTS messages_at ON messages (at);
-- what each thread's last answer left: the facts it used, the cards it put on the board
CREATE TABLE IF NOT EXISTS answered (
    thread TEXT NOT NULL,
    kept TEXT NOT NULL CHECK (kept IN ('cited', 'carded')),
    ids TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (thread, kept)
);
"""

# The route a client's own history is kept under (web/brain_chat.py): the model hears it,
# but what it says Hearth said is the client's word, never read back as Hearth's record.
CLIENT_HISTORY = "client"
# A client's resent history goes on with the thread it ends (`Threads.continued`): read this
# far back, and only so recent
CONTINUED_MESSAGES = 4
CONTINUED_WITHIN = dt.timedelta(hours=2)


class BadThreadId(HearthError):
    """A thread id a client sent is not one Hearth could have made."""


@dataclass(frozen=True)
class Message:
    thread: str
    role: str
    text: str
    route: str | None
    at: dt.datetime


def check_thread_id(value: str) -> str:
    if not _THREAD_ID.match(value):
        raise BadThreadId(f"thread id {value!r} must be 1-64 letters, digits, '.', '_' or '-'")
    return value


def new_thread_id() -> str:
    return secrets.token_hex(6)


class Threads:
    """The chat transcripts of one data dir."""

    def __init__(
        self,
        path: Path,
        *,
        retention_days: int = 7,
        clock: Callable[[], dt.datetime] | None = None,
        withhold: Callable[[str], str] | None = None,
    ) -> None:
        self.path = path
        # What is stored in place of each message: the guard's withheld marker for text it
        # refuses, on every way in (a turn, a client's resent history), else the text.
        self._withhold = withhold or (lambda text: text)
        self.retention = dt.timedelta(days=retention_days)
        self._clock = clock or dt.datetime.now
        create_private_file(path)  # 0600 from the start: SQLite copies the mode to its journal
        # One connection shared by the threads of this process, behind a lock.
        self._db = sqlite3.connect(
            path, check_same_thread=False, timeout=10.0, isolation_level=None
        )
        # A swept message's bytes are overwritten, not just unlinked from the b-tree:
        # some SQLite builds leave secure_delete off, and retention must mean gone.
        self._db.execute("PRAGMA secure_delete = ON")
        self._lock = threading.Lock()
        with self._lock:
            self._db.executescript(_SCHEMA)
        self.sweep()

    @classmethod
    def open(
        cls,
        data_dir: Path,
        *,
        retention_days: int = 7,
        clock: Callable[[], dt.datetime] | None = None,
        withhold: Callable[[str], str] | None = None,
    ) -> Threads:
        return cls(
            Path(data_dir) / "state" / "chat.sqlite",
            retention_days=retention_days,
            clock=clock,
            withhold=withhold,
        )

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def add(self, thread: str, role: str, text: str, route: str | None = None) -> Message:
        """Store a message as it may be kept: the returned Message has the stored text."""
        check_thread_id(thread)
        if role not in ROLES:
            raise ValueError(f"role must be one of {ROLES}, not {role!r}")
        text = self._withhold(text)
        now = self._clock().replace(microsecond=0)
        with self._lock:
            self._db.execute(
                "INSERT INTO messages (thread, role, text, route, at) VALUES (?, ?, ?, ?, ?)",
                (thread, role, text, route, now.isoformat()),
            )
        return Message(thread, role, text, route, now)

    def recent(
        self, thread: str, limit: int = 6, routes: tuple[str, ...] | None = None
    ) -> list[Message]:
        """The last `limit` messages of a thread (optionally of some routes), oldest first."""
        check_thread_id(thread)
        where, args = "thread = ?", [thread]
        if routes is not None:
            where += f" AND route IN ({', '.join('?' * len(routes))})"
            args += list(routes)
        with self._lock:
            rows = self._db.execute(
                f"SELECT thread, role, text, route, at FROM messages WHERE {where} "
                "ORDER BY id DESC LIMIT ?",
                (*args, limit),
            ).fetchall()
        return [
            Message(t, r, x, ro, dt.datetime.fromisoformat(a)) for t, r, x, ro, a in reversed(rows)
        ]

    def keep(self, thread: str, **kept: Sequence[str]) -> None:
        """What the thread's last answer left (cited=…, carded=…), for the next message there,
        whichever process reads it: a CLI's `hearth chat --thread T` runs a brain of its own,
        and "forget that" after its read-out had found nothing (a nineteenth and a twentieth
        trial's). One transaction, and none at all where nothing changed: this is written
        after every turn, and most turns leave nothing, as the turn before did."""
        now = self._clock().replace(microsecond=0).isoformat()
        with self._lock:
            held = dict(
                self._db.execute(
                    "SELECT kept, ids FROM answered WHERE thread = ?", (thread,)
                ).fetchall()
            )
            changed = {
                name: json.dumps(list(ids))
                for name, ids in kept.items()
                if held.get(name, "[]") != json.dumps(list(ids))
            }
            if not changed:
                return
            self._db.execute("BEGIN")  # one transaction for both
            try:
                self._db.executemany(
                    "INSERT OR REPLACE INTO answered (thread, kept, ids, at) VALUES (?, ?, ?, ?)",
                    [(thread, name, ids, now) for name, ids in changed.items()],
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def kept(self, thread: str, kept: str) -> tuple[str, ...] | None:
        """What `keep` last kept of the thread, or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT ids FROM answered WHERE thread = ? AND kept = ?", (thread, kept)
            ).fetchone()
        return None if row is None else tuple(str(i) for i in json.loads(row[0]))

    def forget_kept(self, thread: str, kept: str) -> None:
        with self._lock:
            self._db.execute("DELETE FROM answered WHERE thread = ? AND kept = ?", (thread, kept))

    def continued(self, history: Sequence[tuple[str, str]]) -> str | None:
        """The thread a client's resent `history` is the end of, or None.

        An OpenAI client sends the whole conversation each turn, never a thread id: its
        "eight minutes" after Hearth's "For how long?" had started a fresh thread, where no
        question was waiting (a twelfth trial's timers, reminders and "Which one?" went
        unanswered). The thread must end with Hearth's own answer, the very words of the
        history's last, and its last messages must be the history's, word for word, and
        recent. Only what Hearth asked there is carried to the client's own fresh thread
        (web/brain_chat.py): a second review found a first version going on in the thread
        itself, so another client that had said and heard the same words took over a
        voice thread's question, and one person's words reached another's turn."""
        tail = [(role, text) for role, text in history if role in ROLES][-CONTINUED_MESSAGES:]
        if len(tail) < 2 or tail[-1][0] != "assistant":
            return None
        cutoff = (self._clock() - CONTINUED_WITHIN).replace(microsecond=0).isoformat()
        with self._lock:
            found = self._db.execute(
                "SELECT thread FROM messages WHERE role = 'assistant' AND text = ? AND "
                "route IS NOT ? AND at >= ? ORDER BY id DESC LIMIT 8",
                (tail[-1][1], CLIENT_HISTORY, cutoff),
            ).fetchall()
        for (thread,) in found:
            said = [(m.role, m.text) for m in self.recent(thread, len(tail))]
            if said == tail:
                return str(thread)
        return None

    def count(self) -> int:
        with self._lock:
            return int(
                self._db.execute("SELECT COUNT(DISTINCT thread) FROM messages").fetchone()[0]
            )

    def sweep(self) -> int:
        """Delete messages older than the retention; returns how many went."""
        now = self._clock().replace(microsecond=0)
        cutoff = (now - self.retention).isoformat()
        with self._lock:
            gone = self._db.execute("DELETE FROM messages WHERE at < ?", (cutoff,)).rowcount
            self._db.execute("DELETE FROM answered WHERE at < ?", (cutoff,))
        return int(gone)
