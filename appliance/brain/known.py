"""What memory names, read once for each change of memory: the household's names, its
pets, and who a fact of diet or health is of.

Each turn asks these (a name's apostrophe, "and Kemi?", a pet asked of by its name, a
child's food row or someone's allergy); reading every fact each turn would cost a scan
of memory per message, so they are read again only when memory's generation moves.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from appliance.brain import people
from appliance.letters import LETTER
from appliance.memory import Fact, Memory
from appliance.memory.text import STOP_WORDS

# What a fact of someone's diet or health says: such a fact answers what they may eat
DIET = re.compile(
    r"\b(?:allerg\w*|intoleran\w*|can't (?:eat|have|drink)|cannot (?:eat|have|drink)|coeliac|"
    # "Bramble the dog must not have grapes or chocolate" (a twentieth trial's "can Bramble
    # have a grape?" got "I've been told nothing of what Bramble can't have")
    r"(?:must not|mustn't|should not|shouldn't|is not allowed|isn't allowed|never) "
    r"(?:eat|have|drink|be given)|"
    r"celiac|vegan|vegetarian|veggie|pescatarian|diabetic|diabetes|halal|kosher|dairy|gluten|"
    # "Taid takes warfarin so no cranberry juice." (a twenty-first trial's "can Taid have
    # cranberry juice?" heard only of his gluten), "no onions and no grapes for her"
    r"(?:so|and|but) no|no [\w' -]{2,30}? for (?:him|her|them|the dog|the cat))\b",
    re.IGNORECASE,
)


def words_said(text: str) -> set[str]:
    """The words of `text`, lower case, each without its "'s": whom and what it names."""
    return {w.lower().removesuffix("'s") for w in re.findall(r"[\w'-]+", text)}


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
    """The names the facts hold (lower case; names_told)."""
    return names_told([fact.text for fact in facts], [link for f in facts for link in f.links])


def names_told(texts: Sequence[str], links: Sequence[str] = ()) -> set[str]:
    """The names facts told in `texts` hold (lower case): their links, the name a fact
    starts with ("Sam is …") and its possessives ("Leo's …"); a capital in the middle of a
    fact ("… Victoria sponge") is not a name."""
    names: set[str] = {link.lower() for link in links}
    for text in texts:
        words = re.findall(rf"{LETTER}[\w'\u2019-]*", text)
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


def also_called(name: str, live: Iterable[Fact]) -> set[str]:
    """The other name the facts give the one called `name`, said as a household says who
    someone is: "Grandad Frank is staying…", "Our dog Biscuit is a spaniel", "Biscuit the
    dog can't have grapes", "Frank is our grandad.", "The dog is called Biscuit." A name is
    written with its capital; a family word that two names are given ("Grandad Frank",
    "Grandad Bill") is neither. A fourteenth trial's "can grandad have grapefruit juice" got
    "I've been told nothing of what Grandad can't have", with Frank's fact kept; a review
    found a first, looser reading making Frank of "Frank is our grandad's friend" and "Dad
    called Frank about the boiler", and saying Frank's allergy of them."""
    facts = list(live)
    pairs = {pair for fact in facts for pair in _named_as(fact.text)}

    def kins_of(who: str) -> set[str]:
        return {kin for kin, other in pairs if other == who}

    def names_of(kin: str) -> set[str]:
        return {who for other, who in pairs if other == kin}

    # one name for the family word, and one family word for the name: "Grandad Frank" and
    # "Uncle Frank" are two Franks, "Grandad Frank" and "Grandad Bill" two grandads
    if name in people.FAMILY:
        names = names_of(name)
        return names if len(names) == 1 and kins_of(next(iter(names))) == {name} else set()
    kins = kins_of(name)
    return kins if len(kins) == 1 and names_of(next(iter(kins))) == {name} else set()


