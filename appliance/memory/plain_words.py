"""A statement in plain words: the same fact said with one household's words, read alike.

    in_plain_words("FYI the code for the alarm is 2580")  -> "the code for the alarm is 2580"
    in_plain_words("Mochi, our rabbit, is frightened of the vacuum.")
        -> "Mochi, our rabbit, is scared of the hoover."
    in_plain_words("Declan is alergic to penicilin.")  -> "Declan is allergic to penicillin."

A held-out split of refused statements said again by a household (stop 63) found the
refusal missed where only the words differed: "Nan" for "Grandma", the vacuum for the
hoover, "favorite color" for "favourite colour", "four four seven one" for 4471, a slip of
the keyboard, an "FYI" in front. A tombstone keeps no words, so both sides are read in
plain words the same way: the refused statement's plain wording is kept beside it as one
more part (tombstones.py), and a new statement's plain wording is checked as well as its
own. Plain words only ever add a reading to check, so they can hold a statement for
review, never let one through.

The rings are a household's everyday words, one word for each thing; family words are
rung too, where a household may mean two grandmothers by "Nan" and "Grandma": a
statement held by that waits for a person's Keep, which costs a press, never a fact.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from appliance.apostrophes import APOSTROPHES, BIRTHDAY_SHORT
from appliance.english import english_words
from appliance.given_names import given_names
from appliance.months import MONTH_NUMBER, MONTHS
from appliance.numbers import ONES, TENS

# Whom a household names by their place in it, as "my" or "Dave's" says them
FAMILY_WORDS = (
    r"mum|mam|mom|mother|dad|da|father|nan|nana|gran|grandma|grandad|grandpa|brother|sister|"
    r"fella|boyfriend|girlfriend|wife|husband|partner|son|daughter|best friend|best mate"
)
# Said before a fact, never part of it
_LEADS = re.compile(
    r"^\W*(?:(?:fyi|btw|by the way|just so you know|for the record|for your information|"
    r"heads up|note that|please note that|remember that|please remember that|remember|"
    r"don't forget that|dont forget that|note|just to say|please|kindly|"
    # "ok fine i eat fish on fri" (a twenty-third trial's, of a refused "Sofia eats fish on
    # fridays", went live): giving in first says nothing of the fact
    r"ok fine|okay fine|fine|ok|okay|alright|all right|hi|hey|hello|good morning)\b[\s,:;.!-]*)+",
    re.IGNORECASE,
)
# …and after it: "jack's bezzie is connor lol", "connors my best mate btw"
_TAILS = re.compile(r"[\s,]+(?:lol|lmao|haha|btw|fyi|now|x+)\W*$", re.IGNORECASE)
# One word for each thing, the first of each ring
_RINGS = (
    "grandma nan nana nanna gran granny grandmother grandmum nain",
    "birthday bday birthdy",
    "grandad granddad grandpa grandfather granda gramps taid",
    "mum mam mom mummy mommy mother",
    "dad daddy father",
    "hoover vacuum hoovers vacuums",
    "sofa settee couch",
    "doctor gp doctors",
    "scared afraid frightened",
    "stopcock stoptap",
    "tv telly television",
    "fridge refrigerator",
    "toilet loo",
    "holiday vacation",
    "flat apartment",
    "lift elevator",
    "nappy diaper",
    "nappies diapers",
    "pushchair buggy stroller pram",
    "loft attic",
    "lounge sittingroom",
    "hall hallway",
    "dummy pacifier",
    "torch flashlight",
    "rubbish garbage trash",
    "mobile cellphone cell",
    # a stop-64 held-out split's: an Irish "press", a Welsh "nain", a Scots "bairn"
    "hob stove cooker",
    "jumper sweater pullover jersey",
    "cupboard press",
    "boot trunk",
    "fringe bangs",
    "child bairn wean kid",
    # a twentieth trial's (Leeds): "Kasia's fella is Tomasz" after "Kasia's boyfriend is
    # called Tomasz" was discarded went live
    "boyfriend fella bf",
    "girlfriend lass",
    # as texted: a nineteenth trial's "xmas pudding" and "gf cake" went live after the
    # Christmas pudding and the gluten free cake were discarded
    "christmas xmas chrimbo crimbo",
    "hate h8",
    "tap faucet",
    "pavement sidewalk",
    "courgette zucchini",
    "aubergine eggplant",
    "coriander cilantro",
    # British and American spellings of one word
    "colour color",
    "colours colors",
    "favourite favorite",
    "favourites favorites",
    "grey gray",
    "centre center",
    "theatre theater",
    "neighbour neighbor",
    "neighbours neighbors",
    "maths math",
    "organise organize",
    "organised organized",
    "pyjamas pajamas",
    "jewellery jewelry",
    "cheque check",
    "tyre tire",
    "tyres tires",
    "programme program",
    "travelling traveling",
    "cancelled canceled",
)
# Typed without its apostrophe, as a voice transcript or a text writes it
_APOSTROPHE = {
    **APOSTROPHES,
    # a family word's own, typed without its apostrophe: "mams bday is 14 feb"
    "mams": "mum's",
    "mums": "mum's",
    "moms": "mum's",
    "dads": "dad's",
    "nans": "grandma's",
    "grans": "grandma's",
    "nanas": "grandma's",
    "grandmas": "grandma's",
    "grandads": "grandad's",
    "grandpas": "grandad's",
}
# Words of two or three said for one
_PHRASES = (
    (re.compile(r"\bvacuum cleaners?\b"), "hoover"),
    (re.compile(r"\bwi[- ]?fi\b", re.IGNORECASE), "wifi"),
    (re.compile(r"\blittle one\b"), "child"),
    # someone's "gf" is their girlfriend ("Nia is Kofi's gf", a twenty-second trial's), a
    # food's is gluten free ("gf cake")
    (
        re.compile(
            r"(?:(?<=\bmy )|(?<=\bhis )|(?<=\bher )|(?<='s ))gf"
            # never a gf cake: a girlfriend ends the phrase ("…is my gf", "Kofi's gf is Nia")
            r"(?=\s*(?:[.,!?]|$)|\s+(?:is|was|and|has|lives|works|called|named|btw)\b)",
            re.I,
        ),
        "girlfriend",
    ),
    (re.compile(r"\bgf\b|\bgluten-free\b", re.IGNORECASE), "gluten free"),
    # "expecting her second baby", "pregnant": due, as "Hannah is due in May" says it
    (re.compile(r"\bexpecting (?:(?:a|an|her|their|his|our) )?(?:\w+ )?(?:baby|child)\b"), "due"),
    (re.compile(r"\b(?:is|are) pregnant\b"), "is due"),
    # a speaker's "um", as a recogniser writes it, is no part of a fact
    (re.compile(r"\s*\b(?:um+|uh+|erm+|er)\b,?", re.IGNORECASE), ""),
    (re.compile(r"\b(?:water )?shut[- ]?off valve\b|\bstop tap\b|\bwater valve\b"), "stopcock"),
    (re.compile(r"\bcell phone\b"), "mobile"),
    (re.compile(r"\b(?:living|sitting|front) room\b"), "lounge"),
    (re.compile(r"\bscared stiff\b"), "scared"),
    # a twentieth trial's, each refused and said again: "jack's bezzie is connor" (best
    # mate), "car keys go on t'hook by t'front door" (Yorkshire "the"), "Bramble's four"
    # (4 years old), "me mam" (my mum), "Kasia's boyfriend is called Tomasz" (is)
    (
        re.compile(r"\bbest (?:mate|friend|pal|buddy|bud)\b|\bbezzie\b|\bbestie\b|\bbff\b", re.I),
        "best friend",
    ),
    (re.compile(r"(?<![\w'])t'\s?(?=\w)", re.IGNORECASE), "the "),
    (re.compile(r"\b(?:is|are) (?:called|named) ", re.IGNORECASE), "is "),
    # a twenty-third trial's "sofia = pescatarian on fridays" (texted), of a refused "Sofia
    # eats fish on fridays", went live: "=" is "is", and a pescatarian eats fish
    (re.compile(r"\s+=\s+"), " is "),
    (re.compile(r"\b(?:is|are|'s) (?:a )?pescatarians?\b", re.IGNORECASE), "eats fish"),
    (BIRTHDAY_SHORT, "birthday"),
    # a twenty-first trial's, each of a refused fact: "our neighbour Mr Patel" is "Mr Patel
    # next door", "the vet for Mabli" is "Mabli's vet", "Cowbridge Rd" "on Cowbridge Road"
    (
        re.compile(
            r"\b(?:our|my|the) (?:next door )?neighbou?rs?,? ((?:(?:mr|mrs|ms|miss|dr)\.? )?"
            r"[A-Z][\w'-]+)",
            re.IGNORECASE,
        ),
        r"\1 next door",
    ),
    (re.compile(r"\b(?:from|who lives|that lives) next door\b", re.IGNORECASE), "next door"),
    (
        re.compile(
            r"\b(?i:the) (?i:(vet|doctor|gp|dentist|teacher|school|nursery|childminder)) for "
            r"([A-Z][\w'-]+)\b"
        ),
        r"\2's \1",
    ),
    (re.compile(r"\b([A-Z][a-z]+) Rd\b\.?"), r"\1 Road"),
    (re.compile(r"\b([A-Z][a-z]+) Ave\b\.?"), r"\1 Avenue"),
    (re.compile(r",\s+(?=[A-Z][\w'-]+ (?:Road|Street|Avenue|Lane|Close|Drive)\b)"), " on "),
    (
        re.compile(
            r"\b(?:go|goes|live|lives|hang|hangs|are kept|is kept|belong|belongs) (?=on|in|by)\b"
        ),
        "are ",
    ),
    # "bramble were born four year ago" (a twentieth trial's, "Bramble is 4" refused): an age
    (re.compile(r"\b(?:was|were) born (\w+) (?:years?|yrs?) ago\b", re.IGNORECASE), r"is \1"),
    (re.compile(r"\b(years?|yrs?) old\b", re.IGNORECASE), ""),
    # "asha likes purple best" (a twentieth trial's, "Asha's favourite colour is purple"
    # refused): a favourite, whatever of
    (
        re.compile(r"\b(\w+) (?:likes|loves) (.+?) (?:best|the most|most)\b", re.IGNORECASE),
        r"\1's favourite is \2",
    ),
    (
        re.compile(
            r"\bfavou?rite (?:colou?r|food|drink|animal|song|film|movie|dinner|meal|sweet|"
            r"snack|cake|biscuit|thing|toy|book|game|team|flower) is\b",
            re.IGNORECASE,
        ),
        "favourite is",
    ),
    (re.compile(rf"(?<![\w'])me (?=(?:{FAMILY_WORDS})\b)", re.IGNORECASE), "my "),
)
# A number said as a word, where an age or a count stands alone: "Bramble's four" is 4
_SMALL_NUMBERS = {word: str(n) for word, n in {**ONES, "twenty": TENS["twenty"]}.items()}
_A_NUMBER_ALONE = re.compile(r"\b(" + "|".join(_SMALL_NUMBERS) + r")\b(?=\W*$)", re.IGNORECASE)
_DIGITS = {
    "zero": "0",
    "oh": "0",
    "nought": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
}
# A code said digit by digit: "four four seven one" is 4471 (two digits or more)
_SAID_DIGITS = re.compile(
    r"\b(?:" + "|".join(_DIGITS) + r")(?:[\s,-]+(?:" + "|".join(_DIGITS) + r"))+\b",
    re.IGNORECASE,
)
_ORDINALS = {
    "first": "1st",
    "second": "2nd",
    "third": "3rd",
    "fourth": "4th",
    "fifth": "5th",
    "sixth": "6th",
    "seventh": "7th",
    "eighth": "8th",
    "ninth": "9th",
    "tenth": "10th",
    "eleventh": "11th",
    "twelfth": "12th",
    "thirteenth": "13th",
    "fourteenth": "14th",
    "fifteenth": "15th",
    "twentieth": "20th",
    "thirtieth": "30th",
}
# A day of the month said as a word: "on the third" is "on the 3rd" (never "the third time")
_DAY_ORDINAL = re.compile(
    r"\b(?P<on>on the|the) (?P<nth>" + "|".join(_ORDINALS) + r")\b(?! (?:time|one|child|floor))",
    re.IGNORECASE,
)
_WORD = re.compile(r"[A-Za-z]+")
_ENDINGS = ("s", "es", "ies", "ed", "d", "ing", "er", "ers", "ly", "y", "n", "en", "ness")
_SHORTEST_SLIP = 6  # "alergic", "footbal": shorter words have too many neighbours


@cache
def _plain() -> dict[str, str]:
    return {word: ring.split()[0] for ring in _RINGS for word in ring.split()}


def in_plain_words(text: str) -> str:
    """The statement with its household words, spellings, codes and slips read alike."""
    said = _unaccented(_TAILS.sub("", _LEADS.sub("", text).strip()))
    said = said[:1].upper() + said[1:] if said and text[:1].isupper() else said
    for pattern, word in _PHRASES:
        said = pattern.sub(word, said).strip()
    said = _SAID_DIGITS.sub(
        lambda m: "".join(_DIGITS[w.lower()] for w in re.findall(r"[A-Za-z]+", m[0])), said
    )
    said = _DAY_ORDINAL.sub(lambda m: f"{m['on']} {_ORDINALS[m['nth'].lower()]}", said)
    said = _dated(said)
    said = _A_NUMBER_ALONE.sub(lambda m: _SMALL_NUMBERS[m[1].lower()], said)
    # all lower case, as a recogniser or a quick text writes it: a given name gets its
    # capital back, as the refused statement had it
    transcript = said == said.lower()
    return _WORD.sub(lambda m: _plain_word(m, transcript), said)


_MONTH_SAID = r"(?P<month>" + "|".join(sorted(MONTH_NUMBER, key=len, reverse=True)) + r")\.?"
# A day of a month, however written: "the 3rd of March", "March the 3rd", "3 Mar", and
# "03/03" or "3.3" where a birthday or a date is spoken of (day first, as in the UK)
_DAY_MONTH = re.compile(
    rf"\b(?:on )?(?:the )?(?P<day>\d{{1,2}})(?:st|nd|rd|th)?(?: of)? {_MONTH_SAID}\b"
    rf"|\b(?:on )?{_MONTH_SAID.replace('month', 'month2')} (?:the )?(?P<day2>\d{{1,2}})"
    r"(?:st|nd|rd|th)?\b",
    re.IGNORECASE,
)
_NUMBERED_DATE = re.compile(r"\b(?:on )?(?P<day>\d{1,2})[/.](?P<month>\d{1,2})(?:[/.]\d{2,4})?\b")
_OF_A_DATE = re.compile(r"\b(?:birthday|bday|anniversary|born|due|date)\b", re.IGNORECASE)
# "It's Taid's birthday on 3 march", "Taid was born on 3 march 1944": his birthday is
_BIRTHDAY_SAID = (
    (re.compile(r"^(?:it's|it is) ([\w'-]+'s (?:birthday|anniversary)) is ", re.I), r"\1 is "),
    (
        re.compile(r"\b([\w'-]+) (?:was|were) born is (\d{1,2} [a-z]+)(?: \d{4})?", re.I),
        r"\1's birthday is \2",
    ),
    # "Ernesto Morales, born March 3" (a twenty-third trial's, of a refused "Ernesto's
    # birthday is on March 3rd", went live)
    (
        re.compile(r"^([\w'-]+)(?: [A-Z][\w'-]+)?,? born is (\d{1,2} [a-z]+)(?: \d{4})?", re.I),
        r"\1's birthday is \2",
    ),
)


def _dated(said: str) -> str:
    """A day of a month as one form, "is 3 march": "Taid's bday is 03/03", "It's Taid's
    birthday on 3.3", "Dad's birthday is March the 3rd" (a twenty-first trial's, each of a
    refused "…birthday is on the 3rd of March", went live)."""

    def day_month(m: re.Match[str]) -> str:
        day, month = m["day"] or m["day2"], (m["month"] or m["month2"]).lower()
        return f"is {int(day)} {MONTHS[MONTH_NUMBER[month] - 1]}"

    said = _DAY_MONTH.sub(day_month, said)
    if _OF_A_DATE.search(said):
        said = _NUMBERED_DATE.sub(
            lambda m: (
                f"is {int(m['day'])} {MONTHS[int(m['month']) - 1]}"
                if 1 <= int(m["month"]) <= 12 and 1 <= int(m["day"]) <= 31
                else m[0]
            ),
            said,
        )
    said = re.sub(r"\s*(?:\b(?:is|on)\b|[,:])\s+is (?=\d)", " is ", said)
    for pattern, written in _BIRTHDAY_SAID:
        said = pattern.sub(written, said)
    return said


# Letters NFKD leaves whole: "Małgorzata" is written "Malgorzata" as often
_OWN_LETTERS = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D"})


def _unaccented(text: str) -> str:
    """ "Kraków" as "Krakow": a name typed with its accents or without."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_OWN_LETTERS))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _plain_word(match: re.Match[str], transcript: bool = False) -> str:
    word = match[0]
    lower = word.lower()
    if transcript and lower in given_names() and lower not in english_words():
        return word.capitalize()  # "zara's mocks…" typed or heard lower case: Zara's
    # a slip only in a word written lower case: "Mochi" is a name, never "Kochi"
    plain = (
        _plain().get(lower)
        or _APOSTROPHE.get(lower)
        or (_slip_of(lower) if word.islower() else None)
        or lower
    )
    if plain == lower:
        return word
    # "Nan" is "Grandma", but "GP" is "doctor": a capital only where the word had one alone
    return plain.capitalize() if word[:1].isupper() and not word.isupper() else plain


