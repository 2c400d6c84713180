"""Who is a person in what is said: the household's family words, the words that are never a
name, and who a sentence is said to ("Mum, can you…").

Hearth hears the kitchen, not only the person speaking to it, and a sentence that opens by
calling someone ("Sam,", "Mum,", "Hey Olly,") is said to them: what follows is asked of
them, never about them ("Mum, where's the colander?" asks where the colander is).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from appliance.apostrophes import straight
from appliance.config import WAKE_WORDS
from appliance.family import FAMILY
from appliance.given_names import could_be_a_name
from appliance.household.frames import HEARTH_CALLED
from appliance.household.misheard import HEARTH_HEARD_AS
from appliance.kitchen.ask import vocabulary as kitchen_words
from appliance.letters import LETTER, LOWER, UPPER
from appliance.memory.text import STOP_WORDS

# Names that are not household members: calendar words, Hearth itself, and a title ("Mr
# Patel next door has one too" had made "Mr" a name, and "Mrs Hughes" was then written
# "Mr's Hughes": a twenty-first trial's).
# (never "mark" of "gas mark": Mark is someone's name, and "Mark works from home on
# Fridays" named no one, and "Mark, can you grab milk" was never said to Mark, in a
# fourteenth trial)
NOT_NAMES = frozenset(
    """
    i i'm i'll i've i'd hearth celsius fahrenheit centigrade fan gas monday tuesday
    wednesday thursday friday saturday sunday january february
    march april may june july august september october november december christmas
    easter diwali eid hanukkah ramadan halloween
    mr mrs ms miss mx dr
