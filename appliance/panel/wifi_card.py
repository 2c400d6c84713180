"""The Wi-Fi setup card: how a household puts a box with no network on its Wi-Fi.

While hearth-wifi has the box's own setup network open, the panel shows its name and
password, a QR code a phone camera reads to join it (`WIFI:T:WPA;S:…;P:…;;`), the setup
page's address on it, and the token the page asks for once (the same token the welcome
card shows: whoever stands at the counter can read the password off the glass anyway).
Below, in red, what became of the last try ("… did not accept that password"), or why
hearth-wifi.txt was not used.

    card = WifiCard.of(status, port=4327, token=token, problem=None)   # None: not setting up
"""

from __future__ import annotations

from dataclasses import dataclass

from appliance.panel.canvas import MARGIN, Canvas, ellipsize, wrap
from appliance.panel.welcome import draw_qr, token_lines
from appliance.wifi.access_point import AccessPoint
from appliance.wifi.scan import shown
from appliance.wifi.status import JOINING, WifiStatus

PAGE = "/wifi"


@dataclass(frozen=True)
class WifiCard:
    ssid: str  # the setup network's
    password: str
    url: str  # the setup page on it: http://10.42.0.1:4327/wifi
    token: str | None
    note: str | None = None  # red: trying a network, how the last try went, a file's problem

    @classmethod
    def of(
        cls, status: WifiStatus | None, port: int, token: str | None, problem: str | None = None
    ) -> WifiCard | None:
        """The card for what hearth-wifi says, or None when the setup network is not open."""
        if status is None or not status.setting_up or status.access_point is None:
            return None
        ap = status.access_point
        note = problem
        if status.problem:
            note = status.problem
        if status.result is not None and not status.result.ok:
            note = status.result.message
        if status.mode == JOINING and status.joining is not None:
            note = f"Trying '{shown(status.joining)}'… this network is off for up to a minute."
        return cls(ap.ssid, ap.password, f"http://{ap.address}:{port}{PAGE}", token, note)

    def qr_text(self) -> str:
        return AccessPoint(self.ssid, self.password).qr_text()


def draw_wifi(canvas: Canvas, card: WifiCard) -> None:
    """The steps on the left, the QR code that joins the setup network on the right."""
    left = draw_qr(canvas, card.qr_text())
    x0, x1 = canvas.px(MARGIN), left - canvas.px(18)
    width = x1 - x0
    y = canvas.px(16)
    canvas.text(
        (x0, y), ellipsize("Set up Hearth's Wi-Fi", canvas.face("bold", 34), width), "bold", 34
    )
    y += canvas.px(50)
    y = _lines(canvas, "1. On a phone, scan the code, or join this Wi-Fi:", x0, y, width, 21)
    for label, value in (("Network", card.ssid), ("Password", card.password)):
        face = canvas.face("bold", 27)
        canvas.text((x0, y), label, "regular", 19, "blue")
        canvas.text(
            (x0 + canvas.px(92), y - canvas.px(5)),
            ellipsize(value, face, width - canvas.px(92)),
            "bold",
            27,
        )
        y += canvas.px(34)
    y += canvas.px(8)
    y = _lines(canvas, "2. Open this page and choose your Wi-Fi:", x0, y, width, 21)
    url_face = canvas.face("bold", 24)
    canvas.text((x0, y), ellipsize(card.url, url_face, width), "bold", 24)
    y += canvas.px(34)
    if card.token:
        y = _lines(canvas, "3. Type this token once when it asks:", x0, y, width, 21)
        for line in token_lines(card.token):
            canvas.text((x0, y), line, "semibold", 22)
            y += canvas.px(26)
    bottom = canvas.model.size[1]
    note = card.note or "Or write hearth-wifi.txt on the card's boot partition."
    colour = "red" if card.note else "black"
    small = canvas.face("bold" if card.note else "regular", 18)
    lines, _ = wrap(note, small, width, 3)
    line_height = round(small.size * 1.2)
    y = max(y + canvas.px(4), bottom - canvas.px(12) - line_height * len(lines))
    for line in lines:
        canvas.text((x0, y), line, "bold" if card.note else "regular", 18, colour)
        y += line_height


def _lines(canvas: Canvas, text: str, x0: int, y: int, width: int, size: int) -> int:
    face = canvas.face("regular", size)
    for line in wrap(text, face, width, 3)[0]:
        canvas.text((x0, y), line, "regular", size)
        y += round(face.size * 1.2)
    return y
