"""A refused fact of diet or health said again in the household's other words is held for
review ("Priya doesn't eat meat" after "Priya is vegetarian" was retracted: an eighth
trial's went live), and a fact said as over, or another diet, is another fact (marks of
version 3). Through a real Memory, its tombstones and the installed MiniLM."""

from __future__ import annotations

import json

import pytest

from appliance.memory import Memory, tombstones
from appliance.memory.contrast import VERSION, Marks
from appliance.memory.store import HeldForReview
from appliance.memory.wordings import other_wordings


def _refused(memory: Memory, text: str) -> None:
    fact = memory.add(text, "person")
    memory.retract(fact.id, actor="panel")


@pytest.mark.parametrize(
    ("refused", "said"),
    [
        ("Priya is vegetarian.", "Priya doesn't eat meat."),  # the trial's
        ("Priya doesn't eat meat.", "Priya's vegetarian"),
        ("Tom is allergic to shellfish.", "Tom can't eat shellfish."),
        ("Isla is allergic to sesame.", "Sesame triggers Isla's allergy."),
        ("Dad is coeliac.", "Dad can't have gluten."),
        ("Gran is diabetic.", "Gran has diabetes."),
        ("Dad takes warfarin.", "Dad is on warfarin."),
        ("My sister Hannah is pregnant.", "My sister Hannah is expecting a baby."),
        # a tenth trial's, each live at once
        ("Maggie hates coriander.", "Maggie really doesn't like cilantro."),
        ("Osric is vegetarian.", "Osric's a veggie."),
        (
            "The spare key is under the blue heron statue.",
            "The spare key is beneath the blue heron statue.",
        ),
        ("The dishwasher tablets are under the sink.", "The dishwasher tabs are under the sink."),
        # a review's: refused in the rarer word, said again in the plainer
        ("Maggie hates cilantro.", "Maggie hates coriander."),
        ("Leo can't eat shrimp.", "Leo can't eat prawns."),
    ],
)
def test_a_refused_diet_or_health_fact_in_other_words_is_held(
    semantic_memory: Memory, refused: str, said: str
) -> None:
    _refused(semantic_memory, refused)
    with pytest.raises(HeldForReview):
        semantic_memory.add(said, "person", origin="agent")
    assert [f.text for f in semantic_memory.facts("live")] == []  # nothing went live


@pytest.mark.parametrize(
    ("refused", "said"),
    [
        ("Priya is vegetarian.", "Sam doesn't eat meat."),  # another person
        ("Priya is vegetarian.", "Priya doesn't eat meat on Fridays."),  # said with more
        ("Priya is vegetarian.", "Priya used to be vegetarian."),  # over: version 3
        ("Jake is vegan.", "Jake is vegetarian."),  # another diet: version 3
        ("Noah has a peanut allergy.", "Noah has grown out of his peanut allergy."),
        ("Dad takes warfarin.", "Dad stopped taking warfarin."),
        ("Nana is blind in her left eye.", "Nana is blind in her right eye."),
        ("Sam is allergic to nuts.", "Sam isn't allergic to nuts."),
        ("Maggie hates coriander.", "Maggie hates cilantro on Sundays only."),  # said with more
        ("The spare key is under the blue heron statue.", "The spare key is under the mat."),
    ],
)
def test_another_fact_goes_live(semantic_memory: Memory, refused: str, said: str) -> None:
    """The controls: each would be held without the rule beside it."""
    _refused(semantic_memory, refused)
    assert semantic_memory.add(said, "person", origin="agent")


def test_the_other_wordings_are_read_only_from_the_whole_statement() -> None:
    assert "Priya is vegetarian" in other_wordings("Priya doesn't eat meat.")
    assert other_wordings("Priya doesn't eat meat on Fridays.") == []
    assert other_wordings("Dad is on holiday.") == []  # no medicine
    assert other_wordings("Sam can't have his phone at dinner.") == []  # no allergen
    assert other_wordings("The spare key is in the blue pot.") == []
    # a same word is said as each other word of its group, one group at a time
    assert other_wordings("The spare key is under the blue pot.") == [
        "The spare key is beneath the blue pot.",
        "The spare key is underneath the blue pot.",
    ]
    # plain words: one group's other words read as its first, and nothing else changed
    assert other_wordings("The key is beneath the pot.") == [
        "The key is under the pot.",
        "The key is underneath the pot.",
    ]
    assert other_wordings("We had chips and biscuits.") == []  # words that differ, unread


