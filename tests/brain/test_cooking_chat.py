"""A recipe cooked to the end in one chat thread, through the brain with the router
`hearth run` builds (a ScriptedModel with no replies: no turn may reach the model), its
step's timer rung under the test clock."""

from __future__ import annotations

import datetime as dt

import pytest

from appliance.brain.agent import NOTHING_SAID_YET
from appliance.composition import intent_router
from appliance.config import Settings
from appliance.cookbook import Cookbook
from appliance.household import HouseholdStore, Scheduler
from appliance.memory import Memory
from appliance.memory.embedding import Embedding
from appliance.sound import Silence
from tests.brain.conftest import scripted_brain
from tests.cookbook.conftest import FLAPJACKS


def cooking_brain(settings: Settings, memory: Memory, replies: list[str], *, kept: bool = True):
    """The brain with the router `hearth run` builds and the scripted model (`replies`),
    Nana's flapjacks kept when `kept`."""
    if kept:
        book = Cookbook.open(settings.data_dir)
        proposed = book.propose(FLAPJACKS, "web")
        book.keep(proposed.id, "panel", shown=proposed.digest)
    intents = intent_router(settings, Embedding.none())
    return scripted_brain(settings, memory, replies, intents=intents)


def test_one_thread_cooks_a_recipe_to_the_end_and_its_timer_rings(
    settings: Settings, memory: Memory, clock
) -> None:
    brain, model = cooking_brain(settings, memory, [])
    thread = None
    said = {}
    try:
        for text in (
            "let's make nana's flapjacks",
            "what's the oven temperature?",
            "next",
            "what do I need for this step?",
            "next",
            "next",
            "start the timer",
            "for six people",
            "how much butter?",
            "next",
            "we're done",
        ):
            reply = brain.reply(text, thread_id=thread)
            thread = reply.thread_id
            assert reply.route == "cooking", (text, reply)
            said[text] = reply.text
    finally:
        brain.close()
    assert model.prompts == []  # no turn reached the model
    assert said["what's the oven temperature?"] == "Step 1 says 180C/160C fan/gas 4."
    assert "250 g of butter" in said["what do I need for this step?"]
    assert "Nana's Flapjacks step 4" in said["start the timer"]
    assert said["how much butter?"].startswith("125 g of butter")
    assert said["we're done"].startswith("Finished cooking")
    with HouseholdStore.open(settings.data_dir, clock) as household:
        [timer] = household.timers()
        at = timer.rings_at + dt.timedelta(seconds=1)
        [ring] = Scheduler(household, Silence("a test"), lambda: at).check()
    assert ring.words == "Nana's Flapjacks step 4 timer done."


def test_next_with_nothing_being_cooked_is_said_so_never_made_up(
    settings: Settings, memory: Memory
) -> None:
    brain, model = cooking_brain(settings, memory, ["Sure! Next, add the eggs."], kept=False)
    try:
        for text in ("next", "go back", "go to step 3", "we're done"):
            reply = brain.reply(text)
            assert reply.route == "cooking", (text, reply)
            assert reply.text.startswith("Nothing is being cooked"), (text, reply.text)
        assert model.prompts == []  # never a step the model made up
        # the control: what the kitchen and the household answer with nothing cooked
        assert brain.reply("how long do I boil an egg for?").route != "cooking"
        assert brain.reply("start the timer").route != "cooking"
    finally:
        brain.close()


def test_a_sentence_with_next_in_it_is_no_cooks_command_with_nothing_cooked(
    settings: Settings, memory: Memory
) -> None:
    """A fifth trial's "the bin men come on a wednesday, black bin one week blue the next"
    and "what's my next reminder?" got "Nothing is being cooked"."""
    brain, _ = cooking_brain(settings, memory, ["Okay."], kept=False)
    try:
        for text in (
            "the bin men come on a wednesday, black bin one week blue the next",
            "what's my next reminder?",
            "The dentist is on Mill Road, next to the bakery.",
        ):
            reply = brain.reply(text)
            assert reply.route != "cooking", (text, reply)
        # "undo" with nothing cooked is the household's (it had got "Nothing is being cooked")
        assert brain.reply("undo").route != "cooking"
        # the controls: a cook's command, however long, with "step" in it
        for text in ("sorry, can you go back a step", "Right, that's in. Next step please."):
            assert brain.reply(text).text.startswith("Nothing is being cooked"), text
    finally:
        brain.close()


def test_a_household_timer_asked_after_while_cooking_is_the_households(
    settings: Settings, memory: Memory
) -> None:
    brain, model = cooking_brain(settings, memory, [])
    try:
        assert brain.reply("let's make nana's flapjacks").route == "cooking"
        assert brain.reply("set a pasta timer for 10 minutes").route != "cooking"
        reply = brain.reply("how long is left on the pasta timer?")
        assert reply.route != "cooking" and "pasta timer" in reply.text.lower(), reply
        # the control: the step's own time is still the recipe's
        assert brain.reply("how long does it bake?").route == "cooking"
    finally:
        brain.close()
    assert model.prompts == []


def test_say_that_again_with_nothing_cooked_is_the_last_answer_word_for_word(
    settings: Settings, memory: Memory
) -> None:
    brain, model = cooking_brain(
        settings, memory, ["Foxes eat mice and beetles.", "Foxes hunt small animals."], kept=False
    )
    try:
        first = brain.reply("pardon?")
        assert first.route == "again" and first.text == NOTHING_SAID_YET
        asked = brain.reply("what do foxes eat?", first.thread_id)
        for text in ("pardon?", "sorry, what did you say?", "say that again please"):
            again = brain.reply(text, first.thread_id)
            assert again.route == "again" and again.text == asked.text, (text, again)
        assert len(model.prompts) == 1  # read from the record, never made again
        # the control: asked for more than the words again, the model answers
        simpler = brain.reply("say that again but simpler", first.thread_id)
        assert simpler.route == "chat" and simpler.text == "Foxes hunt small animals."
        for other in (
            "what was that noise?",
            "tell me again what time the bins go",
            # a twelfth trial's: something to be done again, never said again
            "ok set it again, every wednesday at 7pm put the bins out",
            "set it again",
        ):
            assert brain.router.route(other, first.thread_id).kind != "again", other
    finally:
        brain.close()


def test_say_that_again_while_cooking_is_the_step(settings: Settings, memory: Memory) -> None:
    brain, model = cooking_brain(settings, memory, [])
    try:
        started = brain.reply("let's make nana's flapjacks")
        step = brain.reply("next", started.thread_id)
        again = brain.reply("say that again", started.thread_id)
        assert again.route == "cooking" and "Step 2" in again.text and "Step 2" in step.text
    finally:
        brain.close()
    assert model.prompts == []


@pytest.mark.parametrize("said", ["when's Isla's next check-up?", "when's her next appointment?"])
def test_the_next_of_something_else_is_not_a_cooks_next(settings, said: str) -> None:
    """A seventh trial's "when's Isla's next check-up?" got "Nothing is being cooked.";
    "what's next?" with nothing cooked still does (the control)."""
    router = intent_router(settings)
    assert router.route(said).kind != "cooking", said
    assert router.route("what's next?").kind == "cooking"
