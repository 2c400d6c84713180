"""A nineteenth outside trial's household findings, each beside a control: "what reminders
are ringing" and "what's it called" answered by the model's inventions, a length said alone
answered "Set a timer for 5 minutes." with none set, "Oisín" kept as "ois n", homework ("hw")
read as "how", and porridge oats split in two."""

from __future__ import annotations

import datetime as dt

import pytest

from appliance.household import HouseholdStore, perform
from appliance.household.phrases import parse
from appliance.household.requests import (
    AddItems,
    AskSetTimer,
    CancelTimer,
    ListReminders,
    TimerStatus,
)
from tests.household.test_daily_loop_said import said

NOW = dt.datetime(2026, 12, 7, 14, 45)


@pytest.mark.parametrize(
    "text", ["what reminders are ringing", "which reminders are ringing", "is a reminder ringing"]
)
def test_what_rings_is_read_from_the_records(text: str) -> None:
    assert parse(text, NOW) == TimerStatus(None)


def test_a_named_timer_asked_if_it_rings_is_that_one() -> None:  # the control
    assert parse("is the rice timer ringing", NOW) == TimerStatus("rice")


def test_reminders_asked_with_tell_me_are_listed() -> None:
    command = parse("Can you tell me what reminders I have today?", NOW)
    assert isinstance(command, ListReminders) and command.day == "today"


def test_a_length_said_alone_is_asked_about_never_set(store: HouseholdStore) -> None:
    assert parse("5 minutes", NOW) == AskSetTimer(300.0)
    assert said(store, "5 minutes").startswith("Shall I set a timer for 5 minutes?")
    assert store.timers() == []  # nothing set unasked
    said(store, "yes")
    assert [t.seconds for t in store.timers()] == [300.0]


def test_a_length_said_alone_and_no_sets_nothing(store: HouseholdStore) -> None:
    said(store, "5 minutes", "no")
    assert store.timers() == []


def test_a_length_answering_for_how_long_sets_the_timer(store: HouseholdStore) -> None:
    """The control: after "For how long?" the length is the answer, as before."""
    said(store, "set a timer", "5 minutes")
    assert [t.seconds for t in store.timers()] == [300.0]


def test_the_timer_just_set_asked_its_name_is_read(store: HouseholdStore) -> None:
    said(store, "set a rice timer for 5 minutes")
    assert said(store, "what's it called").startswith("The rice timer has 5 minutes left")


def test_a_name_with_its_accent_is_kept_in_a_reminder() -> None:
    command = parse("remind me at 8 tomorrow to pick up Oisín from football", NOW)
    assert command is not None and command.what == "pick up Oisín from football"


def test_homework_is_no_how() -> None:
    command = parse("rmnd me 2 do my hw at 6", NOW)
    assert command is not None and command.what == "do my hw"
    assert parse("hw long left on the cake", NOW) == TimerStatus("cake")  # the control


def test_porridge_oats_are_one_thing() -> None:
    assert parse("add porridge oats to the list", NOW) == AddItems(("porridge oats",))
    # the control: two things said as two
    assert parse("add porridge and oats to the list", NOW) == AddItems(("porridge", "oats"))


def test_done_reply_for_a_length_alone_says_nothing_was_set(store: HouseholdStore) -> None:
    assert perform(store, AskSetTimer(420.0), "t").startswith("Shall I set a timer for 7")
    assert store.timers() == []


def test_stop_the_timer_heard_as_top_is_mended() -> None:
    """Heard three times as "Top the yorkshires timer.", carded as a fact, the timer ringing."""
    assert parse("Top the yorkshires timer.", NOW, ringing=True) == CancelTimer("yorkshires")
    assert parse("top the table with cheese", NOW) is None  # the control: no timer named


def test_take_it_off_again_takes_off_what_was_just_added(store: HouseholdStore) -> None:
    said(store, "add milk to the list")
    said(store, "add horseradish to the list", "actually, take it off again")
    assert [item.name for item in store.items()] == ["milk"]


def test_take_it_off_with_nothing_just_added_is_no_command(store: HouseholdStore) -> None:
    """The control: with no add just made, "it" names nothing on the list."""
    from appliance.brain.household import _answer

    store.add_items(["milk"])
    store.heard("t")
    assert _answer(store, "take it off again", "t", more=True, put_right=True) is None
    assert [item.name for item in store.items()] == ["milk"]
