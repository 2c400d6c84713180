"""The bounded queue in front of the model: unit rules, then the real server under load."""

from __future__ import annotations

import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from appliance.memory import Memory
from appliance.web.model_queue import ModelQueue, QueueFull
from tests.web.client import call, sse_events
from tests.web.conftest import Running, start_server, stop_server

CHAT = "/v1/chat/completions"


def ask(text: str, stream: bool = False) -> dict:
    return {"model": "hearth", "stream": stream, "messages": [{"role": "user", "content": text}]}


def wait_until(condition, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out waiting"
        time.sleep(0.01)


# -- the queue itself ------------------------------------------------------------------


def test_admits_up_to_capacity_then_refuses_at_once() -> None:
    queue = ModelQueue(depth=2)
    tickets = [queue.admit() for _ in range(3)]
    refused: list[QueueFull] = []

    def knock() -> None:
        with pytest.raises(QueueFull) as full:
            queue.admit()
        refused.append(full.value)

    # Nobody releases a place here: an admit() that waited would still be waiting.
    knocker = threading.Thread(target=knock, daemon=True)
    knocker.start()
    knocker.join(30)
    assert not knocker.is_alive(), "a full queue answers at once, it never waits"
    assert refused[0].retry_after >= 1
    tickets[0].release()
    queue.admit()  # a place came free


def test_turns_are_served_in_arrival_order() -> None:
    queue = ModelQueue(depth=3)
    first = queue.admit()
    first.wait_for_turn()
    order: list[int] = []
    tickets = [queue.admit() for _ in range(3)]

    def take(i: int) -> None:
        tickets[i].wait_for_turn(timeout=10)
        order.append(i)
        tickets[i].release()

    # Start them in reverse so thread scheduling cannot fake the order.
    threads = [threading.Thread(target=take, args=(i,)) for i in (2, 1, 0)]
    for thread in threads:
        thread.start()
    time.sleep(0.1)
    first.release()
    for thread in threads:
        thread.join(10)
    assert order == [0, 1, 2]


def test_a_wait_that_times_out_is_refused_and_gives_its_place_back() -> None:
    queue = ModelQueue(depth=1, max_wait=0.2)
    running = queue.admit()
    running.wait_for_turn()
    waiting = queue.admit()
    with pytest.raises(QueueFull):
        waiting.wait_for_turn()
    assert queue.admitted == 1
    waiting.release()  # releasing again changes nothing
    assert queue.admitted == 1


def test_a_ticket_released_before_its_turn_frees_its_place() -> None:
    queue = ModelQueue(depth=1)
    running = queue.admit()
    running.wait_for_turn()
    abandoned = queue.admit()
    abandoned.release()
    assert queue.admitted == 1
    running.release()
    after = queue.admit()
    after.wait_for_turn(timeout=1)  # the abandoned ticket is not in the way


def test_retry_after_grows_with_how_long_calls_take() -> None:
    queue = ModelQueue(depth=0)
    ticket = queue.admit()
    ticket.wait_for_turn()
    time.sleep(1.1)
    ticket.release()
    busy = queue.admit()
    with pytest.raises(QueueFull) as full:
        queue.admit()
    assert full.value.retry_after >= 2
    busy.release()


def test_a_closed_queue_admits_nobody() -> None:
    queue = ModelQueue()
    queue.close()
    with pytest.raises(QueueFull):
        queue.admit()


# -- the server when the model is busy ---------------------------------------------------


@pytest.fixture
def busy_web(memory: Memory, data_dir) -> Running:
    running = start_server(memory, data_dir, depth=1)  # one answering, one waiting
    running.chat.gate = threading.Event()
    yield running
    stop_server(running)


def test_a_full_queue_answers_503_with_retry_after_and_loses_nothing(busy_web: Running) -> None:
    web = busy_web
    texts = [f"message {i}" for i in range(6)]
    with ThreadPoolExecutor(len(texts)) as pool:
        futures = {
            text: pool.submit(call, f"{web.url}{CHAT}", "POST", ask(text), web.auth())
            for text in texts
        }
        # Two get in (one at the model, one waiting); the other four are told to come back.
        wait_until(lambda: sum(f.done() for f in futures.values()) == 4)
        refused = {t: f.result() for t, f in futures.items() if f.done()}
        for answer in refused.values():
            assert answer.status == 503
            assert int(answer.header("Retry-After")) >= 1
            assert answer.json["error"]["code"] == "queue_full"
        assert web.queue.admitted == 2
        web.chat.gate.set()
        served = {t: f.result() for t, f in futures.items() if t not in refused}
    for text, answer in served.items():
        assert answer.status == 200
        assert answer.json["choices"][0]["message"]["content"] == f"scripted answer to: {text}"
    # The refused ones reached nothing; asked again, each gets its own answer.
    assert sorted(web.chat.finished) == sorted(served)
    for text in refused:
        answer = call(f"{web.url}{CHAT}", "POST", ask(text), web.auth())
        assert answer.json["choices"][0]["message"]["content"] == f"scripted answer to: {text}"
    assert sorted(web.chat.finished) == sorted(texts)
    assert web.queue.admitted == 0


def test_health_and_views_answer_while_the_model_is_busy(busy_web: Running) -> None:
    web = busy_web
    with ThreadPoolExecutor(2) as pool:
        jobs = [
            pool.submit(call, f"{web.url}{CHAT}", "POST", ask(f"m{i}"), web.auth())
            for i in range(2)
        ]
        wait_until(lambda: web.queue.admitted == 2)
        # The gate is still shut: had these needed a thread the model holds, they would
        # wait for it, and the gate opens only after they answered.
        assert call(f"{web.url}/healthz").status == 200
        assert call(f"{web.url}/api/inbox.json", headers=web.auth()).status == 200
        assert call(f"{web.url}/").status == 200
        assert not any(job.done() for job in jobs)
        web.chat.gate.set()
        assert [job.result().status for job in jobs] == [200, 200]


def test_a_stream_holds_the_model_until_it_ends(busy_web: Running) -> None:
    web = busy_web
    web.chat.gate.set()
    web.chat.pause = threading.Event()
    with ThreadPoolExecutor(3) as pool:
        streaming = pool.submit(call, f"{web.url}{CHAT}", "POST", ask("long", True), web.auth())
        wait_until(lambda: web.queue.admitted == 1 and web.chat.calls)
        waiting = pool.submit(call, f"{web.url}{CHAT}", "POST", ask("next"), web.auth())
        wait_until(lambda: web.queue.admitted == 2)
        refused = call(f"{web.url}{CHAT}", "POST", ask("one too many"), web.auth())
        assert refused.status == 503
        assert not waiting.done(), "the next message waits for the stream to finish"
        web.chat.pause.set()
        assert sse_events(streaming.result().body)[-1] == "[DONE]"
        assert waiting.result().status == 200
    assert web.chat.finished == ["long", "next"]


def test_a_client_that_hangs_up_mid_stream_gives_the_model_back(busy_web: Running) -> None:
    web = busy_web
    web.chat.gate.set()
    web.chat.pause = threading.Event()
    host, port = web.url.removeprefix("http://").split(":")
    body = b'{"stream": true, "messages": [{"role": "user", "content": "bye"}]}'
    raw = socket.create_connection((host, int(port)), timeout=10)
    raw.sendall(
        b"POST "
        + CHAT.encode()
        + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
        + web.token.encode()
        + b"\r\nContent-Length: "
        + str(len(body)).encode()
        + b"\r\n\r\n"
        + body
    )
    seen = b""
    while b"scripted" not in seen:
        seen += raw.recv(65536)
    assert seen.startswith(b"HTTP/1.1 200")
    raw.close()  # the phone went out of Wi-Fi range
    web.chat.pause.set()  # the model goes on, the server finds nobody listening
    wait_until(lambda: web.queue.admitted == 0)
    answer = call(f"{web.url}{CHAT}", "POST", ask("still there?"), web.auth())
    assert answer.status == 200
