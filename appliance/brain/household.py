"""Timers, reminders and the shopping list as the router's intents, answered by rules.

    brain = Brain.open(settings, memory, intents=household_router(settings.data_dir))

Three entries go in front of the default table ("forget the pasta timer"
cancels a timer, it does not correct memory). Each matcher claims a message
only when the household package parses the whole sentence as one of its
commands; its answer opens the household's records, acts, and says what now
holds. No model is involved, and the route's kind (timers, reminders, shopping)
is not a model route, so the note-taker never reads these turns.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

from appliance.brain.router import DEFAULT_ROUTER, Intent, Route, Router
from appliance.household import HouseholdStore, NotKept, Screen, parse, perform

# intent name -> the command intents (phrases.py) it claims
FAMILIES = {
    "timers": ("timer.",),
    "reminders": ("remind", "reminder."),
    "shopping": ("shopping.",),
}


def household_intents(
    data_dir: Path | str,
    clock: Callable[[], dt.datetime] | None = None,
    screen: Screen | None = None,
) -> list[Intent]:
    """`screen`: the guard, so a password never goes on the list or into a reminder."""
    now = clock or dt.datetime.now

    def matcher(prefixes: tuple[str, ...]) -> Callable[[str], Route | None]:
        def match(text: str) -> Route | None:
            command = parse(text, now())
            if command is None or not command.intent.startswith(prefixes):
                return None
            return Route("household", text)

        return match

    def act(route: Route) -> str:
        command = parse(route.text, now())
        assert command is not None, "the matcher parsed this very text"
        with HouseholdStore.open(data_dir, clock, screen=screen) as store:
            try:
                return perform(store, command)
            except NotKept as refused:
                return f"I can't keep that: {refused}."

    return [Intent(name, matcher(prefixes), act) for name, prefixes in FAMILIES.items()]


def household_router(
    data_dir: Path | str,
    clock: Callable[[], dt.datetime] | None = None,
    base: Router = DEFAULT_ROUTER,
    screen: Screen | None = None,
) -> Router:
    """The default router with the household's intents tried first."""
    return base.extended(household_intents(data_dir, clock, screen), before=base.names[0])
