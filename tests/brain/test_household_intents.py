"""The household's intents in the brain's router, on the real default models."""

from __future__ import annotations

from pathlib import Path

import pytest

from appliance.brain import Brain
from appliance.brain.household import household_router
from appliance.brain.router import DEFAULT_ROUTER
from appliance.composition import intent_router
from appliance.config import Settings
from appliance.household import HouseholdStore
from appliance.memory import Memory
from tests.brain.conftest import scripted_reply

ROUTER = household_router("/nonexistent")  # matching never opens the store


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        ("set a pasta timer for twelve minutes", "timers"),
        ("forget the pasta timer", "timers"),  # a timer command, not a memory correction
        ("how long is left on the rice?", "timers"),  # a question, but about a timer
        ("remind me to call the dentist at half past six", "reminders"),
        ("what's on the shopping list?", "shopping"),
        ("remind me what Sam is allergic to", "chat"),  # the controls: the default routes stay
        ("remember that Sam is allergic to peanuts", "remember"),
        ("forget that Sam is allergic to peanuts", "correct"),
        ("I spent twelve minutes looking for my keys", "chat"),
    ],
)
def test_household_intents_come_first_and_claim_only_their_commands(said: str, kind: str) -> None:
    assert ROUTER.route(said).kind == kind


def test_the_default_table_is_kept_behind_them() -> None:
    assert ROUTER.names == (
        "timers",
        "reminders",
        "shopping",
        "clock",
        "undo",
        "nothing_done",  # "make that 2 bags" with nothing just done: after every follow-up
        *DEFAULT_ROUTER.names,
    )


@pytest.mark.model
def test_with_the_default_models_a_timer_is_set_by_rules_and_not_noted(
    settings: Settings, memory: Memory, data_dir: Path, chat_llm, notetaker_llm
) -> None:
    brain = Brain.open(
        settings,
        memory,
        chat_model=chat_llm,
        notetaker_model=notetaker_llm,
        intents=household_router(data_dir),
    )
    try:
        reply = brain.reply("set a pasta timer for twelve minutes")
        shopping = brain.reply("add eggs and milk to the shopping list")
        assert brain.wait_for_notetaker(60)
    finally:
        brain.close()
    assert reply.route == "timers" and reply.text.startswith("Pasta timer set for 12 minutes")
    assert shopping.text == "I've added eggs and milk to the shopping list."
    with HouseholdStore.open(data_dir) as store:
        [timer] = store.timers()
        assert (timer.rings_at - timer.set_at).total_seconds() == 720
        assert [i.name for i in store.items()] == ["eggs", "milk"]
    assert memory.proposals() == [] and memory.facts() == []  # records, never memories


def test_household_turns_are_never_read_by_the_notetaker(
    settings: Settings, memory: Memory, data_dir: Path
) -> None:
    """Scripted models (not a model): a note-taker that would propose whatever it reads."""
    from tests.brain.conftest import ScriptedModel, scripted_brain
    from tests.brain.test_notetaker import facts_json

    taker = ScriptedModel([facts_json(("We are out of butter", "household", 0.8))])
    brain, chat = scripted_brain(
        settings, memory, ["Nice."], notetaker=taker, intents=household_router(data_dir)
    )
    try:
        assert brain.reply("we're out of butter").route == "shopping"
        assert brain.reply("set a pasta timer for twelve minutes").route == "timers"
        assert brain.notetaker is not None and brain.notetaker.stats.queued == 0
        assert chat.prompts == []  # nor did the chat model see them
        brain.reply("we had a lovely walk today")  # the control: a chat turn is read
        assert brain.wait_for_notetaker(10) and brain.notetaker.stats.queued == 1
    finally:
        brain.close()
    with HouseholdStore.open(data_dir) as store:
        assert [i.name for i in store.items()] == ["butter"]


def test_cancel_that_in_a_conversation_takes_back_its_timer_never_the_model(
    settings: Settings, memory: Memory, data_dir: Path
) -> None:
    from tests.brain.conftest import scripted_conversation

    # an outside trial heard the model answer "Cancel that." with "Okay.": the timer rang
    replies, model = scripted_conversation(
        settings,
        memory,
        ["Okay."],
        ["Set a timer.", "Eight minutes.", "Cancel that."],
        intents=household_router(data_dir),
    )
    assert replies[1].text.startswith("Timer set")
    assert replies[2].text == "All right, I've cancelled the timer."
    assert model.prompts == []
    with HouseholdStore.open(data_dir) as store:
        assert store.timers() == []


