from __future__ import annotations

import pytest

from appliance.brain.router import guess_type, route


@pytest.mark.parametrize(("said", "fact"), [
    ("remember that Sam is allergic to peanuts", "Sam is allergic to peanuts."),
    ("Remember Sam is allergic to peanuts.", "Sam is allergic to peanuts."),
    ("hearth, please remember that the bins go out on Thursday", "The bins go out on Thursday."),
    ("note that the stopcock is under the sink", "The stopcock is under the sink."),
    ("don't forget that Ana comes on Wednesdays", "Ana comes on Wednesdays."),
])  # fmt: skip
def test_remember_commands_become_a_fact_sentence(said: str, fact: str) -> None:
    r = route(said)
    assert (r.kind, r.text) == ("remember", fact)


def test_do_you_remember_is_a_question_not_a_command() -> None:
    r = route("do you remember what Sam is allergic to?")
    assert r.kind == "recall"
    assert r.explicit


def test_forget_is_a_correction_never_a_remember() -> None:
    r = route("forget that Sam is allergic to peanuts")
    assert (r.kind, r.text, r.replaces) == ("correct", "Sam is allergic to peanuts", False)


@pytest.mark.parametrize("said", ["that's wrong", "That is not right.", "no, that's incorrect"])
def test_thats_wrong_alone_corrects_what_was_just_said(said: str) -> None:
    r = route(said)
    assert (r.kind, r.text, r.replaces) == ("correct", "", False)


def test_thats_wrong_with_new_words_replaces() -> None:
    r = route("that's wrong, Sam is allergic to cashews")
    assert (r.kind, r.text, r.replaces) == ("correct", "Sam is allergic to cashews.", True)


@pytest.mark.parametrize(("said", "query", "explicit"), [
    ("what do you know about Sam?", "Sam", True),
    ("what is Sam allergic to?", "what is Sam allergic to?", False),
    ("what's Sam's favourite food", "what's Sam's favourite food", False),
    ("when do the bins go out?", "when do the bins go out?", False),
])  # fmt: skip
def test_questions_go_to_recall(said: str, query: str, explicit: bool) -> None:
    r = route(said)
    assert (r.kind, r.text, r.explicit) == ("recall", query, explicit)


@pytest.mark.parametrize("said", ["tell me a joke", "good morning", "I burnt the toast"])
def test_everything_else_goes_to_the_model(said: str) -> None:
    assert route(said).kind == "chat"


@pytest.mark.parametrize(("fact", "kind"), [
    ("Sam is allergic to peanuts.", "health"),
    ("Grandma's birthday is on the 3rd of March.", "event"),
    ("The bins go out every Thursday.", "routine"),
    ("Tom hates mushrooms.", "preference"),
    ("The spare key is under the blue pot.", "household"),
    ("Ana is Sam's teacher.", "person"),
    ("The car is blue.", "note"),
])  # fmt: skip
def test_guess_type(fact: str, kind: str) -> None:
    assert guess_type(fact) == kind
