"""What is said to a ring with something after it: a question is no reason to stop, and a
command said next is done beside the stop (an eighteenth trial's "Thank you. And where is
his medicine kept?" stopped the reminder and lost the question)."""

from __future__ import annotations

import pytest

from appliance.household import HouseholdStore, perform
from appliance.household.named import household_command
from appliance.household.requests import Both, SnoozeRinging, StopRinging
from tests.household.conftest import MovableClock


def _ringing_reminder(store: HouseholdStore, clock: MovableClock) -> None:
    store.add_reminder("give Ifan his medicine", clock.now)
    clock.advance(5)
    [due] = store.due(clock.now)[1]
    assert store.claim_ring(due, clock.now, late=False)
    assert store.ringing()


@pytest.mark.parametrize(
    "said",
    [
        "Thank you. And where is his medicine kept?",
        "thanks, where is the epipen",
        "ok thank you, and what time is tea",
        "cancel the reminder, is it bin day tomorrow?",
    ],
)
def test_a_question_after_thanks_is_no_stop(
    store: HouseholdStore, clock: MovableClock, said: str
) -> None:
    _ringing_reminder(store, clock)
    assert household_command(store, said, clock.now) is None  # the question goes on, whole
    assert store.ringing()  # and nothing was stopped for it


@pytest.mark.parametrize("said", ["thank you", "ok thanks, stop", "stop, I heard you"])
def test_thanks_alone_stops_the_ring(store: HouseholdStore, clock: MovableClock, said: str) -> None:
    """The control: an acknowledgement with nothing asked after it stops what rings."""
    _ringing_reminder(store, clock)
    command = household_command(store, said, clock.now)
    assert command == StopRinging()
    perform(store, command, "t")
    assert not store.ringing()


def test_a_command_after_thanks_is_done_and_the_ring_stopped(
    store: HouseholdStore, clock: MovableClock
) -> None:
    _ringing_reminder(store, clock)
    command = household_command(store, "thanks. set a timer for 5 minutes", clock.now)
    assert isinstance(command, Both) and command.first == StopRinging()
    perform(store, command, "t")
    assert not store.ringing()
    assert [t.seconds for t in store.timers()] == [300.0]


def test_a_reason_after_a_stop_is_still_a_reason(
    store: HouseholdStore, clock: MovableClock
) -> None:
    """The control beside the question: "clear the list, we did the big shop" clears it."""
    store.add_items(["milk"])
    command = household_command(store, "clear the list, we did the big shop", clock.now)
    assert command is not None
    perform(store, command, "t")
    assert store.items() == []


def _ringing_timer(store: HouseholdStore, clock: MovableClock, rang_ago: float) -> None:
    store.add_timer("naan", 60)
    clock.advance(60)
    [due] = store.due(clock.now)[0]
    assert store.claim_ring(due, clock.now, late=False)
    clock.advance(rang_ago)


def test_a_ring_gone_quiet_is_not_snoozed_by_a_new_ask(
    store: HouseholdStore, clock: MovableClock
) -> None:
    """An eighteenth trial's "give me a shout in half an hour", 40 minutes after a naan timer
    rang, snoozed the naan timer."""
    _ringing_timer(store, clock, rang_ago=40 * 60)
    command = household_command(store, "give me a shout in half an hour", clock.now)
    assert not isinstance(command, SnoozeRinging)
    assert household_command(store, "stop", clock.now) == StopRinging()  # still stopped


def test_a_ring_still_heard_is_snoozed(store: HouseholdStore, clock: MovableClock) -> None:
    """The control: said while it sounds, the same words ring it again later."""
    _ringing_timer(store, clock, rang_ago=60)
    command = household_command(store, "give me a shout in half an hour", clock.now)
    assert command == SnoozeRinging(1800.0)
