"""Words typed without their apostrophe, read as the words they are.

A fifth outside trial typed "wheres the spare key" and got the model's "The spare key is
located at the back door of the house." (it is under the blue plant pot), and "whos coming
on tuesday" got "Alejandro.": without the apostrophe no rule read them as questions about
the house. Only spellings that are no other word are restored ("its", "ill", "were", "wed"
and "lets" are words of their own and stay as typed).
"""

from __future__ import annotations

import re

from appliance.brain.people import NOT_NAMES
from appliance.english import english_words
from appliance.kitchen.ask import vocabulary as kitchen_words
from appliance.letters import LETTER, LOWER

_RESTORED = {
    "whats": "what's",
    "wheres": "where's",
    "whos": "who's",
    "whens": "when's",
    "hows": "how's",
    "whys": "why's",
    "thats": "that's",
    "theres": "there's",
    "dont": "don't",
    "doesnt": "doesn't",
    "didnt": "didn't",
    "cant": "can't",
    "isnt": "isn't",
    "arent": "aren't",
    "wasnt": "wasn't",
    "werent": "weren't",
    "havent": "haven't",
    "hasnt": "hasn't",
    "couldnt": "couldn't",
    "shouldnt": "shouldn't",
    "wouldnt": "wouldn't",
    "ive": "I've",
    "im": "I'm",
    "youre": "you're",
    "theyre": "they're",
}
# "im" before a capital is German ("im Mai"), which the guard's corpus holds
_TYPED = re.compile(
    r"\b(" + "|".join(_RESTORED) + r")\b(?<!\bim)|\bim\b(?!\s+(?-i:[A-ZÄÖÜ]))", re.IGNORECASE
)


_OWNER = re.compile(rf"\b({LETTER}[{LOWER}]+)s\b")
_SHORT = re.compile(r"\b(?:bday|b'day|birthdy)\b", re.IGNORECASE)


def with_apostrophes(text: str, known: frozenset[str] = frozenset()) -> str:
    """The text with each apostrophe-less spelling restored ("wheres" -> "where's"), a
    name memory holds made its owner's ("whens maureens bday" -> "when's Maureen's
    birthday"), and "bday" written whole."""

    def restored(said: re.Match[str]) -> str:
        word = _RESTORED[said.group().lower()]
        return word[:1].upper() + word[1:] if said.group()[:1].isupper() else word

    def owner(said: re.Match[str]) -> str:
        name = said.group(1)
        return f"{name}'s" if name.lower() in known else said.group()

    def capital(said: re.Match[str]) -> str:
        word = said.group()
        # only a name a message starts with and says something of ("ify has…", "sam is
        # allergic to nuts"): never "add fudge to the list" with Fudge the dog (a review's
        # list got "Fudge"), nor "will", "may", "rose" as words
        if said.start() != 0 or not _SAID_OF_SOMEONE.match(said.string, said.end()):
            return word
        if word in known or _a_name_unheard_of(word):
            return word[:1].upper() + word[1:]
        return word

    restored_text = _SHORT.sub("birthday", _OWNER.sub(owner, _TYPED.sub(restored, text)))
    # a name memory holds, typed in lower case on a phone: "ify has a dentist appointment
    # on friday at 3" (an eleventh trial's went to the model, and nothing was carded)
    return _LOWER_WORD.sub(capital, restored_text, count=1)


def _a_name_unheard_of(word: str) -> bool:
    """A word no English word list nor the kitchen holds, said first and then something of
    it: "chidi hates coriander", "nnamdi's mock exams start on the 12th" (a twelfth trial's
    went to the model, and nothing was carded). Without the word list, none is."""
    english = english_words()
    return (
        bool(english)
        and len(word) >= 3
        and word not in english
        and word not in NOT_NAMES
        and word not in kitchen_words()
    )


_SAID_OF_SOMEONE = re.compile(
    # "ify's dentist is on Tuesday at 4" (a second review's went to the model)
    r"(?:'s(?:\s+[a-z]+){0,2}?)?\s+(?:is|isn't|was|has|hasn't|had|gets|got|needs|likes|loves|hates|can|can't|"
    r"cannot|doesn't|does|did|didn't|will|won't|eats|takes|goes|lives|works|starts|are|start|"
    r"begin|begins|end|ends|finish|finishes)\b"
)
_LOWER_WORD = re.compile(rf"\b[{LOWER}][{LOWER}-]*[{LOWER}]\b")


# A question asked back with a tag and no mark: "Nnamdi is allergic to peanuts isnt he",
# "my friend lily says pesto has nuts in it is that true" (a twelfth trial's each was
# carded as a fact to keep)
_TAGGED = re.compile(
    r"(?:,?\s+(?:(?:isn't|isnt|aren't|arent|doesn't|doesnt|don't|dont|didn't|didnt|hasn't|"
    r"hasnt|haven't|havent|wasn't|wasnt|can't|cant|won't|wont)\s+(?:he|she|it|they|we|i|you|"
    r"there)|is that (?:true|right|correct|so)|am i right)"
    # "right", "yeah" only set off by a comma: never "turn right", "Tom is right"
    r"|,\s*(?:right|innit|yeah|correct|yes))\s*$",
    re.IGNORECASE,
)


def with_its_mark(text: str) -> str:
    """The text, with the question mark a tag question typed without one would have had."""
    stripped = text.rstrip()
    if stripped.endswith(("?", "!")) or _TAGGED.search(stripped.rstrip(".")) is None:
        return text
    return stripped.rstrip(".") + "?"
