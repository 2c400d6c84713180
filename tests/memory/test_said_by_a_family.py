"""A refused fact said again in a family's own words stays refused: a twentieth outside
trial's (Leeds) discarded facts came back live through a plain "remember that …" in other
words ("Kasia's fella is Tomasz", "Bramble is 4", "Dave's mum lives in Bramley", "car keys
go on t'hook by t'front door"). Each guard beside its control, through a real Memory with
the installed MiniLM; the pairs here are not the trial's own words."""

from __future__ import annotations

import pytest

from appliance.memory import Memory
from appliance.memory.plain_words import in_plain_words
from appliance.memory.said_less import as_said_by_them, relation_said
from tests.memory.conftest import held_once_refused, let_through_once_refused


@pytest.mark.parametrize(
    ("refused", "again"),
    [
        ("Maria's boyfriend is called Luca.", "Maria's fella is Luca"),
        ("Maria's boyfriend is called Luca.", "Maria is Luca's girlfriend"),
        ("Pepper is 7 years old.", "Pepper's seven now"),
        ("Me mam lives in Otley.", "Gareth's mum lives in Otley"),
        (
            "The spare key lives on the hook by the back door.",
            "spare key goes on t'hook by t'back door",
        ),
        ("Sophie's best mate is called Ella.", "sophie's bezzie is ella lol"),
        # and two more of that trial's left at its stop: a favourite, and an age as a birth
        ("Noor's favourite colour is yellow.", "noor likes yellow best"),
        ("Pepper is 7 years old.", "pepper were born seven year ago"),
    ],
)
def test_a_refused_fact_in_a_familys_own_words_is_held(
    semantic_memory: Memory, refused: str, again: str
) -> None:
    held_once_refused(semantic_memory, refused, again)


@pytest.mark.parametrize(
    ("refused", "other"),
    [
        ("Maria's boyfriend is called Luca.", "Maria's brother is called Luca"),
        ("Maria's boyfriend is called Luca.", "Maria's boyfriend is called Marco"),
        ("Pepper is 7 years old.", "Pepper is 9"),
        ("Me mam lives in Otley.", "Gareth's mum lives in Ilkley"),
        (
            "The spare key lives on the hook by the back door.",
            "The spare key is on the hook by the front door",
        ),
        ("Sophie's best mate is called Ella.", "Sophie's best mate is called Grace"),
        ("Noor's favourite colour is yellow.", "Noor likes green best"),
        ("Pepper is 7 years old.", "Pepper was born nine years ago"),
    ],
)
def test_another_relation_age_place_or_name_goes_through(
    semantic_memory: Memory, refused: str, other: str
) -> None:
    let_through_once_refused(semantic_memory, refused, other)


def test_the_readings_themselves() -> None:
    assert relation_said("Maria is Luca's girlfriend") == relation_said("Luca is Maria's boyfriend")
    assert as_said_by_them("Gareth's mum lives in Otley") == "my mum lives in Otley"
    assert as_said_by_them("Gareth's van is on the drive") is None  # no one's relation
    assert in_plain_words("Pepper's seven now") == in_plain_words("Pepper's 7 years old")
    assert in_plain_words("pepper was born 7 years ago") == "pepper is 7"
    assert in_plain_words("noor likes yellow best") == in_plain_words(
        "noor's favourite food is yellow"
    )


@pytest.mark.parametrize(
    ("refused", "again"),
    [
        # a twenty-first trial's (Cardiff), each refused and then kept live in other words
        ("Nain's birthday is on the 9th of May.", "remember Nain's bday is 09/05"),
        ("Nain's birthday is on the 9th of May.", "it's Nain's birthday on 9.5"),
        ("Nain's birthday is on the 9th of May.", "Nain was born on 9 May 1950"),
        ("Mrs Rees next door has a key too.", "our neighbour Mrs Rees has a key too"),
        (
            "Pero's vet is Mr Lloyd on Heol Road.",
            "the vet for Pero is Mr Lloyd, Heol Rd",
        ),
    ],
)
def test_a_refused_date_neighbour_or_vet_said_otherwise_is_held(
    semantic_memory: Memory, refused: str, again: str
) -> None:
    held_once_refused(semantic_memory, refused, again)


