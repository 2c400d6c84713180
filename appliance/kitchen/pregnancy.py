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
from appliance.kitchen.tables import Tables

# Said of a pregnancy: "pregnant", "in pregnancy", "mum-to-be" (never "expecting": "we're
# expecting ten for dinner")
_PREGNANT = re.compile(
    r"\b(?:pregnan\w*|mum to be|mums to be|mom to be|the bump|trimester|midwife)\b"
)
NOT_IN_THE_TABLE = (
    "I don't have that food in my pregnancy table, and I won't guess: your midwife, GP or "
    "pharmacist can say, and so can the NHS's “Foods to avoid in pregnancy” page."
)


def said_of_a_pregnancy(said: str) -> bool:
    """Whether a kitchen question (lower case words) is asked of a pregnancy."""
    return _PREGNANT.search(said) is not None


def pregnancy_answer(words: list[str], tables: Tables) -> tuple[str, str, bool]:
    """The table's answer for the food said, its source, and whether a row answered."""
    found = tables.pregnancy.named_in(words, blocked=frozenset())
    if found is None:
        return NOT_IN_THE_TABLE, "", False
    row = found[1][0]
    return f"{row.answer} {citation(row.source)}.", row.source, True
