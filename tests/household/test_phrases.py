"""The committed phrase table: commands parsed right, everyday sentences never a command."""

from __future__ import annotations

import datetime as dt

import pytest

from appliance.household import phrases
from appliance.household.phrases import AskTimerLength, SetTimer, as_row, parse
from tests.household.conftest import phrase_table

TABLE = phrase_table()
NOW = dt.datetime.fromisoformat(TABLE["now"])


def _commands(split: str) -> list:
    return [pytest.param(c, id=c["text"]) for c in TABLE[split]["commands"]]


def _sentences(split: str) -> list:
    return TABLE[split]["not_commands"]


def test_the_table_is_as_large_as_promised() -> None:
    commands = len(TABLE["tune"]["commands"]) + len(TABLE["held_out"]["commands"])
    ordinary = len(TABLE["tune"]["not_commands"]) + len(TABLE["held_out"]["not_commands"])
    assert commands >= 60 and ordinary >= 30


@pytest.mark.parametrize("case", _commands("tune") + _commands("held_out"))
def test_command_phrasings_parse_right(case: dict) -> None:
    expected = {k: v for k, v in case.items() if k != "text"}
    assert as_row(parse(case["text"], NOW)) == expected


@pytest.mark.parametrize("said", _sentences("tune") + _sentences("held_out"))
def test_everyday_sentences_are_not_commands(said: str) -> None:
    assert parse(said, NOW) is None


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("set a timer for twelve", None),
        ("set a timer for a few minutes", None),
        ("set a pasta timer", "pasta"),
        ("timer", None),
    ],
)
def test_a_timer_without_a_length_is_a_question_never_a_guess(said: str, name: str | None) -> None:
    assert parse(said, NOW) == AskTimerLength(name)  # "twelve" is a length misheard, not a name


def test_a_timer_with_its_length_is_set() -> None:  # the positive control beside the above
    assert parse("set a timer for twelve minutes", NOW) == SetTimer(None, 720.0)


def test_out_of_something_no_shop_sells_is_not_shopping() -> None:
    assert parse("we're out of patience", NOW) is None
    assert parse("we ran out of the house in a hurry", NOW) is None
    assert parse("we're out of paprika", NOW) == phrases.AddItems(("paprika",))


def test_remind_me_needs_an_errand_said_with_to() -> None:
    assert parse("remind me what Sam is allergic to", NOW) is None
    assert parse("remind me who is coming at 6", NOW) is None
    assert isinstance(parse("remind me to ring Sam at 6", NOW), phrases.Remind)


def test_a_clock_time_that_passed_today_means_tomorrow() -> None:
    command = parse("remind me to lock up at 9am", NOW)  # said at 14:05
    assert isinstance(command, phrases.Remind)
    assert command.at == dt.datetime(2026, 12, 2, 9, 0)
