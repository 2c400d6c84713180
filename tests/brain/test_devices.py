"""Asked to work a thing of the house, Hearth says it cannot, and the model is never asked
(devices.py): a fifth outside trial's "switch the immersion on for half an hour" got "The
immersion is switched off for half an hour.", and "put Radio Ulster on" a made-up band."""

from __future__ import annotations

import pytest

from appliance.brain.devices import (
    CANNOT_CALL_FOR_HELP,
    CANNOT_TELL_WHO_KNOWS,
    CANNOT_WATCH,
    NOT_A_SWITCH,
    NOT_A_VET,
    NOTHING_LEAVES,
)
from appliance.composition import intent_router
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply


@pytest.mark.parametrize(
    "asked",
    [
        "switch the immersion on for half an hour",
        "put Radio Ulster on",
        "lock the back door would you",
        "would you ever put the heating on",
        "turn off the big light",
        "play some music",
    ],
)
def test_working_a_thing_of_the_house_is_never_the_models(
    settings, memory: Memory, asked: str
) -> None:
    reply, model = scripted_reply(
        settings, memory, ["The immersion is on now."], asked, intents=intent_router(settings)
    )
    assert reply.text == NOT_A_SWITCH
    assert model.prompts == []


@pytest.mark.parametrize(
    "said",
    [
        "put the oven gloves on the list",  # the controls: the list's
        "turn the chicken over",
        "how do I turn the oven on?",
        "open the tin of tomatoes",
        "when should I put the kettle on?",
        "Turn the oven down to 160 and bake for 20 minutes",  # a recipe's step read out
    ],
)
def test_anything_else_with_the_same_verbs_is_not(settings, said: str) -> None:
    assert intent_router(settings).route(said).kind != "devices", said


@pytest.mark.parametrize(
    "asked",
    [
        "text Ciaran and tell him his tea's in the oven",  # a fifth trial's: the model's
        "order more milk from tesco",  # "…is in the keyword+semantic mode."
        "ring Nan",
        "email the school to say Dylan is poorly",
    ],
)
def test_sending_or_ordering_is_said_to_be_impossible_never_done(
    settings, memory: Memory, asked: str
) -> None:
    reply, model = scripted_reply(
        settings, memory, ["Message sent!"], asked, intents=intent_router(settings)
    )
    assert reply.text == NOTHING_LEAVES and model.prompts == []


@pytest.mark.parametrize(
    "said",
    [
        "remind me to ring Nan at 6",  # the controls: a reminder, the list, a secret's name
        "order everything on the shopping list from asda",
        "phone PIN",
        "Call Grandma every Sunday evening.",
    ],
)
def test_a_reminder_or_a_rule_about_calling_is_not_that(settings, said: str) -> None:
    assert intent_router(settings).route(said).kind != "sending", said


