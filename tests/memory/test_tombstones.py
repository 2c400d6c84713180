"""Tombstones: what a person refused does not come back, in other words either; and
a tombstone keeps what the check needs, not the refused words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from appliance.config import Settings
from appliance.memory import Memory
from appliance.memory.contrast import Marks, contrast
from appliance.memory.embed import OnnxMiniLMEmbedder
from appliance.memory.embedding import Embedding
from appliance.memory.store import AlreadyKnown, HeldForReview, Tombstoned
from appliance.memory.text import fingerprint, legacy_fingerprint
from appliance.memory.tombstones import FORMAT, SAME_MEANING, claims_within


def _discard(memory: Memory, text: str, **kwargs: object) -> None:
    memory.discard(memory.propose(text, "health").id, actor="panel", **kwargs)  # type: ignore[arg-type]


def _tombstone_file(memory: Memory) -> str:
    return (memory.data_dir / "tombstones.jsonl").read_text(encoding="utf-8")


# -- rewording ------------------------------------------------------------------------


def test_a_paraphrase_of_a_discarded_fact_is_not_proposed_again(semantic_memory: Memory) -> None:
    _discard(semantic_memory, "Mum is pregnant with twins.")
    with pytest.raises(AlreadyKnown, match="you discarded this on 2026-11-30"):
        semantic_memory.propose("Mum is expecting twins.", "health")
    assert semantic_memory.proposals() == []
    fact = semantic_memory.add("Leo is allergic to kiwi.", "health")
    semantic_memory.retract(fact.id, reason="outgrew it")
    with pytest.raises(AlreadyKnown, match="you retracted this"):
        semantic_memory.propose("Leo has a kiwi allergy.", "health")


def test_a_paraphrase_said_again_in_chat_is_held_for_review_not_live(
    semantic_memory: Memory,
) -> None:
    _discard(semantic_memory, "Mum is pregnant with twins.")
    with pytest.raises(HeldForReview, match="you discarded this on 2026-11-30"):
        semantic_memory.add("Mum is expecting twins.", "health", origin="agent")
    assert semantic_memory.facts() == []
    [waiting] = semantic_memory.proposals()
    assert waiting.text == "Mum is expecting twins."
    assert semantic_memory.said_no_before(waiting) == (
        "you discarded this on 2026-11-30 (discarded at review)"
    )
    with pytest.raises(Tombstoned):
        semantic_memory.add("Mum is expecting twins.", "health", origin="cli")
    # Positive control: another fact in the same words' neighbourhood goes live.
    assert semantic_memory.add("Mum is pregnant with triplets.", "health", origin="agent")


def test_one_clause_of_a_discarded_fact_said_alone_is_held_for_review(
    semantic_memory: Memory,
) -> None:
    """An outside trial discarded "Alfie's got a dairy allergy so no cheese on his." and then
    said "remember that Alfie's got a dairy allergy": it went live, with no word of the
    discard."""
    _discard(semantic_memory, "Alfie's got a dairy allergy so no cheese on his.")
    with pytest.raises(HeldForReview, match="you discarded this"):
        semantic_memory.add("Alfie's got a dairy allergy.", "health", origin="agent")
    with pytest.raises(HeldForReview, match="you discarded this"):  # and in other words
        semantic_memory.add("Alfie is allergic to dairy.", "health", origin="agent")
    assert semantic_memory.facts() == []
    [stone] = list(semantic_memory.tombstones)
    assert stone.parts is not None and len(stone.parts) == 2
    assert "cheese" not in _tombstone_file(semantic_memory)  # a clause keeps no words either
    # the control: another child's allergy in the same words goes live
    assert semantic_memory.add("Leo's got a dairy allergy.", "health", origin="agent")


def test_a_discarded_fact_said_with_more_is_held_for_review(semantic_memory: Memory) -> None:
    _discard(semantic_memory, "The spare key is under the blue pot.")
    with pytest.raises(HeldForReview, match="you discarded this"):
        semantic_memory.add(
            "The spare key is under the blue pot, in case anyone gets locked out.",
            "place",
            origin="agent",
        )
    assert semantic_memory.facts() == []
    # the control: a key kept elsewhere, said the same way, goes live
    assert semantic_memory.add(
        "The spare key is under the red pot, in case anyone gets locked out.",
        "place",
        origin="agent",
    )


def test_one_clause_is_matched_by_its_words_without_a_model(memory: Memory) -> None:
    assert memory.recall_mode == "keyword"
    _discard(memory, "Alfie's got a dairy allergy so no cheese on his.")
    with pytest.raises(AlreadyKnown, match="discarded"):
        memory.propose("Alfie's got a dairy allergy", "health")
    _discard(memory, "Ravi walks the dog at 7.")
    with pytest.raises(AlreadyKnown, match="discarded"):  # said with more
        memory.propose("Ravi walks the dog at 7, because Mum starts early", "health")
    assert memory.propose("Alfie's got a nut allergy", "health")  # the controls
    assert memory.propose("Ravi walks the dog at 8, because Mum starts early", "health")


def test_a_refused_fact_said_beside_another_with_and_is_held(memory: Memory) -> None:
    """A seventh trial's retracted "Reuben's piano lesson is on Thursdays at 4pm" came
    back on the board, unmarked, inside "Isla goes swimming on Saturdays and Reuben's
    piano lesson is on Thursdays at 4pm"; kept, it was recalled again."""
    _discard(memory, "Reuben's piano lesson is on Thursdays at 4pm")
    with pytest.raises(AlreadyKnown, match="discarded"):
        memory.propose(
            "Isla goes swimming on Saturdays and Reuben's piano lesson is on Thursdays at 4pm",
            "routine",
        )
    # the controls: two claims nobody refused, and "and" inside one subject
    assert memory.propose("Isla goes swimming on Saturdays and Mochi sleeps on the sofa", "routine")
    assert claims_within("Sam and Leo go swimming on Fridays") == []
    assert claims_within("Bread and butter pudding is in the freezer") == []


