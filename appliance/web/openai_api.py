"""The OpenAI chat-completions shapes: reading a request, writing a reply or its SSE chunks.

Hearth's brain keeps conversation threads, and two clients never share one:

- the text the brain answers is the **last user message**;
- with an `X-Hearth-Thread` header (the chat page and the voice service send
  one), the brain continues that thread from its own record, and the
  request's earlier messages are not needed;
- without it, the request stands alone: the brain starts a fresh thread and
  hears the user and assistant messages before the last one as the
  conversation so far. That is how the `openai` client, `llm` and Open WebUI
  work (they send the whole history each turn), and two phones that both open
  with "hi" never see each other's words.

System prompts, temperature and the like are ignored: Hearth answers from its
own prompt and the household's memory.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

from appliance.endpoint import HEARD_HEADER, HEARD_SPEECH, THREAD_HEADER

MODEL_ID = "hearth"
_THREAD_SHAPE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


class BadRequest(ValueError):
    """The request is not a usable chat completion; the message says which field and why."""

    def __init__(self, message: str, param: str | None = None) -> None:
        super().__init__(message)
        self.param = param


HISTORY_MESSAGES = 12  # the brain keeps fewer turns than this in its prompt anyway


@dataclass(frozen=True)
class ChatRequest:
    text: str  # the last user message
    thread_id: str | None  # X-Hearth-Thread, or None: a fresh thread for this request
    history: tuple[tuple[str, str], ...]  # (role, text) said before it, oldest first
    stream: bool
    include_usage: bool  # stream_options.include_usage: a last chunk with the token counts
    model: str
    heard: bool = False  # X-Hearth-Heard: speech — the text is a transcript


def parse_chat_request(
    body: object, thread_header: str | None, heard_header: str | None = None
) -> ChatRequest:
    """Validate a decoded JSON body; BadRequest names every missing or wrong field."""
    if not isinstance(body, dict):
        raise BadRequest("the request body must be a JSON object")
    if "messages" not in body:
        raise BadRequest("missing required field(s): messages", "messages")
    messages = body["messages"]
    if not isinstance(messages, list) or not messages:
        raise BadRequest("messages must be a non-empty list of {role, content} objects", "messages")
    said: list[tuple[int, str, str]] = []  # (index, role, text) of user and assistant turns
    for index, message in enumerate(messages):
        where = f"messages[{index}]"
        if not isinstance(message, dict):
            raise BadRequest(f"{where} must be an object with role and content", where)
        absent = [f"{where}.{k}" for k in ("role", "content") if k not in message]
        if absent:
            raise BadRequest(f"missing required field(s): {', '.join(absent)}", absent[0])
        if message["role"] not in ("system", "developer", "user", "assistant", "tool"):
            raise BadRequest(
                f"{where}.role {message['role']!r} is not a known role", f"{where}.role"
            )
        if message["role"] == "user":
            said.append((index, "user", _content_text(message["content"], f"{where}.content")))
        elif message["role"] == "assistant" and message["content"] is not None:
            said.append((index, "assistant", _content_text(message["content"], f"{where}.content")))
    users = [entry for entry in said if entry[1] == "user"]
    if not users:
        raise BadRequest("messages has no message with role 'user' to answer", "messages")
    last = users[-1]
    text = last[2].strip()
    if not text:
        raise BadRequest("the last user message is empty", "messages")
    stream = body.get("stream", False)
    if not isinstance(stream, bool):
        raise BadRequest("stream must be true or false", "stream")
    model = body.get("model", MODEL_ID)
    if not isinstance(model, str):
        raise BadRequest("model must be a string", "model")
    if not isinstance(body.get("user", ""), str):
        raise BadRequest("user must be a string", "user")
    earlier = tuple(
        (role, said_text.strip())
        for index, role, said_text in said
        if index < last[0] and said_text.strip()
    )
    thread = thread_for(thread_header)
    if heard_header not in (None, "", HEARD_SPEECH):
        raise BadRequest(f"{HEARD_HEADER} may only be {HEARD_SPEECH!r}", HEARD_HEADER)
    return ChatRequest(
        text=text,
        thread_id=thread,
        heard=heard_header == HEARD_SPEECH,
        history=earlier[-HISTORY_MESSAGES:] if thread is None else (),
        stream=stream,
        include_usage=_include_usage(body, stream),
        model=model,
    )


def _include_usage(body: dict[str, Any], stream: bool) -> bool:
    options = body.get("stream_options")
    if options is None:
        return False
    if not isinstance(options, dict):
        raise BadRequest("stream_options must be an object", "stream_options")
    include = options.get("include_usage", False)
    if not isinstance(include, bool):
        raise BadRequest(
            "stream_options.include_usage must be true or false", "stream_options.include_usage"
        )
    return include and stream


def _content_text(content: Any, where: str) -> str:
    """A message's text: a string, or the text parts of a list of content parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, dict) and part.get("type") == "text":
                text = part.get("text")
                if isinstance(text, str):
                    parts.append(text)
                    continue
            raise BadRequest(f"{where} may only hold text parts; Hearth reads no images", where)
        return "\n".join(parts)
    raise BadRequest(f"{where} must be a string or a list of text parts", where)


def thread_for(header: str | None) -> str | None:
    """The brain thread a request continues: its X-Hearth-Thread, or None (a fresh one)."""
    if header is None or header == "":
        return None
    if not _THREAD_SHAPE.match(header):
        raise BadRequest(
            f"{THREAD_HEADER} must be 1-64 letters, digits, '.', '_' or '-'", THREAD_HEADER
        )
    return header


# -- replies --------------------------------------------------------------------


def completion_id() -> str:
    return f"chatcmpl-{secrets.token_hex(12)}"


def usage_json(prompt_tokens: int, completion_tokens: int) -> dict[str, int]:
    return {
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
    }


def completion(text: str, *, cid: str, usage: dict[str, int]) -> dict[str, Any]:
    return {
        "id": cid,
        "object": "chat.completion",
        "created": int(time.time()),
        "model": MODEL_ID,
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}
        ],
        "usage": usage,
    }


def chunk(cid: str, created: int, delta: dict[str, str], finish: str | None = None) -> bytes:
    """One server-sent event carrying a chat.completion.chunk."""
    body = {
        "id": cid,
        "object": "chat.completion.chunk",
        "created": created,
        "model": MODEL_ID,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }
    return sse(body)


def usage_chunk(cid: str, created: int, usage: dict[str, int]) -> bytes:
    """The last chunk of a stream that asked for `stream_options.include_usage`."""
    return sse(
        {
            "id": cid,
            "object": "chat.completion.chunk",
            "created": created,
            "model": MODEL_ID,
            "choices": [],
            "usage": usage,
        }
    )


def sse(payload: dict[str, Any]) -> bytes:
    return f"data: {json.dumps(payload, ensure_ascii=False)}\n\n".encode()


SSE_DONE = b"data: [DONE]\n\n"


def error_body(
    message: str, kind: str, code: str | int | None = None, param: str | None = None
) -> dict[str, Any]:
    """OpenAI's error shape, used for every error Hearth's web answers, on every route."""
    return {"error": {"message": message, "type": kind, "param": param, "code": code}}


def models_list() -> dict[str, Any]:
    return {
        "object": "list",
        "data": [{"id": MODEL_ID, "object": "model", "created": 0, "owned_by": "hearth"}],
    }
