"""Someone said to have eaten what a kept fact says they cannot have gets that fact and what
to watch for, never the model nor a card (ate_it.py). Scripted models (not a model): the
model's line is what an eleventh outside trial heard the real one say."""

from __future__ import annotations

import pytest

from appliance.brain.ate_it import ASK_WHERE_TO, WATCH_FOR_A_REACTION
from appliance.composition import intent_router
from appliance.config import Settings
from appliance.memory import Memory
from tests.brain.conftest import ScriptedModel, scripted_brain

MIKO = "Miko is allergic to peanuts and sesame."
MODEL_SAYS = "Sorry, I didn't understand that."


def _reply(settings: Settings, memory: Memory, said: str):
    brain, model = scripted_brain(
        settings,
        memory,
        [MODEL_SAYS],
        notetaker=ScriptedModel([]),
        intents=intent_router(settings),
    )
    with brain:
        reply = brain.reply(said)
        brain.wait_for_notetaker(10)
    return reply, model


@pytest.mark.parametrize(
    "said",
    [
        "I think Miko ate some peanuts",  # the eleventh trial's
        "miko just had a peanut butter cracker",  # the eleventh trial's
        "oh no Miko has eaten a cashew",
        "Miko had satay at the party",  # made of peanut
        "miko's just had some hummus",  # made of sesame
        "I think miko might have eaten a snickers",
        "Miko ate a peanut, what do I do?",  # asked: the kitchen's line, now with his fact
        # a second review's, lost by a first mend: "no", "without", his epipen said
        "miko ate a peanut no reaction yet",
        "miko just ate a biscuit without checking, it had peanuts",
        "miko ate peanuts should I use his epipen",
    ],
)
def test_an_allergen_eaten_gets_the_fact_and_what_to_watch_for(
    settings: Settings, memory: Memory, said: str
) -> None:
    memory.add(MIKO, "health")
    memory.add("Ify is 8 and Miko is 6.", "person")
    reply, model = _reply(settings, memory, said)
    assert model.prompts == []
    assert reply.text == f"From memory: {MIKO} {WATCH_FOR_A_REACTION}"
    assert memory.proposals() == []  # never a card of it


def test_coeliac_or_intolerance_gets_where_to_ask(settings: Settings, memory: Memory) -> None:
    memory.add("Nnamdi is coeliac.", "health")
    reply, model = _reply(settings, memory, "nnamdi just ate a slice of normal bread")
    assert model.prompts == []
    assert reply.text == f"From memory: Nnamdi is coeliac. {ASK_WHERE_TO}"


@pytest.mark.parametrize(
    "said",
    [
        "Miko ate all his dinner",  # nothing he cannot have
        "Ify just had a peanut butter sandwich",  # Ify has no such fact
        "Miko had his peanut allergy test today",  # no food eaten
        "Miko didn't eat any of the satay",
        "Miko is allergic to peanuts",  # telling, not eating
    ],
)
def test_what_is_no_allergen_eaten_is_not_read_as_one(
    settings: Settings, memory: Memory, said: str
) -> None:  # the controls
    memory.add(MIKO, "health")
    memory.add("Ify is 8 and Miko is 6.", "person")
    reply, _ = _reply(settings, memory, said)
    assert WATCH_FOR_A_REACTION not in reply.text


def test_without_the_fact_kept_it_is_not_said(settings: Settings, memory: Memory) -> None:
    """The guard's own control: the same words with no allergy kept get no allergy line."""
    memory.add("Ify is 8 and Miko is 6.", "person")
    reply, _ = _reply(settings, memory, "miko just had a peanut butter cracker")
    assert WATCH_FOR_A_REACTION not in reply.text and "allergic" not in reply.text


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        # a review's, each given the fact and the 999 line: another person's fact, no food
        # of it eaten now, someone else eating it, a question, the diet told
        (
            "Gran had a peanut butter sandwich",
            ["Gran makes peanut-free cakes because Miko is allergic to peanuts."],
        ),
        ("Miko had a peanut butter sandwich", ["Miko's best friend Sam is allergic to peanuts."]),
        ("Ify's mum had prawns at the party", ["Mum is allergic to shellfish."]),
        ("Miko had cornflakes and Ify had peanut butter on toast", [MIKO]),
        ("Miko had scrambled eggs", ["Miko used to be allergic to eggs but grew out of it."]),
        ("Miko ate a nut-free cereal bar", [MIKO]),
        ("Miko had a reaction to sesame last year", [MIKO]),
        ("Miko tried to grab a peanut but I stopped him", [MIKO]),
        ("Miko had chicken while the rest of us had satay", [MIKO]),
        ("has Miko had peanuts before?", [MIKO]),
        ("Miko had nothing with peanuts in it", [MIKO]),  # a second review's
        ("Miko had a great time at the peanut farm", [MIKO]),
        (
            "Nnamdi has had coeliac disease since he was 3 and can't have bread",
            ["Nnamdi is coeliac."],
        ),
    ],
)
def test_another_s_fact_or_no_allergen_eaten_now_gets_no_line(
    settings: Settings, memory: Memory, said: str, facts: list[str]
) -> None:
    for fact in facts:
        memory.add(fact, "health")
    reply, _ = _reply(settings, memory, said)
    assert WATCH_FOR_A_REACTION not in reply.text and ASK_WHERE_TO not in reply.text