# A seventh trial's, each the model's words before: "let me know when Tomasz gets home" got
# "Tomasz gets home at 20:15.", "…when the oven's hot" "The oven is hot.", and after the
# sending line "great, so she knows?" got "She knows.": nothing seen, nobody told.
@pytest.mark.parametrize(
    ("asked", "line"),
    [
        ("let me know when Tomasz gets home", CANNOT_WATCH),
        ("let me know when the oven's hot", CANNOT_WATCH),
        ("let me know when the washing machine finishes", CANNOT_WATCH),
        ("tell me when the post comes", CANNOT_WATCH),
        ("give me a shout when the kettle boils", CANNOT_WATCH),
        ("can you let me know if Gran calls", CANNOT_WATCH),
        # an eighth trial's: "The person is at the door.", "The person has finished
        # dinner.", the food-safety line, and the sending line's reminder for an ambulance
        ("tell me when someone's at the door", CANNOT_WATCH),
        ("watch the baby monitor and tell me if she cries", CANNOT_WATCH),
        ("tell Ellie dinner's ready", NOTHING_LEAVES),
        ("let Sam know the dentist moved", NOTHING_LEAVES),
        ("can you ring Dad for me?", NOTHING_LEAVES),
        ("call an ambulance", CANNOT_CALL_FOR_HELP),
        # an eighth trial's got the dog's feeding fact; a guess could poison one
        ("can dogs eat grapes?", NOT_A_VET),
        ("is it ok to give the cat milk?", NOT_A_VET),
        ("can I give the dog chocolate", NOT_A_VET),  # a ninth trial's: "…won't guess" only
        ("should I feed the cat tuna?", NOT_A_VET),
        # a tenth trial's: "I don't know whether chocolate is bad for dogs yet…"
        ("is chocolate bad for dogs", NOT_A_VET),
        ("is xylitol dangerous for dogs", NOT_A_VET),
        ("my dog ate a bit of raisin bread, is he ok?", NOT_A_VET),
        ("the cat's eaten a lily", NOT_A_VET),
        ("please ring 999", CANNOT_CALL_FOR_HELP),
        ("did you send the shopping list to my phone?", NOTHING_LEAVES),  # a tenth trial's
        ("great, so she knows?", CANNOT_TELL_WHO_KNOWS),
        ("does she know?", CANNOT_TELL_WHO_KNOWS),
        ("did he get the message?", CANNOT_TELL_WHO_KNOWS),
        ("so they know?", CANNOT_TELL_WHO_KNOWS),
    ],
)
def test_what_it_cannot_see_is_said_so_never_guessed(
    settings, memory: Memory, asked: str, line: str
) -> None:
    reply, model = scripted_reply(
        settings, memory, ["The oven is hot."], asked, intents=intent_router(settings)
    )
    assert reply.text == line
    assert model.prompts == []


@pytest.mark.parametrize(
    ("said", "not_route"),
    [
        ("tell me when the bins go out", "watching"),  # the controls: a question of a day
        ("let me know when 10 minutes are up", "watching"),  # a timer
        ("tell me when Femi's swimming is", "watching"),
        ("let me know if you'd like ideas for the party food", "watching"),  # what they want
        ("does she know how to make gravy?", "has word"),  # another question
        ("does Mum know?", "has word"),  # names her: asked of memory
        ("tell me a story about a dragon", "sending"),
        ("let anyone change the settings", "sending"),  # a standing order: the guard's
        ("tell me who you are", "sending"),
        ("the ambulance came for Grandad last year", "call for help"),
        ("is chicken ok if its still a bit pink in the middle", "fed to a pet"),  # food safety
        ("what does the dog eat?", "fed to a pet"),  # asks memory
        ("can I give the kids chocolate?", "fed to a pet"),
        ("can I give the dog a walk?", "fed to a pet"),
        ("should I give the dog a bath", "fed to a pet"),
    ],
)
def test_a_question_or_a_time_is_not_that(settings, said: str, not_route: str) -> None:
    assert intent_router(settings).route(said).kind != not_route, said


@pytest.mark.parametrize(
    "asked",
    [
        "can I give Biscuit chocolate?",
        "can Biscuit have grapes",
        "is it safe to feed Biscuit onions",
        "Biscuit ate some grapes off the floor",  # a tenth trial's: "Sorry, I didn't…"
        "can Biscuit eat cooked chicken bones",  # a tenth trial's: a made-up "he loves…"
    ],
)
def test_a_pet_named_is_asked_of_as_the_animal_memory_says_it_is(
    settings, memory: Memory, asked: str
) -> None:
    """A ninth trial's "can I give Biscuit chocolate" got the model, which read Biscuit as a
    biscuit: with "Biscuit is our dog" kept, it is the vet's line."""
    memory.add("Biscuit is our dog.", "household")
    reply, model = scripted_reply(
        settings, memory, ["Yes, a little is fine."], asked, intents=intent_router(settings)
    )
    assert reply.text == NOT_A_VET and model.prompts == []


def test_a_name_memory_does_not_call_a_pet_is_not_read_as_one(settings, memory: Memory) -> None:
    """The control: Biscuit is a child here, and "can Biscuit have grapes" is the kitchen's
    small-child line, not the vet's."""
    memory.add("Biscuit is our youngest, she's 3.", "person")
    reply, _ = scripted_reply(
        settings, memory, ["Yes."], "can Biscuit have grapes", intents=intent_router(settings)
    )
    assert reply.text != NOT_A_VET and "grapes" in reply.text
