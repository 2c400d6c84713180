"""The model never tells the household that Hearth cannot do what it does."""

from __future__ import annotations

import pytest

from appliance.brain.bounds import NOTHING_DONE, ReplyBounds


@pytest.mark.parametrize(
    "said",
    [
        # what an outside trial heard the small model say to requests the rules missed
        "I'm sorry, but I don't have the ability to set a timer.",
        "I don't have the ability to delete lists.",
        "I'm sorry, but I don't have the ability to cancel.",
        "I cannot remind you.",
        "I'm unable to add items to your list.",
        "I'm sorry, but I don't have a microphone.",  # a second trial, to a spoken line
        "Always remember that you can't cancel your reminder.",
    ],
)
def test_a_denial_of_what_hearth_does_becomes_how_to_ask(said: str) -> None:
    broken = ReplyBounds().broken(said)
    assert broken is not None and broken.bound == "ability"
    assert broken.instead == NOTHING_DONE  # says how to ask, and that nothing was changed


@pytest.mark.parametrize(
    "said",
    [
        "I can't send messages.",  # true: Hearth sends nothing
        "I can't see outside.",
        "I don't know what you mean.",
        "Sorry, I can't keep that.",  # a fact the guard refused: true
        "You can't add salt after baking.",  # advice, not the household's records
    ],
)
def test_what_hearth_really_cannot_do_is_said(said: str) -> None:
    assert ReplyBounds().broken(said) is None