def test_a_near_but_different_fact_is_proposed(semantic_memory: Memory) -> None:
    """Positive control: close in words and topic, but another fact."""
    _discard(semantic_memory, "Mum is pregnant with twins.")
    _discard(semantic_memory, "Sam likes tea.")
    for text in ("Mum is pregnant with triplets.", "Sam likes coffee."):
        assert semantic_memory.propose(text, "health").text == text


def test_a_contrast_stops_a_merge_the_cosine_would_make(
    semantic_memory: Memory, real_embedder: OnnxMiniLMEmbedder
) -> None:
    import numpy as np

    a, b = "Leo is allergic to kiwi.", "Leo is not allergic to kiwi."
    va, vb = (np.frombuffer(v, dtype=np.float32) for v in real_embedder.passages([a, b]))
    assert float(va @ vb) >= SAME_MEANING[real_embedder.model_id]  # the cosine alone would merge
    _discard(semantic_memory, a)
    assert semantic_memory.propose(b, "health").text == b


def test_keyword_mode_falls_back_to_the_fingerprint(memory: Memory) -> None:
    assert memory.recall_mode == "keyword"
    _discard(memory, "Sam is scared of dogs.")
    with pytest.raises(AlreadyKnown, match="discarded"):
        memory.propose("sam: scared of dogs", "health")  # the same words
    assert memory.propose("Sam is terrified of dogs.", "note")  # no meaning without a model
    # but a household's one word for it is read alike (plain_words.py)
    with pytest.raises(AlreadyKnown, match="discarded"):
        memory.propose("Sam is afraid of dogs.", "note")
    [stone] = list(memory.tombstones)
    assert stone.vector is None and stone.text is None


