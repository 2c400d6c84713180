"""The kitchen's answers in the brain: exact, before any model, and the model kept in bounds.

A scripted stand-in (tests/brain/conftest.py) plays the model: a kitchen turn that
reaches it would show as a prompt it was given, so "no prompts" is the proof that
the tables answered.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from appliance.brain.bounds import NO_CLOCK, NO_WEATHER, NOTHING_DONE, ReplyBounds
from appliance.brain.household import household_router
from appliance.brain.kitchen import with_kitchen
from appliance.config import Settings
from appliance.kitchen.safety import UNSURE
from appliance.memory import Memory

from .conftest import scripted_brain


@pytest.fixture
def router(data_dir: Path):
    return with_kitchen(household_router(data_dir))


@pytest.mark.parametrize(
    ("said", "text"),
    [
        (
            "what's 190 c in fahrenheit?",
            "190 °C is about 375 °F, gas mark 5. (A fan oven: 170 °C.)",
        ),
        ("how many grams in a cup of flour?", "1 cup of all-purpose flour is about 120 g."),
        ("is my homemade kombucha still safe?", UNSURE),
        ("what's the weather like today?", NO_WEATHER),
    ],
)
def test_a_kitchen_question_is_answered_by_the_tables_and_the_model_is_never_asked(
    settings: Settings, memory: Memory, router, said: str, text: str
) -> None:
    brain, model = scripted_brain(settings, memory, ["It is 230 °C."], intents=router)
    reply = brain.reply(said)
    assert reply.text == text and reply.route in ("kitchen", "weather")
    assert model.prompts == []


def test_without_the_kitchen_the_same_question_reaches_the_model(
    settings: Settings, memory: Memory, data_dir: Path
) -> None:
    """The positive control: the intent, not something else, kept the model out."""
    brain, model = scripted_brain(
        settings, memory, ["It is 230 °C."], intents=household_router(data_dir)
    )
    reply = brain.reply("what's 190 c in fahrenheit?")
    assert reply.route == "chat" and len(model.prompts) == 1


def test_remember_still_comes_before_the_kitchen(
    settings: Settings, memory: Memory, router
) -> None:
    brain, model = scripted_brain(settings, memory, [], intents=router)
    reply = brain.reply("remember that gas mark 4 is what we bake bread at")
    assert reply.route == "remember" and model.prompts == []


@pytest.mark.parametrize(
    ("model_says", "said"),
    [
        ("Sure! I've added semi-skimmed milk to your shopping list.", NOTHING_DONE),
        ("Of course. It's 10:15 am right now.", NO_CLOCK),
        ("Lovely. It's sunny and warm today.", NO_WEATHER),
        ("Good question. Cooked rice keeps 5 days in the fridge.", UNSURE),
        ("Good question. Cook chicken to 60 °C in the middle.", UNSURE),
        ("Good question. Yes, it is safe to eat.", UNSURE),
    ],
)
def test_a_sentence_that_breaks_a_bound_is_replaced_by_the_truth(
    settings: Settings, memory: Memory, model_says: str, said: str
) -> None:
    brain, _ = scripted_brain(settings, memory, [model_says])
    reply = brain.reply("tell me something nice")
    first = re.split(r"(?<=[.!?]) ", model_says)[0]
    assert reply.text == f"{first} {said}"  # what came before the broken sentence is kept
    stored = brain.threads.recent(reply.thread_id)[-1].text
    assert stored == reply.text  # the broken sentence is not in the history either


def test_a_reply_within_bounds_is_said_as_the_model_wrote_it(
    settings: Settings, memory: Memory
) -> None:
    text = (
        "The dentist is at 3 pm, and Sam loves rainy days. Keep it warm in the oven. "
        "Bake it at 180 °C for 20 minutes. It's fine to use plain flour."
    )
    brain, _ = scripted_brain(settings, memory, [text])
    assert brain.reply("tell me something nice").text == text


def test_a_question_about_a_day_states_no_date() -> None:
    # A helper's held-out line: asking back is not saying what day it is.
    assert ReplyBounds().broken("What day is the dentist again?") is None
    assert ReplyBounds().broken("The day is Monday.") is not None  # the control: it states it
