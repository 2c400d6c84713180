"""A timer or a reminder named without saying which kind, read against the records.

"cancel the rice", "cancel the GP one", "change the washing one to 30 minutes": the words
alone do not say whether a timer or a reminder is meant, so the household's records do;
each is read only when the sentence is no other command (brain/household.py).
"""

from __future__ import annotations

import datetime as dt
import re

from appliance.household import spoken
from appliance.household.list_actions import of_the_list, on_the_list
from appliance.household.list_changes import changed_on_the_list
from appliance.household.list_phrases import and_too, items_of
from appliance.household.phrase_words import normalise
from appliance.household.phrases import TAKEN_BACK, as_written, parse
from appliance.household.reminders_meant import is_about
from appliance.household.requests import (
    AddTime,
    CancelReminder,
    CancelTimer,
    ChangeTimer,
    Command,
    ListReminders,
    MoveReminder,
    PauseTimer,
    RemoveItems,
    TimerStatus,
)
from appliance.household.scheduler import sounding
from appliance.household.store import HouseholdStore

# "cancel the rice", "cancel the GP one": a timer or a reminder named without saying which
# kind (a ninth trial's got "I haven't done anything…" with a rice timer running). Read
# against the records: a timer by its own name; a reminder only said as "the … one", by
# words that run together in it ("cancel the party" leaves "call mum about the party", and
# "forget it" and "turn off the oven" are never a reminder's: a review's cancelled both).
_CANCEL_VERBS = r"cancel|scrap|bin|delete|get rid of|remove|ditch|drop"
_CANCEL_NAMED = re.compile(
    # "cancel the one about the vet", "…the one for the dentist" (a held-out split's went to
    # the model): a reminder by what it is about, said after "the one"
    rf"^(?:{_CANCEL_VERBS}) the (?:one|reminder) (?:about|for|to|with) (?:the |my )?"
    r"(?P<about>[a-z' ]{2,30}?)$"
    # "actually get rid of the bank one" (a held-out split's went to the model)
    rf"|^(?:(?P<cancel>{_CANCEL_VERBS})|stop|kill|turn off|switch off) "
    r"(?:the |my |that )?(?P<name>[a-z' ]{2,30}?)(?P<one> one)?$"
)
# Never a name: what points, and what orders ("set the other one for 5 minutes" had moved a
# reminder to "take the other car for its MOT", a review's)
_NO_NAME = frozenset(
    "it that this them those these everything all one other next last first second third "
    "same new old big small little".split()
)


# "when does pasta finish": a running timer's, by its name ("when will it finish" is the
# timers' by its words alone); "what time does ballet finish" is no timer's (a held-out split's
# got "There is no ballet timer running."), so only a name the timers hold
_FINISH_NAMED = re.compile(
    r"^(?:when|what time) (?:does|will|do) (?:the |my )?(?P<name>[a-z][a-z' ]{0,30}?) "
    r"(?:finish|be finished|end)$"
)


def finished_by_name(store: HouseholdStore, said: str) -> Command | None:
    """When a running timer `said` names rings; else None."""
    if (match := _FINISH_NAMED.match(said)) is None:
        return None
    name = match["name"]
    return TimerStatus(name) if store.find_timers(name) else None


def cancel_by_name(store: HouseholdStore, said: str) -> Command | None:
    """The timer or the reminder `said` names, cancelled; None if neither holds the name."""
    if (match := _CANCEL_NAMED.match(said)) is None or match["name"] in _NO_NAME:
        return None
    if match["about"]:  # "cancel the one about the vet": a reminder's, said so if none is
        return CancelReminder(match["about"])
    name = match["name"]
    if store.find_timers(name):
        return CancelTimer(name)
    if not (match["cancel"] and match["one"]):
        return None
    # "delete the bank one" with no such reminder: "There is no reminder about bank", never
    # the model, which may say it deleted it (a review's)
    return CancelReminder(name)


# "change the washing one to 30 minutes", "make the pasta one 12 minutes" (a ninth trial's
# got "I haven't done anything…"): a timer of that name set for that long, or else the
# reminder whose words hold it, due that long from now
_CHANGE_NAMED = re.compile(
    r"^(?:change|make|set|switch|move|put|push) (?:the |my |that )?(?P<name>[a-z' ]{2,30}?) "
    r"(?:one|timer|reminder) (?:to |for |at |till |until )?(?P<length>.+)$"
)


