"""Details two close statements must share before they are one fact (marks of version 4).

A held-out split of refused statements said again (stop 63) held these as the refused
fact, each a different one a household cares about:

    "Amir's spare insulin is in the fridge door."  / "…is in the bathroom cabinet."
    "Sanjay is allergic to peanuts."               / "…to tree nuts."
    "Rory is Catriona's brother."                  / "…brother-in-law."
    "Adaeze is flying to Abuja on Friday."         / "…flying back from Abuja on Friday."
    "Orla is planning to leave her job."           / "Orla has left her job."
    "The boiler is serviced every October."        / "…was serviced last October."

Each detail is a small closed word kept in a tombstone's marks as itself, like a colour:
the place a thing is kept, the allergen, a relation by marriage or step, which way a
journey goes, a plan against a thing done, a routine against one time. A detail only
stops two statements being one; it never makes them one.
"""

from __future__ import annotations

import re

# Where a household keeps things: two statements that each say one, and not the same,
# say two places ("in the fridge door" is not "in the bathroom cabinet")
_PLACES = frozenset(
    """fridge freezer cupboard cupboards drawer drawers cabinet shelf shelves garage shed
    loft attic cellar basement hall hallway kitchen bathroom bedroom lounge porch
    conservatory utility car boot glovebox dresser wardrobe sideboard pantry larder
    cellar desk sink oven bin mantelpiece windowsill stairs landing study office
    garden greenhouse caravan van""".split()
)
_SINGULAR_PLACES = {"cupboards": "cupboard", "drawers": "drawer", "shelves": "shelf"}
# Version 5: one place said two ways (each place the other does not name is two places)
_SAME_PLACE_V5 = {"hallway": "hall", "attic": "loft", "basement": "cellar", "larder": "pantry"}
# The allergens a household tells apart (the UK's fourteen, and the nuts named singly)
_ALLERGENS = (
    ("peanut", re.compile(r"\bpeanuts?\b|\bgroundnuts?\b")),
    ("tree-nut", re.compile(r"\btree ?nuts?\b")),
    (
        "named-nut",
        re.compile(
            r"\b(?:cashews?|almonds?|hazelnuts?|walnuts?|pecans?|pistachios?|brazil nuts?)\b"
        ),
    ),
    ("sesame", re.compile(r"\bsesame\b|\btahini\b")),
    ("milk", re.compile(r"\b(?:milk|dairy|lactose)\b")),
    ("egg", re.compile(r"\beggs?\b")),
    ("gluten", re.compile(r"\b(?:gluten|wheat|coeliac|celiac)\b")),
    ("shellfish", re.compile(r"\b(?:shellfish|prawns?|shrimps?|crab|lobster|mussels?)\b")),
    ("fish", re.compile(r"\bfish\b")),
    ("soya", re.compile(r"\bsoya?\b")),
    ("mustard", re.compile(r"\bmustard\b")),
    ("celery", re.compile(r"\bceleriac\b|\bcelery\b")),
    ("lupin", re.compile(r"\blupin\b")),
    ("sulphites", re.compile(r"\bsul(?:ph|f)ites?\b")),
)
# Said as over, in someone's childhood: "Kate had asthma as a child" is not "Kate has asthma"
_AS_A_CHILD = re.compile(
    r"\bas an? (?:child|kid|baby|toddler|teenager)\b|\bwhen (?:he|she|they|i|we) (?:was|were) "
    r"(?:little|small|young|younger|a (?:child|kid|baby))\b"
)
# A relation by marriage or a parent's new partner is another relation
_RELATED_OTHERWISE = re.compile(
    r"\b\w+[- ]in[- ]law\b|\bstep[- ]?\w+\b|\bhalf[- ](?:brother|sister)\b"
)
# Which way a journey goes
_FROM = re.compile(r"\b(?:back from|from)\b")
_JOURNEY = re.compile(
    r"\b(?:fly|flies|flying|flew|flight|drive|drives|driving|drove|travel\w*|go|goes|going|went|"
    r"come|comes|coming|came|move|moves|moving|moved|head\w*|return\w*|sail\w*|train)\b"
)
# Said as a plan, or a thing that may happen: never a thing done
_PLANNED = re.compile(
    r"\b(?:planning|plans? to|thinking (?:of|about)|considering|intends? to|intending to|"
    r"hoping to|hopes to|wants? to|wanting to)\b"
)
_DONE = re.compile(
    r"\b(?:has|have|had|'s|'ve) (?:just |now |already )?\w+ed\b|\b(?:has|have) left\b"
)
# A routine against one time
_ROUTINE = re.compile(
    r"\b(?:every|each|weekly|daily|monthly|yearly|annually|fortnightly|nightly|usually|always)\b"
)
_ONCE = re.compile(r"\b(?:last|next|this coming|this past|yesterday|tomorrow)\b")


