"""The household's timers as Wyoming timer events, for the peer whose turn set them.

A timer is an exact record in the household's store (appliance/household), set by the
brain's rules when a turn says "set a pasta timer for 12 minutes". This process does
not set timers and is not told of them: it reads the store before and after each of a
peer's turns, and a timer that appeared in between AND that the turn's own reply names
("Pasta timer set for 12 minutes: …", the household's exact sentence, its label and
duration) was set by that turn. From then on it watches that timer for the peer's
connection:

    timer-started     the turn set it (id, name, total_seconds, and its h/m/s)
    timer-updated     its ring time moved ("add 5 minutes to the pasta"): seconds left now
    timer-cancelled   stopped before it rang, by anyone (the panel, the CLI, a turn)
    timer-finished    its time came (the record's rings_at: exact, whether or not the
                      scheduler has rung it yet), so a satellite can ring it too

The store has no "set by" column, so the reply is the evidence: a timer set in the
kitchen, or by another peer, while this turn ran is not announced unless the reply names
one just like it. Two turns at the same moment that set the same name for the same
length are still indistinguishable, and each peer is told of both.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

from wyoming.event import Event
from wyoming.timer import TimerCancelled, TimerFinished, TimerStarted, TimerUpdated

from appliance.household.records import Timer, label
from appliance.household.spoken import say_duration

Snapshot = dict[int, Timer]


def snapshot(timers: list[Timer]) -> Snapshot:
    return {t.id: t for t in timers}


def started(timer: Timer) -> Event:
    total = max(1, round(timer.seconds))
    hours, rest = divmod(total, 3600)
    minutes, seconds = divmod(rest, 60)
    return TimerStarted(
        id=str(timer.id),
        total_seconds=total,
        name=timer.name,
        start_hours=hours or None,
        start_minutes=minutes or None,
        start_seconds=seconds or None,
    ).event()


class TimerWatch:
    """The timers one peer's turns set, and what has become of them."""

    def __init__(
        self,
        active: Callable[[], list[Timer]],
        one: Callable[[int], Timer],
        now: Callable[[], dt.datetime] = dt.datetime.now,
    ) -> None:
        self._active = active  # the store's pending and ringing timers
        self._one = one  # one timer by id, whatever its state
        self._now = now
        self.watched: dict[int, Timer] = {}

    def before_turn(self) -> Snapshot:
        return snapshot(self._active())

    def after_turn(self, before: Snapshot, reply: str) -> list[Event]:
        """timer-started for each timer the turn set (new, and named by its `reply`);
        changes to watched ones too."""
        events = []
        said = reply.casefold()
        for timer in self._active():
            if timer.id not in before and timer.id not in self.watched and _names(said, timer):
                self.watched[timer.id] = timer
                events.append(started(timer))
        return events + self.poll()

    def poll(self) -> list[Event]:
        """What happened to the watched timers since the last look."""
        events = []
        now = self._now()
        for timer_id, seen in list(self.watched.items()):
            timer = self._one(timer_id)
            if (
                timer.rang_at is not None
                or timer.state == "ringing"
                or (timer.state == "pending" and timer.rings_at <= now)
            ):
                events.append(TimerFinished(id=str(timer_id)).event())
                del self.watched[timer_id]
            elif timer.state in ("cancelled", "done"):
                events.append(TimerCancelled(id=str(timer_id)).event())
                del self.watched[timer_id]
            elif timer.rings_at != seen.rings_at:
                left = max(1, round((timer.rings_at - now).total_seconds()))
                events.append(
                    TimerUpdated(id=str(timer_id), is_active=True, total_seconds=left).event()
                )
                self.watched[timer_id] = timer
        return events


def _names(said: str, timer: Timer) -> bool:
    """Whether a reply (casefolded) says this timer was set: "pasta timer set for 12 minutes"."""
    sentence = f"{label(timer)} set for {say_duration(timer.seconds)}".casefold()
    return re.search(rf"(?<!\w){re.escape(sentence)}(?!\w)", said) is not None