def test_a_health_matter_said_otherwise_is_held_without_a_model(memory: Memory) -> None:
    # by the words that say a matter of health, not by meaning: held in keyword mode too
    assert memory.recall_mode == "keyword"
    _discard(memory, "Mum is pregnant with twins.")
    with pytest.raises(AlreadyKnown, match="discarded"):
        memory.propose("Mum is expecting twins.", "health")
    assert memory.propose("Mum is pregnant with triplets.", "health")  # another number


def test_a_tombstone_from_another_model_matches_by_fingerprint_only(
    semantic_memory: Memory,
) -> None:
    _discard(semantic_memory, "Sam is scared of dogs.")
    path = semantic_memory.data_dir / "tombstones.jsonl"
    line = json.loads(path.read_text())
    path.write_text(json.dumps({**line, "model": "some-other-model"}) + "\n")
    assert semantic_memory.propose("Sam is terrified of dogs.", "note")


# -- privacy ----------------------------------------------------------------------------


def test_a_discarded_text_is_not_kept(semantic_memory: Memory) -> None:
    _discard(semantic_memory, "Mum is pregnant with twins.")
    fact = semantic_memory.add("Ana's alarm code hint is the dog's birthday", "note")
    semantic_memory.retract(fact.id)
    on_disk = _tombstone_file(semantic_memory)
    assert "Mum is pregnant with twins" not in on_disk and "alarm code hint is" not in on_disk
    # The id is a slug of the first content words (and stays, as in the audit log);
    # nothing past it is kept, not even as a name or number.
    assert fact.id == "anas-alarm-code-hint-dogs" and "birthday" not in on_disk
    assert "Mum" not in on_disk and "Ana'" not in on_disk
    stones = list(semantic_memory.tombstones)
    assert [s.text for s in stones] == [None, None]
    assert all(s.vector and s.marks and s.format == FORMAT for s in stones)
    assert stones[0].fingerprint == fingerprint("Mum is pregnant with twins.")


def test_the_text_is_kept_when_the_person_asks(semantic_memory: Memory) -> None:
    """Positive control: --keep-text keeps exactly that tombstone's words."""
    _discard(semantic_memory, "Mum is pregnant with twins.", keep_text=True)
    _discard(semantic_memory, "Sam likes tea.")
    assert [s.text for s in semantic_memory.tombstones] == ["Mum is pregnant with twins.", None]
    assert "Sam" not in _tombstone_file(semantic_memory)


def test_cli_discard_keeps_text_only_with_the_flag(
    memory: Memory, capsys: pytest.CaptureFixture[str]
) -> None:
    from appliance.cli import main

    first = memory.propose("Sam likes tea.", "preference")
    second = memory.propose("Mia likes cocoa.", "preference")
    assert main(["review", "discard", first.id]) == 0
    assert main(["review", "discard", second.id, "--keep-text"]) == 0
    out = capsys.readouterr().out
    assert "its words are kept in tombstones.jsonl" in out.splitlines()[1]
    assert [s.text for s in memory.tombstones] == [None, "Mia likes cocoa."]


OLD_LINE = {
    "fingerprint": legacy_fingerprint("Mum is pregnant with twins."),
    "text": "Mum is pregnant with twins.",
    "reason": "private",
    "date": "2026-10-01",
    "fact_id": "mum-pregnant-twins",
    "actor": "panel",
    "kind": "discard",
}


def test_old_lines_with_text_load_and_lose_it_at_the_next_tombstone(
    semantic_memory: Memory,
) -> None:
    path = semantic_memory.data_dir / "tombstones.jsonl"
    path.write_text(json.dumps(OLD_LINE) + "\n")
    with pytest.raises(AlreadyKnown, match="on 2026-10-01"):
        semantic_memory.propose("mum is pregnant with twins", "health")  # still holds
    _discard(semantic_memory, "Sam likes tea.")
    assert "Mum is pregnant with twins" not in path.read_text()
    old, new = list(semantic_memory.tombstones)
    assert (old.text, old.format, old.date, old.reason) == (None, FORMAT, "2026-10-01", "private")
    assert old.vector and old.marks  # made from the text while it was still at hand
    assert old.fingerprint == fingerprint("Mum is pregnant with twins.")  # and today's rule
    with pytest.raises(AlreadyKnown, match="on 2026-10-01"):
        semantic_memory.propose("Mum is expecting twins.", "health")


