"""The guard's view of a text: what it says once disguises are taken off.

The guard never matches raw text, because the same words can be written in
ways a pattern does not see: full-width letters ("Ｉｇｎｏｒｅ"), a Cyrillic "о"
or Greek "ο" in place of a Latin "o", zero-width characters inside a word,
accents, letters spaced or dotted apart ("i g n o r e", "I.g.n.o.r.e") and digits
for letters ("1gn0r3"). `normalise` takes these off, in that order, and keeps
two views, because the rules need both:

- `plain`: NFKC, format characters gone, look-alikes folded, spacing collapsed;
  case and digits kept. Secrets, IBANs and chat-template markers are read here
  ("Tr0ub4dor&3" must stay what it is).
- `words`: lower-cased, with spaced-out letters joined and digits inside words
  read as the letters they imitate (not letters followed by digits, "Lemonade42",
  nor a number with its unit, "10pm"). The meaning rules and the classifier
  read this one.
- `squashed`: `words` with everything but letters removed, for the few phrases
  that are refused however they are spaced ("i g n o r e p r e v i o u s").

The stored fact is never changed: these views exist only for the decision.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# Cyrillic and Greek letters that render like Latin ones (the confusables that
# matter for English words), mapped to the Latin letter a reader sees.
_LOOKALIKES = str.maketrans(
    {
        # Cyrillic lower case
        "а": "a",
        "в": "b",
        "е": "e",
        "ё": "e",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "с": "c",
        "т": "t",
        "у": "y",
        "х": "x",
        "ѕ": "s",
        "і": "i",
        "ї": "i",
        "ј": "j",
        "ԁ": "d",
        "ԛ": "q",
        "ԝ": "w",
        "ӏ": "l",
        "һ": "h",
        "ց": "g",
        "ɡ": "g",
        # Cyrillic upper case
        "А": "A",
        "В": "B",
        "Е": "E",
        "Ё": "E",
        "К": "K",
        "М": "M",
        "Н": "H",
        "О": "O",
        "Р": "P",
        "С": "C",
        "Т": "T",
        "У": "Y",
        "Х": "X",
        "Ѕ": "S",
        "І": "I",
        "Ї": "I",
        "Ј": "J",
        "Ԁ": "D",
        "Ԛ": "Q",
        "Ԝ": "W",
        "Ӏ": "I",
        # Greek lower case
        "α": "a",
        "β": "b",
        "γ": "y",
        "ε": "e",
        "η": "n",
        "ι": "i",
        "κ": "k",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
        "ω": "w",
        "ς": "s",
        # Greek upper case
        "Α": "A",
        "Β": "B",
        "Ε": "E",
        "Ζ": "Z",
        "Η": "H",
        "Ι": "I",
        "Κ": "K",
        "Μ": "M",
        "Ν": "N",
        "Ο": "O",
        "Ρ": "P",
        "Τ": "T",
        "Υ": "Y",
        "Χ": "X",
        # Latin look-alikes NFKC keeps
        "ı": "i",
        "ɑ": "a",
        "ɩ": "i",
        "ǀ": "l",
        # Punctuation that hides word boundaries or apostrophes
        "\u2018": "'",
        "\u2019": "'",
        "\u02bc": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
    }
)
# Digits and signs used for letters inside a word ("pr3v10us", "p@ssw0rd").
_LEET = str.maketrans(
    {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s"}
)
_WORD = re.compile(r"[a-z0-9@$]+")
_NOT_DISGUISED = re.compile(
    r"[a-z]+[0-9]+|[0-9]+(?:st|nd|rd|th|am|pm|s|x|k|kg|g|mg|ml|l|cl|km|m|cm|mm|h|hr|hrs|"
    r"min|mins|gb|mb|tb|p|v|w|kw|kwh|mph|yo|d|ft|in|lb|lbs|oz)"
)
# Three or more single characters joined by one separator: "i g n o r e", "I.g.n.o.r.e".
_SPACED = re.compile(r"(?<![\w@$])(?:[a-z0-9][ .\-_*·]){2,}[a-z0-9](?![\w@$])")
_SEPARATOR = re.compile(r"[ .\-_*·]")
_SPACES = re.compile(r"\s+")
_NOT_LETTER = re.compile(r"[^a-z]+")


@dataclass(frozen=True)
class Normalised:
    plain: str
    words: str
    squashed: str


def _visible(text: str) -> str:
    """NFKC, then accents and format characters (zero-width, soft hyphen, bidi) removed."""
    text = unicodedata.normalize("NFKC", text)
    decomposed = unicodedata.normalize("NFKD", text)
    kept = "".join(c for c in decomposed if unicodedata.category(c) not in ("Cf", "Mn", "Me"))
    return unicodedata.normalize("NFC", kept)


def folded(text: str) -> str:
    """Lower case, with what hides a word from a comparison undone: NFKC, accents and
    format characters removed, look-alike letters folded, spaced-out letters joined
    ("D a d" -> "dad"). Fingerprints and recall's tokens read text through this, so a
    Cyrillic "о" or a zero-width space cannot make refused words new again."""
    text = _visible(text).translate(_LOOKALIKES).lower()
    return _SPACED.sub(lambda m: _SEPARATOR.sub("", m.group()), text)


def _unleet(match: re.Match[str]) -> str:
    word = match.group()
    # Only a word mixing letters with digits is disguised; "2026" and "4821" stay numbers,
    # and so do letters followed by digits ("hunter22", "Marmalade55": folding those to
    # "huntertt" hid the very digits the secret rules look for) and a number with its
    # unit ("10pm", "3rd", "5kg"). A digit inside a word, or before letters that are no
    # unit, is a disguise: "1gn0r3", "pr3v10us", "0ff".
    if not (any(c.isalpha() for c in word) and any(not c.isalpha() for c in word)):
        return word
    if _NOT_DISGUISED.fullmatch(word):
        return word
    return word.translate(_LEET)


def normalise(text: str) -> Normalised:
    folded = _visible(text).translate(_LOOKALIKES)
    # Letters are joined before runs of spaces collapse, so "i g n o r e   p r e v i o u s"
    # keeps its word boundary where the writer left a wider gap.
    joined = _SPACED.sub(lambda m: _SEPARATOR.sub("", m.group()), folded.lower())
    words = _SPACES.sub(" ", _WORD.sub(_unleet, joined)).strip()
    return Normalised(
        plain=_SPACES.sub(" ", folded).strip(), words=words, squashed=_NOT_LETTER.sub("", words)
    )
