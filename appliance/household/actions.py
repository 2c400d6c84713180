"""A household command carried out, and the sentence that says what was done.

    reply = perform(store, parse("set a pasta timer for twelve minutes", now))
    # "Pasta timer set for 12 minutes: it rings at 18:42."

Each answer states only what the records now hold: a timer's name and the
time it rings, the items that went on (or were already on) the list.
"""

from __future__ import annotations

import datetime as dt

from appliance.household import phrases as p
from appliance.household.records import Timer, label
from appliance.household.spoken import say_duration
from appliance.household.store import HouseholdStore

SNOOZE_SECONDS = 300.0  # Keep on a ringing timer: five more minutes


def clock(when: dt.datetime, now: dt.datetime) -> str:
    """ "18:42", "tomorrow at 08:00", "Thu 3 Dec at 09:00"."""
    days = (when.date() - now.date()).days
    if days == 0:
        return f"{when:%H:%M}"
    if days == 1:
        return f"tomorrow at {when:%H:%M}"
    return f"{when:%a %-d %b} at {when:%H:%M}"


def timer_label(timer: Timer) -> str:
    return "the timer" if timer.name == "timer" else f"the {timer.name} timer"


def _listed(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def perform(store: HouseholdStore, command: p.Command) -> str:
    now = store.now()
    match command:
        case p.SetTimer(name=name, seconds=seconds):
            timer = store.add_timer(name, seconds)
            rings = (
                f"{timer.rings_at:%H:%M:%S}"
                if seconds < 120  # to the second when short
                else clock(timer.rings_at, now)
            )
            return f"{label(timer)} set for {say_duration(seconds)}: it rings at {rings}."
        case p.AskTimerLength(name=name):
            named = f"the {name} timer" if name else "the timer"
            return (
                f"For how long? Say how long {named} should run, for example "
                f"“set a {name + ' ' if name else ''}timer for 12 minutes”."
            )
        case p.CancelTimer():
            return _cancel_timer(store, command, now)
        case p.TimerStatus(name=name):
            return _timer_status(store, name, now)
        case p.Remind(what=what, at=at):
            if at <= now:
                return f"{clock(at, now)} has passed; when should I remind you to {what}?"
            store.add_reminder(what, at)
            return f"I'll remind you to {what} {_day_and_time(at, now)}."
        case p.AskReminderTime(what=what):
            return (
                f"When should I remind you to {what}? Say, for example, “remind me to "
                f"{what} at 6” or “in 20 minutes”."
            )
        case p.AskReminderWhat(at=at):
            return (
                f"What should I remind you about {_day_and_time(at, now)}? Say, for "
                "example, “remind me to check the oven in 20 minutes”."
            )
        case p.ListReminders():
            reminders = store.reminders()
            if not reminders:
                return "No reminders are set."
            return (
                "Reminders: "
                + "; ".join(
                    f"{r.text} {_day_and_time(r.due_at, now)}"
                    + (" (ringing now)" if r.state == "ringing" else "")
                    for r in reminders
                )
                + "."
            )
        case p.CancelReminder(what=what):
            found = [r for r in store.reminders() if what in r.text or r.text in what]
            if len(found) != 1:
                return (
                    f"I couldn't find one reminder to {what}; `hearth reminders list` shows "
                    "them, and `hearth reminders cancel ID` cancels one."
                )
            store.stop_reminder(found[0].id)
            return f"Cancelled the reminder to {found[0].text}."
        case p.AddItems(items=items):
            added, already = store.add_items(items)
            return _items_said("Added {} to the shopping list.", added, "Already on it", already)
        case p.RemoveItems(items=items):
            removed, missing = store.remove_items(items)
            return _items_said("Took {} off the shopping list.", removed, "Not on it", missing)
        case p.ReadList():
            names = [item.name for item in store.items()]
            if not names:
                return "The shopping list is empty."
            return f"On the shopping list: {', '.join(names)}."
        case p.ClearList():
            count = store.clear_items()
            return (
                f"Cleared the shopping list ({count} item{'s' if count != 1 else ''})."
                if count
                else "The shopping list was already empty."
            )
    raise TypeError(f"not a household command: {command!r}")


def _items_said(done: str, changed: list[str], unchanged: str, left: list[str]) -> str:
    """ "Added bread to the shopping list. Already on it: eggs." """
    said = [done.format(_listed(changed))] if changed else []
    if left:
        said.append(f"{unchanged}: {_listed(left)}.")
    return " ".join(said)


def _day_and_time(at: dt.datetime, now: dt.datetime) -> str:
    shown = clock(at, now)
    return f"at {shown}" if ":" in shown and not shown[0].isalpha() else shown


def _cancel_timer(store: HouseholdStore, command: p.CancelTimer, now: dt.datetime) -> str:
    timers = store.timers()
    if not timers:
        return "No timer is running."
    if command.every:
        for timer in timers:
            store.stop_timer(timer.id)
        return f"Stopped {len(timers)} timer{'s' if len(timers) != 1 else ''}."
    if command.name is not None:
        chosen = store.find_timers(command.name)
        if not chosen:
            return (
                f"There is no {command.name} timer. Running: {_listed([t.name for t in timers])}."
            )
    else:
        chosen = timers
    ringing = [t for t in chosen if t.state == "ringing"]
    if len(chosen) > 1 and len(ringing) == 1:
        chosen = ringing  # "stop the timer" while one of them rings means that one
    if len(chosen) > 1:
        return (
            "Which one? "
            + "; ".join(f"{t.name} (rings at {clock(t.rings_at, now)})" for t in chosen)
            + "."
        )
    timer = store.stop_timer(chosen[0].id)
    verb = "Stopped" if timer.state == "done" else "Cancelled"
    return f"{verb} {timer_label(timer)}."


def _timer_status(store: HouseholdStore, name: str | None, now: dt.datetime) -> str:
    timers = store.timers() if name is None else store.find_timers(name)
    if not timers:
        if name is not None:
            return f"There is no {name} timer running."
        return "No timer is running."

    def line(timer: Timer) -> str:
        if timer.state == "ringing":
            return f"{timer_label(timer)} is ringing now"
        left = say_duration(max(1.0, (timer.rings_at - now).total_seconds()))
        return f"{timer_label(timer)} has {left} left (it rings at {clock(timer.rings_at, now)})"

    text = "; ".join(line(t) for t in timers)
    return text[0].upper() + text[1:] + "."
