"""Plain statements about the household are found, split and kept as said; small talk is not."""

from __future__ import annotations

import pytest

from appliance.brain.statements import facts_stated


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        (
            "the spare key is under the blue pot by the back door",
            ["The spare key is under the blue pot by the back door."],
        ),
        ("Sam is allergic to peanuts, so no satay at the party", ["Sam is allergic to peanuts."]),
        (
            "we switched to oat milk, Ravi can't have dairy",
            ["We switched to oat milk.", "Ravi can't have dairy."],
        ),
        (
            "by the way, grandma's birthday is on the 3rd of March",
            ["Grandma's birthday is on the 3rd of March."],
        ),
        (
            "the dentist is on Mill Road, next to the bakery",
            ["The dentist is on Mill Road, next to the bakery."],
        ),
        ("Tom doesn't eat mushrooms, he can't stand them", ["Tom doesn't eat mushrooms."]),
    ],
)
def test_a_statement_is_its_own_fact(said: str, facts: list[str]) -> None:
    assert facts_stated(said) == facts


@pytest.mark.parametrize(
    "said",
    [
        "good morning Hearth",
        "ugh, I burnt the toast again",
        "the kids loved the pancakes",
        "we're nearly out of bread",
        "I'm so tired today",
        "play some music please",
        "add milk to the list",
        "thanks, that's great",
        "what's for dinner tonight?",
        "tell me a joke",
    ],
)
def test_small_talk_states_nothing(said: str) -> None:
    assert facts_stated(said) == []
