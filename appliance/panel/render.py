"""The board's screens, drawn with Pillow at the panel's own size and in its own inks.

Three screens: the review card (one proposal, with Keep / Discard / Next / Talk
labelled beside the physical buttons), the home screen (date, what waits, the
timers and when each rings, the shopping list, a few recent facts, the LAN
address), the ringing screen (what rings; any button stops it), on a new box the
welcome card (welcome.py), while the box has its own setup network open the Wi-Fi
card (wifi_card.py), a proposed recipe's card (recipe_card.py) and, while a recipe is
being cooked, its step (cooking_card.py). Everything
is drawn in the panel's exact palette colours with anti-aliasing off, so
quantising to the driver's palette (no dither) changes no pixel: text stays
crisp, no speckle around letters.

    image = render(ReviewCard(...), MODELS["spectra-7.3"])   # P mode, driver palette
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from appliance.panel.canvas import (
    MARGIN,
    RAIL_WIDTH,
    Canvas,
    Label,
    chip,
    ellipsize,
    fit_text,
    heading,
    notice_bar,
    rail,
    wrap,
)
from appliance.panel.cooking_card import CookingScreen, draw_cooking
from appliance.panel.panels import Palette, PanelModel
from appliance.panel.recipe_card import RecipeCard, draw_recipe_card
from appliance.panel.welcome import WelcomeCard, draw_welcome
from appliance.panel.wifi_card import WifiCard, draw_wifi

# -- what a screen shows ---------------------------------------------------------


@dataclass(frozen=True)
class ReviewCard:
    """One proposal waiting for a person's Keep or Discard."""

    text: str
    type: str
    proposed_at: dt.datetime
    conversation: str | None
    position: int  # 1-based place of this proposal in the inbox
    waiting: int  # proposals in the inbox, this one included
    kind: str = "add"  # add | retract | supersede
    target_text: str | None = None  # the live fact a correction is about
    notice: str | None = None  # one line for the person, e.g. "already kept elsewhere"
    said_no: str | None = None  # "you discarded this on 2026-11-30 (...)": it came back


@dataclass(frozen=True)
class RecentFact:
    id: str
    type: str
    text: str


@dataclass(frozen=True)
class HomeScreen:
    """What the board shows when nothing waits for review."""

    today: dt.date
    pending: int
    recent: tuple[RecentFact, ...]
    selected: int | None  # index into recent that a held Discard would doubt
    address: str  # the LAN address, or a sentence saying there is none
    notice: str | None = None
    timers: tuple[str, ...] = ()  # "Pasta — 18:42": when each rings (e-ink shows no countdown)
    shopping: tuple[str, ...] = ()  # the shopping list's items
    # "19:00 the bins": the reminders still to come today, by time (a repeating one's next)
    reminders: tuple[str, ...] = ()
    wake_phrase: str | None = None  # "hey jarvis": the footer says it wakes Hearth too


@dataclass(frozen=True)
class RingingScreen:
    """Timers and reminders ringing now; any button stops them (Keep: five more minutes)."""

    ringing: tuple[str, ...]  # "Pasta timer", "Reminder: call the dentist"
    since: str  # "18:42": when the first one rang


Screen = (
    ReviewCard | HomeScreen | RingingScreen | WelcomeCard | WifiCard | RecipeCard | CookingScreen
)


# -- the button labels each screen shows --------------------------------------------


_REVIEW_LABELS = (
    Label("KEEP", "remember it", "green"),
    Label("DISCARD", "forget it", "red"),
    Label("NEXT", "skip for now", "blue"),
    Label("TALK", "hold to speak", "black"),
)


def _home_labels(can_doubt: bool, several: bool) -> tuple[Label | None, ...]:
    return (
        None,
        Label("DOUBT", "hold 2 s", "white") if can_doubt else None,
        Label("NEXT", "next fact", "white") if several else None,
        Label("TALK", "hold to speak", "white"),
    )


def _when(moment: dt.datetime) -> str:
    return moment.strftime("%a %-d %b at %H:%M")


