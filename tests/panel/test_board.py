"""board.py: Keep, Discard and Next on the real memory core; the whole loop with mock pins."""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from appliance.config import Settings
from appliance.cookbook import Cookbook, CookingSessions, RecipeWalk
from appliance.household import HouseholdStore
from appliance.lan import ChatAddress
from appliance.memory import AlreadyKnown, Memory
from appliance.memory.store import HeldForReview
from appliance.panel import board as board_module
from appliance.panel.board import (
    GONE,
    RECENT_FACTS,
    TOO_LONG,
    Board,
    BoardLinks,
    BoardParts,
    run_board,
)
from appliance.panel.buttons import DEFAULT_PINOUT, Action, ButtonGroup, GpioButtons, load_pinout
from appliance.panel.display import PngDisplay
from appliance.panel.panels import MODELS
from appliance.panel.render import HomeScreen, ReviewCard, render, shows_whole

HERE = BoardLinks(address=ChatAddress("0.0.0.0", 4327, addresses=lambda: ["192.0.2.7"]))


def shown(board: Board) -> tuple[ReviewCard | HomeScreen, str]:
    """What the panel would show after a finished refresh: the screen and its tag."""
    return board.screen()


def test_the_card_shows_the_oldest_proposal_with_its_context(memory: Memory, inbox):
    card, tag = shown(Board(memory, links=HERE))
    assert isinstance(card, ReviewCard)
    assert tag == f"proposal:{inbox[0]}:{memory.get_proposal(inbox[0]).digest}"
    assert (card.text, card.type, card.position, card.waiting) == (
        "Sam is allergic to peanuts",
        "health",
        1,
        3,
    )
    assert card.conversation == "kitchen chat"
    assert card.proposed_at.isoformat() == "2026-11-30T09:00:00"


def test_keep_promotes_the_card_as_the_panel(memory: Memory, inbox):
    board = Board(memory, links=HERE)
    _, tag = shown(board)
    outcome = board.handle(Action.KEEP, on_glass=tag)
    assert outcome.accepted
    assert memory.get(inbox[0]).status == "live"
    assert inbox[0] not in [p.id for p in memory.proposals()]
    assert [r.fact.id for r in memory.recall("peanuts")] == [inbox[0]]
    assert [e.actor for e in memory.audit.entries(inbox[0]) if e.action == "promote"] == ["panel"]
    card, _ = shown(board)
    assert card.text == "The bins go out on Thursday night"  # the next one comes up


def test_discard_tombstones_the_card_as_the_panel(memory: Memory, inbox):
    board = Board(memory, links=HERE)
    _, tag = shown(board)
    assert board.handle(Action.DISCARD, on_glass=tag).accepted
    assert [e.actor for e in memory.audit.entries(inbox[0]) if e.action == "discard"] == ["panel"]
    with pytest.raises(AlreadyKnown):
        memory.propose("Sam is allergic to peanuts", "health")


def test_keep_while_the_panel_is_still_drawing_does_nothing(memory: Memory, inbox):
    board = Board(memory, links=HERE)
    _, tag = shown(board)
    board.handle(Action.NEXT, on_glass=tag)  # the next card is drawing now
    outcome = board.handle(Action.KEEP, on_glass=None)
    assert not outcome.accepted and "still drawing" in outcome.message
    assert len(memory.proposals()) == 3 and memory.facts() == []
    _, tag = shown(board)  # control: once the second card is on the glass, Keep keeps it
    assert board.handle(Action.KEEP, on_glass=tag).accepted
    assert [f.id for f in memory.facts()] == [inbox[1]]


def test_keep_acts_on_the_card_read_not_on_one_queued_behind_it(memory: Memory, inbox):
    board = Board(memory, links=HERE)
    _, tag = shown(board)
    board.handle(Action.NEXT, on_glass=tag)
    board.handle(Action.KEEP, on_glass=tag)  # glass still shows the first card
    assert [f.id for f in memory.facts()] == [inbox[0]]


def test_a_proposal_settled_elsewhere_is_skipped_without_error(memory: Memory, inbox):
    board = Board(memory, links=HERE)
    _, tag = shown(board)
    memory.promote(inbox[0], actor="cli")  # someone kept it at the CLI meanwhile
    outcome = board.handle(Action.DISCARD, on_glass=tag)
    assert outcome.accepted and "already settled elsewhere" in outcome.message
    assert memory.get(inbox[0]).status == "live"  # not discarded after all
    card, _ = shown(board)
    assert card.text == "The bins go out on Thursday night" and card.notice == GONE
    assert (card.position, card.waiting) == (1, 2)


