"""What a recalled fact answers of a question: whether it is about what was asked (every
person and house thing asked of is in it) and whether it says what was asked about it (the
place for "where", a time for "when", an age for "how old"). Recall ranks by shared words,
so "when is Kofi's birthday?" finds "Ama's birthday is on 3 March"; this decides that the
fact must not answer, nor reach the model. questions.py decides what a question is.
"""

from __future__ import annotations

import datetime as dt
import re
from itertools import pairwise

from appliance.apostrophes import straight
from appliance.brain import days_until
from appliance.brain.cannot_eat import CANNOT_EAT, KINDS
from appliance.brain.days import WEEKDAY_STEM, another_day, the_day_told
from appliance.brain.known import DIET
from appliance.brain.questions import (
    HOW_OFTEN_OURS,
    SOMEONE_UNNAMED,
    STATE_NOW,
    Question,
)
from appliance.letters import LOWER, UPPER
from appliance.memory import Fact, Recalled
from appliance.memory.restated import names_a_medicine
from appliance.memory.text import tokens

_HOW_OFTEN_SAID = re.compile(
    r"\b(?:every|each|weekly|fortnightly|monthly|daily|yearly|annually|once|twice|a week|a "
    # "Milk gets delivered on Mondays, Wednesdays and Fridays" (a held-out split's)
    rf"month|a day|a year|{WEEKDAY_STEM}days)\b",
    re.IGNORECASE,
)


def about(question: Question, recalled: Recalled) -> bool:
    """Whether a recalled fact is about what was asked: every person named and every
    house thing asked about must be in the fact (its text or its links).

    Recall ranks by shared words, so "when is Kofi's birthday?" finds "Ama's
    birthday is on 3 March"; that fact must not answer, nor reach the model.
    """
    held = held_by(recalled, question.text)
    # "my grandson Ifan": a family word before a name is that person's, not a second one
    titles = {m[1].lower() for m in _A_TITLE.finditer(question.text)}
    if any(not set(tokens(name)) <= held for name in question.names if name.lower() not in titles):
        return False
    if any(only_as_a_relation(name, recalled.fact.text, question.text) for name in question.names):
        return False
    # "Zara's dentist appointment" is about "Zara's got the dentist on the 22nd": the kind
    # of day is no thing of its own when what it is with is said
    things = [t for t in question.things if t not in _KIND_OF_DAY] or question.things
    return all(t in held for t in things)


_KIND_OF_DAY = frozenset({"appointment"})


def without_titles(question: str) -> str:
    """The question without a family word said before a name ("my grandson Ifan" -> "my
    Ifan"): it names the person, and no fact need say it."""
    return _A_TITLE.sub(lambda m: m[0][: m.start(1) - m.start(0)], question)


_A_TITLE = re.compile(
    r"\b(?:my|our|your|the) ((?:grand)?(?:son|daughter|child|kid)|nephew|niece|brother|sister|"
    r"mum|mam|mom|dad|nan|nana|gran|granny|grandma|grandad|grandpa|husband|wife|partner|"
    r"lodger|cousin|aunt|auntie|uncle|friend|neighbour) (?=[A-Z][a-z])"
)
# Someone named only as whose another is: "Ify's friend Amara has a nut allergy" is about
# Amara (an eleventh trial's "is Ify allergic to nuts?" got it as the answer)
_RELATIONS = (
    r"friend|friends|mum|mam|mom|mother|dad|father|sister|brother|teacher|husband|wife|son|"
    r"daughter|aunt|auntie|uncle|gran|granny|grandma|nan|nana|grandad|grandpa|cousin|boss|"
    r"neighbour|partner|girlfriend|boyfriend|doctor|gp|vet|dog|cat|nephew|niece|in-laws?|"
    r"godmother|godfather|childminder|nanny|babysitter|classmate|mate|pal|colleague"
)


