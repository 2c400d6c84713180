"""Someone here ate what a kept fact says they cannot have: that fact, word for word, and
what to watch for; never the model, never a card.

An eleventh outside trial kept "Miko is allergic to peanuts and sesame" and said "I think
Miko ate some peanuts": the allergy line was only said when what to do was asked, so the
model had it, and said "Sorry, I didn't understand that". "miko just had a peanut butter
cracker" went the same way. Said of someone memory holds such a fact about, a food of what
they cannot have is reason enough to say what to watch for (the NHS's signs of
anaphylaxis, emergencies.py). Hearth cannot tell whether they will be all right, and says
so.

    ate_what_they_cannot_have("miko just had a peanut butter cracker", live)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from appliance.apostrophes import straight
from appliance.brain.answers import only_as_a_relation
from appliance.brain.can_have import as_sentence
from appliance.brain.cannot_eat import CANNOT_EAT, NO_MORE
from appliance.brain.unsafe_food import UnsafeFood
from appliance.letters import LOWER, UPPER
from appliance.memory import Fact

_ALLERGY = re.compile(r"\b(?:allerg\w*|anaphyla\w*|epi-?pen|auto-?injector)\b", re.IGNORECASE)
WATCH_FOR_A_REACTION = (
    "Follow their allergy plan and watch them closely: if their lips, tongue or throat "
    "swell, breathing or swallowing gets hard, or they turn faint or floppy, use their "
    "adrenaline auto-injector if they have one and ring 999 now (112 in Europe, 911 in North "
    "America). I can't tell whether they'll be all right, and I can't call anyone."
)
# Coeliac disease or an intolerance: not anaphylaxis, but not for Hearth to judge either
ASK_WHERE_TO = (
    "I can't tell how they'll be. If you're worried, ring NHS 111 or their GP; if they "
    "struggle to breathe or turn faint, ring 999 now (112 in Europe, 911 in North America). "
    "I can't call anyone."
)

# "Miko ate…", "miko's just had…", "I think Miko has eaten…", "Miko accidentally bit into…"
# (never "Miko didn't eat…": no word of eating follows a "not")
_ATE = re.compile(
    r"(?:^|[\s,;:(])(?P<person>[A-Za-z][\w\u00C0-\u017F-]*?)(?:['\u2019]s)?\s+"
    r"(?:(?:has|have|had|'s|just|already|accidentally|probably|maybe|might|may|must|"
    r"definitely|actually|also|then|(?:might|may|must) have|got)\s+)*"
    r"(?P<verb>ate|eaten|had|swallowed|licked|bit into|bitten into|chewed|nibbled|scoffed|"
    r"munched|tried|tasted|finished off|drank|drunk)\b(?P<food>[^?.!;]*)",
    re.IGNORECASE,
)

# "Miko had his peanut allergy test", "Miko had a reaction to sesame last year", "a
# nut-free cereal bar", "oat milk instead of normal milk": no food of it eaten now
_NOT_EATING = re.compile(
    r"\b(?:allerg\w*|test\w*|clinic|appointment|challenge|training|talk|lesson|farm|"
    r"last (?:year|month|week)|years? ago|used to|\w+[- ]free|free from|instead|alternative|"
    r"substitute|nothing|none of)\b",
    re.IGNORECASE,
)
# Where what one person ate ends and another's begins: "Miko had chicken while the rest of
# us had satay", "Miko had cornflakes and Ify had peanut butter" (a review's each got the line)
_ANOTHERS = re.compile(
    r"[,;](?!\s*(?:it|which|that|they|there)\b)|\b(?:while|whilst|but|then|because|cos|"
    r"though|after|before)\b"
    r"| and (?:i|we|you|he|she|they|the rest|[a-z]+ (?:had|ate|has|have|was))\b",
    re.IGNORECASE,
)
# A question, or the diet told: "has Miko had peanuts before?", "Nnamdi has had coeliac
# disease since he was 3 and can't have bread"
_ASKS = re.compile(r"^\W*(?:has|have|did|does|do|is|was|can|could|will)\b", re.I)


def _cannot_eat_of(name: str, fact: str) -> bool:
    """Whether `fact` says `name` cannot eat something, now: the name before what they
    cannot have, no one else named between ("Gran makes peanut-free cakes because Miko is
    allergic to peanuts" is Miko's, never Gran's)."""
    said = straight(fact)
    restriction = CANNOT_EAT.search(said)
    if restriction is None or NO_MORE.search(said) or only_as_a_relation(name, fact, ""):
        return False
    at = re.search(rf"\b{re.escape(name)}\b", said, re.IGNORECASE)
    if at is None or at.start() > restriction.start():
        return False
    between = said[at.end() : restriction.start()]
    return not re.search(rf"\b(?:because|as|so|since|and)\b|\b[{UPPER}][{LOWER}]+", between)


@dataclass(frozen=True)
class AteIt:
    text: str
    facts: tuple[str, ...]  # the ids of the facts said


def ate_what_they_cannot_have(text: str, live: Iterable[Fact]) -> AteIt | None:
    """The answer when `text` says someone memory holds a "cannot eat" fact about ate or had
    a food of what that fact names; None otherwise."""
    facts = list(live)
    said = straight(text)
    if _ASKS.search(said):
        return None
    for found in _ATE.finditer(said):
        name = found["person"].lower()
        if re.search(r"'s\s*$", said[: found.start("person")]):
            continue  # "Ify's mum had prawns": someone of Ify's, not Mum here
        if re.match(r"\s+to\b", found["food"]):
            continue  # "Miko tried to grab a peanut", "Miko had to leave the party"
        theirs = [fact for fact in facts if _cannot_eat_of(name, fact.text)]
        if not theirs:
            continue
        told = " ".join(fact.text for fact in theirs)
        food = _ANOTHERS.split(found["food"], maxsplit=1)[0]
        if re.search(r"\b(?:coeliac|celiac|intoleran\w*|disease|since)\b", food, re.I):
            continue  # "Nnamdi has had coeliac disease since he was 3": the diet told
        if _NOT_EATING.search(food) or not UnsafeFood(told).names_a_food_of(food):
            continue
        line = WATCH_FOR_A_REACTION if _ALLERGY.search(told) else ASK_WHERE_TO
        said_as_told = " ".join(as_sentence(fact.text) for fact in theirs)
        return AteIt(f"From memory: {said_as_told} {line}", tuple(f.id for f in theirs))
    return None
