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


def test_a_fact_then_so_and_a_command_are_two_parts() -> None:
    # a thirteenth trial's lost the reminder, and the whole sentence was proposed as a fact
    route = ROUTER.route(
        "the plumber is coming on the 17th so remind me on the 16th at 6pm to clear under the sink"
    )
    assert [(part.kind, part.text) for part in route.parts] == [
        ("statement", "the plumber is coming on the 17th"),
        ("reminders", "remind me on the 16th at 6pm to clear under the sink"),
    ]
    # the control: "so" inside an errand is the errand's
    assert ROUTER.route("remind me at 7 to call mum so she knows").kind == "reminders"


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


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        # a review's: each had been cut at "and", the errand or item lost and half a
        # sentence proposed as a fact
        ("Remind me tomorrow at 9 to tell Mum and Dad the car is fixed", "reminders"),
        (
            "remind me at 8 to tell the childminder and Gran that Rosa is allergic to eggs",
            "reminders",
        ),
        ("Remind me to tell the kids that dinner is at 6 and Gran is coming", "reminders"),
        ("add milk and the bread Dad likes", "shopping"),
        # a way of cooking or a routine, no command to the list
        ("Mum's trick is to brown the mince and add a stock cube", "statement"),
        ("The way Dad makes tea is milk first and add two sugars", "statement"),
    ],
)
def test_what_and_joins_inside_one_command_or_fact_stays_whole(said: str, kind: str) -> None:
    assert ROUTER.route(said).kind == kind


@pytest.mark.parametrize(
    ("said", "parts"),
    [
        # the controls: "oh and", "remember", a record named
        (
            "add bread, milk and Tom is off to camp on Monday",
            ["add bread, milk", "Tom is off to camp on Monday"],
        ),
        (
            "Remember that Sam is allergic to nuts and add oat milk to the list",
            ["Sam is allergic to nuts.", "add oat milk to the list"],
        ),
    ],
)
def test_a_fact_after_the_whole_list_or_a_record_named_is_a_part(
    said: str, parts: list[str]
) -> None:
    assert [part.text for part in ROUTER.route(said).parts] == parts


@pytest.mark.parametrize(
    ("said", "command"),
    [
        # asked back, or a guess: let go as a remark, and the command done
        ("Sam's allergic to nuts isn't he, add rice cakes to the list", "shopping"),
        ("Maybe Gran is coming Sunday, add cake to the list", "shopping"),
        ("Not sure if Gran is coming, add cake anyway", "shopping"),
    ],
)
def test_a_guess_or_a_tag_beside_a_command_is_no_fact(said: str, command: str) -> None:
    route = ROUTER.route(said)
    kinds = [part.kind for part in route.parts] if route.kind == "parts" else [route.kind]
    assert kinds == [command]


def test_a_remark_a_command_refers_back_to_leaves_the_message_whole() -> None:
    # "it" is the milk: read alone, "take it off the list" would take nothing off
    assert ROUTER.route("We've got milk, take it off the list").kind != "parts"


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        # a review's "He's on nights." was kept live, of nobody: said of the one person the
        # command names, and proposed (these are no longer the words said)
        ("Remind me at 6 to ring Sam, remember he's on nights", "Sam's on nights."),
        (
            "remind me at 7pm to give Milo his worming tablet and remember that he weighs 12 kilos",
            "Milo weighs 12 kilos.",
        ),
    ],
)
def test_a_fact_of_someone_the_command_names_is_of_them_and_proposed(said: str, fact: str) -> None:
    route = ROUTER.route(said)
    assert (route.parts[1].kind, route.parts[1].text) == ("statement", fact)


def test_a_fact_of_he_or_she_with_two_named_is_read_whole() -> None:  # the control
    said = "Remind me at 6 to ring Sam and Gran, remember he's on nights"
    assert ROUTER.route(said).kind != "parts"


def test_a_month_is_read_into_a_command_only_beside_a_date_of_it() -> None:
    # "due in March" names no day: the 28th is this month's (a review's became March's)
    route = ROUTER.route(
        "The car insurance is due in March. Remind me on the 28th to pay the gas bill."
    )
    assert route.parts[1].text == "Remind me on the 28th to pay the gas bill."
