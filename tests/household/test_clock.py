"""The clock in words: every answer read from the clock given, never from a model."""

from __future__ import annotations

import datetime as dt

import pytest

from appliance.household.clock import easter, said
from appliance.household.phrases import parse

NOW = dt.datetime(2026, 12, 1, 20, 41)  # a Tuesday


@pytest.mark.parametrize(
    ("asked", "answer"),
    [
        ("what time is it?", "It's 20:41."),
        ("what day is it today?", "It's Tuesday 1 December 2026."),
        ("whats the date tomorrow", "Tomorrow is Wednesday 2 December 2026."),
        ("what day was it yesterday", "Yesterday was Monday 30 November 2026."),
        ("what month are we in", "It's December (Tuesday 1 December 2026)."),
        ("what year is it", "It's 2026."),
        ("is it wednesday today?", "No, it's Tuesday 1 December 2026."),
        ("how many days till christmas", "24 days until Christmas Day (Friday 25 December)."),
        ("what time is it in narnia", "I don't have the time zone for Narnia, so I won't guess."),
    ],
)
def test_the_clock_answers_from_the_clock(asked: str, answer: str) -> None:
    command = parse(asked, NOW)
    assert command is not None and said(command, NOW) == answer  # type: ignore[arg-type]


def test_another_place_is_the_zone_database_not_a_guess() -> None:
    here = dt.datetime(2026, 12, 1, 20, 41, tzinfo=dt.UTC)
    command = parse("what time is it in new york", here)
    assert command is not None and said(command, here) == "It's 15:41 in New York."  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("year", "day"), [(2026, dt.date(2026, 4, 5)), (2027, dt.date(2027, 3, 28))]
)
def test_easter_is_worked_out(year: int, day: dt.date) -> None:
    assert easter(year) == day
