"""The words that make two close sentences different facts.

An embedding places "Give Mia her inhaler before football" and "…after
football" at a cosine of 0.985, closer than most true paraphrases: it hears the
topic, not the detail a household relies on. So before two statements are
taken to mean the same, their *marks* must agree: the people and pets named
(and their order, when the words are the same ones reshuffled: "Sam owes Ana"
is not "Ana owes Sam"), the numbers, a negation, a modal, "only", the days,
months and times of day, and which side of an opposite they take
(before/after, on/off, in/out, up/down, open/closed, …).

Marks are kept in a tombstone instead of its words: names and numbers only as
short hashes, the small closed-class words as themselves. A contrast can only
stop a merge, never cause one; what passes is decided by the cosine.

Marks of version 2 read times, amounts, lengths and how often as one mark each
(`quantities.py`: "4pm" and "four in the afternoon" agree; "fortnightly" is
"every two weeks"). A tombstone written before keeps version 1 marks, and a new
statement is read at the version of the marks it is compared with.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from appliance.apostrophes import NEGATED_MODAL
from appliance.english import english_words
from appliance.given_names import given_names
from appliance.memory import details, quantities
from appliance.memory.text import STOP_WORDS, normalise, tokens
from appliance.numbers import ORDINALS

_NEGATIONS = frozenset("not no never nothing none nobody neither nor without cannot".split())
_MODALS = frozenset("must should could can may might shall ought".split())
# The marks a negated statement carries: "not", and a modal negated in one word.
_NEGATED = frozenset({"not"} | {f"not-{modal}" for modal in _MODALS})
_RESTRICTIVE = frozenset("only except other".split())
WHEN = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday weekend weekday
    january february march april may june july august september october november
    december morning afternoon evening night tonight noon midnight""".split()
) - {"may"}  # "may" is a modal far more often than the month
# Colours tell one thing from its neighbour ("the blue flowerpot", "the red one").
_COLOURS = frozenset(
    "red orange yellow green blue purple pink brown black white grey gray silver gold".split()
)
_NUMBER_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
    "thousand": 1000,
    "once": 1,
    "twice": 2,
    "thrice": 3,
    "single": 1,
    "double": 2,
    "triple": 3,
    "twins": 2,
    "twin": 2,
    "triplets": 3,
    "dozen": 12,
    "half": 0.5,
    **ORDINALS,
}
# Each pair: two sides of one opposite. A statement on one side and another on
# the other are different facts, whatever their cosine.
_OPPOSITES: tuple[tuple[frozenset[str], frozenset[str]], ...] = tuple(
    (frozenset(a.split()), frozenset(b.split()))
    for a, b in (
        ("before", "after"),
        ("on", "off"),
        ("in inside indoors", "out outside outdoors"),
        ("up upstairs", "down downstairs"),
        ("above over", "below under beneath"),
        ("more most", "less least fewer"),
        ("early earlier", "late later"),
        ("open", "closed shut"),
        ("older oldest", "younger youngest"),
        ("bigger biggest larger", "smaller smallest"),
        ("hot warm", "cold cool"),
        ("like likes liked love loves loved", "dislike dislikes disliked hate hates hated"),
        ("allowed", "forbidden banned"),
        ("always", "never"),
        ("start starts begin begins", "stop stops end ends finish finishes"),
        # both sides must be taken, so marks written before these were read stay as they were
        ("left", "right"),
        ("high", "low"),
        ("short", "long"),
        ("full", "partial"),
        ("front", "back"),  # "by the front door" is not "by the back door"
        ("next", "last"),  # "next month" is not "last month"
    )
)
_POLAR = frozenset().union(*(a | b for a, b in _OPPOSITES))
# Version 3: a fact said as over or not yet is another fact ("Carlos used to be vegetarian",
# "Noah has grown out of his peanut allergy", "Hannah is trying to get pregnant", "Gran is
# pre-diabetic"); one mark, so "stopped drinking" and "given up booze" agree.
_NOT_NOW = frozenset(
    """stopped quit quits grew grown outgrew outgrown gave given former formerly ex
    childhood trying tried refuses refused pre""".split()
)
# "used to" only ("we've used the blue pot" says nothing over). "No longer" and "any more"
# are the negation's: "the dog is no longer allowed on the sofa" is "…not allowed…" now.
_USED_TO = re.compile(r"\bused to\b")
# Version 3: a diet is one of these, and another is another fact (vegan is not vegetarian).
_DIETS = frozenset("vegan vegetarian pescatarian flexitarian".split())
# What Marks.of reads now; 4: a capitalised word that opens a sentence read as a name
# unless it ends in "-ing", "Don't" read as Don and "Wi-Fi" as two names; 3: without
# details.py's marks, a negation typed without its apostrophe ("isnt") and a common word
# opening a sentence read as a name ("Skipping…");
# 2: without _NOT_NOW, _DIETS and days of the month in words ("June the fourteenth");
# 1: times and numbers as said, word by word.
VERSION = 5
# The parts of a day, and which half of it each is in ("night" may be either).
_PARTS = frozenset("morning afternoon evening night tonight noon midnight".split())
_PART_HALVES = {
    "morning": {"am"},
    "afternoon": {"pm"},
    "evening": {"pm"},
    "noon": {"pm"},
    "midnight": {"am"},
    "night": {"am", "pm"},  # "ten at night", "two in the night"
    "tonight": {"am", "pm"},
}
_HALVES = frozenset({"am", "pm"})
_IN_TIME = re.compile(
    r"\bin (?=(?:the )?(?:morning|afternoon|evening|summer|winter|spring|autumn|holidays?|"
    r"week|weekend|new year)s?\b|(?:january|february|march|april|may|june|july|august|"
    r"september|october|november|december)\b|\d|(?:a|an|one|two|three|four|five|six) "
    r"(?:minute|hour|day|week|fortnight|month|year)s?\b)"
)
# Written with a capital, and no name: the halves of the day, the months cut short.
_CLOCK_CAPITALS = frozenset(
    """am pm jan feb mar apr jun jul aug sep sept oct nov dec
    tue tues weds thu thur thurs fri""".split()
)
# People and animals a household names without a capital letter.
_KIN = frozenset(
    """mum mom mother dad father grandma grandpa granny grandad grandmother
    grandfather nan nana brother sister husband wife partner son daughter aunt
    uncle cousin baby boyfriend girlfriend dog cat puppy kitten rabbit hamster
    tortoise guinea pig fish""".split()
)
# What a household calls its own, opening a sentence as a name does ("Gran is diabetic")
_FAMILY_WORDS = _KIN | frozenset(
    """gran granny nanna nain nani mam mammy mummy mommy daddy granda gramps taid bampi
    auntie aunty""".split()
)
_WORDS = re.compile(r"\d+|[a-z]+(?:'[a-z]+)?")
# A word before a name: "dad" in "my dad Dai", "Grandpa" in "Grandpa Eoin"
_A_TITLE = re.compile(r"\b([A-Za-z]+) (?=[A-Z][a-z])")
_CAPITALISED = re.compile(r"\b[A-Z][A-Za-z]+")
# Words a sentence opens with, capitalised only for that: "Every morning Grandpa takes
# his pills" names Grandpa, not "Every"; "Long car journeys make Sam carsick", not "Long".
_OPENERS = frozenset(
    """every each long short over under during after before when while since until
    once twice most many some several few all both either neither no not only just
    still even usually always never sometimes often today tomorrow yesterday tonight
    last next first second this that these those there here we our us they their
    he she his her it its my your for in on at by from with without around across
    through throughout near beside behind big small old new young good best little
    apparently actually maybe perhaps please remember note also then so if because
    although though whenever wherever whatever thursday's""".split()
)
# Negation words and the auxiliaries that carry them ("can't", "doesn't"): taken out of
# the `core` mark, so a negation counts only where the rest of the words are the same.
_AUXILIARIES = frozenset(
    """not no never nothing none nobody neither nor without cannot cant can't dont don't
    doesnt doesn't didnt didn't isnt isn't arent aren't wasnt wasn't werent weren't
    wont won't wouldnt wouldn't shouldnt shouldn't couldnt couldn't hasnt hasn't
    havent haven't hadnt hadn't mustnt mustn't neednt needn't do does did is are was
    were be can will would""".split()
)
# Clock times said in words or digits, read as one mark: "half past eight" is "8:30".
_HOURS = {
    w: n
    for n, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve".split()
    )
}
_HOUR = r"(\d{1,2}|" + "|".join(_HOURS) + r")"
_TIMES = (
    (re.compile(r"\bhalf past " + _HOUR + r"\b"), lambda h: f"{h}:30"),
    (re.compile(r"\bquarter past " + _HOUR + r"\b"), lambda h: f"{h}:15"),
    (re.compile(r"\bquarter to " + _HOUR + r"\b"), lambda h: f"{(h - 1) % 12 or 12}:45"),
    (re.compile(r"\b" + _HOUR + r" o'?clock\b"), lambda h: f"{h}"),
)
_DIGITAL_TIME = re.compile(r"\b(\d{1,2})[:.](\d{2})\b")


