"""A refused statement read as saying less, and a relation read from either side.

A held-out split of refused statements said again by a family (stop 64,
benchmarks/data/tombstone_family_heldout.jsonl) found the refusal missed where the
family said the same thing with less in it:

    "Rhys goes swimming on Saturday mornings."      / "Rhys goes swimming on Saturdays."
    "Grandpa takes his tablet at 8am with breakfast." / "…his tablet with breakfast."
    "Fatima's husband, Karim, is allergic to sesame." / "Karim is allergic to sesame."
    "Uncle Femi is diabetic, so don't give him sugary drinks."
                                                    / "Don't give Uncle Femi sugary drinks."

or said a relation from its other side:

    "Dariusz is Halina's husband."  / "Halina is married to Dariusz."
    "Rosalind is Callum's mum."     / "Callum is Rosalind's son."

`said_less` gives the readings of a refused statement with a detail left out (a clock
time, the part of a day after its day, an aside between commas) and a later clause's
"him" or "her" as the person the first clause names. A tombstone keeps them as parts
beside the whole (tombstones.py), so a statement that says the refused fact with less in
it is held for Keep; one that says another detail ("Saturday afternoons", "at 9am") still
differs from every reading, since each reading only leaves a detail out. `relation_said`
reads "X is Y's husband", "X is married to Y", "Y's wife is X" as one sentence with the
two names in a fixed order, for both sides. Like plain words, these only ever add a
reading to check: they can hold a statement for review, never let one through.
"""

from __future__ import annotations

import re

from appliance.given_names import could_be_a_name
from appliance.letters import LOWER, UPPER
from appliance.memory.plain_words import FAMILY_WORDS

# A clock time said with "at": "at 8am", "at 7.30pm", "at half past six", "at 7"
_CLOCK = re.compile(
    r"\s+at\s+(?:(?:half|quarter)\s+(?:past|to)\s+\w+|\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?"
    r"|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\s+o'?clock)?)"
    r"(?:\s+(?:in the (?:morning|afternoon|evening)|at night))?\b",
    re.IGNORECASE,
)
_DAYS = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
# The part of a day said after the day: "Saturday mornings" is said of Saturdays
_DAY_AND_PART = re.compile(
    rf"\b({_DAYS})\s+(?:morning|afternoon|evening|night)(s?)\b", re.IGNORECASE
)
# An aside between commas after a name: "Clover, our older rabbit, has…", "Dylan, who's in
# Year 4, walks…"; a name between commas after whose it is: "Fatima's husband, Karim, is…"
_NAME_THEN_ASIDE = re.compile(
    r"^(?P<name>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?), [^,]{2,40}, (?P<rest>.+)$"
)
_WHOSE_THEN_NAME = re.compile(
    r"^(?P<whose>(?:[A-Z][\w-]*'s|[Oo]ur|[Mm]y|[Tt]he) [a-z][\w -]{1,20}), "
    r"(?P<name>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?), (?P<rest>.+)$"
)
# A later clause's person said as a pronoun: "Uncle Femi is diabetic, so don't give him…"
_SUBJECT = re.compile(
    r"^(?P<who>(?:(?:Uncle|Auntie|Aunt|Nan|Gran|Grandma|Grandpa) )?[A-Z][\w'-]*)"
    r"(?= (?:is|was|has|had|can't|cannot|doesn't|does|needs|takes|gets|won't|must|should)\b)"
)
_LATER_CLAUSE = re.compile(r"(?:,\s*|\s+)(?:so|and|because|but)\s+(?P<clause>.+)$", re.IGNORECASE)
_PRONOUN = re.compile(r"\b(?:him|her|them)\b")


def _part_of_day(clock: re.Match[str]) -> str:
    """ "at 7pm" as " evening", "at 8am" as " morning"; nothing where the half is unsaid."""
    said = clock[0].lower()
    hour = re.search(r"\d{1,2}", said)
    if hour is None or not re.search(r"am|pm", said):
        return ""
    late = "pm" in said
    value = int(hour[0]) % 12 + (12 if late else 0)
    return " morning" if value < 12 else " afternoon" if value < 17 else " evening"


def without_asides(text: str) -> list[str]:
    """`text` without a name's aside between commas ("Clover, our older rabbit, has…" as
    "Clover has…"), or with only the name or only whose it is ("Fatima's husband, Karim,
    is…" as "Karim is…" and "Fatima's husband is…"); [] where it has none."""
    said = text.strip()
    if (whose := _WHOSE_THEN_NAME.match(said)) is not None:
        return [f"{whose['name']} {whose['rest']}", f"{whose['whose']} {whose['rest']}"]
    if (aside := _NAME_THEN_ASIDE.match(said)) is not None:
        return [f"{aside['name']} {aside['rest']}"]
    return []


