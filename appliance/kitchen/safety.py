"""Food safety: how long food keeps, how hot it must get, and what not to do, from tables.

A food-safety number never comes from a model: a wrong one makes someone ill. A
question of this kind is answered from storage.csv, core_temperatures.csv or
safety_rules.csv (each row naming the FSA, NHS or USDA page it comes from), and a
question of this kind the tables do not answer gets an honest "I'm not sure" with
what to do instead, never a guess and never the model.

    safety_question(tokens("how long does cooked chicken keep in the fridge"))
      -> "Cooked chicken keeps 3 to 4 days in the fridge (USDA FSIS FoodKeeper). …"
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from appliance.kitchen.tables import (
    CoreTemperature,
    SafetyRule,
    Storage,
    Tables,
)

UNSURE = (
    "I'm not sure, and I won't guess about food safety: check the packet or the label, "
    "and if in doubt, throw it out."
)

# Food out of the fridge, however it is said; one fragment for the three patterns below.
_OUT = (
    r"left out|out overnight|room temperature|on the side|out all|out of the fridge|stay out|"
    r"stays out|sit out|sits out|sat out|sitting out|be out|on the counter|on the worktop"
)
# What makes a question a food-safety question at all.
_SAFETY_WORDS = re.compile(
    r"\b(still good|still ok|still okay|still safe|still fine|go off|gone off|goes off|safe|"
    r"unsafe|ok to eat|okay to eat|fine to eat|food poisoning|poison|poisoning|refreeze|"
    r"re freeze|freeze again|freeze it again|defrost|defrosted|defrosting|thaw|thawed|thawing|"
    r"reheat|reheated|reheating|re heat|warm up again|overnight|" + _OUT + "|"
    r"use by|best before|out of date|expired|mould|mouldy|mold|moldy|smell|smells|smelly|"
    r"fizzy|bulging|slimy|raw|undercooked|pink|core temperature|internal temperature|"
    r"cooked to|cook it to|wash|can (i|you|we) freeze|freezable|hot food|cool down|cooling)\b"
    r"|\bwhat temp(erature)? (should|does|must|do) .*\b(be|reach|get to)\b"
)
# "keep", "last" and "good for" ask about safety only with "how long" or a place.
_KEEPING = re.compile(
    r"\b(how long|how many (days|weeks|months|hours))\b.*\b(keep|keeps|last|lasts|good|store|"
    r"stay|stays|fridge|freezer)\b|\b(keep|keeps|last|lasts|good|store)\b.*\b(fridge|freezer|"
    r"frozen)\b"
)
_TOPICS = (
    ("chicken_wash", re.compile(r"\bwash(ing)?\b")),
    ("refreeze", re.compile(r"\b(refreeze|re freeze|refrozen|freeze (it |them )?again)\b")),
    (
        "thaw_time",
        re.compile(r"\bhow long\b.*\b(?:defrost|thaw)(?!ed)"),  # not "once defrosted"
    ),
    ("defrost", re.compile(r"\b(defrost|defrosting|defrosted|thaw|thawing|thawed)\b")),
    (
        "left_out",
        re.compile(r"\b(overnight|" + _OUT + r")\b"),
    ),
    ("use_by", re.compile(r"\b(use by|best before|out of date|expired|past (its|the) date)\b")),
    ("mould", re.compile(r"\b(mould|mouldy|mold|moldy)\b")),
    ("marinade", re.compile(r"\bmarinad")),
    ("cooling", re.compile(r"\b(cool (down )?before|hot food in the fridge|put hot|cool it)\b")),
    ("reheat", re.compile(r"\b(reheat|reheating|reheated|re heat|warm up again|heat up again)")),
    (
        "eggs",
        re.compile(
            r"\b(raw|runny|soft|dippy|undercooked)\b.*\beggs?\b|\beggs?\b.*\b(raw|runny|lion|pregnan)"
        ),
    ),
)
_HOW_HOT = re.compile(
    r"\b(temperature|temp|how hot|degrees|core|internal|cooked (through )?to|cook (it |them )?to|"
    r"reheat(ed)? to|pink|undercooked|rare|cooked through)\b"
)
# "what temperature should chicken be": the inside of the food, not the oven.
_FOOD_HOT = re.compile(r"\bwhat temp(erature)? (should|does|must|do) .*\b(be|reach|get to)\b")
_HOW_LONG = re.compile(
    r"\b(how long|how many days|how many months|how many weeks|how many hours|"
    r"still (good|ok|okay|safe|fine)|keep|keeps|last|lasts|good for|use within|from "
    r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|last week))\b"
)
_PLACES = (
    ("freezer", re.compile(r"\b(freezer|frozen|freeze)\b")),
    (
        "room",
        re.compile(r"\b(" + _OUT + r")\b"),
    ),
    ("cupboard", re.compile(r"\b(cupboard|pantry|larder)\b")),
    ("fridge", re.compile(r"\b(fridge|refrigerator|chilled)\b")),
)
_STATES = (
    ("cooked", re.compile(r"\b(cooked|leftover|leftovers|left over|takeaway|roast|boiled)\b")),
    ("raw", re.compile(r"\b(raw|uncooked|fresh)\b")),
    ("opened", re.compile(r"\b(opened|open)\b")),
    ("defrosted", re.compile(r"\b(defrosted|thawed)\b")),
)
_STOP = frozenset(
    "a an the is it to of in on for and or i you we my our your can should do does how what "
    "long much many be that this with it's its if".split()
)


@dataclass(frozen=True)
class SafetyAnswer:
    text: str
    source: str
    sure: bool  # False: the honest "I'm not sure" (no row answered)


def _words(text: str) -> set[str]:
    return {w.rstrip("s") for w in re.findall(r"[a-z]+", text.lower())} - _STOP


def is_safety_question(words: list[str]) -> bool:
    said = " ".join(words)
    return _SAFETY_WORDS.search(said) is not None or _KEEPING.search(said) is not None


def _food(words: list[str], tables: Tables) -> str | None:
    """The longest food any safety table knows, said in the question."""
    best: str | None = None
    for table in (tables.storage, tables.core_temperatures, tables.safety_rules):
        found = table.named_in(words)
        if found is not None and found[0] != "any" and (best is None or len(found[0]) > len(best)):
            best = found[0]
    return best


def _say_range(least: float, most: float, unit: str) -> str:
    def one(value: float) -> str:
        return f"{value:g}"

    plural = unit if least == most == 1 else f"{unit}s"
    if least == most:
        return f"{one(least)} {plural}"
    return f"{one(least)} to {one(most)} {unit}s"


def _first_sentences(note: str, limit: int = 2) -> str:
    sentences = re.split(r"(?<=[.!?])\s+", note.strip())
    return " ".join(sentences[:limit])


def _rule(topic: str, food: str | None, said: str, tables: Tables) -> SafetyRule | None:
    """The rule of a topic for this food (a food's own rule before an 'any' one), the one
    whose answer shares most words with the question."""
    asked = _words(said)
    candidates = [r for r in tables.safety_rules if r.topic == topic]
    if not candidates:
        return None

    def score(rule: SafetyRule) -> tuple[int, int]:
        specific = 2 if food is not None and food in rule.foods else 0
        general = 1 if "any" in rule.foods else 0
        return specific + general, len(asked & _words(rule.answer + " " + " ".join(rule.foods)))

    best = max(candidates, key=score)
    if food is not None and food not in best.foods and "any" not in best.foods:
        return None
    return best


def _core(food: str | None, tables: Tables) -> CoreTemperature | None:
    if food is None:
        return None
    rows = [r for r in tables.core_temperatures if food in r.names]
    return rows[0] if rows else None


def _storage(food: str | None, said: str, tables: Tables) -> list[Storage]:
    if food is None:
        return []
    rows = [r for r in tables.storage if food in r.names]
    place = next((p for p, pattern in _PLACES if pattern.search(said)), "fridge")
    at_place = [r for r in rows if r.place == place]
    if not at_place:
        return []
    state = next((s for s, pattern in _STATES if pattern.search(said)), None)
    if state is not None and (same := [r for r in at_place if r.state == state]):
        return same
    if state is None and food.startswith(("cooked", "leftover")):
        return [r for r in at_place if r.state == "cooked"] or at_place
    return at_place


def _storage_said(rows: list[Storage]) -> SafetyAnswer:
    where = {
        "fridge": "in the fridge",
        "freezer": "in the freezer",
        "cupboard": "in the cupboard",
        "room": "out at room temperature",
    }
    parts = []
    for row in rows:
        what = row.food if len(rows) == 1 else f"{row.state} {row.food}"
        how_long = _say_range(row.least, row.most, row.unit)
        parts.append(f"{what} keeps {how_long} {where[row.place]}")
    first = rows[0]
    note = _first_sentences(first.note) if first.note else ""
    said = "; ".join(parts)
    text = said[0].upper() + said[1:] + f" ({first.source})." + (f" {note}" if note else "")
    return SafetyAnswer(text, first.source, True)


def safety_question(words: list[str], tables: Tables) -> SafetyAnswer | None:
    """The answer to a food-safety question, the honest "not sure", or None if not one."""
    if not is_safety_question(words):
        return None
    said = " ".join(words)
    food = _food(words, tables)
    for topic, pattern in _TOPICS:
        if pattern.search(said) and (topic != "chicken_wash" or food is not None):
            if topic == "reheat" and _HOW_HOT.search(said):
                break  # "what temperature should leftovers be reheated to": a core temperature
            asks_how_long = _HOW_LONG.search(said) and "overnight" not in said
            if topic == "left_out" and asks_how_long and (rows := _storage(food, said, tables)):
                return _storage_said(rows)  # the food's own row ("rice: 1 hour") first
            if (rule := _rule(topic, food, said, tables)) is not None:
                return SafetyAnswer(rule.answer, rule.source, True)
            return SafetyAnswer(UNSURE, "", False)
    if _HOW_HOT.search(said):
        wanted = "reheat" if re.search(r"\breheat", said) else food
        core = _core(wanted if wanted == "reheat" else food, tables) or (
            _core("leftovers", tables) if "reheat" in said else None
        )
        if core is not None:
            rest = f", then rest it {core.rest_minutes:g} minutes" if core.rest_minutes else ""
            note = _first_sentences(core.note, 1) if core.note else ""
            text = (
                f"{core.food[0].upper()}{core.food[1:]}: {core.celsius:g} °C "
                f"({core.fahrenheit:g} °F) in the thickest part{rest} ({core.source})."
                + (f" {note}" if note else "")
            )
            return SafetyAnswer(text, core.source, True)
    if _HOW_LONG.search(said) and (rows := _storage(food, said, tables)):
        return _storage_said(rows)
    return SafetyAnswer(UNSURE, "", False)
