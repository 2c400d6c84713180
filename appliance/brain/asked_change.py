"""What a person asked to change, and a model sentence saying it is changed.

"take the spaghetti off" and the model answers "The spaghetti is off.": nothing was
taken off (an outside trial heard it, and the spaghetti was still on the list). The
bounds (bounds.py) keep the words of what was asked to change and replace a sentence
that says that thing is now in the changed state.
"""

from __future__ import annotations

import re

from appliance.apostrophes import straight

_WORD = re.compile(r"[a-z']+")
# A change asked of a thing: "take the spaghetti off", "put bin bags on", "get rid of the
# rice one", "cross the eggs off", "remove the milk".
_ASKED_CHANGE = re.compile(
    r"\b(?:take|put|pop|stick|turn|switch|get rid of|cross|knock|scratch|strike|add|remove|"
    r"delete|cancel|scrap|bin|ditch|drop|clear|chuck|bung|move|stop|start|set|change|swap|"
    r"replace|rename|update|lock|unlock|open|close|shut)\s+"
    r"(?:(?:the|my|our|that|those|this|these|some|a|an|all)\s+)?(?P<what>[a-z' -]+?)"
    r"(?=\s+(?:off|on|out|away|from|to|onto|for)\b|\s*[,.!;]|$)"
)
_NOT_CHANGED = frozenset({"it", "them", "that", "this", "those", "one", "ones", "me", "us"})
# What a change leaves a thing in: "is off", "'s gone", "has been removed", "are now on".
# A fifth trial heard "The immersion is switched off for half an hour.", "The list of 2 pints
# of semi-skimmed milk is changed to 1 pint." and "The school is currently 3:15.": none done.
_CHANGED_STATE = re.compile(
    r"(?:\s+(?:is|are|has been|have been|was|were)|'s|'re)\s+(?:now\s+|all\s+|currently\s+)?"
    r"(?:(?:off|on|gone|out|away|removed|deleted|added|cancelled|canceled|stopped|started|set|"
    r"crossed off|taken off|sorted|done|switched|turned|locked|unlocked|opened|closed|shut|"
    r"changed|updated|moved|replaced|renamed|swapped)\b|(?:at\s+|set to\s+)?\d{1,2}[:.]\d{2}"
    # or the number it was asked to be: "change the chicken to 180" and "The chicken is 180."
    r"|(?:at\s+|set to\s+)?\d+(?:\.\d+)?(?:\s*(?:°|degrees|c|f|g|kg))?(?=\W*$))"
)
_NOT_DONE = re.compile(r"\b(?:not|never|no longer|if|when|once|until|before|after)\b|n't\b")


# Said before the verb, they make it what someone did: "I've put the potatoes on".
_DOER = frozenset(
    "i i've i'd i'll i'm we we've we'd we'll we're he she they he's she's they've has have "
    "had you've".split()
)


# The things "it" may stand for, said before it: "we got the bread from the corner shop, take
# it off" (a tenth trial's got the model's "The bread was taken off the corner shop.")
_NAMED_BEFORE = re.compile(r"\b(?:the|my|our|some|those|these)\s+(?P<what>[a-z'-]+)\b")


def asked_changed(asked: str) -> set[str]:
    """The words of what a person asked to change, in what they said (lower case); never
    what they say they did themselves. "it" is any thing named before it."""
    said = straight(asked.lower())
    changed: set[str] = set()
    for match in _ASKED_CHANGE.finditer(said):
        if set(_WORD.findall(said[: match.start()])[-2:]) & _DOER:
            continue
        what = match["what"]
        if what in _NOT_CHANGED:  # any thing named before may be the one meant
            what = " ".join(m["what"] for m in _NAMED_BEFORE.finditer(said[: match.start()]))
        changed |= {w for w in _WORD.findall(what) if w not in _NOT_CHANGED and len(w) > 2}
    return changed


def says_done(sentence: str, changed: set[str]) -> bool:
    """Whether the sentence says what the person asked to change (`changed`, from
    `asked_changed`) is changed: "The spaghetti is off." after "take the spaghetti off"."""
    if not changed or sentence.rstrip().endswith("?"):
        return False
    said = straight(sentence.lower())
    for state in _CHANGED_STATE.finditer(said):
        before = _WORD.findall(said[: state.start()])[-4:]
        if set(before) & changed and not _NOT_DONE.search(said[: state.end()]):
            return True
    return False
