"""A household command carried out, and the sentence that says what was done.

    reply = perform(store, parse("set a pasta timer for twelve minutes", now))
    # "Pasta timer set for 12 minutes: it rings at 18:42."

Each answer states only what the records now hold: a timer's name and the
time it rings, the items that went on (or were already on) the list.
"""

from __future__ import annotations

import datetime as dt

from appliance.household import put_right, undo
from appliance.household import requests as p
from appliance.household.asking import to_json
from appliance.household.clock import day_and_time as _day_and_time
from appliance.household.clock import said as clock_said
from appliance.household.list_actions import list_said
from appliance.household.records import Timer, is_unnamed, label, numbered
from appliance.household.reminder_actions import comes_again, reminder_said, yours
from appliance.household.reminders_meant import asked_which
from appliance.household.spoken import listed, say_duration
from appliance.household.store import ACTIVE, HouseholdStore, item_key

SNOOZE_SECONDS = 300.0  # Keep on a ringing timer: five more minutes


def timer_label(timer: Timer, among: list[Timer] | None = None) -> str:
    """ "the pasta timer", "the timer", "timer 2" (a number is its name, as on the board);
    "timer 1" beside a "timer 2" in `among`."""
    name = _told_apart(timer, among or [])
    if timer.unnamed:
        return "the timer" if name == "timer" else name
    return f"the {name} timer"


def _told_apart(timer: Timer, among: list[Timer]) -> str:
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


def perform(store: HouseholdStore, command: p.Command, thread: str | None = None) -> str:
    """Carry out a command and say what the records now hold.

    In a `thread`, a question Hearth asks back ("For how long?", "Which one?") is kept so
    the next thing said there can answer it (asking.py); any other command settles it.
    """
    if isinstance(command, p.Both):  # each in turn, each said; "cancel that" takes back both
        before = undo.held(store) if thread is not None else None
        said = f"{perform(store, command.first, thread)} {perform(store, command.second, thread)}"
        if thread is not None and before is not None and (made := undo.held(store).since(before)):
            store.did(thread, made.to_json())
        return said
    if isinstance(command, p.PutRight):  # "move it to 8": what the last change made
        resolved = put_right.resolved(store, thread, command)
        if isinstance(resolved, str):
            if thread is not None:
                store.answered(thread)
            return resolved
        kept = store.last_done(thread) if thread is not None else None
        said = perform(store, resolved, thread)
        if thread is not None and kept is not None and store.last_done(thread) == kept:
            store.did(thread, kept)  # still what a next "actually make it 8.30" means
        return said
    if isinstance(command, p.UndoLast | p.ChangeTimer):
        if thread is not None:
            store.answered(thread)
        if isinstance(command, p.ChangeTimer):
            return _changed(store, thread, command.seconds, command.name)
        return _undone(store, thread, command.kind)
    # only these add records "cancel that" can take back: nothing is read for the rest
    makes = thread is not None and isinstance(command, p.SetTimer | p.Remind | p.AddItems)
    before = undo.held(store) if makes else None
    said, asked = _carried_out(store, command)
    if thread is not None:
        if asked is not None:
            store.ask(thread, to_json(asked))
        else:
            store.answered(thread)
        if before is not None and (made := undo.held(store).since(before)):
            store.did(thread, made.to_json())
    return said


def _changed(
    store: HouseholdStore, thread: str | None, seconds: float, name: str | None = None
) -> str:
    """ "Make that 5 minutes": the one timer the last change in this thread set (or the one
    `name`d), set for `seconds` from when it was set; nothing guessed when there is none."""
    if name is not None:
        named = store.find_timers(name)
        if not named:  # "make the porridge timer 10 minutes" with none running: set it
            return _said(store, p.SetTimer(name, seconds))
        if len(named) > 1:
            running = listed([_told_apart(t, named) for t in named])
            return f"Which one? Nothing was changed. Running: {running}."
        timer_id = named[0].id
    else:
        kept = store.last_done(thread) if thread is not None else None
        made = undo.Made.from_json(kept).only("timer") if kept is not None else undo.Made()
        if len(made.timers) != 1:
            return (
                "Which timer? Nothing was changed. Say which, for example “make the pasta "
                "timer 5 minutes” or “add 2 minutes to the rice timer”."
            )
        [timer_id] = made.timers
    timer = store.timer(timer_id)
    now = store.now()
    label = timer_label(timer)
    label = label[0].upper() + label[1:]
    if timer.state != "pending":
        # never "has already rung" of one that was cancelled (a review's)
        ended = "was cancelled" if timer.state == "cancelled" else "has already rung"
        return f"{label} {ended}, so nothing was changed."
    if timer.set_at + dt.timedelta(seconds=seconds) <= now:
        ran = say_duration((now - timer.set_at).total_seconds())
        return f"{label} has already run {ran}, so nothing was changed."
    timer = store.retime_timer(timer_id, seconds)
    return (
        f"I've changed {timer_label(timer)} to {say_duration(seconds)}: it rings "
        f"{_day_and_time(timer.rings_at, now)}."
    )


