"""A statement that says a live fact has changed is proposed in that fact's place, so a Keep
never leaves both live (memory/changed.py). Scripted models (not a model): statements are
carded by rules, and the scripted note-taker is never asked."""

from __future__ import annotations

import pytest

from appliance.composition import intent_router
from appliance.config import Settings
from appliance.memory import Memory
from appliance.memory.changed import changes
from tests.brain.conftest import ScriptedModel, scripted_brain


def _said(settings: Settings, memory: Memory, said: str):
    brain, _ = scripted_brain(
        settings, memory, [], notetaker=ScriptedModel([]), intents=intent_router(settings)
    )
    with brain:
        return brain.reply(said)


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("Ify is 9 now.", "Ify is 8."),
        (
            "Actually the recycling goes out on saturday now.",
            "The recycling bins go out on Friday.",
        ),
        ("Gran takes her tablets at 9 now.", "Gran takes her tablets at 8."),
        ("Miko goes to bed at 8 these days.", "Miko goes to bed at 7.30."),
        ("Ify is in year 5 now.", "Ify is in year 4."),
        # the old value said as not so (a nineteenth trial's became a second fact)
        (
            "actually the rabbit gets fed at 8am and 5pm, not 7",
            "Pudding the rabbit gets fed at 7am and 5pm.",
        ),
        ("actually the bins go out on Thursday, not Wednesday", "The bins go out on Wednesday."),
    ],
)
def test_a_new_number_or_day_said_as_a_change_changes_the_fact(said: str, fact: str) -> None:
    assert changes(said, fact)


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("Ify is 9.", "Ify is 8."),  # not said as a change: it may be another Ify's, or a slip
        ("Miko has swimming on Tuesday now.", "Miko has football on Monday."),  # another thing
        ("The recycling goes out on saturday now.", "The bins go out on Thursday."),
        ("Miko is 9 now.", "Ify is 8."),  # another person
        ("Ify is 8 now.", "Ify is 8."),  # nothing new
        ("Ify has the dentist on Friday at 10am.", "Ify has the dentist on Tuesday at 3pm."),
        ("Actually the rabbit is not 7.", "Pudding the rabbit is 7."),  # a negation, no value
    ],
)
def test_what_changes_no_fact_is_not_read_as_a_change(said: str, fact: str) -> None:
    assert not changes(said, fact)


def test_said_in_conversation_the_card_replaces_the_fact_and_keep_retires_it(
    settings: Settings, memory: Memory
) -> None:
    old = memory.add("Ify is 8.", "person")
    reply = _said(settings, memory, "Ify is 9 now")
    [card] = memory.proposals()
    assert (card.kind, card.target) == ("supersede", old.id)
    assert reply.text.endswith("It replaces “Ify is 8” when you do.")
    memory.promote(card.id, "test")
    assert [f.text for f in memory.facts("live")] == ["Ify is 9 now."]


def test_the_controls_are_proposed_beside_the_fact(settings: Settings, memory: Memory) -> None:
    memory.add("Ify is 8.", "person")
    memory.add("Miko has football on Monday.", "routine")
    reply = _said(settings, memory, "Miko has swimming on Tuesday now")
    [card] = memory.proposals()
    assert (card.kind, card.target) == ("add", None) and "replaces" not in reply.text


def test_of_two_facts_it_might_change_it_replaces_neither(
    settings: Settings, memory: Memory
) -> None:
    memory.add("Gran takes her tablets at 8.", "health")
    memory.add("Gran takes her tablets at 8 with breakfast.", "health")
    _said(settings, memory, "Gran takes her tablets at 9 now")
    [card] = memory.proposals()
    assert (card.kind, card.target) == ("add", None)
    assert len(memory.facts("live")) == 2


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        # a review's, each proposed against the fact in brackets
        ("Ify has 3 wobbly teeth now.", "Ify is 8."),
        ("Miko's shoe size is 11 now.", "Miko is 6."),
        ("Dad goes to the gym at 6 now.", "Dad is 45."),
        ("Miko is now in year 2.", "Miko is 6."),
        ("Miko is at football now, back at 5.", "Miko has football on Monday at 4."),
        ("Ify is in the year 4 netball team now, they play on Saturdays.", "Ify is in year 4."),
    ],
)
def test_a_number_said_now_of_another_thing_changes_no_fact(said: str, fact: str) -> None:
    assert not changes(said, fact)


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        # a second review's: said beside the fact, never in its place
        ("Grandad takes 2 paracetamol at 8pm now too", "Grandad takes 2 paracetamol at 8am."),
        ("Miko has swimming on Thursdays now as well as Tuesdays", "Miko has swimming on Tuesday."),
        (
            "Ify has another dentist appointment on the 14th now",
            "Ify has a dentist appointment on the 12th.",
        ),
        ("Ify has 3 piano lessons a week now", "Ify has piano on Monday at 4."),
    ],
)
def test_more_said_now_is_beside_the_fact(said: str, fact: str) -> None:
    assert not changes(said, fact)
