"""A timer asked for without the word: a call asked for after a length, or a length a dish
needs with a watch asked of Hearth.

    "let me know in 10 minutes"                                 -> SetTimer(None, 600.0)
    "tell me when 15 minutes is up"                             -> SetTimer(None, 900.0)
    "the lasagne needs 40 minutes, can you keep an eye on it"   -> SetTimer("lasagne", 2400.0)
    "the cake's got 25 minutes to go, give me a shout when it's done"
                                                                -> SetTimer("cake", 1500.0)
    "the lasagne needs 40 minutes in a hot oven"                -> None (a statement)

An everyday split's twelve such lines each did nothing. A length said of a dish is a timer
only when a watch is asked for beside it, in words that ask Hearth to tell, shout, watch or
keep an eye; alone, it is something said about cooking. The whole sentence must be one of
these: words left over leave it to the rest of the rules (and the model).
"""

from __future__ import annotations

import re

from appliance.household import spoken
from appliance.household.requests import SetTimer
from appliance.household.timer_phrases import timer_name

# Asked of Hearth, said first: "can you", "will you", "please"
_ASKING = r"(?:(?:can|could|will|would) (?:you|ya) (?:please |just )?|please |just )?"
# A call: "let me know", "tell me", "give me a shout", "holler at me", "nudge me"
_CALL = (
    r"(?:let me know|tell me|give me a (?:shout|nudge|call|buzz|ping|heads up|bell|knock)|"
    r"shout|holler(?: at me)?|call me|ping me|nudge me|buzz me|alert me)"
)
# …when it is done: "when it's done", "when they're ready", "when it's time", "once it's cooked"
_WHEN_DONE = (
    r"(?:when|once) (?:it's|it is|they're|they are|that's|it'll be|they'll be|its) "
    r"(?:done|ready|time|finished|cooked)"
)
# A watch asked for: "keep an eye on it", "watch it", "time it", or a call when done
_WATCH = re.compile(
    rf"^{_ASKING}(?:keep an eye on (?:it|them|that)|keep (?:an )?eye on (?:it|them)|"
    rf"watch (?:it|them)|time (?:it|them|that)|{_CALL} {_WHEN_DONE})$"
)
# A call after a length: "let me know in 10 minutes", "give me a shout in 5 mins"
_CALL_IN = re.compile(rf"^{_ASKING}{_CALL} in (?P<length>[a-z0-9 .]+)$")
# A call when a length has passed: "tell me when 15 minutes is up", "…when it's been 3 minutes"
_CALL_WHEN = re.compile(
    rf"^{_ASKING}{_CALL} (?:when|once) (?:(?P<length>[a-z0-9 .]+?) (?:is|are|has|have) "
    r"(?:up|gone|passed|gone by|been)|it's been (?P<been>[a-z0-9 .]+?))$"
)
# What a dish needs: "the lasagne needs 40 minutes", "the cake's got 25 minutes to go",
# "the pudding wants another two hours", "the gammon has an hour and a quarter left"
_NEEDS = re.compile(
    r"^(?P<dish>(?:the|my|our|these|those|this|that) [a-z' ]{2,30}?)(?:'s)? "
    r"(?:needs?|wants?|has got|have got|got|has|have|takes?|will take|should take|"
    r"is going to take|goes in for|is in for|is on for)"
    r" (?:another |about |around |roughly |just )?(?P<length>[a-z0-9 .]+?)"
    r"(?: (?:more|left|to go|yet|in the oven|in))?$"
)


def _whole_length(said: str) -> float | None:
    if said in ("hour", "minute", "half hour"):
        said = f"a {said}"  # "wants another hour": "another" was its article
    words = said.split(" ")
    span = spoken.duration_in(words)
    if span is None or (span.start, span.end) != (0, len(words)):
        return None
    return float(span.value)


def watched(said: str) -> SetTimer | None:
    """The timer `said` (normalised, sentence ends as commas or gone) asks for without the
    word "timer", or None."""
    for pattern in (_CALL_IN, _CALL_WHEN):
        if (match := pattern.match(said)) is not None:
            length = _whole_length(match["length"] or match.groupdict().get("been") or "")
            return None if length is None else SetTimer(None, length)
    head, watch = _split_at_the_watch(said)
    if head is None or (needs := _NEEDS.match(head)) is None:
        return None
    length = _whole_length(needs["length"])
    if length is None:
        return None
    dish = re.sub(r"'s$", "", needs["dish"])
    dish = re.sub(r"^(?:these|those|this|that|our) ", "the ", dish)
    return SetTimer(timer_name(dish), length) if watch else None


def _split_at_the_watch(said: str) -> tuple[str | None, bool]:
    """The length said of a dish and whether a watch is asked after it, at a comma or
    with none ("the potatoes need twenty minutes let me know when they're ready")."""
    words = said.split(" ")
    for i in range(2, len(words)):
        head, rest = " ".join(words[:i]).removesuffix(" ,"), " ".join(words[i:])
        if _WATCH.match(rest.removeprefix(", ")):
            return head, True
    return None, False
