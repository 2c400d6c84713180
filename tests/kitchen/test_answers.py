"""One question in, an exact answer out: conversions, ovens, times, swaps and food safety."""

from __future__ import annotations

import pytest

from appliance.kitchen.allergens import (
    ALLERGEN_UNSURE,
    CONDITION_UNSURE,
    NUTRITION_UNSURE,
    made_with,
)
from appliance.kitchen.ask import answer
from appliance.kitchen.safety import UNSURE, UNSURE_FOR_A_CHILD


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("190 c in f", "190 °C is about 375 °F, gas mark 5. (A fan oven: 170 °C.)"),
        ("350 f in c", "350 °F is about 180 °C, gas mark 4. In a fan oven, use 160 °C."),
        ("gas mark 4", "Gas mark 4 is about 180 °C, 350 °F. In a fan oven, use 160 °C."),
        # as the recogniser writes it (a second trial: the model said it was a car)
        (
            "What's gasmark 4 in Celsius?",
            "Gas mark 4 is about 180 °C, 350 °F. In a fan oven, use 160 °C.",
        ),
        (
            "what is 220 fan in normal oven",
            "220 °C fan is about a conventional oven at 240 °C, 475 °F, gas mark 9.",
        ),
        ("what is gas mark 12 in celsius", "Gas marks run from ¼ to 9; there is no gas mark 12."),
    ],
)
def test_oven_temperatures(question: str, text: str) -> None:
    found = answer(question)
    assert found is not None and found.kind == "temperature" and found.text == text


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("how many grams in a cup of flour", "1 cup of all-purpose flour is about 120 g."),
        ("how many cups is 200g of flour", "200 g of all-purpose flour is about 1 ⅔ cups."),
        ("1 stick of butter in grams", "1 stick of butter is 113 g."),
        ("how many ml in a US pint", "1 US pint is 473 ml."),
        ("half a cup of milk in ml", "½ cup of milk is 118 ml."),
        ("how many grams is 3 oz", "3 oz is 85 g."),
        ("how many tablespoons in a cup", "1 cup is 16 US tbsp."),
        # a fraction before its unit, as American recipes write it (an outside trial's
        # question went to the model, which said "A quarter cup is 250 milliliters.")
        ("How many tablespoons are in a quarter cup?", "¼ cup is 4 US tbsp."),
        ("two thirds cup of sugar in grams", "⅔ cup of granulated sugar is about 130 g."),
        ("how many ml in three quarter cup", "¾ cup is 177 ml."),
    ],
)
def test_weights_and_volumes(question: str, text: str) -> None:
    found = answer(question)
    assert found is not None and found.kind == "convert" and found.text == text


def test_a_pint_unsaid_gives_both_countries_and_says_why() -> None:
    found = answer("convert 1 pint to ml")
    assert found is not None
    assert "1 UK pint is 568 ml; 1 US pint is 473 ml" in found.text and "differ" in found.text


def test_a_cup_in_grams_of_nothing_in_particular_asks_what_it_is() -> None:
    found = answer("how many grams in a cup")
    assert found is not None and found.text.startswith("It depends on what it is")


