"""The shopping list: add, take off, read, clear, and "is X on it?"."""

from __future__ import annotations

import re

from appliance.household.requests import (
    AddItems,
    CheckItem,
    ClearList,
    Command,
    ReadList,
    RemoveItems,
)

_LIST = (
    r"(?:(?:(?:the|my|our) )?(?:shopping|grocery|groceries)(?: list)?|(?:the|my|our) list"
    r"|(?:the|my|our) shop)"
)
_ADD = re.compile(rf"^(?:add|put|stick|write) (?P<items>.+?) (?:to|on|onto|in) {_LIST}$")
_RAN_OUT = re.compile(
    r"^(?:we're|we are|we've|we have|i'm|i am|i've|i have)? ?(?:just |nearly |almost |all )?"
    r"(?:out of|run out of|ran out of|running out of|running low on|low on|got no)"
    r" (?P<items>.+)$|^we (?:ran out of|need(?: more| some)?) (?P<needed>.+)$"
)
_REMOVE = re.compile(
    rf"^(?:take|cross|strike|scratch|tick|remove|delete|drop) (?P<items>.+?) "
    rf"(?:off|from|off of) {_LIST}$"
)
_READ = re.compile(
    rf"^(?:(?:what's|what is|whats) on {_LIST}|(?:read|show|tell)(?: me)?(?: what's on)? {_LIST}"
    r"|(?:the )?shopping list|what do (?:we|i) need(?: to buy| to get)?(?: from| at)?"
    r"(?: the)?(?: shops?| supermarket)?)$"
)
_CLEAR = re.compile(rf"^(?:clear|empty|wipe|reset|delete)(?: out)? {_LIST}$")
# "we're out of time": out of something no shop sells
_NOT_GROCERIES = {
    "time",
    "luck",
    "breath",
    "patience",
    "ideas",
    "options",
    "space",
    "room",
    "energy",
    "money",
    "steam",
    "order",
    "sight",
    "reach",
    "control",
    "hand",
    "here",
    "it",
    "this",
    "that",
    "them",
    "practice",
    "date",
    "the house",
    "the door",
    "bed",
    "things",
    "words",
    "puff",
    "our minds",
    "my mind",
    "your mind",
    "the question",
    "work",
    "school",
    "town",
    "idea",
    "clue",
    "choice",
    "chance",
    "reason",
    "excuse",
    "problem",
    "problems",
    "way",
    "plans",
    "help",
    "rest",
    "sleep",
    "information",
    "details",
    "woods",
    "danger",
    "shape",
    "tune",
    "line",
    "touch",
    "bounds",
    "battery",
    "signal",
    "wifi",
    "data",
}
# a grocery is a noun phrase: "bag of flour", never "the house in a hurry"
_CLAUSE_WORD = re.compile(r"\b(?:in|at|to|with|for|from|on|into|because|when|so|but|if)\b")
_ITEM_LEAD = re.compile(r"^(?:some|more|a|an|the|any|a few|a bit of|a little)\s+")


def items_of(said: str) -> tuple[str, ...]:
    """ "tomatoes , onions and garlic" -> ("tomatoes", "onions", "garlic")."""
    parts = re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s+&\s+", said)
    items = []
    for part in parts:
        item = _ITEM_LEAD.sub("", part.strip(" ,")).strip()
        if item and item not in items:
            items.append(item)
    return tuple(items)


_CHECK = re.compile(
    rf"^(?:(?:is|are) (?:there )?(?:any )?(?P<item>.+?) (?:on|in) {_LIST}"
    r"|(?:do|did) (?:we|i) (?:need|want|still need) (?:any |more |some )?(?P<needed>.+?)"
    rf"|(?:have|did) (?:i|we) (?:put|add|added|got) (?P<put>.+?) (?:on|in|to) {_LIST}"
    r"|(?:is|are) (?P<listed>.+?) (?:on|in) there"
    rf"|(?:have we got|is there) (?P<item2>.+?) on {_LIST}"
    r")$"
)


def shopping(text: str) -> Command | None:
    if _READ.match(text):
        return ReadList()
    if match := _CHECK.match(text):
        said = next(g for g in match.groups() if g)
        items = items_of(said)
        if len(items) == 1 and not _CLAUSE_WORD.search(items[0]) and len(items[0].split()) <= 4:
            return CheckItem(items[0])
    if _CLEAR.match(text):
        return ClearList()
    if match := _REMOVE.match(text):
        items = items_of(match["items"])
        return RemoveItems(items) if items else None
    if match := _ADD.match(text):
        items = items_of(match["items"])
        return AddItems(items) if items else None
    if match := _RAN_OUT.match(text):
        said = match["items"] or match["needed"]
        if match["needed"] and re.match(r"(?:a|an|to|the|you|your|help)\b", said):
            return None  # "we need a plumber", "we need to talk": not shopping
        items = items_of(said)
        if not items or any(
            item in _NOT_GROCERIES or len(item.split()) > 4 or _CLAUSE_WORD.search(item)
            for item in items
        ):
            return None
        return AddItems(items)
    return None
