"""The months by name, one table for every part that reads a date: the household's moments
(household/moments.py) and memory's plain words, where a day of a month is read one way
however it is written (memory/plain_words.py)."""

from __future__ import annotations

MONTHS = (
    "january february march april may june july august september october november december"
).split()
