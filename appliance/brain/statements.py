"""Statements: what a person tells Hearth about the household, in plain words.

In a kitchen the utterance often *is* the fact: "the spare key is under the blue
pot by the back door". These rules find such a plain declarative statement about
the household (someone named, a family role, "we/our/my", a thing in the house),
split it into its facts ("we switched to oat milk, Ravi can't have dairy" is two)
and drop the conversational rest ("…, so no satay at the party", "…, he can't
stand them"). What they return is proposed as it was said, so nothing is
restated with changed details.

Small talk is what they must leave alone: "I burnt the toast again", "the kids
loved the pancakes", "we're nearly out of bread" are about now, not about how
the household is. The router uses `facts_stated` to tell a statement (answered
with a fixed acknowledgement) from small talk (answered by the model); the
note-taker uses the same function to propose. One rule, both places.
"""

from __future__ import annotations

import re

from appliance.brain.questions import FAMILY, HOUSE
from appliance.memory.text import tokens


def sentence(text: str) -> str:
    """A fact as a sentence: trimmed, capitalised, ending in a full stop."""
    text = " ".join(text.split()).strip(" ,;:-")
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


_FILLER = re.compile(
    r"^(?:(?:oh|and|also|so|btw|by the way|anyway|right|well|ok|okay|just so you know|"
    r"fyi|for the record|hearth)\b[\s,:!-]*)+",
    re.IGNORECASE,
)
# Speaks to Hearth (a request), not about the household.
_REQUEST = frozenset(
    """
    tell play set add put make give turn show read stop start call remind let let's please
    can could would will leave take bring get open close switch find help say sing order
    buy check look name list suggest recommend explain describe write pick choose think
    guess imagine give count spell define translate compare convert calculate work tell
""".split()
)
# A question, asked without its question mark, states nothing.
_ASKS = frozenset(
    """
    what what's whats who who's whose where where's when when's why how which is are do
    does did can could would will should shall have has may might
""".split()
)
# About now, not about how the household is.
_NOW = re.compile(
    r"\b(today|tonight|this (?:morning|afternoon|evening|week)|right now|just now|at the "
    r"moment|again|yesterday|out of|nearly out|running low|back soon|being|so (?:tired|"
    r"hungry|busy)|lovely|delicious|amazing|great|awful|fun|yummy|gorgeous|silly|tired|"
    r"hungry|bored)\b",
    re.IGNORECASE,
)
# A past verb tells a one-off event ("the kids loved the pancakes") unless it is a change
# that lasts ("we switched to oat milk", "the collection moved to Mondays").
_PAST = re.compile(
    r"\b(\w{3,}ed|had|was|were|did|made|ate|went|got|took|came|left|burnt)\b", re.IGNORECASE
)
_LASTING = re.compile(
    r"\b(switched|moved|changed|started|stopped|became|now|married|"
    r"divorced|retired|born|died)\b",
    re.IGNORECASE,
)
_VERB = re.compile(
    r"\b(is|are|was|were|has|have|had|'s|can|can't|cannot|can not|doesn't|don't|does not|"
    r"do not|won't|isn't|aren't|should|must|will|never|always|\w+s|\w+ed)\b",
    re.IGNORECASE,
)
_SPEAKER_SUBJECT = re.compile(
    r"^(i|i'm|i've|i'd|i'll|you|you're|it|it's|that|that's|this|"
    r"there|there's|he|she|they|he's|she's|they're|these|those)\b",
    re.IGNORECASE,
)
_OURS = re.compile(r"^(we|we've|our|my)\b", re.IGNORECASE)
# Where a sentence holds more than one thing said: ", Ravi can't have dairy".
_CLAUSE = re.compile(r"\s*(?:[,;]|\s-\s|\bbut\b)\s*", re.IGNORECASE)
# A tail that belongs to the fact before it: "…, next to the bakery", "…, half a pouch".
_TAIL = re.compile(
    r"^(next|near|by|on|in|at|with|behind|under|above|half|a|an|every|each|"
    r"twice|once|from|until|after|before|\d)",
    re.IGNORECASE,
)
_NOT_A_NAME = frozenset(
    """
    good thanks thank never ugh oh yes no well great nice lovely happy sorry hello hi hey
    dinner lunch breakfast tea today tonight tomorrow everything nothing someone everyone
    what how why when where who which hearth morning evening night please
""".split()
)


def without_filler(text: str) -> str:
    """The text without its conversational lead-in ("oh, and by the way, …")."""
    return _FILLER.sub("", text)


def _names_someone(clause: str) -> bool:
    """A person or animal is the subject: 'Sam is…', "Lucy's play…", 'Aunt Clare…'."""
    words = clause.split()
    first = words[0].strip(",.!?")
    bare = re.sub(r"['\u2019]s$", "", first)
    if bare[:1].isupper() and bare.lower() not in _NOT_A_NAME and len(words) > 1:
        return True
    head = [w.lower().strip(",.!?") for w in words[:3]]
    return any(re.sub(r"['\u2019]s$", "", w) in FAMILY or w.rstrip("s") in FAMILY for w in head)


def _about_the_house(clause: str) -> bool:
    """'the bins go out…', 'the boiler pressure should…': a house thing early on."""
    if not re.match(r"^(the|a|an|our|my)\b", clause, re.IGNORECASE):
        return False
    return any(t in HOUSE or t in FAMILY for t in tokens(" ".join(clause.split()[:5])))


def is_statement(clause: str) -> bool:
    """Whether one clause, fillers removed, states a lasting household fact."""
    clause = clause.strip(" .!")
    words = clause.split()
    if len(words) < 3 or clause.endswith("?"):
        return False
    first = words[0].lower().strip(",")
    if first in _REQUEST or first in _ASKS or _SPEAKER_SUBJECT.match(clause):
        return False
    if _NOW.search(clause):
        return False
    if _PAST.search(clause) and not _LASTING.search(clause):
        return False
    # "we keep…", "we use…": after "we" comes the verb, in any form.
    if not (words[0].lower() == "we" or _VERB.search(" ".join(words[1:]))):
        return False
    return bool(_OURS.match(clause) or _names_someone(clause) or _about_the_house(clause))


# A statement is a few short facts said in passing. A story is conversation: the model
# answers it, and no paragraph lands on the board as one "fact" to keep or discard whole.
MESSAGE_MAX_WORDS = 60
FACT_MAX_WORDS = 25
MAX_FACTS = 3


def facts_stated(text: str) -> list[str]:
    """The facts a plain statement states, each as the sentence that was said."""
    text = " ".join(text.split())
    if not text or text.endswith("?") or len(text.split()) > MESSAGE_MAX_WORDS:
        return []
    facts: list[str] = []
    for part in re.split(r"(?<=[.!])\s+", text):  # sentences first
        clauses = [c for c in _CLAUSE.split(without_filler(part)) if c.strip()]
        kept: list[str] = []
        for n, clause in enumerate(clauses):
            clause = without_filler(clause).strip(" .!")
            if is_statement(clause):
                kept.append(clause)
            elif kept and n and _TAIL.match(clause) and not _NOW.search(clause):
                kept[-1] = f"{kept[-1]}, {clause}"
        facts += [sentence(c) for c in kept if len(c.split()) <= FACT_MAX_WORDS]
    facts = list(dict.fromkeys(facts))
    return facts if len(facts) <= MAX_FACTS else []