@pytest.mark.parametrize(
    ("question", "begins"),
    [
        ("how long does cooked rice keep in the fridge", "Cooked rice keeps 24 hours"),
        ("how long can rice sit out", "Cooked rice keeps 1 hour out at room temperature"),
        ("can cooked chicken sit out overnight", "No. Cooked food left out overnight"),
        ("what temperature should chicken be cooked to", "Chicken: 73.9 °C (165 °F)"),
        ("can I refreeze thawed meat", "Only if you cook it first"),
        # a twelfth trial's, each at the model or "throw it out"
        ("can a baby have scrambled egg", "From around 6 months, yes"),
        ("can a 7 month old have water", "From around 6 months, offer sips"),
        # a held-out split's, after its first read: the NHS's rows for a small child
        ("whole grapes for a 2 yr old?", "For a child under 5, cut small round foods"),
        ("semi skimmed milk for my 2 and a half year old?", "Not as a drink before 2"),
        ("can babies have fruit juice, mine's 8 months", "Not for a baby under 12 months"),
        ("cup of tea for my 2 yo, weak with lots of milk?", "No: tea and coffee"),
        ("raw jelly cubes for my 2 year old to chew on?", "No: raw jelly cubes"),
        ("my 4 year old wants to try a raw oyster", "No: don't give raw shellfish"),
        ("can my 1 year old have brie", "Not unless it is cooked until steaming hot"),
        ("is cheddar ok for a 6 month old", "Yes, from around 6 months"),
        ("duck eggs for the baby, 11 months, runny ok?", "Cook them until the white"),
        ("can my 14mo have unsweetened oat milk as a drink", "From 1 year old, yes"),
        ("can I add a pinch of salt to my baby's mashed potato, he's 7 months", "Don't add salt"),
    ],
)
def test_food_safety_comes_from_the_tables_with_its_source(question: str, begins: str) -> None:
    found = answer(question)
    assert found is not None and found.kind == "safety"
    assert found.text.startswith(begins) and found.source


@pytest.mark.parametrize(
    "question",
    [
        "is my homemade kombucha still safe",
        "is it safe to eat the green bit of a potato",
        "my homemade chilli jam smells a bit funny, is it still ok",  # not chilli, not jam
        "is rice pudding ok after 3 days",  # not rice
        "the chicken smells a bit off, can we still eat it",  # no table vouches for that
    ],
)
def test_food_safety_the_tables_do_not_hold_is_an_honest_not_sure(question: str) -> None:
    found = answer(question)
    assert found is not None and found.kind == "unsure" and found.text == UNSURE


@pytest.mark.parametrize("question", ["can a baby have rice cakes", "can a baby have popcorn"])
def test_of_a_small_child_the_not_sure_says_where_to_ask(question: str) -> None:
    # a twelfth trial's "can a 7 month old baby drink water?" got "…throw it out"
    found = answer(question)
    assert found is not None and found.kind == "unsure" and found.text == UNSURE_FOR_A_CHILD


@pytest.mark.parametrize(
    "question",
    [
        "has the baby gone off to sleep?",  # a fourth trial's got the food-safety line
        "is the baby asleep?",
        "has Nan gone off to bed?",
        "the smoke alarm went off again",
        "what reminders have gone off",  # a twelfth trial's got the food-safety line
        "did the alarm go off?",
        "chat to me while I wash up",  # a seventh trial's got the food-safety line
        "how many weeks till the baby's due?",  # a held-out split's, likewise
    ],
)
def test_a_safety_word_in_a_sense_that_is_no_foods_is_left_alone(question: str) -> None:
    assert answer(question) is None


@pytest.mark.parametrize(
    "question",
    [
        "has the milk gone off?",  # the controls: the same words of food
        "can my toddler eat runny eggs before bed?",
        "can I give the baby honey before her nap?",
        "should I wash chicken before cooking it?",
    ],
)
def test_the_same_words_of_food_are_still_a_safety_question(question: str) -> None:
    found = answer(question)
    assert found is not None and found.kind in ("safety", "unsure"), question


@pytest.mark.parametrize(
    ("question", "line"),
    [
        # a fifth trial, sesame allergy and diabetes in the house: the model answered each
        # "no, it is not."; now what each is made of, by its name (made_of.csv)
        ("is tahini made from sesame", made_with(["tahini", "made", "from", "sesame"])),
        ("does hummus have sesame in it?", made_with(["hummus", "sesame"])),
        ("are digestive biscuits vegetarian", ALLERGEN_UNSURE),
        ("how many carbs in a baked potato", NUTRITION_UNSURE),  # "19.2 grams"
        ("how many calories in an egg", NUTRITION_UNSURE),
        ("is honey better than sugar for a diabetic", CONDITION_UNSURE),
        ("are sweeteners ok for diabetics?", CONDITION_UNSURE),
        # a twelfth trial's, echoed back by the model: the condition said first
        ("im diabetic, can i have a slice of cake", CONDITION_UNSURE),
        ("i have high blood pressure can i have salt", CONDITION_UNSURE),
    ],
)
def test_what_is_in_a_food_or_good_for_a_condition_is_never_guessed(
    question: str, line: str
) -> None:
    found = answer(question)
    assert found is not None and found.text == line


