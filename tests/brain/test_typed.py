"""Words typed without their apostrophe are read as the words they are (typed.py): a fifth
outside trial's "wheres the spare key" got the model's "The spare key is located at the back
door of the house.", and "whos coming on tuesday" got "Alejandro."."""

from __future__ import annotations

import pytest

from appliance.brain.typed import with_apostrophes
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply


def test_an_apostrophe_less_spelling_is_restored() -> None:
    assert with_apostrophes("wheres the spare key") == "where's the spare key"
    assert with_apostrophes("Whos coming on tuesday") == "Who's coming on tuesday"
    assert with_apostrophes("whens maureens bday", frozenset({"maureen"})) == (
        "when's maureen's birthday"
    )


@pytest.mark.parametrize(
    "typed",
    ["its lid is loose", "I feel ill", "Lena wird im Mai 6 Jahre alt.", "the Harris twins"],
)
def test_a_word_of_its_own_stays_as_typed(typed: str) -> None:  # the controls
    assert with_apostrophes(typed, frozenset({"sam"})) == typed


def test_where_typed_without_an_apostrophe_is_answered_from_memory(
    settings, memory: Memory
) -> None:
    memory.add("The spare key's under the blue plant pot at the back door", "place")
    reply, model = scripted_reply(
        settings,
        memory,
        ["The spare key is located at the back door of the house."],
        "wheres the spare key",
    )
    assert reply.text == "From memory: The spare key's under the blue plant pot at the back door."
    assert model.prompts == []


def test_who_typed_without_an_apostrophe_is_never_the_models(settings, memory: Memory) -> None:
    reply, model = scripted_reply(settings, memory, ["Alejandro."], "whos coming on tuesday")
    assert "Alejandro" not in reply.text and model.prompts == []


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # an eleventh outside trial's, typed on a phone: each went to the model, nothing carded
        (
            "ify has a dentist appointment on friday at 3",
            "Ify has a dentist appointment on friday at 3",
        ),
        (
            "pierogi gets one scoop of kibble twice a day",
            "Pierogi gets one scoop of kibble twice a day",
        ),
        ("sam is allergic to nuts", "Sam is allergic to nuts"),  # a name that is a word too
        ("ify's dentist is on Tuesday at 4", "Ify's dentist is on Tuesday at 4"),  # a review's
    ],
)
def test_a_name_memory_holds_typed_in_lower_case_is_a_name(typed: str, read: str) -> None:
    assert with_apostrophes(typed, frozenset({"ify", "pierogi", "sam", "pepper"})) == read


@pytest.mark.parametrize(
    "typed",
    [
        "add pepper to the list",
        "will you add milk",
        "is the ify form done",
        "add fudge to the list",  # a review's list got "Fudge", the dog's name
    ],
)
def test_a_name_that_is_a_word_stays_a_word(typed: str) -> None:  # the controls
    known = frozenset({"pepper", "will", "fudge"})
    assert with_apostrophes(typed, known) == typed


