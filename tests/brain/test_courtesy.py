"""Thanks, "never mind" and "be quiet" get a fixed line, never the model; through the
brain with the router `hearth run` builds and a scripted model (no reply: a turn that
reached it would show as a prompt)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from appliance.brain.courtesy import (
    HOW_I_LISTEN,
    HOW_THEY_ARE,
    NO_DAY_OF_MY_OWN,
    NO_OPINION_OF_PEOPLE,
    OKAY,
    WELCOME,
    reply_to,
    with_courtesy,
)
from appliance.brain.household import household_router
from appliance.brain.kitchen import with_kitchen
from appliance.composition import intent_router
from appliance.config import Settings
from appliance.household import HouseholdStore, Scheduler
from appliance.memory import Memory
from appliance.memory.embedding import Embedding
from appliance.sound import Silence
from tests.brain.conftest import scripted_brain
from tests.household.conftest import MovableClock


def _brain(settings: Settings, memory: Memory, replies: list[str]):
    return scripted_brain(
        settings, memory, replies, intents=intent_router(settings, Embedding.none())
    )


@pytest.mark.parametrize(
    ("said", "answer"),
    [
        ("Thanks.", WELCOME),
        ("Thank you, Hearth!", WELCOME),
        ("ok thanks", WELCOME),
        ("Cheers", WELCOME),
        ("Never mind.", OKAY),
        ("Oh, never mind then.", OKAY),
        ("No thanks.", OKAY),
        ("Be quiet.", OKAY),
        ("Shut up, Hearth.", OKAY),
        ("Sorry, wrong button.", OKAY),
    ],
)
def test_thanks_and_never_mind_are_answered_without_the_model(
    settings: Settings, memory: Memory, said: str, answer: str
) -> None:
    brain, model = _brain(settings, memory, [])
    try:
        reply = brain.reply(said)
    finally:
        brain.close()
    assert (reply.text, reply.route) == (answer, "courtesy")
    assert model.prompts == []


@pytest.mark.parametrize(
    "said",
    [
        "Thanks, and what goes in a roux?",  # more than thanks: the rest is a request
        "Thank you for the recipe, can you make it vegan?",
        "No milk in the fridge again",
        "Never mind the weather, how's the traffic",
        "Quiet weekends are the best",
    ],
)
def test_a_message_with_more_in_it_is_no_courtesy(said: str) -> None:
    """The control: only the whole message is thanks; anything more is read as before."""
    assert reply_to(said) is None


def test_a_statement_after_no_is_still_a_statement(settings: Settings, memory: Memory) -> None:
    brain, _ = _brain(settings, memory, [])
    try:
        reply = brain.reply("No, the spare key is in the shed.")
    finally:
        brain.close()
    assert reply.route == "statement"


def test_ok_thanks_while_a_timer_rings_stops_it_first(
    settings: Settings, memory: Memory, data_dir: Path
) -> None:
    """The household's intents come first: said to a ringing alarm, "ok thanks" stops it."""
    clock = MovableClock(dt.datetime(2026, 12, 1, 20, 41, 0))
    intents = with_courtesy(with_kitchen(household_router(data_dir, clock=clock)))
    brain, model = scripted_brain(settings, memory, [], clock=clock, intents=intents)
    with HouseholdStore.open(data_dir, clock) as store:
        try:
            brain.reply("set a pasta timer for 1 minute")
            clock.advance(60)
            Scheduler(store, Silence("tests"), clock).check()
            assert store.ringing()
            assert brain.reply("ok thanks").text == "I've stopped the pasta timer."
            assert store.ringing() == []
            assert brain.reply("ok thanks").text == WELCOME  # nothing rings now: thanks
        finally:
            brain.close()
    assert model.prompts == []


def test_hearth_runs_router_has_courtesy_after_the_household_and_before_memory(
    settings: Settings,
) -> None:
    names = intent_router(settings, Embedding.none()).names
    assert names.index("timers") < names.index("courtesy") < names.index("remember")
    assert names.index("cooking") < names.index("courtesy")  # "forget it" ends a recipe


