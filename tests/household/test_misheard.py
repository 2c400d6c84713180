"""The recogniser's known slips on a command's words (household/misheard.py): each heard
form is read as what was said, and nothing that was no command, or another command,
changes."""

from __future__ import annotations

import datetime as dt

import pytest

from appliance.household import misheard
from appliance.household.phrases import AskTimerLength, SetTimer, TakenBack, parse

NOW = dt.datetime(2026, 12, 1, 20, 41)

# (as Whisper wrote it in the spoken splits, as it was said, said while a timer rings)
SLIPS = [
    ("Take the bread off the least.", "take the bread off the list", False),
    ("Add two pints of milk to the lus.", "add two pints of milk to the list", False),
    ("Clear the shop and list.", "clear the shopping list", False),
    ("Smooth it for 10.", "snooze it for 10", True),
    ("Snews the reminder.", "snooze the reminder", True),
    ("Console the timer.", "cancel the timer", False),
    ("Cancel bat.", "cancel that", False),
    ("console mat.", "cancel that", False),
    ("Give rid of the cake timer. It's out.", "get rid of the cake timer, it's out", False),
    ("And 2 minutes to the egg timer.", "add 2 minutes to the egg timer", False),
    ("Add two men's to the timer.", "add two mins to the timer", False),
    ("Sticker timer on for 10 mince.", "stick a timer on for 10 mins", False),
    ("Take a timer on for 10 minutes.", "stick a timer on for 10 minutes", False),
    ("Pasta time 11 minutes.", "pasta timer 11 minutes", False),
    ("Egg time for four minutes.", "egg timer for four minutes", False),
    (
        "Hard time the turkey for an hour and a half.",
        "hearth time the turkey for an hour and a half",
        False,
    ),
    ("ham set a timer.", "hearth set a timer", False),
    ("Add 2 tens of chopped tomatoes.", "add 2 tins of chopped tomatoes", False),
    ("What times it?", "what time's it", False),
]
# How the recogniser writes what a person types otherwise: "a.m.", a full stop for a comma.
WRITTEN = [
    (
        "Remind me Friday 8 a.m. to pay the window cleaner.",
        "remind me friday 8am to pay the window cleaner",
    ),
    ("Remind me at 7 p.m to call Nana.", "remind me at 7pm to call Nana"),
    ("Delete the bread reminder. It's done.", "delete the bread reminder, it's done"),
    ("What's the time? I need to go.", "what's the time, I need to go"),
]


@pytest.mark.parametrize(("heard", "said", "ringing"), SLIPS)
def test_a_known_slip_is_read_as_what_was_said(heard: str, said: str, ringing: bool) -> None:
    meant = parse(said, NOW, ringing=ringing)
    assert meant is not None, said  # the control: the words as said are a command
    assert parse(heard, NOW, ringing=ringing) == meant


@pytest.mark.parametrize(("heard", "said", "ringing"), SLIPS)
def test_without_the_mending_the_slip_is_no_command(
    monkeypatch: pytest.MonkeyPatch, heard: str, said: str, ringing: bool
) -> None:
    """What the test above shows is the mending's work, not the rules' own."""
    monkeypatch.setattr(misheard, "mended", lambda said: said)
    assert parse(heard, NOW, ringing=ringing) is None


@pytest.mark.parametrize(("heard", "typed"), WRITTEN)
def test_a_recogniser_s_punctuation_reads_as_typed(heard: str, typed: str) -> None:
    meant = parse(typed, NOW)
    assert meant is not None, typed
    assert parse(heard, NOW) == meant


def test_a_sentence_that_is_a_command_as_heard_is_never_mended_into_another() -> None:
    # "ham" is a slip for "Hearth" only when what is heard says nothing without it
    assert parse("ham timer for 2 hours", NOW) == SetTimer("ham", 7200.0)
    assert parse("ham set a timer", NOW) == AskTimerLength(None)  # the control


@pytest.mark.parametrize(
    "said",
    [
        "Bath time for ten minutes.",  # a time of day is never a timer's name
        "Dinner time 10 minutes.",
        "Prep time: 15 minutes.",  # nor a recipe's label
        "Roasting time 2 hours.",
        "At ten minutes to six we eat.",  # "at" is "add" only before time given to a timer
        "Add my partner to the lease.",  # a tenancy, not the list
        "Is the dog on the lease?",
        "Set a timer for 5 minutes. Is that too long?",  # nor a length from a first sentence
    ],
)
@pytest.mark.parametrize("ringing", [False, True])
def test_what_only_sounds_like_a_slip_stays_no_command(said: str, ringing: bool) -> None:
    assert parse(said, NOW, ringing=ringing) is None


@pytest.mark.parametrize(
    "said",
    [
        "Clear the list? No, don't do that.",
        "Wipe the list? Are you sure?",
        "Cancel all the timers. Kidding.",
        "Take the milk off the list. Wait, no.",
        "clear the list, no, don't",
    ],
)
def test_a_command_taken_back_after_it_is_not_done(said: str) -> None:
    # read as no command, or as one taken back (test_second_thoughts.py): never done
    assert parse(said, NOW) is None or isinstance(parse(said, NOW), TakenBack)


def test_a_command_with_its_reason_after_it_is_done() -> None:  # the control beside it
    assert parse("Clear the list. We've done the big shop.", NOW) is not None
    assert parse("Cancel the timer, the rice is done.", NOW) is not None


def test_a_sentence_break_keeps_only_a_command_that_may_carry_a_reason() -> None:
    assert parse("Wipe the list. We've done the big shop.", NOW) is not None
    assert parse("Set a timer for 5 minutes. Then 10 more.", NOW) is None