def test_a_press_on_a_card_whose_proposal_changed_since_it_was_drawn_does_nothing(
    memory: Memory, inbox
):
    board = Board(memory, links=HERE)
    _, tag = shown(board)  # the glass shows "Sam is allergic to peanuts"
    path = memory.inbox_dir / f"{inbox[0]}.md"
    path.write_text(
        path.read_text().replace("---\nSam is allergic to peanuts", "---\nSam is allergic to kiwi")
    )  # behind the card
    outcome = board.handle(Action.KEEP, on_glass=tag)
    assert not outcome.accepted and "changed since it was shown" in outcome.message
    assert memory.facts() == [] and len(memory.proposals()) == 3
    card, tag = shown(board)  # control: the redrawn card, once read, is kept
    assert card.text == "Sam is allergic to kiwi" and "changed" in (card.notice or "")
    assert board.handle(Action.KEEP, on_glass=tag).accepted
    assert [f.text for f in memory.facts()] == ["Sam is allergic to kiwi"]


def test_a_stale_card_never_acts_on_a_later_proposal_given_the_same_words(memory: Memory):
    tea = memory.add("Sam likes tea", "preference")
    biscuits = memory.add("Sam likes biscuits", "preference")
    memory.propose(
        "Asked in chat to forget: Sam likes tea",
        "preference",
        origin="chat",
        kind="retract",
        target=tea.id,
    )
    board = Board(memory, links=HERE)
    _, stale = shown(board)
    memory.promote(stale.split(":")[1], actor="cli")  # settled at the CLI meanwhile
    memory.propose(
        "Asked in chat to forget: Sam likes biscuits",
        "preference",
        origin="chat",
        kind="retract",
        target=biscuits.id,
    )
    outcome = board.handle(Action.KEEP, on_glass=stale)  # the old card is still on the glass
    assert "already settled elsewhere" in outcome.message
    assert memory.get(biscuits.id).status == "live"  # the later proposal was not acted on


def test_a_proposal_too_long_for_the_card_cannot_be_kept_from_the_panel(memory: Memory):
    long_text = " ".join(["Sam likes tea with two sugars and a biscuit"] * 30)
    memory.propose(long_text, "preference")
    board = Board(
        memory, links=HERE, shows_whole=lambda card: shows_whole(card, MODELS["spectra-7.3"])
    )
    card, tag = shown(board)
    assert tag.endswith(":cut") and card.notice == TOO_LONG
    outcome = board.handle(Action.KEEP, on_glass=tag)
    assert not outcome.accepted and "too long" in outcome.message
    assert memory.facts() == []
    assert board.handle(Action.DISCARD, on_glass=tag).accepted  # saying no needs no reading
    assert memory.proposals() == []


def test_a_proposal_the_card_shows_whole_is_kept_from_the_panel(memory: Memory, inbox):
    board = Board(
        memory, links=HERE, shows_whole=lambda card: shows_whole(card, MODELS["spectra-7.3"])
    )
    _, tag = shown(board)
    assert not tag.endswith(":cut")
    assert board.handle(Action.KEEP, on_glass=tag).accepted


def test_the_card_says_when_a_person_said_no_to_these_words_before(memory: Memory):
    memory.discard(memory.propose("Mum is pregnant with twins", "health").id, actor="panel")
    with pytest.raises(HeldForReview):
        memory.add("Mum is pregnant with twins", "health", origin="agent")
    card, _ = shown(Board(memory, links=HERE))
    assert card.said_no == "you discarded this on 2026-11-30 (discarded at review)"


def test_next_cycles_through_the_inbox_and_wraps(memory: Memory, inbox):
    board = Board(memory, links=HERE)
    seen = []
    for _ in range(4):
        card, tag = shown(board)
        seen.append(card.position)
        board.handle(Action.NEXT, on_glass=tag)
    assert seen == [1, 2, 3, 1]


def test_the_home_screen_when_nothing_waits(memory: Memory):
    for text in ("Sam takes his coffee black", "Bins go out on Thursday night"):
        memory.add(text, "routine")
    home, tag = shown(Board(memory, links=HERE))
    assert isinstance(home, HomeScreen)
    assert home.pending == 0 and home.today.isoformat() == "2026-11-30"
    assert {f.text for f in home.recent} == {
        "Sam takes his coffee black",
        "Bins go out on Thursday night",
    }
    assert home.address == HERE.address.board_line() and tag == f"home:{home.recent[0].id}"


def test_the_home_screen_lists_the_newest_facts_newest_first(memory: Memory, clock):
    added = []
    for day in range(3):
        for n in range(4):  # several a day: the file's change time orders a day
            added.append(memory.add(f"Fact {n} of day {day}", "note").id)
        clock.now += dt.timedelta(days=1)
    home, _ = shown(Board(memory, links=HERE))
    assert [f.id for f in home.recent] == added[::-1][:RECENT_FACTS]


