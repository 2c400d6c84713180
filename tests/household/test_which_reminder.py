""" "Which one? 5: …; 10: …": the answer picks the reminder by its number, its place or
words only it holds (a fourteenth outside trial's every answer fell through, and the
reminder could be cancelled only at the command line)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.household import HouseholdStore, parse, perform
from appliance.household.asking import answer_to, from_json

NOW = dt.datetime(2026, 12, 7, 16, 0)  # a Monday afternoon


@pytest.fixture
def twins(data_dir: Path) -> Iterator[HouseholdStore]:
    """Two reminders of the same words, one every day and one every weekday, and the
    question asked of them."""
    with HouseholdStore.open(data_dir, lambda: NOW) as store:
        said(store, "remind me every day at 6pm to tell lily to do her reading")
        said(store, "remind me every weekday at 6pm to tell lily to do her reading")
        asked = said(store, "cancel the reminder to tell lily to do her reading")
        assert asked.startswith("Which one? 1: tell lily to do her reading, every day at 18:00")
        assert asked.endswith("Say its number, for example “1”, and I'll cancel it.")
        yield store


def said(store: HouseholdStore, text: str, thread: str = "t") -> str:
    kept = store.asked(thread)
    question = from_json(kept) if kept is not None else None
    command = (answer_to(question, text, NOW) if question else None) or parse(text, NOW)
    assert command is not None, text
    return perform(store, command, thread)


def _left(store: HouseholdStore) -> list[str | None]:
    return [r.every for r in store.reminders()]


@pytest.mark.parametrize(
    ("answer", "left"),
    [
        ("2", ["day"]),
        ("number 2", ["day"]),
        ("reminder 1", ["weekday"]),
        ("the second one", ["day"]),
        ("the every day one", ["weekday"]),
        ("the weekday one", ["day"]),
        ("cancel reminder 2", ["day"]),
    ],
)
def test_the_answer_picks_one_and_only_it_is_cancelled(
    twins: HouseholdStore, answer: str, left: list[str]
) -> None:
    assert said(twins, answer).startswith("I've cancelled the reminder to tell lily")
    assert _left(twins) == left


@pytest.mark.parametrize("answer", ["tonight's one", "the reading one", "7"])
def test_an_answer_that_picks_none_or_both_cancels_nothing(
    twins: HouseholdStore, answer: str
) -> None:
    """The guard: words both hold, or a number neither was shown as, pick nothing."""
    kept = twins.asked("t")
    assert kept is not None
    question = from_json(kept)
    assert question is not None
    assert answer_to(question, answer, NOW) is None
    assert _left(twins) == ["day", "weekday"]


def test_the_answer_counts_only_in_the_conversation_asked(twins: HouseholdStore) -> None:
    assert twins.asked("another") is None
    assert parse("2", NOW) is None  # a bare number is no command elsewhere
    assert _left(twins) == ["day", "weekday"]


def test_a_move_asked_which_moves_the_one_picked(data_dir: Path) -> None:
    with HouseholdStore.open(data_dir, lambda: NOW) as store:
        said(store, "remind me tomorrow at 7pm to go to parents evening")
        said(store, "remind me on wednesday at 7pm to go to parents evening")
        asked = said(store, "move the parents evening reminder to 8:30")
        assert asked.endswith("and I'll move it.")
        said(store, "the second one")
        assert [(r.id, f"{r.due_at:%a %H:%M}") for r in store.reminders()] == [
            (1, "Tue 19:00"),
            (2, "Wed 20:30"),
        ]


@pytest.mark.parametrize(
    "said_next",
    # a number inside another command, or a sentence, picks nothing (a review's each
    # cancelled reminder 2, and set nothing it asked for)
    ["set a timer for 2 minutes", "add 2 pints of milk to the list", "mum said 1 is enough"],
)
def test_a_number_inside_another_message_is_no_answer(
    twins: HouseholdStore, said_next: str
) -> None:
    kept = twins.asked("t")
    question = from_json(kept) if kept is not None else None
    assert question is not None
    assert answer_to(question, said_next, NOW) is None
    assert _left(twins) == ["day", "weekday"]
