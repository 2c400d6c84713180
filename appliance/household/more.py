"""More of the same, said straight after: "and eggs too" after something went on the list.

    "add milk to the list"  -> "I've added milk…"
    "oh, and eggs too"      -> AddItems(("eggs",))  (in that conversation, within 2 minutes)

People add to a list a thing at a time, and the second thing is said as more of the first:
"and eggs", "eggs as well", "also some butter, thanks". Alone each names no list and no
verb, so it is no command; said in the conversation whose last change put things on the
list (undo.py keeps it, two minutes), it adds what it names. It must say it is more ("and",
"also", "plus" in front, or "too", "as well" behind), name only things a shop sells
(list_phrases' own test of an "add" with the list unsaid): "and what about the
weather?", "and a pinch of salt" and "also set a timer for 5 minutes" are not more of the
same.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from appliance.household import moments
from appliance.household.list_phrases import TAKING_OFF, things_to_buy
from appliance.household.phrase_words import normalise
from appliance.household.requests import AddItems, Command, Remind
from appliance.household.store import HouseholdStore
from appliance.household.undo import Made

# Said as more: "and", "also", "plus" in front, "too", "as well" behind.
_IN_FRONT = re.compile(
    # "och, and butter tae", "adn cheese" (a held-out split's each went to the model)
    r"^(?:(?:oh|ooh|ah|och|um|er|erm|right|ok|okay|oops|yeah|yes)\s*,?\s*)*"
    r"(?:and|adn|n|an'|also|plus)(?=\s|$)",
    re.IGNORECASE,
)
# "some more crisps", "some ice cream for the kids": how much and who for, not the thing
_HOW_MUCH = re.compile(r"^(?:some more|any more|more|some)\s+", re.IGNORECASE)
# Said after the thing, an aside: "we're nearly out", "he says hi", "ha".
_AN_ASIDE = re.compile(
    r"^(?:we|we're|we've|i|i'm|i've|it|it's|they|they're|he|he's|she|she's|there's|that's|"
    r"ha|haha|lol|thanks|please|cheers|ta)\b",
    re.IGNORECASE,
)
_TAKEN_OFF = re.compile(rf"^(?:{TAKING_OFF}|cancel)\b", re.IGNORECASE)
_THANKS = re.compile(r"thanks|thank you|cheers|ta|please|ha|haha|lol", re.IGNORECASE)
_WHO_FOR = re.compile(r"\s+for\s+(?:the\s+|my\s+|our\s+)?\w+$", re.IGNORECASE)
# "an' golden syrup an' a'" (Scots "and all": too)
_BEHIND = re.compile(r"(?:\b(?:too|tae|as well)|\b(?:and|an') (?:all|a'))$", re.IGNORECASE)
_POLITE = re.compile(
    r"(?:(?:^|,?\s+)(?:please|ple+a+se+|pls|plz|thanks|thank you|cheers|ta|"
    # "while tha's at it" (Yorkshire), "while ye're at it" (Scots)
    r"while (?:you're|youre|you are|ye're|yer|tha's|thas|your) at it))+$",
    re.IGNORECASE,
)


def more_of_the_same(
    store: HouseholdStore, text: str, thread: str, read: Callable[[str], Command | None]
) -> AddItems | None:
    """The things `text` adds as more of what this thread last put on the list, or None.

    `read`: the household's reading of a sentence (phrases.parse at this moment)."""
    said = _POLITE.sub("", re.sub(r"[.!?]+$", "", text.strip()).strip()).strip(" ,")
    if not (_IN_FRONT.search(said) or _BEHIND.search(said)):
        return None
    made = store.last_done(thread)
    if made is None or not Made.from_json(made).items:
        return None  # the last change here put nothing on the list
    parts = [_BEHIND.sub("", part).strip() for part in _IN_FRONT.sub("", said).split(",")]
    parts = [part for part in parts if part and not _THANKS.fullmatch(part)]
    while len(parts) > 1 and _AN_ASIDE.match(parts[-1]):
        parts.pop()  # "salt too, we're nearly out": why, not another thing
    if not parts or _AN_ASIDE.match(parts[0]) or _TAKEN_OFF.match(parts[0]):
        # "and thanks, that's all": nothing named; "take off the milk, and the bread too"
        # takes both off (a review's had put "take off the milk" on the list)
        return None
    things = _WHO_FOR.sub("", _HOW_MUCH.sub("", ", ".join(parts)))
    # only things a shop sells: "and what else is on the list?", "and the kids as well"
    # and "and a pinch of salt" name none
    if not things or things_to_buy(normalise(things)) is None:
        return None
    added = read(f"add {things} to the list")  # as written: "Marmite" keeps its capital
    return added if isinstance(added, AddItems) else None


# "and thursday at 6pm to book the taxi", "and tomorrow at 7pm to ring my sister", straight
# after a reminder was set: another reminder, said without its asking (a held-out split's
# were proposed as facts, or went to the model)
_ANOTHER_WHEN = re.compile(r"^(?:then )?(?P<rest>\S.* (?:to|about|that|for) \S.*)$")
_ANOTHER_ONE = re.compile(
    r"^(?:and )?(?:another(?: one)?|one more|one)(?: reminder)?(?: (?P<for>for|at)(?= \d))? "
)
_AT_THE_SAME_TIME = re.compile(r"(?: at)? the same time\b")
_COURTESY_AFTER = re.compile(
    r"(?:,?\s+(?:if you(?:'d| would) be so kind|if you don't mind|if you can|please|thanks))+"
    r"[.!?]*$",
    re.IGNORECASE,
)


def another_reminder(
    store: HouseholdStore, text: str, thread: str, read: Callable[[str], Command | None]
) -> Remind | None:
    """The reminder `text` asks for as another like the one this thread just set, or None:
    only the very next message, and only a moment and an errand said whole."""
    made = store.just_done(thread)
    if made is None or not Made.from_json(made).reminders:
        return None
    if not _IN_FRONT.match(text.strip()):
        return None  # said as more: "and …" (normalising takes the "and" off)
    plain = normalise(_COURTESY_AFTER.sub("", text.strip()))
    # "and one for 3pm to ring the vet", "and another one on monday at the same time for
    # the chiropodist" (a held-out split's went to the model)
    plain = _ANOTHER_ONE.sub(lambda m: "at " if m["for"] else "", plain)
    if (same := _AT_THE_SAME_TIME.search(plain)) is not None:
        set_for = store.reminder(min(Made.from_json(made).reminders)).due_at
        plain = f"{plain[: same.start()]} at {set_for:%H:%M}{plain[same.end() :]}"
    said = _ANOTHER_WHEN.match(plain)
    if said is None or " , " in said["rest"]:
        return None  # "and at 9 the film is on, so no need…": a remark (a review's)
    words = said["rest"].split(" ")
    when = moments.when_in(words, store.now())
    # the moment first, and its errand straight after it: "and at 8 i'm going to bed" is
    # no errand (a review's set "about i'm going to bed")
    if (
        when is None
        or when.start > 1
        or words[when.end : when.end + 1] not in (["to"], ["about"], ["that"], ["for"])
    ):
        return None
    asked = read(f"remind me {said['rest']}")
    return asked if isinstance(asked, Remind) else None
