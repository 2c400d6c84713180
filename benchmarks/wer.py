"""Word error rate that measures hearing, not formatting; and the error rate on names.

    score = Score.of(reference, heard, names)       # one utterance
    total = sum(scores, Score())                     # many; total.wer, total.names_wer

Both sides are normalised the same way first: lower case, punctuation and hyphens
dropped, digits written as words ("4" -> "four", "25" -> "twenty five", "6:30" -> "six
thirty", "7:05" -> "seven oh five", "6.30" as "6:30", "9th" -> "ninth", "£5" -> "five
pounds"), "o'clock" dropped (Whisper writes "7:00" for "seven o'clock"), a few
contractions spelled out
("what's" -> "what is") and a possessive 's dropped ("Siobhan's" -> "siobhan"). So
"Set a timer for 12 minutes." and "set a timer for twelve minutes" are the same words.

The word error rate is the Levenshtein distance over words divided by the reference's
word count. The names error rate counts, of the reference words that are names, those
not aligned to the same word in the transcript (a name misheard, dropped, or split in
two), over the number of name words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_ORDINAL = {
    "one": "first",
    "two": "second",
    "three": "third",
    "five": "fifth",
    "eight": "eighth",
    "nine": "ninth",
    "twelve": "twelfth",
}
_CONTRACTIONS = {
    "what's": "what is",
    "that's": "that is",
    "it's": "it is",
    "where's": "where is",
    "who's": "who is",
    "there's": "there is",
    "how's": "how is",
    "let's": "let us",
    "can't": "cannot",
    "don't": "do not",
    "doesn't": "does not",
    "didn't": "did not",
    "isn't": "is not",
    "won't": "will not",
    "i'm": "i am",
    "i'll": "i will",
    "we're": "we are",
    "they're": "they are",
    "you're": "you are",
    "okay": "ok",
}
_TOKEN = re.compile(r"£?\d+(?:,\d{3})*(?:[:.]\d+)?(?:st|nd|rd|th|am|pm)?|[a-z]+(?:'[a-z]+)*")


_NUMBER_WORDS = frozenset(_ONES) | frozenset(_TENS[2:])
# "8.36": Whisper writes a time the British way as often as "8:36", and Hearth reads it as
# a time (brain/bounds.py); a decimal said aloud has one fraction digit ("1.5") or is not
# a clock's hour and minutes.
_DOTTED_TIME = re.compile(r"(?:[01]?\d|2[0-3])\.[0-5]\d")


def number_words(n: int) -> str:
    """0..999999 in words, British style without "and": 125 -> "one hundred twenty five"."""
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f" {_ONES[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_ONES[hundreds]} hundred" + (f" {number_words(rest)}" if rest else "")
    thousands, rest = divmod(n, 1000)
    return f"{number_words(thousands)} thousand" + (f" {number_words(rest)}" if rest else "")


def _ordinal(words: str) -> str:
    head, _, last = words.rpartition(" ")
    if last in _ORDINAL:
        last = _ORDINAL[last]
    elif last.endswith("y"):
        last = last[:-1] + "ieth"
    else:
        last += "th"
    return f"{head} {last}".strip()


def _spell(token: str) -> str:
    pounds = token.startswith("£")
    token = token.lstrip("£")
    suffix = ""
    for end in ("st", "nd", "rd", "th", "am", "pm"):
        if token.endswith(end):
            token, suffix = token[: -len(end)], end
            break
    token = re.sub(r"[:.,]$", "", token)
    if ":" in token or _DOTTED_TIME.fullmatch(token):
        hour, minute = (int(part) for part in re.split(r"[:.]", token)[:2])
        said = number_words(hour)
        if minute:
            said += (" oh " if minute < 10 else " ") + number_words(minute)
    elif "." in token:
        whole, _, fraction = token.partition(".")
        fraction = re.sub(r"\D", "", fraction)
        said = f"{number_words(int(whole))} point " + " ".join(_ONES[int(d)] for d in fraction)
    else:
        said = number_words(int(token.replace(",", "")))
    if suffix in ("st", "nd", "rd", "th"):
        said = _ordinal(said)
    elif suffix:
        said += f" {suffix}"
    return said + (" pounds" if pounds else "")


# Written and said forms of the same unit, scored as one: "2 tbsp" = "two tablespoons".
_UNIT_FORMS = {
    "g": "g gram grams gramme grammes",
    "kg": "kg kilo kilos kilogram kilograms",
    "ml": "ml millilitre millilitres milliliter milliliters",
    "litre": "litre litres liter liters",
    "tsp": "tsp teaspoon teaspoons",
    "tbsp": "tbsp tablespoon tablespoons",
    "oz": "oz ounce ounces",
    "pounds": "lb lbs pound pounds",  # money too ("£5"): the same word either way
    "cm": "cm centimetre centimetres centimeter centimeters",
}
_UNIT = {form: unit for unit, forms in _UNIT_FORMS.items() for form in forms.split()}
_SPLIT_UNIT = {("table", "spoon"): "tbsp", ("table", "spoons"): "tbsp", ("tea", "spoon"): "tsp"}
# A fraction as written -> as said (tests/voice/test_aloud.py reads amounts with it too).
FRACTION_SAID = {
    "½": "half",
    "¼": "quarter",
    "¾": "three quarters",
    "⅓": "third",
    "⅔": "two thirds",
    "⅛": "eighth",
    "1/2": "half",
    "1/4": "quarter",
    "3/4": "three quarters",
    "1/3": "third",
    "2/3": "two thirds",
}
_FRACTION_SIGN = re.compile(r"(?<![\d/])(?:1/2|1/4|3/4|1/3|2/3)(?![\d/])|[½¼¾⅓⅔⅛]")
_POINT = {
    ("point", "five"): "half",
    ("point", "two", "five"): "quarter",
    ("point", "seven", "five"): "three quarters",
}
_FRACTION_WORDS = frozenset({"half", "quarter", "quarters", "third", "thirds", "eighth"})
# a clock time Whisper writes as one number after "at" or "it's": "at 1800", "it's 1752"
_RANGE = re.compile(r"(\d)\s*[-–]\s*(\d)")
_RUN_TOGETHER_TIME = re.compile(r"(?:[01]?\d|2[0-3])[0-5]\d")


def words(text: str) -> list[str]:
    """The words of `text` as scored: see the module's doc."""
    text = _RANGE.sub(r"\1 to \2", text.lower())  # Whisper writes "1 to 2 days" as "1-2 days"
    text = text.replace("’", "'").replace("-", " ").replace("a.m.", "am")
    text = text.replace("gasmark", "gas mark")  # Whisper writes it as one word as often
    text = text.replace("p.m.", "pm").replace("o'clock", " ")
    text = re.sub(r"\s*°\s*c\b|\bdegrees c\b", " degrees celsius", text)
    text = re.sub(r"\s*°\s*f\b|\bdegrees f\b", " degrees fahrenheit", text)
    text = _FRACTION_SIGN.sub(lambda m: f" {FRACTION_SAID[m[0]]} ", text.replace("°", " degrees "))
    tokens = _TOKEN.findall(text)
    found: list[str] = []
    for at, token in enumerate(tokens):
        if token[0].isdigit() or token[0] == "£":
            if _said_as_time(token, found, tokens[at + 1 : at + 2]):
                token = f"{token[:-2]}:{token[-2:]}"
            found += _spell(token).split()
            continue
        token = _CONTRACTIONS.get(token, token)
        found += [w.removesuffix("'s").replace("'", "") for w in token.split()]
    return _units_and_fractions([w for w in found if w])


