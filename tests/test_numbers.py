"""numbers.py: the numbers a kitchen says, and how a cook writes a measure."""

from __future__ import annotations

import pytest

from appliance.numbers import as_fraction, fraction_word_at, number_at


@pytest.mark.parametrize(
    ("said", "value", "used"),
    [
        ("12", 12, 1),
        ("2.5 cups", 2.5, 1),
        ("1 1/2 tsp", 1.5, 2),
        ("2 ½ cups", 2.5, 2),
        ("¾ cup", 0.75, 1),
        ("twenty five minutes", 25, 2),
        ("two hundred and fifty grams", 250, 4),
        ("a hundred grams", 100, 2),
        ("one thousand two hundred", 1200, 4),
        ("one and a half cups", 1.5, 4),
        ("three and a quarter", 3.25, 4),
    ],
)
def test_numbers_as_said(said: str, value: float, used: int) -> None:
    assert number_at(said.split(), 0) == (pytest.approx(value), used)


@pytest.mark.parametrize("said", ["grams", "lots", "a", "", "1/0"])
def test_what_is_not_a_number_reads_as_nothing(said: str) -> None:
    assert number_at(said.split(), 0) is None


def test_amounts_said_as_words() -> None:
    assert fraction_word_at("half a cup".split(), 0) == (0.5, 2)
    assert fraction_word_at("a quarter of a teaspoon".split(), 0) == (0.25, 4)
    assert fraction_word_at("three quarters of a cup".split(), 0) == (0.75, 4)
    assert fraction_word_at("a cup".split(), 0) == (1.0, 1)
    assert fraction_word_at("cup".split(), 0) is None


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (1.5, "1 ½"),
        (0.25, "¼"),
        (2.0, "2"),
        (1 / 3, "⅓"),
        (0.126, "⅛"),
        (2.97, "3"),
        (0.66, "⅔"),
        (0.625, "⅝"),
    ],
)
def test_a_measure_is_written_as_a_cook_writes_it(value: float, written: str) -> None:
    assert as_fraction(value) == written
