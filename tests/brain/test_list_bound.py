"""What is on the shopping list is the list's to say: a model's "no, it is not." to "is mac
and cheese on the list?" (an eleventh outside trial's, with it on the list) is stopped."""

from __future__ import annotations

import pytest

from appliance.brain.bounds import ReplyBounds
from appliance.brain.list_state import LIST_GUESSED


@pytest.mark.parametrize(
    ("asked", "sentence"),
    [
        ("is mac and cheese on the list?", "no, it is not."),
        (
            "is the mac and cheese on the shopping list?",
            "no, the mac and cheese is not on the shopping list.",
        ),
        ("did I put the wipes on the list?", "Yes, they are."),
        ("is mac and cheese on the list", "No, it is not."),  # spoken: no "?" (a review's)
        ("help me plan the shop", "Milk is already on your list."),
        ("help me plan the shop", "There's nothing on the list yet."),
    ],
)
def test_what_a_list_holds_said_by_the_model_is_stopped(asked: str, sentence: str) -> None:
    broken = ReplyBounds(asked=asked).broken(sentence)
    assert broken is not None and (broken.bound, broken.instead) == ("list", LIST_GUESSED)


@pytest.mark.parametrize(
    ("asked", "sentence"),
    [
        # the controls: no list asked about, or the list not said to hold anything
        ("what goes with pasta?", "Yes, pesto is lovely with it."),
        ("help me plan the shop", "Add it to the list when you run out."),
        ("help me plan the shop", "Ask me what's on the list and I'll read it."),
        ("help me plan the shop", "Write a list of meals for the week first."),
    ],
)
def test_a_list_not_said_to_hold_anything_passes(asked: str, sentence: str) -> None:
    broken = ReplyBounds(asked=asked).broken(sentence)
    assert broken is None or broken.bound != "list"
