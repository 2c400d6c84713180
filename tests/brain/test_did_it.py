""" "did that work?", "did you do it?": asked of what Hearth just did, and answered from the
thread's record, never the model (an eighth trial's got the model's "no, did that work?",
with the eggs on the list)."""

from __future__ import annotations

import pytest

from appliance.brain.agent import NOTHING_SAID_YET
from appliance.composition import intent_router
from appliance.config import Settings
from appliance.memory import Memory
from tests.brain.conftest import scripted_conversation


@pytest.mark.parametrize("asked", ["did that work?", "did you do it?", "ok, has that started?"])
def test_what_was_just_done_is_said_from_the_record(
    settings: Settings, memory: Memory, asked: str
) -> None:
    answers, model = scripted_conversation(
        settings,
        memory,
        ["no, did that work?"],
        ["add eggs to the shopping list", asked],
        intents=intent_router(settings),
    )
    assert answers[1].text == f"My last answer was: {answers[0].text}"
    assert "eggs" in answers[0].text and model.prompts == []


def test_with_nothing_said_before_nothing_is_claimed(settings: Settings, memory: Memory) -> None:
    answers, model = scripted_conversation(
        settings, memory, ["Yes, it worked."], ["did that work?"], intents=intent_router(settings)
    )
    assert answers[0].text == NOTHING_SAID_YET and model.prompts == []


@pytest.mark.parametrize("said", ["did that work for you in the end, Sam?", "did it rain?"])
def test_other_questions_are_not_this(settings: Settings, said: str) -> None:
    assert intent_router(settings).route(said).kind != "did it"  # the controls
