"""`hearth mcp` as an MCP client meets it: the real process over stdio, the SDK's own client.

One server per `mcp_writes` value for the whole module (each on its own data dir,
started on first use), so tests share them and compare the data dir before and
after rather than expecting it empty. Each guard has a test that fails without it
and a positive control beside it; after every refusal the test asserts what is
absent.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import socket
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from appliance.config import Settings
from appliance.household import HouseholdStore
from appliance.memory import Memory
from tests.operator.stdio import Operator, running_operator
from tests.said import says

READING = {"recall", "list_facts", "show_inbox", "list_timers", "list_reminders", "shopping_list"}
WRITING = {"off": set(), "propose": {"propose_fact"}, "add": {"propose_fact", "add_fact"}}
REVIEW_WORDS = ("keep", "discard", "promote", "retract", "doubt", "supersede", "delete", "remove")


@pytest.fixture(scope="module")
def operator(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], Operator]]:
    """The module's server for a `mcp_writes` value, started on first use."""
    with ExitStack() as stack:
        started: dict[str, Operator] = {}

        def get(writes: str) -> Operator:
            if writes not in started:
                where = tmp_path_factory.mktemp(f"mcp-{writes}") / "data"
                started[writes] = stack.enter_context(running_operator(where, writes))
            return started[writes]

        yield get


def _memory(op: Operator) -> Memory:
    """The same data dir opened in the test's own process, as the panel or CLI would."""
    return Memory.open(Settings.for_data_dir(op.data_dir))


