"""The reminders a request means, by its words, its time or its number, and "Which one?"
when it means several: the one question is kept, so "5", "the second one" or "the every
day one" answers it (asking.py)."""

from __future__ import annotations

import datetime as dt

from appliance.household import moments, repeats
from appliance.household import requests as p
from appliance.household.records import Reminder
from appliance.household.store import HouseholdStore, item_key


def one_series(found: list[Reminder]) -> bool:
    """A repeating reminder ringing now beside its next: the same words, one of them
    pending with the rule (the one ringing passed it on, store.claim_ring)."""
    repeating = [r for r in found if r.every is not None]
    # never a one-off still to come beside a weekly one of the same words: "cancel the bins
    # reminder" had cancelled both, and said "the reminder" (a twelfth trial's)
    rung = all(r.state != "pending" for r in found if r.every is None)
    return len({r.text for r in found}) == 1 and len(repeating) == 1 and rung


def is_about(reminder: Reminder, about: str) -> bool:
    """ "the vet", "tablet": every word said is a word of the reminder (a plural as its
    one), or the words said are in it as written."""
    held = {item_key(word) for word in reminder.text.lower().split()}
    # "lily's reading" is of "tell lily to do her reading" (a fourteenth trial's was "no
    # reminder about lily's reading")
    said = [
        item_key(word.removesuffix("'s"))
        for word in about.lower().split()
        if word not in _NOT_ABOUT
    ]
    if said and all(word in held for word in said):
        return True
    return about.lower() in reminder.text.lower()


# (whose it is, too: "did you remind Sofia about her shift?" is "leave for my shift", a
# twenty-third trial's had "No reminder about her shift is set")
_NOT_ABOUT = frozenset(
    {"the", "my", "our", "a", "an", "to", "for", "about", "of", "and", "with"}
    | {"her", "his", "their", "your", "its"}
)


def reminders_meant(
    store: HouseholdStore, what: str | None, number: int | None = None
) -> list[Reminder]:
    reminders = store.reminders()
    if number is not None:  # "cancel reminder 5": the one shown as 5
        return [r for r in reminders if r.id == number]
    if what is None:
        ringing = [r for r in reminders if r.state == "ringing"]
        return ringing or reminders
    words = what.split(" ")
    span = moments.when_in(words, store.now())
    if span is not None and (span.start, span.end) == (0, len(words)):
        if len(words) <= 3 and words[0] == "at":
            # "delete the 7am one": the one due at that time of day, whichever day
            return [r for r in reminders if r.due_at.time() == span.value.time()]
        # "cancel the reminder for tomorrow at 7" (a sixth trial's: "no reminder to
        # tomorrow at 7", with one set then): the one due then
        return [r for r in reminders if r.due_at == span.value]
    # by its words ("the tablets" finds "take my tablet"), or the reminder's own words said
    # whole ("cancel the reminder to call the dentist please")
    return [r for r in reminders if is_about(r, what) or r.text.lower() in what.lower()]


def which_reminder(what: str | None, found: list[Reminder], verb: str = "cancel") -> str:
    if not found:
        # "delete the 7am one" with none then: "no reminder at 7am", never "about at 7am"
        about = (f" {what}" if what.startswith("at ") else f" about {what}") if what else ""
        return f"There is no reminder{about}, so nothing changed."
    # the same words twice ("put the bins out" tomorrow, and every Wednesday): told apart by
    # when each comes (a twelfth trial's "cancel the bins reminder" had cancelled both); the
    # answer is its number, or its words ("5", "the every day one": asking.py), and the
    # hint says the verb asked (a fourteenth trial's move was told "cancel …")
    each = "; ".join(f"{r.id}: {r.said}, {_comes(r)}" for r in found)
    return f"Which one? {each}. Say its number, for example “{found[0].id}”, and I'll {verb} it."


def asked_which(
    store: HouseholdStore, command: p.CancelReminder | p.MoveReminder, now: dt.datetime
) -> p.AskWhichReminder | None:
    """The question "Which one?" asks when `command` fits several reminders, kept so the
    next thing said in the conversation can answer it; None when it fits one or none."""
    if isinstance(command, p.CancelReminder) and command.every:
        return None
    found = reminders_meant(store, command.what, command.number)
    if len(found) < 2 or (isinstance(command, p.CancelReminder) and one_series(found)):
        return None
    ids = tuple(r.id for r in found)
    labels = tuple(_label(r, now) for r in found)
    if isinstance(command, p.CancelReminder):
        return p.AskWhichReminder("cancel", ids, labels)
    return p.AskWhichReminder(
        "move", ids, labels, command.at, command.same_day, command.either_half, command.same_time
    )


def _label(reminder: Reminder, now: dt.datetime) -> str:
    """A reminder as the household may pick it: its words, when it comes, and that day's
    word ("tonight's", "tomorrow's")."""
    day = reminder.due_at.date()
    if day == now.date():
        said_day = "tonight" if reminder.due_at.hour >= 17 else "today"
    else:
        said_day = "tomorrow" if day == now.date() + dt.timedelta(days=1) else ""
    return f"{reminder.said} {_comes(reminder)} {said_day}".lower().strip()


def _comes(reminder: Reminder) -> str:
    """When a reminder comes, as the household would say it to pick it."""
    at = reminder.due_at
    if reminder.every is not None:
        return f"{repeats.said(reminder.every)} at {at:%H:%M}, next {at:%a %-d %b}"
    return f"{at:%a %-d %b} at {at:%H:%M}"