def _singular(word: str) -> str:
    """ "fridays" -> "friday", "dogs" -> "dog": enough for days and the kin list."""
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _hash(word: str) -> str:
    return hashlib.sha256(word.encode("utf-8")).hexdigest()[:12]


def name_marks(name: str) -> set[str]:
    """A name as marks may hold it (hashed, lower case): whole, and as _CAPITALISED reads it,
    up to its first letter past A to Z ("Seán" is marked "se"): to ask whether marks name
    someone."""
    ascii_part = re.match(r"[A-Za-z]+", name)
    return {_hash(name.lower())} | ({_hash(ascii_part[0].lower())} if ascii_part else set())


def _number(word: str) -> str | None:
    if word.isdigit():
        return str(int(word))
    value = _NUMBER_WORDS.get(word)
    return None if value is None else str(value)


@dataclass(frozen=True)
class Marks:
    """What must agree between two statements before a cosine may call them one."""

    names: tuple[str, ...]  # hashes, in order of first mention
    numbers: tuple[str, ...]  # hashes, sorted
    words: tuple[str, ...]  # closed-class words as themselves, sorted; "not" = negated
    bag: str  # hash of the content words, order ignored
    possessors: tuple[str, ...] = ()  # hashes of the names that own something ("Sam's")
    core: str | None = None  # hash of the content words less negations and auxiliaries
    version: int = 1  # how times and numbers were read (VERSION)

    @classmethod
    def of(cls, text: str, version: int = VERSION) -> Marks:
        folded = unicodedata.normalize("NFKC", text).replace("\u2019", "'")
        halves: set[str] = set()
        if version >= 2:
            # "in the evening", "in March", "in 2 weeks" say when, never inside: no side
            # of in/out ("The bins go out … in the evening" took both)
            reading = quantities.read(_IN_TIME.sub("", normalise(folded)), version)
            lowered, times = " ".join(reading.words), sorted(reading.marks)
            # which half each time was said in, by the time's hash ("10pm to 6am" is not
            # "10am to 6pm"); "clock": a time of day is said at all
            halves = reading.halves | {f"{h}@{_hash(t)}" for t, h in reading.clock.items()}
            halves |= {"clock"} if any(t.startswith("t") for t in times) else set()
        else:
            lowered, times = _clock_times(normalise(folded))
        words = _WORDS.findall(lowered)
        if version >= 2:
            folded = quantities.NAMED_DAY.sub(lambda day: day[0].lower(), folded)
        names: list[str] = []
        possessors: list[str] = []
        # "my dad Dai", "Grandpa Eoin": a family word before a name is that person's title
        titles = (
            {m[1].lower() for m in _A_TITLE.finditer(folded) if _singular(m[1].lower()) in _KIN}
            if version >= 4
            else set()
        )
        for match in _CAPITALISED.finditer(folded):
            word = match.group().lower()
            if version >= 4 and (match.group().isupper() or word in titles):
                continue  # "GCSE", "GP", "MOT": no one's name; "Grandpa" of "Grandpa Eoin"
            opens = match.start() == 0 or folded[: match.start()].rstrip()[-1:] in ".!?"
            if opens and word in _OPENERS:
                continue
            if (
                version >= 4
                and opens
                and (word.endswith("ing") or (version >= 5 and word not in _FAMILY_WORDS))
                and word in english_words()
                and word not in given_names()
            ):
                # "Skipping lunch gives Cerys migraines": no one called Skipping; from version
                # 5 any word a sentence opens with that English has and no one is called
                # ("Ask Nadia about the cat": a held-out split's named "Ask")
                continue
            after = folded[match.end() : match.end() + 2]
            before = folded[match.start() - 1 : match.start()] if match.start() else ""
            if version >= 5 and (after == "'t" or after[:1] == "-" or before == "-"):
                continue  # "Don't give…" names no Don; "Wi-Fi" no Wi nor Fi
            if version >= 2 and word in _CLOCK_CAPITALS:
                continue  # "3:00 PM", "Feb. 2nd": no one named
            if word not in STOP_WORDS and _singular(word) not in WHEN and word not in names:
                names.append(word)
            if folded[match.end() : match.end() + 2] == "'s" and word not in possessors:
                possessors.append(word)
        every_other = {
            n for n, w in enumerate(words) if w == "other" and n and words[n - 1] == "every"
        }
        # a word inside a compound is none of the household: "shell-fish" names no fish
        compounded = (
            {w for c in re.findall(r"[a-z]+(?:-[a-z]+)+", normalise(folded)) for w in c.split("-")}
            if version >= 2
            else set()
        )
        numbers = sorted(
            {n for w in words if (n := _number(w)) is not None}
            | set(times)
            | ({"2"} if every_other else set())
        )
        closed: set[str] = set()
        negations = 0
        for word in words:
            base, _, tail = word.partition("'")
            if word in _NEGATIONS or tail == "t":
                negations += 1
            elif version >= 4 and word in NEGATED_MODAL:
                negations += 1  # "nnamdi isnt allowed…" (a held-out split's was held)
                if (modal := NEGATED_MODAL[word]) in _MODALS:
                    closed.add("not-" + modal)
            # A modal inside a negation ("can't") is part of the negation: "Sam can't
            # stand mushrooms" has no "can" for "Sam hates mushrooms" to lack.
            if word == "cannot" or (tail == "t" and base in ("can", "ca")):
                closed.add("not-can")
            elif tail == "t" and base.removesuffix("n") in _MODALS:
                closed.add("not-" + base.removesuffix("n"))
            if word in _MODALS or word in _POLAR or word in _COLOURS:
                closed.add(word)
            if word in _RESTRICTIVE and not (word == "other" and every_other):
                closed.add(word)
            if _singular(word) in WHEN:
                closed.add(_singular(word))
            kin = _singular(base)
            if kin in _KIN and kin not in names and kin not in compounded and word not in titles:
                names.append(kin)
        if negations % 2:
            closed.add("not")
        if version >= 3:
            over = _NOT_NOW & set(words) or _USED_TO.search(lowered)
            closed |= {"not-now"} if over else set()
            closed |= _DIETS & set(words)
        if version >= 4:
            closed |= details.marked(folded, version)
        closed |= halves  # "am", "pm": which half of the day a time was said in
        content = tokens(text)
        bag = _hash(" ".join(sorted(content)))
        core = _hash(" ".join(sorted({w for w in content if w not in _AUXILIARIES})))
        return cls(
            tuple(_hash(n) for n in names),
            tuple(_hash(n) for n in numbers),
            tuple(sorted(closed)),
            bag,
            tuple(_hash(n) for n in possessors),
            core,
            version,
        )

    def to_json(self) -> dict[str, object]:
        marks: dict[str, object] = {
            "names": list(self.names),
            "numbers": list(self.numbers),
            "words": list(self.words),
            "bag": self.bag,
            "possessors": list(self.possessors),
            "core": self.core,
        }
        if self.version > 1:
            marks["version"] = self.version
        return marks

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Marks:
        def strings(key: str) -> tuple[str, ...]:
            value = data.get(key)
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ValueError(f"marks.{key} is not a list of strings")
            return tuple(value)

        bag = data.get("bag")
        if not isinstance(bag, str):
            raise ValueError("marks.bag is not a string")
        core = data.get("core")
        if core is not None and not isinstance(core, str):
            raise ValueError("marks.core is not a string")
        possessors = strings("possessors") if "possessors" in data else ()
        version = data.get("version", 1)
        if not isinstance(version, int) or not 1 <= version <= VERSION:
            raise ValueError("marks.version is not one this Hearth reads")
        return cls(
            strings("names"), strings("numbers"), strings("words"), bag, possessors, core, version
        )


