"""What the cupboards hold is never the model's to say: Hearth knows the shopping list, not
the fridge. An outside trial asked "should we add butter to the list or do we still have
some?" and heard "We should add butter to the list, but we still have some.". So a sentence
saying someone has, lacks or used up something, something is left, or a cupboard is empty
or full, is made up unless the person said that very thing (bounds.py says what instead).
"""

from __future__ import annotations

import re

_WORD = re.compile(r"[a-z']+")

# What the household has or lacks: "We should add butter to the list, but we still have
# some." (an outside trial asked "should we add butter to the list or do we still have
# some?"). Hearth knows the shopping list, never the cupboards, so any such sentence is
# made up: someone having, lacking or having used up something; something there or left;
# a cupboard, fridge or freezer said to be empty, bare, full or to have something.
_PLACE = (
    r"(?:fridge|freezer|cupboards?|pantry|larder|bread bin|spice (?:cupboard|rack)|fruit bowl|"
    r"house|kitchen)"
)
_CUPBOARD = (
    r"(?:fridge|freezer|cupboards?|pantry|larder|bread bin|spice (?:cupboard|rack)|fruit bowl)"
)
_SOME = (
    r"(?:some|any|plenty|loads|lots|tons|enough|a lot|a bit|a little|a few|a couple|half|no|"
    r"none|just|only|one|two|three|\d+|a (?:\w+ )?(?:tin|can|bag|box|carton|tub|jar|bottle|"
    r"packet|pack|loaf|block|bunch|punnet)s?)"
)
_STOCK = re.compile(
    r"\b(?:we|you|they)(?:'ve| have)?(?: still)?(?:'ve| have)?(?: still)?"
    r"(?: got| have|'ve got| have got| don't have| do not have| haven't got| haven't| have no|"
    r"'ve no)\s+" + _SOME + r"\b"
    r"|\b(?:we|you|they)(?:'re| are)\s+(?:all\s+|completely\s+|totally\s+)?(?:out of|short on|"
    r"low on|running (?:low|out)|nearly out|almost out)\b"
    r"|\b(?:we|you|they)(?:'ve| have)\s+(?:finished|used up|run out of|ran out of|got through)\b"
    r"|\bthere(?:'s| is| are)\s+(?:still\s+)?" + _SOME + r"\b[^.!?]*?\b(?:left|(?:in|at the "
    r"back of|on) (?:the|your|our) " + _PLACE + r")\b"
    r"|\b(?:the|your|our) " + _CUPBOARD + r"(?:'s| is| looks| seems)\s+(?:pretty |nearly |"
    r"almost |completely |totally |quite |a bit |looking )?(?:empty|bare|full|stocked)"
    r"|\b(?:the|your|our) " + _CUPBOARD + r"(?: has|'s got| has got)\s+" + _SOME + r"\b"
    r"|\b(?:no more|none of the|not a drop of|the last of)\b[^.!?]*?\b(?:left|in the "
    + _PLACE
    + r")\b",
    re.IGNORECASE,
)
# Said of time, a plan or an idiom, not of what is in the cupboards: "you have plenty of
# time", "lots of options", "out of luck", "enough on your plate".
_NOT_STOCK = re.compile(
    r"\b(?:time|minutes?|hours?|room|space|options|choices|ideas|energy|luck|patience|plate|"
    r"things|people|friends|family|fun|help|questions|reminders|timers|memory|rules|screen|"
    r"restrictions|way|reason|problem|cats?|dogs?|kids|children|pets?|noise)\b",
    re.IGNORECASE,
)
# Not stated as known: "if you're out of eggs…", "make sure you have enough…", "whether
# there's any rice left".
_NOT_STATED = re.compile(
    r"^(?:if|when|whenever|once|unless|in case)\b|\b(?:if|whether|make sure|check|see if|"
    r"might be worth|in case|until)\b",
    re.IGNORECASE,
)
_OF_THE_LIST = re.compile(r"\blist\b", re.IGNORECASE)


def made_up_stock(sentence: str, said: set[str]) -> bool:
    """Whether `sentence` says what the house has or lacks, and the person did not say it
    (`said`: the words they said, lower case)."""
    stock = _STOCK.search(sentence)
    if stock is None:
        return False
    clause = sentence[sentence.rfind(",", 0, stock.start()) + 1 :]  # "…list, but we…"
    return (
        not sentence.rstrip().endswith("?")
        and not _OF_THE_LIST.search(clause)
        and not _NOT_STATED.search(sentence)
        and not _NOT_STOCK.search(sentence[stock.start() :])
        and not _told(sentence[stock.end() :], said)
    )


def _told(thing: str, said: set[str]) -> bool:
    """Whether the thing a stock sentence names was said by the person ("we're out of olive
    oil" -> "Sorry to hear you're out of olive oil."): told, not made up."""
    words = [w for w in _WORD.findall(thing.lower()) if w != "of"][:2]
    return bool(words) and all(word in said for word in words)
