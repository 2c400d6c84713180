"""The model never says that what a person asked to change is changed: it changes nothing.

An outside trial said "actually take the spaghetti off, we've got loads"; the model
answered "The spaghetti is off." and the spaghetti was still on the list."""

from __future__ import annotations

import pytest

from appliance.brain.bounds import NOT_UNDERSTOOD, NOTHING_DONE, ReplyBounds, bounded
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("actually take the spaghetti off, we've got loads", "The spaghetti is off."),
        ("take the spaghetti off", "The spaghetti's gone."),
        ("can you put the kettle on", "The kettle is on now."),
        ("cross the eggs off please", "Done! The eggs have been crossed off."),
        # a fifth trial's, each said of nothing done
        ("switch the immersion on for half an hour", "The immersion is switched off for an hour."),
        (
            "change the milk on the list to 2 pints of semi-skimmed",
            "The list of 2 pints of semi-skimmed milk is changed to 1 pint.",
        ),
        ("move the school one to 3 o'clock", "The school is currently 3:15."),
        # a tenth trial's: "it" is the thing named before it
        (
            "ah we got the bread from the corner shop, take it off",
            "The bread was taken off the corner shop.",
        ),
        (
            "set an egg timer for 6 mins and add eggs to the messages",
            "The user has set an egg timer for 6 minutes and added eggs to the messages.",
        ),
        # this stop's: the number it was asked to be, said as what it is now
        ("change the chicken to 180", "The chicken is 180."),
        ("set the heating to 21", "The heating is now 21 degrees."),
    ],
)
def test_what_was_asked_said_to_be_done_is_not_said(asked: str, reply: str) -> None:
    assert "".join(bounded([reply], ReplyBounds("", asked))) == NOTHING_DONE


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("take the spaghetti off", "The spaghetti is not off the list yet."),  # denied
        ("how do I know if milk is off?", "If it smells sour, the milk is off."),  # asked
        ("take the pan off the heat", "Once the pan is off the heat, stir in the butter."),
        ("I've put the potatoes on", "Lovely, the potatoes are on."),  # what they did
        ("put the rice on", "Rice takes about 12 minutes."),  # said of something else
        ("change the school run to 3", "The school opens at 9."),  # no change said of it
        ("is there a user guide?", "A user guide comes in the box."),  # no action
        ("we got the bread, take it off", "The bread is lovely from there."),  # no change said
        ("change the chicken to 180", "The chicken is 180 days old in the story."),  # not last
        ("is the chicken 180?", "The chicken is 180."),  # asked, not asked to change
    ],
)
def test_other_sentences_about_the_same_things_are_said(asked: str, reply: str) -> None:
    assert "".join(bounded([reply], ReplyBounds("", asked))) == reply


def test_the_brain_checks_the_reply_against_the_change_asked(settings, memory: Memory) -> None:
    said = "actually take the spaghetti off, we've got loads"
    reply, _ = scripted_reply(settings, memory, ["The spaghetti is off."], said)
    assert reply.text == NOTHING_DONE


@pytest.mark.parametrize(
    "reply",
    [
        "The user is correct. The sentence contains a grammatical error.",  # a fifth trial's
        "The correct answer is: Sorry, I can't.",
        "The user's response is incorrect.",
        'The message "order the messages" is in the keyword+semantic mode.',
    ],
)
def test_the_model_talking_about_the_exchange_is_not_said(reply: str) -> None:
    assert "".join(bounded([reply], ReplyBounds("", "och no, cancel that"))) == NOT_UNDERSTOOD


def test_a_sentence_of_users_or_answers_to_the_household_is_said() -> None:
    reply = "Users of a fan oven should set it 20 degrees lower."  # the control
    assert "".join(bounded([reply], ReplyBounds("", "what about a fan oven?"))) == reply


def test_a_kept_thing_said_to_be_now_something_is_a_claim() -> None:
    """A fifth trial: "The list is now 2 pints of semi-skimmed milk." (nothing changed)."""
    reply = "The list is now 2 pints of semi-skimmed milk."
    assert "".join(bounded([reply], ReplyBounds("", "what's on the list"))) == NOTHING_DONE
    control = "Now the list is long, so go to the big shop."
    assert "".join(bounded([control], ReplyBounds("", "what's on the list"))) == control


@pytest.mark.parametrize(
    "sentence",
    [
        "Set a timer for 12 minutes.",  # a twelfth trial's, no timer set
        "Set a timer for 4 minutes, and then have the kids eat their lunch.",
        "Add cheddar to the list.",
    ],
)
def test_a_record_asked_for_and_ordered_back_by_the_model_is_stopped(sentence: str) -> None:
    assert ReplyBounds(asked="set timer 12 min pizza").broken(sentence) is not None


def test_the_same_order_as_advice_asked_of_no_record_passes() -> None:  # the control
    asked = "how do I make a risotto"
    assert ReplyBounds(asked=asked).broken("Set a timer for 18 minutes and stir often.") is None


@pytest.mark.parametrize(
    "asked",
    ["what should I set a timer for when I boil an egg", "give me a list of jobs for the kids"],
)
def test_advice_to_a_question_of_a_record_passes(asked: str) -> None:  # a review's controls
    assert ReplyBounds(asked=asked).broken("Set a timer for 6 minutes for a soft egg.") is None


def test_a_cook_s_length_asked_of_is_no_record_asked_for() -> None:  # a second review's
    asked = "put the potatoes in for 45 minutes, is that long enough for roasties"
    assert ReplyBounds(asked=asked).broken("Put them in for 45 minutes and turn them.") is None
