"""An item on the shopping list changed: its amount, its kind, or another thing in its place.

    "change the milk on the list to 2 pints of semi-skimmed"  -> off: milk; on: 2 pints of…
    "change the mince to 750g"   (500g mince on the list)      -> off: 500g mince; on: 750g mince
    "make the onions four"       (2 onions on the list)        -> off: 2 onions; on: four onions
    "get semi-skimmed instead of whole milk"                   -> on: semi-skimmed milk
    "double the butter"          (250g butter on the list)     -> off: 250g butter; on: 500g butter
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
from appliance.household.store import PLURAL_ENDINGS, HouseholdStore
from appliance.numbers import NUMBER_WORDS, ONES, TENS, number_at

_WHAT = r"[a-z0-9' -]+?"
_ON_THE_LIST = rf"(?P<list>(?: (?:on|in) {LIST}))"
# The list named first: "on the shopping list, swap lemons for limes"
_LIST_FIRST = re.compile(rf"^(?:on|in|for) {LIST} (?:, )?")
_NUMBER = rf"(?:{NUMBER_WORDS}|a|an)"
_UNIT = MEASURES
_AN_AMOUNT = rf"{_NUMBER}(?: ?{_UNIT})?"
_AMOUNT = re.compile(rf"^{_AN_AMOUNT}(?: of)?$|^\d+(?:\.\d+)?{_UNIT}$")
# A size a shop sells a thing in: nappies, shoes, batteries ("size 5", "size aa")
_A_SIZE = r"size [a-z0-9]{1,3}"
_AN_AMOUNTS_WORD = re.compile(rf"{_UNIT}|of|x")
_SAID = (
    # "change the mince to 750g", "swap the broccoli for peas", "change coke to diet coke on
    # the list", "change the milk on the list to 2 pints"
    # (never "make … into" or "swap … with": "make the chicken into a curry", "swap the
    # milk with Sam")
    rf"^(?:change|swap|switch|replace) (?:the |my |our )?(?P<old>{_WHAT}){_ON_THE_LIST}? "
    rf"(?:to|for) (?:the |some )?(?P<new>{_WHAT}){_ON_THE_LIST.replace('list>', 'list2>')}?$",
    # "make the diapers size 5" (a twenty-second trial's phone got "didn't understand")
    rf"^make (?:the |my |our )?(?P<old>{_WHAT}) (?P<new>{_A_SIZE}){_ON_THE_LIST}?$",
    # "make the milk two pints", "make the onions four": an amount said after the thing
    rf"^make (?:the |my |our )?(?P<old>{_WHAT}) (?P<new>{_AN_AMOUNT}){_ON_THE_LIST}?$",
    # "bump the chicken breasts up to six", "take the eggs down to 6"
    # (never "put" or "turn": "put the chicken up to 200" is the oven's)
    rf"^(?:bump|take|bring|push) (?:the |my |our )?(?P<old>{_WHAT}) (?:up|down) to "
    rf"(?P<new>{_AN_AMOUNT}){_ON_THE_LIST}?$",
    # "get semi-skimmed instead of whole milk", "can it be strawberries instead of apples"
    # (never "I'll have tea instead of milk", "let's have pasta instead of chicken": a meal's)
    rf"^(?:(?:get|buy|put|add|can it be|make it) )?"
    rf"(?P<new>{_WHAT}) instead of (?:the |my |our )?(?P<old>{_WHAT}){_ON_THE_LIST}?$",
    # "instead of cheddar, put brie"
    rf"^instead of (?:the |my |our )?(?P<old>{_WHAT}) (?:, )?(?:get|buy|put|add) "
    rf"(?P<new>{_WHAT}){_ON_THE_LIST}?$",
)
_PATTERNS = tuple(re.compile(said) for said in _SAID)
# "double the butter", "halve the mince": the amount on the list, times two or a half
_TIMES = re.compile(
    rf"^(?P<times>double|halve|half) (?:the |my |our )?(?P<old>{_WHAT}){_ON_THE_LIST}?$"
)
# "three onions won't be enough, make it five": the thing said to be too few, its amount
# after (never "put two eggs in the cake, make it three": a recipe's)
_MAKE_IT = re.compile(
    rf"^(?P<before>.+?) (?:won't be|will not be|isn't|is not|wouldn't be|aren't|are not) "
    rf"enough , make (?:it|that|them) (?P<new>{_AN_AMOUNT})$"
)
# "we'll need two bags of carrots, not one": the amount put right after the thing
_NOT_THAT = re.compile(
    rf"^(?:we'll need|we need|i need|get|we want|put) (?P<new>{_AN_AMOUNT}) (?:of )?"
    rf"(?P<thing>{_WHAT}) , not (?P<was>{_NUMBER})$"
)
# A kind of the thing, said without it: "change the milk to semi-skimmed".
_A_KIND_OF = re.compile(
    r"(?:^| )(?:semi skimmed|skimmed|whole|full fat|oat|soya|almond|wholemeal|granary|brown|"
    r"white|free range|organic|unsalted|salted|low fat|lactose free|gluten free|decaf|large|"
    r"small|medium|smoked|unsmoked|sliced|unsliced|frozen|fresh|tinned|canned|dried|chopped|"
    r"plain|self raising|caster|unwaxed|diet|reduced fat|light|dark|lean|extra lean|"
    r"sugar free|red|green)$"
)
_ONE = re.compile(r"\b(?:one|ones)$")


def an_amount(said: str) -> bool:
    """Whether `said` is an amount alone: "a dozen", "4", "two bags", "500g"."""
    return _AMOUNT.match(said) is not None


def _said_change(said: str) -> tuple[str, str, bool] | None:
    """The thing said to be changed, what it becomes, and whether the list was named."""
    first = _LIST_FIRST.match(said)
    said = said[first.end() :] if first else said
    for pattern in _PATTERNS:
        if (match := pattern.match(said)) is not None:
            named = first is not None or any(match.groupdict().get(g) for g in ("list", "list2"))
            return match["old"], match["new"], named
    return None


def changed_item(said: str) -> Command | None:
    """The change `said` asks of the list in so many words ("… on the list"), else None."""
    found = _said_change(said)
    if found is None or not found[2]:
        return None
    old, new, _ = found
    olds = items_of(old)
    return swapped(olds[0], new, counted=True) if len(olds) == 1 else None


def changed_on_the_list(store: HouseholdStore, said: str) -> Command | None:
    """The change `said` asks of the one item the list holds by that name, else None."""
    found = _said_change(said)
    if found is not None:
        listed = on_the_list(store, found[0])
        return swapped(listed[0], found[1]) if len(listed) == 1 else None
    if (timed := _TIMES.match(said)) is not None:
        listed = on_the_list(store, timed["old"])
        factor = 2.0 if timed["times"] == "double" else 0.5
        made = times(listed[0], factor) if len(listed) == 1 else None
        return swapped(listed[0], made) if made else None
    if (make_it := _MAKE_IT.match(said)) is not None:
        # the one thing on the list the words before it name
        named = [i.name for i in store.items() if _names(make_it["before"], i.name)]
        return swapped(named[0], make_it["new"]) if len(named) == 1 else None
    if (not_that := _NOT_THAT.match(said)) is not None:
        # only when the list holds the amount put right: "I need 2 eggs, not 3" with "6 eggs"
        # on it is of something else
        listed = on_the_list(store, not_that["thing"])
        was = _count(listed[0]) if len(listed) == 1 else None
        return swapped(listed[0], not_that["new"]) if was == _count(not_that["was"]) else None
    return None


def _count(said: str) -> float | None:
    """The number a phrase starts with ("6 eggs", "one bag of…"), or None."""
    found = number_at(said.split(" "), 0)
    return None if found is None else found[0]


def _names(said: str, item: str) -> bool:
    """Whether `said` names `item`: the thing itself, its amount aside ("three onions" and
    "3 onions")."""
    thing = " ".join(_without_amount(item.lower().split(" ")))
    return bool(thing) and re.search(rf"\b{re.escape(thing)}\b", said) is not None


# What a thing on the list never becomes: the oven's settings, a place in the kitchen
_NOT_A_THING = re.compile(
    r"\b(?:degrees?|gas|mark|fan|oven|shelf|tray|dish|door|fridge|freezer|hob|grill|heat|"
    r"temperature|top|bottom|middle|side|pan|pot|plate|bowl|table)\b"
)


# Words of a sentence, never of a thing: "let's have pasta instead of chicken" is a meal's
_SAYS_SOMETHING = {
    *("have", "let's", "i'll", "we'll", "i", "we", "you", "he", "she", "they", "it"),
    *("wants", "want", "like", "likes", "is", "are", "was", "be", "not", "no"),
}


def swapped(old: str, new: str, *, counted: bool = False) -> Command | None:
    """`old` off the list and what it becomes on; `counted`: the list was named, so a count
    alone counts the thing ("change the eggs on the list to twelve")."""
    made = new_item(old, new, counted=counted)
    # one thing to buy, as said: "Sam wants tea" is read by the list as "tea", so no
    if (
        made is None
        or made == old
        or _NOT_A_THING.search(made)
        or set(made.split(" ")) & _SAYS_SOMETHING
        # one thing, the same thing: "a large loaf" is read "large loaf", "twelve eggs" "12 eggs"
        or len(read := groceries(made) or ()) != 1
        or read[0].split(" ")[-1] != made.split(" ")[-1]
    ):
        return None
    return Both(RemoveItems((old,)), AddItems((made,)))


def _without_amount(words: list[str]) -> list[str]:
    rest = words
    while rest and (_AMOUNT.match(rest[0]) or _AN_AMOUNTS_WORD.fullmatch(rest[0])):
        rest = rest[1:]  # "1 pint of milk" -> "milk"
    return rest


def new_item(old: str, new: str, *, counted: bool = False) -> str | None:
    """What `old` becomes when said to be `new`: "500g mince" and "750g" -> "750g mince";
    "whole milk" and "semi skimmed" -> "semi skimmed milk"; "a small loaf" and "a large
    one" -> "a large loaf"; "broccoli" and "peas" -> "peas". An amount takes the old
    amount's shape: digits for digits ("6 eggs" and "a dozen": "12 eggs"), "of" for "of"."""
    if re.fullmatch(_A_SIZE, new):
        # "diapers size 4" and "size 5": the size said in the old one's place
        return re.sub(rf"\b{_A_SIZE}\b", new, old) if re.search(_A_SIZE, old) else f"{old} {new}"
    words = old.split(" ")
    rest = _without_amount(words)
    amount = words[: len(words) - len(rest)]
    if _AMOUNT.match(new):
        if not rest:
            return None
        if re.fullmatch(_NUMBER, new):
            # a count alone: only of a thing counted on the list ("6 eggs" and "twelve"),
            # in its unit if it had one ("500g mince" and "750": 750g); "make the chicken
            # two" or "change the chicken to 180" say nothing of the list
            unit = re.fullmatch(rf"\d+(?:\.\d+)?({_UNIT})", amount[0]) if amount else None
            counts = unit or (amount and _count(" ".join(amount)) is not None) or counted
            if not counts or (not unit and (_count(new) or 0) > 100):
                return None
            new = f"{new}{unit[1]}" if unit and new[:1].isdigit() else new
            if not unit and len(amount) > 1 and _A_UNIT.search(amount[1]):
                # "2 pints of milk" made "4": four pints of it (a held-out split's "4 milk")
                return " ".join([new, *amount[1:], *rest])
        new = _in_the_shape_of(new, " ".join(amount))
        # "2 cartons" of "oat milk": "2 cartons of oat milk"
        joined = (
            "of "
            if ("of" in amount or not amount)
            and not new.endswith((" of", "dozen"))  # "a dozen eggs"
            and _A_UNIT.search(new)
            else ""
        )
        return f"{new} {joined}{' '.join(rest)}"
    if _ONE.search(new):
        return _ONE.sub(words[-1], new)  # "a large one": the old thing, as it now is
    if _A_KIND_OF.search(new):
        # "semi skimmed", "2 pints of semi skimmed": the thing is the old one, of that kind
        bare = rest[1:] if len(rest) > 1 and _A_KIND_OF.match(rest[0]) else rest
        said_with_its_amount = re.match(rf"{_NUMBER}\b", new) is not None
        return " ".join([*([] if said_with_its_amount else amount), new, *bare])
    return new


