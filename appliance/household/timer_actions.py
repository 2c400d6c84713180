"""A timer carried out: stopped, given time, paused, renamed, snoozed or asked after, and the
sentence that says what its record now holds.

    timer_change(store, AddTime("pasta", 120), now)  # "I've added 2 minutes to the pasta timer…"

Split from actions.py, which carries out every household command and sends a timer's here.
"""

from __future__ import annotations

import datetime as dt

from appliance.household import requests as p
from appliance.household.clock import day_and_time as _day_and_time
from appliance.household.records import Timer, is_unnamed, numbered
from appliance.household.reminder_actions import comes_again, yours
from appliance.household.spoken import listed, say_duration
from appliance.household.store import HouseholdStore, item_key

SNOOZE_SECONDS = 300.0  # Keep on a ringing timer: five more minutes


def timer_label(timer: Timer, among: list[Timer] | None = None) -> str:
    """ "the pasta timer", "the timer", "timer 2" (a number is its name, as on the board);
    "timer 1" beside a "timer 2" in `among`."""
    name = told_apart(timer, among or [])
    if timer.unnamed:
        return "the timer" if name == "timer" else name
    return f"the {name} timer"


def told_apart(timer: Timer, among: list[Timer]) -> str:
    """Its name, with "1" for the first of a name listed beside its second ("timer 1",
    "timer 2"): what a person says back picks one (HouseholdStore.find_timers)."""
    base, _ = numbered(timer.name)
    if base != timer.name:
        return timer.name  # a number of its own: "timer 2", "… step 1"
    siblings = [t for t in among if t.id != timer.id and numbered(t.name)[0] == base]
    return f"{timer.name} 1" if siblings else timer.name


def _called(name: str) -> str:
    """A timer asked for by name, as said back: "pasta timer", "timer 3"."""
    return name if is_unnamed(name) else f"{name} timer"


def timer_change(
    store: HouseholdStore, command: p.CancelTimer | p.AddTime, now: dt.datetime
) -> tuple[str, p.Question | None]:
    """Cancel a timer or add time to one; "Which one?" when it fits several."""
    timers = store.timers()
    if not timers:
        if isinstance(command, p.AddTime) and command.seconds < 0:
            return "No timer is running, so I took nothing off.", None
        if isinstance(command, p.AddTime):
            return "No timer is running, so I added nothing. Say “set a timer for 5 minutes”.", None
        return "No timer is running.", None
    if isinstance(command, p.CancelTimer) and command.every:
        for timer in timers:
            store.stop_timer(timer.id)
        return f"I've stopped {len(timers)} timer{'s' if len(timers) != 1 else ''}.", None
    if isinstance(command, p.CancelTimer) and command.seconds is not None:
        chosen = [t for t in timers if t.seconds == command.seconds]
        if not chosen:  # each said with its length, as it was asked by
            running = listed(
                [f"{timer_label(t, timers)} ({say_duration(t.seconds)})" for t in timers]
            )
            return (
                f"No timer was set for {say_duration(command.seconds)}, so nothing changed. "
                f"Running: {running}.",
                None,
            )
    elif command.name is not None:
        chosen = store.find_timers(command.name)
        if not chosen:
            running = listed([told_apart(t, timers) for t in timers])
            return (
                f"There is no {_called(command.name)}, so nothing changed. Running: {running}.",
                None,
            )
    else:
        chosen = timers
    ringing = [t for t in chosen if t.state == "ringing"]
    if len(chosen) > 1 and len(ringing) == 1:
        chosen = ringing  # "stop the timer" while one of them rings means that one
    if len(chosen) > 1:
        if len({numbered(t.name)[0] for t in chosen}) == 1:  # "timer 1", "timer 2": in order,
            chosen.sort(key=lambda t: numbered(t.name)[1])  # so "the first one" is timer 1
        names = tuple(told_apart(t, chosen) for t in chosen)
        which = "; ".join(
            f"{name} (rings {_day_and_time(t.rings_at, now)})"
            for name, t in zip(names, chosen, strict=True)
        )
        action = "cancel" if isinstance(command, p.CancelTimer) else "add"
        seconds = command.seconds if isinstance(command, p.AddTime) else 0.0
        return f"Which one? {which}.", p.AskWhichTimer(action, names, seconds)
    if isinstance(command, p.AddTime) and command.seconds < 0:
        return _taken_off(store, chosen[0], -command.seconds, now), None
    if isinstance(command, p.AddTime):
        timer = store.extend_timer(chosen[0].id, command.seconds)
        return (
            f"I've added {say_duration(command.seconds)} to {timer_label(timer)}: it now rings "
            f"{_day_and_time(timer.rings_at, now)}.",
            None,
        )
    timer = store.stop_timer(chosen[0].id)
    verb = "stopped" if timer.state == "done" else "cancelled"
    return f"I've {verb} {timer_label(timer)}.", None