def only_as_a_relation(name: str, fact: str, asked: str) -> bool:
    """Whether `name` is in `fact` only as whose someone else, named, is ("Ify's friend
    Amara"), and the question asks of `name` alone (not "…Ify's friend…"). Never "Ify's
    doctor says she can't have dairy": that is of Ify (a review's), the doctor no one named."""
    # "Ify's friend Amara …", "Tom's mum is vegan" (a second review's): the other's; never
    # "Ify's doctor says she can't have dairy", where the other is only who said it
    said = re.compile(
        rf"\b{re.escape(name)}\b(?P<whose>['\u2019]s\s+(?P<relation>{_RELATIONS})\s+"
        rf"(?:(?-i:[{UPPER}])[{LOWER}]+|(?!(?:says|said|thinks|reckons|told|tells|wants|"
        rf"recommends|recommended|advised|advises)\b)[a-z']+))?",
        re.I,
    )
    found = list(said.finditer(fact))
    if not found or not all(m["whose"] for m in found):
        return False
    relations = {m["relation"].lower() for m in found}
    return not any(re.search(rf"\b{re.escape(r)}\b", asked, re.I) for r in relations)


# A day or a time said: a fact that says when something is
SAYS_WHEN = re.compile(
    # a time or a date, never any number ("Sam lives at 14 Elm Road" says no when, a
    # review's answered "when is Sam coming"), nor a season or a holiday's name
    r"\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)\b|\b\d{1,2}[:.]\d{2}\b|"
    r"\bat (?:half |quarter )?(?:[1-9]|1[0-2])\b(?! [a-z]+ (?:road|rd|street|st|avenue|ave|lane|"
    r"ln|close|drive|dr|way|crescent|place|gardens|terrace|court)\b)|"
    r"\b\d{1,2}(?:st|nd|rd|th)\b(?! [a-z]+ (?:road|rd|street|st|avenue|ave|lane))|"
    # a part of the day only of a day: "hates mornings" says no when (a review's)
    rf"\b(?:in the|this|tomorrow|tonight|{WEEKDAY_STEM}day) (?:morning|"
    r"afternoon|evening|night)s?\b|"
    rf"\b(?:{WEEKDAY_STEM}days?|tonight|"
    r"tomorrow|today|noon|midday|midnight|weekends?|"
    r"every|daily|weekly|fortnightly|monthly|yearly|january|february|march|april|may|june|"
    r"july|august|september|october|november|december|next (?:week|month|year)|this (?:week|"
    r"month)|half (?:past|seven|eight|nine|ten|eleven|twelve|one|two|three|four|five|six))\b",
    re.IGNORECASE,
)
# A question that asks when: answered by a fact of it that says when, whatever else its
# words are, if they only ask when ("what time is the party", "when is aunty bisi coming",
# "what time do we go to gurdwara": each got "I don't know" with the fact kept)
_WHEN_ASKED = re.compile(r"^\W*(?:when|whens|(?:what|which) (?:time|day|date))\b", re.IGNORECASE)
_TIME_ASKED = re.compile(r"^\W*what time\b", re.IGNORECASE)
_A_TIME = re.compile(
    r"\d|\b(?:noon|midday|midnight|half|quarter|morning|mornings|afternoon|afternoons|evening|"
    r"evenings|lunch|lunchtime|teatime|bedtime)\b",
    re.IGNORECASE,
)
_ONLY_ASKS_WHEN = frozenset(
    tokens(
        "time day date come coming comes go going goes visit visiting arrive arriving "
        "happen happening get gets have having usually normally next this week weekend man "
        "men woman lady guy bloke engineer people"
    )
)
# Which end of it: "what time does Zara's ballet start" is no question "…finishes at 5:45"
# answers (a held-out split's got it)
_STARTS = frozenset({"start", "starts", "begin", "begins", "open", "opens"})
_ENDS = frozenset({"finish", "finishes", "end", "ends", "close", "closes"})
# "what's happening on saturday", "anything on tomorrow": asked of whatever is on that day
_ASKS_WHAT_IS_ON = frozenset(
    # "wot have i got on tuesdays" (a held-out split's got "I don't know", with "I have
    # choir on Tuesdays." kept)
    tokens("happening happen going doing plan plans planned anything something on got")
)
# A coming: what a fact of someone must say to answer "when is Sam coming" (never "what
# time do we go to gurdwara", a place a fact may begin with)
_MOVES = frozenset(
    tokens(
        "come coming comes came visit visiting visits visited arrive arriving arrives here "
        "over round staying stay back"
    )
)
# Words that only ask how or when, never what the fact must hold
_END_WORDS = frozenset(
    tokens("start starts begin begins open opens finish finishes end ends close closes")
)
ONLY_ASKING = frozenset({*_ONLY_ASKS_WHEN, *tokens("often"), *_END_WORDS})
_A_SPAN = re.compile(r"\bfrom\b.*\b(?:to|till|until|til)\b|\d\s*(?:-|to|till|until|til)\s*\d", re.I)
_A_WORD_OF_WHEN = re.compile(
    rf"\d+|{WEEKDAY_STEM}day|today|tonight|tonite|tomorrow|week|"
    r"weekend|next|this|still|time|day|date|morning|evening|night|afternoon|am|pm"
)