_A_UNIT = re.compile(rf"\b{_UNIT}$")
_IN_DIGITS = {"a": 1, "an": 1, **ONES, **TENS}
_COMPACT = {
    "kilo": "kg",
    "kilos": "kg",
    "kilogram": "kg",
    "kilograms": "kg",
    "gram": "g",
    "grams": "g",
}


def _in_the_shape_of(new: str, old_amount: str) -> str:
    """`new` (an amount) written as `old_amount` is: in digits if it was ("a dozen" as
    "12", "a kilo" as "1kg" beside "500g")."""
    if not re.search(r"\d", old_amount):
        return new
    words = new.split(" ")
    count: float | None = None
    if words[0] in _IN_DIGITS:
        count = _IN_DIGITS[words[0]]
        words = words[1:]
        if words[:1] and words[0] in ONES and count >= 20:
            count, words = count + ONES[words[0]], words[1:]
    if words[:1] == ["dozen"]:
        count, words = (count or 1) * 12, words[1:]
    if count is None:
        return new
    number = f"{count:g}"
    if words[:1] and words[0] in _COMPACT and re.search(r"\d[a-z]", old_amount):
        return f"{number}{_COMPACT[words[0]]}"  # "a kilo" beside "500g": "1kg"
    return " ".join([number, *words])


