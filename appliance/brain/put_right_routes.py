"""A fact put right or forgotten in a conversation: always a proposal a person reviews.

"That's wrong, …" proposes the words put right in a fact's place; "forget that …" proposes
forgetting the fact it names, or takes a card still waiting off the board; "forget it" just
after a fact was kept or carded is that one. Nothing said in a conversation removes or
weakens a live fact (corrections.py proposes; a person keeps).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import TYPE_CHECKING

from appliance.brain import corrections, router
from appliance.brain.route_state import RouteState
from appliance.brain.turn import RECALL_K
from appliance.errors import HearthError
from appliance.memory import Fact
from appliance.memory.text import tokens as content_words

if TYPE_CHECKING:
    from appliance.brain.turn import ReplyStream

log = logging.getLogger(__name__)

NOT_FOUND = (
    "I couldn't find that in memory, so there is nothing to correct. "
    "`hearth memory list` shows what is stored."
)
TAKEN_OFF_THE_BOARD = "All right, I've taken it off the board and won't save it: {}"
NOTHING_JUST_KEPT = "Okay. I haven't just kept or read out a fact, so nothing is forgotten."
NOT_TOLD_WHICH = (
    "I couldn't tell which fact that puts right, so nothing was changed. Say “forget …” with "
    "its words, or “remember that …” for the new one."
)
# Content words a "that's wrong, …" must share with a fact to replace it (its name and what
# is said of it): one alone is a name, and another fact of the same person is not this one.
SHARED_TO_REPLACE = 2
# Said of many facts, they tell none apart: "Declan isn't vegan" is not "Declan isn't keen
# on mushrooms"
_NEGATIONS = frozenset(
    "not no never isnt arent wasnt werent doesnt dont didnt cant wont hasnt havent anymore".split()
)


class PutRight(RouteState):
    """The turns that put a fact right or forget it."""

    def _take_off_the_board(self, thread: str) -> list[str]:
        """The words of each card the thread's last answer put on the board, discarded: the
        person refused them, so a tombstone keeps them from coming back (an eleventh
        trial's "no wait, don't save that" had left the card waiting for anyone's Keep)."""
        taken = []
        for proposal_id in self.carded.pop(thread, ()):
            try:
                proposal = self.memory.get_proposal(proposal_id)
                self.memory.discard(proposal_id, "agent", "taken back in the conversation")
            except HearthError:
                continue  # already kept or discarded at the board
            taken.append(proposal.text)
        return taken

    def correct(self, stream: ReplyStream, route: router.Route) -> Iterator[str]:
        if route.replaces:
            target = self._replaced(stream.thread_id, route.text)
        else:
            target = self._correction_target(stream.thread_id, route.text)
        if (
            not route.text
            and not route.replaces
            and (taken := self._take_off_the_board(stream.thread_id))
        ):
            yield TAKEN_OFF_THE_BOARD.format(" ".join(taken))
            return
        if (
            target is None
            and route.text
            and not route.replaces
            and (
                card := corrections.waiting_one(
                    route.text, self.memory.proposals(), self.known_names()
                )
            )
        ):
            # "forget that Nani's proper name is Rokeya Begum" while it waits on the board:
            # that card refused, never a live fact about Nani (an eighteenth trial's)
            self.memory.discard(card.id, "agent", "forgotten in the conversation")
            yield TAKEN_OFF_THE_BOARD.format(card.text)
            return
        if target is None:  # "forget it" with nothing just kept or read is a "never mind"
            if route.replaces:
                yield NOT_TOLD_WHICH
            else:
                yield NOTHING_JUST_KEPT if not route.text else NOT_FOUND
            return
        replacement = (
            corrections.with_its_subject(target.text, route.text) if route.replaces else ""
        )
        if not route.replaces and route.text:
            # one of two things a fact says: what stays replaces it, never all forgotten
            replacement = corrections.what_stays(target.text, route.text) or ""
        correction = corrections.propose(self.memory, stream.thread_id, target, replacement)
        if correction.proposal is not None:
            stream.facts, stream.proposal = (target.id,), correction.proposal
        yield correction.said
        if not replacement and correction.proposal is not None:
            # the same said in other words goes with it: an approved "forget that Dave has a
            # key to the shed" had left "Dave next door has a key to our shed" to be recalled
            found = [r.fact for r in self.memory.recall(target.text, RECALL_K)]
            yield corrections.also_forgotten(self.memory, stream.thread_id, target, found)

    def _correction_target(self, thread: str, what: str) -> Fact | None:
        if what:
            found = [r.fact for r in self.memory.recall(what, RECALL_K)]
            return corrections.forgotten_one(what, found, self.known_names())
        for fact_id in self.cited.get(thread, ()):
            if (fact := self._live(fact_id)) is not None:
                return fact
        return None

    def _replaced(self, thread: str, instead: str) -> Fact | None:
        """The fact "that's wrong, `instead`" puts right: of the facts the last answer
        used and those recall finds, the one sharing most of its words. A Keep replaces
        that fact's words, so one sharing a name alone is not enough ("that's wrong,
        Declan isn't vegan" had been proposed over "Declan's mum, Nana Adaeze, lives with
        us too, she's diabetic", and Keep lost it); words too few to tell, "that" is what
        the last answer used."""
        said = set(content_words(instead)) - _NEGATIONS
        cited = self.live(self.cited.get(thread, ()))
        if len(said) < SHARED_TO_REPLACE:
            return cited[0] if cited else self._correction_target(thread, instead)
        # the fact just kept or read needs one word in common: "remember that Ify's school
        # shoes are size 2", then "that's wrong, she's a size 3 now" (an eleventh trial's
        # was "I couldn't tell which fact that puts right")
        # (a name in common is not enough: "that's wrong, Declan isn't vegan" is not said of
        # "Declan's mum, Nana Adaeze, … she's diabetic")
        names = {n.lower() for n in self.known_names()}
        if len(cited) == 1 and (said & set(content_words(cited[0].text))) - names:
            return cited[0]
        found = [*cited, *(r.fact for r in self.memory.recall(instead, RECALL_K))]
        shared = [len(said & set(content_words(fact.text))) for fact in found]
        best = max(shared, default=0)
        return found[shared.index(best)] if best >= SHARED_TO_REPLACE else None
