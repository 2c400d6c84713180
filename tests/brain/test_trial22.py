"""A twenty-second outside trial's (a Winnipeg household) findings, each as a class beside a
control: "actually cancel that one" moved a reminder to 13:00, "did I already add eggs?"
never read the list, a reminder on "dec 17" was not understood, a self-introduction
("My name is Lola Cora, I am Marco's mother. I am diabetic po.") was carded as Marco's, a
refused allergy was said back by the model with nuts nobody named, and "The baby is
allergic to eggs." got "From around 6 months, yes". A scripted chat model stands in, so a
reply that came from it is seen; memory and the household's records are real. The words
here are not the trial's own."""

from __future__ import annotations

import pytest

from appliance.brain.bounds import NOT_UNDERSTOOD, REFUSED_BEFORE, reply_bounds
from appliance.config import Settings
from appliance.household import HouseholdStore
from appliance.memory import Memory
from tests.brain.conftest import ScriptedModel, rules_conversation

MODEL = "Model says hi."


def _said(settings: Settings, memory: Memory, *turns: str, **kwargs) -> tuple[list[str], int]:
    return rules_conversation(settings, memory, turns, MODEL, **kwargs)


def _reminders(settings: Settings) -> list[tuple[str, str]]:
    with HouseholdStore.open(settings.data_dir) as store:
        return sorted((r.text, f"{r.due_at:%m-%d %H:%M}") for r in store.reminders())


def _items(settings: Settings) -> list[str]:
    with HouseholdStore.open(settings.data_dir) as store:
        return sorted(item.name for item in store.items())


@pytest.mark.parametrize("said", ["actually cancel that one", "cancel that one", "scrap this one"])
def test_that_one_is_the_reminder_pointed_at_never_one_o_clock(
    settings: Settings, memory: Memory, said: str
) -> None:
    _said(settings, memory, "remind me at 7am tomorrow to ring the pharmacy", "move it to 9", said)
    assert _reminders(settings) == []  # cancelled; never moved to 13:00


def test_a_correction_said_bare_still_moves_it(settings: Settings, memory: Memory) -> None:
    _said(settings, memory, "remind me at 7am tomorrow to ring the pharmacy", "actually 10am")
    [(text, due)] = _reminders(settings)  # the control: a value alone puts it right
    assert due.endswith("10:00")


@pytest.mark.parametrize(
    ("said", "answer"),
    [
        ("did I already add oat milk?", "Yes"),
        ("did we add crackers?", "No"),
        ("have I added wipes", "Yes"),
    ],
)
def test_whether_it_was_added_is_read_from_the_list(
    settings: Settings, memory: Memory, said: str, answer: str
) -> None:
    replies, asked = _said(settings, memory, "add oat milk and baby wipes to the list", said)
    assert replies[-1].startswith(answer) and asked == 0


def test_a_cook_asking_herself_is_not_the_lists(settings: Settings, memory: Memory) -> None:
    replies, _ = _said(settings, memory, "did I add the salt to the soup?")
    assert "shopping list" not in replies[-1]  # the control: a recipe's, never the list's


@pytest.mark.parametrize(
    "said",
    [
        "remind me dec 17 at 8pm to pack the health card",
        "remind me on 17 december at 8pm to pack the health card",
        "remind me to pack the health card on december 17 at 8pm",
    ],
)
def test_a_month_by_name_and_a_bare_day_is_that_date(
    settings: Settings, memory: Memory, said: str
) -> None:
    _said(settings, memory, said)
    assert _reminders(settings) == [("pack the health card", "12-17 20:00")]


def test_a_date_never_swallows_a_clock_time(settings: Settings, memory: Memory) -> None:
    _said(settings, memory, "remind me at 8pm to pack the health card")
    [(_, due)] = _reminders(settings)  # the control: no month, no date
    assert due.endswith("20:00") and not due.startswith("12-17")


def test_a_size_on_the_list_is_put_right(settings: Settings, memory: Memory) -> None:
    _said(settings, memory, "add wipes and nappies size 4 to the list", "make the nappies size 5")
    assert _items(settings) == ["nappies size 5", "wipes"]


