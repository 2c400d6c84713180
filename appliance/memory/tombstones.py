"""What a person discarded or retracted, so it is not proposed again.

One JSON line per tombstone in `tombstones.jsonl` (0600). A proposal is
checked against them before it is written: by fingerprint (the same words), and
where the embedder is installed by meaning (the same thing in other words).

A tombstone keeps what that check needs, not what was said: the fingerprint,
the text's embedding vector and the model that made it, its marks (names and
numbers as hashes; see `contrast.py`), the date, reason, kind, actor and id.
The text itself is kept only when the person asks (`--keep-text`). Lines
written before this rule (format 1) carried the text; the next tombstone
written rewrites the file without it, computing vector and marks from the text
while it is still at hand (and today's fingerprint, if the line's is the older rule's).
"""

from __future__ import annotations

import base64
import json
import logging
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from appliance.files import append_line, commit_temp, write_temp
from appliance.memory.contrast import Marks, contrast, name_marks
from appliance.memory.embedding import Embedder
from appliance.memory.plain_words import in_plain_words
from appliance.memory.restated import keys_of, named_alike, same_key
from appliance.memory.said_less import (
    as_said_by_them,
    as_said_of,
    relation_said,
    said_less,
    without_asides,
)
from appliance.memory.text import (
    fingerprint,
    is_legacy_fingerprint,
    legacy_fingerprint,
    unfolded_fingerprint,
)
from appliance.memory.vectors import VectorTable
from appliance.memory.wordings import other_wordings

log = logging.getLogger(__name__)

FORMAT = 2  # 1: the text was always kept; 2: kept only on request, vector and marks instead
# The cosine at or above which a proposal means what a tombstone means (marks
# agreeing), per embedding model; a model not listed matches by fingerprint only.
# Chosen on the tuning half of benchmarks/data/tombstone_pairs.jsonl with no
# false merge (`python -m benchmarks.tombstones`; docs/memory.md has both halves).
SAME_MEANING = {"all-minilm-l6-v2-onnx-int8": 0.87}
# Chosen with marks of version 3 (another diet, a fact said as over); a tombstone written
# before keeps its older marks and the threshold chosen with them: at 0.87 its marks would
# let "The window cleaner comes weekly" take a refused "…monthly".
SAME_MEANING_BEFORE_V3 = {"all-minilm-l6-v2-onnx-int8": 0.90}


# Where one clause of a statement ends and another begins: "…, so no cheese on his",
# "…; ask Mum", "… because …". Never "and": "Sam and Leo" is one subject.
_CLAUSE_JOIN = re.compile(
    r"\s*[,;:]\s+(?:(?:so|but|because|since|as|which means|meaning)\s+)?"
    r"|\s+(?:so|but|because|since|which means|meaning)\s+",
    re.IGNORECASE,
)


def _kept_parts(text: str) -> list[str]:
    """What a tombstone keeps beside the whole: each clause, the statement with a detail
    left out and a relation said one way (said_less.py: "Saturday mornings" carries
    "Saturdays"), and each of those in plain words where they differ (plain_words.py:
    "Nan" and "Grandma", the vacuum and the hoover read alike)."""
    said = clauses(text)
    said += [less for less in said_less(text) if less not in said]
    if (relation := relation_said(text)) is not None:
        said.append(relation)
    plain = [in_plain_words(part) for part in (text, *said)]
    return list(dict.fromkeys([*said, *(p for p in plain if p != text)]))


def clauses(text: str) -> list[str]:
    """The clauses of a statement said as two or more, each of three words or more
    ("Alfie's got a dairy allergy", "no cheese on his"); [] for a statement of one."""
    parts = [p.strip(" .!?") for p in _CLAUSE_JOIN.split(text.strip(" .!?"))]
    kept = [p for p in parts if len(p.split()) >= 3]
    return kept if len(parts) >= 2 and kept else []


