"""Reminders in the household's file: set, moved, snoozed, stopped, and the next of one
that repeats (set when it rings: store.HouseholdStore.claim_ring)."""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterable

from appliance.household import repeats
from appliance.household.database import ACTIVE, Database, NoSuchRecord
from appliance.household.database import epoch as _epoch
from appliance.household.records import Reminder


class ReminderRecords(Database):
    """The reminders of one data dir."""

    def add_reminder(
        self,
        text: str,
        due_at: dt.datetime,
        every: str | None = None,
        until: dt.date | None = None,
    ) -> Reminder:
        """A pending reminder; with `every` (a rule of repeats.py), one that comes again by
        it each time it rings."""
        text = " ".join(text.split())
        if not text:
            raise ValueError("a reminder says what to do")
        if every is not None:
            repeats.days_of(every)  # raises for a rule of no days
        self.screened([text], errand=True)
        now = self._clock()
        with self._write() as db:
            cursor = db.execute(
                "INSERT INTO reminders (text, set_at, due_at, state, every, until) "
                "VALUES (?, ?, ?, 'pending', ?, ?)",
                (text, _epoch(now), _epoch(due_at), every, until and until.isoformat()),
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
        return [Reminder.from_row(row) for row in self._in_states("reminders", states, "due_at")]

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

    @staticmethod
    def _set_next(db: sqlite3.Connection, ringing: Reminder, now: dt.datetime) -> None:
        assert ringing.every is not None
        # after now too: a series whose scheduler was down for a week rings once, late, and
        # comes again on its next day, not once for every day it missed
        due = repeats.next_after(ringing.every, ringing.due_at.time(), max(now, ringing.due_at))
        if ringing.until is not None and due.date() > ringing.until:
            return  # "every day until Friday": Friday's was the last
        db.execute(
            "INSERT INTO reminders (text, set_at, due_at, state, every, until) "
            "VALUES (?, ?, ?, 'pending', ?, ?)",
            (
                ringing.text,
                _epoch(now),
                _epoch(due),
                ringing.every,
                ringing.until and ringing.until.isoformat(),
            ),
        )