# Version 5 (a stop-64 held-out split's): nuts said whole ("allergic to all nuts" is not
# "to peanuts"), and the medicines a household names in an allergy
_ALLERGENS_V5 = (
    ("nuts", re.compile(r"(?<!tree )\bnuts?\b")),
    ("penicillin", re.compile(r"\b(?:penicillin|amoxicillin|amoxycillin)\b")),
    ("antibiotics", re.compile(r"\bantibiotics?\b")),
    ("aspirin", re.compile(r"\baspirin\b")),
    ("ibuprofen", re.compile(r"\b(?:ibuprofen|nurofen)\b")),
    ("plasters", re.compile(r"\b(?:plasters?|latex)\b")),
)
# Version 5: "going to" plans; a thing done said as "has gone", "we changed", "we got"
_PLANNED_V5 = re.compile(r"\b(?:going to|gonna)\b")
_DONE_V5 = re.compile(
    r"\b(?:has|have|had|'s|'ve) (?:just |now |already )?(?:gone|been|done|got|given|taken|"
    r"made|become|bought|sold|paid|sent|won|lost|begun|started|stopped)\b"
    r"|\b(?:we|i|he|she|they) (?:\w+ed|got|went|took|gave|made|sold|bought|paid|sent)\b"
)


def marked(text: str, version: int = 5) -> set[str]:
    """The details a statement says, as marks ("at-fridge", "allergen-peanut", …), as
    marks of `version` read them (contrast.VERSION)."""
    said = re.sub(r"\bshell[- ]fish\b", "shellfish", text.lower().replace("\u2019", "'"))
    words = re.findall(r"[a-z]+", said)
    one_word = {**_SINGULAR_PLACES, **(_SAME_PLACE_V5 if version >= 5 else {})}
    found = {f"at-{one_word.get(w, w)}" for w in words if w in _PLACES}
    allergens = _ALLERGENS + (_ALLERGENS_V5 if version >= 5 else ())
    found |= {f"allergen-{name}" for name, pattern in allergens if pattern.search(said)}
    if _RELATED_OTHERWISE.search(said):
        found.add("related-otherwise")
    if _JOURNEY.search(said):
        found.add("journey")
        if _FROM.search(said):
            found.add("journey-from")
    if _PLANNED.search(said) or (version >= 5 and _PLANNED_V5.search(said)):
        found.add("planned")
    elif _DONE.search(said) or (version >= 5 and _DONE_V5.search(said)):
        found.add("done")
    if _AS_A_CHILD.search(said):
        found.add("as-a-child")
    if _ROUTINE.search(said):
        found.add("routine")
    elif _ONCE.search(said):
        found.add("once")
    return found


def differs(a: set[str], b: set[str], version: int = 5) -> str | None:
    """Why two statements' details make them two facts, or None. From `version` 5 each
    naming a place the other does not is two places ("the kitchen windowsill" is not "the
    bathroom windowsill"); before, only places with none in common."""
    a_places, b_places = _of(a, "at-"), _of(b, "at-")
    if a_places and b_places and not a_places & b_places:
        return "they say different places"
    if version >= 5 and a_places - b_places and b_places - a_places:
        return "they say different places"
    a_allergens, b_allergens = _of(a, "allergen-"), _of(b, "allergen-")
    if a_allergens and b_allergens and a_allergens != b_allergens:
        return "they name different allergens"
    if ("as-a-child" in a) != ("as-a-child" in b):
        return "one was so as a child"
    if ("related-otherwise" in a) != ("related-otherwise" in b):
        return "one is a relation by marriage or a step"
    if "journey" in a and "journey" in b and ("journey-from" in a) != ("journey-from" in b):
        return "their journeys go different ways"
    if ("planned" in a and "done" in b) or ("done" in a and "planned" in b):
        return "one is a plan, the other done"
    if ("routine" in a and "once" in b) or ("once" in a and "routine" in b):
        return "one is a routine, the other once"
    return None


def _of(marks: set[str], prefix: str) -> set[str]:
    return {m for m in marks if m.startswith(prefix)}