def test_a_command_taken_back_is_answered_by_its_own_family_never_the_model(
    settings: Settings, memory: Memory, data_dir: Path
) -> None:
    # TakenBack's intent is the family of what it took back ("shopping.taken_back"), so
    # the shopping intent claims it; the model answered this with a made-up list
    from tests.brain.conftest import scripted_reply

    with HouseholdStore.open(data_dir) as store:
        store.add_items(["eggs"])
    reply, model = scripted_reply(
        settings,
        memory,
        ["Clear the list: 1. eggs"],
        "Clear the list? No, don't do that.",
        intents=household_router(data_dir),
    )
    assert reply.text == "All right, I've left the shopping list as it was."
    assert model.prompts == []
    with HouseholdStore.open(data_dir) as store:
        assert [item.name for item in store.items()] == ["eggs"]


def test_a_command_framed_by_a_secret_is_done_and_the_secret_kept_nowhere(
    settings: Settings, memory: Memory, data_dir: Path
) -> None:
    # the frame is read for the command only (household/frames.py); the words as said go
    # to the thread store, whose guard withholds them
    from tests.brain.conftest import scripted_brain

    brain, model = scripted_brain(settings, memory, [], intents=household_router(data_dir))
    try:
        reply = brain.reply("Hi Hearth, my door code is 4512, add milk to the list.")
        kept = brain.threads.recent(reply.thread_id, 10)
    finally:
        brain.close()
    # the code is a statement beside the command (said_together.py); with no note-taker
    # nothing is kept of it either way
    assert reply.text.endswith("I've added milk to the shopping list.")
    assert model.prompts == []
    assert kept and not any("4512" in message.text for message in kept)
    with HouseholdStore.open(data_dir) as store:
        assert [item.name for item in store.items()] == ["milk"]


def test_a_command_said_after_a_preamble_is_the_household_s_not_the_model_s(
    settings: Settings, memory: Memory, data_dir: Path
) -> None:
    from tests.brain.conftest import scripted_reply

    # before frames.py this went to the model, which can set nothing
    reply, model = scripted_reply(
        settings,
        memory,
        ["Sure! I've set a timer for 25 minutes."],
        "Sorry to bother you, can you set a timer for 25 minutes?",
        intents=household_router(data_dir),
    )
    assert reply.text.startswith("Timer set for 25 minutes")
    assert model.prompts == []
    with HouseholdStore.open(data_dir) as store:
        assert [timer.seconds for timer in store.timers()] == [1500.0]


def test_more_said_after_an_add_is_added_without_the_model(
    settings: Settings, memory: Memory, data_dir: Path
) -> None:
    # an outside trial's "oh and eggs too, thanks" went to the model, and no eggs went on
    from tests.brain.conftest import scripted_conversation

    replies, model = scripted_conversation(
        settings,
        memory,
        [],
        ["add milk to the shopping list", "oh and eggs too, thanks"],
        intents=household_router(data_dir),
    )
    assert replies[1].text == "I've added eggs to the shopping list."
    assert model.prompts == []
    with HouseholdStore.open(data_dir) as store:
        assert [item.name for item in store.items()] == ["milk", "eggs"]


def test_a_thing_bought_comes_off_the_list_and_only_if_it_is_on_it(
    settings: Settings, memory: Memory, data_dir: Path
) -> None:
    """ "we got the eggs" takes eggs off the list; "we got the tickets", nothing of the
    list's, is not the list's to answer (it had been: "Not on it: tickets")."""
    from tests.brain.conftest import scripted_brain

    with HouseholdStore.open(data_dir) as store:
        store.add_items(("eggs", "bread"))
    router = household_router(data_dir)
    assert router.route("we got the tickets").kind != "shopping"
    assert router.route("I bought a bamboo cutting board").kind != "shopping"
    assert router.route("Dad got the eggs?").kind != "shopping"  # asked, not told
    assert router.route("Bought eggs? No, I thought you were doing it").kind != "shopping"
    brain, model = scripted_brain(settings, memory, [], intents=router)
    try:
        reply = brain.reply("we got the eggs and a magazine")
    finally:
        brain.close()
    # the magazine was never on the list: nothing is said of it
    assert reply.text == "I've taken eggs off the shopping list." and model.prompts == []
    with HouseholdStore.open(data_dir) as store:
        assert [item.name for item in store.items()] == ["bread"]


