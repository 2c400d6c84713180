"""A timer asked for without the word "timer": a call after a length, or a length a dish
needs with a watch asked beside it; never a length said of a dish alone."""

from __future__ import annotations

import datetime as dt

import pytest

from appliance.household.phrases import parse
from appliance.household.requests import SetTimer

NOW = dt.datetime(2026, 12, 7, 17, 45)


@pytest.mark.parametrize(
    ("said", "timer"),
    [
        ("let me know in 20 minutes", SetTimer(None, 1200.0)),
        ("could you give me a shout in a quarter of an hour", SetTimer(None, 900.0)),
        ("nudge me in 3 mins please", SetTimer(None, 180.0)),
        ("tell me when 5 minutes have passed", SetTimer(None, 300.0)),
        ("can you let me know when it's been ten minutes", SetTimer(None, 600.0)),
        ("the bread needs 35 minutes, can you keep an eye on it", SetTimer("bread", 2100.0)),
        ("the pie's got 10 minutes left, tell me when it's done", SetTimer("pie", 600.0)),
        ("my rice takes 12 minutes. Let me know when it's ready.", SetTimer("rice", 720.0)),
        ("the stew wants another hour, will you watch it", SetTimer("stew", 3600.0)),
        (
            "these scones need 15 minutes, give me a shout when they're done",
            SetTimer("scones", 900.0),
        ),
    ],
)
def test_a_timer_asked_for_without_the_word(said: str, timer: SetTimer) -> None:
    assert parse(said, NOW) == timer


@pytest.mark.parametrize(
    "said",
    [
        "the roast needs 40 minutes",  # a length of a dish, and no watch asked
        "the roast needs 40 minutes in a hot oven",
        "the roast needs 40 minutes, right?",
        "does the roast need 40 minutes?",
        "the roast needs salt, keep an eye on it",  # a watch, and no length
        "let me know in a bit",
        "the kids need 10 minutes to get ready",
        "Mum, can you give me a shout in ten minutes?",  # asked of someone else
    ],
)
def test_no_timer_without_a_length_and_a_watch_asked_of_hearth(said: str) -> None:
    assert not isinstance(parse(said, NOW), SetTimer)


@pytest.mark.parametrize(
    "said",
    [
        # a review's: each set a timer named "lasagne doesn't", "does the lasagne"…
        "the lasagne doesn't need 40 minutes, keep an eye on it",
        "the lasagne won't take 40 minutes, tell me when it's done",
        "the rice never takes 20 minutes, keep an eye on it",
        "Does the lasagne need 40 minutes? Keep an eye on it.",
        "maybe the lasagne needs 40 minutes, keep an eye on it",
        "the lasagne might need 40 minutes, keep an eye on it",
        "I think the lasagne needs 40 minutes, keep an eye on it",
    ],
)
def test_a_length_denied_doubted_or_asked_sets_no_timer(said: str) -> None:
    assert not isinstance(parse(said, NOW), SetTimer)


def test_a_word_said_of_the_dish_is_no_part_of_its_name() -> None:
    said = "the lasagne still needs 40 minutes, keep an eye on it"
    assert parse(said, NOW) == SetTimer("lasagne", 2400.0)
