"""The household's own words in Whisper's prompt: names, and the things English lacks.

A fact kept from what a person said has no links, so the prompt had only a fact's
capitalised names after its first word: "Taid takes warfarin so no cranberry juice." gave
it nothing, and a trial's "take my warfarin" was heard as "take my wafer in"
(benchmarks/stt_things.py measures it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from appliance.composition import household_bias
from appliance.config import Settings
from appliance.household import HouseholdStore
from appliance.memory import Memory
from appliance.voice.bias import bias_for, household_words
from tests.voice.speech import Clip, spoken

WARFARIN = "Taid takes warfarin so no cranberry juice."


def test_a_fact_s_words_english_lacks_are_the_households() -> None:
    words = household_words([WARFARIN, "Mabli is our dog, she's a collie."])
    assert {"Taid", "warfarin", "cranberry", "Mabli", "collie"} <= set(words)
    assert not {"takes", "juice", "dog", "she's", "our"} & {w.lower() for w in words}


def test_a_fact_in_words_english_knows_adds_nothing() -> None:
    """The control: everyday words stay out, so the prompt holds what Whisper lacks."""
    assert household_words(["The spare key is in the blue pot in the shed."]) == []
    # a contraction, a plural or a hyphened pair of English words is English too
    assert household_words(["We didn't buy onions or sugar-free sweets."]) == []


def test_names_come_before_things() -> None:
    words = household_words(["The stopcock is under the sink, Priya says."])
    assert words == ["Priya", "stopcock"]


def test_a_kept_fact_reaches_the_bias_a_household_gets(
    settings: Settings, memory: Memory, data_dir: Path, clock
) -> None:
    memory.add(WARFARIN, "health")  # as the review board keeps it: no links
    with HouseholdStore.open(data_dir, clock) as household:
        bias = household_bias(settings, memory, household)()
    assert bias.prompt is not None
    assert "warfarin" in bias.words and "Taid" in bias.words


@pytest.mark.slow
def test_whisper_hears_warfarin_with_the_fact_in_its_prompt(whisper_base) -> None:
    """The recogniser a household gets, with the bias the fact gives; without it (the
    control) Whisper writes the words it knows ("warfare in")."""
    said = spoken(Clip("remind me to pick up Taid's warfarin on Friday", "en-us+f2", 170))
    with_fact = whisper_base.transcribe(said, bias_for(household_words([WARFARIN])))
    without = whisper_base.transcribe(said, bias_for([]))
    assert "warfarin" in with_fact.lower()
    assert "warfarin" not in without.lower()