def _when_answered(asked: str, rest: set[str], fact: str, of_someone: bool) -> bool | None:
    """Whether a fact answers a question of when (None: not such a question, or one of
    more than when). The other end of it never does; a "what time" needs a time."""
    said = set(re.findall(r"[a-z]+", asked.lower()))
    told = set(re.findall(r"[a-z]+", fact.lower()))
    for one_end, other_end in ((_STARTS, _ENDS), (_ENDS, _STARTS)):
        if said & one_end and not told & one_end and told & other_end and not _A_SPAN.search(fact):
            return False
    if _TIME_ASKED.match(asked) and not _A_TIME.search(fact):
        return False  # "what time does the school trip get back": "…is on Friday" says none
    if not _WHEN_ASKED.match(asked) or not rest - _END_WORDS <= _ONLY_ASKS_WHEN:
        return None
    moving = rest & _MOVES
    if of_someone and moving and not set(tokens(fact)) & _MOVES:
        return None  # "when is Sam coming": "Sam hates mornings" is no visit (a review's)
    return SAYS_WHEN.search(fact) is not None


def answers(question: Question, recalled: Recalled, today: dt.date | None = None) -> bool:
    """About what was asked, and saying what was asked about it: one of the question's
    other words (or its kind: milk is dairy) is in the fact. "How old is Sam?" is not
    answered by "Sam is allergic to peanuts". For "where …" the place is the answer. A
    fact only about other days than the one asked answers nothing (days.py)."""
    if not about(question, recalled) or another_day(question.text, recalled.fact.text, today):
        return False
    subject = {t for name in question.names for t in tokens(name)} | set(question.things)
    # "anyone in the house" is who is asked about, not what: it is never in the fact
    rest = set(tokens(SOMEONE_UNNAMED.sub(" ", question.text))) - subject
    held = held_by(recalled, question.text)
    if cannot_eat_held(question.text, recalled.fact.text):
        return True  # "what can't Ifan eat": his sesame allergy says
    if question.text.lower().lstrip().startswith("where"):
        return _where_answered(rest, held, recalled.fact.text)
    of_someone = bool(question.names) and not question.things
    if (when := _when_answered(question.text, rest, recalled.fact.text, of_someone)) is not None:
        return when
    if not rest:
        return question.why != STATE_NOW  # "is Ciaran in?": no fact of Ciaran's says so
    if not question.names and not question.things:
        # named by no one and no house thing: a word of when alone answers nothing ("is
        # netbal on thursday" got "Chess club is Thursdays at lunch." in a held-out split)
        what = (
            {word for word in rest if not _A_WORD_OF_WHEN.fullmatch(word)}
            - ONLY_ASKING
            - _ASKS_WHAT_IS_ON
        )
        if what and not any(word in held or said_in(word, held) for word in what):
            return False
    if (what_for := _FOR_WHAT.search(question.text)) and not set(tokens(what_for["what"])) <= held:
        # "does Babcia take anything for blood pressure?": her metformin is no answer, for
        # nothing says what it is for (an eleventh trial's got it)
        return False
    if HOW_OFTEN_OURS.match(question.text) and _HOW_OFTEN_SAID.search(recalled.fact.text):
        # "how often is recycling": "…goes out every other Friday"; never "how often do we
        # get the window cleaner" by "The cleaner comes every Thursday" (a held-out split's)
        return all(word in held or said_in(word, held) for word in rest - ONLY_ASKING)
    if rest == {"old"} and _AN_AGE.search(recalled.fact.text):
        return True  # "how old is Ewan?" is answered by "Our Ewan's 15" (a second trial)
    if days_until.asks(question.text) and days_until.names_a_date(recalled.fact.text):
        # "how many days till Aoife's birthday?": her birthday's date (a trial), and only
        # a date of what was asked: Kemi's birthday is no answer to "…till Kemi's exams?"
        # (a held-out split's count had reached her birthday)
        occasion = days_until.occasion_words(question.text) - subject
        return not occasion or any(word in held for word in occasion)
    if the_day_told(question.text, recalled.fact.text, today):
        # "is football on tonight" on a Tuesday: "…training is at 5 on Tuesdays and
        # Thursdays" says so (a held-out split's got "I don't know")
        held = held | {word for word in rest if _A_WORD_OF_WHEN.fullmatch(word)}
    return any(word in held or KINDS.get(word) in held or said_in(word, held) for word in rest)


