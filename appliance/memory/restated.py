"""Said again in other words: a statement about the same things as a refused one.

The cosine misses what a family says otherwise ("Tunde's birthday is on the 14th of
August" / "Tunde was born on 14 August"), and the marks tell "doesn't like" from "hates".
So a tombstone also keeps what its fact is about, as hashes (`keys_of`), and `same_key`
reads a new statement against it by people, date and those keys (docs/memory.md, "The
same things, said otherwise").
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace
from functools import lru_cache

from appliance.memory.contrast import WHEN, Marks, contrast, ruled, when_differs
from appliance.memory.text import tokens
from appliance.numbers import ONES, ORDINALS, TENS

# Words too common to tell one fact from another: verbs of having, liking and keeping.
_NOT_A_KEY_BEFORE = frozenset(
    tokens(
        """
        like likes liked love loves hate hates hated have has had get gets got keep keeps
        mad crazy keen fond favourite favorite adore adores enjoy enjoys prefer prefers
        called call named name way
        kept live lives go goes went come comes make makes take takes eat eats ate want work
        works worked
        wants need needs use uses put puts always never usually often every day time
        thing things stuff one born birthday
        """
    )
)
# With marks of version 2, times, amounts, lengths and how often are the marks' to compare
# (quantities.py), and the days and parts of the day too: never what a fact is about.
# Keys are read at the version of the marks they go with: a tombstone written before keeps
# its keys as they were, and a new statement is read the same way against it.
_NOT_A_KEY = (
    _NOT_A_KEY_BEFORE
    | frozenset(
        tokens(
            """
            am pm half quarter past o'clock oclock noon midday midnight minute minutes min
            mins hour hours hr hrs week weeks fortnight month months year years
            weekly fortnightly biweekly monthly quarterly yearly annually annual daily
            nightly every each per once twice times pound pounds quid dollar dollars buck
            bucks euro euros pence cents fiver tenner dozen hundred thousand
            """
        )
    )
    | frozenset(tokens(" ".join(WHEN)))
    | frozenset(ONES)
    | frozenset(TENS)
    | frozenset(ORDINALS)
)


def keys_of(text: str, marks: Marks | None = None) -> list[str]:
    """The words a fact is about, beyond who: "plantain", "drawer", "fridge"; as short
    hashes, never the words (a tombstone keeps no words). `marks`: the text's, if made;
    the keys are read at their version."""
    marks = marks or Marks.of(text)
    names = set(marks.names)
    before = marks.version < 2
    common = _NOT_A_KEY_BEFORE if before else _NOT_A_KEY
    return sorted(
        {
            _key(word)
            for word in tokens(text)
            if word not in common
            and _key(word) not in names
            and not (word.isdigit() if before else word[:1].isdigit())
        }
    )


def _key(word: str) -> str:
    return hashlib.sha256(word.encode("utf-8")).hexdigest()[:12]


# A matter of health, by the words that say it. A fifteenth trial retracted "Ngozi is
# diabetic and takes metformin with her breakfast." ("she wants her health kept private"),
# and "remember that ngozi has diabetes and takes metformin every morning", "remember gran is
# diabetic" and "I am diabetic and I take metformin…" each went live. Said again of the same
# person, of a family word, or of whoever speaks, it is held for a person to decide: the
# cost of a wrong hold is one press of Discard or Keep.
# Each matter: the words that say it, and the medicines taken for it (said as taken, they
# say the matter too; named in both a refusal and a statement, the same matter whenever
# taken)
_HEALTH: dict[str, tuple[str, str]] = {
    "diabetes": ("diabetic diabetes", "metformin insulin"),
    "allergy": ("allergic allergy allergies anaphylaxis anaphylactic epipen", ""),
    "pregnancy": ("pregnant pregnancy expecting", ""),
    "asthma": ("asthma asthmatic inhaler", ""),
    "coeliac": ("coeliac celiac", ""),
    "epilepsy": ("epilepsy epileptic seizure seizures", ""),
    # "Isobel takes donepezil in the morning" after her medicines were retracted (a
    # seventeenth trial's went live)
    "dementia": ("dementia alzheimer alzheimers", "donepezil memantine rivastigmine galantamine"),
    "cancer": ("cancer chemo chemotherapy", ""),
    # a sixteenth trial retracted "Janusz takes allopurinol for his gout", and "remember that
    # dziadek is on allopurinol" and "…grandpa takes allopurinol for the gout" went on
    "gout": ("gout", "allopurinol colchicine febuxostat"),
    "blood pressure": ("hypertension", "amlodipine ramipril lisinopril losartan bisoprolol"),
    "blood thinner": ("", "warfarin apixaban rivaroxaban clopidogrel"),
    "thyroid": ("thyroid", "levothyroxine thyroxine"),
    "cholesterol": ("cholesterol", "statin statins atorvastatin simvastatin"),
    "depression": ("depression", "antidepressant antidepressants sertraline citalopram fluoxetine"),
    "heart": ("angina arrhythmia pacemaker", ""),
}
_MEDICINE_KEYS = frozenset(
    _key(word) for _, medicines in _HEALTH.values() for word in tokens(medicines)
)
_HEALTH_OF_KEY = {
    _key(word): matter
    for matter, (said, medicines) in _HEALTH.items()
    for word in tokens(f"{said} {medicines}")
}
# The family words a household names people by, as the marks hash them
_KIN_NAMES = frozenset(
    _key(word)
    for word in "mum mom mother dad father grandma grandpa granny gran grandad nan nana "
    "nanny grandmother grandfather "
    # as other households name them: "dziadek" and "babcia" (Polish), "nonna", "oma",
    # "abuela", "yiayia", "teta", "jiddo", "nani", "dadi"
    "dziadek dziadziu babcia babka nonna nonno oma opa abuela abuelo abuelita abuelito "
    "yiayia papou teta jiddo sitti nani nana dadi dada bibi babu".split()
)


def names_a_medicine(text: str) -> bool:
    """Whether `text` names a medicine a matter of health is taken with ("warfarin")."""
    return any(_key(word) in _MEDICINE_KEYS for word in tokens(text))


def _health(keys: list[str]) -> set[str]:
    return {_HEALTH_OF_KEY[key] for key in keys if key in _HEALTH_OF_KEY}


# Taking a medicine, said of someone: "takes allopurinol", "is on warfarin"
_TAKES_DIABETES = r"\b(?:takes?|taking|on) (?:his |her |their |my )?"
_TAKES = (
    r"(?:\b(?:takes?|taking|took|on|prescribed|has|have) (?:his |her |their |my |the )?"
    r"|\b(?:pills|tablets|medicines?|medication|meds) (?:are|is) )"
)
# Each matter as a statement says someone has it: never "the insulin pens are in the fridge
# door", "Mum is a cancer nurse", "Dad's star sign is Cancer", "we're expecting visitors"
# (a review held each after a refusal of the matter)
_SAYS_IT = {
    "diabetes": r"\b(?:is|am|'s|'m|are|was) diabetic\b|\b(?:has|have|had|got|with) (?:type \w+ )?"
    r"diabetes\b",
    "allergy": r"\ballergic to\b|\b(?:has|have|had|got) (?:an? )?(?:\w+ )?(?:\w+ )?allergy\b",
    "pregnancy": r"\b(?:is|am|'s|'m|are) "
    r"(?:pregnant|expecting(?: a baby| twins| triplets)?\s*[.!]?$)",
    "asthma": r"\b(?:has|have|had|got|with) asthma\b|\b(?:is|am|'s|'m) asthmatic\b",
    "coeliac": r"\b(?:is|am|'s|'m|are) (?:a )?(?:coeliac|celiac)\b|\bhas (?:coeliac|celiac)\b",
    "epilepsy": r"\b(?:has|have|had) (?:epilepsy|seizures)\b|\b(?:is|am|'s|'m) epileptic\b",
    "dementia": r"\b(?:has|have|had|with) (?:dementia|alzheimer'?s)\b",
    "cancer": r"\b(?:has|have|had|with|beat|beaten|got) (?:\w+ )?cancer\b",
    "gout": r"\b(?:has|have|had|got|with) gout\b",
    "blood pressure": r"\b(?:has|have|had|got|with) (?:hypertension|high blood pressure)\b",
    "thyroid": r"\b(?:has|have|had|got|with) (?:an? )?(?:under|over)?active thyroid\b",
    "cholesterol": r"\b(?:has|have|had|got|with) high cholesterol\b",
    "depression": r"\b(?:has|have|had|got|with) depression\b|\b(?:is|am|'s|'m) depressed\b",
    "heart": r"\b(?:has|have|had|got|with) (?:angina|an arrhythmia|a pacemaker)\b",
}


def _or_taken(matter: str, said: str) -> str:
    """A matter's words, or its medicines said as taken ("takes allopurinol", "is on
    warfarin", "pills are…"); diabetes's as before only taken or on ("the insulin pens are
    in the fridge door" says no one has it)."""
    medicines = _HEALTH[matter][1].split()
    if not medicines:
        return said
    taken = _TAKES_DIABETES if matter == "diabetes" else _TAKES
    return "|".join(part for part in (said, rf"{taken}(?:{'|'.join(medicines)})\b") if part)


