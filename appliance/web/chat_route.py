"""POST /v1/chat/completions: the request read and checked, the turn queued for the
model, and the answer whole or streamed as server-sent events."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from typing import Any, NoReturn

import bottle

from appliance.brain import BadThreadId, EmptyMessage, MessageTooLong
from appliance.endpoint import HEARD_HEADER, THREAD_HEADER
from appliance.errors import HearthError
from appliance.web import openai_api
from appliance.web.bodies import read_body
from appliance.web.failures import fail as _fail
from appliance.web.model_queue import ModelQueue, QueueFull, Ticket
from appliance.web.openai_api import BadRequest, ChatRequest
from appliance.web.service import ChatService, ChatTurn, Usage

log = logging.getLogger(__name__)

REFUSED_INPUT = (EmptyMessage, MessageTooLong, BadThreadId)


def answer(chat: ChatService, queue: ModelQueue) -> Any:
    """POST /v1/chat/completions: one turn, queued for the model, streamed or whole."""
    chat_request = _chat_request()
    ticket = _admit(queue)
    try:
        ticket.wait_for_turn()
    except QueueFull as full:
        _busy(full)
    try:
        turn: ChatTurn = _call_model(
            lambda: chat.stream(
                chat_request.text,
                chat_request.thread_id,
                chat_request.history,
                heard=chat_request.heard,
            )
        )
    except BaseException:
        ticket.release()
        raise
    bottle.response.set_header(THREAD_HEADER, turn.thread_id)
    if chat_request.stream:
        return _Streamed(ticket, turn, chat_request.include_usage)
    with ticket:
        try:
            _call_model(lambda: [None for _ in turn])
        finally:
            turn.close()
    return openai_api.completion(
        turn.text, cid=openai_api.completion_id(), usage=_usage(turn.usage)
    )


def _chat_request() -> ChatRequest:
    body = read_body()
    if not body.strip():
        _fail(
            400,
            "the request body is empty; send a JSON object with a messages list",
            "invalid_request_error",
        )
    try:
        decoded = json.loads(body.decode("utf-8-sig"))  # JSON on the wire is UTF-8 (RFC 8259)
    except UnicodeDecodeError:
        _fail(400, "the request body is not UTF-8", "invalid_request_error")
    except json.JSONDecodeError as exc:
        _fail(
            400,
            f"malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}",
            "invalid_request_error",
        )
    except RecursionError:  # fifty thousand "[": the decoder recurses once per level
        _fail(400, "the JSON is nested too deeply to be a chat request", "invalid_request_error")
    except ValueError:  # an integer past Python's 4,300-digit conversion limit
        _fail(
            400,
            "the JSON holds a number too long to read (over 4,300 digits)",
            "invalid_request_error",
        )
    if _has_lone_surrogate(decoded):
        _fail(
            400,
            "the JSON holds a lone surrogate escape (\\ud800-\\udfff without its pair), "
            "which is not text",
            "invalid_request_error",
        )
    try:
        return openai_api.parse_chat_request(
            decoded,
            bottle.request.get_header(THREAD_HEADER),
            bottle.request.get_header(HEARD_HEADER),
        )
    except BadRequest as bad:
        _fail(400, str(bad), "invalid_request_error", param=bad.param)


def _has_lone_surrogate(decoded: object) -> bool:
    """True if a decoded JSON value holds a string UTF-8 cannot encode.

    JSON lets "\\ud800" stand alone; Python decodes it into a str that fails
    later, wherever it is first written (the chat store, the reply), as a 500.
    Walked with a list, not recursion: the decoder allows deeper nesting than
    a recursive walk would survive.
    """
    waiting = [decoded]
    while waiting:
        value = waiting.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(value, dict):
            waiting += value.keys()
            waiting += value.values()
        elif isinstance(value, list):
            waiting += value
    return False


def _admit(queue: ModelQueue) -> Ticket:
    try:
        return queue.admit()
    except QueueFull as full:
        _busy(full)


def _busy(full: QueueFull) -> NoReturn:
    _fail(
        503, str(full), "server_busy", "queue_full", headers={"Retry-After": str(full.retry_after)}
    )


def _call_model(call: Any) -> Any:
    """Run a model call; a person-readable HearthError keeps its message, anything else not."""
    try:
        return call()
    except REFUSED_INPUT as exc:
        _fail(400, str(exc), "invalid_request_error", "refused_input")
    except HearthError as exc:
        log.warning("the brain refused a request: %s", exc)
        _fail(500, str(exc), "server_error", "brain_error")
    except Exception:
        log.exception("the brain failed on a request")
        _fail(
            500,
            "Hearth could not answer that (an internal error; the server log has the details)",
            "server_error",
            "internal_error",
        )


# -- streaming -----------------------------------------------------------------------


class _Streamed:
    """The SSE body of a streaming reply; it holds the model until it ends or is closed.

    The server calls close() when the client goes away or the body is done; that
    stops generation and frees the model even if the body was never iterated.
    """

    def __init__(self, ticket: Ticket, turn: ChatTurn, include_usage: bool) -> None:
        self._ticket = ticket
        self._turn = turn
        self._events = _stream_events(turn, include_usage)
        bottle.response.content_type = "text/event-stream; charset=utf-8"
        bottle.response.set_header("Cache-Control", "no-cache")
        bottle.response.set_header("X-Accel-Buffering", "no")

    def __iter__(self) -> Iterator[bytes]:
        return self._events

    def close(self) -> None:
        try:
            self._events.close()  # type: ignore[attr-defined]
            self._turn.close()  # a body closed before it began never reached _stream_events
        finally:
            self._ticket.release()


def _stream_events(turn: ChatTurn, include_usage: bool) -> Iterator[bytes]:
    """SSE chunks of a started turn; closing the turn (the client went away) stops
    generation and lets the brain save what was said."""
    cid, created = openai_api.completion_id(), int(time.time())
    try:
        yield openai_api.chunk(cid, created, {"role": "assistant"})
        for piece in turn:
            if piece:
                yield openai_api.chunk(cid, created, {"content": piece})
        yield openai_api.chunk(cid, created, {}, "stop")
        if include_usage:
            yield openai_api.usage_chunk(cid, created, _usage(turn.usage))
        yield openai_api.SSE_DONE
    except HearthError as exc:
        # Headers are gone already: the error travels as an event the openai client raises.
        log.warning("the brain refused a streamed request: %s", exc)
        yield openai_api.sse(openai_api.error_body(str(exc), "server_error", "brain_error"))
    except Exception:
        log.exception("the brain failed while streaming")
        yield openai_api.sse(
            openai_api.error_body(
                "Hearth could not finish that answer (an internal error; the server log has the "
                "details)",
                "server_error",
                "internal_error",
            )
        )
    finally:
        turn.close()  # at once, not whenever the garbage collector gets to it


def _usage(usage: Usage) -> dict[str, int]:
    return openai_api.usage_json(usage.prompt_tokens, usage.completion_tokens)
