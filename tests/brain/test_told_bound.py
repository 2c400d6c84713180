"""A sentence the model writes about one of the household's people says only what was told."""

from __future__ import annotations

import pytest

from appliance.brain.bounds import untold
from appliance.brain.told import Told
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply

PEOPLE = frozenset({"dylan", "nan", "bara"})
FACTS = "Dylan is coeliac and can't have any gluten. Nan's birthday is on the 14th of February."


@pytest.mark.parametrize(
    ("asked", "sentence"),
    [
        # a third outside trial, each with these facts in memory
        (
            "help me plan Dylan's birthday party",
            "We want to celebrate Dylan's birthday on the 14th.",
        ),
        ("give me an idea for tea tonight that Dylan can eat", "Dylan loves fish fingers."),
        ("tell me a joke for Dylan", "Dylan is a gluten-free bread."),
        ("write a birthday card for Ffion", "Ffion turns eight today!"),  # named by the person
    ],
)
def test_a_sentence_about_someone_here_that_nobody_told_is_a_guess(
    asked: str, sentence: str
) -> None:
    assert Told(PEOPLE, FACTS, asked).guessed(sentence) is not None


@pytest.mark.parametrize(
    "sentence",
    [
        "Dylan can't have gluten.",  # told
        "Happy birthday, Dylan!",  # says nothing of him
        "Does Dylan like rice?",  # asks
        "Rice and peas go well with fish.",  # names no one
    ],
)
def test_what_was_told_and_what_names_no_one_is_said(sentence: str) -> None:
    assert Told(PEOPLE, FACTS, "what can Dylan eat?").guessed(sentence) is None  # controls


def test_a_capital_the_person_said_is_no_person_of_the_house() -> None:
    assert (
        Told(PEOPLE, FACTS, "tell me about the Romans").guessed("The Romans built roads.") is None
    )


def test_he_after_a_name_is_that_person() -> None:
    told = Told(PEOPLE, FACTS, "tell me a joke for Dylan")
    assert told.guessed("Dylan is coeliac and can't have any gluten.") is None
    assert told.guessed("He loves to mix it with his favourite coffee.") == "Dylan"
    assert Told(PEOPLE, FACTS, "x").guessed("He loves coffee.") is None  # nobody named yet


def test_the_brain_stops_an_untold_sentence_about_someone_here(settings, memory: Memory) -> None:
    memory.add("Nan's birthday is on the 14th of February.", "event", links=["Nan"])
    memory.add("Dylan is coeliac and can't have any gluten.", "health", links=["Dylan"])
    reply, _ = scripted_reply(
        settings,
        memory,
        ["Lovely! We want to celebrate Dylan's birthday on the 14th of February. Cake!"],
        "help me plan Dylan's birthday party",
    )
    assert reply.text == "Lovely! " + untold("Dylan")
    reply, _ = scripted_reply(  # the control: what memory holds is said
        settings, memory, ["Dylan is coeliac and can't have any gluten."], "what about Dylan?"
    )
    assert "I only know" not in reply.text


def test_a_name_made_up_for_the_family_is_a_guess() -> None:
    # a fourth outside trial: "write a little poem about our family" got "Liam, the father
    # of light", and "a bedtime story about our kids" a girl named Ember; nobody is so called
    told = Told(frozenset(), "", "write a little poem about our family")
    assert told.guessed("Liam, the father of light, guides us.") == "your family"
    assert told.guessed("Our family is a garden of love.") is None  # the control
    story = Told(frozenset(), "", "tell me a story about a dragon")
    assert story.guessed("Once there was a girl named Ember.") is None  # not the family's
    assert (
        Told(frozenset(), "", "a poem about my husband").guessed("My husband loves the sea.")
        == "your husband"
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "The spare key is on the shelf in the corner.",  # the model's, told nothing of it
        "Your dentist appointment is on Monday at 3.",
        "The bins go out on Tuesday.",
        "You keep the passport in the top drawer.",
    ],
)
def test_where_or_when_a_thing_of_the_house_is_is_a_guess_untold(sentence: str) -> None:
    assert Told(frozenset(), "", "I'm locked out, what do I do?").guessed(sentence) is not None


@pytest.mark.parametrize(
    "sentence",
    [
        "The spare key is under the blue flowerpot.",  # told
        "Put the tray in the oven for 20 minutes.",  # a step, and the oven is no such thing
        "The key is to stir it often.",  # no place
        "The party will be great fun!",  # a wish
        "Is the spare key under the mat?",  # asks
        # a review's: a figure of speech, a plug's fuse, things in general, a story
        "The key is in keeping the butter cold.",
        "The fuse is inside the plug, under the cover.",
        "The fuse box is usually near the front door.",
        "The key was hidden under a stone.",
    ],
)
def test_a_thing_told_or_only_named_is_said(sentence: str) -> None:
    told = Told(frozenset(), "The spare key is under the blue flowerpot.", "I'm locked out")
    assert told.guessed(sentence) is None  # the controls


