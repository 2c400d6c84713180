"""The model never says a person's own words back: to a garbled command, that sounds done."""

from __future__ import annotations

import pytest

from appliance.brain.bounds import NOT_UNDERSTOOD, ReplyBounds, bounded
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        # what two outside trials heard, to commands the recogniser garbled
        ("Clear mothoel shopping list.", "Clear mothoel shopping list."),
        (
            "Artegs, bread and a part of frozen teas to the shopping list.",
            "Artegs, bread and a part of frozen teas to the shopping list.",
        ),
        (
            "Cancel the plumber one, he will ready run back.",
            "Cancel the plumber one, he will run back.",
        ),
    ],
)
def test_a_command_said_back_is_not_said(asked: str, reply: str) -> None:
    assert "".join(bounded([reply], ReplyBounds("", asked))) == NOT_UNDERSTOOD


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("Is a tomato a fruit?", "A tomato is a fruit."),  # an answer may restate a question
        ("Tell me about bread.", "Bread is made from flour, water and yeast."),
        ("I love baking bread with my kids.", "Baking bread with kids is a lovely thing to do."),
    ],
)
def test_an_answer_in_its_own_words_is_said(asked: str, reply: str) -> None:
    assert "".join(bounded([reply], ReplyBounds("", asked))) == reply


def test_the_brain_checks_the_reply_against_what_was_said(settings, memory: Memory) -> None:
    said = "Clear mothoel shopping list."
    reply, _ = scripted_reply(settings, memory, [said], said)
    assert reply.text == NOT_UNDERSTOOD


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("wait no, 25", "25."),  # a second outside trial: each sounded done; nothing was
        ("change yorkshires 2 to 30 minutes", "2."),
        ("remind me about the candles at 9 instead", "9."),
        ("how long should the cake cool before I ice it", "1."),
    ],
)
def test_a_bare_number_is_not_said(asked: str, reply: str) -> None:
    assert "".join(bounded([reply], ReplyBounds("", asked))) == NOT_UNDERSTOOD


def test_a_number_inside_an_answer_is_said() -> None:
    reply = "There are 12 eggs in a dozen."  # the control
    assert "".join(bounded([reply], ReplyBounds("", "how many in a dozen?"))) == reply


@pytest.mark.parametrize(
    "reply",
    [
        "1. Use cold butter. 2. Rest the dough.",  # the README's pancake tip opens so
        "Here are some tips:\n1. Use cold butter.",  # a list cut off at "1." this session
    ],
)
def test_a_number_opening_a_list_is_said(reply: str) -> None:
    pieces = [reply[i : i + 3] for i in range(0, len(reply), 3)]  # streamed, as a model does
    assert "".join(bounded(pieces, ReplyBounds("", "give me tips for pastry"))).split() == (
        reply.split()
    )