# A timer's new length asked with a number alone: "make the rice one 20", "change the rice
# one to 20", "set the rice one for 20"
_A_LENGTH_ASKED = re.compile(r"^(?:make|change|set) \S.*? (?:one|timer) (?:to |for )?\S+$")


def change_by_name(store: HouseholdStore, said: str, now: dt.datetime) -> Command | None:
    """The timer set for, or the reminder moved to, the length `said` gives the one it
    names; None if neither holds the name or no whole length is said."""
    if (match := _CHANGE_NAMED.match(said)) is None or match["name"] in _NO_NAME:
        return None
    words = match["length"].split(" ")
    seconds = spoken.length_said(words, whole_minutes=True)
    if seconds is None:
        return None
    name = match["name"]
    if spoken.bare_minutes(words) is not None:
        # "make the rice one 20": a number alone is minutes, as a timer is said, and only
        # of a timer (a tenth trial's changed nothing)
        if not _A_LENGTH_ASKED.match(said):
            return None  # "move the rice one to 6", "put it at 6": a time, never 6 minutes
        return ChangeTimer(seconds, name) if store.find_timers(name) else None
    if store.find_timers(name):
        return ChangeTimer(seconds, name)
    if _a_reminder_holds(store, name):
        return MoveReminder(name, now + dt.timedelta(seconds=seconds))
    return None


# A running timer by its name alone, with no "timer" or "one": "change broccoli to 7
# minutes", "put the broccoli back on 6 mins", "pause the rice", "porridge done?" (a
# fourteenth trial's each went to the model, which said "the broccoli is 7 minutes" with
# nothing changed). Only a name a running timer has.
_TIMER_CHANGED = re.compile(
    r"^(?:change|make|set|switch|put) (?:the |my )?(?P<name>[a-z' ]{2,30}?) (?:back )?"
    r"(?:to|for|on) (?P<length>.+)$"
)
_TIMER_PAUSED = re.compile(
    r"^(?P<verb>pause|hold|resume|unpause|restart|continue) (?:the |my )?(?P<name>[a-z' ]{2,30}?)$"
)
_TIMER_DONE = re.compile(
    # "hot choc timer done?" too (a fifteenth trial's got the model's dates and phone numbers)
    r"^(?:is |are )?(?:the |my )?(?P<name>[a-z' ]{2,30}?)(?: timer| one)? (?:done|ready|"
    r"finished)(?: yet)?$"
    # "how long has the cake got" (a fourteenth trial's got the model's "The cake has been
    # in the kitchen for 2 days"): only of a running timer, never "…has grandma got" or
    # "…has the turkey got" with no turkey timer (the kitchen's roasting time, a review's)
    r"|^how long (?:has|have|'s) (?:the |my )?(?P<name2>[a-z' ]{2,30}?) got(?: left)?$"
)


def timer_by_name(store: HouseholdStore, said: str) -> Command | None:
    """A running timer named bare, changed, paused or asked after; None otherwise."""
    if (changed := _TIMER_CHANGED.match(said)) is not None:
        name = changed["name"]
        words = changed["length"].split(" ")
        span = spoken.duration_in(words)
        if span is None or (span.start, span.end) != (0, len(words)) or name in _NO_NAME:
            return None
        return ChangeTimer(float(span.value), name) if store.find_timers(name) else None
    if (paused := _TIMER_PAUSED.match(said)) is not None and paused["name"] not in _NO_NAME:
        resume = paused["verb"] not in ("pause", "hold")
        return PauseTimer(paused["name"], resume) if store.find_timers(paused["name"]) else None
    if (done := _TIMER_DONE.match(said)) is not None:
        name = done["name"] or done["name2"]
        if name not in _NO_NAME and store.find_timers(name):
            return TimerStatus(name)
    head, too = and_too(said)
    if (off := _TAKE_OFF.match(head)) is not None and (
        taken := _all_on_the_list(store, off["item"], too)
    ):
        return RemoveItems(taken)  # "take off the plain milk", with it on the list
    return None


