"""The names pass: the household's words put back where Whisper wrote a near miss, read by
espeak-ng for real; and each of its rules, which would rewrite correct speech without it."""

from __future__ import annotations

import pytest

from appliance.voice.sounds_like import SoundsLike, distance, sound

# A small stand-in for Whisper's vocabulary: the words it knows as one token.
FAMILIAR = set(
    """remember that does not eat mushrooms what is allergic to the under stairs rest lamb how
    long should i add apples and grapes list set a timer for minutes feeds cat on use matt tad
    logic who sundays in fridge rice""".split()
)
HOUSEHOLD = ["Tadhg", "Thandiwe", "stopcock", "Mateusz", "Callum", "Grace", "Sundays", "Tilly"]


@pytest.fixture(scope="module")
def names() -> SoundsLike:
    return SoundsLike(FAMILIAR)


NEAR_MISSES = [
    ("Remember that Tad does not eat mushrooms.", "Remember that Tadhg does not eat mushrooms."),
    ("Is the stockcock under the stairs?", "Is the stopcock under the stairs?"),
    ("What is Matt use allergic to?", "What is Mateusz allergic to?"),
    ("Is Thandi allergic to rice?", "Is Thandiwe allergic to rice?"),
]


@pytest.mark.parametrize(("heard", "meant"), NEAR_MISSES)
def test_a_near_miss_becomes_the_household_word(names: SoundsLike, heard: str, meant: str) -> None:
    assert names.restored(heard, HOUSEHOLD) == meant


@pytest.mark.parametrize(
    "heard",
    [
        "How long should I rest the lamb?",  # "the lamb" sounds like Callum: familiar words
        "Add apples and grapes to the list.",  # grapes ~ Grace: familiar, lower case
        "Who feeds the cat on Thursdays?",  # a day is never a household word
    ],
)
def test_familiar_words_and_days_are_left_as_heard(names: SoundsLike, heard: str) -> None:
    assert names.restored(heard, HOUSEHOLD) == heard


def test_without_the_familiar_rule_correct_words_would_be_rewritten() -> None:
    """The control for the rule above: a pass that took every word as unfamiliar turns
    "the lamb" into Callum."""
    everything_unknown = SoundsLike(set())
    assert "Callum" in everything_unknown.restored("How long should I rest the lamb?", ["Callum"])


def test_a_run_with_a_command_word_is_never_rewritten(names: SoundsLike) -> None:
    """A timer's words stay as heard, whatever sounds alike; the control beside it is the
    same near miss outside a command run."""
    assert names.restored("Set a Tilly timer.", ["Tilly timer"]) == "Set a Tilly timer."
    assert names.restored("Remember Tad.", ["Tadhg"]) == "Remember Tadhg."


def test_a_word_already_heard_is_not_put_in_twice(names: SoundsLike) -> None:
    heard = "Remember that Tadhg and Tad eat mushrooms."
    assert names.restored(heard, ["Tadhg"]) == heard


def test_without_espeak_the_transcript_is_left_as_heard() -> None:
    """No phonemes (espeak-ng missing, or a word read as two lines): nothing is guessed."""
    blind = SoundsLike(FAMILIAR, phonemes=lambda words: None)
    heard = "Remember that Tad does not eat mushrooms."
    assert blind.restored(heard, HOUSEHOLD) == heard


def test_sound_folds_accents_and_drops_stress() -> None:
    assert sound("ˈʃɪvˌɔːn") == sound("ʃɪvɒn")
    assert distance("abc", "abc") == 0.0
    assert distance("", "abc") == 1.0
