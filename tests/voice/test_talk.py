"""The Talk channel: the panel's presses reach the voice service over a Unix datagram socket,
whichever side restarts; the board turns Talk's press and release into them."""

from __future__ import annotations

import socket
import stat
import time
from pathlib import Path

from appliance.composition import talk_sender
from appliance.config import Settings
from appliance.memory import Memory
from appliance.panel.board import Board, BoardLinks
from appliance.panel.buttons import Action
from appliance.voice import talk as talk_module
from appliance.voice.talk import Talk, TalkEvent, TalkListener, TalkSender


def test_a_press_and_its_release_arrive_in_order(runtime_dir: Path) -> None:
    listener = TalkListener(runtime_dir / "talk.sock")
    sender = TalkSender(listener.path)
    try:
        assert sender.send(Talk.PRESS) and sender.send(Talk.RELEASE)
        first, second = listener.receive(1.0), listener.receive(1.0)
        assert (first.kind, second.kind) == (Talk.PRESS, Talk.RELEASE)
        assert first.sequence == second.sequence == 1
        assert listener.receive(0) is None  # nothing else waits, and 0 means "do not wait"
    finally:
        listener.close()


def test_with_no_voice_service_a_press_is_not_delivered_and_nothing_waits(runtime_dir) -> None:
    began = time.monotonic()
    assert TalkSender(runtime_dir / "talk.sock").send(Talk.PRESS) is False
    assert time.monotonic() - began < 5  # refused at once, never a stall at the panel


def test_a_restarted_voice_service_gets_the_next_press(runtime_dir: Path) -> None:
    path = runtime_dir / "talk.sock"
    sender = TalkSender(path)  # the panel's sender lives on across the restart
    first = TalkListener(path)
    assert sender.send(Talk.PRESS) and first.receive(1.0).kind is Talk.PRESS
    first.close()
    assert sender.send(Talk.PRESS) is False  # down meanwhile: the board says so
    again = TalkListener(path)
    try:
        assert sender.send(Talk.PRESS)
        assert again.receive(1.0).kind is Talk.PRESS
    finally:
        again.close()


def test_a_socket_left_by_a_dead_service_is_replaced(runtime_dir: Path) -> None:
    path = runtime_dir / "talk.sock"
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    dead.bind(str(path))
    dead.close()  # the file stays, as after a crash
    listener = TalkListener(path)
    try:
        assert TalkSender(path).send(Talk.PRESS) and listener.receive(1.0) is not None
    finally:
        listener.close()


def test_closing_removes_its_own_socket_but_never_a_successor_s(runtime_dir: Path) -> None:
    path = runtime_dir / "talk.sock"
    old = TalkListener(path)
    new = TalkListener(path)  # a new service bound before the old one finished stopping
    old.close()
    assert path.exists(), "the old service removed the new service's socket"
    try:
        assert TalkSender(path).send(Talk.PRESS) and new.receive(1.0) is not None
    finally:
        new.close()
    assert not path.exists()  # the control: its own socket goes when it stops


def test_a_press_that_waited_too_long_is_dropped_with_its_release(runtime_dir, monkeypatch):
    listener = TalkListener(runtime_dir / "talk.sock")
    try:
        sender = TalkSender(listener.path)
        late = TalkEvent(Talk.PRESS, 7, time.monotonic() - talk_module.STALE_SECONDS - 1)
        raw = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        raw.sendto(late.to_bytes(), str(listener.path))
        raw.sendto(TalkEvent(Talk.RELEASE, 7, time.monotonic()).to_bytes(), str(listener.path))
        raw.sendto(b"not a talk event", str(listener.path))
        raw.close()
        assert sender.send(Talk.PRESS)  # the control: a fresh press still arrives
        event = listener.receive(1.0)
        assert (event.kind, event.sequence) == (Talk.PRESS, 1)
        assert listener.receive(0.2) is None
    finally:
        listener.close()


def test_the_socket_and_its_folder_are_the_user_s_only(tmp_path: Path) -> None:
    folder = Path("/tmp") / f"hv-perm-{tmp_path.name[-8:]}"
    listener = TalkListener(folder / "talk.sock")
    try:
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert stat.S_IMODE(listener.path.stat().st_mode) & 0o077 == 0
    finally:
        listener.close()
        folder.rmdir()


# -- the board's end -----------------------------------------------------------------------


def test_holding_talk_on_the_board_sends_press_then_release(memory: Memory, runtime_dir):
    settings = Settings.for_data_dir(memory.data_dir, runtime_dir=runtime_dir)
    listener = TalkListener(runtime_dir / "talk.sock")
    board = Board(memory, links=BoardLinks(talk=talk_sender(settings)))
    try:
        pressed = board.handle(Action.TALK, on_glass=None)  # acts even while the glass draws
        released = board.handle(Action.TALK_END, on_glass=None)
        assert pressed.accepted and released.accepted
        assert [listener.receive(1.0).kind for _ in range(2)] == [Talk.PRESS, Talk.RELEASE]
    finally:
        listener.close()


def test_talk_without_the_voice_service_is_ignored_and_says_why(memory: Memory, runtime_dir):
    settings = Settings.for_data_dir(memory.data_dir, runtime_dir=runtime_dir)
    board = Board(memory, links=BoardLinks(talk=talk_sender(settings)))
    outcome = board.handle(Action.TALK, on_glass=None)
    assert not outcome.accepted  # the LED's three blinks
    assert "hearth-voice" in outcome.message
