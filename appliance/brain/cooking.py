"""The cookbook as the router's first intent: walking a recipe, by rules, never the model.

    router = with_cooking(router, data_dir, screen)

While a recipe is being cooked, "next", "back", "how much butter?", "what's the oven
temperature?", "start the timer", "for six people" are answered from the kept recipe
(appliance.cookbook.walk) before anything else could claim them ("start the timer"
would otherwise ask "For how long?"). With nothing being cooked, "next", "back", "go to
step 3" are answered so, never by the model. At any time, "let's make Nana's flapjacks" starts
a recipe the cookbook has, and "what recipes do we have?" lists them. A name the
cookbook does not have is not claimed, unless the word "recipe" was said: then the
answer is that there is no such recipe, never one the model made up. Nothing here
changes memory, and these are not model routes, so the note-taker never reads them.
"""

from __future__ import annotations

import re
from pathlib import Path

from appliance.brain.router import Intent, Route, Router
from appliance.cookbook import Cookbook, CookingSessions, RecipeWalk, cooking_request
from appliance.cookbook.request import WHILE_COOKING, CookingRequest
from appliance.cookbook.walk import Similarity
from appliance.household import HouseholdStore, Screen

# Said with no recipe being cooked, these mean nothing else to the household: answered
# "Nothing is being cooked", never left to the model, which would make a step up.
# (An amount, an oven, a length, a timer or a scaling asked then is the kitchen's or
# the household's to answer.)
ONLY_WHILE_COOKING = frozenset(
    {"next", "back", "ingredients_for_step", "step_number", "stop_cooking", "serves"}
)
# "Say that again" with nothing cooking is Hearth's last answer, word for word (the brain's
# "again" route), unless it asks for more than the words again ("…but simpler", "tell me
# again what time the bins go") or about something else ("what was that noise?").
_MORE_THAN_AGAIN = re.compile(
    r"\b(?:but|simpler|simply|slower|slowly|louder|differently|explain|other words|mean|noise|"
    r"sound|bang|smell|again (?:what|when|where|how|who|which|whether|if))\b",
    re.IGNORECASE,
)


# Something to be done again, never said again: "ok set it again, every wednesday at 7pm
# put the bins out" (a twelfth trial's got "I haven't said anything yet…")
_DONE_AGAIN = re.compile(
    r"\b(?:set|start|add|put|do|make|remind|book|turn)\b[^.?!]*\bagain\b",
    re.IGNORECASE,
)


# Words of the household's own records and days, never of a recipe's steps.
_OF_THE_HOUSE = re.compile(
    r"\b(?:reminders?|timers?|list|bins?|birthday|appointment|bus|school|week|weekend|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
    re.IGNORECASE,
)


# "forget it" alone ends a recipe being cooked; with none, it is said of the last answer.
_FORGET_IT = re.compile(r"^\W*(?:oh,? |no,? |actually,? )*forget (?:it|about it)\W*$", re.I)


# "next" of something not a recipe's: "her next check-up", "when's the next one due".
_NEXT_OF_SOMETHING = re.compile(
    r"^(?:when|where|who|whose|which|how)\b|\bnext (?!(?:step|one|bit|thing|part|please|"
    r"then|up|bit)\b)[a-z]",
    re.IGNORECASE,
)


def cooking_intents(
    data_dir: Path | str, screen: Screen | None = None, meaning: Similarity | None = None
) -> tuple[Intent, Intent]:
    """The cookbook's intent, and "say that again" when nothing is being cooked."""
    # One cookbook for the brain's life: it reads a recipe file again only when it changed.
    book = Cookbook(Path(data_dir))
    sessions = CookingSessions(data_dir)

    def request_for(text: str) -> CookingRequest | None:
        request = cooking_request(text)
        if request is None:
            return None
        if request.intent in WHILE_COOKING and sessions.current() is None:
            # a cook's command is short: "the bin men come on a wednesday, black bin one week
            # blue the next" and "what's my next reminder?" are not "next" (a fifth trial's
            # both got "Nothing is being cooked")
            loose = request.intent in ("next", "back") and (
                (len(text.split()) > 5 and not re.search(r"\b(?:step|recipe)\b", text, re.I))
                # "when's Isla's next check-up?" (a seventh trial's): the next of something
                # else, asked
                or _NEXT_OF_SOMETHING.search(text) is not None
            )
            # "undo" with nothing cooked takes back the household's last change (undo.py)
            if loose or _OF_THE_HOUSE.search(text) or re.search(r"\bundo\b", text, re.I):
                return None
            if request.intent == "stop_cooking" and _FORGET_IT.match(text):
                return None  # nothing to end: memory's "forget that", or a "never mind"

            return request if request.intent in ONLY_WHILE_COOKING else None
        if request.intent == "start":
            walk = RecipeWalk(book, sessions, meaning=meaning)
            if walk.find(request.name or "") is None and "recipe" not in text.lower():
                return None
        return request

    def match(text: str) -> Route | None:
        return Route("cooking", text) if request_for(text) is not None else None

    def again(text: str) -> Route | None:
        request = cooking_request(text)
        if request is None or request.intent != "repeat" or sessions.current() is not None:
            return None
        if _MORE_THAN_AGAIN.search(text) or _DONE_AGAIN.search(text):
            return None
        return Route("again", text)

    def act(route: Route) -> str:
        request = request_for(route.text)
        assert request is not None, "the matcher read this very text"
        with HouseholdStore.open(data_dir, screen=screen) as household:
            return RecipeWalk(book, sessions, household, meaning=meaning).answer(request)

    return Intent("cooking", match, act), Intent("again", again)


def with_cooking(
    router: Router,
    data_dir: Path | str,
    screen: Screen | None = None,
    meaning: Similarity | None = None,
) -> Router:
    """The router with the cookbook's intents first."""
    return router.extended([*cooking_intents(data_dir, screen, meaning)], before=router.names[0])
