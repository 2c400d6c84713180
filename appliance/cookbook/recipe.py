"""A recipe: its record, and the markdown file a person can read and fix by hand.

    ---
    id: nanas-flapjacks
    added: 2026-12-02
    by: web
    ---
    # Nana's Flapjacks

    Makes 12

    ## Ingredients

    - 250 g butter
    - 1½ tsp ground ginger

    For the topping:
    - 50 g dark chocolate

    ## Method

    1. Heat the oven to 180C/160C fan/gas 4.
    2. Bake for 25 minutes.

    ## Notes

    Keeps a week in a tin.

    Source: Nana's recipe box

The body after the frontmatter is read by the same parser as a pasted recipe
(paste.py), so a file fixed by hand in any of the shapes people paste still reads; it
is written back in this one shape.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby

from appliance.cookbook.amounts import Ingredient
from appliance.cookbook.timing import oven_said, step_seconds


@dataclass(frozen=True)
class Recipe:
    title: str | None
    serves: int | None
    ingredients: tuple[Ingredient, ...]
    steps: tuple[str, ...]
    source: str | None = None
    notes: str | None = None
    makes: bool = False  # "Makes 12" (pieces) rather than "Serves 12" (people)

    @property
    def timers(self) -> tuple[tuple[int, int], ...]:
        """(step number from 1, seconds) for each step that states a time."""
        found = ((n, step_seconds(step)) for n, step in enumerate(self.steps, start=1))
        return tuple((n, seconds) for n, seconds in found if seconds is not None)

    def step_timer(self, number: int) -> int | None:
        """The seconds step `number` (from 1) offers as a timer, or None."""
        return step_seconds(self.steps[number - 1])

    def oven(self) -> tuple[int, str] | None:
        """(step number, the temperature as written) of the first step that sets the oven."""
        for number, step in enumerate(self.steps, start=1):
            if (said := oven_said(step)) is not None:
                return number, said
        return None

    def groups(self) -> list[tuple[str | None, list[Ingredient]]]:
        """The ingredients in their runs under one sub-heading ("For the icing"), or none."""
        return [(group, list(run)) for group, run in groupby(self.ingredients, lambda i: i.group)]

    def serves_line(self, factor: Fraction = Fraction(1)) -> str | None:
        if self.serves is None:
            return None
        count = Fraction(self.serves) * factor
        number = f"{count}" if count.denominator == 1 else f"about {round(count) or 1}"
        return f"{'Makes' if self.makes else 'Serves'} {number}"

    def to_markdown(self) -> str:
        """The body of the recipe's file (and what a card's digest is made from)."""
        parts = [f"# {self.title}" if self.title else "# (no title)"]
        if (serves := self.serves_line()) is not None:
            parts.append(serves)
        parts.append("## Ingredients")
        lines: list[str] = []
        for group, ingredients in self.groups():
            lines += [f"\n{group}:"] if group else []
            lines += [f"- {ingredient.line()}" for ingredient in ingredients]
        parts.append("\n".join(lines).strip("\n"))
        parts.append("## Method")
        parts.append("\n".join(f"{n}. {step}" for n, step in enumerate(self.steps, start=1)))
        if self.notes:
            parts.extend(["## Notes", self.notes])
        if self.source:
            parts.append(f"Source: {self.source}")
        return "\n\n".join(parts) + "\n"

    @property
    def digest(self) -> str:
        """What a person was shown: the board's card acts only on a recipe still matching it."""
        return hashlib.sha256(self.to_markdown().encode("utf-8")).hexdigest()[:16]

    @property
    def fingerprint(self) -> str:
        """The same recipe however it was pasted or named: its amounts and steps as words.

        A discarded recipe's tombstone holds this, so pasting it again in another
        shape (bullets for numbers, "½" for "1/2") or under another title is still the
        recipe a person refused."""
        return _print([i.line() for i in self.ingredients] + list(self.steps))

    @property
    def unordered_fingerprint(self) -> str:
        """The fingerprint with the ingredients in any order: the same recipe pasted again
        with its list reordered (a seventh trial saw one wait for Keep with no mark)."""
        lines = sorted(" ".join(_plain(i.line())) for i in self.ingredients)
        return _print(lines + list(self.steps))

    def texts(self) -> list[str]:
        """Every piece of the recipe's words, for the guard to read one by one."""
        pieces = [self.title or "", *(i.item for i in self.ingredients), *self.steps]
        pieces += [self.notes or "", self.source or ""]
        pieces += sorted({i.group for i in self.ingredients if i.group})
        return [p for p in pieces if p.strip()]


def _plain(text: str) -> list[str]:
    return re.sub(r"[^a-z0-9½¼¾⅓⅔⅛]+", " ", text.lower()).split()


def _print(words: list[str]) -> str:
    return "recipe:" + hashlib.sha256(" ".join(_plain(" ".join(words))).encode("utf-8")).hexdigest()
