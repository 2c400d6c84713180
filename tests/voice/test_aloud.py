"""The spoken form: what a reply shows for the eye, said as a person says it, through the
real espeak-ng (whose phonemes both voices speak) and Hearth's own replies."""

from __future__ import annotations

import re
import subprocess

import pytest

from appliance.aloud import aloud, unit_said
from appliance.speech import Speech, espeak_wav
from benchmarks.aloud import replies
from benchmarks.wer import FRACTION_SAID


def ipa(words: str) -> str:
    """espeak-ng's phonemes for the words, as the neural voice gets them."""
    done = subprocess.run(
        ["espeak-ng", "-q", "--ipa", "-v", "en-us"], input=words, capture_output=True, text=True
    )
    return done.stdout


ZERO = "zˈiəɹoʊ"  # espeak-ng's "zero"
TEASPOONS = "tˈiːspuːnz"


@pytest.mark.parametrize(
    ("shown", "said"),
    [
        ("It rings at 18:00.", "It rings at 18 hundred."),
        ("It rings at 8:00.", "It rings at 8 o'clock."),
        ("It rings at 10:04.", "It rings at 10 oh 4."),
        ("It rings at 08:30.", "It rings at 8 30."),
        ("It's 17:52.", "It's 17 52."),
        ("It rings at 00:00.", "It rings at midnight."),
        ("It rings at 18:42:30.", "It rings at 18 42 and 30 seconds."),
        ("Fri 5 Dec at 08:00", "Friday 5 December at 8 o'clock"),
        ("Tue at 09:15", "Tuesday at 9 15"),
        (
            "18:00 has passed; when should I remind you?",
            "18 hundred has passed; when should I remind you?",
        ),
        ("It's 15:41 in New York.", "It's 15 41 in New York."),
        ("It rings at 1:30:30 pm.", "It rings at 1 30 pm and 30 seconds."),  # no second lost
        ("It rings at 5:00am.", "It rings at 5 am."),
        ("It rings at 5:30 p.m. Then", "It rings at 5 30 pm. Then"),
        ("Dinner at 7.30pm.", "Dinner at 7 30 pm."),
    ],
)
def test_a_clock_time_is_said_as_a_clock_is_read(shown: str, said: str) -> None:
    assert aloud(shown) == said


@pytest.mark.parametrize(
    ("shown", "said"),
    [
        ("2 tbsp of honey is about 43 g.", "2 tablespoons of honey is about 43 grams."),
        ("1 tbsp", "1 tablespoon"),
        ("100 g of butter is about ½ cup.", "100 grams of butter is about half a cup."),
        ("1 ½ cups", "1 and a half cups"),
        ("1½ tsp ground ginger", "1 and a half teaspoons ground ginger"),
        ("½ tsp", "half a teaspoon"),
        ("1/2 tsp salt", "half a teaspoon salt"),
        ("¾ cup", "three quarters of a cup"),
        ("½ an onion", "half an onion"),
        ("gas mark ½.", "gas mark a half."),
        ("gas mark ¼.", "gas mark a quarter."),
        ("¾ the tin", "three quarters of the tin"),
        ("Fill the tin ¾ full.", "Fill the tin three quarters full."),
        ("Serves 4\n½ cup flour", "Serves 4\nhalf a cup flour"),  # not "4 and a half cups"
        ("Sat 6 May at 09:00", "Saturday 6 May at 9 o'clock"),
        ("1-1/2 cups milk", "1 and a half cups milk"),  # a US recipe's mixed number
        ("1⁄2 cup milk", "half a cup milk"),  # the fraction slash espeak-ng reads as nothing
        ("⅜ tsp", "three eighths of a teaspoon"),
        ("Bake at 180 ℃.", "Bake at 180 degrees Celsius."),
        ("¼ oz yeast", "a quarter of an ounce yeast"),
        ("It rings at 5:30 a.m. tomorrow.", "It rings at 5 30 am tomorrow."),
        ("1.5 kg", "1.5 kilograms"),
        ("200g flour", "200 grams flour"),
        ("1,000 g", "1,000 grams"),
        ("3 UK fl oz is 85 ml", "3 UK fluid ounces is 85 millilitres"),
        ("1 lb 4 oz", "1 pound 4 ounces"),
        ("180 °C is about 350 °F", "180 degrees Celsius is about 350 degrees Fahrenheit"),
        ("160 °C fan", "160 degrees Celsius fan"),
        ("Two 20 cm (8 in) tins", "Two 20 centimetres (8 inches) tins"),
        ("45 minutes a kg, 10 hours per kg", "45 minutes a kilogram, 10 hours per kilogram"),
        # one of each unit written with more than one letter, from the one table of units
        ("simmer for an hr", "simmer for an hour"),
        ("about 30p per fl oz", "about 30p per fluid ounce"),
        ("a g of salt", "a g of salt"),  # one letter after "a" is a letter
    ],
)
def test_a_measure_is_said_in_words(shown: str, said: str) -> None:
    assert aloud(shown) == said


