"""What memory names, read once for each change of memory: the household's names, its
pets, and who a fact of diet or health is of.

Each turn asks these (a name's apostrophe, "and Kemi?", a pet asked of by its name, a
child's food row or someone's allergy); reading every fact each turn would cost a scan
of memory per message, so they are read again only when memory's generation moves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from appliance.brain import people
from appliance.letters import LETTER
from appliance.memory import Fact, Memory
from appliance.memory.text import STOP_WORDS

# What a fact of someone's diet or health says: such a fact answers what they may eat
DIET = re.compile(
    r"\b(?:allerg\w*|intoleran\w*|can't (?:eat|have|drink)|cannot (?:eat|have|drink)|coeliac|"
    r"celiac|vegan|vegetarian|veggie|pescatarian|diabetic|diabetes|halal|kosher|dairy|gluten)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Known:
    names: frozenset[str]  # lower case
    pets: dict[str, str]  # name (lower case) -> its kind: {"biscuit": "dog"}
    with_a_diet: frozenset[str]  # the names a live fact of diet or health names
    # and the names only forgotten facts hold: still the household's people for what the
    # model may say of them, never for how a question is read ("is honey vegan" after
    # "Honey is our dog." was forgotten is the world's, a review's)
    once: frozenset[str] = frozenset()


class KnownToMemory:
    """What memory names now, kept until memory changes."""

    def __init__(self, memory: Memory) -> None:
        self.memory = memory
        self._kept: tuple[int, Known] | None = None

    def now(self) -> Known:
        generation = self.memory.index.generation()
        if self._kept is None or self._kept[0] != generation:
            self._kept = (generation, self._read())
        return self._kept[1]

    def _read(self) -> Known:
        live = self.memory.facts("live")
        facts = live + self.memory.facts("doubted")
        # a person the household told of once stays one of its people after their facts are
        # forgotten: a model's sentence of them is still checked against what is told now (a
        # thirteenth trial's client resent "Priya is vegetarian and allergic to shellfish.",
        # forgotten since, and the model said it again)
        gone = self.memory.facts("retracted") + self.memory.facts("superseded")
        names = _names(facts)
        dieted = {
            word
            for fact in live
            if DIET.search(fact.text)
            for word in re.findall(r"[\w-]+", fact.text.lower())
            if word in names
        }
        return Known(
            frozenset(names),
            people.pets_in(fact.text for fact in facts),
            frozenset(dieted),
            # a name that is also a word or a food ("Honey is our dog.") reads as the word
            frozenset(n for n in _names(gone) - names if people.a_name_typed_lower(n)),
        )


def _names(facts: list[Fact]) -> set[str]:
    """The names the facts hold (lower case): every fact's links, the name a fact starts
    with ("Sam is …") and its possessives ("Leo's …"); a capital in the middle of a fact
    ("… Victoria sponge") is not a name."""
    names: set[str] = set()
    for fact in facts:
        names.update(link.lower() for link in fact.links)
        words = re.findall(rf"{LETTER}[\w'\u2019-]*", fact.text)
        owners = [w for w in words if re.search(r"['\u2019]s$", w) and w[:1].isupper()]
        # "Our dog Rocky needs fed at 5", "the dog's called Rocky": a name after a word of
        # family or "called" (a fifth trial's "what does rocky eat" went to the model, which
        # told it of Rocky Balboa)
        after = [
            words[i + 1]
            for i, w in enumerate(words[:-1])
            if w.lower().rstrip("'s\u2019") in people.FAMILY | {"called", "named", "our"}
        ]
        for word in words[:1] + owners + after:
            name = re.sub(r"['\u2019]s$", "", word)
            lower = name.lower()
            # "The bin bags are…", "Our boiler…": a fact's first word is a name only when it
            # is not a word of every sentence (a new user's trial heard "I don't know that
            # about The or Rex").
            # "We're the Okafors": a word of every sentence, contracted (a tenth trial's
            # "who lives here?" named "We're")
            bare = re.sub(r"['\u2019](?:re|ve|ll|d|m)$", "", lower)
            if name[:1].isupper() and not {lower, bare} & (people.NOT_NAMES | STOP_WORDS):
                # "Bins go out wednesday night", "Recycling is every other week": a thing of
                # the house said first is no one (a twelfth trial's "who lives here" named
                # Bins and Recycling)
                if word is words[0] and word not in owners and _a_thing(lower):
                    continue
                names.add(lower)
    return names


def _a_thing(word: str) -> bool:
    """Whether a word is one of the house's things, as memory stems them (never a food:
    "Biscuit is our dog" names the dog)."""
    from appliance.brain.questions import HOUSE
    from appliance.memory.text import tokens

    return bool(set(tokens(word)) & HOUSE)
