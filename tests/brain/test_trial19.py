"""A nineteenth outside trial's (the Okonkwo-Brennans, Belfast) findings, each as a class, each
beside a control: a grandmother on warfarin told "You can take it anytime." by the model,
her courteous requests not understood, a dose asked of the model, a pet called Biscuit
putting an apostrophe in the shop's biscuits, and kitchen questions the tables cannot answer
left to the model."""

from __future__ import annotations

import pytest

from appliance.brain.router import A_DOSE_ASKED
from appliance.brain.typed import plainly_asked, with_apostrophes
from appliance.composition import intent_router
from appliance.kitchen.ask import HOW_MUCH_FOR
from appliance.memory import Memory
from tests.brain.conftest import scripted_conversation, scripted_reply

WARFARIN = "Grandma Bernadette takes warfarin every evening at 6pm."


@pytest.mark.parametrize(
    "said",
    [
        "Would you kindly tell me what medicine I take?",
        "what time do I take my tablets?",
        "What medication does Grandma take?",
        "what medicine does bernadette take",
    ],
)
def test_a_medicine_asked_of_is_answered_from_memory_never_the_model(
    settings, memory: Memory, said: str
) -> None:
    memory.add(WARFARIN, "routine")  # filed as a routine, as the trial's note-taker did
    reply, model = scripted_reply(
        settings, memory, ["You can take it anytime."], said, intents=intent_router(settings)
    )
    assert reply.text == f"From memory: {WARFARIN}" and model.prompts == []


def test_a_medicine_asked_of_a_pronoun_after_it_was_named_is_memorys(
    settings, memory: Memory
) -> None:
    memory.add(WARFARIN, "routine")
    replies, model = scripted_conversation(
        settings,
        memory,
        ["You can take it anytime."] * 2,
        ["Hello dear.", "And what time do I take it, dear?"],
        intents=intent_router(settings),
    )
    assert replies[-1].text == f"From memory: {WARFARIN}"


@pytest.mark.parametrize(
    "said",
    [
        "how much paracetamol can I take",
        "can I give him more calpol",
        "what is the dose for a 5 year old",
        "is it safe to take ibuprofen with warfarin",
    ],
)
def test_a_dose_is_never_the_models(settings, memory: Memory, said: str) -> None:
    reply, model = scripted_reply(
        settings, memory, ["Two every four hours."], said, intents=intent_router(settings)
    )
    assert reply.text == A_DOSE_ASKED and model.prompts == []


@pytest.mark.parametrize(
    "said", ["how much flour do I need", "how many eggs for a cake", "what's the dose of love"]
)
def test_what_asks_no_dose_is_not_read_as_one(settings, said: str) -> None:
    """The controls."""
    assert intent_router(settings).route(said).kind != "a dose asked"


@pytest.mark.parametrize(
    ("said", "plainly"),
    [
        (
            "Good afternoon dear. I wonder if you would be so kind as to remember that my "
            "sister Maureen lives in Newry.",
            "Remember that my sister Maureen lives in Newry.",
        ),
        (
            "Oh and do please remember that I am not to eat too much kale, if that is not too "
            "much trouble.",
            "Remember that I am not to eat too much kale.",
        ),
        (
            "I wonder, would you be so good as to remind me tomorrow at ten o'clock in the "
            "morning to telephone my sister Maureen?",
            "Remind me tomorrow at ten o'clock in the morning to telephone my sister Maureen.",
        ),
        (
            "I'd be ever so grateful if you'd remember that my sister Maureen lives in Newry.",
            "Remember that my sister Maureen lives in Newry.",
        ),
        ("could you possibly add milk to the list", "Add milk to the list."),
    ],
)
def test_a_courteous_request_is_asked_plainly(said: str, plainly: str) -> None:
    assert plainly_asked(said) == plainly


@pytest.mark.parametrize(
    "said",
    ["I wonder if you would know when the bins go", "would you believe it, the cat's back"],
)
def test_what_asks_nothing_of_hearth_stays_as_said(said: str) -> None:
    """The controls: only a request of Hearth is taken out of its courtesy."""
    assert plainly_asked(said) == said


def test_a_courteous_reminder_is_set(settings, memory: Memory) -> None:
    reply, model = scripted_reply(
        settings,
        memory,
        [],
        "I wonder, would you be so good as to remind me tomorrow at ten o'clock in the morning "
        "to telephone my sister Maureen?",
        intents=intent_router(settings),
    )
    assert reply.text.startswith("I'll remind you to telephone") and model.prompts == []


