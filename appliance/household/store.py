"""The household's records in SQLite: <data_dir>/state/household.sqlite, created 0600.

Several processes share it (the scheduler, the brain, the panel, the CLI), so
the database runs in WAL mode with a busy timeout, every change is one
transaction, and a ring is claimed with a conditional UPDATE: two schedulers
running at once still ring a timer once. `synchronous=FULL`: a timer that was
confirmed to a person survives the power being pulled a moment later.

    store = HouseholdStore.open(settings.data_dir)
    store.add_timer("pasta", 720)
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Protocol

from appliance.errors import HearthError, NotFound
from appliance.files import create_private_file
from appliance.household import repeats
from appliance.household.records import Item, Reminder, Timer, numbered

FILE = Path("state") / "household.sqlite"
ACTIVE = ("pending", "ringing")
RECENT_SECONDS = 3600.0  # `timers list --json` shows timers that rang within the last hour
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
    every TEXT  -- comes again by this rule when it rings (household/repeats.py)
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
"""
ASKED_SECONDS = 120.0  # an answer to "For how long?" comes within two minutes, or not at all

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


def item_key(name: str) -> str:
    """One key for "egg" and "eggs", "tomato" and "tomatoes": a list holds each thing once."""
    said = " ".join(name.lower().split())
    head, _, last = said.rpartition(" ")
    for plural, single in (
        ("ies", "y"),
        ("oes", "o"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("xes", "x"),
        ("sses", "ss"),
    ):
        if last.endswith(plural) and len(last) > len(plural) + 1:
            last = last[: -len(plural)] + single
            break
    else:
        if last.endswith("s") and not last.endswith("ss") and len(last) > 3:
            last = last[:-1]
    return f"{head} {last}".strip()


def _epoch(when: dt.datetime) -> float:
    return when.timestamp()


class HouseholdStore:
    """Timers, reminders and the shopping list of one data dir."""

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
            not {"timers", "reminders", "shopping", "asked", "done"} <= tables
        ):  # a read-only open writes nothing
            with self._write():
                for statement in filter(str.strip, _SCHEMA.split(";")):
                    self._db.execute(statement)
        self._add_repeats()

    def _add_repeats(self) -> None:
        """A data dir from before reminders repeated gets the column (empty: each of its
        reminders comes once, as it was set). Read-only, it is read as it is."""
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(reminders)")}
        if "every" in columns:
            return
        with contextlib.suppress(sqlite3.OperationalError), self._write():
            self._db.execute("ALTER TABLE reminders ADD COLUMN every TEXT")

    @classmethod
    def open(
        cls, data_dir: Path | str, clock: Clock | None = None, *, screen: Screen | None = None
    ) -> HouseholdStore:
        return cls(Path(data_dir) / FILE, clock, screen)

    def _screened(self, texts: Iterable[str], *, errand: bool = False) -> None:
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

    def __enter__(self) -> HouseholdStore:
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

    # -- timers ------------------------------------------------------------------------

    def add_timer(self, name: str | None, seconds: float) -> Timer:
        """A pending timer; a second "pasta" timer while one runs is called "pasta 2"."""
        if not seconds > 0:
            raise ValueError("a timer runs for a positive number of seconds")
        base = " ".join((name or "timer").split())
        self._screened([base])
        now = self._clock()
        with self._write() as db:
            taken = {
                row["name"]
                for row in db.execute(
                    "SELECT name FROM timers WHERE state IN ('pending', 'ringing')"
                )
            }
            chosen, number = base, 2
            while chosen in taken:
                chosen, number = f"{base} {number}", number + 1
            # in epoch seconds: twelve minutes are twelve minutes across a clock change
            cursor = db.execute(
                "INSERT INTO timers (name, seconds, set_at, rings_at, state) "
                "VALUES (?, ?, ?, ?, 'pending')",
                (chosen, seconds, _epoch(now), _epoch(now) + seconds),
            )
            row = db.execute("SELECT * FROM timers WHERE id = ?", (cursor.lastrowid,)).fetchone()
        return Timer.from_row(row)

    def timers(self, states: Iterable[str] = ACTIVE) -> list[Timer]:
        wanted = tuple(states)
        marks = ", ".join("?" * len(wanted))
        rows = self._read(
            f"SELECT * FROM timers WHERE state IN ({marks}) ORDER BY rings_at, id", wanted
        )
        return [Timer.from_row(row) for row in rows]

    def recent_timers(self, within: float = RECENT_SECONDS) -> list[Timer]:
        """Every pending or ringing timer, and those that rang within the last hour."""
        since = _epoch(self._clock()) - within
        rows = self._read(
            "SELECT * FROM timers WHERE state IN ('pending', 'ringing') "
            "OR (rang_at IS NOT NULL AND rang_at >= ?) ORDER BY rings_at, id",
            (since,),
        )
        return [Timer.from_row(row) for row in rows]

    def timer(self, timer_id: int) -> Timer:
        rows = self._read("SELECT * FROM timers WHERE id = ?", (timer_id,))
        if not rows:
            raise NoSuchRecord(f"no timer with id {timer_id}")
        return Timer.from_row(rows[0])

    def find_timers(self, name: str) -> list[Timer]:
        """Pending or ringing timers called `name` ("rice" finds "rice" and "rice 2"); else
        those whose name has every word of it ("shepherd's pie" finds "Mum's Shepherd's
        Pie step 2", a recipe step's timer). "rice 1" is the first rice timer only: the
        one without a number, beside "rice 2"."""
        key = item_key(name)
        running = self.timers()
        base, number = numbered(name)
        if number == 1 and base != name and all(t.name != name for t in running):
            return [t for t in running if t.name == base]  # not "… step 1", a step's own
        exact = [t for t in running if item_key(numbered(t.name)[0]) == key or t.name == name]
        if exact:
            return exact
        said = set(re.findall(r"[a-z0-9']+", name.lower()))
        return [
            t for t in running if said and said <= set(re.findall(r"[a-z0-9']+", t.name.lower()))
        ]

    def stop_timer(self, timer_id: int) -> Timer:
        """Cancel a pending timer or silence a ringing one."""
        now = _epoch(self._clock())
        with self._write() as db:
            db.execute(
                "UPDATE timers SET state = CASE state WHEN 'ringing' THEN 'done' "
                "ELSE 'cancelled' END, stopped_at = ? "
                "WHERE id = ? AND state IN ('pending', 'ringing')",
                (now, timer_id),
            )
        return self.timer(timer_id)

    def snooze_timer(self, timer_id: int, seconds: float) -> Timer:
        """A ringing timer, silenced and set to ring again `seconds` from now."""
        now = self._clock()
        with self._write() as db:
            db.execute(
                "UPDATE timers SET state = 'pending', rings_at = ?, rang_at = NULL, "
                "late = 0, seconds = seconds + ? WHERE id = ? AND state = 'ringing'",
                (_epoch(now) + seconds, seconds, timer_id),
            )
        return self.timer(timer_id)

    def extend_timer(self, timer_id: int, seconds: float) -> Timer:
        """More time on a timer: a pending one rings later, a ringing one rings again after."""
        now = _epoch(self._clock())
        with self._write() as db:
            db.execute(
                "UPDATE timers SET rings_at = CASE state WHEN 'ringing' THEN ? + ? "
                "ELSE rings_at + ? END, state = 'pending', rang_at = NULL, late = 0, "
                "seconds = seconds + ? WHERE id = ? AND state IN ('pending', 'ringing')",
                (now, seconds, seconds, seconds, timer_id),
            )
        return self.timer(timer_id)

    def rename_timer(self, timer_id: int, name: str) -> Timer:
        """A running timer called something else; a name another running timer has is
        numbered, as a new timer's would be ("rice 2")."""
        base = " ".join(name.split())
        if not base:
            raise ValueError("a timer's name has words")
        self._screened([base])
        with self._write() as db:
            taken = {
                row["name"]
                for row in db.execute(
                    "SELECT name FROM timers WHERE state IN ('pending', 'ringing') AND id != ?",
                    (timer_id,),
                )
            }
            chosen, number = base, 2
            while chosen in taken:
                chosen, number = f"{base} {number}", number + 1
            db.execute(
                "UPDATE timers SET name = ? WHERE id = ? AND state IN ('pending', 'ringing')",
                (chosen, timer_id),
            )
        return self.timer(timer_id)

    def retime_timer(self, timer_id: int, seconds: float) -> Timer:
        """A pending timer set for another length, counted from when it was set."""
        with self._write() as db:
            db.execute(
                "UPDATE timers SET seconds = ?, rings_at = set_at + ? "
                "WHERE id = ? AND state = 'pending'",
                (seconds, seconds, timer_id),
            )
        return self.timer(timer_id)

    # -- reminders ---------------------------------------------------------------------

    def add_reminder(self, text: str, due_at: dt.datetime, every: str | None = None) -> Reminder:
        """A pending reminder; with `every` (a rule of repeats.py), one that comes again by
        it each time it rings."""
        text = " ".join(text.split())
        if not text:
            raise ValueError("a reminder says what to do")
        if every is not None:
            repeats.days_of(every)  # raises for a rule of no days
        self._screened([text], errand=True)
        now = self._clock()
        with self._write() as db:
            cursor = db.execute(
                "INSERT INTO reminders (text, set_at, due_at, state, every) "
                "VALUES (?, ?, ?, 'pending', ?)",
                (text, _epoch(now), _epoch(due_at), every),
            )
            row = db.execute("SELECT * FROM reminders WHERE id = ?", (cursor.lastrowid,)).fetchone()
        return Reminder.from_row(row)

    def snooze_reminder(self, reminder_id: int, seconds: float) -> Reminder:
        """A pending or ringing reminder, due again `seconds` from now."""
        now = _epoch(self._clock())
        with self._write() as db:
            db.execute(
                "UPDATE reminders SET state = 'pending', due_at = ?, rang_at = NULL, late = 0 "
                "WHERE id = ? AND state IN ('pending', 'ringing')",
                (now + seconds, reminder_id),
            )
        return self.reminder(reminder_id)

    def move_reminder(self, reminder_id: int, due_at: dt.datetime) -> Reminder:
        """A pending or ringing reminder, due at another moment."""
        with self._write() as db:
            db.execute(
                "UPDATE reminders SET state = 'pending', due_at = ?, rang_at = NULL, late = 0 "
                "WHERE id = ? AND state IN ('pending', 'ringing')",
                (_epoch(due_at), reminder_id),
            )
        return self.reminder(reminder_id)

    def reminders(self, states: Iterable[str] = ACTIVE) -> list[Reminder]:
        wanted = tuple(states)
        marks = ", ".join("?" * len(wanted))
        rows = self._read(
            f"SELECT * FROM reminders WHERE state IN ({marks}) ORDER BY due_at, id", wanted
        )
        return [Reminder.from_row(row) for row in rows]

    def reminder(self, reminder_id: int) -> Reminder:
        rows = self._read("SELECT * FROM reminders WHERE id = ?", (reminder_id,))
        if not rows:
            raise NoSuchRecord(
                f"no reminder with id {reminder_id}; `hearth reminders list` shows their ids"
            )
        return Reminder.from_row(rows[0])

    def stop_reminder(self, reminder_id: int) -> Reminder:
        """Cancel a pending reminder or silence a ringing one."""
        now = _epoch(self._clock())
        with self._write() as db:
            changed = db.execute(
                "UPDATE reminders SET state = CASE state WHEN 'ringing' THEN 'done' "
                "ELSE 'cancelled' END, stopped_at = ? "
                "WHERE id = ? AND state IN ('pending', 'ringing')",
                (now, reminder_id),
            ).rowcount
        if not changed:
            self.reminder(reminder_id)  # raises for an unknown id
            raise NoSuchRecord(
                f"reminder {reminder_id} is not pending: it already rang or was cancelled"
            )
        return self.reminder(reminder_id)

    # -- ringing (the scheduler's side) ------------------------------------------------

    def due(self, now: dt.datetime) -> tuple[list[Timer], list[Reminder]]:
        at = _epoch(now)
        timers = self._read(
            "SELECT * FROM timers WHERE state = 'pending' AND rings_at <= ? ORDER BY rings_at, id",
            (at,),
        )
        reminders = self._read(
            "SELECT * FROM reminders WHERE state = 'pending' AND due_at <= ? ORDER BY due_at, id",
            (at,),
        )
        return [Timer.from_row(r) for r in timers], [Reminder.from_row(r) for r in reminders]

    def claim_ring(self, record: Timer | Reminder, now: dt.datetime, late: bool) -> bool:
        """Mark a due record ringing; False if another process rang or cancelled it first.

        A repeating reminder's next one is set in the same transaction, so a power cut
        cannot lose the series nor set it twice. The rule passes to the next: the one
        ringing now is that day's alone, so snoozing it sets no second series."""
        table = "timers" if isinstance(record, Timer) else "reminders"
        with self._write() as db:
            rows = db.execute(
                f"SELECT * FROM {table} WHERE id = ? AND state = 'pending'", (record.id,)
            ).fetchall()
            if not rows:
                return False
            db.execute(
                f"UPDATE {table} SET state = 'ringing', rang_at = ?, late = ?"
                + (", every = NULL" if table == "reminders" else "")
                + " WHERE id = ?",
                (_epoch(now), int(late), record.id),
            )
            if table == "reminders" and rows[0]["every"] is not None:
                self._set_next(db, Reminder.from_row(rows[0]), now)
        return True

    @staticmethod
    def _set_next(db: sqlite3.Connection, ringing: Reminder, now: dt.datetime) -> None:
        assert ringing.every is not None
        # after now too: a series whose scheduler was down for a week rings once, late, and
        # comes again on its next day, not once for every day it missed
        due = repeats.next_after(ringing.every, ringing.due_at.time(), max(now, ringing.due_at))
        db.execute(
            "INSERT INTO reminders (text, set_at, due_at, state, every) "
            "VALUES (?, ?, ?, 'pending', ?)",
            (ringing.text, _epoch(now), _epoch(due), ringing.every),
        )

    def ringing(self) -> list[Timer | Reminder]:
        timers: list[Timer | Reminder] = list(self.timers(("ringing",)))
        return timers + list(self.reminders(("ringing",)))

    def next_due(self) -> dt.datetime | None:
        rows = self._read(
            "SELECT min(at) AS at FROM (SELECT rings_at AS at FROM timers WHERE "
            "state = 'pending' UNION ALL SELECT due_at FROM reminders WHERE "
            "state = 'pending')"
        )
        at = rows[0]["at"] if rows else None
        return None if at is None else dt.datetime.fromtimestamp(at)

    # -- the shopping list -------------------------------------------------------------

    # -- what Hearth asked, awaiting an answer -------------------------------------------

    def ask(self, thread: str, question: str) -> None:
        """Hearth asked something in this thread ("For how long?"); the next message
        there may be its answer."""
        with self._write() as db:
            db.execute(
                "INSERT OR REPLACE INTO asked (thread, question, at) VALUES (?, ?, ?)",
                (thread, question, _epoch(self._clock())),
            )

    def asked(self, thread: str, within: float = ASKED_SECONDS) -> str | None:
        """The question Hearth last asked in this thread, if it was asked recently."""
        rows = self._read(
            "SELECT question FROM asked WHERE thread = ? AND at >= ?",
            (thread, _epoch(self._clock()) - within),
        )
        return rows[0]["question"] if rows else None

    def answered(self, thread: str) -> None:
        with self._write() as db:
            db.execute("DELETE FROM asked WHERE thread = ?", (thread,))

    def did(self, thread: str, made: str) -> None:
        """What the last change in this thread made, so "cancel that" there can stop it."""
        with self._write() as db:
            db.execute(
                "INSERT OR REPLACE INTO done (thread, made, at) VALUES (?, ?, ?)",
                (thread, made, _epoch(self._clock())),
            )

    def last_done(self, thread: str, within: float = ASKED_SECONDS) -> str | None:
        """What the last change in this thread made, if it was made recently."""
        rows = self._read(
            "SELECT made FROM done WHERE thread = ? AND at >= ?",
            (thread, _epoch(self._clock()) - within),
        )
        return rows[0]["made"] if rows else None

    def undone(self, thread: str) -> None:
        """The last change in this thread was taken back: it is taken back once."""
        with self._write() as db:
            db.execute("DELETE FROM done WHERE thread = ?", (thread,))

    def items(self) -> list[Item]:
        return [
            Item.from_row(r) for r in self._read("SELECT * FROM shopping ORDER BY added_at, rowid")
        ]

    def add_items(self, names: Iterable[str]) -> tuple[list[str], list[str]]:
        """Add each item not already on the list; returns (added, already there)."""
        added: list[str] = []
        already: list[str] = []
        names = list(names)
        self._screened(names)
        now = _epoch(self._clock())
        with self._write() as db:
            for raw in names:
                name = " ".join(raw.split())
                if not name:
                    continue
                cursor = db.execute(
                    "INSERT OR IGNORE INTO shopping (key, name, added_at) VALUES (?, ?, ?)",
                    (item_key(name), name, now),
                )
                (added if cursor.rowcount else already).append(name)
        return added, already

    def remove_items(self, names: Iterable[str]) -> tuple[list[str], list[str]]:
        """Take items off the list; returns (removed, as written on it) and (not on it)."""
        removed: list[str] = []
        missing: list[str] = []
        with self._write() as db:
            for raw in names:
                key = item_key(raw)
                row = db.execute("SELECT name FROM shopping WHERE key = ?", (key,)).fetchone()
                if row is None:
                    missing.append(" ".join(raw.split()))
                    continue
                db.execute("DELETE FROM shopping WHERE key = ?", (key,))
                removed.append(row["name"])
        return removed, missing

    def clear_items(self) -> int:
        with self._write() as db:
            return db.execute("DELETE FROM shopping").rowcount
