"""An outside trial's kitchen answers that were right for another question than the one asked,
each fixed as a class, with the questions beside them that must keep their answers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from appliance.kitchen.ask import answer
from appliance.kitchen.follow_ups import asked_again
from appliance.kitchen.safety import UNSURE

COOK_STRAIGHT_AWAY = "Cook it straight away: food defrosted in the microwave or in cold water"
FRIDGE_THAWED = "FSA: once defrosted, cook it within 24 hours."
COOK_BEFORE_REFREEZING = "Only if you cook it first"
COOKED_REFROZEN = "Yes: raw meat or fish that was defrosted and then cooked"
BREAD_REFROZEN = "Yes: bread, rolls, bagels, muffins"


def _text(question: str) -> str:
    found = answer(question)
    assert found is not None, question
    return found.text


# -- 1. how it was thawed chooses the rule -------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        # the trial's two: both had the fridge's 24 hours and USDA's 1 to 2 days
        "defrosted chicken in the microwave can i cook it tomorrow",
        "i defrosted mince in the microwave, how long can i keep it before cooking",
        "thawed prawns in cold water, can i cook them tomorrow",
        "I've defrosted the chicken in the microwave, can I leave it in the fridge until tonight?",
        "how long after defrosting in the microwave should i cook it",
        "chicken thawed in a bowl of water, how long will it keep",
    ],
)
def test_thawed_in_the_microwave_or_cold_water_is_cooked_straight_away(question: str) -> None:
    found = answer(question)
    assert found is not None and found.kind == "safety" and found.source
    assert found.text.startswith(COOK_STRAIGHT_AWAY), found.text


@pytest.mark.parametrize(
    ("question", "begins"),
    [
        # thawed in the fridge: the fridge's rule, as before
        ("i defrosted chicken in the fridge, can i cook it tomorrow", FRIDGE_THAWED),
        ("how long will chicken keep in the fridge once its defrosted", FRIDGE_THAWED),
        # how to thaw it in the microwave, and how long that takes: the microwave's rule, never
        # the fridge's days
        ("how do i defrost mince in the microwave", "Defrost in the fridge, ideally overnight"),
        ("can i defrost chicken in the microwave", "Defrost in the fridge, ideally overnight"),
        (
            "how long does chicken take to defrost in the microwave",
            "Defrost in the fridge, ideally overnight",
        ),
        ("how long to defrost mince in cold water", "In cold water, a 1 lb (450 g) pack"),
        ("how long to defrost a 5kg turkey", "A 5 kg bird: about 50 to 60 hours"),
        # thawed out on the side: food left out
        (
            "i defrosted chicken on the side overnight, can i cook it tomorrow",
            "Don't leave perishable food, raw or cooked, out for more than 2 hours",
        ),
    ],
)
def test_the_thaw_method_said_chooses_the_rule(question: str, begins: str) -> None:
    assert _text(question).startswith(begins), _text(question)


def test_the_microwave_s_rule_says_the_microwave() -> None:
    assert "microwave" in _text("how do i defrost mince in the microwave")
    # the control: with no method said, the food's own fridge rule
    assert _text("how long can defrosted mince be kept before cooking").startswith(FRIDGE_THAWED)


# -- 2. refreezing is the rule of the food asked of -----------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "can i refreeze bread",  # the trial's: it had "Not raw. …", the raw-meat rule
        "can you refreeze sliced bread once defrosted",
        "can i refreeze bread rolls",
        "can i put defrosted bread back in the freezer",
        "can i freeze bread again",
        "is it ok to refreeze muffins",
        "can i refreeze cake",
    ],
)
def test_bread_and_baked_goods_can_be_refrozen(question: str) -> None:
    found = answer(question)
    assert found is not None and found.kind == "safety" and "USDA" in found.source
    assert found.text.startswith(BREAD_REFROZEN), found.text


@pytest.mark.parametrize(
    ("question", "begins"),
    [
        # the meat rule stays the meat's, however it was thawed
        ("can i refreeze chicken I thawed in the fridge", COOK_BEFORE_REFREEZING),
        ("can i refreeze mince", COOK_BEFORE_REFREEZING),
        ("can i refreeze prawns that have defrosted", COOK_BEFORE_REFREEZING),
        ("i defrosted chicken in the microwave, can i refreeze it", COOK_BEFORE_REFREEZING),
        ("can i refreeze thawed meat", COOK_BEFORE_REFREEZING),
        # meat cooked is cooked food's
        ("can i refreeze cooked chicken", COOKED_REFROZEN),
        ("can i refreeze leftover chicken", COOKED_REFROZEN),
        ("can i refreeze breast milk", "No. Never refreeze breast milk"),
        ("can i refreeze ice cream that's melted", "No. USDA's advice is to throw away"),
        # nothing named: the rule for any food, which is no meat's
        ("can i refreeze it", "Food thawed in the fridge can be refrozen"),
    ],
)
def test_refreezing_is_the_rule_of_the_food_asked_of(question: str, begins: str) -> None:
    assert _text(question).startswith(begins), _text(question)


def test_refreezing_it_asks_of_the_food_said_before(data_dir: Path) -> None:
    """Said of "it", the rule for any food is said alone, and in a conversation the food said
    before is asked of instead (a held-out follow-up's salmon fillets)."""
    found = answer("can i refreeze them once theyre defrosted")
    assert found is not None and found.kind == "unclear"
    assert found.text.startswith("Food thawed in the fridge can be refrozen")
    said = _conversation(data_dir)
    said("how long does it take to defrost salmon fillets in the fridge?", "s")
    kind, text = said("can i refreeze them once theyre defrosted", "s")
    assert kind == "kitchen" and text is not None and text.startswith(COOK_BEFORE_REFREEZING)
    # the control: alone, the rule for any food
    kind, text = said("can i refreeze it", "t")
    assert kind == "kitchen" and text is not None
    assert text.startswith("Food thawed in the fridge can be refrozen")


@pytest.mark.parametrize("question", ["can i refreeze soup", "can i refreeze cooked rice"])
def test_a_food_with_no_refreezing_row_gets_no_other_food_s(question: str) -> None:
    found = answer(question)
    assert found is not None and found.text == UNSURE


def test_no_refreezing_answer_opens_with_the_meat_rule_for_what_is_not_meat() -> None:
    for question in ("can i refreeze bread", "can i refreeze croissants", "can i refreeze it"):
        assert not _text(question).startswith("Not raw"), question


# -- 3. "how long does X keep" is a question of keeping -------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "how long do raw eggs keep",  # the trial's: it had the British Lion row on eating raw
        "how long do eggs last",
        "how long are eggs good for",
        "how long can i keep raw eggs in the fridge",
        "how many weeks do raw eggs keep",
    ],
)
def test_how_long_a_food_keeps_is_its_storage(question: str) -> None:
    found = answer(question)
    assert found is not None and found.kind == "safety"
    assert found.text.startswith("Eggs keep 3 to 5 weeks in the fridge"), found.text