def _state(op: Operator) -> dict[str, str]:
    """Every household file's sha256 (the derived index and the lock aside)."""
    return {
        str(p.relative_to(op.data_dir)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(op.data_dir.rglob("*"))
        if p.is_file() and not p.name.startswith(("index.sqlite", "household.sqlite", ".lock"))
    }


def _all_text(op: Operator) -> str:
    return "\n".join(
        p.read_text(errors="replace")
        for p in op.data_dir.rglob("*")
        if p.is_file() and p.suffix in (".md", ".jsonl", ".head", ".witness")
    )


# -- what each mode offers ---------------------------------------------------------------


@pytest.mark.parametrize("writes", ["off", "propose", "add"])
def test_each_mode_lists_reading_its_writes_and_never_review(
    operator: Callable[[str], Operator], writes: str
) -> None:
    tools = {tool.name: tool for tool in operator(writes).tools()}
    assert set(tools) == READING | WRITING[writes]
    assert not [name for name in tools if any(word in name for word in REVIEW_WORDS)]
    for name, tool in tools.items():
        hints = tool.annotations
        assert hints is not None
        assert hints.open_world_hint is False  # nothing leaves the house
        assert hints.destructive_hint is False
        assert hints.idempotent_hint is True
        assert hints.read_only_hint is (name in READING)
    wire = tools["recall"].model_dump(by_alias=True)["annotations"]
    assert wire["readOnlyHint"] is True and wire["openWorldHint"] is False


@pytest.mark.parametrize("review", ["keep", "discard", "promote", "retract"])
def test_review_cannot_be_called_in_the_mode_that_writes_most(
    operator: Callable[[str], Operator], review: str
) -> None:
    op = operator("add")
    memory = _memory(op)
    with memory:
        proposal = memory.propose(f"Ana teaches Sam piano on {review} days", "person")
    before = _state(op)
    assert "Unknown tool" in op.error(review, {"proposal_id": proposal.id, "id": proposal.id})
    assert _state(op) == before
    assert f"{proposal.id}.md" in op.files("inbox")  # still waiting for a person


# -- read-only by default ----------------------------------------------------------------


def test_a_read_only_server_refuses_every_write_and_writes_nothing(
    operator: Callable[[str], Operator],
) -> None:
    op = operator("off")
    before = _state(op)
    assert "Unknown tool: add_fact" in op.error(
        "add_fact", {"text": "The bins go out on Thursday", "type": "routine"}
    )
    assert "Unknown tool: propose_fact" in op.error(
        "propose_fact", {"text": "The bins go out on Thursday", "type": "routine"}
    )
    assert _state(op) == before
    assert op.files("memory") == [] and op.files("inbox") == []
    # Positive control: the same call where the setting allows it writes the fact.
    writer = operator("add")
    assert "remembered" in writer.text(
        "add_fact", {"text": "The bins go out on Thursday", "type": "routine"}
    )
    assert "bins-go-thursday.md" in writer.files("memory")


def test_propose_mode_proposes_into_the_inbox_and_cannot_add(
    operator: Callable[[str], Operator],
) -> None:
    op = operator("propose")
    facts_before = op.files("memory")
    assert "Unknown tool: add_fact" in op.error(
        "add_fact", {"text": "Grandma's birthday is on 3 March", "type": "event"}
    )
    said = op.text("propose_fact", {"text": "Grandma's birthday is on 3 March", "type": "event"})
    assert said.startswith("proposed 'grandmas-birthday-3-march': it waits in the inbox")
    assert "grandmas-birthday-3-march.md" in op.files("inbox")
    assert op.files("memory") == facts_before  # nothing became live
    inbox = json.loads(op.text("show_inbox"))
    assert inbox["trust"] == "data_only" and "not facts" in inbox["note"]
    [waiting] = [p for p in inbox["proposals"] if p["id"] == "grandmas-birthday-3-march"]
    assert waiting["source"].startswith("mcp@")
    assert json.loads(op.text("recall", {"question": "when is grandma's birthday?"}))["facts"] == []
    with _memory(op) as memory:
        [line] = [e for e in memory.audit.entries("grandmas-birthday-3-march")]
        assert (line.actor, line.action) == ("mcp", "propose")


# -- writes go through the store's one write path ------------------------------------------


def test_add_writes_a_live_fact_from_mcp_with_its_audit_line(
    operator: Callable[[str], Operator],
) -> None:
    op = operator("add")
    said = op.text(
        "add_fact", {"text": "Sam is allergic to peanuts", "type": "health", "links": ["Sam"]}
    )
    assert said.startswith("remembered 'sam-allergic-peanuts' (live) (audit line ")
    with _memory(op) as memory:
        fact = memory.get("sam-allergic-peanuts")
        assert fact.source.startswith("mcp@") and fact.links == ("Sam",)
        [line] = [e for e in memory.audit.entries(fact.id)]
        assert (line.actor, line.action) == ("mcp", "write")
        assert said.endswith(f"(audit line {line.seq}: write)")
        assert memory.verify_audit().ok
    recalled = op.text("recall", {"question": "who is allergic to peanuts?"})
    with _memory(op) as memory:
        assert recalled == memory.recall_context(memory.recall("who is allergic to peanuts?", 5))


@pytest.mark.parametrize("tool", ["add_fact", "propose_fact"])
def test_the_guard_refuses_a_secret_writes_nothing_and_audits_the_refusal(
    operator: Callable[[str], Operator], tool: str
) -> None:
    op = operator("add")
    before = _state(op)
    secret = "The alarm code is 4821"
    error = op.error(tool, {"text": secret, "type": "household"})
    assert "refused" in error and not says(error, "4821")
    after = _state(op)
    assert {k for k in after if k.startswith(("memory/", "inbox/"))} == {
        k for k in before if k.startswith(("memory/", "inbox/"))
    }
    assert not says(_all_text(op), "4821")  # not in a fact, the inbox or the audit log
    with _memory(op) as memory:
        line = list(memory.audit.entries())[-1]
        assert (line.actor, line.action) == ("mcp", "refuse")
        assert line.sha256 is not None and line.sha256.startswith("hmac:")
        assert memory.verify_audit().ok


def test_words_a_person_refused_are_refused_by_add_and_propose(
    operator: Callable[[str], Operator],
) -> None:
    op = operator("add")
    with _memory(op) as memory:
        memory.discard(memory.propose("Mum is pregnant with twins", "health").id, actor="panel")
        memory.retract(memory.add("Leo is allergic to kiwi", "health").id, actor="cli")
    before = _state(op)
    for text, how in (
        ("Mum is pregnant with twins.", "discarded"),
        ("leo is allergic to KIWI", "retracted"),
    ):
        error = op.error("add_fact", {"text": text, "type": "health"})
        assert f"you {how} this on" in error and "nothing was written" in error
        error = op.error("propose_fact", {"text": text, "type": "health"})
        # a retracted fact's file stays in memory/ (status retracted), which says so first
        refusal = f"you {how} this on" if how == "discarded" else "(retracted)"
        assert refusal in error and "not proposed" in error and "nothing was written" in error
    assert _state(op) == before  # not live, not held in the inbox, nothing audited
    # Positive control: words nobody refused go through the same calls.
    assert "remembered" in op.text(
        "add_fact", {"text": "Leo is allergic to cats", "type": "health"}
    )


def test_a_write_whose_audit_line_cannot_be_written_is_refused_and_leaves_nothing(
    operator: Callable[[str], Operator],
) -> None:
    """Even root cannot append to a directory: the audit line cannot be written."""
    op = operator("add")
    op.text("list_facts")  # the server is up and has opened the store
    log = op.data_dir / "audit.jsonl"
    kept = op.data_dir / "audit.jsonl.kept"
    before = _state(op)
    shutil.move(log, kept)
    log.mkdir()
    try:
        for tool in ("add_fact", "propose_fact"):
            error = op.error(tool, {"text": "The plumber comes on Monday", "type": "event"})
            assert "could not write the audit log" in error and "nothing was changed" in error
        assert not [n for n in op.files("memory") + op.files("inbox") if "plumber" in n]
    finally:
        log.rmdir()
        shutil.move(kept, log)
    assert _state(op) == before
    # Positive control: with the log writable again, the same write goes through.
    assert "remembered" in op.text(
        "add_fact", {"text": "The plumber comes on Monday", "type": "event"}
    )
    with _memory(op) as memory:
        assert memory.verify_audit().ok


# -- bad input ---------------------------------------------------------------------------


def test_bad_input_gets_a_clear_error_and_loses_nothing(
    operator: Callable[[str], Operator],
) -> None:
    op = operator("add")
    op.text("add_fact", {"text": "The stopcock is under the sink", "type": "household"})
    before = _state(op)
    assert "Unknown tool: forget_everything" in op.error("forget_everything", {})
    wrong = op.error("recall", {"question": 5, "limit": "five"})
    assert "question" in wrong and "limit" in wrong and "valid" in wrong
    assert "text" in op.error("add_fact", {"type": "household"})  # a required argument
    assert "links" in op.error(
        "add_fact", {"text": "Sam walks the dog", "type": "note", "links": 3}
    )
    huge = "The spare key is under the blue pot. " * 3000
    error = op.error("add_fact", {"text": huge, "type": "household"})
    assert f"not {len(huge.strip())} characters" in error
    assert "unknown fact type 'dog'; allowed types: person" in op.error(
        "add_fact", {"text": "Sam walks the dog", "type": "dog"}
    )
    assert "control characters" in op.error(
        "add_fact", {"text": "Sam\x1b[2J walks", "type": "note"}
    )
    assert "limit must be between 1 and 20" in op.error("recall", {"question": "x", "limit": 500})
    assert _state(op) == before  # nothing written, nothing lost
    recalled = json.loads(op.text("recall", {"question": "where is the stopcock?"}))
    assert [f["id"] for f in recalled["facts"]] == ["stopcock-sink"]  # still serving


# -- reading -----------------------------------------------------------------------------


def test_every_reading_is_data_only_json_of_the_real_records(
    operator: Callable[[str], Operator],
) -> None:
    op = operator("off")
    with _memory(op) as memory:
        memory.add("The dentist is on Mill Road", "place")
        memory.propose("Ana teaches Sam piano", "person")
    with HouseholdStore.open(op.data_dir) as household:
        household.add_items(["eggs", "flour"])
        household.add_timer("pasta", 600)
    facts = json.loads(op.text("list_facts"))
    assert [f["text"] for f in facts["facts"]] == ["The dentist is on Mill Road"]
    inbox = json.loads(op.text("show_inbox"))
    assert [p["text"] for p in inbox["proposals"]] == ["Ana teaches Sam piano"]
    items = json.loads(op.text("shopping_list"))
    assert sorted(i["name"] for i in items["items"]) == ["eggs", "flour"]
    [timer] = json.loads(op.text("list_timers"))["timers"]
    assert timer["name"] == "pasta" and 0 < timer["seconds_left"] <= 600
    assert json.loads(op.text("list_reminders"))["reminders"] == []
    for reading in (facts, inbox, items):
        assert reading["trust"] == "data_only"
    recalled = json.loads(op.text("recall", {"question": "where is the dentist?"}))
    assert recalled["trust"] == "data_only" and recalled["facts"][0]["id"] == "dentist-mill-road"
    assert (
        json.loads(op.text("recall", {"question": "what is Sam's piano teacher called?"}))["facts"]
        == []
    )  # the inbox is never recalled


# -- nothing leaves the house -------------------------------------------------------------


def _server_pids() -> list[int]:
    """This test process's `hearth mcp` children (stdio_client starts them directly)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if ppid == os.getpid() and cmdline[1:4] == [b"-m", b"appliance.cli", b"mcp"]:
            pids.append(int(entry.name))
    return pids


def _inet_inodes() -> set[str]:
    """Every TCP and UDP socket's inode on the machine, IPv4 and IPv6."""
    inodes = set()
    for table in ("tcp", "tcp6", "udp", "udp6"):
        path = Path("/proc/net") / table
        if path.exists():
            for line in path.read_text().splitlines()[1:]:
                inodes.add(line.split()[9])
    return inodes


def test_a_serving_process_holds_no_network_socket(operator: Callable[[str], Operator]) -> None:
    op = operator("add")
    op.text("recall", {"question": "who is allergic to peanuts?"})
    op.text("add_fact", {"text": "The gas meter is in the cupboard", "type": "household"})
    pids = _server_pids()
    assert pids, "the server process was not found"
    held = set()
    for pid in pids:
        for fd in (Path("/proc") / str(pid) / "fd").iterdir():
            with contextlib.suppress(OSError):
                link = os.readlink(fd)
                if link.startswith("socket:["):
                    held.add(link.removeprefix("socket:[").rstrip("]"))
    # The event loop's own socketpair is a Unix socket; an inet socket would be in these.
    assert not held & _inet_inodes()
    # Positive control: a socket this test opens is seen in the same tables.
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        probe.listen()
        assert str(os.fstat(probe.fileno()).st_ino) in _inet_inodes()
