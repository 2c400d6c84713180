"""Spoken words to the real brain: the ALSA file device, the real capture code, Whisper,
the loopback endpoint with the token, the household's intents, memory and timers."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from appliance.household import HouseholdStore
from appliance.memory import Memory
from appliance.voice.capture import Microphone, find_device
from appliance.voice.shown import ShownExchange
from appliance.voice.talk import Talk, TalkListener, TalkSender
from tests.voice.speech import Clip, spoken

BIN_BAGS = Clip("remember that the bin bags are under the sink", "en-gb", 150)
PASTA = Clip("set a pasta timer for twelve minutes", "en-gb", 150)


def _serve_one_press(voice, runtime_dir: Path, data_dir: Path) -> ShownExchange:
    """Run the service loop, tap Talk over the socket, and wait (bounded) for the answer."""
    talk = TalkListener(runtime_dir / "talk.sock")
    stop = threading.Event()
    loop = threading.Thread(
        target=voice.serve,
        name="voice-under-test",
        daemon=True,
        args=(talk, lambda: Microphone(find_device("hearthmic")), stop),
    )
    loop.start()
    shown = ShownExchange(data_dir)
    try:
        sender = TalkSender(talk.path)
        assert sender.send(Talk.PRESS) and sender.send(Talk.RELEASE)  # a tap
        deadline = time.monotonic() + 90
        while shown.current() is None and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        stop.set()
        loop.join(30)
        talk.close()
    assert not loop.is_alive()
    return shown


def test_spoken_remember_through_the_alsa_device_ends_as_a_live_fact_once_kept(
    alsa_file_mic, brain_web, make_voice, runtime_dir, data_dir, memory: Memory
) -> None:
    alsa_file_mic(spoken(BIN_BAGS))
    with make_voice(brain_web) as voice:
        shown = _serve_one_press(voice, runtime_dir, data_dir)
    exchange = shown.current()
    assert exchange is not None, "no answer within 90 s"
    print(f"heard {exchange.heard!r}; replied {exchange.reply!r}")
    # Heard, not typed: the words wait on the board, read back, and nothing is live yet.
    assert memory.facts("live") == []
    [waiting] = memory.proposals()
    assert "under the sink" in waiting.text.lower() and "bin" in waiting.text.lower()
    assert waiting.text.rstrip(".") in exchange.reply and "Keep" in exchange.reply
    memory.promote(waiting.id, actor="panel")  # a person presses Keep
    live = [f.text.lower() for f in memory.facts("live")]
    assert any("under the sink" in text and "bin" in text for text in live), (exchange, live)


def test_a_spoken_timer_command_sets_a_timer(brain_web, make_voice, data_dir) -> None:
    from appliance.voice.capture import WavSource

    with make_voice(brain_web) as voice:
        result = voice.answer(voice.listen(WavSource(spoken(PASTA))))
    print(f"heard {result.heard!r}; replied {result.reply!r}")
    with HouseholdStore.open(data_dir) as household:
        timers = household.timers()
    # The length is what must be exact; tiny may mishear the name ("faster" for "pasta").
    assert [t.seconds for t in timers] == [720.0], result
    assert "12 minutes" in result.reply


def test_a_secret_said_aloud_is_refused_and_never_shown_on_the_board(
    brain_web, make_voice, data_dir, memory
) -> None:
    from appliance.voice.capture import WavSource

    # Whisper tiny hears espeak's "wifi password" differently by voice and thread count
    # ("my 5-part world"); two voices make it near-certain that one is heard as said.
    secrets = [
        Clip("remember that the wifi password is hunter twenty two", voice, speed)
        for voice, speed in (("en-gb", 150), ("en-gb-x-rp", 140))
    ]
    refused = 0
    with make_voice(brain_web) as voice:
        for secret in secrets:
            result = voice.answer(voice.listen(WavSource(spoken(secret))))
            print(f"heard {result.heard!r}; replied {result.reply!r}")
            assert memory.facts() == []  # heard or misheard, nothing spoken is live at once
            if "password" not in result.heard.lower():
                continue  # misheard into other words: proposed for Keep, never kept
            refused += 1
            line = ShownExchange(data_dir).line()
            assert "refused" in result.reply
            assert "hunter" not in line.lower() and "[withheld: the guard refused this text" in line
    assert refused, "neither voice was heard saying 'password': the guard was never tried"
