"""A refused statement said again in a household's other words stays refused (plain
words), and a close statement that says another detail is let through (details): each
guard beside its control, through a real Memory."""

from __future__ import annotations

import pytest

from appliance.memory import Memory
from appliance.memory.contrast import Marks, contrast
from appliance.memory.plain_words import in_plain_words
from appliance.memory.store import AlreadyKnown
from tests.memory.conftest import discarded, held_once_refused, let_through_once_refused


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        ("FYI the code for the alarm is 2580", "The code for the alarm is 2580"),
        ("Remember that the bins go out on Sunday.", "The bins go out on Sunday."),
        ("garage code is four four seven one", "garage code is 4471"),
        (
            "Nan's flight back to Lagos is on the third.",
            "Grandma's flight back to Lagos is on the 3rd.",
        ),
        ("The vacuum cleaner is in the hall", "The hoover is in the hall"),
        # (a favourite of any kind is one: "likes grey best" says the same)
        ("Niamh's favorite color is gray.", "Niamh's favourite is grey."),
        ("Gwen's GP is Dr Hughes.", "Gwen's doctor is Dr Hughes."),
        ("Declan is alergic to penicillin.", "Declan is allergic to penicillin."),
        ("priya cant have sesame shes allergic", "priya can't have sesame she's allergic"),
        ("We're off to Kraków to see Małgorzata", "We're off to Krakow to see Malgorzata"),
    ],
)
def test_plain_words(said: str, plain: str) -> None:
    assert in_plain_words(said) == plain


@pytest.mark.parametrize(
    "kept",
    [
        "Mochi sleeps on the sofa",  # a name is never a slip ("Kochi")
        "priya walks the dog",  # nor a name typed lower case ("prima")
        "Fergus trains on tuesdays",  # a known word's own form ("tuesday")
        "The boiler is getting serviced",
    ],
)
def test_plain_words_leave_names_and_word_forms_alone(kept: str) -> None:
    assert in_plain_words(kept) == kept


def test_a_refused_fact_said_with_fyi_is_held_without_a_model(memory: Memory) -> None:
    assert memory.recall_mode == "keyword"
    discarded(memory, "The school's class number is 24.")
    with pytest.raises(AlreadyKnown, match="discarded"):
        memory.propose("FYI the school's class number is 24", "note")
    with pytest.raises(AlreadyKnown, match="discarded"):
        memory.propose("the school's class number is two four", "note")
    assert memory.propose("The school's class number is 25.", "note")  # control: another


@pytest.mark.parametrize(
    ("refused", "again"),
    [
        (
            "Nan's hearing aid batteries are kept in the top drawer of the dresser.",
            "grandma's hearing aid batteries live in the top drawer of the dresser",
        ),
        (
            "The hoover lives in the cupboard under the stairs.",
            "The vacuum cleaner is kept in the under-stairs cupboard.",
        ),
        ("Niamh's favourite colour is grey.", "Niamh's favorite color is gray."),
        (
            "Fergus has football training on Tuesdays and Thursdays.",
            "Fergus has footbal trainning tuesdays and thursdays",
        ),
        (
            "The stopcock is under the kitchen sink.",
            "The water shut-off valve is under the sink in the kitchen.",
        ),
    ],
)
def test_a_refused_fact_in_a_households_other_words_is_held(
    semantic_memory: Memory, refused: str, again: str
) -> None:
    held_once_refused(semantic_memory, refused, again)


@pytest.mark.parametrize(
    ("refused", "other"),
    [
        (
            "Amir's spare insulin is in the fridge door.",
            "Amir's spare insulin is in the bathroom cabinet.",
        ),
        ("Sanjay is allergic to peanuts.", "Sanjay is allergic to tree nuts."),
        ("Rory is Catriona's brother.", "Rory is Catriona's brother-in-law."),
        ("Adaeze is flying to Abuja on Friday.", "Adaeze is flying back from Abuja on Friday."),
        ("Orla is planning to leave her job.", "Orla has left her job."),
        ("The boiler is serviced every October.", "The boiler was serviced last October."),
        (
            "Nnamdi is allowed to walk home from school on his own.",
            "nnamdi isnt allowed to walk home from school on his own",
        ),
        ("Kate has asthma.", "Kate had asthma as a child."),
    ],
)
def test_another_detail_is_another_fact(semantic_memory: Memory, refused: str, other: str) -> None:
    let_through_once_refused(semantic_memory, refused, other)


@pytest.mark.parametrize(
    ("a", "b", "why"),
    [
        ("The key is in the shed.", "The key is in the garage.", "they say different places"),
        (
            "Sam is allergic to sesame.",
            "Sam is allergic to mustard.",
            "they name different allergens",
        ),
        ("Sam isnt allowed out.", "Sam is allowed out.", "one is negated"),
    ],
)
def test_details_mark_the_difference(a: str, b: str, why: str) -> None:
    assert contrast(Marks.of(a), Marks.of(b)) == why


def test_details_agree_where_the_words_do() -> None:
    for a, b in (
        ("The key is in the shed.", "The spare key is kept in the shed."),
        ("Sam is allergic to sesame.", "Sam has a sesame allergy."),
        (
            "Grandma flies back to Lagos on the 3rd.",
            "Grandma's flight back to Lagos is on the 3rd.",
        ),
        ("Skipping lunch gives Cerys migraines.", "Cerys gets migraines if she skips lunch."),
    ):
        assert contrast(Marks.of(a), Marks.of(b)) is None, (a, b)


def test_marks_of_an_older_tombstone_read_no_details() -> None:
    older = Marks.of("The key is in the shed.", version=3)
    assert contrast(older, Marks.of("The key is in the garage.", version=3)) is None


@pytest.mark.parametrize(
    ("refused", "again"),
    [
        # an eighteenth trial's each went live, or to the board unmarked
        ("Dai is allergic to penicillin.", "remember that my dad Dai is allergic to penicillin"),
        ("Dai is allergic to penicillin.", "Dai can't take penicillin"),
        ("Zara is vegetarian.", "Zara eats vegetarian food only"),
        ("Zara is vegetarian.", "Zara only eats veggie food"),
        ("Zara's got her GCSE mocks in January.", "zara's mocks are in january"),
        ("Mam's birthday is 14th of February.", "mams bday is 14 feb"),
    ],
)
def test_an_eighteenth_trials_refusals_said_again_are_held(
    semantic_memory: Memory, refused: str, again: str
) -> None:
    discarded(semantic_memory, refused)
    with pytest.raises(AlreadyKnown, match="discarded"):
        semantic_memory.propose(again, "note")


@pytest.mark.parametrize(
    ("refused", "other"),
    [
        ("Dai is allergic to penicillin.", "Gareth is allergic to penicillin."),
        ("Mam's birthday is 14th of February.", "Dad's birthday is 14th of February."),
        ("Mum's GP is Dr Patel.", "Dad's GP is Dr Patel."),
        (
            "Bilal's football match kicks off at 10.30 on Saturday.",
            "Bilal's brother Idris's match kicks off at half ten on Saturday.",
        ),
    ],
)
def test_the_same_said_of_someone_else_is_another_fact(
    semantic_memory: Memory, refused: str, other: str
) -> None:
    discarded(semantic_memory, refused)
    assert semantic_memory.propose(other, "note")
