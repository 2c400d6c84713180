"""The household's records: timers, reminders, shopping items. Rows in, records out.

A timer or reminder is `pending` until its time, then `ringing` until a person
stops it (a panel button, "stop the timer", `hearth timers cancel`), then
`done`; `cancelled` if stopped before it rang. `late` marks one that rang
after its time because nothing was running to ring it (the scheduler was down).
"""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
from dataclasses import dataclass
from typing import Any

from appliance.household import repeats

STATES = ("pending", "ringing", "done", "cancelled")
_UNNAMED = re.compile(r"timer(?: \d+)?")
_NUMBERED = re.compile(r"(?P<base>.+) (?P<number>\d+)")


def numbered(name: str) -> tuple[str, int]:
    """A timer's name as its base and its number: "pasta 2" -> ("pasta", 2), "pasta" ->
    ("pasta", 1). A second timer of a name while one runs is set as "<name> 2"
    (HouseholdStore.add_timer), so the one without a number is its first."""
    match = _NUMBERED.fullmatch(name)
    return (match["base"], int(match["number"])) if match else (name, 1)


def is_unnamed(name: str) -> bool:
    """Set without a name: "timer", or "timer 2" beside another (never "Timer 2 timer")."""
    return _UNNAMED.fullmatch(name) is not None


def moment(epoch: float) -> dt.datetime:
    """Stored seconds since the epoch as a local, naive datetime (the clock's kind)."""
    return dt.datetime.fromtimestamp(epoch)


def moment_or_none(epoch: float | None) -> dt.datetime | None:
    """The same, for a column that may be empty (a timer that has not rung)."""
    return None if epoch is None else moment(epoch)


def _day_or_none(iso: str | None) -> dt.date | None:
    return None if iso is None else dt.date.fromisoformat(iso)


def _clock_time(when: dt.datetime | None) -> str | None:
    return None if when is None else when.isoformat(timespec="seconds")


@dataclass(frozen=True)
class Timer:
    id: int
    name: str  # "pasta"; "timer" when none was said
    seconds: float
    set_at: dt.datetime
    rings_at: dt.datetime
    state: str
    rang_at: dt.datetime | None = None
    late: bool = False
    stopped_at: dt.datetime | None = None

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Timer:
        return cls(
            row["id"],
            row["name"],
            row["seconds"],
            moment(row["set_at"]),
            moment(row["rings_at"]),
            row["state"],
            moment_or_none(row["rang_at"]),
            bool(row["late"]),
            moment_or_none(row["stopped_at"]),
        )

    @property
    def title(self) -> str:
        """ "Pasta", or "Timer" for one that was not named."""
        return self.name[:1].upper() + self.name[1:]

    @property
    def unnamed(self) -> bool:
        return is_unnamed(self.name)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "seconds": self.seconds,
            "set_at": _clock_time(self.set_at),
            "rings_at": _clock_time(self.rings_at),
            "state": self.state,
            "rang_at": _clock_time(self.rang_at),
            "late": self.late,
            "stopped_at": _clock_time(self.stopped_at),
        }


# What a reminder may be of, kept with its word: "about the bins", "that the plumber is
# coming". A to-errand is kept without its "to". The ways of asking read these words too.
ABOUT = ("about", "that")
_ABOUT = re.compile(rf"(?:{'|'.join(ABOUT)}) ")


def errand(text: str) -> str:
    """A reminder's words as a sentence has them after "remind you": "to call the dentist",
    "about the bins", "that the plumber is coming". Kept with their first word when it is
    "about" or "that"; a reminder to do something is kept without its "to"."""
    return text if _ABOUT.match(text) else f"to {text}"


@dataclass(frozen=True)
class Reminder:
    id: int
    text: str  # what to do: "call the dentist"; or "about the bins", "that the plumber…"
    set_at: dt.datetime
    due_at: dt.datetime
    state: str
    rang_at: dt.datetime | None = None
    late: bool = False
    stopped_at: dt.datetime | None = None
    # comes again by this rule when it rings (household/repeats.py): "day", "tuesday"…
    every: str | None = None
    until: dt.date | None = None  # and not after this day ("every day until Friday")

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Reminder:
        return cls(
            row["id"],
            row["text"],
            moment(row["set_at"]),
            moment(row["due_at"]),
            row["state"],
            moment_or_none(row["rang_at"]),
            bool(row["late"]),
            moment_or_none(row["stopped_at"]),
            # a Row's `in` looks among its values, so its keys are asked for by name
            row["every"] if "every" in row.keys() else None,  # noqa: SIM118
            _day_or_none(row["until"] if "until" in row.keys() else None),  # noqa: SIM118
        )

    @property
    def often(self) -> str | None:
        """ "every Tuesday", "every day until Fri 11 Dec": how often it comes; None once."""
        if self.every is None:
            return None
        return repeats.said(self.every) + self.ends

    @property
    def ends(self) -> str:
        """ " until Thu 3 Dec": the last day a repeat comes, as said after it; else ""."""
        return f" until {self.until:%a %-d %b}" if self.until else ""

    @property
    def errand(self) -> str:
        """ "to call the dentist", "about the bins": what it reminds of, in a sentence."""
        return errand(self.text)

    @property
    def said(self) -> str:
        """What it reminds of, without the word a sentence needs: "the bins"."""
        return _ABOUT.sub("", self.text, count=1)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "text": self.text,
            "every": self.every,
            "until": None if self.until is None else self.until.isoformat(),
            "set_at": _clock_time(self.set_at),
            "due_at": _clock_time(self.due_at),
            "state": self.state,
            "rang_at": _clock_time(self.rang_at),
            "late": self.late,
            "stopped_at": _clock_time(self.stopped_at),
        }


@dataclass(frozen=True)
class Item:
    name: str  # as said: "washing up liquid"
    added_at: dt.datetime

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Item:
        return cls(row["name"], moment(row["added_at"]))

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "added_at": _clock_time(self.added_at)}


def label(record: Timer | Reminder) -> str:
    """What a ringing record is called aloud and on the panel: "Pasta timer", "Reminder: …"."""
    if isinstance(record, Timer):
        return record.title if record.unnamed else f"{record.title} timer"
    return f"Reminder: {record.said}"
