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

from appliance.household import spoken
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
_NAMED_TIMER = re.compile(r"^(?:(?:a|an|the|my) )?(?P<name>[a-z]+) timer (?:for )?(?P<length>.+)$")
# "12 minute timer", "a twenty minute timer for the rice": the length as an adjective.
_ADJECTIVE_TIMER = re.compile(
    rf"^(?:{_SET_VERB} )?(?:(?:a|an|the|my) )?(?P<length>[a-z0-9 .]+? (?:minute|second|hour))"
    rf" timer(?: (?:for|on) (?:the |my )?(?P<name>{_NAME}))?$"
)


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
    if match := _ADJECTIVE_TIMER.match(text):  # "a 12 minute timer for the pasta"
        span = spoken.duration_in(match["length"].replace("minute", "minutes").split(" "))
        if span is not None:
            return SetTimer(_name(match["name"]), float(span.value))
    if match := _NAMED_TIMER.match(text):  # "egg timer four minutes"
        span = spoken.duration_in(match["length"].split(" "))
        if span is not None and span.start == 0 and span.end == len(match["length"].split(" ")):
            return SetTimer(_name(match["name"]), float(span.value))
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


_WHEN_DONE = re.compile(
    r"^(?:when|what time) (?:does|will|do|is|'s) (?:the |my )?(?P<name>[a-z][a-z' ]{0,30}?)"
    r"(?: timer)? (?:go off|be done|be ready|ring|finish|done|ready|going off)$"
    r"|^when(?:'s| is) (?:the |my )?(?P<name2>[a-z][a-z' ]{0,30}?)(?: timer)? "
    r"(?:ready|done|going off|due)$"
    r"|^how long (?:until|till|til|before) (?:the |my )?(?P<name3>[a-z][a-z' ]{0,30}?)"
    r"(?:'s| is)? (?:done|ready|goes off)$"
)


def _timer_status(text: str) -> Command | None:
    """ "how long is left on the rice?" names no timer, but asks about one."""
    if match := _WHEN_DONE.match(text):
        return TimerStatus(_name(match["name"] or match["name2"] or match["name3"]))
    match = _STATUS.match(text)
    if match is None or not re.search(r"\b(?:left|remaining|to go|longer)\b", text):
        return None
    return TimerStatus(_name(match["name"]))


_ADD_SIGNALS = {"add", "more", "another", "extra", "extend"}
_ADD_FILLER = _ADD_SIGNALS | {
    "put",
    "give",
    "stick",
    "set",
    "an",
    "a",
    "further",
    "few",
    "on",
    "to",
    "onto",
    "the",
    "my",
    "it",
    "timer",
    "by",
    "for",
    "just",
    "please",
}
_ADD_LEADS = ("add", "put", "give", "stick", "another", "extend", "extra", "an")


def _add_time(text: str) -> Command | None:
    """ "add 5 minutes to the rice timer", "another 5 minutes on the pasta"."""
    said = text.split(" ")
    if said[0] not in _ADD_LEADS:
        return None
    tokens = [t for t in said if t != "more"]  # "2 more minutes": a length with "more" in it
    span = spoken.duration_in(tokens)
    if span is None:
        return None
    rest = tokens[: span.start] + tokens[span.end :] + (["more"] if "more" in said else [])
    if not _ADD_SIGNALS & set(rest) or "list" in rest or "shopping" in rest:
        return None
    name = [w for w in rest if w not in _ADD_FILLER]
    if len(name) > 3:
        return None
    return AddTime(_name(" ".join(name)) if name else None, float(span.value))


# -- while something rings --------------------------------------------------------------

_OK = r"(?:(?:ok|okay|alright|all right|yes|yeah|yep|thanks|thank you|right|fine|hearth)(?: |$))*"
_STOP_RINGING = re.compile(
    rf"^{_OK}(?:stop(?: it| that| ringing| the (?:alarm|noise|beeping|timer|reminder))?"
    r"|(?:turn|switch|shut) (?:it|that) off|turn off|switch off|off|shut up|shush|hush|sh+|"
    r"(?:be )?quiet|silence|enough|that's enough|i'm up|im up|i'm coming|got it|heard you|"
    r"i heard you|dismiss|cancel(?: it)?|done|i'm on it|on it)?$"
)
_SNOOZE = re.compile(
    rf"^{_OK}(?:snooze(?: it)?(?: for (?P<dur>.+))?"
    r"|(?:give me |just |another )?(?P<more>.*\bmore\b.*)"
    r"|give me (?P<give>.+)|later|not now|in a (?:minute|bit|moment))$"
)


def _ringing(text: str) -> Command | None:
    """What is said while something rings: stop it, or ring again later."""
    text = text.replace(" ,", "")
    if match := _SNOOZE.match(text):
        said = match["dur"] or match["more"] or match["give"]
        span = spoken.duration_in(said.replace(" more", "").split(" ")) if said else None
        if said and span is None and match["more"]:
            return None  # "more" without a length: not a snooze
        return SnoozeRinging(float(span.value) if span else 300.0)
    if _STOP_RINGING.match(text):
        return StopRinging()
    return None


