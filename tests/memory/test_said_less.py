"""A refused statement said again with less in it, or a relation said from its other side,
stays refused; a statement that says another detail, another relation or another thing
goes through. Each guard beside its control, through a real Memory with the installed
MiniLM (a stop-64 held-out split's misses, benchmarks/data/tombstone_family_heldout.jsonl)."""

from __future__ import annotations

import pytest

from appliance.memory import Memory
from appliance.memory.contrast import Marks, contrast
from appliance.memory.plain_words import in_plain_words
from appliance.memory.said_less import relation_said, said_less
from appliance.memory.store import AlreadyKnown
from tests.memory.conftest import discarded, held_once_refused, let_through_once_refused


@pytest.mark.parametrize(
    ("said", "less"),
    [
        ("Rhys goes swimming on Saturday mornings.", "Rhys goes swimming on Saturdays."),
        (
            "Grandpa takes his tablet at 8am with breakfast.",
            "Grandpa takes his tablet with breakfast.",
        ),
        ("Fatima's husband, Karim, is allergic to sesame.", "Karim is allergic to sesame."),
        ("Clover, our older rabbit, has a vet check-up.", "Clover has a vet check-up."),
        (
            "Uncle Femi is diabetic, so don't give him sugary drinks.",
            "Don't give Uncle Femi sugary drinks.",
        ),
        (
            "Jamal plays football every Wednesday at 7pm.",
            "Jamal plays football every Wednesday evening.",
        ),
    ],
)
def test_a_statement_read_with_less_in_it(said: str, less: str) -> None:
    assert less in said_less(said)


def test_a_sentence_that_opens_with_a_verb_names_no_one_to_put_in_a_pronoun() -> None:
    """The control: "Ask Nadia…, because she's the one who feeds him" has no subject."""
    assert said_less("Ask Nadia about the cat, because she's the one who feeds him.") == []


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Dariusz is Halina's husband.", "Halina is married to Dariusz."),
        ("Rosalind is Callum's mum.", "Callum is Rosalind's son."),
        ("Eoin is Saoirse's older brother.", "Saoirse is Eoin's younger sister."),
    ],
)
def test_a_relation_is_one_sentence_from_either_side(one: str, other: str) -> None:
    assert relation_said(one) == relation_said(other) is not None


@pytest.mark.parametrize(
    ("refused", "again"),
    [
        ("Rhys goes swimming on Saturday mornings.", "Rhys goes swimming on Saturdays."),
        ("Fatima's husband, Karim, is allergic to sesame.", "Karim is allergic to sesame."),
        ("Dariusz is Halina's husband.", "Halina is married to Dariusz."),
        ("Rosalind is Callum's mum.", "Callum is Rosalind's son."),
        (
            "Uncle Femi is diabetic, so don't give him sugary drinks.",
            "Don't give Uncle Femi sugary drinks.",
        ),
        (
            "The Wi-Fi password is on the back of the router.",
            "the wifi password is um on the back of the router",
        ),
        (
            "Never leave the twins alone near the hob.",
            "Never leave the twins alone near the stove.",
        ),
        ("Hannah is expecting her second baby in May.", "Hannah is due in May."),
        # a nineteenth trial's, each went live after the discard
        (
            "The Christmas pudding is in the garage freezer.",
            "the xmas pudding's in the garage freezer",
        ),
        (
            "Kemi's gluten free Christmas cake is in the pantry.",
            "Kemi's gf Christmas cake is in the pantry",
        ),
    ],
)
def test_a_refused_fact_said_with_less_or_from_the_other_side_is_held(
    semantic_memory: Memory, refused: str, again: str
) -> None:
    held_once_refused(semantic_memory, refused, again)


