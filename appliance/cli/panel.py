"""`hearth panel`: the board as a service, a laptop simulator, or one PNG.

    hearth panel              the service: the Inky panel (or board.png) and its buttons
    hearth panel --simulate   draw to board.png; single keys on stdin are the buttons
    hearth panel --once       draw the current screen to a PNG and exit

Pillow, inky, gpiozero and evdev are imported inside the handlers, never at parse time.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from appliance.cli.common import Commands, out
from appliance.cli.process import stop_signals
from appliance.cli.running import brain_port
from appliance.composition import board_parts, png_display
from appliance.config import Settings
from appliance.lan import ChatAddress
from appliance.service.systemd import Heartbeat, ServiceManager, Watchdog

if TYPE_CHECKING:
    from appliance.panel.cooking_card import CookingScreen
    from appliance.panel.parts import BoardParts, Outcome
    from appliance.panel.recipe_card import RecipeCard
    from appliance.panel.render import Screen

log = logging.getLogger(__name__)


def register(top: Commands) -> None:
    sub = top.add_parser(
        "panel",
        help="the e-ink review board and its buttons",
        description="Draw the review board on the Inky panel (or board.png) and read the "
        "buttons: Keep, Discard, Next, Talk.",
    )
    mode = sub.add_mutually_exclusive_group()
    mode.add_argument(
        "--simulate",
        action="store_true",
        help="draw to board.png and read single keys from stdin: k = Keep, "
        "d = Discard, n = Next, D = held Discard (doubt; while cooking: finish), "
        "t = tap Talk, q = quit",
    )
    mode.add_argument(
        "--once", action="store_true", help="draw the current screen to a PNG and exit"
    )
    sub.add_argument(
        "--out", type=Path, help="the PNG to write (default: board.png in the data dir)"
    )
    sub.add_argument(
        "--model",
        help="draw at this panel's size and inks (default: the "
        "panel_model setting, or spectra-7.3 without a panel)",
    )
    sub.set_defaults(handler=panel)


def describe(screen: Screen) -> str:
    """One line saying what the board shows, for a person at a terminal."""
    from appliance.panel.cooking_card import CookingScreen
    from appliance.panel.recipe_card import RecipeCard
    from appliance.panel.render import ReviewCard, RingingScreen
    from appliance.panel.welcome import WelcomeCard
    from appliance.panel.wifi_card import WifiCard

    if isinstance(screen, WelcomeCard):
        where = "" if screen.on_network else " (not on a network yet)"
        return f"[welcome] a phone opens {screen.url}{where}; the page asks for the token once"
    if isinstance(screen, WifiCard):
        note = f"\n  notice: {screen.note}" if screen.note else ""
        return (
            f"[wi-fi setup] a phone joins {screen.ssid!r} (the password is on the card) "
            f"and opens {screen.url}{note}"
        )
    if isinstance(screen, CookingScreen):
        line = describe_cooking(screen)
    elif isinstance(screen, RingingScreen):
        line = f"[ringing since {screen.since}] {'; '.join(screen.ringing)}"
    elif isinstance(screen, ReviewCard):
        when = screen.proposed_at.strftime("%a %-d %b %H:%M")
        line = (
            f"[card {screen.position} of {screen.waiting}] {screen.type}: {screen.text}"
            f"  (heard {when}{f', in {screen.conversation}' if screen.conversation else ''})"
        )
    elif isinstance(screen, RecipeCard):
        line = describe_recipe(screen)
    else:
        marked = (
            f"; marked: {screen.recent[screen.selected].text}"
            if screen.selected is not None and screen.recent
            else ""
        )
        line = f"[home] {screen.today:%A %-d %B}: nothing to review{marked}"
        if screen.timers:
            line += f"\n  timers: {' · '.join(screen.timers)}"
        if screen.shopping:
            line += f"\n  shopping: {', '.join(screen.shopping)}"
    if not isinstance(screen, RingingScreen) and screen.notice:
        line += f"\n  notice: {screen.notice}"
    return line


def describe_recipe(card: RecipeCard) -> str:
    from appliance.panel.recipe_card import summary

    shown = f"; read it whole at {card.url}" if card.url else ""
    return (
        f"[recipe {card.position} of {card.waiting}] {card.title}: {summary(card)}"
        f"  ({card.came}{shown})"
    )


def describe_cooking(screen: CookingScreen) -> str:
    from appliance.panel.cooking_card import footer_line, timer_line

    line = f"[cooking] {screen.title}, step {screen.number} of {screen.steps}: {screen.text}"
    if screen.scale:
        line += f"\n  scaled: {screen.scale}"
    if screen.ingredients:
        line += f"\n  this step uses: {' · '.join(screen.ingredients)}"
    if (timer := timer_line(screen)) is not None:
        line += f"\n  {timer}"
    return line + f"\n  {footer_line(screen)}"


def panel(args: argparse.Namespace, settings: Settings) -> int:
    if args.once:
        return _once(args, settings)
    if args.simulate:
        return _simulate(args, settings)
    return _service(args, settings)


def _display(args: argparse.Namespace, settings: Settings):  # -> PngDisplay
    return png_display(settings, model=args.model, out=args.out)


def first_screen(parts: BoardParts) -> Screen:
    """What the board draws first, as every way in draws it (the service included)."""
    from appliance.panel.board import Board

    return Board.of(parts).screen()[0]


def _served_at(settings: Settings) -> ChatAddress:
    """Where the board says the chat page is: the port the Hearth running here on this
    data dir listens on (`hearth run --port N` beside `hearth panel --simulate`), else the
    web settings."""
    return ChatAddress(settings.web_host, brain_port(settings))


def _once(args: argparse.Namespace, settings: Settings) -> int:
    from appliance.panel.buttons import ButtonGroup
    from appliance.panel.render import render

    display = _display(args, settings)
    with board_parts(
        settings, display=display, buttons=ButtonGroup([]), address=_served_at(settings)
    ) as parts:
        screen = first_screen(parts)
    display.show(render(screen, display.model))
    out(describe(screen))
    print(
        f"wrote {display.path} ({display.model.width}x{display.model.height}, "
        f"{display.model.title})"
    )
    return 0


@contextlib.contextmanager
def _single_keys() -> Iterator[None]:
    """A terminal's stdin without line buffering or echo, restored afterwards."""
    if not sys.stdin.isatty():
        yield
        return
    import termios
    import tty

    saved = termios.tcgetattr(sys.stdin)
    try:
        tty.setcbreak(sys.stdin)
        yield
    finally:
        termios.tcsetattr(sys.stdin, termios.TCSADRAIN, saved)