def test_the_brain_stops_an_untold_place_of_a_thing(settings, memory: Memory) -> None:  # type: ignore[no-untyped-def]
    reply, _ = scripted_reply(
        settings, memory, ["Oh no! The spare key is on the shelf in the corner."], "I'm locked out"
    )
    assert reply.text == "Oh no! " + untold("the spare key")
    memory.add("The spare key is under the blue flowerpot.", "place")
    reply, _ = scripted_reply(  # the control: what memory holds, recalled for it, is said
        settings,
        memory,
        ["The spare key is under the blue flowerpot."],
        "I'm locked out, help me with the spare key",
    )
    assert reply.text == "The spare key is under the blue flowerpot."


@pytest.mark.parametrize(
    ("asked", "told", "sentence"),
    [
        # an eleventh outside trial's, each in a fresh thread, nothing told of any of them
        ("when is the haircut", "", "The haircut is currently on December 20, 2026."),
        ("what time is the vaccination", "", "The vaccination is scheduled for 15:47."),
        ("when does the train get in", "", "The train gets in at 12:30pm."),
        # a day added to what was told
        (
            "when is the blood test",
            "Babcia's blood test is on wednesday morning.",
            "The blood test is on Wednesday, December 26th.",
        ),
        # am and pm added to what was said
        ("I take my tablets at 8 and at 6", "", "You take your tablets at 8pm and at 6am."),
        ("when is the party", "", "It's at 3.30."),  # a time with a dot (a second review's)
        # a day from today and a bare hour (an eleventh trial's "tomorrow at 10")
        ("when is the haircut", "", "The haircut is tomorrow at 10."),
        ("when is the dentist", "The dentist is on Friday.", "The dentist is tomorrow."),
        ("what time is swimming", "Swimming is on Saturday at 9am.", "Swimming is at 10."),
    ],
)
def test_a_day_or_a_time_nobody_told_is_a_guess(asked: str, told: str, sentence: str) -> None:
    assert Told(frozenset(), told, asked).guessed_when(sentence)


@pytest.mark.parametrize(
    ("told", "sentence"),
    [
        # the controls: told, or no day or time at all
        ("Babcia's blood test is on wednesday morning.", "The blood test is on Wednesday morning."),
        ("Nan's birthday is on 14 February.", "Nan's birthday is on the 14th of February."),
        ("", "Bake it for 20 minutes at 180C."),
        ("It's at 3.30 on Friday.", "It's at 3.30."),  # told, with a dot
        ("", "What time would suit you on Sunday?"),
        ("", "You may want to add a pinch of salt."),  # a verb, not the month
        ("", "Nothing beats a Sunday roast."),  # a dish, not a day
    ],
)
def test_a_day_or_a_time_told_or_none_passes(told: str, sentence: str) -> None:
    assert not Told(frozenset(), told, "when is it").guessed_when(sentence)


def test_the_brain_stops_a_day_nobody_told(settings, memory: Memory) -> None:
    from appliance.brain.bounds import UNTOLD_WHEN

    # ("when is the haircut" itself is memory's now: questions.py)
    reply, _ = scripted_reply(
        settings,
        memory,
        ["Sure! The haircut is on December 20, 2026."],
        "give me an idea for a day out",
    )
    assert reply.text.endswith(UNTOLD_WHEN) and "December" not in reply.text
    memory.add("The haircut is on 20 December at 4pm.", "event")
    reply, _ = scripted_reply(  # the control: told, so said
        settings, memory, ["The haircut is on 20 December at 4pm."], "when is the haircut"
    )
    assert UNTOLD_WHEN not in reply.text


@pytest.mark.parametrize(
    ("told", "sentence"),
    [
        # a review's: told one way, said back another
        ("The bins go out on Tuesdays.", "The bins go out on Tuesday."),
        ("See you on Sat.", "See you on Saturday."),
        ("The dentist is at 3pm.", "The dentist is at 15:00."),
        ("Lunch is at noon.", "Lunch is at 12pm."),
        ("Her party is on the seventh of June.", "Her party is on 7th June."),
        # no day or time at all
        ("", "It costs £1.45."),
        ("", "Add 1.25 litres of water."),
        ("", "That is 2000 calories."),
        ("", "Put it on the 2nd shelf."),
        ("The haircut is at 10am.", "The haircut is at 10."),  # the hour told
        ("remind me tmrw about the bins", "I can remind you tomorrow."),  # as texted
        ("", "How about a stir-fry tonight?"),  # no day of the house's
        ("", "Bake it at 180 for 20 minutes."),  # a heat, not a time
        ("", "The cat sat on the mat."),
    ],
)
def test_a_day_told_another_way_or_no_day_at_all_passes(told: str, sentence: str) -> None:
    assert not Told(frozenset(), told, "tell me").guessed_when(sentence)


