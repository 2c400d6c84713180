"""`hearth …`: the entry layer. One module per process, and one per group of commands.

    run, serve, token   serve.py      the brain's process (and, for a laptop, all of them)
    panel               panel.py      the board: the service, --simulate, --once
    scheduler           scheduler.py  timers and reminders ring from here
    voice               voice.py      Talk, speech to text, the reply spoken
    wyoming             wyoming.py    Home Assistant and satellites over Wyoming
    memory, inbox,      memory.py     the household's facts, the review inbox, the audit
      review, audit
    reindex             reindex.py
    recipes             recipes.py    the cookbook: list, show, add, keep, discard, remove
    timers, reminders,  household.py
      shopping
    chat, model         chat.py
    backup, restore     backup.py
    doctor              doctor.py
    mcp                 mcp.py        the operator's MCP server on stdio (an MCP client runs it)
    update              update.py     a signed bundle into the other root slot (the card)
    wifi                wifi.py       what hearth-wifi (the card's root service) is doing; join

Each process asks appliance/composition.py for its parts and runs them; no domain
package imports this one or the composition (tests/test_layering.py checks it).
A person's mistake (unknown id, unknown type, refused text, bad settings) prints one
line and exits 1; a traceback means a bug in Hearth.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence

from appliance.cli import (
    backup,
    chat,
    doctor,
    household,
    mcp,
    memory,
    panel,
    recipes,
    reindex,
    scheduler,
    serve,
    update,
    voice,
    wifi,
    wyoming,
)
from appliance.cli.running import other_data_dir_note
from appliance.config import load_settings
from appliance.errors import HearthError
from appliance.terminal import printable

# Processes that run until stopped; the rest are commands a person types.
SERVICES = ("serve", "run", "panel", "scheduler", "voice", "wyoming", "mcp")
GROUPS = (
    serve,
    panel,
    scheduler,
    voice,
    wyoming,
    chat,
    memory,
    reindex,
    household,
    recipes,
    backup,
    doctor,
    mcp,
    update,
    wifi,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hearth", description="Hearth, the kitchen memory.")
    parser.add_argument("-v", "--verbose", action="store_true", help="log what happens")
    top = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for group in GROUPS:
        group.register(top)
    return parser


def _configure_logging(verbose: bool) -> None:
    under_systemd = "JOURNAL_STREAM" in os.environ or "INVOCATION_ID" in os.environ
    fmt = (
        "%(levelname)s %(name)s: %(message)s"
        if under_systemd
        else "%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, format=fmt)


def _one_shot(args: argparse.Namespace) -> bool:
    """`hearth voice --wav` and `--simulate` are a person trying Hearth, not the service:
    they get the other-data-dir note too (a new user's trial met "it refused my key")."""
    return args.command == "voice" and bool(getattr(args, "wav", None) or args.simulate)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    _configure_logging(args.verbose)
    try:
        settings = load_settings()
        if sys.stderr.isatty() and (args.command not in SERVICES or _one_shot(args)):
            note = other_data_dir_note(settings.data_dir)
            if note is not None:
                print(f"hearth: {note}", file=sys.stderr)
        return args.handler(args, settings)
    except HearthError as exc:
        print(f"hearth: {printable(str(exc))}", file=sys.stderr)
        return 1
    except PermissionError as exc:
        print(
            f"hearth: permission denied on {printable(str(exc.filename))}; run as the user "
            "that owns the data dir, or set HEARTH_DATA_DIR",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