def _slip_of(word: str) -> str | None:
    """The one English word a slip of the keyboard can be ("alergic" -> "allergic"): a letter
    missing, doubled, swapped or wrong; None for a word English knows, a name, or a slip
    that could be two words."""
    known = english_words()
    if len(word) < _SHORTEST_SLIP or not known or word in known or word in given_names():
        return None
    if any(
        word.endswith(ending)
        and (word[: -len(ending)] in known or word[: -len(ending)] + "e" in known)
        for ending in _ENDINGS
    ):
        return None  # "tuesdays", "serviced": a known word's own form, never a slip
    found = {near for near in _one_slip(word) if near in known}
    return found.pop() if len(found) == 1 else None


def _one_slip(word: str) -> set[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    cuts = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    missing = {a + c + b for a, b in cuts for c in letters}
    extra = {a + b[1:] for a, b in cuts if b}
    swapped = {a + b[1] + b[0] + b[2:] for a, b in cuts if len(b) > 1}
    # a wrong letter only where a finger slips to: "priya" is never "prima"
    wrong = {a + c + b[1:] for a, b in cuts if b for c in _NEIGHBOURS.get(b[0], "")}
    return missing | extra | swapped | wrong


def _neighbours() -> dict[str, str]:
    rows = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
    near: dict[str, str] = {}
    for r, row in enumerate(rows):
        for c, key in enumerate(row):
            around = [row[c - 1] if c else "", row[c + 1] if c + 1 < len(row) else ""]
            for other in (r - 1, r + 1):
                if 0 <= other < len(rows):
                    around += rows[other][max(c - 1, 0) : c + 2]
            near[key] = "".join(around)
    return near


_NEIGHBOURS = _neighbours()