def test_asked_what_it_did_it_reads_the_records_and_never_denies(
    settings: Settings, memory: Memory, data_dir: Path
) -> None:
    """A ninth trial's "did you add the ketchup?" got the model's "I'm sorry, I forgot to add
    the ketchup." with it on the list, "you didn't set a timer, did you?" "I'm sorry, I forgot
    to set a timer." and "so there's no timer running?" "I haven't done anything… Nothing was
    changed." with one running. Each is read from the records as they are now."""
    from tests.brain.conftest import scripted_brain

    with HouseholdStore.open(data_dir) as store:
        store.add_items(("ketchup",))
        store.add_timer("garlic bread", 480)
    router = household_router(data_dir)
    brain, model = scripted_brain(settings, memory, [], intents=router)
    try:
        # a thing on the list asked of is a yes, from the list (a twentieth trial's "did you
        # add the crisps?" got every record read out)
        assert brain.reply("did you add the ketchup?").text == (
            "Yes, ketchup is on the shopping list."
        )
        for asked in (
            "you didn't set a timer, did you?",
            "so there's no timer running?",
            "did you forget to put milk on the list?",
            "did you turn the timer off?",
            "did you move the plumber reminder?",  # a tenth trial's: "I don't know whether you…"
        ):
            reply = brain.reply(asked)
            assert reply.text.startswith("Here is what my records hold now."), asked
            assert "garlic bread timer" in reply.text and "ketchup" in reply.text, asked
    finally:
        brain.close()
    assert model.prompts == []
    # the controls: a cook's question of a thing not on the list, and the devices' own
    assert router.route("did you add the salt?").kind != "undo"
    assert router.route("have you turned the oven off?").kind != "undo"


def test_asked_what_it_did_a_reminder_on_another_day_is_in_the_answer(
    settings: Settings, memory: Memory, data_dir: Path
) -> None:
    # a tenth trial's "did you cancel the GP reminder?" got today's reminders alone, with
    # the GP one set for tomorrow: as if it had gone
    import datetime as dt

    from tests.brain.conftest import scripted_reply

    tomorrow = dt.datetime.now().replace(hour=9, minute=0, second=0) + dt.timedelta(days=1)
    with HouseholdStore.open(data_dir) as store:
        store.add_reminder("call the GP", tomorrow)
    reply, _ = scripted_reply(
        settings, memory, [], "did you cancel the GP reminder?", intents=household_router(data_dir)
    )
    assert reply.text.startswith("Here is what my records hold now.")
    assert "call the GP" in reply.text


def test_a_timer_or_reminder_cancelled_by_its_name_alone(data_dir: Path) -> None:
    """A ninth trial's "cancel the rice" (a rice timer running) and "cancel the GP one" got
    "I haven't done anything…"; a name neither holds is not the household's (the control)."""
    import datetime as dt

    with HouseholdStore.open(data_dir) as store:
        store.add_timer("rice", 720)
        store.add_reminder("ring the GP", dt.datetime.now() + dt.timedelta(hours=2))
    router = household_router(data_dir)
    assert router.route("cancel the party").kind not in ("timers", "reminders")
    rice = router.route("cancel the rice")
    assert rice.kind == "timers" and router.act(rice)(rice) == "I've cancelled the rice timer."  # type: ignore[misc]
    gp = router.route("cancel the GP one")
    assert gp.kind == "reminders" and "cancelled the reminder" in router.act(gp)(gp)  # type: ignore[misc]
    with HouseholdStore.open(data_dir) as store:
        assert store.timers() == [] and store.reminders() == []


def test_a_timer_or_reminder_changed_by_its_name_alone(data_dir: Path) -> None:
    """A ninth trial's "change the washing one to 30 minutes" got "I haven't done
    anything…": a reminder holding the name is moved that long from now, a timer of the name
    set for that long; a name neither holds is not the household's (the control)."""
    import datetime as dt

    with HouseholdStore.open(data_dir) as store:
        store.add_timer("pasta", 600)
        store.add_reminder("take the washing out", dt.datetime.now() + dt.timedelta(hours=2))
    router = household_router(data_dir)
    assert router.route("change the party one to 30 minutes").kind not in ("timers", "reminders")
    washing = router.route("change the washing one to 30 minutes")
    assert washing.kind == "reminders"
    router.act(washing)(washing)  # type: ignore[misc]
    pasta = router.route("make the pasta one 12 minutes")
    assert pasta.kind == "timers"
    router.act(pasta)(pasta)  # type: ignore[misc]
    with HouseholdStore.open(data_dir) as store:
        [reminder] = store.reminders()
        assert abs((reminder.due_at - dt.datetime.now()).total_seconds() - 1800) < 60
        [timer] = store.timers()
        assert timer.seconds == 720
    moved = router.route("change the washing one to 7pm")  # a moment: reminders' own words
    assert moved.kind == "reminders"


