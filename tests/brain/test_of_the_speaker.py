"""Asked about whoever asks ("am i allergic to nuts?"): Hearth does not know who speaks, so
nothing is said of "you", no one else's fact is given as theirs, and the model is never
asked (a fifteenth outside trial's model told a child "You're allergic to nuts!", another
"you are diabetic", and an adult "You can take 2 tablets of metformin every day")."""

from __future__ import annotations

import pytest

from appliance.composition import intent_router
from appliance.memory import Memory
from tests.brain.conftest import scripted_brain

FACTS = (
    "Ngozi is diabetic and takes metformin with her breakfast.",
    "Ngozi prefers her tea without sugar.",
    "My fav colour is purple.",
)


@pytest.mark.parametrize(
    "asked",
    [
        "am i allergic to nuts",
        "am i diabetic",
        "so am i allergic to anything?",
        "what am i scared of",
        "how do i take my tea",
        "How many tablets of metformin do I take?",
        "what medicine do i take",
    ],
)
def test_nothing_is_said_of_whoever_asks(settings, memory: Memory, asked: str) -> None:
    for fact in FACTS:
        memory.add(fact, "note")
    brain, model = scripted_brain(
        settings, memory, ["You're allergic to nuts!"], intents=intent_router(settings)
    )
    try:
        reply = brain.reply(asked)
    finally:
        brain.close()
    assert model.prompts == []  # the model is never asked
    assert reply.text.startswith("I don't know who's asking, so I can't say that of you.")
    assert "You're" not in reply.text and "you are" not in reply.text.lower()


def test_what_others_were_told_is_said_with_their_names(settings, memory: Memory) -> None:
    for fact in FACTS:
        memory.add(fact, "note")
    brain, _ = scripted_brain(settings, memory, ["x"], intents=intent_router(settings))
    try:
        tea = brain.reply("how do i take my tea")
        colour = brain.reply("whats my fav colour")
        control = brain.reply("how does ngozi take her tea")
    finally:
        brain.close()
    assert "What I do know: Ngozi prefers her tea without sugar." in tea.text
    # a fact in the first person is quoted as said by someone, never as the asker's own
    assert colour.text == "From memory: Someone here told me: “My fav colour is purple.”"
    assert "Ngozi prefers her tea without sugar" in control.text  # asked with the name


@pytest.mark.parametrize(
    "asked",
    [
        # a review's each heard "I don't know who's asking": asked of the house or the world
        "am i out of milk",
        "what do i need for pancakes",
        "how many eggs do i have",
        "am i allowed to freeze cooked rice",
        "how much sugar do you need for jam",
    ],
)
def test_what_is_no_matter_of_the_asker_is_read_as_before(asked: str) -> None:
    from appliance.brain.asked_of import of_the_speaker
    from appliance.brain.questions import classify

    assert not of_the_speaker(asked)
    assert classify(asked).why != "how someone here does it"
    assert of_the_speaker("am i allergic to nuts")  # the control
    assert classify("how many tablets of metformin does Ngozi take").household