def test_an_old_line_still_holding_its_text_is_compared_by_todays_rule(memory: Memory) -> None:
    """Before any tombstone rewrites it, a format-1 line is matched by its text's fingerprint
    today: the old rule (prepositions dropped) would refuse the opposite as well."""
    old = {
        **OLD_LINE,
        "fingerprint": legacy_fingerprint("Give Mia her inhaler before football"),
        "text": "Give Mia her inhaler before football",
        "fact_id": "mia-inhaler",
    }
    (memory.data_dir / "tombstones.jsonl").write_text(json.dumps(old) + "\n")
    assert memory.propose("Give Mia her inhaler after football", "health")
    with pytest.raises(AlreadyKnown, match="on 2026-10-01"):
        memory.propose("Give Mia her inhaler before football", "health")
    assert [s.format for s in memory.tombstones] == [1]  # no tombstone written: not rewritten


class FailingEmbedder:
    """Stands in for an onnxruntime that raises at run time (a broken install)."""

    model_id = "all-minilm-l6-v2-onnx-int8"
    floor = 0.3

    def passages(self, texts: list[str]) -> list[bytes]:
        raise RuntimeError("onnxruntime: session failed")

    def query(self, text: str) -> bytes:
        raise RuntimeError("onnxruntime: session failed")


def test_a_failing_model_costs_the_vector_never_the_discard(data_dir: Path, clock) -> None:  # type: ignore[no-untyped-def]
    settings = Settings.for_data_dir(data_dir, semantic=True)
    with Memory.open(settings, clock=clock, embedding=Embedding.of(FailingEmbedder())) as memory:
        proposal = memory.propose("Mum is pregnant with twins.", "health")
        stone = memory.discard(proposal.id, actor="panel")
        assert stone.vector is None and memory.proposals() == []
        with pytest.raises(AlreadyKnown):
            memory.propose("mum is pregnant with twins", "health")  # the fingerprint holds


# -- marks that must not stop a paraphrase (each beside the contrast it must keep) -----


@pytest.mark.parametrize(
    ("same_a", "same_b", "different_a", "different_b"),
    [
        (  # a capitalised opener is no name; a changed name still is
            "Grandpa takes his pills every morning.",
            "Every morning Grandpa takes his pills.",
            "Sam walks the dog.",
            "Mia walks the dog.",
        ),
        (  # a clock time said in words or digits; another time
            "Mia's school starts at half past eight.",
            "Mia's school begins at 8:30.",
            "Mia's school starts at half past eight.",
            "Mia's school starts at 9:30.",
        ),
        (  # "every other" is "every second"; not "every"
            "The recycling goes out every other Tuesday.",
            "Every second Tuesday the recycling goes out.",
            "The recycling goes out every Tuesday.",
            "The recycling goes out every other Tuesday.",
        ),
        (  # the same owner, said in another order; the owner swapped
            "Sam's best friend is Omar.",
            "Omar is Sam's best friend.",
            "Omar is Sam's best friend.",
            "Sam is Omar's best friend.",
        ),
        (  # a negation that is a word choice; a negation and nothing else
            "Sam hates mushrooms.",
            "Sam can't stand mushrooms.",
            "Mia can walk to school alone.",
            "Mia can't walk to school alone.",
        ),
    ],
)
def test_marks_let_a_paraphrase_through_and_keep_the_contrast(
    same_a: str, same_b: str, different_a: str, different_b: str
) -> None:
    assert contrast(Marks.of(same_a), Marks.of(same_b)) is None
    assert contrast(Marks.of(different_a), Marks.of(different_b)) is not None


