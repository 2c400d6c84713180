"""`hearth chat` end to end on the real default models (each command loads them, like a person)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from appliance import cli
from appliance.memory import Memory

pytestmark = pytest.mark.model


def test_chat_once_remembers_and_answers(data_dir: Path, capsys) -> None:
    assert (
        cli.main(
            ["chat", "--once", "remember that Sam is allergic to peanuts", "--thread", "kitchen"]
        )
        == 0
    )
    out = capsys.readouterr()
    assert out.out.strip() == "I'll remember that: Sam is allergic to peanuts."
    assert "(thread kitchen)" in out.err
    with Memory.open(data_dir) as memory:
        [fact] = memory.facts()
    assert fact.source.startswith("agent@")


def test_chat_once_exits_after_the_notetaker_has_proposed(data_dir: Path, capsys) -> None:
    said = "by the way, grandma's birthday is on the 3rd of March"
    assert cli.main(["chat", "--once", said]) == 0
    assert capsys.readouterr().out.strip()
    with Memory.open(data_dir) as memory:  # no waiting here: the command already did
        [proposal] = memory.proposals()
        assert memory.facts() == []
    assert "grandma" in proposal.text.lower()


def test_chat_repl_reads_lines_until_an_empty_one(data_dir: Path, capsys, monkeypatch) -> None:
    with Memory.open(data_dir) as memory:
        memory.add("The bins go out on Thursday night", "routine")
    monkeypatch.setattr("sys.stdin", io.StringIO("when do the bins go out?\n\n"))
    assert cli.main(["chat"]) == 0
    assert "hearth> From memory: The bins go out on Thursday night." in capsys.readouterr().out


def test_a_bad_thread_id_is_one_line_and_exit_1(capsys) -> None:
    assert cli.main(["chat", "--once", "hello", "--thread", "../etc"]) == 1
    assert capsys.readouterr().err.startswith("hearth: thread id '../etc'")


def test_remember_with_a_change_of_mind_keeps_nothing_and_asks_again(
    data_dir: Path, capsys
) -> None:
    """A seventh trial's "remember that the bins go out on Wednesday nights, no sorry,
    Tuesday nights" was kept word for word and read back so; the control is kept."""
    said = "remember that the bins go out on Wednesday nights, no sorry, Tuesday nights"
    assert cli.main(["chat", "--once", said]) == 0
    assert "so I haven't kept it" in capsys.readouterr().out
    with Memory.open(data_dir) as memory:
        assert memory.facts() == [] and memory.proposals() == []
    assert cli.main(["chat", "--once", "remember that the bins go out on Tuesday nights"]) == 0
    assert capsys.readouterr().out.strip() == (
        "I'll remember that: The bins go out on Tuesday nights."
    )


def test_chat_once_reads_what_memory_holds_before_the_kitchen_answers(
    data_dir: Path, capsys
) -> None:
    # `chat --once` answered any rule's intent before the brain read it against memory: "can
    # Sam have peanut butter?", with Sam's nut allergy kept, got the kitchen's row for a
    # small child ("…fine crushed, ground or as a smooth nut butter")
    with Memory.open(data_dir) as memory:
        memory.add("Sam is allergic to nuts.", "health")
    assert cli.main(["chat", "--once", "can Sam have peanut butter?"]) == 0
    assert capsys.readouterr().out.strip() == "From memory: Sam is allergic to nuts."
    # the control: someone memory holds no diet of still gets the row
    assert cli.main(["chat", "--once", "can I give Oisin peanut butter?"]) == 0
    assert "unless the child is allergic" in capsys.readouterr().out
