"""A snapshot's timers, reminders and shopping list, put back without undoing what the
household has done since.

An outside trial backed up, cancelled a "give Biscuit his tablet" reminder and a timer,
took honey off the list, then restored with --force: both came back pending and rang
(late) at the next start, and the honey was back on the list. Facts had their tombstones;
the household's records had nothing. For a tablet that is a second dose.

So the staged `state/household.sqlite` is settled against the box's before it is put back:

- **The same household** (the box's file holds a timer or reminder of the snapshot's, by
  its number and the moment it was set, or a list item added at the same moment): the box
  has every record the snapshot has, and later. What was cancelled, rung, stopped or taken
  off the list since stays so, and what was set since stays set: the box's records are
  what is put back. Each record the snapshot held differently is said in a note.
- **Another box** (a new card, a data dir that never held these records): the snapshot's
  records are put back, except a timer running when it was taken, which is a moment long
  gone: it is put back cancelled, never rung late.

Not the household's records: chats and the other `state/*.sqlite` files come back as the
snapshot has them.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from contextlib import closing
from pathlib import Path

from appliance import files
from appliance.household.database import FILE as HOUSEHOLD

NAME = HOUSEHOLD.as_posix()  # "state/household.sqlite", as a snapshot names it
_RUNNING = ("pending", "ringing")


def settle(box: Path, staged: Path, now: dt.datetime) -> list[str]:
    """Make the staged household file what may be put back; one note per record the
    snapshot held that is not put back as it was. `box`: the data dir's file (may be
    missing)."""
    if not staged.exists():
        return []
    with closing(sqlite3.connect(staged)) as snap:
        snap.row_factory = sqlite3.Row
        if box.exists():
            with closing(sqlite3.connect(f"file:{box}?mode=ro", uri=True)) as held:
                held.row_factory = sqlite3.Row
                if _same_household(snap, held):
                    notes = _settled_since(snap, held)
                    snap.close()
                    _copy(held, staged)
                    return notes
        return _stale_timers(snap, now)


def _rows(db: sqlite3.Connection, table: str) -> list[sqlite3.Row]:
    try:
        return list(db.execute(f"SELECT * FROM {table}"))  # one of three fixed names
    except sqlite3.OperationalError:
        return []  # a file without the table (an older schema, or none yet)


def _same_household(snap: sqlite3.Connection, held: sqlite3.Connection) -> bool:
    for table in ("timers", "reminders"):
        ours = {(r["id"], r["set_at"]) for r in _rows(held, table)}
        if any((r["id"], r["set_at"]) in ours for r in _rows(snap, table)):
            return True
    listed = {(r["key"], r["added_at"]) for r in _rows(held, "shopping")}
    return any((r["key"], r["added_at"]) in listed for r in _rows(snap, "shopping"))


def _settled_since(snap: sqlite3.Connection, held: sqlite3.Connection) -> list[str]:
    """What the snapshot had running or listed that the box has settled since."""
    notes = []
    for table, said in (("timers", "name"), ("reminders", "text")):
        now_held = {r["id"]: r for r in _rows(held, table)}
        for record in _rows(snap, table):
            later = now_held.get(record["id"])
            if record["state"] not in _RUNNING or later is None:
                continue
            if later["state"] in ("cancelled", "done"):
                what = "cancelled" if later["state"] == "cancelled" else "rung and stopped"
                notes.append(
                    f"{table[:-1]} {record['id']} ({record[said]}): {what} after this "
                    "snapshot was taken; not put back running"
                )
    kept = {r["key"] for r in _rows(held, "shopping")}
    notes += [
        f"shopping list: {r['name']}: taken off after this snapshot was taken; not put back"
        for r in _rows(snap, "shopping")
        if r["key"] not in kept
    ]
    return notes


def _copy(held: sqlite3.Connection, staged: Path) -> None:
    """The box's file, whole and consistent, in the staged one's place."""
    staged.unlink()
    with closing(sqlite3.connect(staged)) as out:
        held.backup(out)
    staged.chmod(files.PRIVATE)


def _stale_timers(snap: sqlite3.Connection, now: dt.datetime) -> list[str]:
    stale = [r for r in _rows(snap, "timers") if r["state"] in _RUNNING]
    with snap:
        for timer in stale:
            snap.execute(
                "UPDATE timers SET state = 'cancelled', stopped_at = ? WHERE id = ?",
                (now.timestamp(), timer["id"]),
            )
    return [
        f"timer {t['id']} ({t['name']}): running when this snapshot was taken; put back "
        "cancelled, not rung late"
        for t in stale
    ]
