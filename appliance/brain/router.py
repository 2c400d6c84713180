"""The intent router: the household's exact commands, handled by rules, never by the model.

Small models route tool calls badly (the best measured was 4 in 8), so what
must be exact is decided here, deterministically:

- "remember (that) …", "note that …", "don't forget (that) …"  -> remember
- "forget …", "that's wrong …", "that isn't right …"             -> correct
- "what do you know about X", "what is X's …", other questions   -> recall
- anything else                                                  -> chat (the model)

Nothing here touches memory; the brain acts on the route. This is the seam
later issues (timers, the shopping list) extend with their own rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_LEAD = r"^\s*(?:(?:hey |ok |okay )?hearth[,:]?\s+)?(?:please\s+)?(?:can you\s+|could you\s+)?"
_REMEMBER = re.compile(
    _LEAD + r"(?:remember|note|don'?t forget|do not forget|keep in mind)(?:\s+that|\s*:)?\s+"
    r"(?P<what>.+)$", re.IGNORECASE | re.DOTALL)  # fmt: skip
_FORGET = re.compile(_LEAD + r"forget(?:\s+about|\s+that)?\s+(?P<what>.+)$",
                     re.IGNORECASE | re.DOTALL)  # fmt: skip
_WRONG = re.compile(
    r"^\s*(?:no[,.!]?\s+)?(?:that'?s|that is|this is|that was|it'?s|it is)\s+"
    r"(?:wrong|not right|not true|incorrect|not correct|outdated|out of date)"
    r"(?:\s+now)?\s*[,.:;!-]*\s*(?P<what>.*)$", re.IGNORECASE | re.DOTALL)  # fmt: skip
_KNOW_ABOUT = re.compile(
    r"^\s*(?:hearth[,:]?\s+)?(?:what|tell me what)\s+do\s+(?:you|we)\s+know\s+about\s+"
    r"(?P<what>.+?)[?.!\s]*$", re.IGNORECASE | re.DOTALL)  # fmt: skip
_QUESTION = re.compile(
    r"^\s*(?:hearth[,:]?\s+)?(?:what|what's|whats|who|who's|whose|where|where's|when|when's|"
    r"which|does|do|did|is|are|has|have|how)\b", re.IGNORECASE)  # fmt: skip
# "do you remember …?" asks; it does not tell.
_ASKS_TO_RECALL = re.compile(r"^\s*(?:do|did|can)\s+you\s+remember\b", re.IGNORECASE)

ROUTES = ("remember", "correct", "recall", "chat")


@dataclass(frozen=True)
class Route:
    kind: str  # one of ROUTES
    text: str  # what the route acts on: the fact, the correction, or the question
    explicit: bool = False  # recall: asked about memory by name ("what do you know about")
    replaces: bool = False  # correct: `text` is what should be true instead ("that's wrong, …")


def sentence(text: str) -> str:
    """A fact as a sentence: trimmed, capitalised, ending in a full stop."""
    text = " ".join(text.split()).strip(" ,;:-")
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def route(message: str) -> Route:
    text = message.strip()
    if _ASKS_TO_RECALL.match(text):
        what = _ASKS_TO_RECALL.sub("", text).strip(" ?")
        return Route("recall", what or text, explicit=True)
    if match := _REMEMBER.match(text):
        fact = sentence(re.sub(r"^that\s+", "", match["what"], flags=re.IGNORECASE))
        if fact:
            return Route("remember", fact)
    if match := _FORGET.match(text):
        return Route("correct", match["what"].strip(" .!?"))
    if match := _WRONG.match(text):
        instead = sentence(match["what"])
        return Route("correct", instead, replaces=bool(instead))
    if match := _KNOW_ABOUT.match(text):
        return Route("recall", match["what"], explicit=True)
    if _QUESTION.match(text) or text.endswith("?"):
        return Route("recall", text)
    return Route("chat", text)


# -- a fact's type, for "remember …" (the note-taker asks the model instead) ---------

_TYPE_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern, re.IGNORECASE)) for kind, pattern in (
        ("health", r"\b(allerg\w*|intoleran\w*|medic\w*|pills?|tablets?|inhaler|asthma|"
                   r"diabet\w*|epipen|coeliac|celiac|gluten|dose|prescription)\b"),
        ("event", r"\b(birthday|anniversary|appointment|wedding|party|dentist on|"
                  r"\d{1,2}(st|nd|rd|th)\b|january|february|march|april|may|june|july|august|"
                  r"september|october|november|december)\b"),
        ("routine", r"\b(every|each|weekly|daily|on (mon|tue|wed|thu|fri|sat|sun)\w*|"
                    r"bins?|mornings|evenings|nights)\b"),
        ("preference", r"\b(likes?|loves?|hates?|prefers?|favou?rite|can'?t stand|"
                       r"doesn'?t (eat|drink|like)|does not (eat|drink|like)|takes (his|her|"
                       r"their) (coffee|tea)|vegetarian|vegan)\b"),
        ("place", r"\b(lives (in|on|at)|is (on|in) \w+ (road|street|lane|avenue)|"
                  r"address|located)\b"),
        ("household", r"\b(key|stopcock|boiler|fuse|wi-?fi|router|cupboard|drawer|shed|"
                      r"garage|fridge|freezer|oven|under the sink|meter)\b"),
        ("person", r"\b(is (my|our|\w+'s) (teacher|friend|neighbou?r|son|daughter|mum|mom|"
                   r"dad|brother|sister|aunt|uncle|cousin|grandma|grandad|grandpa|partner|"
                   r"wife|husband|doctor|vet|cleaner|babysitter|nanny))\b"),
    )
)


def guess_type(fact: str) -> str:
    """The first type whose words appear in the fact, else the generic 'note'."""
    for kind, pattern in _TYPE_RULES:
        if pattern.search(fact):
            return kind
    return "note"
