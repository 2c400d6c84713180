"""One turn's shapes: what the brain was given, and what it answers.

A `ReplyStream` yields the reply's text pieces as they are made; its thread and
route are known before the first piece. `Reply` is the finished turn.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from appliance.brain import router
from appliance.errors import HearthError

if TYPE_CHECKING:
    from appliance.brain.agent import Brain

RECALL_K = 5  # facts one turn recalls (the rules' answer, the model's data, the recall tool)


class EmptyMessage(HearthError):
    """Nothing was said."""


class MessageTooLong(HearthError):
    """A message longer than a kitchen conversation has."""


@dataclass(frozen=True)
class Reply:
    text: str
    thread_id: str
    route: str  # remember | correct | recall | chat | tools
    facts: tuple[str, ...] = ()  # ids of facts the answer used or wrote
    proposal: str | None = None  # id of a proposal this turn left in the inbox


class ReplyStream:
    """Text pieces of one reply; `thread_id` and `route` are known before the first piece.

    The turn takes the brain's lock when iteration starts and gives it back at
    the end (or when the consumer stops early: what was said so far is saved).
    """

    def __init__(
        self, brain: Brain, text: str, thread_id: str, route: router.Route, *, heard: bool = False
    ) -> None:
        self.thread_id = thread_id
        self.heard = heard  # a speech transcript: its words may be misheard
        self.route = route.kind
        self.facts: tuple[str, ...] = ()
        self.proposal: str | None = None
        # every new fact this turn put on the board ("don't save that" next takes them off)
        self.carded: tuple[str, ...] = ()
        self.withheld: str | None = None  # the guard's category, when it refused the text
        self.text = ""
        self._pieces: Generator[str, None, None] = brain._turn(self, text, route)

    def __iter__(self) -> Generator[str, None, None]:
        return self._pieces

    def reply(self) -> Reply:
        for _ in self._pieces:
            pass
        return Reply(self.text, self.thread_id, self.route, self.facts, self.proposal)
