"""One utterance through Voice (VAD, Whisper, the loopback endpoint): what reaches the brain,
what is said when it cannot be reached, and that no audio is ever written."""

from __future__ import annotations

import http.server
import json
import os
import sys
import threading
from pathlib import Path

import pytest

from appliance.sound import speech_length
from appliance.voice.bias import Bias, bias_for, repeats_prompt
from appliance.voice.brain_client import BrainClient, BrainDown
from appliance.voice.capture import WavSource
from appliance.voice.service import NOTHING_HEARD, sentences
from appliance.voice.shown import ShownExchange
from tests.voice.speech import Clip, spoken

QUESTION = Clip("what's on the shopping list", "en-us", 150)


def test_silence_only_makes_no_request(scripted_web, make_voice, data_dir) -> None:
    with make_voice(scripted_web) as voice:
        result = voice.answer(voice.listen(WavSource(bytes(16000 * 2 * 3))))
        assert (result.asked, result.reply) == (False, NOTHING_HEARD)
        assert scripted_web.chat.calls == []
        assert ShownExchange(data_dir).line() == NOTHING_HEARD  # the board says so
        spoken_result = voice.answer(voice.listen(WavSource(spoken(QUESTION))))  # the control
    assert spoken_result.answered and len(scripted_web.chat.calls) == 1
    assert "scripted answer to:" in spoken_result.reply


def test_noise_never_reaches_whisper_or_the_brain(scripted_web, make_voice) -> None:
    import numpy as np

    fan = np.random.default_rng(5).normal(0, 1000, 16000 * 3).astype(np.int16).tobytes()
    with make_voice(scripted_web) as voice:
        result = voice.answer(voice.listen(WavSource(fan)))
    assert (result.asked, result.speech_seconds, result.transcribe_seconds) == (False, 0.0, 0.0)
    assert scripted_web.chat.calls == []


def test_a_transcript_that_is_the_prompt_written_back_is_nothing_heard(transcriber) -> None:
    import numpy as np

    fan = np.random.default_rng(5).normal(0, 1000, 16000 * 3).astype(np.int16).tobytes()
    actionable = Bias("Set a timer for ten minutes.", None, ())  # why the preamble is no command
    heard = transcriber.transcribe(fan, actionable)
    assert heard and repeats_prompt(heard, actionable), heard
    household = bias_for(["Tilly", "stopcock"])
    assert repeats_prompt("Names and things in this house: Tilly, stopcock.", household)
    assert not repeats_prompt("Set a pasta timer for twelve minutes.", household)  # control
    assert not repeats_prompt("Where is the stopcock?", household)
    with_a_timer = bias_for(["pasta"])  # a word of the prompt used in speech is speech
    assert not repeats_prompt("Set a pasta timer for 12 minutes.", with_a_timer)
    assert repeats_prompt("Pasta.", with_a_timer) and repeats_prompt(
        "Hearth is the kitchen assistant.", bias_for([])
    )


def test_a_prompt_written_back_past_a_fooled_vad_makes_no_request(scripted_web, make_voice):
    import numpy as np

    from appliance.voice.vad import WebrtcVad

    fan = np.random.default_rng(5).normal(0, 1000, 16000 * 3).astype(np.int16).tobytes()
    with make_voice(scripted_web) as voice:
        voice.vad = WebrtcVad()  # the VAD that hears speech in a fan (test_speech.py)
        voice.bias = lambda: Bias("Set a timer for ten minutes.", None, ())
        result = voice.answer(voice.listen(WavSource(fan)))
    assert result.transcribe_seconds > 0  # Whisper did run, and wrote its prompt back
    assert not result.asked and scripted_web.chat.calls == []


def test_the_reply_is_on_the_board_until_it_is_old(scripted_web, make_voice, data_dir) -> None:
    import datetime as dt

    with make_voice(scripted_web) as voice:
        result = voice.answer(voice.listen(WavSource(spoken(QUESTION))))
    shown = ShownExchange(data_dir)
    line = shown.line()
    assert line is not None and result.heard in line and result.reply in line
    later = dt.datetime.now() + dt.timedelta(seconds=shown.show_seconds + 1)
    assert shown.current(later) is None
    assert not shown.path.exists()  # a stale transcript is removed, not just hidden


def test_each_spoken_exchange_continues_one_voice_thread(scripted_web, make_voice) -> None:
    with make_voice(scripted_web) as voice:
        for _ in range(2):
            voice.answer(voice.listen(WavSource(spoken(QUESTION))))
    (_, first, _), (_, second, _) = scripted_web.chat.calls
    assert first is None and second == "scripted-1"