def _all_on_the_list(store: HouseholdStore, item: str, too: str | None) -> tuple[str, ...]:
    """Each thing a "take off …" names, where the list holds one of them: "take off the
    sprouts and the onions" (a held-out split's went to the model), and "…, and the carrots
    too" after it. A thing not there is said as it was ("Not on it: cheese."); with none
    there, nothing ("take off the heat" is a pan's)."""
    things = [*items_of(item), *(items_of(too) if too else ())]
    bare = [re.sub(r"^(?:the|my|our) ", "", thing) for thing in things]
    found = [on_the_list(store, thing) for thing in bare]
    if not any(len(each) == 1 for each in found) or any(len(each) > 1 for each in found):
        return ()
    return tuple(each[0] if each else thing for each, thing in zip(found, bare, strict=True))


# "take off the plain milk" (a fourteenth trial's got the canned refusal): only a thing the
# list holds, never "take off the lid" or "take off the heat" ("Not on it: heat.", a review's)
_TAKE_OFF = re.compile(
    r"^(?:take|cross|tick|knock) off (?:the |my |our )?(?P<item>[a-z' -]{2,60})$"
)


# Said around it: "oh wait make the porridge one 6 minutes actually", "cancel the toast one,
# it burnt anyway" (a tenth trial's each reached the model)
# (phrase_words.normalise has already taken "oh wait", "ok", "sorry"… off its start)
_AROUND = re.compile(r"^(?:no ,? )+|(?: ,)? actually$")


# A command said after the comma, which is no reason for the first
_A_COMMAND_AFTER = re.compile(
    r"\b(?:and|then|also|set|add|put|remind|cancel|start|stop|take|make|change|move)\b"
)


def _a_reminder_holds(store: HouseholdStore, name: str) -> bool:
    """Whether a reminder's words hold `name`, its words running together as said."""
    phrase = re.compile(rf"\b{re.escape(name)}\b")
    return any(phrase.search(r.said.lower()) for r in store.reminders())


def named_in_the_records(store: HouseholdStore, said: str, now: dt.datetime) -> Command | None:
    """A timer or a reminder named without its kind, cancelled or changed (above); with
    what is said around it left out, and a reason after a comma ("…, it burnt anyway")."""
    bare = _AROUND.sub("", said).strip()
    first, _, reason = bare.partition(" , ")
    # never one taken back after it ("cancel the toast one, no wait"), nor a command after it
    # ("cancel the rice, and set a timer for 10 minutes for the pasta" had done the first only)
    not_a_reason = TAKEN_BACK.search(reason) or _A_COMMAND_AFTER.search(reason)
    heads = [bare] if not reason or not_a_reason else [bare, first]
    for head in heads:
        if (
            command := cancel_by_name(store, head)
            or finished_by_name(store, head)
            or timer_by_name(store, head)
            or change_by_name(store, head, now)
            # "change the mince to 750g"; said whole only: "swap the chicken for tofu, it's
            # for the curry" is a recipe's (a review's swapped it on the list)
            or (changed_on_the_list(store, head) if head == bare else None)
        ) is not None:
            return command
    return None


def the_records_hold(store: HouseholdStore, command: Command, said: str) -> bool:
    """Whether a command read from the words alone is the household's, by what the records
    hold: the list's own test (`list_actions.of_the_list`), and time taken off a timer only
    of one by that name ("take an hour off work", "10 minutes less for a fan oven" are no
    timer's: a review's got "There is no work timer")."""
    if (
        isinstance(command, AddTime)
        and command.seconds < 0
        and command.name is not None
        and not store.find_timers(command.name)
        and "timer" not in said.lower()
    ):
        return False
    if isinstance(command, ListReminders) and command.if_any:
        # "when's the tree thing": the reminders' only where one is about it
        return command.about is not None and any(
            is_about(r, command.about) for r in store.reminders()
        )
    return of_the_list(store, command, said)


def household_command(store: HouseholdStore, text: str, now: dt.datetime) -> Command | None:
    """The command `text` gives the household, read as Hearth reads it: its words alone
    (phrases.parse, "stop" said to what rings and is heard), else a name the records hold, and then
    only if the records bear it out (`the_records_hold`)."""
    command = parse(text, now, ringing=bool(sounding(store, now)))
    if (
        isinstance(command, MoveReminder)
        and command.what is not None
        and store.find_timers(command.what)
        and not _a_reminder_holds(store, command.what)
    ):
        command = None  # "change the rice one to 20" with a rice timer and no such reminder
    command = command or as_written(named_in_the_records(store, normalise(text), now), text)
    if command is None or not the_records_hold(store, command, text):
        return None
    return command
