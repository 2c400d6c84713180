""" "How many days till Aoife's birthday?" with her birthday told: the fact, and the count
from the date in it (days_until.py). A fifth outside trial's got "I don't know Aoife's
birthday yet. … What I do know: Aoife's birthday is on the 14th of March."; and "how long
till the bins go out?" got the model's "The bins go out on December 25th."

The memory clock is Monday 30 November 2026, 09:00 (tests/conftest.py)."""

from __future__ import annotations

import datetime as dt

import pytest

from appliance.brain import days_until
from appliance.brain.questions import classify
from appliance.config import Settings
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply

TODAY = dt.date(2026, 11, 30)
MODEL_SAID = "The bins go out on December 25th."


@pytest.mark.parametrize(
    ("fact", "day"),
    [
        ("Aoife's birthday is on the 14th of March.", dt.date(2027, 3, 14)),
        ("Granny Bisi's birthday is 2 January", dt.date(2027, 1, 2)),
        ("Our anniversary is March the 14th", dt.date(2027, 3, 14)),
        ("Sam's birthday is Dec 1st", dt.date(2026, 12, 1)),
        ("Femi's birthday is 30 November", TODAY),  # today counts
        ("The plumber is coming on 9 December 2026 at 10", dt.date(2026, 12, 9)),
        ("Leap day baby: Tolu's birthday is 29 February", dt.date(2028, 2, 29)),
        ("Kemi's birthday is in the spring", None),
        ("The bins go out every Tuesday night", None),
    ],
)
def test_the_day_a_fact_names(fact: str, day: dt.date | None) -> None:
    assert days_until.date_in(fact, TODAY) == day


@pytest.mark.parametrize(
    ("asked", "facts", "said"),
    [
        (
            "how many days till Aoife's birthday?",
            ["Aoife's birthday is on the 14th of March."],
            "That's 104 days away: Sunday 14 March 2027.",
        ),
        (
            "how many sleeps until Sam's birthday",
            ["Sam's birthday is Dec 1st"],
            "That's tomorrow, Tuesday 1 December 2026.",
        ),
        (
            "how many weeks till our anniversary?",
            ["Our anniversary is March the 14th"],
            "That's 14 weeks and 6 days away: Sunday 14 March 2027.",
        ),
        (
            "how long until the plumber comes?",
            ["The plumber came on 20 November 2026"],
            "That was 10 days ago: Friday 20 November 2026.",
        ),
        (
            "how long till Femi's birthday",
            ["Femi's birthday is 30 November"],
            "That's today, Monday 30 November 2026.",
        ),
        # two days told: Hearth does not choose between them
        (
            "how many days till Kofi's birthday?",
            ["Kofi's birthday is 3 March", "Kofi's birthday is 5 March"],
            None,
        ),
        ("when is Aoife's birthday?", ["Aoife's birthday is on the 14th of March."], None),
    ],
)
def test_the_count(asked: str, facts: list[str], said: str | None) -> None:
    assert days_until.counted(asked, facts, TODAY) == said


def test_asked_through_the_brain_the_fact_and_its_count(settings: Settings, memory: Memory) -> None:
    memory.add("Aoife's birthday is on the 14th of March.", "person", links=["Aoife"])
    reply, model = scripted_reply(settings, memory, [], "how many days till Aoife's birthday?")
    assert reply.text == (
        "From memory: Aoife's birthday is on the 14th of March. That's 104 days away: "
        "Sunday 14 March 2027."
    )
    assert model.prompts == []


def test_a_birthday_not_told_is_never_counted(settings: Settings, memory: Memory) -> None:
    memory.add("Aoife's birthday is on the 14th of March.", "person", links=["Aoife"])
    reply, model = scripted_reply(settings, memory, [], "how many days till Femi's birthday?")
    assert reply.text == "I don't know Femi's birthday yet. Tell me and I'll remember."
    assert model.prompts == []


def test_how_long_till_a_day_of_this_house_is_asked_of_memory(
    settings: Settings, memory: Memory
) -> None:
    """Without the rule, "how long till …" reads as a method and reaches the model, which
    made up a day for the bins; the control, "how long until the oven is hot", still does."""
    memory.add("The bins go out every Tuesday night.", "routine")
    reply, model = scripted_reply(settings, memory, [MODEL_SAID], "how long till the bins go out?")
    assert reply.text == "From memory: The bins go out every Tuesday night."
    assert model.prompts == []
    assert classify("how long till the bins go out?").household
    assert not classify("how long until the oven is hot?").household


