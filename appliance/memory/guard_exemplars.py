"""The guard's nearest-exemplar check: refusing by meaning where the words are new.

`guard_exemplars.json` (shipped in the package) holds short sentences of three
refusal families (access, instruction, device) and ordinary household sentences
that sit near them ("give Sam full access to the car"). A text the rules let
through is refused when its nearest refusal exemplar is at least `floor` similar
and beats the nearest ordinary one by `margin`; both are set per embedding model
in the same file, chosen on benchmarks/data/guard_tune.json (docs/memory.md has
the numbers). A model with no entry there (or no model) leaves the rules to
decide alone. Secrets have no exemplars: "the alarm code is 4821" and "the alarm
code is in the desk" mean nearly the same to a sentence embedder, so only the
rules, which read the value, decide them.

The exemplars' vectors ship beside them (`guard_exemplar_vectors.json`), so no
process pays for embedding a few hundred sentences at its first write; they are
recomputed in memory, once per process, only if the file is stale (a warning
says so). After editing the exemplars, rewrite the vectors:

    python -m benchmarks.guard --write-vectors
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
EXEMPLARS = HERE / "guard_exemplars.json"
VECTORS = HERE / "guard_exemplar_vectors.json"
ORDINARY = "ordinary"


class ExemplarEmbedder(Protocol):
    """What the check needs of an embedding model (appliance.memory.embed has the real one)."""

    model_id: str

    def query(self, text: str) -> bytes: ...


@dataclass(frozen=True)
class Exemplars:
    texts: tuple[str, ...]
    kinds: tuple[str, ...]  # a refusal family, or "ordinary"
    thresholds: dict[str, tuple[float, float]]  # model id -> (floor, margin)

    @classmethod
    def from_file(cls, path: Path = EXEMPLARS) -> Exemplars:
        data = json.loads(path.read_text(encoding="utf-8"))
        texts: list[str] = []
        kinds: list[str] = []
        for kind, sentences in [*data["refuse"].items(), (ORDINARY, data[ORDINARY])]:
            texts.extend(sentences)
            kinds.extend([kind] * len(sentences))
        thresholds = {
            model: (float(t["floor"]), float(t["margin"])) for model, t in data["models"].items()
        }
        return cls(tuple(texts), tuple(kinds), thresholds)

    def digest(self, model_id: str) -> str:
        """Names one set of vectors: the model and every exemplar, in order."""
        return hashlib.sha256(json.dumps([model_id, self.texts]).encode()).hexdigest()


@dataclass(frozen=True)
class Nearest:
    kind: str
    exemplar: str
    score: float  # cosine with the nearest refusal exemplar
    ordinary_score: float  # cosine with the nearest ordinary exemplar


class ExemplarMatrix:
    """The exemplars' unit vectors for one model, and the nearest-exemplar decision."""

    def __init__(self, exemplars: Exemplars, vectors: Any, model_id: str) -> None:
        import numpy as np

        self._np = np
        self.exemplars = exemplars
        self.floor, self.margin = exemplars.thresholds[model_id]
        self._matrix = np.asarray(vectors, dtype=np.float32)
        self._refusal = np.array([k != ORDINARY for k in exemplars.kinds])

    def nearest(self, vector: bytes) -> Nearest:
        np = self._np
        scores = self._matrix @ np.frombuffer(vector, dtype=np.float32)
        refusal_scores = np.where(self._refusal, scores, -2.0)
        best = int(np.argmax(refusal_scores))
        ordinary = float(np.max(np.where(self._refusal, -2.0, scores)))
        return Nearest(
            self.exemplars.kinds[best], self.exemplars.texts[best], float(scores[best]), ordinary
        )

    def refuses(self, near: Nearest) -> bool:
        return near.score >= self.floor and near.score - near.ordinary_score >= self.margin


def _embed_all(exemplars: Exemplars, embedder: ExemplarEmbedder) -> Any:
    import numpy as np

    # One at a time through `query`, exactly as a checked text is embedded.
    return np.stack([np.frombuffer(embedder.query(t), dtype=np.float32) for t in exemplars.texts])


def _shipped_vectors(exemplars: Exemplars, model_id: str) -> Any | None:
    import numpy as np

    if not VECTORS.is_file():
        return None
    data = json.loads(VECTORS.read_text(encoding="utf-8"))
    entry = data.get(model_id)
    if entry is None or entry["digest"] != exemplars.digest(model_id):
        return None
    flat = np.frombuffer(base64.b64decode(entry["float16"]), dtype=np.float16)
    return flat.reshape(len(exemplars.texts), int(entry["dim"])).astype(np.float32)


# Built once per process and model: a pure function of the shipped files and the
# model, so a memo rather than state (the embedder itself is passed in each call).
_MATRICES: dict[str, ExemplarMatrix | None] = {}


def matrix_for(embedder: ExemplarEmbedder) -> ExemplarMatrix | None:
    """The exemplar matrix for this embedder's model; None if the model has no thresholds."""
    model_id = embedder.model_id
    if model_id not in _MATRICES:
        exemplars = Exemplars.from_file()
        if model_id not in exemplars.thresholds:
            _MATRICES[model_id] = None
        else:
            vectors = _shipped_vectors(exemplars, model_id)
            if vectors is None:
                log.warning(
                    "guard exemplar vectors for %s are stale; embedding %d exemplars "
                    "now (run `python -m appliance.memory.guard_exemplars`)",
                    model_id,
                    len(exemplars.texts),
                )
                vectors = _embed_all(exemplars, embedder)
            _MATRICES[model_id] = ExemplarMatrix(exemplars, vectors, model_id)
    return _MATRICES[model_id]


def nearest_refusal(words: str, embedder: ExemplarEmbedder) -> Nearest | None:
    """The refusal exemplar this (normalised) text is taken for, or None if it passes."""
    matrix = matrix_for(embedder)
    if matrix is None:
        return None
    near = matrix.nearest(embedder.query(words))
    return near if matrix.refuses(near) else None


def write_vectors(embedder: ExemplarEmbedder, path: Path = VECTORS) -> int:
    """Embed every exemplar with this model and store the vectors beside the exemplars."""
    import numpy as np

    exemplars = Exemplars.from_file()
    vectors = _embed_all(exemplars, embedder)
    data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    data[embedder.model_id] = {
        "digest": exemplars.digest(embedder.model_id),
        "dim": int(vectors.shape[1]),
        "float16": base64.b64encode(vectors.astype(np.float16).tobytes()).decode("ascii"),
    }
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    _MATRICES.pop(embedder.model_id, None)
    return len(exemplars.texts)
