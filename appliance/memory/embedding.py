"""The semantic arm's model for one process: loaded on first need, once, and shared.

Recall, the guard and the tombstones all ask the same `Embedding` for vectors; the
process that opens memory decides which (appliance/composition.py gives every
`Memory` of a process the same one, so `hearth run` loads the model once). Loading
is deferred to the first question or write that needs it: `hearth memory list`
never pays for it.

    embedding = Embedding.installed(settings)   # the semantic extra's model, lazily
    embedding = Embedding.of(model)              # an embedder already loaded (tests)
    embedding = Embedding.none()                 # keyword mode
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from appliance.config import Settings


class Embedder(Protocol):
    """What memory needs of an embedding model (appliance.memory.embed has the real ones)."""

    model_id: str

    def passages(self, texts: Sequence[str]) -> list[bytes]: ...

    def query(self, text: str) -> bytes: ...


class Embedding:
    """One embedding model, loaded at most once, with a thread for questions."""

    def __init__(self, load: Callable[[], Embedder | None]) -> None:
        self._load = load
        self._model: Embedder | None = None
        self._loaded = False
        self._loading = threading.Lock()
        self._worker: ThreadPoolExecutor | None = None

    @classmethod
    def installed(cls, settings: Settings) -> Embedding:
        """The installed model (the `semantic` extra), unless settings turn semantic off."""
        if not settings.semantic:
            return cls.none()

        def load() -> Embedder | None:
            from appliance.memory.embed import load_embedder

            return load_embedder()

        return cls(load)

    @classmethod
    def of(cls, model: Embedder | None) -> Embedding:
        return cls(lambda: model)

    @classmethod
    def none(cls) -> Embedding:
        return cls(lambda: None)

    @property
    def model(self) -> Embedder | None:
        """The model, loaded on first use (None: keyword mode)."""
        if not self._loaded:
            with self._loading:
                if not self._loaded:
                    self._model = self._load()
                    self._loaded = True
        return self._model

    def query_later(self, text: str) -> Future[bytes]:
        """The question's vector, computed on a worker thread while the keyword arm runs.

        onnxruntime and SQLite both let go of the GIL, so the two arms overlap.
        """
        model = self.model
        assert model is not None, "query_later needs a model; check `model` first"
        with self._loading:
            if self._worker is None:
                self._worker = ThreadPoolExecutor(1, thread_name_prefix="hearth-question")
            return self._worker.submit(model.query, text)

    def close(self) -> None:
        with self._loading:
            if self._worker is not None:
                self._worker.shutdown(wait=False)
                self._worker = None
