"""Where a thing of the house is, or when it happens: told only where one fact says both.

The model is given the facts recalled for a message and mixes them: with only the metformin
told to be in the cupboard above the kettle it wrote "From memory: THE CALPOL IS IN THE
CUPBOARD ABOVE THE KETTLE." (a twelfth trial's). So a sentence that places a thing of the
house (the spare key, the stopcock, "the Christmas cake … in the cupboard"), or says memory
said it, is told only where one fact, or one thing the person said, holds every word each
of its clauses says (told.py asks this first, then of the household's people).

    places = Places("The spare key is under the blue pot.", "where's the spare key?")
    places.guessed("The spare key is under the blue pot.")   # None: told together
    places.guessed("The spare key is in the shed.")          # "the spare key"
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from appliance.memory.text import tokens

# Where a thing of the house is kept, or when a thing of the house happens: "The spare key
# is on the shelf in the corner." (asked "tell me where the spare key is", told nothing of
# it, the model wrote that), "Your dentist appointment is on Monday at 3." Said of the
# thing as the sentence's subject, or of where "you keep" it; never a step of a recipe
# ("Put the tray in the oven": the kitchen's appliances are not among these) or a judgement
# ("The party will be fun").
# Only what a household keeps in a place of its own: "the key" alone is a figure of speech
# ("The key is in keeping the butter cold"), "the fuse" a plug's (a review found both
# stopped); "the spare key", "the fuse box" are the house's.
_THINGS = (
    r"(?:spare|house|front door|back door|door|car|shed|garage|padlock|window) keys?|"
    r"passports?|stopcock|fuse ?box|boiler(?: service)?|router|remote|charger|torch|"
    r"first[- ]aid kit|meter|thermostat|ladder|bins?|recycling|appointment|"
    r"birthday|anniversary|lesson|practice|club|pick-?up|bedtime|rota|calpol|inhaler|epipen|"
    r"mot|check-?up"
)
# Said of things in general, not of this house: "The fuse box is usually near the door."
IN_GENERAL = re.compile(
    r"\b(?:usually|typically|generally|normally|often|most|many|some people|tend to|should be|"
    r"can be|could be|might be|may be|is best|are best)\b",
    re.IGNORECASE,
)
_PLACE_OR_TIME = (
    r"(?:in|on|under|underneath|behind|beside|next to|by|at|inside|above|below|near|every|"
    r"due|out|kept|hanging|hidden|stored|round|around|beneath|upstairs|downstairs)\b"
)
# Hearth's own way of saying a fact, copied by the model from an earlier answer: "From
# memory: THE CALPOL IS IN THE CUPBOARD ABOVE THE KETTLE." (a twelfth trial's, where only the
# metformin was told to be there)
_FROM_MEMORY = r"(?:from (?:my )?memory\W*)?"
# Said before the thing, and saying nothing of it: "Yes, the slow cooker is in the cupboard
# above the fridge.", "Ehm the torch is in the car glovebox i believe." (a held-out split's)
_LEAD = (
    r"(?:(?:yes|no|yeah|yep|nope|oh|ah|ehm|erm|um|well|so|and|ok|okay|right)\W+"
    r"|i (?:think|believe|reckon|guess) (?:that )?)*"
)
_A_THING_PLACED = re.compile(
    rf"^\W*{_LEAD}{_FROM_MEMORY}(?P<thing>(?:(?:the|your|our)\s+)?(?:[\w'-]+\s+){{0,2}}?"
    rf"(?:{_THINGS}))"
    r"(?:'s|\s+(?:is|are|lives|live|hangs|sits|goes|go|comes|come|starts|start)"
    r"(?:\s+(?:kept|usually|always|normally|still))?)\s+(?:\w+\s+)?"
    + _PLACE_OR_TIME
    + rf"|\byou\s+(?:keep|kept|left|leave|put|hid|hide|store)\s+(?P<kept>(?:the|your)\s+"
    rf"(?:[\w'-]+\s+){{0,2}}?(?:{_THINGS}))\s+" + _PLACE_OR_TIME,
    re.IGNORECASE,
)
# Anything said to be in a place of the house: "THE CHRISTMAS CAKE IS IN THE CUPBOARD ABOVE
# THE KETTLE." (a twelfth trial's, the model's own mix of a fact about metformin and the
# question); never a step of a recipe ("the cake is in the oven": no place of these)
_HOUSE_PLACES = (
    r"cupboard|drawer|fridge|freezer|shelf|cabinet|garage|shed|loft|attic|wardrobe|cellar|"
    r"pantry|larder|utility room|hallway|porch|kettle|sink|stairs|bedroom|"
    r"glovebox|glove box|bureau|desk|dresser|sideboard|bathroom|medicine box|first aid box|"
    r"front room|back room|living room|lounge|dining room|spare room|box room|patio|doorstep|"
    r"greenhouse|driveway|porch|hall|landing|conservatory|bay window|washing line|line"
)
_A_THING_IN_A_PLACE = re.compile(
    rf"^\W*{_LEAD}{_FROM_MEMORY}(?P<thing>(?:the|your|our|my)\s+(?:[\w'-]+\s+){{0,3}}?[\w'-]+)\s+"
    r"(?:is|are|'s)\s+(?:(?:kept|stored|still|usually|always|hidden)\s+)?(?:in|on|under|"
    r"underneath|above|behind|inside|beside|next to|on top of|at the back of|at the bottom of)"
    rf"\s+(?:the|your|our|a|my)\s+(?:[\w'-]+\s+){{0,2}}?(?:{_HOUSE_PLACES})s?\b",
    re.IGNORECASE,
)
# Something there in a place of the house: "There's a spare charger in the kitchen drawer
# nearest the kettle.", "There's half a bottle of milk left in the fridge." (a held-out
# split's, nothing told of either)
_THERE_IN_A_PLACE = re.compile(
    r"\bthere(?:'s| is| are)\s+(?:[\w'-]+\s+){1,6}?(?:in|on|by|under|behind|inside|at)\s+"
    rf"(?:the|your|our)\s+(?:[\w'-]+\s+){{0,2}}?(?:{_HOUSE_PLACES})s?\b",
    re.IGNORECASE,
)
# Asked where a thing is, the answer's "it" or "they": "They're in the big tub in the loft
# next to the Christmas decorations." (told only the tub in the loft)
_IT_IN_A_PLACE = re.compile(
    r"^\W*(?:it(?:'s| is)|they(?:'re| are)|that(?:'s| is))\s+(?:(?:still|usually|always|kept|"
    r"just)\s+)?(?:in|on|under|underneath|behind|inside|beside|next to|by|at the back of)\s",
    re.IGNORECASE,
)
_ASKED_WHERE = re.compile(r"^\W*where\b", re.IGNORECASE)
_SAID_FROM_MEMORY = re.compile(r"^\W*from (?:my )?memory\b", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_CLAUSES = re.compile(r"\s*(?:[;,]|\band\b|\bbut\b)\s*", re.IGNORECASE)
_MEMORY_WORDS = frozenset(tokens("from memory"))


class Places:
    """Where things of the house were told to be, for the sentences of one reply."""

    def __init__(
        self,
        told: str,
        asked: str,
        earlier: str = "",
        facts: tuple[str, ...] = (),
        say_nothing: Iterable[str] = (),
    ) -> None:
        # each fact, and each thing the person said, on its own: where a thing is, is told
        # only where one of them says both the thing and the place
        self._apart = [
            set(tokens(unit))
            for unit in (*(facts or _SENTENCE.split(told)), asked, earlier)
            if unit.strip()
        ]
        self._asked_where = _ASKED_WHERE.search(asked) is not None
        self._say_nothing = frozenset(say_nothing) | _MEMORY_WORDS

    def guessed(self, sentence: str) -> str | None:
        """The thing, or "that" or "the house", a sentence places where no fact did."""
        placed = None
        if not IN_GENERAL.search(sentence):
            placed = _A_THING_PLACED.search(sentence) or _A_THING_IN_A_PLACE.search(sentence)
        if placed is not None:
            thing = placed["thing"] or placed["kept"]
            if not self._told_together(sentence):
                return "the " + re.sub(r"^(?:the|your|our)\s+", "", thing.lower())
        elif _SAID_FROM_MEMORY.search(sentence) and not self._told_together(sentence):
            return "that"  # said as memory's, and no fact says it
        elif (
            _THERE_IN_A_PLACE.search(sentence)
            or (self._asked_where and _IT_IN_A_PLACE.search(sentence))
        ) and not self._told_together(sentence):
            return "the house"
        return None

    def _told_together(self, sentence: str) -> bool:
        """Whether one fact, or one thing the person said, holds every word each clause of
        `sentence` says of something ("The thermometer is in the bathroom drawer and the
        Calpol is in the cupboard above the kettle." joins two facts, each told)."""
        return all(
            any(said <= unit for unit in self._apart)
            for clause in _CLAUSES.split(sentence)
            if (said := set(tokens(clause)) - self._say_nothing)
        )