def test_marks_from_an_older_tombstone_keep_the_strict_negation_rule() -> None:
    old = Marks.of("Sam hates mushrooms.").to_json()
    del old["core"], old["possessors"]
    assert contrast(Marks.from_json(old), Marks.of("Sam can't stand mushrooms.")) is not None


def test_a_negated_paraphrase_of_a_discarded_fact_is_not_proposed_again(
    semantic_memory: Memory,
) -> None:
    _discard(semantic_memory, "Sam hates mushrooms.")
    with pytest.raises(AlreadyKnown, match="you discarded this"):
        semantic_memory.propose("Sam can't stand mushrooms.", "preference")
    # Positive control: the negation alone is another fact.
    _discard(semantic_memory, "Leo is allergic to kiwi.")
    assert semantic_memory.propose("Leo is not allergic to kiwi.", "health")


# -- disguises ------------------------------------------------------------------------

DISGUISED = [
    "Dad takes his coffee with \u043eat milk",  # a Cyrillic "о"
    "D a d takes his coffee with oat milk",  # spaced-out letters
    "Dad takes his coffee with oat\u200b milk",  # a zero-width space
    "Dád takes his coffee with oat milk",  # an accent
]


@pytest.mark.parametrize("said", DISGUISED)
def test_look_alike_letters_never_make_refused_words_new(memory: Memory, said: str) -> None:
    """A person discarded the plain words; the same words in disguise are refused too,
    proposed or added live, and nothing is written."""
    _discard(memory, "Dad takes his coffee with oat milk")
    before = sorted(p.name for p in memory.data_dir.rglob("*.md"))
    with pytest.raises(AlreadyKnown, match="discarded"):
        memory.propose(said, "preference")
    with pytest.raises(Tombstoned):
        memory.add(said, "preference", origin="cli")
    assert sorted(p.name for p in memory.data_dir.rglob("*.md")) == before
    # The control: other words in the same shape are new.
    assert memory.propose("Dad takes his coffee with soy milk", "preference")


def test_a_tombstone_made_before_folding_still_refuses_its_own_words(memory: Memory) -> None:
    """A tombstone line written before look-alikes were folded holds the unfolded
    fingerprint of accented words: those words are still refused, whatever today's
    fingerprint of them is."""
    from appliance.memory.text import unfolded_fingerprint

    words = "José takes two sugars"
    assert unfolded_fingerprint(words) != fingerprint(words)  # the case this guards
    old = {**OLD_LINE, "fingerprint": unfolded_fingerprint(words), "text": None}
    old["fact_id"] = "jose-sugars"
    (memory.data_dir / "tombstones.jsonl").write_text(json.dumps(old) + "\n")
    with pytest.raises(AlreadyKnown, match="on 2026-10-01"):
        memory.propose(words, "preference")
    assert memory.propose("José takes one sugar", "preference")  # the control


@pytest.mark.parametrize("control", ["\u202e", "\u2066", "\u202a"])
def test_bidirectional_controls_are_never_kept(memory: Memory, control: str) -> None:
    """With an override a fact shows other words than it holds ("kilm tao" shown as "oat
    milk"): refused on every write path, nothing written."""
    from appliance.errors import InvalidFact

    said = f"Dad takes his coffee with {control}kilm tao\u202c"
    with pytest.raises(InvalidFact, match="control characters"):
        memory.propose(said, "preference")
    with pytest.raises(InvalidFact, match="control characters"):
        memory.add(said, "preference")
    assert not list(memory.data_dir.rglob("*.md"))
    assert memory.propose("Dad takes his coffee with oat milk", "preference")  # the control


