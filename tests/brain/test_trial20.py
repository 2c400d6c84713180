"""A twentieth outside trial's (a Leeds household) findings, each as a class beside a
control: a grandmother's "Kindly remember that …" and "…, kindly note it" not kept, a dog
told "no grapes" said to have been told nothing, "sugar-free biscuits" put on the list as
sugar, a reminder texted as "remind me football kit at 8 tmrw" left to the model, and a
typed "remmber" kept as a word of the fact. A scripted chat model stands in, so a reply that
came from it is seen; the household's records and memory are real."""

from __future__ import annotations

import pytest

from appliance.brain.corrections import what_stays
from appliance.brain.devices import NOT_A_VET
from appliance.brain.emergencies import WHAT_TO_DO_IN_A_REACTION
from appliance.composition import intent_router
from appliance.config import Settings
from appliance.household import HouseholdStore
from appliance.kitchen.ask import answer as kitchen_answer
from appliance.memory import Memory
from tests.brain.conftest import scripted_conversation, scripted_reply

MODEL = "You're welcome."
GRAPES = "Bramble the dog must not have grapes or chocolate."


def _reply(settings: Settings, memory: Memory, said: str) -> tuple[str, int]:
    reply, model = scripted_reply(settings, memory, [MODEL], said, intents=intent_router(settings))
    return reply.text, len(model.prompts)


def _facts(memory: Memory) -> list[str]:
    return [f.text for f in memory.facts()]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Kindly remember that my birthday is on the 14th of February.", "14th of February"),
        ("I take my tea with two sugars, kindly note it.", "two sugars"),
        ("the bins go out on a tuesday, please remember that", "bins go out"),
        ("remmber that the recycling goes out on fridays", "recycling goes out"),
    ],
)
def test_a_fact_asked_to_be_kept_in_courteous_or_typed_words_is_kept(
    settings: Settings, memory: Memory, said: str, kept: str
) -> None:
    text, asked = _reply(settings, memory, said)
    assert asked == 0 and text.startswith("I'll remember that")
    [fact] = [f for f in _facts(memory) if kept in f]
    assert not fact.lower().startswith(("kindly", "remmber", "please"))


@pytest.mark.parametrize(
    "said", ["Kindly tell me whether it will rain.", "what did I ask you to remember that for?"]
)
def test_courtesy_that_asks_nothing_kept_keeps_nothing(
    settings: Settings, memory: Memory, said: str
) -> None:
    _reply(settings, memory, said)  # the controls
    assert _facts(memory) == []


@pytest.mark.parametrize(
    "said",
    ["can Bramble have a grape?", "can bramble eat raisins", "Bramble ate a grape, what do I do?"],
)
def test_what_a_pet_must_not_have_answers_for_it_and_the_vet_for_the_rest(
    settings: Settings, memory: Memory, said: str
) -> None:
    """A twentieth trial's got "I've been told nothing of what Bramble can't have", and for
    the grape eaten, only the fact."""
    memory.add(GRAPES, "note")
    text, asked = _reply(settings, memory, said)
    assert text.startswith(f"From memory: {GRAPES}") and asked == 0
    assert text.endswith(NOT_A_VET) and "told nothing" not in text


def test_someone_elses_diet_is_never_the_pets(settings: Settings, memory: Memory) -> None:
    """A word shared ("have") had quoted Nana's fact in Bramble's answer."""
    memory.add(GRAPES, "note")
    memory.add("Nana must not have sugar.", "note")
    text, _ = _reply(settings, memory, "can Bramble have a grape?")
    assert text == f"From memory: {GRAPES} {NOT_A_VET}"


def test_a_pet_with_nothing_kept_gets_the_vet_alone(settings: Settings, memory: Memory) -> None:
    memory.add("Bramble the dog sleeps in the utility room.", "note")  # a control
    text, _ = _reply(settings, memory, "can Bramble have a grape?")
    assert text == NOT_A_VET


def test_a_person_who_must_not_have_something_is_answered_as_a_person(
    settings: Settings, memory: Memory
) -> None:
    """The control: "must not have" said of a person is their diet, never the vet's."""
    memory.add("Nana must not have sugar.", "note")
    text, _ = _reply(settings, memory, "can Nana have jalebi?")
    assert text.startswith("From memory: Nana must not have sugar.") and "vet" not in text


def _items(settings: Settings) -> list[str]:
    with HouseholdStore.open(settings.data_dir) as store:
        return [item.name for item in store.items()]


def test_a_thing_free_of_something_is_one_thing(settings: Settings, memory: Memory) -> None:
    _reply(settings, memory, "Kindly add sugar-free biscuits")
    assert _items(settings) == ["sugar-free biscuits"]


def test_things_said_without_commas_are_still_each_their_own(
    settings: Settings, memory: Memory
) -> None:
    _reply(settings, memory, "add milk eggs sugar")  # the control
    assert _items(settings) == ["milk", "eggs", "sugar"]


def _reminders(settings: Settings) -> list[str]:
    with HouseholdStore.open(settings.data_dir) as store:
        return [r.text for r in store.reminders()]


def test_a_thing_texted_before_when_is_reminded_about(settings: Settings, memory: Memory) -> None:
    text, asked = _reply(settings, memory, "remind me football kit at 8 tmrw")
    assert asked == 0 and _reminders(settings) == ["about football kit"]


def test_a_word_that_names_nothing_before_when_sets_nothing(
    settings: Settings, memory: Memory
) -> None:
    _reply(settings, memory, "remind me it at 8")  # the control
    assert _reminders(settings) == []


