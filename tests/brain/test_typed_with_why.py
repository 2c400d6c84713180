"""A command typed with why after it, no comma or a "pls" between: the command is done and
the why names nothing (a fifteenth trial's "set a timer 4 10 mins pls im doing slime" went
to the model, and "…, im doing slime" named the timer "I'm doing slime")."""

from __future__ import annotations

import pytest

from appliance.composition import intent_router
from appliance.household import HouseholdStore
from appliance.memory import Memory
from tests.brain.conftest import scripted_brain


@pytest.mark.parametrize(
    "said", ["set a timer 4 10 mins pls im doing slime", "set a timer for 10 mins, im doing slime"]
)
def test_why_after_a_timer_names_nothing(settings, memory: Memory, said: str) -> None:
    brain, model = scripted_brain(settings, memory, ["x"], intents=intent_router(settings))
    try:
        brain.reply(said)
    finally:
        brain.close()
    with HouseholdStore.open(settings.data_dir) as store:
        assert [(t.name, t.seconds) for t in store.timers()] == [("timer", 600.0)]
    assert model.prompts == []
