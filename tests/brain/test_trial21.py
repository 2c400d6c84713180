"""A twenty-first outside trial's (a Cardiff household) daily-loop findings, each as a class
beside a control: "stop the timers that are ringing" cancelled every timer set, "1 hour and
15 minutes" set two timers, "what timers are there?" and "what did you just set?" went to
the model, "gluten free bread" was not the "gluten-free bread" listed, and "del GF pasta" got
a block of program code. A scripted chat model stands in, so a reply that came from it is
seen; the household's records are real. The words here are not the trial's own."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from appliance.brain.bounds import NOT_UNDERSTOOD, ReplyBounds, reply_bounds, untold
from appliance.brain.claims import claims_action
from appliance.brain.household import household_router
from appliance.config import Settings
from appliance.household import HouseholdStore, Scheduler
from appliance.memory import Memory
from appliance.sound import Silence
from tests.brain.conftest import rules_conversation, scripted_brain
from tests.household.conftest import MovableClock

MODEL = "There are no timers available for this role-playing scenario."


def _said(settings: Settings, memory: Memory, *turns: str) -> tuple[list[str], int]:
    return rules_conversation(settings, memory, turns, MODEL)


def _timers(settings: Settings) -> list[tuple[str, float]]:
    with HouseholdStore.open(settings.data_dir) as store:
        return sorted((t.name, t.seconds) for t in store.timers())


def _items(settings: Settings) -> list[str]:
    with HouseholdStore.open(settings.data_dir) as store:
        return sorted(item.name for item in store.items())


@pytest.mark.parametrize(
    "said",
    [
        "stop the timers that are ringing",
        "silence the ringing timer",
        "turn off the one that's beeping",
    ],
)
def test_the_ringing_ones_asked_to_stop_never_cancel_those_set(
    settings: Settings, memory: Memory, said: str
) -> None:
    replies, asked = _said(
        settings, memory, "timer for the beef, 90 minutes", "set a timer for 4 minutes", said
    )
    assert _timers(settings) == [("beef", 5400.0), ("timer", 240.0)]  # nothing rings: all kept
    assert replies[-1].startswith("Nothing is ringing") and asked == 0


def test_stop_the_timers_still_cancels_them_all(settings: Settings, memory: Memory) -> None:
    _said(settings, memory, "set a timer for 4 minutes", "stop the timers")
    assert _timers(settings) == []  # the control: every timer, as asked


def test_a_length_in_hours_and_minutes_is_one_timer(settings: Settings, memory: Memory) -> None:
    _said(settings, memory, "set a timer for 2 hours and 20 minutes for the gammon")
    assert _timers(settings) == [("gammon", 8400.0)]


def test_two_lengths_with_and_are_still_two_timers(settings: Settings, memory: Memory) -> None:
    _said(settings, memory, "set timers for rice 12 mins and peas 4 mins")
    assert _timers(settings) == [("peas", 240.0), ("rice", 720.0)]  # the control


@pytest.mark.parametrize("asked", ["what timers are there?", "what did you just set?"])
def test_what_was_set_is_read_from_the_records(
    settings: Settings, memory: Memory, asked: str
) -> None:
    replies, model = _said(settings, memory, "timer for the scones, 12 minutes", asked)
    assert "scones" in replies[-1].lower() and model == 0


def test_a_hyphen_is_a_space_on_the_list(settings: Settings, memory: Memory) -> None:
    replies, _ = _said(
        settings,
        memory,
        "add dairy-free spread to the list",
        "is the dairy free spread on the list?",
        "add dairy free spread",
        "take dairy free spread off the list",
    )
    assert replies[1].startswith("Yes")
    assert replies[2] == "Already on it: dairy free spread."  # never a second one
    assert _items(settings) == []


def test_del_takes_a_thing_off_the_list(settings: Settings, memory: Memory) -> None:
    _said(settings, memory, "add oat milk and GF crackers", "del GF crackers")
    assert _items(settings) == ["oat milk"]


def test_program_code_from_the_model_is_not_said() -> None:
    bounds = ReplyBounds()
    for line in ("```python", "def remove(item):", "del gf_pasta", "import os"):
        broken = bounds.broken(line)
        assert broken is not None and broken.instead == NOT_UNDERSTOOD
    for line in ("Print the recipe and stick it on the fridge.", "Return the pan to the heat."):
        assert bounds.broken(line) is None  # the controls


def test_a_pet_asked_of_by_she_is_only_what_was_told() -> None:
    # the trial's phone: "whats the dogs name", then "what breed is she" got "…She loves to
    # play fetch with her friends." (told only that she is a collie)
    facts = ["Pip is our dog, she's a spaniel and gets no chocolate."]
    bounds = reply_bounds("", "what breed is she?", facts, frozenset({"pip"}))
    broken = bounds.broken("She loves to chase the ducks in the park.")
    assert broken is not None and broken.instead == untold("her")
    fresh = reply_bounds("", "what breed is she?", facts, frozenset({"pip"}))
    assert fresh.broken("She's a spaniel.") is None  # the control: told


def test_a_count_made_is_a_claim() -> None:
    # "make that 2 bags of sugar" got "I've made 2 bags of sugar." with nothing changed
    assert claims_action("I've made 3 tins of tomatoes.")
    assert not claims_action("I'm making lasagne tonight.")  # the control


def test_a_nut_allergy_is_said_of_a_sweet_made_of_nuts(settings: Settings, memory: Memory) -> None:
    # "can I give Osian a Ferrero Rocher?" got "I don't know whether you can give Osian a
    # Ferrero Rocher yet", his tree-nut allergy kept
    memory.add("Cai has a tree nut allergy.", "health")
    replies, asked = _said(settings, memory, "can I give Cai a Ferrero Rocher?")
    assert replies[0].startswith("From memory: Cai has a tree nut allergy.")
    assert "expect nuts" in replies[0] and asked == 0
    replies, _ = _said(settings, memory, "is a bakewell tart ok for Cai?")
    assert "expect nuts" in replies[0]


def test_so_no_in_a_fact_is_a_diet(settings: Settings, memory: Memory) -> None:
    # "Taid takes warfarin so no cranberry juice." was left out of "can Taid have cranberry
    # juice?", which heard only of his gluten
    memory.add("Bampi takes warfarin so no grapefruit.", "health")
    replies, _ = _said(settings, memory, "can Bampi have grapefruit?")
    assert replies[0] == "From memory: Bampi takes warfarin so no grapefruit."
    memory.add("Bampi walks to the shop at 10.", "routine")
    replies, _ = _said(settings, memory, "can Bampi have grapefruit?")
    assert "walks" not in replies[0]  # the control: a fact of no diet is not said as one


def test_a_welsh_lead_keeps_the_timers_name_and_whats_left_asks_it(
    settings: Settings, memory: Memory
) -> None:
    # "duw duw, the rice! timer 12 mins" set a timer with no name, and "what's left on the
    # rice?" got the model's paragraph on laundry
    replies, asked = _said(
        settings, memory, "duw duw, the pasta! timer 9 mins", "what's left on the pasta?"
    )
    assert _timers(settings) == [("pasta", 540.0)]
    assert replies[1].startswith("The pasta timer has") and asked == 0


@pytest.mark.parametrize(
    "said",
    ["Remember, Seren's favourite colour is blue.", "remember - Seren's favourite colour is blue"],
)
def test_remember_with_a_comma_or_a_dash_keeps_it(
    settings: Settings, memory: Memory, said: str
) -> None:
    # a voice clip's "Remember, Natasha's favorite color is green." got "Noted", nothing kept
    replies, _ = _said(settings, memory, said)
    assert replies[0] == "I'll remember that: Seren's favourite colour is blue."
    replies, _ = _said(settings, memory, "remember, remember")
    assert not replies[0].startswith("I'll remember")  # the control: nothing said to keep


def test_a_change_said_back_by_the_model_is_not_said() -> None:
    # "no, make that 4 pints" got the model's "no, make that 4 pints of chocolate.", nothing
    # changed: said back, it reads as done
    broken = ReplyBounds("", "no, make that 4 pints").broken("no, make that 4 pints of oat milk.")
    assert broken is not None and broken.instead == NOT_UNDERSTOOD
    asked = "make a cake for me"  # the control: a recipe's first words are its own
    assert ReplyBounds("", asked).broken("Make a cake by creaming butter and sugar.") is None


def test_asked_whether_someone_was_reminded_reads_the_reminders(
    settings: Settings, memory: Memory
) -> None:
    # "did you remind Gareth about the prescription?" got "I can't see that from here…",
    # with the reminder set
    replies, asked = _said(
        settings,
        memory,
        "remind Efa to book the optician at 4pm",
        "did you remind Efa about the optician?",
        "what did u just do",
    )
    assert replies[1].startswith("Reminders: tell Efa to book the optician")
    assert "tell Efa to book the optician" in replies[2] and asked == 0


def test_the_ringing_ones_asked_to_stop_while_one_rings_stop_only_it(
    settings: Settings, memory: Memory, data_dir: Path
) -> None:
    # the trial's, typed with an egg timer ringing: "I've stopped 2 timers.", the joint's
    # 90-minute timer gone with it
    clock = MovableClock(dt.datetime(2026, 12, 1, 17, 0, 0))
    brain, _ = scripted_brain(
        settings, memory, [], clock=clock, intents=household_router(data_dir, clock=clock)
    )
    with HouseholdStore.open(data_dir, clock) as store:
        try:
            brain.reply("set an egg timer for 1 minute")
            brain.reply("set a timer for 90 minutes for the joint")
            clock.advance(60)
            Scheduler(store, Silence("tests"), clock).check()
            assert [t.name for t in store.ringing()] == ["egg"]
            brain.reply("stop the timers that are ringing")
            assert store.ringing() == []
            assert [t.name for t in store.timers()] == ["joint"]  # the one not ringing stays
        finally:
            brain.close()
