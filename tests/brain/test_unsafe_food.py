"""A food the model suggests that someone here cannot have is never said: an eleventh
outside trial, with "Miko is allergic to peanuts and sesame" kept, asked for a snack for
Miko's lunchbox and heard "a mini-cheese wrap with hummus" (hummus is sesame)."""

from __future__ import annotations

import pytest

from appliance.brain.unsafe_food import UNSAFE_SUGGESTION, UnsafeFood
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply

TOLD = "Miko is allergic to peanuts and sesame. Ify is coeliac so no gluten at all for her."


@pytest.mark.parametrize(
    "sentence",
    [
        "You could have a mini-cheese wrap with hummus.",
        "A satay chicken skewer is a fun lunch.",
        "Pack a jam sandwich.",  # gluten, for Ify
        "Peanut butter on crackers is quick.",
    ],
)
def test_a_food_someone_here_cannot_have_is_not_suggested(sentence: str) -> None:
    assert UnsafeFood(TOLD).suggests(sentence)


@pytest.mark.parametrize(
    ("told", "sentence"),
    [
        (TOLD, "Apple slices and cucumber sticks are easy."),  # the controls: no such food
        (TOLD, "Miko can't have hummus."),  # the restriction itself
        (TOLD, "Try a sesame-free dip."),
        ("Sam loves pasta.", "Try pasta with pesto."),  # nobody here allergic
    ],
)
def test_other_food_and_the_restriction_itself_pass(told: str, sentence: str) -> None:
    assert not UnsafeFood(told).suggests(sentence)


def test_the_brain_stops_a_suggestion_someone_cannot_have(settings, memory: Memory) -> None:
    memory.add("Miko is allergic to peanuts and sesame.", "health")
    reply, _ = scripted_reply(
        settings,
        memory,
        ["You could have a mini-cheese wrap with hummus. Enjoy!"],
        "give me a snack idea for Miko's lunchbox",
    )
    assert reply.text == UNSAFE_SUGGESTION
