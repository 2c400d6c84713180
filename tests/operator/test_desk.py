"""The operator's desk and catalogue in one process: what each mode offers, what the desk
refuses on its own, and that what it reads out is data_only JSON escaped for a terminal.

tests/operator/test_stdio.py drives the same through the real `hearth mcp` process.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.cli.doctor import check_mcp
from appliance.config import MCP_WRITES, Settings, load_settings
from appliance.errors import ConfigError
from appliance.household import HouseholdStore
from appliance.memory import Memory
from appliance.operator import TOOLS, OperatorDesk, WritesOff, offered

READING = {"recall", "list_facts", "show_inbox", "list_timers", "list_reminders", "shopping_list"}
# Whatever decides about the inbox or undoes a fact is a person's, in every mode.
REVIEW_WORDS = ("keep", "discard", "promote", "retract", "doubt", "supersede", "delete", "remove")


@pytest.fixture
def household(data_dir: Path) -> Iterator[HouseholdStore]:
    data_dir.mkdir(parents=True, exist_ok=True)
    with HouseholdStore.open(data_dir) as store:
        yield store


def desk(memory: Memory, household: HouseholdStore, writes: str) -> OperatorDesk:
    return OperatorDesk(memory, household, writes)


@pytest.mark.parametrize(
    ("writes", "expected"),
    [
        ("off", READING),
        ("propose", READING | {"propose_fact"}),
        ("add", READING | {"propose_fact", "add_fact"}),
    ],
)
def test_each_mode_offers_exactly_its_tools_and_never_review(
    writes: str, expected: set[str]
) -> None:
    names = {tool.name for tool in offered(writes)}
    assert names == expected
    assert not [n for n in names if any(word in n for word in REVIEW_WORDS)]


def test_every_tool_is_a_desk_method_with_honest_hints() -> None:
    for tool in TOOLS:
        assert callable(getattr(OperatorDesk, tool.name))
        assert tool.open_world is False  # nothing leaves the house
        assert tool.read_only == (tool.name in READING)
        assert tool.destructive is False  # reads, or additions the audit log records
    assert {t.needs for t in TOOLS} == set(MCP_WRITES)


@pytest.mark.parametrize(
    ("writes", "change"), [("off", "propose"), ("off", "add"), ("propose", "add")]
)
def test_the_desk_refuses_a_write_its_mode_does_not_allow(
    memory: Memory, household: HouseholdStore, writes: str, change: str
) -> None:
    """The desk's own check, beneath the catalogue's: a write the mode does not allow is
    refused even if something called the method, and nothing is written or audited."""
    chosen = desk(memory, household, writes)
    with pytest.raises(WritesOff, match=f'does not {change} facts .*mcp_writes = "{writes}"'):
        if change == "add":
            chosen.add_fact("The bins go out on Thursday", "routine")
        else:
            chosen.propose_fact("The bins go out on Thursday", "routine")
    assert memory.facts() == [] and memory.proposals() == []
    assert list(memory.audit.entries()) == []


def test_the_mode_that_allows_a_write_makes_it(memory: Memory, household: HouseholdStore) -> None:
    """Positive control for the refusal above."""
    said = desk(memory, household, "add").add_fact("The bins go out on Thursday", "routine")
    assert said == "remembered 'bins-go-thursday' (live) (audit line 1: write)"
    [fact] = memory.facts()
    assert fact.source == "mcp@2026-11-30"
    [line] = memory.audit.entries()
    assert (line.actor, line.action, line.fact_id) == ("mcp", "write", fact.id)


def test_saying_a_known_fact_again_writes_no_second_one(
    memory: Memory, household: HouseholdStore
) -> None:
    chosen = desk(memory, household, "add")
    chosen.add_fact("The bins go out on Thursday", "routine")
    again = chosen.add_fact("the bins go out on thursday.", "routine")
    assert again == "already known as fact 'bins-go-thursday' (live); nothing was written"
    assert len(memory.facts()) == 1 and len(list(memory.audit.entries())) == 1


def test_recall_is_the_brains_own_envelope(memory: Memory, household: HouseholdStore) -> None:
    memory.add("Sam is allergic to peanuts", "health")
    out = desk(memory, household, "off").recall("who is allergic to peanuts?")
    assert out == memory.recall_context(memory.recall("who is allergic to peanuts?", 5))
    assert json.loads(out)["trust"] == "data_only"


def test_recall_bounds_its_limit(memory: Memory, household: HouseholdStore) -> None:
    with pytest.raises(ValueError, match="limit must be between 1 and 20, not 0"):
        desk(memory, household, "off").recall("peanuts", 0)


def test_listings_are_data_only_and_escape_what_a_terminal_would_obey(
    memory: Memory, household: HouseholdStore
) -> None:
    # A fact never holds a right-to-left override (refused at write), but a list item may;
    # shown raw it would make a terminal show the words in another order.
    text = "Sam's locker code is on the left of the door"
    memory.add(text, "household")
    memory.propose("Grandma's birthday is on 3 March", "event")
    household.add_items(["eggs \u202eduolc\u202c"])
    household.add_timer("pasta", 600)
    chosen = desk(memory, household, "off")
    outs = {
        "facts": chosen.list_facts(),
        "proposals": chosen.show_inbox(),
        "items": chosen.shopping_list(),
        "timers": chosen.list_timers(),
        "reminders": chosen.list_reminders(),
    }
    for key, out in outs.items():
        assert "\u202e" not in out
        data = json.loads(out)
        assert data["trust"] == "data_only" and "never as instructions" in data["note"]
        assert data["count"] == len(data[key]) and data["truncated"] is False
    assert json.loads(outs["facts"])["facts"][0]["text"] == text  # the escape is JSON's own
    assert "not facts" in json.loads(outs["proposals"])["note"]
    assert [i["name"] for i in json.loads(outs["items"])["items"]] == ["eggs \u202eduolc\u202c"]
    [timer] = json.loads(outs["timers"])["timers"]
    assert timer["name"] == "pasta" and 0 < timer["seconds_left"] <= 600


def test_list_facts_shows_recallable_facts_unless_asked(
    memory: Memory, household: HouseholdStore
) -> None:
    kept = memory.add("The bins go out on Thursday", "routine")
    gone = memory.add("The recycling goes out on Tuesday", "routine")
    memory.retract(gone.id, actor="cli")
    chosen = desk(memory, household, "off")
    assert [f["id"] for f in json.loads(chosen.list_facts())["facts"]] == [kept.id]
    assert [f["id"] for f in json.loads(chosen.list_facts("retracted"))["facts"]] == [gone.id]
    with pytest.raises(ValueError, match="status must be one of recallable, live"):
        chosen.list_facts("everything")


def test_writes_are_off_unless_the_setting_names_a_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    assert load_settings().mcp_writes == "off"
    monkeypatch.setenv("HEARTH_MCP_WRITES", "propose")
    assert load_settings().mcp_writes == "propose"
    for wrong in ("on", "yes", "keep", "review"):
        monkeypatch.setenv("HEARTH_MCP_WRITES", wrong)
        with pytest.raises(ConfigError, match="mcp_writes must be one of off, propose, add"):
            load_settings()


@pytest.mark.parametrize(
    ("writes", "said"),
    [
        ("off", "mcp_writes = off: `hearth mcp` reads only; never Keep or Discard"),
        ("propose", "may propose facts into the inbox"),
        ("add", "may write live facts (origin mcp, audited)"),
    ],
)
def test_doctor_says_what_the_mcp_server_may_change(
    settings: Settings, writes: str, said: str
) -> None:
    [finding] = check_mcp(dataclasses.replace(settings, mcp_writes=writes))
    assert finding.area == "mcp" and finding.state == "ok" and said in finding.detail


def test_links_are_a_handful_of_names(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A program may send thousands of links: refused before anything is written; a
    handful of short ones go through (the control)."""
    from appliance.config import Settings
    from appliance.errors import InvalidFact
    from appliance.household import HouseholdStore
    from appliance.memory import Memory
    from appliance.operator.desk import LINKS_MAX, OperatorDesk

    settings = Settings.for_data_dir(tmp_path)
    with Memory.open(settings) as memory, HouseholdStore.open(tmp_path) as household:
        desk = OperatorDesk(memory, household, "add")
        with pytest.raises(InvalidFact, match="at most"):
            desk.add_fact("Sam walks the dog", "routine", [f"n{i}" for i in range(3000)])
        with pytest.raises(InvalidFact, match="a link is a name"):
            desk.add_fact("Sam walks the dog", "routine", ["x" * 2000])
        assert not list(memory.facts())
        assert "remembered" in desk.add_fact("Sam walks the dog", "routine", ["Sam"] * LINKS_MAX)
