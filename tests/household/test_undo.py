""" "Cancel that": the last change in a conversation taken back, and only that."""

from __future__ import annotations

import datetime as dt

import pytest

from appliance.household import HouseholdStore, parse, perform
from appliance.household.asking import answer_to
from appliance.household.requests import (
    AskTimerLength,
    CancelTimer,
    StopRinging,
    UndoLast,
)
from tests.household.conftest import MovableClock

NOW = dt.datetime(2026, 12, 1, 18, 30)


def said(store: HouseholdStore, text: str, thread: str = "t") -> str:
    command = parse(text, store.now())
    assert command is not None, text
    return perform(store, command, thread)


def test_cancel_that_is_the_last_change() -> None:
    assert parse("Cancel that.", NOW) == UndoLast()
    assert parse("no, undo that", NOW) == UndoLast()
    assert parse("take that back", NOW) == UndoLast()
    # with why, said of something (a trial: the model answered this "I don't have the ability
    # to do that", and the toilet roll stayed on the list) …
    assert parse("Actually, no, scratch that, we've got loads upstairs.", NOW) == UndoLast()
    assert parse("cancel that, the pasta one", NOW) is None  # … never naming something else
    assert parse("cancel the timer", NOW) == CancelTimer(None)  # a thing named is that thing
    assert parse("cancel it", NOW, ringing=True) == StopRinging()  # what rings comes first
    assert parse("Hearth, cancel that.", NOW, ringing=True) == StopRinging()
    assert parse("never mind", NOW) is None  # a topic dropped, not a change taken back


def test_a_timer_set_by_answering_is_the_one_cancelled(store: HouseholdStore) -> None:
    # an outside trial: "Set a timer." "Eight minutes." "Cancel that." got "Okay." from the
    # model, and the timer rang
    perform(store, AskTimerLength(None), "t")
    answer = answer_to(AskTimerLength(None), "Eight minutes.", store.now())
    assert answer is not None
    perform(store, answer, "t")
    assert said(store, "Cancel that.") == "All right, I've cancelled the timer."
    assert store.timers() == []


def test_only_what_the_change_added_is_taken_off_the_list(store: HouseholdStore) -> None:
    store.add_items(["bread"])
    said(store, "add bread, eggs and milk to the list")
    assert said(store, "cancel that") == (
        "All right, I've taken eggs and milk off the shopping list."
    )
    assert [item.name for item in store.items()] == ["bread"]  # there before: left


def test_a_reminder_is_cancelled_by_name(store: HouseholdStore) -> None:
    said(store, "remind me to call the vet at 9")
    assert (
        said(store, "take that back") == "All right, I've cancelled the reminder to call the vet."
    )
    assert store.reminders() == []


def test_with_no_change_to_take_back_nothing_is_guessed(store: HouseholdStore) -> None:
    store.add_timer("pasta", 600)
    reply = said(store, "cancel that")
    assert reply.startswith("Cancel what? Nothing was changed.")
    assert [t.name for t in store.timers()] == ["pasta"]


def test_a_change_is_taken_back_once_in_its_own_conversation_within_two_minutes(
    store: HouseholdStore, clock: MovableClock
) -> None:
    said(store, "set a timer for 5 minutes")
    assert said(store, "cancel that", thread="another").startswith("Cancel what?")
    clock.advance(121)
    assert said(store, "cancel that").startswith("Cancel what?")
    assert len(store.timers()) == 1
    said(store, "set a rice timer for 5 minutes")
    assert said(store, "cancel that") == "All right, I've cancelled the rice timer."
    assert said(store, "cancel that").startswith("Cancel what?")  # once
    assert [t.name for t in store.timers()] == ["timer"]


def test_cancel_that_reminder_takes_back_only_a_reminder(store: HouseholdStore) -> None:
    # a second trial: "Actually, never mind, cancel that reminder." went to the model
    assert parse("Actually, never mind, cancel that reminder.", NOW) == UndoLast("reminder")
    said(store, "set a timer for 5 minutes")
    assert said(store, "cancel that reminder").startswith("Cancel what?")
    assert len(store.timers()) == 1  # a timer is no reminder: left, and still kept …
    assert said(store, "cancel that") == "All right, I've cancelled the timer."  # … so
    said(store, "remind me to call the vet at 9")
    assert said(store, "cancel that reminder") == (
        "All right, I've cancelled the reminder to call the vet."
    )


def test_a_change_to_a_timer_ends_what_cancel_that_reaches(store: HouseholdStore) -> None:
    # a fourteenth trial: "take a minute off the broccoli", "cancel it" cancelled the
    # reminder set a message before; "it" is the broccoli timer, and "undo" of the change
    # guesses nothing (what it was before is not kept)
    said(store, "set a broccoli timer for 6 minutes", thread="other")
    said(store, "remind me at 8pm to call mum")
    said(store, "take a minute off the broccoli")
    reply = said(store, "undo")
    assert reply.startswith("I can't take back a change to the broccoli timer")
    assert "cancel the broccoli timer" in reply
    assert [t.name for t in store.timers()] == ["broccoli"]
    assert said(store, "cancel it") == "All right, I've cancelled the broccoli timer."
    assert [r.errand for r in store.reminders()] == ["to call mum"]  # the older change stands
    assert store.timers() == []
    # the control: said straight after setting one, "cancel it" still cancels it
    said(store, "remind me at 9pm to feed the cat")
    assert said(store, "cancel it") == "All right, I've cancelled the reminder to feed the cat."


