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
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Generic, TypeVar

from appliance.brain.statements import beside_a_command, sentence, without_filler
from appliance.household.moments import MONTHS, WEEKDAYS
from appliance.sentences import sentences

if TYPE_CHECKING:
    from appliance.brain.router import Route

R = TypeVar("R")

# Where a sentence's command and fact meet: "…nuts, and add oat milk", "…list and remember
# that …", "…, oh and …", "…, so add …", "… & remind me …"; `said` holds the words said
# at the joint, none at a bare comma.
_JOINT = re.compile(
    r"\s*[,;]\s*(?P<said>(?:(?:and|also|then|so|oh|plus)\s+)*)"
    r"|\s+(?P<said2>(?:and|&)\s+(?:(?:also|then|so|oh)\s+)*)"
    # "the plumber is coming on the 17th so remind me on the 16th…" (a thirteenth trial's
    # lost the reminder): a bare "so" before a command's own first words
    r"|\s+(?P<said3>so\s+)(?=(?:remind|add|set|put|pop|stick|cancel|can you|could you|"
    r"please)\b)",
    re.IGNORECASE,
)
# A part shorter than this is no command or fact of its own ("…and stop").
_FEWEST_WORDS = 2
_MONTH = re.compile(rf"\b(?:{'|'.join(MONTHS)})\b", re.IGNORECASE)
_A_DATE = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?(?: of)? (?:{'|'.join(MONTHS)})\b"
    rf"|\b(?:{'|'.join(MONTHS)}) (?:the )?\d{{1,2}}(?:st|nd|rd|th)?\b",
    re.IGNORECASE,
)
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
    said: str = ""  # the words of the part
    remark: bool = False  # said in passing beside a command, and nothing to keep


Claim = Callable[[str], "Part[R] | None"]


def parts(text: str, claim: Claim[R]) -> list[R] | None:
    """The routes of `text` read in parts, in the order said; None when it is read whole.

    `claim(piece)` is the router's reading of one piece alone: a command or a fact, else
    None (a question, small talk, or nothing at all)."""
    months = {m.lower() for m in _MONTH.findall(text)}
    # only where a day of that month is said ("the 3rd of May"): "the car insurance is due in
    # March. Remind me on the 28th…" is this month's 28th (a review's became March's)
    if len(months) == 1 and _A_DATE.search(text):
        # "…her birthday is on the 3rd of May, and remind me on the 2nd to buy a card": a
        # command's day of the month is of the one month the message names
        claim = _in_the_month_said(claim, months.pop())
    said_in = sentences(text)
    if len(said_in) < 2 and not _JOINT.search(text):
        return None  # one sentence and no joint: one part, read whole by the table as ever
    claim = _once_each(claim)
    found: list[Part[R]] = []
    for said in said_in:
        read = _read(said, claim)
        if read is None:
            return None  # a part nobody claims: the message is read whole
        found += read
    if len(found) < 2 or len({part.command for part in found}) < 2:
        return None  # one part, or only commands (the household's own) or only facts
    kept = [part for part in found if not part.remark]
    if len(kept) < len(found) and (
        any(_SAID_BEFORE.search(part.said) for part in kept)
        or ((whole := claim(text)) is not None and whole.command)
    ):
        return None  # "We've got milk, take it off the list": "it" is what the remark said
    # a guess or a question said beside a command is let go, as the household lets a remark
    # go ("Not sure if Gran is coming, add cake anyway": the cake)
    return [part.route for part in kept]


def _claimed(piece: str, claim: Claim[R]) -> Part[R] | None:
    piece = piece.strip(" ,;")
    found = claim(piece) if len(piece.split()) >= _FEWEST_WORDS else None
    return replace(found, said=piece) if found is not None else None


def _read(said: str, claim: Claim[R]) -> list[Part[R]] | None:
    """The parts of one sentence, in order: a part and the parts after it where a command
    and a fact meet at a joint ("add bananas, remember Noah is allergic to kiwi, and add
    yoghurts too" is three), else the sentence whole; None when nobody claims it."""
    whole = _claimed(said, claim)
    # the longest head first: "add bread, milk and Tom is off to camp" holds the list whole
    for joint in reversed(list(_JOINT.finditer(said))):
        head = _claimed(said[: joint.start()], claim)
        rest = _read(said[joint.end() :], claim) if head is not None else None
        if head is None or rest is None or len({head.command, *(p.command for p in rest)}) < 2:
            continue
        if _held_together(joint, head, rest[0], whole):
            continue
        return [head, *rest]
    return [whole] if whole is not None else None


