"""A household command and a fact said in one message: each part done as if said alone.

People say what they need doing beside what Hearth should know. Read whole, one part
was lost: "Sam is allergic to nuts. Add peanuts to the list." added the peanuts and
the allergy went unheard (the household's rules read it as a remark before the
command); "Add rice to the list. By the way, Gran is coming on Sunday." noted Gran and
dropped the rice; "Remember that Sam is allergic to nuts, and add oat milk to the list"
kept the whole sentence as one live fact, the command inside it, and no oat milk.

So a message is read in parts when, and only when, every part is claimed on its own,
by a command of the household's records (a timer, a reminder, the list) or by a fact (a
"remember that" or a plain statement), and both kinds are there. Anything else (a
question, small talk, a part nobody claims) leaves the message whole, read as before.
Parts are its sentences; within a sentence, a command and a fact joined by "and", "so",
"oh and" or a comma are two parts, unless the household reads the whole sentence as one
command said first and only a comma comes before the plain statement ("remind me at 5
to tell Sam, Gran is coming": what to tell him is the errand).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from appliance.household.moments import MONTHS
from appliance.sentences import sentences

R = TypeVar("R")

# Where a sentence's command and fact meet: "…nuts, and add oat milk", "…list and remember
# that …", "…, oh and …", "…, so add …", "… & remind me …"; `said` holds the words said
# at the joint, none at a bare comma.
_JOINT = re.compile(
    r"\s*[,;]\s*(?P<said>(?:(?:and|also|then|so|oh|plus)\s+)*)"
    r"|\s+(?P<said2>(?:and|&)\s+(?:(?:also|then|so|oh)\s+)*)",
    re.IGNORECASE,
)
# A part shorter than this is no command or fact of its own ("…and stop").
_FEWEST_WORDS = 2
_MONTH = re.compile(rf"\b(?:{'|'.join(MONTHS)})\b", re.IGNORECASE)
# "the 2nd", "the twenty-first" with no month after it
_DAY_OF_NO_MONTH = re.compile(
    r"\bthe (?:\d{1,2}(?:st|nd|rd|th)|(?:(?:twenty|thirty)[- ])?(?:first|second|third|fourth|"
    r"fifth|sixth|seventh|eighth|ninth)|tenth|eleventh|twelfth|(?:thir|four|fif|six|seven|"
    r"eigh|nine)teenth|twentieth|thirtieth)\b(?!\s+of\b)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Part(Generic[R]):
    """A part of a message, as the router claims it alone."""

    route: R
    command: bool  # a command of the household's records; else a fact
    asked_to_keep: bool = False  # a fact said with "remember that"


Claim = Callable[[str], "Part[R] | None"]


def parts(text: str, claim: Claim[R]) -> list[R] | None:
    """The routes of `text` read in parts, in the order said; None when it is read whole.

    `claim(piece)` is the router's reading of one piece alone: a command or a fact, else
    None (a question, small talk, or nothing at all)."""
    months = {m.lower() for m in _MONTH.findall(text)}
    if len(months) == 1:
        # "…her birthday is on the 3rd of May, and remind me on the 2nd to buy a card": a
        # command's day of the month is of the one month the message names
        claim = _in_the_month_said(claim, months.pop())
    claim = _once_each(claim)
    found: list[Part[R]] = []
    for said in sentences(text):
        read = _read(said, claim)
        if read is None:
            return None  # a part nobody claims: the message is read whole
        found += read
    if len(found) < 2 or len({part.command for part in found}) < 2:
        return None  # one part, or only commands (the household's own) or only facts
    return [part.route for part in found]


def _claimed(piece: str, claim: Claim[R]) -> Part[R] | None:
    piece = piece.strip(" ,;")
    return claim(piece) if len(piece.split()) >= _FEWEST_WORDS else None


def _read(said: str, claim: Claim[R]) -> list[Part[R]] | None:
    """The parts of one sentence, in order: a part and the parts after it where a command
    and a fact meet at a joint ("add bananas, remember Noah is allergic to kiwi, and add
    yoghurts too" is three), else the sentence whole; None when nobody claims it."""
    whole = _claimed(said, claim)
    for joint in _JOINT.finditer(said):
        head = _claimed(said[: joint.start()], claim)
        rest = _read(said[joint.end() :], claim) if head is not None else None
        if head is None or rest is None or len({head.command, *(p.command for p in rest)}) < 2:
            continue
        bare = not (joint["said"] or joint["said2"] or "").strip()
        whole_command = whole is not None and whole.command
        if bare and head.command and whole_command and not rest[0].asked_to_keep:
            continue  # "remind me at 5 to tell Sam, Gran is coming": the errand's words
        return [head, *rest]
    return [whole] if whole is not None else None


def _once_each(claim: Claim[R]) -> Claim[R]:
    """`claim`, reading each piece once: a sentence's joints share their pieces."""
    read: dict[str, Part[R] | None] = {}

    def claimed(piece: str) -> Part[R] | None:
        if piece not in read:
            read[piece] = claim(piece)
        return read[piece]

    return claimed


def _in_the_month_said(claim: Claim[R], month: str) -> Claim[R]:
    """`claim`, with a command's bare day of the month read as of `month`; a fact is
    claimed in the words it was said in."""

    def claimed(piece: str) -> Part[R] | None:
        found = claim(piece)
        if found is None or not found.command or _MONTH.search(piece):
            return found
        dated = _DAY_OF_NO_MONTH.sub(lambda day: f"{day[0]} of {month}", piece)
        again = claim(dated) if dated != piece else None
        return again if again is not None and again.command else found

    return claimed
