"""The OpenAI chat-completions shapes: reading a request, writing a reply or its SSE chunks.

Hearth's brain keeps its own conversation threads, so a request's `messages`
list is mapped onto a thread rather than replayed:

- the text sent to the brain is the **last user message**;
- the thread is the `X-Hearth-Thread` header when a client sends one (the chat
  page does), else `oa-` + a hash of the request's `user` field and the
  conversation's **first user message**. A client that resends the whole
  history each turn (the `openai` client, Open WebUI) keeps the same first
  message, so every turn of one conversation lands in one thread. Two
  conversations that open with the very same words share a thread; a client
  that cares sends `X-Hearth-Thread` (or a distinct `user`).

Everything the client sent besides that (earlier turns, temperature, ...) is
ignored: the brain answers from its own thread and the household's memory.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

MODEL_ID = "hearth"
THREAD_HEADER = "X-Hearth-Thread"
_THREAD_SHAPE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


class BadRequest(ValueError):
    """The request is not a usable chat completion; the message says which field and why."""

    def __init__(self, message: str, param: str | None = None) -> None:
        super().__init__(message)
        self.param = param


@dataclass(frozen=True)
class ChatRequest:
    text: str  # the last user message
    thread_id: str
    stream: bool
    model: str


def parse_chat_request(body: object, thread_header: str | None) -> ChatRequest:
    """Validate a decoded JSON body; BadRequest names every missing or wrong field."""
    if not isinstance(body, dict):
        raise BadRequest("the request body must be a JSON object")
    if "messages" not in body:
        raise BadRequest("missing required field(s): messages", "messages")
    messages = body["messages"]
    if not isinstance(messages, list) or not messages:
        raise BadRequest("messages must be a non-empty list of {role, content} objects",
                         "messages")  # fmt: skip
    said: list[str] = []
    for index, message in enumerate(messages):
        where = f"messages[{index}]"
        if not isinstance(message, dict):
            raise BadRequest(f"{where} must be an object with role and content", where)
        absent = [f"{where}.{k}" for k in ("role", "content") if k not in message]
        if absent:
            raise BadRequest(f"missing required field(s): {', '.join(absent)}", absent[0])
        if message["role"] not in ("system", "developer", "user", "assistant", "tool"):
            raise BadRequest(f"{where}.role {message['role']!r} is not a known role",
                             f"{where}.role")  # fmt: skip
        if message["role"] == "user":
            said.append(_content_text(message["content"], f"{where}.content"))
    if not said:
        raise BadRequest("messages has no message with role 'user' to answer", "messages")
    text = said[-1].strip()
    if not text:
        raise BadRequest("the last user message is empty", "messages")
    stream = body.get("stream", False)
    if not isinstance(stream, bool):
        raise BadRequest("stream must be true or false", "stream")
    model = body.get("model", MODEL_ID)
    if not isinstance(model, str):
        raise BadRequest("model must be a string", "model")
    user = body.get("user", "")
    if not isinstance(user, str):
        raise BadRequest("user must be a string", "user")
    return ChatRequest(text=text, thread_id=thread_for(thread_header, user, said[0]),
                       stream=stream, model=model)  # fmt: skip


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
            raise BadRequest(f"{where} may only hold text parts; Hearth reads no images",
                             where)  # fmt: skip
        return "\n".join(parts)
    raise BadRequest(f"{where} must be a string or a list of text parts", where)


def thread_for(header: str | None, user: str, first_user_message: str) -> str:
    """The brain thread for a request (see the module docstring for the rule)."""
    if header is not None and header != "":
        if not _THREAD_SHAPE.match(header):
            raise BadRequest(f"{THREAD_HEADER} must be 1-64 letters, digits, '.', '_' or '-'",
                             THREAD_HEADER)  # fmt: skip
        return header
    digest = hashlib.sha256(f"{user}\0{first_user_message.strip()}".encode()).hexdigest()
    return f"oa-{digest[:20]}"


# -- replies --------------------------------------------------------------------


def completion_id() -> str:
    return f"chatcmpl-{secrets.token_hex(12)}"


def completion(text: str, *, cid: str) -> dict[str, Any]:
    return {
        "id": cid,
        "object": "chat.completion",
        "created": int(time.time()),
        "model": MODEL_ID,
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}
        ],
    }


def chunk(cid: str, created: int, delta: dict[str, str], finish: str | None = None) -> bytes:
    """One server-sent event carrying a chat.completion.chunk."""
    body = {
        "id": cid, "object": "chat.completion.chunk", "created": created, "model": MODEL_ID,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }  # fmt: skip
    return sse(body)


def sse(payload: dict[str, Any]) -> bytes:
    return f"data: {json.dumps(payload, ensure_ascii=False)}\n\n".encode()


SSE_DONE = b"data: [DONE]\n\n"


def error_body(message: str, kind: str, code: str | int | None = None,
               param: str | None = None) -> dict[str, Any]:  # fmt: skip
    """OpenAI's error shape, used for every error Hearth's web answers, on every route."""
    return {"error": {"message": message, "type": kind, "param": param, "code": code}}


def models_list() -> dict[str, Any]:
    return {"object": "list",
            "data": [{"id": MODEL_ID, "object": "model", "created": 0, "owned_by": "hearth"}]}
