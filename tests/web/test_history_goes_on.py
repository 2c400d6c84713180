"""An OpenAI client that resends its history, and never a thread id, has the question the
thread its history ends asked, and the change it made there last, carried to its own fresh
thread (`Threads.continued`, `Router.carry`): Hearth's "For how long?" is answered by its
"eight minutes", and "make that 2 bags" puts right the sugar just added. A twelfth
outside trial's timers, reminders and "Which one?" went unanswered, each reply starting a
fresh thread. A real server on 127.0.0.1, the household's own rules, and a scripted chat
model (saying what the trial heard the real one say, where a fresh thread gives it the
words)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.brain import Brain
from appliance.composition import intent_router
from appliance.config import Settings
from appliance.household import HouseholdStore
from appliance.memory import Memory
from appliance.web.brain_chat import BrainChat
from tests.brain.conftest import ScriptedModel
from tests.web.client import call
from tests.web.conftest import Running, start_server, stop_server


@pytest.fixture
def household_web(settings: Settings, memory: Memory, data_dir: Path) -> Iterator[Running]:
    brain = BrainChat(
        Brain.open(
            settings,
            memory,
            chat_model=ScriptedModel(["Eight minutes."]),
            intents=intent_router(settings),
        )
    )
    running = start_server(memory, data_dir, chat=brain)
    yield running
    stop_server(running)
    brain.close()


def _say(web: Running, *messages: tuple[str, str]) -> tuple[str, str]:
    body = {"model": "hearth", "messages": [{"role": r, "content": t} for r, t in messages]}
    answer = call(f"{web.url}/v1/chat/completions", "POST", body, web.auth(), timeout=60)
    assert answer.status == 200
    return answer.json["choices"][0]["message"]["content"], answer.header("X-Hearth-Thread")


def _timers_all(settings: Settings) -> list:
    with HouseholdStore.open(settings.data_dir) as store:
        return list(store.timers())


def _timers(settings: Settings) -> list[str]:
    with HouseholdStore.open(settings.data_dir) as store:
        return [t.name for t in store.timers()]


def test_hearths_question_is_answered_through_the_resent_history(
    household_web: Running, settings: Settings
) -> None:
    asked, thread = _say(household_web, ("user", "set a timer"))
    assert asked.startswith("For how long?")
    said, again = _say(
        household_web, ("user", "set a timer"), ("assistant", asked), ("user", "eight minutes")
    )
    # its own fresh thread, with the question carried: never the first thread itself
    assert again != thread and "8 minutes" in said
    assert len(_timers(settings)) == 1


def test_another_client_never_takes_over_a_thread(
    household_web: Running, settings: Settings
) -> None:
    """A second review's: the kitchen's voice asked "For how long?" in its own thread, a
    phone that had said and heard the same words answered it there, and the voice's own
    answer then set nothing; what the voice's thread held reached the phone's turn."""
    url, auth = f"{household_web.url}/v1/chat/completions", household_web.auth()
    voice = {**auth, "X-Hearth-Thread": "kitchenvoice1"}

    def voiced(text: str) -> str:
        body = {"model": "hearth", "messages": [{"role": "user", "content": text}]}
        answer = call(url, "POST", body, voice, timeout=60)
        assert answer.status == 200
        return answer.json["choices"][0]["message"]["content"]

    asked = voiced("set a timer")
    said, phone = _say(
        household_web, ("user", "set a timer"), ("assistant", asked), ("user", "five minutes")
    )
    assert phone != "kitchenvoice1" and "5 minutes" in said
    assert "20 minutes" in voiced("twenty minutes")  # the voice's question was still its own
    assert sorted(t.seconds for t in _timers_all(settings)) == [300.0, 1200.0]


def test_a_history_hearth_did_not_end_starts_afresh(
    household_web: Running, settings: Settings
) -> None:  # the control
    asked, thread = _say(household_web, ("user", "set a timer"))
    # the same answer, after words the thread never held: a fresh thread, no question waiting
    said, other = _say(
        household_web, ("user", "start a timer"), ("assistant", asked), ("user", "eight minutes")
    )
    # (a length said alone, nothing asked, is asked about and never set: stop 64)
    assert other != thread and _timers(settings) == []
    assert said.startswith("Shall I set a timer for 8 minutes?")


def _items(settings: Settings) -> list[str]:
    with HouseholdStore.open(settings.data_dir) as store:
        return [item.name for item in store.items()]


def test_the_change_the_resent_history_ends_with_is_put_right(
    household_web: Running, settings: Settings
) -> None:
    """A nineteenth trial's phone said "add a bag of sugar to the list" and then "make that
    2 bags", and got the model's "make that 2 bags of sugar", the list as it was: each turn
    was a fresh thread, and only Hearth's question was carried to it. The last change is
    carried too, where it was the last thing done in the thread the history ends."""
    added, _ = _say(household_web, ("user", "add a bag of sugar to the list"))
    said, _ = _say(
        household_web,
        ("user", "add a bag of sugar to the list"),
        ("assistant", added),
        ("user", "make that 2 bags"),
    )
    assert _items(settings) == ["2 bags of sugar"] and "2 bags of sugar" in said
    timer, _ = _say(household_web, ("user", "set a timer for 10 minutes"))
    undone, _ = _say(
        household_web,
        ("user", "set a timer for 10 minutes"),
        ("assistant", timer),
        ("user", "cancel that"),
    )
    assert "cancelled" in undone and _timers(settings) == []


def test_a_change_with_a_message_after_it_is_never_carried(
    household_web: Running, settings: Settings
) -> None:
    """The control a review of a first version found: the kitchen set a timer, then asked
    "what's on the list?"; a phone that had set nothing resent that question and its answer,
    and its "cancel that" cancelled the kitchen's timer. A change is carried only where it
    was its thread's last message."""
    url, auth = f"{household_web.url}/v1/chat/completions", household_web.auth()
    kitchen = {**auth, "X-Hearth-Thread": "kitchenvoice2"}
    for text in ("set a timer for 10 minutes", "what's on the list"):
        body = {"model": "hearth", "messages": [{"role": "user", "content": text}]}
        assert call(url, "POST", body, kitchen, timeout=60).status == 200
    read, _ = _say(household_web, ("user", "what's on the list"))
    undone, _ = _say(
        household_web,
        ("user", "what's on the list"),
        ("assistant", read),
        ("user", "cancel that"),
    )
    assert "cancelled" not in undone and len(_timers(settings)) == 1