def _draw_review(canvas: Canvas, card: ReviewCard) -> bool:
    """Draws the card; returns whether the proposal's text had to be cut to fit."""
    w, h = canvas.model.size
    rail(canvas, _REVIEW_LABELS)
    x0, x1, rule_y = heading(canvas, "TO REVIEW", f"{card.position} of {card.waiting}")

    chip_y = rule_y + canvas.px(16)
    right = chip(canvas, x0, chip_y, card.type.upper())
    kinds = {"retract": "CORRECTION: FORGET A FACT", "supersede": "CORRECTION: REPLACE A FACT"}
    if card.kind in kinds:
        chip(canvas, right + canvas.px(10), chip_y, kinds[card.kind], fill="white", colour="red")

    footer_y = h - canvas.px(96)
    body_top = chip_y + canvas.px(44)
    if card.target_text:
        face = canvas.face("regular", 20)
        verb = "Instead of" if card.kind == "supersede" else "Forget"
        line = ellipsize(f"{verb}: “{card.target_text}”", face, x1 - x0)
        canvas.text((x0, body_top), line, "regular", 20)
        body_top += canvas.px(34)
    if card.said_no:
        face = canvas.face("bold", 20)
        line = ellipsize(card.said_no[:1].upper() + card.said_no[1:], face, x1 - x0)
        canvas.text((x0, body_top), line, "bold", 20, "red")
        body_top += canvas.px(34)
    body_bottom = footer_y - canvas.px(12)
    if card.notice:
        body_bottom -= canvas.px(44)
        notice_bar(canvas, x0, x1, body_bottom + canvas.px(6), card.notice)
    cut = fit_text(canvas, card.text, (x0, body_top, x1, body_bottom), "semibold", 54, 26)

    canvas.draw.rectangle((x0, footer_y, x1, footer_y + canvas.px(1)), fill=canvas.ink("black"))
    face = canvas.face("regular", 20)
    heard = f"Heard {_when(card.proposed_at)}"
    if card.conversation:
        heard += f" · in “{card.conversation}”"
    canvas.text((x0, footer_y + canvas.px(12)), ellipsize(heard, face, x1 - x0), "regular", 20)
    more = card.waiting - 1
    after = f"{more} more waiting" if more else "The last one waiting"
    canvas.text((x0, footer_y + canvas.px(44)), after, "bold", 22)
    return cut


@lru_cache(maxsize=16)
def shows_whole(card: ReviewCard, model: PanelModel) -> bool:
    """Whether the card shows its proposal's text in full on this panel (nothing cut).

    Cached: the board asks at every poll and press, and a card is a drawing (~50 ms).
    """
    return not _draw_review(Canvas(model), card)


def visible_rows(heights: list[float], room: float, selected: int | None) -> range:
    """The rows that fit in room, scrolled so the marked one is always among them.

    A held Discard doubts the marked fact, so it must be on the glass to be chosen.
    """
    start = 0
    if selected is not None:
        while start < selected and sum(heights[start : selected + 1]) > room:
            start += 1
    end = start
    while end < len(heights) and sum(heights[start : end + 1]) <= room:
        end += 1
    return range(start, end)


def _draw_home(canvas: Canvas, home: HomeScreen) -> None:
    w, h = canvas.model.size
    selected = home.selected if home.recent else None
    rail(canvas, _home_labels(selected is not None, len(home.recent) > 1))
    x0, x1 = canvas.px(RAIL_WIDTH + MARGIN), w - canvas.px(MARGIN)
    top = canvas.px(18)
    canvas.text((x0, top), f"{home.today:%A}", "bold", 44)
    canvas.text((x0, top + canvas.px(50)), f"{home.today:%-d %B %Y}", "regular", 28)
    status_y = top + canvas.px(100)
    if home.pending:
        waiting = f"{home.pending} waiting for review"
        chip(canvas, x0, status_y, waiting.upper(), fill="red", size=18)
    else:
        chip(canvas, x0, status_y, "NOTHING TO REVIEW", fill="green", size=18)

    list_top = _draw_household(canvas, home, x0, x1, status_y + canvas.px(52))
    canvas.draw.rectangle((x0, list_top, x1, list_top + canvas.px(2) - 1), fill=canvas.ink("black"))
    canvas.text((x0, list_top + canvas.px(10)), "RECENTLY REMEMBERED", "bold", 17)
    footer_y = h - canvas.px(50)
    y = list_top + canvas.px(40)
    bottom = footer_y - canvas.px(8)
    if home.notice:
        bottom -= canvas.px(44)
        notice_bar(canvas, x0, x1, bottom + canvas.px(4), home.notice)
    if not home.recent:
        face = canvas.face("regular", 22)
        lines, _ = wrap(
            "Nothing remembered yet. Keep a proposal here, or tell Hearth “remember that …”.",
            face,
            x1 - x0,
            3,
        )
        for number, line in enumerate(lines):
            canvas.text((x0, y + number * face.size * 1.2), line, "regular", 22)
    face = canvas.face("semibold", 24)
    line_height = face.size * 1.16
    text_x = x0 + canvas.px(18)
    rows = [wrap(fact.text, face, x1 - text_x, 2)[0] for fact in home.recent]
    heights = [len(lines) * line_height + canvas.px(10) for lines in rows]
    for number in visible_rows(heights, bottom - y, selected):
        if number == selected:
            canvas.draw.rectangle(
                (x0, round(y), x0 + canvas.px(6), round(y + heights[number] - canvas.px(10))),
                fill=canvas.ink("red"),
            )
        for line_number, line in enumerate(rows[number]):
            canvas.text((text_x, y + line_number * line_height), line, "semibold", 24)
        y += heights[number]

    canvas.draw.rectangle((x0, footer_y, x1, footer_y + canvas.px(1)), fill=canvas.ink("black"))
    face = canvas.face("regular", 20)
    footer = home.address
    if home.wake_phrase:
        footer = f"Say \u201c{home.wake_phrase}\u201d or hold Talk \u00b7 {home.address}"
    canvas.text((x0, footer_y + canvas.px(12)), ellipsize(footer, face, x1 - x0), "regular", 20)


