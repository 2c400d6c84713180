"""The household's cookbook: recipe files a person keeps, proposed first like facts.

    book = Cookbook.open(data_dir, screen=guard)
    proposed = book.propose(pasted_text, origin="web")   # recipes/proposed/<id>.md
    book.keep(proposed.id, actor="panel", shown=proposed.digest)  # -> recipes/<id>.md
    book.discard(other.id, actor="panel", shown=other.digest)     # tombstoned

Every recipe enters as a proposal, whoever pasted it: a person reads it whole and
presses Keep or Discard, and a discarded or removed recipe leaves a tombstone (its
fingerprint: the same recipe however it is pasted) that refuses it when pasted again,
unless a person at the CLI says `--despite-tombstone`. The guard (memory's, handed
in as `screen`) reads every piece of a recipe's words before anything is written.
Each change is a line of memory's audit chain, under the data dir's one lock, about
`recipe:<id>`; a file changed by hand is read again, screened, and recorded as a
hand edit (`reconcile`). A file that cannot be read is reported, never deleted.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from appliance.cookbook.paste import NotARecipe, parse_pasted
from appliance.cookbook.recipe import Recipe
from appliance.errors import HearthError, NotFound, Refused
from appliance.files import StoreLock, ensure_private_dir, remove_durably, write_private
from appliance.memory.audit import AuditLog, content_hash
from appliance.memory.guard import rule_refusal
from appliance.memory.review import Tombstoned, as_shown
from appliance.memory.tombstones import Tombstone, TombstoneLog

log = logging.getLogger(__name__)

Screen = Callable[[str], str | None]  # words -> why they are refused, or None
ORIGINS = ("cli", "web", "file", "chat", "mcp")
MAX_TITLE = 80


def recipe_refusal(text: str) -> Refused | None:
    """Memory's guard for a recipe's words: the rules of all four families and the shapes
    of secrets, not the classifier. A recipe is instructions by nature ("Don't overbake
    it!"): the classifier's instruction family refused 1 of 81 real recipes of the
    held-out splits, and reading every clause of every line cost 5.5 s a paste (median,
    this machine under load); the rules still refuse "ignore all previous instructions",
    chat-template markers, access and device claims, and card numbers, keys and codes."""
    return rule_refusal(text)


def rules_screen(text: str) -> str | None:
    """`recipe_refusal` as a cookbook's screen: why the words are refused, or None."""
    refusal = recipe_refusal(text)
    return None if refusal is None else f"refused ({refusal.category}): {refusal.reason}"


class AlreadyThere(HearthError):
    """The same recipe is already in the cookbook or waiting for review; nothing was written."""


class RecipeRefused(HearthError):
    """The guard refused words in a recipe; nothing was written."""


@dataclass(frozen=True)
class RecipeFile:
    """A recipe as it sits on disk: kept in recipes/, or proposed in recipes/proposed/."""

    id: str
    recipe: Recipe
    added: str  # YYYY-MM-DD
    by: str  # who pasted or kept it
    proposed: bool

    @property
    def title(self) -> str:
        return self.recipe.title or self.id

    @property
    def digest(self) -> str:
        return self.recipe.digest

    def to_text(self) -> str:
        front = f"---\nid: {self.id}\nadded: {self.added}\nby: {self.by}\n---\n"
        return front + self.recipe.to_markdown()


_FRONT = re.compile(r"\A---\n(?P<front>.*?)\n---\n", re.DOTALL)
# The frontmatter's own lines, as to_text writes them: found even when a hand edit lost a
# "---" around them (the title was read as "id: nanas-flapjacks")
_OWN_KEY = re.compile(r"(?P<key>id|added|by):[ \t]*(?P<value>.*)")


def _front_and_body(text: str) -> tuple[dict[str, str], str]:
    if (found := _FRONT.match(text)) is not None:
        front = {}
        for line in found["front"].splitlines():
            key, _, value = line.partition(":")
            front[key.strip()] = value.strip()
        return front, text[found.end() :]
    lines = text.split("\n")
    at = 1 if lines[0].strip() == "---" else 0
    front = {}
    while at < len(lines) and (own := _OWN_KEY.fullmatch(lines[at].strip())) is not None:
        front[own["key"]] = own["value"].strip()
        at += 1
    if not front:
        return {}, text
    at += 1 if at < len(lines) and lines[at].strip() == "---" else 0
    return front, "\n".join(lines[at:])


def read_recipe_file(path: Path, proposed: bool) -> RecipeFile:
    """One file, or NotARecipe saying what is wrong with it (the file is left alone)."""
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    front, text = _front_and_body(text)
    recipe = parse_pasted(text)
    if recipe.title == "(no title)":
        recipe = replace(recipe, title=None)
    return RecipeFile(
        id=path.stem,
        recipe=recipe,
        added=front.get("added", ""),
        by=front.get("by", "hand"),
        proposed=proposed,
    )


def slug(title: str) -> str:
    words = re.sub(r"[^a-z0-9]+", " ", title.lower().replace("'", "")).split()
    return "-".join(words)[:48].strip("-") or "recipe"


class Cookbook:
    def __init__(
        self,
        data_dir: Path,
        *,
        screen: Screen | None = None,
        clock: Callable[[], dt.datetime] | None = None,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.folder = self.data_dir / "recipes"
        self.inbox = self.folder / "proposed"
        for folder in (self.data_dir, self.folder, self.inbox):
            ensure_private_dir(folder)
        self.audit = AuditLog(self.data_dir / "audit.jsonl")
        self.tombstones = TombstoneLog(self.data_dir / "recipe-tombstones.jsonl")
        self._lock = StoreLock(self.data_dir / ".lock")  # memory's: one audit chain
        # Memory's guard by its rules unless a screen is handed in: no cookbook reads a
        # recipe past the guard (the brain's, the panel's, the bias's, a test's).
        self._screen = screen or rules_screen
        self._clock = clock or dt.datetime.now
        # Each file as last read (parsed and screened), by its stat: the board polls the
        # proposals and the voice's bias reads every title at each utterance, and a file
        # is read again only when it changed.
        self._read: dict[Path, tuple[tuple[int, int, int], RecipeFile | str]] = {}

    @classmethod
    def open(cls, data_dir: Path | str, *, screen: Screen | None = None) -> Cookbook:
        book = cls(Path(data_dir), screen=screen)
        book.reconcile()
        return book

    # -- reading ---------------------------------------------------------------------

    def _file(self, path: Path, proposed: bool) -> RecipeFile | str:
        """One file as the cookbook reads it: the recipe, or why it is not read (a
        problem to name). Read again only when its stat changed."""
        try:
            seen = path.stat()
        except OSError as exc:
            return f"{path.relative_to(self.data_dir)}: not read: {exc.strerror or exc}"
        stamp = (seen.st_mtime_ns, seen.st_size, seen.st_ino)
        cached = self._read.get(path)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        read: RecipeFile | str
        try:
            read = read_recipe_file(path, proposed)
        except (NotARecipe, OSError, UnicodeDecodeError) as exc:
            said = str(exc).removesuffix("; nothing was written").removeprefix("not kept: ")
            read = f"{path.relative_to(self.data_dir)}: not read: {said}"
        else:
            if (refused := self._refusal(read.recipe)) is not None:
                read = f"{path.relative_to(self.data_dir)}: not read, {refused}"
        self._read[path] = (stamp, read)
        return read

    def _files(self, folder: Path, proposed: bool) -> tuple[list[RecipeFile], list[str]]:
        found, problems = [], []
        for path in sorted(folder.glob("*.md")):
            read = self._file(path, proposed)
            if isinstance(read, str):
                problems.append(read)
            else:
                found.append(read)
        return found, problems

    def recipes(self) -> list[RecipeFile]:
        """The kept recipes, by title; a file that cannot be read is left out (`problems`)."""
        return sorted(self._files(self.folder, False)[0], key=lambda r: r.title.lower())

    def proposals(self) -> list[RecipeFile]:
        """The recipes waiting for Keep or Discard, oldest first."""
        found = self._files(self.inbox, True)[0]
        return sorted(found, key=lambda r: (self.inbox / f"{r.id}.md").stat().st_mtime)

    def problems(self) -> list[str]:
        """Each file the cookbook cannot read, and why (for `hearth doctor`, the CLI)."""
        return self._files(self.folder, False)[1] + self._files(self.inbox, True)[1]

    def get(self, recipe_id: str) -> RecipeFile:
        """A kept recipe, as `recipes()` reads it: one the guard refuses (a hand edit) is
        not read, and says why."""
        return self._one(self.folder / f"{recipe_id}.md", False, recipe_id)

    def get_proposal(self, recipe_id: str) -> RecipeFile:
        return self._one(self.inbox / f"{recipe_id}.md", True, recipe_id)

    def _one(self, path: Path, proposed: bool, recipe_id: str) -> RecipeFile:
        if not re.fullmatch(r"[a-z0-9-]+", recipe_id) or not path.exists():
            where = "waiting for review" if proposed else "in the cookbook"
            raise NotFound(f"no recipe {recipe_id!r} {where}; `hearth recipes list` shows them")
        if proposed:  # Discard works on any proposal; Keep screens it again and says so
            return read_recipe_file(path, proposed)
        read = self._file(path, proposed)
        if isinstance(read, str):
            raise RecipeRefused(f"{read}; fix the file")
        return read

    # -- changes ---------------------------------------------------------------------

    def propose(
        self,
        text: str,
        origin: str,
        *,
        title: str | None = None,
        despite_tombstone: bool = False,
    ) -> RecipeFile:
        """A pasted recipe, read and screened, written to the inbox for a person's Keep.

        Raises NotARecipe (what was missing), RecipeRefused (the guard), Tombstoned (a
        person discarded or removed this recipe), AlreadyThere; writes nothing then."""
        if origin not in ORIGINS:
            raise ValueError(f"unknown recipe origin {origin!r}")
        recipe = parse_pasted(text)
        if title:
            recipe = replace(recipe, title=" ".join(title.split())[:MAX_TITLE])
        if not recipe.title:
            raise NotARecipe(
                ("title",),
                "not kept: the recipe has no title. Put its name on the first line "
                "(or give one: --title at the CLI, the Title box on the page); nothing was written",
            )
        with self._lock.held():
            self._refuse_screened(recipe, origin)
            self._refuse_known(recipe, despite_tombstone)
            recipe_id = self._new_id(recipe.title or "recipe")
            entry = RecipeFile(recipe_id, recipe, self._today(), origin, proposed=True)
            path = self.inbox / f"{recipe_id}.md"
            with self.audit.recording(
                actor=origin,
                action="propose",
                fact_id=f"recipe:{recipe_id}",
                content=entry.to_text(),
                detail="recipe",
            ):
                write_private(path, entry.to_text().encode("utf-8"))
        log.info("recipe %s proposed by %s", recipe_id, origin)
        return entry

    def keep(self, recipe_id: str, actor: str, *, shown: str | None = None) -> RecipeFile:
        """A person kept a proposed recipe (as shown: its digest): it joins the cookbook."""
        with self._lock.held():
            entry = as_shown(self.get_proposal(recipe_id), shown, "recipe")
            self._refuse_screened(entry.recipe, actor)
            kept = RecipeFile(entry.id, entry.recipe, self._today(), actor, proposed=False)
            target = self.folder / f"{entry.id}.md"
            if target.exists():
                raise HearthError(
                    f"recipes/{entry.id}.md already exists (made by hand?); "
                    "rename it and keep the proposal again"
                )
            with self.audit.recording(
                actor=actor,
                action="promote",
                fact_id=f"recipe:{entry.id}",
                content=kept.to_text(),
                detail="recipe",
            ):
                write_private(target, kept.to_text().encode("utf-8"))
                remove_durably(self.inbox / f"{entry.id}.md")
        log.info("recipe %s kept by %s", entry.id, actor)
        return kept

    def discard(
        self, recipe_id: str, actor: str, *, shown: str | None = None, reason: str = ""
    ) -> Tombstone:
        """A person said no: the proposal goes, and its tombstone keeps it from coming back."""
        with self._lock.held():
            entry = as_shown(self.get_proposal(recipe_id), shown, "recipe")
            stone = self._said_no(
                entry, self.inbox, actor, "discard", reason, "discarded at review"
            )
        log.info("recipe %s discarded by %s", entry.id, actor)
        return stone

    def remove(self, recipe_id: str, actor: str, reason: str = "") -> Tombstone:
        """A kept recipe taken out of the cookbook; pasting it again is refused, as a
        discarded one is."""
        with self._lock.held():
            entry = self.get(recipe_id)
            stone = self._said_no(
                entry, self.folder, actor, "retract", reason, "removed from the cookbook"
            )
        log.info("recipe %s removed by %s", entry.id, actor)
        return stone

    def _said_no(
        self, entry: RecipeFile, folder: Path, actor: str, kind: str, reason: str, default: str
    ) -> Tombstone:
        """The file goes and its tombstone is written, as one audited change (lock held):
        `kind` is the tombstone's and the audit line's ("discard" or "retract")."""
        with self.audit.recording(
            actor=actor,
            action=kind,
            fact_id=f"recipe:{entry.id}",
            content=entry.to_text(),
            detail=reason or "recipe",
        ):
            stone = self.tombstones.add(self._tombstone(entry, actor, kind, reason or default))
            remove_durably(folder / f"{entry.id}.md")
        return stone

    def reconcile(self) -> list[str]:
        """Files changed by hand since the log last saw them: screened, then recorded.

        A hand-edited file the guard refuses is left on disk but not read (`problems`
        says why); one that reads is recorded as a `hand-edit` line. Returns the ids."""
        changed = []
        with self._lock.held():
            logged = {(e.fact_id, e.sha256) for e in self.audit.happened()}
            for folder, proposed in ((self.folder, False), (self.inbox, True)):
                for path in sorted(folder.glob("*.md")):
                    try:
                        text = path.read_text(encoding="utf-8")
                    except (OSError, UnicodeDecodeError):
                        continue
                    if (f"recipe:{path.stem}", content_hash(text)) in logged:
                        continue
                    try:
                        entry = read_recipe_file(path, proposed)
                    except NotARecipe:
                        continue
                    if self._refusal(entry.recipe) is not None:
                        continue
                    self.audit.append(
                        actor="hand",
                        action="hand-edit",
                        fact_id=f"recipe:{path.stem}",
                        content=text,
                        detail="recipe",
                    )
                    changed.append(path.stem)
        return changed

    # -- the rules ---------------------------------------------------------------------

    def _today(self) -> str:
        return self._clock().date().isoformat()

    def _refusal(self, recipe: Recipe) -> str | None:
        for piece in recipe.texts():
            if (why := self._screen(piece)) is not None:
                return why
        return None

    def _refuse_screened(self, recipe: Recipe, actor: str) -> None:
        why = self._refusal(recipe)
        if why is None:
            return
        self.audit.append(
            actor=actor, action="refuse", content=recipe.to_markdown(), detail=f"recipe {why}"
        )
        raise RecipeRefused(f"not kept: the recipe's words were {why}; nothing was written")

    def _refuse_known(self, recipe: Recipe, despite_tombstone: bool) -> None:
        stone = self.tombstones.find(recipe.fingerprint) or self._refused_unordered(recipe)
        if stone is not None and not despite_tombstone:
            said_no = stone.said_no("this recipe").replace(" retracted ", " removed ")
            raise Tombstoned(
                f"{said_no}; nothing was written. "
                "`hearth recipes add --despite-tombstone FILE` adds it anyway"
            )
        for entry in [*self.recipes(), *self.proposals()]:
            if entry.recipe.fingerprint == recipe.fingerprint:
                where = "waiting for review" if entry.proposed else "in the cookbook"
                raise AlreadyThere(f"not added: this recipe is already {where} as {entry.id!r}")

    def _new_id(self, title: str) -> str:
        base = slug(title)
        candidate, number = base, 2
        while (
            (self.folder / f"{candidate}.md").exists()
            or (self.inbox / f"{candidate}.md").exists()
            or self.audit.mentions(f"recipe:{candidate}")
        ):
            candidate, number = f"{base}-{number}", number + 1
        return candidate

    def _refused_unordered(self, recipe: Recipe) -> Tombstone | None:
        """The tombstone of this recipe with its ingredients in another order, if any."""
        wanted = recipe.unordered_fingerprint
        return next((s for s in self.tombstones if wanted in (s.keys or ())), None)

    def _tombstone(self, entry: RecipeFile, actor: str, kind: str, reason: str) -> Tombstone:
        return Tombstone(
            fingerprint=entry.recipe.fingerprint,
            text=None,
            reason=reason,
            date=self._today(),
            fact_id=f"recipe:{entry.id}",
            actor=actor,
            kind=kind,
            # a recipe's tombstone is about its words in any order: the unordered print
            keys=[entry.recipe.unordered_fingerprint],
        )
