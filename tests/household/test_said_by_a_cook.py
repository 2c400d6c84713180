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
    CheckItem,
    ClockDate,
    ClockSpan,
    ClockTime,
    ListReminders,
    ReadList,
    Remind,
    RemoveItems,
    SetTimer,
    SnoozeReminder,
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


@pytest.mark.parametrize(
    "asked",
    [
        # an eighteenth trial's each got the model's made-up list
        "what's the shopping list",
        "whats the shopping list looking like",
        "how's the list looking",
        "what does the list look like",
    ],
)
def test_the_list_asked_as_a_household_asks_is_read(asked: str) -> None:
    assert parse(asked, MONDAY) == ReadList()


def test_how_the_ham_is_looking_is_still_its_timers() -> None:
    assert not isinstance(parse("how's the ham looking", MONDAY), ReadList)


def test_a_thing_asked_of_it_is_asked_of_the_list() -> None:
    assert isinstance(parse("is oat milk on it", MONDAY), CheckItem)
    assert isinstance(parse("is the butter on it", MONDAY), CheckItem)
    assert not isinstance(parse("is the lid on it", MONDAY), CheckItem)  # control: no food


def test_a_thing_said_got_and_taken_off_is_taken_off() -> None:
    assert parse("we've got loads of cardamom, take it off", MONDAY) == RemoveItems(("cardamom",))


def test_dont_forget_a_thing_a_shop_sells_asks_whether_it_goes_on_the_list() -> None:
    assert parse("don't forget the milk", MONDAY) == AskAddItems(("milk",))
    assert parse("don't forget the dentist is on friday", MONDAY) is None  # a fact to keep


@pytest.mark.parametrize(
    ("said", "at"),
    [
        # an eighteenth trial's each rang in the evening
        ("wake me up at quarter to seven", "2026-12-08T06:45"),
        ("set an alarm for half six", "2026-12-08T06:30"),
        ("wake me up at 7", "2026-12-08T07:00"),  # as before
        ("set an alarm for half past eight in the evening", "2026-12-07T20:30"),  # control
    ],
)
def test_an_alarm_said_in_words_is_the_mornings(said: str, at: str) -> None:
    command = parse(said, dt.datetime(2026, 12, 7, 11, 42))
    assert isinstance(command, Remind)
    assert command.at.strftime("%Y-%m-%dT%H:%M") == at


def test_more_an_eighteenth_trial_said_of_timers_reminders_and_the_list() -> None:
    # the asking after a timer's name is no part of it ("rice will you")
    assert parse("pop a timer on for the rice will you, 12 minutes", MONDAY) == SetTimer(
        "rice", 720.0
    )
    assert parse("can you time the chapatis, 3 mins each side", MONDAY) == SetTimer(
        "chapatis", 180.0
    )
    assert isinstance(parse("snooze the bampi one for 10 minutes", MONDAY), SnoozeReminder)
    assert parse("stick loo roll on the list n all", MONDAY) == AddItems(("loo roll",))
    assert parse("put 6 eggs and a pint of milk on", MONDAY) == AddItems(("6 eggs", "pint of milk"))
    # controls: the cooking's and the kettle's
    assert parse("put the chicken on", MONDAY) is None
    assert parse("put the kettle on", MONDAY) is None


def test_a_reminder_asked_of_or_cancelled_by_its_errand_or_its_time() -> None:
    # an eighteenth trial's got memory's "I don't know that yet", and the model's "The one at
    # 5 is not available anymore."
    assert parse("What time is my reminder for the tablets?", MONDAY) == ListReminders(
        "tablets", if_any=True
    )
    assert parse("cancel the one at 5", MONDAY) == CancelReminder("at 5")
    assert parse("delete the 7:30 one", MONDAY) == CancelReminder("at 7:30")
    assert parse("cancel the one at the back", MONDAY) != CancelReminder("at the back")
