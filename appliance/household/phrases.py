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

import datetime as dt
import re
from dataclasses import dataclass
from typing import ClassVar

from appliance.household import spoken


@dataclass(frozen=True)
class SetTimer:
    intent: ClassVar[str] = "timer.set"
    name: str | None
    seconds: float


@dataclass(frozen=True)
class AskTimerLength:
    intent: ClassVar[str] = "timer.ask"
    name: str | None


@dataclass(frozen=True)
class CancelTimer:
    intent: ClassVar[str] = "timer.cancel"
    name: str | None  # None: the only one (or the one ringing)
    every: bool = False


@dataclass(frozen=True)
class TimerStatus:
    intent: ClassVar[str] = "timer.status"
    name: str | None  # None: every timer


@dataclass(frozen=True)
class Remind:
    intent: ClassVar[str] = "remind"
    what: str
    at: dt.datetime


@dataclass(frozen=True)
class AskReminderTime:
    intent: ClassVar[str] = "remind.ask"
    what: str


@dataclass(frozen=True)
class AskReminderWhat:
    intent: ClassVar[str] = "remind.what"
    at: dt.datetime


@dataclass(frozen=True)
class ListReminders:
    intent: ClassVar[str] = "reminder.list"


@dataclass(frozen=True)
class CancelReminder:
    intent: ClassVar[str] = "reminder.cancel"
    what: str


@dataclass(frozen=True)
class AddItems:
    intent: ClassVar[str] = "shopping.add"
    items: tuple[str, ...]


@dataclass(frozen=True)
class RemoveItems:
    intent: ClassVar[str] = "shopping.remove"
    items: tuple[str, ...]


@dataclass(frozen=True)
class ReadList:
    intent: ClassVar[str] = "shopping.read"


@dataclass(frozen=True)
class ClearList:
    intent: ClassVar[str] = "shopping.clear"


Command = (
    SetTimer
    | AskTimerLength
    | CancelTimer
    | TimerStatus
    | Remind
    | AskReminderTime
    | AskReminderWhat
    | ListReminders
    | CancelReminder
    | AddItems
    | RemoveItems
    | ReadList
    | ClearList
)

# -- the sentence, normalised ---------------------------------------------------------

_LEAD = re.compile(
    r"^(?:(?:hey|ok|okay) )?(?:hearth ,? ?)?(?:please )?"
    r"(?:(?:can|could|would|will) you (?:please )?)?"
)
_TAIL = re.compile(r"(?: ,)?(?: (?:please|thanks|thank you|for me))+$")
_TOKENS = re.compile(r"\d+(?:[.:]\d+)?(?:am|pm)?|[a-z]+(?:'[a-z]+)?|,")


def normalise(text: str) -> str:
    """Lower-case words and commas joined by single spaces, polite lead and tail removed."""
    lowered = text.lower().replace("’", "'").replace("-", " ")
    joined = " ".join(_TOKENS.findall(lowered))
    joined = _LEAD.sub("", joined, count=1)
    return _TAIL.sub("", joined).strip(" ,")


# -- timers -----------------------------------------------------------------------------

_NAME = r"[a-z][a-z' ]{0,30}?"
_SET_VERB = r"(?:set|start|put|make|create|begin)(?: up)?"
_SET_TIMER = re.compile(
    rf"^(?:{_SET_VERB} )?(?:(?:a|an|the|my|another|one) )?(?:(?P<pre>{_NAME}) )?timer"
    rf"(?: (?:on|going))?(?: (?:called|named|for|on) (?:the |my )?(?P<post>{_NAME}))?"
    r"(?: on)?$"
)
_CANCEL_TIMER = re.compile(
    r"^(?:(?:cancel|stop|delete|remove|clear|end|kill|dismiss|forget|turn off|switch off) "
    r"(?:(?:the|my|that|this) )?(?:(?P<pre>" + _NAME + r") )?timers?"
    r"(?: (?:for|on|called) (?:the |my )?(?P<post>" + _NAME + r"))?"
    r"|(?:turn|switch) (?:(?:the|my|that|this) )?(?:(?P<pre_off>" + _NAME + r") )?timers?"
    r"(?: (?:for|on|called) (?:the |my )?(?P<post_off>" + _NAME + r"))? off)$"
)
_STATUS = re.compile(
    r"^how (?:long|much (?:longer|more time|time))(?: is| has| have)?(?: it| we| i| there)?"
    r"(?: got)?(?: (?:left|remaining|to go))?(?: (?:on|for|in) (?:the |my )?"
    rf"(?P<name>{_NAME}))?$"
)
_LISTS_TIMERS = re.compile(
    r"^(?:(?:what|which|any|are there any|is there a|do i have any|do we have any) timers?"
    r"(?: (?:are|is|do i have|do we have|have i got|have we got))?(?: (?:running|on|going|set|"
    r"left))?|(?:list|show|show me|read|tell me) (?:(?:the|my|all|all the|all my) )?timers)$"
)
_NOT_A_TIMER_NAME = {"all", "all the", "all my", "every", "each", "both"}