@pytest.mark.parametrize(
    "said",
    [
        "morning Hearth, how are you today?",
        "hello hearth, are you there?",
        "hiya",
        "bore da",
        "how are ye the day?",  # a fifth trial's, and the next: the model answered each
        "what's the craic?",
    ],
)
def test_a_greeting_gets_a_greeting_never_its_own_words_back(said: str) -> None:
    # a third outside trial: the model said "morning, I'm fine." and "diolch, I'm fine."
    assert reply_to(said) == "Hello, I'm here."
    assert reply_to("diolch, Hearth") == WELCOME


def test_thanks_with_a_kind_word_is_thanks() -> None:
    assert reply_to("thanks love, you're very good") == WELCOME  # a fifth trial's
    assert reply_to("thanks love, you're very good at timers, set one") is None  # the control


@pytest.mark.parametrize(
    "said",
    [
        "hello, can you set a timer",
        "hi Sam",
        "Morning! Add milk",
        "what's the craic with the bins?",
    ],
)
def test_a_greeting_with_more_goes_on(said: str) -> None:
    assert reply_to(said) is None  # the controls


@pytest.mark.parametrize("said", ["forget it", "Forget about it.", "Oh, forget it"])
def test_forget_it_with_nothing_cooking_or_kept_is_a_never_mind(
    settings: Settings, memory: Memory, said: str
) -> None:
    """An eighth trial's "forget it" got the cookbook's "Nothing is being cooked. Say
    “let's make”…"; with no recipe being cooked it is said of the last answer, and with
    nothing kept or read out it forgets nothing and says so."""
    brain, model = _brain(settings, memory, [])
    try:
        reply = brain.reply(said)
    finally:
        brain.close()
    assert reply.route == "correct" and "nothing is forgotten" in reply.text
    assert memory.proposals() == [] and model.prompts == []


def test_forget_it_straight_after_a_fact_is_kept_asks_to_forget_that_fact(
    settings: Settings, memory: Memory
) -> None:
    """The control: after "remember that…", "forget it" asks to forget what was kept."""
    brain, _ = _brain(settings, memory, [])
    try:
        kept = brain.reply("remember that the spare key is under the blue pot")
        reply = brain.reply("forget it", thread_id=kept.thread_id)
    finally:
        brain.close()
    [fact] = memory.facts()
    [proposal] = memory.proposals()
    assert (proposal.kind, proposal.target) == ("retract", fact.id)
    assert "asked to forget" in reply.text


@pytest.mark.parametrize(
    ("said", "answer"),
    [
        ("good night", "Good night."),
        ("bye", "Goodbye."),
        ("ok bye hearth", "Goodbye."),
        ("what's your name", "I'm Hearth, the kitchen's assistant."),
        ("What can you do?", "I'm Hearth, the kitchen's assistant."),
        ("help", "I'm Hearth, the kitchen's assistant."),
    ],
)
def test_goodbyes_and_asked_about_itself_get_a_fixed_line(
    settings: Settings, memory: Memory, said: str, answer: str
) -> None:
    """A ninth trial's "good night" got the model's "Good night, the capital of Australia.",
    "what's your name" "I'm Harlon, the chef of the kitchen." and "what can you do?" "I can
    do everything."; "help me find my keys" still asks for more than that (the control)."""
    brain, model = _brain(settings, memory, [])
    try:
        assert brain.reply(said).text.startswith(answer)
    finally:
        brain.close()
    assert model.prompts == []
    assert reply_to("help me find my keys") is None and reply_to("goodbye to all that") is None


@pytest.mark.parametrize(
    "said",
    [
        "are you listening all the time?",  # a tenth trial's: "I'm listening all the time."
        "do you record what we say?",  # a tenth trial's: "I don't know that yet…"
        "is the microphone always on",
        "do you send our data anywhere",
    ],
)
def test_how_it_listens_is_said_as_it_is_never_guessed(said: str) -> None:
    assert reply_to(said) == HOW_I_LISTEN