def _undone(store: HouseholdStore, thread: str | None, kind: str | None) -> str:
    """ "Cancel that": the records the last change in this thread made (of `kind`, if
    said), stopped; said."""
    kept = store.last_done(thread) if thread is not None else None
    made = undo.Made.from_json(kept).only(kind) if kept is not None else undo.Made()
    if thread is None or not made:  # nothing kept ("cancel that reminder" after a timer)
        return (
            "Cancel what? Nothing was changed. Say which, for example “cancel the pasta "
            "timer”, “cancel the dentist reminder” or “take milk off the list”."
        )
    store.undone(thread)
    stopped: list[str] = []
    for timer_id in sorted(made.timers):
        if store.timer(timer_id).state in ACTIVE:
            stopped.append(timer_label(store.stop_timer(timer_id)))
    for reminder_id in sorted(made.reminders):
        if store.reminder(reminder_id).state in ACTIVE:
            stopped.append(f"the reminder {store.stop_reminder(reminder_id).errand}")
    removed, _ = store.remove_items(sorted(made.items))
    done = [f"cancelled {listed(stopped)}"] if stopped else []
    if removed:
        done.append(f"taken {listed(removed)} off the shopping list")
    if not done:
        return "That has already ended, so nothing was changed."
    return f"All right, I've {' and '.join(done)}."


def _carried_out(store: HouseholdStore, command: p.Command) -> tuple[str, p.Question | None]:
    """What was said, and the question it asks back (if it asks one)."""
    if isinstance(
        command, p.AskTimerLength | p.AskReminder | p.AskReminderTime | p.AskReminderWhat
    ):
        return _said(store, command), command
    if isinstance(command, p.CancelTimer | p.AddTime):
        return _timer_change(store, command, store.now())
    if isinstance(command, p.CancelReminder | p.MoveReminder):
        # "Which one? 5: …; 10: …" is kept, so "5" answers it (asked before it is carried out)
        asked = asked_which(store, command, store.now())
        return _said(store, command), asked
    return _said(store, command), None


def _said(store: HouseholdStore, command: p.Command) -> str:
    now = store.now()
    if (reminded := reminder_said(store, command, now)) is not None:
        return reminded
    if (on_the_list := list_said(store, command)) is not None:
        return on_the_list
    match command:
        case p.SetTimer(name=name, seconds=seconds):
            timer = store.add_timer(name, seconds)
            rings = (
                f"at {timer.rings_at:%H:%M:%S}"
                if seconds < 120  # to the second when short
                else _day_and_time(timer.rings_at, now)  # "tomorrow at 00:08" after midnight
            )
            return f"{label(timer)} set for {say_duration(seconds)}: it rings {rings}."
        case p.AskTimerLength(name=name):
            named = f"the {name} timer" if name else "the timer"
            return (
                f"For how long? Say how long {named} should run, for example "
                f"“set a {name + ' ' if name else ''}timer for 12 minutes”."
            )
        case p.TimerStatus(name=name, seconds=seconds):
            return _timer_status(store, name, now, seconds)
        case p.PauseTimer():
            return _paused(store, command, now)
        case p.StopRinging():
            return _stop_ringing(store)
        case p.RenameTimer(name=name, new=new):
            return _renamed(store, name, new)
        case p.SnoozeRinging(seconds=seconds):
            return _snooze_ringing(store, seconds, now)
        case p.ClockTime() | p.ClockDate() | p.DaysUntil():
            return clock_said(command, now)
        case p.TakenBack(said=said):
            return _left_as_it_was(said)
        case p.AskedWhatWasDone():
            return _records_now(store, now)
    raise TypeError(f"not a household command: {command!r}")


def _records_now(store: HouseholdStore, now: dt.datetime) -> str:
    """What the timers, the list and the reminders hold now, read from the records: the
    answer to "did you add…?" and "did you set…?", which never says yes or no from memory."""
    timers = _timer_status(store, None, now, None)
    listed = list_said(store, p.ReadList())
    # every reminder, not today's: "did you cancel the GP reminder?" with it set for
    # tomorrow had been answered with today's alone, as if it were gone (a tenth trial)
    reminded = reminder_said(store, p.ListReminders(), now)
    return " ".join(
        ["Here is what my records hold now.", timers, listed or "", reminded or ""]
    ).strip()


def _left_as_it_was(said: p.Command) -> str:
    """What a command taken back in the same breath would have changed, said unchanged:
    the reply names what it left, so the person knows nothing happened."""
    match said:
        case p.SetTimer() | p.AskTimerLength():
            return "All right, I haven't set a timer."
        case p.CancelTimer() | p.AddTime() | p.AskWhichTimer() | p.RenameTimer() | p.PauseTimer():
            return "All right, I've left the timers as they were."
        case p.Remind() | p.AskReminder() | p.AskReminderTime() | p.AskReminderWhat():
            return "All right, I haven't set a reminder."
        case (
            p.CancelReminder()
            | p.SnoozeReminder()
            | p.MoveReminder()
            | p.SkipReminder()
            | p.AskWhichReminder()
        ):
            return "All right, I've left the reminders as they were."
        case p.AddItems() | p.RemoveItems() | p.BoughtItems() | p.ClearList():
            return "All right, I've left the shopping list as it was."
        case p.StopRinging() | p.SnoozeRinging():
            return "All right, I've left it as it was."
    return "All right."  # a question taken back: it changed nothing


def _timer_change(
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
            running = listed([_told_apart(t, timers) for t in timers])
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
        names = tuple(_told_apart(t, chosen) for t in chosen)
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


def _paused(store: HouseholdStore, command: p.PauseTimer, now: dt.datetime) -> str:
    """ "pause the egg timer": timers here keep counting, so what it holds is said, and how
    to stop it; no pause is claimed."""
    held = _timer_status(store, command.name, now)
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


def _renamed(store: HouseholdStore, name: str, new: str) -> str:
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


def _stop_ringing(store: HouseholdStore) -> str:
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


def _snooze_ringing(store: HouseholdStore, seconds: float, now: dt.datetime) -> str:
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


def _timer_status(
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
