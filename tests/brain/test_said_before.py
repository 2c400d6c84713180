"""What the thread already holds is not said again (said_before.py), with the scripted model
(ScriptedModel: scripted text, not a model; these test the brain's handling of it)."""

from __future__ import annotations

import threading

from appliance.brain import said_before
from appliance.brain.bounds import NOTHING_DONE
from appliance.config import Settings
from appliance.memory import Memory
from tests.brain.conftest import scripted_conversation

CANNED = "I'm sorry, I can't help you. Please try again later."


def _free(lock: threading.RLock) -> bool:
    """Whether another thread can take the model's lock (no generation left holding it)."""
    taken: list[bool] = []

    def take() -> None:
        taken.append(lock.acquire(blocking=False))
        if taken[-1]:
            lock.release()

    worker = threading.Thread(target=take)
    worker.start()
    worker.join()
    return taken == [True]


def test_an_answer_copied_from_the_thread_is_made_again_from_the_message_alone(
    settings: Settings, memory: Memory
) -> None:
    answers, model = scripted_conversation(
        settings,
        memory,
        [CANNED, CANNED, "Traffic is the worst. Put the kettle on."],
        ["Sam, can you set the table?", "what a day, the traffic was awful"],
    )
    assert answers[0].text == CANNED
    assert answers[1].text == "Traffic is the worst. Put the kettle on."
    assert len(model.prompts) == 3
    assert "Sam, can you set the table?" in model.prompts[1]  # the thread was shown...
    assert "Sam, can you set the table?" not in model.prompts[2]  # ...then not
    assert "what a day, the traffic was awful" in model.prompts[2]
    assert _free(model.lock)


def test_an_answer_new_from_its_first_sentence_is_made_once(
    settings: Settings, memory: Memory
) -> None:
    answers, model = scripted_conversation(
        settings,
        memory,
        ["Foxes eat mice and beetles.", "They sleep in dens under sheds."],
        ["what do foxes eat?", "where do they sleep?"],
    )
    assert [a.text for a in answers] == [
        "Foxes eat mice and beetles.",
        "They sleep in dens under sheds.",
    ]
    assert len(model.prompts) == 2
    assert "what do foxes eat?" in model.prompts[1]  # the follow-up sees what it follows


def test_an_answer_that_goes_on_into_an_earlier_one_ends_before_it(
    settings: Settings, memory: Memory
) -> None:
    earlier = "A reminder only reminds you of the appointment itself."
    answers, model = scripted_conversation(
        settings,
        memory,
        [f"It might be. {earlier}", f"Fair enough then. {earlier} Enjoy the evening."],
        ["would a reminder for the dentist help?", "I set the oven timer myself, it's fine"],
    )
    assert answers[0].text == f"It might be. {earlier}"
    assert answers[1].text == "Fair enough then."
    assert len(model.prompts) == 2


def test_a_short_answer_said_again_after_a_fresh_look_is_said(
    settings: Settings, memory: Memory
) -> None:
    answers, model = scripted_conversation(
        settings,
        memory,
        ["You're welcome!", "You're welcome!", "You're welcome!"],
        ["thanks", "thanks again"],
    )
    assert [a.text for a in answers] == ["You're welcome!", "You're welcome!"]
    assert len(model.prompts) == 3  # looked at again once, without the thread


def test_a_short_sentence_inside_an_answer_does_not_end_it(
    settings: Settings, memory: Memory
) -> None:
    answers, model = scripted_conversation(
        settings,
        memory,
        ["Yes. Eggs keep about a month.", "Good question. Yes. Boil them for six minutes."],
        ["do eggs keep long?", "and can I boil old ones?"],
    )
    assert answers[1].text == "Good question. Yes. Boil them for six minutes."
    assert len(model.prompts) == 2


def test_an_exchange_answered_with_a_fixed_line_is_not_shown(
    settings: Settings, memory: Memory
) -> None:
    answers, model = scripted_conversation(
        settings,
        memory,
        ["Lovely, enjoy it.", "I've set a timer for ten minutes.", "It is."],
        ["I'm making lasagne tonight", "can you get the lasagne going?", "is it good cold?"],
    )
    assert answers[1].text == NOTHING_DONE  # the action bound's line, not the model's words
    last = model.prompts[2]
    assert "I'm making lasagne tonight" in last and "Lovely, enjoy it." in last
    assert "get the lasagne going" not in last
    assert NOTHING_DONE not in last and "I've set a timer" not in last


def test_worth_showing_drops_each_fixed_answer_with_its_message() -> None:
    turns = [
        ("user", "hello"),
        ("assistant", "Hello there."),
        ("user", "set it going"),
        ("assistant", f"Sure. {NOTHING_DONE}"),
        ("user", "why?"),
    ]
    assert said_before.worth_showing(turns, [NOTHING_DONE]) == [
        ("user", "hello"),
        ("assistant", "Hello there."),
        ("user", "why?"),
    ]
    assert said_before.worth_showing(turns, []) == turns


def test_a_copy_is_a_sentence_said_or_eight_words_in_a_row() -> None:
    said = said_before.Said.of(
        [CANNED, "Yes. No! The oven timer is a device that controls the heat."]
    )
    assert said.copied("I'm sorry, I can't help you.")
    assert said.copied("im SORRY i cant help you") is False  # a word differs
    assert said.copied("Please try again later!")
    assert said.copied("The timer is a device that controls the heat, and more.")
    assert not said.copied("Yes.")  # too short to count as copied
    assert not said.copied("Please try again tomorrow.")
    assert not said.copied("A timer is a device that counts down.")  # seven words shared


def test_an_opening_copies_however_short_and_fixed_lines_are_no_copy() -> None:
    said = said_before.Said.of(["morning Hearth", f"Hello. {NOTHING_DONE}"], [NOTHING_DONE])
    assert said.opens_as("Morning, Hearth!") and not said.copied("Morning, Hearth!")
    assert said.opens_as("Hello!")
    assert not said.opens_as("Yes.")
    assert not said.opens_as(NOTHING_DONE) and not said.copied(NOTHING_DONE)


def test_an_answer_that_opens_as_an_earlier_one_did_is_made_again_however_short(
    settings: Settings, memory: Memory
) -> None:
    answers, model = scripted_conversation(
        settings,
        memory,
        ["morning Hearth", "morning Hearth", "Keep the butter cold."],
        ["up early today", "I'm making scones for the first time, any tips?"],
    )
    assert answers[1].text == "Keep the butter cold."
    assert len(model.prompts) == 3