@pytest.mark.parametrize(
    ("discarded", "remembered"),
    [
        # a fourth outside trial: each went live, with no word of the discard
        ("Tunde's birthday is on the 14th of August.", "Tunde was born on 14 August."),
        ("Femi doesn't like plantain.", "Femi hates plantain."),
        (
            "The EpiPen lives in the top drawer by the fridge.",
            "Kemi's EpiPen is kept in the top drawer next to the fridge.",
        ),
        # and a third's, which came back as a fresh card
        ("Rhian works nights at the Heath.", "Rhian's on nights at the Heath hospital."),
        # a fifth's, each live again: of a thing alone, of people alone, and a liking
        ("The stopcock is under the kitchen sink.", "The stopcock's under the sink."),
        ("The dog's called Rocky.", "Our dog is Rocky."),
        ("Aoife's mad about fish fingers.", "Fish fingers are Aoife's favourite."),
        # an eighth outside trial: each went live after the discard
        ("Tom's allergic to shellfish.", "Tom is allergic to shell-fish."),  # no fish named
        ("The boiler service is due in March.", "The boiler service is due in Mar."),
        ("The recycling goes out on Fridays.", "Recycling goes out every Friday."),  # a capital
        ("The bins go out on Thursday night at 7pm.", "The bins go out Thurs @ 7 p.m."),
        (
            "The bins go out on Thursday night at 7pm.",
            "Bins go out Thursdays at seven in the evening.",  # night and evening, at 7pm
        ),
        ("Priya is vegetarian.", "Priya, who's vegetarian, is coming for dinner on Friday."),
    ],
)
def test_a_discarded_fact_said_about_the_same_things_is_held_for_review(
    semantic_memory: Memory, discarded: str, remembered: str
) -> None:
    _discard(semantic_memory, discarded)
    with pytest.raises(HeldForReview, match="you discarded this"):
        semantic_memory.add(remembered, "note", origin="agent")
    assert semantic_memory.facts() == []
    [stone] = list(semantic_memory.tombstones)  # what it is about, kept as hashes
    # (none for a fact about people and nothing else: "The dog's called Rocky")
    assert stone.keys is not None and all(len(k) == 12 and k.isalnum() for k in stone.keys)


@pytest.mark.parametrize(
    ("discarded", "remembered"),
    [
        ("Femi doesn't like plantain.", "Femi likes plantain."),  # the other side
        ("Sam is allergic to peanuts.", "Sam is allergic to eggs."),  # another thing
        ("Dad takes his tablets at 8.", "Dad takes his tablets at 9."),  # a correction
        ("Dad picks Leo up from nursery.", "Mum picks Leo up from nursery."),  # another person
        ("The stopcock is under the sink.", "The bin bags are under the sink."),  # another thing
        ("The spare key is under the red pot.", "The spare key is under the blue pot."),
        ("The car is blue.", "The car is in the garage."),  # one word shared is not enough
        # the controls: another time of day, another day, another fish, another aside
        (
            "The bins go out on Thursday night at 7pm.",
            "The bins go out on Thursday mornings at 7am.",
        ),
        ("The bins go out on Thursday night at 7pm.", "The bins go out Fri @ 7 p.m."),
        ("Tom's allergic to shellfish.", "Tom's allergic to fish."),
        ("Priya is vegetarian.", "Priya, who's our neighbour, is coming for dinner on Friday."),
    ],
)
def test_another_fact_about_the_same_people_goes_live(
    semantic_memory: Memory, discarded: str, remembered: str
) -> None:
    _discard(semantic_memory, discarded)  # the controls
    assert semantic_memory.add(remembered, "note", origin="agent")


# -- a matter of health, said again otherwise ---------------------------------------------


