"""End to end through the real default models: the openai client and the page against the Brain.

The models are loaded once per session; each test gets its own data dir and Brain.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openai
import pytest

from appliance.brain import Brain, llm, models
from appliance.config import Settings
from appliance.memory import Memory
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
def brain_web(settings: Settings, memory: Memory, data_dir: Path, chat_llm: Any,
              notetaker_llm: Any) -> Iterator[Running]:  # fmt: skip
    brain = Brain.open(settings, memory, chat_model=chat_llm, notetaker_model=notetaker_llm)
    running = start_server(memory, data_dir, chat=brain)
    yield running
    stop_server(running)
    brain.close()


def client(web: Running) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"{web.url}/v1", api_key=web.token, max_retries=0, timeout=120)


def test_openai_client_remembers_and_recalls_through_the_brain(brain_web: Running,
                                                               memory: Memory) -> None:  # fmt: skip
    hearth = client(brain_web)
    said = hearth.chat.completions.create(model="hearth", messages=[
        {"role": "user", "content": "remember that Sam is allergic to peanuts"}])  # fmt: skip
    assert "remember" in said.choices[0].message.content.lower()
    assert any("peanut" in f.text.lower() for f in memory.facts("live"))

    pieces = [c.choices[0].delta.content or "" for c in hearth.chat.completions.create(
        model="hearth", stream=True,
        messages=[{"role": "user", "content": "what is Sam allergic to?"}])]  # fmt: skip
    assert "peanut" in "".join(pieces).lower()


def test_the_model_talks_through_the_endpoint(brain_web: Running) -> None:
    hearth = client(brain_web)
    answer = hearth.chat.completions.create(model="hearth", messages=[
        {"role": "user", "content": "Give me one tip for baking bread."}])  # fmt: skip
    text = answer.choices[0].message.content
    assert text and text != "(no answer)"
    streamed = "".join(c.choices[0].delta.content or "" for c in hearth.chat.completions.create(
        model="hearth", stream=True,
        messages=[{"role": "user", "content": "Name a vegetable that grows in winter."}]))
    assert streamed.strip()
    health = call(f"{brain_web.url}/healthz").json
    assert health["ok"] is True
    assert health["model"]["chat_model"]["loaded"] is True
    assert health["model"]["threads"] >= 2


def test_a_casual_remark_reaches_the_inbox_view_and_not_memory(brain_web: Running,
                                                               memory: Memory) -> None:  # fmt: skip
    hearth = client(brain_web)
    hearth.chat.completions.create(model="hearth", messages=[{"role": "user", "content":
        "by the way, grandma's birthday is on the 3rd of March"}])  # fmt: skip
    assert brain_web.chat.wait_for_notetaker(120)
    listed = call(f"{brain_web.url}/api/inbox.json").json
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
    wait(browser, lambda d: len(answers(d)) == 3 and answers(d)[2] not in ("", "…")
         and not d.find_elements("css selector", ".msg.pending"), 180)  # fmt: skip
    # WEB_SCREENSHOT=docs/screens/chat.png refreshes the documentation's picture.
    target = os.environ.get("WEB_SCREENSHOT")
    if target:
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(target)
