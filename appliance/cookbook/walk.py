"""Walking a recipe: each request of a cooking session answered from the recipe's file.

    walk = RecipeWalk(book, sessions, household)
    walk.answer(CookingRequest("start", name="nana's flapjacks"))
      -> "Nana's Flapjacks, 5 steps. Step 1: Heat the oven to 180C/160C fan/gas 4 …"
    walk.answer(CookingRequest("next"))
      -> "Step 4: Press into the tin and bake for 25 minutes. Say "start the timer" …"

Every answer is read off the kept recipe and the session: an amount is the file's
amount times the session's scale, an oven temperature is the step's own words, a timer
is the step's own time, named after the recipe and the step. Nothing is guessed; what
the recipe does not say is said not to be there. Each answer ends its sentence so a
voice can speak it whole.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from appliance.cookbook.amounts import Ingredient, in_unit, same_kind
from appliance.cookbook.book import Cookbook, RecipeFile, RecipeRefused
from appliance.cookbook.request import CookingRequest
from appliance.cookbook.session import Cooking, CookingSessions
from appliance.errors import NotFound
from appliance.household import HouseholdStore
from appliance.household.spoken import listed, say_duration

# Words of an ingredient that say how it is cut or how big it is, not what it is.
_NOT_THE_THING = frozenset(
    "a an and of the large small medium big fresh finely roughly chopped sliced diced "
    "crushed grated softened melted peeled rinsed drained halved cubed minced ground to "
    "taste plus extra for about or good whole room temperature cold warm hot dried "
    "unsalted salted plain free range beaten".split()
)


@dataclass(frozen=True)
class StepView:
    """What the panel shows of the step being cooked."""

    title: str
    number: int
    steps: int
    text: str
    ingredients: tuple[str, ...]  # this step's, scaled, as lines
    timer: str | None  # "25 minutes": the timer this step offers, if not started
    timer_started: bool
    scale: str | None  # "Serves 6" / "× ½" when not the recipe as written


def _words(text: str) -> set[str]:
    found = set()
    for word in re.findall(r"[a-z]+", text.lower()):
        found.add(word)
        found.add(word.rstrip("s") if len(word) > 3 else word)
        if word.endswith("es") and len(word) > 4:
            found.add(word[:-2])
    return found


def _thing_words(ingredient: Ingredient) -> set[str]:
    """The words that name what an ingredient is: "butter", "oats" of "porridge oats"."""
    name = ingredient.item.split(",")[0]
    name = re.sub(r"\(.*?\)", "", name)
    return {w for w in _words(name) if w not in _NOT_THE_THING and len(w) > 2}


def _head_words(ingredient: Ingredient) -> set[str]:
    """What a step calls an ingredient: the last word of its name, or of each part of
    "salt and pepper" ("syrup" of "golden syrup", so "golden at the edges" is no syrup)."""
    name = re.sub(r"\(.*?\)", "", ingredient.item.split(",")[0])
    heads: set[str] = set()
    for part in re.split(r"\band\b|\bor\b|&|/", name):
        words = [w for w in re.findall(r"[a-z]+", part.lower()) if w not in _NOT_THE_THING]
        if words:
            heads |= _words(words[-1])
    return heads


def step_ingredients(recipe: RecipeFile, number: int) -> list[Ingredient]:
    """The ingredients step `number` names ("Melt the butter and syrup" -> butter, syrup)."""
    said = _words(recipe.recipe.steps[number - 1])
    return [i for i in recipe.recipe.ingredients if _head_words(i) & said]


def matching_ingredients(recipe: RecipeFile, asked: str) -> list[Ingredient]:
    """The recipe's ingredients an asked-for name means: "butter", "the sugar", "eggs"."""
    asked_words = {w for w in _words(asked) if w not in _NOT_THE_THING and len(w) > 2}
    if not asked_words:
        return []
    exact = [
        i for i in recipe.recipe.ingredients if asked_words <= _thing_words(i) | _words(i.item)
    ]
    return exact or [i for i in recipe.recipe.ingredients if asked_words & _thing_words(i)]


def factor_note(cooking: Cooking, recipe: RecipeFile) -> str | None:
    if cooking.scale == 1:
        return None
    serves = recipe.recipe.serves_line(cooking.scale)
    return serves or f"× {cooking.factor}"


