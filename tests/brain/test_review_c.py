"""A third review's of the day's changes (against the commit before them, after two reviews
had been mended): each class it found, with the case that showed it and a control."""

from __future__ import annotations

import pytest

from appliance.brain.corrections import what_stays
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply


@pytest.mark.parametrize(
    "asked",
    [
        "could Zoe have covid",
        "can Sam have a tattoo",
        "could he have forgotten",
        "can they eat pork in israel",
    ],
)
def test_what_is_no_food_of_theirs_is_no_diet_question(
    settings, memory: Memory, asked: str
) -> None:
    memory.add("Zoe is allergic to peanuts.", "health")
    said, _ = scripted_reply(settings, memory, ["The world's answer."], asked)
    assert said.route != "can have", said.text


def test_a_food_no_table_names_is_still_their_diet_s(settings, memory: Memory) -> None:
    memory.add("Zoe is allergic to peanuts.", "health")  # the control
    said, _ = scripted_reply(settings, memory, ["Yes, they can."], "can Zoe have satay")
    assert said.route == "can have" and "Zoe is allergic to peanuts" in said.text


@pytest.mark.parametrize(
    "fact",
    [
        "Sam is allergic to peanuts and hates broccoli.",
        "Sam is allergic to peanuts and is vegetarian.",
    ],
)
def test_a_part_that_says_something_of_its_own_is_no_thing_of_the_lead(fact: str) -> None:
    # a review's cards read "Sam is allergic to hates broccoli.", "…to is vegetarian."
    assert what_stays(fact, "Sam is allergic to peanuts") is None


@pytest.mark.parametrize(
    ("kept", "asked", "answered"),
    [
        ("Sam hates mornings.", "when is Sam coming", False),
        ("Sam works nights.", "when is Sam coming", False),
        ("Gran lives at 22 Park Rd.", "where does Gran live", True),
        ("Sam is coming round on Friday at 6.", "when is Sam coming", True),  # the control
    ],
)
def test_when_someone_comes_is_said_by_a_visit(
    settings, memory: Memory, kept, asked, answered
) -> None:
    memory.add(kept, "event")
    said, _ = scripted_reply(settings, memory, ["The world's answer."], asked)
    assert said.text.startswith("From memory") is answered, said.text


def test_is_anyone_of_the_world_stays_the_worlds(settings, memory: Memory) -> None:
    said, model = scripted_reply(
        settings, memory, ["The world's answer."], "is anyone still alive from the titanic"
    )
    assert model.prompts and said.text == "The world's answer."


def test_a_name_only_a_forgotten_fact_held_is_no_owner(settings, memory: Memory) -> None:
    fact = memory.add("Kostas is allergic to peanuts.", "health")
    memory.retract(fact.id)
    said, _ = scripted_reply(settings, memory, ["x"], "what is kostas allergic to")
    assert "Kosta's" not in said.text


def test_when_we_go_to_a_place_a_fact_begins_with_is_answered(settings, memory: Memory) -> None:
    # the control beside "when is Sam coming": a held-out split's "what time do we go to
    # gurdwara" (a fact's first word is read as a name) is answered by the fact of it
    memory.add("Gurdwara is on Sunday mornings at 9.", "routine")
    said, _ = scripted_reply(settings, memory, [], "what time do we go to gurdwara")
    assert said.text == "From memory: Gurdwara is on Sunday mornings at 9."
