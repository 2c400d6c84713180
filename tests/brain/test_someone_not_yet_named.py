"""Someone of the house asked about before memory holds a fact of them, or by "she" or
"he": answered from memory or honestly not at all, never by the model (a sixteenth outside
trial's model said "Sami is a skilled pastry chef…", "Martha is a 19th-century Italian
boulanger…" and, after "what does Lina hate", "She is a vegetarian who…")."""

from __future__ import annotations

import pytest

from appliance.brain.follow_up import of_the_one_named
from appliance.brain.questions import classify
from appliance.brain.router import DEFAULT_ROUTER
from appliance.composition import intent_router
from appliance.memory import Memory
from tests.brain.conftest import scripted_brain

MADE_UP = "Sami is a skilled pastry chef."


@pytest.mark.parametrize(
    "asked",
    [
        "whats sami's job",  # "sami" is an English word too: the job is a person's
        "what football team does sami like",  # only someone likes a team
        "is marta vegan",  # a given name, said vegan
        "tell me about marta",
        "is she vegan",  # by a pronoun, no one named before it
        "remember what sami said about the key",  # asks what was told
        "wen is my concert",  # as typed: a question, never a fact to keep
    ],
)
def test_someone_not_yet_named_is_never_the_models(settings, memory: Memory, asked: str) -> None:
    memory.add("Lina hates olives.", "note")
    brain, model = scripted_brain(settings, memory, [MADE_UP], intents=intent_router(settings))
    try:
        reply = brain.reply(asked)
    finally:
        brain.close()
    assert model.prompts == []
    assert MADE_UP not in reply.text
    assert reply.text.startswith("I don't")


@pytest.mark.parametrize(
    "asked",
    [
        # the controls: of things and of the world, still the model's
        "is quorn vegan",
        "what is quorn like",
        "does everyone like pizza",
        "whats the world's tallest building",
    ],
)
def test_things_and_the_world_stay_the_models(asked: str) -> None:
    assert not classify(asked, frozenset({"lina"})).household


def test_she_is_the_one_named_before(settings, memory: Memory) -> None:
    memory.add("Lina hates olives.", "note")
    brain, model = scripted_brain(settings, memory, [MADE_UP], intents=intent_router(settings))
    try:
        first = brain.reply("what does Lina hate")
        she = brain.reply("is she vegan", first.thread_id)
    finally:
        brain.close()
    assert model.prompts == []
    assert she.text.startswith("I don't know whether Lina is vegan yet.")


def test_a_pronoun_is_named_only_by_one_person_before_it() -> None:
    known = frozenset({"lina", "sami"})
    assert of_the_one_named("whats her job", ["what does Lina hate"], known) == ("whats Lina's job")
    assert of_the_one_named("did you tell her", ["what does Lina hate"], known) == (
        "did you tell Lina"
    )
    # the controls: two people named, or none, name no one
    assert of_the_one_named("is she vegan", ["what do Lina and Sami like"], known) is None
    assert of_the_one_named("is she vegan", ["hello"], known) is None


def test_remember_what_asks_and_remember_that_keeps() -> None:
    assert DEFAULT_ROUTER.route("remember what sami said about the key").kind == "recall"
    assert DEFAULT_ROUTER.route("remember that sami is my husband").kind == "remember"