def test_a_day_said_earlier_in_the_conversation_is_told(settings, memory: Memory) -> None:
    from appliance.brain.bounds import UNTOLD_WHEN
    from tests.brain.conftest import scripted_conversation

    said = ["give me a picnic idea for Saturday", "and what should we pack?"]
    replies = ["Sandwiches are easy.", "For Saturday, pack sandwiches and fruit."]
    answers, _ = scripted_conversation(settings, memory, replies, said)
    assert UNTOLD_WHEN not in answers[1].text  # a review's had been stopped
    answers, _ = scripted_conversation(  # the control: never said, so a guess
        settings, memory, ["For Saturday, pack sandwiches and fruit."], ["what should we pack?"]
    )
    assert answers[0].text.endswith(UNTOLD_WHEN)


@pytest.mark.parametrize(
    "sentence",
    [
        # a twelfth outside trial's: the model mixed the one fact with the question
        "From memory: THE CALPOL IS IN THE CUPBOARD ABOVE THE KETTLE.",
        "From memory: THE CHRISTMAS CAKE IS IN THE CUPBOARD ABOVE THE KETTLE.",
        "THE CHRISTMAS CAKE IS IN THE CUPBOARD ABOVE THE KETTLE.",
        "From memory: Calpol is kept in the kitchen.",  # said as memory's, not so
    ],
)
def test_a_thing_said_to_be_where_another_is_kept_is_a_guess(sentence: str) -> None:
    told = Told(frozenset(), "MY METFORMIN IS IN THE CUPBOARD ABOVE THE KETTLE.", "and the calpol?")
    assert told.guessed(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "From memory: MY METFORMIN IS IN THE CUPBOARD ABOVE THE KETTLE.",  # as told
        "Your metformin is in the cupboard above the kettle.",
        "The cake is in the oven.",  # a recipe's step, no place of the house
        "Fuse boxes are usually in the hallway.",  # in general
    ],
)
def test_a_thing_where_it_was_told_or_no_place_of_the_house_passes(sentence: str) -> None:
    told = Told(
        frozenset(), "MY METFORMIN IS IN THE CUPBOARD ABOVE THE KETTLE.", "where's my metformin?"
    )
    assert not told.guessed(sentence)


def test_where_a_thing_is_must_be_told_in_one_fact_or_one_thing_said(
    settings, memory: Memory
) -> None:
    memory.add("MY METFORMIN IS IN THE CUPBOARD ABOVE THE KETTLE.", "place")
    reply, _ = scripted_reply(
        settings,
        memory,
        ["From memory: THE CHRISTMAS CAKE IS IN THE CUPBOARD ABOVE THE KETTLE."],
        "CAN I HAVE A BIT OF THE CHRISTMAS CAKE",
    )
    assert "CUPBOARD" not in reply.text and "won't guess" in reply.text


@pytest.mark.parametrize(
    "sentence",
    [
        # a review's, each stopped: advice says no day of the house
        "Sleep well, see you tomorrow!",
        "Keep a routine: bath at 6, story and bed at 7.",
        "Most babies start crawling at 7 to 10 months.",
    ],
)
def test_tomorrow_and_a_bare_hour_in_advice_pass(sentence: str) -> None:
    assert not Told(frozenset(), "", "how do I help my baby sleep").guessed_when(sentence)


def test_two_facts_joined_and_a_fact_of_two_sentences_are_told() -> None:
    thermometer = "The thermometer is in the bathroom drawer."
    calpol = "The Calpol is in the cupboard above the kettle."
    told = Told(frozenset(), f"{thermometer} {calpol}", "where are they", "", (thermometer, calpol))
    assert not told.guessed(f"{thermometer[:-1]} and t{calpol[1:]}")
    kept = "We keep all the medicine in the top cupboard. Calpol, Nurofen and plasters."
    told = Told(frozenset(), kept, "where is the calpol", "", (kept,))
    assert not told.guessed("The Calpol is in the top cupboard.")


def test_a_range_is_no_time_and_a_day_asked_of_is_checked() -> None:  # a second review's
    crawling = Told(frozenset(), "", "when do babies start crawling")
    assert not crawling.guessed_when("Most babies crawl at 7 to 10 months.")
    tomorrow = Told(frozenset(), "", "anything on tomorrow")
    assert tomorrow.guessed_when("You have a dentist appointment tomorrow at 9.")
