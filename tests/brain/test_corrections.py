"""Changing what memory holds from a conversation. A statement that ends what a live fact
says is kept as asked, and the old fact is put to a person: a seventh trial's "remember
that Isla grew out of her sesame allergy" went live beside "Isla is allergic to sesame".
What is taken back in the same breath is not kept, and "forget that" is what was just
kept."""

from __future__ import annotations

import pytest

from appliance.brain.corrections import ended, ends
from appliance.brain.router import TAKEN_BACK
from appliance.config import Settings
from appliance.household import HouseholdStore
from appliance.memory import Memory
from tests.brain.conftest import scripted_conversation, scripted_reply


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
        # a review's: another thing over, a reason, half of nothing, "used to" as "accustomed",
        # and an old one
        (
            "Leo plays football on Saturdays.",
            "remember that Leo quit rugby, he still plays football on Saturdays",
        ),
        (
            "Sam is vegetarian.",
            "remember that Sam has been vegetarian since he stopped eating meat",
        ),
        ("The boiler is in the kitchen cupboard.", "remember the boiler no longer bangs"),
        (
            "Leo sleeps with the light on.",
            "remember that Leo is used to sleeping with the light on",
        ),
        (
            "The spare key is under the blue flowerpot.",
            "remember the old spare key doesn't work now, the new one is under the blue flowerpot",
        ),
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


@pytest.mark.parametrize(
    "said",
    [
        # an eighth trial's, each kept live with the take-back in it
        "remember that Mum's flight lands at 6. Hang on, I'm not sure, don't save that.",
        "remember that Mum's flight lands at 6. Actually, no, forget it.",
        "remember that Mum's flight lands at 6. Never mind.",
        # said in passing, taken back: nothing carded, and no model
        "Mum's flight lands at 6. Never mind.",
    ],
)
def test_what_is_taken_back_in_the_same_breath_is_not_kept(
    settings: Settings, memory: Memory, said: str
) -> None:
    reply, model = scripted_reply(settings, memory, ["Mum's flight lands at 6."], said)
    assert reply.text == TAKEN_BACK
    assert memory.facts() == [] and memory.proposals() == [] and model.prompts == []


def test_a_fact_not_taken_back_is_kept(settings: Settings, memory: Memory) -> None:
    said = "remember that the stopcock is under the sink, don't forget it"  # the control
    reply, _ = scripted_reply(settings, memory, [], said)
    assert reply.text.startswith("I'll remember that:") and len(memory.facts()) == 1


def test_forget_that_straight_after_is_the_fact_just_kept(
    settings: Settings, memory: Memory
) -> None:
    """ "forget that" after a "remember that" had got "I couldn't find that in memory"."""
    answers, _ = scripted_conversation(
        settings, memory, [], ["remember that Mum's flight lands at 7", "no, forget that"]
    )
    [fact] = memory.facts()
    assert 'asked to forget "Mum\'s flight lands at 7"' in answers[1].text
    [proposal] = memory.proposals()
    assert (proposal.kind, proposal.target) == ("retract", fact.id)


def test_forgetting_a_fact_asks_to_forget_the_same_said_otherwise(
    settings: Settings, memory: Memory
) -> None:
    """An eighth trial's approved "forget that Dave has a key to the shed" left "Dave next
    door has a key to our shed." to be recalled; another fact of Dave's stays (the control)."""
    one = memory.add("Dave has a key to the shed.", "household")
    other = memory.add("Dave next door has a key to our shed.", "household")
    memory.add("Dave's wife is called Sue.", "person")
    reply, _ = scripted_reply(settings, memory, [], "forget that Dave has a key to the shed")
    assert "I've asked to forget it too" in reply.text
    assert sorted(p.target for p in memory.proposals()) == sorted([one.id, other.id])


