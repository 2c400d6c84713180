"""What is on the shopping list is the list's to say, never the model's.

An eleventh outside trial had "mac and cheese" on the list and asked "is mac and cheese on
the list?": the item's "and" kept the household's rules from reading it, the model was
asked, and it said "no, it is not."; "is the mac and cheese on the shopping list?" got "no,
the mac and cheese is not on the shopping list.". So a sentence of the model's that says
what is or is not on a list, or answers yes or no to a question about the list, is a
guess, and the reply stops there (bounds.py says what instead).
"""

from __future__ import annotations

import re

from appliance.apostrophes import straight

_A_LIST = r"(?:the |your |our |my )?(?:shopping |grocery |groceries |food )?list\b"
_ASKS_THE_LIST = re.compile(rf"\b(?:on|in|onto|off) {_A_LIST}", re.IGNORECASE)
_YES_OR_NO = re.compile(
    r"^\W*(?:yes|yeah|yep|no|nope|it is|it isn't|it's not|they are|they aren't|they're not)\b",
    re.IGNORECASE,
)
# "…is not on the shopping list", "milk's on your list", "there's nothing on the list"
_SAYS_WHAT_IS_ON = re.compile(
    r"\b(?:is|are|isn't|aren't|'s|'re|was|were|wasn't|weren't|not|nothing|already|still)\b"
    rf"[^.!?]*?\b(?:on|in) {_A_LIST}",
    re.IGNORECASE,
)
# Not a statement of what it holds: "add it to the list", "ask me what's on the list"
_NOT_SAID_AS_SO = re.compile(
    r"\b(?:if|whether|ask|asking|say|saying|read|tell me|check|add|put|want|like|would|could|"
    r"should|can|will)\b",
    re.IGNORECASE,
)

_A_QUESTION = re.compile(r"^\W*(?:is|are|was|were|did|do|does|have|has|had)\b", re.IGNORECASE)
LIST_GUESSED = (
    "I'd only be guessing what's on the shopping list. Ask me \u201cwhat's on the shopping "
    "list?\u201d and I'll read it."
)


def guessed_list(sentence: str, asked: str) -> bool:
    """Whether `sentence` says what a list holds, or answers a question about one yes or no."""
    said = straight(sentence)
    if said.rstrip().endswith("?"):
        return False
    asked_so = asked.rstrip().endswith("?") or _A_QUESTION.match(asked)  # spoken: no "?"
    if asked_so and _ASKS_THE_LIST.search(asked) and _YES_OR_NO.match(said):
        return True
    return _SAYS_WHAT_IS_ON.search(said) is not None and not _NOT_SAID_AS_SO.search(said)
