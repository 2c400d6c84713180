"""Recipes on the review board: a pasted recipe's card, and Keep or Discard on it.

A recipe waits in recipes/proposed/ (Cookbook.proposals()) and comes up on the board
after the fact proposals, in one inbox order. Keep puts it in the cookbook, Discard
tombstones it; both act only on the card the glass shows, and only while the recipe
still matches the card's digest (the tag is "recipe:<id>:<digest>"): a recipe changed
since it was shown is left alone and the redrawn card says so.

The card never shows a recipe whole (the method is not on it), so Keep rests on who
pasted it: a person who pasted it on the LAN page or at the CLI chose those words and
was shown the whole parse, and the digest holds Keep to exactly that parse. A recipe
that came any other way (chat, an MCP client, a file written by hand into
recipes/proposed/) was shown whole to nobody: its card says so, and Keep does nothing
there; Discard still works, since it keeps nothing.

    review = RecipeReview(book, address)
    card, tag = review.card(entry, position=2, waiting=3, notice=None)
    review.act(Action.KEEP, on_glass=tag)   # -> (Outcome, notice)
"""

from __future__ import annotations

import datetime as dt
import logging

from appliance.cookbook import Cookbook, RecipeFile
from appliance.errors import HearthError, NotFound
from appliance.lan import ChatAddress
from appliance.panel.buttons import Action
from appliance.panel.parts import ACTOR, GONE, Outcome, Pressed
from appliance.panel.recipe_card import RecipeCard

log = logging.getLogger(__name__)

TAG = "recipe:"
PAGE = "/recipes"  # the LAN page's list of recipes, where one is read whole
# Where a person pasted the recipe and was shown the whole parse as they did.
PASTED_BY_A_PERSON = frozenset({"web", "cli"})
UNREAD = "Nobody read it whole: Keep does nothing here."
CAME = {
    "web": "Pasted on the LAN page",
    "cli": "Added at the CLI",
    "file": "Read from a file",
    "chat": "Pasted in chat",
    "mcp": "Sent by an MCP client",
    "hand": "Written by hand",
}


def came(entry: RecipeFile) -> str:
    """ "Pasted on the LAN page on Wed 2 Dec": how and when the recipe came."""
    how = CAME.get(entry.by, f"From {entry.by}")
    try:
        day = dt.date.fromisoformat(entry.added)
    except ValueError:
        return how
    return f"{how} on {day:%a %-d %b}"


class RecipeReview:
    """The recipes waiting for review, as cards, and what Keep and Discard do to them."""

    def __init__(self, book: Cookbook, address: ChatAddress | None = None) -> None:
        self.book = book
        self.address = address

    def waiting(self) -> list[RecipeFile]:
        """The proposed recipes, oldest first."""
        return self.book.proposals()

    def card(
        self, entry: RecipeFile, position: int, waiting: int, notice: str | None
    ) -> tuple[RecipeCard, str]:
        """The card for one proposed recipe and its tag (what a press on it acts on)."""
        recipe = entry.recipe
        unread = entry.by not in PASTED_BY_A_PERSON
        card = RecipeCard(
            title=entry.title,
            serves=recipe.serves_line(),
            ingredients=tuple((i.group, i.line()) for i in recipe.ingredients),
            steps=len(recipe.steps),
            url=self.address.page_url(PAGE) if self.address is not None else "",
            came=came(entry),
            position=position,
            waiting=waiting,
            notice=notice or (UNREAD if unread else None),
        )
        tag = f"{TAG}{entry.id}:{entry.digest}" + (":unread" if unread else "")
        return card, tag

    def act(self, action: Action, on_glass: str) -> Pressed:
        """Keep or Discard (held or not) on the recipe card the glass shows."""
        shown, digest, *rest = on_glass.removeprefix(TAG).split(":")
        if action is Action.KEEP and rest == ["unread"]:
            where = self.address.page_url(PAGE) if self.address is not None else "the LAN page"
            return Outcome(
                False,
                f"recipe {shown} was shown whole to nobody, so the panel does not keep it; "
                f"read it whole at {where}",
            ), UNREAD
        try:
            if action is Action.KEEP:
                kept = self.book.keep(shown, actor=ACTOR, shown=digest)
                message = f"kept recipe {shown}: {kept.title} is in the cookbook"
            else:  # Discard, or Discard held: on a card both mean "no"
                self.book.discard(shown, actor=ACTOR, shown=digest, reason="discarded at the panel")
                message = f"discarded recipe {shown}; it will not be proposed again"
        except NotFound:
            log.info("recipe %s was settled elsewhere; skipping it", shown)
            return Outcome(True, f"recipe {shown} was already settled elsewhere; skipped"), GONE
        except HearthError as exc:  # changed since shown, refused by the guard, a file in the way
            log.warning("panel could not act on recipe %s: %s", shown, exc)
            return Outcome(False, str(exc)), str(exc)
        log.info("%s by the panel", message)
        return Outcome(True, message), None
