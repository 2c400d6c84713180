"""Whether someone in the house may have a food: what memory holds of their diet and
health, word for word, and never a yes or a no.

A tenth outside trial, with "Rosa is allergic to eggs - proper allergic, she has an
epipen." kept, asked "can rosa have scrambled egg" and the model answered "Rosa has
scrambled egg."; "can I give Rosa egg fried rice" got "You can." The question named no
question word the router knew, so the model had it. Whether a dish holds what someone
cannot eat depends on how it was made, which Hearth cannot see: so the answer is what
the household told it of that person's diet and health, as told, and to check the dish
against it; where it was told nothing, it says so, and that it cannot say for sure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from appliance.apostrophes import straight
from appliance.brain.answers import only_as_a_relation
from appliance.brain.cannot_eat import CANNOT_EAT, KINDS, NO_MORE
from appliance.brain.devices import NOT_A_VET
from appliance.brain.known import DIET, also_called, of_another
from appliance.brain.people import FAMILY, NOT_NAMES, a_name_typed_lower
from appliance.brain.questions import food_words
from appliance.brain.unsafe_food import UnsafeFood
from appliance.kitchen.allergens import a_food_made_of, made_with
from appliance.memory import Fact
from appliance.memory.text import tokens

_NAME = r"(?P<{}>[\w'\u2019-]+?)"
_ASKED = re.compile(
    r"^\s*(?:hearth[,:]?\s+)?(?:(?:so|and|ok|okay|um|hey|hi|quick question)[,]?\s+)*(?:"
    rf"(?:can|could|may|should|would|will) {_NAME.format('a')} (?:have|eat|drink|try)"
    rf"(?: (?:some|a|an|any|the))? (?P<fa>.+?)"
    rf"|(?:can|could|may|should) (?:i|we|you) (?:give|feed|offer) {_NAME.format('b')}"
    rf"(?: (?:some|a|an|any|the))? (?P<fb>.+?)"
    rf"|(?:is|are|would|will) (?P<fc>.+?) (?:be )?(?:ok|okay|safe|alright|all right|fine|"
    rf"good|suitable) for {_NAME.format('c')}"
    rf"|is it (?:ok|okay|safe|alright|all right|fine) for {_NAME.format('d')} to "
    rf"(?:have|eat|drink|try)(?: (?:some|a|an|any|the))? (?P<fd>.+?)"
    rf"|is it (?:ok|okay|safe|alright|all right|fine) to (?:give|feed) {_NAME.format('e')}"
    rf"(?: (?:some|a|an|any|the))? (?P<fe>.+?)"
    rf"|(?:is|can) {_NAME.format('f')} (?:be )?allowed(?: to (?:have|eat|drink))?"
    rf"(?: (?:some|a|an|any|the))? (?P<ff>.+?)"
    # asked by whoever speaks: "Kindly tell me whether I may have some jalebi", "am I allowed
    # a reese's cup?" (a twentieth trial's went to the model)
    r"|(?:(?:kindly |please )?(?:tell me |let me know )?(?:whether|if) )?(?P<g>i|we) "
    r"(?:can|could|may|should) (?:have|eat|drink|try)(?: (?:some|a|an|any|the))? (?P<fg>.+?)"
    r"|(?:am|are) (?P<h>i|we) allowed(?: to (?:have|eat|drink))?(?: (?:some|a|an|any|the))? "
    r"(?P<fh>.+?)"
    r")[\s?.!]*$",
    re.IGNORECASE,
)
_WORD = re.compile(r"[\w-]+")
MOST_FACTS = 4
# What a diet fact names a food by: "Ravi cannot have dairy" speaks of milk, "Ciaran is a
# vegetarian" of fish (here only: an allergy to fish is no diet, cannot_eat.py)
_KINDS = {
    **KINDS,
    **dict.fromkeys(
        tokens("fish chicken beef pork ham bacon lamb sausage sausages mince turkey"),
        "vegetarian",
    ),
}


@dataclass(frozen=True)
class Asked:
    person: str  # as said
    food: str


def asked(text: str, names: frozenset[str]) -> Asked | None:
    """Whether `text` asks if someone memory names may have a food ("can Rosa have
    scrambled egg", "is a meringue ok for Rosa?", "can I give Rosa egg fried rice"); never
    a medicine, a day or a lift ("can I give Rosa Calpol and Nurofen", "would Saturday be
    good for Sam?", "can I give Tom a lift": a review's each got a diet answer)."""
    return _asked(text, names, by_whoever=False)


def asked_by_whoever(text: str) -> Asked | None:
    """Whether `text` asks if whoever speaks may have a food ("can I have peanuts?",
    "Kindly tell me whether I may have some jalebi"): who that is, is not known."""
    return _asked(text, frozenset(), by_whoever=True)


def _asked(text: str, names: frozenset[str], *, by_whoever: bool) -> Asked | None:
    found = _ASKED.match(text)
    if found is None:
        return None
    for key in "abcdefgh":
        person = found[key]
        if person is not None:
            food = _AFTER_THE_FOOD.sub("", found[f"f{key}"])
            name = re.sub(r"['\u2019]s$", "", person).lower()
            if (name in SPEAKERS) != by_whoever:
                return None
            someone = by_whoever or (name in names or name in _PRONOUNS or _named_unknown(person))
            # "can she have satay", "can Zoe have satay": of someone, as their own food, what
            # no table names is still asked of (a trial's got "She can.", and with Zoe's
            # peanut allergy kept the model's "Yes, they can."); never "give him a lift"
            as_theirs = (
                (key in "gh" or (key == "a" and _AS_THEIR_OWN.match(text) is not None))
                and _not_a_medicine_or_doing(food)
                and not _no_food(food)
            )
            return Asked(person, food) if someone and (_a_food(food) or as_theirs) else None
    return None


# What someone "has" that is no food: "can she have a sleepover", "…a lift", "could Zoe
# have covid" (a review's got her allergy)
_NOT_FOOD = frozenset(
    "lift go ride turn sleepover friend party day break rest bath shower nap sleep phone "
    "ipad screen time car key money lesson look think word chat cuddle hug seat covid cold "
    "flu virus tattoo piercing haircut baby job boyfriend girlfriend holiday trip dog cat pet "
    "kitten puppy visitor guest operation".split()
)
# Asked as their own food: "can"/"may" and a food of a few words, no place or past ("could
# he have forgotten", "can they eat pork in israel" are no such question, a review's)
_AS_THEIR_OWN = re.compile(
    r"^\W*(?:(?:so|and|ok|okay|um|hey|hi)[,]?\s+)*(?:can|may)\s+[\w'\u2019-]+\s+(?:have|eat|"
    r"drink|try)\s+(?!.*\b(?:in|at|from|with|for|when|if|because)\b)(?:[\w'\u2019]+\s*){1,4}"
    r"[?.!]*$",
    re.IGNORECASE,
)


def _no_food(said: str) -> bool:
    return bool(set(_words(said)) & _NOT_FOOD)


# Said after what is asked of, and no part of it: "can she have satay then"
_AFTER_THE_FOOD = re.compile(
    r"(?:\s+(?:then|please|pls|now|today|tonight|tomorrow|as well|too|though|at all))+\s*$",
    re.IGNORECASE,
)
_PRONOUNS = {"she": "her", "he": "him", "they": "them", "her": "her", "him": "him", "them": "them"}
# Whoever speaks: who that is, is not known
SPEAKERS = frozenset({"i", "we", "me", "us"})


def _named_unknown(person: str) -> bool:
    """Someone memory does not name yet: "can priya eat prawns", "can Kofi have crab" (a
    thirteenth trial's each got the model's yes or no, "Priya has crab.")."""
    bare = re.sub(r"['\u2019]s$", "", person)
    if bare.lower() in NOT_NAMES or bare.lower() in _THE_KITCHEN_S:
        return False
    return bare.lower() in FAMILY or bare[:1].isupper() or a_name_typed_lower(bare)


# Asked of as these, the kitchen's row or the vet's line answers: "can the baby have honey"
_THE_KITCHEN_S = frozenset(
    "baby kid kids child children toddler cat dog puppy kitten rabbit hamster pet fish "
    "tortoise guinea pig wean weans bairn bairns".split()
)


def _a_food(said: str) -> bool:
    """Whether what is asked of ends in a food ("scrambled egg", "a whole grape"), with no
    medicine in it and no doing ("to go to the party")."""
    if not _not_a_medicine_or_doing(said):
        return False
    last = _words(said)[-1]
    if last in food_words() or last in _MORE_FOODS or last in _KINDS:
        return True
    # a food the kitchen knows by its name ("a Ferrero Rocher": a twenty-first trial's got
    # "I don't know whether you can give Osian a Ferrero Rocher yet", his nut allergy kept)
    return a_food_made_of(tokens(said))


def _not_a_medicine_or_doing(said: str) -> bool:
    words = _words(said)
    return bool(words) and words[0] != "to" and not set(words) & _MEDICINE


def _words(said: str) -> list[str]:
    return [w[:-3] if w.endswith("ies") else w.rstrip("s") for w in _WORD.findall(said.lower())]


# Foods the kitchen's tables do not name, that a child is asked about
_MORE_FOODS = frozenset(
    "meringue popcorn crisp sweet sweetie lolly ice chip gum marshmallow sprinkle pear "
    "strawberr raspberr blueberr cherr plum peach grape kiwi melon mango pineapple orange "
    "satsuma clementine tomato cucumber carrot sausage nugget burger hotdog".split()
)
_MEDICINE = frozenset(
    "calpol nurofen paracetamol ibuprofen antibiotic medicine medication tablet pill dose "
    "inhaler antihistamine piriton".split()
)


@dataclass(frozen=True)
class Answer:
    text: str
    facts: tuple[str, ...]  # the ids of the facts said
    named: bool = False  # a fact of their diet names the food: nothing more to say of it


def _food_said(food: str) -> set[str]:
    """The words a diet names a food by: its own, and its kind ("ham": "vegetarian")."""
    named = set(tokens(food))
    return named | {_KINDS[word] for word in named if word in _KINDS}


def diets_naming(food: str, live: Iterable[Fact]) -> list[Fact]:
    """The diet facts that name a food, by its own words, its kind, or what it is made of:
    "Jack is allergic to peanuts." of "a reese's cup"."""
    named = _food_said(food)
    found = []
    for fact in live:
        if not DIET.search(fact.text):
            continue
        if named & set(tokens(fact.text)) or made_with(tokens(f"{food} {fact.text}")):
            found.append(fact)
    return found[:MOST_FACTS]


def _asked_by_whoever(said: Asked, live: Iterable[Fact]) -> Answer:
    """ "can I have peanuts?": who asks is not known, so every diet fact naming the food."""
    told = diets_naming(said.food, live)
    if not told:
        return Answer(
            f"I don't know who's asking, and I've been told of no one here who can't have "
            f"{said.food}.",
            (),
        )
    facts = " ".join(as_sentence(f.text) for f in told)
    return Answer(
        f"I can't tell who's asking, so here is what I was told. From memory: {facts}",
        tuple(f.id for f in told),
        named=True,
    )


def answer(said: Asked, live: Iterable[Fact]) -> Answer:
    """What memory says of the person's diet and health, word for word, and the fact ids."""
    name = re.sub(r"['\u2019]s$", "", said.person).lower()
    if name in SPEAKERS:
        return _asked_by_whoever(said, live)
    if name in _PRONOUNS:
        # "can she have satay then" with no allergy of hers kept (a thirteenth trial's got
        # the model's "She can.", Zoe's peanut allergy just forgotten): who is not said
        return Answer(
            f"I can't tell who that is from what was said, so I won't say whether {said.food} "
            f"is all right for {_PRONOUNS[name]}. Ask me with their name.",
            (),
        )
    person = said.person[:1].upper() + said.person[1:]
    live = list(live)
    others = also_called(name, live)
    called = {name} | others
    kin = name if name in FAMILY else next(iter(others), name)

    def of_them(fact: Fact) -> bool:
        said = {w.removesuffix("'s") for w in _WORD.findall(fact.text.lower())} & called
        # another name only where the fact says it of no one else ("Uncle Frank", "Pat the
        # postman", with Frank Grandad and Pat Nana)
        said -= {one for one in others if one not in FAMILY and of_another(one, kin, fact.text)}
        # never "Ify's friend Amara has a nut allergy" as Ify's (an eleventh trial's)
        return bool(said) and not any(only_as_a_relation(one, fact.text, "") for one in said)

    of_them_all = [fact for fact in live if of_them(fact)]
    told = [fact for fact in of_them_all if DIET.search(fact.text)][:MOST_FACTS]
    if not told:
        # never "nothing says she can't", which a review heard as a yes to a whole grape
        known = " ".join(as_sentence(f.text) for f in of_them_all[:2])
        return Answer(
            f"I don't know whether {said.food} is all right for {person}: I've been told "
            f"nothing of what {person} can't have."
            + (f" What I do know: {known}" if known else ""),
            tuple(f.id for f in of_them_all[:2]),
        )
    facts = " ".join(as_sentence(f.text) for f in told)
    ids = tuple(f.id for f in told)
    food = _food_said(said.food)
    if any(food & set(tokens(f.text)) for f in told):
        return Answer(f"From memory: {facts}", ids, named=True)  # "Ravi cannot have dairy."
    kept = " ".join(f.text for f in told)
    if (made := made_with(tokens(f"{said.food} {kept}"))) is not None:
        # "can ifan have hummus?" with his sesame allergy kept: hummus is made with tahini,
        # by its very name (an eighteenth trial's got "I can't see what's in hummus")
        return Answer(f"From memory: {facts} {made}", ids, named=True)
    return Answer(
        f"From memory: {facts} I can't see what's in {said.food}, so check it against that "
        f"before {person} has any.",
        ids,
    )


def as_sentence(text: str) -> str:
    """A fact as said, ending as a sentence does."""
    return text if text.endswith((".", "!", "?")) else f"{text}."


# Asked whether someone named by a pronoun or as the baby may have a food: "can she have
# scrambled egg", "is it ok to give her egg", "can the baby have scrambled egg"
_MAY_THEY = re.compile(
    r"\b(?:can|could|should|may) (?:she|he|they|the baby|baby|the toddler|the kids?) "
    r"(?:have|eat|drink|try)\b|\b(?:give|feed|offer) (?:her|him|them|the baby|baby)\b",
    re.IGNORECASE,
)
_A_GROWN_UP = re.compile(
    r"^\W*(?:my |our )?(?:dad|mum|mom|gran|granny|grandma|grandad|grandpa|nan|nana|husband|"
    r"wife|partner|uncle|aunt|auntie|babcia|dziadek)\b",
    re.IGNORECASE,
)
ALLERGY_KEPT = "I won't say whether that's all right for them: check it against their allergy plan."


def asks_of_them(text: str) -> bool:
    """Whether `text` asks if someone, by a pronoun or as the baby, or a pet by its kind,
    may have a food."""
    return _MAY_THEY.search(text) is not None or _A_PET_ASKED.search(text) is not None


# "can the dog eat onion", "can I give the cat milk": a pet asked of by its kind
_PET_KINDS = r"(?P<kind>dog|cat|puppy|kitten|rabbit|hamster|guinea pig|tortoise)"
_A_PET_ASKED = re.compile(
    rf"\b(?:(?:can|could|should|may) (?:the |our |my )?{_PET_KINDS} (?:have|eat|drink|try)"
    rf"|(?:give|feed|offer) (?:the |our |my )?{_PET_KINDS.replace('kind', 'kind2')})\b",
    re.IGNORECASE,
)


_ASKING_WORDS = "can could should may the our my i we give feed offer eat have drink try some any"


def _pet_diet_kept(text: str, kind: str, live: list[Fact]) -> Answer | None:
    """A kept fact that the pet asked of by its kind, or by the name the facts give it,
    cannot have the food: said before the vet's line ("can the dog eat onion" with "Biscuit
    the dog can't have grapes or onions" kept got only the vet's line, a fourteenth
    trial's)."""
    called = {kind.lower()} | also_called(kind.lower(), live)
    # the food asked of, as memory stems it: "onion" is of "grapes or onions"
    food = set(tokens(text)) - set(tokens(" ".join([*called, _ASKING_WORDS])))
    told = [
        fact
        for fact in live
        if CANNOT_EAT.search(straight(fact.text))
        and not NO_MORE.search(fact.text)
        and food & set(tokens(fact.text))
        and called & {w.lower().removesuffix("'s") for w in re.findall(r"[\w'-]+", fact.text)}
    ][:MOST_FACTS]
    if not told:
        return None
    facts = " ".join(as_sentence(f.text) for f in told)
    return Answer(f"From memory: {facts} {NOT_A_VET}", tuple(f.id for f in told), named=True)


def allergy_kept(text: str, live: Iterable[Fact], names: frozenset[str]) -> Answer | None:
    """A kept fact that says someone here cannot have the food asked of by a pronoun or as
    the baby ("can she have scrambled egg" with "Ezinne is allergic to eggs." kept), said
    before any table's row: a review heard "From around 6 months, yes" to it. With someone
    named, only their facts ("siobhan. ezinne weaning, can she have peanut butter" is never
    Miko's peanut allergy); named so, `named` is set and nothing more is to be said; asked
    of no one named, the row is to follow it. None when no such fact names the food."""
    if (pet := _A_PET_ASKED.search(text)) is not None:
        return _pet_diet_kept(text, pet["kind"] or pet["kind2"], list(live))
    if not _MAY_THEY.search(text):
        return None
    said = {w.lower() for w in re.findall(r"[\w'-]+", text)} & names
    told = [
        fact
        for fact in live
        if CANNOT_EAT.search(straight(fact.text))
        and not NO_MORE.search(fact.text)
        and UnsafeFood(fact.text).names_a_food_of(text)
        and (not said or said & {w.lower() for w in re.findall(r"[\w'-]+", fact.text)})
        # asked of a child by a pronoun or as the baby: never a grown-up's ("Dad is allergic
        # to eggs" for "can the baby have scrambled egg", a review's)
        and (said or not _A_GROWN_UP.match(fact.text))
    ][:MOST_FACTS]
    if not told:
        return None
    facts = " ".join(as_sentence(f.text) for f in told)
    return Answer(
        f"From memory: {facts} {ALLERGY_KEPT}", tuple(f.id for f in told), named=bool(said)
    )
