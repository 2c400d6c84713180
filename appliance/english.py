"""Words English knows: never a slip of the keyboard to read as another word.

The kitchen reads "chiken" as "chicken" (kitchen/spelling.py), and it had read "battery" as
"batter" the same way: "Could be that the smoke alarm battery is flat." got the rule on raw
cake batter. "could" was one slip from "cold", "floor" from "flour", "friend" from "fried"
and "child" from "chili": 567 English words in all. A word English knows is what was meant.

The list is the whole words of the recall model's own vocabulary (all-MiniLM-L6-v2's
WordPiece vocabulary, BERT's uncased English; Apache-2.0), which installs with the package:
no second word list to ship or keep. Without the semantic extra it is empty, and slips
are read as before.
"""

from __future__ import annotations

import json
import logging
from functools import cache

from appliance.minilm import minilm_files

log = logging.getLogger(__name__)

_SHORTEST = 3  # "ok", "pm" and such are no words a slip is read from


@cache
def english_words() -> frozenset[str]:
    """Whole lower-case English words (no word pieces, names or numbers) of three letters
    or more; empty if the recall model is not installed."""
    try:
        _, tokenizer = minilm_files()
        vocabulary = json.loads(tokenizer.read_text(encoding="utf-8"))["model"]["vocab"]
    except (FileNotFoundError, OSError, ValueError, KeyError) as error:
        log.info("no English word list (%s): slips of the keyboard are read without one", error)
        return frozenset()
    return frozenset(
        word for word in vocabulary if word.isalpha() and word.isascii() and len(word) >= _SHORTEST
    )