def test_a_press_sees_the_inbox_as_it_is_now_not_as_last_drawn(memory: Memory, clock):
    memory.propose("Sam is allergic to peanuts", "health")
    board = Board(memory, links=HERE)
    _, tag = shown(board)  # the only card
    clock.now += dt.timedelta(minutes=1)
    second = memory.propose("The bins go out on Thursday night", "routine").id  # not drawn yet
    assert board.handle(Action.NEXT, on_glass=tag).message == f"next: {second}"
    card, _ = shown(board)
    assert (card.position, card.waiting) == (2, 2)


def test_holding_discard_at_home_doubts_the_marked_fact(memory: Memory):
    first = memory.add("Sam takes his coffee black", "preference")
    second = memory.add("Bins go out on Thursday night", "routine")
    board = Board(memory, links=HERE)
    home, tag = shown(board)
    assert board.handle(Action.NEXT, on_glass=tag).accepted  # move the marker
    home, tag = shown(board)
    marked = home.recent[home.selected].id
    assert not board.handle(Action.DOUBT, on_glass=None).accepted  # still drawing: nothing
    assert board.handle(Action.DOUBT, on_glass=tag).accepted
    assert memory.get(marked).status == "doubted"
    other = ({first.id, second.id} - {marked}).pop()
    assert memory.get(other).status == "live"
    assert [e.actor for e in memory.audit.entries(marked) if e.action == "doubt"] == ["panel"]


def test_keep_on_the_home_screen_does_nothing(memory: Memory):
    memory.add("Sam takes his coffee black", "preference")
    board = Board(memory, links=HERE)
    _, tag = shown(board)
    assert not board.handle(Action.KEEP, on_glass=tag).accepted
    assert [f.status for f in memory.facts()] == ["live"]


# -- the whole loop ------------------------------------------------------------------