# A command that names its thing by what was said before it: "…, take it off the list"
_SAID_BEFORE = re.compile(r"\b(?:it|them|that|those|these|this|one|some)\b", re.IGNORECASE)
# Words at a joint that turn to something else: "…tissues, oh and the GP is Dr O'Brien"
_NEW_TOPIC = frozenset({"oh", "also", "plus"})
# A command that names what it works: "…and add oat milk to the list", "…and set a timer"
_NAMES_ITS_RECORD = re.compile(r"\b(?:list|timer|remind|reminder|alarm)\b", re.IGNORECASE)


def _held_together(
    joint: re.Match[str], head: Part[R], tail: Part[R], whole: Part[R] | None
) -> bool:
    """Whether the words each side of `joint` are one thing said, not a command and a fact:
    - a command the household reads whole keeps what follows a bare comma or "and" ("remind
      me tomorrow to tell Mum and Dad the car is fixed", "add milk and the bread Dad likes",
      "remind me at 5 to tell Sam, Gran is coming"), unless it is "remember that …" or said
      after "oh and" / "also";
    - a fact keeps a command said after a plain "and" that names no record ("Mum's trick is
      to brown the mince and add a stock cube": a way of cooking, not the list)."""
    words = set((joint["said"] or joint["said2"] or joint["said3"] or "").lower().split())
    turned = bool(words & _NEW_TOPIC)
    if head.command:
        whole_command = whole is not None and whole.command
        return whole_command and not tail.asked_to_keep and not turned
    comma = "," in joint.group() or ";" in joint.group()
    if whole is not None and whole.command and not (comma or turned) and "," in head.said:
        # "the cupboards are bare, fish fingers and bread on the list": the household reads
        # the whole as one command said after a remark, and this "and" joins its things (a
        # held-out split of the daily loop's kept "…, fish fingers" as a fact)
        return True
    return not (comma or turned or _NAMES_ITS_RECORD.search(tail.said))


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


# -- the router's reading of a part ------------------------------------------------------

# the routes a part said beside a command may take: the fact is kept or proposed as said
_FACT_ROUTES = ("remember", "statement")
_WORD = re.compile(r"[\w']+")


def part(text: str, found: Route, records: bool) -> Part[Route] | None:
    """`found`, the router's route for `text` alone, as a part of a message: a command of
    the household's records (`records`), or a fact; None for anything else."""
    if found.kind == "statement" and not _begins_with(text, found.facts):
        return None  # "tissues, oh and the GP is Dr O'Brien": not all a fact
    if found.kind == "statement" and not beside_a_command(text):
        # "maybe Gran is coming Sunday", "Sam's allergic to nuts isn't he": no fact to keep
        return Part(found, command=False, said=text, remark=True)
    if not (records or found.kind in _FACT_ROUTES):
        return None
    return Part(found, command=records, asked_to_keep=found.kind == "remember", said=text)


def _begins_with(text: str, facts: tuple[str, ...]) -> bool:
    """Whether a statement's first fact is how `text` begins (after "oh", "by the way")."""
    said = _WORD.findall(without_filler(text).lower())
    first = _WORD.findall(facts[0].lower()) if facts else []
    return bool(first) and said[:3] == first[:3]


# A fact said of someone named only in the command beside it: "remind me at 7pm to give Milo
# his worming tablet and remember that he weighs 12 kilos"
_OF_THEM = re.compile(r"^(?P<who>he's|she's|he|she|his)\b", re.IGNORECASE)
_A_NAME = re.compile(r"(?<!^)(?<![.!?] )\b([A-Z][a-z]+)(?:'s)?\b")


def with_names(routes: list[Route]) -> list[Route] | None:
    """The routes, a fact that opens with "he" or "she" said of the one person the commands
    name ("Milo weighs 12 kilos", proposed for a person to read, since these are no longer
    the words said); None when it names no one or more than one (read whole)."""
    named = {
        name
        for route in routes
        if route.kind not in _FACT_ROUTES
        for name in _A_NAME.findall(route.text)
        if name.lower() not in _NOT_A_NAME
    }
    out = []
    for route in routes:
        found = _OF_THEM.match(route.text) if route.kind in _FACT_ROUTES else None
        if found is None:
            out.append(route)
            continue
        if len(named) != 1:
            return None  # "…, remember he's on nights" with nobody or two named
        who = next(iter(named))
        said = found["who"].lower()
        name = f"{who}'s" if said in ("he's", "she's", "his") else who
        fact = sentence(name + route.text[found.end() :])
        out.append(replace(route, kind="statement", text=fact, facts=(fact,)))
    return out


# Capitalised words of a command that are no one: days, months, and what opens a sentence
_NOT_A_NAME = frozenset("remind set add put take cancel i christmas easter".split()) | frozenset(
    (*WEEKDAYS, *MONTHS)
)