def test_a_carried_change_is_not_carried_on_past_another_message(
    household_web: Running, settings: Settings
) -> None:
    """Carried once, it is the new thread's own: a read there after it, resent, leaves no
    change to take back (a review had found a carried change renewed with each resent turn)."""
    history = [("user", "add oat milk to the list")]
    history.append(("assistant", _say(household_web, *history)[0]))
    history.append(("user", "what's on the list"))
    history.append(("assistant", _say(household_web, *history)[0]))
    history.append(("user", "take it off again"))
    said, _ = _say(household_web, *history)
    assert _items(settings) == ["oat milk"] and "Nothing was changed" in said


def test_say_that_again_replays_hearths_own_answer_through_the_resent_history(
    household_web: Running, settings: Settings
) -> None:
    """A phone resends its history; where it ends with Hearth's own answer, word for word,
    "say that again" replays it (a sixteenth trial's got "I haven't said anything yet")."""
    listed, _ = _say(household_web, ("user", "add eggs to the list"))
    read, _ = _say(
        household_web,
        ("user", "add eggs to the list"),
        ("assistant", listed),
        ("user", "what's on the list"),
    )
    again, _ = _say(
        household_web,
        ("user", "add eggs to the list"),
        ("assistant", listed),
        ("user", "what's on the list"),
        ("assistant", read),
        ("user", "say that again"),
    )
    assert read == "On the shopping list: eggs." and again == read
    # the control: an answer Hearth never gave is never replayed as its own
    forged, _ = _say(
        household_web,
        ("user", "what's on the list"),
        ("assistant", "On the shopping list: caviar."),
        ("user", "say that again"),
    )
    assert "caviar" not in forged


def test_she_is_whom_the_resent_history_named(household_web: Running, memory: Memory) -> None:
    """An eighteenth trial's phone asked "Who is Shira?", then "Does she eat meat?", and got
    "I don't know who “she” is here": the history went into the fresh thread only after the
    router had read it."""
    memory.add("Shira is our lodger, she keeps kosher-style, no meat with milk.", "person")
    first, _ = _say(household_web, ("user", "Who is Shira?"))
    assert first.startswith("From memory: Shira is our lodger")
    said, _ = _say(
        household_web,
        ("user", "Who is Shira?"),
        ("assistant", first),
        ("user", "Does she eat meat?"),
    )
    assert said.startswith("From memory: Shira is our lodger")
    # control: with no one named before, "she" is still no one
    alone, _ = _say(household_web, ("user", "Does she eat meat?"))
    assert alone.startswith("I don't know who “she” is here")


def test_a_put_right_by_phone_is_itself_carried_to_the_next_turn(
    household_web: Running, settings: Settings
) -> None:
    """A twenty-first trial's phone set a timer, said "make it 7", and then "cancel that":
    "Cancel what? Nothing was changed." The change a carried change made is carried too."""
    history = [("user", "set a timer for 5 minutes for the pasta")]
    said, _ = _say(household_web, *history)
    history += [("assistant", said), ("user", "make it 7")]
    said, _ = _say(household_web, *history)
    assert "7 minutes" in said
    history += [("assistant", said), ("user", "cancel that")]
    said, _ = _say(household_web, *history)
    assert "cancelled" in said and _timers(settings) == []
