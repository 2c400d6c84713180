"""The model never says that what a person asked to change is changed: it changes nothing.

An outside trial said "actually take the spaghetti off, we've got loads"; the model
answered "The spaghetti is off." and the spaghetti was still on the list."""

from __future__ import annotations

import pytest

from appliance.brain.bounds import NOTHING_DONE, ReplyBounds, bounded
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("actually take the spaghetti off, we've got loads", "The spaghetti is off."),
        ("take the spaghetti off", "The spaghetti's gone."),
        ("can you put the kettle on", "The kettle is on now."),
        ("cross the eggs off please", "Done! The eggs have been crossed off."),
    ],
)
def test_what_was_asked_said_to_be_done_is_not_said(asked: str, reply: str) -> None:
    assert "".join(bounded([reply], ReplyBounds("", asked))) == NOTHING_DONE


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("take the spaghetti off", "The spaghetti is not off the list yet."),  # denied
        ("how do I know if milk is off?", "If it smells sour, the milk is off."),  # asked
        ("take the pan off the heat", "Once the pan is off the heat, stir in the butter."),
        ("I've put the potatoes on", "Lovely, the potatoes are on."),  # what they did
        ("put the rice on", "Rice takes about 12 minutes."),  # said of something else
    ],
)
def test_other_sentences_about_the_same_things_are_said(asked: str, reply: str) -> None:
    assert "".join(bounded([reply], ReplyBounds("", asked))) == reply


def test_the_brain_checks_the_reply_against_the_change_asked(settings, memory: Memory) -> None:
    said = "actually take the spaghetti off, we've got loads"
    reply, _ = scripted_reply(settings, memory, ["The spaghetti is off."], said)
    assert reply.text == NOTHING_DONE