def test_a_brain_that_is_down_is_tried_again_then_said_aloud_and_shown(
    scripted_web, make_voice, data_dir, caplog
) -> None:
    with make_voice(scripted_web) as voice:
        voice.brain = BrainClient(_free_port(), "x" * 43, wait=0.05)
        result = voice.answer(voice.listen(WavSource(spoken(QUESTION))))
    assert result.asked and not result.answered and "can't reach the brain" in result.reply
    assert "Connection refused" not in result.reply  # the why is logged, not said aloud
    assert "try again" in ShownExchange(data_dir).line()
    assert sum("brain attempt" in r.message for r in caplog.records) == 3
    assert any(
        speech_length(result.reply) + " were not played" in r.message for r in caplog.records
    )  # spoken through the sound seam (the journal has its length, not its words)


@pytest.mark.parametrize("retries", [3, 1], ids=["retries", "no-retry"])
def test_a_brain_still_loading_answers_on_a_later_try(retries: int) -> None:
    with _loading_brain(busy_answers=1) as port:
        client = BrainClient(port, "x" * 43, retries=retries, wait=0.05)
        if retries == 1:  # the guard removed: the first 503 is the end of it
            with pytest.raises(BrainDown, match="can't reach the brain"):
                list(client.reply("hello"))
        else:
            assert "".join(client.reply("hello")) == "Hello there. How can I help?"


@pytest.mark.parametrize(
    ("status", "said"), [(401, "refused my key"), (400, "could not take that")]
)
def test_a_refusal_is_said_plainly_and_not_retried(status: int, said: str) -> None:
    brain = _loading_brain(busy_answers=0, status=status)
    with brain as port, pytest.raises(BrainDown, match=said):
        list(BrainClient(port, "x" * 43, wait=0.05).reply("hello"))
    assert brain.hits == 1  # a 503 is tried again; a refusal would only be refused again


def test_sentences_are_spoken_as_soon_as_each_is_complete() -> None:
    pieces = iter(["Pasta timer ", "set. It rings", " at 12:04. Enjoy"])
    assert list(sentences(pieces)) == ["Pasta timer set.", "It rings at 12:04.", "Enjoy"]


def test_no_audio_is_ever_written_to_storage(scripted_web, make_voice, data_dir, tmp_path):
    said = spoken(QUESTION)
    written: list[str] = []
    watching = threading.Event()

    def hook(event: str, args: tuple) -> None:
        if watching.is_set() and event == "open" and len(args) >= 2:
            path, mode = args[0], args[1]
            flags = args[2] if len(args) > 2 else 0
            writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                isinstance(flags, int) and flags & (os.O_WRONLY | os.O_RDWR)
            )
            if writes:
                written.append(str(path))

    sys.addaudithook(hook)  # hooks cannot be removed: this one only records while watching
    with make_voice(scripted_web) as voice:
        watching.set()
        try:
            result = voice.answer(voice.listen(WavSource(said)))
        finally:
            watching.clear()
    assert result.asked
    state = data_dir / "state"
    # The only files written are the board's exchange (a temp file renamed onto
    # voice.json) and the empty "speaking" mark in the runtime dir (tmpfs on the box).
    exchange = [p for p in written if Path(p).parent == state and "voice.json" in Path(p).name]
    marks = [p for p in written if Path(p).name == "speaking" and "/data/" not in p]
    assert exchange and sorted(exchange + marks) == sorted(written), written
    sample = said[len(said) // 2 : len(said) // 2 + 64]  # 32 samples from the middle of speech
    for path in [*data_dir.rglob("*"), *tmp_path.rglob("*")]:
        if path.is_file():
            assert sample not in path.read_bytes(), f"audio found in {path}"


# -- helpers: a free port, and a real HTTP server that is busy before it answers ----------


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # nothing listens there once the probe closes


class _loading_brain:
    """A real http.server on 127.0.0.1: `busy_answers` 503s (a brain loading its model),
    then one streamed reply in the OpenAI shape; or `status` every time."""

    def __init__(self, busy_answers: int, status: int = 200) -> None:
        self.busy = busy_answers
        self.status = status
        self.hits = 0  # requests received

    def __enter__(self) -> int:
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers["Content-Length"]))
                outer.hits += 1
                if outer.busy > 0 or outer.status != 200:
                    outer.busy -= 1
                    code = 503 if outer.status == 200 else outer.status
                    body = json.dumps({"error": {"message": "loading"}}).encode()
                    self.send_response(code)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("X-Hearth-Thread", "t1")
                self.end_headers()
                for piece in ("Hello there. ", "How can I help?"):
                    delta = {"choices": [{"delta": {"content": piece}}]}
                    self.wfile.write(f"data: {json.dumps(delta)}\n\n".encode())
                self.wfile.write(b"data: [DONE]\n\n")
                self.close_connection = True

            def log_message(self, *args: object) -> None:
                """Quiet: the test reads results, not logs."""

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self.server.server_address[1]

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(10)
