"""Words of an emergency, said of now: never a remark to leave as a maybe, nor a fact to card.

A review of the "said as a maybe" route found "I think there's a gas leak", "I think Babcia
is having a stroke" and "I think the baby swallowed a battery" answered "I'll leave that as
a maybe". Whatever else reads them, these must never be let go as talk.
"""

from __future__ import annotations

import re

URGENT = re.compile(
    r"\b(?:gas leak|smell(?:s|ing)? (?:of )?gas|stroke|heart attack|chest pains?|not breathing|"
    r"isn't breathing|stopped breathing|can't breathe|cannot breathe|choking|unconscious|"
    r"won't wake|can't wake|collapsed|fitting|seizure|overdose|poison\w*|swallowed (?:a |an |"
    r"some )?(?:battery|batteries|button battery|magnet|magnets|bleach|tablets?|pills?|"
    r"medicine|coin)|(?:on )?fire\b(?! (?:up|away))|bleeding (?:badly|heavily|a lot)|"
    r"anaphyla\w+|allergic reaction|epipen|epi pen|999|ambulance)",
    re.IGNORECASE,
)
EMERGENCY = (
    "That could be an emergency: ring 999 now (112 in Europe, 911 in North America), and if "
    "you smell gas, leave and ring the gas emergency line (0800 111 999 in the UK). I can't "
    "call anyone."
)


def sounds_urgent(text: str) -> bool:
    """Whether `text` says something of an emergency happening."""
    return URGENT.search(text) is not None
