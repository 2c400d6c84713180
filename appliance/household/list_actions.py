"""Shopping-list commands carried out, and the sentence that says what the list now holds
(actions.py carries out the rest)."""

from __future__ import annotations

import re

from appliance.household import requests as p
from appliance.household.spoken import listed
from appliance.household.store import HouseholdStore, hyphen_free, item_key


def list_said(store: HouseholdStore, command: p.Command) -> str | None:
    """What a shopping-list command did, said; None for a command that is not the list's."""
    match command:
        case p.CheckItem(item=item, of_hearth=of_hearth, bought=bought):
            listed_as = on_the_list(store, item)
            if bought:
                if listed_as:
                    return (
                        f"{listed(listed_as)[:1].upper()}{listed(listed_as)[1:]} "
                        f"{'is' if len(listed_as) == 1 else 'are'} still on the shopping list, "
                        "so nobody has ticked it off. I can't tell what was bought."
                    )
                return (
                    f"{item[:1].upper()}{item[1:]} isn't on the shopping list. I can't tell "
                    "what was bought."
                )
            if not listed_as and of_hearth:
                return f"{item[:1].upper()}{item[1:]} isn't on the shopping list now."
            if not listed_as:
                return f"No, {item} isn't on the shopping list."
            if item_key(listed_as[0]) == item_key(item):
                return f"Yes, {item} is on the shopping list."
            are = "is" if len(listed_as) == 1 else "are"
            return f"Yes: {listed(listed_as)} {are} on the shopping list."
        case p.AddItems(items=items):
            added, already = store.add_items(items)
            return _items_said(
                "I've added {} to the shopping list.", added, "Already on it", already
            )
        case p.RemoveItems(items=items) | p.BoughtItems(items=items):
            if isinstance(command, p.BoughtItems):  # "…and a magazine": no list's, unsaid
                items = tuple(found for item in items if (found := bought_off(store, item)))
            chosen = []
            for item in items:
                matches = on_the_list(store, item)
                if len(matches) > 1:  # "milk" with "oat milk" and "2 pints of milk": ask
                    return f"Which {item}: {listed(matches, 'or')}? Nothing was taken off."
                chosen.append(matches[0] if matches else item)
            removed, missing = store.remove_items(tuple(chosen))
            return _items_said(
                "I've taken {} off the shopping list.", removed, "Not on it", missing
            )
        case p.AskAddItems(items=items):
            return (
                f"Shall I put {listed(list(items))} on the shopping list? Say “yes”, or "
                f"“add {items[0]}”."
            )
        case p.ReadList(counted=counted):
            names = [item.name for item in store.items()]
            if not names:
                return "The shopping list is empty."
            if counted:  # "how many things are on the list?" (a held-out split's got no number)
                many = f"{len(names)} things are" if len(names) != 1 else "1 thing is"
                return f"{many} on the shopping list: {', '.join(names)}."
            return f"On the shopping list: {', '.join(names)}."
        case p.ClearList():
            count = store.clear_items()
            return (
                f"I've cleared the shopping list ({count} item{'s' if count != 1 else ''})."
                if count
                else "The shopping list was already empty."
            )
    return None


def _items_said(done: str, changed: list[str], unchanged: str, left: list[str]) -> str:
    """ "I've added bread to the shopping list. Already on it: eggs." """
    said = [done.format(listed(changed))] if changed else []
    if left:
        said.append(f"{unchanged}: {listed(left)}.")
    return " ".join(said)


def of_the_list(store: HouseholdStore, command: p.Command, said: str) -> bool:
    """Whether a command read from the words alone is the household's, by what the list
    holds: "we got the eggs" only with eggs on it ("we got the tickets", "I've got a cold"
    are not), never asked ("Dad got the bread?") nor taken back ("Bought milk? No, I thought
    you were doing it"); "did you add the ketchup?" only with ketchup on it ("did you add the
    salt?" is a cook's question). Every other command is."""
    match command:
        case p.TakenBack(said=p.BoughtItems()):
            return False
        case p.AskedWhatWasDone(item=str() as item):
            return bool(on_the_list(store, item))
        case p.BoughtItems(items=items):
            bought = any(bought_off(store, item) for item in items)
            return bought and not said.rstrip().endswith("?")
    return True


def bought_off(store: HouseholdStore, item: str) -> str | None:
    """The list's entry for a thing said bought: itself only ("eggs" for "egg"), never a
    kind of it ("we got milk" leaves "oat milk": a review's took it off)."""
    found = on_the_list(store, item)
    if len(found) != 1:
        return None
    extra = item_key(found[0]).split()[: -len(item_key(item).split())]
    # "the milk" for "2 pints of milk": a count or a measure more, never a kind ("oat")
    return found[0] if all(_A_COUNT.fullmatch(word) for word in extra) else None


# What a thing on the list is bought by: "2 pints of", "500g", "a bag of" (list_changes.py
# puts a new amount in an old one's place by the same words)
MEASURES = (
    r"(?:pints?|litres?|liters?|ml|kilos?|kilograms?|kg|g|grams?|lbs?|pounds?|ounces?|oz|"
    r"packs?|packets?|bags?|tins?|cans?|bottles?|jars?|boxes?|cartons?|loaf|loaves|"
    r"bunch(?:es)?|tubs?|rolls?|punnets?|multipacks?|dozen)"
)
_A_COUNT = re.compile(
    rf"\d+(?:\.\d+)?|a|an|of|x\d*|one|two|three|four|five|six|half|{MEASURES}|large|small|big"
)


_AMOUNT_AFTER = re.compile(rf"(?:\d+(?:\.\d+)?(?:{MEASURES})?|x\d+|\d+x)")


def _before_an_amount(words: list[str]) -> list[str]:
    """The words of a thing on the list without an amount written after it, nor whom or
    what it is for: "gluten free bread for ailsa", "haggis for burns night" (a seventeenth
    trial's "is haggis on the list" got "No" with it there)."""
    if "for" in words[1:]:
        words = item_key(" ".join(words[: words.index("for", 1)])).split()
    if len(words) > 2 and words[-2] == "size":
        # "diapers size 4" (a twenty-second trial's "make the diapers size 5" did nothing)
        words = item_key(" ".join(words[:-2])).split()
    while len(words) > 1 and _AMOUNT_AFTER.fullmatch(words[-1]):
        words = words[:-1]
    return words


def on_the_list(store: HouseholdStore, item: str) -> list[str]:
    """The items on the list that are the one asked about: "eggs" finds "egg" (only it,
    if it is there), else "milk" finds "2 pints of milk" and "oat milk" (the asked words,
    in order, at the end of the listed ones)."""
    asked = hyphen_free(item_key(item)).split()
    # "rice 5kg", "plantain x6": an amount written after the thing is no part of it (a
    # fifteenth trial's "is rice on the list" got "No", "take rice off" "Not on it")
    entries = [
        (entry.name, _before_an_amount(hyphen_free(item_key(entry.name)).split()))
        for entry in store.items()
    ]
    exact = [name for name, words in entries if words == asked]
    if exact:
        return exact[:1]
    return [
        name for name, words in entries if len(words) > len(asked) and words[-len(asked) :] == asked
    ]
