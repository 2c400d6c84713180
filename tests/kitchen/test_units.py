"""The kitchen's unit table against the legal definitions, and the oven's scales."""

from __future__ import annotations

import pytest

from appliance.kitchen import units


@pytest.mark.parametrize(
    ("value", "source", "target", "exact"),
    [
        (1, "us_cup", "ml", 236.5882365),
        (1, "uk_pint", "ml", 568.26125),
        (1, "us_pint", "ml", 473.176473),
        (1, "uk_fl_oz", "ml", 28.4130625),
        (1, "us_fl_oz", "ml", 29.5735295625),
        (1, "us_cup", "us_tbsp", 16.0),
        (1, "us_tbsp", "us_tsp", 3.0),
        (1, "lb", "g", 453.59237),
        (1, "oz", "g", 28.349523125),
        (1, "uk_gallon", "l", 4.54609),
        (1, "stick", "g", 113.3980925),
    ],
)
def test_each_unit_is_its_legal_definition(
    value: float, source: str, target: str, exact: float
) -> None:
    assert units.convert(value, source, target) == pytest.approx(exact, rel=1e-9)


def test_a_weight_and_a_volume_do_not_convert_without_a_density() -> None:
    with pytest.raises(ValueError, match="without a density"):
        units.convert(1, "us_cup", "g")


@pytest.mark.parametrize(("mark", "celsius"), [(0.25, 110), (1, 140), (4, 180), (6, 200), (9, 240)])
def test_gas_marks_are_the_uk_oven_table(mark: float, celsius: float) -> None:
    assert units.to_celsius(mark, "gas_mark") == celsius
    assert mark in units.gas_marks_for(celsius)


def test_a_gas_mark_off_the_dial_is_refused_by_the_table() -> None:
    with pytest.raises(ValueError, match="not on an oven dial"):
        units.to_celsius(12, "gas_mark")


def test_fahrenheit_is_arithmetic_and_the_oven_rounds_as_recipes_do() -> None:
    assert units.to_fahrenheit(180) == pytest.approx(356.0)
    assert units.oven_fahrenheit(180) == 350  # what a US recipe prints for 180 °C
    assert units.oven_celsius(350) == 180


def test_a_pint_a_quart_and_an_ounce_are_said_to_a_tenth_not_a_half():
    from appliance.kitchen.ask import answer

    said = answer("convert 400 ml to pints")
    assert said is not None
    # 400 ml is 0.70 UK pints and 0.85 US pints: "0.5" and "1" were wrong numbers.
    assert "0.7 UK pints" in said.text and "0.8 US pints" in said.text
    assert "8.8 oz" in answer("how many ounces is 250 grams").text