@pytest.mark.parametrize(
    "again",
    [
        # a fifteenth trial's each went live after the retraction
        "Ngozi has diabetes and takes metformin every morning.",
        "Gran is diabetic.",
        "I am diabetic and I take metformin each morning with breakfast.",
    ],
)
def test_a_retracted_health_matter_said_otherwise_is_held(memory: Memory, again: str) -> None:
    fact = memory.add("Ngozi is diabetic and takes metformin with her breakfast.", "health")
    memory.retract(fact.id, actor="cli", reason="she wants her health kept private")
    with pytest.raises(HeldForReview, match="retracted"):
        memory.add(again, "health", origin="agent")
    assert memory.facts("live") == []


@pytest.mark.parametrize(
    "other",
    [
        "Ada is diabetic.",  # someone else named
        "Ngozi is not diabetic.",  # the other side
        "Ngozi loves her tea without sugar.",  # no matter of health
    ],
)
def test_another_fact_near_a_health_matter_goes_live(memory: Memory, other: str) -> None:
    fact = memory.add("Ngozi is diabetic and takes metformin with her breakfast.", "health")
    memory.retract(fact.id, actor="cli", reason="private")
    assert memory.add(other, "health", origin="agent").status == "live"


@pytest.mark.parametrize(
    ("again", "held"),
    [
        # a fifteenth trial's went live after "Ngozi can't have sugary drinks, …" was discarded
        ("Ngozi shouldn't have any sugary drinks at all.", True),
        ("Ngozi should not have sugary drinks at all, she's diabetic.", True),
        ("Ngozi must not have sugary drinks.", True),
        ("Ngozi can have sugary drinks.", False),  # the other side: another fact
    ],
)
def test_cant_shouldnt_and_mustnt_are_one_rule(memory: Memory, again: str, held: bool) -> None:
    _discard(memory, "Ngozi can't have sugary drinks, she's diabetic.")
    if held:
        with pytest.raises(HeldForReview):
            memory.add(again, "health", origin="agent")
    else:
        assert memory.add(again, "health", origin="agent").status == "live"


def test_modals_that_are_no_rule_still_differ(memory: Memory) -> None:
    _discard(memory, "Mia should take her medicine with food.")
    assert memory.add("Mia could take her medicine with food.", "health", origin="agent")


@pytest.mark.parametrize(
    ("refused", "other"),
    [
        # a review's each held as refused: another person, no matter said, or no rule of having
        (
            "Ngozi is diabetic and takes metformin with her breakfast.",
            "The insulin pens are in the fridge door.",
        ),
        ("Gran is diabetic.", "Leo is diabetic."),
        ("Gran is diabetic.", "Mum is diabetic."),
        ("I am diabetic.", "The diabetes clinic is on Tuesday."),
        ("Mum is pregnant.", "We are expecting visitors on Sunday."),
        ("Mum is pregnant.", "Auntie Jo is pregnant."),
        ("Gran had cancer.", "Mum is a cancer nurse."),
        ("Gran had cancer.", "Dad's star sign is Cancer."),
        ("Kemi is coeliac.", "The coeliac bread is in the freezer."),
        ("Dad can't come for Christmas.", "Dad shouldn't come for Christmas."),
        ("Leo can't swim.", "Leo shouldn't swim."),
        # an allergy said by a family word is as often another person's
        ("Leo is allergic to nuts.", "Mum is allergic to nuts."),
    ],
)
def test_no_hold_for_what_no_one_refused(memory: Memory, refused: str, other: str) -> None:
    _discard(memory, refused)
    assert memory.add(other, "note", origin="agent").status == "live"


# -- a sixteenth trial's: a medicine, another family's word, a word in another form --------


@pytest.mark.parametrize(
    "again",
    [
        # each went live after "Janusz takes allopurinol for his gout" was retracted
        "Dziadek is on allopurinol.",
        "Grandpa takes allopurinol for the gout.",
        "Dad takes allopurinol every morning.",
        "Dad's pills are allopurinol.",
        "Janusz has gout.",
    ],
)
def test_a_retracted_medicine_said_otherwise_is_held(memory: Memory, again: str) -> None:
    fact = memory.add("Janusz takes allopurinol for his gout.", "health")
    memory.retract(fact.id, actor="cli", reason="he wants his health kept private")
    with pytest.raises(HeldForReview, match="retracted"):
        memory.add(again, "health", origin="agent")
    assert memory.facts("live") == []


