from __future__ import annotations

import json
import logging
import threading

import pytest

from appliance.brain import Brain
from appliance.brain.notetaker import (
    CONFIDENCE_RANGE,
    MAX_ITEMS,
    MIN_CHARS,
    SCHEMA,
    NoteTaker,
    ReplyGate,
    extract,
    parse_candidates,
    tidy,
)
from appliance.config import Settings
from appliance.memory import Memory

from .conftest import ScriptedModel, scripted_brain


def facts_json(*items: tuple[str, str, float]) -> str:
    return json.dumps([{"text": t, "type": k, "confidence": c} for t, k, c in items])


def test_an_unknown_type_becomes_note() -> None:
    [got] = parse_candidates(facts_json(("The car is blue", "vehicle", 0.5)))
    assert got.type == "note"


def test_a_clear_word_beats_the_models_type() -> None:
    [got] = parse_candidates(facts_json(("Grandma's birthday is on 3 March", "health", 0.5)))
    assert got.type == "event"


def test_a_known_type_is_kept() -> None:  # positive control for the coercion above
    [got] = parse_candidates(facts_json(("Grandma likes lilies", "preference", 0.5)))
    assert got.type == "preference"


@pytest.mark.parametrize(
    ("given", "kept"), [(7.0, CONFIDENCE_RANGE[1]), (-1.0, CONFIDENCE_RANGE[0]), (0.5, 0.5)]
)
def test_confidence_is_clamped(given: float, kept: float) -> None:
    [got] = parse_candidates(facts_json(("Grandma likes lilies", "preference", given)))
    assert got.confidence == kept


def test_at_most_five_items_and_no_repeats() -> None:
    many = [(f"Fact number {n} about the house", "note", 0.5) for n in range(8)]
    assert len(parse_candidates(facts_json(*many))) == MAX_ITEMS
    assert SCHEMA["maxItems"] == MAX_ITEMS
    twice = facts_json(
        ("Tom hates mushrooms", "preference", 0.7), ("Tom hates mushrooms.", "health", 0.7)
    )
    assert [c.type for c in parse_candidates(twice)] == ["preference"]


@pytest.mark.parametrize(
    "fragment", ["Ugh.", "No satay.", "He can't stand them.", "She stopped eating meat last year."]
)
def test_a_sentence_that_needs_the_conversation_is_not_proposed(fragment: str) -> None:
    assert parse_candidates(facts_json((fragment, "note", 0.5))) == []


def test_a_sentence_that_stands_alone_is_proposed() -> None:
    """Positive control for the filter above: a named subject passes."""
    [got] = parse_candidates(facts_json(("Ella stopped eating meat last year", "note", 0.5)))
    assert got.text == "Ella stopped eating meat last year."


def test_conversational_lead_ins_are_trimmed() -> None:
    assert tidy("by the way, grandma's birthday is on the 3rd of March") == (
        "Grandma's birthday is on the 3rd of March."
    )
    assert tidy("Oh and the boiler is in the attic.") == "The boiler is in the attic."


def test_proposes_to_the_inbox_and_never_to_live_memory(memory: Memory) -> None:
    model = ScriptedModel([facts_json(("Grandma's birthday is on 3 March", "event", 0.8))])
    taker = NoteTaker(model, memory)
    assert taker.submit("t1", [("user", "by the way, grandma's birthday is on 3 March")])
    assert taker.wait_idle(10)
    [proposal] = memory.proposals()
    assert proposal.text == "Grandma's birthday is on 3 March."
    assert proposal.source.startswith("notetaker@")
    assert proposal.conversation == "t1"
    assert memory.facts() == []
    assert model.schemas == [SCHEMA]  # the grammar was asked for
    taker.close()


def test_already_known_is_a_normal_outcome(memory: Memory) -> None:
    memory.add("Sam is allergic to peanuts", "health")
    model = ScriptedModel(
        [
            facts_json(("Sam is allergic to peanuts", "health", 0.8)),
            facts_json(("Sam likes plums", "preference", 0.6)),
        ]
    )
    taker = NoteTaker(model, memory)
    taker.submit("t1", [("user", "Sam is allergic to peanuts, you know")])
    taker.submit("t1", [("user", "and Sam likes plums a lot")])
    assert taker.wait_idle(10)
    assert (taker.stats.known, taker.stats.proposed, taker.stats.failed) == (1, 1, 0)
    assert [p.text for p in memory.proposals()] == ["Sam likes plums."]
    taker.close()


def test_output_that_is_not_json_is_logged_and_the_worker_goes_on(memory: Memory, caplog) -> None:
    model = ScriptedModel(['[{"text": "Sam li', facts_json(("Sam likes plums", "note", 0.6))])
    taker = NoteTaker(model, memory)
    with caplog.at_level(logging.WARNING):
        taker.submit("t1", [("user", "Sam likes plums, remember")])
        taker.submit("t1", [("user", "Sam likes plums, I said")])
        assert taker.wait_idle(10)
    assert taker.stats.failed == 1
    assert "did not parse" in caplog.text and "Sam" not in caplog.text  # no household words
    assert [p.text for p in memory.proposals()] == ["Sam likes plums."]
    taker.close()


def test_turns_shorter_than_twelve_characters_are_skipped(memory: Memory) -> None:
    model = ScriptedModel(["[]"])
    taker = NoteTaker(model, memory)
    assert not taker.submit("t1", [("user", "x" * (MIN_CHARS - 1))])
    assert taker.submit("t1", [("user", "x" * MIN_CHARS)])  # positive control
    assert taker.wait_idle(10)
    assert len(model.prompts) == 1
    taker.close()


