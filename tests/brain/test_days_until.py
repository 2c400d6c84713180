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