_SAYS_IT = {matter: _or_taken(matter, _SAYS_IT.get(matter, "")) for matter in _HEALTH}
# The words a rule is said with, as keys: never what a rule of having is about
_RULE_KEYS = frozenset(
    _key(word) for word in tokens("can cant cannot must mustnt should shouldnt not allowed")
)
_OF_HAVING = re.compile(r"\b(?:have|eat|drink|give|take)\b", re.IGNORECASE)
_FIRST_PERSON = re.compile(r"^\s*(?:I|I'm|I am|I've)\b")


def says_a_health_matter(text: str) -> bool:
    """Whether `text` says someone has a matter of health: "Janusz has high blood
    pressure", "Gran takes metformin"; never "the insulin pens are in the fridge"."""
    return any(re.search(said, text, re.IGNORECASE) for said in _SAYS_IT.values())


def same_health_matter(
    mine: Marks, my_keys: list[str], theirs: Marks, their_keys: list[str], text: str = ""
) -> bool:
    """Whether a statement (`text`) says a health matter of a refused one again: it says
    someone has the same matter, neither negated where the other is not, of the same
    person, or said by a family word or "I" where the refused one named someone (who "gran"
    or "I" is, memory cannot tell). Never of another person named, nor the other way about
    ("Leo is diabetic" after "Gran is diabetic" was refused is Leo's)."""
    matters = {
        m for m in _health(my_keys) & _health(their_keys) if re.search(_SAYS_IT[m], text, re.I)
    }
    if not matters:
        return False
    if ("not" in mine.words) != ("not" in theirs.words):
        return False  # "Ngozi is not diabetic" is another fact
    # another side, number, modal or diet is another fact ("…her inhaler after football",
    # "…pregnant with triplets"); who, and when said otherwise, are not
    alike = replace(mine, names=theirs.names, possessors=theirs.possessors)
    # a medicine named in both is the same matter whenever it is taken: "Isobel is on
    # warfarin" after "Isobel takes donepezil in the morning and warfarin at 6pm" was
    # retracted (a seventeenth trial's went live: "their numbers differ")
    medicine = bool(set(my_keys) & set(their_keys) & _MEDICINE_KEYS)
    differs = contrast(alike, theirs)
    if differs is not None and "times" not in differs and not (medicine and "numbers" in differs):
        return False
    if matters == {"allergy"}:
        # an allergy is to something: "…allergic to eggs" is another fact than "…to peanuts"
        mine_of = set(my_keys) - _HEALTH_OF_KEY.keys()
        theirs_of = set(their_keys) - _HEALTH_OF_KEY.keys()
        if mine_of and theirs_of and not mine_of & theirs_of:
            return False
    mine_named, theirs_named = set(mine.names), set(theirs.names)
    if mine_named and mine_named == theirs_named:
        return True
    someone_named = bool(theirs_named) and not theirs_named <= _KIN_NAMES
    # an allergy is as often another person's: "Mum is allergic to nuts" after "Leo is…"
    said_by_kin = bool(mine_named) and mine_named <= _KIN_NAMES and matters != {"allergy"}
    said_by_me = not mine_named and _FIRST_PERSON.match(text) is not None
    return someone_named and (said_by_kin or said_by_me)


