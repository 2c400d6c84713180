"""A household command carried out, and the sentence that says what was done.

    reply = perform(store, parse("set a pasta timer for twelve minutes", now))
    # "Pasta timer set for 12 minutes: it rings at 18:42."

Each answer states only what the records now hold: a timer's name and the
time it rings, the items that went on (or were already on) the list.
"""

from __future__ import annotations

import datetime as dt

from appliance.household import put_right_records, undo
from appliance.household import requests as p
from appliance.household.asking import to_json
from appliance.household.clock import day_and_time as _day_and_time
from appliance.household.clock import said as clock_said
from appliance.household.list_actions import list_said, on_the_list
from appliance.household.records import label
from appliance.household.reminder_actions import reminder_said
from appliance.household.reminders_meant import asked_which
from appliance.household.spoken import listed, say_duration
from appliance.household.store import ACTIVE, HouseholdStore
from appliance.household.timer_actions import (
    paused,
    renamed,
    snooze_ringing,
    stop_ringing,
    timer_change,
    timer_label,
    timer_status,
    told_apart,
)


def _screened_first(store: HouseholdStore, both: p.Both) -> None:
    """Words either half would write that the guard refuses, refused before either half is
    done: a swap on the list whose new thing is refused must leave the old one on it (a
    review's "no sorry, that's all" after "add milk" took the milk off, and kept nothing)."""
    for half in (both.first, both.second):
        if isinstance(half, p.AddItems):
            store.screened(half.items)
        elif isinstance(half, p.SetTimer) and half.name:
            store.screened([half.name])
        elif isinstance(half, p.Remind):
            store.screened([half.what], errand=True)
        elif isinstance(half, p.RenameTimer):
            store.screened([half.new])
        elif isinstance(half, p.Both):
            _screened_first(store, half)


def perform(store: HouseholdStore, command: p.Command, thread: str | None = None) -> str:
    """Carry out a command and say what the records now hold.

    In a `thread`, a question Hearth asks back ("For how long?", "Which one?") is kept so
    the next thing said there can answer it (asking.py); any other command settles it.
    """
    if isinstance(command, p.Both):  # each in turn, each said; "cancel that" takes back both
        _screened_first(store, command)
        before = undo.held(store) if thread is not None else None
        said = f"{perform(store, command.first, thread)} {perform(store, command.second, thread)}"
        if thread is not None and before is not None and (made := undo.held(store).since(before)):
            store.did(thread, made.to_json())
        return said
    if isinstance(command, p.PutRight):  # "move it to 8": what the last change made
        resolved = put_right_records.resolved(store, thread, command)
        if isinstance(resolved, str):
            if thread is not None:
                store.answered(thread)
            return resolved
        kept = store.last_done(thread) if thread is not None else None
        said = perform(store, resolved, thread)
        now_kept = store.last_done(thread) if thread is not None else None
        if thread is not None and kept is not None and not _made_anew(now_kept):
            # still what a next "actually make it 8.30", or "cancel that", means
            store.did(thread, kept)
        return said
    if isinstance(command, p.UndoLast | p.ChangeTimer):
        if thread is not None:
            store.answered(thread)
        if isinstance(command, p.ChangeTimer):
            kept = store.last_done(thread) if thread is not None else None
            said = _changed(store, thread, command.seconds, command.name)
            if thread is not None and kept is not None and store.last_done(thread) == kept:
                # "make it 7" changed the timer just set: that timer is still what a next
                # "cancel that" means, here and in a phone's next fresh thread (a twenty-first
                # trial's phone got "Cancel what? Nothing was changed.")
                store.did(thread, kept)
            return said
        return _undone(store, thread, command.kind, undoes=command.undoes)
    # what each command did is kept: "cancel that" takes back what it made or took off the
    # list, and "cancel it" after a change to the broccoli timer never reaches past it
    # (a read changes nothing: the records are not read twice for it)
    changes = thread is not None and not isinstance(command, p.READS)
    before = undo.held(store) if changes else None
    said, asked = _carried_out(store, command)
    if thread is not None:
        if asked is not None:
            store.ask(thread, to_json(asked))
        else:
            store.answered(thread)
        if before is not None and (made := undo.held(store).since(before)):
            store.did(thread, made.to_json())
    return said


