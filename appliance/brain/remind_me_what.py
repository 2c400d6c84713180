"""A question asked as "remind me …" or "I wonder …": "remind me what the wifi password
is", "can you remind me where the stopcock is", "I wonder whether Tomasz is diabetic".

"Remind me" before a question word asks the question again; it sets no reminder (the
household's rules read "remind me to …" and "remind me about …"). A sixth outside trial's
"remind me what the wifi password is" reached the model as a request, which answered with
what a password is. Read as the question, it is asked of the house like any other: a
secret gets "I don't keep passwords…", a fact told is said, one not told is not known.
"""

from __future__ import annotations

import re

_REMIND_ME_WHAT = re.compile(
    r"^(?:(?:hearth|hey hearth|ok hearth)[,:]? )?(?:(?:can|could|would|will) you )?"
    r"(?:please )?(?:remind (?:me|us)(?: again)?(?: please)?"
    # "I wonder whether Tomasz is diabetic" (a seventh trial's got the model's "Tomasz is
    # not diabetic."): the question, asked of the house
    r"|i (?:wonder|was wondering|was just wondering|do wonder)|i'm (?:just )?wondering)"
    # never a request framed so: "I was wondering if you could add eggs to the list"
    r",? (?!(?:if|whether) (?:you|u) (?:could|can|would|will|might|mind)\b)"
    r"(?P<question>(?:what|where|who|whose|when|which|whether|if|how (?:many|much|old|long|"
    r"often))\b.+)$",
    re.IGNORECASE,
)


def as_question(text: str) -> str:
    """ "remind me what the wifi password is" -> "what the wifi password is?"; any other
    text as it was."""
    said = _REMIND_ME_WHAT.match(text.strip())
    if said is None:
        return text
    question = said["question"].rstrip(" .!?")
    return question[:1].upper() + question[1:] + "?"
