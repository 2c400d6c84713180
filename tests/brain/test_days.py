"""A fact about other days than the one asked answers nothing (days.py): a fourth outside
trial's "what are we having for tea tonight?" got "From memory: Granny Bisi comes round every
Sunday for her tea.", on a Saturday."""

from __future__ import annotations

import datetime as dt

from appliance.brain.answers import answers
from appliance.brain.days import another_day
from appliance.brain.questions import classify
from appliance.memory import Memory

SATURDAY = dt.date(2026, 12, 5)
GRANNY = "Granny Bisi comes round every Sunday for her tea"


def test_a_fact_of_another_day_does_not_answer() -> None:
    assert another_day("what are we having for tea tonight?", GRANNY, SATURDAY)
    assert another_day("is Femi swimming tomorrow?", "Femi swims on Mondays", SATURDAY)
    assert another_day("what's on on Friday?", "Bins go out at weekends", SATURDAY)


def test_a_fact_of_the_day_asked_or_of_any_day_still_answers() -> None:  # the controls
    assert not another_day("what are we having for tea on Sunday?", GRANNY, SATURDAY)
    assert not another_day("what are we having for tea tomorrow?", GRANNY, SATURDAY)
    assert not another_day("what day is Femi swimming?", "Femi swims on Mondays", SATURDAY)
    assert not another_day("is there football today?", "Sam has football every day", SATURDAY)
    assert not another_day("who's coming tonight?", "Nan comes for tea", SATURDAY)


def test_the_recalled_fact_is_said_as_what_is_known_not_as_the_answer(memory: Memory) -> None:
    memory.add(GRANNY, "routine", links=["Granny Bisi"])
    [found] = memory.recall("what are we having for tea on Sunday?", 1)
    on_sunday = classify("what are we having for tea on Sunday?")
    assert answers(on_sunday, found)  # the control: the day it is about
    assert not answers(classify("what are we having for tea on Monday?"), found)
