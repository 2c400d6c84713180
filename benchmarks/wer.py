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


def words(text: str) -> list[str]:
    """The words of `text` as scored: see the module's doc."""
    text = text.lower().replace("’", "'").replace("-", " ").replace("a.m.", "am")
    text = text.replace("p.m.", "pm").replace("o'clock", " ")
    found: list[str] = []
    for token in _TOKEN.findall(text):
        if token[0].isdigit() or token[0] == "£":
            found += _spell(token).split()
            continue
        token = _CONTRACTIONS.get(token, token)
        found += [w.removesuffix("'s").replace("'", "") for w in token.split()]
    found = [w for w in found if w]
    # "one hundred and eighty" is how a British speaker says 180: the "and" is formatting.
    return [
        w
        for at, w in enumerate(found)
        if not (
            w == "and"
            and 0 < at < len(found) - 1
            and found[at - 1] in ("hundred", "thousand")
            and found[at + 1] in _NUMBER_WORDS
        )
    ]


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
