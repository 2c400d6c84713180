"""Words typed without their apostrophe that are no other word: "dont" is "don't".

One table for every part that reads what a person typed or a recogniser wrote: the brain's
questions (brain/typed.py), a refusal's plain words (memory/plain_words.py) and the
negations a tombstone's marks read (memory/contrast.py). Only spellings that are no other
word are here: "its", "ill", "were", "wed", "lets" and "shell" are words of their own.
"""

from __future__ import annotations

import re


def straight(text: str) -> str:
    """Curly apostrophes and single quotes as the straight one every rule is written with:
    a phone types "don’t" and "Ffion’s", a recogniser and the model write them too."""
    return text.replace("\u2019", "'").replace("\u2018", "'")


# A word typed short, with its apostrophe or without: "bday", "b'day" are "birthday" (read
# alike by brain/typed.py and memory/plain_words.py)
BIRTHDAY_SHORT = re.compile(r"\b(?:bday|b-day|b'day|birthdy|bdays)\b", re.IGNORECASE)

APOSTROPHES = {
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
    "hadnt": "hadn't",
    "couldnt": "couldn't",
    "shouldnt": "shouldn't",
    "wouldnt": "wouldn't",
    "mustnt": "mustn't",
    "wont": "won't",
    "ive": "I've",
    "im": "I'm",
    "youre": "you're",
    "theyre": "they're",
    "shes": "she's",
    "hes": "he's",
    "weve": "we've",
}
# The negations among them, and the modal each is made of where it is one ("cant": can)
NEGATED_MODAL = {
    typed: {"ca": "can", "wo": "will"}.get(said[:-3], said[:-3])
    for typed, said in APOSTROPHES.items()
    if said.endswith("n't")
}