def _said_as_time(token: str, before: list[str], after: list[str]) -> bool:
    """'1800' in "it rings at 1800" is Whisper's way of writing 18:00 (not "at 200 degrees")."""
    digits = token.replace(",", "")
    return (
        _RUN_TOGETHER_TIME.fullmatch(digits) is not None
        and (before[-1:] == ["at"] or before[-2:] == ["it", "is"])
        and not (after and (after[0] in _UNIT or after[0].startswith("degree")))
    )


def _units_and_fractions(found: list[str]) -> list[str]:
    """One form for a unit and a fraction, and no "and" a British 180 says."""
    out: list[str] = []
    i = 0
    while i < len(found):
        pair, triple = tuple(found[i : i + 2]), tuple(found[i : i + 3])
        if pair in _SPLIT_UNIT:
            out.append(_SPLIT_UNIT[pair])
            i += 2
        elif triple in _POINT or pair in _POINT:
            key = triple if triple in _POINT else pair
            out += _POINT[key].split()
            i += len(key)
        else:
            out.append(_UNIT.get(found[i], found[i]))
            i += 1
    return [w for at, w in enumerate(out) if not _joiner(out, at)]


def _joiner(found: list[str], at: int) -> bool:
    """A word that only joins a number to a fraction, or a unit to its amount: "one and a
    half", "half a cup", "a quarter of a teaspoon", "one hundred and eighty"."""
    w = found[at]
    before, after = found[at - 1] if at else "", found[at + 1] if at + 1 < len(found) else ""
    if w == "and" and before in ("hundred", "thousand") and after in _NUMBER_WORDS:
        return True  # "one hundred and eighty" is how a British speaker says 180
    a_fraction_next = after in _FRACTION_WORDS or (
        after in ("a", "an") and found[at + 2 : at + 3] != [] and found[at + 2] in _FRACTION_WORDS
    )
    if w in ("a", "an", "zero") and after in _FRACTION_WORDS:
        return True  # "a half", "0.5" said "zero point five" (now "zero half")
    if w == "and" and before in _NUMBER_WORDS | {"hundred"} and a_fraction_next:
        return True  # "one and a half"
    if w in ("a", "an", "of"):
        return before in _FRACTION_WORDS or (
            before == "of" and at >= 2 and found[at - 2] in _FRACTION_WORDS
        )
    return False