def said_less(text: str) -> list[str]:
    """The readings of `text` with a detail left out, each a statement it carries."""
    said = text.strip()
    readings = without_asides(said)
    for reading in [said, *readings]:
        untimed = _CLOCK.sub("", reading)
        if untimed != reading:
            readings.append(untimed)
            # "every Wednesday at 7pm" is said "on Wednesday evenings" too
            parted = _CLOCK.sub(_part_of_day, reading)
            if parted != untimed:
                readings.append(parted)
        for timed in (reading, untimed):
            dayed = _DAY_AND_PART.sub(lambda m: f"{m[1]}{m[2] or ''}", timed)
            if dayed != timed:
                readings.append(dayed)
    if (subject := _SUBJECT.match(said)) is not None and (
        later := _LATER_CLAUSE.search(said)
    ) is not None:
        clause = later["clause"]
        if _PRONOUN.search(clause) and subject["who"].split()[-1] not in clause:
            named = _PRONOUN.sub(subject["who"], clause, count=1)
            readings.append(named[:1].upper() + named[1:])
    return list(dict.fromkeys(r for r in readings if r != said and len(r.split()) >= 3))


# The relations read from either side; each side's word, and the one it is said with
_SPOUSE = r"husband|wife|partner|spouse"
_COUPLE = r"boyfriend|girlfriend|fella|bf|fiance|fiancee|fiancé|fiancée"
_PARENT = r"mum|mam|mom|mother|dad|father"
_CHILD = r"son|daughter|child|boy|girl"
_NAME = r"[A-Z][\w'-]*"
_ELDER, _YOUNGER, _SIBLING = r"older|big|elder", r"younger|little|baby", r"(?:brother|sister)"
_RELATIONS = (
    # "Dariusz is Halina's husband", "Halina's husband is Dariusz"
    (re.compile(rf"^(?P<a>{_NAME}) is (?P<b>{_NAME})'s (?:{_SPOUSE})\W*$"), "married"),
    (re.compile(rf"^(?P<b>{_NAME})'s (?:{_SPOUSE}) is (?P<a>{_NAME})\W*$"), "married"),
    # "Kasia's boyfriend is called Tomasz", "Kasia is Tomasz's girlfriend" (a twentieth
    # trial's went to the board unmarked)
    (re.compile(rf"^(?P<a>{_NAME}) is (?P<b>{_NAME})'s (?:{_COUPLE})\W*$"), "couple"),
    (
        re.compile(rf"^(?P<b>{_NAME})'s (?:{_COUPLE}) is (?:called |named )?(?P<a>{_NAME})\W*$"),
        "couple",
    ),
    # "Halina is married to Dariusz", "Dariusz and Halina are married"
    (re.compile(rf"^(?P<a>{_NAME}) is married to (?P<b>{_NAME})\W*$"), "married"),
    (re.compile(rf"^(?P<a>{_NAME}) and (?P<b>{_NAME}) are married\W*$"), "married"),
    # "Rosalind is Callum's mum" / "Callum is Rosalind's son": the parent first
    (re.compile(rf"^(?P<a>{_NAME}) is (?P<b>{_NAME})'s (?:{_PARENT})\W*$"), "parent"),
    (re.compile(rf"^(?P<b>{_NAME}) is (?P<a>{_NAME})'s (?:{_CHILD})\W*$"), "parent"),
    # "Eoin is Saoirse's older brother" / "Saoirse is Eoin's younger sister": the elder first
    (re.compile(rf"^(?P<a>{_NAME}) is (?P<b>{_NAME})'s (?:{_ELDER}) {_SIBLING}\W*$"), "elder"),
    (re.compile(rf"^(?P<b>{_NAME}) is (?P<a>{_NAME})'s (?:{_YOUNGER}) {_SIBLING}\W*$"), "elder"),
)
_SAID_AS = {
    "married": "{0} and {1} are husband and wife.",
    "couple": "{0} and {1} are going out together.",
    "parent": "{0} is the mother of {1}.",
    "elder": "{0} is the older brother of {1}.",
}


_WHOSE = re.compile(rf"\b{_NAME}'s (?=(?:{FAMILY_WORDS})\b)")


def as_said_by_them(text: str) -> str | None:
    """ "Dave's mum lives in Bramley" as Dave would say it, "my mum lives in Bramley"; None
    where no one's relation is named. Who said a refused "me mam lives in Bramley" is not
    known, so whoever's mum is said to live there again waits for a person (a twentieth
    trial's went live)."""
    mine = _WHOSE.sub("my ", text, count=1)
    return mine if mine != text else None


