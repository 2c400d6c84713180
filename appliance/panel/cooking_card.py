"""The cooking screen: the step being cooked, large enough to read from the hob.

The recipe's title and "Step 3 of 5" on top; the step's words in the largest size
that fits; the ingredients this step names, scaled to the session; the timer the step
offers ("Keep: start 25 minute timer") or that it is running; and, at the foot, how
many proposals wait for review after cooking, so nothing waits unseen. The buttons
beside it walk the recipe (cooking.py says what each does).

    screen = CookingScreen("Nana's Flapjacks", 4, 5, "Press into the tin and bake …", ...)
    draw_cooking(Canvas(model), screen)   # -> whether anything had to be cut
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from appliance.panel.canvas import (
    MARGIN,
    RAIL_WIDTH,
    Canvas,
    Label,
    ellipsize,
    fit_text,
    notice_bar,
    rail,
    wrap,
)
from appliance.panel.panels import PanelModel

INGREDIENT_LINES = 3  # at most; the step's words have the rest of the screen


@dataclass(frozen=True)
class CookingScreen:
    """One step of the recipe being cooked, as the panel shows it."""

    title: str
    number: int  # from 1
    steps: int
    text: str  # the step's words
    ingredients: tuple[str, ...]  # the ingredients it names, scaled: "125 g butter"
    scale: str | None  # "Makes 6", "× 3/2": not the recipe as written
    timer: str | None  # "25 minutes": the timer this step offers
    timer_started: bool
    rings: str | None  # "18:42": when this step's started timer rings; None once it is over
    waiting: int  # proposals waiting for review (facts and recipes)
    notice: str | None = None

    @property
    def offers_timer(self) -> bool:
        return self.timer is not None and not self.timer_started

    @property
    def last(self) -> bool:
        return self.number >= self.steps


def timer_offer(duration: str) -> str:
    """ "Keep: start 25 minute timer" for "25 minutes" (units as a timer's size, singular)."""
    size = re.sub(r"\b(hour|minute|second)s\b", r"\1", duration)
    return f"Keep: start {size} timer"


def timer_line(screen: CookingScreen) -> str | None:
    """What the screen says of this step's timer, or None when it offers none."""
    if screen.offers_timer and screen.timer is not None:
        return timer_offer(screen.timer)
    if screen.timer_started:
        return f"Timer running: rings at {screen.rings}" if screen.rings else "Timer done"
    return None


def footer_line(screen: CookingScreen) -> str:
    review = f"{screen.waiting} to review after cooking" if screen.waiting else "Nothing to review"
    return f"{review} · hold Back 2 s to finish cooking"  # the count first: never cut


def _labels(screen: CookingScreen) -> tuple[Label, ...]:
    if screen.offers_timer:
        keep = Label("KEEP", "start timer", "green")
    elif screen.last:
        keep = Label("KEEP", "last step", "white")
    else:
        keep = Label("KEEP", "next step", "green")
    forward = Label("NEXT", "next step", "blue")
    if screen.last:
        forward = Label("NEXT", "last step", "white")
    return (
        keep,
        Label("BACK", "hold: finish", "red"),
        forward,
        Label("TALK", "hold to speak", "black"),
    )


# (the ingredients' size, the step's smallest size), tried in turn until the step fits:
# the step's words come first, then its amounts.
_SIZES = ((24, 24), (20, 24), (20, 20))


def _uses(screen: CookingScreen) -> str | None:
    """The label over the step's ingredients, with the scale the amounts are for."""
    scaled = f"SCALED: {screen.scale.upper()}" if screen.scale else None
    if not screen.ingredients:
        return scaled
    return "THIS STEP USES" + (f" · {scaled}" if scaled else "")


def _step_fits(canvas: Canvas, text: str, width: float, height: float, smallest: int) -> bool:
    face = canvas.face("semibold", smallest)
    lines = max(1, int(height // (face.size * 1.18)))
    return not wrap(text, face, width, lines)[1]


def draw_cooking(canvas: Canvas, screen: CookingScreen) -> bool:
    """Draws the screen; returns whether the step's words or its ingredients were cut."""
    w, h = canvas.model.size
    rail(canvas, _labels(screen))
    x0, x1 = canvas.px(RAIL_WIDTH + MARGIN), w - canvas.px(MARGIN)
    top = canvas.px(18)
    count = f"Step {screen.number} of {screen.steps}"
    bold = canvas.face("bold", 26)
    canvas.text((x1, top), count, "bold", 26, "red", anchor="ra")
    room = x1 - x0 - bold.getlength(count) - canvas.px(20)
    canvas.text((x0, top), ellipsize(screen.title, bold, room), "bold", 26)
    rule_y = top + canvas.px(40)
    canvas.draw.rectangle((x0, rule_y, x1, rule_y + canvas.px(2) - 1), fill=canvas.ink("black"))
    text_top = rule_y + canvas.px(16)

    footer_y = h - canvas.px(50)
    canvas.draw.rectangle((x0, footer_y, x1, footer_y + canvas.px(1)), fill=canvas.ink("black"))
    small = canvas.face("regular", 20)
    footer = ellipsize(footer_line(screen), small, x1 - x0)
    canvas.text((x0, footer_y + canvas.px(12)), footer, "regular", 20)
    bottom = footer_y - canvas.px(8)
    if screen.notice:
        bottom -= canvas.px(44)
        notice_bar(canvas, x0, x1, bottom + canvas.px(4), screen.notice)
    if (line := timer_line(screen)) is not None:
        face = canvas.face("bold", 26)
        bottom -= canvas.px(38)
        colour = "green" if screen.offers_timer else "red"
        canvas.text((x0, bottom + canvas.px(4)), ellipsize(line, face, x1 - x0), "bold", 26, colour)

    label = _uses(screen)
    gap, label_height = canvas.px(14), canvas.px(24)  # between the step and the label
    for size, smallest in _SIZES:
        face = canvas.face("semibold", size)
        line_height = face.size * 1.2
        lines, cut = wrap(" · ".join(screen.ingredients), face, x1 - x0, INGREDIENT_LINES)
        block = gap + label_height + round(len(lines) * line_height) if label else 0
        if _step_fits(canvas, screen.text, x1 - x0, bottom - block - text_top, smallest):
            break
    if label:
        bottom -= block
        uses = ellipsize(label, canvas.face("bold", 17), x1 - x0)
        canvas.text((x0, bottom + gap), uses, "bold", 17, "blue")
        for number, line in enumerate(lines):
            at = bottom + gap + label_height + number * line_height
            canvas.text((x0, at), line, "semibold", size)
    step_cut = fit_text(canvas, screen.text, (x0, text_top, x1, bottom), "semibold", 60, smallest)
    return cut or step_cut


@lru_cache(maxsize=16)
def shows_whole_step(screen: CookingScreen, model: PanelModel) -> bool:
    """Whether this panel shows the step's words and its ingredients in full."""
    return not draw_cooking(Canvas(model), screen)
