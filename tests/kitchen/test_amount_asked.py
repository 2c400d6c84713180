"""The kitchen's answer is for what was asked: a swap for the amount said, and one scale in
the other where the number is no oven's (a tenth outside trial's "how much dried yeast
instead of 25g fresh" got the table's answer for 10 g, and "whats 100f in c" the model's
"100F is a unit of measurement used in the metric system")."""

from __future__ import annotations

import pytest

from appliance.kitchen.ask import answer


def said(question: str) -> str:
    found = answer(question)
    assert found is not None, question
    return found.text


def test_a_swap_in_grams_is_scaled_to_the_grams_asked() -> None:
    text = said("how much dried yeast instead of 25g fresh")
    assert text.startswith(
        "Instead of 25 g fresh yeast, use 10 g active dried yeast, or 8.2 g instant"
    )


def test_a_swap_for_the_table_s_own_amount_reads_as_the_table() -> None:  # the control
    assert said("how much dried yeast instead of 10g fresh yeast").startswith(
        "Instead of 10 g fresh yeast, use 4 g active dried yeast, or 3.3 g instant"
    )


@pytest.mark.parametrize(
    ("question", "start"),
    [
        # a swap with spoons beside its grams is never half scaled: the factor is said
        (
            "instead of 300 g self-raising flour what do I use",
            "Instead of 150 g self-raising flour, use 150 g plain flour + 2 tsp baking powder. "
            "For 300 g, use 2 times each amount.",
        ),
        (
            "what can I use instead of 2 cups of honey",
            "Instead of 1 cup honey, use 1 1/4 cups sugar + 1/4 cup liquid. For 2 cups, use 2 "
            "times each amount.",
        ),
        (
            "what can I use instead of 3 eggs in a cake",
            "Instead of 1 egg (binding), use 1 tbsp ground flaxseed or chia seed + 3 tbsp water, "
            "left 5 minutes to thicken. For 3 eggs, use 3 times each amount.",
        ),
    ],
)
def test_a_swap_in_spoons_cups_or_eggs_says_the_factor(question: str, start: str) -> None:
    assert said(question).startswith(start)


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("whats 100f in c", "100 °F is 37.8 °C."),
        ("5c in f", "5 °C is 41 °F."),
        ("what is -18 c in f", "-18 °C is -0.4 °F."),  # the minus is read, never dropped
        ("what is 0f in c", "0 °F is -17.8 °C."),
    ],
)
def test_a_scale_asked_by_name_is_converted_exactly(question: str, text: str) -> None:
    assert said(question) == text


def test_an_oven_temperature_is_still_the_oven_s() -> None:  # the control
    assert said("what is 350f in c").startswith("350 °F is about 180 °C, gas mark 4.")


@pytest.mark.parametrize(
    ("question", "start"),
    [
        # a review's: the amount of another ingredient, or of the other yeast, was scaled
        (
            "I have 200g of plain flour, what can I use instead of 150g self-raising flour",
            "Instead of 150 g self-raising flour, use 150 g plain flour + 2 tsp baking powder. "
            "Sift",
        ),
        (
            "for 2 cups of flour what can I use instead of 1 cup buttermilk",
            "Instead of 1 cup buttermilk, use 1 tbsp lemon juice or vinegar + enough milk to make "
            "1 cup; stand 5 minutes. [source",
        ),
        ("how much fresh yeast instead of 7g dried", "Instead of 10 g fresh yeast, use 4 g"),
    ],
)
def test_only_the_amount_said_of_the_ingredient_is_scaled(question: str, start: str) -> None:
    assert said(question).startswith(start)


def test_egg_whites_get_no_whole_egg_factor() -> None:
    # a review's "instead of 2 egg whites" had "For 2 egg, use 2 times each amount"
    assert "times each amount" not in said("instead of 2 egg whites")
    assert "For 2 eggs, use 2 times" in said("instead of 2 eggs")  # the control
