"""Reminder commands carried out, and the sentence that says what the records now hold
(actions.py carries out the rest)."""

from __future__ import annotations

import datetime as dt
import re

from appliance.household import repeats
from appliance.household import requests as p
from appliance.household.clock import at as clock
from appliance.household.clock import day_and_time as _day_and_time
from appliance.household.moments import MONTHS, WEEKDAYS
from appliance.household.records import Reminder, errand
from appliance.household.reminder_days import comes_in, period_said
from appliance.household.reminders_meant import (
    is_about,
    one_series,
    reminders_meant,
    which_reminder,
)
from appliance.household.spoken import listed
from appliance.household.store import HouseholdStore

_MINE = {
    "my": "your",
    "our": "your",
    "mine": "yours",
    "myself": "yourself",
    # "…that I have to ring the vet": said first and reminded of (a tenth trial's)
    "i": "you",
    "i'm": "you're",
    "i've": "you've",
    "i'll": "you'll",
    "i'd": "you'd",
}
_MINE_SAID = re.compile(r"(?<![\w'-])(?:my|our|mine|myself|[Ii](?:'m|'ve|'ll|'d)?)(?![\w'-])")


def yours(errand: str) -> str:
    """The errand as Hearth says it back: "take my tablets" -> "take your tablets" (a
    fifth trial heard "I'll remind you to take my tablets")."""
    return _MINE_SAID.sub(lambda said: _MINE[said.group().lower()], errand)


def reminder_said(store: HouseholdStore, command: p.Command, now: dt.datetime) -> str | None:
    """What a reminder command did, said; None for a command that is not a reminder's."""
    match command:
        case p.SnoozeReminder(what=what, seconds=seconds):
            return _snooze_reminder(store, what, seconds, now)
        case p.MoveReminder():
            return _moved(store, command, now)
        case p.Remind(what=what, at=at):
            if at <= now:
                return f"{clock(at, now)} has passed; when should I remind you {errand(what)}?"
            twin = _already_set(store, what, at, command.every)
            if twin is not None:  # a sixth trial's twin "take my tablets" could not be told apart
                return (
                    f"That's already set: I'll remind you {yours(twin.errand)} {_when(twin, now)}."
                )
            reminder = store.add_reminder(what, at, command.every, command.until)
            if reminder.every is not None:
                return (
                    f"I'll remind you {yours(reminder.errand)} {repeats.said(reminder.every)} "
                    f"at {at:%H:%M}, from {_first_day(at, now)}{reminder.ends}."
                )
            return f"I'll remind you {yours(reminder.errand)} {_day_and_time(at, now)}."
        case p.AskReminderTime(what=what, unkept=str(unkept)):
            return (
                f"I can repeat a reminder every day, every weekday, at weekends or on days of "
                f"the week, but not {unkept}: when should I remind you {yours(errand(what))}? "
                f"Say, for example, “remind me every Tuesday at 6 {errand(what)}”."
            )
        case p.AskReminderTime(what=what, every=str(every)):
            often = "every week" if every == "week" else repeats.said(every)
            return (
                f"What time {often} should I remind you {yours(errand(what))}? Say, for "
                "example, “at 6”."
            )
        case p.AskReminderTime(what=what, day=None):
            # an errand with a time of its own ("book the table for Friday at 6") is asked
            # for with another example, never "…Friday at 6 at 6"
            example = "tomorrow at 9" if re.search(r"\bat \d", what) else "at 6"
            return (
                f"When should I remind you {yours(errand(what))}? Say, for example, “remind "
                f"me {errand(what)} {example}” or “in 20 minutes”."
            )
        case p.AskReminderTime(what=what, day=str(day)):
            return (
                f"What time {_day_said(day)} should I remind you {yours(errand(what))}? "
                "Say, for example, “at 6”."
            )
        case p.AskReminder():
            return (
                "What should I remind you about, and when? Say, for example, “remind me to "
                "call the dentist at 6” or “remind me every Tuesday at 7pm to put the bins out”."
            )
        case p.AskReminderWhat(at=at, every=str(every)):
            return (
                f"What should I remind you about {repeats.said(every)} at {at:%H:%M}? Say, "
                "for example, “to take my tablets”."
            )
        case p.AskReminderWhat(at=at):
            return (
                f"What should I remind you about {_day_and_time(at, now)}? Say, for "
                "example, “remind me to check the oven in 20 minutes”."
            )
        case p.ListReminders(about=about, day=day, next=next_one):
            return _listing(store, about, day, now, next_one=next_one)
        case p.CancelReminder(every=True):
            set_now = store.reminders()
            if not set_now:
                return "No reminders are set, so nothing changed."
            for one in set_now:
                store.stop_reminder(one.id)
            return f"I've cancelled every reminder: {listed([one.said for one in set_now])}."
        case p.SkipReminder(what=what):
            return _skipped(store, what, now)
        case p.CancelReminder(what=what, number=number):
            found = reminders_meant(store, what, number)
            if what is not None and len(found) > 1 and one_series(found):
                for record in found:  # the one ringing now and the next: one reminder
                    store.stop_reminder(record.id)
                return f"I've cancelled the reminder {yours(found[0].errand)}: it won't come again."
            if len(found) != 1:
                return which_reminder(what, found)
            reminder = store.stop_reminder(found[0].id)
            if reminder.every is not None:
                return f"I've cancelled the reminder {yours(reminder.errand)}: it won't come again."
            verb = "stopped" if reminder.state == "done" else "cancelled"
            again = comes_again(store, reminder, now)
            return f"I've {verb} the reminder {yours(reminder.errand)}.{again}"
    return None


