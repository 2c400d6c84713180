"""End to end through the real default models: the openai client and the page against the Brain.

The models are loaded once per session; each test gets its own data dir and Brain.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openai
import pytest

from appliance.brain import Brain, llm, models
from appliance.config import Settings
from appliance.memory import Memory
from appliance.web.brain_chat import BrainChat
from tests.web.client import call
from tests.web.conftest import Running, start_server, stop_server

pytestmark = pytest.mark.model


@pytest.fixture(scope="session")
def chat_llm() -> Any:
    """SmolLM2-135M-Instruct, the packaged default chat model, loaded once."""
    return llm.load(models.packaged_chat_model(), context=2048, threads=0)


@pytest.fixture(scope="session")
def notetaker_llm() -> Any:
    """Gemma 3 270M, the packaged default note-taker model, loaded once."""
    return llm.load(models.packaged_notetaker_model(), context=2048, threads=0)


@pytest.fixture
def brain_web(
    settings: Settings, memory: Memory, data_dir: Path, chat_llm: Any, notetaker_llm: Any
) -> Iterator[Running]:
    brain = BrainChat(
        Brain.open(settings, memory, chat_model=chat_llm, notetaker_model=notetaker_llm)
    )
    running = start_server(memory, data_dir, chat=brain)
    yield running
    stop_server(running)
    brain.close()


def client(web: Running) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"{web.url}/v1", api_key=web.token, max_retries=0, timeout=120)


def test_openai_client_remembers_and_recalls_through_the_brain(
    brain_web: Running, memory: Memory
) -> None:
    hearth = client(brain_web)
    said = hearth.chat.completions.create(
        model="hearth",
        messages=[{"role": "user", "content": "remember that Sam is allergic to peanuts"}],
    )
    assert "remember" in said.choices[0].message.content.lower()
    assert any("peanut" in f.text.lower() for f in memory.facts("live"))

    pieces = [
        c.choices[0].delta.content or ""
        for c in hearth.chat.completions.create(
            model="hearth",
            stream=True,
            messages=[{"role": "user", "content": "what is Sam allergic to?"}],
        )
    ]
    assert "peanut" in "".join(pieces).lower()


def test_the_model_talks_through_the_endpoint(brain_web: Running) -> None:
    hearth = client(brain_web)
    answer = hearth.chat.completions.create(
        model="hearth", messages=[{"role": "user", "content": "Give me one tip for baking bread."}]
    )
    text = answer.choices[0].message.content
    assert text and text != "(no answer)"
    streamed = "".join(
        c.choices[0].delta.content or ""
        for c in hearth.chat.completions.create(
            model="hearth",
            stream=True,
            messages=[{"role": "user", "content": "Name a vegetable that grows in winter."}],
        )
    )
    assert streamed.strip()
    assert call(f"{brain_web.url}/healthz").json["ok"] is True


def test_a_casual_remark_reaches_the_inbox_view_and_not_memory(
    brain_web: Running, memory: Memory
) -> None:
    hearth = client(brain_web)
    hearth.chat.completions.create(
        model="hearth",
        messages=[
            {"role": "user", "content": "by the way, grandma's birthday is on the 3rd of March"}
        ],
    )
    assert brain_web.chat.brain.wait_for_notetaker(120)
    listed = call(f"{brain_web.url}/api/inbox.json", headers=brain_web.auth()).json
    assert [p["id"] for p in listed["proposals"]] == [p.id for p in memory.proposals()]
    assert not any("march" in f.text.lower() for f in memory.facts("live"))


def test_the_page_in_chromium_streams_a_real_answer(brain_web: Running, browser) -> None:
    from tests.web.test_page import answers, enter_token, send, wait

    browser.get(brain_web.url + "/")
    enter_token(browser, brain_web.token)
    send(browser, "remember that Sam is allergic to peanuts")
    wait(browser, lambda d: len(answers(d)) == 1 and "remember" in answers(d)[0].lower(), 120)
    send(browser, "what is Sam allergic to?")
    wait(browser, lambda d: len(answers(d)) == 2 and "peanut" in answers(d)[1].lower(), 120)
    send(browser, "Give me one tip for a quick weeknight dinner.")
    wait(
        browser,
        lambda d: (
            len(answers(d)) == 3
            and answers(d)[2] not in ("", "…")
            and not d.find_elements("css selector", ".msg.pending")
        ),
        180,
    )
    # WEB_SCREENSHOT=docs/screens/chat.png refreshes the documentation's picture.
    target = os.environ.get("WEB_SCREENSHOT")
    if target:
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(target)


# -- usage: the model's real token counts -------------------------------------------------


def test_usage_counts_the_models_own_tokens(brain_web: Running, chat_llm: Any) -> None:
    hearth = client(brain_web)
    answer = hearth.chat.completions.create(
        model="hearth", messages=[{"role": "user", "content": "Name a fruit."}]
    )
    usage = answer.usage
    asked = len(chat_llm.tokenize("Name a fruit."))
    # The prompt is Hearth's whole prompt (system text, examples, the message): far more
    # than the message alone, and within the model's context.
    assert asked < usage.prompt_tokens <= chat_llm.context
    said = answer.choices[0].message.content
    assert abs(usage.completion_tokens - len(chat_llm.tokenize(said))) <= 2, (
        "the reply's tokens (up to the whitespace the brain trims)"
    )
    assert usage.total_tokens == usage.prompt_tokens + usage.completion_tokens

    chunks = list(
        hearth.chat.completions.create(
            model="hearth",
            stream=True,
            stream_options={"include_usage": True},
            messages=[{"role": "user", "content": "Name a fruit."}],
        )
    )
    streamed = chunks[-1].usage
    assert chunks[-1].choices == [] and streamed is not None
    # The streamed reply is counted the same way. (Not "equal to the first answer": with
    # the prompt's prefix reused from the KV cache, greedy decoding may pick another reply.)
    streamed_text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert abs(streamed.completion_tokens - len(chat_llm.tokenize(streamed_text))) <= 2
    assert abs(streamed.prompt_tokens - usage.prompt_tokens) <= 8, "only the clock differs"


def test_an_answer_from_memory_used_no_model_tokens(brain_web: Running) -> None:
    answer = client(brain_web).chat.completions.create(
        model="hearth",
        messages=[{"role": "user", "content": "remember that Sam is allergic to peanuts"}],
    )
    assert answer.choices[0].message.content.startswith("I'll remember that")
    assert (answer.usage.prompt_tokens, answer.usage.completion_tokens) == (0, 0)


# -- threads: two clients never share one ---------------------------------------------------


def test_each_client_conversation_is_its_own_thread_holding_what_it_sent(
    brain_web: Running,
) -> None:
    brain = brain_web.chat.brain
    threads = []
    for earlier in ("I am Robin.", "I am Alex."):
        body = {
            "model": "hearth",
            "messages": [
                {"role": "user", "content": earlier},
                {"role": "assistant", "content": "Hello!"},
                {"role": "user", "content": "hi"},
            ],
        }
        answer = call(
            f"{brain_web.url}/v1/chat/completions", "POST", body, brain_web.auth(), timeout=120
        )
        assert answer.status == 200
        threads.append(answer.header("X-Hearth-Thread"))
    assert threads[0] != threads[1], "both opened with the same words, yet apart"
    robin = [(m.role, m.text) for m in brain.threads.recent(threads[0], 10)]
    assert robin[:3] == [("user", "I am Robin."), ("assistant", "Hello!"), ("user", "hi")]
    assert not any("Alex" in text for _, text in robin)


# -- simonw's llm CLI, both modes --------------------------------------------------------

LLM = Path(sys.executable).with_name("llm")


def run_llm(brain_web: Running, user_path: Path, *args: str) -> subprocess.CompletedProcess:
    """`llm` configured (in a temp LLM_USER_PATH) to talk to this server and nothing else.

    No plugins load, and every proxy variable points at a closed local port, so a request
    to anywhere but 127.0.0.1 would fail instead of leaving the machine."""
    user_path.mkdir(exist_ok=True)
    (user_path / "extra-openai-models.yaml").write_text(
        f"- model_id: hearth\n  model_name: hearth\n  api_base: {brain_web.url}/v1\n"
        "  api_key_name: hearth\n"
    )
    (user_path / "keys.json").write_text(json.dumps({"hearth": brain_web.token}))
    dead = "http://127.0.0.1:9"
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(user_path),
        "LLM_USER_PATH": str(user_path),
        "LLM_LOAD_PLUGINS": "",
        "HTTP_PROXY": dead,
        "HTTPS_PROXY": dead,
        "ALL_PROXY": dead,
        "http_proxy": dead,
        "https_proxy": dead,
        "NO_PROXY": "127.0.0.1",
        "no_proxy": "127.0.0.1",
    }
    return subprocess.run(
        [str(LLM), *args], capture_output=True, text=True, env=env, timeout=300, check=False
    )


@pytest.mark.parametrize("mode", [[], ["--no-stream"]])
def test_the_llm_cli_talks_to_hearth_in_both_modes(
    brain_web: Running, tmp_path: Path, mode: list[str]
) -> None:
    user_path = tmp_path / "llm"
    done = run_llm(brain_web, user_path, "-m", "hearth", *mode, "Name a fruit.")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() and "Error" not in done.stderr
    logged = json.loads(run_llm(brain_web, user_path, "logs", "--json", "-n", "1").stdout)[0]
    # llm stores the usage it read: the model's real counts, from the body or the last chunk.
    assert logged["input_tokens"] > 0 and logged["output_tokens"] > 0
    assert logged["response"].strip() == done.stdout.strip()

    # `llm -c` continues: it sends the whole conversation, which the brain hears.
    again = run_llm(brain_web, user_path, "-c", *mode, "And a vegetable?")
    assert again.returncode == 0, again.stderr
    with sqlite3.connect(brain_web.data_dir / "state" / "chat.sqlite") as db:
        (newest,) = db.execute("SELECT thread FROM messages ORDER BY id DESC LIMIT 1").fetchone()
        said = db.execute(
            "SELECT role, text FROM messages WHERE thread = ? ORDER BY id", (newest,)
        ).fetchall()
    assert said[:3] == [
        ("user", "Name a fruit."),
        ("assistant", done.stdout.strip()),
        ("user", "And a vegetable?"),
    ], "the turn heard the client's history"


def test_the_llm_cli_shows_hearths_error_message(brain_web: Running, tmp_path: Path) -> None:
    user_path = tmp_path / "llm"
    done = run_llm(brain_web, user_path, "-m", "hearth", "--no-stream", " ")
    assert done.returncode != 0
    assert "the last user message is empty" in done.stderr