def _simulate(args: argparse.Namespace, settings: Settings) -> int:
    from appliance.panel.board import run_board
    from appliance.panel.buttons import KeyStream
    from appliance.panel.parts import Outcome

    display = _display(args, settings)
    stop = threading.Event()

    def show(event: Screen | Outcome) -> None:
        if isinstance(event, Outcome):
            out(f"  {'->' if event.accepted else '!!'} {event.message}")
        else:
            out(describe(event))

    print(
        f"hearth panel --simulate: drawing to {display.path} ({display.model.title}, "
        f"{display.model.width}x{display.model.height})"
    )
    print(
        "keys: k = Keep, d = Discard, n = Next, D = held Discard (doubt), t = tap Talk, q = quit",
        flush=True,
    )
    keys = KeyStream(sys.stdin, on_quit=stop.set)
    with (
        board_parts(settings, display=display, buttons=keys, address=_served_at(settings)) as parts,
        _single_keys(),
    ):
        run_board(parts, stop, on_event=show)
    return 0


def _service(args: argparse.Namespace, settings: Settings) -> int:
    display = _display(args, settings) if args.out or args.model else None
    stop = threading.Event()
    with stop_signals(lambda *_: stop.set()):
        return panel_service(settings, stop, display=display)


def panel_service(
    settings: Settings,
    stop: threading.Event,
    *,
    display=None,  # Display | None: the configured panel, or board.png
    buttons=None,  # Buttons | None: the panel's GPIO and the keypad
    manager: ServiceManager | None = None,
    say: Callable[[str], None] = print,
) -> int:
    """`hearth panel`: the board on its display and buttons until `stop` is set.

    READY=1 once the loop has turned, and watchdog pings while it keeps turning.
    """
    from appliance.panel.board import run_board

    manager = manager or ServiceManager()
    # The board loop turns every fraction of a second; a glass refresh runs on its own
    # thread, so a minute without a turn means the loop itself is stuck.
    beat = Heartbeat(within=60)
    watchdog = Watchdog(manager, [beat.fresh])
    first = threading.Event()
    with board_parts(
        settings, display=display, buttons=buttons, address=_served_at(settings)
    ) as parts:
        say(f"hearth panel: drawing to {parts.display.describe()}")

        def turned() -> None:
            beat.beat()
            if not first.is_set():
                first.set()
                manager.ready(f"drawing to {parts.display.describe()}")
                watchdog.start()

        try:
            run_board(parts, stop, on_turn=turned)
        finally:
            watchdog.stop()  # no ping after STOPPING
            manager.stopping()
    return 0
