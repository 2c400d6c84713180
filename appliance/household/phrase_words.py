"""What every phrase table reads: the sentence as lower-case words, with the words
around a command that say nothing of it ("hang on", "hey Hearth", "please") gone."""

from __future__ import annotations

import re

_LEAD = re.compile(
    r"^(?:(?:hang on|wait|um|erm|er|so|oh|hmm|ha|actually|sorry|quick question) (?:, )?)*"
    # "Hearth" as a recogniser writes it at the start of a line ("Hath, …", "Ha, …")
    r"(?:(?:hey|ok|okay) )?(?:(?:hearth|hath|harth) ,? ?)?(?:please )?"
    r"(?:(?:can|could|would|will) you (?:please )?)?"
)
_TAIL = re.compile(r"(?: ,)?(?: (?:please|thanks|thank you|for me))+$")
TOKENS = re.compile(r"\d+(?:[.:]\d+)?(?:am|pm)?|[a-z]+(?:'[a-z]+)?|,")


def normalise(text: str) -> str:
    """Lower-case words and commas joined by single spaces, polite lead and tail removed."""
    lowered = text.lower().replace("’", "'").replace("-", " ")
    joined = " ".join(TOKENS.findall(lowered))
    joined = _LEAD.sub("", joined, count=1)
    return _TAIL.sub("", joined).strip(" ,")