def test_forgetting_a_health_fact_asks_to_forget_its_other_wordings(
    settings: Settings, memory: Memory
) -> None:
    """A ninth trial's kept forget of "Declan is allergic to shellfish" left "Declan has a
    shellfish allergy" and "Declan can't have shellfish" to be recalled; another allergen
    of his stays (the control)."""
    one = memory.add("Declan is allergic to shellfish.", "health")
    two = memory.add("Declan has a shellfish allergy.", "health")
    three = memory.add("Declan can't have shellfish.", "health")
    memory.add("Declan is allergic to peanuts.", "health")
    reply, _ = scripted_reply(settings, memory, [], "forget that Declan is allergic to shellfish")
    assert "I've asked to forget it too" in reply.text
    assert sorted(p.target for p in memory.proposals()) == sorted([one.id, two.id, three.id])


@pytest.mark.parametrize("said", ["scratch that", "undo that", "no, delete that"])
def test_scratch_that_after_a_fact_kept_is_the_fact_not_the_household(
    settings: Settings, memory: Memory, said: str
) -> None:
    """A trial's "scratch that" after "remember that Gran is hard of hearing" got the
    household's "Cancel what? Nothing was changed." and the fact stayed, unasked."""
    from appliance.brain.household import household_router

    with HouseholdStore.open(settings.data_dir) as store:
        store.add_timer("pasta", 600)  # an earlier change, in no conversation
    answers, _ = scripted_conversation(
        settings,
        memory,
        [],
        ["set a timer for 5 minutes for the eggs", "remember that Gran is hard of hearing", said],
        intents=household_router(settings.data_dir),
    )
    [fact] = memory.facts()
    assert 'asked to forget "Gran is hard of hearing"' in answers[2].text
    [proposal] = memory.proposals()
    assert (proposal.kind, proposal.target) == ("retract", fact.id)
    with HouseholdStore.open(settings.data_dir) as store:
        assert sorted(t.name for t in store.timers()) == ["eggs", "pasta"]  # both still run


def test_scratch_that_after_a_timer_is_set_still_takes_the_timer_back(
    settings: Settings, memory: Memory
) -> None:
    """The control: the household's own last change is what "scratch that" takes back when
    it was the last answer, even after a fact kept earlier in the conversation."""
    from appliance.brain.household import household_router

    answers, _ = scripted_conversation(
        settings,
        memory,
        [],
        ["remember that Gran is hard of hearing", "set a timer for 5 minutes", "scratch that"],
        intents=household_router(settings.data_dir),
    )
    assert "Cancel" in answers[2].text or "cancel" in answers[2].text
    with HouseholdStore.open(settings.data_dir) as store:
        assert store.timers() == []
    assert memory.proposals() == [] and len(memory.facts()) == 1


def test_why_then_forget_asks_to_forget_what_both_name(settings, memory) -> None:
    """A twelfth trial's "magda cancelled her trip, forget about her visit" got the model."""
    from tests.brain.conftest import scripted_reply

    fact = memory.add("Magda is visiting on the 19th.", "event")
    memory.add("The bins go out on Thursday.", "routine")
    reply, model = scripted_reply(
        settings, memory, [], "magda cancelled her trip, forget about her visit"
    )
    [card] = memory.proposals()
    assert (card.kind, card.target) == ("retract", fact.id) and model.prompts == []
    # the control: a remark and "forget it" asks to forget nothing
    reply, _ = scripted_reply(settings, memory, ["Okay."], "i was going to ask, forget it")
    assert len(memory.proposals()) == 1


def test_forgetting_one_of_two_things_a_fact_says_keeps_the_other(
    settings: Settings, memory: Memory
) -> None:
    # a thirteenth trial's retracted "Priya is vegetarian and allergic to shellfish." whole,
    # and her "remember that priya is vegetarian" was then refused as retracted
    fact = memory.add("Priya is vegetarian and allergic to shellfish.", "health")
    reply, _ = scripted_reply(
        settings,
        memory,
        [],
        "forget that priya is allergic to shellfish, she got tested and she's fine",
    )
    [proposal] = memory.proposals()
    assert (proposal.kind, proposal.target, proposal.text) == (
        "supersede",
        fact.id,
        "Priya is vegetarian.",
    )
    assert 'replace "Priya is vegetarian and allergic to shellfish" with' in reply.text


