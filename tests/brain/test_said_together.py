"""A household command and a fact said in one message: both are done (said_together.py).

Scripted models (not a model): nothing here reaches the chat model; the note-taker's
model is never asked, since a plain statement is proposed by rules.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from appliance.brain.household import household_router
from appliance.config import Settings
from appliance.household import HouseholdStore
from appliance.memory import Memory
from tests.brain.conftest import ScriptedModel, scripted_brain

ROUTER = household_router("/nonexistent")  # matching never opens the store


@pytest.mark.parametrize(
    ("said", "parts"),
    [
        (
            "Sam is allergic to nuts. Add peanuts to the list.",
            [("statement", "Sam is allergic to nuts."), ("shopping", "Add peanuts to the list.")],
        ),
        (
            "Add rice to the list. By the way Gran is coming on Sunday.",
            [
                ("shopping", "Add rice to the list."),
                ("statement", "By the way Gran is coming on Sunday."),
            ],
        ),
        (
            "Remember that Sam is allergic to nuts, and add oat milk to the list",
            [("remember", "Sam is allergic to nuts."), ("shopping", "add oat milk to the list")],
        ),
        (
            "Add oat milk to the list and remember that Sam is allergic to nuts",
            [("shopping", "Add oat milk to the list"), ("remember", "Sam is allergic to nuts.")],
        ),
        (
            "Our neighbour is Priya, add cake to the list",
            [("statement", "Our neighbour is Priya"), ("shopping", "add cake to the list")],
        ),
        (
            "Remember that the bins go out on Tuesday. Remind me Monday at 9pm to put them out.",
            [
                ("remember", "The bins go out on Tuesday."),
                ("reminders", "Remind me Monday at 9pm to put them out."),
            ],
        ),
    ],
)
def test_a_command_and_a_fact_are_read_as_two_parts(
    said: str, parts: list[tuple[str, str]]
) -> None:
    route = ROUTER.route(said)
    assert route.kind == "parts"
    assert [(part.kind, part.text) for part in route.parts] == parts


def test_three_parts_in_one_sentence_are_three() -> None:
    route = ROUTER.route("add bananas, remember Noah is allergic to kiwi, and add yoghurts too")
    assert [(part.kind, part.text) for part in route.parts] == [
        ("shopping", "add bananas"),
        ("remember", "Noah is allergic to kiwi."),
        ("shopping", "add yoghurts too"),
    ]


def test_a_statement_part_is_a_fact_from_its_first_word() -> None:
    # split at the first "and", "tissues, oh and the kids' GP is…" reads as a statement
    # (its fact found inside), and the tissues were lost
    route = ROUTER.route(
        "add cough syrup and tissues, oh and the kids' GP is Dr O'Brien at the Main Street surgery"
    )
    assert [(part.kind, part.text) for part in route.parts] == [
        ("shopping", "add cough syrup and tissues"),
        ("statement", "the kids' GP is Dr O'Brien at the Main Street surgery"),
    ]


@pytest.mark.parametrize(
    "said",
    [
        # a reminder read whole would keep "and remember…" in its errand
        "remind me on thursday at 6pm to pick up the turkey, and remember that Aoife doesn't "
        "eat pork",
        "remind me to order the Christmas cake, and remember that Jess is vegan",
        # after a bare comma too: a plain statement there would be what to tell someone
        "remind me at 6 to pick up the turkey, remember that Aoife doesn't eat pork",
    ],
)
def test_remember_said_after_a_reminder_is_never_its_errand(said: str) -> None:
    route = ROUTER.route(said)
    assert [part.kind for part in route.parts] == ["reminders", "remember"]
    assert "remember" not in route.parts[0].text


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("also remember Tom hates mushrooms", "Tom hates mushrooms."),
        ("ok remember that we feed the fish twice a day", "We feed the fish twice a day."),
        ("Finn's allergic to eggs so don't let me forget that.", "Finn's allergic to eggs."),
    ],
)
def test_remember_said_with_words_on_the_way(said: str, fact: str) -> None:
    route = ROUTER.route(said)
    assert (route.kind, route.text) == ("remember", fact)


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        # the controls: read whole, as before
        ("Ugh, what a day. Add wine to the list.", "shopping"),  # a remark states nothing
        ("We're out of milk. Add milk to the list.", "shopping"),  # about now, not the house
        ("Add eggs. And milk.", "shopping"),  # commands only: the household's own
        ("Sam is allergic to nuts and eggs.", "statement"),  # facts only
        # what to tell him is the errand, not a fact beside it
        ("Remind me at 5 to tell Sam, Gran is coming on Sunday", "reminders"),
        ("Our neighbour is Priya. Who is our vet?", "recall"),  # a question: whole
        ("The lasagne needs 40 minutes. Keep an eye on it.", "timers"),
    ],
)
def test_a_message_with_no_such_pair_is_read_whole(said: str, kind: str) -> None:
    assert ROUTER.route(said).kind == kind


def test_a_day_of_the_month_is_of_the_month_the_message_names() -> None:
    route = ROUTER.route(
        "Remember my mum's birthday is on the 3rd of May and remind me on the 2nd at 9 "
        "to buy a card"
    )
    assert [part.kind for part in route.parts] == ["remember", "reminders"]
    assert route.parts[0].text == "My mum's birthday is on the 3rd of May."  # kept as said
    assert route.parts[1].text == "remind me on the 2nd of may at 9 to buy a card"


def test_the_month_is_never_read_into_a_fact_or_where_none_was_said() -> None:
    route = ROUTER.route("Gran comes on the 2nd. Remind me on the 1st at 9 to make the bed up")
    assert [part.text for part in route.parts] == [
        "Gran comes on the 2nd.",
        "Remind me on the 1st at 9 to make the bed up",
    ]


def _brain(settings: Settings, memory: Memory, data_dir: Path):  # type: ignore[no-untyped-def]
    return scripted_brain(
        settings, memory, [], notetaker=ScriptedModel([]), intents=household_router(data_dir)
    )


def test_the_fact_beside_a_command_goes_to_the_board_and_the_command_is_done(
    settings: Settings, memory: Memory, data_dir: Path
) -> None:
    # read whole, the peanuts went on and the allergy was never heard
    brain, model = _brain(settings, memory, data_dir)
    try:
        reply = brain.reply("Sam is allergic to nuts. Add peanuts to the list.")
    finally:
        brain.close()
    assert reply.route == "parts"
    assert reply.text == (
        "Noted — it'll be on the board for you to keep. I've added peanuts to the shopping list."
    )
    assert model.prompts == []
    assert [p.text for p in memory.proposals()] == ["Sam is allergic to nuts."]
    assert memory.facts() == []  # a statement waits for a person's Keep
    with HouseholdStore.open(data_dir) as store:
        assert [item.name for item in store.items()] == ["peanuts"]


def test_a_command_inside_remember_that_is_done_and_never_kept_as_a_fact(
    settings: Settings, memory: Memory, data_dir: Path
) -> None:
    # read whole, "Sam is allergic to nuts, and add oat milk to the list" went live
    brain, _ = _brain(settings, memory, data_dir)
    try:
        reply = brain.reply("Remember that Sam is allergic to nuts, and add oat milk to the list")
    finally:
        brain.close()
    assert reply.text == (
        "I'll remember that: Sam is allergic to nuts. I've added oat milk to the shopping list."
    )
    assert [f.text for f in memory.facts()] == ["Sam is allergic to nuts."]
    assert memory.proposals() == []
    with HouseholdStore.open(data_dir) as store:
        assert [item.name for item in store.items()] == ["oat milk"]


def test_a_secret_beside_a_command_is_refused_and_kept_nowhere(
    settings: Settings, memory: Memory, data_dir: Path
) -> None:
    brain, _ = _brain(settings, memory, data_dir)
    try:
        reply = brain.reply("My door code is 4512. Add milk to the list.")
        kept = brain.threads.recent(reply.thread_id, 10)
    finally:
        brain.close()
    assert reply.text.startswith("I can't keep that: refused (secret)")
    assert reply.text.endswith("I've added milk to the shopping list.")
    assert memory.proposals() == [] and memory.facts() == []
    assert kept and not any("4512" in message.text for message in kept)
    with HouseholdStore.open(data_dir) as store:
        assert [item.name for item in store.items()] == ["milk"]
