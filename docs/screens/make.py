"""Regenerate the panel screenshots in docs/screens/ from a sample household.

    .venv/bin/python docs/screens/make.py

Runs the real memory core, board and renderer on a temporary data dir; the PNGs
are exactly what board.png (and the panel) would show for each model.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import sys
import tempfile
from pathlib import Path

from appliance.household import HouseholdStore, Scheduler
from appliance.lan import ChatAddress
from appliance.memory import Memory
from appliance.panel.board import Board, BoardLinks
from appliance.panel.buttons import Action
from appliance.panel.panels import MODELS
from appliance.panel.render import HomeScreen, Screen, render
from appliance.sound import Silence

HERE = Path(__file__).resolve().parent
NOW = dt.datetime(2026, 11, 30, 8, 42)
# The LAN page at a fixed address.
LINKS = BoardLinks(address=ChatAddress("0.0.0.0", 4327, addresses=lambda: ["192.168.1.23"]))


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
        screens["home"], _ = Board(memory, links=LINKS, household=kitchen).screen()
        clock.now += dt.timedelta(minutes=12)
        Scheduler(kitchen, Silence("screenshots"), clock).check()
        screens["ringing"], _ = Board(memory, links=LINKS, household=kitchen).screen()
        kitchen.close()
        for key in ("impression-5.7", "impression-7.3", "spectra-7.3", "spectra-13.3"):
            extra = ("correction", "ringing") if key == "spectra-7.3" else ()
            for name in ("review", "home", *extra):
                path = out / f"{name}-{key}.png"  # what board.png holds, but world-readable
                render(fixed(screens[name]), MODELS[key]).save(path, optimize=True)
                print(f"wrote {path.relative_to(HERE.parent.parent)}")
        memory.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
