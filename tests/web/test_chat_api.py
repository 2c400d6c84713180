"""POST /v1/chat/completions and GET /v1/models against a real server, with the real openai client.

The brain here is ScriptedChat (tests/web/conftest.py): the HTTP behaviour is
what is under test. The real model's path is in test_with_brain.py.
"""

from __future__ import annotations

import json
import time

import openai
import pytest

from appliance.brain import EmptyMessage
from tests.web.client import call, sse_events
from tests.web.conftest import Running


def client(web: Running, token: str | None = None) -> openai.OpenAI:
    return openai.OpenAI(
        base_url=f"{web.url}/v1", api_key=token or web.token, max_retries=0, timeout=30
    )


def ask(text: str, **extra: object) -> dict:
    return {"model": "hearth", "messages": [{"role": "user", "content": text}], **extra}


# -- the openai client, unchanged ------------------------------------------------------


def test_openai_client_gets_an_answer(web: Running) -> None:
    answer = client(web).chat.completions.create(
        model="hearth", messages=[{"role": "user", "content": "what's for dinner?"}]
    )
    assert answer.choices[0].message.content == "scripted answer to: what's for dinner?"
    assert answer.choices[0].message.role == "assistant"
    assert answer.choices[0].finish_reason == "stop"
    assert web.chat.calls == [("what's for dinner?", None, ())]


def test_openai_client_streams_an_answer(web: Running) -> None:
    pieces = [
        chunk.choices[0].delta.content
        for chunk in client(web).chat.completions.create(
            model="hearth", stream=True, messages=[{"role": "user", "content": "tell me a story"}]
        )
    ]
    assert "".join(p for p in pieces if p) == "scripted answer to: tell me a story"
    assert len([p for p in pieces if p]) == 4, "each piece arrives as its own chunk"


def test_openai_client_lists_the_model(web: Running) -> None:
    assert [m.id for m in client(web).models.list()] == ["hearth"]


def test_openai_client_with_a_wrong_key_is_refused(web: Running) -> None:
    with pytest.raises(openai.AuthenticationError):
        client(web, token="not-the-token-at-all-000000").chat.completions.create(
            model="hearth", messages=[{"role": "user", "content": "hi"}]
        )
    assert web.chat.calls == [], "the model was never asked"


def test_a_streamed_failure_reaches_the_client_as_an_error_without_details(web: Running) -> None:
    web.chat.fail_midway = RuntimeError("database password is hunter2")
    with pytest.raises(openai.APIError) as raised:
        for _ in client(web).chat.completions.create(
            model="hearth", stream=True, messages=[{"role": "user", "content": "x"}]
        ):
            pass
    assert "hunter2" not in str(raised.value)
    # The server gives the model back once the body is finished (just after the client reads).
    end = time.monotonic() + 10
    while web.queue.admitted and time.monotonic() < end:
        time.sleep(0.01)
    assert web.queue.admitted == 0, "the model's place was given back"


# -- the wire format -------------------------------------------------------------------


def test_stream_is_server_sent_events_ending_in_done(web: Running) -> None:
    answer = call(f"{web.url}/v1/chat/completions", "POST", ask("hi", stream=True), web.auth())
    assert answer.status == 200
    assert answer.header("Content-Type").startswith("text/event-stream")
    events = sse_events(answer.body)
    assert events[-1] == "[DONE]"
    chunks = [json.loads(e) for e in events[:-1]]
    assert chunks[0]["choices"][0]["delta"] == {"role": "assistant"}
    assert chunks[-1]["choices"][0]["finish_reason"] == "stop"
    assert {c["object"] for c in chunks} == {"chat.completion.chunk"}
    assert len({c["id"] for c in chunks}) == 1


def test_reply_names_its_thread(web: Running) -> None:
    answer = call(
        f"{web.url}/v1/chat/completions",
        "POST",
        ask("hi"),
        {**web.auth(), "X-Hearth-Thread": "kitchen-1"},
    )
    assert answer.header("X-Hearth-Thread") == "kitchen-1"
    assert web.chat.calls == [("hi", "kitchen-1", ())]


def test_the_last_user_message_is_what_the_brain_hears_and_the_rest_is_its_history(
    web: Running,
) -> None:
    body = {
        "model": "hearth",
        "messages": [
            {"role": "system", "content": "You are helpful."},
            {"role": "user", "content": "first question"},
            {"role": "assistant", "content": "first answer"},
            {"role": "user", "content": [{"type": "text", "text": "second question"}]},
        ],
    }
    assert call(f"{web.url}/v1/chat/completions", "POST", body, web.auth()).status == 200
    assert web.chat.calls == [
        ("second question", None, (("user", "first question"), ("assistant", "first answer")))
    ]


