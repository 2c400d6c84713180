"""The kitchen's exact answers as one of the router's intents: tables and arithmetic first.

A conversion, an oven temperature, a cooking time, a substitution or a food-safety
question is answered by appliance.kitchen before the model could be asked, and a
food-safety question the tables cannot answer gets the kitchen's honest "I'm not
sure", never the model. It sits after "remember …" and corrections (so "remember that
gas mark 4 is our usual" is still remembered) and before the questions about the
household.
"""

from __future__ import annotations

from functools import lru_cache

from appliance.brain.bounds import WEATHER
from appliance.brain.router import Intent, Route, Router
from appliance.kitchen.ask import KitchenAnswer, answer


@lru_cache(maxsize=16)
def _answered(text: str) -> KitchenAnswer | None:
    """Matching and answering read the same text once (the tables are read once too)."""
    return answer(text)


def _match(text: str) -> Route | None:
    return Route("kitchen", text) if _answered(text) is not None else None


def _act(route: Route) -> str:
    found = _answered(route.text)
    assert found is not None, "the matcher answered this very text"
    return found.text


KITCHEN = Intent("kitchen", _match, _act)


def with_kitchen(router: Router) -> Router:
    """The router with the kitchen's intent (and the weather's honest answer) before the
    questions about the household."""
    return router.extended([KITCHEN, WEATHER], before="overview")
