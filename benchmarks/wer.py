"""Word error rate for the voice benchmarks: one small function any of them can import.

    from benchmarks.wer import wer, word_errors
    wer([("Set a timer for 12 minutes.", "set a timer for twelve minutes")])   # -> 0.0

Both sides are normalised the same way before the words are compared: lower case,
punctuation and apostrophes dropped ("what's" = "whats"), hyphens split, and numbers
written out as words, so "12", "twelve", "4:15" and "four fifteen" count as the same.
The "and" inside a spoken number ("one hundred and eighty") is dropped so that it
matches "180" written as "one hundred eighty". Nothing else is forgiven.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_ORDINAL = {"1": "first", "2": "second", "3": "third", "5": "fifth", "8": "eighth", "12": "twelfth"}
_NUMBER_WORDS = set(_ONES) | set(_TENS[2:]) | {"hundred", "thousand"}


def number_words(n: int) -> str:
    """0 <= n < 1,000,000 in words, without "and": 180 -> "one hundred eighty"."""
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + ("" if ones == 0 else " " + _ONES[ones])
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return _ONES[hundreds] + " hundred" + ("" if rest == 0 else " " + number_words(rest))
    thousands, rest = divmod(n, 1000)
    return number_words(thousands) + " thousand" + ("" if rest == 0 else " " + number_words(rest))


def _clock(match: re.Match) -> str:
    hours, minutes = int(match.group(1)), int(match.group(2))
    if minutes == 0:
        return f"{number_words(hours)} oclock"
    if minutes < 10:
        return f"{number_words(hours)} oh {number_words(minutes)}"
    return f"{number_words(hours)} {number_words(minutes)}"


def _ordinal(match: re.Match) -> str:
    digits = match.group(1)
    if digits in _ORDINAL:
        return _ORDINAL[digits]
    spoken = number_words(int(digits))
    last = spoken.split()[-1]
    if last in _ORDINAL.values():
        return spoken
    for word, ordinal in (("one", "first"), ("two", "second"), ("three", "third")):
        if last == word:
            return spoken[: -len(word)] + ordinal
    return (spoken[:-1] + "ieth") if spoken.endswith("y") else spoken + "th"


def words(text: str) -> list[str]:
    """The normalised words of a sentence."""
    text = text.lower().replace("£", " pounds ").replace("%", " percent ")
    text = re.sub(r"(\d+):(\d\d)", _clock, text)
    text = re.sub(r"(\d+)(?:st|nd|rd|th)\b", _ordinal, text)
    text = re.sub(r"(\d),(\d{3})", r"\1\2", text)
    text = re.sub(r"\d+(?:\.\d+)?", lambda m: " " + _decimal(m.group(0)) + " ", text)
    text = text.replace("'", "").replace("’", "")
    tokens = re.sub(r"[^a-z ]+", " ", text).split()
    # "one hundred and eighty" -> "one hundred eighty"
    return [
        t
        for i, t in enumerate(tokens)
        if not (
            t == "and"
            and 0 < i < len(tokens) - 1
            and tokens[i - 1] in ("hundred", "thousand")
            and tokens[i + 1] in _NUMBER_WORDS
        )
    ]


def _decimal(digits: str) -> str:
    whole, _, fraction = digits.partition(".")
    spoken = number_words(int(whole)) if len(whole) < 7 else " ".join(_ONES[int(d)] for d in whole)
    if fraction:
        spoken += " point " + " ".join(_ONES[int(d)] for d in fraction)
    return spoken


def word_errors(reference: str, heard: str) -> tuple[int, int]:
    """(edits, reference words): the Levenshtein distance over normalised words."""
    ref, hyp = words(reference), words(heard)
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        previous, row[0] = row[0], i
        for j, h in enumerate(hyp, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (r != h))
    return row[-1], len(ref)


def wer(pairs: Iterable[tuple[str, str]]) -> float:
    """Corpus WER over (reference, heard) pairs: all edits / all reference words."""
    edits = total = 0
    for reference, heard in pairs:
        e, n = word_errors(reference, heard)
        edits, total = edits + e, total + n
    return edits / total if total else 0.0
