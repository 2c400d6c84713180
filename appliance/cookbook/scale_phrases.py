"""Scaling, as a cook asks for it: "for six people", "halve it", "make 12", "I've only got
300 g of flour", "back to the original amounts"; read into a `CookingRequest("scale")`."""

from __future__ import annotations

import re
from fractions import Fraction

from appliance.cookbook.amounts import read_ingredient
from appliance.cookbook.request import NUMBER_WORDS, CookingRequest, said_number
from appliance.numbers import number_at

_FACTORS = {
    "half": Fraction(1, 2),
    "halve": Fraction(1, 2),
    "double": Fraction(2),
    "twice": Fraction(2),
    "triple": Fraction(3),
    "treble": Fraction(3),
    "quadruple": Fraction(4),
    "a third": Fraction(1, 3),
    "a quarter": Fraction(1, 4),
    "one and a half": Fraction(3, 2),
    "half as much again": Fraction(3, 2),
}
_SCALE_BY = re.compile(
    r"^(?:just |now )?(?:make |do |cook )?(?P<f>half|halve|double|twice|triple|treble|quadruple|"
    r"a third|a quarter|one and a half|half as much again)(?: (?:the|this|it|of it|the "
    r"recipe|recipe|quantities|amounts?|everything|as much|the amounts?|the quantities|times"
    r"|it all|of the recipe|of everything|of it all|portion|batch|the batch|size))*"
    r"(?: (?:please|instead))?$"
)
_SCALE_TIMES = re.compile(r"(?:times|x) ?(?P<n>\d+(?:\.\d+)?|two|three|four)$|^(?P<m>\d+) ?x$")
_SERVES = re.compile(
    rf"(?:for|serve|serves|feed|feeds|feeding|make (?:it|enough) for|enough for|cook for|"
    rf"scale (?:it|this|the recipe)? ?(?:up |down )?(?:to|for)) (?P<n>{NUMBER_WORDS}|a "
    rf"dozen)(?: (?:people|persons|of us|portions|servings|instead|adults|guests|kids))*"
    rf"(?: instead| again)?$"
)
# "back to the original amounts", "undo the scaling", "as written": the recipe's own.
_AS_WRITTEN = re.compile(
    r"\b(?:original|normal|usual|full|whole|proper|written|unscaled)\b.*\b(?:amounts?|"
    r"quantities|recipe|measures|size)\b|\bas (?:written|it was|it is written)\b|"
    r"\b(?:undo|reset|cancel|clear|drop|forget)(?: the)? (?:scaling|scale|amounts|halving|"
    r"doubling)\b|\bno (?:more )?scaling\b|\bunscale\b"
)
# "make 12", "just 12 cookies please": how many a "makes" recipe should make.
_MAKE_COUNT = re.compile(rf"^(?:make|just|only|do|bake) (?P<n>{NUMBER_WORDS}|a dozen)(?: \w+)?$")
_PEOPLE = re.compile(
    rf"\b(?:there'?s|there are|there will be|we'?re|we are|we'?ll be|it'?s) (?P<n>{NUMBER_WORDS})"
    rf"(?: of us| people| for (?:dinner|tea|lunch))\b|\b(?P<m>{NUMBER_WORDS}) of us\b|"
    rf"\b(?:feeding|cooking for) (?P<k>{NUMBER_WORDS})\b"
)
_HAVE = re.compile(
    r"(?:i |we )?(?:'ve |have )?(?:only )?(?:got|have|has) (?:only |just )?(?P<what>.+?)"
    r"(?: (?:left|in the (?:cupboard|fridge|house)|in))?$|"
    r"^(?:there'?s|there is) only (?P<what2>.+?)(?: left)?$"
)


_FRACTION_SAID = {
    "half a": "1/2",
    "half an": "1/2",
    "a quarter of a": "1/4",
    "a quarter of an": "1/4",
    "a third of a": "1/3",
    "three quarters of a": "3/4",
}
_FRACTION_WORDS = re.compile(
    r"\b(?:" + "|".join(sorted(map(re.escape, _FRACTION_SAID), key=len, reverse=True)) + r")\b"
)


def _digits(text: str) -> str:
    """Spoken numbers as digits: "three hundred grams of flour" -> "300 grams of flour"."""
    words, out, at = text.split(), [], 0
    while at < len(words):
        found = number_at(words, at) if words[at] not in ("a", "an") else None
        if found is not None and found[1] > at:
            out.append(f"{found[0]:g}")
            at = found[1]
        else:
            out.append(words[at])
            at += 1
    return " ".join(out)


def scale_request(said: str) -> CookingRequest | None:
    """ "for six people", "halve it", "I've only got 300 g of flour", or None."""
    said = re.sub(
        r"^(?:can you |could you |can we |could we |shall we |let'?s |i want to |we need to |"
        r"i need to |we'?ll |please )",
        "",
        said,
    )
    said = re.sub(r"^(?:scale|make|do|cook)(?: it| this| the recipe)? (?=for|to)", "for ", said)
    if _AS_WRITTEN.search(said):
        return CookingRequest("scale", factor=Fraction(1))
    if (count := _MAKE_COUNT.match(said)) is not None:
        made = 12 if count["n"] == "a dozen" else said_number(count["n"])
        return CookingRequest("scale", serves=made) if made else None
    if (by := _SCALE_BY.search(said)) is not None:
        return CookingRequest("scale", factor=_FACTORS[by["f"]])
    if (times := _SCALE_TIMES.search(said)) is not None:
        n = times["n"] or times["m"]
        value = Fraction(n) if n[0].isdigit() else Fraction(said_number(n) or 1)
        return CookingRequest("scale", factor=value)
    if (serves := _SERVES.search(said)) is not None:
        n = 12 if serves["n"] == "a dozen" else said_number(serves["n"])
        return CookingRequest("scale", serves=n) if n else None
    if (people := _PEOPLE.search(said)) is not None:
        n = said_number(people["n"] or people["m"] or people["k"])
        return CookingRequest("scale", serves=n) if n else None
    said = _FRACTION_WORDS.sub(lambda m: _FRACTION_SAID[m[0]], said)
    says_have = re.search(
        r"\bonly\b|\bjust\b|\bleft\b|^(?:i'?ve|we'?ve|i have|we have) got \d", said
    )
    if says_have and (have := _HAVE.search(said)):
        ingredient = read_ingredient(_digits(have["what"] or have["what2"]))
        if ingredient.quantity is not None and ingredient.item:
            return CookingRequest("scale", have=ingredient)
    return None