# (what was asked, each recipe's description) -> a cosine for each, from the process's
# embedding model (memory's); None where no model is installed: names alone decide.
Similarity = Callable[[str, Sequence[str]], list[float]]
# How near in meaning a name must be to a recipe, and how much nearer than the next one,
# to be taken as it ("oat bars" for Nana's Flapjacks: 0.57, the next 0.34). Chosen on
# the engineer's own sixteen names against the tuning recipes (docs/cookbook.md): every
# name meant for a recipe found it, and "pancakes" (0.42 against 0.40), "the curry"
# (0.31) and "a cup of tea" (0.20) found none.
MEANING_AT_LEAST = 0.40
MEANING_MARGIN = 0.08


def described(recipe: RecipeFile) -> str:
    """What a recipe is, for its meaning: the title and what goes in it."""
    things = sorted(set().union(*(_thing_words(i) for i in recipe.recipe.ingredients)))
    return f"{recipe.title}: {', '.join(things)}"


class RecipeWalk:
    def __init__(
        self,
        book: Cookbook,
        sessions: CookingSessions,
        household: HouseholdStore | None = None,
        *,
        meaning: Similarity | None = None,
    ) -> None:
        self.book = book
        self.sessions = sessions
        self.household = household
        self._meaning = meaning

    # -- finding a recipe -------------------------------------------------------------

    def find(self, name: str) -> RecipeFile | None:
        """The kept recipe a name means: its title's words, else its ingredients' words.

        "nana's flapjacks", "the flapjacks", "flapjack": the title whose words the name
        shares most; "something with lentils" falls back to the ingredients; "oat bars",
        which shares no word, to the meaning (where the embedding model is installed)."""
        wanted = {w for w in _words(name) if w not in _NOT_THE_THING and len(w) > 2}
        wanted -= {"recipe", "something", "with", "thing", "one", "that", "this", "please"}
        if not wanted:
            return None
        recipes = self.book.recipes()
        best: tuple[float, RecipeFile] | None = None
        for recipe in recipes:
            title = _words(recipe.title)
            shared = len(wanted & title)
            score = shared / len(wanted) + (0.01 * shared / max(len(title), 1))
            if shared and (best is None or score > best[0]):
                best = (score, recipe)
        if best is not None and best[0] >= 0.5:
            return best[1]
        for recipe in recipes:
            things = set().union(*(_thing_words(i) for i in recipe.recipe.ingredients))
            if wanted <= things:
                return recipe
        return self._by_meaning(name, recipes)

    def _by_meaning(self, name: str, recipes: list[RecipeFile]) -> RecipeFile | None:
        """The recipe a name means though it shares no word with it ("oat bars")."""
        if self._meaning is None or not recipes:
            return None
        scores = self._meaning(name, [described(r) for r in recipes])
        ranked = sorted(zip(scores, range(len(recipes)), strict=True), reverse=True)
        best, at = ranked[0]
        runner_up = ranked[1][0] if len(ranked) > 1 else 0.0
        if best >= MEANING_AT_LEAST and best - runner_up >= MEANING_MARGIN:
            return recipes[at]
        return None

    def cooking(self) -> tuple[Cooking, RecipeFile] | None:
        cooking = self.sessions.current()
        if cooking is None:
            return None
        try:
            return cooking, self.book.get(cooking.recipe_id)
        except (NotFound, RecipeRefused):  # removed, or spoilt by hand, while being cooked
            self.sessions.finish()
            return None

    # -- answering --------------------------------------------------------------------

    def answer(self, request: CookingRequest) -> str:
        if request.intent == "recipes":
            return self._recipes()
        if request.intent == "start":
            return self._start(request.name or "")
        found = self.cooking()
        if found is None:
            return "Nothing is being cooked. Say “let's make” and a recipe's name to start one."
        cooking, recipe = found
        handler = getattr(self, f"_{request.intent}")
        return handler(cooking, recipe, request)

    def _recipes(self) -> str:
        titles = [r.title for r in self.book.recipes()]
        if not titles:
            return (
                "The cookbook is empty. Paste a recipe on the chat page's Recipes tab to add one."
            )
        return (
            f"The cookbook has {len(titles)} recipe{'s' if len(titles) > 1 else ''}: "
            f"{listed(titles)}."
        )

    def _start(self, name: str) -> str:
        recipe = self.find(name)
        if recipe is None:
            return (
                f"There's no recipe called “{name}” in the cookbook. "
                "Ask “what recipes do we have?” to hear them."
            )
        cooking = self.sessions.start(recipe.id, recipe.title, len(recipe.recipe.steps))
        serves = recipe.recipe.serves_line()
        lead = f"{recipe.title}, {len(recipe.recipe.steps)} steps"
        lead += f", {serves[0].lower()}{serves[1:]}." if serves else "."
        return f"{lead} {self._step_said(cooking, recipe)}"

    def _step_said(self, cooking: Cooking, recipe: RecipeFile) -> str:
        number = cooking.step
        text = recipe.recipe.steps[number - 1]
        said = f"Step {number}: {text}"
        said += "" if said.endswith((".", "!", "?")) else "."
        seconds = recipe.recipe.step_timer(number)
        if seconds is not None and number not in cooking.timers_started:
            said += f" Say “start the timer” or press Keep for {say_duration(seconds)}."
        if number == cooking.steps:
            said += " That's the last step."
        return said

    def _next(self, cooking: Cooking, recipe: RecipeFile, _: CookingRequest) -> str:
        if cooking.step == cooking.steps:
            return (
                "That was the last step. Say “we're done” to finish, "
                "or “back” to hear the one before."
            )
        moved = self.sessions.move(+1) or cooking
        return self._step_said(moved, recipe)

    def _back(self, cooking: Cooking, recipe: RecipeFile, _: CookingRequest) -> str:
        if cooking.step == 1:
            return "This is the first step. " + self._step_said(cooking, recipe)
        moved = self.sessions.move(-1) or cooking
        return self._step_said(moved, recipe)

    def _repeat(self, cooking: Cooking, recipe: RecipeFile, _: CookingRequest) -> str:
        return self._step_said(cooking, recipe)

    def _step_number(self, cooking: Cooking, recipe: RecipeFile, request: CookingRequest) -> str:
        wanted = cooking.steps if request.step == -1 else request.step or 1
        if not 1 <= wanted <= cooking.steps:
            return f"{recipe.title} has {cooking.steps} steps; there's no step {wanted}."
        moved = self.sessions.go_to(wanted) or cooking
        return self._step_said(moved, recipe)

    def _stop_cooking(self, cooking: Cooking, recipe: RecipeFile, _: CookingRequest) -> str:
        self.sessions.finish()
        return f"Finished cooking {recipe.title}. Timers you started keep running."

    def _ingredients_for_step(self, cooking: Cooking, recipe: RecipeFile, _: CookingRequest) -> str:
        needed = step_ingredients(recipe, cooking.step)
        if not needed:
            return f"Step {cooking.step} doesn't name any of the ingredients."
        said = listed([i.said(cooking.scale) for i in needed])
        return f"For step {cooking.step}: {said}."

    def _amount(self, cooking: Cooking, recipe: RecipeFile, request: CookingRequest) -> str:
        found = matching_ingredients(recipe, request.name or "")
        if not found:
            return f"{recipe.title} doesn't use {request.name}."
        parts = []
        for ingredient in found:
            part = ingredient.said(cooking.scale)
            if ingredient.group and len(found) > 1:
                part += f" ({ingredient.group.lower()})"
            parts.append(part)
        note = factor_note(cooking, recipe)
        return f"{listed(parts)[0].upper()}{listed(parts)[1:]}" + (
            f", for the recipe scaled ({note})." if note else "."
        )

    def _serves(self, cooking: Cooking, recipe: RecipeFile, _: CookingRequest) -> str:
        written = recipe.recipe.serves_line()
        if written is None:
            return f"{recipe.title} doesn't say how many it serves."
        if cooking.scale == 1:
            return f"{recipe.title}: {written[0].lower()}{written[1:]}, as written."
        scaled = recipe.recipe.serves_line(cooking.scale) or ""
        return (
            f"{recipe.title}: {written[0].lower()}{written[1:]} as written; scaled "
            f"({_times(cooking.scale)}), {scaled[0].lower()}{scaled[1:]}."
        )

    def _oven(self, cooking: Cooking, recipe: RecipeFile, _: CookingRequest) -> str:
        oven = recipe.recipe.oven()
        if oven is None:
            return f"{recipe.title} doesn't give an oven temperature."
        number, said = oven
        return f"Step {number} says {said}."

    def _how_long(self, cooking: Cooking, recipe: RecipeFile, request: CookingRequest) -> str:
        steps = recipe.recipe.steps
        order = [cooking.step, *range(cooking.step + 1, len(steps) + 1), *range(1, cooking.step)]
        for number in order:
            text = steps[number - 1].lower()
            if request.name and not re.search(rf"\b{request.name}", text):
                continue
            seconds = recipe.recipe.step_timer(number)
            if seconds is not None:
                what = f"Step {number}" if number != cooking.step else "This step"
                ranged = re.search(r"\d\s*(?:-|–|to)\s*\d+\s*(?:min|hour|hr)", steps[number - 1])
                said = f"at least {say_duration(seconds)}" if ranged else say_duration(seconds)
                return f"{what} takes {said}: “{steps[number - 1]}”"
            if not request.name:
                break
        if request.name:
            return f"{recipe.title} doesn't give a time to {request.name}."
        return f"Step {cooking.step} doesn't give a time."

    def _start_timer(self, cooking: Cooking, recipe: RecipeFile, _: CookingRequest) -> str:
        return self.start_step_timer(cooking, recipe)

    def start_step_timer(self, cooking: Cooking, recipe: RecipeFile) -> str:
        """The timer the current step offers, started, named after the recipe and step."""
        seconds = recipe.recipe.step_timer(cooking.step)
        if seconds is None:
            return f"Step {cooking.step} doesn't give a time, so there's no timer to start."
        if self.household is None:
            return "Timers aren't available here."
        name = f"{recipe.title} step {cooking.step}"
        running = [t for t in self.household.timers() if t.name == name]
        if running:  # said twice, or Keep pressed after "start the timer": one alarm
            return f"The {name} timer is already running; it rings at {running[0].rings_at:%H:%M}."
        timer = self.household.add_timer(name, seconds)
        self.sessions.timer_started(cooking.step)
        return (
            f"Started the {timer.name} timer for {say_duration(seconds)}; "
            f"it rings at {timer.rings_at:%H:%M}."
        )

    def _scale(self, cooking: Cooking, recipe: RecipeFile, request: CookingRequest) -> str:
        factor = self._factor(recipe, request)
        if isinstance(factor, str):
            return factor
        self.sessions.scale(factor)
        scaled = [i.said(factor) for i in recipe.recipe.ingredients if i.quantity is not None]
        note = recipe.recipe.serves_line(factor)
        lead = f"{note} ({_times(factor)})" if note else f"The recipe {_times(factor)}"
        said = f"{lead}: {listed(scaled)}."
        if recipe.recipe.timers and factor != 1:
            said += (
                " The times in the steps don't scale with the amounts: "
                "check bakes and roasts by eye, a bigger tin takes longer."
            )
        return said

    def _factor(self, recipe: RecipeFile, request: CookingRequest) -> Fraction | str:
        if request.factor is not None:
            return request.factor
        if request.serves is not None:
            if recipe.recipe.serves is None:
                return (
                    f"{recipe.title} doesn't say how many it serves, so I can't scale it "
                    "to a number of people. Say “double it” or “half the recipe” instead."
                )
            return Fraction(request.serves, recipe.recipe.serves)
        have = request.have
        assert have is not None and have.quantity is not None
        found = [i for i in matching_ingredients(recipe, have.item) if i.quantity is not None]
        if not found:
            return f"{recipe.title} doesn't use {have.item} by amount, so that doesn't change it."
        ingredient = found[0]
        assert ingredient.quantity is not None
        if not same_kind(have.unit, ingredient.unit):
            return (
                f"The recipe measures {ingredient.item} as {ingredient.said()}, which I "
                f"can't compare with {have.line()} exactly."
            )
        return in_unit(have.quantity, have.unit, ingredient.unit) / ingredient.quantity

    # -- the panel ---------------------------------------------------------------------

    def view(self) -> StepView | None:
        found = self.cooking()
        if found is None:
            return None
        cooking, recipe = found
        seconds = recipe.recipe.step_timer(cooking.step)
        return StepView(
            title=recipe.title,
            number=cooking.step,
            steps=cooking.steps,
            text=recipe.recipe.steps[cooking.step - 1],
            ingredients=tuple(
                i.line(cooking.scale) for i in step_ingredients(recipe, cooking.step)
            ),
            timer=None if seconds is None else say_duration(seconds),
            timer_started=cooking.step in cooking.timers_started,
            scale=factor_note(cooking, recipe),
        )


def cookbook_words(walk: RecipeWalk) -> list[str]:
    """What a cook will say that Whisper may not know: the recipe being cooked's
    ingredients first, then every kept recipe's title (the recogniser's bias)."""
    words: list[str] = []
    if (found := walk.cooking()) is not None:
        words += [" ".join(sorted(_thing_words(i))) for i in found[1].recipe.ingredients]
    words += [recipe.title for recipe in walk.book.recipes()]
    return [w for w in words if w]


def _times(factor: Fraction) -> str:
    named = {
        Fraction(1): "as written",
        Fraction(1, 2): "halved",
        Fraction(2): "doubled",
        Fraction(3): "tripled",
    }
    if factor in named:
        return named[factor]
    if factor.denominator == 1:
        return f"× {factor}"
    if factor.denominator <= 12:
        return f"× {factor.numerator}/{factor.denominator}"
    return "× " + f"{float(factor):.2f}".rstrip("0").rstrip(".")  # not 225889/249000
