"""The recipe card: a pasted recipe waiting for Keep or Discard, as much of it as fits.

A recipe is longer than any card: the card shows its title, how many it serves, how
many ingredients and steps it has, as many ingredient lines as fit (the rest counted:
"+ 4 more ingredients"), and where the whole recipe is read (the LAN page's
/recipes). The method is never on the card. Whether Keep may act on a card that does
not show everything is the board's rule (recipe_review.py), not the drawing's.

    card = RecipeCard("Nana's Flapjacks", "Makes 12", ((None, "250 g butter"), ...), ...)
    draw_recipe_card(Canvas(model), card)   # -> how many ingredient lines it showed
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import groupby

from appliance.panel.canvas import (
    Canvas,
    Label,
    chip,
    ellipsize,
    heading,
    notice_bar,
    rail,
    wrap,
)
from appliance.panel.panels import PanelModel


@dataclass(frozen=True)
class RecipeCard:
    """One proposed recipe, in the inbox's order with the fact proposals."""

    title: str
    serves: str | None  # "Makes 12", "Serves 4"; None when the recipe does not say
    ingredients: tuple[tuple[str | None, str], ...]  # (its group heading or None, the line)
    steps: int
    url: str  # where the whole recipe is read: http://192.0.2.7:4327/recipes
    came: str  # "Pasted on the LAN page on Wed 2 Dec"
    position: int  # 1-based place in the inbox (fact proposals first)
    waiting: int  # everything waiting for review, this one included
    notice: str | None = None


_LABELS = (
    Label("KEEP", "add to cookbook", "green"),
    Label("DISCARD", "forget it", "red"),
    Label("NEXT", "skip for now", "blue"),
    Label("TALK", "hold to speak", "black"),
)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary(card: RecipeCard) -> str:
    """ "Makes 12 · 5 ingredients · 5 steps": what the card says of the recipe's size."""
    parts = [card.serves] if card.serves else []
    parts += [_plural(len(card.ingredients), "ingredient"), _plural(card.steps, "step")]
    return " · ".join(parts)


def _rows(card: RecipeCard) -> list[tuple[str, str]]:
    """The ingredient list as drawn rows: ("group", "For the topping") or ("item", line)."""
    rows: list[tuple[str, str]] = []
    for group, run in groupby(card.ingredients, lambda pair: pair[0]):
        rows += [("group", group)] if group else []
        rows += [("item", line) for _, line in run]
    return rows


def _title(canvas: Canvas, title: str, x0: float, x1: float, y: float) -> float:
    """The title in the largest size that fits two lines (cut only at the smallest);
    returns where it ends."""
    size = 42.0
    while True:
        face = canvas.face("bold", size)
        lines, cut = wrap(title, face, x1 - x0, 2)
        if not cut or size <= 28:
            break
        size -= 2
    line_height = face.size * 1.15
    for number, line in enumerate(lines):
        canvas.text((x0, y + number * line_height), line, "bold", size)
    return y + len(lines) * line_height


def draw_recipe_card(canvas: Canvas, card: RecipeCard) -> int:
    """Draws the card; returns how many of the recipe's ingredient lines it shows."""
    w, h = canvas.model.size
    rail(canvas, _LABELS)
    x0, x1, rule_y = heading(canvas, "RECIPE TO REVIEW", f"{card.position} of {card.waiting}")

    title_bottom = _title(canvas, card.title, x0, x1, rule_y + canvas.px(12))
    meta_y = title_bottom + canvas.px(6)
    right = chip(canvas, x0, meta_y, "RECIPE")
    face = canvas.face("semibold", 22)
    left = right + canvas.px(12)
    canvas.text((left, meta_y), ellipsize(summary(card), face, x1 - left), "semibold", 22)

    footer_y = h - canvas.px(84)
    bottom = footer_y - canvas.px(8)
    if card.notice:
        bottom -= canvas.px(44)
        notice_bar(canvas, x0, x1, bottom + canvas.px(6), card.notice)
    shown = _ingredients(canvas, card, x0, x1, meta_y + canvas.px(40), bottom)

    canvas.draw.rectangle((x0, footer_y, x1, footer_y + canvas.px(1)), fill=canvas.ink("black"))
    where = f"Read it whole: {card.url}" if card.url else "Read it whole on the LAN page"
    bold = canvas.face("bold", 21)
    canvas.text((x0, footer_y + canvas.px(10)), ellipsize(where, bold, x1 - x0), "bold", 21)
    more = card.waiting - 1
    after = f"{more} more waiting" if more else "The last one waiting"
    line = ellipsize(f"{card.came} · {after}", canvas.face("regular", 20), x1 - x0)
    canvas.text((x0, footer_y + canvas.px(44)), line, "regular", 20)
    return shown


def _ingredients(
    canvas: Canvas, card: RecipeCard, x0: float, x1: float, y: float, bottom: float
) -> int:
    """As many ingredient rows as fit between y and bottom; the rest counted on the last."""
    face = canvas.face("regular", 22)
    line_height = face.size * 1.22
    rows = _rows(card)
    room = max(0, int((bottom - y) // line_height))
    if len(rows) > room:
        rows = rows[: max(0, room - 1)]
        while rows and rows[-1][0] == "group":  # a heading with none of its lines under it
            rows.pop()
    shown = sum(1 for kind, _ in rows if kind == "item")
    text_x = x0 + canvas.px(16)
    for number, (kind, text) in enumerate(rows):
        at = y + number * line_height
        if kind == "group":
            heading = ellipsize(text.rstrip(":").upper(), canvas.face("bold", 17), x1 - x0)
            canvas.text((x0, at + canvas.px(4)), heading, "bold", 17, "red")
            continue
        dot = canvas.px(3)
        middle = at + face.size * 0.62
        canvas.draw.ellipse(
            (x0 + dot, middle - dot, x0 + 3 * dot, middle + dot), fill=canvas.ink("black")
        )
        canvas.text((text_x, at), ellipsize(text, face, x1 - text_x), "regular", 22)
    left_out = len(card.ingredients) - shown
    if left_out and room:
        more = f"+ {_plural(left_out, 'more ingredient')}"
        at = y + len(rows) * line_height
        canvas.text((x0, at), ellipsize(more, face, x1 - x0), "semibold", 22)
    return shown


@lru_cache(maxsize=16)
def ingredients_shown(card: RecipeCard, model: PanelModel) -> int:
    """How many of the card's ingredient lines this panel shows (the rest are counted)."""
    return draw_recipe_card(Canvas(model), card)