_AMOUNT_WORDS = {"few", "couple", "some", "several", "half", "quarter", "while", "bit"}


def _name(raw: str | None) -> str | None:
    """A timer's name as said ("the pasta" -> "pasta"); None for an amount misheard as one."""
    if raw is None:
        return None
    name = raw.strip()
    name = re.sub(r"^(?:the|my|a|an) ", "", name)
    name = re.sub(r"(?:^| )timer$", "", name)
    said = name.split()
    if any(
        spoken.number_at(said, i) is not None or word in _AMOUNT_WORDS or spoken.is_unit(word)
        for i, word in enumerate(said)
    ):
        return None  # "set a timer for twelve": a length without its unit, never a name
    return name or None


def _timer(text: str) -> Command | None:
    tokens = text.split(" ")
    if "timer" not in tokens and "timers" not in tokens:
        return None
    if match := _CANCEL_TIMER.match(text):
        pre = match["pre"] or match["pre_off"]
        post = match["post"] or match["post_off"]
        if pre in _NOT_A_TIMER_NAME or (pre is None and re.search(r"\btimers\b", text)):
            return CancelTimer(None, every=True)
        return CancelTimer(_name(pre or post))
    if _LISTS_TIMERS.match(text):
        return TimerStatus(None)
    if match := _STATUS.match(text):
        return TimerStatus(_name(match["name"]))
    verb_first = re.match(rf"^{_SET_VERB} ", text) is not None or tokens[0] == "timer"
    if not verb_first:
        return None
    span = spoken.duration_in(tokens)
    if span is None:
        if (match := _SET_TIMER.match(text)) is not None:
            return AskTimerLength(_name(match["pre"] or match["post"]))
        return None
    start = span.start - 1 if span.start > 0 and tokens[span.start - 1] == "for" else span.start
    rest = " ".join(tokens[:start] + tokens[span.end :])
    match = _SET_TIMER.match(rest)
    if match is None:
        return None
    return SetTimer(_name(match["pre"] or match["post"]), float(span.value))


def _timer_status(text: str) -> Command | None:
    """ "how long is left on the rice?" names no timer, but asks about one."""
    match = _STATUS.match(text)
    if match is None or not re.search(r"\b(?:left|remaining|to go|longer)\b", text):
        return None
    return TimerStatus(_name(match["name"]))


# -- reminders ---------------------------------------------------------------------------

_LISTS_REMINDERS = re.compile(
    r"^(?:(?:what|which|any|are there any|do i have any|do we have any) reminders?"
    r"(?: (?:are|is|do i have|do we have|have i got|have we got))?(?: (?:set|on|left|today))?|"
    r"(?:list|show|show me|read|tell me) (?:(?:the|my|all|all my|our) )?reminders)$"
)
_CANCEL_REMINDER = re.compile(
    r"^(?:cancel|delete|remove|forget|drop) (?:the |my |that )?reminder (?:to|about) "
    r"(?P<what>.+)$"
)


def _reminder(text: str, now: dt.datetime) -> Command | None:
    if _LISTS_REMINDERS.match(text):
        return ListReminders()
    if match := _CANCEL_REMINDER.match(text):
        return CancelReminder(match["what"])
    if not text.startswith("remind me "):
        return None
    tokens = text.split(" ")[2:]
    span = spoken.when_in(tokens, now)
    if span is None:
        if tokens[0] == "to" and len(tokens) > 1:
            return AskReminderTime(" ".join(tokens[1:]))
        return None
    rest = tokens[: span.start] + tokens[span.end :]
    assert isinstance(span.value, dt.datetime)
    if not rest:
        return AskReminderWhat(span.value)
    # the errand is said with "to": "remind me to X at T" or "remind me at T to X"
    if rest[0] != "to" or len(rest) < 2:
        return None
    return Remind(" ".join(rest[1:]), span.value)