def test_who_a_thing_is_for_and_how_many_are_kept_with_it(
    settings: Settings, memory: Memory
) -> None:
    _said(settings, memory, "add lactose free milk for Kofi, 2 cartons")
    assert _items(settings) == ["2 cartons of lactose free milk for Kofi"]


def test_a_meal_a_thing_is_for_is_no_list_command(settings: Settings, memory: Memory) -> None:
    _said(settings, memory, "add bread for tea")  # the control: a recipe's "add … for tea"
    assert _items(settings) == []


def test_an_occasion_a_thing_is_for_is_no_one(settings: Settings, memory: Memory) -> None:
    # a held-out split's, read wrongly by a first version: "for the barbie" is no person
    _said(
        settings,
        memory,
        "mate we need snags and a few tinnies for the barbie, chuck em on the list",
    )
    assert _items(settings) == ["snags", "tinnies"]


def test_a_second_timer_after_a_greeting_and_a_lead_is_set(
    settings: Settings, memory: Memory
) -> None:
    _said(settings, memory, "Hey, uh, so set a chips timer for 20 minutes, and a fish timer for 8.")
    with HouseholdStore.open(settings.data_dir) as store:
        assert sorted(t.name for t in store.timers()) == ["chips", "fish"]


def test_a_name_called_in_a_change_of_mind_is_not_an_item(
    settings: Settings, memory: Memory
) -> None:
    _said(
        settings,
        memory,
        "add a jar of peanut butter to the list. No wait, Kemi, make it almond butter instead.",
    )
    assert _items(settings) == ["almond butter"]


def test_an_introduction_is_the_speaker_s_never_the_one_named_in_it(
    settings: Settings, memory: Memory
) -> None:
    _said(
        settings,
        memory,
        "Good evening po. My name is Rosa, I am Miguel's mother. I am diabetic po.",
        notetaker=ScriptedModel([]),
    )
    carded = [p.text for p in memory.proposals()]
    assert carded == ["Rosa is diabetic."]  # never "Miguel is diabetic po."


def test_who_speaks_typed_in_lower_case_owns_my(settings: Settings, memory: Memory) -> None:
    _said(settings, memory, "hey its kwame. efua is my gf btw", notetaker=ScriptedModel([]))
    assert [p.text for p in memory.proposals()] == ["Efua is Kwame's gf."]


def test_my_with_no_one_introduced_stays_mine(settings: Settings, memory: Memory) -> None:
    _said(settings, memory, "my bike is in the shed", notetaker=ScriptedModel([]))
    assert [p.text for p in memory.proposals()] == ["My bike is in the shed."]  # the control


def test_a_name_a_dash_and_a_note_is_carded_of_them(settings: Settings, memory: Memory) -> None:
    _said(settings, memory, "kofi - epipen expires jan fyi", notetaker=ScriptedModel([]))
    assert [p.text for p in memory.proposals()] == ["Kofi: epipen expires jan."]


def test_a_dash_after_no_one_cards_no_note(settings: Settings, memory: Memory) -> None:
    _said(settings, memory, "mum - call me back", notetaker=ScriptedModel([]))
    assert memory.proposals() == []  # the control: a message to someone, no fact


def _refused(memory: Memory, text: str) -> None:
    proposal = memory.propose(text, "health", 0.8)
    memory.discard(proposal.id, "cli", "wrong")


def test_a_refused_fact_said_back_by_the_model_is_not_said(memory: Memory) -> None:
    memory.add("Kemi is allergic to peanuts.", "health")
    _refused(memory, "Kemi is allergic to tree nuts too.")
    bounds = reply_bounds(
        "",
        "kemi - tree nut allergy too fyi",
        ["Kemi is allergic to peanuts."],
        frozenset({"kemi"}),
        refused=lambda s: memory.review.said_no_to(s) is not None,
    )
    broken = bounds.broken("Kemi is allergic to tree nuts.")
    assert broken is not None and broken.instead == REFUSED_BEFORE
    assert bounds.broken("Kemi is allergic to peanuts.") is None  # the control: what is kept


