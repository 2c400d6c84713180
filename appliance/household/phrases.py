"""What a person said, as a household command, or None: timers, reminders, the shopping list.

    parse("set a pasta timer for twelve minutes", now)  -> SetTimer("pasta", 720.0)
    parse("set a timer", now)                            -> AskTimerLength(None)
    parse("I spent twelve minutes looking for my keys")  -> None

Every pattern is anchored at both ends of the sentence, so a sentence that
merely mentions minutes, a list or a timer is not a command: it goes on to the
model. A command that lacks its length or its time is never guessed: it
becomes a question back (AskTimerLength, AskReminderTime).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from typing import Any, cast

from appliance.household.clock_phrases import clock
from appliance.household.list_phrases import items_of, shopping  # noqa: F401  (re-exported)
from appliance.household.phrase_words import TOKENS, normalise
from appliance.household.reminder_phrases import reminder
from appliance.household.requests import (  # noqa: F401  (re-exported: p.SetTimer, …)
    AddItems,
    AddTime,
    AskReminderTime,
    AskReminderWhat,
    AskTimerLength,
    AskWhichTimer,
    CancelReminder,
    CancelTimer,
    CheckItem,
    ClearList,
    ClockDate,
    ClockTime,
    Command,
    ListReminders,
    Question,
    ReadList,
    Remind,
    RemoveItems,
    SetTimer,
    SnoozeReminder,
    SnoozeRinging,
    StopRinging,
    TimerStatus,
)
from appliance.household.ringing_phrases import ringing as while_ringing
from appliance.household.timer_phrases import add_time, timer, timer_status


def as_row(command: Command | None) -> dict[str, object]:
    """The command as the phrase table writes it: its intent and what it acts on."""
    if command is None:
        return {"intent": None}
    row: dict[str, object] = {"intent": command.intent}
    for key, value in vars(command).items():
        if key == "every" and not value:
            continue
        if isinstance(value, dt.datetime):
            value = value.strftime("%Y-%m-%dT%H:%M")
        elif isinstance(value, tuple):
            value = list(value)
        row[key] = value
    return row


def parse(text: str, now: dt.datetime, *, ringing: bool = False) -> Command | None:
    """The household command the whole sentence says, else None (it goes to the model).

    `ringing`: a timer or reminder rings now, so "stop" and "five more minutes" are said
    to it; with nothing ringing they mean nothing here.
    """
    said = normalise(text)
    if not said:
        return None
    if ringing:
        named = add_time(said)  # "give the rice 2 more minutes" names its timer
        if named is not None and isinstance(named, AddTime) and named.name:
            return named
        if (command := while_ringing(said)) is not None:
            return command
    for read in (timer, timer_status, add_time, clock, shopping):
        if (command := read(said)) is not None:
            return _as_written(command, text)
    return _as_written(reminder(said, now), text)


_CASED_TOKENS = re.compile(TOKENS.pattern, re.IGNORECASE)


def _as_written(command: Command | None, text: str) -> Command | None:
    """The command with what it keeps (a reminder's words, the list's items) in the
    person's own capitals: "remind me to call Mum" keeps "Mum", "add Marmite" keeps
    "Marmite". Matching reads lower case; each kept phrase is found again, word for
    word, in the sentence as written."""
    if command is None:
        return None
    cased = " ".join(_CASED_TOKENS.findall(text.replace("’", "'").replace("-", " ")))
    if len(cased) != len(cased.lower()):
        return command  # a letter whose lower case is longer: keep the lower-case phrase

    def written(phrase: str) -> str:
        found = re.search(rf"(?<![\w']){re.escape(phrase)}(?![\w'])", cased.lower())
        return cased[found.start() : found.end()] if found else phrase

    changes: dict[str, object] = {}
    for field in ("what", "items"):
        value = getattr(command, field, None)
        if isinstance(value, str):
            changes[field] = written(value)
        elif isinstance(value, tuple) and all(isinstance(v, str) for v in value):
            changes[field] = tuple(written(v) for v in value)
    return dataclasses.replace(cast(Any, command), **changes) if changes else command
