"""The recipes page and its API, without the HTTP (app.py holds the routes).

    GET  /recipes            view: the kept recipes by title, those waiting for Keep, a paste box
    GET  /recipes/<id>       view: one recipe, kept or waiting for Keep, read only
    GET  /api/recipes.json   view: kept and waiting recipes, as JSON
    POST /api/recipes        api: {"text", "title" (optional)} -> Cookbook.propose(text, "web"):
                             201 with the proposal, which waits for Keep on the panel

A pasted recipe is only ever proposed: a person keeps or discards it on the panel's
board (or with `hearth recipes keep ID` at the CLI), never over HTTP. Every word of a
recipe is put on a page escaped, and by the page's script as text (recipes.js), so a
title such as `<script>` is shown, never run. The list is the cookbook's own
(`Cookbook.recipes()`): a hand-edited file the guard refuses is not shown here either.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from appliance.cookbook import AlreadyThere, Cookbook, NotARecipe, RecipeFile, RecipeRefused
from appliance.cookbook.book import MAX_TITLE
from appliance.cookbook.paste import MAX_PASTE_CHARS
from appliance.errors import AuditFailure, DiskFull, HearthError, NotFound
from appliance.memory.review import Tombstoned

# A paste of MAX_PASTE_CHARS characters as JSON, with room for the title and the braces:
# a browser sends UTF-8 (at most 4 bytes a character), a client that escapes all but
# ASCII (Python's json.dumps) 6 bytes ("\u00e9"). A bigger body is refused from its
# Content-Length, before it is read. Whole KiB, so the 413 says "240 KiB".
MAX_PASTE_BODY = -(-(6 * MAX_PASTE_CHARS + 4096) // 1024) * 1024
FIELDS = {"text", "title"}
WAITING = "waiting for Keep on the panel"
_EXAMPLE = ("Nana's Flapjacks", "Makes 12", "", "Ingredients", "- 250g butter", "…", "")
PLACEHOLDER = "&#10;".join([*_EXAMPLE, "Method", "1. Heat the oven to 180C…"])


class PasteRefused(Exception):
    """A paste not proposed; `status` is the HTTP answer, the message says why."""

    def __init__(self, status: int, message: str, code: str, param: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.param = param

    @property
    def kind(self) -> str:
        return "server_error" if self.status >= 500 else "invalid_request_error"


# -- POST /api/recipes -------------------------------------------------------------------


def parse_paste(body: bytes) -> tuple[str, str | None]:
    """The pasted text and the title the page gave (None: the recipe's first line)."""
    try:
        found = json.loads(body.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise PasteRefused(400, "the request body is not UTF-8", "bad_request") from None
    except (ValueError, RecursionError):
        raise PasteRefused(
            400, 'the request body is not JSON: send {"text": "the recipe"}', "bad_request"
        ) from None
    if not isinstance(found, dict):
        raise PasteRefused(400, 'send a JSON object: {"text": "the recipe"}', "bad_request")
    unknown = sorted(set(found) - FIELDS)
    if unknown:
        raise PasteRefused(
            400, f"unknown field(s): {', '.join(unknown)}", "bad_request", unknown[0]
        )
    text, title = found.get("text"), found.get("title")
    if not isinstance(text, str) or not text.strip():
        raise PasteRefused(
            400, "paste the recipe as text: the text is empty", "bad_request", "text"
        )
    if title is not None and not isinstance(title, str):
        raise PasteRefused(400, "the title must be text", "bad_request", "title")
    for name, value in (("text", text), ("title", title or "")):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:  # "\ud800" alone: JSON allows it, a file cannot hold it
            raise PasteRefused(
                400,
                f"the {name} holds a lone surrogate escape, which is not text",
                "bad_request",
                name,
            ) from None
    if len(text) > MAX_PASTE_CHARS:
        raise PasteRefused(
            413,
            f"not kept: {len(text)} characters is more than a recipe ({MAX_PASTE_CHARS} at "
            "most); paste the recipe alone. Nothing was written",
            "request_too_large",
            "text",
        )
    return text, (title.strip() or None) if title is not None else None


def propose(book: Cookbook, text: str, title: str | None) -> dict[str, Any]:
    """The paste proposed for a person's Keep, as JSON; else PasteRefused with the
    cookbook's own words (nothing was written)."""
    try:
        return recipe_json(book.propose(text, "web", title=title))
    except NotARecipe as exc:
        raise PasteRefused(400, str(exc), "not_a_recipe", "text") from None
    except RecipeRefused as exc:
        raise PasteRefused(400, str(exc), "refused") from None
    except Tombstoned as exc:
        raise PasteRefused(400, str(exc), "said_no_before") from None
    except DiskFull as exc:
        raise PasteRefused(507, str(exc), "disk_full") from None
    except AuditFailure as exc:
        raise PasteRefused(500, str(exc), "audit_failure") from None
    except AlreadyThere as exc:
        raise PasteRefused(400, str(exc), "already_there") from None
    except HearthError as exc:  # anything else the cookbook said no to, in its words
        raise PasteRefused(400, str(exc), "not_kept") from None


# -- what is shown -------------------------------------------------------------------------


def recipe_json(entry: RecipeFile) -> dict[str, Any]:
    """A recipe as the API shows it: quantities as exact fractions ("3/2"), never floats."""
    recipe = entry.recipe
    return {
        "id": entry.id,
        "title": entry.title,
        "serves": recipe.serves,
        "makes": recipe.makes,  # "Makes 12" (pieces) rather than "Serves 12"
        "ingredients": [
            {
                "quantity": None if i.quantity is None else str(i.quantity),
                "unit": i.unit,
                "item": i.item,
                "group": i.group,
                "line": i.line(),
            }
            for i in recipe.ingredients
        ],
        "steps": list(recipe.steps),
        "timers": [{"step": step, "seconds": seconds} for step, seconds in recipe.timers],
        "notes": recipe.notes,
        "source": recipe.source,
        "added": entry.added,
        "by": entry.by,
        "proposed": entry.proposed,
    }


def recipes_json(book: Cookbook) -> dict[str, Any]:
    kept, waiting = book.recipes(), book.proposals()
    return {
        "kept": len(kept),
        "waiting": len(waiting),
        "recipes": [recipe_json(entry) for entry in [*kept, *waiting]],
    }


def _page(title: str, body: str, script: bool = False) -> str:
    scripted = '<script src="/static/recipes.js" defer></script>\n' if script else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/chat.css">
{scripted}</head>
<body class="recipes">
<header><h1>Recipes</h1>
<nav><a href="/recipes">Recipes</a> <a href="/">Chat</a> <a href="/memory/inbox">Inbox</a></nav>
</header>
<main>
{body}
</main></body></html>
"""


def _serves(entry: RecipeFile) -> str:
    said = entry.recipe.serves_line()
    return f' <span class="hint">{escape(said.lower())}</span>' if said else ""


def recipes_html(book: Cookbook) -> str:
    """The page: kept recipes by title (each a link), those waiting, and the paste box."""
    kept, waiting = book.recipes(), book.proposals()
    kept_rows = "\n".join(
        f'<li><a href="/recipes/{escape(r.id)}">{escape(r.title)}</a>{_serves(r)}</li>'
        for r in kept
    )
    waiting_rows = "\n".join(
        f'<li><a href="/recipes/{escape(r.id)}">{escape(r.title)}</a> '
        f'<span class="hint">{WAITING}</span></li>'
        for r in waiting
    )
    none_kept = "" if kept else '<p id="none-kept">No recipes kept yet.</p>'
    none_waiting = "" if waiting else '<p id="none-waiting">Nothing is waiting for review.</p>'
    body = f"""<h2>In the cookbook ({len(kept)})</h2>
{none_kept}<ul id="kept">{kept_rows}</ul>
<h2>Waiting for review (<span id="waiting-count">{len(waiting)}</span>)</h2>
{none_waiting}<ul id="waiting">{waiting_rows}</ul>

<h2>Add a recipe</h2>
<form id="token-form" hidden>
  <p>Pasting a recipe needs this Hearth's token once on this device (the panel shows it;
     <code>hearth token</code> prints it).</p>
  <label for="token-input">Token</label>
  <input id="token-input" name="token" type="password" autocomplete="off"
         autocapitalize="off" spellcheck="false" required>
  <button type="submit" id="token-save">Save</button>
</form>
<form id="paste-form" method="post" action="/api/recipes">
  <label for="recipe-title">Title (optional: when the first line is not its name)</label>
  <input id="recipe-title" name="title" type="text" maxlength="{MAX_TITLE}" autocomplete="off">
  <label for="recipe-text">The recipe: its name, the ingredients, the steps</label>
  <textarea id="recipe-text" name="text" rows="14" maxlength="{MAX_PASTE_CHARS}" required
            placeholder="{PLACEHOLDER}"></textarea>
  <button type="submit" id="paste">Add for review</button>
</form>
<p id="status" role="status"></p>
<section id="read" aria-live="polite" hidden></section>
<p class="hint">A pasted recipe is not in the cookbook until someone presses Keep on the
kitchen panel (or runs <code>hearth recipes keep ID</code>); Discard drops it, and it is
not taken again.</p>"""
    return _page("Hearth recipes", body, script=True)


def recipe_html(book: Cookbook, recipe_id: str) -> str:
    """One recipe, read only: a kept one, or one waiting for Keep (the panel's card sends a
    person here to read it whole before pressing Keep); NotFound for any other id."""
    found = [r for r in [*book.recipes(), *book.proposals()] if r.id == recipe_id]
    if not found:
        raise NotFound(
            f"no recipe {recipe_id!r} in the cookbook or waiting for review; /recipes lists them"
        )
    entry = found[0]  # a kept one first: ids are shared, and only a hand-made file collides
    recipe = entry.recipe
    serves = recipe.serves_line()
    lines = []
    for group, ingredients in recipe.groups():
        lines += [f'<li class="group">{escape(group)}:</li>'] if group else []
        lines += [f"<li>{escape(ingredient.line())}</li>" for ingredient in ingredients]
    steps = "\n".join(f"<li>{escape(step)}</li>" for step in recipe.steps)
    parts = [f"<article><h2>{escape(entry.title)}</h2>"]
    if entry.proposed:
        parts.append(
            f'<p class="problem">Waiting for Keep on the panel: not in the cookbook yet. Read it '
            f"whole, then press Keep or Discard on its card (or <code>hearth recipes keep "
            f"{escape(entry.id)}</code>).</p>"
        )
    if serves:
        parts.append(f'<p class="hint">{escape(serves)}</p>')
    parts.append(f"<h3>Ingredients</h3>\n<ul>{''.join(lines)}</ul>")
    parts.append(f'<h3>Method</h3>\n<ol class="steps">{steps}</ol>')
    if recipe.notes:
        parts.append(f'<h3>Notes</h3>\n<p class="notes">{escape(recipe.notes)}</p>')
    if recipe.source:
        parts.append(f'<p class="hint">Source: {escape(recipe.source)}</p>')
    if entry.proposed:
        parts.append("</article>")
    else:
        kept = f"Kept on {escape(entry.added)}. " if entry.added else ""
        parts.append(
            f'<p class="hint">{kept}To cook it, say “let’s make {escape(entry.title)}” to '
            f"Hearth; <code>hearth recipes remove {escape(entry.id)}</code> takes it out.</p>"
            "</article>"
        )
    return _page(f"{entry.title}: Hearth", "\n".join(parts))