# What someone may not eat, asked, and a fact that says it
_CANNOT_EAT_ASKED = re.compile(
    r"\b(?:can't|cant|cannot|can not|unable to|not able to|not allowed to|mustn't|shouldn't|"
    r"isn't allowed to|doesn't|does not|won't)(?: \w+){0,2}? (?:eat|have|drink)\b"
    r"|\b(?:avoid|allergic to|intolerant (?:to|of))\b",
    re.IGNORECASE,
)
_CANNOT_EAT_WORDS = frozenset(
    tokens("eat eats eating have drink unable able allowed avoid cannot can't cant mustn't")
)


def cannot_eat_held(question: str, fact: str) -> frozenset[str]:
    """The words of a question of what someone may not eat that a fact of their allergy or
    diet holds by meaning: "Ifan is allergic to sesame." answers "what is my grandson Ifan
    unable to eat?" (an eighteenth trial's got "I don't know"); never "…like to eat"."""
    if _CANNOT_EAT_ASKED.search(question) and DIET.search(fact):
        return _CANNOT_EAT_WORDS
    return frozenset()


def said_in(word: str, held: set[str]) -> bool:
    """The word in another form of it in the fact: "swim" in "swimming", "go" in "goes" (an
    eighth trial's "when does the recycling go out?" got "I don't know … What I do know:
    Recycling goes out every Friday.")."""
    stem = word[:4] if len(word) >= 4 else word.rstrip("e")
    return any((h[:4] if len(h) >= 4 else h.rstrip("e")) == stem for h in held)


# Words of a "where" question that ask, not name the thing: "where would the stopcock be",
# "where did Seamus leave his hearing aids".
_WHERE_ASKS = frozenset(
    tokens(
        "where would could might should be did do does leave left put keep kept store stored "
        "find found go goes usually normally put hide hidden again actually"
    )
)


def _where_answered(rest: set[str], held: set[str], fact: str) -> bool:
    """For "where …" the place is the answer, so a fact about the thing asked answers; a
    fact of the same person or a word of place alone does not: a fifth trial's "where did
    Seamus leave his hearing aids" got "Seamus is hard of hearing…", and "where would the
    stopcock be" the hot water switch. Nor does a fact of only when ("where is the party"
    got "The party is on Saturday at 8." in a held-out split)."""
    if SAYS_WHEN.search(fact) and not _A_PLACE.search(fact):
        return False
    asked = rest - _WHERE_ASKS
    if asked & _LIVES and not any(said_in(word, held) for word in asked & _LIVES):
        # "where does Sami live": where someone works is no answer (a review's read out
        # "Sami works as a nurse at the Royal Infirmary.")
        return False
    asked -= _LIVES
    return not asked or asked <= held or len(asked & held) >= 2