@pytest.mark.parametrize(
    "question",
    [
        "is Ciaran vegetarian",  # the controls: memory's, a measure, a recipe's amount
        "is the lodger vegetarian",
        "how many grams of sugar in a cup",
        "how much salt should I put in the pasta water",
    ],
)
def test_a_person_a_measure_or_an_amount_is_not_that(question: str) -> None:
    found = answer(question)
    assert found is None or found.text not in (ALLERGEN_UNSURE, NUTRITION_UNSURE), question


def test_cooking_times_and_swaps() -> None:
    roast = answer("how long to roast a 2kg chicken")
    assert roast is not None and roast.kind == "cooking"
    assert roast.text.startswith("A 2 kg chicken: about 1 hour 50 minutes at 200 °C")
    swap = answer("what can I use instead of buttermilk")
    assert swap is not None and swap.kind == "substitute" and "lemon juice" in swap.text


@pytest.mark.parametrize(
    "question",
    [
        "tell me a joke",
        "what time is it",
        "convert 3 blorps to grams",
    ],
)
def test_what_is_not_the_kitchens_is_left_alone(question: str) -> None:
    assert answer(question) is None


@pytest.mark.parametrize(
    ("question", "begins"),
    [
        ("is 180 degrees C gas 4?", "Yes: 180 °C is about 350 °F, gas mark 4."),
        ("is 180 c gas 6", "No: 180 °C is about 350 °F, gas mark 4."),
        ("whats 375 in celsius for baking", "375 °F is about 190 °C, gas mark 5."),
        ("what temp does water boil at in fahrenheit", "Water boils at 100 °C (212 °F)"),
    ],
)
def test_temperatures_asked_as_people_ask(question: str, begins: str) -> None:
    found = answer(question)
    assert found is not None and found.text.startswith(begins)


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("grams in a tablespoon of suger", "1 tbsp of granulated sugar is about 13 g."),
        ("how much is a dessert spoon in ml", "1 dessertspoon is 10 ml."),
        ("packed cup of brown sugar in grams", "1 cup of brown sugar is about 215 g."),
    ],
)
def test_a_slip_of_the_keyboard_and_the_spoons_people_own(question: str, text: str) -> None:
    found = answer(question)
    assert found is not None and found.text == text


def test_a_slip_is_read_back_only_to_the_one_word_it_can_be() -> None:
    from appliance.kitchen.spelling import fix_slips, one_slip

    assert one_slip("suger", "sugar") and not one_slip("sugar", "sugar")
    assert not one_slip("salt", "malt")  # the first letter must agree
    known = frozenset({"broccoli", "chicken", "cheddar", "chickpeas"})
    assert fix_slips(["brocolli", "chiken"], known) == ["broccoli", "chicken"]
    assert fix_slips(["cheken"], known | {"chequen"}) == ["cheken"]  # two it could be: kept
    assert fix_slips(["leave"], known) == ["leave"]  # nothing near: kept


def test_a_word_english_knows_is_no_slip() -> None:
    from appliance.english import english_words
    from appliance.kitchen.spelling import fix_slips

    known = frozenset({"batter", "cold", "flour", "chicken"})
    # "Could be that the smoke alarm battery is flat." had got the rule on raw batter
    assert fix_slips(["battery"], known) == ["batter"]  # without the list: bent
    said = ["battery", "could", "floor", "chiken"]
    assert fix_slips(said, known, english_words()) == ["battery", "could", "floor", "chicken"]
    assert answer("Could be that the smoke alarm battery is flat.") is None


