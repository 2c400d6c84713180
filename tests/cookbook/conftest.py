"""A cookbook on a temp data dir, with memory's guard (its rules) as the screen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.cookbook import Cookbook, CookingSessions, RecipeWalk
from appliance.household import HouseholdStore
from appliance.memory.guard import find_refusal

FLAPJACKS = """Nana's Flapjacks
Makes 12

Ingredients
- 250g butter
- 200g golden syrup
- 1½ tsp ground ginger
- 400g porridge oats
- a pinch of salt

Method
1. Heat the oven to 180C/160C fan/gas 4 and line a 20cm square tin.
2. Melt the butter and syrup together in a large pan over a low heat.
3. Stir in the oats, ginger and salt until everything is coated.
4. Press into the tin and bake for 25 minutes until golden at the edges.
5. Cool in the tin for 10 minutes, then cut into 12 squares.
"""


def rules_screen(text: str) -> str | None:
    refusal = find_refusal(text)
    return None if refusal is None else f"refused ({refusal.category}): {refusal.reason}"


@pytest.fixture
def book(data_dir: Path) -> Cookbook:
    return Cookbook.open(data_dir, screen=rules_screen)


@pytest.fixture
def kept(book: Cookbook) -> str:
    proposed = book.propose(FLAPJACKS, "cli")
    return book.keep(proposed.id, "panel", shown=proposed.digest).id


@pytest.fixture
def walk(book: Cookbook, data_dir: Path, clock) -> Iterator[RecipeWalk]:
    with HouseholdStore.open(data_dir, clock) as household:
        yield RecipeWalk(book, CookingSessions(data_dir, clock), household)