_LIVES = frozenset(tokens("live lives living"))
# A place said: "at the leisure centre", "in the drawer", "under the sink"; never "at 8",
# "on Saturday"
_A_PLACE = re.compile(
    r"\b(?:in|at|on|under|behind|beside|inside|by|near|above|below|outside|with|into|up|"
    rf"down)\s+(?!\d)(?!{WEEKDAY_STEM}days?\b|half\b|quarter\b|"
    r"noon\b|midday\b|midnight\b|night\b|weekends?\b|the weekend\b|the \d|(?:the )?morning|"
    r"(?:the )?evening|(?:the )?afternoon|lunch|time\b)[a-z]"
    r"|\b(?:upstairs|downstairs|next door|next to)\b",
    re.IGNORECASE,
)


# What a medicine or a thing is asked to be for, at the question's end: "…for her heart?"
_FOR_WHAT = re.compile(
    r"\b(?:take|takes|taking|on|have|has|got|need|needs|anything|something|tablets?|pills?|"
    r"medicines?|medication|meds)\b.*\bfor (?:his |her |their |my |your |the |a |an )?"
    r"(?P<what>[a-z]+(?: [a-z]+)?)\s*[?.!]*$",
    re.IGNORECASE,
)
_TAKES = re.compile(r"\b(?:takes?|taking|is on|prescribed|uses an?)\b", re.IGNORECASE)
_MEDICINE = frozenset(
    tokens("medication medications medicine medicines meds tablet tablets pill pills drug drugs")
)


# …of a day or a time: "Mum works at the hospital as a nurse", "Dad is a dentist" are no
# appointment (a review's were read out for "when is mum's appointment")
_A_DAY_OR_TIME = re.compile(
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|"
    r"thur|thurs|fri|sat|sun|tomorrow|today|tonight|next week|\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)|"
    r"at \d{1,2}(?:[:.]\d{2})?|the \d{1,2}(?:st|nd|rd|th)|\d{1,2}(?:st|nd|rd|th) of)\b",
    re.IGNORECASE,
)
_WORKS = re.compile(
    r"\b(?:works?|worked|working) (?:as|at|in|for)\b"
    # "Sami is a nurse." (a held-out split's "whats sami's job" got "I don't know")
    r"|\b(?:is|'s) (?:a|an) (?:\w+ )?(?:nurse|teacher|doctor|engineer|plumber|electrician|builder|"
    r"chef|cook|driver|lawyer|solicitor|accountant|student|carer|cleaner|dentist|vet|pharmacist|"
    r"police officer|firefighter|farmer|mechanic|programmer|developer|manager|receptionist|"
    r"hairdresser|barber|baker|butcher|cashier|waiter|waitress|midwife|paramedic|pilot|soldier|"
    r"journalist|writer|artist|musician|lecturer|professor|scientist|architect|designer|nanny|"
    r"childminder|postman|porter|banker|consultant|surgeon|physio|physiotherapist|therapist|"
    r"joiner|carpenter|painter|decorator|gardener|social worker|civil servant|care worker|"
    r"labourer|electrician|secretary|librarian|translator|interpreter)\b"
    r"|\b(?:is|'s) retired\b",
    re.IGNORECASE,
)
_JOB = frozenset(tokens("job jobs work works"))
_CALLED = re.compile(r"\b(?:is called|are called|was called|named|name is|names are)\b", re.I)
_NAME = frozenset(tokens("name names called"))
_TRAVELS = re.compile(
    rf"\b(?:goes|going|go|flies|flying|fly|travels|travelling|heading|off) to (?-i:[{UPPER}])"
    r"|\b(?:holiday|trip|flight|flies|abroad)\b",
    re.IGNORECASE,
)
_TRAVEL = frozenset(tokens("travelling traveling travel trip away abroad holiday flying"))
_AN_APPOINTMENT = re.compile(
    r"\b(?:surgery|doctor'?s?|gp|dentist|review|check-?up|clinic|hospital|nurse|optician'?s?|"
    r"hairdresser'?s?|haircut|physio|jab|vaccination|scan|midwife|consultant|bloods|blood test|"
    r"vet'?s?|orthodontist|podiatrist|chiropodist)\b",
    re.IGNORECASE,
)
_A_DOCTORS = re.compile(
    r"\b(?:surgery|doctor'?s?|gp|review|check-?up|clinic|nurse|bloods|blood test)\b",
    re.IGNORECASE,
)
_NO_APPOINTMENT = re.compile(
    r"\b(?:works?|working|job|shifts?|lives|next to|opposite|road|street|avenue|lane)\b",
    re.IGNORECASE,
)
_APPOINTMENT = frozenset(tokens("appointment appointments appt go going goes seeing"))
_DOCTORS = frozenset(tokens("doctor doctors gp surgery"))


