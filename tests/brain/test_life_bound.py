"""The model never tells of a life of its own: Hearth has no meals, family or days, so each
such sentence is an action it never took."""

from __future__ import annotations

import pytest

from appliance.brain.bounds import NO_LIFE, ReplyBounds, bounded
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply


@pytest.mark.parametrize(
    "reply",
    [
        # an outside trial's small talk ("how's your day been?", "thanks love, that's us")
        "I've just finished my breakfast and was going to finish the rest of the meal when "
        "I had to take a call on Monday morning.",
        "I'm glad you enjoyed my meal.",
        # the benchmarks' transcripts
        "I'll just have to say another thing or two about my husband's love of red cabbage.",
        "I love playing with my friends at the park.",
        "My day has been lovely, thanks.",
    ],
)
def test_a_life_of_its_own_is_not_said(reply: str) -> None:
    assert "".join(bounded([reply], ReplyBounds("", "how's your day been?"))) == NO_LIFE


@pytest.mark.parametrize(
    "reply",
    [
        "Enjoy your dinner!",
        "I'd serve it with my favourite chutney.",
        "Let me know how your family likes it.",
        "I can read you the shopping list.",
    ],
)
def test_the_households_life_and_a_cooks_advice_are_said(reply: str) -> None:
    assert "".join(bounded([reply], ReplyBounds("", "what goes with lamb?"))) == reply


def test_the_brain_checks_small_talk_for_a_life_of_its_own(settings, memory: Memory) -> None:
    reply, _ = scripted_reply(
        settings, memory, ["I've just finished my breakfast."], "how's your day been?"
    )
    assert reply.text == NO_LIFE


@pytest.mark.parametrize(
    "asked",
    [
        "you doing anything fun this weekend hearth?",  # a second trial: read as a plan here
        "what did you have for lunch?",
        "have you got any plans for christmas?",
    ],
)
def test_asked_about_a_life_of_its_own_it_says_it_has_none(
    settings, memory: Memory, asked: str
) -> None:
    reply, model = scripted_reply(settings, memory, ["I'm off to the seaside!"], asked)
    assert reply.text == NO_LIFE and model.prompts == []


@pytest.mark.parametrize(
    "asked", ["are you going to remind me tonight?", "are we doing anything this weekend?"]
)
def test_asked_what_it_keeps_for_the_household_it_answers_that(
    settings, memory: Memory, asked: str
) -> None:
    reply, _ = scripted_reply(settings, memory, ["x"], asked)  # the controls
    assert reply.text != NO_LIFE
