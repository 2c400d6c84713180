"""A guess or someone's word is never said back as a settled fact."""

from __future__ import annotations

import pytest

from appliance.brain.bounds import ONLY_A_MAYBE, ReplyBounds
from appliance.brain.hearsay import A_MAYBE, Hearsay
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
        # a name said first, across its comma
        (
            "I think Tayo's got a hospital appointment on the 3rd",
            "Tayo, the hospital is on the 3rd.",
        ),
        # asked back for a yes, said back as done (an eleventh trial's)
        ("you've ordered the nappies, yeah?", "You've ordered nappies today."),
        ("so the wipes are ordered then?", "The wipes are ordered."),
        ("you've ordered the nappies, yeah?", "Yes, I have."),  # a review's: any yes
        # a modal of another clause keeps nothing (a second review's)
        (
            "Femi's teacher thinks he might need glasses",
            "Femi needs glasses, so you might want to book an eye test.",
        ),
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
        # a question asked outright, and one of the world, are no claims of the house
        ("is Gran coming on Sunday?", "Gran is coming on Sunday."),
        ("what goes with lamb, right?", "Mint sauce goes with lamb."),
        # an opinion asked to be agreed with, and a source said last (a review's)
        ("pasta's good for a quick dinner, right?", "Pasta is great for a quick dinner."),
        ("my sister reckons Femi needs glasses", "Femi needs glasses, according to your sister."),
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
    # asked for something beside the guess, so the model answers, and its sentence is checked
    said = "my sister reckons Femi needs glasses, help me find an optician"
    reply, _ = scripted_reply(settings, memory, ["Oh! Fumi needs glasses. Ring one."], said)
    assert reply.text == "Oh! " + ONLY_A_MAYBE
    reply, _ = scripted_reply(  # the control: nothing said surer, the reply said whole
        settings, memory, ["Good to know. An eye test will tell."], said
    )
    assert reply.text == "Good to know. An eye test will tell."


@pytest.mark.parametrize(
    "said",
    [
        "my sister reckons Femi needs glasses",
        "I think the boiler service is due in March",
        "Could be that the smoke alarm battery is flat.",
        "Leo can have dairy again, the doctor said",
    ],
)
def test_a_remark_said_only_as_a_maybe_is_answered_so_and_nothing_kept(
    settings, memory: Memory, said: str
) -> None:
    reply, model = scripted_reply(settings, memory, ["Femi needs glasses."], said)
    assert reply.route == "a maybe" and reply.text == A_MAYBE
    assert model.prompts == []  # the model never asked
    assert memory.facts() == [] and memory.proposals() == []  # nothing kept, nothing carded


@pytest.mark.parametrize(
    ("said", "route"),
    [
        ("Femi needs glasses", "statement"),  # the controls: said plainly, a fact
        ("I might sit down for five minutes", "chat"),  # the speaker's own plan
        ("it says here turn the grill on high", "chat"),  # a packet's word, no person's
        ("I think the kids would love a cake, can you suggest one", "chat"),  # asked
    ],
)
def test_a_fact_a_plan_or_a_request_is_not_a_maybe(
    settings, memory: Memory, said: str, route: str
) -> None:
    reply, _ = scripted_reply(settings, memory, ["All right."], said)
    assert reply.route == route
