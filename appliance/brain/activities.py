"""A thing the household does, asked of bare: "when is swimming", "what time is choir",
"is swimming at 7 tonight".

No name, no "our" and no house word says such a question is the household's ("when is
christmas" is the world's), so it had gone to the model: with "Ify's swimming is at 6 on
Mondays." kept, "when is swimming" got "Sporting, not a sport." and "what time is
swimming" a stopped guess. It is the household's when memory says so: a fact recalled for
it holds every word of the activity. Whether that fact answers it (says when) is the
recall's to judge, as for any question of the household: "Ify loves swimming." gets "I
don't know when swimming is yet…", with the fact as what is known.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from appliance.brain.answers import held_by
from appliance.brain.people import NOT_NAMES
from appliance.brain.questions import Question
from appliance.memory import Recalled
from appliance.memory.text import tokens

_WHEN_WORDS = r"(?:on|at|this|next|tonight|today|tomorrow|still|cancelled|off)\b"
_ASKED = re.compile(
    r"^\W*(?:so\s+|and\s+|hearth,?\s+)?"
    r"(?:(?:when|what time|what day)(?:'s|\u2019s| is| are| does| do)\s+(?P<when>[a-z][a-z' -]*?)"
    r"(?:\s+(?:start|finish|end|begin|open|close)s?)?"
    rf"|(?:is|are)\s+(?P<plan>[a-z][a-z' -]*?)(?=\s+{_WHEN_WORDS}))"
    rf"(?:\s+{_WHEN_WORDS}.*)?[\s?.!]*$",
    re.IGNORECASE,
)
_NOT_AN_ACTIVITY = re.compile(r"\b(?:the|a|an|it|that|this|there|he|she|they|you|i|we)\b")


def of_an_activity(asked: Question, found: Sequence[Recalled]) -> Question:
    """The question as the household's, asked of what it does, where a recalled fact holds
    every word of it; else the question as it was."""
    if asked.household and (asked.names or asked.things):
        return asked
    said = _ASKED.match(asked.text)
    what = said and (said["when"] or said["plan"])
    if not what or _NOT_AN_ACTIVITY.search(what) or what.lower() in NOT_NAMES:
        return asked
    words = tuple(tokens(what))
    if not words or len(words) > 3:
        return asked
    for recalled in found:
        if set(words) <= held_by(recalled):
            return replace(asked, household=True, things=words, why="when a thing we do is")
    return asked
