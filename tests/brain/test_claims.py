"""The bound on action claims: a sentence that says Hearth acted is stopped however it is
put; a recipe's instructions, other people's doings, offers and how-to pass."""

from __future__ import annotations

import pytest

from appliance.brain.bounds import NOTHING_DONE, ReplyBounds, bounded
from appliance.brain.claims import claims_action


@pytest.mark.parametrize(
    "said",
    [
        "I'm building a shopping list.",  # a new user's trial heard this, with nothing added
        # a third outside trial asked to move the surgery reminder; it had not moved
        "The surgery reminder is 9:30.",
        "The surgery reminder is for 9 o'clock tomorrow.",
        "The rice timer is still running.",
        "I’ve popped milk on the list.",  # a curly apostrophe
        "Setting a timer for ten minutes.",
        "Timer set for ten minutes.",
        "Eggs added to the list.",
        "Just added milk to the list.",
        "Okay, milk's on the list!",
        "Righto, pasta timer's on.",
        "Your reminder has been created.",
        "Bread has been taken off the list.",
        "The shopping is now filled with semi-skimmed milk.",
        "Hearth has set a timer for the rice.",
        "Let me add that to your list.",
        "I'll remember that.",
        "Noted: the plumber comes on Tuesday.",
        "Consider it done.",
        "Your alarm will go off at 7.",
        "The lights are on now.",
        "I've told Sam you'll be late.",
        "We've added bread for you.",
        # classes a helper's held-out split found (benchmarks/data/claims_heldout*.json)
        "Mechanic booked, 9am.",
        "Reminder created: call Grandma after dinner.",
        "Message delivered to the family group: pizza tonight!",
        "Done, the Tesco delivery is confirmed for Saturday.",
        "Bit nippy this morning, so I've popped the heating up a couple of degrees.",
        "I've put two tins of chopped tomatoes on the shopping list.",
        "Your oven's preheating to 350 like you asked.",
        "Rice is added, friend.",
        "The order of bread is being made now for you.",
        "I skipped that song for you.",
        "Crossed the coffee off your list, since you got some.",
        # and the third split's
        "Butter is on the list now, so you won't forget it.",  # the denial is another clause
        "Ok ok i add the rice to list now yes.",
        "I think I've added the bananas, yes.",
        "I forgot the old address and saved the new one.",
        "We've bought the birthday candles online, they arrive Friday.",
        "Reminder saved 👍 vitamins at 8am.",
        "You'll hear a beep in ten minutes.",
        "Haha, done and done: timer set, lights off 💡",
        # promises and notes an outside trial heard the small model make
        "Tom: Thank you, noted.",
        "I'm not sure, but I'll try to remember.",
        "I'm not sure, but I'll do it.",
        "Will do.",
        # and a second trial
        "I'm sorry for any confusion: I've already taken the bins off.",
        "I'm sorry, I'll make sure to remember that.",
        "I'll put the kettle on.",
    ],
)
def test_a_claim_of_an_action_is_stopped_however_it_is_put(said: str) -> None:
    assert claims_action(said)
    assert ReplyBounds().broken(said) is not None


@pytest.mark.parametrize(
    "said",
    [
        "Bake for 25 minutes, then set a timer for 10.",  # told to the cook
        "The bins go out at 7.",  # a fact, no kept thing
        "Set the oven to 180 and add the butter.",  # a recipe's imperatives
        "Put the lid on and turn the heat down.",
        "Tilly set the table last Sunday.",  # what someone else did
        "Mum added sugar to the list yesterday.",
        "We switched to oat milk last month.",  # the household's "we"
        "Shall I add milk to the list?",  # an offer
        "Want me to set a timer?",
        'Say "set a timer for ten minutes" and I will set one.',  # how to ask
        "I haven't added anything to the list.",  # what was not done
        "I can't send messages.",
        "I'd add a pinch of salt.",  # advice
        "I'll make sure to avoid that.",
        "I'm making lasagne tonight.",  # an echo of what was said
        "The kettle is on the side by the sink.",  # where a thing is
        "The door is locked by Sam every night, according to your notes.",
        "Use a timer to see when it's done.",
        "Once the timer goes off, take the cake out.",
        "Adding salt to the water helps the pasta.",
        'You can say "set a timer for ten minutes" and the timer will start.',
        "Nothing has been ordered, I don't do orders.",
        "Leave the oven door shut for the first 20 minutes.",
        "A lot of people put a timer on for boiled eggs.",
        "Sam's already messaged the group about the barbecue.",
        "The rain stopped.",
        "You turned the oven on before you went out, so keep an eye on it.",
        "I could read out what's on the list so far.",
        "If a timer had been set, it would have beeped by now.",
        "I forgot to ask: how many are coming?",
        "I'll try my best to explain.",  # the controls beside the promises
        "You'll do it in no time.",
        "I tried to set it, but it didn't work.",
        "I'll make sure to avoid that.",  # … a care, not a promise to do anything
        "Take the lid off and stir.",  # a step
        "Tilly took the bins off the drive.",  # what someone else did
    ],
)
def test_a_sentence_that_claims_nothing_is_said(said: str) -> None:
    assert not claims_action(said)
    assert ReplyBounds().broken(said) is None


def test_a_reply_stops_at_its_claim_and_says_nothing_was_done() -> None:
    pieces = ["Sure thing! ", "I'm building a shop", "ping list. It has eggs."]
    said = "".join(bounded(pieces, ReplyBounds()))
    assert said == f"Sure thing! {NOTHING_DONE}"  # nothing after the claim is said
    # The control: the same reply without the claim is said whole.
    plain = ["Sure thing! ", "Eggs go well with ", "toast."]
    assert "".join(bounded(plain, ReplyBounds())) == "Sure thing! Eggs go well with toast."
