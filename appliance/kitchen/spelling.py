"""Slips of the keyboard in a kitchen question: "chiken", "spagetti", "tablspoons".

Tried only when a question found nothing as typed (ask.py), so a word the tables do
not know but English does ("leave", "baking") is never bent into a food. A word is
read as a known one when exactly one known word is a slip away and begins with the
same letter: one letter added, dropped, changed or two swapped, or two such slips in
a word of eight letters or more ("brocolli" for "broccoli").
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache


def slips(said: str, known: str) -> int:
    """The edits between two words (Damerau: a swap of neighbours is one), at most 3."""
    if abs(len(said) - len(known)) > 2:
        return 3
    rows = [list(range(len(known) + 1))]
    for i, a in enumerate(said, start=1):
        row = [i]
        for j, b in enumerate(known, start=1):
            cost = 0 if a == b else 1
            row.append(min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + cost))
            if i > 1 and j > 1 and a == known[j - 2] and said[i - 2] == b:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return min(rows[-1][-1], 3)


_ENDINGS = ("ing", "ed", "es", "er", "s", "d", "ly")


def _stem(word: str) -> str:
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


def same_word(said: str, known: str) -> bool:
    """ "pickled" and "pickles", "boiled" and "boiler": two forms of one English word,
    never a slip to correct ("pickled walnut chutney" is no jar of pickles)."""
    return _stem(said) == _stem(known) or _stem(said) + "e" == _stem(known)


def one_slip(said: str, known: str) -> bool:
    return said != known and said[:1] == known[:1] and slips(said, known) == 1


# Words Hearth's own commands use: a cook saying "repeat" while cooking means it, and
# "reheat" is one letter away ("repeat" answered with the reheating rule).
_COMMAND_WORDS = frozenset(
    "repeat again pardon next back start stop timer timers recipe recipes remind double "
    "halve quit finish continue".split()
)


@cache
def _by_first_letter(known: frozenset[str]) -> dict[str, tuple[str, ...]]:
    grouped: dict[str, list[str]] = {}
    for word in known:
        grouped.setdefault(word[:1], []).append(word)
    return {letter: tuple(words) for letter, words in grouped.items()}


def fix_slips(
    words: Iterable[str], known: frozenset[str], english: frozenset[str] = frozenset()
) -> list[str]:
    """`words` with each unknown word of five letters or more read as the known word
    it is fewest slips from, where only one is that near; never a word `english` holds
    ("battery" is no slip for "batter")."""
    fixed = []
    for word in words:
        if (
            word in known
            or word in english
            or len(word) < 5
            or not word.isalpha()
            or word in _COMMAND_WORDS
        ):
            fixed.append(word)
            continue
        allowed = 2 if len(word) >= 8 else 1
        by_distance: dict[int, list[str]] = {}
        for known_word in _by_first_letter(known).get(word[:1], ()):
            if (distance := slips(word, known_word)) <= allowed and not same_word(word, known_word):
                by_distance.setdefault(distance, []).append(known_word)
        nearest = by_distance[min(by_distance)] if by_distance else []
        fixed.append(nearest[0] if len(nearest) == 1 else word)  # the one nearest, or none
    return fixed
