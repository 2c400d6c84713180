"""The guard's rule for words a recogniser wrote: a credential's label near a number.

Typed, "the garage code is 1984" has a shape the secret rules know. Said aloud, it
reaches the guard as Whisper wrote it, and the shape is the first thing lost: "the
garage door code is 1-I-84", "the gate code is 5.521", "the locker code in 3-3-0",
"the wifi password is on to 22". What survives is a label and some number near it.
So text that was heard is refused when a credential's label and a number stand within
a few words of each other, whatever shape the number has; and when a number is said
digit by digit ("seven, seven, three, one", "2-5-8-0"), which is how people read out
a code and almost nothing else a kitchen hears.

The cost is a household fact said aloud with a label and an unrelated number, which
is refused and can be typed instead; what it buys is that a secret misheard into an
odd shape is still not put on the board. Numbers that count or place something are
not values: "the password changed two weeks ago", "the code is on page 3".
"""

from __future__ import annotations

import re

from appliance.memory.guard_rules import REASONS
from appliance.memory.guard_secrets import (
    COUNTED_OR_PLACED,
    CREDENTIAL_LABEL,
    DIGIT_WORDS,
    NOT_A_SECRET_CODE,
    TEENS_WORDS,
    TENS_WORDS,
)

# A heard label and a heard number at most this many words apart, either order.
NEAR = 6
HEARD_REASON = (
    f"{REASONS['secret']}; it was heard, not typed, and a password or code is recognised "
    "by its name near a number"
)
# A label after a word that makes it no secret ("post code", "dress code") is no label.
_LABEL = re.compile(
    rf"\b(?P<not_secret>(?:{NOT_A_SECRET_CODE})[ -])?(?:{CREDENTIAL_LABEL}|padlock|keypad|"
    r"key ?safe|lock ?box|bike lock|(?:bank|debit|credit|cash) card|wi-?fi key)\b",
    re.IGNORECASE,
)
# "one" alone is as often "the one in the drawer" as a digit, and "oh" an exclamation:
# they count only inside a run of other digits said one by one.
_NUMBER_WORDS = frozenset(
    [w for w in DIGIT_WORDS if w not in ("one", "oh")]
    + list(TEENS_WORDS)
    + list(TENS_WORDS)
    + ["hundred", "thousand"]
)
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?|\d+(?:[.,:/-]\d+)*", re.IGNORECASE)
_COUNTED = re.compile(rf"(?:{COUNTED_OR_PLACED})$", re.IGNORECASE)
# What else a number read out digit by digit is, named in the few words before it.
READ_OUT_WORDS = 2
_READ_OUT = re.compile(
    rf"(?:{COUNTED_OR_PLACED}|{NOT_A_SECRET_CODE}|reading|meter|phone|mobile|landline|"
    r"extension|ext|tel|score|bus|route|registration|reg|plate)$",
    re.IGNORECASE,
)
_UNIT = re.compile(
    r"(?:st|nd|rd|th|am|pm|s|minutes?|mins?|hours?|days?|weeks?|months?|years?|times|"
    r"letters|characters|digits|numbers|words|symbols|people|pounds|quid|p|percent|"
    r"degrees|o'clock|ago|euros?|dollars?|kg|g|ml|litres?|liters?|metres?|meters?)$",
    re.IGNORECASE,
)
# Three to eight digits said one at a time: "7.7.3.1", "3-3-1-0", "2 5 8 0".
# Whisper writes a "one" or an "oh" among them as "I" or "O": "1-I-8-4".
_DIGITS_SAID_SINGLY = re.compile(
    r"(?<![\d.,\w])\d(?:[ .,-]{1,2}(?:\d|[IO](?=[ .,-]\d))){2,7}(?![\w])"
)


def _is_number(word: str) -> bool:
    return any(c.isdigit() for c in word) or word.lower() in _NUMBER_WORDS


def _value_numbers(words: list[str]) -> list[int]:
    """Where the numbers that could be a value are: not counting or placing something."""
    found = []
    for i, word in enumerate(words):
        if not _is_number(word):
            continue
        before = words[i - 1] if i else ""
        after = words[i + 1] if i + 1 < len(words) else ""
        if _COUNTED.match(before) or _UNIT.match(after):
            continue
        found.append(i)
    return found


def _digits_said_singly(text: str) -> bool:
    """A number read out digit by digit, unless the words just before it say what else it
    is ("route 3-3-1", "the meter reading was four two seven one")."""
    words = _WORD.findall(text)
    starts = [len(_WORD.findall(text[: m.start()])) for m in _DIGITS_SAID_SINGLY.finditer(text)]
    run = 0
    for i, word in enumerate(words):
        run = run + 1 if word.lower() in DIGIT_WORDS else 0
        if run == 3:
            starts.append(i - 2)
    return any(
        not any(_READ_OUT.match(w) for w in words[max(0, at - READ_OUT_WORDS) : at])
        for at in starts
    )


def names_a_credential(text: str) -> bool:
    """Whether the text names a password, code or PIN ("the burglar alarm code"), never a
    code that is no secret ("the postcode", "the dress code")."""
    return any(m.group("not_secret") is None for m in _LABEL.finditer(text))


def heard_secret(text: str) -> bool:
    """True if text a recogniser wrote names a credential near a number, or reads out
    a number digit by digit."""
    if _digits_said_singly(text):
        return True
    words = _WORD.findall(text)
    labels = {
        len(_WORD.findall(text[: m.start()]))
        for m in _LABEL.finditer(text)
        if m.group("not_secret") is None
    }
    if not labels:
        return False
    return any(abs(n - at) <= NEAR for n in _value_numbers(words) for at in labels)
