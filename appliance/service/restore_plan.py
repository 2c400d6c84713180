"""What a staged snapshot becomes before anything is written: guarded and merged.

restore.py stages a snapshot and then asks here, member by member: which facts the guard
refuses (put back refused), which proposals, recipes and household.md lines it refuses
(not put back), which tombstones of the box's and the snapshot's are kept (all of them),
which facts come back retracted and which recipes are left out because the box said no
to them since. The answer is a `Plan`; restore.py carries it out under the store's lock.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from appliance.config import Settings
from appliance.cookbook import NotARecipe
from appliance.cookbook.book import read_recipe_file, recipe_refusal
from appliance.errors import InvalidFact, Refused
from appliance.memory import guard
from appliance.memory.embedding import Embedder
from appliance.memory.fact import Fact, Proposal
from appliance.memory.records import REFUSED
from appliance.memory.tombstones import Tombstone, prints_of
from appliance.service.backup import Member


@dataclass
class Plan:
    """What the staged snapshot becomes once it has been guarded and merged."""

    skip: set[str] = field(default_factory=set)  # members not put back
    replace: dict[str, bytes] = field(default_factory=dict)  # members written differently
    refused_facts: list[tuple[str, str, Refused]] = field(default_factory=list)
    left_out: list[tuple[str, str, Refused]] = field(default_factory=list)  # (name, where, why)
    retracted: list[tuple[Fact, Tombstone]] = field(default_factory=list)
    said_no: list[tuple[str, Tombstone]] = field(default_factory=list)  # (recipe member, why)


def first_refusal(pieces: tuple[str, ...], embedder: Embedder | None) -> Refused | None:
    for piece in pieces:
        refusal = guard.find_refusal(piece, embedder)
        if refusal is not None:
            return refusal
    return None


def guarded(staging: Path, listed: dict[str, Member], embedder: Embedder | None) -> Plan:
    """Every fact, proposal, recipe and household.md line through the guard, as a hand
    edit is."""
    plan = Plan()
    for name in sorted(listed):
        folder, _, leaf = name.partition("/")
        if folder == "recipes":
            _guard_recipe(staging, name, plan)
            continue
        if folder not in ("memory", "inbox") and name != "household.md":
            continue
        try:
            text = (staging / name).read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            continue  # not text: put back, and reported unreadable like any bad file
        if name == "household.md":
            for number, line in enumerate(text.splitlines(), start=1):
                refusal = first_refusal((line,), embedder) if line.strip() else None
                if refusal is not None:
                    plan.skip.add(name)
                    plan.left_out.append((name, f"line {number}", refusal))
                    break
            continue
        kind = Fact if folder == "memory" else Proposal
        try:
            record = kind.from_text(text, expected_id=leaf.removesuffix(".md"))
        except InvalidFact:
            continue  # put back, and reported unreadable like any bad file
        refusal = first_refusal((record.text, *record.links), embedder)
        if refusal is None:
            continue
        if folder == "memory":
            plan.refused_facts.append((record.id, text, refusal))
        else:
            plan.skip.add(name)
            plan.left_out.append((name, "its text", refusal))
    return plan


def _guard_recipe(staging: Path, name: str, plan: Plan) -> None:
    """A recipe as the cookbook reads it, each piece through the cookbook's screen (the
    guard's rules); refused: not put back."""
    try:
        entry = read_recipe_file(staging / name, proposed=name.startswith("recipes/proposed/"))
    except (NotARecipe, UnicodeDecodeError):
        return  # put back, and named by `hearth recipes list` like any file it cannot read
    for piece in entry.recipe.texts():
        refusal = recipe_refusal(piece)
        if refusal is not None:
            plan.skip.add(name)
            plan.left_out.append((name, "its words", refusal))
            return


