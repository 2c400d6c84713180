"""Open questions about the household are answered from memory or honestly, never invented.

The red team's "tell me about our house" reached the model, which described a person
who "runs the place". The scripted model here would say INVENTED if it were asked.
"""

from __future__ import annotations

import pytest

from appliance.memory import Memory

from .conftest import scripted_brain

OPEN_QUESTIONS = [
    "tell me about our house",
    "what do you know about the kids?",
    "what do you know about us?",
    "who lives here?",
    "tell me about the family",
    "who runs this place?",
    "tell me everything you know",
    "what's in memory?",
    "describe our household",
    "tell me about Sam",
]


@pytest.mark.parametrize("question", OPEN_QUESTIONS)
def test_with_nothing_in_memory_an_open_question_is_answered_honestly(
    settings, memory: Memory, clock, question: str
) -> None:
    brain, model = scripted_brain(settings, memory, ["INVENTED"], clock=clock)
    reply = brain.reply(question)
    brain.close()
    assert reply.text.startswith("I don't know") and "yet" in reply.text
    assert model.prompts == [] and "INVENTED" not in reply.text


@pytest.mark.parametrize("question", OPEN_QUESTIONS)
def test_an_open_question_is_answered_with_what_memory_holds(
    settings, memory: Memory, clock, question: str
) -> None:
    memory.add("Sam and Leo are our kids", "person", links=["Sam", "Leo"])
    memory.add("Sam is allergic to peanuts", "health", links=["Sam"])
    memory.add("The boiler is in the loft", "household")
    brain, model = scripted_brain(settings, memory, ["INVENTED"], clock=clock)
    reply = brain.reply(question)
    brain.close()
    assert reply.text.startswith("From memory: ") and model.prompts == []
    said = reply.text.removeprefix("From memory: ")
    known = {
        "Sam and Leo are our kids.",
        "Sam is allergic to peanuts.",
        "The boiler is in the loft.",
    }
    assert any(fact in said for fact in known)
    # every sentence it says is a fact it was told, word for word
    assert all(s + "." in known for s in said.split(". And")[0].rstrip(".").split(". "))


def test_a_topic_that_is_not_the_household_goes_to_the_model(settings, memory, clock) -> None:
    # The positive control: an open question about the world is the model's to answer.
    brain, model = scripted_brain(settings, memory, ["The Romans built roads."], clock=clock)
    reply = brain.reply("tell me about the Romans")
    brain.close()
    assert reply.text == "The Romans built roads." and len(model.prompts) == 1


def test_who_lives_here_with_no_one_said_to_live_here_names_who_it_was_told_of(
    settings, memory: Memory, clock
) -> None:
    """An outside trial kept facts about Alfie and Olivia, then "who lives here?" got "I
    don't know who lives here yet"; it names them, and claims none of them lives here."""
    memory.add("Alfie's got a dairy allergy", "health")
    memory.add("Olivia is vegetarian", "health", links=["Olivia"])
    brain, model = scripted_brain(settings, memory, ["INVENTED"], clock=clock)
    reply = brain.reply("who lives here?")
    brain.close()
    assert reply.text == (
        "Nobody has told me who lives here. The names I've been told about: Alfie, Olivia. "
        "Tell me who lives here and I'll remember."
    )
    assert model.prompts == []


def test_a_contracted_word_of_every_sentence_is_no_name(settings, memory: Memory, clock) -> None:
    # a tenth trial's "who lives here?" named "We're"
    memory.add("We're renting until March", "household")
    memory.add("Olivia is vegetarian", "health", links=["Olivia"])
    brain, _ = scripted_brain(settings, memory, ["INVENTED"], clock=clock)
    reply = brain.reply("who lives here?")
    brain.close()
    assert "The names I've been told about: Olivia." in reply.text
    assert "We're" not in reply.text


def test_a_thing_of_the_house_said_first_is_no_name(settings, memory: Memory, clock) -> None:
    # a twelfth trial's "who lives here?" named Bins and Recycling
    memory.add("Bins go out wednesday night.", "routine")
    memory.add("Recycling is every other week.", "routine")
    memory.add("Olivia is vegetarian", "health", links=["Olivia"])
    brain, _ = scripted_brain(settings, memory, ["INVENTED"], clock=clock)
    reply = brain.reply("who lives here?")
    brain.close()
    assert "Bins" not in reply.text and "Recycling" not in reply.text
    assert "The names I've been told about: Olivia." in reply.text  # the control
