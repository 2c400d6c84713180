"""A running timer's time taken off, and a pause asked for (which timers here do not do).

"take 5 minutes off the eggs" is more time's opposite (AddTime with fewer seconds). A timer
here keeps counting from when it was set: "pause the egg timer" is answered with what it
holds and how to stop it, never a pause claimed (a ninth trial's got the model's reply).
"""

from __future__ import annotations

import re

from appliance.household import spoken
from appliance.household.requests import AddTime, Command, PauseTimer
from appliance.household.timer_phrases import timer_name

_NAME = r"[a-z][a-z' ]{0,30}?"
# "take 5 minutes off the eggs", "knock a couple of minutes off the rice timer", "shave a
# minute off"
_TAKE_OFF = re.compile(
    rf"^(?:take|knock|shave|cut|chop|trim) (?P<length>.+?) off(?: (?:of )?(?P<name>{_NAME}))?$"
)
# "reduce the pasta timer by 2 minutes", "5 minutes less on the cookies", "minus a minute
# on the rice"
_LESS = re.compile(
    rf"^(?:reduce|shorten|cut) (?P<name>{_NAME}) by (?P<length>.+)$"
    rf"|^(?:minus )?(?P<length2>.+?) (?:less|fewer) (?:on|for) (?P<name2>{_NAME})$"
    rf"|^minus (?P<length3>.+?) (?:on|from|off) (?P<name3>{_NAME})$"
)
# "pause the egg timer", "put the timer on hold", "resume the rice timer", "unpause it"
_PAUSE = re.compile(
    rf"^(?:(?P<pause>pause|hold|freeze)(?: (?:the |my )?(?P<name>{_NAME}))?"
    rf"|put (?:the |my )?(?P<name2>{_NAME}) on (?:hold|pause)"
    rf"|(?P<resume>resume|unpause|un pause|continue|carry on)"
    rf"(?: (?:the |my )?(?P<name3>{_NAME}))?)$"
)


def _length(words: str) -> float | None:
    span = spoken.duration_in(words.split(" "))
    if span is None or span.start != 0 or span.end != len(words.split(" ")):
        return None  # the whole of it a length: "take the pasta off" is no time
    return float(span.value)


def _named(raw: str | None) -> str | None:
    name = timer_name(raw) if raw else None
    return None if name in (None, "it", "that", "this", "them") else name


def time_taken_off(said: str) -> Command | None:
    """ "take 5 minutes off the eggs": a running timer's time made shorter."""
    if found := _TAKE_OFF.match(said):
        length, raw = found["length"], found["name"]
    elif found := _LESS.match(said):
        length = found["length"] or found["length2"] or found["length3"]
        raw = found["name"] or found["name2"] or found["name3"]
    else:
        return None
    if (seconds := _length(length)) is None or (raw and re.search(r"\b(?:list|shopping)\b", raw)):
        return None
    return AddTime(_named(raw), -seconds)


def pause_asked(said: str) -> Command | None:
    """ "pause the egg timer", "resume the timer": a pause asked for."""
    if (found := _PAUSE.match(said)) is None:
        return None
    raw = found["name"] or found["name2"] or found["name3"]
    words = (raw or "").split()
    if (
        "timer" not in words
        and "timers" not in words
        and not (found["pause"] == "pause" and words in ([], ["it"], ["that"]))
    ):
        # only a timer said, or "pause" alone: "hold it", "pause the music", "carry on" and
        # "continue" are someone else's, the cookbook's or the devices' line's
        return None
    return PauseTimer(_named(raw), resume=bool(found["resume"]))
