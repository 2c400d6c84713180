"""A person's health kept private: "Janusz wants his health kept private."

A sixteenth trial kept that fact, and "remember that Janusz has high blood pressure" went
live a moment later, then was read out to another member of the house. While such a fact is
live, a new statement of that person's health waits in the inbox for a person to Keep,
never live by itself. Only the person named: "Dziadek…" is held by the refusal it repeats
(restated.py), never here, as who "dziadek" is memory cannot tell.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from appliance.memory.restated import says_a_health_matter

# "X wants his health kept private", "X's health is private", "keep X's health private"
_PRIVATE = re.compile(
    r"^\W*(?P<who>[A-Za-z][\w'-]*?)(?:'s)? (?:wants|would like|asked for|asked|prefers) "
    r"(?:his|her|their) (?:health|medical \w+|medical matters|medication|meds)(?: to be)?"
    r"(?: kept)? (?:private|to (?:him|her|them)sel(?:f|ves))"
    r"|^\W*(?P<whose>[A-Za-z][\w-]*)'s (?:health|medical \w+) (?:is|are|stays?) "
    r"(?:private|confidential|nobody's business)"
    r"|^\W*keep (?P<kept>[A-Za-z][\w-]*)'s (?:health|medical \w+) private",
    re.IGNORECASE,
)


def private_to(facts: Iterable[str]) -> frozenset[str]:
    """The people (lower case) whose health a live fact says is kept private."""
    found = set()
    for text in facts:
        if (said := _PRIVATE.match(text)) is not None:
            found.add((said["who"] or said["whose"] or said["kept"]).lower())
    return frozenset(found)


def of_private_health(text: str, live: Callable[[], Iterable[str]]) -> str | None:
    """Whose private health `text` states ("Janusz has high blood pressure"), or None;
    `live`: the live facts' words, read only when `text` states a matter of health (every
    fact written passes here)."""
    if _PRIVATE.match(text) or not says_a_health_matter(text):
        return None
    private = private_to(live())
    words = {w.lower().removesuffix("'s") for w in re.findall(r"[\w']+", text)}
    named = sorted(words & private)
    return named[0] if named else None
