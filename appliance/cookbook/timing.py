"""What a step says about time and heat: the timer it offers, the oven it asks for.

    step_seconds("Bake for 20-25 minutes until golden")  -> 1200 (check at the earliest)
    step_seconds("Leave to rise overnight")              -> None (no timer to offer)
    oven_said("Heat the oven to 180C/160C fan/gas 4.")   -> "180C/160C fan/gas 4"

Durations are read by the household's own reader (appliance.household.spoken), so a
step's "1 hr 15 min" means what a spoken timer's does. A range offers its lower bound:
the cook checks early, and "five more minutes" is one word away. Under a minute is no
timer a cook sets from a recipe ("stir for 30 seconds").
"""

from __future__ import annotations

import re

from appliance.household import spoken
from appliance.numbers import GLYPHS, number_at

MIN_TIMER_SECONDS = 60
_RANGE_WORDS = ("to", "or")


def _plain(text: str) -> str:
    """Glyph fractions as decimals ("1½ hours" -> "1.5 hours") for the duration reader,
    and "one more minute" as "one minute"."""
    for glyph, value in GLYPHS.items():

        def decimal(found: re.Match[str], value: float = value) -> str:
            return f"{int(found[1] or 0) + value:g}"

        text = re.sub(rf"(\d*)\s*{glyph}", decimal, text)
    # "one more minute", "a further 10 minutes": the length is what is counted
    return re.sub(r"\b(?:more|further|extra)\s+(?=(?:minutes?|mins?|hours?|hrs?)\b)", "", text)


def step_seconds(step: str) -> int | None:
    """The timer a step offers, in seconds: its first duration (a range's lower bound)."""
    tokens = spoken.words(_plain(step))
    found = spoken.duration_in(tokens)
    if found is None:
        return None
    seconds = found.value
    lower = _range_start(tokens, found.start)
    if lower is not None:
        said = number_at(tokens, found.start)
        if said is not None and said[0] > 0:
            seconds = seconds * lower / said[0]
    if seconds < MIN_TIMER_SECONDS:
        return None
    return round(seconds)


def _range_start(tokens: list[str], start: int) -> float | None:
    """The first number of "20-25 minutes" or "20 to 25 minutes" before the span's number."""
    before = tokens[max(0, start - 2) : start]
    if len(before) == 2 and before[1] in _RANGE_WORDS:
        found = number_at(tokens, start - 2)
        return found[0] if found is not None and found[1] == start - 1 else None
    if before:
        found = number_at(tokens, start - 1)
        return found[0] if found is not None and found[1] == start else None
    return None


_OVEN = re.compile(
    r"(?P<said>(?:\d{2,3}\s*(?:°\s*|º\s*|degrees\s*)?(?:c|f|celsius|fahrenheit)\b"
    r"(?:\s*(?:/|\(|,|or)\s*(?:\d{2,3}\s*(?:°\s*)?(?:c|f)?\s*fan|fan\s*\d{2,3}\s*(?:°\s*)?c?)\)?)?"
    r"(?:\s*(?:/|\(|,|or)\s*gas(?:\s*mark)?\s*\d+\)?)?)"
    r"|gas\s*mark\s*\d+|fan\s*\d{2,3}\s*(?:°\s*)?c?)",
    re.IGNORECASE,
)
_HEAT_WORDS = ("oven", "bake", "roast", "heat", "gas", "fan")


def oven_said(step: str) -> str | None:
    """The oven temperature a step names, as written ("180C/160C fan/gas 4"), or None.

    A step that names a temperature but no oven (a sugar thermometer's 115C) is not
    an oven's, unless the recipe's wording is about heating or baking."""
    lowered = step.lower()
    if not any(word in lowered for word in _HEAT_WORDS):
        return None
    found = _OVEN.search(step)
    return found["said"].strip(" (),/") if found else None
