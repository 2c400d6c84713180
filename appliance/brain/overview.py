"""Open questions about the household, answered from what memory holds, or honestly.

"Tell me about our house", "what do you know about the kids?", "who lives here?":
asked these, a small model invents a household (it once described a person who
"runs the place"). They are answered here, with no model: a short summary of the
facts a person kept about what was asked, verbatim, or a fixed "I don't know
anything about … yet". A topic that is not the household ("tell me about the
Romans") is left to the model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from appliance.brain.people import FAMILY, a_name_typed_lower
from appliance.brain.questions import HOUSE
from appliance.brain.questions import LEAD as _LEAD
from appliance.memory.text import tokens

SUMMARY_FACTS = 3  # a spoken answer names a few; the board and the CLI list them all

_ABOUT = re.compile(
    _LEAD + r"(?:tell me (?:everything |all )?(?:(?:that )?you know |you have |you've got )?"
    r"about|describe|what (?:do|did) (?:you|we) (?:know|remember|have) (?:about|on)|"
    r"what have you got (?:about|on)|what(?:'s| is) in (?:your )?memory about)\s+"
    r"(?P<what>.+?)[?.!\s]*$",
    re.IGNORECASE | re.DOTALL,
)
_EVERYTHING = re.compile(
    _LEAD + r"(?:what do you (?:know|remember)|tell me (?:everything|all) (?:you know|you "
    r"remember)|what(?:'s| is) in (?:your )?memory|what have you (?:got|remembered))"
    r"[?.!\s]*$",
    re.IGNORECASE,
)
_MEMBERS = re.compile(
    _LEAD + r"(?:who lives (?:here|with us|in (?:this|our|the) (?:house|home|flat))|"
    r"who(?:'s| is| are) (?:in )?(?:the|our|this|my) (?:family|household|house|home)|"
    r"who are we|who runs (?:this|the) (?:place|house|home|household))[?.!\s]*$",
    re.IGNORECASE,
)
# What a person calls the household as a whole.
_WHOLE = frozenset(
    """
    us me we everyone everybody everything family household house home place flat
    our ours my mine the this whole of all things stuff
""".split()
)


@dataclass(frozen=True)
class Overview:
    """What an open question asks to hear: everything, the people, or one subject."""

    subject: str | None  # None: the household as a whole
    people: bool = False  # "who lives here?": the people and animals


def asked(text: str) -> Overview | None:
    """The overview an open question asks for, else None. Whether a named subject is the
    household's is decided with memory (`is_household`), when it is answered."""
    if _EVERYTHING.match(text):
        return Overview(None)
    if _MEMBERS.match(text):
        return Overview(None, people=True)
    match = _ABOUT.match(text)
    if match is None:
        return None
    what = match["what"].strip()
    if not tokens(what) or all(w in _WHOLE for w in what.lower().replace("'s", "").split()):
        return Overview(None)
    return Overview(what)


def is_household(subject: str) -> bool:
    """A subject that can only be the household's: a family role, a house thing, "our …",
    or a bare name ("Sam", "Auntie Efua"). "The Romans" and "Yorkshire puddings" are not:
    capitals alone never make a household member."""
    words = subject.lower().replace("'s", "").split()
    if any(w in FAMILY or w.rstrip("s") in FAMILY for w in words):
        return True
    if any(t in HOUSE for t in tokens(subject)) or words[0] in ("our", "my"):
        return True
    bare = subject.split()
    if (
        len(bare) == 1
        and bare[0].islower()
        and a_name_typed_lower(bare[0])
        # "tell me about olives": a plural of an English word is no name (a review's)
        and (not bare[0].endswith("s") or a_name_typed_lower(bare[0][:-1]))
    ):
        return True  # "tell me about marta" (a sixteenth trial's got the model's made-up life)
    return (
        len(bare) <= 2
        and all(w[:1].isupper() for w in bare)
        and bare[0].lower()
        not in (
            "the",
            "a",
            "an",
        )
    )