@pytest.mark.parametrize(
    ("question", "begins"),
    [
        ("is it ok to eat leftover rice from last week", "No, throw it away."),
        # a ninth trial's, which got the model's "You can eat mince that's been in the fridge…"
        ("can I eat mince that's been in the fridge 5 days?", "No, throw it away."),
        ("can i eat salmon thats been in the fridge 4 days", "No, throw it away."),
        ("can I eat rice that's been in the fridge 1 day", "Cooked rice keeps 24 hours"),
        ("5kg turkey, how many days to thaw in the fridge", "A 5 kg bird: about 50 to 60 hours"),
        ("can you freeze cooked rice", "Yes. Cooked rice keeps 1 month in the freezer"),
        ("can my 8 month old have honey", "Not for a baby under 12 months"),
        ("is raw cookie dough safe to eat", "No: raw dough and batter"),
        ("what temperature should my fridge be", "Keep the fridge at 5 °C or below"),
        ("why is reheated rice dodgy", "Because of Bacillus cereus"),
        ("how hot does the middle of a burger need to get, in degrees C", "Beef mince: 71.1 °C"),
    ],
)
def test_food_safety_as_people_ask_it(question: str, begins: str) -> None:
    found = answer(question)
    assert found is not None and found.kind == "safety" and found.text.startswith(begins)


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("recipe says cornstarch, whats that in the uk", "Cornstarch is cornflour in the UK."),
        ("what is zucchini in english", "Zucchini is courgette in the UK."),
    ],
)
def test_us_names_are_given_their_uk_ones(question: str, text: str) -> None:
    found = answer(question)
    assert found is not None and found.text == text


def test_what_is_missing_is_what_follows_no() -> None:
    found = answer("no bicarb, can i just use baking powder")
    assert found is not None and found.text.startswith("Instead of 1/4 tsp bicarbonate of soda")


def test_a_command_word_is_never_read_as_a_slip_of_a_kitchen_word():
    from appliance.kitchen.ask import answer

    assert answer("repeat") is None  # not "reheat": the cook wants the step again
    assert answer("can i reheet rice") is not None  # the control: a real slip still reads


@pytest.mark.parametrize(
    "question",
    [
        # resting and soaking are steps, not ways of cooking: no roasting time answers them,
        # and a food whose row says nothing of resting gets no answer
        "how long should I rest the chicken for?",
        # soaking overnight is not food left out (an outside split: the two-hour rule)
        "can I use tinned chickpeas or do they need soaking overnight",
        "Soak the chickpeas overnight before cooking them.",
    ],
)
def test_a_step_no_table_holds_is_not_answered_with_another_ones_time(question: str) -> None:
    assert answer(question) is None


@pytest.mark.parametrize(
    ("question", "begins"),
    [
        ("how long do I rest a steak?", "Resting a steak: 5 to 10 minutes"),
        # a roast's own row says how long it rests (a second outside trial's "how long do I
        # rest roast beef" got the roasting time)
        ("How long should I rest the lamb for?", "Lamb: rest up to 30 minutes."),
        ("how long do I rest roast beef", "Beef: rest up to 30 minutes."),
        ("how long should the turkey rest?", "Turkey: rest 30 minutes or more"),
        ("steamed broccoli how long", "Broccoli: 6 to 8 minutes (boil)."),  # its note says
        ("how long to roast a chicken", "Chicken: 45 minutes a kg"),
        ("is rice ok left out overnight?", "Don't leave perishable food"),
    ],
)
def test_the_steps_and_methods_the_tables_hold_are_answered(question: str, begins: str) -> None:
    found = answer(question)
    assert found is not None and found.text.startswith(begins)


def test_how_do_i_make_asks_for_a_substitute_only_of_the_ingredient() -> None:
    # a second outside trial: the flaxseed egg for scrambled eggs
    assert answer("how do I make scrambled eggs less rubbery") is None
    found = answer("how do I make buttermilk")  # the controls
    assert found is not None and found.text.startswith("Instead of 1 cup buttermilk")
    found = answer("how do I make a cake without eggs")
    assert found is not None and "flaxseed" in found.text