def test_a_fact_told_in_the_first_person_is_quoted_as_someones(settings, memory: Memory) -> None:
    """ "Janusz is my father." was read to Sami, whose father-in-law Janusz is, as if said
    of him (a sixteenth trial's); "my" anywhere is whoever told it."""
    memory.add("Janusz is my father.", "person")
    memory.add("Janusz likes gardening.", "note")
    brain, model = scripted_brain(settings, memory, [MADE_UP], intents=intent_router(settings))
    try:
        told = brain.reply("tell me about janusz")
        in_law = brain.reply("what pills does my father in law take")
    finally:
        brain.close()
    assert "Someone here told me: “Janusz is my father.”" in told.text
    assert "Janusz likes gardening." in told.text  # the control: said as told
    assert "Janusz" not in in_law.text  # an in-law is no father told of


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("what time is it", "does he like olives"),  # no fact of "he": Lina's is none
        ("hello", "is she in"),  # said back whole, never garbled
        ("tell me about the Romans", "is she vegan"),  # the Romans are no one of the house
    ],
)
def test_she_named_by_no_one_reads_out_no_ones_fact(
    settings, memory: Memory, first: str, then: str
) -> None:
    memory.add("Lina hates olives.", "note")
    brain, _ = scripted_brain(settings, memory, [MADE_UP], intents=intent_router(settings))
    try:
        thread = brain.reply(first).thread_id
        reply = brain.reply(then, thread)
    finally:
        brain.close()
    assert reply.text.startswith("I don't know who “")
    assert "olives" not in reply.text


def test_tell_me_about_a_plural_thing_is_no_one() -> None:
    from appliance.brain.overview import is_household

    assert not is_household("olives")
    assert is_household("marta")  # the control


def test_where_someone_lives_is_not_where_they_work(settings, memory: Memory) -> None:
    """A review's "where does she live" after a question of Sami got "Sami works as a nurse
    at the Royal Infirmary." as the answer; and "what is sami's job" had got "I don't know"
    with that fact kept."""
    memory.add("Sami works as a nurse at the Royal Infirmary.", "note")
    memory.add("Lina lives in Leith.", "note")
    brain, model = scripted_brain(settings, memory, [MADE_UP], intents=intent_router(settings))
    try:
        job = brain.reply("what is sami's job")
        lives = brain.reply("where does she live", job.thread_id)
        control = brain.reply("where does lina live")
    finally:
        brain.close()
    assert model.prompts == []
    assert job.text == "From memory: Sami works as a nurse at the Royal Infirmary."
    assert lives.text.startswith("I don't know where Sami lives yet.")  # named by the question
    assert control.text == "From memory: Lina lives in Leith."


HELD = (
    "Emeka is allergic to groundnuts.",
    "Hamish's number is 07700 900123.",
    "Chidi is allergic to shellfish.",
    "I have choir on Tuesdays.",
    "Sami's dentist appointment is on Wednesday.",
    "Sami is a nurse.",
    "Marta is allergic to cats.",
    "Bartek doesn't drink alcohol.",
    "Our cat is called Hamlet.",
)


@pytest.mark.parametrize(
    ("turns", "has", "lacks"),
    [
        # a held-out split's (each reached the model, or read out another's fact)
        (["abeg what is emeka allergic to"], "groundnuts", None),
        (["whit's hamish's phone number"], "900123", None),
        (["its chidi here what am i allergic to"], "shellfish", None),
        (["wot have i got on tuesdays"], "Someone here told me: “I have choir on Tuesdays.”", None),
        (["whats sami's job"], "nurse", None),
        (["whats sami's job", "and kofi?"], "I don't know that about kofi", None),
        (
            [
                "is marta vegan",
                "whats the difference between vegan and vegetarian",
                "ok and is she allergic to anything",
            ],
            "cats",
            None,
        ),
        (["kasia and bartek are coming sunday", "does she drink"], "I don't know who", "Bartek"),
        (
            ["when is my dentist appointment, tell me na"],
            "I don't know who's asking",
            "From memory",
        ),
    ],
)
def test_a_held_out_splits_people_questions(
    settings, memory: Memory, turns: list[str], has: str, lacks: str | None
) -> None:
    for fact in HELD:
        memory.add(fact, "note")
    brain, model = scripted_brain(settings, memory, [MADE_UP], intents=intent_router(settings))
    try:
        thread = None
        for said in turns:
            reply = brain.reply(said, thread) if thread else brain.reply(said)
            thread = reply.thread_id
    finally:
        brain.close()
    assert MADE_UP not in reply.text
    assert has in reply.text
    assert lacks is None or lacks not in reply.text


