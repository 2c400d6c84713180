"""What is said while a timer or reminder rings: stop it, or ring again later."""

from __future__ import annotations

import re

from appliance.household import spoken
from appliance.household.requests import (
    Command,
    SnoozeRinging,
    StopRinging,
)

# what is said first to a ring, heard or acknowledged: "ok ok I hear it, stop" (a ninth
# trial's went on ringing)
_OK = (
    r"(?:(?:ok|okay|alright|all right|yes|yeah|yep|thanks|thank you|right|fine|hearth|"
    r"i hear (?:it|you)|i know|i'm coming|coming|got it|i heard (?:it|you))(?: |$))*"
)
_STOP_RINGING = re.compile(
    rf"^{_OK}(?:stop(?: it| that| ringing|"
    r" (?:the|that|this) (?:alarm|noise|beeping|racket|din|timer|reminder|thing))?"
    r"|(?:turn|switch|shut) (?:it|that) off|turn off|switch off|off|shut up|shush|hush|sh+|"
    r"(?:be )?quiet|silence|enough|that's enough|i'm up|im up|i'm coming|got it|heard you|"
    r"i heard you|i hear (?:it|you)|dismiss|cancel(?: it)?|done|i'm on it|on it)?$"
)
# How "ring again later" begins; the length, if any, follows in any words.
_SNOOZE = re.compile(
    # "not yet, give it a snooze": a no before the asking
    rf"^{_OK}(?:(?:not now|not yet|later) )?"
    r"(?P<lead>(?:give (?:it|me|us) )?a snooze|snooze(?: it)?|not now|not yet|later|"
    r"in a (?:minute|bit|moment)|"
    r"(?:give|gimme) (?:me|us|it)|another|(?:just )?(?:a few |a couple )?more|"
    r"(?:do it|ring|go off|remind me|try|tell me) again|again|remind me(?= in ))(?: (?P<rest>.+))?$"
)
_SNOOZE_DEFAULT = 300.0  # "snooze" alone: five minutes, as a phone's alarm does
# words that name what they are said of: "snooze the reminder for ten minutes" is the
# reminder's, read by its own rule, whatever else rings
_NOT_A_LENGTH = re.compile(r"\b(?:list|shopping|timer for|reminders?)\b|^remind me in .+ to\b")


def _snooze_length(rest: str | None) -> float | None:
    """The length in what follows the lead: "for ten", "like 15 mins", "half an hour",
    "5" (a bare number is minutes); None if something else is said there."""
    if rest is None:
        return _SNOOZE_DEFAULT
    words = [w for w in rest.split(" ") if w not in ("more", "for", "like", "about", "in", "say")]
    if not words or words in (["minutes"], ["a", "bit"], ["a", "while"]):
        return _SNOOZE_DEFAULT
    span = spoken.duration_in(words)
    if span is not None:
        return float(span.value)
    return spoken.bare_minutes(words)  # "snooze it for ten", "another 5": minutes


# "stop" said to Hearth when nothing rings: answered, not left to the model ("Nothing is
# ringing."); "stop it" and "shut up" are as often said to someone else, and stay theirs
_PLAIN_STOP = re.compile(
    r"^(?:stop(?: ringing| the (?:alarm|noise|beeping))?|turn it off|switch it off|shush|hush|"
    r"silence)$"
)


# The ones ringing, said as such: "stop the timers that are ringing", "turn off the ringing
# one" (a twenty-first trial's cancelled every timer set, the joint in the oven too): only
# what rings stops, and with nothing ringing nothing does
_THE_RINGING_ONES = re.compile(
    r"^(?:please )?(?:stop|silence|turn off|switch off|shut off|cancel|kill|quiet) "
    r"(?:the |that |those |these |all the )?(?:(?:ringing|beeping) (?:timers?|alarms?|"
    r"reminders?|ones?)|(?:timers?|alarms?|reminders?|ones?|thing|noise) (?:that(?:'s| is| are)|"
    r"which(?:'s| is| are)) (?:ringing|beeping|going off))(?: please)?$"
)


# "snooze" alone with nothing ringing: "Nothing is ringing, so there is nothing to snooze."
# (a sixth trial's got the bound's "I haven't done anything…")
_PLAIN_SNOOZE = re.compile(r"^snooze(?: it| that)?$")


def the_ringing_ones(text: str) -> Command | None:
    """ "stop the timers that are ringing": what rings, never every timer set."""
    return StopRinging() if _THE_RINGING_ONES.match(text) else None


def stop_with_nothing_ringing(text: str) -> Command | None:
    if _PLAIN_SNOOZE.match(text):
        return SnoozeRinging(_SNOOZE_DEFAULT)
    return StopRinging() if _PLAIN_STOP.match(text) else None


def ringing(text: str) -> Command | None:
    """What is said while something rings: stop it, or ring again later."""
    text = text.replace(" ,", "")
    if (match := _SNOOZE.match(text)) and not _NOT_A_LENGTH.search(text):
        seconds = _snooze_length(match["rest"])
        if seconds is not None:
            return SnoozeRinging(seconds)
    if re.fullmatch(rf"{_OK}(?:just |another |a )?\S+(?: \S+)? more \S+(?: please)?", text):
        span = spoken.duration_in(text.replace(" more", "").split(" "))  # "five more minutes"
        if span is not None:
            return SnoozeRinging(float(span.value))
    if _STOP_RINGING.match(text):
        return StopRinging()
    return None
