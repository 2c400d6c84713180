"""Given names that English also holds as words: "josh", "sam", "tom" typed in lower case.

A name typed in lower case on a phone is read as a name where no English word list holds it
("chidi hates coriander"), but the recall model's word list is BERT's uncased vocabulary,
which holds most Western names: "josh is allergic to kiwi" went to the model, was never
carded, and "does josh like kiwi" got the model's "No, does not exist.". This list says which
of those words are someone's name first.

`given_names.csv` is the 1990 US Census's first names (a US Government work, in the public
domain; taken from the `names` package, MIT), lower case, three letters or more, without the
names that are everyday English words a message could open with ("will", "bill", "grace"):
`scripts/given-names` writes it, and holds that list.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from appliance.english import english_words


@cache
def given_names() -> frozenset[str]:
    """The given names, lower case."""
    lines = files("appliance").joinpath("given_names.csv").read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines[1:] if line)


def could_be_a_name(word: str) -> bool:
    """Whether a lower-case word can be someone's name by the word lists alone: one English
    lacks ("chidi", "nnamdi") or a given name English also holds ("josh", "sam"). Without the
    English list (the recall model not installed) none can: every word would look unknown."""
    english = english_words()
    return bool(english) and len(word) >= 3 and (word not in english or word in given_names())