def _skipped(store: HouseholdStore, what: str | None, now: dt.datetime) -> str:
    """ "Skip the bins reminder this week": a repeating one's next time passed over, to the
    one after by its rule; one that comes once is left, and said so."""
    found = [r for r in reminders_meant(store, what) if r.state == "pending"]
    repeating = [r for r in found if r.every is not None]
    if len(repeating) == 1 and (every := repeating[0].every) is not None:
        skipped = repeating[0]
        after = repeats.next_after(every, skipped.due_at.time(), skipped.due_at)
        moved = store.move_reminder(skipped.id, after)
        return (
            f"I'll skip {skipped.due_at:%a %-d %b}'s: the reminder {moved.errand} comes next "
            f"{_day_and_time(moved.due_at, now)}."
        )
    if len(found) == 1:
        when = _day_and_time(found[0].due_at, now)
        return (
            f"The reminder {found[0].errand} comes only once, {when}, so I've left it. Say "
            f"“cancel the reminder {found[0].errand}” to cancel it."
        )
    return which_reminder(what, repeating or found)


def comes_again(store: HouseholdStore, stopped: Reminder, now: dt.datetime) -> str:
    """ " It comes again every Tuesday, next Tue 15 Dec at 19:00.": said when a repeating
    reminder's ring is stopped, so nobody thinks stopping it ended it; else ""."""
    for record in store.reminders(("pending",)):
        if record.text == stopped.text and record.every is not None:
            when = _day_and_time(record.due_at, now)
            return f" It comes again {record.often}; the next is {when}."
    return ""


def _moved(store: HouseholdStore, command: p.MoveReminder, now: dt.datetime) -> str:
    """ "Move the surgery reminder to 9": a third outside trial heard the model say "The
    surgery reminder is 9:30." and nothing moved. A time said alone keeps the reminder's
    day ("tomorrow at 8" moved "to 9" is tomorrow at 9)."""
    what, at = command.what, command.at
    found = reminders_meant(store, what, command.number)
    if len(found) != 1:
        return which_reminder(what, found, "move")
    if command.same_time:  # "to Friday": that day, at its own time
        at = dt.datetime.combine(at.date(), found[0].due_at.time())
    if command.same_day:
        own = found[0].due_at
        at = own.replace(hour=at.hour, minute=at.minute, second=0, microsecond=0)
        if command.either_half:
            other = at.replace(hour=(at.hour + 12) % 24)
            at = min((at, other), key=lambda moment: abs((moment - own).total_seconds()))
    if at <= now:
        return f"{clock(at, now)} has passed, so the reminder {found[0].errand} stays as it was."
    if at == found[0].due_at:
        # never "I've moved it" when nothing moved (a review's "the vet is closed friday not
        # open" had been said moved, to the time it had)
        when = _day_and_time(at, now)
        return f"The reminder {yours(found[0].errand)} is already {when}, so nothing changed."
    reminder = store.move_reminder(found[0].id, at)
    when = _day_and_time(reminder.due_at, now)
    if reminder.every is None:
        return f"I've moved it: I'll remind you {yours(reminder.errand)} {when}."
    if reminder.due_at.weekday() in repeats.days_of(reminder.every):
        # the ones after keep its new time (store.claim_ring reads the time from it)
        return (
            f"I've moved it: I'll remind you {yours(reminder.errand)} "
            f"{repeats.said(reminder.every)} at {at:%H:%M}, from {_first_day(at, now)}."
        )
    return (
        f"I've moved this one: I'll remind you {yours(reminder.errand)} {when}. After that "
        f"it comes {repeats.said(reminder.every)} again, at {at:%H:%M}."
    )


