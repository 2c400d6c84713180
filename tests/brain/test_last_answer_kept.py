"""What a thread's last answer used (the facts it read out) and put on the board is kept in
the threads' store, so a brain in another process continuing the thread reads it: `hearth
chat --once … --thread T` runs a brain of its own each time, and a nineteenth and a twentieth
trial's "forget that" straight after a read-out got "I haven't just kept or read out a fact".
Two brains, one after the other, on one data folder, as two CLI calls are; a scripted chat
model stands in."""

from __future__ import annotations

from appliance.composition import intent_router
from appliance.config import Settings
from appliance.memory import Memory
from tests.brain.conftest import scripted_brain

KEY = "The spare house key is under the blue plant pot."


def _said_in(
    settings: Settings, memory: Memory, thread: str, text: str, *, heard: bool = False
) -> str:
    brain, _ = scripted_brain(settings, memory, ["Okay."], intents=intent_router(settings))
    try:
        return brain.reply(text, thread, heard=heard).text
    finally:
        brain.close()


def test_forget_that_after_a_read_out_in_another_process_proposes_it(
    settings: Settings, memory: Memory
) -> None:
    memory.add(KEY, "place")
    assert _said_in(settings, memory, "kitchen1", "where's the spare key?") == f"From memory: {KEY}"
    said = _said_in(settings, memory, "kitchen1", "forget that")
    assert "asked to forget" in said
    [card] = memory.proposals()
    assert KEY.rstrip(".") in card.text


def test_another_thread_has_read_nothing_out(settings: Settings, memory: Memory) -> None:
    """The control: the read-out was the kitchen's thread, never the phone's."""
    memory.add(KEY, "place")
    _said_in(settings, memory, "kitchen2", "where's the spare key?")
    said = _said_in(settings, memory, "phone2", "forget that")
    assert said.startswith("Okay. I haven't just kept or read out a fact")
    assert memory.proposals() == []


def test_a_card_put_on_the_board_is_taken_off_from_another_process(
    settings: Settings, memory: Memory
) -> None:
    """ "don't save that" in the next call takes the card the last one carded (a spoken
    "remember that …" is carded, since a recogniser mishears)."""
    _said_in(
        settings,
        memory,
        "kitchen3",
        "remember that Gran's glasses are in the blue case",
        heard=True,
    )
    assert len(memory.proposals()) == 1
    said = _said_in(settings, memory, "kitchen3", "no wait, don't save that")
    assert "taken it off the board" in said and memory.proposals() == []


def test_an_answer_that_leaves_what_the_last_one_did_writes_nothing(tmp_path) -> None:
    """Kept after every turn, and most turns leave nothing: one transaction where something
    changed, none where nothing did (a card on an SD card costs a sync for each)."""
    from appliance.brain.threads import Threads

    threads = Threads.open(tmp_path)
    try:
        writes = threads._db.total_changes
        threads.keep("t1", cited=(), carded=())  # nothing, as before: no row, no write
        assert threads._db.total_changes == writes and threads.kept("t1", "cited") is None
        threads.keep("t1", cited=("fact-a",), carded=())
        assert threads.kept("t1", "cited") == ("fact-a",)
        writes = threads._db.total_changes
        threads.keep("t1", cited=("fact-a",), carded=())  # the same again
        assert threads._db.total_changes == writes
        threads.keep("t1", cited=(), carded=("card-b",))  # the control: a change is written
        assert threads.kept("t1", "cited") == () and threads.kept("t1", "carded") == ("card-b",)
    finally:
        threads.close()