def _taken_off(store: HouseholdStore, timer: Timer, seconds: float, now: dt.datetime) -> str:
    """ "take 5 minutes off the eggs": the timer rings sooner, if it has that long left."""
    named = timer_label(timer)
    named = named[:1].upper() + named[1:]
    if timer.state == "ringing":
        return f"{named} is ringing already, so I took nothing off."
    left = (timer.rings_at - now).total_seconds()
    if left <= seconds:
        return (
            f"{named} has only {say_duration(max(1.0, left))} left, so I took nothing "
            f"off. Say “cancel the {_asked_by(timer)}” if it's done."
        )
    shorter = store.extend_timer(timer.id, -seconds)
    return (
        f"I've taken {say_duration(seconds)} off {timer_label(shorter)}: it now rings "
        f"{_day_and_time(shorter.rings_at, now)}."
    )


def paused(store: HouseholdStore, command: p.PauseTimer, now: dt.datetime) -> str:
    """ "pause the egg timer": timers here keep counting, so what it holds is said, and how
    to stop it; no pause is claimed."""
    held = timer_status(store, command.name, now)
    if not store.timers():
        return f"A timer here can't be paused or resumed. {held}"
    if command.resume:
        return f"A timer here is never paused, so it has kept counting. {held}"
    named = f"{command.name} timer" if command.name else "timer"
    return (
        f"I can't pause a timer: it keeps counting. {held} To stop it, say “cancel the "
        f"{named}”, and set it again when you're ready."
    )


def _asked_by(timer: Timer) -> str:
    """How a person names this timer to cancel it: "eggs timer", or "timer"."""
    return "timer" if is_unnamed(timer.name) else f"{timer.name} timer"


def renamed(store: HouseholdStore, name: str, new: str) -> str:
    """ "Call the russians timer the rashers timer": the one timer of that name."""
    found = store.find_timers(name)
    if not found:
        running = ", ".join(t.name for t in store.timers())
        return f"There is no {_called(name)}, so nothing changed." + (
            f" Running: {running}." if running else ""
        )
    if len(found) > 1:
        listed = "; ".join(timer_label(t, found) for t in found)
        return f"Which one? {listed}. Nothing was renamed."
    timer = store.rename_timer(found[0].id, new)
    return f"I've renamed it: it's {timer_label(timer)} now."


def stop_ringing(store: HouseholdStore) -> str:
    ringing = store.ringing()
    if not ringing:
        return "Nothing is ringing."
    done = []
    again = ""
    for record in ringing:
        if isinstance(record, Timer):
            done.append(timer_label(store.stop_timer(record.id)))
        else:
            reminder = store.stop_reminder(record.id)
            done.append(f"the reminder {reminder.errand}")
            again += comes_again(store, reminder, store.now())
    said = listed(done)
    return f"I've stopped {said}.{again}"


def snooze_ringing(store: HouseholdStore, seconds: float, now: dt.datetime) -> str:
    ringing = store.ringing()
    if not ringing:
        return "Nothing is ringing, so there is nothing to snooze."
    done = []
    for record in ringing:
        if isinstance(record, Timer):
            timer = store.snooze_timer(record.id, seconds)
            done.append(f"{timer_label(timer)} rings again {_day_and_time(timer.rings_at, now)}")
        else:
            reminder = store.snooze_reminder(record.id, seconds)
            done.append(
                f"the reminder {reminder.errand} comes again {_day_and_time(reminder.due_at, now)}"
            )
    said = "; ".join(done)
    return said[0].upper() + said[1:] + "."


def timer_status(
    store: HouseholdStore, name: str | None, now: dt.datetime, seconds: float | None = None
) -> str:
    timers = store.timers() if name is None else store.find_timers(name)
    if seconds is not None:  # "the 10 minute timer": the ones set for that long
        timers = [t for t in timers if t.seconds == seconds]
    # "what's ringing?" with a reminder ringing (a sixth trial's got "No timer is running.")
    ringing = [] if name or seconds else store.reminders(("ringing",))
    said = [f"the reminder {yours(r.errand)} is ringing now" for r in ringing]
    if not timers and said:
        return "; ".join(said)[:1].upper() + "; ".join(said)[1:] + "."
    if not timers:
        rang = _rang_lately(store, name, now)
        if name is not None:
            return f"There is no {_called(name)} running." + rang
        if seconds is not None:
            return f"No timer set for {say_duration(seconds)} is running."
        return "No timer is running." + rang

    def line(timer: Timer) -> str:
        if timer.state == "ringing":
            return f"{timer_label(timer, timers)} is ringing now"
        left = say_duration(max(1.0, (timer.rings_at - now).total_seconds()))
        rings = _day_and_time(timer.rings_at, now)
        return f"{timer_label(timer, timers)} has {left} left (it rings {rings})"

    text = "; ".join([*said, *(line(t) for t in timers)])
    return text[0].upper() + text[1:] + "."


def _rang_lately(store: HouseholdStore, name: str | None, now: dt.datetime) -> str:
    """ " It rang at 13:59.": the last timer (of that name) that rang in the last hour and
    was stopped, from its record; "did the rice timer go off?" asks just that (a fourth
    trial's got the food-safety line)."""
    key = None if name is None else item_key(numbered(name)[0])
    rang = [
        t
        for t in store.recent_timers()
        if t.state == "done"
        and t.rang_at is not None
        and (key is None or item_key(numbered(t.name)[0]) == key)
    ]
    if not rang:
        return ""
    last = max(rang, key=lambda t: t.rang_at or now)
    when = _day_and_time(last.rang_at or now, now)
    return f" It rang {when}." if name is not None else f" The {_called(last.name)} rang {when}."
