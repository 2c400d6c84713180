"""What a person starts to say and says again, taken out before a sentence is read.

    "set a timer for 7, erm, 8 minutes"              -> "set a timer for 8 minutes"
    "set a timer for fif, no, sixteen minutes"       -> "set a timer for sixteen minutes"
    "remind me at, uh, at half, at quarter to ten…"  -> "remind me at quarter to ten…"
    "remind me on sat, on sunday at 10am…"           -> "remind me on sunday at 10am…"
    "set a timer for like 4 minutes"                 -> "set a timer for 4 minutes"

Everyday splits' lines like these each did nothing, or named a timer "fif" or "oh". A
number is a false start when another follows it with a sound of thinking or a word that puts
it right between; two numbers with only a comma between ("4, 5 minutes") may mean either,
and are left. A little word said again after a comma ("at, at seven", "for half an, for
three quarters") starts the phrase again when what it began was left unfinished: nothing,
an article, "half", a day cut short, a number word cut short. "the milk, the eggs" is two
things, and "at 8, at the latest" a time and a reason: both stay.
"""

from __future__ import annotations

import re

from appliance.numbers import NUMBER_WORDS, ONES, TENS

_NUMBER_WORDS = (*ONES, *TENS)
# A number word cut short: "fif", "twen", "sev" (never a whole word, never under 3 letters,
# never a word of its own: "for" and "fort" begin "forty")
_CUT_SHORT = sorted(
    {w[:n] for w in _NUMBER_WORDS for n in range(3, len(w))} - set(_NUMBER_WORDS) - {"for", "fort"},
    key=len,
    reverse=True,
)
_A_NUMBER = rf"(?:\d+(?:[.:]\d+)?(?:am|pm)?|{NUMBER_WORDS})"  # and a clock's "7:30", "6pm"
_PUT_RIGHT = (
    r"(?:erm|er|um|umm|uh|uhm|ah|no|nah|nope|sorry|i mean|i meant|or rather|actually|"
    r"no wait|wait|make that|make it|hang on)"
)
# A number, or one cut short, put right by the next: "7, erm, 8", "fif, no, sixteen"; a
# time said with "half" or "quarter" put right by another ("half seven, no, quarter to
# eight"), whole. "half past 6, no, 7" keeps its "half past": only the number goes.
_FALSE_START = (
    re.compile(
        rf"\b(?:half|quarter)(?: past| to)? {_A_NUMBER}(?: ,)?(?: {_PUT_RIGHT}(?: ,)?)+ "
        r"(?=(?:half|quarter)\b)"
    ),
    # (never the hour of "10 to 6" or "20 past 8": which number was put right is unsure)
    re.compile(
        rf"(?<!\bto )(?<!\bpast )\b(?:{_A_NUMBER}|{'|'.join(_CUT_SHORT)})(?: ,)?"
        rf"(?: {_PUT_RIGHT}(?: ,)?)+ "
        rf"(?=(?:{_A_NUMBER}|half|quarter)\b)"
    ),
)
# "for like 4 mins", "add like 3 apples": "like" as a filler, after a word of the command
# only ("she'd like 2 tickets", "the kids like 2 sugars", "looks like 6 inches" keep it)
_LIKE = re.compile(
    rf"(^|\b(?:for|in|add|about|get|at|just|maybe|timer|it's|its|be) |, )like (?={_A_NUMBER}\b)"
)
# A sound of thinking set off by commas: "set the timer for, oh, forty…"
_A_SOUND_ALONE = re.compile(r" , (?:erm|er|um|umm|uh|uhm|ah|oh|hmm|ooh)(?= ,)")

# The little words a phrase is begun again from (never "to": "10 to 6, no, 5 to ring Gran")
_AGAIN_FROM = {"for", "at", "on", "in", "the", "my", "by", "until", "till"}
_SOUNDS = {"erm", "er", "um", "umm", "uh", "uhm", "ah", "oh", "no", "sorry", "nah"}
# What leaves a phrase unfinished when it is what was said last before the comma
_UNFINISHED = {
    *("a", "an", "the", "half", "quarter", "about", "like", "of", "past"),
    *("mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"),
}


def without_false_starts(said: str) -> str:
    """`said` (lower-case words and commas) with what was begun and said again taken out."""
    said = _restarted(said)
    for false_start in _FALSE_START:
        said = false_start.sub("", said)
    return _LIKE.sub(r"\1", _A_SOUND_ALONE.sub("", said))


def _restarted(said: str) -> str:
    words = said.split(" ")
    i = 0
    while i < len(words):
        again = _said_again_at(words, i)
        if again is not None:
            words = words[:i] + words[again:]
            continue  # the same place again: "at, uh, at half, at quarter to ten"
        i += 1
    return " ".join(words)


def _said_again_at(words: list[str], i: int) -> int | None:
    """Where the phrase begun at words[i] is begun again, if what it began was left
    unfinished and a comma came between; else None."""
    if words[i] not in _AGAIN_FROM:
        return None
    for j in range(i + 1, min(i + 8, len(words))):
        if words[j] == words[i]:
            between = words[i + 1 : j]
            if "," not in between:
                return None
            begun = [w for w in between if w != "," and w not in _SOUNDS]
            return j if len(begun) <= 3 and _unfinished(begun) else None
    return None


def _unfinished(begun: list[str]) -> bool:
    """Whether a phrase ends unfinished: nothing yet, an article, "half", a day or a number
    word cut short. A number finishes one ("at 8, at the latest", "for 4, for 7pm")."""
    return not begun or begun[-1] in _UNFINISHED or begun[-1] in _CUT_SHORT
