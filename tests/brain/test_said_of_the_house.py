"""A sentence the model writes about the household itself says only what was told: the
family, the kids, the house and its things nobody named, one of the family nobody said, a
name nobody gave, a yes or no to a question of the house (of_the_house.py, told.py)."""

from __future__ import annotations

import pytest

from appliance.brain.bounds import reply_bounds, untold
from appliance.brain.known import names_told
from appliance.config import Settings
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply


def stopped(asked: str, reply: str, facts: tuple[str, ...] = ()) -> bool:
    """Whether the reply's sentence is stopped, as a reply to `asked` with `facts` recalled."""
    bounds = reply_bounds("", asked, list(facts), frozenset(names_told(facts)))
    return bounds.broken(reply) is not None


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        # the default model's, asked with nothing told
        ("how's the family?", "The family is doing well, thank you."),
        ("is the house tidy?", "no, the house is not tidy."),
        # other words for the same: the kids, a habit, the house's things, the model as
        # one of the family, everyone, how many, "as usual"
        ("how are the boys?", "The boys are out at football."),
        ("what should I make?", "You usually do a curry on Saturdays, so how about that?"),
        ("pudding ideas?", "Our lot always want crumble."),
        ("what time is it at home?", "We always eat at six."),
        ("morning", "Everyone here is still asleep."),
        ("who lives here?", "There are four of us in this house."),
        ("what's for breakfast?", "Toast as usual."),
        ("can I use the oven?", "Yes, but the oven door keeps sticking."),
        ("where's the drill?", "There's a drill in the shed behind the bikes."),
        ("lunch?", "Just use a rice wrap for your coeliac diet."),
    ],
)
def test_a_sentence_of_the_house_nobody_told_is_stopped(asked: str, reply: str) -> None:
    assert stopped(asked, reply)


@pytest.mark.parametrize(
    ("asked", "reply"),
    [
        ("how's the family?", "I hope the family is well."),  # a wish
        ("how are the kids?", "I don't know how the kids are getting on."),  # not known
        ("what's for tea?", "Lots of families have a roast on Sundays."),  # any family's
        ("what's for tea?", "How about a stir-fry? The kids will love it."),  # what may be
        ("what's for tea?", "If the kids like pasta, a tomato bake is quick."),  # a condition
        ("what's for tea?", "We could make a quick curry."),  # a suggestion
        ("I love cooking", "You love cooking, that's wonderful!"),  # said by the person
        ("what should we have?", "Let me know what your kids like."),  # asked back
    ],
)
def test_what_says_nothing_of_this_house_is_said(asked: str, reply: str) -> None:
    assert not stopped(asked, reply)  # controls


def test_what_was_told_of_the_house_is_said_and_no_more() -> None:
    told = ("The kids go to bed at 8.",)
    assert not stopped("when do the kids go to bed?", "Your kids go to bed at 8.", told)
    assert stopped("when do the kids go to bed?", "Your kids go to bed at 8 after a bath.", told)


def test_one_of_the_family_nobody_told_of_is_made_up() -> None:
    assert stopped("morning!", "Good morning, tell your wife I said hello!")
    assert stopped("how long have we lived here?", "Since 2019, the week Grandpa retired.")
    assert not stopped("my wife says hi", "Hello to your wife!")


def test_a_name_nobody_gave_is_made_up() -> None:
    assert stopped("can I use peanuts?", "Better not, Leo has a nut allergy.")
    assert stopped("pudding?", "How about trifle, since it's Kemi's favourite?")
    told = ("Leo has a nut allergy.",)
    assert not stopped("can I use peanuts?", "Better not, Leo has a nut allergy.", told)
    # a place, and a public person's second name, are nobody of the house
    assert not stopped("jollof?", "Jollof is loved from Lagos to Accra.")
    assert not stopped("a sponge?", "A Victoria sponge by Mary Berry is a good start.")


def test_a_yes_to_a_question_of_the_house_is_only_what_was_told() -> None:
    assert stopped("Do we have chickens?", "Yes, we have six chickens.")
    assert stopped("Are the kids asleep?", "Yes, both kids are fast asleep upstairs.")
    told = ("We keep six chickens.",)
    assert not stopped("Do we have chickens?", "Yes, we keep six chickens.", told)
    assert not stopped("Can you help with a picnic?", "Yes, sandwiches are a good start.")


def test_a_suggestion_beside_a_fact_told_of_someone_is_said() -> None:
    told = ("Ava hates olives.",)
    reply = "Mushrooms are up to you, just keep the olives out since Ava hates olives."
    assert not stopped("can I put mushrooms in?", reply, told)
    assert stopped("what does Ava like?", "Ava hates olives and loves ballet.", told)


def test_they_after_a_sentence_of_the_family_is_the_family() -> None:
    facts = ["The kids love pasta."]
    bounds = reply_bounds("", "what do the kids eat?", facts, frozenset())
    assert bounds.broken("The kids love pasta.") is None
    broken = bounds.broken("They're always hungry after school.")
    assert broken is not None and broken.instead == untold("the kids")
    # the control: "they" with no one of the house before it is nobody's
    fresh = reply_bounds("", "what do the kids eat?", facts, frozenset())
    assert fresh.broken("They're always hungry after school.") is None


def test_the_models_sentence_of_the_family_is_not_said(settings: Settings, memory: Memory) -> None:
    reply, _ = scripted_reply(
        settings,
        memory,
        ["The family is doing well, thank you. I'm grateful for that."],
        "how's the family?",
    )
    assert reply.text == untold("the family")
    reply, _ = scripted_reply(  # the control
        settings,
        memory,
        ["I hope the family is well."],
        "how's the family?",
    )
    assert reply.text == "I hope the family is well."


@pytest.mark.parametrize(
    "reply",
    [
        # harmless sentences of the action-claims splits, which a first version stopped
        "You'd say 'call Mum' to ring her.",  # what to say, in quotes
        "I hope Mum likes the message you send her.",  # a wish
        "Good luck with the spelling test, Ella.",  # said to her, nothing of her
        "Which Grandma do you mean, Nana Jean or Granny Sue?",  # asked
        "Were I able to book tables, Luigi's would be my pick.",  # a restaurant's name
        "Smart bulbs can be dimmed to any level you like.",  # anyone's liking
        "Chop the onions small so the kids don't notice them.",  # a purpose
        "The other half goes in later.",  # a recipe's half
    ],
)
def test_a_name_or_one_of_the_family_said_of_nothing_is_said(reply: str) -> None:
    assert not stopped("", reply)  # controls


def test_a_name_said_something_of_is_still_made_up() -> None:
    assert stopped("", "Mia already put her PE kit by the door.")  # the guard beside them
    assert stopped("", "Your sister ordered the cake from the bakery, I think.")