@pytest.mark.parametrize(
    ("question", "dish"),
    [
        ("no eggs left for the yorkshires, what can I use", "the yorkshires"),  # a second trial
        ("we've run out of eggs for the sponge", "the sponge"),
        ("I have no eggs for the quiche", "the quiche"),
        ("what can I use instead of eggs in a pavlova", "a pavlova"),
    ],
)
def test_no_egg_swap_is_given_where_the_egg_makes_the_dish(question: str, dish: str) -> None:
    found = answer(question)
    assert found is not None and "flaxseed" not in found.text and "banana" not in found.text
    assert found.text.startswith(
        f"The kitchen's egg swaps are for binding and moisture. They won't work in {dish}, "
    )


def test_the_egg_swap_is_still_given_where_the_egg_binds() -> None:
    found = answer("what can I use instead of eggs in a meatloaf")  # the control
    assert found is not None
    assert found.text.startswith("Instead of 1 egg (binding), use 1 tbsp ground flaxseed")


@pytest.mark.parametrize(
    ("question", "begins"),
    [
        # a second outside trial: each got "I'm not sure, and I won't guess about food safety"
        ("how long does cooked meat keep in the fridge", "Cooked meat and poultry keeps 2 to 4"),
        ("can I freeze leftover roast beef", "Yes. Cooked meat and poultry keeps 2 to 3 months"),
    ],
)
def test_leftover_meat_is_the_leftovers_row(question: str, begins: str) -> None:
    found = answer(question)
    assert found is not None and found.text.startswith(begins)


def test_a_welsh_stew_keeps_as_soups_and_stews_do() -> None:
    # a third outside trial: "leftover soup" was answered, "leftover cawl" was not
    found = answer("how long will leftover cawl keep in the fridge?")
    assert found is not None and found.text.startswith("Soups and stews keep 2 to 4 days")
    found = answer("how do I make bara brith gluten free?")  # a diet: never a swap
    assert found is not None and found.text.startswith("The kitchen's swaps aren't checked")


def test_a_rice_dish_keeps_as_cooked_rice_does() -> None:
    # a fourth outside trial: "leftover rice" was answered, "leftover jollof rice" was not
    found = answer("how long does leftover jollof rice keep in the fridge?")
    assert found is not None and found.text.startswith("Cooked rice keeps 24 hours in the fridge")


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # a ninth trial's got the model's "Oisín, the 6th of the 12 years old…"
        ("can I give Oisín honey, he's 6", "Not for a baby under 12 months"),
        ("is honey ok for Ellie, she's 8 months", "Not for a baby under 12 months"),
        ("can my toddler have honey", "From 1 year old it is fine"),
        ("can the kids have whole grapes", "cut small round foods like grapes"),
        ("can my 3 year old have rice milk", "rice drinks can hold too much arsenic"),
        ("is it ok to give Sam nuts", "Not whole for a child under 5"),
        ("can I give the baby salt", "a baby's kidneys"),
        ("can the children eat swordfish", "mercury"),
    ],
)
def test_a_food_given_to_someone_is_answered_with_a_small_childs_limits(
    question: str, said: str
) -> None:
    found = answer(question)
    assert found is not None and found.kind == "safety" and said in found.text, question


@pytest.mark.parametrize(
    "question",
    [
        "can I have honey in my tea",  # said of oneself: no child's limit
        "how long does honey keep",
        "do we have any grapes",
        "can I eat honey when pregnant",  # a pregnancy is not a small child
    ],
)
def test_a_food_not_given_to_anyone_gets_no_childs_limits(question: str) -> None:
    found = answer(question)
    assert found is None or ("under 12 months" not in found.text and "under 5" not in found.text)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # a tenth trial's: the model's "No, no you cannot."
        ("can kids eat runny eggs", "British Lion"),
        ("is pink chicken ok to eat", "Pink chicken is not safe to eat."),
        ("can you eat a potato that's gone green", UNSURE),
    ],
)
def test_a_tenth_trials_food_safety(question: str, said: str) -> None:
    found = answer(question)
    assert found is not None and said in found.text, question


