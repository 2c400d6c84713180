"""The recognition benchmark's own parts: the clip set is deterministic and noisy as labelled,
and the word error rate scores hearing, not formatting (benchmarks/voice_clips.py, wer.py)."""

from __future__ import annotations

import numpy as np
import pytest

from benchmarks import voice_clips
from benchmarks.wer import Score, names_in, words


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("set a timer for four minutes", "Set a timer for 4 minutes."),
        ("remind me at six thirty", "Remind me at 6:30."),
        ("twenty five minutes", "25 minutes"),
        ("at seven oh five", "at 7:05"),
        ("on the ninth of march", "on the 9th of March"),
        ("what is on the list", "What's on the list?"),
        ("Siobhan's netball kit", "Siobhan netball kit"),
        ("washing up liquid", "washing-up liquid"),
        ("at seven o'clock", "at 7:00"),
        ("it rings at 8:36", "It rings at 8.36."),  # the British way of writing a time
    ],
)
def test_formatting_is_not_an_error(said: str, written: str) -> None:
    assert Score.of(said, written).edits == 0


@pytest.mark.parametrize(
    ("said", "heard", "edits"),
    [
        ("set a timer for four minutes", "Set a timer for 5 minutes.", 1),  # control: 4 != 5
        ("remind me at six thirty", "Remind me at 6:40.", 1),
        ("remember that the keys are here", "remember not the keys are here", 1),
        ("where is the stopcock", "where is the top clock", 2),
    ],
)
def test_a_word_heard_wrong_is_an_error(said: str, heard: str, edits: int) -> None:
    assert Score.of(said, heard).edits == edits


def test_numbers_are_spelled_as_said() -> None:
    assert words("125 and 1.3 and £5 and 3rd") == (
        "one hundred twenty five and one point three and five pounds and third".split()
    )
    # A time written with a dot is said as a time; what cannot be a clock stays a decimal.
    assert words("8.36 and 2.75 and 24.30") == (
        "eight thirty six and two three quarters and twenty four point three zero".split()
    )


def test_a_measure_scores_the_same_written_or_said() -> None:
    """What the voice says for what the panel shows ("2 tbsp" as "two tablespoons") is
    heard right, whichever way Whisper writes it back; a different amount is not."""
    same = [
        ("2 tbsp of honey is about 43 g.", "Two tablespoons of honey is about 43 grams."),
        ("100 g of butter is about ½ cup.", "100G of butter is about a half cup."),
        ("100 g of butter is about ½ cup.", "100 grams of butter is about half a cup."),
        ("1 ½ cups of milk", "1.5 cups of milk"),
        ("1 ½ cups of milk", "one and a half cups of milk"),
        ("¼ tsp of salt", "a quarter of a teaspoon of salt"),
        ("A tablespoon is three teaspoons.", "A table spoon is three teaspoons."),
        ("180 °C is about 350 °F.", "180 degrees Celsius is about 350 degrees F."),
        ("2 lb of potatoes", "two pounds of potatoes"),
        ("Mince keeps 1 to 2 days.", "Mince keeps 1-2 days."),
        ("Gas mark 5 is about 190 °C.", "Gasmark 5 is about 190 degrees Celsius."),
    ]
    for shown, heard in same:
        assert Score.of(shown, heard).edits == 0, (shown, heard)
    assert Score.of("1 ½ cups of milk", "1 cup of milk").edits == 2  # the control
    assert Score.of("100 g of butter", "100 kg of butter").edits == 1
    assert Score.of("¼ tsp of salt", "a quarter of a tablespoon of salt").edits == 1


def test_a_clock_time_written_as_one_number_is_a_time_only_where_a_time_is_said() -> None:
    assert Score.of("It rings at 18:00.", "It rings at 1800.").edits == 0
    assert Score.of("It's 17:52.", "It's 1752").edits == 0
    assert Score.of("It rings at 10:04.", "It rings at 1004.").edits == 0
    assert Score.of("It rings at 10:04.", "It rings at 1014.").edits == 2  # the control
    # an amount after "at" stays an amount: 200 degrees is not 2 o'clock
    assert words("Roast at 200 °C") == "roast at two hundred degrees celsius".split()
    assert words("at 1500 g") == "at one thousand five hundred g".split()


def test_the_names_rate_counts_only_the_names() -> None:
    names = {"Siobhan", "Tadhg"}
    split = Score.of("Remember that Siobhan likes tea", "remember that she von likes tea", names)
    assert (split.name_misses, split.name_words) == (1, 1)
    other = Score.of("Remember that Siobhan likes tea", "remember not Siobhan likes tea", names)
    assert (other.name_misses, other.name_words, other.edits) == (0, 1, 1)  # the control
    total = split + other
    assert (total.names_wer, total.wer) == (0.5, 3 / 10)


def test_names_are_capitalised_mid_sentence_and_not_days() -> None:
    found = names_in(["Remember that Tilly feeds the cat on Sundays.", "Tilly is out. I know."])
    assert found == {"Tilly"}


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setattr(voice_clips, "CACHE", tmp_path)
    return tmp_path


def test_the_clip_set_is_made_the_same_way_each_time(fresh_cache) -> None:
    first = voice_clips.clips("tune", limit=3)
    assert len(list(fresh_cache.glob("*.wav"))) == 3
    for path in fresh_cache.glob("*.wav"):
        path.unlink()
    again = voice_clips.clips("tune", limit=3)
    assert [c.wav for c in first] == [c.wav for c in again]  # made anew, the same bytes
    assert [(c.voice, c.noise) for c in first] == [
        ("en-gb", "clean"),
        ("en-us+f2", "kitchen 20 dB"),
        ("en-gb-scotland", "kitchen 10 dB"),
    ]
    manifest = voice_clips.MANIFEST.read_text().splitlines()
    assert manifest[1].split("\t")[0] == first[0].id == "tune-1"


def test_the_noise_is_mixed_at_the_labelled_level(fresh_cache) -> None:
    speech = voice_clips.speak("Set a pasta timer for twelve minutes.", "en-gb", 150)
    noise = voice_clips.kitchen_noise(speech.size, seed=7)
    assert np.array_equal(noise, voice_clips.kitchen_noise(speech.size, seed=7))
    for snr in (20.0, 10.0):
        mixed = voice_clips.mix(speech, noise, snr)
        added = mixed.astype(np.float64) - speech
        measured = 20 * np.log10(voice_clips.speech_rms(speech) / np.sqrt(np.mean(added**2)))
        assert abs(measured - snr) < 0.5
    assert voice_clips.speech_rms(np.zeros(32000, dtype=np.int16)) == 0.0  # control: silence
