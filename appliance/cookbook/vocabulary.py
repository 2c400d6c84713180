"""What a cook can say, written out: the closed vocabulary a misheard command is placed on.

A recogniser writes what it heard in whatever words it knows: "Go, Mark!" for "go back",
"Have the recipe." for "halve the recipe", "Able it." for "double it". While a recipe is being
cooked, what a cook says is nearly always one of a few dozen commands, with that
recipe's own ingredients and step numbers in them. `spoken_commands` writes them out,
each with what it means, in words the rules of phrases.py read as that meaning (a test
reads every one back), so the voice's closed pass (voice/closed_pass.py) can put a
transcript that sounds like one of them, and means nothing as heard, in its place.

    spoken_commands(recipe, titles)
      -> {"next": "next", "go back": "back", "how much butter": "amount:butter", …}
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from appliance.apostrophes import straight
from appliance.cookbook.recipe import Recipe
from appliance.numbers import ONES

# The commands of a cooking session, the same for every recipe, by what each means.
# Written as a cook says them; several ways each, because the pass compares sounds and
# "carry on" sounds nothing like "next". Ending the session is not among them: a
# placement is a guess, and "Stop talking." sounds as much like "stop cooking" as "Stop
# smoking." does; a cook who said it loses their place. "stop cooking" said and heard
# is read as ever, and Discard held on the panel ends it too.
WHILE_COOKING: dict[str, tuple[str, ...]] = {
    "next": (
        "next",
        "next step",
        "next one",
        "go on",
        "carry on",
        "what's next",
        "keep going",
        "move on",
        "continue",
        "what now",
    ),
    "back": ("back", "go back", "back one", "previous step", "go back a step", "the last step"),
    "repeat": (
        "repeat",
        "repeat that",
        "say that again",
        "again",
        "pardon",
        "sorry what",
        "what was that",
        "come again",
        "one more time",
    ),
    "ingredients_for_step": (
        "what do I need for this step",
        "what goes in now",
        "what's needed for this step",
        "ingredients for this step",
        "which ingredients",
    ),
    "oven": (
        "oven temperature",
        "oven temp",
        "what temperature",
        "how hot is the oven",
        "what gas mark",
        "how many degrees",
        "what do I set the oven to",
        "preheat the oven",
    ),
    "how_long": ("how long", "how long for", "how long does this take", "how much longer"),
    "start_timer": ("start the timer", "start timer", "set the timer", "time it"),
    "scale:2": ("double it", "double the recipe"),
    "scale:1/2": ("halve it", "halve the recipe"),
    "scale:3": ("triple it",),
    "scale:1": ("back to the original amounts",),
    "serves": ("how many does it serve", "how many people is it for"),
}
MOST_PEOPLE = 12  # "for N people" is written out up to this many
START_VERBS = ("let's make", "cook", "make")
_NUMBER_WORDS = {value: word for word, value in ONES.items()}
# An ingredient's words that say how it is prepared, not what it is.
_PREPARED = re.compile(
    r"\b(?:large|small|medium|fresh|finely|roughly|chopped|sliced|diced|crushed|grated|"
    r"softened|melted|peeled|beaten|free range|room temperature)\b"
)


def spoken_commands(recipe: Recipe | None, titles: Iterable[str]) -> dict[str, str]:
    """Each command a cook may say now, with what it means ("how much butter" ->
    "amount:butter"). `recipe`: the one being cooked, or None (then only starting one
    by its title can be said); `titles`: every kept recipe's."""
    said: dict[str, str] = {}
    for title in titles:
        name = " ".join(re.findall(r"[a-z0-9']+", straight(title.lower())))
        # as phrases.py reads it: "the best banana bread", "mai's recipe" without the frame
        meant = re.sub(r"^(?:the|a|an|our|my|some) | recipe$", "", name)
        for verb in START_VERBS if name else ():
            said.setdefault(f"{verb} {name}", f"start:{meant}")
    if recipe is None:
        return said
    for meaning, phrases in WHILE_COOKING.items():
        for phrase in phrases:
            said.setdefault(phrase, meaning)
    for name in dict.fromkeys(n for i in recipe.ingredients for n in ingredient_names(i.item)):
        counted = any(i.unit is None and i.quantity for i in recipe.ingredients if name in i.item)
        said.setdefault(f"how {'many' if counted else 'much'} {name}", f"amount:{name}")
    for number in range(1, len(recipe.steps) + 1):
        word = _NUMBER_WORDS.get(number, str(number))
        said.setdefault(f"step {word}", f"step:{number}")
        said.setdefault(f"go to step {word}", f"step:{number}")
    for people in range(1, MOST_PEOPLE + 1):
        said.setdefault(f"for {_NUMBER_WORDS[people]} people", f"people:{people}")
    return said


def ingredient_names(item: str) -> list[str]:
    """What a cook calls an ingredient: its name as the recipe writes it, without how it
    is prepared, and its last word, or each part's ("unsalted butter, softened" ->
    "unsalted butter", "butter"; "salt and pepper" -> it, "salt", "pepper")."""
    name = re.sub(r"\(.*?\)", "", item.split(",")[0].lower())
    name = re.split(r"\b(?:for|to|plus|or|and extra)\b", name)[0]  # "butter for the tin"
    name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()  # purée
    name = " ".join(re.findall(r"[a-z][a-z'-]*", _PREPARED.sub(" ", name)))
    # "salt and pepper": each part by its last word too, as a cook asks for one of them
    heads = [part.split()[-1] for part in re.split(r"\band\b|\bor\b|&|/", name) if part.split()]
    return [n for n in dict.fromkeys([name, *heads]) if len(n) > 2]
