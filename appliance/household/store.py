"""The household's records: timers, reminders, the shopping list, and what Hearth asked
in each conversation, in one SQLite file shared by every process (database.py).

A ring is claimed with a conditional UPDATE: two schedulers running at once still ring a
timer once.

    store = HouseholdStore.open(settings.data_dir)
    store.add_timer("pasta", 720)
"""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
from collections.abc import Iterable

from appliance.household.database import (
    ACTIVE,
    FILE,
    Clock,
    NoSuchRecord,
    NotKept,
    Screen,
)
from appliance.household.database import epoch as _epoch
from appliance.household.records import Item, Reminder, Timer, numbered
from appliance.household.reminder_store import ReminderRecords

__all__ = ["ACTIVE", "FILE", "Clock", "HouseholdStore", "NoSuchRecord", "NotKept", "Screen"]

RECENT_SECONDS = 3600.0  # `timers list --json` shows timers that rang within the last hour
ASKED_SECONDS = 120.0  # an answer to "For how long?" comes within two minutes, or not at all


# How a plural a list holds ends, and how its one ends ("cherries", "cherry")
PLURAL_ENDINGS = (
    ("ies", "y"),
    ("oes", "o"),
    ("ches", "ch"),
    ("shes", "sh"),
    ("xes", "x"),
    ("sses", "ss"),
)


def item_key(name: str) -> str:
    """One key for "egg" and "eggs", "tomato" and "tomatoes": a list holds each thing once."""
    said = " ".join(name.lower().split())
    head, _, last = said.rpartition(" ")
    for plural, single in PLURAL_ENDINGS:
        if last.endswith(plural) and len(last) > len(plural) + 1:
            last = last[: -len(plural)] + single
            break
    else:
        if last.endswith("s") and not last.endswith("ss") and len(last) > 3:
            last = last[:-1]
    return f"{head} {last}".strip()


def hyphen_free(key: str) -> str:
    """An item key with its hyphens read as spaces: "gluten free bread" is the "gluten-free
    bread" on the list (a twenty-first trial's got "Not on it"). The keys the list keeps stay
    as written, so lists kept before read the same; this is how they are compared."""
    return key.replace("-", " ")


def _listed(db: sqlite3.Connection, key: str) -> sqlite3.Row | None:
    """The list's row for an item key, compared hyphen_free."""
    return db.execute(
        "SELECT key, name FROM shopping WHERE key = ? OR replace(key, '-', ' ') = ?",
        (key, hyphen_free(key)),
    ).fetchone()


class HouseholdStore(ReminderRecords):
    """Timers, reminders and the shopping list of one data dir."""

    # -- timers ------------------------------------------------------------------------

    def add_timer(self, name: str | None, seconds: float) -> Timer:
        """A pending timer; a second "pasta" timer while one runs is called "pasta 2"."""
        if not seconds > 0:
            raise ValueError("a timer runs for a positive number of seconds")
        base = " ".join((name or "timer").split())
        self.screened([base])
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
        return [Timer.from_row(row) for row in self._in_states("timers", states, "rings_at")]

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
        self.screened([base])
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
            db.execute(
                "INSERT INTO heard (thread, turn, done_turn) VALUES (?, 0, 0) "
                "ON CONFLICT (thread) DO UPDATE SET done_turn = turn",
                (thread,),
            )

    def carry_done(self, source: str, target: str) -> None:
        """The last change in `source`, where it was the last message there, kept for
        `target` as its own message before: a phone that resends its whole history each
        turn starts a thread each turn, and its "make that 2 bags" after "add a bag of
        sugar" had gone to the model, the sugar left as it was (a nineteenth trial's)."""
        rows = self._read("SELECT turn, done_turn FROM heard WHERE thread = ?", (source,))
        if not rows or rows[0]["done_turn"] != rows[0]["turn"]:
            return  # another message came after the change: it is no longer "that"
        done = self._read("SELECT made, at FROM done WHERE thread = ?", (source,))
        if not done:
            return
        with self._write() as db:
            db.execute(
                "INSERT OR REPLACE INTO done (thread, made, at) VALUES (?, ?, ?)",
                (target, done[0]["made"], done[0]["at"]),
            )
            db.execute(
                "INSERT INTO heard (thread, turn, done_turn) VALUES (?, 0, 0) "
                "ON CONFLICT (thread) DO UPDATE SET turn = 0, done_turn = 0",
                (target,),
            )

    def heard(self, thread: str) -> None:
        """Another message in this thread (the router says so, once for each)."""
        with self._write() as db:
            db.execute(
                "INSERT INTO heard (thread, turn) VALUES (?, 1) "
                "ON CONFLICT (thread) DO UPDATE SET turn = turn + 1",
                (thread,),
            )

    def just_done(self, thread: str) -> str | None:
        """What the last change in this thread made, if it was the message before this
        one's, and recent: "move it to 8" follows it, never a kitchen question between
        ("and 180?" after an oven question had set a pasta timer for 3 hours, a review's)."""
        rows = self._read("SELECT turn, done_turn FROM heard WHERE thread = ?", (thread,))
        if not rows or rows[0]["done_turn"] is None or rows[0]["done_turn"] != rows[0]["turn"] - 1:
            return None
        return self.last_done(thread)

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

    # -- the shopping list -------------------------------------------------------------

    def items(self) -> list[Item]:
        return [
            Item.from_row(r) for r in self._read("SELECT * FROM shopping ORDER BY added_at, rowid")
        ]

    def add_items(self, names: Iterable[str]) -> tuple[list[str], list[str]]:
        """Add each item not already on the list; returns (added, already there)."""
        added: list[str] = []
        already: list[str] = []
        names = list(names)
        self.screened(names)
        now = _epoch(self._clock())
        with self._write() as db:
            for raw in names:
                name = " ".join(raw.split())
                if not name:
                    continue
                if _listed(db, item_key(name)) is not None:
                    already.append(name)  # "gluten free bread" with "gluten-free bread" on it
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
                row = _listed(db, item_key(raw))
                if row is None:
                    missing.append(" ".join(raw.split()))
                    continue
                db.execute("DELETE FROM shopping WHERE key = ?", (row["key"],))
                removed.append(row["name"])
        return removed, missing

    def clear_items(self) -> int:
        with self._write() as db:
            return db.execute("DELETE FROM shopping").rowcount