@pytest.mark.parametrize(
    ("question", "begins"),
    [
        ("can i eat raw eggs", "In the UK, yes if they carry the British Lion mark"),
        ("are runny eggs safe", "In the UK, yes if they carry the British Lion mark"),
        ("how long can I keep cooked rice", "Cooked rice keeps 24 hours in the fridge"),
        ("how long does hummus keep", "Hummus keeps 7 days in the fridge"),
    ],
)
def test_whether_to_eat_it_and_other_foods_keeping_are_unchanged(
    question: str, begins: str
) -> None:
    assert _text(question).startswith(begins), _text(question)


def test_a_runny_yolk_is_still_a_cook_s_question() -> None:
    found = answer("how long do I boil an egg for a runny yolk")
    assert found is not None and found.kind == "cooking"


# -- 4. "and the freezer", said on from a question of the fridge ----------------------------


@pytest.mark.parametrize(
    ("first", "then", "means"),
    [
        # the trial's: without its question mark it went to the model
        ("what temperature should the fridge be", "and the freezer", "the freezer"),
        ("what temperature should the fridge be", "and the freezer?", "the freezer"),
        ("what temperature should the fridge be", "what about the freezer", "the freezer"),
        ("how cold should my freezer be", "and the fridge", "my fridge"),
        ("what temp should a fridge be", "or the freezer", "a freezer"),
    ],
)
def test_another_place_asked_of_after_a_place_s_temperature(
    first: str, then: str, means: str
) -> None:
    [(question, changes)] = asked_again(first, then)
    assert means in question and not changes
    expected = "Keep the freezer at" if "freezer" in means else "Keep the fridge at"
    assert _text(question).startswith(expected)


def test_a_food_s_place_said_on_without_its_mark() -> None:
    assert asked_again("how long does cooked rice keep in the fridge?", "and the freezer") == [
        ("how long does cooked rice keep in the freezer", False)
    ]


@pytest.mark.parametrize(
    "then",
    [
        "and the freezer door is open",  # more than the place
        "and the kids",  # someone, no place
        "and eggs",  # may be a list's
        "and three onions",
        "the freezer",  # no "and": not said on
    ],
)
def test_what_is_said_on_is_one_detail_and_nothing_more(then: str) -> None:
    assert asked_again("what temperature should the fridge be", then) == []


def _conversation(data_dir: Path) -> Callable[[str, str], tuple[str, str | None]]:
    """What the household's router, with the kitchen, says to each message of a thread."""
    from appliance.brain.household import household_router
    from appliance.brain.kitchen import with_kitchen

    router = with_kitchen(household_router(data_dir))

    def said(text: str, thread: str) -> tuple[str, str | None]:
        route = router.route(text, thread)
        act = router.act(route)
        return route.kind, act(route) if act is not None else None

    return said


def test_and_the_freezer_in_a_conversation(data_dir: Path) -> None:
    said = _conversation(data_dir)
    assert said("what temperature should the fridge be", "a")[1].startswith("Keep the fridge at")
    kind, text = said("and the freezer", "a")
    assert kind == "kitchen" and text.startswith("Keep the freezer at −18 °C (0 °F)")
    # the controls: in another conversation it follows nothing, and a food said on is not asked
    assert said("and the freezer", "b")[0] != "kitchen"
    said("how long does cooked rice keep in the fridge?", "c")
    assert said("and cooked pasta", "c")[0] != "kitchen"


