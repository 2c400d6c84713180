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
# A call: "let me know", "tell me", "give me a shout", "holler at me", "give us a shout"
_CALL = (
    r"(?:let (?:me|us) know|tell (?:me|us)|give (?:me|us) a (?:shout|nudge|call|buzz|ping|"
    r"heads up|bell|knock)|shout(?: me| us)?|holler(?: at me)?|call me|ping me|nudge me|"
    r"buzz me|alert me)"
)
# …when it is done: "when it's done", "when they're ready", "when it's time", "when"
_WHEN_DONE = (
    r"(?:(?:when|once) (?:it's|it is|they're|they are|that's|it'll be|they'll be|its) "
    r"(?:done|ready|time|finished|cooked)|when to (?:take|get) (?:it|them) out|when)"
)
# A watch asked for: "keep an eye on it", "watch it", "time it", or a call (when done)
_WATCH = re.compile(
    rf"^(?:and )?{_ASKING}(?:keep an eye on (?:it|them|that)|keep (?:an )?eye on (?:it|them)|"
    rf"watch (?:it|them)|time (?:it|them|that)|{_CALL}(?: {_WHEN_DONE})?)$"
)
# What the call is for, said after it: "…in 3 minutes for the tea", "…, the milk's on the hob"
_FOR = (
    r"(?: for (?P<for>(?:the|my|our) [a-z' ]{2,30})"
    r"| , (?P<on>(?:the|my|our) [a-z' ]{2,30}?)(?:'s| is| are) (?:on|in) [a-z' ]{2,20})?"
)
# A call after a length: "let me know in 10 minutes", "give me a shout in 5 mins"
_CALL_IN = re.compile(rf"^{_ASKING}{_CALL} in (?P<length>[a-z0-9 .]+?){_FOR}$")
# A call when a length has passed: "tell me when 15 minutes is up", "…when it's been 3 minutes"
_CALL_WHEN = re.compile(
    rf"^{_ASKING}{_CALL} (?:when|once) (?:(?P<length>[a-z0-9 .]+?) (?:is|are|has|have) "
    r"(?:up|gone|passed|gone by|been)|it's been (?P<been>[a-z0-9 .]+?))$"
)
# What a dish needs: "the lasagne needs 40 minutes", "the cake's got 25 minutes to go",
# "rice takes 12 minutes", "the roast potatoes go in for an hour and ten", "sprouts, eight
# minutes", "give the eggs seven minutes"
_DISH = r"(?P<dish>(?:(?:the|my|our|these|those|this|that) )?[a-z' ]{2,30}?)(?:'s)?"
_LENGTH = (
    r" (?:, )?(?:another |about |around |roughly |just )?(?P<length>[a-z0-9 .]+?)"
    r"(?: (?:more|left|to go|yet|in the oven|in))?$"
)
_NEEDS = (
    re.compile(  # with what it needs said: the verb decides where the dish ends
        rf"^(?:give )?{_DISH} (?:"
        # first, as "needs" alone would end the verb there: "the brown bread needs to come
        # out in 45 minutes, would ya time that for me" (a held-out split's went to the model)
        r"needs? to come (?:out|off) in|needs? taking (?:out|off) in|comes? (?:out|off) in|"
        r"(?:is|are|will be|'ll be) (?:done|ready) in|"
        r"needs?|wants?|has got|have got|got|has|have|takes?|"
        r"will take|should take|is going to take|goes in for|go in for|goes on for|"
        rf"go on for|cooks? for|is in for|is on for){_LENGTH}"
    ),
    re.compile(rf"^(?:give )?{_DISH}{_LENGTH}"),  # "sprouts, eight minutes"
)
# Never a dish: who or what is meant elsewhere
_NO_DISH = {"it", "he", "she", "they", "that", "this", "i", "we", "you", "there", "which"}
# Said of the dish, they leave its length in doubt or deny it: "the lasagne doesn't need 40
# minutes", "maybe the lasagne needs…", "does the lasagne need…?" (a review's each set a
# timer, named "lasagne doesn't")
_IN_DOUBT = {
    *("not", "never", "doesn't", "don't", "won't", "isn't", "aren't", "can't", "shouldn't"),
    *("does", "do", "did", "will", "would", "should", "could", "might", "may", "must"),
    *("maybe", "perhaps", "think", "reckon", "guess", "surely", "if", "whether", "what"),
    *("how", "why", "when", "where", "who", "is", "are", "was", "were", "said", "says"),
}
# Said of the dish and no part of its name: "the lasagne still needs…"
_ONLY_SAID = {"still", "only", "just", "probably", "definitely", "really", "now", "also"}


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
            found = match.groupdict()
            length = _whole_length(found["length"] or found.get("been") or "")
            named = found.get("for") or found.get("on")
            return None if length is None else SetTimer(timer_name(named), length)
    head, watch = _split_at_the_watch(said)
    if head is None or not watch:
        return None
    for pattern in _NEEDS:
        if (needs := pattern.match(head)) is None:
            continue
        length = _whole_length(needs["length"])
        words = re.sub(r"'s$", "", needs["dish"]).split(" ")
        while words and words[-1] in _ONLY_SAID:
            words.pop()
        dish = " ".join(words)
        if (
            length is None
            or not words
            or dish in _NO_DISH
            or set(words) & _IN_DOUBT
            or _whole_length(dish) is not None
        ):
            continue
        dish = re.sub(r"^(?:these|those|this|that|our) ", "the ", dish)
        return SetTimer(timer_name(dish), length)
    return None


def _split_at_the_watch(said: str) -> tuple[str | None, bool]:
    """The length said of a dish and whether a watch is asked after it, at a comma or
    with none ("the potatoes need twenty minutes let me know when they're ready")."""
    words = said.split(" ")
    for i in range(2, len(words)):
        head, rest = " ".join(words[:i]).removesuffix(" ,"), " ".join(words[i:])
        if _WATCH.match(rest.removeprefix(", ")):
            return head, True
    return None, False