def test_two_clients_that_open_with_the_same_words_never_share_a_thread(web: Running) -> None:
    """The old rule hashed the first message into the thread id: two phones saying "hi"
    shared one conversation. Now a request without X-Hearth-Thread stands alone."""
    hi = ask("hi")
    first = call(f"{web.url}/v1/chat/completions", "POST", hi, web.auth())
    second = call(f"{web.url}/v1/chat/completions", "POST", hi, web.auth())
    assert first.status == second.status == 200
    assert [thread for _, thread, _ in web.chat.calls] == [None, None], (
        "each stands alone: the brain makes a fresh thread"
    )
    assert first.header("X-Hearth-Thread") != second.header("X-Hearth-Thread")
    # Positive control: the same X-Hearth-Thread is how two requests share one.
    for _ in range(2):
        call(
            f"{web.url}/v1/chat/completions",
            "POST",
            hi,
            {**web.auth(), "X-Hearth-Thread": "kitchen-1"},
        )
    assert [thread for _, thread, _ in web.chat.calls[2:]] == ["kitchen-1", "kitchen-1"]


def test_a_thread_header_continues_the_brains_thread_not_the_clients_copy(web: Running) -> None:
    body = {
        "messages": [
            {"role": "user", "content": "plan the week"},
            {"role": "assistant", "content": "ok"},
            {"role": "user", "content": "and Sunday?"},
        ]
    }
    call(
        f"{web.url}/v1/chat/completions",
        "POST",
        body,
        {**web.auth(), "X-Hearth-Thread": "kitchen-1"},
    )
    assert web.chat.calls == [("and Sunday?", "kitchen-1", ())]


# -- usage and errors, the way OpenAI clients read them ---------------------------------


def test_a_completion_carries_usage(web: Running) -> None:
    answer = client(web).chat.completions.create(
        model="hearth", messages=[{"role": "user", "content": "what is for dinner"}]
    )
    # ScriptedChat counts words (scripted); the real model's tokens: test_with_brain.py
    assert answer.usage is not None
    assert (answer.usage.prompt_tokens, answer.usage.completion_tokens) == (4, 7)
    assert answer.usage.total_tokens == 11


def test_a_stream_reports_usage_only_when_asked(web: Running) -> None:
    asked = list(
        client(web).chat.completions.create(
            model="hearth",
            stream=True,
            stream_options={"include_usage": True},
            messages=[{"role": "user", "content": "tell me a story"}],
        )
    )
    assert asked[-1].choices == []
    assert (asked[-1].usage.prompt_tokens, asked[-1].usage.completion_tokens) == (4, 7)
    assert all(chunk.usage is None for chunk in asked[:-1])
    # Positive control: without stream_options no chunk carries usage.
    plain = list(
        client(web).chat.completions.create(
            model="hearth", stream=True, messages=[{"role": "user", "content": "tell me"}]
        )
    )
    assert all(chunk.usage is None for chunk in plain)
    assert plain[-1].choices[0].finish_reason == "stop"


def test_bad_stream_options_are_a_400_naming_the_field(web: Running) -> None:
    answer = call(
        f"{web.url}/v1/chat/completions",
        "POST",
        ask("hi", stream=True, stream_options={"include_usage": "yes"}),
        web.auth(),
    )
    assert answer.status == 400
    assert answer.json["error"]["param"] == "stream_options.include_usage"


def test_errors_reach_the_openai_client_with_their_message(web: Running) -> None:
    with pytest.raises(openai.BadRequestError) as raised:
        client(web).chat.completions.create(model="hearth", messages=[])
    assert raised.value.status_code == 400
    assert (
        raised.value.body["message"]
        == "messages must be a non-empty list of {role, content} objects"
    )
    assert raised.value.body["param"] == "messages"
    assert raised.value.code is None and raised.value.type == "invalid_request_error"


def test_a_bad_thread_header_is_refused(web: Running) -> None:
    answer = call(
        f"{web.url}/v1/chat/completions",
        "POST",
        ask("hi"),
        {**web.auth(), "X-Hearth-Thread": "../../etc"},
    )
    assert answer.status == 400
    assert "X-Hearth-Thread" in answer.json["error"]["message"]
    assert web.chat.calls == []


def test_a_speech_transcript_is_marked_heard_and_a_typed_one_is_not(web: Running) -> None:
    call(f"{web.url}/v1/chat/completions", "POST", ask("hi"), web.auth())
    call(
        f"{web.url}/v1/chat/completions",
        "POST",
        ask("hi"),
        {**web.auth(), "X-Hearth-Heard": "speech"},
    )
    assert web.chat.heard == [False, True]
    refused = call(
        f"{web.url}/v1/chat/completions",
        "POST",
        ask("hi"),
        {**web.auth(), "X-Hearth-Heard": "typed-honestly"},
    )
    assert refused.status == 400 and "X-Hearth-Heard" in refused.json["error"]["message"]
    assert web.chat.heard == [False, True]  # the bad one never reached the brain


def test_input_the_brain_refuses_is_a_400_not_a_500(web: Running) -> None:
    web.chat.fail = EmptyMessage("say something: the message is empty")
    answer = call(f"{web.url}/v1/chat/completions", "POST", ask("hi"), web.auth())
    assert answer.status == 400
    assert answer.json["error"]["message"] == "say something: the message is empty"
    assert web.queue.admitted == 0