def test_what_goes_on_after_a_part_of_someone_is_of_them_too() -> None:
    bounds = reply_bounds(
        "", "kemi - nut allergy", ["Kemi is allergic to nuts."], frozenset({"kemi"})
    )
    assert bounds.broken("Kemi is allergic to nuts, including walnuts and cashews.") is not None
    assert bounds.broken("Kemi is allergic to nuts.") is None  # the control: told


@pytest.mark.parametrize(
    "sentence",
    [
        "As a text-based AI assistant, I don't have the ability to edit text.",
        "You can find me on Twitter using this link: https://twitter.com/someone",
        "Please refer to the recipe provided by the user.",
    ],
)
def test_a_chatbot_s_lines_and_links_are_not_said(sentence: str) -> None:
    broken = reply_bounds("", "garbage night is wed", [], frozenset()).broken(sentence)
    assert broken is not None and broken.instead == NOT_UNDERSTOOD


def test_a_kitchen_sentence_with_a_full_stop_is_said() -> None:
    bounds = reply_bounds("", "how do I make pancakes", [], frozenset())
    assert bounds.broken("Whisk the eggs as a smooth batter, then rest it.") is None


def test_an_allergy_stated_is_kept_never_answered_as_a_yes(
    settings: Settings, memory: Memory
) -> None:
    replies, _ = _said(
        settings, memory, "The baby is allergic to eggs.", notetaker=ScriptedModel([])
    )
    assert "yes" not in replies[0].lower()
    assert [p.text for p in memory.proposals()] == ["The baby is allergic to eggs."]


def test_asked_whether_the_baby_may_is_still_the_kitchens(
    settings: Settings, memory: Memory
) -> None:
    replies, _ = _said(settings, memory, "can the baby have eggs?")
    assert replies[0].startswith("From around 6 months")  # the control


def test_a_named_person_of_no_known_age_hears_no_child_s_yes(
    settings: Settings, memory: Memory
) -> None:
    memory.add("Jayden is lactose intolerant.", "health")
    replies, _ = _said(settings, memory, "can Jayden have cheddar cheese?")
    assert "lactose intolerant" in replies[0] and "6 months" not in replies[0]


def test_a_named_person_still_hears_a_child_s_caution(settings: Settings, memory: Memory) -> None:
    memory.add("Mia is allergic to peanuts.", "health")
    replies, _ = _said(settings, memory, "can Mia have almonds?")
    assert "Not whole for a child under 5" in replies[0]  # the control: a caution stands


def test_every_day_said_after_a_reminder_makes_it_daily(settings: Settings, memory: Memory) -> None:
    _said(settings, memory, "remind me to check my sugar at 5:30pm", "Every day po")
    with HouseholdStore.open(settings.data_dir) as store:
        [reminder] = store.reminders()
    assert reminder.every == "day"


def test_every_day_said_with_nothing_before_changes_nothing(
    settings: Settings, memory: Memory
) -> None:
    _said(settings, memory, "every day")
    assert _reminders(settings) == []  # the control


def test_please_remember_typed_short_is_remember(settings: Settings, memory: Memory) -> None:
    replies, asked = _said(settings, memory, "pls remember kofi's bus pass is in the drawer")
    assert replies[0].startswith("I'll remember that") and asked == 0


def test_a_sound_heard_now_is_no_fact(settings: Settings, memory: Memory) -> None:
    _said(settings, memory, "Po, something is beeping in the kitchen.", notetaker=ScriptedModel([]))
    assert memory.proposals() == []


def test_what_a_thing_does_when_it_sounds_is_a_fact(settings: Settings, memory: Memory) -> None:
    said = "The smoke alarm beeps when its battery is low."
    _said(settings, memory, said, notetaker=ScriptedModel([]))
    assert [p.text for p in memory.proposals()] == [said]  # the control
