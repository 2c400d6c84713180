"""One rule reads a timer's length for every path that changes one (a follow-up, "make
that 8", "make the rice one 20", a snooze): a duration said whole, or a number alone as
minutes, never past two hours (an oven's heat) and, where asked, never a half."""

from __future__ import annotations

import pytest

from appliance.household.spoken import bare_minutes, length_said, words


@pytest.mark.parametrize(
    ("said", "seconds"),
    [
        ("ten minutes", 600.0),
        ("half an hour", 1800.0),
        ("8", 480.0),
        ("twenty five", 1500.0),
        ("120", 7200.0),
        ("3 and a half", 210.0),
    ],
)
def test_a_length_said_whole(said: str, seconds: float) -> None:
    assert length_said(words(said)) == seconds


@pytest.mark.parametrize("said", ["180", "0", "a double", "two pints", "10 minutes please"])
def test_no_length_in_anything_else(said: str) -> None:
    # "make it 180" is an oven's heat; "two pints" an item's amount
    assert length_said(words(said)) is None


def test_whole_minutes_leaves_a_half_to_the_timer_being_set() -> None:
    # "make it four and a half", said while setting one, is that timer's length
    assert length_said(words("four and a half"), whole_minutes=True) is None
    assert length_said(words("4.5"), whole_minutes=True) is None
    assert length_said(words("four minutes and a half"), whole_minutes=True) == 270.0
    assert length_said(words("4"), whole_minutes=True) == 240.0  # the control


def test_bare_minutes_only_of_a_number_alone() -> None:
    assert bare_minutes(words("5")) == 300.0
    assert bare_minutes(words("5 minutes")) is None  # a duration, read by its unit