def test_a_review_s_wrong_actions_are_not_taken(data_dir: Path) -> None:
    """A review's, each done wrongly by the first rules: a reminder cancelled by any of its
    words ("turn off the oven", "forget it", "cancel the party"), a thing moved in the house
    taken off the list as bought, and "we got milk" taking off "oat milk"."""
    import datetime as dt

    soon = dt.datetime.now() + dt.timedelta(hours=2)
    with HouseholdStore.open(data_dir) as store:
        for said in ("check the oven", "take it out of the freezer", "call mum about the party"):
            store.add_reminder(said, soon)
        store.add_items(("chicken", "bread", "oat milk"))
    router = household_router(data_dir)
    for said in (
        "turn off the oven",
        "forget it",
        "cancel the party",
        "I've got the chicken in the oven",
        "we got the bread from the freezer",
        "we got milk",
    ):
        assert router.route(said).kind not in ("timers", "reminders", "shopping", "undo"), said
    with HouseholdStore.open(data_dir) as store:
        assert len(store.reminders()) == 3 and len(store.items()) == 3


def test_a_timer_named_with_words_around_it(data_dir: Path) -> None:
    """A tenth trial's "cancel the toast one, it burnt anyway" and "oh wait make the porridge
    one 6 minutes actually" reached the model; one taken back after it is left (the control)."""
    with HouseholdStore.open(data_dir) as store:
        store.add_timer("toast", 120)
        store.add_timer("porridge", 300)
    router = household_router(data_dir)
    assert router.route("cancel the toast one, no wait").kind != "timers"
    toast = router.route("cancel the toast one, it burnt anyway")
    assert toast.kind == "timers" and "cancelled the toast timer" in router.act(toast)(toast)  # type: ignore[misc]
    porridge = router.route("oh wait make the porridge one 6 minutes actually")
    assert porridge.kind == "timers"
    router.act(porridge)(porridge)  # type: ignore[misc]
    with HouseholdStore.open(data_dir) as store:
        assert [(t.name, t.seconds) for t in store.timers()] == [("porridge", 360.0)]


def test_a_reviews_named_and_time_off_cases(data_dir: Path) -> None:
    """ "set the other one for 5 minutes" moved a reminder "take the other car…", "cancel the
    rice, and set a timer…" did only the first, "change the washing one to 7pm" went to 07:00,
    and "take an hour off work" was the timers'."""
    import datetime as dt

    # a clock of its own: at 7pm or later "to 7pm" would be tomorrow's, whatever the code
    now = dt.datetime(2026, 12, 1, 14, 5)
    soon = now + dt.timedelta(days=2)
    with HouseholdStore.open(data_dir, lambda: now) as store:
        store.add_timer("rice", 600)
        store.add_reminder("take the other car for its MOT", soon)
        store.add_reminder("put the washing on", now + dt.timedelta(minutes=30))
    router = household_router(data_dir, lambda: now)
    for said in (
        "set the other one for 5 minutes",
        "cancel the rice, and set a timer for 10 minutes for the pasta",
        "take an hour off work",
        "restart the egg timer",
    ):
        assert router.route(said).kind not in ("timers", "reminders"), said
    washing = router.route("change the washing one to 7pm")
    router.act(washing)(washing)  # type: ignore[misc]
    with HouseholdStore.open(data_dir, lambda: now) as store:
        assert [t.name for t in store.timers()] == ["rice"]
        due = {r.text: r.due_at for r in store.reminders()}
        assert due["take the other car for its MOT"] == soon.replace(microsecond=soon.microsecond)
        assert due["put the washing on"].hour == 19


def test_someone_reminded_about_a_thing_passes_the_guard(
    settings: Settings, memory: Memory
) -> None:
    """Through the guard the records keep, as `hearth run` builds them: worded "tell aoife
    about the midwife", the errand was refused as an order to Hearth (a review's)."""
    reply, model = scripted_reply(
        settings,
        memory,
        ["I'll tell her."],
        "remind aoife about the midwife tomorrow at 9",
        intents=intent_router(settings),
    )
    assert model.prompts == []
    assert reply.text.startswith("I'll remind you to remind aoife about the midwife tomorrow")