@pytest.mark.parametrize(
    "left",
    [
        "Mix them 1:2 by volume.",  # a ratio is not a clock
        "Dilute the squash 1:10 with water.",
        "Microwave for 2:00 on high.",  # a duration is not a clock: "2 o'clock on high"
        "5:00 left on the pasta timer.",
        "Microwave for 10:00 on high.",  # two digits do not make a clock either
        "20:00 left on the oven timer.",
        "Stir after 2:00 minutes.",  # a cue word, then a span: still not a clock
        "It rings 5:00 from now.",
        "Write a g on the lid.",  # a letter, not "a gram"
        "On 2/3 we eat early.",  # a slashed fraction only as an amount: a date here,
        "Flat 1/2, 14 High St.",  # a flat's number here
        "Milk delivery £9.50pm.",  # money, not half past nine
        "Open from 09:00h.",  # a time glued to a word is left as written
        "Cut into ½in dice.",
        "Give 2 Jan a lift.",  # a date only with its day's name, as Hearth writes one
        "(the one I put 2 in)",  # an inch only as the kitchen writes one: "(20 cm) (8 in)"
        "Orders over £25 min.",  # money is not an amount of minutes
        "Serves 4\nSalt",  # a measure never joins across a line (and see below)
        "On 12/25 we eat early.",  # a date, not a fraction
        "Plan B: the g is silent.",  # a letter with no number is not a unit
        "Sun is out; Sat down.",  # a day only beside a date or a time
        "Put 2 in the pot.",  # "in" is an inch only as the kitchen writes one: "(8 in)"
        "Rings at 6.30",  # with a dot and no am or pm it may be a number ("1.30 kg")
    ],
)
def test_what_is_not_a_time_or_a_measure_is_left_as_written(left: str) -> None:
    assert aloud(left) == left


def test_unit_said_knows_one_from_several_and_leaves_what_it_does_not_know() -> None:
    assert (unit_said("g"), unit_said("g", several=False)) == ("grams", "gram")
    assert unit_said("stone") == "stone"


def test_espeak_ng_says_zero_for_a_time_as_written_and_not_aloud() -> None:
    """The fault this fixes, through the real espeak-ng: "18:00" as "eighteen zero zero"."""
    for shown in ("It rings at 18:00.", "It rings at 10:04."):
        assert ZERO in ipa(shown)  # the control: as written, the voice says "zero"
        assert ZERO not in ipa(aloud(shown))
    written, said = ipa("3 tsp"), ipa(aloud("3 tsp"))
    assert TEASPOONS not in written  # as written it spells T S P…
    assert TEASPOONS in said  # …aloud it is "teaspoons"


def test_the_voice_speaks_the_spoken_form_and_can_be_told_not_to() -> None:
    """Speech.wavs goes through aloud (espeak-ng is deterministic: the same words, the
    same bytes); said_as=str is what benchmarks/aloud.py compares it with."""
    shown = "It rings at 18:00."
    assert list(Speech("espeak").wavs(shown)) == [espeak_wav("It rings at 18 hundred.")]
    assert list(Speech("espeak", said_as=str).wavs(shown)) == [espeak_wav(shown)]


_AMOUNT = re.compile(
    r"\d+|" + "|".join(sorted(map(re.escape, FRACTION_SAID.values()), key=len, reverse=True))
)


def _amounts(text: str) -> list[str]:
    """The numbers and fractions a text says, in order ("1 ½" and "1 and a half" alike)."""
    text = re.sub(r"(?<=\d):00\b", "", text)  # "18:00" is said "18 hundred"
    for written, said in FRACTION_SAID.items():  # "1/2", "½" and "half" alike
        text = text.replace(written, f" {said} ")
    return [str(int(n)) if n.isdigit() else n for n in _AMOUNT.findall(text.replace(",", ""))]


@pytest.mark.parametrize("split", ["tune", "held_out"])
def test_no_reply_hearth_gives_changes_a_number_when_said(split: str) -> None:
    """Over every exact reply Hearth gives to the committed question sets, the spoken
    form says the same numbers, in the same order: it changes how, never what."""
    said = replies(split)
    assert len(said) > 80
    changed = [r for r in said if aloud(r) != r]
    assert len(changed) > 40  # the control: most of Hearth's replies do change
    for reply in said:
        shown = re.sub(r"\s*\[source: [^\[\]]*\]", "", reply)  # a source is seen, not said
        assert _amounts(aloud(reply)) == _amounts(shown), reply


def test_a_source_is_shown_and_not_said() -> None:
    """The kitchen's answer shows where it comes from; the voice says the answer only."""
    from appliance.kitchen.ask import answer

    shown = answer("how long does cooked rice keep in the fridge?")
    assert shown is not None and "[source: FSA: rice; USDA FSIS FoodKeeper]" in shown.text
    said = aloud(shown.text)
    assert "FSA: rice" not in said and "FoodKeeper]" not in said
    assert said.startswith("Cooked rice keeps 24 hours in the fridge. Cool it within 1 hour")
    # the control: brackets a person wrote are theirs, and said, wherever they are
    for typed in (
        "Sam is allergic to [tree] nuts.",
        "Call Mum [mobile] at 6.",
        "PIN hint [ask Mum].",
    ):
        assert aloud(typed) == typed


def test_every_kitchen_source_is_a_citation_and_nothing_else_is_dropped() -> None:
    """Over Hearth's replies to the committed questions, what the voice leaves out is the
    answer's source and nothing more."""
    for split in ("tune", "held_out"):
        for reply in replies(split):
            dropped = re.findall(r"\[source: [^\[\]]*\]", reply)
            kept = aloud(reply)
            for cited in dropped:
                assert cited not in kept, reply
            without = re.sub(r"\s*\[source: [^\[\]]*\]", "", reply)
            assert aloud(without) == kept, reply