def _made_anew(kept: str | None) -> bool:
    """Whether the last change kept made records, not only changed them."""
    made = undo.Made.from_json(kept) if kept is not None else undo.Made()
    return bool(made.timers or made.reminders or made.items)


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
            running = listed([told_apart(t, named) for t in named])
            return f"Which one? Nothing was changed. Running: {running}."
        timer_id = named[0].id
    else:
        kept = store.last_done(thread) if thread is not None else None
        made = undo.Made.from_json(kept).meant().only("timer") if kept else undo.Made()
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


def _undone(
    store: HouseholdStore, thread: str | None, kind: str | None, *, undoes: bool = True
) -> str:
    """ "Cancel that": the records the last change in this thread made (of `kind`, if
    said), stopped; said. `undoes`: the change itself ("undo"), so what it took off the list
    goes back; else the thing ("delete it", "cancel it"), which is stopped, never put back."""
    kept = store.last_done(thread) if thread is not None else None
    made = undo.Made.from_json(kept).only(kind) if kept is not None else undo.Made()
    if not undoes:
        made = _the_things(made)
    if thread is None or not made:  # nothing kept ("cancel that reminder" after a timer)
        return (
            "Cancel what? Nothing was changed. Say which, for example “cancel the pasta "
            "timer”, “cancel the dentist reminder” or “take milk off the list”."
        )
    if not (made.timers or made.reminders or made.items or made.removed):
        return _not_taken_back(store, made)
    store.undone(thread)
    stopped: list[str] = []
    for timer_id in sorted(made.timers):
        if store.timer(timer_id).state in ACTIVE:
            stopped.append(timer_label(store.stop_timer(timer_id)))
    for reminder_id in sorted(made.reminders):
        if store.reminder(reminder_id).state in ACTIVE:
            stopped.append(f"the reminder {store.stop_reminder(reminder_id).errand}")
    removed, _ = store.remove_items(sorted(made.items))
    # what was taken off goes back ("clear the list", "undo"): what "undo" means of it
    put_back, _ = store.add_items(sorted(made.removed)) if made.removed else ([], [])
    done = [f"cancelled {listed(stopped)}"] if stopped else []
    if removed:
        done.append(f"taken {listed(removed)} off the shopping list")
    if put_back:
        done.append(f"put {listed(put_back)} back on the shopping list")
    if not done:
        return "That has already ended, so nothing was changed."
    return f"All right, I've {' and '.join(done)}."


def _the_things(made: undo.Made) -> undo.Made:
    """What "cancel it" means of the last change: what it made, else the timers and
    reminders it changed ("add 5 minutes to the rice", "cancel it": the rice timer); never
    what it took off the list ("clear the list", "delete it" puts nothing back)."""
    if made.timers or made.reminders or made.items:
        return undo.Made(made.timers, made.reminders, made.items)
    return undo.Made(made.changed_timers, made.changed_reminders)


def _not_taken_back(store: HouseholdStore, made: undo.Made) -> str:
    """ "Cancel that" after a change to a timer or reminder that was already there: what it
    was before is not kept, so nothing is guessed (neither the change undone nor the timer
    stopped: "cancel it" after "add 5 minutes to the rice" may mean either)."""
    timers = [store.timer(i) for i in sorted(made.changed_timers)]
    reminders = [store.reminder(i) for i in sorted(made.changed_reminders)]
    named = [timer_label(t) for t in timers] + [f"the reminder {r.errand}" for r in reminders]
    if all(t.state not in ACTIVE for t in timers) and all(r.state not in ACTIVE for r in reminders):
        return (
            f"I can't bring back {listed(named)}, so nothing was changed: set it again if you "
            "still need it."
        )
    return (
        f"I can't take back a change to {listed(named)}, so nothing was changed. Say what it "
        f"should be, or “cancel {named[0]}” to stop it."
    )


