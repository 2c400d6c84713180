""" "What's in the review inbox?" is answered from the inbox, word for word, never by the model.

A new user asked it over Wyoming; the model, asked, said the inbox was "filled with comments,
messages, and even deleted files from the internet". The scripted model here would say
INVENTED if it were asked.
"""

from __future__ import annotations

import pytest

from appliance.brain.router import DEFAULT_ROUTER
from appliance.memory import Memory

from .conftest import scripted_brain

ASKED = [
    "What's in the review inbox?",
    "what's in the inbox",
    "Is there anything to review?",
    "What's waiting for review?",
    "What's on the board?",
    "Hearth, anything waiting for me to approve?",
]


@pytest.mark.parametrize("question", ASKED)
def test_an_empty_inbox_is_said_so_without_the_model(
    settings, memory: Memory, clock, question: str
) -> None:
    brain, model = scripted_brain(settings, memory, ["INVENTED"], clock=clock)
    reply = brain.reply(question)
    brain.close()
    assert reply.text == "Nothing is waiting for review."
    assert model.prompts == []


def test_what_waits_is_read_word_for_word(settings, memory: Memory, clock) -> None:
    memory.propose("The spare key is in the shed", "household")
    memory.propose("Gran's birthday is on 3 March", "event")
    memory.add("Sam walks the dog", "routine")  # a live fact: not in the inbox
    brain, model = scripted_brain(settings, memory, ["INVENTED"], clock=clock)
    reply = brain.reply("What's in the review inbox?")
    brain.close()
    assert model.prompts == [] and "INVENTED" not in reply.text
    assert reply.text.startswith("2 things wait on the board for Keep or Discard: ")
    assert "Sam walks the dog" not in reply.text
    assert "'The spare key is in the shed'" in reply.text
    assert "'Gran's birthday is on 3 March'" in reply.text


@pytest.mark.parametrize(
    "said",
    [
        "What's on the shopping list?",
        "Where is the chopping board?",
        "Remember that the board game is in the loft",
        "What is in the fridge?",
    ],
)
def test_other_questions_are_not_the_inbox(said: str) -> None:
    """The control: the words that sound like it go where they went before."""
    assert DEFAULT_ROUTER.route(said).kind != "inbox"


def test_a_correction_waiting_is_said_as_what_it_asks(settings, memory: Memory, clock) -> None:
    fact = memory.add("Sam walks the dog", "routine")
    memory.propose("Sam walks the dog", "routine", kind="retract", target=fact.id)
    brain, _ = scripted_brain(settings, memory, ["INVENTED"], clock=clock)
    reply = brain.reply("Is there anything to review?")
    brain.close()
    assert reply.text == f"One thing waits on the board for Keep or Discard: forget {fact.id}."
