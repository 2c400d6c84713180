"""The scheduler: rings each timer and reminder once, at its time, from SQLite.

    scheduler = Scheduler(store, sound)
    scheduler.run(stop_event)        # blocks; `hearth scheduler` and `hearth run` run it

Whatever sets a timer (the brain, the CLI) only writes a row; the scheduler
reads the rows, so it needs nothing from the process that wrote them and
nothing of the model. A timer whose time passed while no scheduler ran (the
machine was off, the service crashed) rings once when the scheduler starts,
marked late. A ringing timer sounds again every REPEAT_SECONDS until a person
stops it, at most REPEATS times: the panel keeps showing it after that.
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from appliance.household.records import Reminder, Timer, label
from appliance.household.store import HouseholdStore
from appliance.sound import Sound

log = logging.getLogger(__name__)

POLL_SECONDS = 1.0  # other processes add timers; a row is seen within a second
# Marked late: due before this scheduler started (nothing ran to ring it), or rung more
# than LATE_AFTER after its time (a stalled machine).
LATE_AFTER = dt.timedelta(seconds=5)
REPEAT_SECONDS = 30.0
REPEATS = 10  # sounds after the first, then the ring is shown but silent


# How long a ring sounds before it is only shown: its first sound and every repeat
SOUNDS_FOR = dt.timedelta(seconds=REPEAT_SECONDS * (REPEATS + 1))


def sounding(store: HouseholdStore, now: dt.datetime) -> list[Timer | Reminder]:
    """What rings and is still heard. "Give me a shout in half an hour", said long after a
    ring went quiet on the panel, is said to nothing that rings (an eighteenth trial's
    snoozed a naan timer that had rung 40 minutes before); "stop" still stops it."""
    return [
        record
        for record in store.ringing()
        if record.rang_at is not None and now - record.rang_at <= SOUNDS_FOR
    ]


@dataclass(frozen=True)
class Ring:
    """One record that started ringing."""

    record: Timer | Reminder
    at: dt.datetime
    late: bool

    @property
    def words(self) -> str:
        return label(self.record) + (" done." if isinstance(self.record, Timer) else ".")


def _key(record: Timer | Reminder) -> tuple[str, int]:
    """A ringing record's key: a timer and a reminder may share an id."""
    return ("timer" if isinstance(record, Timer) else "reminder", record.id)


class Scheduler:
    def __init__(
        self, store: HouseholdStore, sound: Sound, clock: Callable[[], dt.datetime] | None = None
    ) -> None:
        self.store = store
        self.sound = sound
        self._clock = clock or dt.datetime.now
        self.started = self._clock()  # what came due before this moment came due while down
        self._sounded: dict[tuple[str, int], int] = {}  # ringing record -> sounds so far

    def check(self) -> list[Ring]:
        """Ring whatever is due now; sound again what still rings. Returns the new rings."""
        now = self._clock()
        timers, reminders = self.store.due(now)
        rung = []
        records: list[Timer | Reminder] = [*timers, *reminders]
        for record in records:
            due = record.rings_at if isinstance(record, Timer) else record.due_at
            late = due < self.started or now - due > LATE_AFTER
            if not self.store.claim_ring(record, now, late):
                continue  # cancelled, or rung by another scheduler, since it was read
            ring = Ring(record, now, late)
            rung.append(ring)
            key = _key(record)
            # The id, never the name or text: the journal keeps log lines for weeks.
            log.info(
                "%s %d rings%s",
                key[0],
                record.id,
                f", late: it was due at {due:%H:%M:%S}" if late else "",
            )
            self._sounded[key] = 1
            self.sound.announce(ring.words)
        self._repeat(now)
        return rung

    def _repeat(self, now: dt.datetime) -> None:
        still = set()
        for record in self.store.ringing():
            key = _key(record)
            still.add(key)
            assert record.rang_at is not None
            due = int((now - record.rang_at).total_seconds() // REPEAT_SECONDS) + 1
            sounded = self._sounded.get(key, due)  # rung by an earlier run: no burst of repeats
            if sounded < due <= REPEATS + 1:
                self._sounded[key] = due
                self.sound.announce(Ring(record, now, record.late).words)
            else:
                self._sounded[key] = max(sounded, min(due, REPEATS + 1))
        for key in set(self._sounded) - still:
            del self._sounded[key]

    def seconds_to_wait(self) -> float:
        """Until the next ring, at most POLL_SECONDS (new rows appear from other processes)."""
        upcoming = self.store.next_due()
        if upcoming is None:
            return POLL_SECONDS
        return max(0.05, min(POLL_SECONDS, (upcoming - self._clock()).total_seconds()))

    def run(self, stop: threading.Event, on_turn: Callable[[], None] | None = None) -> None:
        """Ring until `stop` is set. A failing check is logged and tried again, never fatal.

        `on_turn` is called each time round (the service's watchdog heartbeat).
        """
        log.info("scheduler: ringing timers and reminders from %s", self.store.path)
        while not stop.is_set():
            if on_turn is not None:
                on_turn()
            try:
                self.check()
                wait = self.seconds_to_wait()
            except Exception:
                log.exception("scheduler: a check failed; trying again")
                wait = POLL_SECONDS
            stop.wait(wait)
