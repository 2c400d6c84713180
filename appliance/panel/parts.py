"""What one board is made of, and what a press comes to.

    BoardParts   what the board reads and acts on, where it draws, what it listens to
    BoardLinks   what it shows and reaches beyond memory, the household and the cookbook
    Outcome      one press's result: taken or not, and a line saying what happened
    Pressed      an Outcome and the notice the next screen shows (or None)

Every way in (`hearth panel`, `--once`, `--simulate`, `hearth run`) gets its parts
from appliance/composition.py, so none draws a different screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from appliance.cookbook import Cookbook, RecipeWalk
from appliance.household import HouseholdStore
from appliance.lan import ChatAddress
from appliance.memory import Memory
from appliance.panel.buttons import Buttons
from appliance.panel.display import Display
from appliance.wifi.status import WifiStatus

ACTOR = "panel"  # who the audit chain says kept, discarded or doubted from the board
GONE = "That one was already settled elsewhere."


@dataclass(frozen=True)
class Outcome:
    accepted: bool  # False: nothing happened (the person is told: LED blinks three times)
    message: str


Pressed = tuple[Outcome, str | None]


@dataclass(frozen=True)
class BoardLinks:
    """What the board shows and reaches beyond memory and the household's records.

    Every way in (`hearth panel`, `--once`, `--simulate`, `hearth run`) gets these
    from one place (appliance/composition.py), so none draws a different first screen.
    """

    address: ChatAddress | None = None  # the home screen's footer, the welcome card's URL
    token: Callable[[], str] | None = None  # the welcome card's token; None: no welcome card
    talk: Callable[[bool], bool] | None = None  # Talk pressed/released -> voice received it
    # Any other button while the voice speaks: stop it -> True (the press does nothing else)
    hush: Callable[[], bool] | None = None
    said: Callable[[], str | None] | None = None  # the last spoken exchange, while recent
    wake_phrase: str | None = None  # "hey jarvis" when the wake word is on, for the home screen
    # Why the box is not on the network when a person tried to set it up (a Wi-Fi file
    # that could not be used), or what became of an update (rolled back, and why), for
    # the welcome card and the home screen.
    setup_problem: Callable[[], str | None] | None = None
    # What hearth-wifi says (the card's image): while its setup network is open, the
    # board shows how to join it instead of the welcome card or the home screen.
    wifi: Callable[[], WifiStatus | None] | None = None


@dataclass(frozen=True)
class BoardParts:
    """One board, wired: what it reads and acts on, where it draws, what it listens to."""

    memory: Memory
    household: HouseholdStore
    display: Display
    buttons: Buttons
    links: BoardLinks
    min_refresh_seconds: float  # the panel's own limit (a PNG is never held back)
    cookbook: Cookbook  # recipes waiting for Keep or Discard
    walk: RecipeWalk  # the recipe being cooked; its timers go to `household`