def test_where_a_thing_is_kept_told_is_no_safety_question() -> None:
    """A tenth trial's "we keep the first aid kit in the cupboard above the fridge" got the
    food-safety line; asked how long, it still is one (the control)."""
    assert answer("we keep the first aid kit in the cupboard above the fridge") is None
    found = answer("we keep butter in the fridge how long does it last")
    assert found is not None and found.kind == "safety"
    cooked = answer("how long do i boil an egg for a runny yolk")
    assert cooked is not None and cooked.kind == "cooking"


@pytest.mark.parametrize(
    "question",
    [
        # a review's, each given a small child's row
        "give me a recipe with honey",
        "is honey good for a sore throat?",
        "is salt bad for blood pressure?",
        "is swordfish ok for Mum, she's pregnant?",
        "can a 3 year old have skimmed milk?",
        "can the baby have oat milk?",
    ],
)
def test_no_small_childs_row_for_what_asks_another_thing(question: str) -> None:
    found = answer(question)
    assert found is None or found.source != "NHS: foods to avoid giving babies and young children"


def test_the_chicken_row_says_no_no_to_well_done() -> None:
    """A review's "should chicken be well done?" got "No: chicken … must be cooked all the
    way through"."""
    found = answer("should chicken be well done?")
    assert found is not None and not found.text.startswith("No")


def test_a_keeping_time_told_is_still_answered() -> None:
    """A review's: "we keep leftover rice in the fridge for 4 days" had lost rice's 24 hours
    with the first rule for where a thing is kept."""
    found = answer("we keep leftover rice in the fridge for 4 days")
    assert found is not None and found.kind == "safety"


@pytest.mark.parametrize(
    "question",
    [
        # an eleventh outside trial's got the model's "Yes, you can definitely microwave
        # breast milk… without any risks", and "is it safe to reheat breast milk" the
        # leftovers' "until steaming hot… 75 °C"
        "can I microwave breast milk?",
        "is it safe to reheat breast milk",
        "how do I warm up breast milk",
        "can I microwave formula",
        "how do I defrost frozen breast milk",
    ],
)
def test_a_baby_s_milk_is_warmed_never_microwaved(question: str) -> None:
    found = answer(question)
    assert found is not None and found.text.startswith("Never warm or defrost breast milk")
    assert "75" not in found.text


@pytest.mark.parametrize(
    ("question", "begins"),
    [
        # the controls: leftovers are still heated through, breast milk still keeps
        ("can I reheat leftover soup in the microwave?", "No. Don't reheat leftovers"),
        ("how long does breast milk keep in the fridge", "Breast milk keeps"),
    ],
)
def test_other_food_keeps_its_own_rule(question: str, begins: str) -> None:
    found = answer(question)
    assert found is not None and found.text.startswith(begins)


@pytest.mark.parametrize(
    "question",
    [
        # an eleventh outside trial's: a small child's row said of a grown-up
        "can Babcia have honey in her tea?",
        "can I give Grandad honey?",
        "can my husband have whole nuts",
    ],
)
def test_a_small_child_s_row_is_never_said_of_a_grown_up(question: str) -> None:
    found = answer(question)
    assert found is None or ("baby" not in found.text and "child" not in found.text)


@pytest.mark.parametrize(
    "question",
    [
        "can I give Oisin honey?",
        "can the baby have honey",
        "can Nana give Oisin honey",  # a review's: the grown-up gives, the child is given
    ],
)
def test_a_small_child_s_row_is_still_said_of_a_child_or_a_name(question: str) -> None:
    found = answer(question)  # the controls: a baby, or a name that may be a baby's
    assert found is not None and found.text.startswith("Not for a baby under 12 months")


def test_a_question_of_someone_else_is_no_follow_up() -> None:
    from appliance.kitchen.follow_ups import asked_again

    # "can Krystyna have bigos?" after a baby's cows' milk had got the cows' milk row
    assert asked_again("can Zosia have cow's milk on her cereal?", "can Krystyna have bigos?") == []
    assert asked_again("how long does cooked rice keep in the fridge?", "and in the freezer?") == [
        ("how long does cooked rice keep in the freezer", False)  # the control
    ]


