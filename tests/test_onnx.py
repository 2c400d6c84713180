"""onnxruntime's telemetry is off before any Hearth part makes a session with it."""

from __future__ import annotations

import pytest

from appliance.onnx import onnxruntime_offline


@pytest.fixture
def disabled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    import onnxruntime

    calls: list[str] = []
    real = onnxruntime.disable_telemetry_events
    monkeypatch.setattr(
        onnxruntime, "disable_telemetry_events", lambda: (calls.append("off"), real())[1]
    )
    session = onnxruntime.InferenceSession  # the order matters: off, then a session

    def recorded_session(*args, **kwargs):
        calls.append("session")
        return session(*args, **kwargs)

    monkeypatch.setattr(onnxruntime, "InferenceSession", recorded_session)
    return calls


def test_the_loader_turns_telemetry_off(disabled: list[str]) -> None:
    assert onnxruntime_offline().InferenceSession is not None
    assert disabled == ["off"]


def test_recall_and_voice_load_onnxruntime_through_it(disabled: list[str]) -> None:
    from appliance.memory.embed import OnnxMiniLMEmbedder
    from appliance.voice.vad import SileroVad

    OnnxMiniLMEmbedder()
    assert disabled[:2] == ["off", "session"]
    embedder_calls = len(disabled)
    SileroVad()
    assert disabled[embedder_calls] == "off" and "session" in disabled[embedder_calls:]