def test_reads_only_the_last_six_turns_and_only_the_households_words(memory: Memory) -> None:
    model = ScriptedModel(["[]"])
    taker = NoteTaker(model, memory)
    turns = [
        ("user" if n % 2 == 0 else "assistant", f"turn number {n} said here") for n in range(8)
    ]
    taker.submit("t1", turns)
    assert taker.wait_idle(10)
    read = model.prompts[0].split("Conversation:")[-1]
    assert "turn number 2 " in read and "turn number 6 " in read
    assert "turn number 0 " not in read  # older than six turns
    assert "turn number 7 " not in read  # the assistant's words are not read
    taker.close()


def test_a_full_queue_drops_the_oldest_job_and_logs_it(memory: Memory, caplog) -> None:
    model = ScriptedModel(["[]"] * 10)
    model.gate = threading.Event()  # the worker blocks inside its first job
    taker = NoteTaker(model, memory, queue_size=2)
    taker.submit("first", [("user", "the first thing said here")])
    assert model.entered.wait(10)
    with caplog.at_level(logging.WARNING):
        # Submitting never waits for the busy worker: these return at once.
        for name in ("second", "third", "fourth"):
            assert taker.submit(name, [("user", f"the {name} thing said here")])
    assert taker.stats.dropped == 1
    assert "dropped the oldest job, from conversation second" in caplog.text
    model.gate.set()
    assert taker.wait_idle(10)
    read = "".join(model.prompts)
    assert "second" not in read and "third" in read and "fourth" in read
    taker.close()


def test_a_reply_does_not_wait_for_the_notetaker(settings, memory, clock) -> None:
    taker_model = ScriptedModel([facts_json(("Grandma's birthday is on 3 March", "event", 0.8))])
    taker_model.gate = threading.Event()
    brain, _ = scripted_brain(settings, memory, ["Lovely!"], notetaker=taker_model, clock=clock)
    reply = brain.reply("I had a lovely chat with grandma, her birthday is on 3 March")
    assert (reply.route, reply.text) == ("chat", "Lovely!")
    assert brain.notetaker is not None and brain.notetaker.pending() == 1
    assert memory.proposals() == []
    taker_model.gate.set()
    assert brain.wait_for_notetaker(10)
    assert [p.text for p in memory.proposals()] == ["Grandma's birthday is on 3 March."]
    brain.close()


def test_the_notetaker_is_queued_after_the_last_piece(settings, memory, clock) -> None:
    taker_model = ScriptedModel(["[]"])
    brain, _ = scripted_brain(
        settings, memory, ["A longer answer. In pieces."], notetaker=taker_model, clock=clock
    )
    assert brain.notetaker is not None
    stream = brain.stream("tell me something nice please")
    pieces = iter(stream)
    next(pieces)
    assert brain.notetaker.stats.queued == 0
    rest = list(pieces)
    assert rest and brain.notetaker.stats.queued == 1
    brain.close()


def test_router_commands_are_not_read_by_the_notetaker(settings, memory, clock) -> None:
    taker_model = ScriptedModel([])
    brain, _ = scripted_brain(settings, memory, [], notetaker=taker_model, clock=clock)
    brain.reply("remember that Sam is allergic to peanuts")
    assert brain.notetaker is not None and brain.notetaker.stats.queued == 0
    brain.close()


def test_a_notetaker_sharing_the_chat_model_does_not_wait_for_replies(
    settings, memory, clock
) -> None:
    """A note-taker paused at the gate mid-decode would hold the shared model's lock, and
    the reply waiting for that lock would never end: the shared model's lock takes turns."""
    shared = ScriptedModel([])
    configured = Settings.for_data_dir(settings.data_dir, notetaker=True)
    brain = Brain.open(configured, memory, chat_model=shared, notetaker_model=shared, clock=clock)
    assert brain.notetaker is not None and brain.notetaker.gate is None
    brain.close()
    # Positive control: a note-taker on its own model waits for the replies' gate.
    brain, _ = scripted_brain(settings, memory, [], notetaker=ScriptedModel([]), clock=clock)
    assert brain.notetaker is not None and brain.notetaker.gate is brain._gate
    brain.close()


def test_the_worker_waits_while_a_reply_is_being_made(memory: Memory) -> None:
    gate = ReplyGate()
    gate.busy()  # a reply is being made
    model = ScriptedModel(["[]"])
    taker = NoteTaker(model, memory, gate=gate, settle=0.0)
    taker.submit("t1", [("user", "the stopcock is under the sink")])
    assert not model.entered.wait(0.3)
    gate.idle()  # positive control: the reply is done, the worker decodes
    assert taker.wait_idle(10)
    assert model.entered.is_set()
    taker.close()


def test_decoding_stops_when_the_model_starts_repeating_itself(memory: Memory) -> None:
    repeated = (
        '[{"text": "Tom hates mushrooms.", "type": "preference", "confidence": 0.7}, '
        '{"text": "Tom hates mushrooms.", "type": "health", "confidence": 0.7}, '
        '{"text": "Something after the repeat.", "type": "note", "confidence": 0.7}]'
    )
    model = ScriptedModel([repeated])
    got = extract(model, [("user", "Tom hates mushrooms, he really does")])
    assert [c.text for c in got] == ["Tom hates mushrooms."]


def test_distinct_items_are_all_kept(memory: Memory) -> None:  # control for the test above
    model = ScriptedModel(
        [
            facts_json(
                ("Ana teaches piano", "person", 0.8), ("Ana comes on Wednesdays", "routine", 0.7)
            )
        ]
    )
    got = extract(model, [("user", "Ana teaches piano and comes on Wednesdays")])
    assert [c.text for c in got] == ["Ana teaches piano.", "Ana comes on Wednesdays."]