def _carried_out(store: HouseholdStore, command: p.Command) -> tuple[str, p.Question | None]:
    """What was said, and the question it asks back (if it asks one)."""
    if isinstance(
        command,
        p.AskTimerLength
        | p.AskSetTimer
        | p.AskReminder
        | p.AskReminderTime
        | p.AskReminderWhat
        | p.AskAddItems,
    ):
        return _said(store, command), command
    if isinstance(command, p.CancelTimer | p.AddTime):
        return timer_change(store, command, store.now())
    if isinstance(command, p.CancelReminder) and command.every and not command.sure:
        set_now = store.reminders()
        if len(set_now) > 1 or any(one.every for one in set_now):
            # asked first: every reminder is a lot to lose to one sentence
            repeating = [f"“{one.said}” ({one.often})" for one in set_now if one.every]
            named = f", including {listed(repeating)}" if repeating else ""
            return (
                f"Cancel all {len(set_now)} reminders{named}? Say “yes” to cancel them all, "
                "or name the one to cancel.",
                p.AskCancelAllReminders(len(set_now)),
            )
    if isinstance(command, p.CancelReminder | p.MoveReminder):
        # "Which one? 5: …; 10: …" is kept, so "5" answers it (asked before it is carried out)
        asked = asked_which(store, command, store.now())
        return _said(store, command), asked
    return _said(store, command), None


def _said(store: HouseholdStore, command: p.Command) -> str:
    now = store.now()
    if (reminded := reminder_said(store, command, now)) is not None:
        return reminded
    if (of_the_list := list_said(store, command)) is not None:
        return of_the_list
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
        case p.AskSetTimer(seconds=seconds):
            length = say_duration(seconds)
            return f"Shall I set a timer for {length}? Say “yes”, or “set a timer for {length}”."
        case p.TimerStatus(name=name, seconds=seconds):
            return timer_status(store, name, now, seconds)
        case p.PauseTimer():
            return paused(store, command, now)
        case p.StopRinging():
            return stop_ringing(store)
        case p.RenameTimer(name=name, new=new):
            return renamed(store, name, new)
        case p.SnoozeRinging(seconds=seconds):
            return snooze_ringing(store, seconds, now)
        case p.ClockTime() | p.ClockDate() | p.ClockSpan() | p.DaysUntil():
            return clock_said(command, now)
        case p.TakenBack(said=said):
            return _left_as_it_was(said)
        case p.AskedWhatWasDone(item=str() as item) if on_the_list(store, item):
            # "did you add the crisps?": the list's own yes, as "did you add bread earlier?"
            # gets it, never every record read out (a twentieth trial's got the timers, the
            # list and the reminders)
            return list_said(store, p.CheckItem(item, of_hearth=True)) or _records_now(store, now)
        case p.AskedWhatWasDone():
            return _records_now(store, now)
    raise TypeError(f"not a household command: {command!r}")


def _records_now(store: HouseholdStore, now: dt.datetime) -> str:
    """What the timers, the list and the reminders hold now, read from the records: the
    answer to "did you add…?" and "did you set…?", which never says yes or no from memory."""
    timers = timer_status(store, None, now, None)
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
        case p.SetTimer() | p.AskTimerLength() | p.AskSetTimer():
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
            | p.AskCancelAllReminders()
        ):
            return "All right, I've left the reminders as they were."
        case p.AddItems() | p.RemoveItems() | p.BoughtItems() | p.ClearList() | p.AskAddItems():
            return "All right, I've left the shopping list as it was."
        case p.StopRinging() | p.SnoozeRinging():
            return "All right, I've left it as it was."
    return "All right."  # a question taken back: it changed nothing
