"""Drawing primitives for the board's screens: the font, text that fits, the button rail.

Every screen (render.py, welcome.py) draws on a `Canvas`: an RGB image in the panel's
own inks with anti-aliasing off, scaled from the 800x480 design, so quantising to the
driver's palette changes no pixel.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from appliance.errors import ConfigError
from appliance.panel.panels import Palette, PanelModel

ELLIPSIS = "…"
# The design is drawn for 800x480 and scaled by the smaller of the two ratios.
BASE_SIZE = (800, 480)


# -- fonts and text --------------------------------------------------------------


@lru_cache(maxsize=64)
def font(weight: str, size: int) -> ImageFont.FreeTypeFont:
    """Source Sans Pro from its PyPI package, never a system path (regular/semibold/bold)."""
    try:
        import font_source_sans_pro
    except ImportError:
        raise ConfigError(
            "the panel's font is missing; install the panel extra: pip install -e '.[panel]'"
        ) from None
    name = {
        "regular": "SourceSansPro",
        "semibold": "SourceSansProSemibold",
        "bold": "SourceSansProBold",
    }[weight]
    return ImageFont.truetype(font_source_sans_pro.font_files_ttf[name], max(8, size))


def ellipsize(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """The text as it is if it fits width, else cut and ended with an ellipsis."""
    return text if face.getlength(text) <= width else _cut(text, face, width)


def _cut(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """Text shortened to end in an ellipsis within width, on a whole word when that costs little."""
    whole = cut = text.rstrip(" ,.;:")
    while cut and face.getlength(cut + ELLIPSIS) > width:
        cut = cut[:-1].rstrip(" ,.;:")
    head = cut.rsplit(" ", 1)
    mid_word = cut != whole and not whole[len(cut)].isspace()
    if mid_word and len(head) == 2 and len(head[0]) >= 0.6 * len(cut):
        cut = head[0].rstrip(" ,.;:")
    return cut + ELLIPSIS


def wrap(
    text: str, face: ImageFont.FreeTypeFont, width: float, max_lines: int
) -> tuple[list[str], bool]:
    """Greedy word wrap; returns (lines, cut). A cut text ends its last line with an ellipsis."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        while face.getlength(word) > width:  # a word wider than the line: break it
            head = word
            while len(head) > 1 and face.getlength(head + "-") > width:
                head = head[:-1]
            if current:
                lines.append(current)
                current = ""
            lines.append(head + "-")
            word = word[len(head) :]
        candidate = f"{current} {word}" if current else word
        if face.getlength(candidate) <= width:
            current = candidate
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    if len(lines) <= max_lines:
        return lines, False
    kept = lines[:max_lines]
    kept[-1] = _cut(kept[-1], face, width)
    return kept, True


# -- drawing ---------------------------------------------------------------------


class Canvas:
    """An RGB image in the panel's inks, with anti-aliasing off, and the design scale."""

    def __init__(self, model: PanelModel) -> None:
        self.model = model
        self.palette: Palette = model.palette
        self.image = Image.new("RGB", model.size, self.palette.rgb("white"))
        self.draw = ImageDraw.Draw(self.image)
        self.draw.fontmode = "1"  # no anti-aliased edges: crisp after quantising
        # Scale the 800x480 design; never below 0.88, so the 600-wide panels keep
        # legible labels (their layout has the room: everything below is relative).
        self.k = max(0.88, min(model.width / BASE_SIZE[0], model.height / BASE_SIZE[1]))

    def px(self, value: float) -> int:
        return max(1, round(value * self.k))

    def ink(self, name: str) -> tuple[int, int, int]:
        return self.palette.rgb(name)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        weight: str,
        size: float,
        colour: str = "black",
        anchor: str = "la",
    ) -> None:
        self.draw.text(
            xy, text, font=font(weight, self.px(size)), fill=self.ink(colour), anchor=anchor
        )

    def face(self, weight: str, size: float) -> ImageFont.FreeTypeFont:
        return font(weight, self.px(size))


@dataclass(frozen=True)
class Label:
    word: str
    hint: str
    fill: str  # ink of the tile; "white" draws an outlined tile
    text: str = "white"


RAIL_WIDTH = 150  # design pixels; the labels sit beside buttons A-D on the left edge
MARGIN = 26