# -- the clock -------------------------------------------------------------------------

_CLOCK_TIME = re.compile(
    r"^(?:what(?:'s| is|s) the time(?: now)?|what time is it(?: now)?|(?:the )?time(?: now)?"
    r"|have you got the time|do you know (?:the|what) time(?: it is)?|tell me the time)$"
)
_CLOCK_DATE = re.compile(
    r"^(?:what(?:'s| is|s) the date(?: today)?|what(?:'s| is|s) today's date|what date is it"
    r"(?: today)?|what day is it(?: today)?|what(?:'s| is|s) the day(?: today)?|"
    r"what day of the (?:week|month) is it|what(?:'s| is|s) today|which day is it(?: today)?|"
    r"tell me the date|what day is today|today's date|is it (?:monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)(?: today)?)$"
)


def _clock(text: str) -> Command | None:
    if _CLOCK_TIME.match(text):
        return ClockTime()
    if _CLOCK_DATE.match(text):
        return ClockDate()
    return None


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


_CANCEL_ANY_REMINDER = re.compile(
    r"^(?:cancel|delete|remove|forget|drop|stop|never mind|clear) (?:the |my |that |this )?"
    r"(?:(?P<what>[a-z][a-z' ]{0,40}?) )?reminders?$"
)
_SNOOZE_REMINDER = re.compile(
    r"^(?:snooze|delay|postpone|push back) (?:the |my |that )?(?:(?P<what>[a-z][a-z' ]{0,40}?) )?"
    r"reminder(?: (?:for|by) (?P<dur>.+))?$|^remind me again(?: in (?P<again>.+))?$"
)


def _reminder(text: str, now: dt.datetime) -> Command | None:
    if _LISTS_REMINDERS.match(text):
        return ListReminders()
    if match := _CANCEL_REMINDER.match(text):
        return CancelReminder(match["what"])
    if match := _CANCEL_ANY_REMINDER.match(text):
        return CancelReminder(match["what"])
    if match := _SNOOZE_REMINDER.match(text):
        said = match["dur"] or match["again"]
        snooze = spoken.duration_in(said.split(" ")) if said else None
        return SnoozeReminder(match["what"], float(snooze.value) if snooze else 600.0)
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

_LIST = (
    r"(?:(?:(?:the|my|our) )?(?:shopping|grocery|groceries)(?: list)?|(?:the|my|our) list"
    r"|(?:the|my|our) shop)"
)
_ADD = re.compile(rf"^(?:add|put|stick|write) (?P<items>.+?) (?:to|on|onto|in) {_LIST}$")
_RAN_OUT = re.compile(
    r"^(?:we're|we are|we've|we have|i'm|i am|i've|i have)? ?(?:just |nearly |almost |all )?"
    r"(?:out of|run out of|ran out of|running out of|running low on|low on|got no)"
    r" (?P<items>.+)$|^we (?:ran out of|need(?: more| some)?) (?P<needed>.+)$"
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


_CHECK = re.compile(
    rf"^(?:(?:is|are) (?:there )?(?:any )?(?P<item>.+?) (?:on|in) {_LIST}"
    r"|(?:do|did) (?:we|i) (?:need|want|still need) (?:any |more |some )?(?P<needed>.+?)"
    rf"|(?:have|did) (?:i|we) (?:put|add|added|got) (?P<put>.+?) (?:on|in|to) {_LIST}"
    r"|(?:is|are) (?P<listed>.+?) (?:on|in) there"
    rf"|(?:have we got|is there) (?P<item2>.+?) on {_LIST}"
    r")$"
)


def _shopping(text: str) -> Command | None:
    if _READ.match(text):
        return ReadList()
    if match := _CHECK.match(text):
        said = next(g for g in match.groups() if g)
        items = items_of(said)
        if len(items) == 1 and not _CLAUSE_WORD.search(items[0]) and len(items[0].split()) <= 4:
            return CheckItem(items[0])
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
        if match["needed"] and re.match(r"(?:a|an|to|the|you|your|help)\b", said):
            return None  # "we need a plumber", "we need to talk": not shopping
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


def parse(text: str, now: dt.datetime, *, ringing: bool = False) -> Command | None:
    """The household command the whole sentence says, else None (it goes to the model).

    `ringing`: a timer or reminder rings now, so "stop" and "five more minutes" are said
    to it; with nothing ringing they mean nothing here.
    """
    said = normalise(text)
    if not said:
        return None
    if ringing:
        named = _add_time(said)  # "give the rice 2 more minutes" names its timer
        if named is not None and isinstance(named, AddTime) and named.name:
            return named
        if (command := _ringing(said)) is not None:
            return command
    for read in (_timer, _timer_status, _add_time, _clock, _shopping):
        if (command := read(said)) is not None:
            return _as_written(command, text)
    return _as_written(_reminder(said, now), text)


_CASED_TOKENS = re.compile(_TOKENS.pattern, re.IGNORECASE)


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