def relation_said(text: str) -> str | None:
    """The relation `text` states, said one way whichever side it was said from; None if it
    states none of these. Two married are named in the order of the alphabet."""
    for pattern, relation in _RELATIONS:
        if (found := pattern.match(text.strip())) is not None:
            a, b = found["a"], found["b"]
            if relation in ("married", "couple"):
                a, b = sorted((a, b))
            return _SAID_AS[relation].format(a, b)
    return None


# Said by someone of themselves: "my", "me" as a possessive ("me mam"), "I'm", "I take"
_MY = re.compile(r"\b(?:[Mm]y|me(?= (?:mam|mum|da|dad|nan|gran|wee|girlfriend|boyfriend)\b))\b")
_I = re.compile(
    r"\b(?:I|i)(?:'m| am|m\b|'ve got| have got|'ve| have| was|'ll| will| don't| do not"
    r"| didn't| can't| cannot| can| would| had| did|(?= [a-z]+\b))",
)
# "I'm" and the like, said of the one named: "Lola is", "Lola has got"
_AS_SAID_OF = {
    "'m": "is",
    " am": "is",
    "m": "is",
    "'ve got": "has got",
    " have got": "has got",
    "'ve": "has",
    " have": "has",
    " was": "was",
    "'ll": "will",
    " will": "will",
    " don't": "doesn't",
    " do not": "does not",
    " didn't": "didn't",
    " can't": "can't",
    " cannot": "cannot",
    " can": "can",
    " would": "would",
    " had": "had",
    " did": "did",
}
# Whom a statement is of: a name owning something, or said to be, have or do something
# ("Arjun plays cricket", "Seán is…")
_OF_WHOM = re.compile(
    rf"(?<![\w'])([{UPPER}][{LOWER}]{{1,20}})(?:'s\b| (?:is|has|was|does|doesn't|isn't|can't)\b"
    rf"| [{LOWER}]+s\b)"
)
_CAPITALISED = re.compile(rf"(?<![\w'])[{UPPER}][{LOWER}]{{1,20}}\b")


def people_of(text: str) -> set[str]:
    """The names a statement says something of: "Jayden's girlfriend is Ashley" -> Jayden
    (Ashley is what is said of him; "Ashley is…" would name her), and every word written with
    a capital that is a given name or a word English lacks ("Madison plays soccer")."""
    named = {word for word in _CAPITALISED.findall(text) if could_be_a_name(word.lower())}
    return set(_OF_WHOM.findall(text)) | named


def in_the_first_person(text: str) -> bool:
    """Whether a statement is said by someone of themselves: "my", "me mam", "I'm", "I take"."""
    return bool(_MY.search(text) or _I.search(text))


def _third_person(verb: str) -> str:
    """ "take" -> "takes", "go" -> "goes", "carry" -> "carries", "have" -> "has"."""
    if verb == "have":
        return "has"
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return f"{verb}es"
    if len(verb) > 2 and verb.endswith("y") and verb[-2] not in "aeiou":
        return f"{verb[:-1]}ies"
    return f"{verb}s"


def said_of(name: str, text: str) -> str:
    """`text`, said by `name` of themselves, as said of them: "I take my coffee black" ->
    "Marco takes their coffee black", "I'm diabetic" -> "Lola is diabetic", "my birthday is
    March 3" -> "Ernesto's birthday is March 3"."""
    if (found := _I.search(text)) is not None:
        rest, after = found[0][1:], text[found.end() :]
        if rest in _AS_SAID_OF:
            said = f"{name} {_AS_SAID_OF[rest]}"
        elif (verb := re.match(r" ([a-z]+)\b", after)) is not None:
            said = f"{name} {verb[1] if verb[1] in _NOT_VERBS else _third_person(verb[1])}"
            after = after[verb.end() :]
        else:
            said = name
        # "I take my tablets": their own, said once by name ("Halina takes their tablets")
        return _MY.sub("their", f"{text[: found.start()]}{said}{after}")
    return _MY.sub(f"{name}'s", text)


# Words after "I" that are no verb to say of someone else: "I also…", "I just…"
_NOT_VERBS = frozenset("also just really still always never usually only".split())


def as_said_of(text: str, names: set[str]) -> list[str]:
    """A statement said in the first person, as if of each of `names`: "My girlfriend's
    name is Ashley" -> "Jayden's girlfriend's name is Ashley". Who speaks is not known, so a
    refused "Jayden's girlfriend is Ashley" said again by Jayden in his own words waits for a
    person (a twenty-second trial's went live); the cost of a wrong match is a review."""
    if not in_the_first_person(text):
        return []
    return [said_of(name, text) for name in sorted(names)]