def wait_until(condition, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return False


def parts(settings: Settings, memory: Memory, display, buttons) -> BoardParts:
    household = HouseholdStore.open(settings.data_dir)
    book = Cookbook.open(settings.data_dir)
    return BoardParts(
        memory=memory,
        household=household,
        display=display,
        buttons=buttons,
        links=HERE,
        min_refresh_seconds=settings.panel_min_refresh_seconds,
        cookbook=book,
        walk=RecipeWalk(book, CookingSessions(settings.data_dir), household),
    )


def run_without_buttons(
    settings: Settings, memory: Memory, display, stop: threading.Event
) -> threading.Thread:
    loop = threading.Thread(
        target=run_board,
        args=(parts(settings, memory, display, ButtonGroup([])), stop),
        kwargs={"poll_seconds": 0.05},
    )
    loop.start()
    return loop


def test_run_board_with_mock_buttons_keeps_and_discards(
    settings: Settings, memory: Memory, inbox, mock_pins, tmp_path: Path
):
    display = PngDisplay(tmp_path / "board.png", MODELS["impression-5.7"])
    buttons = GpioButtons(
        load_pinout(DEFAULT_PINOUT, "impression"), bounce_seconds=None, pin_factory=mock_pins
    )
    stop = threading.Event()
    loop = threading.Thread(
        target=run_board, args=(parts(settings, memory, display, buttons), stop)
    )
    loop.start()
    try:
        assert wait_until(display.path.exists)
        for pin, count in ((5, 2), (6, 1)):  # Keep the first card, then Discard the second
            mock_pins.pin(pin).drive_low()
            mock_pins.pin(pin).drive_high()
            assert wait_until(lambda c=count: len(memory.proposals()) == c)
            time.sleep(0.3)  # let the next card reach the "glass" (board.png)
    finally:
        stop.set()
        loop.join(10)
    assert not loop.is_alive()
    assert memory.get(inbox[0]).status == "live"
    assert [p.id for p in memory.proposals()] == [inbox[2]]
    actions = [(e.actor, e.action) for e in memory.audit.entries() if e.actor == "panel"]
    assert actions == [("panel", "promote"), ("panel", "discard")]


def test_run_board_without_buttons_keeps_board_png_current(
    settings: Settings, memory: Memory, tmp_path: Path
):
    """What `hearth run` uses: no buttons, the board only follows the inbox."""
    display = PngDisplay(tmp_path / "board.png", MODELS["spectra-7.3"])
    stop = threading.Event()
    loop = run_without_buttons(settings, memory, display, stop)
    try:
        assert wait_until(display.path.exists)
        before = display.path.read_bytes()
        memory.propose("Grandma's birthday is on 3 March", "event")
        assert wait_until(lambda: display.path.read_bytes() != before)
    finally:
        stop.set()
        loop.join(10)


def test_an_unchanged_screen_is_not_drawn_again_each_poll(
    settings: Settings, memory: Memory, tmp_path: Path, monkeypatch
):
    drawn = []

    def counting_render(screen, model):
        drawn.append(screen)
        return render(screen, model)

    monkeypatch.setattr(board_module, "render", counting_render)
    display = PngDisplay(tmp_path / "board.png", MODELS["spectra-7.3"])
    stop = threading.Event()
    loop = run_without_buttons(settings, memory, display, stop)
    try:
        assert wait_until(display.path.exists)
        time.sleep(0.5)  # about ten polls, nothing changed
        assert len(drawn) == 1
        memory.propose("Grandma's birthday is on 3 March", "event")  # control: a change draws
        assert wait_until(lambda: len(drawn) == 2)
    finally:
        stop.set()
        loop.join(10)


def test_a_failed_draw_is_tried_again_though_the_screen_is_unchanged(
    settings: Settings, memory: Memory, tmp_path: Path
):
    class FailsOnce(PngDisplay):
        failed = False

        def show(self, image) -> None:
            if not self.failed:
                self.failed = True
                raise OSError("the card reader hiccuped")
            super().show(image)

    display = FailsOnce(tmp_path / "board.png", MODELS["spectra-7.3"])
    stop = threading.Event()
    loop = run_without_buttons(settings, memory, display, stop)
    try:
        assert wait_until(display.path.exists)
        assert display.failed
    finally:
        stop.set()
        loop.join(10)


def test_hearth_panel_simulate_keeps_then_discards(settings: Settings, memory: Memory, inbox):
    """The issue's laptop check: k keeps the first card, d tombstones the next."""
    env = {**os.environ, "HEARTH_DATA_DIR": str(settings.data_dir)}
    result = subprocess.run(
        [sys.executable, "-m", "appliance.cli", "panel", "--simulate"],
        input="kdq",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "[card 1 of 3] health: Sam is allergic to peanuts" in result.stdout
    assert f"-> kept {inbox[0]}" in result.stdout
    assert f"-> discarded {inbox[1]}" in result.stdout
    with Memory.open(settings) as fresh:
        assert [p.id for p in fresh.proposals()] == [inbox[2]]
        assert [r.fact.id for r in fresh.recall("peanuts")] == [inbox[0]]
    assert (settings.data_dir / "board.png").exists()


def test_hearth_panel_once_writes_the_current_screen(
    settings: Settings, memory: Memory, inbox, tmp_path: Path
):
    out = tmp_path / "card.png"
    env = {**os.environ, "HEARTH_DATA_DIR": str(settings.data_dir)}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "appliance.cli",
            "panel",
            "--once",
            "--model",
            "spectra-13.3",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "[card 1 of 3]" in result.stdout and "1600x1200" in result.stdout
    from PIL import Image

    assert Image.open(out).size == (1600, 1200)


def test_the_board_shows_the_wake_word_and_when_voice_listens_without_a_press(
    memory: Memory, data_dir: Path
):
    from appliance.voice.shown import LISTENING, Exchange, ShownExchange

    exchange = ShownExchange(data_dir)  # the file the voice service writes
    links = BoardLinks(address=HERE.address, said=exchange.line, wake_phrase="hey jarvis")
    asked = Exchange("Set a timer", "For how long?", dt.datetime.now())
    exchange.write(dataclasses.replace(asked, listening=True))
    home, _ = shown(Board(memory, links=links))
    assert home.wake_phrase == "hey jarvis"
    assert home.notice == f"{LISTENING} For how long?"
    render(home, MODELS["spectra-7.3"])  # the real render draws it
    exchange.write(asked)  # the follow-up is over: the exchange as before
    home, _ = shown(Board(memory, links=links))
    assert home.notice == asked.line() and not home.notice.startswith(LISTENING)
    off, _ = shown(Board(memory, links=HERE))
    assert off.wake_phrase is None


def test_a_press_while_the_voice_speaks_only_stops_it(memory: Memory, inbox):
    """Barge-in from the panel: Discard pressed to quiet a long answer refuses nothing."""
    hushes: list[bool] = []
    speaking = dataclasses.replace(HERE, hush=lambda: hushes.append(True) or True)
    board = Board(memory, links=speaking)
    _, tag = shown(board)
    outcome = board.handle(Action.DISCARD, on_glass=tag)
    assert outcome.accepted and outcome.message == "stopped speaking" and hushes == [True]
    assert inbox[0] in [p.id for p in memory.proposals()]  # still waiting for a person
    assert not [e for e in memory.audit.entries(inbox[0]) if e.action == "discard"]
    # The positive control: with nothing being said, the same press discards.
    quiet = Board(memory, links=dataclasses.replace(HERE, hush=lambda: False))
    _, tag = shown(quiet)
    assert quiet.handle(Action.DISCARD, on_glass=tag).message != "stopped speaking"
    assert [e.actor for e in memory.audit.entries(inbox[0]) if e.action == "discard"] == ["panel"]