def same_key(
    mine: Marks, my_keys: list[str], theirs: Marks, their_keys: list[str], text: str = ""
) -> bool:
    """Whether a statement restates a refused one in other words, by what it is about:
    the same people, and the same date (numbers and days), or no other number or day and
    every word the shorter is about in the other. A fourth outside trial discarded
    "Tunde's birthday is on the 14th of August", then "remember that Tunde was born on 14
    August" went live; "Femi doesn't like plantain", then "Femi hates plantain". Another
    number is another fact ("…tablets at 9" after "…at 8" is a correction). The cost of a
    wrong match is a review. `text`: the words `mine` was read from."""
    # the same people, or one more who owns the thing ("Kemi's EpiPen" for "the EpiPen");
    # never "Mum picks Leo up" for "Dad picks Leo up"
    # a word opening a sentence has a capital: "Council tax is £148 a month" names no one
    # where the other says "the council tax" (a held-out split's pairs)
    (mine, my_keys), (theirs, their_keys) = named_alike(mine, my_keys, theirs, their_keys, text)
    if same_health_matter(mine, my_keys, theirs, their_keys, text):
        return True
    if _OF_HAVING.search(text):
        # "must not have" is "can't have" (contrast.ruled): one rule of what someone may have
        mine = replace(mine, words=tuple(sorted(ruled(set(mine.words)))))
        theirs = replace(theirs, words=tuple(sorted(ruled(set(theirs.words)))))
        my_keys = [k for k in my_keys if k not in _RULE_KEYS]
        their_keys = [k for k in their_keys if k not in _RULE_KEYS]
    mine_named, theirs_named = set(mine.names), set(theirs.names)
    more = (mine_named - theirs_named) | (theirs_named - mine_named)
    owners = set(mine.possessors) | set(theirs.possessors)
    if not mine_named and not theirs_named:
        # of a thing alone: "The stopcock is under the kitchen sink" / "The stopcock's under
        # the sink" (a fifth trial's went live); two words at least, so one shared word of
        # place is never enough
        shorter = min(my_keys, their_keys, key=len)
        if len(shorter) < 2 and not _same_quantities(mine, my_keys, theirs, their_keys):
            return False
    elif (
        not mine_named & theirs_named
        or not more <= owners
        # each says whose it is, and not the same: "Mum's GP" is not "Dad's GP", nor
        # "Bilal's match" "Bilal's brother Idris's match" (a held-out split's were held)
        or (
            mine.possessors and theirs.possessors and set(mine.possessors) != set(theirs.possessors)
        )
    ):
        return False
    if _against(mine) != _against(theirs):
        return False  # "Leo likes mushrooms" is not "Leo hates mushrooms"
    # another time, side, order or number is another fact; how the feeling is said is not
    if more:
        mine, theirs = _unfelt(mine, theirs.names), _unfelt(theirs, theirs.names)
    else:
        mine, theirs = _unfelt(mine), _unfelt(theirs)
    if contrast(mine, theirs) is not None:
        return False
    when = not when_differs(set(mine.words), set(theirs.words))
    if mine.numbers and mine.numbers == theirs.numbers and when and set(mine.words) & WHEN:
        return True  # a date: "the 14th of August", "14 August"
    shared = set(my_keys) & set(their_keys)
    if (
        mine.numbers == theirs.numbers
        and when
        and "clock" in mine.words
        and shared
        and 2 * len(shared) >= min(len(my_keys), len(their_keys))
    ):
        # a time of day, and what both are about: "Reuben has piano … at four" / "…piano
        # lesson … at 4pm"; never "Leo has swimming at 4pm" / "Leo has the dentist at 4pm",
        # nor "The school bus leaves at 8" / "The school gates open at 8"
        return True
    if mine.numbers != theirs.numbers or not when:
        return False
    if not my_keys or not their_keys:
        # about the same people and nothing else: "Rocky is our dog" / "Our dog is Rocky"
        return bool(mine_named) and not more

    # every word one is about is in the other: "plantain" in both, never "peanuts" and "eggs";
    # a word in another form of it counts: "has a service" / "is getting serviced" / "is
    # booked for servicing" (a sixteenth trial's each went live after the first was refused)
    forms = _forms_of(text, mine)
    # how someone does an activity, said either way, is the same: "Femi plays football on
    # Saturday mornings" / "Femi trains at football on Saturday mornings" (a seventeenth
    # trial's went live after the first was discarded); "watches" is still another thing
    if set(my_keys) & _DOING and set(their_keys) & _DOING:
        my_keys = sorted({"doing" if key in _DOING else key for key in my_keys})
        their_keys = sorted({"doing" if key in _DOING else key for key in their_keys})
    theirs_held = set(their_keys)
    mine_held = set(my_keys) | {form for key in my_keys for form in forms.get(key, ())}
    return theirs_held <= mine_held or all(
        key in theirs_held or bool(forms.get(key, set()) & theirs_held) for key in my_keys
    )


