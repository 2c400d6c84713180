"""The turns rules answer, with no model: remember, a statement, a correction, a recall.

What must be exact never depends on a 135M-parameter model. "Remember that …"
writes a live fact when typed and proposes one when heard (speech can be misheard);
a plain statement is proposed as said; a correction becomes a proposal for a person
to review (nothing said in a conversation removes or weakens a live fact); a
question about the household is answered from memory or honestly not at all, and
only a question about the world reaches the model (questions.py draws the line).
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from appliance.brain import (
    activities,
    answers,
    asked_of,
    corrections,
    days_until,
    overview,
    people,
    questions,
    router,
    statements,
)
from appliance.brain.cannot_eat import cannot_eat_asked, of_someone_else, says_cannot_eat
from appliance.brain.known import with_names_told
from appliance.brain.not_known import not_known
from appliance.brain.put_right_routes import PutRight
from appliance.brain.turn import RECALL_K
from appliance.errors import HearthError
from appliance.memory import (
    AlreadyKnown,
    AlreadyWaiting,
    Fact,
    Proposal,
    Recalled,
    Refused,
)
from appliance.memory.text import tokens as content_words

if TYPE_CHECKING:
    from appliance.brain.turn import ReplyStream

log = logging.getLogger(__name__)

ANSWER_FACTS = 3
ALLERGY_FACTS = 6  # "does anyone here have an allergy?": each person's, a household's worth
NOTED = "Noted — it'll be on the board for you to keep."
# MiniLM cosine at which a fact answers a "who …?" question by meaning: "who can't eat
# nuts?" ~ "Sam is allergic to peanuts" is 0.50, unrelated household facts sit below 0.3.
MEANING_FLOOR = 0.45
# Family words and pets' kinds, as memory stems them: a question with one may name someone
# the facts call by a name
_KIN = frozenset(content_words(" ".join(people.FAMILY)))


class RuleRoutes(PutRight):
    """The rule-answered turns of one brain, on its memory and note-taker (its state, and
    how a fact is put right or forgotten: route_state.py, put_right_routes.py)."""

    def remember(self, stream: ReplyStream, route: router.Route) -> Iterator[str]:
        """An explicit "remember that": typed, a live fact; heard, a proposal read back.

        Speech recognition mishears ("the bin magma under the sink"), and a fact that
        is wrong by one word is a fact nobody told Hearth: a spoken one waits on the
        board, and Keep is the household saying the words are right.
        """
        if statements.taken_back(route.text):
            # "remember that Mum's flight lands at 6. Hang on, I'm not sure, don't save that."
            yield router.TAKEN_BACK
            return
        if (corrected := statements.corrected_in(route.text)) is not None:
            # "…on Wednesday nights, no sorry, Tuesday nights" (a seventh trial's was kept
            # word for word, and read back so): which words to keep is the person's to say
            yield (
                f"I heard you put something right (“{corrected}”), so I haven't kept it: "
                "say it again as it should be kept, for example “remember that …”."
            )
            return
        kind = router.guess_type(route.text)
        try:
            if stream.heard:
                record: Fact | Proposal = self.memory.propose(
                    route.text,
                    kind,
                    0.9,
                    origin="voice",
                    conversation=stream.thread_id,
                    actor="voice",
                    asked_again=True,  # a person said it: refused words wait, marked
                )
            else:
                record = self.memory.add(route.text, kind, origin="agent", actor="agent")
        except AlreadyKnown as exc:
            yield _already(exc) if stream.heard else f"I can't remember that: {exc}."
            return
        except HearthError as exc:  # refused by the guard, or not a fact (empty, too long…)
            log.info("remember refused: %s", type(exc).__name__)
            if isinstance(exc, Refused):
                stream.withheld = exc.category
            yield f"I can't remember that: {exc}."
            return
        if isinstance(record, Proposal):
            stream.proposal, stream.carded = record.id, (record.id,)
            heard = f'I heard "{record.text.rstrip(".")}".'
            said_no = self.memory.said_no_before(record)
            if said_no is not None:  # "you discarded this on 2026-11-30 (misheard)"
                yield (
                    f"{heard} {said_no[:1].upper()}{said_no[1:]}; it's on the board again: "
                    "press Keep if you want it now."
                )
            else:
                yield f"{heard} It's on the board: press Keep if that's right."
            return
        stream.facts = (record.id,)
        yield f"I'll remember that: {record.text}"
        # a recall only for what says something ended: every other "remember that" is one
        live = corrections.ends(record.text) and self.memory.recall(record.text, RECALL_K)
        if live and (old := corrections.ended(record.text, [r.fact for r in live])) is not None:
            # "Isla grew out of her sesame allergy" beside "Isla is allergic to sesame":
            # which stands is a person's to say, at the board
            asked = corrections.propose(self.memory, stream.thread_id, old)
            if asked.proposal is not None:
                stream.proposal = asked.proposal
                yield (
                    f" That may change “{old.text}”, so I've asked to forget it. "
                    f"{corrections.REVIEWED}"
                )

    def statement(self, stream: ReplyStream, route: router.Route) -> Iterator[str]:
        """A plain statement: proposed as said (rules, no model), and acknowledged."""
        if self.notetaker is None:
            yield ('Noted. I\'m not taking notes, so say "remember that …" if I should keep it.')
            return
        outcomes = self.notetaker.take_statement(stream.thread_id, route.facts)
        refused = [o.refused for o in outcomes if o.refused]
        written = [o.proposal for o in outcomes if o.proposal]
        if refused:
            stream.withheld = refused[0]
            if written:
                # "btw the alarm code is 4471 …, and Pierogi's vet is Parkside Vets": the vet
                # was carded, so "nothing was written" was untrue (an eleventh trial's)
                stream.proposal, stream.carded = written[0], tuple(written)
                yield (
                    f"I haven't kept the part that was refused ({refused[0]}): none of it was "
                    "written. The rest is on the board for you to keep."
                )
                return
            yield f"I can't keep that: refused ({refused[0]}); nothing was written."
            return
        if written:
            stream.proposal, stream.carded = written[0], tuple(written)
            replaced = [o.replaces for o in outcomes if o.proposal and o.replaces]
            if replaced:
                # "Ify is 9 now": the card would retire "Ify is 8.", said before Keep
                old = "”, “".join(r.rstrip(".") for r in replaced)
                yield f"{NOTED} It replaces “{old}” when you do."
                return
            yield NOTED
        elif said_no := next((o.said_no for o in outcomes if o.said_no), None):
            # "we've got a cat called Biscuit and a hamster called Nibbles", the cat refused:
            # said so, and how to keep the rest (a tenth trial's hamster went unheard)
            told_no = said_no.removesuffix("; not proposed again")
            yield (
                f"I haven't kept that: {told_no}. If part of it is new, say that part on its own."
            )
        elif any(o.known for o in outcomes):
            yield "Noted — I have that already, or it was turned down before."
        else:
            yield "Noted, but I couldn't put that on the board."

    def recall(self, stream: ReplyStream, text: str, route: router.Route) -> Iterator[str]:
        """Household questions are answered from memory or honestly not at all; questions
        about the world go to the model (questions.py draws the line)."""
        if set(content_words(route.text)) & _KIN:  # "the dog", "grandad": the name told
            route = dataclasses.replace(
                route, text=with_names_told(route.text, self.memory.facts("live"))
            )
        found = self.memory.recall(route.text, RECALL_K)
        if asked_of.of_the_speaker(route.text) and not route.explicit:
            yield self._of_the_speaker(stream, route.text, found)
            return
        classified = questions.classify(route.text, self.known_names())
        asked = activities.of_an_activity(classified, found)
        if classified.why == asked_of.BY_A_PRONOUN and not route.explicit:
            # "is she vegan" with no one named before it (in_context.py names the one who
            # was): no fact is of "she", so none is read out as if it were (a review's "does
            # he like olives" got Lina's olives), and nothing is echoed back garbled
            said = asked_of.pronoun_in(route.text)
            yield (
                f"I don't know who “{said}” is here, so I can't say. Ask it with a name, and "
                "I'll tell you what I've been told."
            )
            return
        if (allergens := cannot_eat_asked(asked)) is not None and not route.explicit:
            # "does anyone have an allergy?": every fact of what someone cannot eat
            pets = self.known.now().pets
            told = [
                f
                for f in self.memory.facts("live")
                if says_cannot_eat(f.text, allergens) and not of_someone_else(f.text, pets)
            ][:ALLERGY_FACTS]
            if told:
                stream.facts = tuple(f.id for f in told)
                yield "From memory: " + " ".join(_sentence(f.text) for f in told)
                return
        # names no one: "who can't eat nuts?", "is anyone here vegetarian?"
        by_meaning = not asked.household or asked.why in ("asks who", questions.SOMEONE_HERE)
        if not route.explicit and by_meaning and self._answers_by_meaning(asked, found):
            # "who can't eat nuts?" names no one, yet memory holds the answer by meaning.
            stream.facts = (found[0].fact.id,)
            yield "From memory: " + _said(found[0])
            return
        if route.explicit or asked.household:
            # Only facts about what was asked may answer: "Ama's birthday" is no
            # answer to "when is Kofi's birthday?".
            today = self.memory.today()
            relevant = [r for r in found if answers.answers(asked, r, today)]
            if asked.why == questions.STATE_NOW and not route.explicit:
                # "is Ciaran in?", "has Rocky been fed?": no fact says how it is now, so a
                # fact about it is what is known, never the answer (a fifth trial's got
                # "From memory: Our Ciaran's a vegetarian.")
                stream.facts = tuple(r.fact.id for r in relevant[:2])
                yield not_known(asked, [_said(r) for r in relevant[:2]])
                return
            # "how many days till Aoife's birthday?": its birthday is what the fact must say
            answering = _answering(relevant, days_until.occasion(route.text) or route.text)
            if answering:
                stream.facts = tuple(r.fact.id for r in answering)
                yield "From memory: " + " ".join(_said(r) for r in answering)
                dated = [r.fact.text for r in answering]
                count = days_until.counted(route.text, dated, self.memory.today())
                if count is not None:
                    yield f" {count}"
            elif route.explicit:
                yield f"I don't have anything in memory about {route.text}."
            else:
                # Facts about the same person or thing that do not answer: said as such.
                nearby = [r for r in found if answers.about(asked, r)][:2]
                if asked.names or asked.things:
                    stream.facts = tuple(r.fact.id for r in nearby)
                    yield not_known(asked, [_said(r) for r in nearby])
                else:
                    yield not_known(asked)
            return
        yield from self.chat(stream, text, found)  # a question about the world

    def _of_the_speaker(self, stream: ReplyStream, asked: str, found: list[Recalled]) -> str:
        """ "Am I allergic to nuts?": Hearth does not know who asks, so what it was told in
        the first person is quoted as said by someone, what it was told of others is said
        with their names, and nothing is said of "you"."""
        words = set(content_words(asked)) - _ASKED_OF_ME
        near = [r for r in found if words & set(content_words(r.fact.text))][:2]
        stream.facts = tuple(r.fact.id for r in near)
        if any(_FIRST_PERSON.search(r.fact.text) for r in near):
            return " ".join(_said(r) for r in near) + " I don't know who said it."
        reply = "I don't know who's asking, so I can't say that of you."
        if near:
            reply += " What I do know: " + " ".join(_said(r) for r in near)
        return reply + " Ask it with a name, and I'll tell you what I've been told."

    def _answers_by_meaning(self, asked: questions.Question, found: list[Recalled]) -> bool:
        """A question about the household's people that names no one ("who can't eat
        nuts?"), whose best recalled fact means what it asks (cosine >= MEANING_FLOOR)."""
        embedder = self.memory.embedding.model
        if embedder is None or not found or found[0].match == "keyword":
            return False
        if asked.why == "asks for advice or a method" or not questions.ABOUT_SOMEONE_HERE.search(
            asked.text
        ):
            return False
        import numpy as np

        question = np.frombuffer(embedder.query(asked.text), dtype=np.float32)
        fact = np.frombuffer(embedder.query(found[0].fact.text), dtype=np.float32)
        return float(question @ fact) >= MEANING_FLOOR

    def inbox(self) -> Iterator[str]:
        """What waits on the board for Keep or Discard, word for word (a few, then a count)."""
        waiting = self.memory.proposals()
        if not waiting:
            yield "Nothing is waiting for review."
            return
        said = [_proposal_words(p) for p in waiting[:ANSWER_FACTS]]
        more = len(waiting) - len(said)
        count = "One thing waits" if len(waiting) == 1 else f"{len(waiting)} things wait"
        yield f"{count} on the board for Keep or Discard: " + "; ".join(said)
        yield f"; and {more} more." if more else "."

    def overview(self, stream: ReplyStream, text: str, route: router.Route) -> Iterator[str]:
        """An open question about the household: what memory holds about it, verbatim,
        or honestly nothing; a subject that is not the household goes to the model."""
        facts = self.memory.facts("live") + self.memory.facts("doubted")
        if route.explicit:  # who lives here: the people and animals it was told of
            facts = [f for f in facts if f.type == "person"]
            what = "who lives here"
        elif route.text:
            wanted = questions.classify(f"what about {route.text}")
            about = [r.fact for r in self.memory.recall(route.text, RECALL_K)]
            facts = [f for f in about if answers.about(wanted, Recalled(f, 0.0))]
            if not facts and not overview.is_household(route.text):
                yield from self.chat(stream, text, None)  # "tell me about the Romans"
                return
            what = f"anything about {route.text}"
        else:
            what = "anything about the household"
        if not facts and route.explicit and (names := sorted(self.known_names())):
            # an outside trial's "who lives here?", after four facts about the family, got
            # "I don't know who lives here yet": the names it was told of are what it knows
            told = ", ".join(name[0].upper() + name[1:] for name in names)
            yield (
                "Nobody has told me who lives here. The names I've been told about: "
                f"{told}. Tell me who lives here and I'll remember."
            )
            return
        if not facts:
            yield f"I don't know {what} yet. Tell me and I'll remember."
            return
        newest = sorted(facts, key=lambda f: f.created, reverse=True)[: overview.SUMMARY_FACTS]
        stream.facts = tuple(f.id for f in newest)
        said = " ".join(_sentence(f.text, doubted=f.status == "doubted") for f in newest)
        more = len(facts) - len(newest)
        tail = (
            f" And {more} more: the board's home screen and `hearth memory list` show them."
            if more
            else ""
        )
        yield f"From memory: {said}{tail}"


