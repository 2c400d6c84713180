"""What is stored or shown in place of text the guard refuses.

Refused text is never kept anywhere, not only not in memory: a chat transcript
stores `[withheld: …]` instead, and the board shows that marker rather than a
password someone said aloud. Every place that keeps or shows words a person said
asks here, with the process's embedder where it has one, so the check is the
guard's own: its rules for all four families, and by meaning (the classifier, where
the model is installed) for secrets. A transcript keeps what was said, not what is
so: the classifier was taught what a household fact is, and read on "hello hearth"
or Hearth's own "I haven't done anything" it would blank ordinary conversation as a
"claim about the device". What a transcript must never keep is a secret.
"""

from __future__ import annotations

from appliance.memory.embedding import Embedder
from appliance.memory.guard import find_refusal

# The families the classifier may withhold from a transcript on its own.
TRANSCRIPT_MEANING = frozenset({"secret"})


def withheld(kind: str) -> str:
    """What a transcript keeps in place of text the guard refused."""
    return f"[withheld: the guard refused this text ({kind})]"


def refused_kind(text: str, embedder: Embedder | None = None, *, heard: bool = False) -> str | None:
    """The guard's category for text it refuses, else None (`heard`: a transcript)."""
    refusal = find_refusal(text, embedder, by_meaning=TRANSCRIPT_MEANING, heard=heard)
    return refusal.category if refusal is not None else None


def showable(text: str, embedder: Embedder | None = None, *, heard: bool = False) -> str:
    """`text`, or its withheld marker if the guard refuses it (a transcript, the board)."""
    kind = refused_kind(text, embedder, heard=heard)
    return withheld(kind) if kind is not None else text