def test_a_tombstone_of_version_2_is_compared_as_it_was(semantic_memory: Memory) -> None:
    """Marks written before version 3 have no "over" mark: a new statement is read at
    their version, so one said as over still matches a refusal said as over, and what
    matched at version 2 still does."""
    refused = "Carlos used to be vegetarian."
    _refused(semantic_memory, refused)
    path = semantic_memory.data_dir / "tombstones.jsonl"
    stone = json.loads(path.read_text(encoding="utf-8"))
    assert stone["marks"]["version"] == VERSION == 5
    stone["marks"] = Marks.of(refused, 2).to_json()  # as the Hearth before this one wrote it
    assert "not-now" not in stone["marks"]["words"]
    path.write_text(json.dumps(stone) + "\n", encoding="utf-8")
    with pytest.raises(HeldForReview):
        semantic_memory.add("Carlos used to be a vegetarian.", "person", origin="agent")


def test_marks_of_version_3_say_over_and_the_diet() -> None:
    assert "not-now" in Marks.of("Carlos used to be vegetarian.").words
    assert "not-now" in Marks.of("Noah outgrew his allergy.").words
    # a review's: "no longer" is the negation's, and "used" alone says nothing over
    assert "not-now" not in Marks.of("The dog is no longer allowed on the sofa.").words
    assert "not-now" not in Marks.of("We've used the blue pot for the spare key.").words
    assert "not-now" not in Marks.of("Noah is allergic to peanuts.").words
    assert "vegan" in Marks.of("Jake is vegan.").words
    assert "not-now" not in Marks.of("Dad gave up smoking.", 2).words  # version 2: as it was


def test_the_threshold_in_use_is_the_one_measured() -> None:
    """benchmarks/tombstones.py chose 0.87 once version 3 told vegan from vegetarian (the
    near-but-different pair at 0.891 that had set 0.90)."""
    assert tombstones.SAME_MEANING == {"all-minilm-l6-v2-onnx-int8": 0.87}
    # a tombstone with older marks keeps the threshold chosen with them
    # (tests/memory/test_quantities.py: "…weekly" after a refused "…monthly" goes live)
    assert tombstones.SAME_MEANING_BEFORE_V3 == {"all-minilm-l6-v2-onnx-int8": 0.90}


def test_a_day_of_the_month_in_words_is_the_date_from_version_3(semantic_memory: Memory) -> None:
    """A ninth trial discarded "Niamh's birthday is the 14th of June"; "…falls on June the
    fourteenth" went live. The fifteenth is another date (the control); marks of version 2
    read no date in the words, as they did."""
    _refused(semantic_memory, "Niamh's birthday is the 14th of June.")
    with pytest.raises(HeldForReview):
        semantic_memory.add(
            "Niamh's birthday falls on June the fourteenth.", "event", origin="agent"
        )
    assert semantic_memory.add("Niamh's birthday is on the fifteenth of June.", "event")
    assert Marks.of("June the fourteenth", 2).numbers == ()
    assert Marks.of("June the fourteenth").numbers == Marks.of("14 June").numbers


@pytest.mark.parametrize(
    ("refused", "said"),
    [
        ("The dog is not allowed on the sofa.", "The dog is no longer allowed on the sofa."),
        ("The spare key is under the blue pot.", "We've used the blue pot for the spare key."),
    ],
)
def test_said_again_as_no_longer_is_still_held(
    semantic_memory: Memory, refused: str, said: str
) -> None:
    """A review's: the first "not now" mark read "no longer" and "used" as over, and both
    went live after the refusal (each was held before)."""
    _refused(semantic_memory, refused)
    with pytest.raises(HeldForReview):
        semantic_memory.add(said, "household", origin="agent")
