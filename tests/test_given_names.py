"""The given names list: names English also holds as words, never the everyday words."""

from __future__ import annotations

import runpy
from pathlib import Path

from appliance.given_names import given_names

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "given-names"


def test_names_english_holds_as_words_are_given_names() -> None:
    names = given_names()
    assert {"josh", "sam", "tom", "john", "olivia"} <= names


def test_no_everyday_word_the_script_leaves_out_is_a_given_name() -> None:
    everyday = runpy.run_path(str(SCRIPT), run_name="given_names_script")["EVERYDAY_WORDS"]
    assert {"will", "bill", "grace", "hope", "honey"} <= everyday  # the list is the one read
    assert not everyday & given_names()
    assert all(len(name) >= 3 for name in given_names())