_DOING = frozenset(
    _key(word)
    for word in tokens(
        "play plays playing played train trains training trained practise practises "
        "practising practice practices attend attends attending does doing goes going"
    )
)


def _word_forms(word: str) -> set[str]:
    """A word's other forms, as a family says them: "serviced", "servicing", "services" for
    "service"; "shopping" for "shop". Only endings: "went" is never "go"."""
    stems = {word}
    for ending in ("ing", "ed", "es", "s", "d", "er"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            stem = word[: -len(ending)]
            stems |= {stem, stem + "e"}
            if len(stem) >= 4 and stem[-1] == stem[-2] and stem[-1] not in "aeiouls":
                stems.add(stem[:-1])  # "shopping" -> "shop"
    return {
        form
        for stem in stems
        for form in (stem, stem + "s", stem + "es", stem + "ed", stem + "d", stem + "ing")
    } - {word}


@lru_cache(maxsize=64)
def _forms_by_text(text: str, version: int) -> dict[str, frozenset[str]]:
    common = _NOT_A_KEY_BEFORE if version < 2 else _NOT_A_KEY
    return {
        _key(word): frozenset(_key(form) for form in _word_forms(word))
        for word in tokens(text)
        if word not in common
    }


def _forms_of(text: str, marks: Marks) -> dict[str, frozenset[str]]:
    """Each key of `text` -> the keys of the same word's other forms."""
    return _forms_by_text(text, marks.version) if text else {}


def named_alike(
    mine: Marks,
    my_keys: list[str],
    theirs: Marks,
    their_keys: list[str],
    my_text: str = "",
) -> tuple[tuple[Marks, list[str]], tuple[Marks, list[str]]]:
    """Both statements' marks and keys, with a "name" either says only because it opens
    the sentence ("Recycling goes out…", "Bins go out…") read as the word the other says
    it as. `my_text`: the words of `mine`, where a name's plain form is read from."""
    plain = _plain_forms(my_text)
    return (
        _unnamed(mine, my_keys, theirs, their_keys, plain),
        _unnamed(theirs, their_keys, mine, my_keys, {}),
    )


@lru_cache(maxsize=64)
def _plain_forms(text: str) -> dict[str, str]:
    """Each capitalised word's name hash -> its key as a plain word. Read once per text: a
    proposal is compared with every tombstone."""
    return {
        _key(word.lower()): _key(stem)
        for word in re.findall(r"\b[A-Z][a-z]+\b", text)
        for stem in tokens(word)
    }


def _unnamed(
    marks: Marks, keys: list[str], other: Marks, other_keys: list[str], plain: dict[str, str]
) -> tuple[Marks, list[str]]:
    """The marks without a "name" the other statement says as a plain word, not as a name
    (`plain`: a name's word as the keys read it, "bins" as "bin"), and the keys with it."""
    words = {
        n: plain.get(n, n)
        for n in marks.names
        if n not in other.names and plain.get(n, n) in other_keys
    }
    if not words:
        return marks, keys
    names = tuple(n for n in marks.names if n not in words)
    owners = tuple(p for p in marks.possessors if p in names)
    return replace(marks, names=names, possessors=owners), sorted({*keys, *words.values()})


def _same_quantities(mine: Marks, my_keys: list[str], theirs: Marks, their_keys: list[str]) -> bool:
    """Of a thing alone, one word of it is enough where the same amounts, times or how
    often are said and it is all the shorter one is about: "We buy a dozen eggs every week"
    / "We get 12 eggs each week"; never "The school bus leaves at 8" / "The school gates
    open at 8" (one word of three shared)."""
    mine_keys, theirs_keys = set(my_keys), set(their_keys)
    return (
        bool(mine.numbers)
        and mine.numbers == theirs.numbers
        and not when_differs(set(mine.words), set(theirs.words))
        and bool(mine_keys & theirs_keys)
        and (mine_keys <= theirs_keys or theirs_keys <= mine_keys)
    )


_AGAINST = frozenset(
    "hate hates hated dislike dislikes disliked detest detests loathe loathes".split()
)


def _against(marks: Marks) -> bool:
    """Whether a statement is against what it names: negated, or a verb of dislike, not
    both ("doesn't like" and "hates" are; "likes" and "doesn't hate" are not)."""
    words = set(marks.words)
    return bool(words & {w for w in words if w == "not" or w.startswith("not-")}) != bool(
        words & _AGAINST
    )


_FEELING = _AGAINST | frozenset("like likes liked love loves loved".split())


def _unfelt(marks: Marks, names: tuple[str, ...] | None = None) -> Marks:
    """The marks without how a feeling is said (its polarity is `_against`'s), so
    `contrast` reads times, sides, numbers, modals and colours; named as `names` when an
    owner was added (who is named in which order is then not compared)."""
    words = tuple(sorted(w for w in marks.words if w not in _FEELING and w != "not"))
    words = tuple(w for w in words if not w.startswith("not-"))
    if names is None:
        return replace(marks, words=words, core=None)
    return replace(marks, names=names, possessors=(), words=words, core=None, bag="")
