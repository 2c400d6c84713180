"""The household's SQLite file: <data_dir>/state/household.sqlite, created 0600.

Several processes share it (the scheduler, the brain, the panel, the CLI), so the
database runs in WAL mode with a busy timeout and every change is one transaction.
`synchronous=FULL`: a timer that was confirmed to a person survives the power being
pulled a moment later. The records kept in it are store.py's and reminder_store.py's.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Protocol, Self

from appliance.errors import HearthError, NotFound
from appliance.files import create_private_file

FILE = Path("state") / "household.sqlite"
ACTIVE = ("pending", "ringing")
BUSY_TIMEOUT_MS = 10_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS timers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    seconds REAL NOT NULL CHECK (seconds > 0),
    set_at REAL NOT NULL,
    rings_at REAL NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'ringing', 'done', 'cancelled')),
    rang_at REAL,
    late INTEGER NOT NULL DEFAULT 0,
    stopped_at REAL
);
CREATE INDEX IF NOT EXISTS timers_state ON timers (state, rings_at);
CREATE TABLE IF NOT EXISTS reminders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    text TEXT NOT NULL CHECK (length(text) > 0),
    set_at REAL NOT NULL,
    due_at REAL NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'ringing', 'done', 'cancelled')),
    rang_at REAL,
    late INTEGER NOT NULL DEFAULT 0,
    stopped_at REAL,
    every TEXT,  -- comes again by this rule when it rings (household/repeats.py)
    until TEXT  -- and not after this day (ISO date), when one was said
);
CREATE INDEX IF NOT EXISTS reminders_state ON reminders (state, due_at);
CREATE TABLE IF NOT EXISTS shopping (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    added_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS asked (
    thread TEXT PRIMARY KEY,  -- the conversation Hearth asked in
    question TEXT NOT NULL,   -- what it asked, as JSON (household/asking.py)
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS done (
    thread TEXT PRIMARY KEY,  -- the conversation a change was asked for in
    made TEXT NOT NULL,       -- what it made, as JSON (household/undo.py)
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS heard (
    thread TEXT PRIMARY KEY,  -- a conversation
    turn INTEGER NOT NULL,    -- how many messages it has had (the router counts them)
    done_turn INTEGER         -- the message whose change `done` keeps
);
"""

Clock = Callable[[], dt.datetime]


# What the household's records must never hold (a password on the shopping list): given
# the text, the reason it is refused, else None. Memory's guard, handed in by the
# composition (this package imports nothing of memory).
class Screen(Protocol):
    """Memory's guard for the household's records: a reason to refuse words, else None.
    `errand`: the words are what a reminder tells a person to do ("call Mum"), not words
    said to Hearth, so read as such."""

    def __call__(self, text: str, *, errand: bool = False) -> str | None: ...


class NoSuchRecord(NotFound):
    """No timer, reminder or item by the name or id asked for."""


class NotKept(HearthError):
    """Words the guard refuses were asked to go on the list, a reminder or a timer."""

    def __init__(self, why: str) -> None:
        super().__init__(f"not kept: {why}; nothing was written")
        self.why = why


def epoch(when: dt.datetime) -> float:
    return when.timestamp()


class Database:
    """The one connection to a data dir's household file, and its transactions."""

    def __init__(self, path: Path, clock: Clock | None = None, screen: Screen | None = None):
        self.path = path
        self._clock = clock or dt.datetime.now
        # Every path that writes new words (chat, the CLI) opens the store with the guard;
        # a store without one (the scheduler, the board, the views) only reads and settles.
        self._screen = screen
        create_private_file(path)
        self._db = sqlite3.connect(
            path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
        )
        self._db.row_factory = sqlite3.Row
        self._lock = threading.Lock()
        self._db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = FULL")
        # A removed item or reminder is overwritten in the file, whatever the build's default.
        self._db.execute("PRAGMA secure_delete = ON")
        tables = {
            row[0]
            for row in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if (
            not {"timers", "reminders", "shopping", "asked", "done", "heard"} <= tables
        ):  # a read-only open writes nothing
            with self._write():
                for statement in filter(str.strip, _SCHEMA.split(";")):
                    self._db.execute(statement)
        self._add_repeats()

    def _add_repeats(self) -> None:
        """A data dir from before reminders repeated gets the columns (empty: each of its
        reminders comes once, as it was set). Read-only, it is read as it is."""
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(reminders)")}
        for column in ("every", "until"):
            if column in columns:
                continue
            with contextlib.suppress(sqlite3.OperationalError), self._write():
                self._db.execute(f"ALTER TABLE reminders ADD COLUMN {column} TEXT")

    @classmethod
    def open(
        cls, data_dir: Path | str, clock: Clock | None = None, *, screen: Screen | None = None
    ) -> Self:
        return cls(Path(data_dir) / FILE, clock, screen)

    def screened(self, texts: Iterable[str], *, errand: bool = False) -> None:
        """Refuse, before anything is written, words the guard would not keep."""
        if self._screen is None:
            return
        for text in texts:
            why = self._screen(text, errand=errand)
            if why is not None:
                raise NotKept(why)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def now(self) -> dt.datetime:
        return self._clock()

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction, taken before the first read so a read-then-write cannot race."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _read(self, sql: str, args: Sequence[object] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def _in_states(self, table: str, states: Iterable[str], order: str) -> list[sqlite3.Row]:
        """The rows of `table` ("timers", "reminders") in any of `states`, by `order`."""
        wanted = tuple(states)
        marks = ", ".join("?" * len(wanted))
        return self._read(
            f"SELECT * FROM {table} WHERE state IN ({marks}) ORDER BY {order}, id", wanted
        )
