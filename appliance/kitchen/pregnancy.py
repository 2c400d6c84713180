"""What to eat and avoid while pregnant: the NHS's advice, from a table, never a model's.

A twelfth outside trial asked "can a pregnant woman eat rare beef" and heard the rare-meat
row said for everyone ("No: whole cuts of beef and lamb … can be served rare or pink…"),
and "what temp should beef be for a pregnant person" got the core temperature with a
three-minute rest; brie, smoked salmon, pâté and caffeine each got "check the packet …
throw it out". Pregnancy has advice of its own (listeria, toxoplasmosis, vitamin A,
mercury, caffeine, alcohol): a question said of a pregnancy is answered from
data/pregnancy.csv, each row the NHS's, and a food the table does not hold gets where to
ask, never a guess.

    pregnancy_answer(tokens("can a pregnant woman eat rare beef"), tables())
      -> "Only cooked right through: in pregnancy cook all meat, steak and lamb too, …"
"""

from __future__ import annotations

import re

from appliance.aloud import citation
from appliance.kitchen.tables import Pregnancy, Tables

# Said of a pregnancy: "pregnant", "in pregnancy", "mum-to-be" (never "expecting": "we're
# expecting ten for dinner")
_PREGNANT = re.compile(
    r"\b(?:pregnan\w*|mum to be|mums to be|mom to be|the bump|trimester|midwife)\b"
    # "raspberry leaf tea at 36 weeks", "cups of tea when ur expecting" (never "we're
    # expecting ten for dinner")
    r"|\b(?:at|i'm|im|i am|she's|shes|she is) \d{1,2} weeks\b"
    r"|\b(?:when|while|whilst) (?:you're|youre|you are|ur|i'm|im|i am|she's|shes) expecting\b"
    r"|\b(?:expecting|having) a baby\b|\b\d{1,2} (?:weeks|months) along\b|\bunborn\b"
)
# "I'm not pregnant, can I eat brie" (the split's control got the pregnancy row)
_NOT_PREGNANT = re.compile(r"\b(?:not|n't|no longer|never been) pregnant\b")
# Words that make a name another thing: "ginger beer", "coconut milk", "cider vinegar",
# "milk chocolate" (a review's each got the alcohol or the raw-milk row)
_NOT_BEFORE = r"(?:ginger|root|coconut|oat|soya|soy|almond|rice|alcohol free|non alcoholic)"
_NOT_AFTER = r"(?:vinegar|chocolate|shake|powder|free|gums?|battered|batter)"
# Said of an animal: the vet's, never this table ("my pregnant cat, can she eat tuna")
_AN_ANIMAL = re.compile(r"\b(?:cat|dog|puppy|kitten|rabbit|hamster|guinea pig|horse|mare|ewe)\b")
NOT_IN_THE_TABLE = (
    "I don't have that food in my pregnancy table, and I won't guess: your midwife, GP or "
    "pharmacist can say, and so can the NHS's “Foods to avoid in pregnancy” page."
)


def said_of_a_pregnancy(said: str) -> bool:
    """Whether a kitchen question (lower case words) is asked of a pregnancy."""
    return (
        _PREGNANT.search(said) is not None
        and _NOT_PREGNANT.search(said) is None
        and _AN_ANIMAL.search(said) is None
    )


def pregnancy_answer(words: list[str], tables: Tables) -> tuple[str, str, bool]:
    """The table's answer for the food said, its source, and whether a row answered."""
    row = _named(words, tables)
    if row is None:
        return NOT_IN_THE_TABLE, "", False
    return f"{row.answer} {citation(row.source)}.", row.source, True


def _named(words: list[str], tables: Tables) -> Pregnancy | None:
    """The row of the food said: the longest name, and of two as long the one said first
    ("farmhouse cheddar made with unpasteurised milk" is the cheese); a name said as many or
    as one ("coffees", "king prawn") counts."""
    said = [" ".join(words), " ".join(w.removesuffix("s") for w in words)]
    said.append(" ".join(f"{w}s" for w in words))
    best: tuple[int, int, Pregnancy] | None = None
    for row in tables.pregnancy:
        for name in row.names:
            for text in said:
                at = next(
                    (
                        m
                        for m in re.finditer(rf"\b{re.escape(name)}\b(?! {_NOT_AFTER})", text)
                        if not re.search(rf"\b{_NOT_BEFORE} $", text[: m.start()])
                    ),
                    None,
                )
                if at is None:
                    continue
                size = len(name.split())
                if best is None or (size, -at.start()) > (best[0], best[1]):
                    best = (size, -at.start(), row)
    return best[2] if best is not None else None
