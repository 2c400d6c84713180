"""A remark said as its own sentence before a command is let go; a sentence that asks,
names someone, counts, names a day, doubts or tells a fact is not, and nothing is done."""

from __future__ import annotations

import datetime as dt

import pytest

from appliance.household.phrases import parse
from appliance.household.remarks import after_a_remark
from appliance.household.requests import AddItems, Command, Remind, SetTimer

NOW = dt.datetime(2026, 12, 7, 17, 45)


def read(sentence: str) -> Command | None:
    return parse(sentence, NOW)


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("Right, tea time. Set a timer for 12 minutes for the fish.", SetTimer("fish", 720.0)),
        ("Phew, what a mess! Add gin to the list.", AddItems(("gin",))),
        ("Ooh it's freezing out. Put a timer on for 8 minutes.", SetTimer(None, 480.0)),
        (
            "honestly im shattered. remind me at 9 to lock the shed",
            Remind("lock the shed", NOW.replace(hour=21, minute=0)),
        ),
        ("Smells good in here. Add basil to the shopping list.", AddItems(("basil",))),
    ],
)
def test_a_remark_before_a_command_is_let_go(said: str, command: object) -> None:
    assert parse(said, NOW) == command


@pytest.mark.parametrize(
    ("said", "alone"),
    [
        # asked, not remarked
        ("Is it cold out? Add gloves to the list.", "Add gloves to the list."),
        ("Why is it so dark. Add bulbs to the list.", "Add bulbs to the list."),
        # someone named inside it
        ("We're seeing Priya later. Add wine to the list.", "Add wine to the list."),
        # a number, a day, a length
        ("We've got 6 coming. Add crisps to the list.", "Add crisps to the list."),
        (
            "The party's on Saturday. Remind me at 9 to order the cake.",
            "Remind me at 9 to order the cake.",
        ),
        # doubt, a take-back, someone else's words
        ("Maybe we need more. Add rice to the list.", "Add rice to the list."),
        ("No wait. Add rice to the list.", "Add rice to the list."),
        ("My sister reckons it's too much. Add rice to the list.", "Add rice to the list."),
        # a fact memory would keep, said first, is never let go unheard
        ("Our code for the gate is easy to forget. Add rice to the list.", "Add rice to the list."),
        # too long to be a remark
        (
            "The thing about this kitchen is that it never gets any light at all. "
            "Add bulbs to the list.",
            "Add bulbs to the list.",
        ),
    ],
)
def test_a_sentence_that_says_something_of_its_own_is_no_remark(said: str, alone: str) -> None:
    # this rule's own reading (frames.py and second_thoughts.py read some of these their
    # own way: "No wait. Add rice" is a change of mind, "We're seeing Priya" a frame)
    assert after_a_remark(f"Lovely. {alone}", read) == parse(alone, NOW)  # the control
    assert after_a_remark(said, read) is None


def test_a_question_last_is_answered_by_the_rest_of_the_rules() -> None:
    # the command must act: a remark before a question is not this rule's to let go
    assert parse("Is milk on the list?", NOW) is not None  # the control: it is read alone
    assert after_a_remark("Lovely day. Is milk on the list?", read) is None


@pytest.mark.parametrize(
    "said",
    [
        "Scrap the eggs. Add milk to the list.",  # a command of its own, never let go
        "Hold that thought. Set a timer for 10 minutes.",
        "Boxing day lunch. Remind me at 10 to put the ham in.",  # which day is "at 10"?
        "Christmas dinner. Remind me at 10 to put the turkey in.",
    ],
)
def test_a_command_or_a_holiday_said_first_is_no_remark(said: str) -> None:
    assert after_a_remark(said, read) is None
