"""Control characters never become part of a record, on any path, and never reach a terminal raw."""

from __future__ import annotations

import json

import pytest

from appliance.errors import InvalidFact
from appliance.memory import Memory
from appliance.terminal import printable

HOSTILE = [
    "Sam is allergic to peanuts\x00",
    "The bins go out \x1b[2J\x1b[Hon Thursday",
    "Dentist on Friday\x07",
    "Pick up \x9bmilk",  # C1 CSI: some terminals act on it like ESC [
    "Mia's inhaler \ud800 is upstairs",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_text_with_a_control_character_is_refused_and_nothing_is_written(
    memory: Memory, text: str
) -> None:
    with pytest.raises(InvalidFact, match="control characters"):
        memory.add(text, "note")
    with pytest.raises(InvalidFact, match="control characters"):
        memory.propose(text, "note")
    assert list(memory.memory_dir.iterdir()) == [] and list(memory.inbox_dir.iterdir()) == []


def test_a_link_with_a_control_character_is_refused(memory: Memory) -> None:
    with pytest.raises(InvalidFact, match="control characters"):
        memory.add("Ana teaches piano", "person", links=["Ana\x1b]0;pwned\x07"])
    assert list(memory.memory_dir.iterdir()) == []
    memory.add("Ana teaches piano", "person", links=["Ana"])  # control: a plain link is kept


def test_newlines_tabs_accents_and_emoji_are_still_household_words(memory: Memory) -> None:
    fact = memory.add("Crème brûlée\tfor Zoë's\nbirthday 🎂", "event")
    assert fact.text == "Crème brûlée for Zoë's birthday 🎂"
    assert [f.id for f in memory.facts()] == [fact.id]


def test_a_hand_written_fact_with_an_escape_is_reported_not_recalled(memory: Memory) -> None:
    body = "---\nid: {id}\ntype: note\nstatus: live\nconfidence: 0.9\nsource: cli@2026-11-30\n"
    body += "created: 2026-11-30\n---\n{text}\n"
    (memory.memory_dir / "bins.md").write_text(
        body.format(id="bins", text="The bins go out \x1b[31mon Thursday")
    )
    (memory.memory_dir / "milk.md").write_text(body.format(id="milk", text="We buy oat milk"))
    memory.reconciler.catch_up()
    assert [f.id for f in memory.facts()] == ["milk"]  # control: the clean one is read
    [problem] = memory.check()
    assert problem.path.name == "bins.md" and "control characters" in problem.message
    assert [r.fact.id for r in memory.recall("when do the bins go out?")] == []


def test_printable_escapes_what_a_terminal_would_act_on() -> None:
    assert (
        printable("bins \x1b[2J on\x00 Thursday\r") == "bins \\u001b[2J on\\u0000 Thursday\\u000d"
    )
    assert printable("abc\u202eevil \x9bmilk") == "abc\\u202eevil \\u009bmilk"
    assert printable("a\ud800b") == "a\\ud800b"
    assert printable("line one\nline two\tend", lines=True) == "line one\nline two\tend"
    assert printable("line one\nline two") == "line one\\u000aline two"


def test_printable_json_is_still_the_same_json() -> None:
    value = {"text": "bins \x1b[2J \x9b \u202e on Thursday", "n": [1, 2]}
    shown = printable(json.dumps(value, indent=2, ensure_ascii=False), lines=True)
    assert shown.isascii() or all(c.isprintable() or c in "\n" for c in shown)
    assert json.loads(shown) == value


def test_printable_leaves_ordinary_text_alone() -> None:
    for text in ("Sam is allergic to peanuts", "Crème brûlée 🎂 für Zoë", "a\u00a0b", ""):
        assert printable(text) == text


def test_doctor_never_prints_a_control_character_a_file_name_holds(memory: Memory) -> None:
    from appliance.cli.doctor import check_memory, render

    (memory.memory_dir / "bins\x1b[2J.md").write_text("not a fact")
    shown = render(check_memory(memory.settings))
    assert "\x1b" not in shown and "bins\\u001b[2J.md" in shown  # named, and harmless