# -- the shopping list -------------------------------------------------------------------

_LIST = r"(?:(?:(?:the|my|our) )?(?:shopping|grocery|groceries) list|(?:the|my|our) list)"
_ADD = re.compile(rf"^(?:add|put|stick|write) (?P<items>.+?) (?:to|on|onto|in) {_LIST}$")
_RAN_OUT = re.compile(
    r"^(?:we're|we are|we've|we have|i'm|i am|i've|i have)? ?(?:just |nearly |almost |all )?"
    r"(?:out of|run out of|ran out of|running out of|running low on|low on|got no)"
    r" (?P<items>.+)$|^we (?:ran out of|need (?:more|some)) (?P<needed>.+)$"
)
_REMOVE = re.compile(
    rf"^(?:take|cross|strike|scratch|tick|remove|delete|drop) (?P<items>.+?) "
    rf"(?:off|from|off of) {_LIST}$"
)
_READ = re.compile(
    rf"^(?:(?:what's|what is|whats) on {_LIST}|(?:read|show|tell)(?: me)?(?: what's on)? {_LIST}"
    r"|(?:the )?shopping list|what do (?:we|i) need(?: to buy| to get)?(?: from| at)?"
    r"(?: the)?(?: shops?| supermarket)?)$"
)
_CLEAR = re.compile(rf"^(?:clear|empty|wipe|reset|delete)(?: out)? {_LIST}$")
# "we're out of time": out of something no shop sells
_NOT_GROCERIES = {
    "time",
    "luck",
    "breath",
    "patience",
    "ideas",
    "options",
    "space",
    "room",
    "energy",
    "money",
    "steam",
    "order",
    "sight",
    "reach",
    "control",
    "hand",
    "here",
    "it",
    "this",
    "that",
    "them",
    "practice",
    "date",
    "the house",
    "the door",
    "bed",
    "things",
    "words",
    "puff",
    "our minds",
    "my mind",
    "your mind",
    "the question",
    "work",
    "school",
    "town",
    "idea",
    "clue",
    "choice",
    "chance",
    "reason",
    "excuse",
    "problem",
    "problems",
    "way",
    "plans",
    "help",
    "rest",
    "sleep",
    "information",
    "details",
    "woods",
    "danger",
    "shape",
    "tune",
    "line",
    "touch",
    "bounds",
    "battery",
    "signal",
    "wifi",
    "data",
}
# a grocery is a noun phrase: "bag of flour", never "the house in a hurry"
_CLAUSE_WORD = re.compile(r"\b(?:in|at|to|with|for|from|on|into|because|when|so|but|if)\b")
_ITEM_LEAD = re.compile(r"^(?:some|more|a|an|the|any|a few|a bit of|a little)\s+")


def items_of(said: str) -> tuple[str, ...]:
    """ "tomatoes , onions and garlic" -> ("tomatoes", "onions", "garlic")."""
    parts = re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s+&\s+", said)
    items = []
    for part in parts:
        item = _ITEM_LEAD.sub("", part.strip(" ,")).strip()
        if item and item not in items:
            items.append(item)
    return tuple(items)


def _shopping(text: str) -> Command | None:
    if _READ.match(text):
        return ReadList()
    if _CLEAR.match(text):
        return ClearList()
    if match := _REMOVE.match(text):
        items = items_of(match["items"])
        return RemoveItems(items) if items else None
    if match := _ADD.match(text):
        items = items_of(match["items"])
        return AddItems(items) if items else None
    if match := _RAN_OUT.match(text):
        said = match["items"] or match["needed"]
        items = items_of(said)
        if not items or any(
            item in _NOT_GROCERIES or len(item.split()) > 4 or _CLAUSE_WORD.search(item)
            for item in items
        ):
            return None
        return AddItems(items)
    return None


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


def parse(text: str, now: dt.datetime) -> Command | None:
    """The household command the whole sentence says, else None (it goes to the model)."""
    said = normalise(text)
    if not said:
        return None
    for read in (_timer, _timer_status, _shopping):
        if (command := read(said)) is not None:
            return command
    return _reminder(said, now)