def contrast(a: Marks, b: Marks) -> str | None:
    """Why two statements are different facts whatever their cosine, or None."""
    if set(a.names) != set(b.names):
        return "they name different people or animals"
    if a.bag == b.bag and a.names != b.names and not _same_owners(a, b):
        return "the same words name people in another order"
    if a.numbers != b.numbers:
        return "their numbers differ"
    a_words, b_words = set(a.words), set(b.words)
    # A negation that changes nothing else is a contrast ("Leo is (not) allergic to
    # kiwi"); one that comes with other words may be the same claim said otherwise
    # ("Sam hates mushrooms" / "Sam can't stand mushrooms"), and the cosine decides.
    # Marks from before `core` existed (older tombstones) keep the strict rule.
    lexical = a.core is not None and b.core is not None and a.core != b.core
    if (a_words & _NEGATED != b_words & _NEGATED) and not lexical:
        return "one is negated"
    for group, what in (
        (_MODALS, "their modals differ"),
        (_RESTRICTIVE, "one restricts"),
        (_COLOURS, "their colours differ"),
        (_DIETS, "their diets differ"),  # read from version 3: absent from older marks
        (frozenset({"not-now"}), "one says it is over, or not yet"),
    ):
        if a_words & group != b_words & group:
            return what
    if when_differs(a_words, b_words):
        return "they say different times"
    if (why := details.differs(a_words, b_words, min(a.version, b.version))) is not None:
        return why
    # only a statement on one side against one on the other: "tells the kids off if they
    # leave the lights on" takes both of on/off, and "gives out to the kids if they leave
    # the lights on" is not its opposite (a held-out split's)
    flipped = [
        sides
        for sides in _OPPOSITES
        if (a_side := _side(sides, a_words))
        and (b_side := _side(sides, b_words))
        and a_side.isdisjoint(b_side)
    ]
    # one opposite said with a negation on one side only is the same claim: "not allowed
    # upstairs" is "has to stay downstairs"
    negated = (a_words & _NEGATED) != (b_words & _NEGATED)
    if flipped and not (negated and len(flipped) == 1):
        sides = flipped[0]
        return f"they take opposite sides of {'/'.join(sorted(sides[0] | sides[1]))}"
    return None


