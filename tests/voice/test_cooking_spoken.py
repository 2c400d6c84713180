"""A recipe cooked by voice: espeak-ng sentences through the real recogniser, to the real
brain with the router `hearth run` builds, and a timer from the recipe's step rung under
the test clock."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from appliance.config import Settings
from appliance.cookbook import Cookbook, CookingSessions
from appliance.household import HouseholdStore, Scheduler
from appliance.memory import Memory
from appliance.sound import Silence
from appliance.voice.capture import WavSource
from tests.cookbook.conftest import FLAPJACKS, rules_screen
from tests.voice.speech import Clip, spoken
from tests.web.conftest import Running, start_server, stop_server


@pytest.fixture
def cooking_brain_web(
    settings: Settings, memory: Memory, data_dir: Path, chat_llm: Any
) -> Iterator[Running]:
    """The real brain with the router `hearth run` builds (cooking first), over HTTP."""
    from appliance.brain import Brain
    from appliance.composition import intent_router
    from appliance.web.brain_chat import BrainChat

    intents = intent_router(settings, memory.embedding)
    brain = BrainChat(Brain.open(settings, memory, chat_model=chat_llm, intents=intents))
    running = start_server(memory, data_dir, chat=brain)
    yield running
    stop_server(running)
    brain.close()


def test_a_recipe_is_walked_by_voice_and_its_step_timer_rings(
    cooking_brain_web, make_voice, data_dir: Path
) -> None:
    book = Cookbook.open(data_dir, screen=rules_screen)
    proposed = book.propose(FLAPJACKS, "cli")
    book.keep(proposed.id, "panel", shown=proposed.digest)
    said = [
        Clip("let's make nana's flapjacks", "en-gb", 150),
        Clip("how much butter do I need", "en-us", 150),
        Clip("go to step four", "en-gb", 150),
        Clip("start the timer", "en-gb-x-rp", 140),
    ]
    replies = []
    with make_voice(cooking_brain_web) as voice:
        for clip in said:
            result = voice.answer(voice.listen(WavSource(spoken(clip))))
            print(f"heard {result.heard!r}; replied {result.reply!r}")
            replies.append(result.reply)
    assert replies[0].startswith("Nana's Flapjacks, 5 steps")
    assert "250 g of butter" in replies[1]
    assert replies[2].startswith("Step 4: Press into the tin and bake for 25 minutes")
    assert "Nana's Flapjacks step 4" in replies[3] and "25 minutes" in replies[3]
    cooking = CookingSessions(data_dir).current()
    assert cooking is not None and cooking.timers_started == (4,)
    with HouseholdStore.open(data_dir) as household:
        [timer] = household.timers()
        assert timer.name == "Nana's Flapjacks step 4" and timer.seconds == 1500
        at = timer.rings_at + dt.timedelta(seconds=1)
        [ring] = Scheduler(household, Silence("a test"), lambda: at).check()
    assert ring.words == "Nana's Flapjacks step 4 timer done."