# -- 5. the method named is the method answered, or the answer says it is not ---------------


@pytest.mark.parametrize(
    ("question", "begins"),
    [
        # the trial's: it had the oven's time with no word of the microwave
        (
            "how long to microwave a jacket potato",
            "I don't have a microwave time for jacket potato, only the oven's: Jacket potato: 60",
        ),
        (
            "how long does a jacket potato take in the microwave",
            "I don't have a microwave time for jacket potato, only the oven's:",
        ),
        ("how long to nuke a jacket spud", "I don't have a microwave time for jacket potato"),
        (
            "how long to cook sausages in the air fryer",
            "I don't have an air fryer time for sausages, only the oven's:",
        ),
        ("how long to slow cook a chicken", "I don't have a slow cooker time for chicken"),
        ("how long to microwave rice", "I don't have a microwave time for white rice, only this"),
        ("how long to roast broccoli", "I don't have a roasting time for broccoli, only this one"),
    ],
)
def test_a_method_the_tables_lack_is_said_to_be_lacking(question: str, begins: str) -> None:
    found = answer(question)
    assert found is not None and found.kind == "cooking" and found.source
    assert found.text.startswith(begins), found.text


@pytest.mark.parametrize(
    ("question", "begins"),
    [
        ("how long to bake a jacket potato", "Jacket potato: 60 to 80 minutes"),
        ("how long to cook a jacket potato", "Jacket potato: 60 to 80 minutes"),
        ("how long to microwave porridge", "Porridge: 4 minutes (microwave on high)"),
        ("how long to steam broccoli", "Broccoli: 6 to 8 minutes"),  # its note says steaming
        ("how long to cook chips in the air fryer", "Oven chips:"),  # its note says air fryer
        ("how long do sausages take under the grill", "Sausages: 14 to 16 minutes (grill"),
        ("how long do you boil potatoes for mash?", "Mashed potatoes: 15 to 20 minutes"),
        ("how long do I boil spuds for mash", "Potatoes: 15 to 20 minutes (simmer)"),
        ("how long do roast potatoes take", "Roast potatoes: 45 to 60 minutes"),
        ("how long should I rest the lamb", "Lamb: rest up to 30 minutes"),
    ],
)
def test_a_method_the_row_has_is_answered_plainly(question: str, begins: str) -> None:
    assert _text(question).startswith(begins), _text(question)


# -- 6. pink pork, from the pork row --------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "is pork ok if its a bit pink",  # the trial's: "I won't guess about food safety"
        "can pork be a little pink",
        "is it safe to eat pink pork",
        "my pork chops are slightly pink inside is that ok",
        "does pork have to be well done",
    ],
)
def test_pink_pork_is_answered_from_the_pork_row(question: str) -> None:
    found = answer(question)
    assert found is not None and found.kind == "safety" and "USDA" in found.source
    assert found.text.startswith("Pork: 62.8 °C (145 °F) in the thickest part, then rest it 3")
    assert "may still look pink" in found.text and "UK (FSA)" in found.text


@pytest.mark.parametrize(
    ("question", "begins"),
    [
        ("is pink chicken ok", "Chicken and turkey must be cooked all the way through"),
        ("can steak be pink", "No: whole cuts of beef and lamb"),
        ("is pink mince ok", "Yes: burgers, sausages, mince and rolled joints"),
        ("what temperature should pork be cooked to", "Pork: 62.8 °C (145 °F)"),
    ],
)
def test_the_rare_meat_rows_and_the_core_temperature_are_unchanged(
    question: str, begins: str
) -> None:
    assert _text(question).startswith(begins), _text(question)


# -- a review's two, after the six -----------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    # the row of thawing in cold water says "cold tap water": asked "in cold water", the
    # method found no row and the answer was "I'm not sure"
    ["can i thaw chicken in cold water", "can i defrost mince in cold water"],
)
def test_thawing_in_cold_water_is_the_cold_water_row(question: str) -> None:
    assert "submerge it in cold tap water" in _text(question)


def test_an_air_fryer_is_no_frying_pan() -> None:
    # "how long to air fry chicken thighs" was told "I don't have a frying time"
    assert _text("how long to air fry chicken thighs").startswith(
        "I don't have an air fryer time for chicken thighs"
    )
    assert _text("how long to fry an egg").startswith("Fried egg")  # the control


@pytest.mark.parametrize(
    "question",
    # what fills a roll or a cake is no bread's (a review's had "Yes: bread, rolls…")
    ["can i refreeze sausage rolls", "can i refreeze spring rolls", "can i refreeze cream cakes"],
)
def test_a_filled_roll_or_cake_is_not_bread_to_refreeze(question: str) -> None:
    assert not _text(question).startswith("Yes")
    assert _text("can i refreeze bread rolls").startswith("Yes")  # the control