@pytest.mark.parametrize(
    "other",
    [
        "Sami takes allopurinol.",  # someone else named
        "Janusz takes paracetamol.",  # another medicine, no matter of the refused one
        "The allopurinol is in the bathroom cabinet.",  # where, no one's health
    ],
)
def test_another_fact_near_a_medicine_goes_live(memory: Memory, other: str) -> None:
    fact = memory.add("Janusz takes allopurinol for his gout.", "health")
    memory.retract(fact.id, actor="cli", reason="private")
    assert memory.add(other, "health", origin="agent").status == "live"


@pytest.mark.parametrize(
    ("again", "held"),
    [
        # a sixteenth trial's each went live after the car's service was discarded
        ("The car is getting serviced on Friday.", True),
        ("The car is booked for servicing this friday.", True),
        # the controls: another thing, another day, another job
        ("The boiler has a service on Friday.", False),
        ("The car has a service on Monday.", False),
        ("The car has its MOT on Friday.", False),
    ],
)
def test_a_word_in_another_form_is_the_same_word(memory: Memory, again: str, held: bool) -> None:
    _discard(memory, "The car has a service on Friday.")
    if held:
        with pytest.raises(HeldForReview):
            memory.add(again, "note", origin="agent")
    else:
        assert memory.add(again, "note", origin="agent").status == "live"


def test_health_kept_private_is_held_for_review(memory: Memory) -> None:
    """While "Janusz wants his health kept private." is live, a statement of his health
    waits for Keep (a sixteenth trial's "…Janusz has high blood pressure" went live and was
    read out to another member of the house)."""
    memory.add("Janusz wants his health kept private.", "person", origin="agent")
    with pytest.raises(HeldForReview, match="kept private"):
        memory.add("Janusz has high blood pressure.", "health", origin="agent")
    assert [f.text for f in memory.facts("live")] == ["Janusz wants his health kept private."]
    assert [p.text for p in memory.proposals()] == ["Janusz has high blood pressure."]
    # the controls: another person's health, his other facts, and a person at the CLI
    assert memory.add("Sami has high blood pressure.", "health", origin="agent")
    assert memory.add("Janusz likes gardening.", "note", origin="agent")
    assert memory.add("Janusz takes allopurinol.", "health", origin="cli")


@pytest.mark.parametrize(
    ("again", "held"),
    [
        # a seventeenth trial's went live after Isobel's medicines were retracted
        ("Isobel is on warfarin.", True),
        ("Isobel takes donepezil in the morning.", True),
        ("Gran is on donepezil.", True),
        ("Isobel takes paracetamol at 6pm.", False),  # the controls
        ("Sami is on warfarin.", False),
    ],
)
def test_a_medicine_named_in_both_is_the_same_matter_whenever_taken(
    memory: Memory, again: str, held: bool
) -> None:
    fact = memory.add("Isobel takes donepezil in the morning and warfarin at 6pm.", "health")
    memory.retract(fact.id, actor="cli", reason="she doesn't want her medicines on the board")
    if held:
        with pytest.raises(HeldForReview):
            memory.add(again, "health", origin="agent")
    else:
        assert memory.add(again, "health", origin="agent").status == "live"


def test_an_activity_said_with_another_verb_is_the_same(memory: Memory) -> None:
    _discard(memory, "Femi plays football on Saturday mornings.")
    with pytest.raises(HeldForReview):
        memory.add("Femi trains at football on Saturday mornings.", "note", origin="agent")
    assert memory.add("Femi plays rugby on Saturday mornings.", "note", origin="agent")
