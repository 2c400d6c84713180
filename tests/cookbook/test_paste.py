"""Pasted recipes read into records: the shapes people paste, and refusals naming what is
missing."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from appliance.cookbook import NotARecipe, parse_pasted
from appliance.cookbook.amounts import read_ingredient
from appliance.cookbook.paste import MAX_PASTE_CHARS
from tests.cookbook.conftest import FLAPJACKS

RECIPES = Path(__file__).parents[2] / "benchmarks" / "data" / "recipes"
TUNE = RECIPES / "tune"


@pytest.mark.parametrize(
    ("line", "quantity", "unit", "item"),
    [
        ("1½ tsp ground ginger", Fraction(3, 2), "tsp", "ground ginger"),
        ("1 1/2 cups flour", Fraction(3, 2), "us_cup", "flour"),
        ("0.5 l milk", Fraction(1, 2), "l", "milk"),
        ("2 x 400g tins chopped tomatoes", Fraction(800), "g", "chopped tomatoes"),
        ("250g/9oz butter, softened", Fraction(250), "g", "butter, softened"),
        ("250 g (9 oz) butter", Fraction(250), "g", "butter"),
        ("3 eggs", Fraction(3), None, "eggs"),
        ("1 large onion, finely chopped", Fraction(1), None, "large onion, finely chopped"),
        ("2-3 cloves of garlic", Fraction(2), "clove", "garlic"),
        ("a pinch of salt", Fraction(1), "pinch", "salt"),
        ("1 T sugar", Fraction(1), "tbsp", "sugar"),
        ("1 t salt", Fraction(1), "tsp", "salt"),
        ("salt and pepper to taste", None, None, "salt and pepper to taste"),
        ("juice of 1 lemon", None, None, "juice of 1 lemon"),
        ("a little milk", None, None, "a little milk"),
    ],
)
def test_an_ingredient_line_reads_exactly(line, quantity, unit, item):
    ingredient = read_ingredient(line)
    assert (ingredient.quantity, ingredient.unit, ingredient.item) == (quantity, unit, item)


def test_a_recipe_reads_title_serves_list_and_steps():
    recipe = parse_pasted(FLAPJACKS)
    assert recipe.title == "Nana's Flapjacks"
    assert (recipe.serves, recipe.makes) == (12, True)
    assert len(recipe.ingredients) == 5 and len(recipe.steps) == 5
    assert recipe.timers == ((4, 1500), (5, 600))
    assert recipe.oven() == (1, "180C/160C fan/gas 4")


def test_windows_line_endings_and_paragraph_steps_read_the_same():
    text = (
        "Toast\r\n\r\n2 slices bread\r\nbutter\r\n\r\n"
        "Toast the bread for 3 minutes.\r\n\r\nButter it.\r\n"
    )
    recipe = parse_pasted(text)
    assert recipe.steps == ("Toast the bread for 3 minutes.", "Butter it.")
    assert [i.item for i in recipe.ingredients] == ["bread", "butter"]


@pytest.mark.parametrize(
    ("text", "missing"),
    [
        ("can you remind me to buy eggs", ("ingredients", "steps")),
        ("Pancakes\nIngredients:\n100g flour\n2 eggs\n300ml milk\n", ("steps",)),
        ("Method\n1. Boil the kettle for a while.\n2. Pour the water.\n", ("ingredients",)),
        # An aside in brackets is no step: a list with no method is not a recipe.
        (
            "Mum's Stuffing\n\n1 onion\n50g butter\n450g sausagemeat\n\n"
            '(she never wrote down what to do with it, just "the usual way")\n',
            ("steps",),
        ),
    ],
)
def test_what_is_not_a_whole_recipe_is_refused_naming_what_is_missing(text, missing):
    with pytest.raises(NotARecipe) as refused:
        parse_pasted(text)
    assert refused.value.missing == missing
    assert "nothing was written" in str(refused.value)


def test_a_pasted_web_page_is_refused_as_too_long():
    with pytest.raises(NotARecipe, match="more than a recipe"):
        parse_pasted(FLAPJACKS + "x" * MAX_PASTE_CHARS)


def test_the_file_shape_reads_back_as_the_same_recipe():
    # Every split's pastes: a property of the writer, not a score, so the held-out ones
    # are fair to read here.
    for case in sorted(RECIPES.glob("*/*.txt")):
        try:
            recipe = parse_pasted(case.read_text(encoding="utf-8"))
        except NotARecipe:
            continue
        assert parse_pasted(recipe.to_markdown()) == recipe, case.name


def test_positive_control_the_same_list_with_a_method_is_a_recipe():
    recipe = parse_pasted(
        "Mum's Stuffing\n\n1 onion\n50g butter\n450g sausagemeat\n\n"
        "fry the onion in the butter for 5 mins\nmix in the sausagemeat\n"
    )
    assert len(recipe.ingredients) == 3
    assert recipe.steps == ("fry the onion in the butter for 5 mins", "mix in the sausagemeat")


def test_a_spreadsheet_and_a_parish_cookbook_read_amount_first():
    sheet = parse_pasted(
        "Traybake\nServes\t12\n\nIngredient\tAmount\tUnit\nButter\t225\tg\nEggs\t4\t\n\n"
        "Step\tMethod\n1\tBeat everything together.\n2\tBake for 30 minutes.\n"
    )
    assert sheet.serves == 12 and sheet.steps[1] == "Bake for 30 minutes."
    assert [(i.quantity, i.unit, i.item) for i in sheet.ingredients] == [
        (225, "g", "butter"),
        (4, None, "eggs"),
    ]
    leaders = parse_pasted("Cake\n\nButter ........ 4 oz\nEggs .......... 2\n\nMix and bake.\n")
    assert [(i.quantity, i.unit, i.item) for i in leaders.ingredients] == [
        (4, "oz", "butter"),
        (2, None, "eggs"),
    ]


def test_a_group_heading_before_an_unheaded_list_is_kept():
    recipe = parse_pasted(
        "Cake\n\nFor the cake:\n200g flour\n2 eggs\nFor the icing:\n100g sugar\n\n"
        "Mix and bake for 20 minutes.\n"
    )
    assert [(i.item, i.group) for i in recipe.ingredients] == [
        ("flour", "For the cake"),
        ("eggs", "For the cake"),
        ("sugar", "For the icing"),
    ]