def _align(ref: list[str], hyp: list[str]) -> tuple[int, list[bool]]:
    """(edit distance, for each reference word whether it is matched to the same word)."""
    rows = [[0] * (len(hyp) + 1) for _ in range(len(ref) + 1)]
    for j in range(len(hyp) + 1):
        rows[0][j] = j
    for i in range(1, len(ref) + 1):
        rows[i][0] = i
        for j in range(1, len(hyp) + 1):
            rows[i][j] = min(
                rows[i - 1][j] + 1,
                rows[i][j - 1] + 1,
                rows[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]),
            )
    matched = [False] * len(ref)
    i, j = len(ref), len(hyp)
    while i > 0 and j > 0:
        same = ref[i - 1] == hyp[j - 1]
        if rows[i][j] == rows[i - 1][j - 1] + (not same):
            matched[i - 1] = same
            i, j = i - 1, j - 1
        elif rows[i][j] == rows[i - 1][j] + 1:
            i -= 1
        else:
            j -= 1
    return rows[-1][-1], matched


@dataclass(frozen=True)
class Score:
    edits: int = 0
    words: int = 0
    name_misses: int = 0
    name_words: int = 0

    @classmethod
    def of(cls, reference: str, heard: str, names: Iterable[str] = ()) -> Score:
        ref, hyp = words(reference), words(heard)
        edits, matched = _align(ref, hyp)
        wanted = {w for name in names for w in words(name)}
        flags = [ok for word, ok in zip(ref, matched, strict=True) if word in wanted]
        return cls(edits, len(ref), flags.count(False), len(flags))

    def __add__(self, other: Score) -> Score:
        return Score(
            self.edits + other.edits,
            self.words + other.words,
            self.name_misses + other.name_misses,
            self.name_words + other.name_words,
        )

    @property
    def wer(self) -> float:
        return self.edits / self.words if self.words else 0.0

    @property
    def names_wer(self) -> float:
        return self.name_misses / self.name_words if self.name_words else 0.0


_NOT_NAMES = frozenset(
    """i monday tuesday wednesday thursday friday saturday sunday january february march
    april may june july august september october november december easter christmas""".split()
)


def names_in(sentences: Iterable[str]) -> set[str]:
    """The names of a set of sentences: each word written with a capital anywhere but at
    the start of its sentence (days, months, holidays and "I" are not names), so "Tilly"
    is a name in "Remember that Tilly…" and then in "Tilly wants…" too."""
    found = set()
    for sentence in sentences:
        for word in re.findall(r"[A-Za-z][A-Za-z'’-]*", sentence)[1:]:
            bare = words(word)
            if word[0].isupper() and bare and bare[0].removesuffix("s") not in _NOT_NAMES:
                found.add(word.replace("’", "'").removesuffix("'s"))
    return found


def wer(pairs: Iterable[tuple[str, str]]) -> float:
    """The word error rate over (reference, heard) pairs, pooled over all their words."""
    return sum((Score.of(reference, heard) for reference, heard in pairs), Score()).wer