def of_another(name: str, kin: str, text: str) -> bool:
    """Whether `text` says `name` of someone else than `kin`'s: "Pat the postman", "Uncle
    Frank", when Pat is Nana and Frank Grandad (a review's had their allergies said of
    them)."""
    said = re.escape(name)
    other = re.search(rf"\b(?P<kin>[a-z]+) {said}\b", text, re.IGNORECASE)
    if other is not None and other["kin"].lower() in people.FAMILY and other["kin"].lower() != kin:
        return True
    role = re.search(rf"\b{said} the (?P<role>[a-z]+)", text, re.IGNORECASE)
    return role is not None and role["role"].lower() != kin


# What is said of them next: "Grandad Frank is staying", "Biscuit the dog can't have…"
_THEN_SAID = (
    r"(?= (?:is|isn't|can|can't|cannot|has|hasn't|had|was|will|won't|needs|eats|gets|likes|"
    r"loves|hates|doesn't|does|takes|goes|comes|lives|stays|sleeps|must)\b|[.,!]|$)"
)
# How a fact says who someone is, from its start: (family word or pet's kind, name)
_NAMED_AS = (
    # "Grandad Frank is staying", "Our dog Biscuit is a spaniel"
    re.compile(rf"^(?:(?:our|my) )?(?P<kin>[a-z]+) (?P<who>[A-Z][a-z'-]+){_THEN_SAID}"),
    # "Biscuit the dog can't have grapes" (never "Frank the dog walker")
    re.compile(rf"^(?P<who>[A-Z][a-z'-]+) the (?P<kin>[a-z]+){_THEN_SAID}"),
    # "Frank is our grandad.", "Biscuit is our dog." (the whole sentence)
    re.compile(
        r"^(?P<who>[A-Z][a-z'-]+) is (?:our|my|the kids'|the children's) (?P<kin>[a-z]+)\.?$"
    ),
    # "The dog is called Biscuit.", "Our dog's called Biscuit"
    re.compile(
        r"^(?:the|our|my) (?P<kin>[a-z]+)(?: is|'s) (?:called|named) (?P<who>[A-Z][a-z'-]+)\.?$"
    ),
)


def _named_as(text: str) -> set[tuple[str, str]]:
    """(family word, name) pairs a fact gives, lower case."""
    said = text.strip()
    found = set()
    for pattern in _NAMED_AS:
        hit = pattern.match(
            said if pattern.pattern.startswith("^(?P<who>") else said[:1].lower() + said[1:]
        )
        if hit is None:
            continue
        kin, who = hit["kin"].lower(), hit["who"].lower()
        if kin in people.FAMILY and who not in people.FAMILY and who not in people.NOT_NAMES:
            found.add((kin, who))
    return found


# A family word or a pet's kind said in a question, with what is said before it
# never an in-law or a step-relation, another person ("what pills does my father in law
# take" had been asked of Janusz, "Janusz is my father." kept: a sixteenth trial's)
_KIN_SAID = re.compile(
    r"(?<!step)(?<!step-)(?<!step )\b(?:(?P<whose>the|our|my) )?(?P<kin>[a-z]+)\b"
    r"(?![- ]in[- ]law)"
)


def with_names_told(text: str, live: Iterable[Fact]) -> str:
    """`text` with a family word or a pet's kind the facts give one name written as that
    name: "when does the dog get walked" as "when does Biscuit get walked" with "Our dog
    Biscuit…" kept, "what does grandad take in his tea" as "…does Frank take…" with
    "Grandad Frank is staying…" (a fourteenth trial's each got "I don't know … yet", the
    answer kept under the name). With no such fact, or two names, as it was."""
    facts = list(live)

    def named(said: re.Match[str]) -> str:
        kin = said["kin"]
        if kin not in people.FAMILY:
            return said.group()
        others = {o for o in also_called(kin, facts) if o not in people.FAMILY}
        if len(others) != 1:
            return said.group()
        name = others.pop()
        return name[:1].upper() + name[1:]

    return _KIN_SAID.sub(named, text)
