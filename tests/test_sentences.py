"""Sentences end after ".", "!" or "?" and a space, never after a title: a tenth trial's
"…is called Dr. Fannymore." was proposed as "…is called Dr."."""

from __future__ import annotations

import pytest

from appliance.brain.statements import facts_stated
from appliance.sentences import sentences


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Our vet is Dr. Fennimore.", ["Our vet is Dr. Fennimore."]),
        (
            "Mrs. Kelly minds the kids. She's lovely.",
            ["Mrs. Kelly minds the kids.", "She's lovely."],
        ),
        (
            "The school is St. Ebba's. It's on the hill!",
            ["The school is St. Ebba's.", "It's on the hill!"],
        ),
        ("Is it 6? Yes. Good.", ["Is it 6?", "Yes.", "Good."]),  # the control: ends still end
    ],
)
def test_a_title_ends_no_sentence(text: str, said: list[str]) -> None:
    assert sentences(text) == said


def test_a_fact_with_a_title_is_kept_whole() -> None:
    assert facts_stated("Our vet is Dr. Fennimore.") == ["Our vet is Dr. Fennimore."]
