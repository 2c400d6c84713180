"""A refused fact said again with its times, amounts and how often written otherwise is
held for review: "4pm" / "four in the afternoon", "fortnightly" / "every two weeks". A
seventh trial retracted "Reuben's piano lesson is on Thursdays at 4pm", then "please
remember Reuben has his piano on Thursday afternoons at four" went live."""

from __future__ import annotations

import json

import pytest

from appliance.memory import Memory
from appliance.memory.contrast import VERSION, Marks, contrast
from appliance.memory.quantities import read
from appliance.memory.restated import keys_of
from appliance.memory.store import HeldForReview


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("at 4pm", "at four in the afternoon"),
        ("at 17:30", "at half past five"),
        ("at half five", "at 5:30"),
        ("at quarter to eight", "at 7:45"),
        ("at twenty to seven", "at 6.40pm"),
        ("at noon", "at 12pm"),
        ("from 10pm to 6am", "from 22:00 to 06:00"),
        ("every other Tuesday", "every two weeks"),
        ("fortnightly", "every second week"),
        ("twice a year", "every six months"),
        ("every 7 days", "once a week"),
        ("£148 a month", "a hundred and forty-eight pounds monthly"),
        ("a fiver a week", "£5 every week"),
        ("45 minutes", "three quarters of an hour"),
        ("2 hours", "120 minutes"),
        ("on 8/14", "on the 14th of August"),
        ("on Christmas Day", "on the 25th of December"),
        ("the bus at 8", "the bus at eight o'clock"),  # a review's
        ("at 24:00", "at midnight"),
        ("on 12.05.2026", "on 12 May 2026"),
    ],
)
def test_a_quantity_written_otherwise_reads_as_one_mark(one: str, other: str) -> None:
    assert read(one.lower()).marks == read(other.lower()).marks


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("at half five", "at 4:30"),
        ("at ten to six", "at ten past six"),
        ("at 17:30", "at 7:30"),
        ("every quarter", "every month"),
        ("twice a year", "every two years"),
        ("on Boxing Day", "on Christmas Day"),
        ("£5 a week", "£5 a month"),
    ],
)
def test_another_quantity_is_another_mark(one: str, other: str) -> None:
    assert read(one.lower()).marks != read(other.lower()).marks


@pytest.mark.parametrize(
    ("one", "other"),
    [
        # a review's: a unit, a currency, pence, and a decimal that is no time
        ("leo is 4 years old", "leo is 4 months old"),
        ("the dog weighs 20 kg", "the dog weighs 20 pounds"),
        ("sam owes leo 10 pounds", "sam owes leo 10 dollars"),
        ("£5 a week", "5p a week"),
        ("2.50 mg", "2:50"),
    ],
)
def test_a_unit_or_a_currency_tells_two_amounts_apart(one: str, other: str) -> None:
    assert read(one).marks != read(other).marks


@pytest.mark.parametrize("said", ["every 0 weeks", "every zero days", "every 0.5 days", "9" * 400])
def test_no_number_breaks_the_reading(said: str) -> None:
    assert Marks.of(said).version == VERSION  # a review's: "every 0 weeks" divided by zero


@pytest.mark.parametrize(
    "said",
    ["Leo is 4 and Sam is 6", "we have 4 children", "from 4 to 6 years old", "size 12 shoes"],
)
def test_a_number_that_is_no_time_stays_a_number(said: str) -> None:
    assert not any(mark.startswith("t") for mark in read(said.lower()).marks)


@pytest.mark.parametrize(
    ("one", "other", "why"),
    [
        ("Siobhan works 10pm to 6am.", "Siobhan works 10am to 6pm.", "different times"),
        ("The heating comes on at 6am.", "The heating comes on at 6pm.", "different times"),
        ("Rhian works nights.", "Rhian works days.", "different times"),
        ("Leo swims on Thursday afternoons.", "Leo swims on Thursday evenings.", "times"),
    ],
)
def test_the_half_of_the_day_still_tells_two_times_apart(one: str, other: str, why: str) -> None:
    assert why in (contrast(Marks.of(one), Marks.of(other)) or "")