@pytest.mark.parametrize(
    "said", ["are you listening for the timer", "do you keep a list", "will you remember that"]
)
def test_what_is_no_question_of_listening_is_not_answered_so(said: str) -> None:
    assert reply_to(said) != HOW_I_LISTEN


@pytest.mark.parametrize("said", ["can you save it?", "can you keep it?", "can you send it"])
def test_a_request_to_keep_something_is_no_question_of_listening(said: str) -> None:
    """A review's: each got the listening line."""
    assert reply_to(said) != HOW_I_LISTEN


@pytest.mark.parametrize(
    "said", ["hi there! who are you?", "hello, who are you?", "hi hearth, what can you do?"]
)
def test_asked_who_it_is_after_a_greeting(said: str) -> None:
    # a tenth trial's "hi there! who are you?" got "I don't know who are you yet."
    answer = reply_to(said)
    assert answer is not None and answer.startswith("I'm Hearth")


def test_a_greeting_before_a_question_of_the_house_is_not_about_hearth() -> None:
    assert reply_to("hello, who is coming to dinner?") is None  # the control


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        # a twelfth trial's: the model's "I'm glad you're enjoying your meal!", "didn't
        # understand"
        ("hi hearth, this is chidi", "Hello, Chidi."),
        ("HELLO THIS IS PADRAIG", "Hello, Padraig."),
        ("yo its nnamdi", "Hello, Nnamdi."),
        ("siobhan here", "Hello, Siobhan."),
        ("hi this is josh", "Hello, Josh."),  # a given name English holds as a word too
    ],
)
def test_who_is_speaking_said_alone_is_greeted_by_name(said: str, reply: str) -> None:
    assert reply_to(said) == reply


@pytest.mark.parametrize(
    "said",
    [
        "this is great",
        "im starving",
        "its me",
        "its raining",
        "im vegan",
        "hi im coeliac",
        "hi its will",  # a given name that is an everyday word first
    ],
)
def test_english_words_are_no_one_s_name(said: str) -> None:  # the controls
    assert reply_to(said) is None


@pytest.mark.parametrize(
    "said", ["hey its ok", "hi im ok", "hi im in", "hi im up", "hi im chuffed"]
)
def test_a_word_of_how_someone_is_is_no_name(said: str) -> None:  # a second review's
    assert reply_to(said) is None


@pytest.mark.parametrize(
    ("said", "answer"),
    [
        # the default model's, tried as a kitchen's small talk: "The family is doing well,
        # thank you…", "I was just in the kitchen and I had to make some breakfast", "There is
        # no kids timer running.", "I don't know what you think of you yet."
        ("how's the family?", HOW_THEY_ARE),
        ("hello! how's everyone today?", HOW_THEY_ARE),
        ("How are the kids getting on?", HOW_THEY_ARE),
        ("how are the bairns keeping", HOW_THEY_ARE),
        # family.py's groups, one list for this and the timers' "how are the … getting on"
        ("how are the grandparents doing?", HOW_THEY_ARE),
        ("how are the twins today", HOW_THEY_ARE),
        ("how was your day?", NO_DAY_OF_MY_OWN),
        ("morning! busy day ahead?", NO_DAY_OF_MY_OWN),
        ("what have you been up to?", NO_DAY_OF_MY_OWN),
        ("what do you think of us?", NO_OPINION_OF_PEOPLE),
    ],
)
def test_small_talk_of_the_house_or_its_day_gets_a_true_line(
    settings: Settings, memory: Memory, said: str, answer: str
) -> None:
    brain, model = _brain(settings, memory, ["The family is doing well, thank you."])
    try:
        assert brain.reply(said).text == answer
    finally:
        brain.close()
    assert model.prompts == []  # never the model


@pytest.mark.parametrize(
    "said",
    [
        "how are the potatoes getting on?",  # a timer's, asked after
        "how's the family of the tomato?",  # the world's
        "how was your day at school, Ffion?",  # said to someone else
    ],
)
def test_what_only_sounds_like_small_talk_is_not_answered_so(said: str) -> None:
    assert reply_to(said) is None  # the controls
