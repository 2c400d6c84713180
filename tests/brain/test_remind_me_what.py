""" "Remind me what the wifi password is": a question asked again, never a request for the
model (a sixth outside trial's got the model's account of what a password is)."""

from __future__ import annotations

import pytest

from appliance.brain.not_known import KEEPS_NO_SECRETS
from appliance.brain.remind_me_what import as_question
from appliance.config import Settings
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply

MODEL_SAID = "The password is a unique combination of characters."


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        ("remind me what the wifi password is", "What the wifi password is?"),
        ("Can you remind me where the stopcock is?", "Where the stopcock is?"),
        ("remind me, what day is bin day?", "What day is bin day?"),
        ("Hearth, remind me again who is coming on Sunday", "Who is coming on Sunday?"),
        # the controls: a reminder asked for, and "remind me" with no question after it
        ("remind me to call Gran at 6", "remind me to call Gran at 6"),
        ("remind me about the bins", "remind me about the bins"),
        ("that reminds me what a lovely day it was", "that reminds me what a lovely day it was"),
    ],
)
def test_remind_me_before_a_question_word_is_the_question(said: str, asked: str) -> None:
    assert as_question(said) == asked


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        ("tell me where the spare key is", "Where the spare key is?"),
        ("can you tell me when the bins go out?", "When the bins go out?"),
        ("tell me again what time the bins go", "What time the bins go?"),
        ("I need to know who's picking Leo up", "Who's picking Leo up?"),
        ("do you happen to know where the torch is", "Where the torch is?"),
        # the controls: a method, an idea, and a happening Hearth cannot watch for
        ("tell me how to make scones", "tell me how to make scones"),
        ("tell me what to cook tonight", "tell me what to cook tonight"),
        ("tell me when the post comes", "tell me when the post comes"),
        ("tell me a joke", "tell me a joke"),
    ],
)
def test_tell_me_before_a_question_word_is_the_question(said: str, asked: str) -> None:
    assert as_question(said) == asked


def test_told_nothing_of_a_thing_asked_by_tell_me_is_not_known(
    settings: Settings, memory: Memory
) -> None:
    """ "tell me where the spare key is" reached the model, which said "The spare key is on
    the shelf in the corner.", told nothing of it; a fact told is said (the control)."""
    said = "tell me where the spare key is"
    made_up = "The spare key is on the shelf in the corner."
    reply, model = scripted_reply(settings, memory, [made_up], said)
    assert reply.text.startswith("I don't know") and model.prompts == []
    memory.add("The spare key is under the blue flowerpot.", "place")
    reply, _ = scripted_reply(settings, memory, [], said)
    assert reply.text == "From memory: The spare key is under the blue flowerpot."


def test_asked_so_a_secret_is_still_not_kept(settings: Settings, memory: Memory) -> None:
    reply, model = scripted_reply(
        settings, memory, [MODEL_SAID], "remind me what the wifi password is"
    )
    assert reply.text == KEEPS_NO_SECRETS
    assert model.prompts == []


def test_asked_so_a_fact_told_is_said(settings: Settings, memory: Memory) -> None:
    memory.add("Femi's swimming is on Mondays at 5.", "routine", links=["Femi"])
    reply, model = scripted_reply(
        settings, memory, [MODEL_SAID], "remind me when Femi's swimming is"
    )
    assert reply.text == "From memory: Femi's swimming is on Mondays at 5."
    assert model.prompts == []


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        ("I wonder whether Tomasz is diabetic", "Whether Tomasz is diabetic?"),
        ("I wonder if Reuben is lactose intolerant", "If Reuben is lactose intolerant?"),
        ("I'm wondering where the spare key is", "Where the spare key is?"),
        # the control: a request framed as wondering stays the request
        (
            "I was wondering if you could add eggs to the list",
            "I was wondering if you could add eggs to the list",
        ),
    ],
)
def test_i_wonder_before_a_question_word_is_the_question(said: str, asked: str) -> None:
    assert as_question(said) == asked


def test_wondered_about_someone_is_never_the_models_guess(
    settings: Settings, memory: Memory
) -> None:
    """A seventh trial's "I wonder whether Tomasz is diabetic" got the model's "Tomasz is
    not diabetic.", a health fact nobody told; a fact told is said (the control)."""
    reply, model = scripted_reply(
        settings, memory, ["Tomasz is not diabetic."], "I wonder whether Tomasz is diabetic"
    )
    assert reply.text.startswith("I don't know") and model.prompts == []
    memory.add("Tomasz is diabetic", "health")
    reply, _ = scripted_reply(settings, memory, [], "I wonder whether Tomasz is diabetic")
    assert reply.text == "From memory: Tomasz is diabetic."


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        # an eighth trial's got the model's "The front door is a red door."
        ("I can't remember what colour our front door is", "What colour our front door is?"),
        ("I forget where we put the passports", "Where we put the passports?"),
        # the controls, a review's: asked of Hearth, or for an idea or an opinion
        ("tell me who you are", "tell me who you are"),
        ("tell me which film to watch tonight", "tell me which film to watch tonight"),
        (
            "tell me what I should get Mum for her birthday",
            "tell me what I should get Mum for her birthday",
        ),
    ],
)
def test_what_is_not_remembered_is_asked(said: str, asked: str) -> None:
    assert as_question(said) == asked