def test_a_part_of_the_day_agrees_with_a_time_in_it() -> None:
    """The control: "on Thursday afternoons at four" is "on Thursdays at 4pm"."""
    one, other = "Reuben swims on Thursdays at 4pm.", "Reuben swims on Thursday afternoons at four."
    assert contrast(Marks.of(one), Marks.of(other)) is None


@pytest.mark.parametrize(
    ("refused", "said"),
    [
        # the trial's, through "please remember"
        (
            "Reuben's piano lesson is on Thursdays at 4pm.",
            "Reuben has his piano on Thursday afternoons at four.",
        ),
        (
            "The cleaner comes every two weeks on a Wednesday.",
            "The cleaner comes fortnightly on Wednesdays.",
        ),
        (
            "Council tax is £148 a month.",
            "The council tax is a hundred and forty-eight pounds monthly.",
        ),
    ],
)
def test_a_refused_fact_with_its_numbers_written_otherwise_is_held(
    semantic_memory: Memory, refused: str, said: str
) -> None:
    fact = semantic_memory.add(refused, "routine", origin="agent")
    semantic_memory.retract(fact.id, actor="panel")
    with pytest.raises(HeldForReview):
        semantic_memory.add(said, "routine", origin="agent")
    assert [f.text for f in semantic_memory.facts()] == [refused]  # the retracted one only


@pytest.mark.parametrize(
    "said",
    [
        "Reuben's piano lesson is on Thursdays at 5pm.",  # a correction
        "Reuben's piano lesson is on Thursday mornings at four.",  # the other half
        "Reuben's swimming is on Tuesdays at 4pm.",  # another thing, another day
    ],
)
def test_another_time_goes_live(semantic_memory: Memory, said: str) -> None:
    fact = semantic_memory.add("Reuben's piano lesson is on Thursdays at 4pm.", "routine")
    semantic_memory.retract(fact.id, actor="panel")  # the controls
    assert semantic_memory.add(said, "routine", origin="agent")


def test_a_tombstone_written_before_keeps_its_marks_and_is_read_as_it_was(
    semantic_memory: Memory,
) -> None:
    """A tombstone of marks version 1 (written before times were read as one mark) is
    compared at version 1: its own words said again in other ways still match as they
    did, and a new tombstone is written at VERSION."""
    refused = "Reuben's piano lesson is on Thursdays at 4pm."
    fact = semantic_memory.add(refused, "routine")
    semantic_memory.retract(fact.id, actor="panel")
    path = semantic_memory.data_dir / "tombstones.jsonl"
    [line] = path.read_text(encoding="utf-8").splitlines()
    stone = json.loads(line)
    assert stone["marks"]["version"] == VERSION
    stone["marks"] = Marks.of(refused, 1).to_json()  # as a Hearth before this one wrote it
    assert "version" not in stone["marks"]
    path.write_text(json.dumps(stone) + "\n", encoding="utf-8")
    with pytest.raises(HeldForReview):
        semantic_memory.add(
            "Reuben's piano lesson is at 4pm on Thursdays.", "routine", origin="agent"
        )
    assert semantic_memory.add("Reuben's piano lesson is on Thursdays at 5pm.", "routine")


@pytest.mark.parametrize(
    ("refused", "said"),
    [
        # a review's: against a tombstone written before, how often and a unit still count,
        # read as they were then
        ("The window cleaner comes monthly.", "The window cleaner comes weekly."),
        ("The gas bill is paid quarterly.", "The gas bill is paid yearly."),
    ],
)
def test_keys_are_read_at_the_version_of_the_tombstone(
    semantic_memory: Memory, refused: str, said: str
) -> None:
    fact = semantic_memory.add(refused, "routine")
    semantic_memory.retract(fact.id, actor="panel")
    path = semantic_memory.data_dir / "tombstones.jsonl"
    stone = json.loads(path.read_text(encoding="utf-8"))
    stone["marks"] = Marks.of(refused, 1).to_json()
    stone["keys"] = keys_of(refused, Marks.of(refused, 1))
    path.write_text(json.dumps(stone) + "\n", encoding="utf-8")
    assert semantic_memory.add(said, "routine", origin="agent")


def test_marks_of_a_version_this_hearth_does_not_read_are_refused() -> None:
    marks = Marks.of("Leo swims at 4pm.").to_json()
    with pytest.raises(ValueError, match="version"):
        Marks.from_json({**marks, "version": VERSION + 1})