# -- a held-out split's (benchmarks/data/days_until_heldout.json, first read) ----------


@pytest.mark.parametrize(
    ("fact", "asked", "day"),
    [
        # two days in one fact: the word said nearest before each tells them apart
        (
            "Uncle Dev arrives on the 23rd of December and leaves on the 2nd of January.",
            "Uncle Dev leaves?",
            dt.date(2027, 1, 2),
        ),
        (
            "Uncle Dev arrives on the 23rd of December and leaves on the 2nd of January.",
            "Uncle Dev arrives?",
            dt.date(2026, 12, 23),
        ),
        (
            "Uncle Dev arrives on the 23rd of December and leaves on the 2nd of January.",
            "Uncle Dev?",
            None,  # which one is not said: no count (the first read counted the arrival)
        ),
        # a week is no day (memory's own writing of "sometime next week")
        ("The plumber's coming sometime in the week of Monday 7 December 2026.", "", None),
        ("The plumber's coming on Monday 7 December 2026.", "", dt.date(2026, 12, 7)),
    ],
)
def test_the_day_of_a_fact_that_names_two_or_a_week(
    fact: str, asked: str, day: dt.date | None
) -> None:
    assert days_until.date_in(fact, TODAY, asked) == day


def test_facts_of_two_days_count_by_the_one_that_says_what_was_asked() -> None:
    told = [
        "Ravi's birthday is the 4th of December.",
        "Ravi's sister Anjali's birthday is the 9th of December.",
    ]
    assert days_until.counted("how many days until Ravi's birthday?", told, TODAY) == (
        "That's 4 days away: Friday 4 December 2026."
    )
    # control: the same thing told with two days is still never chosen between
    twice = ["Ellie's wedding is on 5 June 2027.", "Ellie's wedding is on the 12th of June 2027."]
    assert days_until.counted("how many weeks until Ellie's wedding?", twice, TODAY) is None


def test_how_many_more_sleeps_is_counted() -> None:
    told = ["The kids break up from school on December 18th."]
    assert days_until.counted("how many more sleeps until the kids break up?", told, TODAY) == (
        "That's 18 sleeps: Friday 18 December 2026."
    )


def test_a_date_of_another_thing_of_the_same_person_is_never_counted(
    settings: Settings, memory: Memory
) -> None:
    """The first read counted Kemi's birthday for "…till Kemi's exams?"; her birthday,
    asked, is the control."""
    memory.add("Kemi's birthday is on the 20th of December.", "event")
    memory.add("Kemi's doing her GCSEs this year.", "event")
    reply, model = scripted_reply(
        settings, memory, [MODEL_SAID], "how many days until Kemi's exams?"
    )
    assert "days away" not in reply.text and model.prompts == []
    reply, _ = scripted_reply(
        settings, memory, [MODEL_SAID], "how many days until Kemi's birthday?"
    )
    assert reply.text.endswith("That's 20 days away: Sunday 20 December 2026.")


@pytest.mark.parametrize(
    ("told", "asked", "count"),
    [
        # no thing of the house named: it had reached the model
        (
            "The Year 6 nativity is on the 10th December.",
            "how many days until the nativity?",
            "That's 10 days away: Thursday 10 December 2026.",
        ),
        (
            "The boiler service is booked for Jan 8.",
            "how long til the boiler service?",
            "That's 39 days away: Friday 8 January 2027.",
        ),
        # "appointment" is the kind of day, not a thing the fact must say
        (
            "Zara's got the dentist on the 22nd of December.",
            "how many days before Zara's dentist appointment?",
            "That's 22 days away: Tuesday 22 December 2026.",
        ),
        # the baby, due, is one of the family, not baby food (it got the food-safety line)
        (
            "Mei's baby is due on April 9th.",
            "how many weeks till the baby's due?",
            "That's 18 weeks and 4 days away: Friday 9 April 2027.",
        ),
        # a name with an accent (the question had asked about "Tom")
        (
            "Tomás starts his new job on Monday the 4th of January 2027.",
            "how long till Tomás starts his new job?",
            "That's 35 days away: Monday 4 January 2027.",
        ),
    ],
)
def test_a_day_asked_in_other_words_is_counted(
    settings: Settings, memory: Memory, told: str, asked: str, count: str
) -> None:
    memory.add(told, "event")
    reply, model = scripted_reply(settings, memory, [MODEL_SAID], asked)
    assert reply.text == f"From memory: {told} {count}"
    assert model.prompts == []
