"""The welcome card: how a household reaches a box it has told nothing yet.

A freshly flashed Hearth has no keyboard and no screen but the e-ink panel, so the
panel itself says how to start: the chat page's address on the LAN (as text and as a
QR code a phone camera opens), `hearth.local` for phones that resolve mDNS, and the
token the page asks for once. It is shown while there is nothing in memory and
nothing to review; the first fact kept or remembered replaces it with the home
screen (which still names the LAN address). The token is on the glass only while the
box is new: whoever stands at the counter could press Keep anyway.

    card = WelcomeCard.at(ChatAddress("0.0.0.0", 4327), token)   # the board decides when
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from appliance.lan import ChatAddress
from appliance.panel.canvas import MARGIN, Canvas, ellipsize, wrap
from appliance.panel.panels import PanelModel

QR_BORDER = 2  # quiet-zone modules around the code (phones read 2 reliably on a white panel)


@dataclass(frozen=True)
class WelcomeCard:
    """The first-boot screen: where the chat page is and the token it asks for."""

    url: str  # the chat page a phone opens, http://<address>:<port>/ (the QR code holds it)
    mdns_url: str  # http://hearth.local:<port>/
    token: str
    on_network: bool  # False: no LAN address yet (Wi-Fi not set up, no cable)
    local_only: bool = False  # the server listens on loopback: no phone can reach it
    problem: str | None = None  # why a Wi-Fi file the household wrote was not used

    @classmethod
    def at(cls, address: ChatAddress, token: str, problem: str | None = None) -> WelcomeCard:
        """The card for a server at `address`: its first LAN URL, else the mDNS name."""
        if address.local_only:
            here = address.local_url()
            return cls(here, here, token, on_network=False, local_only=True)
        urls, mdns = address.phone_urls(), address.mdns_url()
        if not urls:
            return cls(mdns, mdns, token, on_network=False, problem=problem)
        return cls(urls[0], mdns, token, on_network=True)


def qr_modules(text: str) -> list[list[bool]]:
    """The QR code of text as rows of dark (True) and light modules, quiet zone included."""
    import segno

    code = segno.make(text, error="m", micro=False)
    return [[bool(cell) for cell in row] for row in code.matrix_iter(border=QR_BORDER)]


def token_lines(token: str, per_line: int = 22) -> list[str]:
    """The token in lines short enough to read and type, split only between characters."""
    return [token[at : at + per_line] for at in range(0, len(token), per_line)]


def qr_box(canvas: Canvas, modules: int) -> tuple[int, int, int]:
    """Where the code goes: its left, top and module size in pixels (whole pixels, square)."""
    w, h = canvas.model.size
    side = min(h - 2 * canvas.px(24), w // 2 - canvas.px(24))
    scale = max(1, side // modules)
    size = scale * modules
    return w - canvas.px(24) - size, (h - size) // 2, scale


def drawn_qr(image: Image.Image, model: PanelModel, modules: int) -> list[list[bool]]:
    """The modules a camera would read off a drawn card: each module's centre pixel, black
    or not. The tests and the card-image test check the glass with it, not the intent."""
    left, top, scale = qr_box(Canvas(model), modules)
    rgb = image.convert("RGB")
    black = model.palette.rgb("black")
    centre = scale // 2
    return [
        [
            rgb.getpixel((left + c * scale + centre, top + r * scale + centre)) == black
            for c in range(modules)
        ]
        for r in range(modules)
    ]


def draw_qr(canvas: Canvas, text: str) -> int:
    """The QR code of `text` in the card's right-hand box; the box's left edge."""
    modules = qr_modules(text)
    left, top, scale = qr_box(canvas, len(modules))
    for row_number, row in enumerate(modules):
        for column, dark in enumerate(row):
            if dark:
                x, y = left + column * scale, top + row_number * scale
                canvas.draw.rectangle(
                    (x, y, x + scale - 1, y + scale - 1), fill=canvas.ink("black")
                )
    return left


def draw_welcome(canvas: Canvas, card: WelcomeCard) -> None:
    """Steps and the token on the left, the QR code of the chat page on the right."""
    left = draw_qr(canvas, card.url)
    x0, x1 = canvas.px(MARGIN), left - canvas.px(18)
    y = canvas.px(20)
    canvas.text((x0, y), "Hello, I'm Hearth", "bold", 40)
    y += canvas.px(58)
    if card.on_network:
        steps = ["On a phone on this Wi-Fi, scan the code, or open:"]
    elif card.local_only:
        steps = ["Hearth listens on this machine only (web_host). Here, open:"]
    else:
        steps = [
            "Not on a network yet: plug in a cable, or write hearth-wifi.txt on "
            "the card's boot partition. Then, on a phone, open:"
        ]
    face = canvas.face("regular", 22)
    for line in wrap(steps[0], face, x1 - x0, 4)[0]:
        canvas.text((x0, y), line, "regular", 22)
        y += round(face.size * 1.2)
    y += canvas.px(4)
    bold = canvas.face("bold", 26)
    for url in dict.fromkeys([card.url, card.mdns_url]):  # once when they are the same
        canvas.text((x0, y), ellipsize(url, bold, x1 - x0), "bold", 26)
        y += round(bold.size * 1.25)
    y += canvas.px(14)
    for line in wrap("Paste this token once when the page asks:", face, x1 - x0, 2)[0]:
        canvas.text((x0, y), line, "regular", 22)
        y += round(face.size * 1.2)
    y += round(face.size * 0.15)
    mono = canvas.face("semibold", 24)
    for line in token_lines(card.token):
        canvas.text((x0, y), line, "semibold", 24)
        y += round(mono.size * 1.2)
    bottom = canvas.model.size[1]
    if card.problem:  # what was wrong with the Wi-Fi file, in full, where the person looks
        small = canvas.face("bold", 19)
        lines, _ = wrap(card.problem, small, x1 - x0, 3)
        line_height = round(small.size * 1.2)
        y = bottom - canvas.px(16) - line_height * len(lines)
        for line in lines:
            canvas.text((x0, y), line, "bold", 19, "red")
            y += line_height
        return
    canvas.text(
        (x0, bottom - canvas.px(40)),
        ellipsize("Shown until Hearth remembers a fact.", face, x1 - x0),
        "regular",
        20,
    )
