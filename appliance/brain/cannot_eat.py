"""What the household's people cannot eat: the facts that say so, and questions that ask.

A fact that says what someone cannot eat answers "is Dylan allergic to anything?" and
"does anyone in the house have an allergy?" (questions.py, routes.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from appliance.apostrophes import straight
from appliance.memory.text import tokens

if TYPE_CHECKING:
    from appliance.brain.questions import Question

# A kitchen's own kinds: "can Ravi have milk?" is answered by "Ravi cannot have dairy".
KINDS = {
    "milk": "dairy",
    "cheese": "dairy",
    "butter": "dairy",
    "yoghurt": "dairy",
    "yogurt": "dairy",
    "cream": "dairy",
    "lactose": "dairy",
    "bread": "gluten",
    "pasta": "gluten",
    "wheat": "gluten",
    "flour": "gluten",
    "peanut": "nut",
    "cashew": "nut",
    "almond": "nut",
    "walnut": "nut",
    "prawn": "shellfish",
    "shrimp": "shellfish",
    "crab": "shellfish",
    "meat": "vegetarian",
    # dried grapes, which a dog told "no grapes" must not have either (a twentieth trial's
    # "can bramble eat raisins" got "I can't see what's in raisins")
    "raisin": "grape",
    "sultana": "grape",
    "currant": "grape",
}


# A fact that says what someone cannot eat answers "is Dylan allergic to anything?": a third
# outside trial, told "Dylan is coeliac and can't have any gluten", heard "I don't know".
CANNOT_EAT = re.compile(
    r"\b(?:allerg\w*|coeliac|celiac|intoleran\w*|epi-?pen|anaphyla\w*|can'?t (?:have|eat)|"
    r"cannot (?:have|eat)|mustn'?t (?:have|eat))\b",
    re.IGNORECASE,
)


# A fact of what someone cannot eat that is no more: "Miko used to be allergic to eggs but
# grew out of it" (a review's got the allergy line for his scrambled eggs)
NO_MORE = re.compile(r"\b(?:used to|grew out|grown out|outgrown|no longer|not any ?more)\b", re.I)


# Asked about what the household's people cannot eat, naming no one: "does anyone in the
# house have an allergy?" (a third outside trial, with "Dylan is coeliac and can't have any
# gluten" in memory, heard "I don't know"; recall finds no word of the question in it).
_ASKS_ALLERGIES = re.compile(
    r"\b(?:allerg\w*|intoleran\w*|coeliacs?|celiacs?|dietary|can'?t (?:have|eat)|"
    r"cannot (?:have|eat))\b",
    re.IGNORECASE,
)
_ALLERGENS = frozenset(
    tokens(
        "nut nuts peanut peanuts gluten wheat dairy milk lactose egg eggs shellfish fish sesame soy"
    )
)


# Said of the household's people together, naming no one: "which of the kids has
# allergies?" (an eleventh trial's got "I don't know that about kids yet.", Miko's peanut
# allergy kept)
_ALL_OF_THEM = frozenset(
    "kids children boys girls twins family everyone everybody anyone anybody adults "
    "grown-ups grandkids grandchildren household lot us".split()
)


def cannot_eat_asked(question: Question) -> frozenset[str] | None:
    """The allergens a question naming no one asks about (empty: any), or None when it asks
    nothing of what someone cannot eat."""
    named = {name.lower() for name in question.names} - _ALL_OF_THEM
    if named or not _ASKS_ALLERGIES.search(question.text):
        return None
    return frozenset(tokens(question.text)) & _ALLERGENS


def says_cannot_eat(text: str, allergens: frozenset[str]) -> bool:
    """Whether a fact says what someone cannot eat, of `allergens` if any are asked."""
    if not CANNOT_EAT.search(straight(text)):
        return False
    held = set(tokens(text))
    held |= {KINDS[w] for w in held if w in KINDS}
    if "coeliac" in held or "celiac" in held:
        held |= set(tokens("gluten wheat"))
    return not allergens or bool(held & (allergens | {KINDS.get(a, a) for a in allergens}))


# Someone of another's, or a pet: "Dad's boss is allergic to shellfish", "Ify's friend Lola
# is allergic to milk", "Biscuit is our dog and is allergic to chicken" (a review's "which of
# the kids has allergies" got these three, and Miko's was left out)
_ANOTHERS = re.compile(
    r"^\W*(?:our |my )?[\w-]+'s (?:best |school |little )?(?:friend|boss|colleague|neighbour|"
    r"teacher|mate|pal|classmate|girlfriend|boyfriend)\b",
    re.IGNORECASE,
)


def of_someone_else(text: str, pets: Mapping[str, str]) -> bool:
    """Whether a fact of what someone cannot eat is of someone else's, or of a pet: never an
    answer to what the household's people cannot have."""
    if _ANOTHERS.search(straight(text)):
        return True
    # whose fact it is, by its first words: never "Miko is allergic to dogs, peanuts and
    # grass" as a dog's (a second review's was left out)
    subject = re.findall(r"[\w'-]+", text.lower())[:3]
    subject = [w for w in subject if w not in ("the", "our", "my", "a")][:1]
    return bool(set(subject) & (set(pets) | _ANIMALS))


_ANIMALS = frozenset("dog dogs cat cats puppy kitten rabbit hamster pony horse".split())
