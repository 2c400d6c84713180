"""What a person takes back in the next breath goes: a card off the board, a fact just kept
to review for forgetting (an eleventh outside trial's "no wait, don't save that" had left
the card waiting for anyone's Keep)."""

from __future__ import annotations

import pytest

from appliance.brain.put_right_routes import NOTHING_JUST_KEPT, TAKEN_OFF_THE_BOARD
from appliance.composition import intent_router
from appliance.memory import Memory
from tests.brain.conftest import ScriptedModel, scripted_brain


def _brain(settings, memory: Memory):
    brain, _ = scripted_brain(
        settings,
        memory,
        ["All right."],
        notetaker=ScriptedModel([]),
        intents=intent_router(settings),
    )
    return brain


def test_a_card_taken_back_next_goes_and_stays_gone(settings, memory: Memory) -> None:
    brain = _brain(settings, memory)
    try:
        first = brain.reply("Babcia's birthday is the 7th of June")
        assert len(memory.proposals()) == 1
        taken = brain.reply("no wait, don't save that", thread_id=first.thread_id)
        assert taken.text == TAKEN_OFF_THE_BOARD.format("Babcia's birthday is the 7th of June.")
        assert memory.proposals() == []  # off the board, nothing half-written
        again = brain.reply("Babcia's birthday is the 7th of June")  # a tombstone holds it
        assert memory.proposals() == [] and "turned down" in again.text
    finally:
        brain.close()


def test_a_take_back_in_another_conversation_takes_nothing(settings, memory: Memory) -> None:
    brain = _brain(settings, memory)
    try:
        brain.reply("Babcia's birthday is the 7th of June")
        other = brain.reply("no wait, don't save that")  # the control: a thread of its own
        assert other.text == NOTHING_JUST_KEPT
        assert len(memory.proposals()) == 1
    finally:
        brain.close()


def test_oops_forget_that_after_remember_asks_to_forget_it(settings, memory: Memory) -> None:
    brain = _brain(settings, memory)
    try:
        kept = brain.reply("remember that Miko's allergy plan says epipen in the red bag")
        assert len(memory.facts("live")) == 1
        oops = brain.reply("oops wrong kid, forget that", thread_id=kept.thread_id)
        assert oops.route == "correct"
        (asked,) = memory.proposals()
        assert asked.target == memory.facts("live")[0].id  # to forget, at the board
    finally:
        brain.close()


def test_scratch_that_with_new_words_puts_the_fact_right(settings, memory: Memory) -> None:
    brain = _brain(settings, memory)
    try:
        kept = brain.reply("remember that Ify's school shoes are size 2")
        put = brain.reply("scratch that, she's a size 3 now", thread_id=kept.thread_id)
        assert put.route == "correct"
        (asked,) = memory.proposals()
        assert "size 3" in asked.text and asked.target == memory.facts("live")[0].id
    finally:
        brain.close()


def test_a_secret_refused_beside_a_fact_carded_says_both(settings, memory: Memory) -> None:
    brain = _brain(settings, memory)
    try:
        said = brain.reply(
            "btw the alarm code is 4471 if the babysitter asks, and Pierogi's vet is Parkside Vets"
        )
        # the vet carded, the code nowhere: "nothing was written" would be untrue
        assert [p.text for p in memory.proposals()] == ["Pierogi's vet is Parkside Vets."]
        assert "nothing was written" not in said.text and "on the board" in said.text
    finally:
        brain.close()


@pytest.mark.parametrize(
    "said",
    [
        # a review's: each had left the card on the board
        "never mind",
        "ignore that",
        "cancel that",
        "don't put that on the board",
        "oops, wrong day, forget that",
    ],
)
def test_other_ways_of_taking_a_card_back_take_it_off(settings, memory: Memory, said: str) -> None:
    brain = _brain(settings, memory)
    try:
        first = brain.reply("Babcia's birthday is the 7th of June")
        assert len(memory.proposals()) == 1
        taken = brain.reply(said, thread_id=first.thread_id)
        assert memory.proposals() == [] and "taken it off the board" in taken.text
    finally:
        brain.close()


def test_never_mind_after_a_fact_read_out_forgets_nothing(settings, memory: Memory) -> None:
    memory.add("The spare key is under the blue plant pot.", "place")
    brain = _brain(settings, memory)
    try:
        asked = brain.reply("where's the spare key?")
        brain.reply("never mind", thread_id=asked.thread_id)  # the control: a topic dropped
        assert memory.proposals() == [] and len(memory.facts("live")) == 1
    finally:
        brain.close()


@pytest.mark.parametrize(
    ("between", "then"),
    [
        # a second review's: each took the earlier card away
        ("set a timer for 5 minutes", "cancel it"),
        ("how long do I boil an egg for", "never mind"),
    ],
)
def test_a_take_back_after_another_turn_is_that_turn_s(
    settings, memory: Memory, between: str, then: str
) -> None:
    brain = _brain(settings, memory)
    try:
        first = brain.reply("Miko is allergic to peanuts")
        brain.reply(between, thread_id=first.thread_id)
        brain.reply(then, thread_id=first.thread_id)
        assert len(memory.proposals()) == 1  # the card still waits
    finally:
        brain.close()