# Said of what someone may not have, "can't", "shouldn't", "mustn't" are one rule: a
# fifteenth trial discarded "Ngozi can't have sugary drinks, she's diabetic." and "Ngozi
# shouldn't have any sugary drinks at all" went live (restated.py reads it so, of having,
# eating and drinking only: "Dad can't come" is not "Dad shouldn't come", a review's)
_RESTRICTS = frozenset({"not-can", "not-should", "not-must", "not-may"})


_MAY_NOT = frozenset({"can", "should", "must", "may"})


def ruled(words: set[str]) -> set[str]:
    """The words, a rule of what may not be said one way: "can't", "cannot", "shouldn't",
    "should not", "must not" all as "not-allowed"."""
    negated = words & _RESTRICTS or ("not" in words and words & _MAY_NOT)
    if not negated:
        return words
    return (words - _RESTRICTS - _MAY_NOT) | {"not-allowed"}


def when_differs(a_words: set[str], b_words: set[str]) -> bool:
    """Whether two statements' days, months and parts of the day say another time. A part
    of the day said by one only is read against a time of day the other says: "Thursday
    afternoons at four" is "Thursdays at 4pm", never "at 4am"; with no time of day it is
    another time ("works nights" is not "works days"). Said by both, the parts must be
    the same ("Thursday afternoons" is not "Thursday evenings")."""
    if (a_words & WHEN) - _PARTS != (b_words & WHEN) - _PARTS:
        return True
    a_clock, b_clock = _clock_halves(a_words), _clock_halves(b_words)
    if any(a_clock[t] != b_clock[t] for t in a_clock.keys() & b_clock.keys()):
        return True  # the same time in the other half: "10am", "10pm"
    a_parts, b_parts = a_words & _PARTS, b_words & _PARTS
    if a_parts and b_parts and a_parts != b_parts:
        # "Thursday night at 7pm" is "Thursday evenings at 7": where both say a time of day,
        # the parts agree when their halves do ("night" is either); else they must be one
        if "clock" not in a_words or "clock" not in b_words:
            return True
        a_allowed = set().union(*(_PART_HALVES[part] for part in a_parts))
        b_allowed = set().union(*(_PART_HALVES[part] for part in b_parts))
        return not (a_allowed & b_allowed) or not (
            (a_words & _HALVES) <= b_allowed and (b_words & _HALVES) <= a_allowed
        )
    if a_parts and b_parts:
        return False
    if a_parts or b_parts:
        parts, other = (a_parts, b_words) if a_parts else (b_parts, a_words)
        if "clock" not in other:
            return True
        allowed = set().union(*(_PART_HALVES[part] for part in parts))
        return not (other & _HALVES) <= allowed
    a_halves, b_halves = a_words & _HALVES, b_words & _HALVES
    return bool(a_halves and b_halves and a_halves != b_halves)