def test_a_fact_typed_with_a_lower_case_name_is_carded(settings, memory: Memory) -> None:
    from tests.brain.conftest import ScriptedModel, scripted_brain

    memory.add("Ify is coeliac, so no gluten at all for her.", "health")
    brain, model = scripted_brain(
        settings, memory, ["The dentist is at the clinic."], notetaker=ScriptedModel([])
    )
    try:
        reply = brain.reply("ify has a dentist appointment on friday at 3")
    finally:
        brain.close()
    assert reply.route == "statement" and model.prompts == []
    assert [p.text for p in memory.proposals()] == ["Ify has a dentist appointment on friday at 3."]


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # a twelfth trial's, names memory did not hold yet: each went to the model, uncarded
        ("chidi hates coriander", "Chidi hates coriander"),
        (
            "nnamdi's mock exams start on the 12th of january",
            "Nnamdi's mock exams start on the 12th of january",
        ),
        # a given name English also holds as a word (a thirteenth session's "josh is
        # allergic to kiwi" went to the model, and nothing was carded)
        ("josh is allergic to kiwi", "Josh is allergic to kiwi"),
        ("sam hates coriander", "Sam hates coriander"),
        # the controls: English words and the kitchen's are no one's names, nor a given
        # name that is an everyday word first
        ("will is coming on friday", "will is coming on friday"),
        ("grace is said before dinner", "grace is said before dinner"),
        ("basil is in the garden", "basil is in the garden"),
        ("dinner is ready", "dinner is ready"),
        ("pasta is done", "pasta is done"),
        ("the kids are home", "the kids are home"),
    ],
)
def test_a_name_unheard_of_said_first_of_someone_is_a_name(typed: str, read: str) -> None:
    assert with_apostrophes(typed) == read


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # a twelfth trial's, each carded as a fact
        ("Nnamdi is allergic to peanuts isnt he", "Nnamdi is allergic to peanuts isnt he?"),
        (
            "my friend lily says pesto has nuts in it is that true",
            "my friend lily says pesto has nuts in it is that true?",
        ),
        ("Aoife is fine with peanuts, right", "Aoife is fine with peanuts, right?"),
        # the controls: no tag
        ("turn right", "turn right"),
        ("Tom is right", "Tom is right"),
        ("add milk to the list", "add milk to the list"),
    ],
)
def test_a_tag_question_typed_without_its_mark_is_a_question(typed: str, read: str) -> None:
    from appliance.brain.typed import with_its_mark

    assert with_its_mark(typed) == read


def test_a_tag_question_is_not_carded(settings, memory: Memory) -> None:
    reply, _ = scripted_reply(settings, memory, [], "Nnamdi is allergic to peanuts isnt he")
    assert memory.proposals() == [] and "Noted" not in reply.text


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # a held-out split's: a name memory did not hold, asked of with what is theirs, went
        # to the model
        ("when is tobis swimming", "when is Tobi's swimming"),
        ("when is ifys parents evening", "when is Ify's parents evening"),
        ("wat time is soccer practise", "what time is soccer practise"),
        # the controls: no question, an English plural, how something is
        ("add quesadillas to the list", "add quesadillas to the list"),
        ("when are quesadillas ready", "when are quesadillas ready"),
        ("is brownies on tonight", "is brownies on tonight"),
    ],
)
def test_a_name_unheard_of_owning_what_is_asked_of_is_its_owner(typed: str, read: str) -> None:
    assert with_apostrophes(typed) == read


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # a thirteenth trial's: each went to the model, and nothing was carded
        ("tomasz moved out on saturday", "Tomasz moved out on saturday"),
        ("also ruaridh owes me 40 quid", "also Ruaridh owes me 40 quid"),
        ("hi its priya. tomasz keeps the key", "hi its priya. Tomasz keeps the key"),
        ("mr kerr has a spare set of keys", "Mr Kerr has a spare set of keys"),
        # the controls: a word English knows, said first or after a sentence's end
        ("bread went off", "bread went off"),
        ("thanks. dinner is ready", "thanks. dinner is ready"),
        ("mr kerr", "mr kerr"),
    ],
)
def test_a_name_typed_lower_where_a_sentence_starts_is_a_name(typed: str, read: str) -> None:
    assert with_apostrophes(typed) == read


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # a name English also writes as a word, said first and of a person only (a
        # fourteenth trial's "mark hates mushrooms" got a 150-word rant from the model, and
        # "lily's vegetarian" a line about pet food)
        ("mark hates mushrooms", "Mark hates mushrooms"),
        ("lily's vegetarian", "Lily's vegetarian"),
        ("frank is allergic to shellfish", "Frank is allergic to shellfish"),
        ("frank can't eat grapefruit", "Frank can't eat grapefruit"),
    ],
)
def test_a_word_said_only_of_a_person_is_a_name(typed: str, read: str) -> None:
    assert with_apostrophes(typed) == read


@pytest.mark.parametrize(
    "typed",
    [
        "everyone hates mushrooms",
        "nobody likes it",
        "chocolate is vegan",  # a food by its diet
        "gravy is gluten free",
        "mum hates it",
        "mark the date",
        "will loves it",
    ],
)
def test_words_said_of_everyone_of_food_or_no_one_stay_words(typed: str) -> None:  # controls
    assert with_apostrophes(typed) == typed
