"""Recipes on the review board: after the fact proposals, Keep and Discard on the card read."""

from __future__ import annotations

import dataclasses

import pytest

from appliance.cookbook import Cookbook
from appliance.lan import ChatAddress
from appliance.memory import Memory
from appliance.memory.review import Tombstoned
from appliance.panel.board import GONE, Board, BoardLinks
from appliance.panel.buttons import Action
from appliance.panel.recipe_card import RecipeCard
from appliance.panel.recipe_review import UNREAD
from appliance.panel.render import HomeScreen, ReviewCard
from tests.cookbook.conftest import FLAPJACKS

HERE = BoardLinks(address=ChatAddress("0.0.0.0", 4327, addresses=lambda: ["192.0.2.7"]))


def board(memory: Memory, book: Cookbook) -> Board:
    return Board(memory, links=HERE, cookbook=book)


def test_a_pasted_recipe_comes_up_after_the_fact_proposals_in_one_order(
    memory: Memory, inbox, book: Cookbook
):
    proposed = book.propose(FLAPJACKS, "web")
    shown = board(memory, book)
    seen = []
    for _ in range(5):
        card, tag = shown.screen()
        seen.append((type(card).__name__, card.position, card.waiting))
        shown.handle(Action.NEXT, on_glass=tag)
    assert seen == [
        ("ReviewCard", 1, 4),
        ("ReviewCard", 2, 4),
        ("ReviewCard", 3, 4),
        ("RecipeCard", 4, 4),
        ("ReviewCard", 1, 4),
    ]
    for _ in range(2):  # from the second card to the fourth
        shown.handle(Action.NEXT, on_glass=None)
    card, tag = shown.screen()
    assert tag == f"recipe:{proposed.id}:{proposed.digest}"
    assert isinstance(card, RecipeCard)
    assert (card.title, card.serves, card.steps) == ("Nana's Flapjacks", "Makes 12", 5)
    assert [line for _, line in card.ingredients][:2] == ["250 g butter", "200 g golden syrup"]
    assert card.url == "http://192.0.2.7:4327/recipes"
    assert card.came == "Pasted on the LAN page on Mon 30 Nov" and card.notice is None


def test_keep_puts_the_recipe_on_the_glass_in_the_cookbook_as_the_panel(
    memory: Memory, book: Cookbook
):
    proposed = book.propose(FLAPJACKS, "web")
    shown = board(memory, book)
    _, tag = shown.screen()
    outcome = shown.handle(Action.KEEP, on_glass=tag)
    assert outcome.accepted and outcome.message.startswith(f"kept recipe {proposed.id}")
    assert [r.title for r in book.recipes()] == ["Nana's Flapjacks"] and book.proposals() == []
    entries = book.audit.entries(f"recipe:{proposed.id}")
    assert [e.actor for e in entries if e.action == "promote"] == ["panel"]
    assert isinstance(shown.screen()[0], HomeScreen)  # nothing else waits


def test_keep_while_the_panel_draws_or_on_another_card_keeps_no_recipe(
    memory: Memory, book: Cookbook
):
    fact = memory.propose("Sam is allergic to peanuts", "health")
    book.propose(FLAPJACKS, "web")
    shown = board(memory, book)
    _, fact_tag = shown.screen()
    shown.handle(Action.NEXT, on_glass=fact_tag)  # the recipe card is drawing now
    assert not shown.handle(Action.KEEP, on_glass=None).accepted  # still drawing
    # The glass still shows the fact's card: Keep keeps what was read, not the recipe.
    assert shown.handle(Action.KEEP, on_glass=fact_tag).accepted
    assert [f.id for f in memory.facts()] == [fact.id]
    assert book.recipes() == [] and len(book.proposals()) == 1
    card, tag = shown.screen()  # control: once the recipe card is on the glass, Keep keeps it
    assert isinstance(card, RecipeCard)
    assert shown.handle(Action.KEEP, on_glass=tag).accepted
    assert len(book.recipes()) == 1


