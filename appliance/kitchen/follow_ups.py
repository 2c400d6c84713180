"""A kitchen question that makes sense only after the one before it.

    asked_again("can I freeze cooked rice?", "and how long does it keep in the fridge?")
        -> ["and how long does cooked rice keep in the fridge", …]

"And in the freezer?", "what about hard-boiled?", "and a 2 kg one?", "can I freeze it?":
alone, the kitchen cannot place them (no food, or no question), and before this they got
the honest "I'm not sure" or went to the model. Read with the earlier question they are
one of its table rows. This module only writes the questions a follow-up may stand for,
in the order to try them; which one the tables answer is ask.py's business, and the
brain's kitchen intent asks only in the conversation the earlier question was asked in.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from appliance.kitchen.said import tokens
from appliance.kitchen.tables import Table, tables

# The slots a follow-up changes, each a word or phrase of the earlier question.
_PLACES = re.compile(
    r"\b(?:fridge|freezer|(?<!from )frozen|cupboard|larder|pantry|bread bin|room temperature|"
    r"left out)\b"
)
_DONENESS = re.compile(
    r"\b(?:runny|soft boiled|soft|dippy|jammy|medium|hard boiled|hard|firm|rare|well done)\b"
)
_WEIGHT = re.compile(r"\b\d+(?:\.\d+)? ?(?:kg|kilos?|g|grams?|lb|lbs|pounds?)\b")
_UNIT = re.compile(
    r"\b(?:cups?|tablespoons?|tbsp|teaspoons?|tsp|grams?|g|kg|ml|millilitres?|litres?|ounces?|"
    r"oz|pints?|sticks?)\b"
)
_SCALE = re.compile(r"\b(?:celsius|centigrade|fahrenheit|gas mark|fan oven|fan|conventional)\b")
_NUMBER = re.compile(r"\b\d+(?:\.\d+)?\b")
_SLOTS = (_WEIGHT, _DONENESS, _UNIT, _SCALE, _NUMBER)
# What is done to food: "can I freeze it?" asks the kitchen; "how long would it take to get
# there?" does not.
_KITCHEN_VERB = re.compile(
    r"\b(?:freeze|frozen|refreeze|reheat|heat|warm|keep|keeps|last|store|cook|boil|roast|bake|"
    r"fry|steam|microwave|defrost|thaw|eat|go off|use|substitute|swap|replace|rest|soak)\b"
)
_KEEPING = re.compile(r"\b(?:keep|keeps|last|lasts|store|good for)\b")
ASKED_WORDS = 4  # "what temperature?": a question of the earlier food, without "and"
# A follow-up asks: a question mark, or a question's first word ("can I freeze it").
_ASKS = re.compile(
    r"\?\s*$|^\W*(?:(?:ok|okay|right|so|oh|and|then)\W+)*(?:how|what|can|could|is|are|does|"
    r"do|should|will|would|which|when)\b",
    re.IGNORECASE,
)
# What a follow-up that changes one thing may say besides it ("and for a 3kg one?").
_BESIDES = frozenset("a an the some for in with one ones please then instead of".split())
# Said on from the question before without a question's mark or word, as a recogniser writes
# speech: "and the freezer" after "what temperature should the fridge be" (an outside trial's
# went to the model). Only a place, a doneness, a weight or a scale, and nothing else: "and
# three onions" and "and eggs" may be a list's.
_SAID_ON = re.compile(r"^(?:(?:ok|okay|right|so|oh)\s+)?(?:and|or)\s+(?P<rest>.+)$")
_STANDS_FOR = re.compile(r"\b(?:it|them|they|those)\b")  # "a 2kg one" is another one
_LEAD = re.compile(r"^(?:(?:ok|okay|right|so|oh)\s+)?(?:and|what about|how about|or|then)\s+")


@cache
def _tables() -> tuple[Table[Any], ...]:
    data = tables()
    return (
        data.storage,
        data.cooking,
        data.densities,
        data.core_temperatures,
        data.substitutions,
        data.safety_rules,
    )


def food_named(words: list[str]) -> str | None:
    """The longest food any table names in `words` ("cooked rice", "chicken"); a place
    ("fridge", "freezer") is where food is, never the food."""
    found = [
        named[0]
        for table in _tables()
        if (named := table.named_in(words)) is not None and not _PLACES.fullmatch(named[0])
    ]
    return max(found, key=len) if found else None


def _keeps(bare: str, place: str) -> bool:
    """Whether a place is asked about as where the food keeps ("and in the freezer?", "how
    long will it keep frozen?"), not "who left the fridge door open?"."""
    return _only(bare, place) or _KEEPING.search(bare) is not None


def _said_on(now: str) -> bool:
    """Whether `now` goes on from the question before by "and" or "or" with one detail and
    nothing more ("and the freezer", "and hard boiled", "or a 3kg one")."""
    found = _SAID_ON.match(now)
    if found is None:
        return False
    rest = found["rest"]
    return any(
        (detail := slot.search(rest)) is not None and _only(rest, detail[0])
        for slot in (_PLACES, _DONENESS, _WEIGHT, _SCALE)
    )


def _only(bare: str, named: str) -> bool:
    """Whether `bare` says `named` and nothing else of substance."""
    rest = re.sub(rf"\b{re.escape(named)}\b", " ", bare).split()
    return all(word in _BESIDES for word in rest)


# Someone named, by a name or as family: the question is of them
_OF_SOMEONE = re.compile(
    r"\b[A-Z][a-z]+\b|\b(?:gran|granny|grandma|nan|nana|nanna|babcia|grandad|grandpa|mum|mom|"
    r"dad|husband|wife|uncle|aunt|auntie|sister|brother|the kids|my son|my daughter)\b"
)


# Asked of the one the earlier question was of, by a pronoun: "can she have scrambled egg",
# "is it ok to give her water" after "can Ezinne have peanut butter, she's 7 months" (a
# twelfth trial's each reached the model, which said "No, she cannot have scrambled egg.")
_OF_THE_SAME_ONE = re.compile(
    r"^(?:(?:ok|okay|right|so|oh|and|then|what about|how about)\s+)*(?:"
    r"(?:can|could|should|may) (?:she|he|they) (?:have|eat|drink|try)"
    r"|(?:can|could|should) (?:i|we) (?:give|feed|offer) (?:her|him|them)"
    r"|is it (?:ok|okay|safe|alright|all right|fine) to (?:give|feed|offer) (?:her|him|them)"
    r"|is it (?:ok|okay|safe|alright|all right|fine) for (?:her|him|them) to (?:have|eat|drink)"
    r"|(?:is|are) (?P<the>[a-z' ]+?) (?:ok|okay|safe|alright|all right|fine) for (?:her|him|them)"
    r")(?:\s+(?:some|a|an|any|the))?(?:\s+(?P<food>[a-z' ]+?))?\s*(?:too|as well|then)?$"
)
# Said in a food's place after "and …?", "what about …?", but no food: "and popcorn?"
_NO_FOOD = frozenset(
    "today tomorrow tonight now later then instead too also either it them that this one ones "
    "her him she he they me us for "
    # "and sleep?", "and the bath?", "and the dog?" after a baby's food (a review's each got
    # the babies' where-to-ask line)
    "sleep sleeping nap naps bath baths bedtime bed dinner lunch breakfast supper dog dogs "
    "cat cats school nursery weekend teeth teething nappy nappies "
    # someone, never a food: "what about my toddler?", "and the twins?", "and the baby?"
    "baby babies toddler toddlers twins kids children child son daughter boys girls my "
    "sister brother mum dad gran grandad nan".split()
)
# Who a pronoun is: the same one only where the earlier question said so ("can he have some
# wine" after "can I eat brie while pregnant" is someone else: a review's got the alcohol row)
_HER = re.compile(r"\b(?:she|her|hers|she's)\b")
_HIM = re.compile(r"\b(?:he|him|his|he's)\b")
_A_CHILD = re.compile(
    r"\b(?:baby|babies|toddler|infant|weaning|month|months|year old|years old|yr|yo|mo|kid|"
    r"child|little one|son|daughter)\b"
)


def _the_same_one(before: str, now: str) -> bool:
    """Whether the one `now` asks of by a pronoun is the one `before` was asked of."""
    if _HER.search(now):
        return bool(_HER.search(before) or (_A_CHILD.search(before) and not _HIM.search(before)))
    if _HIM.search(now):
        return bool(_HIM.search(before) or (_A_CHILD.search(before) and not _HER.search(before)))
    return bool(_A_CHILD.search(before))


PLAIN_WORDS = 3


def _of_the_same_one(before: str, food: str | None, now: str) -> str | None:
    """The earlier question asked again of another food, for the same one: "can she have
    scrambled egg" after "…can she have peanut butter"."""
    found = _OF_THE_SAME_ONE.match(now)
    said = found and (found["food"] or found["the"])
    if not said or food is None or said in _NO_FOOD or not _the_same_one(before, now):
        return None
    return re.sub(rf"\b{re.escape(food)}\b", said, before)


def of_the_same_one(previous: str, said: str) -> str | None:
    """`said`, a question of another food for the one `previous` was asked of ("can she
    have scrambled egg"), as the earlier question of that food; None if it is not one. The
    kitchen keeps this as the question asked, so "and popcorn?" after it is still the
    baby's."""
    before = " ".join(tokens(previous))
    return _of_the_same_one(before, food_named(before.split()), " ".join(tokens(said)))


def asked_again(previous: str, said: str) -> list[tuple[str, bool]]:
    """The questions the follow-up `said` may stand for after `previous`, best first, each
    with whether its answer must differ from the earlier one's: a detail added to the
    earlier question ("… 2kg") that changes nothing was not read by the tables, and "can I
    do it in the microwave?" answered as the earlier question was is no answer to it."""
    before = " ".join(tokens(previous))
    now = " ".join(tokens(said))
    if not before or not now or not (_ASKS.search(said) or _said_on(now)):
        return []  # "plus three onions", "Bella, drop it!": not asked of the kitchen
    food = food_named(before.split())  # None for "what's 200C in gas mark?"
    new_food = food_named(now.split())
    if (of_them := _of_the_same_one(before, food, now)) is not None and of_them != before:
        return [(of_them, False)]
    bare = _LEAD.sub("", now)
    place = _PLACES.search(bare)
    if place is not None and new_food is None and food is not None and _keeps(bare, place[0]):
        # "and in the freezer?", "what about in the fridge?": how long it keeps there
        where = "freezer" if place[0] == "frozen" else place[0]
        return [(f"how long does {food} keep in the {where}", False)]
    asked_of = _PLACES.search(before)
    if (
        place is not None
        and food is None
        and new_food is None
        and asked_of is not None
        and _only(bare, place[0])
        and place[0] not in ("frozen", "left out", asked_of[0])
    ):
        # "and the freezer" after "what temperature should the fridge be": the place was
        # what was asked of, so the other place is asked the same
        return [(before[: asked_of.start()] + place[0] + before[asked_of.end() :], False)]
    changed = before
    if food is not None and new_food is not None and new_food != food:
        if not _only(bare, new_food):
            return []  # "Wait, who ate the last yoghurt?": more than another food
        changed = re.sub(rf"\b{re.escape(food)}\b", new_food, changed)  # "and brown rice?"
    slotted = added = False
    for slot in _SLOTS:
        # "what about hard?", "and a 2 kg one?", "and 180?": the detail and nothing more
        if (said_slot := slot.search(bare)) is not None and _only(bare, said_slot[0]):
            slotted = True
            if held := list(slot.finditer(changed)):
                # the unit a measure is asked in is the last ("grams of butter in a cup")
                at = held[-1] if slot is _UNIT else held[0]
                changed = changed[: at.start()] + said_slot[0] + changed[at.end() :]
            else:
                changed, added = f"{changed} {said_slot[0]}", True
            break
    asked = [(changed, added)] if changed != before else []
    if slotted or food is None:
        return asked  # the earlier question's own topic, or nothing: never another's
    if (
        new_food is None
        and bare != now
        and 0 < len(bare.split()) <= PLAIN_WORDS
        and not set(bare.split()) & _NO_FOOD
        and not _OF_SOMEONE.search(said.strip()[1:])
        and not _KITCHEN_VERB.search(bare)
        and not _ASKS.search(bare)
    ):
        # "and popcorn?" after "can a baby have honey": a food the tables may not know, in
        # the earlier food's place (whatever they hold of it, or where to ask)
        asked.append((re.sub(rf"\b{re.escape(food)}\b", bare, before), False))
    if new_food is None and _STANDS_FOR.search(now) and _KITCHEN_VERB.search(now):
        asked.append((_STANDS_FOR.sub(food, now, count=1), True))  # "can I freeze it?"
    if new_food is None and _OF_SOMEONE.search(said.strip()[1:]):
        # "can Krystyna have bigos?" after "can Zosia have cow's milk?": its own question, of
        # someone else (an eleventh trial's got the cows' milk row for an adult)
        return list(dict.fromkeys(asked))
    if new_food is None and (bare != now or len(now.split()) <= ASKED_WORDS):
        # said as more of the same ("ok and what temperature?"), not to someone else
        asked.append((f"{now} {food}", False))  # "what temperature?": the question, of the food
    return list(dict.fromkeys(asked))
