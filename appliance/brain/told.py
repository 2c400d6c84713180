"""Was it told? A sentence the model wrote about one of the household's people, or about
where a thing of the house is kept or when it happens.

The model is given the facts recalled for a message, and a 135M model mixes them: asked
to "help me plan Dylan's birthday party" with Nan's birthday in memory it wrote "We want
to celebrate Dylan's birthday on the 14th of February"; asked for "an idea for tea that
Dylan can eat", "He loves to mix it with his favorite coffee" (a third outside trial). Each
is a household fact nobody told Hearth. So a sentence that names one of the household's
people (a name memory holds, or one the person just said) says only words that were told:
every content word of it is in the facts recalled or in what the person said. Words that
say nothing of a person ("happy", "hope", "enjoy") are let through; anything else is a
guess and the reply stops there (bounds.py says what instead).

    told = Told(frozenset({"dylan"}), "Dylan is coeliac and can't have any gluten.", asked)
    told.guessed("Dylan can't have gluten.")          # False: every word was told
    told.guessed("Dylan loves coffee.")               # True
"""

from __future__ import annotations

import re

from appliance.brain.people import FAMILY, NOT_NAMES, TITLED, a_name_typed_lower, said_to
from appliance.brain.questions import names_in
from appliance.brain.untold_days import DaysTold
from appliance.household.moments import WEEKDAYS
from appliance.letters import LOWER, UPPER
from appliance.memory.text import tokens

