"""A thing the household does, asked of bare: "when is swimming" is memory's once memory
says when swimming is, and the world's until it does."""

from __future__ import annotations

import pytest

from appliance.memory import Memory
from tests.brain.conftest import scripted_reply

SWIMMING = "Ify's swimming is at 6 on Mondays."
MADE_UP = "Swimming is at 5 on Tuesdays."


@pytest.mark.parametrize(
    "asked",
    [
        # a thirteenth session's: "Sporting, not a sport." and a stopped guess
        "when is swimming",
        "what time is swimming",
        "whens swimming?",
        "is swimming on monday",
    ],
)
def test_an_activity_asked_of_bare_is_answered_from_memory(
    settings, memory: Memory, asked: str
) -> None:
    memory.add(SWIMMING, "routine")
    said, model = scripted_reply(settings, memory, [MADE_UP], asked)
    assert model.prompts == [] and said.text == f"From memory: {SWIMMING}"


@pytest.mark.parametrize(
    ("kept", "asked"),
    [
        (SWIMMING, "is swimming at 7 tonight"),  # at a time not told
        ("Ify loves swimming.", "when is swimming"),  # told of, but never when it is
        ("Ify loves swimming.", "what time is swimming"),
    ],
)
def test_an_activity_not_told_when_is_not_known_and_says_what_is(
    settings, memory: Memory, kept: str, asked: str
) -> None:
    memory.add(kept, "routine")
    said, model = scripted_reply(settings, memory, ["Yes, it is."], asked)
    assert model.prompts == [] and said.text.startswith("I don't know")
    assert kept in said.text


@pytest.mark.parametrize(
    ("kept", "asked"),
    [
        (None, "when is swimming"),  # nothing told of it: the world's question, as before
        ("We go to Gran's at Christmas at 2.", "when is christmas"),  # the calendar's
        (SWIMMING, "when is football"),  # another activity
    ],
)
def test_an_activity_memory_does_not_say_when_of_is_the_worlds(
    settings, memory: Memory, kept: str | None, asked: str
) -> None:  # the controls
    if kept:
        memory.add(kept, "routine")
    said, model = scripted_reply(settings, memory, ["The world's answer."], asked)
    assert model.prompts and not said.text.startswith("From memory")