@pytest.mark.parametrize(
    ("refused", "other"),
    [
        ("Rhys goes swimming on Saturday mornings.", "Rhys goes swimming on Saturday afternoons."),
        ("Fatima's husband, Karim, is allergic to sesame.", "Karim is allergic to peanuts."),
        ("Marek is Zofia's husband.", "Marek is Zofia's brother."),
        ("Arjun is allergic to peanuts.", "Arjun is allergic to all nuts."),
        ("Clara is allergic to penicillin.", "Clara is allergic to antibiotics."),
        ("Dad is going to book the car in for its MOT.", "Dad has booked the car in for its MOT."),
        ("Keisha is thinking about going vegan.", "Keisha has gone vegan."),
        (
            "Nana's reading glasses live on the kitchen windowsill.",
            "Nana's reading glasses live on the bathroom windowsill.",
        ),
        (
            "The spare key is under the plant pot by the front door.",
            "The spare key is under the plant pot by the back door.",
        ),
        ("We're getting the boiler serviced next month.", "We got the boiler serviced last month."),
        (
            "The Christmas pudding is in the garage freezer.",
            "The xmas pudding is in the chest freezer.",
        ),
    ],
)
def test_another_detail_relation_or_thing_goes_through(
    semantic_memory: Memory, refused: str, other: str
) -> None:
    """The controls: each says something the refused statement did not."""
    let_through_once_refused(semantic_memory, refused, other)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # a negation with the opposite side is the same claim
        ("The cat is not allowed upstairs.", "The cat is allowed downstairs."),
        # both sides said by one is no side taken against the other
        (
            "Siobhan tells the kids off if they leave the lights on.",
            "Siobhan gives out to the kids if they leave the lights on.",
        ),
    ],
)
def test_opposites_that_cancel_or_are_both_said_are_no_contrast(a: str, b: str) -> None:
    assert contrast(Marks.of(a), Marks.of(b)) is None


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("The cat is allowed upstairs.", "The cat is allowed downstairs."),
        ("The lights are on.", "The lights are off."),
    ],
)
def test_one_side_against_the_other_is_still_a_contrast(a: str, b: str) -> None:
    """The controls."""
    assert contrast(Marks.of(a), Marks.of(b)) is not None


def test_version_5_names_no_verb_no_dont_and_no_hyphened_word() -> None:
    assert Marks.of("Ask Nadia about the cat.").names == Marks.of("Nadia feeds the cat.").names
    assert len(Marks.of("Don't give Uncle Femi sugary drinks.").names) == 1
    assert Marks.of("The Wi-Fi password is on the router.").names == ()
    assert len(Marks.of("Gran is diabetic.").names) == 1  # a family word is still someone
    # a tombstone written before is read as it was: "Ask" was a name at version 4
    assert len(Marks.of("Ask Nadia about the cat.", 4).names) == 3  # Ask, Nadia, the cat


def test_plain_words_read_a_households_other_words() -> None:
    assert in_plain_words("the wifi password is um on the back") == (
        "the wifi password is on the back"
    )
    assert in_plain_words("Hannah is expecting a baby in May.") == "Hannah is due in May."
    assert in_plain_words("The hob is hot.") == in_plain_words("The stove is hot.")


def test_a_discarded_forget_card_refuses_the_asking_never_the_fact(
    semantic_memory: Memory,
) -> None:
    """A nineteenth trial discarded "forget what you know about the spare key" to keep the
    fact; "The spare key's under the blue plant pot" was then held as "you discarded this"."""
    fact = semantic_memory.add("The spare key is under the blue plant pot.", "household")
    card = semantic_memory.propose(fact.text, "household", kind="retract", target=fact.id)
    semantic_memory.discard(card.id, actor="panel")
    stone = semantic_memory.review.said_no_to("The spare key's under the blue plant pot.")
    assert stone is None  # the fact's words are no refusal
    with pytest.raises(AlreadyKnown, match="correction"):  # the same asking stays refused
        semantic_memory.propose(fact.text, "household", kind="retract", target=fact.id)


def test_a_discarded_fact_card_still_refuses_its_words(semantic_memory: Memory) -> None:
    """The control: a discarded statement's meaning is still held."""
    discarded(semantic_memory, "The spare key is under the blue plant pot.")
    assert (
        semantic_memory.review.said_no_to("The spare key's under the blue plant pot.") is not None
    )
