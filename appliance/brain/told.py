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
from collections.abc import Iterable

from appliance.apostrophes import straight
from appliance.brain.of_the_house import (
    in_general,
    members_said,
    stated_of,
    stated_of_the_house,
    statements,
)
from appliance.brain.people import FAMILY, NOT_NAMES, TITLED, a_name_typed_lower, said_to
from appliance.brain.places import Places
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
        hear glad pleased
        best lots congratulations cheers thanks thank hello hi hey dear welcome well done
        good nice wonderful special day today time sure course idea ideas suggestion
        suggest suggestions try maybe perhaps might could would like something some
        recipe recipes dish dishes meal meals make made cook cooking food tea dinner lunch
        breakfast supper pudding snack treat option options
        """
    )
)
# What says nothing of a house said to be some way: a greeting, thanks, a hedge ("I think
# the kids love pasta" with "The kids love pasta." told says what was told)
_NOTHING_OF_A_HOUSE = frozenset(
    tokens(
        "hello hi hey thank thanks cheers oh dear think believe guess reckon suppose sure "
        "since because"
    )
)
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


# Asked of someone by "she" or "he" alone: "what breed is she?", "how old is he"
_ASKED_BY_A_PRONOUN = re.compile(
    r"\b(?:is|was|does|did|can|has)\s+(?P<who>she|he)\b|\b(?P<who2>she|he)(?:'s| is)\b",
    re.IGNORECASE,
)
_AS_AN_OBJECT = {"she": "her", "he": "him"}
_A_NAME_ASKED = re.compile(
    r"\b(?:call (?:him|her|it|them|the)|name (?:him|her|it|them|the)|names? for|a name)\b",
    re.IGNORECASE,
)
_MADE_UP_ASKED = re.compile(
    r"\b(?:poem|story|stories|song|joke|limerick|rhyme|haiku|verse|tale)\b", re.IGNORECASE
)
# A sentence's parts, each said of someone or not: "Mushrooms are up to you, just keep the
# olives out since Ava hates olives." says only "Ava hates olives." of Ava (told), and
# advice besides (a held-out split's was stopped whole). Never at "and": "Ava hates olives
# and mushrooms" says both of Ava.
_PARTS = re.compile(
    r"\s*(?:[,;:]|\s[-\u2013\u2014]\s|\b(?:but|so|since|because|as|though|although|"
    r"while|if)\b)\s*",
    re.IGNORECASE,
)
# A suggestion of someone, never a fact of them: "maybe Morag could make a batch"
# ("Gran would love a Victoria sponge" is a guess about Gran, not an action suggested)
_SUGGESTED = re.compile(r"^(?:'s \w+ )?\s*(?:could|might|may)\b", re.IGNORECASE)
_A_SUGGESTION = re.compile(r"\b(?:could|might|would)\b")


# A part that says nothing is known, wishes, or speaks of all of a kind: "I can't tell
# whether the cat's been fed", "I hope she's doing well", "a treat most dogs enjoy"
_CLAIMS_NOTHING = re.compile(
    r"\b(?:can't|cannot|can not|don't|do not|couldn't) (?:tell|know|say|see)\b|\bnot sure\b|"
    r"\bno idea\b|\bhaven't been told\b|\bwasn't told\b|\bhope\b|\bhoping\b|\bwish\b|"
    r"\b(?:most|many|all|lots of|some|other) \w+s\b",
    re.IGNORECASE,
)


def _a_slip_of(name: str, word: str) -> bool:
    """Whether `name` is `word` with one letter written otherwise: the model's misspelling of
    someone said, never a new person."""
    return (
        len(name) == len(word) >= 4
        and name[0] == word[0]
        and sum(a != b for a, b in zip(name, word, strict=True)) == 1
    )


def _of_them(part: str, names: set[str]) -> bool:
    """Whether a part of a sentence says something of the people named (by name or "he"
    or "she"), other than a suggestion ("… would be a nice dinner for your mum")."""
    if _CLAIMS_NOTHING.search(part):
        return False
    words = _WORDS.findall(part.lower())
    if _PRONOUN.search(part) and not set(tokens(part)) & names:
        return True
    for word in words:
        if set(tokens(word.removesuffix("'s"))) & names:
            before, _, rest = part.lower().partition(word)
            return not (_SUGGESTED.match(rest) or _A_SUGGESTION.search(before))
    return False


# A part that goes on saying what the part before it said: "Mia is allergic to tree nuts,
# including walnuts and cashews." says the walnuts and cashews of Mia too (a twenty-second
# trial's was said, only the tree nuts told)
_GOES_ON = re.compile(r"^\W*(?:including|such as|especially|namely|like|even|plus)\b", re.I)


def _parts_of_them(sentence: str, names: set[str]) -> list[str]:
    """The parts of `sentence` that say something of the people named (_of_them), and each
    part after one of those that goes on saying it."""
    found: list[str] = []
    of_them = False
    for part in _PARTS.split(sentence):
        of_them = _of_them(part, names) or (of_them and _GOES_ON.match(part) is not None)
        if of_them:
            found.append(part)
    return found


_ASKED_OF_SOMEONE = re.compile(
    r"^\W*(?:(?:where|what|when|how|why|who|which)\s+)?(?:does|did|is|was|has|can|could|will|"
    r"would|should)\s+(?P<who>[a-z][a-z'-]+)\s+(?:work|works|working|do|does|doing|live|lives|"
    r"like|likes|love|loves|hate|hates|eat|eats|drink|drinks|want|wants|need|needs|go|goes|"
    r"going|coming|play|plays|vegetarian|vegan|married|single|pregnant|allergic|coeliac|"
    r"diabetic|home|have|has|get|gets|got|think|thinks|feel|feels|know|knows|speak|speaks|"
    r"study|studies|still|ok|okay|alright|well|ill|sick|at|in|from|on)\b"
)
_TITLED = re.compile(rf"\b{TITLED}")
_WHO_IS = re.compile(rf"\bwho(?:'s|\u2019s| is| was)\s+(?P<name>[{UPPER}][{LOWER}'-]+)")
_WORDS = re.compile(r"[\w'-]+")
_NO_ONE = frozenset(
    "nobody somebody everybody anybody someone everyone anyone no-one noone one".split()
)
# Before a capital, what makes it a place or a public person: "from Lagos", "in Dundee"
_WORLD_BEFORE = frozenset("in from at to of near by on via into".split())
# A question of the house asked yes or no: "Do we have chickens?", "Are the kids asleep?",
# "Did the parcel come?", "Is the washing dry?"
_ASKED_THE_HOUSE = re.compile(
    # "does anyone take metformin?" (a twenty-third trial's got "No, no one does take
    # metformin.", nothing told of anyone's)
    r"^\W*(?:hearth\W+)?(?:do|does|did|have|has|had|is|are|was|were|will)\s+(?:anyone|anybody|"
    r"someone|somebody|everyone|everybody|any of us|we|us|our|"
    r"my|the (?:kids|children|baby|twins|boys|girls|cat|dog|pets|washing|laundry|lights|"
    r"parcel|post|heating|door|back door|front door|windows|house|car|bins|recycling|"
    r"dishwasher|washing machine|oven|telly|tv))\b",
    re.IGNORECASE,
)
_AN_ANSWER = re.compile(
    r"^\W*(?:yes|yeah|yep|yup|no|nope|nah|not yet|of course|sure|definitely|absolutely|"
    r"certainly|indeed)\b",
    re.IGNORECASE,
)
_ANSWER_WORDS = frozenset(
    tokens("yes yeah yep yup no nope nah not yet of course sure definitely absolutely certainly")
)


def _asked_of_in_lower_case(asked: str) -> list[str]:
    """Someone named in lower case, as a question asks of them ("where does priya work",
    "is ruaridh vegetarian") or after a title ("mr kerr"); never a word English knows."""
    found = [m["name"] for m in _TITLED.finditer(asked)]
    if (opened := _ASKED_OF_SOMEONE.match(asked)) and a_name_typed_lower(opened["who"]):
        found.append(opened["who"])
    return found


def _made_up(sentence: str, also: Iterable[str] = ()) -> set[str]:
    """The names a sentence gives people, lower case (family words are no names): "Liam,
    the father of light, …", "a girl named Ember"; with `also` read the same way."""
    found = {n.lower() for n in names_in(sentence)} | {n.lower() for n in also}
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
        # asked who someone is: "Who's Bronwen?" (a held-out split's got "Bronwen is your
        # Mam's sister from Aberystwyth", nothing told)
        said |= {m["name"].lower() for m in _WHO_IS.finditer(asked)} - NOT_NAMES
        self._people = people | said
        # "a poem about our family", "a story about our kids": any name the model gives
        # them is one nobody told (a fourth trial heard "Liam, the father of light")
        self._of_the_house = _OF_THE_HOUSE.search(asked) is not None
        self._said = named_as_said
        # every word the household told or the person said, as written: a name among them
        # was given by someone, not by the model
        self._words_said = set(_WORDS.findall(f"{told} {asked} {earlier}".lower()))
        # a poem or a story is made up by asking
        self._made_up_asked = _MADE_UP_ASKED.search(asked) is not None
        self._a_name_asked = _A_NAME_ASKED.search(asked) is not None
        self._asked_the_house = _ASKED_THE_HOUSE.search(asked) is not None
        self._told = set(tokens(told)) | set(tokens(asked))
        # what the facts alone say: a question's words never answer it
        self._told_facts = set(tokens(told))
        # where a thing of the house is, told only where one fact holds the thing and the place
        self._places = Places(told, asked, earlier, facts, _SAY_NOTHING)
        self._last: str | None = None  # who "he" or "she" is, in the sentences that follow
        if not said and (asked_by := _ASKED_BY_A_PRONOUN.search(asked)):
            # "what breed is she?", her name said a message before or not at all: the
            # model's "She loves to play fetch with her friends." is of her, and untold (a
            # twenty-first trial's phone heard Mabli made a greyhound who plays fetch)
            self._last = _AS_AN_OBJECT[(asked_by["who"] or asked_by["who2"]).lower()]
        self._last_of_the_house: str | None = None  # who "they" is, the same way
        # days said in earlier turns too
        self._days = DaysTold(
            f"{told} {asked} {earlier}",
            _ASKS_WHEN.search(asked) is not None or _SAYS_A_DAY.search(asked) is not None,
        )

    def guessed_when(self, sentence: str) -> bool:
        """Whether `sentence` says a day or a time nobody told: "The haircut is currently on
        December 20, 2026." (asked "when is the haircut", told nothing), "You take your
        tablets at 8pm and at 6am." (told "at 8 and at 6")."""
        if _QUESTION.search(sentence) or in_general(sentence):
            return False  # "Lots of families have a roast on Sundays." (a held-out split's)
        return self._days.guessed(sentence)

    def guessed(self, sentence: str) -> str | None:
        """The person or thing of the house a sentence says something untold about, or None."""
        # a curly apostrophe is a straight one ("The spare key’s in the blue pot…, under the
        # geranium." had passed the rule "key's" meets; a held-out split's)
        sentence = straight(sentence)
        if not _QUESTION.search(sentence) and (who := self._guessed_of_someone(sentence)):
            return who
        stated = statements(sentence)
        return self._someone_made_up(sentence, stated) or self._guessed_of_the_house(
            sentence, stated
        )

    def _someone_made_up(self, sentence: str, stated: list[str]) -> str | None:
        """One of the household the sentence's stated clauses make up: a family word nobody
        told ("tell your wife I said hello"), or a name nobody said ("Better not, Leo has a
        nut allergy."; a held-out split's)."""
        for member in {m for clause in stated for m in members_said(clause)}:
            if not set(tokens(member)) <= self._told:
                return f"your {member}"
        if self._made_up_asked or self._a_name_asked:
            # "a story about a dragon": its names are the story's; "what should I call him?"
            # asks for one
            return None
        made = {
            n for n in self._made_up_here(sentence, stated) if any(stated_of(c, n) for c in stated)
        }
        if made:
            return "the household" if len(made) > 1 else made.pop().title()
        return None

    def _guessed_of_the_house(self, sentence: str, stated: list[str]) -> str | None:
        """Who of the household, named by no name, a sentence says something untold of
        ("The family is doing well." with nothing told of it; of_the_house.py)."""
        # a poem or a story of the family is made up by asking ("Our family is a garden of
        # love."): only a name in it is checked, as before
        if self._made_up_asked and self._of_the_house:
            return None
        of_the_house = stated_of_the_house(sentence, stated, self._last_of_the_house)
        if of_the_house is None:
            return None
        who, clause = of_the_house
        self._last_of_the_house = who
        said = set(tokens(clause)) - set(tokens(who)) - _NOTHING_OF_A_HOUSE
        return None if said <= self._told else who

    def _made_up_here(self, sentence: str, stated: list[str]) -> set[str]:
        """The names a sentence gives the household's people that nobody said: "Better not,
        Leo has a nut allergy.", "it's Kemi's favourite" (a held-out split's, no Leo nor Kemi
        told); never a name memory holds or anyone said, a family word, a place ("from
        Lagos") or a public person's second name ("Mary Berry")."""
        found = set()
        # a name a sentence or a part of it opens with, which no English word is: "Mia
        # already put her PE kit by the door." (names_in reads a first capital as no one's)
        opening = [
            first[1]
            for clause in stated
            if (first := re.match(rf"^\W*([{UPPER}][{LOWER}]+)\b", clause))
            and a_name_typed_lower(first[1].lower())
            # "Timers are handy…", "Reminders work best…": a word English knows, in the plural
            and a_name_typed_lower(first[1].lower().removesuffix("s"))
        ]
        named = _made_up(sentence, opening) - _NO_ONE
        for name in named - self._people - self._said - self._words_said:
            if any(_a_slip_of(name, said) for said in self._words_said):
                continue  # "Fumi needs glasses." of "my sister reckons Femi needs glasses"
            before = re.search(rf"(\S+)\s+{re.escape(name)}\b", sentence, re.IGNORECASE)
            if before is not None and (
                before[1].lower() in _WORLD_BEFORE or before[1][:1].isupper()
            ):
                continue
            found.add(name)
        return found

    def _answered_of_the_house(self, sentence: str) -> bool:
        """Whether the sentence answers yes or no to a question of the house with words
        nobody told: "Yes, all the lights are off upstairs." to "Are the lights off
        upstairs?", "Of course we do, …" to "Do we like jollof?" (a held-out split's)."""
        if not (self._asked_the_house and _AN_ANSWER.match(sentence)):
            return False
        return not set(tokens(sentence)) - _ANSWER_WORDS <= self._told_facts

    def _guessed_of_someone(self, sentence: str) -> str | None:
        if self._answered_of_the_house(sentence):
            return "the house"
        if where := self._places.guessed(sentence):
            return where
        if not (self._people or self._of_the_house or self._last):
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
        names = {t for p in named for t in tokens(p)}
        if all(
            set(tokens(clause)) - names - _SAY_NOTHING <= self._told
            for clause in _parts_of_them(sentence, names)
        ):
            return None
        who = named[0]
        if who in _ANIMALS:
            return f"the {who}"
        if who in _AS_AN_OBJECT.values():
            return who  # "…told about her"
        return f"your {who}" if who in FAMILY else who.title()
