"""The board's household side: timers and the shopping list at home, ringing, any button stops."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import numpy
import pytest

from appliance.household import HouseholdStore, Scheduler
from appliance.lan import ChatAddress
from appliance.memory import Memory
from appliance.panel.board import Board, BoardLinks
from appliance.panel.buttons import Action
from appliance.panel.panels import MODELS
from appliance.panel.render import HomeScreen, RingingScreen, render
from appliance.sound import Silence


class Clock:
    def __init__(self) -> None:
        self.now = dt.datetime(2026, 12, 1, 18, 30)

    def __call__(self) -> dt.datetime:
        return self.now


@pytest.fixture
def household(data_dir: Path) -> Iterator[tuple[HouseholdStore, Clock]]:
    clock = Clock()
    with HouseholdStore.open(data_dir, clock) as store:
        yield store, clock


HERE = BoardLinks(address=ChatAddress("0.0.0.0", 4327, addresses=lambda: ["192.0.2.7"]))


def ring(store: HouseholdStore, clock: Clock, name: str, seconds: float) -> None:
    store.add_timer(name, seconds)
    clock.now += dt.timedelta(seconds=seconds)
    Scheduler(store, Silence("test"), clock).check()


def test_home_shows_each_timer_with_the_time_it_rings_and_the_list(
    memory: Memory, household
) -> None:
    store, _ = household
    store.add_timer("pasta", 12 * 60)
    store.add_items(["eggs", "milk"])
    home, _ = Board(memory, links=HERE, household=store).screen()
    assert isinstance(home, HomeScreen)
    assert (home.timers, home.shopping) == (("Pasta — 18:42",), ("eggs", "milk"))


def test_the_household_lines_change_what_is_drawn(memory: Memory, household) -> None:
    store, _ = household
    model = MODELS["spectra-7.3"]
    before = numpy.array(render(Board(memory, links=HERE, household=store).screen()[0], model))
    store.add_items(["eggs"])
    after = numpy.array(render(Board(memory, links=HERE, household=store).screen()[0], model))
    assert (before != after).any()


def test_a_ringing_timer_takes_the_screen(memory: Memory, household) -> None:
    store, clock = household
    ring(store, clock, "pasta", 60)
    screen, tag = Board(memory, links=HERE, household=store).screen()
    assert isinstance(screen, RingingScreen) and screen.ringing == ("Pasta timer",)
    assert tag.startswith("ringing:")
    render(screen, MODELS["impression-5.7"])  # draws on the smallest supported layout too


@pytest.mark.parametrize("action", [Action.DISCARD, Action.NEXT, Action.TALK, Action.DOUBT])
def test_any_button_stops_a_ringing_timer(memory: Memory, household, action: Action) -> None:
    store, clock = household
    ring(store, clock, "pasta", 60)
    outcome = Board(memory, links=HERE, household=store).handle(action, None)
    assert outcome.accepted and outcome.message == "stopped pasta"
    assert store.ringing() == [] and store.timers(("done",))[0].name == "pasta"


def test_keep_on_a_ringing_timer_rings_it_again_in_five_minutes(memory: Memory, household) -> None:
    store, clock = household
    ring(store, clock, "bread", 60)
    Board(memory, links=HERE, household=store).handle(Action.KEEP, None)
    [bread] = store.timers()
    assert (bread.state, bread.rings_at) == ("pending", clock.now + dt.timedelta(minutes=5))


def test_a_press_that_stops_a_ring_never_touches_the_inbox(memory: Memory, household) -> None:
    store, clock = household
    proposal = memory.propose("Sam is allergic to peanuts", "health", 0.8, origin="notetaker")
    ring(store, clock, "pasta", 60)
    board = Board(memory, links=HERE, household=store)
    shown = f"proposal:{proposal.id}:{proposal.digest}"  # the card as the glass shows it
    board.handle(Action.KEEP, shown)  # Keep pressed to silence the timer
    assert [p.id for p in memory.proposals()] == [proposal.id]
    assert memory.facts() == []
    # the control: with nothing ringing, the same press keeps the proposal
    board.handle(Action.KEEP, shown)
    assert memory.proposals() == []


def test_talk_pressed_to_stop_a_ring_does_not_start_listening(memory: Memory, household) -> None:
    store, clock = household
    ring(store, clock, "pasta", 60)
    talked: list[bool] = []
    board = Board(
        memory,
        links=replace(HERE, talk=lambda pressed: talked.append(pressed) or True),
        household=store,
    )
    board.handle(Action.TALK, None)  # stops the ring, and nothing else
    assert store.ringing() == [] and talked == []
    board.handle(Action.TALK, None)  # the control: with nothing ringing, Talk listens
    assert talked == [True]


def test_releasing_talk_as_a_timer_starts_ringing_ends_listening_not_the_ring(
    memory: Memory, household
) -> None:
    store, clock = household
    talked: list[bool] = []
    board = Board(
        memory,
        links=replace(HERE, talk=lambda pressed: talked.append(pressed) or True),
        household=store,
    )
    board.handle(Action.TALK, None)
    ring(store, clock, "pasta", 60)  # rings while Talk is held
    board.handle(Action.TALK_END, None)
    assert talked == [True, False]  # the voice service hears the release
    assert [t.name for t in store.ringing()] == ["pasta"]  # the ring waits for a real press


def test_home_shows_the_reminders_still_to_come_today(memory: Memory, household) -> None:
    """A reminder due later today is on the board ("TODAY 19:00 the bins"); tomorrow's is
    not, nor one ringing (it has the screen)."""
    store, _ = household
    store.add_reminder("about the bins", dt.datetime(2026, 12, 1, 19, 0), "tuesday")
    store.add_reminder("take my tablets", dt.datetime(2026, 12, 1, 21, 0))
    store.add_reminder("call the dentist", dt.datetime(2026, 12, 2, 9, 0))  # tomorrow
    home, _ = Board(memory, links=HERE, household=store).screen()
    assert isinstance(home, HomeScreen)
    assert home.reminders == ("19:00 the bins", "21:00 take my tablets")
    model = MODELS["spectra-7.3"]
    without = numpy.array(render(replace(home, reminders=()), model))
    assert (numpy.array(render(home, model)) != without).any()  # and it is drawn
