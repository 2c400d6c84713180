"""A day's plans asked of the house: memory's answer, and the reminders set for that day.

An eleventh outside trial had three reminders set for tomorrow, asked "what have we got on
tomorrow?", and heard "I don't know that yet.": memory holds what the household told it,
the reminders are the household's records, and a day's plans are both.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from appliance.brain import router

# "what's on tomorrow?", "anything on friday?", "what have we got on saturday?"
_A_DAYS_PLANS = re.compile(
    r"^\W*(?:so\s+)?(?:what(?:'s|s| is) (?:on|happening|planned)|anything (?:on|happening|"
    r"planned)|what (?:have|'ve) we got(?: on)?|what are we doing|is there anything on|"
    r"have we got anything(?: on)?|what do we have(?: on)?)\s+(?:on\s+|for\s+)?"
    r"(?P<day>today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday)\W*$",
    re.IGNORECASE,
)
_NO_REMINDERS = re.compile(r"\b(?:no reminders|nothing set|no reminder)\b", re.IGNORECASE)


def with_the_days_reminders(
    answer: Iterator[str], asked: str, intents: router.Router
) -> Iterator[str]:
    """Memory's `answer` to `asked`, and, where it asks a day's plans, the reminders the
    household's records hold for that day."""
    yield from answer
    day = _A_DAYS_PLANS.match(asked)
    if day is None:
        return
    listed = intents.route(f"what reminders are there for {day['day'].lower()}")
    if listed.kind == "recall" or (act := intents.act(listed)) is None:
        return  # no household here to ask
    said = act(listed)
    if not _NO_REMINDERS.search(said):
        yield f" {said}"