def _draw_household(canvas: Canvas, home: HomeScreen, x0: float, x1: float, y: float) -> float:
    """Timers, today's reminders and the shopping list, one line each under the status;
    returns where they end."""
    for label, line in (
        ("TIMERS", " · ".join(home.timers)),
        ("TODAY", " · ".join(home.reminders)),
        ("SHOPPING", ", ".join(home.shopping)),
    ):
        if not line:
            continue
        canvas.text((x0, y), label, "bold", 17, "red" if label == "TIMERS" else "black")
        left = x0 + canvas.px(110)
        face = canvas.face("semibold", 22)
        canvas.text((left, y - canvas.px(3)), ellipsize(line, face, x1 - left), "semibold", 22)
        y += canvas.px(34)
    return y


_RINGING_LABELS = (
    Label("KEEP", "5 more minutes", "green"),
    Label("STOP", "stop ringing", "red"),
    Label("STOP", "stop ringing", "blue"),
    Label("STOP", "stop ringing", "black"),
)


def _draw_ringing(canvas: Canvas, screen: RingingScreen) -> None:
    w, h = canvas.model.size
    rail(canvas, _RINGING_LABELS)
    x0, x1, rule_y = heading(canvas, "RINGING", f"since {screen.since}", "red")
    first, *others = screen.ringing
    bottom = h - canvas.px(60) - canvas.px(40) * min(len(others), 3)
    fit_text(canvas, first, (x0, rule_y + canvas.px(24), x1, bottom), "bold", 64, 30)
    face = canvas.face("semibold", 26)
    for number, line in enumerate(others[:3]):
        canvas.text(
            (x0, bottom + number * canvas.px(40)), ellipsize(line, face, x1 - x0), "semibold", 26
        )
    canvas.text(
        (x0, h - canvas.px(44)),
        "Any button stops it; Keep rings again in 5 minutes.",
        "regular",
        20,
    )


def draw(screen: Screen, model: PanelModel) -> Image.Image:
    """The screen as an RGB image in the panel's exact inks (before quantising)."""
    canvas = Canvas(model)
    if isinstance(screen, ReviewCard):
        _draw_review(canvas, screen)
    elif isinstance(screen, RingingScreen):
        _draw_ringing(canvas, screen)
    elif isinstance(screen, WelcomeCard):
        draw_welcome(canvas, screen)
    elif isinstance(screen, WifiCard):
        draw_wifi(canvas, screen)
    elif isinstance(screen, RecipeCard):
        draw_recipe_card(canvas, screen)
    elif isinstance(screen, CookingScreen):
        draw_cooking(canvas, screen)
    else:
        _draw_home(canvas, screen)
    return canvas.image


def quantise(image: Image.Image, palette: Palette) -> Image.Image:
    """A P-mode image indexed in the driver's colour order, without dithering.

    Pillow 13 broke the inky drivers' own RGB path (image.im.convert(...): "empty
    palette"), so the board never hands a driver RGB: it quantises here with the
    public call and gives the driver P mode, which every supported driver takes as is.
    """
    inks = Image.new("P", (1, 1))
    inks.putpalette(palette.flat())
    return image.convert("RGB").quantize(palette=inks, dither=Image.Dither.NONE)


def render(screen: Screen, model: PanelModel) -> Image.Image:
    """The screen at the panel's size, in P mode against its driver's palette."""
    return quantise(draw(screen, model), model.palette)