@pytest.mark.parametrize("said", ["my bottle of wine is warm", "is the hot water bottle too hot"])
def test_a_bottle_that_is_no_baby_s_is_not_its_milk(said: str) -> None:
    found = answer(said)  # a review's got the baby's milk row
    assert found is None or not found.text.startswith("Never warm or defrost breast milk")


@pytest.mark.parametrize(
    "asked",
    [
        # a sixteenth trial's each got the fridge's 24 hours
        "how long is made up formula good for at room temp",
        "how long can i keep a bottle of formula out",
    ],
)
def test_formula_out_of_the_fridge_is_the_room_row(asked: str) -> None:
    said = answer(asked)
    assert said is not None and "out at room temperature" in said.text
    assert "24 hours" not in said.text


def test_formula_in_the_fridge_is_the_fridge_row() -> None:  # the control
    said = answer("how long does formula keep in the fridge")
    assert said is not None and "24 hours in the fridge" in said.text


def test_what_a_food_does_to_a_medicine_is_the_gps() -> None:
    """ "does spinach affect warfarin" (a seventeenth trial's got the model's "No")."""
    said = answer("does spinach affect warfarin")
    assert said is not None and said.text == CONDITION_UNSURE
    assert answer("does salt affect pasta water") is None  # the control


def test_tatties_are_potatoes_to_the_kitchen() -> None:
    """ "how long do i boil tatties" (a seventeenth trial's got "I'd only be guessing")."""
    said = answer("how long do i boil tatties")
    assert said is not None and said.text.startswith("Potatoes: 15 to 20 minutes")


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        # a twenty-second trial's "A 6.35029 kg turkey": the weight as asked, metric beside it
        ("how long do I roast a 14 lb turkey", "A 14 lb (6.4 kg) turkey: about 3 hours 35 minutes"),
        ("how long to thaw a 14 pound turkey in the fridge", "A 14 lb (6.4 kg) bird: about 64"),
        ("how long to roast a 1500g chicken", "A 1.5 kg chicken: about 1 hour 30 minutes"),
        ("how long to roast a 2 kg chicken", "A 2 kg chicken: about 1 hour 50 minutes"),  # control
    ],
)
def test_a_weight_is_said_back_as_it_was_asked(question: str, opening: str) -> None:
    found = answer(question)
    assert found is not None and found.text.startswith(opening)


@pytest.mark.parametrize(
    "question",
    ["how long do I roast a 14 lb turkey at 325?", "5 lb pork shoulder how long at 300 F"],
)
def test_another_oven_asked_of_is_said_to_take_longer(question: str) -> None:
    found = answer(question)  # a twenty-second trial's: the time at 190 °C, 325 °F not said
    assert found is not None and "it takes longer" in found.text and "thermometer" in found.text


@pytest.mark.parametrize(
    "question", ["how long to roast a 2 kg chicken at 200", "how long to roast a 2 kg chicken"]
)
def test_the_table_s_own_oven_adds_nothing(question: str) -> None:
    found = answer(question)  # the control
    assert found is not None and "That time is for" not in found.text


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        # a twenty-second trial's thawed turkey got how to defrost, 3 of 3
        ("how long does a thawed turkey keep in the fridge", "FSA: once defrosted, cook it"),
        ("how long can I keep defrosted chicken before cooking", "FSA: once defrosted, cook it"),
        # and how to, asked how: never how long it keeps
        ("how do I defrost a turkey", "Defrost in the fridge, ideally overnight"),
        ("what's the quickest way to thaw mince", "For faster thawing"),
    ],
)
def test_how_long_thawed_food_keeps_and_how_to_thaw_it(question: str, opening: str) -> None:
    found = answer(question)
    assert found is not None and found.text.startswith(opening)


@pytest.mark.parametrize(
    "question", ["what internal temp for brisket?", "safe temperature for pot roast"]
)
def test_a_beef_roast_by_its_american_name_is_beef(question: str) -> None:
    found = answer(question)  # a twenty-third trial's brisket got the unsure line
    assert found is not None and found.text.startswith("Beef: 62.8 °C (145 °F)")
