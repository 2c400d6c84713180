"""What every command group shares: printing for a person or a script, and the parser's shape."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable

from appliance.config import Settings
from appliance.terminal import printable

Handler = Callable[[argparse.Namespace, Settings], int]
Commands = argparse._SubParsersAction  # what `top.add_subparsers()` returns


def out(text: str = "") -> None:
    """A line for the person: household words are shown, never obeyed (terminal.py)."""
    print(printable(text, lines=True), flush=True)


def json_out(value: object) -> None:
    print(
        printable(json.dumps(value, indent=2, ensure_ascii=False, default=str), lines=True),
        flush=True,
    )


def group(top: Commands, name: str, help: str) -> Commands:
    """`hearth NAME ACTION …`: a group whose actions are added with `command`."""
    return top.add_parser(name, help=help, description=help).add_subparsers(
        dest="action", required=True, metavar="ACTION"
    )


def command(parent: Commands, name: str, handler: Handler, help: str) -> argparse.ArgumentParser:
    sub = parent.add_parser(name, help=help, description=help)
    sub.set_defaults(handler=handler)
    return sub
