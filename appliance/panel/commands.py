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
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from appliance.config import Settings
from appliance.memory import Memory

if TYPE_CHECKING:
    from appliance.panel.board import Outcome
    from appliance.panel.render import Screen

log = logging.getLogger(__name__)


def register(top: argparse._SubParsersAction) -> None:
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
        "d = Discard, n = Next, D = held Discard (doubt), t = tap Talk, "
        "q = quit",
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


def _png_display(args: argparse.Namespace, settings: Settings):  # -> PngDisplay
    from appliance.panel.display import BOARD_FILE, PngDisplay
    from appliance.panel.panels import DEFAULT_MODEL, model_named

    key = args.model or (
        settings.panel_model if settings.panel_model not in ("auto", "png") else DEFAULT_MODEL
    )
    out = args.out or Path(settings.data_dir) / BOARD_FILE
    return PngDisplay(out, model_named(key))


def describe(screen: Screen) -> str:
    """One line saying what the board shows, for a person at a terminal."""
    from appliance.panel.render import ReviewCard, RingingScreen

    if isinstance(screen, RingingScreen):
        line = f"[ringing since {screen.since}] {'; '.join(screen.ringing)}"
    elif isinstance(screen, ReviewCard):
        when = screen.proposed_at.strftime("%a %-d %b %H:%M")
        line = (
            f"[card {screen.position} of {screen.waiting}] {screen.type}: {screen.text}"
            f"  (heard {when}{f', in {screen.conversation}' if screen.conversation else ''})"
        )
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
    if screen.notice:
        line += f"\n  notice: {screen.notice}"
    return line


def panel(args: argparse.Namespace, settings: Settings) -> int:
    if args.once:
        return _once(args, settings)
    if args.simulate:
        return _simulate(args, settings)
    return _service(args, settings)


def _once(args: argparse.Namespace, settings: Settings) -> int:
    from appliance.composition import last_exchange
    from appliance.household import HouseholdStore
    from appliance.panel.board import Board
    from appliance.panel.render import render

    display = _png_display(args, settings)
    with Memory.open(settings) as memory, HouseholdStore.open(settings.data_dir) as household:
        screen, _ = Board(memory, household=household, said=last_exchange(settings)).screen()
    display.show(render(screen, display.model))
    print(describe(screen))
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
    from appliance.panel.board import Outcome, run_board
    from appliance.panel.buttons import KeyStream

    display = _png_display(args, settings)
    stop = threading.Event()

    def show(event: Screen | Outcome) -> None:
        if isinstance(event, Outcome):
            print(f"  {'->' if event.accepted else '!!'} {event.message}", flush=True)
        else:
            print(describe(event), flush=True)

    print(
        f"hearth panel --simulate: drawing to {display.path} ({display.model.title}, "
        f"{display.model.width}x{display.model.height})"
    )
    print(
        "keys: k = Keep, d = Discard, n = Next, D = held Discard (doubt), t = tap Talk, q = quit",
        flush=True,
    )
    from appliance.composition import last_exchange, talk_sender

    keys = KeyStream(sys.stdin, on_quit=stop.set)
    with Memory.open(settings) as memory, _single_keys():
        run_board(
            settings,
            memory,
            display,
            keys,
            stop,
            on_event=show,
            on_talk=talk_sender(settings),
            said=last_exchange(settings),
        )
    return 0


def _service(args: argparse.Namespace, settings: Settings) -> int:
    from appliance.composition import panel_service
    from appliance.panel.buttons import open_buttons
    from appliance.panel.display import open_display

    display = _png_display(args, settings) if args.out or args.model else open_display(settings)
    buttons = open_buttons(settings, display.model.layout, with_gpio=display.is_panel)
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    print(f"hearth panel: drawing to {display.describe()}", flush=True)
    panel_service(settings, display, buttons, stop)
    return 0
