"""The model seam: a `Model` protocol, and `LlamaModel`, the only code that imports llama_cpp.

Everything else in the brain speaks to a `Model`: tokenize text (template
markup with special tokens on, anything a person or memory said with them off,
so "<|im_start|>" typed by a user stays plain text), then generate text pieces
from a token list, optionally constrained by a JSON schema turned into a
grammar. Each model serialises its own calls with `lock`: one llama.cpp
context cannot run two generations at once.

llama-cpp-python keeps the tokens it last evaluated and reuses the longest
common prefix of the next prompt, so a prompt whose first part is
token-identical between turns skips re-reading it (see prompt.py).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol, cast

from appliance.config import threads_for
from appliance.errors import ConfigError

log = logging.getLogger(__name__)

_TOKEN_CACHE_SIZE = 32  # static prompt parts repeat every turn; keep their tokens


class Model(Protocol):
    """What the brain needs from a language model."""

    name: str
    context: int
    lock: threading.RLock

    def tokenize(self, text: str, *, markup: bool = False, bos: bool = False) -> list[int]: ...

    def generate(
        self,
        tokens: Sequence[int],
        *,
        max_tokens: int,
        stop: Sequence[str] = (),
        schema: dict[str, Any] | None = None,
    ) -> Iterator[str]: ...

    def chat_template(self) -> str: ...


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """llama.cpp writes some load-time notes straight to fd 2 even with verbose=False;
    a person at `hearth chat` should not see them. Errors still raise as exceptions."""
    try:
        saved = os.dup(2)
    except OSError:  # no stderr at all: nothing to hide
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class LlamaModel:
    """A GGUF model loaded in this process through llama-cpp-python."""

    def __init__(self, path: Path, *, context: int = 2048, threads: int = 0) -> None:
        try:
            import llama_cpp
        except ImportError as exc:
            raise ConfigError(
                "llama-cpp-python is not installed; `pip install 'hearth-appliance[brain]'`"
            ) from exc
        self._llama_cpp = llama_cpp
        self.path = Path(path)
        self.name = self.path.stem
        self.threads = threads_for(threads)
        try:
            with _quiet_stderr():
                self._llama = llama_cpp.Llama(
                    model_path=str(self.path),
                    n_ctx=context,
                    n_threads=self.threads,
                    n_threads_batch=self.threads,
                    verbose=False,
                )
        except (ValueError, RuntimeError) as exc:
            raise ConfigError(f"llama.cpp cannot load {self.path}: {exc}") from exc
        self.context = self._llama.n_ctx()
        self.lock = threading.RLock()
        self._tokens: OrderedDict[tuple[str, bool, bool], list[int]] = OrderedDict()
        self._grammars: dict[str, Any] = {}
        log.info(
            "loaded %s (%d tokens of context, %d threads)", self.path, self.context, self.threads
        )

    @property
    def llama(self) -> Any:
        """The underlying llama_cpp.Llama, for benchmarks that compare against it."""
        return self._llama

    def chat_template(self) -> str:
        return str(self._llama.metadata.get("tokenizer.chat_template", ""))

    def tokenize(self, text: str, *, markup: bool = False, bos: bool = False) -> list[int]:
        key = (text, markup, bos)
        cached = self._tokens.get(key)
        if cached is not None:
            self._tokens.move_to_end(key)
            return list(cached)
        tokens = self._llama.tokenize(text.encode("utf-8"), add_bos=bos, special=markup)
        self._tokens[key] = tokens
        if len(self._tokens) > _TOKEN_CACHE_SIZE:
            self._tokens.popitem(last=False)
        return list(tokens)

    def _grammar(self, schema: dict[str, Any]) -> Any:
        text = json.dumps(schema, sort_keys=True)
        grammar = self._grammars.get(text)
        if grammar is None:
            grammar = self._llama_cpp.LlamaGrammar.from_json_schema(text, verbose=False)
            self._grammars[text] = grammar
        return grammar

    def generate(
        self,
        tokens: Sequence[int],
        *,
        max_tokens: int,
        stop: Sequence[str] = (),
        schema: dict[str, Any] | None = None,
    ) -> Iterator[str]:
        """Text pieces as they are sampled (greedy, so the same prompt gives the same text)."""
        grammar = self._grammar(schema) if schema is not None else None
        with self.lock:
            chunks = self._llama.create_completion(
                list(tokens),
                max_tokens=max_tokens,
                temperature=0.0,
                repeat_penalty=1.1,
                stop=list(stop),
                grammar=grammar,
                stream=True,
            )
            # stream=True: llama-cpp-python returns an iterator of chunks, typed as either
            for chunk in cast("Iterator[dict[str, Any]]", chunks):
                piece = chunk["choices"][0]["text"]
                if piece:
                    yield piece


def load(path: Path, *, context: int, threads: int) -> LlamaModel:
    from appliance.brain.models import check_gguf

    check_gguf(path)
    return LlamaModel(path, context=context, threads=threads)
