"""A change of "it" said where nothing was just done ("make that 2 bags", "take it off
again", "move it to 6" as a conversation's first message, or after a question between) is
answered by the rules: nothing changed, and what to say instead. A nineteenth trial's fresh
"make that 4 pints" got the model's "I don't have the ability to make a 4-pint mug", and a
small model may as well say "Done". A scripted chat model stands in, so a reply that came
from it is seen."""

from __future__ import annotations

import pytest

from appliance.composition import intent_router
from appliance.config import Settings
from appliance.household import HouseholdStore
from appliance.memory import Memory
from tests.brain.conftest import scripted_conversation

MODEL = "Done! I've changed it for you."
NOTHING_CHANGED = "everything is as it was"


def _records(settings: Settings) -> tuple[list, list, list[str]]:
    with HouseholdStore.open(settings.data_dir) as store:
        return (
            [t.seconds for t in store.timers()],
            [r.text for r in store.reminders()],
            [i.name for i in store.items()],
        )


@pytest.mark.parametrize(
    "said",
    [
        "make that 2 bags",
        "actually, take it off again",
        "move it to 6",
        "change it to 3pm",
        "make that a dozen",
        "double it",
        "add 5 more",
        "actually make it monday, same time",
        "call it the pie timer",
        "och could ye make that 4 tins",
    ],
)
def test_a_change_said_first_changes_nothing_and_says_so(
    settings: Settings, memory: Memory, said: str
) -> None:
    replies, model = scripted_conversation(
        settings, memory, [MODEL], [said], intents=intent_router(settings)
    )
    reply = replies[-1].text
    assert ("everything is as it was" in reply or "Nothing was changed" in reply) and (
        model.prompts == []
    )
    assert _records(settings) == ([], [], [])


def test_a_change_after_a_question_between_is_asked_which(
    settings: Settings, memory: Memory
) -> None:
    """Only the message before is "that": "make that 2 bags" after "what time is it?" is
    asked which, never read as the sugar, nor left to the model."""
    replies, model = scripted_conversation(
        settings,
        memory,
        [MODEL],
        ["add sugar to the list", "what time is it", "make that 2 bags"],
        intents=intent_router(settings),
    )
    assert NOTHING_CHANGED in replies[-1].text and model.prompts == []
    assert _records(settings)[2] == ["sugar"]


def test_the_change_just_made_is_still_put_right(settings: Settings, memory: Memory) -> None:
    """The control: straight after the change, the same words change it."""
    replies, _ = scripted_conversation(
        settings,
        memory,
        [MODEL],
        ["add a bag of sugar to the list", "make that 2 bags"],
        intents=intent_router(settings),
    )
    assert _records(settings)[2] == ["2 bags of sugar"]


@pytest.mark.parametrize(
    "said",
    [
        "take it off",  # a pan, said of nothing on the list
        "no, 25",  # may answer anything the model asked
        "what's it called?",  # asks, changes nothing
        "make it a double",
    ],
)
def test_what_is_no_change_of_it_goes_where_it_went(
    settings: Settings, memory: Memory, said: str
) -> None:
    """The controls: words that change nothing said, or may answer anything, are the
    model's as before (whose claim of a change the guard then takes back)."""
    replies, model = scripted_conversation(
        settings, memory, [MODEL], [said], intents=intent_router(settings)
    )
    assert len(model.prompts) == 1 and "everything is as it was" not in replies[-1].text
