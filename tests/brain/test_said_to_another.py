"""What is said to someone else in the kitchen is theirs: Hearth says so, and does nothing.
Through the brain with the router `hearth run` builds and a scripted model (a turn that
reached it would show as a prompt)."""

from __future__ import annotations

import pytest

from appliance.brain.questions import classify
from appliance.brain.said_to_another import speaks_to_them
from appliance.composition import intent_router
from appliance.config import Settings
from appliance.household import HouseholdStore
from appliance.memory import Memory
from appliance.memory.embedding import Embedding
from tests.brain.conftest import scripted_brain


def _said(settings: Settings, memory: Memory, text: str) -> tuple[str, str, list[str]]:
    brain, model = scripted_brain(
        settings, memory, ["The model answered."], intents=intent_router(settings, Embedding.none())
    )
    try:
        reply = brain.reply(text)
    finally:
        brain.close()
    return reply.text, reply.route, model.prompts


@pytest.mark.parametrize(
    ("said", "who"),
    [
        ("Mum, can you put a 20 minute timer on for the bread?", "Mum"),
        ("Mum, can you pass the salt?", "Mum"),  # was "I don't know that about mum yet."
        ("Sam, can you set the table?", "Sam"),  # was the model: "I'm sorry, I can't help you."
        ("Olly, have you done your homework?", "Olly"),
        ("Hey Micah, come and set the table.", "Micah"),
        ("Sam, remember your PE kit.", "Sam"),
        ("Grandad, your hearing aid's whistling again.", "Grandad"),
        # a fifth trial's, proposed as a fact: no comma, then told
        ("Oisin don't touch that, it's hot", "Oisin"),
        ("Sam stop kicking your sister", "Sam"),
        # a tenth trial's, no comma, then asked: the model said "I'm glad you added crisps"
        ("Declan could you add crisps to the list", "Declan"),
        ("Mum can you pass the salt", "Mum"),
        # a name with an accent had been no name at all ([A-Z][a-z] stopped at the fada)
        ("Seán, can you feed the dog?", "Seán"),
        ("Áine don't touch that, it's hot", "Áine"),
        ("Zoë love, can you pass the salt?", "Zoë"),
        # "Mark" was never a name ("gas mark"): a fourteenth trial's went to the model
        ("Mark, can you grab milk on the way home", "Mark"),
    ],
)
def test_what_is_said_to_someone_else_is_left_to_them(
    settings: Settings, memory: Memory, said: str, who: str
) -> None:
    text, route, prompts = _said(settings, memory, said)
    assert (text, route) == (f"That sounded meant for {who}, so I've left it.", "said to another")
    assert prompts == []  # no model, no memory, no record
    assert memory.proposals() == [] and memory.facts() == []
    with HouseholdStore.open(settings.data_dir) as store:
        assert store.timers() == [] and store.items() == []


@pytest.mark.parametrize(
    "said",
    [
        "Love, can you tell me a joke?",  # what a person calls Hearth
        "Hearth, can you tell me a joke?",
        "Sorry, can you tell me a joke?",  # a word that opens sentences
        "Jarvis, can you tell me a joke?",  # a wake phrase's name
        "Hearth could you tell me a joke?",  # no comma either
        "Please could you tell me a joke?",
        "Tomorrow could you tell me a joke?",  # a word of time opens it (a review's)
    ],
)
def test_hearth_called_by_any_of_its_names_is_answered(
    settings: Settings, memory: Memory, said: str
) -> None:
    text, route, prompts = _said(settings, memory, said)  # the control beside the above
    assert route != "said to another" and len(prompts) == 1


def test_what_hearth_can_answer_or_do_is_still_done(settings: Settings, memory: Memory) -> None:
    text, route, _ = _said(settings, memory, "Mum, how long do eggs take to boil?")
    assert route == "kitchen" and "6 minutes" in text  # it knows, and it is no household fact
    text, route, _ = _said(settings, memory, "Love, can you add eggs to the list?")
    assert "eggs" in text
    with HouseholdStore.open(settings.data_dir) as store:
        assert [item.name for item in store.items()] == ["eggs"]


def test_who_is_called_first_is_not_what_is_asked_about() -> None:
    asked = classify("Mum, where's the colander")  # no question mark: not claimed above
    assert asked.names == () and asked.why == "where a thing in the house is"
    assert classify("where's Mum's colander?").names == ("Mum",)  # asked about, named
    # a list of names said first reads as Tilly called, but asks her nothing: not claimed
    assert speaks_to_them("Tilly, Bongani and Nkechi are coming for tea") is None
    assert speaks_to_them("Tilly, can you set the table?") == "Tilly"


def test_a_name_and_an_endearment_call_that_person() -> None:
    # a third outside trial: read as a question about Bara ("I don't know that about Bara")
    assert speaks_to_them("Gareth love, can you feed Bara?") == "Gareth"
    assert speaks_to_them("love, can you set a timer for 5 minutes?") is None  # Hearth


def test_a_person_told_to_do_something_is_never_the_kitchens(settings) -> None:
    # a fourth outside trial: "Femi, go and wash your hands for tea" got the food-safety line
    router = intent_router(settings)
    route = router.route("Femi, go and wash your hands for tea", None)
    assert route.kind == "said to another"
    control = router.route("Mum, how long do eggs take to boil?", None)
    assert control.kind == "kitchen"  # asked, it is still answered


def test_a_command_with_no_name_called_is_no_one_elses() -> None:
    from appliance.brain.people import said_to

    assert said_to("Stop the timer") is None  # the control
    assert said_to("Timers don't ring on this device any more") is None


def test_gas_mark_is_still_the_kitchen_s(settings: Settings, memory: Memory) -> None:
    # the control beside "Mark, can you …": an oven's mark is no one
    text, route, _ = _said(settings, memory, "gas mark 4 in celsius")
    assert route == "kitchen" and text.startswith("Gas mark 4 is about 180 °C")
