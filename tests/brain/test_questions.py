"""Household questions are told from questions about the world, and answered honestly."""

from __future__ import annotations

import pytest

from appliance.brain.questions import answers, classify, not_known
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply


@pytest.mark.parametrize(
    "asked",
    [
        "when is Kofi's birthday?",
        "where did we put the passports?",
        "what is Zanele allergic to?",
        "what's our wifi password?",
        "when is grandma's birthday?",
        "where is the stopcock?",
        "does Tom like mushrooms?",
        "how old is Sam?",
        "when do the bins go out?",
        "where's the sellotape?",
        # who is asked about, and what happens when, are this house's (a trial heard the
        # model answer the first "The chef is coming for dinner tonight.")
        "Who's coming for dinner on Sunday?",
        "who's cooking tonight?",
        "what's happening this weekend?",
        "are we out on Saturday?",
        # leaning household on purpose: a small model asked names people it makes up
        "who won the cricket?",
        "What's on the shop in this house?",  # a second trial: "a small, family-owned business"
    ],
)
def test_questions_about_the_household(asked: str) -> None:
    assert classify(asked).household


@pytest.mark.parametrize(
    "asked",
    [
        "how long do I boil an egg for?",
        "what is the capital of France?",
        "what time is it in Tokyo?",
        "why did my bread not rise?",
        "can I freeze bananas?",
        "how hot should the oven be for scones?",
        "are peanuts a legume?",
        # capitals are not household names (issue 21)
        "how long do Yorkshire puddings take in the oven?",
        "what's 180 Celsius in Fahrenheit?",
        "how do I make a Victoria sponge?",
        "what goes in a Cornish pasty?",
        # the controls beside the plans: advice stays advice on any day
        "what goes with lamb on Sunday?",
        "how long do I roast beef for Sunday lunch?",
    ],
)
def test_questions_about_the_world(asked: str) -> None:
    assert not classify(asked).household


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("when is Kofi's birthday?", "I don't know Kofi's birthday yet."),
        ("where did we put the passports?", "I don't know where the passports are yet."),
        ("what is Zanele allergic to?", "I don't know what Zanele is allergic to yet."),
        ("what's our wifi password?", "I don't know what your wifi password is yet."),
        ("does Tom like mushrooms?", "I don't know whether Tom likes mushrooms yet."),
        ("when do the bins go out?", "I don't know when the bins go out yet."),
        ("when is Auntie Efua's birthday?", "I don't know Auntie Efua's birthday yet."),
    ],
)
def test_the_honest_reply_says_what_is_not_known_and_invites_telling(
    asked: str, reply: str
) -> None:
    assert not_known(classify(asked)) == reply + " Tell me and I'll remember."


def test_a_fact_about_someone_else_does_not_answer(memory: Memory) -> None:
    memory.add("Ama's birthday is on the 3rd of March", "event")
    [found] = memory.recall("when is Kofi's birthday?", 3)
    assert not answers(classify("when is Kofi's birthday?"), found)
    assert answers(classify("when is Ama's birthday?"), found)  # positive control


def test_a_fact_about_another_thing_does_not_answer(memory: Memory) -> None:
    memory.add("The bins go out on Thursday night", "routine")
    [found] = memory.recall("when does the recycling go out?", 3)
    assert not answers(classify("when does the recycling go out?"), found)
    assert answers(classify("when do the bins go out?"), found)  # positive control


def test_who_is_coming_is_never_answered_by_the_model(settings, memory: Memory) -> None:
    reply, model = scripted_reply(
        settings,
        memory,
        ["The chef is coming for dinner tonight."],
        "Who's coming for dinner on Sunday?",
    )
    assert model.prompts == []
    assert reply.text == (
        "I don't know who's coming for dinner on Sunday yet. Tell me and I'll remember."
    )
