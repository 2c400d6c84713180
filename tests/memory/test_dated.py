"""A fact's "today" or "tomorrow" is written as the date meant (dated.py): "The plumber is
coming tomorrow at 10", kept on one day, was recalled days later word for word, and
"It's Isla's 7th birthday today" would be said a year on."""

from __future__ import annotations

import datetime as dt

import pytest

from appliance.memory import Memory
from appliance.memory.dated import dated
from tests.conftest import Clock

SATURDAY = dt.datetime(2026, 12, 5, 14, 0)


@pytest.mark.parametrize(
    ("said", "written"),
    [
        (
            "The plumber is coming tomorrow at 10",
            "The plumber is coming on Sunday 6 December 2026 at 10",
        ),
        ("It's Isla's 7th birthday today", "It's Isla's 7th birthday on Saturday 5 December 2026"),
        ("Today is bin day", "Saturday 5 December 2026 is bin day"),
        (
            "We're having lasagne tonight",
            "We're having lasagne on the evening of Saturday 5 December 2026",
        ),
        (
            "Rhian is on nights this week",
            "Rhian is on nights in the week of Monday 30 November 2026",
        ),
        (
            "The car is at the garage until tomorrow",
            "The car is at the garage until Sunday 6 December 2026",
        ),
        ("Dad is away this weekend", "Dad is away on the weekend of Saturday 5 December 2026"),
        ("Nan fell over yesterday", "Nan fell over on Friday 4 December 2026"),
    ],
)
def test_a_day_said_relative_to_now_is_written_as_its_date(said: str, written: str) -> None:
    assert dated(said, SATURDAY) == written


@pytest.mark.parametrize(
    "said",
    [
        "The bins go out on Monday",  # maybe every Monday: as said
        "Granny comes round every Sunday for her tea",
        "We listen to the Today programme at breakfast",  # a name
        "Swimming is next Tuesday",  # which Tuesday is read differently by different people
        "The spare key is under the blue pot",
    ],
)
def test_anything_else_is_written_as_said(said: str) -> None:  # the controls
    assert dated(said, SATURDAY) == said


def test_a_kept_fact_and_a_proposal_are_written_with_the_date(memory: Memory, clock: Clock) -> None:
    clock.now = SATURDAY
    fact = memory.add("The plumber is coming tomorrow at 10", "event")
    proposal = memory.propose("Ciaran works tomorrow night", "routine")
    clock.now = SATURDAY + dt.timedelta(days=3)  # a Tuesday: "tomorrow" is long past
    assert memory.get(fact.id).text == "The plumber is coming on Sunday 6 December 2026 at 10"
    kept = memory.promote(proposal.id, actor="cli")
    assert kept.text == "Ciaran works on the night of Sunday 6 December 2026"
    assert [r.fact.text for r in memory.recall("plumber", 1)] == [fact.text]
