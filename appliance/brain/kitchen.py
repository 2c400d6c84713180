"""The kitchen's exact answers as one of the router's intents: tables and arithmetic first.

A conversion, an oven temperature, a cooking time, a substitution or a food-safety
question is answered by appliance.kitchen before the model could be asked, and a
food-safety question the tables cannot answer gets the kitchen's honest "I'm not
sure", never the model. It sits after "remember …" and corrections (so "remember that
gas mark 4 is our usual" is still remembered) and before the questions about the
household.

In the conversation a kitchen question was answered in, a follow-up that the kitchen
cannot place alone ("and in the freezer?", "can I freeze it?") is read with it
(appliance.kitchen.follow_ups) and answered from the tables when one of the questions it
stands for is; otherwise it is left to the rest of the router, as before.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from functools import lru_cache

from appliance.brain.bounds import WEATHER
from appliance.brain.cannot_eat import CANNOT_EAT
from appliance.brain.devices import (
    AN_ANIMAL_UNWELL,
    ASKED_IF_SENT,
    CALL_FOR_HELP,
    DEVICES,
    FED_TO_A_PET,
    HAS_WORD,
    SENDING,
    WATCHING,
)
from appliance.brain.emergencies import (
    A_FIRE,
    A_HYPO,
    A_REACTION_ASKED,
    AN_EMERGENCY,
    ATE_AN_ALLERGEN_ASKED,
    SIGNS_OF_A_REACTION,
    SIGNS_OF_ILLNESS,
    SIGNS_OF_SERIOUS_ILLNESS,
)
from appliance.brain.people import told_to_someone
from appliance.brain.questions import food_words
from appliance.brain.router import Intent, Route, Router
from appliance.brain.statements import facts_stated, without_filler
from appliance.kitchen.ask import KitchenAnswer, answer
from appliance.kitchen.follow_ups import asked_again, of_the_same_one
from appliance.kitchen.pregnancy import NOT_IN_THE_TABLE
from appliance.kitchen.safety import SMALL_CHILDS_AGE, UNSURE_FOR_A_CHILD

THREADS_KEPT = 64  # the last kitchen question of this many conversations


@lru_cache(maxsize=16)
def _answered(text: str) -> KitchenAnswer | None:
    """Matching and answering read the same text once (the tables are read once too)."""
    return answer(text)


def _an_allergy_stated(text: str) -> bool:
    """Whether `text` only states what someone cannot eat: an allergy, an intolerance."""
    return CANNOT_EAT.search(text) is not None and _only_a_statement(text)


def _only_a_statement(text: str) -> bool:
    """Whether `text` only states facts about the household, with at most what follows
    from them ("…, so no honey"): then nobody asked the kitchen anything ("Uncle Pete is
    teetotal so no wine for him" got a swap for wine in cooking, and went unheard)."""
    stated = facts_stated(text)
    if not stated or "?" in text or _ASKS.search(text):
        return False  # "my recipe says gas 6 what's that in my fan oven" asks
    said = without_filler(text).split()
    fact = " ".join(stated).split()
    if _letters(said[: len(fact)]) != _letters(fact):
        return False
    return not said[len(fact) :] or _FOLLOWS.match(" ".join(said[len(fact) :])) is not None


def _a_remark_of_no_food(text: str) -> bool:
    """Whether `text` names no food, and asks nothing ("the hamster's pregnant") or asks
    nothing of eating ("what's the baby called?", an eleventh trial's got the food-safety
    "not sure")."""
    words = re.findall(r"[a-z]+", text.lower())
    if any(w in food_words() or w.rstrip("s") in food_words() for w in words):
        return False
    # said or asked, a word of eating keeps it the kitchen's: "the halloumi smells funny",
    # "I'm pretty sure I'm pregnant, what should I avoid" (a review found both at the model);
    # so does a thing asked of for a small child by age ("popcorn for 18 month old?", a
    # held-out split's reached the model)
    return not _OF_EATING.search(text) and not _FOR_A_CHILD_OF.match(text.lower())


# What a question of food safety asks about, with no food named: "is it safe to eat when
# pregnant", "can babies have egg", "how long can I keep it"
_OF_EATING = re.compile(
    # (never "have": "the baby is having her jabs on Tuesday", a second review's)
    r"\b(?:eat|eats|eating|ate|drink|drinks|drinking|feed|feeding|fed|give|giving|"
    r"serve|cook|cooking|cooked|store|keep|kept|freeze|frozen|fridge|freezer|reheat\w*|"
    r"defrost\w*|thaw\w*|safe|unsafe|wean\w*|food|foods|meal|snack|bottle|milk|formula|"
    r"leftovers?|raw|mould\w*|off|use by|best before|ok|okay|alright|all right|good for|"
    r"still good|homemade|home made|fermented|made|smells?|smelling|tastes?|avoid|allowed|"
    r"funny|fizzy|slimy|sour|mouldy|"
    # what a pack holds: "is this packet of crisps gluten free" (a held-out split's went to
    # memory, then the model), never "is Sam gluten free" (memory's)
    r"packet|packets|pack|tin|tins|jar|jars|carton|tub|label|ingredients|"
    # what a food holds: "how many carbs in a portion of bhaat" (an eighteenth trial's got the
    # model's numbers, for an insulin household)
    r"carbs?|carbohydrates?|calories|kcals?|protein|fibre|fiber|nutrition)\b"
    r"|^\W*(?:is|are|does|do) (?:this|these|that|those)\b",
    re.IGNORECASE,
)


_FOR_A_CHILD_OF = re.compile(
    # never a present or a thing to do: "gift for my 2 year old?"
    r"^(?!.*\b(?:gift|gifts|present|presents|toy|toys|book|books|party|clothes|shoes|game|"
    r"games|bike|costume|ideas?|activities|shoes|coat|bed|cot|car seat|pram|buggy)\b)"
    rf"\W*(?:[a-z']+ ){{1,3}}for (?:my |our |a |an |the )?{SMALL_CHILDS_AGE}\W*\?\W*$"
)


# A question without its mark: "is honey ok for babies", "should pregnant women eat pate"
_ASKS_FIRST = re.compile(
    r"^\W*(?:is|are|can|could|should|shall|do|does|did|will|would|may|must|how|what|when|why)\b",
    re.IGNORECASE,
)
_ASKS = re.compile(
    r"\b(?:what|what's|whats|how|which|when|where|why|who|(?:can|could|should|do|shall) "
    r"(?:i|we|you)|is (?:it|that|this))\b",
    re.IGNORECASE,
)
# What follows from a fact, said after it: "so no wine for him", "and nothing with nuts"
_FOLLOWS = re.compile(r"^[,;]?\s*(?:so|and)\s+(?:no|not|never|nothing)\b[^?]*$", re.IGNORECASE)


def _letters(words: list[str]) -> str:
    return "".join(c for c in " ".join(words).lower() if c.isalnum())


def _sure(found: KitchenAnswer | None) -> bool:
    return found is not None and found.kind not in ("unsure", "unclear")


WHERE_TO_ASK = (UNSURE_FOR_A_CHILD, NOT_IN_THE_TABLE)


def _where_to_ask(found: KitchenAnswer, before: KitchenAnswer | None) -> bool:
    """Whether a follow-up of a safety answer, of a baby's or a pregnancy's food the tables
    do not hold, is answered with where to ask: "and popcorn?" after a baby's honey (a
    twelfth trial's got the model's "Pac-foc.")."""
    return before is not None and before.kind == "safety" and found.text in WHERE_TO_ASK


def kitchen_intent() -> Intent:
    """The kitchen's intent, with the last question it answered in each conversation."""
    asked: OrderedDict[str, str] = OrderedDict()

    def match(text: str) -> Route | None:
        if told_to_someone(text):
            return None  # "Femi, go and wash your hands for tea": to Femi (said_to_another)
        found = _answered(text)
        if found is not None and _an_allergy_stated(text):
            # "The baby is allergic to eggs." got "From around 6 months, yes: …eggs can be
            # soft…" (a twenty-second trial's voice): what someone cannot eat, said as a
            # fact, is kept, never answered as whether they may
            return None
        if found is not None and found.kind == "substitute" and _only_a_statement(text):
            # "Uncle Pete is teetotal so no wine for him": a fact to keep, no swap asked; a
            # safety answer always stands ("the baby is 6 months old and loves honey")
            return None
        if found is not None and found.kind == "unsure" and _a_remark_of_no_food(text):
            # "Rumour has it Siobhan's pregnant again", "the baby's teething": no food, and
            # nothing asked, so no food-safety question to be unsure of
            return None
        return Route("kitchen", text) if found is not None else None

    def follow_up(text: str, thread: str) -> Route | None:
        previous = asked.get(thread)
        if previous is None or _sure(_answered(text)):
            return None
        before = _answered(previous)
        for question, changes in asked_again(previous, text):
            found = _answered(question)
            if found is None or not (_sure(found) or _where_to_ask(found, before)):
                continue
            if not (changes and before is not None and found.text == before.text):
                return Route("kitchen", question)
        return None

    def act(route: Route) -> str:
        found = _answered(route.text)
        assert found is not None, "the matcher answered this very text"
        if route.thread is not None:
            # "can she have scrambled egg" after a baby's peanut butter is kept as the baby's
            # question, so what follows it is the baby's too
            earlier = asked.get(route.thread)
            again = of_the_same_one(earlier, route.text) if earlier is not None else None
            asked[route.thread] = again if again and _answered(again) else route.text
            asked.move_to_end(route.thread)
            while len(asked) > THREADS_KEPT:
                asked.popitem(last=False)
        return found.text

    def carry(source: str, target: str) -> None:
        if (previous := asked.get(source)) is not None:
            asked[target] = previous

    # A follow-up gives way to an intent that answers the message itself: "can you set a
    # timer to boil it?" is the household's (router.py).
    return Intent("kitchen", match, act, follow_up, follow_up_yields=True, carry=carry)


def with_kitchen(router: Router) -> Router:
    """The router with the honest answer to working a thing of the house, the kitchen's
    intent and the weather's honest answer, before the questions about the household."""
    fixed = [
        CALL_FOR_HELP,
        SIGNS_OF_A_REACTION,
        A_REACTION_ASKED,
        ATE_AN_ALLERGEN_ASKED,
        SIGNS_OF_SERIOUS_ILLNESS,
        SIGNS_OF_ILLNESS,
        A_HYPO,
        AN_EMERGENCY,
        A_FIRE,
        FED_TO_A_PET,
        AN_ANIMAL_UNWELL,
        DEVICES,
        SENDING,
        ASKED_IF_SENT,
        WATCHING,
        HAS_WORD,
    ]
    return router.extended([*fixed, kitchen_intent(), WEATHER], before="overview")
