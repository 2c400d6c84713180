"""text.py: fingerprints keep every word that changes what a fact claims."""

from __future__ import annotations

import pytest

from appliance.memory.text import (
    STOP_WORDS,
    correction_fingerprint,
    fingerprint,
    is_legacy_fingerprint,
    legacy_fingerprint,
)

# Pairs that say different things; each differs in one word recall may ignore.
OPPOSITES = [
    ("Give Mia her inhaler before football", "Give Mia her inhaler after football"),
    ("Turn the heating on at six", "Turn the heating off at six"),
    ("Keep the cat in at night", "Keep the cat out at night"),
    ("Turn the thermostat up in winter", "Turn the thermostat down in winter"),
    ("The spare key is above the door", "The spare key is below the door"),
    ("Sam eats only fish", "Sam eats fish"),
    ("Leo should take his medicine at lunch", "Leo must take his medicine at lunch"),
    ("Mia could have sweets on Friday", "Mia may have sweets on Friday"),
    ("Ana is against the school trip", "Ana is for the school trip"),
    ("Sam does not eat meat", "Sam eats meat"),
    ("Sam never drinks coffee", "Sam drinks coffee"),
    ("Leo takes 2 tablets a day", "Leo takes 3 tablets a day"),
    ("Mia walks to school with Ana", "Mia walks from school with Ana"),
    ("The bins go out before Thursday", "The bins go out by Thursday"),
    ("The dog sleeps under the stairs", "The dog sleeps over the stairs"),
    ("Grandma was allergic to penicillin", "Grandma is allergic to penicillin"),
]

# Same fact, said differently in ways that do not change it.
SAME = [
    ("Sam is allergic to peanuts.", "sam: allergic to peanuts"),
    ("Sam is allergic to peanuts", "Sam is allergic to peanut"),
    ("The bins go out on Thursday", "the bins go out on thursday!"),
    ("Remember that the bins go out on Thursday", "The bins go out on Thursday"),
    ("Please remember the dentist is on Mill Road", "The dentist is on Mill Road"),
    ("Sam\u2019s bike is in the shed", "Sam's bike is in the shed"),
]


@pytest.mark.parametrize(("one", "other"), OPPOSITES)
def test_words_that_change_meaning_change_the_fingerprint(one: str, other: str) -> None:
    assert fingerprint(one) != fingerprint(other)


@pytest.mark.parametrize(("one", "other"), SAME)
def test_the_same_fact_said_differently_has_one_fingerprint(one: str, other: str) -> None:
    assert fingerprint(one) == fingerprint(other)


def test_the_old_fingerprint_merged_these_opposites() -> None:
    """Why the rule changed: the old one (recall's stop list) merged most pairs above."""
    merged = [
        pair for pair in OPPOSITES if legacy_fingerprint(pair[0]) == legacy_fingerprint(pair[1])
    ]
    assert len(merged) >= 10
    assert {"before", "after", "on", "off", "only", "should", "against"} <= STOP_WORDS


def test_new_fingerprints_are_told_apart_from_old_ones() -> None:
    assert not is_legacy_fingerprint(fingerprint("Sam likes tea"))
    assert is_legacy_fingerprint(legacy_fingerprint("Sam likes tea"))


def test_a_correction_is_identified_by_its_kind_target_and_replacement() -> None:
    forget = correction_fingerprint("retract", "sam-likes-tea", "Asked in chat to forget it")
    assert forget == correction_fingerprint("retract", "sam-likes-tea", "other words")
    assert forget != correction_fingerprint("retract", "sam-likes-coffee", "other words")
    replace = correction_fingerprint("supersede", "sam-likes-tea", "Sam likes coffee")
    assert replace != correction_fingerprint("supersede", "sam-likes-tea", "Sam likes cocoa")
    assert forget != fingerprint("retract sam-likes-tea")