def merge_tombstones(
    settings: Settings, staging: Path, listed: dict[str, Member], plan: Plan
) -> None:
    """Keep every tombstone, the box's and the snapshot's; retract what they retracted.

    Lock held: the box's tombstones are read as they are now, before --force moves them.
    """
    _, _, stones = _merged_log("tombstones.jsonl", settings, staging, listed, plan)
    refused = {fact_id for fact_id, _, _ in plan.refused_facts}
    for fact_name in sorted(n for n in listed if n.startswith("memory/")):
        try:
            fact = Fact.from_text(
                (staging / fact_name).read_text(encoding="utf-8"),
                expected_id=fact_name.removeprefix("memory/").removesuffix(".md"),
            )
        except (InvalidFact, UnicodeDecodeError):
            continue
        if fact.id in refused or fact.status not in ("live", "doubted"):
            continue
        stone = _retracting(fact, stones)
        if stone is not None:
            retracted = fact.replace(status="retracted")
            plan.replace[fact_name] = retracted.to_text().encode("utf-8")
            plan.retracted.append((retracted, stone))


def merge_recipe_tombstones(
    settings: Settings, staging: Path, listed: dict[str, Member], plan: Plan
) -> None:
    """Keep every recipe tombstone, the box's and the snapshot's; a recipe the box said no
    to since the snapshot was taken is not put back. Lock held, as for the facts'."""
    theirs, today, _ = _merged_log("recipe-tombstones.jsonl", settings, staging, listed, plan)
    _, known = _union(theirs, b"")
    since = {stone.fingerprint: stone for stone in _union(today, b"")[1] if stone not in known}
    for member in sorted(n for n in listed if n.startswith("recipes/") and n not in plan.skip):
        try:
            entry = read_recipe_file(staging / member, member.startswith("recipes/proposed/"))
        except (NotARecipe, UnicodeDecodeError):
            continue
        stone = since.get(entry.recipe.fingerprint)
        if stone is not None:
            plan.skip.add(member)
            plan.said_no.append((member, stone))


def _merged_log(
    name: str, settings: Settings, staging: Path, listed: dict[str, Member], plan: Plan
) -> tuple[bytes, bytes, list[Tombstone]]:
    """A tombstone log put back as the union of the snapshot's and the box's (planned as a
    replacement where it differs): (the snapshot's, the box's, every stone)."""
    mine = Path(settings.data_dir) / name
    today = mine.read_bytes() if mine.is_file() and not mine.is_symlink() else b""
    theirs = (staging / name).read_bytes() if name in listed else b""
    merged, stones = _union(theirs, today)
    if merged and merged != theirs:
        plan.replace[name] = merged
    return theirs, today, stones


def _union(theirs: bytes, today: bytes) -> tuple[bytes, list[Tombstone]]:
    """The snapshot's tombstone lines as written, then the box's that it lacks."""
    lines: list[str] = []
    stones: list[Tombstone] = []
    seen: set[str] = set()
    for blob in (theirs, today):
        for line in blob.decode("utf-8", errors="replace").splitlines():
            try:
                data = json.loads(line)
                stone = Tombstone.from_json(line)
            except (ValueError, TypeError):
                continue  # blank, or torn by a power cut: its discard never finished
            key = json.dumps(data, sort_keys=True)
            if key in seen:
                continue
            seen.add(key)
            lines.append(line)
            stones.append(stone)
    return "".join(line + "\n" for line in lines).encode("utf-8"), stones


def _retracting(fact: Fact, stones: list[Tombstone]) -> Tombstone | None:
    """The retract tombstone for this fact (by its id, or its words), if any."""
    prints = prints_of(fact.text)
    for stone in stones:
        if stone.kind == "retract" and (
            stone.fact_id == fact.id or stone.covers(fact.text, prints)
        ):
            return stone
    return None


def refusal_notes(plan: Plan) -> list[str]:
    notes = [
        f"memory/{fact_id}.md: {REFUSED} ({why.category}: {why.reason}); put back but never "
        "recalled: fix or delete it (`hearth memory check` lists it)"
        for fact_id, _, why in plan.refused_facts
    ]
    notes += [
        f"{name}: {where} {REFUSED} ({why.category}: {why.reason}); not put back (the "
        "snapshot still holds it)"
        for name, where, why in plan.left_out
    ]
    return notes