# Two statements said as one with "and", each a clause of its own: "Isla goes swimming on
# Saturdays and Reuben's piano lesson is on Thursdays at 4pm" (a seventh trial's carried a
# retracted fact onto the board unmarked). Each side three words or more, so "Sam and Leo
# go swimming" and "bread and butter pudding is in the freezer" are never parted.
_AND = re.compile(r"\s+and\s+", re.IGNORECASE)


# A claim said aside about someone: "Priya, who's vegetarian, is coming for dinner on Friday"
# (an eighth trial's went live, Priya's retracted vegetarianism inside it).
_ASIDE = re.compile(
    r"^(?P<who>(?:[Oo]ur |[Mm]y |[Tt]he )?[A-Z][\w'-]*(?:\s+[\w'-]+){0,3}?),\s+(?:who|which)"
    r"(?P<verb>'s|'re|\s+is|\s+are|\s+has|\s+have|\s+can't|\s+doesn't)\s+(?P<what>[^,]+),\s+"
    r"(?P<rest>.+)$"
)


def claims_within(text: str) -> list[str]:
    """What a statement may carry of a refused one: its clauses, each side of an "and"
    between two clauses, and a claim said aside ("X, who's Y, …" carries "X is Y").
    Read when matching only; a tombstone keeps its own clauses."""
    found = clauses(text)
    if (aside := _ASIDE.match(text.strip())) is not None:
        verb = {"'s": "is", "'re": "are"}.get(aside["verb"], aside["verb"].strip())
        found += [f"{aside['who']} {verb} {aside['what']}", f"{aside['who']} {aside['rest']}"]
    for said in [text, *found]:
        sides = [p.strip(" .!?") for p in _AND.split(said.strip(" .!?"))]
        if len(sides) >= 2 and all(len(side.split()) >= 3 for side in sides):
            found += [side for side in sides if side not in found]
    return found


class _MarksOf:
    """A statement's marks, read at each version a tombstone was written with (one written
    before times were read as one mark keeps its old marks, and is compared as it was)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._read: dict[int, Marks] = {}
        self._keys: dict[int, list[str]] = {}

    def at(self, version: int) -> Marks:
        if version not in self._read:
            self._read[version] = Marks.of(self.text, version)
        return self._read[version]

    def keys(self, version: int) -> list[str]:
        if version not in self._keys:
            self._keys[version] = keys_of(self.text, self.at(version))
        return self._keys[version]


def _part(text: str, vector: bytes | None, model: str | None) -> dict[str, object]:
    """One clause of a refused statement, kept as the whole is: never its words."""
    part: dict[str, object] = {"fingerprint": fingerprint(text), "marks": Marks.of(text).to_json()}
    if vector is not None:
        part.update(vector=base64.b64encode(vector).decode(), model=model)
    return part


def prints_of(text: str) -> frozenset[str]:
    """The fingerprints a tombstone of these words may hold: today's, and the one made
    before look-alike letters were folded (the same for plain words)."""
    return frozenset({fingerprint(text), unfolded_fingerprint(text)})


@dataclass(frozen=True)
class Tombstone:
    fingerprint: str
    text: str | None  # what was refused: given to `add`, stored only when asked to be kept
    reason: str
    date: str  # YYYY-MM-DD
    fact_id: str
    actor: str
    kind: str  # "discard" (a proposal), "retract" or "supersede" (a live fact)
    vector: str | None = None  # base64 float32, unit length
    model: str | None = None  # the embedder that made `vector`
    marks: dict[str, object] | None = None  # `Marks.to_json()`
    format: int = 1  # lines without it predate format 2
    # each clause of what was refused, when it held two or more ("Alfie's got a dairy
    # allergy so no cheese on his"): its fingerprint, vector and marks, as for the whole
    parts: list[dict[str, object]] | None = None
    keys: list[str] | None = None  # `keys_of` the text: what it is about, as hashes

    @classmethod
    def from_json(cls, line: str) -> Tombstone:
        return cls(**json.loads(line))

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True, ensure_ascii=False)

    def todays_fingerprint(self) -> str:
        """The fingerprint by today's rule: a line from before fingerprints kept meaning
        words gets it remade from its text, while it still holds the text."""
        if self.text and is_legacy_fingerprint(self.fingerprint):
            return fingerprint(self.text)
        return self.fingerprint

    def covers(self, text: str, prints: frozenset[str] | None = None) -> bool:
        """Whether these are the words this tombstone refused, by fingerprint.

        `prints`: the text's fingerprints (`prints_of`), if the caller has them. A
        tombstone made before look-alikes were folded holds the unfolded fingerprint; one
        made before fingerprints kept prepositions, modals and numbers holds the legacy
        one and, without its text, is compared by that: an old refusal is honoured even
        where it may be too broad (the cost is a review, never a fact coming back)."""
        prints = prints or prints_of(text)
        if self.todays_fingerprint() in prints:
            return True
        if any(part.get("fingerprint") in prints for part in self.parts or ()):
            return True  # one clause of what was refused, said alone
        if not self.text and is_legacy_fingerprint(self.fingerprint):
            return self.fingerprint == legacy_fingerprint(text)
        return False

    def vector_bytes(self) -> bytes | None:
        return base64.b64decode(self.vector) if self.vector else None

    def said_no(self, what: str = "this") -> str:
        """ "you discarded this on 2026-11-30 (reason)": what a re-said fact is marked with."""
        verb = {"discard": "discarded", "supersede": "replaced"}.get(self.kind, "retracted")
        who = "you" if self.actor in ("cli", "panel") else self.actor
        return f"{who} {verb} {what} on {self.date} ({self.reason})"


@dataclass(frozen=True)
class _Row:
    """A tombstone as a row of recall's VectorTable (which ranks entries by rowid and id)."""

    rowid: int
    id: str
    stone: Tombstone
    marks: object  # the marks of what this row's vector was made from: the whole, or a clause