def test_delete_it_after_a_removal_puts_nothing_back(store: HouseholdStore) -> None:
    # a review's "ok delete it" after "clear the shopping list" put all three back
    said(store, "add milk, bread and eggs to the list", thread="other")
    said(store, "clear the shopping list")
    said(store, "ok delete it")
    assert store.items() == []
    said(store, "add eggs to the list", thread="other")
    said(store, "take eggs off the list")
    said(store, "bin it")
    assert store.items() == []


def test_why_that_names_a_thing_is_no_take_back_of_everything(store: HouseholdStore) -> None:
    # a review's "i've got milk already, take that off" took milk and eggs off
    said(store, "add milk and eggs to the list")
    assert not isinstance(parse("i've got milk already, take that off", NOW), UndoLast)
    assert not isinstance(parse("i've called mum, cancel that", NOW), UndoLast)
    assert isinstance(parse("we have loads, take them off", NOW), UndoLast)  # the control


def test_a_change_to_a_timer_is_what_make_that_means(store: HouseholdStore) -> None:
    said(store, "set a rice timer for 10 minutes", thread="other")
    said(store, "set a pasta timer for 8 minutes")
    said(store, "add 5 minutes to the rice")
    assert said(store, "actually make that 12 minutes").startswith(
        "I've changed the rice timer to 12 minutes"
    )
    assert {t.name: t.seconds for t in store.timers()} == {"rice": 720.0, "pasta": 480.0}


def test_what_was_taken_off_the_list_goes_back_on_undo(store: HouseholdStore) -> None:
    # a fourteenth trial's "undo" after "clear the shopping list" could not bring 23 back
    said(store, "add milk, eggs and bread to the list", thread="other")
    said(store, "clear the shopping list")
    assert store.items() == []
    assert said(store, "undo") == (
        "All right, I've put bread, eggs and milk back on the shopping list."
    )
    assert sorted(item.name for item in store.items()) == ["bread", "eggs", "milk"]
    assert said(store, "undo").startswith("Cancel what?")  # taken back once


def test_take_that_back_off_never_puts_back_what_came_off(store: HouseholdStore) -> None:
    said(store, "add milk to the list", thread="other")
    said(store, "take the milk off the list")
    assert said(store, "take that back off").startswith("Cancel what?")
    assert store.items() == []  # nothing put back, nothing taken


def test_a_cancelled_timer_is_not_brought_back(store: HouseholdStore) -> None:
    said(store, "set a rice timer for 10 minutes", thread="other")
    said(store, "cancel the rice timer")
    assert said(store, "undo") == (
        "I can't bring back the rice timer, so nothing was changed: set it again if you "
        "still need it."
    )
    assert store.timers() == []


def test_a_swap_on_the_list_is_undone_both_ways(store: HouseholdStore) -> None:
    said(store, "add eggs to the list", thread="other")
    said(store, "change the eggs on the list to bacon")
    assert [item.name for item in store.items()] == ["bacon"]
    said(store, "undo that")
    assert [item.name for item in store.items()] == ["eggs"]


def test_a_take_back_with_why_said_first(store: HouseholdStore) -> None:
    # a held-out split's "Ah no, we've loads, take them off" was read as a statement
    said(store, "add teabags to the list")
    assert said(store, "Ah no, we have loads, take them off") == (
        "All right, I've taken teabags off the shopping list."
    )
    said(store, "add eggs to the list")
    assert said(store, "we have plenty, cancel that") == (
        "All right, I've taken eggs off the shopping list."
    )
    said(store, "set a pasta timer for 10 minutes")
    assert said(store, "oh no cancel that") == "All right, I've cancelled the pasta timer."


def test_a_condition_said_first_takes_nothing_back(store: HouseholdStore) -> None:
    said(store, "add teabags to the list")
    assert not isinstance(parse("if we have loads, take them off", store.now()), UndoLast)
    assert not isinstance(parse("when it rings, cancel that", store.now()), UndoLast)
    assert [item.name for item in store.items()] == ["teabags"]


def test_what_came_off_is_put_back_by_its_name(store: HouseholdStore) -> None:
    # a fifteenth trial's "NOOO put oreos back on" got the model's "No, no."
    from appliance.household.put_right import put_back

    said(store, "add oreos to the list", thread="other")
    said(store, "take oreos off the list the kids have had enough")
    assert store.items() == []
    store.heard("t")
    back = put_back(store, "NOOO put oreos back on", "t")
    assert back is not None and back.items == ("oreos",)
    # only what the message before took off: never "the lid", nor in another conversation
    assert put_back(store, "put the lid back on", "t") is None
    store.heard("u")
    assert put_back(store, "put oreos back on", "u") is None
    assert parse("put the lid back on", store.now()) is None


@pytest.mark.parametrize(
    ("text", "timers"),
    [
        ("put 10 mins on for the plantain", [("plantain", 600.0)]),  # a fifteenth trial's
        ("stick 20 minutes on", [("timer", 1200.0)]),
        ("put 10 on", []),  # no unit: no timer
    ],
)
def test_a_length_put_on_is_a_timer(store: HouseholdStore, text: str, timers: list) -> None:
    command = parse(text, store.now())
    if command is not None:
        perform(store, command, "t")
    assert [(t.name, t.seconds) for t in store.timers()] == timers
