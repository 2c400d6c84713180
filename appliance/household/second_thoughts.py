"""A command said and then taken back, or put right, in the same breath.

    "Clear the list? No, don't do that."        -> TakenBack(ClearList())
    "remind me at 6 to call Mum. Never mind."   -> TakenBack(Remind(...))
    "set a timer for 5 minutes, no, 10"         -> SetTimer(None, 600.0)
    "add milk, no wait, add eggs"               -> AddItems(("eggs",))

A person changes their mind mid-sentence; read whole, such a sentence set the reminder
with "never mind" inside its errand, or put "no wait" on the list. So the words after a
take-back decide: a command said whole is that command; a number is the same command with
its number put right; anything else leaves things as they were, and the reply says so.
When in doubt nothing is done: a take-back never becomes an action of its own.

Only a clause that begins with a take-back counts, after a comma or a sentence's end
(phrase_words.normalise(sentences=True)). "No" counts alone or before another take-back
or a number ("no, 10", "no wait"), never as a word of an item ("crisps, no salt ones");
"sorry", "actually" and "I mean" only bring a correction ("cancel the reminder, actually
it's done" is a reason, not a change of mind).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from appliance.household import spoken
from appliance.household.requests import (
    CheckItem,
    ClockDate,
    ClockTime,
    Command,
    DaysUntil,
    ListReminders,
    ReadList,
    TakenBack,
    TimerStatus,
)
from appliance.numbers import number_at

# Said alone, or at a clause's start, each takes back what went before it.
_TAKES_BACK = re.compile(
    r"^(?:no wait|wait no|no no|nope|nah|wait|hang on|hold on|never ?mind|scratch that|"
    r"forget (?:that|it)|ignore (?:that|me)|cancel that|leave it|not yet|not now|"
    r"(?:only |just )?(?:joking|kidding)|on second thoughts?|actually no|"
    r"(?:don't|do not)(?: do (?:that|it)| bother| worry(?: about it)?)?$|no(?= |$))\b ?"
)
# Said before a correction, they take nothing back alone: "set a timer for 5 minutes, sorry,
# 10", never "cancel the reminder, actually it's done".
_BRINGS_A_CORRECTION = re.compile(
    r"^(?:sorry|actually|i mean|i meant|or rather|rather|make (?:it|that)|let's say|say)\b ?"
)
# "No" takes back only alone or before one of these: "no, 10", "no wait", not "no salt ones".
_AFTER_NO = re.compile(r"^(?:\d|wait|no\b|sorry|actually|i mean|make|never|don't|do not|leave)")

# Questions only read: said and taken back, there is nothing to leave as it was.
_ONLY_READS = (ClockTime, ClockDate, DaysUntil, ReadList, CheckItem, ListReminders, TimerStatus)

_NUMBER_TOKEN = re.compile(r"\d+(?:[.:]\d+)?(?:am|pm)?")


def second_thoughts(said: str, read: Callable[[str], Command | None]) -> Command | None:
    """The command a sentence with a change of mind in it makes, or None when it has none
    (the sentence is read as it stands).

    `said`: normalised with its sentences' ends as commas; `read`: the household's reading
    of a whole sentence (phrases.py), so every command here is one the rules read."""
    clauses = said.split(" , ")
    for i in range(1, len(clauses)):
        after = _after_a_take_back(" , ".join(clauses[i:]))
        if after is None:
            continue
        head = " , ".join(clauses[:i])
        first = read(head)
        if first is None:
            return None  # no command before it to take back or put right
        rest, taken = after
        if rest and (again := read(rest)) is not None and not isinstance(again, _ONLY_READS):
            return again  # "no wait, add eggs": the command said whole
        corrected = _with_number(head, rest) if rest else None
        if corrected is not None and type(now := read(corrected)) is type(first):
            return now  # "no, 10": the same command, its number put right
        return TakenBack(first) if taken else None
    return None


def takes_back(said: str) -> bool:
    """Whether `said` is only words that take back ("no", "never mind", "forget it"): the
    answer to "For how long?" that asks for nothing."""
    return _after_a_take_back(said) == ("", True)


def _after_a_take_back(text: str) -> tuple[str, bool] | None:
    """The words after the take-back words `text` starts with, and whether those took back
    by themselves (not only "sorry" or "actually"); None when it starts with none."""
    rest, taken, brought = text, False, False
    while True:
        rest = rest.lstrip(" ,")
        if (hit := _TAKES_BACK.match(rest)) is not None:
            if hit.group().strip() == "no" and not _no_counts(rest[hit.end() :]):
                break
            taken, rest = True, rest[hit.end() :]
        elif (hit := _BRINGS_A_CORRECTION.match(rest)) is not None:
            brought, rest = True, rest[hit.end() :]
        else:
            break
    if not (taken or brought):
        return None
    return rest.strip(" ,"), taken


def _no_counts(after: str) -> bool:
    after = after.lstrip(" ")
    return not after or after.startswith(",") or _AFTER_NO.match(after) is not None


def _with_number(head: str, rest: str) -> str | None:
    """`head` with its last number said again as `rest`: ("set a timer for 5 minutes",
    "10") -> "set a timer for 10 minutes"; None unless `rest` is a number (and its unit)."""
    said = [t for t in rest.split(" ") if t not in ("at", "for", "it's", "its", "about")]
    new = _number_span(said, 0)
    if new is None:
        return None
    unit = said[new:]
    if len(unit) > 1 or (unit and not spoken.is_unit(unit[0])):
        return None
    tokens = head.split(" ")
    spans = [(j, end) for j in range(len(tokens)) if (end := _number_span(tokens, j)) is not None]
    if not spans:
        return None
    start, end = spans[-1]
    if unit and end < len(tokens) and spoken.is_unit(tokens[end]):
        end += 1  # "5 minutes" said again as "10 seconds"
    return " ".join([*tokens[:start], *said, *tokens[end:]])


def _number_span(tokens: list[str], i: int) -> int | None:
    """Where the number starting at `tokens[i]` ends, or None: "10", "6pm", "twenty five"."""
    if i >= len(tokens):
        return None
    if _NUMBER_TOKEN.fullmatch(tokens[i]):
        return i + 1
    found = number_at(tokens, i)
    return found[1] if found is not None else None