def test_forgetting_one_part_never_cards_a_garbled_rest(memory: Memory) -> None:
    """ "forget that Jack is allergic to peanuts" of "…and carries an EpiPen" had carded "Jack
    is allergic to carries an EpiPen.", which a Keep would have made his allergy."""
    assert (
        what_stays(
            "Jack is allergic to peanuts and carries an EpiPen.", "Jack is allergic to peanuts"
        )
        is None
    )
    # the control: a part said of the same "is" still stays
    assert (
        what_stays(
            "Priya is vegetarian and allergic to shellfish.", "priya is allergic to shellfish"
        )
        == "Priya is vegetarian."
    )


@pytest.mark.parametrize(
    "said",
    [
        "what should I do if Jack has an allergic reaction?",
        "how do you use an EpiPen?",
        "how do we help someone in anaphylaxis",
    ],
)
def test_what_to_do_in_a_reaction_is_the_fixed_line(
    settings: Settings, memory: Memory, said: str
) -> None:
    memory.add("Jack is allergic to peanuts and carries an EpiPen.", "note")
    text, asked = _reply(settings, memory, said)
    assert (asked == 0 and text in (WHAT_TO_DO_IN_A_REACTION,)) or "ring 999 now" in text


def test_a_reaction_in_baking_is_no_emergency(settings: Settings, memory: Memory) -> None:
    text, _ = _reply(settings, memory, "what do I do if the cake has a reaction with baking soda")
    assert "999" not in text  # the control


def test_forget_that_with_why_after_a_read_out_is_that_fact(
    settings: Settings, memory: Memory
) -> None:
    memory.add("The gas meter is under the stairs.", "place")
    replies, _ = scripted_conversation(
        settings,
        memory,
        [MODEL],
        ["where's the gas meter?", "forget that, we've had it moved"],
        intents=intent_router(settings),
    )
    assert "asked to forget" in replies[-1].text and len(memory.proposals()) == 1


def test_forget_that_with_a_thing_named_is_not_the_read_out(
    settings: Settings, memory: Memory
) -> None:
    memory.add("The gas meter is under the stairs.", "place")  # the control
    scripted_conversation(
        settings,
        memory,
        [MODEL],
        ["where's the gas meter?", "forget that, the spare key"],
        intents=intent_router(settings),
    )
    assert memory.proposals() == []


@pytest.mark.parametrize(
    ("said", "expect"),
    [
        ("can Jack have a Reese's cup?", "expect peanuts in it"),
        ("can jack have bombay mix", "expect peanuts in it"),
    ],
)
def test_a_food_made_of_his_allergen_by_its_name_says_so(
    settings: Settings, memory: Memory, said: str, expect: str
) -> None:
    """A twentieth trial's "can Jack have a Reese's cup?" got "I don't know Reese's cup yet",
    no word of his peanut allergy."""
    memory.add("Jack is allergic to peanuts and carries an EpiPen.", "note")
    text, asked = _reply(settings, memory, said)
    assert text.startswith("From memory: Jack is allergic to peanuts") and expect in text
    assert asked == 0


def test_a_food_not_made_of_it_is_still_the_labels(settings: Settings, memory: Memory) -> None:
    memory.add("Jack is allergic to peanuts and carries an EpiPen.", "note")  # the control
    text, _ = _reply(settings, memory, "can Jack have a jaffa cake?")
    assert "expect peanuts" not in text and "check it against that" in text


def test_how_long_is_never_answered_with_a_no() -> None:
    """ "how long do I reheat leftover rice for?" had got "No. Don't reheat leftovers more than
    once…", and resting a batter the raw-dough line; asked whether, the rule stands."""
    reheat = kitchen_answer("how long do I reheat leftover rice for?")
    assert reheat is not None and not reheat.text.startswith("No")
    rested = kitchen_answer("how long do I rest yorkshire pudding batter?")
    assert rested is None or "E. coli" not in rested.text
    licked = kitchen_answer("can the kids lick the cake batter")  # the controls
    assert licked is not None and licked.text.startswith("No: raw dough")
    twice = kitchen_answer("can I reheat rice twice")
    assert twice is not None and "only once" in twice.text


@pytest.mark.parametrize(
    "said",
    [
        "hiya, uncle Raj here. tell me about the house",
        "what's the family's Christmas tradition?",
        "what's the family doctor called",
    ],
)
def test_the_household_asked_after_an_introduction_or_as_the_family_is_memorys(
    settings: Settings, memory: Memory, said: str
) -> None:
    """A twentieth trial's got the model's "Hello, I'm Harlon, the house's a small one" and
    "The family's Christmas tradition is a classic one…": nothing was told of either."""
    text, asked = _reply(settings, memory, said)
    assert asked == 0 and "yet" in text and MODEL not in text


@pytest.mark.parametrize(
    "said",
    ["what is the family of the tomato called", "what's a family tradition at christmas in spain"],
)
def test_a_family_that_is_not_ours_is_still_the_worlds(
    settings: Settings, memory: Memory, said: str
) -> None:
    _, asked = _reply(settings, memory, said)  # the controls
    assert asked == 1


def test_an_introduction_before_a_statement_keeps_whose_it_is(
    settings: Settings, memory: Memory
) -> None:
    """The control: "it's chidi here, i'm allergic to nuts" is never "i'm allergic…" alone."""
    text, _ = _reply(settings, memory, "it's chidi here, i'm allergic to nuts")
    assert not any(f.startswith("I'm allergic") for f in _facts(memory))


def test_who_is_here_is_no_name(settings: Settings, memory: Memory) -> None:
    text, _ = _reply(settings, memory, "hello, who's here?")
    assert "Who's" not in text