def test_forgetting_all_a_fact_says_forgets_it(settings: Settings, memory: Memory) -> None:
    fact = memory.add("Priya is vegetarian and allergic to shellfish.", "health")  # the control
    scripted_reply(
        settings, memory, [], "forget that priya is vegetarian and allergic to shellfish"
    )
    [proposal] = memory.proposals()
    assert (proposal.kind, proposal.target) == ("retract", fact.id)


def test_this_not_that_after_a_fact_kept_puts_that_fact_right(
    settings: Settings, memory: Memory
) -> None:
    # a thirteenth trial's "no wait, thursday not tuesday" got "Sorry, I didn't understand"
    said, _ = scripted_conversation(
        settings,
        memory,
        [],
        ["remember aoife's midwife appt is tuesday at 10am", "no wait, thursday not tuesday"],
    )
    [kept] = memory.facts("live")
    [proposal] = memory.proposals()
    assert (proposal.kind, proposal.target) == ("supersede", kept.id)
    assert proposal.text == "Aoife's midwife appt is thursday at 10am."
    assert said[1].route == "correct"


def test_this_not_that_with_no_fact_just_kept_changes_nothing(
    settings: Settings, memory: Memory
) -> None:  # the control
    memory.add("Aoife's midwife appt is tuesday at 10am.", "event")
    scripted_reply(settings, memory, ["Sure."], "no wait, thursday not tuesday")
    assert memory.proposals() == []


def test_a_correction_said_by_a_pronoun_keeps_the_subject_of_what_it_replaces() -> None:
    """ "that's wrong, it's on Thursday at 7" after "Lina's school concert is on Wednesday
    at 7." (a sixteenth trial's was kept as "It's on Thursday at 7.")."""
    from appliance.brain.corrections import with_its_subject

    target = "Lina's school concert is on Wednesday at 7."
    assert with_its_subject(target, "It's on Thursday at 7.") == (
        "Lina's school concert is on Thursday at 7."
    )
    assert with_its_subject("Lina is vegan.", "she's vegetarian") == "Lina is vegetarian"
    # the controls: a replacement that says its subject, or a fact of no such shape
    assert with_its_subject(target, "The concert is on Thursday.") == "The concert is on Thursday."
    assert with_its_subject("Lina hates olives.", "it's olives") == "it's olives"


def test_forget_that_a_card_still_waiting_takes_that_card_off_and_no_fact(
    settings: Settings, memory: Memory
) -> None:
    """An eighteenth trial's "forget that Nani's proper name is Rokeya Begum", said while
    that card waited, had asked to forget Nani's halal rule, which a Keep would have lost."""
    halal = memory.add("Nani keeps halal and doesn't eat pork or gelatine.", "preference")
    memory.propose("Nani's proper name is Rokeya Begum.", "person")
    reply, _ = scripted_reply(
        settings, memory, [], "forget that Nani's proper name is Rokeya Begum"
    )
    assert reply.text.startswith("All right, I've taken it off the board")
    assert memory.proposals() == []  # nothing asks to forget the halal rule
    assert [f.id for f in memory.facts("live")] == [halal.id]


def test_forget_with_only_a_person_in_common_finds_nothing(
    settings: Settings, memory: Memory
) -> None:
    memory.add("Nani keeps halal and doesn't eat pork or gelatine.", "preference")
    reply, _ = scripted_reply(settings, memory, [], "forget that Nani likes crosswords")
    assert reply.text.startswith("I couldn't find that in memory")
    assert memory.proposals() == []
    # control: the fact's own words find it
    reply, _ = scripted_reply(settings, memory, [], "forget that Nani keeps halal")
    assert 'asked to forget "Nani keeps halal' in reply.text


def test_what_stays_of_a_fact_said_twice_over_by_its_pronoun(
    settings: Settings, memory: Memory
) -> None:
    memory.add("The dog is called Bara, she's a whippet.", "household")
    reply, _ = scripted_reply(settings, memory, [], "forget that the dog is called Bara")
    assert 'with "The dog is a whippet"' in reply.text
