"""The Brain as the web's ChatService: a client's own history, and real token counts.

Two things an OpenAI client expects that the brain's turn API does not give:

- **its history**: a request without `X-Hearth-Thread` starts a fresh brain
  thread holding the user and assistant messages the client sent (so two
  clients never share one, and the brain hears the conversation the client has);
- **usage**: the chat model is wrapped in a `MeteredModel` that counts, on the
  thread making the answer, the prompt tokens of every generate call and the
  tokens of what it generated (the model's own tokenizer). The note-taker keeps
  the unwrapped model, so its work is never billed to a chat.
"""

from __future__ import annotations

import threading
from collections.abc import Generator, Iterator, Sequence
from typing import Any

from appliance.brain import Brain, ReplyStream
from appliance.brain.threads import CLIENT_HISTORY, new_thread_id
from appliance.web.service import Usage


class _Meter:
    def __init__(self) -> None:
        self.prompt_tokens = 0
        self.completion_tokens = 0


class MeteredModel:
    """A chat model that counts the tokens of the answer being made on this thread."""

    def __init__(self, model: Any) -> None:
        self._model = model
        self._local = threading.local()

    def __getattr__(self, name: str) -> Any:  # name, path, context, tokenize, lock, ...
        return getattr(self._model, name)

    def start(self) -> _Meter:
        meter = _Meter()
        self._local.meter = meter
        return meter

    def stop(self) -> None:
        self._local.meter = None

    def generate(self, tokens: Sequence[int], **options: Any) -> Iterator[str]:
        meter: _Meter | None = getattr(self._local, "meter", None)
        if meter is not None:
            meter.prompt_tokens += len(tokens)
        made: list[str] = []
        try:
            for piece in self._model.generate(tokens, **options):
                made.append(piece)
                yield piece
        finally:
            if meter is not None and made:
                meter.completion_tokens += len(self._model.tokenize("".join(made)))


class _BrainTurn:
    def __init__(self, stream: ReplyStream, model: MeteredModel) -> None:
        self._stream = stream
        self._model = model
        self.thread_id = stream.thread_id
        self._usage = Usage()
        self._pieces = self._run()

    def _run(self) -> Generator[str, None, None]:
        meter = self._model.start()  # on the thread that iterates: the one the model runs on
        try:
            yield from self._stream
        finally:
            self._model.stop()
            self._usage = Usage(meter.prompt_tokens, meter.completion_tokens)

    def __iter__(self) -> Iterator[str]:
        return self._pieces

    @property
    def text(self) -> str:
        return self._stream.text

    @property
    def usage(self) -> Usage:
        return self._usage

    def close(self) -> None:
        self._pieces.close()
        iter(self._stream).close()  # never started: a no-op


class BrainChat:
    def __init__(self, brain: Brain) -> None:
        self.brain = brain
        self.model = MeteredModel(brain.chat_model)
        brain.chat_model = self.model  # the note-taker keeps its own reference, unmetered

    def stream(
        self,
        text: str,
        thread_id: str | None = None,
        history: Sequence[tuple[str, str]] = (),
        *,
        heard: bool = False,
    ) -> _BrainTurn:
        if thread_id is None:
            thread_id = self._fresh(history)
        return _BrainTurn(self.brain.stream(text, thread_id, heard=heard), self.model)

    def _fresh(self, history: Sequence[tuple[str, str]]) -> str:
        """A fresh thread holding the client's history, and what Hearth asked at its end."""
        thread_id = new_thread_id()
        own = None  # Hearth's own last answer, where the history is the end of its thread
        if history and (ended := self.brain.threads.continued(history)) is not None:
            # the client's history ends with an answer of Hearth's: the question Hearth
            # asked there ("For how long?") waits in this thread too; that thread, its
            # words and its own question stay its own
            self.brain.router.carry(ended, thread_id)
            own = self.brain.threads.recent(ended, 1)[-1]
            # and what that answer cited, so "say that again" never replays a fact
            # taken back since
            self.brain.routes.cited[thread_id] = self.brain.routes.cited.get(ended, ())
        # The history goes in before the turn is made, so the turn hears it whole: the
        # router reads the thread as the turn is made, and "Does she eat meat?" after
        # "Who is Shira?" over a phone found no one named (an eighteenth trial's).
        # kept as the client's: "pardon?" never reads its assistant turns as Hearth's,
        # but for the last, where it is Hearth's own answer word for word (threads.
        # continued): a sixteenth trial's phone got "I haven't said anything yet"
        last = len(history) - 1
        for n, (role, said) in enumerate(history):
            as_own = own is not None and n == last and role == "assistant"
            route = own.route if as_own and own is not None else CLIENT_HISTORY
            self.brain.threads.add(thread_id, role, said, route)
        return thread_id

    def health(self) -> dict[str, Any]:
        return self.brain.health()

    def close(self) -> None:
        self.brain.close()
