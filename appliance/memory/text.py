"""How the store reads words: one tokenizer, recall's stop list, ids and fingerprints.

Recall, deduplication and ids all go through here, so "Sam's peanut allergy"
means the same thing to each of them.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable

from appliance.apostrophes import straight
from appliance.memory.normalise import folded

# Words that carry no meaning for recall. Without this list "what is the coffee"
# matches "the car is in the garage" on "is" and "the". Negations are kept on
# purpose: "Sam eats meat" and "Sam does not eat meat" must not look alike.
STOP_WORDS = frozenset(
    """
    a about above after again against all am an and any are as at be because been
    before being below between both but by can could did do does doing down
    during each few for from further had has have having he her here hers herself him
    himself his how i i'm if in into is it it's its itself just let's me more most my
    myself now of off on once only or other our ours ourselves out over own
    same she should so some such than that that's the their theirs them themselves then
    there these they this those through to too under until up very was we were what
    what's when where which while who whom why will with would you your yours yourself
    yourselves s t ll d re ve m tell know remember please anything something thing things
    hey hi ok okay also really
    """.split()
)

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_SLUG_MAX = 48


def normalise(text: str) -> str:
    """Lower case, look-alikes and disguises folded (`normalise.folded`), quotes straight."""
    return folded(text)


def unfolded(text: str) -> str:
    """The reading before look-alikes were folded (lower case, NFKC, quotes straight):
    only to match tombstones whose fingerprint was made that way."""
    text = unicodedata.normalize("NFKC", text).lower()
    return straight(text)


def _stem(word: str) -> str:
    """A deliberately light stem: possessives and plain plurals only."""
    if word.endswith("'s"):
        word = word[:-2]
    elif "'" in word:
        word = word.replace("'", "")
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _words(text: str, ignored: frozenset[str], read: Callable[[str], str] = normalise) -> list[str]:
    """The words of a text, stemmed, in order, those in `ignored` removed."""
    out = []
    for raw in _WORD.findall(read(text)):
        if raw in ignored:
            continue
        word = _stem(raw)
        if word and word not in ignored:
            out.append(word)
    return out


def tokens(text: str) -> list[str]:
    """Content words of a text, stemmed, in order, stop words removed."""
    return _words(text, STOP_WORDS)


# What a fingerprint may ignore: only words that never change what a fact claims
# (articles, the present "is", chat filler). Recall's STOP_WORDS is broader on
# purpose; here "before"/"after", "on"/"off", "should"/"must", "only", "not"
# and every number count, so "give Mia her inhaler after football" is never the
# same fact as "... before football".
FINGERPRINT_IGNORED = frozenset(
    """
    a an the is are am be s t ll d re ve m that please hey hi ok okay also really
    tell know remember let's i'm
    """.split()
)
# Fingerprints made since the narrower rule carry this prefix; a bare 20-hex
# fingerprint (tombstones written before it) was made by `legacy_fingerprint`.
FINGERPRINT_PREFIX = "f2-"


def _digest(basis: str) -> str:
    return hashlib.sha256(basis.encode("utf-8")).hexdigest()[:20]


def fingerprint(text: str) -> str:
    """A short hash that is the same for texts that say the same words in the same order.

    Case, punctuation, articles, "is" and plurals do not change it, so "Sam is
    allergic to peanuts." and "sam: allergic to peanuts" collide on purpose.
    Word order does ("Sam owes Ana" is not "Ana owes Sam"), and so does every
    word that changes meaning: prepositions, modals, negations, numbers.
    """
    words = _words(text, FINGERPRINT_IGNORED)
    return FINGERPRINT_PREFIX + _digest(" ".join(words) if words else normalise(text).strip())


def unfolded_fingerprint(text: str) -> str:
    """The fingerprint as made before look-alikes were folded: a tombstone written then
    holds this for words with accents, format characters or look-alike letters."""
    words = _words(text, FINGERPRINT_IGNORED, read=unfolded)
    return FINGERPRINT_PREFIX + _digest(" ".join(words) if words else unfolded(text).strip())


def legacy_fingerprint(text: str) -> str:
    """The fingerprint as made before the narrower rule (recall's whole stop list dropped).

    Only for tombstones written then that no longer hold their text.
    """
    words = tokens(text)
    return _digest(" ".join(words) if words else normalise(text).strip())


def is_legacy_fingerprint(value: str) -> bool:
    return not value.startswith(FINGERPRINT_PREFIX)


def correction_fingerprint(kind: str, target: str, text: str) -> str:
    """What identifies a correction: forgetting a fact is one request whatever its wording;
    replacing it is one per replacement text."""
    basis = f"{kind} {target}" if kind == "retract" else f"{kind} {target} {fingerprint(text)}"
    return FINGERPRINT_PREFIX + _digest(basis)


def slugify(text: str, max_words: int = 5) -> str:
    """A readable id from a text: the first content words joined by hyphens."""
    ascii_text = unicodedata.normalize("NFKD", normalise(text)).encode("ascii", "ignore").decode()
    words = [w.replace("'", "") for w in _WORD.findall(ascii_text) if w not in STOP_WORDS]
    slug = "-".join(words[:max_words])[:_SLUG_MAX].strip("-")
    return slug or "fact"


ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")


def is_valid_id(value: str) -> bool:
    """Ids are file names: lower-case letters, digits and hyphens, nothing that walks paths."""
    return bool(ID_PATTERN.match(value))