# Words that tell nothing about a person: a greeting, a wish, how an answer is put.
_SAY_NOTHING = frozenset(
    tokens(
        """
        happy birthday hope hopes enjoy enjoys enjoyed fun great lovely love wish wishes
        best lots congratulations cheers thanks thank hello hi hey dear welcome well done
        good nice wonderful special day today time sure course idea ideas suggestion
        suggest suggestions try maybe perhaps might could would like something some
        recipe recipes dish dishes meal meals make made cook cooking food tea dinner lunch
        breakfast supper pudding snack treat option options
        """
    )
)
_MEMORY_WORDS = frozenset(tokens("from memory"))
# Asked when: "when is the haircut", "what time is swimming", "what day does…"
# …or a day asked of: "anything on tomorrow", "is the haircut tomorrow" (a second review's
# got "You have a dentist appointment tomorrow at 9.", nothing told)
_SAYS_A_DAY = re.compile(
    rf"\b(?:tomorrow|tmrw|tonight|today|{'|'.join(WEEKDAYS)}|weekend|at \d{{1,2}})\b",
    re.IGNORECASE,
)
_ASKS_WHEN = re.compile(
    r"\b(?:when|what time|what day|which day|what date|how soon|how long until|how long till)\b",
    re.IGNORECASE,
)
_QUESTION = re.compile(r"\?\s*$")
_A_PERSON = re.compile(
    rf"\b(?:for|to|with) ([{UPPER}][{LOWER}]+)\b(?!')|\b([{UPPER}][{LOWER}]+)['\u2019]s\b"
)
_PRONOUN = re.compile(r"\b(?:he|she|him|her|his|hers|he's|she's)\b", re.IGNORECASE)
_ANIMALS = frozenset("cat dog puppy kitten rabbit hamster pet fish tortoise".split())
_OF_THE_HOUSE = re.compile(
    r"\b(?:our|my|the) (?:family|kids|children|husband|wife|partner|son|sons|daughter|"
    r"daughters|boys|girls|household|twins|baby|grandchildren)\b",
    re.IGNORECASE,
)


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
_A_THING_PLACED = re.compile(
    rf"^\W*{_FROM_MEMORY}(?P<thing>(?:the|your|our)\s+(?:[\w'-]+\s+){{0,2}}?(?:{_THINGS}))"
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
    r"glovebox|glove box|bureau|desk|dresser|sideboard|bathroom|medicine box|first aid box"
)
_A_THING_IN_A_PLACE = re.compile(
    rf"^\W*{_FROM_MEMORY}(?P<thing>(?:the|your|our|my)\s+(?:[\w'-]+\s+){{0,3}}?[\w'-]+)\s+"
    r"(?:is|are|'s)\s+(?:(?:kept|stored|still|usually|always|hidden)\s+)?(?:in|on|under|"
    r"underneath|above|behind|inside|beside|next to|on top of|at the back of|at the bottom of)"
    rf"\s+(?:the|your|our|a|my)\s+(?:[\w'-]+\s+){{0,2}}?(?:{_HOUSE_PLACES})s?\b",
    re.IGNORECASE,
)
_SAID_FROM_MEMORY = re.compile(r"^\W*from (?:my )?memory\b", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_CLAUSES = re.compile(r"\s*(?:[;,]|\band\b|\bbut\b)\s*", re.IGNORECASE)


_ASKED_OF_SOMEONE = re.compile(
    r"^\W*(?:(?:where|what|when|how|why|who|which)\s+)?(?:does|did|is|was|has|can|could|will|"
    r"would|should)\s+(?P<who>[a-z][a-z'-]+)\s+(?:work|works|working|do|does|doing|live|lives|"
    r"like|likes|love|loves|hate|hates|eat|eats|drink|drinks|want|wants|need|needs|go|goes|"
    r"going|coming|play|plays|vegetarian|vegan|married|single|pregnant|allergic|coeliac|"
    r"diabetic|home|have|has|get|gets|got|think|thinks|feel|feels|know|knows|speak|speaks|"
    r"study|studies|still|ok|okay|alright|well|ill|sick|at|in|from|on)\b"
)
_TITLED = re.compile(rf"\b{TITLED}")


def _asked_of_in_lower_case(asked: str) -> list[str]:
    """Someone named in lower case, as a question asks of them ("where does priya work",
    "is ruaridh vegetarian") or after a title ("mr kerr"); never a word English knows."""
    found = [m["name"] for m in _TITLED.finditer(asked)]
    if (opened := _ASKED_OF_SOMEONE.match(asked)) and a_name_typed_lower(opened["who"]):
        found.append(opened["who"])
    return found


def _made_up(sentence: str) -> set[str]:
    """The names a sentence gives people, lower case (family words are no names): "Liam,
    the father of light, …", "a girl named Ember"."""
    found = {n.lower() for n in names_in(sentence)}
    if (called := said_to(sentence)) is not None:
        found.add(called.who.lower())
    return {n for n in found if n not in FAMILY and n.rstrip("s") not in FAMILY} - NOT_NAMES


class Told:
    """What the household told, for the sentences of one reply."""

    def __init__(
        self,
        people: frozenset[str],
        told: str,
        asked: str,
        earlier: str = "",
        facts: tuple[str, ...] = (),
    ) -> None:
        # Memory's names, the family words said, and a name the person said as a person's
        # ("a card for Ffion", "Ffion's party"); never any capital ("tell me about the
        # Romans" is the world's)
        said = {n.lower() for n in names_in(asked, people or None)} & (people | FAMILY)
        named_as_said = {n.lower() for n in names_in(asked)}
        said |= {
            (m[1] or m[2]).lower()
            for m in _A_PERSON.finditer(asked)
            if (m[1] or m[2]).lower() not in NOT_NAMES
        }
        # typed in lower case, or after a title: "where does priya work", "is mr kerr
        # married" (a thirteenth trial's got "Priya is a professional yoga coach…")
        asked_of = _asked_of_in_lower_case(asked)
        said |= set(asked_of)
        if asked_of or said:
            # asked of someone: the people the facts given name by a family word too ("the
            # landlord" of "The landlord is Mr Kerr.": "no, the landlord is not married.",
            # nothing told of it); never asked of no one ("why do cats purr" with "The cat is
            # called Mittens." kept is the world's, a review's)
            said |= {word for word in tokens(told) if word in FAMILY and word not in _ANIMALS}
        self._people = people | said
        # "a poem about our family", "a story about our kids": any name the model gives
        # them is one nobody told (a fourth trial heard "Liam, the father of light")
        self._of_the_house = _OF_THE_HOUSE.search(asked) is not None
        self._said = named_as_said
        self._told = set(tokens(told)) | set(tokens(asked))
        # each fact, and each thing the person said, on its own: where a thing is, is told
        # only where one of them says both the thing and the place
        self._told_apart = [
            set(tokens(unit))
            for unit in (*(facts or _SENTENCE.split(told)), asked, earlier)
            if unit.strip()
        ]
        self._last: str | None = None  # who "he" or "she" is, in the sentences that follow
        # days said in earlier turns too
        self._days = DaysTold(
            f"{told} {asked} {earlier}",
            _ASKS_WHEN.search(asked) is not None or _SAYS_A_DAY.search(asked) is not None,
        )

    def _told_together(self, sentence: str) -> bool:
        """Whether one fact, or one thing the person said, holds every word each clause of
        `sentence` says of something ("The thermometer is in the bathroom drawer and the
        Calpol is in the cupboard above the kettle." joins two facts, each told)."""
        return all(
            any(said <= unit for unit in self._told_apart)
            for clause in _CLAUSES.split(sentence)
            if (said := set(tokens(clause)) - _SAY_NOTHING - _MEMORY_WORDS)
        )

    def guessed_when(self, sentence: str) -> bool:
        """Whether `sentence` says a day or a time nobody told: "The haircut is currently on
        December 20, 2026." (asked "when is the haircut", told nothing), "You take your
        tablets at 8pm and at 6am." (told "at 8 and at 6")."""
        return not _QUESTION.search(sentence) and self._days.guessed(sentence)

    def guessed(self, sentence: str) -> str | None:
        """The person or thing of the house a sentence says something untold about, or None."""
        if _QUESTION.search(sentence):
            return None
        placed = None
        if not IN_GENERAL.search(sentence):
            placed = _A_THING_PLACED.search(sentence) or _A_THING_IN_A_PLACE.search(sentence)
        if placed is not None:
            thing = placed["thing"] or placed["kept"]
            if not self._told_together(sentence):
                return "the " + thing.split(maxsplit=1)[1].lower()
        elif _SAID_FROM_MEMORY.search(sentence) and not self._told_together(sentence):
            return "that"  # said as memory's, and no fact says it
        if not (self._people or self._of_the_house):
            return None
        words = set(tokens(sentence))
        # a name before a role ("Bara" before "cat"), said as the sentence says it
        named = sorted(
            (p for p in self._people if set(tokens(p)) and set(tokens(p)) <= words),
            key=lambda p: (p in FAMILY, p),
        )
        if named:
            self._last = named[0]
        elif self._last is not None and _PRONOUN.search(sentence):
            named = [self._last]  # "He loves to mix it with his favourite coffee."
        elif self._of_the_house and _made_up(sentence) - self._said:
            return "your family"  # a name made up for one of them
        else:
            return None
        said = words - {t for p in named for t in tokens(p)} - _SAY_NOTHING
        if said <= self._told:
            return None
        who = named[0]
        if who in _ANIMALS:
            return f"the {who}"
        return f"your {who}" if who in FAMILY else who.title()
