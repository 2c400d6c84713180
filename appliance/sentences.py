"""Where one sentence ends and the next begins: after ".", "!" or "?" and a space, never
after a title ("Our vet is Dr. Fennimore." is one sentence).

A tenth outside trial's "Remember, at Pudding's Met is called Dr. Fannymore." was proposed
as "At Pudding's Met is called Dr.": the statement was cut at the title. Every part that
cuts words into sentences (a statement's facts, a reply's bounds, the voice's pieces) reads
this one rule.
"""

from __future__ import annotations

import re

_TITLES = ("Dr", "Mr", "Mrs", "Ms", "Mx", "St", "Prof", "Rev", "Fr", "Sr", "Jr", "Mt", "Capt")
# one fixed-width look-behind for each title, as written and in lower case
_NOT_A_TITLE = "".join(
    rf"(?<!\b{title}\.)(?<!\b{title.lower()}\.)(?<!\b{title.upper()}\.)" for title in _TITLES
)
SENTENCE_END = re.compile(rf"{_NOT_A_TITLE}(?<=[.!?])\s+")


def sentences(text: str) -> list[str]:
    """The sentences of `text`, each stripped; none empty."""
    return [part.strip() for part in SENTENCE_END.split(text) if part.strip()]
