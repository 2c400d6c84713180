"""The brain on the real models: the default chat model (SmolLM2-135M), Gemma for extraction."""

from __future__ import annotations

import pytest

from appliance.brain import Brain
from appliance.brain.notetaker import extract
from appliance.brain.routes import NOTED
from appliance.memory import Memory

pytestmark = pytest.mark.model

GRANDMA = "by the way, grandma's birthday is on the 3rd of March"


def test_remember_then_ask(brain: Brain, memory: Memory) -> None:
    said = brain.reply("remember that Sam is allergic to peanuts")
    [fact] = memory.facts()
    assert fact.text == "Sam is allergic to peanuts."
    assert fact.source == "agent@2026-11-30" and fact.status == "live"
    assert said.route == "remember"
    answer = brain.reply("what is Sam allergic to?", said.thread_id)
    assert "peanuts" in answer.text.lower()
    assert answer.facts == (fact.id,)


def test_a_casual_remark_is_proposed_as_said_never_made_live(brain: Brain, memory: Memory) -> None:
    first = brain.reply(GRANDMA)
    assert (first.route, first.text) == ("statement", NOTED)  # acknowledged, not restated
    [proposal] = memory.proposals()
    assert proposal.text == "Grandma's birthday is on the 3rd of March."
    assert proposal.source.startswith("notetaker@")
    assert proposal.conversation == first.thread_id and first.proposal == proposal.id
    assert memory.facts() == []

    memory.discard(proposal.id, actor="cli", reason="we know")
    again = brain.reply(GRANDMA, first.thread_id)
    assert again.text.startswith("I haven't kept that: you discarded this on ")
    assert again.text.endswith("(we know). If part of it is new, say that part on its own.")
    assert memory.proposals() == []
    assert memory.facts() == []
    assert brain.notetaker is not None and brain.notetaker.stats.known >= 1


def test_small_talk_goes_to_the_model_and_proposes_nothing(brain: Brain, memory: Memory) -> None:
    reply = brain.reply("ugh, I burnt the toast again")
    assert reply.route == "chat" and reply.text
    assert "\n\n" not in reply.text and not reply.text.lower().startswith("dear")  # no letter
    assert brain.wait_for_notetaker(120)
    assert memory.proposals() == []


def test_forget_is_a_proposal_and_the_user_is_told(brain: Brain, memory: Memory) -> None:
    brain.reply("remember that Sam is allergic to peanuts")
    reply = brain.reply("forget that Sam is allergic to peanuts")
    [proposal] = memory.proposals()
    assert proposal.kind == "retract" and proposal.target == "sam-allergic-peanuts"
    assert "person will review" in reply.text
    assert memory.get("sam-allergic-peanuts").status == "live"


def test_the_chat_model_streams_an_answer(brain: Brain) -> None:
    stream = brain.stream("tell me a short joke about carrots")
    pieces = list(stream)
    assert len(pieces) > 1 and "".join(pieces).strip()
    assert stream.route == "chat"


def test_gemma_extracts_with_the_grammar_and_invents_nothing_from_small_talk(notetaker_llm) -> None:
    assert extract(notetaker_llm, [("user", "thanks, that's great")]) == []
    found = extract(notetaker_llm, [("user", "the stopcock is under the kitchen sink")])
    assert len(found) <= 5
    assert all(
        c.type
        in {"household", "place", "note", "routine", "health", "person", "preference", "event"}
        for c in found
    )