def rail(canvas: Canvas, labels: tuple[Label | None, ...]) -> None:
    """One tile per button, centred on the button: A-D run top to bottom down the left edge."""
    h = canvas.model.height
    width = canvas.px(RAIL_WIDTH)
    gap = canvas.px(5)
    radius = canvas.px(14)
    for slot, label in enumerate(labels):
        top, bottom = slot * h / 4 + gap, (slot + 1) * h / 4 - gap
        box = (0, round(top), width, round(bottom))
        if label is None:
            continue
        if label.fill == "white":
            canvas.draw.rounded_rectangle(
                box,
                radius,
                outline=canvas.ink("black"),
                width=canvas.px(2),
                corners=(False, True, True, False),
            )
            colour = "black"
        else:
            canvas.draw.rounded_rectangle(
                box, radius, fill=canvas.ink(label.fill), corners=(False, True, True, False)
            )
            colour = label.text
        middle = (top + bottom) / 2
        word_face = canvas.face("bold", 30)
        word_size = 30.0
        while word_face.getlength(label.word) > width - canvas.px(16) and word_size > 16:
            word_size -= 1
            word_face = canvas.face("bold", word_size)
        canvas.text(
            (width / 2, middle - canvas.px(4)), label.word, "bold", word_size, colour, anchor="ms"
        )
        hint_face = canvas.face("semibold", 17)
        hint = ellipsize(label.hint, hint_face, width - canvas.px(12))
        canvas.text((width / 2, middle + canvas.px(6)), hint, "semibold", 17, colour, anchor="mt")


def heading(
    canvas: Canvas, left: str, right: str, ink: str = "black"
) -> tuple[float, float, float]:
    """A screen's head beside the rail: `left` and `right` over a rule (`ink` colours the
    left words and the rule). Returns the text's left and right edges and the rule's y."""
    x0, x1 = canvas.px(RAIL_WIDTH + MARGIN), canvas.model.size[0] - canvas.px(MARGIN)
    top = canvas.px(20)
    canvas.text((x0, top), left, "bold", 21, ink)
    canvas.text((x1, top), right, "bold", 21, anchor="ra")
    rule_y = top + canvas.px(36)
    canvas.draw.rectangle((x0, rule_y, x1, rule_y + canvas.px(2) - 1), fill=canvas.ink(ink))
    return x0, x1, rule_y


def chip(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    fill: str = "black",
    colour: str = "white",
    size: float = 17,
) -> float:
    """A rounded label (a fact's type); returns its right edge."""
    face = canvas.face("bold", size)
    pad_x, pad_y = canvas.px(10), canvas.px(4)
    width = face.getlength(text)
    ascent, descent = face.getmetrics()
    box = (round(x), round(y), round(x + width + 2 * pad_x), round(y + ascent + descent + pad_y))
    canvas.draw.rounded_rectangle(box, canvas.px(8), fill=canvas.ink(fill))
    canvas.text((x + pad_x, y + pad_y / 2), text, "bold", size, colour)
    return box[2]


def fit_text(
    canvas: Canvas,
    text: str,
    box: tuple[float, float, float, float],
    weight: str,
    largest: float,
    smallest: float,
) -> bool:
    """The largest size (design px) at which text fits box; at the smallest, cut with '…'.

    Returns whether the text had to be cut.
    """
    x0, y0, x1, y1 = box
    size = largest
    while True:
        face = canvas.face(weight, size)
        line_height = face.size * 1.18
        max_lines = max(1, int((y1 - y0) // line_height))
        lines, cut = wrap(text, face, x1 - x0, max_lines)
        if not cut or size <= smallest:
            break
        size = max(smallest, size - 2)
    for number, line in enumerate(lines):
        canvas.text((x0, y0 + number * line_height), line, weight, size)
    return cut


def notice_bar(canvas: Canvas, x0: float, x1: float, y: float, text: str) -> None:
    face = canvas.face("bold", 19)
    height = canvas.px(34)
    canvas.draw.rounded_rectangle(
        (round(x0), round(y), round(x1), round(y + height)), canvas.px(8), fill=canvas.ink("red")
    )
    line = ellipsize(text, face, x1 - x0 - canvas.px(24))
    canvas.text((x0 + canvas.px(12), y + height / 2), line, "bold", 19, "white", anchor="lm")
