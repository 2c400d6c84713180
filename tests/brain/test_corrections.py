"""A statement that ends what a live fact says is kept as asked, and the old fact is put to
a person: a seventh trial's "remember that Isla grew out of her sesame allergy" went live
beside "Isla is allergic to sesame", and recall said both with nothing to check."""

from __future__ import annotations

import pytest

from appliance.brain.corrections import ended, ends
from appliance.config import Settings
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply


@pytest.mark.parametrize(
    ("told", "said"),
    [
        ("Isla is allergic to sesame.", "remember that Isla grew out of her sesame allergy"),
        ("Sam goes to football on Tuesdays.", "remember that Sam stopped going to football"),
        ("Dad takes warfarin every morning.", "remember that Dad no longer takes warfarin"),
        ("Nan lives in Leeds.", "remember that Nan used to live in Leeds"),
    ],
)
def test_a_fact_ended_is_put_to_a_person_and_the_new_words_are_kept(
    settings: Settings, memory: Memory, told: str, said: str
) -> None:
    old = memory.add(told, "health")
    reply, model = scripted_reply(settings, memory, [], said)
    assert f"That may change “{told}”, so I've asked to forget it." in reply.text
    [proposal] = memory.proposals()
    assert (proposal.kind, proposal.target) == ("retract", old.id)
    assert memory.get(old.id).status == "live"  # nothing changed until a person says so
    assert len(memory.facts()) == 2 and model.prompts == []


@pytest.mark.parametrize(
    ("told", "said"),
    [
        # another thing of the same person, another person, and nothing ended
        ("Isla's inhaler is in the top drawer.", "remember that Isla stopped going to Brownies"),
        ("Isla is allergic to sesame.", "remember that Sam grew out of his sesame allergy"),
        ("Isla is allergic to sesame.", "remember that Isla is allergic to kiwi too"),
    ],
)
def test_no_fact_ended_is_put_to_anyone(
    settings: Settings, memory: Memory, told: str, said: str
) -> None:
    memory.add(told, "health")  # the controls
    reply, _ = scripted_reply(settings, memory, [], said)
    assert reply.text.startswith("I'll remember that:") and "may change" not in reply.text
    assert memory.proposals() == []


@pytest.mark.parametrize(
    "said",
    [
        "Isla grew out of her sesame allergy",
        "Sam isn't vegetarian any more",
        "Dad doesn't take sugar now",
        "Granny has given up driving",
    ],
)
def test_what_says_something_is_over(said: str) -> None:
    assert ends(said)


@pytest.mark.parametrize(
    "said", ["Isla is allergic to sesame", "Sam has stopwatch practice", "Leo is growing fast"]
)
def test_what_says_nothing_is_over(said: str) -> None:
    assert not ends(said)
    assert ended(said, []) is None