@pytest.mark.parametrize(
    ("refused", "other"),
    [
        ("Nain's birthday is on the 9th of May.", "Nain's birthday is 10/05"),
        ("Nain's birthday is on the 9th of May.", "Nain was born on 9 June 1950"),
        ("Mrs Rees next door has a key too.", "our neighbour Mr Jenkins has a key too"),
        ("Pero's vet is Mr Lloyd on Heol Road.", "the vet for Pero is Ms Price, Heol Rd"),
    ],
)
def test_another_date_neighbour_or_vet_goes_through(
    semantic_memory: Memory, refused: str, other: str
) -> None:
    let_through_once_refused(semantic_memory, refused, other)


def test_a_date_is_read_one_way() -> None:
    assert in_plain_words("Nain's bday is 09/05") == in_plain_words("Nain's birthday is 9th May")
    assert in_plain_words("Add 3.3 kg of flour") == "Add 3.3 kg of flour"  # no date spoken of


# A twenty-second trial's (Winnipeg): "Jayden's girlfriend is Ashley." discarded, then Jayden
# typed "remember that my girlfriend's name is Ashley" and it went live. Who speaks is not
# known, so the first person is read as of each name the live facts hold.
@pytest.mark.parametrize(
    "again",
    [
        "My girlfriend's name is Nia.",
        "Nia is my gf.",
        "I'm going out with Nia.",
        # a held-out split's: "I" and its verb said of the one named ("I take" -> "Kofi takes")
        "i go out with Nia btw",
    ],
)
def test_a_refused_fact_said_again_in_the_first_person_is_held(
    semantic_memory: Memory, again: str
) -> None:
    semantic_memory.add("Kofi is lactose intolerant.", "health")
    held_once_refused(semantic_memory, "Kofi's girlfriend is Nia.", again)


@pytest.mark.parametrize("other", ["My girlfriend's name is Zara.", "My bike is in the shed."])
def test_another_first_person_fact_goes_through(semantic_memory: Memory, other: str) -> None:
    semantic_memory.add("Kofi is lactose intolerant.", "health")
    let_through_once_refused(semantic_memory, "Kofi's girlfriend is Nia.", other)


def test_the_first_person_is_read_as_of_the_house_s_names() -> None:
    from appliance.memory.said_less import as_said_of, people_of

    assert {"Kofi", "Ama"} <= people_of("Kofi is lactose intolerant. Ama's bike is red.")
    assert as_said_of("My girlfriend's name is Nia.", {"Kofi"}) == [
        "Kofi's girlfriend's name is Nia."
    ]
    assert as_said_of("Nia is Kofi's girlfriend.", {"Kofi"}) == []  # no first person
    assert as_said_of("I take my coffee black", {"Kofi"}) == ["Kofi takes their coffee black"]
    assert as_said_of("I don't eat beef", {"Kofi"}) == ["Kofi doesn't eat beef"]
    assert people_of("Arjun plays cricket. Seán walks the dog.") == {"Arjun", "Seán"}


# A twenty-third trial's (Houston): refusals texted back, each went live on the phone
def _refused_then(memory: Memory, live: str, refused: str) -> None:
    memory.add(live, "note")
    proposal = memory.propose(refused, "note", 0.8)
    memory.discard(proposal.id, "cli", "wrong")


def test_refusals_said_again_as_a_family_texts_them_are_held(semantic_memory: Memory) -> None:
    _refused_then(semantic_memory, "Ines is vegan.", "Ines eats fish on fridays.")
    _refused_then(semantic_memory, "Tomas is diabetic.", "Tomas's birthday is on March 3rd.")
    _refused_then(semantic_memory, "Joe works from home.", "Joe is allergic to shellfish.")
    for again in (
        "ines = pescatarian on fridays",  # texted
        "Tomas Ruiz, born March 3",
        "I can't eat shrimp or crab, allergic.",  # Joe, in the first person
    ):
        assert semantic_memory.review.said_no_to(again) is not None, again


def test_another_fact_texted_so_is_let_through(semantic_memory: Memory) -> None:
    _refused_then(semantic_memory, "Ines is vegan.", "Ines eats fish on fridays.")
    _refused_then(semantic_memory, "Tomas is diabetic.", "Tomas's birthday is on March 3rd.")
    for other in ("ines = vegan on mondays", "Tomas Ruiz, born June 9", "I'm allergic to cats"):
        assert semantic_memory.review.said_no_to(other) is None, other  # the controls