class TombstoneLog:
    def __init__(self, path: Path, embedder: Callable[[], Embedder | None] | None = None):
        self.path = path
        self._embedder_loader = embedder
        self._cache: tuple[tuple[int, int, int], list[Tombstone]] | None = None
        self._table: tuple[list[Tombstone], str, VectorTable] | None = None

    def _embedder(self) -> Embedder | None:
        return self._embedder_loader() if self._embedder_loader is not None else None

    def add(self, tombstone: Tombstone, *, keep_text: bool = False) -> Tombstone:
        """Write one tombstone; returns it as stored. Callers hold the store lock.

        `tombstone.text` is what was refused: the check's vector and marks are
        made from it, and it is dropped unless `keep_text`.
        """
        if any(old.format < FORMAT for old in self):
            self._rewrite_without_text()
        stored = self._sealed(tombstone, keep_text=keep_text)
        append_line(self.path, stored.to_json() + "\n")
        return stored

    def _sealed(self, tombstone: Tombstone, *, keep_text: bool) -> Tombstone:
        """The tombstone in format 2: vector and marks from its text, the text only if kept."""
        [sealed] = self._seal_many([tombstone], keep_text=keep_text)
        return sealed

    def _seal_many(self, stones: list[Tombstone], *, keep_text: bool) -> list[Tombstone]:
        texts = [s.text for s in stones if s.text and s.vector is None]
        parts = [part for s in stones if s.text and s.parts is None for part in _kept_parts(s.text)]
        vectors = dict(zip(texts + parts, self._embed(texts + parts), strict=True))
        model = getattr(self._embedder(), "model_id", None)
        out = []
        for stone in stones:
            text = stone.text
            if not text:
                out.append(replace(stone, text=None, format=FORMAT))
                continue
            vector = vectors.get(text)
            out.append(
                replace(
                    stone,
                    text=text if keep_text else None,
                    marks=Marks.of(text).to_json(),
                    fingerprint=stone.todays_fingerprint(),
                    vector=stone.vector if vector is None else base64.b64encode(vector).decode(),
                    model=stone.model if vector is None else model,
                    format=FORMAT,
                    parts=stone.parts
                    if stone.parts is not None
                    else [_part(c, vectors.get(c), model) for c in _kept_parts(text)] or None,
                    keys=stone.keys if stone.keys is not None else keys_of(text),
                )
            )
        return out

    def _embed(self, texts: list[str]) -> list[bytes | None]:
        """Passage vectors, or None each where no model answers (the fingerprint still holds).

        A model that fails here must not stop a person's Discard.
        """
        embedder = self._embedder() if texts else None
        if embedder is None:
            return [None] * len(texts)
        try:
            return list(embedder.passages(texts))
        except Exception as exc:  # an onnxruntime failure costs the vector, never the discard
            log.warning("tombstone vectors not made (%s); matched by fingerprint only", exc)
            return [None] * len(texts)

    def _rewrite_without_text(self) -> None:
        """Drop the text from format-1 lines (they kept it without being asked), durably."""
        stones = list(self)
        old = [s for s in stones if s.format < FORMAT]
        sealed = iter(self._seal_many(old, keep_text=False))
        stones = [next(sealed) if s.format < FORMAT else s for s in stones]
        data = "".join(stone.to_json() + "\n" for stone in stones).encode("utf-8")
        commit_temp(write_temp(self.path, data), self.path)
        log.info("tombstones.jsonl rewritten without the text of %d old line(s)", len(old))

    def __iter__(self) -> Iterator[Tombstone]:
        return iter(self._all())

    def _all(self) -> list[Tombstone]:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return []
        key = (st.st_ino, st.st_size, st.st_mtime_ns)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        stones = []
        with self.path.open(encoding="utf-8", errors="replace") as handle:
            for number, line in enumerate(handle, start=1):
                if not line.strip():
                    continue
                try:
                    stones.append(Tombstone.from_json(line))
                except (ValueError, TypeError):
                    # A torn last line from a power cut: the discard it belonged
                    # to never finished, so its proposal is still in the inbox.
                    log.warning("tombstones.jsonl line %d is unreadable; skipped", number)
        self._cache = (key, stones)
        return stones

    def find(self, fingerprint: str) -> Tombstone | None:
        for tombstone in self:
            if tombstone.fingerprint == fingerprint:
                return tombstone
        return None

    def matching(
        self, text: str, vector: bytes | None = None, people: Iterable[str] = ()
    ) -> Tombstone | None:
        """The tombstone a person left for these words (discarded or retracted), if any,
        or for the same meaning in other words where the embedder is installed
        (`find_similar`; `vector` is the text's passage embedding if the caller has one).

        Read whole, then in each claim it carries and in the other words of its diet or
        health fact (`wordings.other_wordings`). By fingerprint first (`Tombstone.covers`:
        look-alike letters, accents, format characters and spaced-out letters are folded,
        so "оat" with a Cyrillic "о" is "oat"), then by meaning. `people`: the household's
        names, so words said in the first person are read as of each of them too.
        """
        if not self._all():
            return None  # nothing refused: asked of every sentence a reply says (bounds.py)
        parts = claims_within(text)
        # a relation said from its other side ("Halina is married to Dariusz"), and a name
        # said between commas left as the one said of ("Fatima's husband, Karim, is…")
        if (relation := relation_said(text)) is not None:
            parts.append(relation)
        parts += [aside for aside in without_asides(text) if aside not in parts]
        if (theirs := as_said_by_them(text)) is not None:  # "Dave's mum" as Dave says it
            parts.append(theirs)
        # "my girlfriend's name is Ashley" as of each of the household a refusal named
        # (Jayden's): only those, so a statement is read again a few times, not once a name
        theirs_said = as_said_of(text, self._named(people))
        for theirs in theirs_said:  # each whole, and what it says before a comma
            head = theirs.split(",")[0].strip()
            parts += [said for said in dict.fromkeys((theirs, head)) if said not in parts]
        # the statement and each part in plain words too, as the tombstone keeps its own
        parts += [
            plain
            for plain in dict.fromkeys(in_plain_words(said) for said in (text, *parts))
            if plain != text and plain not in parts
        ]
        # the same fact of diet or health in its other words: "Priya doesn't eat meat" holds
        # a refused "Priya is vegetarian" (an eighth trial's went live)
        parts += [other for said in (text, *parts) for other in other_wordings(said)]
        for said, said_vector in ((text, vector), *((part, None) for part in parts)):
            prints = prints_of(said)  # the whole, then each clause: "…, so don't lock yourself out"
            for tombstone in self:
                if tombstone.covers(said, prints):
                    return tombstone
            if (similar := self.find_similar(said, said_vector)) is not None:
                return similar
        return self.find_same_key(text)

    def _named(self, people: Iterable[str]) -> set[str]:
        """Of `people`, those a refusal names by its marks; all of them where a refusal's
        marks name no one."""
        names: set[str] = set()
        for tombstone in self:
            named = tombstone.marks.get("names") if tombstone.marks is not None else None
            if not isinstance(named, list) or not named:
                # no name read from it ("Arjun doesn't eat beef.": a first word English also
                # has is no name to the marks), so it may be of anyone
                return set(people)
            names.update(str(name) for name in named)
        return {person for person in people if name_marks(person) & names}

    def find_same_key(self, text: str) -> Tombstone | None:
        """The tombstone these words restate by what they are about (`same_key`)."""
        marks = _MarksOf(text)
        for tombstone in self:
            if tombstone.marks is None:
                continue
            try:
                theirs = Marks.from_json(tombstone.marks)
            except (ValueError, TypeError):
                continue  # marks damaged by hand: matched by fingerprint only
            mine = marks.at(theirs.version)
            keys = marks.keys(theirs.version)
            if same_key(mine, keys, theirs, tombstone.keys or [], marks.text):
                return tombstone
        return None

    def find_similar(self, text: str, vector: bytes | None = None) -> Tombstone | None:
        """The tombstone that means what `text` means in other words (embedder installed):
        a cosine at or above the model's threshold, with marks that agree.

        `vector` is the text's passage embedding if the caller already has one.
        None in keyword mode, where the fingerprint rules.
        """
        embedder = self._embedder()
        threshold = SAME_MEANING.get(embedder.model_id) if embedder is not None else None
        if embedder is None or threshold is None:
            return None  # keyword mode: the fingerprint rules
        table = self._vector_table(embedder.model_id)
        if len(table) == 0:
            return None
        query = vector if vector is not None else self._embed([text])[0]
        if query is None:
            return None
        marks = _MarksOf(text)
        before_v3 = SAME_MEANING_BEFORE_V3.get(embedder.model_id, threshold)
        for row, score in table.nearest(query, threshold, len(table), lambda _row: True):
            try:
                theirs = Marks.from_json(row.marks or {})
            except (ValueError, TypeError):
                continue  # marks damaged by hand: this one matches by fingerprint only
            if theirs.version < 3 and score < before_v3:
                continue
            (mine, _), (theirs, _) = named_alike(
                marks.at(theirs.version),
                marks.keys(theirs.version),
                theirs,
                row.stone.keys or [],
                marks.text,
            )
            if contrast(mine, theirs) is None:
                return row.stone
        return None

    def _vector_table(self, model: str) -> VectorTable:
        """The vectors of `model`'s tombstones as one matrix, rebuilt only when the file changes."""
        stones = self._all()
        if self._table is not None and self._table[0] is stones and self._table[1] == model:
            return self._table[2]
        usable: list[tuple[Tombstone, object, object]] = [
            (t, t.vector, t.marks) for t in stones if t.vector and t.marks and t.model == model
        ]
        usable += [
            (t, part.get("vector"), part.get("marks"))
            for t in stones
            for part in t.parts or ()
            if part.get("vector") and part.get("marks") and part.get("model") == model
        ]
        rows = [_Row(n, t.fact_id, t, marks) for n, (t, _, marks) in enumerate(usable)]
        vectors = [base64.b64decode(str(vector)) for _, vector, _ in usable]
        table = VectorTable(0, vectors, rows)
        self._table = (stones, model, table)
        return table