""".split()
)


# A title typed lower case before a name: "mr kerr", "dr patel" (typed.py writes it with
# its capitals, told.py counts the name as one of the household's people)
TITLED = r"(?P<title>mr|mrs|ms|miss|dr)\.?\s+(?P<name>[a-z][a-z'-]+)\b"


def a_name_typed_lower(word: str) -> bool:
    """Whether `word`, typed in lower case, can be someone's name: a word no English word
    list holds ("chidi", "nnamdi"), or a given name English also holds as a word ("josh",
    "sam"); never a calendar word nor the kitchen's ("pepper", "basil"). Without the English
    word list (the recall model is not installed), no lower-case word is."""
    return could_be_a_name(word) and word not in NOT_NAMES and word not in kitchen_words()


# Said only of a person: "mark hates mushrooms", "lily's vegetarian", "frank is allergic to
# shellfish". After these, a lower-case word that opens a message is someone even where it
# is also an everyday word left out of the given names ("mark", "lily", "frank": a
# fourteenth trial's each went to the model, which ranted of mushrooms for 150 words)
ONLY_OF_SOMEONE = re.compile(
    r"(?P<diet>(?:'s|\s+is|\s+isn't|\s+is not|\s+was)\s+(?:now\s+)?(?:allergic|intolerant|"
    r"vegetarian|vegan|coeliac|celiac|pregnant|diabetic|lactose intolerant|gluten free|"
    r"teetotal)\b)"
    r"|\s+(?:hates|loves|likes|dislikes|adores|detests|(?:can't|cannot|can not|doesn't|does not|"
    r"won't|will not)\s+(?:eat|have|stand|drink))\b"
)


def only_of_someone(word: str, said: re.Match[str]) -> bool:
    """Whether `word`, typed lower case, is someone's name by what `said` (ONLY_OF_SOMEONE)
    says of it: never a word of every sentence, of everyone, or of family ("everyone hates
    mushrooms", "mum hates it"), and a food never by its diet ("chocolate is vegan"; "mark
    hates mushrooms" though "gas mark" is the kitchen's)."""
    return (
        len(word) >= 3
        and word.isalpha()
        and word not in NOT_NAMES
        and word not in STOP_WORDS
        and word not in FAMILY
        and word not in _EVERYONE
        and not (said["diet"] and word in kitchen_words())
    )


_EVERYONE = frozenset(
    "everyone everybody nobody noone someone somebody anyone anybody people kids children "
    "all both none each".split()
)


# Who is called first: "Sam,", "Mum,", "Hey Olly,", "Auntie Jo,", "Oi, Sam,".
_CALLED = re.compile(
    r"^\s*(?P<lead>(?i:(?:hey|oi|right|ok|okay|um|so)\s*,?\s+))?"
    rf"(?P<who>{LETTER}[{LOWER}'-]+(?:\s+[{UPPER}][{LOWER}'-]+)?)"
    # "Gareth love, can you feed Bara?" (a third trial's was read as a question about Bara)
    r"(?P<dear>\s+(?i:love|darling|babe|hun|sweetheart|pet|mate|bach|cariad|sweetie))?"
    r"\s*,\s*(?=\S)"
)
# Never someone else: Hearth, as said and as a recogniser writes it, what a person calls
# it, a wake phrase's words, and the words that open a sentence.
_NEVER_CALLED = frozenset(
    {
        *NOT_NAMES,
        *STOP_WORDS,
        *HEARTH_CALLED,
        *HEARTH_HEARD_AS,
        *("hath", "harth", "ha", "assistant", "computer", "google", "siri", "alexa"),
        *(part for word in WAKE_WORDS for part in word.split("_")),
        *("hey", "hi", "hello", "oi", "right", "ok", "okay", "yes", "no", "sorry", "please"),
        *("thanks", "well", "oh", "so", "um", "now", "look", "listen", "wait", "quick"),
        # words that open "… could you …" and are no one's name ("Tomorrow could you remind me
        # to call the dentist": a review's was left "meant for Tomorrow")
        *("tomorrow", "today", "tonight", "later", "firstly", "first", "then", "maybe"),
        *("perhaps", "also", "actually", "nice", "grand", "great", "sometime", "honestly"),
    }
)


@dataclass(frozen=True)
class Called:
    """Who a sentence opens by calling, and what it says to them."""

    who: str  # "Mum", "Sam", "Auntie Jo"
    words: int  # the words of the call, "Hey" included
    rest: str  # "where's the colander?"


# Called with no comma, then told: "Oisin don't touch that, it's hot" (a fifth trial's was
# proposed as a fact).
_CALLED_THEN_TOLD = re.compile(
    r"^\s*(?P<lead>)(?P<who>(?!(?:Stop|Timers?|Reminders?|Alarms?|Lights?|Don't)\b)"
    rf"[{UPPER}][{LOWER}-]+)"
    r"(?P<dear>)\s+"
    r"(?=(?:don't|do not|stop|come here|come on|get down|get off|go and|put that|leave that|"
    r"give that|wash your|sit down|be careful|careful|"
    # "Declan could you add crisps to the list" (a tenth trial's got the model's "I'm glad
    # you added crisps to the list.")
    r"(?:can|could|would|will) (?:you|u)|can't you|would you mind)\b)"
)


def said_to(text: str) -> Called | None:
    """Who the sentence is said to, when it opens by calling a person, else None: a name
    written with a capital or a family word, never Hearth nor a word that opens sentences."""
    said = straight(text)
    match = _CALLED.match(said) or _CALLED_THEN_TOLD.match(said)
    if match is None:
        return None
    who = match["who"]
    first = who.split()[0].lower()
    if first in _NEVER_CALLED or not (who[0].isupper() or first in FAMILY):
        return None
    words = len(who.split()) + (1 if match["lead"] else 0) + (1 if match["dear"] else 0)
    return Called(who[0].upper() + who[1:], words, text[match.end() :])


# What a person is told to do, after their name: "Femi, go and wash your hands for tea".
_TOLD = re.compile(
    r"^(?:go|come|wash|stop|put|get|sit|eat|clean|tidy|brush|pick|take|give|help|set|lay|"
    r"bring|leave|hurry|listen|turn|switch|don't|do not|finish|hang|feed|fetch|grab|pass)\b",
    re.IGNORECASE,
)


def told_to_someone(text: str) -> bool:
    """Whether the sentence calls a person and tells them to do something: a third trial's
    "Femi, go and wash your hands for tea" got the kitchen's food-safety line."""
    called = said_to(text)
    return called is not None and _TOLD.match(called.rest.lstrip()) is not None


# The animals a household keeps, in one word each, singular or plural: the one list the
# vet's lines, the emergency lines and the pets memory names all read.
ANIMAL = (
    r"(?:dogs?|cats?|pupp(?:y|ies)|kittens?|rabbits?|bunn(?:y|ies)|hamsters?|guinea pigs?|"
    r"budgies?|parrots?|tortoises?|ferrets?|ponies|pony|horses?|gerbils?|rats?|mice|mouse|"
    r"lizards?|snakes?|hens?|pets?|"
    # a dog by its breed: "Milo is our Jack Russell" (a review's "can Milo have chocolate"
    # got a diet answer, as of a person)
    r"jack russells?|labradors?|labs?|spaniels?|terriers?|collies?|retrievers?|poodles?|"
    r"beagles?|dachshunds?|greyhounds?|whippets?|lurchers?|pugs?|huskies|husky|alsatians?|"
    r"sheepdogs?|cockapoos?|cavapoos?|labradoodles?|schnauzers?|chihuahuas?|corgis?)"
)
# A pet as a fact names it ("Biscuit is our dog", "our cat Miso", "the dog's called Rocky"),
# the animal's word ending its phrase: "Tamsin is a dog lover" and "Osric is our dog walker"
# name no pet (a review's read them as dogs, and a person's allergic reaction got the vet)
_KIND_ENDS = r"(?=\s*(?:[.,;!]|$)|\s+(?:called|named|and|who|that)\b)"
_PET_FACTS = (
    re.compile(
        rf"\b(?P<name>[{UPPER}][{LOWER}'-]+) is (?:our|my|the|a|the family's) "
        rf"(?:(?:new|old|little|big|\w+) )?(?P<kind>(?i:{ANIMAL})){_KIND_ENDS}"
    ),
    re.compile(
        rf"\b(?i:our|my|the) (?:(?:new|old|little|big) )?(?P<kind>(?i:{ANIMAL}))"
        rf"(?:'s| is)? (?:called |named )?(?P<name>[{UPPER}][{LOWER}'-]+)\b"
    ),
    # "Bramble the dog must not have grapes", "Bramble, our spaniel, …" (a twentieth trial's
    # "Bramble ate a grape, what do I do?" got the fact, never the vet)
    re.compile(
        rf"(?:^|[.!?]\s+)(?P<name>[{UPPER}][{LOWER}'-]+),? (?i:the|our|my) "
        rf"(?:(?:new|old|little|big) )?(?P<kind>(?i:{ANIMAL}))\b(?! (?:walker|lover|sitter|groomer|"
        r"trainer|food|bowl|bed|lead|flap)\b)"
    ),
)


def pets_in(facts: Iterable[str]) -> dict[str, str]:
    """The pets the facts name, lower case, each with its kind: {"biscuit": "dog"}."""
    pets: dict[str, str] = {}
    for text in facts:
        for pattern in _PET_FACTS:
            for found in pattern.finditer(text):
                name = found["name"].lower()
                if name not in NOT_NAMES and name not in STOP_WORDS:
                    pets[name] = found["kind"].lower()
    return pets


def as_their_kind(text: str, pets: dict[str, str], words: frozenset[str] = frozenset()) -> str:
    """The text with each pet's name said as its kind: "can I give Biscuit chocolate?" ->
    "can I give the dog chocolate?", so a pet's name is asked of as the animal it is. A
    name that is also one of `words` (a food: "Honey is our dog") counts only written
    with its capital: "is honey safe for a 6 month old?" asks of honey."""

    def kind(found: re.Match[str]) -> str:
        name = found[1]
        if name.lower() in words and not name[:1].isupper():
            return name
        return f"the {pets[name.lower()]}"

    names = "|".join(re.escape(name) for name in sorted(pets, key=len, reverse=True))
    if not names:
        return text
    return re.sub(rf"\b({names})\b", kind, text, flags=re.IGNORECASE)


# What only a person has: "whats sami's job" is of someone, even where "sami" is an
# English word too (a sixteenth trial's got the model's made-up job)
ONLY_A_PERSONS = frozenset(
    """
    job work birthday age school teacher class phone email surname nickname mum dad mam
    mom wife husband girlfriend boyfriend partner friend friends allergy allergies diet
    shoe medication medicine meds pills tablets doctor dentist appointment bedtime favourite
    fave fav middle boss
    """.split()
)
