"""Regenerate the panel screenshots in docs/screens/ from a sample household.

    .venv/bin/python docs/screens/make.py

Runs the real memory core, cookbook, board and renderer on a temporary data dir; the
PNGs are exactly what board.png (and the panel) would show for each model.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import sys
import tempfile
from pathlib import Path

from appliance.cookbook import Cookbook, CookingSessions, RecipeWalk
from appliance.cookbook.phrases import CookingRequest
from appliance.household import HouseholdStore, Scheduler
from appliance.household.moments import WEEKDAYS
from appliance.lan import ChatAddress
from appliance.memory import Memory
from appliance.panel.board import Board, BoardLinks
from appliance.panel.buttons import Action
from appliance.panel.panels import MODELS
from appliance.panel.render import HomeScreen, Screen, render
from appliance.sound import Silence

HERE = Path(__file__).resolve().parent
NOW = dt.datetime(2026, 11, 30, 8, 42)
# The LAN page at a fixed address (the recipe card's "read it whole" line).
LINKS = BoardLinks(address=ChatAddress("0.0.0.0", 4327, addresses=lambda: ["192.168.1.23"]))
SOUP = """Red Lentil Soup
Serves 4

Ingredients
- 1 tbsp olive oil
- 1 onion, finely chopped
- 2 carrots, diced
- 2 garlic cloves, crushed
- 1 tsp ground cumin
- 150g red lentils
- 1 litre vegetable stock
- juice of half a lemon
- salt and pepper

Method
1. Heat the oil in a large pan and soften the onion and carrots for 5 minutes.
2. Stir in the garlic and cumin and cook for a minute more.
3. Add the lentils and stock, bring to the boil, then simmer for 20 minutes until soft.
4. Blend until smooth, stir in the lemon juice and season with salt and pepper.
"""


def address() -> str:
    return "On the network at http://192.168.1.23:4327 · hearth"


def fixed(screen: Screen) -> Screen:
    """The home screen's footer without this machine's own host name."""
    if isinstance(screen, HomeScreen):
        return dataclasses.replace(screen, address=address())
    return screen


class Clock:
    """Fixed moments, so the screenshots never drift."""

    now = NOW - dt.timedelta(days=3)

    def __call__(self) -> dt.datetime:
        return self.now


def household(data_dir: Path, clock: Clock) -> Memory:
    memory = Memory.open(data_dir, clock=clock)
    for text, kind in [
        ("Grandma can't eat gluten", "health"),
        ("Bins go out on Thursday night; recycling every other week", "routine"),
        ("Sam takes his coffee black", "preference"),
        ("Ana is Sam's piano teacher", "person"),
        ("Piano lessons are on Wednesdays at 5", "routine"),
    ]:
        memory.add(text, kind)
    return memory


def cooking(memory: Memory, kitchen: HouseholdStore, data_dir: Path, clock: Clock) -> dict:
    """A pasted recipe's card (after a fact waiting), then its third step being cooked,
    scaled from 4 to 6 people, with the fact still waiting for review."""
    memory.propose("The recycling goes out on Thursdays", "routine", origin="chat")
    book = Cookbook(data_dir, clock=clock)
    soup = book.propose(SOUP, "web")
    walk = RecipeWalk(book, CookingSessions(data_dir, clock), kitchen)
    board = Board(memory, links=LINKS, household=kitchen, cookbook=book, walk=walk)
    _, tag = board.screen()
    board.handle(Action.NEXT, on_glass=tag)
    recipe, _ = board.screen()
    book.keep(soup.id, actor="docs", shown=soup.digest)
    walk.answer(CookingRequest("start", name="red lentil soup"))
    walk.answer(CookingRequest("scale", serves=6))
    walk.sessions.go_to(3)
    step, _ = board.screen()
    walk.sessions.finish()
    for proposal in memory.proposals():
        memory.discard(proposal.id, actor="docs")
    return {"recipe": recipe, "cooking": step}


def main() -> int:
    out = HERE
    with tempfile.TemporaryDirectory() as tmp:
        clock = Clock()
        memory = household(Path(tmp), clock)
        clock.now = NOW
        lesson = next(f for f in memory.facts() if f.text.startswith("Piano lessons"))
        memory.propose(
            "Sam is allergic to peanuts and carries his EpiPen in the blue school bag",
            "health",
            origin="chat",
            conversation="breakfast, Monday",
        )
        clock.now += dt.timedelta(minutes=20)
        memory.propose(
            "Piano lessons moved to Thursdays at 5",
            "routine",
            origin="chat",
            conversation="school run",
            kind="supersede",
            target=lesson.id,
        )
        board = Board(memory, links=LINKS)
        screens = {}
        screens["review"], tag = board.screen()
        board.handle(Action.NEXT, on_glass=tag)
        screens["correction"], _ = board.screen()
        for proposal in memory.proposals():
            memory.discard(proposal.id, actor="docs")
        kitchen = HouseholdStore.open(tmp, clock)
        kitchen.add_timer("pasta", 12 * 60)
        kitchen.add_timer("bread", 35 * 60)
        kitchen.add_items(["eggs", "milk", "butter", "washing up liquid"])
        evening = dt.datetime.combine(clock.now.date(), dt.time(19, 0))
        kitchen.add_reminder("put the bins out", evening, WEEKDAYS[evening.weekday()])
        kitchen.add_reminder("take my tablets", evening + dt.timedelta(hours=2), "day")
        screens["home"], _ = Board(memory, links=LINKS, household=kitchen).screen()
        screens.update(cooking(memory, kitchen, Path(tmp), clock))
        clock.now += dt.timedelta(minutes=12)
        Scheduler(kitchen, Silence("screenshots"), clock).check()
        screens["ringing"], _ = Board(memory, links=LINKS, household=kitchen).screen()
        kitchen.close()
        for key in ("impression-5.7", "impression-7.3", "spectra-7.3", "spectra-13.3"):
            extra = ("correction", "ringing", "recipe", "cooking") if key == "spectra-7.3" else ()
            for name in ("review", "home", *extra):
                path = out / f"{name}-{key}.png"  # what board.png holds, but world-readable
                render(fixed(screens[name]), MODELS[key]).save(path, optimize=True)
                print(f"wrote {path.relative_to(HERE.parent.parent)}")
        memory.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
