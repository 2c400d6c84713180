"""A statement that says what a live fact says has changed: proposed in that fact's place.

"Ify is 9 now" with "Ify is 8." live was proposed as a fact beside it, and a Keep left both
live, so recall said "Ify is 8. Ify is 9 now." Said as a change ("now", "these days",
"from now on", "any more", "actually", "changed to", "moved to", "instead"), of the same
people and the same things, with another number or another day or time, it replaces that
fact: the card says "Instead of …", and only a person's Keep retires the old one. Without
such a word nothing is replaced: "Ify has the dentist on Friday at 10am" beside "…on
Tuesday at 3pm" may be a second appointment. Of two facts it might replace, it replaces
neither: a wrong guess would cost a true fact at a hurried Keep.

    changes("Ify is 9 now.", "Ify is 8.")                         # True
    changes("Miko has swimming on Tuesday now.", "Miko has football on Monday.")  # False
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from appliance.memory.contrast import Marks, contrast
from appliance.memory.fact import Fact
from appliance.memory.restated import keys_of, named_alike

_SAID_AS_A_CHANGE = re.compile(
    r"\b(?:now|these days|nowadays|from now on|any ?more|actually|changed?|moved|switched|"
    r"instead)\b",
    re.IGNORECASE,
)
# "now" said of this moment: "Miko is at football now, back at 5"
_RIGHT_NOW = re.compile(
    r"\b(?:is|are|'s|'re) (?:at|out|off to|on (?:the|her|his|their) way|having|playing|doing|"
    r"asleep|awake|in the (?:bath|garden|shower|car))\b",
    re.IGNORECASE,
)
# Said beside the fact, never in its place: "…at 8pm now too", "…on Thursdays now as well as
# Tuesdays", "another dentist appointment on the 14th now" (a second review's each replaced one)
_MORE = re.compile(r"\b(?:too|as well|also|another|extra|additional|more|besides)\b", re.I)
_HOW_OFTEN = re.compile(
    r"\b(?:a week|a month|a day|a year|per week|per day|every \d|each|weekly|fortnightly|"
    r"monthly|daily|times)\b",
    re.IGNORECASE,
)
_SCHOOL_YEAR = re.compile(r"\byear \d{1,2}\b", re.IGNORECASE)
# What differs when the same thing changes: its number, or its day or time
_A_NEW_VALUE = frozenset({"their numbers differ", "they say different times"})


_NOT_THE_OLD = re.compile(
    r"[,;]?\s+(?:and\s+)?not\s+(?:at\s+|on\s+|the\s+)?(?:\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)?|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\s*[.!]?$",
    re.IGNORECASE,
)


def said_as_a_change(said: str) -> bool:
    """Whether `said` has a word of change at all: memory is searched for the fact it
    changes only then."""
    return _SAID_AS_A_CHANGE.search(said) is not None


def changes(said: str, fact: str) -> bool:
    """Whether `said` tells, as a change, another number, day or time for what `fact` is
    about: the same people, and every thing one is about is in the other."""
    if not _SAID_AS_A_CHANGE.search(said) or _RIGHT_NOW.search(said) or _MORE.search(said):
        return False
    if bool(_HOW_OFTEN.search(said)) != bool(_HOW_OFTEN.search(fact)):
        return False  # "3 piano lessons a week" is no other day for "piano on Monday at 4"
    if bool(_SCHOOL_YEAR.search(said)) != bool(_SCHOOL_YEAR.search(fact)):
        return False  # "Miko is now in year 2" is no age ("Miko is 6")
    said = " ".join(_SAID_AS_A_CHANGE.sub(" ", said).split())  # "actually" is about nothing
    # "…at 8am and 5pm, not 7": the old value said as not so is the change's, not a negation
    # (a nineteenth trial's was kept as a second fact beside the first)
    said = _NOT_THE_OLD.sub("", said)
    mine, theirs = Marks.of(said), Marks.of(fact)
    (mine, my_keys), (theirs, their_keys) = named_alike(
        mine, keys_of(said, mine), theirs, keys_of(fact, theirs), said
    )
    if set(mine.names) != set(theirs.names):
        return False
    if bool(my_keys) != bool(their_keys):
        # about the person alone ("Ify is 8"): only as much said again changes it, never
        # "Ify has 3 wobbly teeth now" (a review's would have retired her age)
        return False
    shared = set(my_keys) & set(their_keys)
    if not mine.names and not shared:
        return False  # of a thing alone, at least one thing in common: "the recycling"
    if not (set(my_keys) <= set(their_keys) or set(their_keys) <= set(my_keys)):
        return False  # "swimming" is not "football"
    return contrast(mine, theirs) in _A_NEW_VALUE


def changed_fact(said: str, live: Iterable[Fact]) -> Fact | None:
    """The one live fact `said` changes, or None for none or more than one."""
    found = [fact for fact in live if fact.status == "live" and changes(said, fact.text)]
    return found[0] if len(found) == 1 else None
