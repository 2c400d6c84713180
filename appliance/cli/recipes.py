"""`hearth recipes`: the household's cookbook at the CLI.

    hearth recipes list                    kept, then waiting for Keep, then files not read
    hearth recipes show ID                 one recipe's file (kept, or waiting)
    hearth recipes add FILE|- [--title T] [--despite-tombstone]
                                           read a pasted recipe, print what was read, and
                                           propose it (origin "cli")
    hearth recipes keep ID | discard ID [--reason R]    a person at the CLI reviewing
    hearth recipes remove ID [--reason R]  take a kept recipe out; pasting it again is refused

A recipe added here waits for Keep like one pasted on the LAN page: on the panel's
board, or `hearth recipes keep ID` by a person who has read it (`show`). Every word of a
recipe printed here passes through `printable` (terminal.py).
"""

from __future__ import annotations

import argparse
import sys

from appliance.cli.common import Commands, command, group, out
from appliance.composition import open_cookbook
from appliance.config import Settings
from appliance.cookbook import RecipeFile
from appliance.cookbook.paste import MAX_PASTE_CHARS
from appliance.errors import HearthError, NotFound
from appliance.terminal import printable


def _row(entry: RecipeFile) -> str:
    serves = entry.recipe.serves_line()
    return f"  {entry.id:<40} {entry.title}" + (f" ({serves.lower()})" if serves else "")


def _summary(entry: RecipeFile) -> str:
    recipe = entry.recipe
    counted = len(recipe.ingredients), len(recipe.steps)
    parts = [recipe.serves_line() or "", f"{counted[0]} ingredient{'s' * (counted[0] != 1)}"]
    parts.append(f"{counted[1]} step{'s' * (counted[1] != 1)}")
    return ", ".join(p.lower() for p in parts if p)


def recipes_list(args: argparse.Namespace, settings: Settings) -> int:
    book = open_cookbook(settings)
    kept, waiting, problems = book.recipes(), book.proposals(), book.problems()
    if not (kept or waiting or problems):
        out("no recipes yet: paste one on the LAN page (/recipes) or `hearth recipes add FILE`")
        return 0
    out(f"in the cookbook ({len(kept)}):")
    for entry in kept:
        out(_row(entry))
    if waiting:
        out(f"waiting for Keep on the panel ({len(waiting)}); or `hearth recipes keep ID`:")
        for entry in waiting:
            out(_row(entry))
    if problems:
        out(f"not read ({len(problems)}): fix or delete the file")
        for problem in problems:
            out(f"  {problem}")
    return 0


def recipes_show(args: argparse.Namespace, settings: Settings) -> int:
    book = open_cookbook(settings)
    try:
        entry = book.get(args.id)
    except NotFound:
        try:
            entry = book.get_proposal(args.id)
        except NotFound:
            raise NotFound(
                f"no recipe {args.id!r} in the cookbook or waiting for review; "
                "`hearth recipes list` shows them"
            ) from None
    sys.stdout.write(printable(entry.to_text(), lines=True))
    sys.stdout.flush()
    if entry.proposed:
        print(
            f"hearth: {entry.id} is waiting for Keep on the panel "
            f"(or `hearth recipes keep {entry.id}`)",
            file=sys.stderr,
        )
    return 0


def _pasted(name: str) -> str:
    """The recipe's text from a file or stdin: no more than a recipe can be, read."""
    try:
        if name == "-":
            return sys.stdin.read(MAX_PASTE_CHARS + 1)
        with open(name, encoding="utf-8") as handle:
            return handle.read(MAX_PASTE_CHARS + 1)
    except UnicodeDecodeError:
        raise HearthError(f"{name} is not UTF-8 text; nothing was written") from None
    except OSError as exc:
        raise HearthError(
            f"cannot read {name}: {exc.strerror or exc}; nothing was written"
        ) from None


def recipes_add(args: argparse.Namespace, settings: Settings) -> int:
    text = _pasted(args.file)
    book = open_cookbook(settings)
    entry = book.propose(text, "cli", title=args.title, despite_tombstone=args.despite_tombstone)
    # What was read, whole: the panel keeps a recipe pasted here on the strength of the
    # person having seen its whole parse (its card shows only the start of it).
    sys.stdout.write(printable(entry.recipe.to_markdown(), lines=True) + "\n")
    out(f"proposed {entry.id}: {entry.title} ({_summary(entry)}), read as above")
    out(f"it waits for Keep on the panel, or `hearth recipes keep {entry.id}`")
    return 0


REFUSED_AGAIN = (
    "pasting it again is refused (`hearth recipes add --despite-tombstone FILE` adds it anyway)"
)


def recipes_keep(args: argparse.Namespace, settings: Settings) -> int:
    kept = open_cookbook(settings).keep(args.id, "cli")
    out(f"kept {kept.id}: {kept.title} is in the cookbook")
    return 0


def recipes_discard(args: argparse.Namespace, settings: Settings) -> int:
    open_cookbook(settings).discard(args.id, "cli", reason=args.reason or "")
    out(f"discarded {args.id}; {REFUSED_AGAIN}")
    return 0


def recipes_remove(args: argparse.Namespace, settings: Settings) -> int:
    open_cookbook(settings).remove(args.id, "cli", reason=args.reason or "")
    out(f"removed {args.id} from the cookbook; {REFUSED_AGAIN}")
    return 0


def register(top: Commands) -> None:
    recipes = group(top, "recipes", "the household's cookbook: recipes kept by a person")
    command(recipes, "list", recipes_list, "kept recipes, those waiting for Keep, files not read")
    command(recipes, "show", recipes_show, "print one recipe's file").add_argument("id")
    add = command(recipes, "add", recipes_add, "read a recipe and propose it for Keep")
    add.add_argument("file", help="a text file holding the recipe, or - for stdin")
    add.add_argument("--title", help="its name, when the first line is not")
    add.add_argument(
        "--despite-tombstone",
        action="store_true",
        help="propose it even though it was discarded or removed before (audited)",
    )
    command(recipes, "keep", recipes_keep, "put a waiting recipe in the cookbook").add_argument(
        "id"
    )
    discard = command(recipes, "discard", recipes_discard, "drop a waiting recipe for good")
    discard.add_argument("id")
    discard.add_argument("--reason")
    remove = command(recipes, "remove", recipes_remove, "take a kept recipe out of the cookbook")
    remove.add_argument("id")
    remove.add_argument("--reason")
