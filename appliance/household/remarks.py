"""A remark said as a sentence of its own before a command.

    "Right, dinner time. Set a timer for 20 minutes for the chicken."  -> SetTimer("chicken", …)
    "Ugh, what a day. Add wine to the list."                           -> AddItems(("wine",))
    "Sam is off school tomorrow. Remind me at 8 to ring them."         -> None

People say something before they ask: a sigh, the weather, what time of day it is. Read
whole, such a message was no command (an everyday split's six each did nothing), since a
clause-by-clause frame (frames.py) must say who or what it is about. Here the sentence
before the command is let go when it is a remark, by what it does not hold: it is short,
reads as no command of its own, asks nothing, names no one (no capital inside it), holds
no number, day or length, doubts or takes back nothing, and reports no one's words. The
command must be the last sentence, whole, and one that acts. When in doubt nothing is
done: the message goes on as it would have.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import get_args

from appliance.household.moments import MONTHS, WEEKDAYS
from appliance.household.phrase_words import normalise
from appliance.household.requests import (
    READS,
    AskReminderTime,
    Command,
    Question,
    Remind,
    TakenBack,
)
from appliance.numbers import number_at

# Where one sentence ends: ". ", "! ", "… "; never "?" (a question is answered, not let go)
_SENTENCE = re.compile(r"(?<=[.!…])\s+")
_MOST_WORDS = 8
# What a remark never holds: doubt, a take-back, someone else's words, a request
_NOT_A_REMARK = re.compile(
    r"\b(?:if|unless|maybe|perhaps|should|shall|whether|in case|not|no|don't|never|wait|"
    r"hang on|hold on|actually|cancel|forget|undo|stop|said|says|told|asked|wants|reckons|"
    r"you|your|remind|timer|list|remember|"
    # and what memory would keep, said of someone: a fact told is never let go unheard
    r"allergic|allergy|intolerant|vegetarian|vegan|coeliac|celiac|diabetic|halal|kosher|"
    r"birthday|born|lives|works|favourite|favorite|hates|loves|likes|can't|cannot|called|"
    r"password|code|pin|key|medicine|tablets|doctor|dentist|vet)\b"
)
# Asked: a question word first (never "what a day", "how lovely", which exclaim), after
# an "and" or a "but" if one leads ("…, and where is his medicine kept")
ASKED = re.compile(
    r"^(?:(?:and|but|oh|so|also) )*"
    r"(?:(?:what|how)(?! an? \w)(?! (?:lovely|nice|awful|great|funny|annoying)\b)|why|"
    r"when|where|who|which|is|are|am|was|were|do|does|did|can|could|would|will)\b"
)
# A day, said before a reminder: which day is it for? ("It's Friday tomorrow. Remind me at
# 9…"); said before a timer or the list, only a remark ("Happy Thursday! Cancel…")
_A_DAY = re.compile(
    r"\b(?:today|tonight|tomorrow|yesterday|next|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|weekend|week|month|christmas|xmas|boxing|eve|new year's|new years|"
    r"hogmanay|halloween|bonfire|easter|birthday|anniversary)\b"
)
# Said first, it asks something done: "Scrap the eggs.", "Hold that thought.", "Ask Dad."
_ASKS_SOMETHING_DONE = re.compile(
    r"^(?:scrap|cancel|hold|ask|take|put|get|make|set|add|remove|stop|tell|call|ring|check|"
    r"turn|switch|bin|drop|delete|clear|buy|leave|keep|forget|wait|give|send|text|order|"
    r"book|pick|bring|move|change|swap|start|finish|don't|do)\b"
)
# Someone named inside it (a capital after the first word), never a day's or a month's
_A_CAPITAL_INSIDE = re.compile(r"(?<=\s)(?!I\b|I'|Hearth\b)[A-Z][\w']*")
_NO_ONE = {*WEEKDAYS, *MONTHS, "christmas", "xmas", "easter", "new", "year's", "halloween"}


def after_a_remark(text: str, read: Callable[[str], Command | None]) -> Command | None:
    """The command the last sentence of `text` makes, when every sentence before it is a
    remark; else None. `read`: the household's reading of a whole sentence."""
    sentences = [s for s in _SENTENCE.split(text.strip()) if s.strip()]
    if len(sentences) < 2:
        return None
    command = read(sentences[-1])
    if command is None or isinstance(command, (*READS, TakenBack, *get_args(Question))):
        return None
    if not all(_a_remark(sentence, read) for sentence in sentences[:-1]):
        return None
    if isinstance(command, Remind | AskReminderTime) and any(
        _A_DAY.search(normalise(sentence)) for sentence in sentences[:-1]
    ):
        return None
    return command


def _a_remark(sentence: str, read: Callable[[str], Command | None]) -> bool:
    said = normalise(sentence).replace(" ,", "")
    words = said.split(" ")
    return (
        bool(said)
        and len(words) <= _MOST_WORDS
        and not sentence.rstrip().endswith("?")
        and all(word.lower() in _NO_ONE for word in _A_CAPITAL_INSIDE.findall(sentence.strip()))
        and not any(w[:1].isdigit() or number_at(words, i) for i, w in enumerate(words))
        and _NOT_A_REMARK.search(said) is None
        and ASKED.match(said) is None
        and _ASKS_SOMETHING_DONE.match(said) is None
        and read(sentence) is None
    )
