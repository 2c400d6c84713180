"""Someone the household calls two things, by what the facts say ("Grandad Frank is
staying", "Our dog Biscuit"): asked of by either, answered from the facts of both
(known.also_called, known.with_names_told)."""

from __future__ import annotations

import datetime as dt

import pytest

from appliance.brain.known import also_called, with_names_told
from appliance.composition import intent_router
from appliance.config import Settings
from appliance.memory import Fact, Memory
from tests.brain.conftest import scripted_reply


def _facts(*texts: str) -> list[Fact]:
    today = dt.date(2026, 12, 7)
    return [Fact(f"f{n}", "person", t, created=today, last_seen=today) for n, t in enumerate(texts)]


@pytest.mark.parametrize(
    ("told", "kin", "name"),
    [
        ("Grandad Frank is staying with us till Sunday.", "grandad", "frank"),
        ("Frank is our grandad.", "grandad", "frank"),
        ("Our dog Biscuit is a spaniel.", "dog", "biscuit"),
        ("Biscuit the dog can't have grapes.", "dog", "biscuit"),
        ("The dog is called Biscuit.", "dog", "biscuit"),
    ],
)
def test_another_name_is_what_a_fact_gives(told: str, kin: str, name: str) -> None:
    assert also_called(kin, _facts(told)) == {name}
    assert kin in also_called(name, _facts(told))


@pytest.mark.parametrize(
    "told",
    [
        "Frank is staying with us till Sunday.",
        "The dog is hungry.",
        "Grandad is allergic to nuts.",
        # a review's: each had made Frank grandad (or dad), and said Frank's allergy of them
        "Frank is our grandad's friend.",
        "Frank is grandad's brother.",
        "Dad called Frank about the boiler.",
        "Gran called Sarah last night.",
        "Frank the dog walker comes on Tuesdays.",
        "Frank is the dog's vet.",
        "Sam feeds the dog.",
    ],
)
def test_no_other_name_where_none_is_given(told: str) -> None:  # the guards
    for kin in ("grandad", "dad", "gran", "dog"):
        assert also_called(kin, _facts(told)) == set()


def test_two_names_for_one_word_or_two_words_for_one_name_are_neither() -> None:
    two = _facts("Grandad Frank is staying.", "Grandad Bill is coming on Sunday.")
    assert also_called("grandad", two) == set()
    franks = _facts("Grandad Frank is staying.", "Uncle Frank is allergic to nuts.")
    assert also_called("grandad", franks) == set()


def test_a_question_of_kin_is_asked_of_the_one_name_told() -> None:
    facts = _facts("Our dog Biscuit is a spaniel.", "Grandad Frank is staying till Sunday.")
    assert with_names_told("when does the dog get walked", facts) == (
        "when does Biscuit get walked"
    )
    assert with_names_told("what does grandad take in his tea", facts) == (
        "what does Frank take in his tea"
    )
    assert with_names_told("where does mum work", facts) == "where does mum work"
    # a verb beside the family word is no name (a review's "when does Feeds get fed")
    fed = _facts("Sam feeds the dog.", "The dog gets fed at 5.")
    assert with_names_told("when does the dog get fed", fed) == "when does the dog get fed"
    # two dogs named: which is not guessed
    two = _facts("Our dog Biscuit is a spaniel.", "Our dog Rolo is a terrier.")
    assert with_names_told("when does the dog get walked", two) == "when does the dog get walked"


def test_asked_by_kin_the_fact_kept_under_the_name_answers(
    settings: Settings, memory: Memory
) -> None:
    """A fourteenth trial's "when does the dog get walked" got "I don't know … yet", with
    "Biscuit is walked at 7am and 5pm" kept."""
    memory.add("Biscuit is walked at 7am and 5pm.", "routine")
    memory.add("Our dog Biscuit is a spaniel.", "person")
    reply, model = scripted_reply(
        settings,
        memory,
        ["The dog is walked at noon."],
        "when does the dog get walked",
        intents=intent_router(settings),
    )
    assert model.prompts == []
    assert reply.text == "From memory: Biscuit is walked at 7am and 5pm."
