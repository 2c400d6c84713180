"""`hearth wyoming` as Home Assistant uses it: describe, a conversation turn, speech to text and
text to speech, through the wyoming package's own AsyncTcpClient against the real server, the
real brain (the default model) and the real recogniser and voice."""

from __future__ import annotations

import http.client
import json

from wyoming.asr import Transcribe, Transcript
from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.handle import Handled
from wyoming.info import Describe, Info
from wyoming.timer import TimerStarted
from wyoming.tts import Synthesize, SynthesizeChunk, SynthesizeStart, SynthesizeStop

from appliance.household import HouseholdStore
from tests.voice.speech import Clip, spoken
from tests.wyoming.conftest import Kitchen, exchange


def _turn(home: Kitchen, text: str, conversation: str | None = None) -> list:
    """What Home Assistant's Wyoming conversation agent sends (homeassistant/components/
    wyoming/conversation.py): one connection, a transcript with the conversation id (and the
    device's) in its context and the pipeline's language; then it reads until handled,
    not-handled or error, passing over anything else (Hearth's timer events)."""
    context = (
        {"conversation_id": conversation, "device_id": "kitchen-tablet"} if conversation else None
    )
    event = Transcript(text=text, context=context, language="en").event()
    return exchange(home.port, [event], "handled")


def _audio(samples: bytes, rate: int = 16000) -> list:
    step = 2048
    return [
        Transcribe(language="en").event(),
        AudioStart(rate=rate, width=2, channels=1).event(),
        *(
            AudioChunk(rate=rate, width=2, channels=1, audio=samples[i : i + step]).event()
            for i in range(0, len(samples), step)
        ),
        AudioStop().event(),
    ]


def test_describe_advertises_the_recogniser_the_voice_and_hearth_as_an_agent(home) -> None:
    [answer] = exchange(home.port, [Describe().event()], "info")
    info = Info.from_event(answer)
    [asr] = info.asr
    assert asr.models[0].name == "whisper-base" and asr.models[0].languages == ["en"]
    assert "faster-whisper" in asr.attribution.url
    [tts] = info.tts
    assert tts.voices[0].name == "en_US-joe-medium" and tts.supports_synthesize_streaming
    [handle] = info.handle
    assert handle.name == "hearth" and handle.supports_home_control is False
    assert handle.models[0].languages == ["en"]


def test_a_conversation_turn_sets_a_timer_and_says_so_with_a_timer_event(home) -> None:
    events = _turn(home, "Set a pasta timer for 12 minutes.", "conv-pasta")
    started = [TimerStarted.from_event(e) for e in events if TimerStarted.is_type(e.type)]
    handled = Handled.from_event(events[-1])
    print(f"handled: {handled.text!r}")
    assert "pasta timer set for 12 minutes" in (handled.text or "").lower()
    assert handled.context == {"conversation_id": "conv-pasta"}
    with HouseholdStore.open(home.settings.data_dir) as store:
        [timer] = [t for t in store.timers() if t.name == "pasta"]
    assert [(s.id, s.name, s.total_seconds, s.start_minutes) for s in started] == [
        (str(timer.id), "pasta", 720, 12)
    ]
    # A Home Assistant that only uses Hearth as its agent costs no recogniser memory (this
    # module's transcribe tests come after this one).
    assert not home.parts.server.services.ears.loaded, "a turn must not load the recogniser"


def test_a_remember_from_home_assistant_is_proposed_for_keep_never_kept_live(home) -> None:
    before = {p.id for p in home.memory.proposals()}
    events = _turn(home, "Remember that the bin bags are under the sink.", "conv-bins")
    reply = Handled.from_event(events[-1]).text or ""
    print(f"handled: {reply!r}")
    assert "press keep" in reply.lower()
    assert not [f for f in home.memory.facts() if "bin bags" in f.text.lower()]
    new = [p for p in home.memory.proposals() if p.id not in before]
    assert [p.text for p in new] == ["The bin bags are under the sink."]


