"""Someone memory does not name now, asked of: in lower case, after a title, by a pronoun,
or once told of and forgotten. A thirteenth outside trial's got the model's "Priya is a
professional yoga coach…", "no, the landlord is not married.", "She can." to a food after
an allergy was forgotten, and a forgotten allergy said again from a client's history."""

from __future__ import annotations

import pytest

from appliance.memory import Memory
from tests.brain.conftest import scripted_brain, scripted_reply


@pytest.mark.parametrize(
    ("kept", "asked", "model_said"),
    [
        ("", "where does priya work", "Priya is a professional yoga coach and yoga instructor."),
        ("", "what does ruaridh do", "Ruaridh is a Turkish-born American actor."),
        ("The landlord is Mr Kerr.", "is mr kerr married", "no, the landlord is not married."),
    ],
)
def test_a_model_sentence_of_someone_asked_of_in_lower_case_is_stopped(
    settings, memory: Memory, kept: str, asked: str, model_said: str
) -> None:
    if kept:
        memory.add(kept, "person")
    said, model = scripted_reply(settings, memory, [model_said], asked)
    assert model.prompts and model_said not in said.text
    assert "won't guess" in said.text


@pytest.mark.parametrize(
    ("asked", "model_said"),
    [
        # the controls: a dish or a word of the world, asked of in lower case
        ("how is shakshuka made", "Shakshuka is made with eggs poached in a spicy tomato sauce."),
        ("where does rain come from", "Rain comes from clouds."),
    ],
)
def test_a_model_sentence_of_a_thing_asked_of_in_lower_case_is_said(
    settings, memory: Memory, asked: str, model_said: str
) -> None:
    said, _ = scripted_reply(settings, memory, [model_said], asked)
    assert said.text == model_said


@pytest.mark.parametrize(
    ("asked", "person"),
    [("can priya eat prawns", "Priya"), ("can Kofi have crab then", "Kofi")],
)
def test_may_someone_unnamed_eat_a_food_is_never_the_model_s(
    settings, memory: Memory, asked: str, person: str
) -> None:
    said, model = scripted_reply(settings, memory, ["Priya has crab."], asked)
    assert model.prompts == [] and said.route == "can have"
    assert said.text.startswith("I don't know whether") and person in said.text


def test_may_she_eat_a_food_no_table_holds_is_never_a_yes(settings, memory: Memory) -> None:
    # Zoe's peanut allergy was forgotten; "can she have satay then" got "She can."
    said, model = scripted_reply(settings, memory, ["She can."], "can she have satay then")
    assert model.prompts == [] and "She can" not in said.text
    assert said.text.startswith("I can't tell who that is")


def test_a_small_child_s_food_by_a_pronoun_is_still_the_kitchen_s(
    settings, memory: Memory
) -> None:  # the control
    from appliance.composition import intent_router

    said, _ = scripted_reply(
        settings, memory, [], "can she have scrambled egg", intents=intent_router(settings)
    )
    assert said.route == "kitchen" and "6 months" in said.text


def test_someone_forgotten_is_still_one_of_the_household(settings, memory: Memory) -> None:
    fact = memory.add("Priya is vegetarian and allergic to shellfish.", "health")
    memory.retract(fact.id)
    brain, model = scripted_brain(
        settings, memory, ["Priya is vegetarian and allergic to shellfish."]
    )
    try:
        # a client resends the answer it had before the fact was forgotten
        brain.threads.add("client", "user", "who's allergic to what", "client")
        brain.threads.add(
            "client",
            "assistant",
            "From memory: Priya is vegetarian and allergic to shellfish.",
            "client",
        )
        said = brain.reply("tell me again what you said about her diet", thread_id="client")
    finally:
        brain.close()
    assert model.prompts and "shellfish" not in said.text


def test_is_anyone_asked_first_is_the_household_s(settings, memory: Memory) -> None:
    said, model = scripted_reply(
        settings, memory, ["no, no one visiting this month."], "is anyone visiting this month"
    )
    assert model.prompts == [] and said.text.startswith("I don't know")
