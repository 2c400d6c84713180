"""An item on the shopping list changed: its amount, its kind, or another thing in its place.

    "change the milk on the list to 2 pints of semi-skimmed"  -> off: milk; on: 2 pints of…
    "change the mince to 750g"   (500g mince on the list)      -> off: 500g mince; on: 750g mince
    "make the onions four"       (2 onions on the list)        -> off: 2 onions; on: four onions
    "get semi-skimmed instead of whole milk"                   -> on: semi-skimmed milk
    "swap the chairs round for the party"                      -> None (no chairs on the list)

Said with the list named ("… on the list"), the words alone are enough (`changed_item`).
Said without it, "swap the broccoli for peas" may be about a recipe, so it is the list's only
when the list holds that one thing (`changed_on_the_list`, read against the records; an
everyday split's twelve such lines each did nothing). The new item is built from the one it
replaces: an amount alone takes the old amount's place ("750g" in "500g mince"), a kind
alone the old kind's ("semi-skimmed" in "whole milk"), "a large one" names the old thing.
"""

from __future__ import annotations

import re

from appliance.household.list_actions import MEASURES, on_the_list
from appliance.household.list_phrases import LIST, groceries, items_of
from appliance.household.requests import AddItems, Both, Command, RemoveItems
from appliance.household.store import HouseholdStore
from appliance.numbers import ONES, TENS

_WHAT = r"[a-z0-9' -]+?"
_ON_THE_LIST = rf"(?P<list>(?: (?:on|in) {LIST}))"
# "change the mince to 750g", "swap the broccoli for peas", "change coke to diet coke on the
# list", "change the milk on the list to 2 pints"
_CHANGE = re.compile(
    rf"^(?:change|swap|switch|replace|make) (?:the |my |our )?(?P<old>{_WHAT}){_ON_THE_LIST}? "
    rf"(?:to|for|with|into) (?P<new>{_WHAT}){_ON_THE_LIST.replace('list>', 'list2>')}?$"
)
# "make the milk two pints", "make the onions four": an amount said after the thing
_NUMBER = rf"(?:\d+(?:\.\d+)?|(?:{'|'.join(TENS)})(?: (?:{'|'.join(ONES)}))?|{'|'.join(ONES)}|a|an)"
_UNIT = MEASURES
_AMOUNT = re.compile(rf"^{_NUMBER}(?: ?{_UNIT})?(?: of)?$|^\d+(?:\.\d+)?{_UNIT}$")
_AN_AMOUNTS_WORD = re.compile(rf"{_UNIT}|of|x")
_MAKE_AMOUNT = re.compile(
    rf"^make (?:the |my |our )?(?P<old>{_WHAT}) (?P<new>{_NUMBER}(?: ?{_UNIT})?)"
    rf"{_ON_THE_LIST}?$"
)
# "get semi-skimmed instead of whole milk", "red Leicester instead of the cheddar"
_INSTEAD = re.compile(
    rf"^(?:(?:get|buy|put|add|we'll have|i'll have) )?(?P<new>{_WHAT}) instead of "
    rf"(?:the |my |our )?(?P<old>{_WHAT}){_ON_THE_LIST}?$"
)
# A kind of the thing, said without it: "change the milk to semi-skimmed".
_A_KIND_OF = re.compile(
    r"(?:^| )(?:semi skimmed|skimmed|whole|full fat|oat|soya|almond|wholemeal|granary|brown|white|"
    r"free range|organic|unsalted|salted|low fat|lactose free|gluten free|decaf|large|small|"
    r"medium|smoked|unsmoked|sliced|unsliced)$"
)
_ONE = re.compile(r"\b(?:one|ones)$")


def _said_change(said: str) -> tuple[str, str, bool] | None:
    """The thing said to be changed, what it becomes, and whether the list was named."""
    for pattern in (_MAKE_AMOUNT, _CHANGE, _INSTEAD):
        if (match := pattern.match(said)) is not None:
            named = any(match.groupdict().get(g) for g in ("list", "list2"))
            return match["old"], match["new"], named
    return None


def changed_item(said: str) -> Command | None:
    """The change `said` asks of the list in so many words ("… on the list"), else None."""
    found = _said_change(said)
    if found is None or not found[2]:
        return None
    old, new, _ = found
    olds = items_of(old)
    return _swapped(olds[0], new) if len(olds) == 1 else None


def changed_on_the_list(store: HouseholdStore, said: str) -> Command | None:
    """The change `said` asks of the one item the list holds by that name, else None."""
    found = _said_change(said)
    if found is None:
        return None
    listed = on_the_list(store, found[0])
    return _swapped(listed[0], found[1]) if len(listed) == 1 else None


def _swapped(old: str, new: str) -> Command | None:
    made = new_item(old, new)
    if made is None or groceries(made) is None or made == old:
        return None
    return Both(RemoveItems((old,)), AddItems((made,)))


def new_item(old: str, new: str) -> str | None:
    """What `old` becomes when said to be `new`: "500g mince" and "750g" -> "750g mince";
    "whole milk" and "semi skimmed" -> "semi skimmed milk"; "a small loaf" and "a large
    one" -> "a large loaf"; "broccoli" and "peas" -> "peas"."""
    words = old.split(" ")
    if _AMOUNT.match(new):
        new = re.sub(r"(\d) (g|kg|ml|oz|lbs?)\b", r"\1\2", new)  # "750 g" as written: "750g"
        rest = words
        while rest and (_AMOUNT.match(rest[0]) or _AN_AMOUNTS_WORD.fullmatch(rest[0])):
            rest = rest[1:]  # "1 pint of milk" -> "milk"
        joined = "of " if new.split(" ")[-1] != "of" and " of " in f" {old} " and rest else ""
        return f"{new} {joined}{' '.join(rest)}".strip() if rest else None
    if _ONE.search(new):
        return _ONE.sub(words[-1], new)  # "a large one": the old thing, as it now is
    if _A_KIND_OF.search(new):
        # "semi skimmed", "2 pints of semi skimmed": the thing is the old one, of that kind
        bare = words[1:] if len(words) > 1 and _A_KIND_OF.match(words[0]) else words
        return f"{new} {' '.join(bare)}"
    return new
