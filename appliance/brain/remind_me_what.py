"""A question asked as a request: "remind me what the wifi password is", "can you remind me
where the stopcock is", "I wonder whether Tomasz is diabetic", "tell me where the spare key
is", "I need to know when the bins go out".

"Remind me" before a question word asks the question again; it sets no reminder (the
household's rules read "remind me to …" and "remind me about …"). A sixth outside trial's
"remind me what the wifi password is" reached the model as a request, which answered with
what a password is. Read as the question, it is asked of the house like any other: a
secret gets "I don't keep passwords…", a fact told is said, one not told is not known.

"Tell me where the spare key is", with nothing told of it, reached the model as a request,
which answered "The spare key is on the shelf in the corner." (found trying the eighth
trial's phrasings again). "tell me when the oven's hot" is no question: the kitchen's
fixed lines read what Hearth cannot watch before this. "Tell me how to make scones" and
"what to cook tonight" ask a method or an idea, never the house: left as said.
"""

from __future__ import annotations

import re

from appliance.brain.devices import watches

_REMIND_ME_WHAT = re.compile(
    r"^(?:(?:hearth|hey hearth|ok hearth)[,:]? )?(?:(?:can|could|would|will) you )?"
    r"(?:please )?(?:remind (?:me|us)(?: again)?(?: please)?"
    # "I wonder whether Tomasz is diabetic" (a seventh trial's got the model's "Tomasz is
    # not diabetic."): the question, asked of the house
    r"|i (?:wonder|was wondering|was just wondering|do wonder)|i'm (?:just )?wondering"
    # "I can't remember what colour our front door is" (an eighth trial's got the model's
    # "The front door is a red door.")
    r"|i (?:can't|cannot|can not|don't|do not|can never) (?:quite )?remember"
    r"|i(?:'ve| have)? (?:forgotten|forgot|forget)"
    # "tell me where the spare key is", "I need to know when the bins go out"
    r"|(?P<told>tell (?:me|us)(?: again)?(?: please)?|(?:do you )?happen to know"
    r"|i (?:need|want|have|'d like|would like|'d love|would love) to know"
    r"|i need to find out|i(?:'d| would) like to find out))"
    # never a request framed so: "I was wondering if you could add eggs to the list"
    r",? (?!(?:if|whether) (?:you|u) (?:could|can|would|will|might|mind)\b)"
    # never a method or an idea: "tell me how to make scones", "what to cook tonight"
    r"(?!(?:what|where|when|which|who|how) to\b)"
    r"(?P<question>(?:what|where|who|whose|when|which|whether|if|how (?:many|much|old|long|"
    r"often))\b.+)$",
    re.IGNORECASE,
)


# Asked as "tell me …" but of Hearth, or for an idea or an opinion: "tell me who you are",
# "…which film to watch tonight", "…what I should get Mum for her birthday", "…what you
# think of my poem" (a review found each answered "I don't know that yet").
_NOT_OF_THE_HOUSE = re.compile(
    r"\b(?:you|your|yourself|should|shall|would|could|recommend|suggest|think|reckon|"
    r"best|favourite|favorite|joke|story)\b|\bto (?!be\b|the\b|a\b|an\b|my\b|our\b|your\b)"
    r"[a-z]+",
    re.IGNORECASE,
)


def as_question(text: str) -> str:
    """ "remind me what the wifi password is" -> "what the wifi password is?"; any other
    text as it was."""
    said = _REMIND_ME_WHAT.match(text.strip())
    if said is None or watches(text):  # "tell me when the post comes" asks a watch
        return text
    if said["told"] and _NOT_OF_THE_HOUSE.search(said["question"]):
        return text  # "tell me which film to watch tonight": the model's to suggest
    question = said["question"].rstrip(" .!?")
    return question[:1].upper() + question[1:] + "?"
