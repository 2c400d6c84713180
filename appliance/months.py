"""The months by name, one table for every part that reads a date: the household's moments
(household/moments.py) and memory's plain words, where a day of a month is read one way
however it is written (memory/plain_words.py)."""

from __future__ import annotations

MONTHS = (
    "january february march april may june july august september october november december"
).split()

# Each month by its name and as it is written short ("dec 17", "3 Mar"): its number, 1 to 12
MONTH_NUMBER = {
    **{month: n for n, month in enumerate(MONTHS, 1)},
    **{month[:3]: n for n, month in enumerate(MONTHS, 1)},
    "sept": 9,
}