def times(old: str, factor: float) -> str | None:
    """ "250g butter" doubled: "500g butter"; None without a number to double."""
    found = re.match(r"^(\d+(?:\.\d+)?)", old)
    if found is None:
        return None
    count = float(found[1]) * factor
    rest = old[found.end() :]
    if count % 1 and not re.match(rf" ?{_UNIT}\b", rest):
        return None  # "3 onions" halved is no 1.5 onions (a review's)
    if count == 1:
        rest = _one_of(rest)  # "2 pints", "2 eggs" halved: "1 pint", "1 egg", never "1 eggs"
    return f"{count:g}{rest}"


# Plurals a shopping list says, as one: the thing counted is the last word before "of"


def _one_of(things: str) -> str:
    """ " eggs" as " egg", " loaves of bread" as " loaf of bread", " red onions" as " red
    onion"; a word that is no plural it knows stays as it is ("fish", "glass")."""
    counted, of, rest = things.partition(" of ")
    head, _, last = counted.rpartition(" ")
    if last == "loaves":
        return f"{head} loaf{of}{rest}"
    for plural, one in PLURAL_ENDINGS:
        if last.endswith(plural) and len(last) > len(plural) + 1:
            return f"{head} {last[: -len(plural)]}{one}{of}{rest}"
    if last.endswith("s") and not last.endswith(("ss", "us", "is")) and len(last) > 3:
        return f"{head} {last[:-1]}{of}{rest}"
    return things
