"""Timers named by number: "cancel timer 2", "the second timer", "cancel porridge 2".

Hearth names a second timer of one name by number (records.numbered), and a family reads
that name off the board; each reading here turns a command into one about the single
timer that number names, never a new timer.
"""

from __future__ import annotations

import re

from appliance.household import spoken
from appliance.household.requests import (
    AddTime,
    AskTimerLength,
    CancelReminder,
    CancelTimer,
    Command,
    SetTimer,
    TimerStatus,
)
from appliance.household.timer_phrases import add_time, timer, timer_status
from appliance.numbers import ORDINALS, whole_number_at

# "timer 2", "timer number two", "the second timer": how a person names a timer set
# without a name beside another ("timer 2", records.numbered); the first is "timer 1".
_NUMBER_SAID = re.compile(r"\btimer (?:number |no |#)?(?P<number>[a-z0-9]+)\b")
_ORDINAL_SAID = re.compile(rf"\b(?:(?:the|a|my) )?(?P<ordinal>{'|'.join(ORDINALS)}) timer\b")


def _numbered_said(text: str) -> tuple[str, int] | None:
    """The sentence with its numbered timer said as "the timer", and the number:
    "cancel timer two" -> ("cancel the timer", 2); None when it names none ("timer two
    minutes" is a length)."""
    if match := _ORDINAL_SAID.search(text):
        number = ORDINALS[match["ordinal"]]
    elif match := _NUMBER_SAID.search(text):
        after = text[match.end() :].split()
        whole = whole_number_at([match["number"]], 0)
        if whole is None or (after and spoken.is_unit(after[0])):
            return None
        number = whole
    else:
        return None
    if number < 1:
        return None
    return f"{text[: match.start()]}the timer{text[match.end() :]}".strip(), number


# "cancel porridge 2", "how long on the porridge two timer": the name Hearth gave a second
# timer of one name (records.numbered) said back. A second trial's "cancel porridge 2" was
# read as nothing, and a family reads that name off the board.
_NAME_NUMBER_SAID = re.compile(
    r"^(?P<before>.*?[a-z']) (?P<number>[2-9]|two|three|four|five|six|seven|eight|nine)"
    r"(?: timer)?$"
)


def _name_numbered(text: str) -> Command | None:
    if (said := _NAME_NUMBER_SAID.match(text)) is None or " , " in text:
        return None  # "stop, give me 5" names no timer
    number = whole_number_at([said["number"]], 0)
    rest = f"{said['before']} timer"
    command = timer(rest) or timer_status(rest) or add_time(rest)
    if len(str(getattr(command, "name", "")).split()) > 3:
        return None  # a clause, not a name: "remove the safety gate when Leo turns three"
    name = getattr(command, "name", None)
    if name in ("reminder", "reminders"):
        # "cancel reminder 2" is no timer's (a tenth trial's: "There is no reminder 2 timer"):
        # reminders have no numbers, so the one whose words hold "2", which none does: the
        # reply lists them (never the only one cancelled, a review's)
        return CancelReminder(str(number)) if isinstance(command, CancelTimer) else None
    return _named(command, name, f"{name} {number}") if isinstance(name, str) else None


def _named(command: Command | None, said: str | None, name: str) -> Command | None:
    """The command said of one timer (`said`: as its name was said), of the one `name`
    names: a cancel, a status or more time, never a new timer."""
    if getattr(command, "name", None) != said:
        return None
    match command:
        case CancelTimer(every=False):
            return CancelTimer(name)
        case TimerStatus():
            return TimerStatus(name)
        case AddTime(seconds=seconds):
            return AddTime(name, seconds)
    return None


def timer_numbered(text: str) -> Command | None:
    """ "cancel timer 2", "how long on timer two", "add a minute to the second timer",
    "cancel porridge 2": the command said of the one timer that number names (never a new
    timer)."""
    found = _numbered_said(text)
    if found is None:
        return _name_numbered(text)
    rest, number = found
    command = timer(rest) or timer_status(rest) or add_time(rest)
    if isinstance(command, SetTimer | AskTimerLength) and _ORDINAL_SAID.search(text):
        return command  # "set a second timer for 4 minutes": one more, named as any other
    # "timer 1" is the first alone (HouseholdStore.find_timers)
    return _named(command, None, f"timer {number}")
