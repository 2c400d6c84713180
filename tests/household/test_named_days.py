"""A reminder's day said the ways a household names days: by what happens on them, by
weeks, by "the day after tomorrow", by an ordinal in words; and its time after a pause."""

from __future__ import annotations

import datetime as dt

import pytest

from appliance.household.phrases import parse
from appliance.household.requests import AskReminderTime, Remind

NOW = dt.datetime(2026, 12, 7, 17, 45)  # a Monday


def at(day: str, time: str) -> dt.datetime:
    return dt.datetime.fromisoformat(f"{day}T{time}")


@pytest.mark.parametrize(
    ("said", "errand", "due"),
    [
        (
            "remind me the day after tomorrow at 10am to ring the dentist",
            "ring the dentist",
            at("2026-12-09", "10:00"),
        ),
        (
            "In three days remind me at 6pm to pay the window cleaner.",
            "pay the window cleaner",
            at("2026-12-10", "18:00"),
        ),
        (
            "remind me in a fortnight at 9am to renew the prescription",
            "renew the prescription",
            at("2026-12-21", "09:00"),
        ),
        (
            "Remind me on Christmas Eve at 2pm to collect the turkey",
            "collect the turkey",
            at("2026-12-24", "14:00"),
        ),
        ("remind me on new years day at 1pm to text Jess", "text Jess", at("2027-01-01", "13:00")),
        (
            "Remind me on Boxing Day at 9 in the morning to put the recycling out.",
            "put the recycling out",
            at("2026-12-26", "09:00"),
        ),
        (
            "A week today, half past eight in the morning, remind me to renew the car tax.",
            "renew the car tax",
            at("2026-12-14", "08:30"),
        ),
        (
            "Remind me a week on Friday at 7pm to book the taxi",
            "book the taxi",
            at("2026-12-18", "19:00"),
        ),
        (
            "Remind me tomorrow week at 4pm to take Max to football.",
            "take Max to football",
            at("2026-12-15", "16:00"),
        ),
        (
            "This Saturday at 11am, remind me to pick up the tree.",
            "pick up the tree",
            at("2026-12-12", "11:00"),
        ),
        (
            "this monday at 8pm remind me to lock the shed",
            "lock the shed",
            at("2026-12-07", "20:00"),
        ),
        (
            "remind me on the twenty-third of December, at ten in the morning, to post the cards",
            "post the cards",
            at("2026-12-23", "10:00"),
        ),
        (
            "remind me on January the 3rd at 9am to ring the bank",
            "ring the bank",
            at("2027-01-03", "09:00"),
        ),
        (
            "remind me on the second of January at 9am to ring the bank",
            "ring the bank",
            at("2027-01-02", "09:00"),
        ),
        (
            "On Friday remind me at 6pm to pay the window cleaner.",
            "pay the window cleaner",
            at("2026-12-11", "18:00"),
        ),
        (
            "Tomorrow, half past eight in the morning, remind me to renew the car tax.",
            "renew the car tax",
            at("2026-12-08", "08:30"),
        ),
        # a day's name inside the errand is the errand's
        (
            "remind me at 6 to buy the Christmas cards",
            "buy the Christmas cards",
            at("2026-12-07", "18:00"),
        ),
    ],
)
def test_a_day_named_as_a_household_names_it(said: str, errand: str, due: dt.datetime) -> None:
    assert parse(said, NOW) == Remind(errand, due)


def test_christmas_eve_said_on_the_day_is_today() -> None:
    morning = dt.datetime(2026, 12, 24, 8, 0)
    assert parse("remind me on Christmas Eve at 6pm to put the carrots out", morning) == Remind(
        "put the carrots out", at("2026-12-24", "18:00")
    )


def test_a_named_day_without_a_time_asks_for_it() -> None:
    asked = parse("remind me on Christmas Eve to put the carrots out", NOW)
    assert isinstance(asked, AskReminderTime)
    assert asked.what == "put the carrots out"


@pytest.mark.parametrize(
    "said",
    [
        "the day after tomorrow is my birthday",
        "Christmas Eve is on a Thursday this year",
        "a week on Friday we go away",
        "in three days the builders come",
    ],
)
def test_a_day_said_without_asking_sets_nothing(said: str) -> None:
    assert not isinstance(parse(said, NOW), Remind)


@pytest.mark.parametrize(
    ("said", "errand"),
    [
        # a review's: each had been set on that day, with the errand cut at "for"
        ("remind me to order the turkey for christmas at 10", "order the turkey for christmas"),
        ("remind me to get sweets for halloween at 6", "get sweets for halloween"),
        ("remind me to ask Sam about the thirtieth at 9", "ask Sam about the thirtieth"),
        ("remind me to order the third at 9", "order the third"),
    ],
)
def test_a_named_day_in_the_errand_is_the_errand(said: str, errand: str) -> None:
    reminder = parse(said, NOW)
    assert isinstance(reminder, Remind)
    assert (reminder.what, reminder.at.date()) == (errand, NOW.date())


def test_the_third_is_a_date_when_said_on_the_third() -> None:
    assert parse("remind me on the third at 9am to ring the bank", NOW) == Remind(
        "ring the bank", at("2027-01-03", "09:00")
    )
