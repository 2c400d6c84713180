"""A question asked again of someone else ("and Kemi?") is the last question, of them
(follow_up.py): a fourth outside trial's "and Kemi?" read out Kemi's allergy facts."""

from __future__ import annotations

from appliance.brain.follow_up import asked_again_of
from appliance.memory import Memory
from tests.brain.conftest import scripted_conversation

KNOWN = frozenset({"femi", "kemi"})


def test_and_a_name_asks_the_last_question_of_that_person() -> None:
    assert asked_again_of("and Kemi?", "what day is Femi swimming?", KNOWN) == (
        "what day is Kemi swimming?"
    )
    assert asked_again_of("what about Kemi", "when is Femi's birthday?", KNOWN) == (
        "when is Kemi's birthday?"
    )
    assert asked_again_of("and Mum?", "is Femi allergic to anything?", KNOWN) == (
        "is Mum allergic to anything?"
    )


def test_anything_else_is_read_as_said() -> None:  # the controls
    assert asked_again_of("and Rome?", "what day is Femi swimming?", KNOWN) is None
    assert asked_again_of("and Kemi?", "Femi goes swimming on Wednesdays.", KNOWN) is None
    assert asked_again_of("and Kemi?", "are Femi and Kemi home?", KNOWN) is None
    assert asked_again_of("and Kemi is", "what day is Femi swimming?", KNOWN) is None


def test_and_kemi_is_never_answered_with_kemis_other_facts(settings, memory: Memory) -> None:
    memory.add("Femi goes swimming on Wednesdays", "routine", links=["Femi"])
    memory.add("Kemi is allergic to peanuts", "health", links=["Kemi"])
    said = ["what day is Femi swimming?", "and Kemi?", "and Femi?"]
    replies, model = scripted_conversation(settings, memory, ["Kemi swims on Monday."], said)
    assert replies[0].text == "From memory: Femi goes swimming on Wednesdays."
    assert not replies[1].text.startswith("From memory")  # "Kemi is allergic to peanuts"
    assert replies[1].text.startswith("I don't know")
    assert replies[2].text == "From memory: Femi goes swimming on Wednesdays."
    assert model.prompts == []  # nothing made up either


def test_positive_control_and_kemi_alone_asks_about_kemi(settings, memory: Memory) -> None:
    memory.add("Kemi is allergic to peanuts", "health", links=["Kemi"])
    replies, _ = scripted_conversation(settings, memory, ["Hi."], ["and Kemi?"])
    assert replies[0].text == "From memory: Kemi is allergic to peanuts."


def test_and_the_other_thing_after_where_is_asks_where_it_is(settings, memory) -> None:
    """A twelfth trial's "and the calpol?" after "where is the metformin" got the model's
    "From memory: THE CALPOL IS IN THE CUPBOARD ABOVE THE KETTLE."."""
    from tests.brain.conftest import scripted_conversation

    memory.add("MY METFORMIN IS IN THE CUPBOARD ABOVE THE KETTLE.", "place")
    said = ["where is the metformin", "and the calpol?"]
    answers, model = scripted_conversation(
        settings, memory, ["From memory: THE CALPOL IS IN THE CUPBOARD ABOVE THE KETTLE."], said
    )
    assert answers[1].text.startswith("I don't know where the calpol is")
    assert model.prompts == []
