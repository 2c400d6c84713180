"""The kitchen's answers in the brain: exact, before any model, and the model kept in bounds.

A scripted stand-in (tests/brain/conftest.py) plays the model: a kitchen turn that
reaches it would show as a prompt it was given, so "no prompts" is the proof that
the tables answered.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from appliance.brain.bounds import NO_CLOCK, NO_WEATHER, NOTHING_DONE, ReplyBounds
from appliance.brain.household import household_router
from appliance.brain.kitchen import with_kitchen
from appliance.config import Settings
from appliance.kitchen.safety import UNSURE
from appliance.memory import Memory

from .conftest import scripted_brain


@pytest.fixture
def router(data_dir: Path):
    return with_kitchen(household_router(data_dir))


@pytest.mark.parametrize(
    ("said", "text"),
    [
        (
            "what's 190 c in fahrenheit?",
            "190 °C is about 375 °F, gas mark 5. (A fan oven: 170 °C.)",
        ),
        ("how many grams in a cup of flour?", "1 cup of all-purpose flour is about 120 g."),
        ("is my homemade kombucha still safe?", UNSURE),
        ("what's the weather like today?", NO_WEATHER),
        # an outside trial: "I don't know whether it is going to rain tomorrow yet. Tell me
        # and I'll remember."
        ("is it going to rain tomorrow?", NO_WEATHER),
    ],
)
def test_a_kitchen_question_is_answered_by_the_tables_and_the_model_is_never_asked(
    settings: Settings, memory: Memory, router, said: str, text: str
) -> None:
    brain, model = scripted_brain(settings, memory, ["It is 230 °C."], intents=router)
    reply = brain.reply(said)
    assert reply.text == text and reply.route in ("kitchen", "weather")
    assert model.prompts == []


def test_without_the_kitchen_the_same_question_reaches_the_model(
    settings: Settings, memory: Memory, data_dir: Path
) -> None:
    """The positive control: the intent, not something else, kept the model out."""
    brain, model = scripted_brain(
        settings, memory, ["It is 230 °C."], intents=household_router(data_dir)
    )
    reply = brain.reply("what's 190 c in fahrenheit?")
    assert reply.route == "chat" and len(model.prompts) == 1


def test_remember_still_comes_before_the_kitchen(
    settings: Settings, memory: Memory, router
) -> None:
    brain, model = scripted_brain(settings, memory, [], intents=router)
    reply = brain.reply("remember that gas mark 4 is what we bake bread at")
    assert reply.route == "remember" and model.prompts == []


@pytest.mark.parametrize(
    ("model_says", "said"),
    [
        ("Sure! I've added semi-skimmed milk to your shopping list.", NOTHING_DONE),
        ("Of course. It's 10:15 am right now.", NO_CLOCK),
        ("Lovely. It's sunny and warm today.", NO_WEATHER),
        ("Good question. Cooked rice keeps 5 days in the fridge.", UNSURE),
        ("Good question. Cook chicken to 60 °C in the middle.", UNSURE),
        ("Good question. Yes, it is safe to eat.", UNSURE),
        ("Good question. You can eat mince that's been in the fridge 5 days.", UNSURE),
        ("Good question. The fish is safe to consume.", UNSURE),
    ],
)
def test_a_sentence_that_breaks_a_bound_is_replaced_by_the_truth(
    settings: Settings, memory: Memory, model_says: str, said: str
) -> None:
    brain, _ = scripted_brain(settings, memory, [model_says])
    reply = brain.reply("tell me something nice")
    first = re.split(r"(?<=[.!?]) ", model_says)[0]
    assert reply.text == f"{first} {said}"  # what came before the broken sentence is kept
    stored = brain.threads.recent(reply.thread_id)[-1].text
    assert stored == reply.text  # the broken sentence is not in the history either


def test_a_reply_within_bounds_is_said_as_the_model_wrote_it(
    settings: Settings, memory: Memory
) -> None:
    # (a day or a time nobody told is a guess now: tests/brain/test_told_bound.py; and
    # "Sam loves rainy days.", of a Sam nobody named: test_said_of_the_house.py)
    text = (
        "Rainy days are for baking. Keep it warm in the oven. "
        "Bake it at 180 °C for 20 minutes. It's fine to use plain flour."
    )
    brain, _ = scripted_brain(settings, memory, [text])
    assert brain.reply("tell me something nice").text == text


def test_a_question_about_a_day_states_no_date() -> None:
    # A helper's held-out line: asking back is not saying what day it is.
    assert ReplyBounds().broken("What day is the dentist again?") is None
    assert ReplyBounds().broken("The day is Monday.") is not None  # the control: it states it


def _said(router, text: str, thread: str) -> tuple[str, str | None]:
    route = router.route(text, thread)
    act = router.act(route)
    return route.kind, act(route) if act is not None else None


def test_a_follow_up_is_read_with_the_question_before_it_in_that_conversation(router) -> None:
    assert _said(router, "how long does cooked rice keep in the fridge?", "a")[1].startswith(
        "Cooked rice keeps 24 hours in the fridge"
    )
    kind, said = _said(router, "and in the freezer?", "a")
    assert kind == "kitchen" and said.startswith("Cooked rice keeps 1 month in the freezer")
    # the control: in another conversation it has nothing to follow
    assert _said(router, "and in the freezer?", "b")[1] is None or not (
        _said(router, "and in the freezer?", "b")[1].startswith("Cooked rice")
    )


@pytest.mark.parametrize(
    ("first", "then", "begins"),
    [
        ("how long do I boil an egg for?", "and for hard boiled?", "Boiled egg, hard"),
        ("how long do I roast a 2kg chicken?", "and a 3kg one?", "A 3 kg chicken"),
        ("what's 200C in gas mark?", "and 180?", "180 °C"),
        ("how many grams of butter in a cup", "and in a tablespoon?", "1 tbsp of butter"),
    ],
)
def test_a_follow_up_changes_what_it_names(router, first: str, then: str, begins: str) -> None:
    _said(router, first, "t")
    kind, said = _said(router, then, "t")
    assert kind == "kitchen" and said is not None and said.startswith(begins), said


def test_a_babys_follow_ups_are_the_babys_rows_or_where_to_ask(router) -> None:
    """A twelfth trial's, after "siobhan. ezinne weaning, can she have peanut butter": each
    had reached the model ("No, she cannot have scrambled egg.", "Pac-foc.")."""
    from appliance.kitchen.safety import UNSURE_FOR_A_CHILD

    _said(router, "siobhan. ezinne weaning, can she have peanut butter", "w")
    kind, said = _said(router, "can she have scrambled egg", "w")
    assert kind == "kitchen" and said.startswith("From around 6 months, yes")
    kind, said = _said(router, "is it ok to give her water", "w")
    assert kind == "kitchen" and said.startswith("From around 6 months, offer sips")
    kind, said = _said(router, "and popcorn?", "w")
    assert kind == "kitchen" and said == UNSURE_FOR_A_CHILD
    # the controls: after a cook's answer no child's line, and "and tomorrow?" is no food
    _said(router, "how long do I roast a 2kg chicken?", "c")
    assert _said(router, "and popcorn?", "c")[0] != "kitchen"
    _said(router, "can a baby have honey", "h")
    assert _said(router, "and tomorrow?", "h")[0] != "kitchen"
    # a review's: someone else by a pronoun, and the baby's day, are no food of the baby's
    _said(router, "can I eat brie while pregnant", "p")
    assert _said(router, "can he have some wine", "p")[0] != "kitchen"
    for said in ("and sleep?", "and the dog?", "and the bath?"):
        assert _said(router, said, "h")[0] != "kitchen", said


def test_what_a_follow_up_cannot_change_is_not_answered_as_if_it_had(router) -> None:
    # the defrosting rule does not depend on a weight: "2kg" would not have been read
    _said(router, "how do I defrost a chicken safely", "d")
    kind, said = _said(router, "how long will that take for a 2kg one?", "d")
    assert kind != "kitchen" or said is None or said.startswith("I'm not sure")
    # a command said after a kitchen question is the household's
    _said(router, "how long do I boil an egg for?", "e")
    assert _said(router, "and set a timer for that", "e")[0] == "timers"
    # a new question whole in itself is answered alone
    assert _said(router, "what's 180C in fahrenheit?", "e")[1].startswith("180 °C is about 350 °F")


def test_a_follow_up_gives_way_to_what_answers_the_message_itself(data_dir: Path) -> None:
    from appliance.composition import intent_router

    router = intent_router(Settings.for_data_dir(data_dir))
    _said(router, "how long does cooked rice keep in the fridge?", "f")
    assert _said(router, "remind me to freeze it at 6?", "f")[0] == "reminders"
    # the control: asked of the food, the same words are the kitchen's
    assert _said(router, "can I freeze it?", "f")[0] == "kitchen"
    for other in ("Who left the fridge door open?", "Goodness me. How long would it take?"):
        assert router.route(other, "f").kind != "kitchen", other


def test_a_follow_up_is_asked_not_said(router) -> None:
    _said(router, "how long does cooked rice keep in the fridge?", "g")
    # "and cooked pasta", said not asked, may add to a list or say what is in the pot
    assert router.route("and cooked pasta", "g").kind != "kitchen"
    assert router.route("and cooked pasta?", "g").kind == "kitchen"  # the control: asked


@pytest.mark.parametrize(
    "said",
    [
        # a fact and what follows from it asks the kitchen nothing: the swap for wine in
        # cooking had been the answer, and the fact went unheard
        "Uncle Pete is teetotal so no wine for him",
        "Gran is coeliac so no bread for her",
        "Sam is vegan, so no honey",
    ],
)
def test_a_diet_stated_is_a_statement_not_a_swap(said: str) -> None:
    assert with_kitchen(household_router("/nonexistent")).route(said).kind == "statement"


@pytest.mark.parametrize(
    "said",
    [
        "Sam is vegan, so what can I use instead of honey",  # the controls: asked
        "I need a substitute for buttermilk",
    ],
)
def test_a_swap_asked_beside_a_diet_is_the_kitchen_s(said: str) -> None:
    assert with_kitchen(household_router("/nonexistent")).route(said).kind == "kitchen"


def test_a_question_said_without_its_mark_is_still_the_kitchen_s() -> None:
    # read as a statement, the kitchen gave way and "Noted." answered it
    router = with_kitchen(household_router("/nonexistent"))
    assert router.route("my recipe says gas 6 what's that in my fan oven").kind == "kitchen"


@pytest.mark.parametrize(
    "said",
    [
        # a review's: a fact and a food-safety question in one, "Noted." and no warning
        "My baby is 4 months old and I want to give her honey",
        "The baby is 6 months old and loves honey",
        "My toddler is 2 and loves whole grapes",
    ],
)
def test_a_safety_answer_stands_beside_a_statement(said: str) -> None:
    assert with_kitchen(household_router("/nonexistent")).route(said).kind == "kitchen"


@pytest.mark.parametrize(
    "said",
    [
        # a held-out hearsay split's remarks, said to the real model: each had got the
        # kitchen's "I'm not sure, and I won't guess about food safety"
        "Rumour has it Siobhan's pregnant again.",
        "My mother-in-law reckons the baby's teething.",
        "Not sure, but I think the hamster's pregnant.",
        # an eleventh trial's: asked nothing of eating
        "what's the baby called?",
        "baby Zosia is 7 months old, she was born on the 2nd of May",
        "the baby is having her jabs on Tuesday",  # a second review's
    ],
)
def test_a_remark_that_asks_nothing_and_names_no_food_is_not_the_kitchen_s(said: str) -> None:
    assert with_kitchen(household_router("/nonexistent")).route(said).kind != "kitchen"


@pytest.mark.parametrize(
    "said",
    [
        "raw chicken smells funny",  # the controls: a food named, or something asked
        "the milk smells off",
        "is it safe to eat when pregnant",
        "honey for a baby",
        "when can the baby start weaning?",
        "the halloumi smells funny",  # a review's reached the model
        "I'm pregnant, what should I avoid",
        "can babies have egg at 7 months",
    ],
)
def test_a_food_or_a_question_is_still_the_kitchen_s(said: str) -> None:
    assert with_kitchen(household_router("/nonexistent")).route(said).kind == "kitchen"


def test_a_verdict_that_something_is_without_risk_is_a_food_safety_guess() -> None:
    broken = ReplyBounds().broken(
        "Yes, you can definitely microwave breast milk without any risks."
    )
    assert broken is not None and broken.bound == "food safety"
    assert ReplyBounds().broken("Stand the bottle in a jug of warm water.") is None  # control


def test_a_step_with_a_microwave_is_no_safety_verdict() -> None:
    assert ReplyBounds().broken("You can microwave it for 2 minutes.") is None  # a review's


@pytest.mark.parametrize(
    "sentence",
    [
        "You can defrost the mince in the slow cooker as it cooks.",
        "You can microwave breast milk to warm it.",
    ],
)
def test_a_defrosting_or_warming_verdict_is_a_food_safety_guess(sentence: str) -> None:
    broken = ReplyBounds().broken(sentence)  # a second review's passed
    assert broken is not None and broken.bound == "food safety"


def test_a_thing_asked_for_a_small_child_by_age_is_the_kitchen_s(router) -> None:
    """A held-out split's "popcorn for 18 month old?" reached the model; a present asked
    for a child is no food (the control)."""
    from appliance.kitchen.safety import UNSURE_FOR_A_CHILD

    kind, said = _said(router, "popcorn for 18 month old?", "k")
    assert kind == "kitchen" and said == UNSURE_FOR_A_CHILD
    assert _said(router, "gift for my 2 year old?", "k")[0] != "kitchen"


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        # what a pack holds is the kitchen's label line (a held-out split's went to memory)
        ("is this packet of crisps gluten free", "kitchen"),
        ("is this gluten free", "kitchen"),
        # control: a person's diet is memory's
        ("is sam gluten free", "recall"),
    ],
)
def test_a_packs_allergen_is_the_kitchens_and_a_persons_diet_memorys(
    router, said: str, kind: str
) -> None:
    assert router.route(said).kind == kind


@pytest.mark.parametrize(
    "said",
    [
        # an eighteenth trial's each got the model's numbers, for an insulin household
        "how many carbs in a portion of bhaat",
        "how many carbs in a cup of rice",
        "how many carbs are in a chapati",
        "how many calories in a samosa",
    ],
)
def test_what_a_food_holds_is_the_kitchens_never_the_models(router, said: str) -> None:
    assert router.route(said).kind == "kitchen"
    assert router.route("how much sugar in a cup of tea").kind != "kitchen"  # control: a measure