def _listing(
    store: HouseholdStore, about: str | None, day: str | None, now: dt.datetime, *, next_one: bool
) -> str:
    """The reminders asked about: all, those of a day, those about a thing, or the next;
    and plainly none. A sixth trial's "is there a reminder for the vet?" had every one of
    twenty read out, aloud."""
    reminders = store.reminders()
    if not reminders:
        return "No reminders are set."
    comes = {r.id: r.due_at for r in reminders}
    if day is not None and (period := period_said(day, now)) is not None:
        # a repeating one comes on that day too, after its next time ("whats on for
        # tomorrow" left out the dog's tablet due every day: a fourteenth trial's)
        comes = {r.id: when for r in reminders if (when := comes_in(r, period)) is not None}
        reminders = sorted((r for r in reminders if r.id in comes), key=lambda r: comes[r.id])
        if not reminders:
            bare = day in _SAID_BARE or day.startswith(("this ", "next ", "the "))
            return f"No reminders are set {_day_said(day if bare else f'on {day}')}."
    if about is not None:
        reminders = [r for r in reminders if is_about(r, about)]
        if not reminders:
            return f"No reminder about {about} is set."
    if next_one:
        reminders = reminders[:1]
    said = "; ".join(
        f"{r.said} {_day_and_time(comes[r.id], now)}"
        + (f" ({r.often})" if r.often else "")
        + (" (ringing now)" if r.state == "ringing" else "")
        for r in reminders
    )
    return f"{'The next reminder' if next_one else 'Reminders'}: {said}."


_SAID_BARE = frozenset({"today", "tonight", "tomorrow"})


def _already_set(
    store: HouseholdStore, what: str, at: dt.datetime, every: str | None
) -> Reminder | None:
    """A pending reminder of the same words, time and rule: set again, it would be a twin
    nobody can name apart."""
    for record in store.reminders(("pending",)):
        same_time = record.due_at == at or (every is not None and record.due_at.time() == at.time())
        if record.text.lower() == what.lower() and record.every == every and same_time:
            return record
    return None


def _when(reminder: Reminder, now: dt.datetime) -> str:
    """ "every day at 21:00", "tomorrow at 09:00": when a reminder comes, as said back."""
    if reminder.often is None:
        return _day_and_time(reminder.due_at, now)
    return f"{reminder.often} at {reminder.due_at:%H:%M}"


def _first_day(at: dt.datetime, now: dt.datetime) -> str:
    """ "today", "tomorrow", "Tue 8 Dec": the day a repeating reminder first comes."""
    days = (at.date() - now.date()).days
    return "today" if days == 0 else "tomorrow" if days == 1 else f"{at:%a %-d %b}"


def _day_said(day: str) -> str:
    """A day as the person said it, its names written as names: "on friday" -> "on Friday"."""
    named = (*WEEKDAYS, *MONTHS)
    return " ".join(w.capitalize() if w in named else w for w in day.split(" "))


def _snooze_reminder(
    store: HouseholdStore, what: str | None, seconds: float, now: dt.datetime
) -> str:
    found = reminders_meant(store, what)
    ringing = [r for r in found if r.state == "ringing"]
    if len(found) > 1 and len(ringing) == 1:
        found = ringing  # "snooze the window cleaner reminder": the one ringing, not next week's
    if len(found) != 1:
        return which_reminder(what, found, "snooze")
    if found[0].state != "ringing":
        # snoozed before it came, it would have come sooner: a fifth trial's "snooze the
        # washing reminder" moved 15:33 to 14:13
        when = _day_and_time(found[0].due_at, now)
        return (
            f"The reminder {found[0].errand} hasn't come yet: it comes {when}, so I've left "
            f"it. Say, for example, “move the {what + ' ' if what else ''}reminder to 6” to "
            "change it."
        )
    reminder = store.snooze_reminder(found[0].id, seconds)
    return f"I'll remind you {yours(reminder.errand)} again {_day_and_time(reminder.due_at, now)}."