def _clock_halves(words: set[str]) -> dict[str, str]:
    """Each time's hash -> the half it was said in, from the "pm@…" marks."""
    return {w[3:]: w[:2] for w in words if w[:3] in ("am@", "pm@")}


def _same_owners(a: Marks, b: Marks) -> bool:
    """The same names own the same things, said in another order: "Sam's best friend is
    Omar" and "Omar is Sam's best friend" (not "Sam is Omar's best friend")."""
    return bool(a.possessors) and set(a.possessors) == set(b.possessors)


def _clock_times(text: str) -> tuple[str, list[str]]:
    """The text with clock times taken out, and the times as marks ("8:30", "7")."""
    found: list[str] = []

    def hour(value: str) -> int:
        return int(value) if value.isdigit() else _HOURS[value]

    for pattern, make in _TIMES:

        def replace(match: re.Match[str], make: Callable[[int], str] = make) -> str:
            found.append(make(hour(match.group(1))))
            return " "

        text = pattern.sub(replace, text)

    def digital(match: re.Match[str]) -> str:
        hours, minutes = int(match.group(1)), match.group(2)
        found.append(str(hours) if minutes == "00" else f"{hours}:{minutes}")
        return " "

    return _DIGITAL_TIME.sub(digital, text), found


def _side(sides: Sequence[frozenset[str]], words: set[str]) -> frozenset[int]:
    return frozenset(i for i, side in enumerate(sides) if side & words)