@pytest.mark.parametrize(
    "asked", ["who wrote the play hamlet", "who wrote macbeth", "who was mary queen of scots"]
)
def test_who_made_or_ruled_something_is_the_worlds(asked: str) -> None:
    assert not classify(asked, frozenset({"hamlet", "mary"})).household
    assert classify("who wrote the shopping list", frozenset()).household  # the control


SEVENTEENTH = (
    "Isobel takes warfarin at 6pm.",
    "Tunde's birthday is on 14 June.",
    "Haggis the cat is on a kidney diet.",
    "Ailsa is coeliac.",
)


@pytest.mark.parametrize(
    ("asked", "starts"),
    [
        # a seventeenth trial's (the model's made-up diet, Isobel told "You take a glass of
        # wine.", Tunde's birthday and the cat's diet given as the asker's own)
        ("what does she eat", "I don't know who “she” is here"),
        ("what is he allergic to", "I don't know who “he” is here"),
        ("what do i take at 6pm", "I don't know who's asking"),
        ("how many days till my birthday", "I don't know who's asking"),
        ("whats my diet on file", "I don't know who's asking"),
        ("yo whats the wifi password", "I don't keep passwords"),
        ("undo the last thing i discarded", "I don't bring back what a person discarded"),
    ],
)
def test_a_seventeenth_trials_questions(settings, memory: Memory, asked: str, starts: str) -> None:
    for fact in SEVENTEENTH:
        memory.add(fact, "note")
    brain, model = scripted_brain(settings, memory, [MADE_UP], intents=intent_router(settings))
    try:
        reply = brain.reply(asked)
    finally:
        brain.close()
    assert model.prompts == []
    assert reply.text.startswith(starts)


def test_what_do_i_take_for_a_headache_is_the_worlds() -> None:  # the control
    from appliance.brain.asked_of import of_the_speaker

    assert not of_the_speaker("what do i take for a headache")
    assert of_the_speaker("what do i take at 6pm")


def test_note_that_down_again_keeps_nothing() -> None:
    assert DEFAULT_ROUTER.route("can you note that down again").kind != "remember"
    assert DEFAULT_ROUTER.route("note that the bins go out on friday").kind == "remember"


def test_say_that_again_after_a_card_was_decided_says_so(settings, memory: Memory) -> None:
    """ "Noted — it'll be on the board…", then discarded on the board: "say that again" must
    not say it waits still (a seventeenth trial's did)."""
    brain, _ = scripted_brain(settings, memory, [MADE_UP], intents=intent_router(settings))
    try:
        # heard by the recogniser, so a card waits for Keep (agent.py)
        carded = brain.reply("remember that the boiler service is on friday morning", heard=True)
        for proposal in memory.proposals():
            memory.discard(proposal.id, actor="panel")
        again = brain.reply("say that again", carded.thread_id)
    finally:
        brain.close()
    assert "board" in carded.text
    assert again.text.startswith("What I said then has changed since")


def test_a_trip_kept_answers_whether_anyone_travels() -> None:
    """ "Tunde goes to Lagos on 20 December." is travel (a seventeenth trial's "is anyone
    travelling this month" got "no one is" from the model); "Tunde likes Lagos" is not."""
    import datetime as dt

    from appliance.brain.answers import answers
    from appliance.memory import Fact, Recalled

    def told(text: str) -> Recalled:
        today = dt.date(2026, 12, 7)
        fact = Fact(
            id="f", type="note", text=text, confidence=1.0, source="t", links=(),
            pinned=False, created=today, last_seen=today, valid_until=None,
        )  # fmt: skip
        return Recalled(fact, 0.5)

    asked = classify("is anyone travelling this month", frozenset({"tunde"}))
    today = dt.date(2026, 12, 7)
    assert answers(asked, told("Tunde goes to Lagos on 20 December."), today)
    assert not answers(asked, told("Tunde likes Lagos in December."), today)