def test_a_pet_called_by_a_word_leaves_the_words_plural_alone() -> None:
    known = frozenset({"biscuit", "maureen"})
    assert with_apostrophes("add some Rich Tea biscuits to the list", known) == (
        "add some Rich Tea biscuits to the list"
    )
    assert with_apostrophes("Biscuit gets dry biscuits at night", known) == (
        "Biscuit gets dry biscuits at night"
    )
    # the controls: a person's own, and the pet's own where it is asked of
    assert with_apostrophes("whens maureens bday", known) == "when's maureen's birthday"
    assert with_apostrophes("when is biscuits vet appointment", known) == (
        "when is biscuit's vet appointment"
    )


@pytest.mark.parametrize(
    "said",
    [
        "How big a turkey do I need for 11 people?",
        "how many potatoes for 11 people",
        "How many Yorkshire puddings should I make for 11?",
    ],
)
def test_how_much_to_cook_for_so_many_is_an_honest_line(
    settings, memory: Memory, said: str
) -> None:
    reply, model = scripted_reply(
        settings, memory, ["11 people can have 24 turkeys."], said, intents=intent_router(settings)
    )
    assert reply.text == HOW_MUCH_FOR and model.prompts == []


def test_a_dish_with_no_cooking_row_gets_no_guessed_time(settings, memory: Memory) -> None:
    reply, model = scripted_reply(
        settings,
        memory,
        ["About 2 to 4 hours."],
        "how long does stuffing take",
        intents=intent_router(settings),
    )
    assert reply.text.startswith("I don't have a cooking time for that") and not model.prompts


@pytest.mark.parametrize("said", ["how long does the bus take", "how long does the washing take"])
def test_what_takes_a_while_and_is_no_dish_is_not_the_kitchens(settings, said: str) -> None:
    """The controls."""
    assert intent_router(settings).route(said).kind != "kitchen"


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        # a list of days after a comma is the clause's own, never a fact alone (the trial's
        # card said "Wednesdays and Fridays.", and its discard then refused the whole)
        (
            "Sam has swimming on Mondays, Wednesdays and Fridays.",
            ["Sam has swimming on Mondays, Wednesdays and Fridays."],
        ),
        ("I work night shifts at the Royal on Mondays, Wednesdays and Fridays.", []),
        # the control: a clause of its own after the comma is a fact of its own
        (
            "The bins go out on Tuesdays, and the recycling goes out on Fridays.",
            ["The bins go out on Tuesdays.", "The recycling goes out on Fridays."],
        ),
    ],
)
def test_days_said_after_a_comma_stay_with_their_clause(said: str, facts: list[str]) -> None:
    from appliance.brain.statements import facts_stated

    assert facts_stated(said) == facts


def test_a_forget_asked_again_after_a_discard_is_proposed_marked(settings, memory: Memory) -> None:
    """The trial's family discarded a "forget the spare key" card, changed their minds, and
    were told "I haven't asked again" every time after: a person asking again is proposed
    again, the card marked (the control, tests/memory/test_said_less.py: the same correction
    proposed unasked is still refused)."""
    memory.add("The spare key is under the blue plant pot.", "household")
    said = ["where is the spare key", "forget that"]
    scripted_conversation(settings, memory, [], said, intents=intent_router(settings))
    [card] = memory.proposals()
    memory.discard(card.id, actor="panel")
    replies, _ = scripted_conversation(settings, memory, [], said, intents=intent_router(settings))
    assert "Note: you discarded this correction on" in replies[-1].text
    [again] = memory.proposals()
    assert memory.said_no_before(again) is not None  # the card says so


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        ("Where can I find the spare key?", "From memory: The spare key is under the blue pot."),
        ("What is the cat's name?", "From memory: The cat is called Biscuit."),
    ],
)
def test_a_thing_or_a_name_asked_otherwise_is_read_from_memory(
    settings, memory: Memory, said: str, reply: str
) -> None:
    memory.add("The spare key is under the blue pot.", "household")
    memory.add("The cat is called Biscuit.", "household")
    answer, model = scripted_reply(
        settings, memory, ["Under the mat."], said, intents=intent_router(settings)
    )
    assert answer.text == reply and model.prompts == []


def test_a_name_not_told_is_not_known(settings, memory: Memory) -> None:
    """The control: the dog's name was never told, and none is made up."""
    memory.add("The cat is called Biscuit.", "household")
    answer, _ = scripted_reply(
        settings, memory, ["Rex."], "what's the dog called", intents=intent_router(settings)
    )
    assert answer.text.startswith("I don't know what the dog is called")