# A number said of someone, as an age: "Ewan's 15", "Isla is seven", "turned 40".
_AN_AGE = re.compile(
    r"(?:'s|\bis|\bturned|\bturns|\baged)\s+(?:\d{1,3}|one|two|three|four|five|six|seven|"
    r"eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|"
    r"nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b(?!\s*(?:am|pm|:|th|st|nd|rd))",
    re.IGNORECASE,
)


def held_by(recalled: Recalled, asked: str = "") -> set[str]:
    """The fact's words, with what they imply, and the question's words said apart that the
    fact writes as one ("epi pen" for "epipen": a tenth trial's "where's the epi pen" got "I
    don't know", the EpiPen's drawer kept)."""
    fact = recalled.fact
    held = set(tokens(fact.text + " " + " ".join(fact.links)))
    if CANNOT_EAT.search(straight(fact.text)):
        held |= set(tokens("allergy allergic intolerant intolerance"))
    held |= implied(fact)
    return held | said_apart(asked, held)


def implied(fact: Fact) -> frozenset[str]:
    """Words a fact means without saying: "Nana takes metformin with breakfast" is of a
    medicine (a tenth trial's "what medication is nana on" got "I don't know that about nana
    yet")."""
    # a medicine named, whatever the note-taker filed it as ("Grandma Bernadette takes
    # warfarin every evening at 6pm" was a routine: a nineteenth trial's "what medication
    # does Grandma take" got "I don't know that about Grandma yet")
    taken = _TAKES.search(fact.text) and (fact.type == "health" or names_a_medicine(fact.text))
    said = _MEDICINE if taken else frozenset()
    if _CALLED.search(fact.text):
        # "The cat is called Biscuit." answers "what is the cat's name" (a nineteenth trial's
        # got "I don't know Biscuit's name yet… What I do know: The cat is called Biscuit.")
        said |= _NAME
    if _WORKS.search(fact.text):
        said |= _JOB  # "Sami works as a nurse…" answers "what is sami's job" (a review's)
    if _TRAVELS.search(fact.text):
        # "Tunde goes to Lagos on 20 December." answers "is anyone travelling this month" (a
        # seventeenth trial's got the model's "no one is travelling this month")
        said |= _TRAVEL
    if (
        _AN_APPOINTMENT.search(fact.text)
        and _A_DAY_OR_TIME.search(fact.text)
        # where someone works or how to get somewhere is no appointment ("Mum works at
        # the hospital on Tuesdays at 8", "next to the Tesco at 5 Mill Road": a review's)
        and not _NO_APPOINTMENT.search(fact.text)
    ):
        # "Grandad has his diabetic review at the surgery on thursday at 10.30" is his
        # appointment, at the doctor's (a twelfth trial's "when is grandads appointment" got
        # "I don't know grandad's appointment yet.")
        said |= _APPOINTMENT
        if _A_DOCTORS.search(fact.text):
            said |= _DOCTORS
    return said


def said_apart(asked: str, held: set[str]) -> set[str]:
    """The words of `asked` said apart that `held` writes as one: "epi pen" for "epipen"."""
    said = tokens(asked)
    return {w for a, b in pairwise(said) if a + b in held for w in (a, b)}