def _said(recalled: Recalled) -> str:
    return _sentence(recalled.fact.text, doubted=recalled.fact.status == "doubted")


# A fact said in the first person: its "I" and "my" are whoever said it, whom Hearth does
# not know (a fifteenth trial's "what's my fav colour" got a child's "My fav colour is
# purple" as the asker's own)
# Said in the first person anywhere in it: "Janusz is my father.", "Olives are gross to me."
# are whoever told it's, never the asker's (a sixteenth trial's were read to others as if
# their own: Janusz is Sami's father-in-law)
_FIRST_PERSON = re.compile(r"^\s*(?:I|I'm|I've|I'd|I'll|My|Me)\b|\b(?:my|me|mine|myself)\b|\bI\b")
_ASKED_OF_ME = frozenset({"am", "do", "did", "have", "what", "how", "which", "take", "anything"})


def _sentence(text: str, *, doubted: bool = False) -> str:
    text = text.rstrip()
    if doubted:
        text = text.rstrip(".") + " (doubted: it may be wrong)."
    elif not text.endswith((".", "!", "?")):
        text += "."
    if _FIRST_PERSON.search(text):
        return f"Someone here told me: “{text}”"
    return text


def _answering(found: list[Recalled], question: str) -> list[Recalled]:
    """The recalled facts that answer a question outright, or [] to let the model talk.

    The best fact must carry at least half of the question's content words
    ("what is Sam allergic to" -> sam, allergic); the others must score within
    half of the best. A weak one-word overlap goes to the model as context instead.
    """
    if not found:
        return []
    # "what time does cubs finish", "how often does grandma come": words that only ask when
    # or how often are no words the fact must carry (a held-out split's got "I don't know")
    asked = set(content_words(answers.without_titles(question))) - answers.ONLY_ASKING or set(
        content_words(question)
    )
    if not asked:
        return []
    best = found[0]
    held = set(content_words(best.fact.text + " " + " ".join(best.fact.links)))
    held |= answers.said_apart(question, held)  # "epi pen" is in "epipen"
    held |= answers.implied(best.fact)  # "takes metformin": a medicine
    held |= answers.cannot_eat_held(question, best.fact.text)  # "…unable to eat": an allergy
    if sum(answers.said_in(word, held) for word in asked) * 2 < len(asked):
        return []
    return [r for r in found[:ANSWER_FACTS] if r.score >= best.score / 2]


def _proposal_words(proposal: Proposal) -> str:
    """A proposal as a person hears it: its words, or what a correction asks."""
    words = proposal.text.strip().rstrip(".")
    if proposal.kind == "retract":
        return f"forget {proposal.target}"
    if proposal.kind == "supersede":
        return f"change {proposal.target} to '{words}'"
    return f"'{words}'"


def _already(known: AlreadyKnown) -> str:
    """A heard "remember that" the store has: said plainly, not as a refusal."""
    if isinstance(known, AlreadyWaiting):
        return "That's already on the board, waiting for Keep."
    return "I have that already."
