"""A guess or someone's word is never said back as a settled fact."""

from __future__ import annotations

import pytest

from appliance.brain.bounds import ONLY_A_MAYBE, ReplyBounds
from appliance.brain.hearsay import Hearsay
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply


@pytest.mark.parametrize(
    ("asked", "sentence"),
    [
        # a tenth outside trial: the name spelt wrong, the doubt dropped
        ("my sister reckons Femi needs glasses", "Fumi needs glasses."),
        ("my sister reckons Femi needs glasses", "Femi needs new specs."),
        ("I think the boiler service is due in March", "Your boiler service is due in March."),
        ("apparently Gran is coming on Sunday", "So Gran is coming on Sunday then!"),
        ("Gran's coming on Sunday, Dad says", "She\u2019s coming on Sunday."),
        ("the vet said Biscuit might need a filling", "Biscuit needs a filling."),
        # a claim of several clauses: each is a claim of its own
        (
            "I think Kofi's lactose intolerant, he was poorly after the milkshake",
            "Kofi is lactose intolerant.",
        ),
    ],
)
def test_a_doubt_dropped_is_a_claim_said_surer(asked: str, sentence: str) -> None:
    assert Hearsay(asked).restated(sentence)


@pytest.mark.parametrize(
    ("asked", "sentence"),
    [
        ("my sister reckons Femi needs glasses", "Your sister thinks Femi needs glasses."),
        ("my sister reckons Femi needs glasses", "Femi might need glasses, then."),
        ("my sister reckons Femi needs glasses", "Does Femi need glasses?"),
        ("my sister reckons Femi needs glasses", "Eye tests are free for children."),
        ("apparently Gran is coming on Sunday", "If Gran comes on Sunday, make a roast."),
        # a source said first covers the clause after it
        ("Mum says the pool shuts at six", "According to your mum, the pool shuts at six."),
        # said of things in general, not of this house
        (
            "maybe the tumble dryer is overheating",
            "Tumble dryers often overheat when the filter is full.",
        ),
        # said plainly, it may be said back plainly
        ("Femi needs glasses", "Femi needs glasses."),
        # the speaker's own plan is no household fact
        ("I think I'll make a lasagne for tea tonight", "Lasagne makes a lovely tea."),
        # a month, not a doubt
        ("the boiler service is due in May", "The boiler service is due in May."),
    ],
)
def test_a_doubt_kept_or_another_thing_said_passes(asked: str, sentence: str) -> None:
    assert not Hearsay(asked).restated(sentence)  # controls


def test_a_fact_kept_with_its_doubt_is_not_said_without_it() -> None:
    recalled = Hearsay("help me plan Sunday lunch", "Apparently Gran is coming on Sunday.")
    assert recalled.restated("Gran is coming on Sunday, so a roast would be lovely.")
    # a plain fact recalled beside it bears the sentence out
    borne_out = Hearsay(
        "help me plan Sunday lunch",
        "Apparently Gran is coming on Sunday. Gran is coming on Sunday for lunch.",
    )
    assert not borne_out.restated("Gran is coming on Sunday.")


def test_the_bound_says_what_is_true_instead() -> None:
    bounds = ReplyBounds(asked="my sister reckons Femi needs glasses")
    broken = bounds.broken("Fumi needs glasses.")
    assert broken is not None and (broken.bound, broken.instead) == ("hearsay", ONLY_A_MAYBE)
    assert bounds.broken("Good to know!") is None  # control


def test_the_brain_stops_a_guess_said_back_as_a_fact(settings, memory: Memory) -> None:
    reply, _ = scripted_reply(
        settings,
        memory,
        ["Oh! Fumi needs glasses. Book an eye test."],
        "my sister reckons Femi needs glasses",
    )
    assert reply.text == "Oh! " + ONLY_A_MAYBE
    reply, _ = scripted_reply(  # the control: the doubt kept, the reply said whole
        settings,
        memory,
        ["Good to know. An eye test will tell."],
        "my sister reckons Femi needs glasses",
    )
    assert reply.text == "Good to know. An eye test will tell."