def test_positive_control_the_same_words_typed_over_http_are_kept_live(home) -> None:
    """What the review gate above holds back: without the heard mark the brain keeps it."""
    connection = http.client.HTTPConnection("127.0.0.1", int(home.brain.url.rsplit(":", 1)[1]))
    body = {
        "model": "hearth",
        "messages": [
            {"role": "user", "content": "Remember that the colander is above the fridge."}
        ],
    }
    connection.request("POST", "/v1/chat/completions", json.dumps(body), home.brain.auth())
    assert connection.getresponse().status == 200
    assert [f.text for f in home.memory.facts() if "colander" in f.text.lower()] == [
        "The colander is above the fridge."
    ]


def test_one_conversation_id_is_one_hearth_thread(home) -> None:
    conversations = home.parts.server.services.conversations
    _turn(home, "What is 200 grams of flour in cups?", "conv-a")
    first = conversations.thread("conv-a")
    _turn(home, "And in ounces?", "conv-a")
    assert first is not None and conversations.thread("conv-a") == first
    _turn(home, "What is 200 grams of flour in cups?", "conv-b")
    assert conversations.thread("conv-b") not in (None, first)


def test_transcribe_hears_speech_with_the_kitchens_recogniser_and_acts_on_nothing(home) -> None:
    samples = spoken(Clip("Set a rice timer for 9 minutes."))
    [*_, answer] = exchange(home.port, _audio(samples), "transcript")
    text = Transcript.from_event(answer).text
    print(f"heard: {text!r}")
    assert "rice" in text.lower() and "timer" in text.lower()
    with HouseholdStore.open(home.settings.data_dir) as store:
        assert not [t for t in store.timers() if t.name.startswith("rice")]  # heard, not done


def test_transcribe_of_silence_is_nothing_heard(home) -> None:
    [answer] = exchange(home.port, _audio(bytes(16000 * 2 * 2)), "transcript")
    assert Transcript.from_event(answer).text == ""


def test_synthesize_answers_with_the_voice_as_audio_chunks(home) -> None:
    request = Synthesize(text="Pasta timer set. It rings at noon.").event()
    events = exchange(home.port, [request], "audio-stop")
    assert events[0].type == "audio-start" and AudioStart.from_event(events[0]).rate == 22050
    audio = b"".join(AudioChunk.from_event(e).audio for e in events if e.type == "audio-chunk")
    assert len(audio) > 22050 * 2  # more than a second of speech
    assert [e.type for e in events].count("audio-start") == 1


def test_synthesize_with_no_words_still_ends_its_audio(home) -> None:
    """Home Assistant reads until audio-stop: an empty text must not leave it waiting."""
    events = exchange(home.port, [Synthesize(text="  ").event()], "audio-stop")
    assert [e.type for e in events] == ["audio-start", "audio-stop"]


def test_streamed_synthesis_speaks_each_sentence_before_the_stream_ends(home) -> None:
    """synthesize-start/chunk/stop (wyoming 1.7+): the first sentence's audio comes back
    while the rest of the text has not been sent yet."""
    import asyncio

    from wyoming.client import AsyncTcpClient

    async def run() -> tuple[list[str], list[str]]:
        async with AsyncTcpClient("127.0.0.1", home.port) as client:
            await client.write_event(SynthesizeStart().event())
            await client.write_event(SynthesizeChunk(text="Pasta timer ").event())
            await client.write_event(SynthesizeChunk(text="set. It rings").event())
            early = []
            while not early or early[-1] != "audio-stop":
                event = await asyncio.wait_for(client.read_event(), 60)
                early.append(event.type)
            await client.write_event(SynthesizeChunk(text=" at noon.").event())
            await client.write_event(Synthesize(text="Pasta timer set. It rings at noon.").event())
            await client.write_event(SynthesizeStop().event())
            late = []
            while not late or late[-1] != "synthesize-stopped":
                event = await asyncio.wait_for(client.read_event(), 60)
                late.append(event.type)
            return early, late

    early, late = asyncio.run(run())
    assert early[0] == "audio-start" and early[-1] == "audio-stop"
    # the rest: one more sentence (the compatibility `synthesize` is not spoken twice)
    assert late.count("audio-start") == 1 and late[-1] == "synthesize-stopped"
