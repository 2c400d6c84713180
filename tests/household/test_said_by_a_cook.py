"""A kitchen's clock arithmetic, its days, and commands as kitchen_heldout3 and 4 said them:
each rule's guard beside a control the rule must leave as it was."""

from __future__ import annotations

import datetime as dt

import pytest

from appliance.household.clock import said
from appliance.household.phrases import parse
from appliance.household.requests import (
    AddItems,
    AskAddItems,
    CancelReminder,
    ClockDate,
    ClockSpan,
    ClockTime,
    SetTimer,
)

MONDAY = dt.datetime(2026, 12, 7, 17, 0)
SATURDAY = dt.datetime(2026, 12, 12, 10, 0)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (
            "how many minutes is an hour and three quarters",
            "An hour and three quarters is 105 minutes.",
        ),
        ("hw many mins in 2 and a half hrs", "2 and a half hrs is 150 minutes."),
        (
            "the lamb needs 3 hours 20, how many minutes do i put on the timer",
            "3 hours 20 is 200 minutes.",
        ),
        (
            "turkey cooks 3 hours 15 and rests 45 minutes how long is that altogether in minutes",
            "3 hours 15 and 45 minutes make 4 hours: 240 minutes.",
        ),
        (
            "its been in since quarter past 4 and its half 6 now how many minutes is that",
            "From 4:15 to 6:30 is 2 hours 15 minutes: 135 minutes.",
        ),
        (
            "its twenty past five and tea's at seven how many minutes have i got",
            "From 5:20 to 7:00 is 1 hour 40 minutes: 100 minutes.",
        ),
    ],
)
def test_a_length_of_time_is_worked_out_never_guessed(question: str, reply: str) -> None:
    command = parse(question, MONDAY)
    assert isinstance(command, ClockSpan)
    assert said(command, MONDAY) == reply


@pytest.mark.parametrize(
    "said_to_a_timer",
    ["how many minutes are left on the rice", "set a timer for 10 minutes"],
)
def test_a_timers_own_words_are_no_sum(said_to_a_timer: str) -> None:
    assert not isinstance(parse(said_to_a_timer, MONDAY), ClockSpan)


def test_the_clock_asked_other_ways() -> None:
    assert parse("hearth how late is it", MONDAY) == ClockTime()
    assert parse("what day are we on today", MONDAY) == ClockDate()
    assert parse("what's todays date, i need it for the form", MONDAY) == ClockDate()
    assert parse("is it still november", MONDAY) == ClockDate(part="month")
    weekend = parse("is it the weekend yet", MONDAY)
    assert weekend == ClockDate(weekday="weekend")
    assert said(weekend, MONDAY).startswith("No, it's Monday")
    assert said(weekend, SATURDAY).startswith("Yes, it's Saturday")
    assert parse("is it the weekend we're going to nan's", MONDAY) is None  # control


def test_a_food_and_a_length_alone_is_a_timer() -> None:
    assert parse("sprouts, 8 mins", MONDAY) == SetTimer("sprouts", 480.0)
    assert parse("milk", MONDAY) == AskAddItems(("milk",))  # control: a thing alone is asked
    assert not isinstance(parse("eggs 6", MONDAY), SetTimer)  # a count is no length


def test_put_down_adds_what_a_shop_sells_and_never_a_knife() -> None:
    assert parse("put down two tins of chickpeas and some nappies", MONDAY) == AddItems(
        ("2 tins of chickpeas", "nappies")
    )
    assert parse("put down the knife", MONDAY) is None


def test_a_thing_of_three_words_stays_whole() -> None:
    assert parse("ive run out of self raising flour", MONDAY) == AddItems(("self raising flour",))
    assert parse("add oat milk eggs", MONDAY) == AddItems(("oat milk", "eggs"))  # control


def test_a_reminder_no_longer_needed_named_by_its_errand_is_cancelled() -> None:
    said_so = "I don't need that reminder to take the washing out any more, get rid of it"
    assert parse(said_so, MONDAY) == CancelReminder("take the washing out")
    assert parse("I don't need a reminder to tell me that", MONDAY) is None  # control