def test_a_recipe_changed_since_it_was_shown_is_not_kept_and_the_card_says_so(
    memory: Memory, book: Cookbook
):
    proposed = book.propose(FLAPJACKS, "web")
    shown = board(memory, book)
    _, tag = shown.screen()  # the glass shows 250 g butter
    path = book.inbox / f"{proposed.id}.md"
    path.write_text(path.read_text().replace("250 g butter", "500 g butter"))  # behind the card
    outcome = shown.handle(Action.KEEP, on_glass=tag)
    assert not outcome.accepted and "changed since it was shown" in outcome.message
    assert book.recipes() == []
    card, tag = shown.screen()  # control: the redrawn card, once read, is kept
    assert "changed since it was shown" in (card.notice or "")
    assert card.ingredients[0] == (None, "500 g butter")
    assert shown.handle(Action.KEEP, on_glass=tag).accepted
    assert book.get(proposed.id).recipe.ingredients[0].line() == "500 g butter"


def test_discard_tombstones_the_recipe_as_the_panel(memory: Memory, book: Cookbook):
    proposed = book.propose(FLAPJACKS, "web")
    shown = board(memory, book)
    _, tag = shown.screen()
    outcome = shown.handle(Action.DISCARD, on_glass=tag)
    assert outcome.accepted and "will not be proposed again" in outcome.message
    assert book.proposals() == [] and book.recipes() == []
    entries = book.audit.entries(f"recipe:{proposed.id}")
    assert [e.actor for e in entries if e.action == "discard"] == ["panel"]
    with pytest.raises(Tombstoned):
        book.propose(FLAPJACKS, "web")


def test_a_recipe_settled_elsewhere_is_skipped_without_error(memory: Memory, book: Cookbook):
    proposed = book.propose(FLAPJACKS, "web")
    book.propose(FLAPJACKS.replace("golden syrup", "honey").replace("Nana's", "Honey"), "web")
    shown = board(memory, book)
    _, tag = shown.screen()
    book.keep(proposed.id, actor="cli", shown=proposed.digest)  # kept at the CLI meanwhile
    outcome = shown.handle(Action.DISCARD, on_glass=tag)
    assert outcome.accepted and "already settled elsewhere" in outcome.message
    assert [r.id for r in book.recipes()] == [proposed.id]  # not discarded after all
    card, _ = shown.screen()
    assert card.title == "Honey Flapjacks" and card.notice == GONE


@pytest.mark.parametrize("origin", ["chat", "mcp", "file"])
def test_a_recipe_nobody_was_shown_whole_is_not_kept_from_the_panel(
    memory: Memory, book: Cookbook, origin: str
):
    book.propose(FLAPJACKS, origin)
    shown = board(memory, book)
    card, tag = shown.screen()
    assert tag.endswith(":unread") and card.notice == UNREAD
    outcome = shown.handle(Action.KEEP, on_glass=tag)
    assert not outcome.accepted and "shown whole to nobody" in outcome.message
    assert book.recipes() == [] and len(book.proposals()) == 1
    assert shown.handle(Action.DISCARD, on_glass=tag).accepted  # saying no needs no reading
    assert book.proposals() == []


def test_a_recipe_pasted_at_the_cli_is_kept_from_the_panel(memory: Memory, book: Cookbook):
    """The positive control beside the one above: a person's own paste (web, cli) is kept."""
    book.propose(FLAPJACKS, "cli")
    shown = board(memory, book)
    card, tag = shown.screen()
    assert not tag.endswith(":unread") and card.notice is None
    assert shown.handle(Action.KEEP, on_glass=tag).accepted
    assert len(book.recipes()) == 1


def test_the_fact_cards_count_the_recipes_waiting_too(memory: Memory, book: Cookbook):
    memory.propose("Sam is allergic to peanuts", "health")
    book.propose(FLAPJACKS, "web")
    card, _ = board(memory, book).screen()
    assert isinstance(card, ReviewCard) and (card.position, card.waiting) == (1, 2)
    card, _ = Board(memory, links=HERE).screen()  # a board without the cookbook: facts only
    assert card.waiting == 1


def test_a_recipe_card_without_an_address_still_says_where_to_read_it(
    memory: Memory, book: Cookbook
):
    book.propose(FLAPJACKS, "web")
    card, _ = Board(memory, links=dataclasses.replace(HERE, address=None), cookbook=book).screen()
    assert card.url == ""
