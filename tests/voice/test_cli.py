"""`hearth voice` and `hearth doctor` as a person runs them: a WAV through the whole path,
and a missing microphone or a bad file said plainly, with no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from appliance import cli
from appliance.cli.doctor import BROKEN, check_voice
from tests.voice.speech import Clip, spoken, write_wav


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_hearth_voice_wav_prints_what_was_heard_and_the_reply(
    brain_web, transcriber, tmp_path, capsys, monkeypatch, memory
) -> None:
    from appliance.voice import stt

    monkeypatch.setattr(stt.Transcriber, "open", classmethod(lambda cls, s: transcriber))
    wav = write_wav(tmp_path / "q.wav", spoken(Clip("add eggs and milk to the shopping list")))
    port = brain_web.url.rsplit(":", 1)[1]
    code, out, err = _run(capsys, "voice", "--wav", str(wav), "--port", port)
    assert code == 0, out + err
    heard, reply = out.strip().splitlines()[-2:]
    assert heard.startswith("heard: ") and "shopping list" in heard.lower()
    assert "the recogniser wrote" not in heard  # understood as heard: nothing placed
    assert reply.startswith("hearth: ") and "Traceback" not in err


def test_hearth_voice_wavs_are_one_conversation(
    brain_web, transcriber, tmp_path, capsys, monkeypatch
) -> None:
    """An outside trial said "Eight minutes." as its own `--wav` after "For how long?", and
    the answer was lost: each run was a conversation of its own. On the box two presses of
    Talk are one; so are the files of one run."""
    from appliance.voice import stt

    monkeypatch.setattr(stt.Transcriber, "open", classmethod(lambda cls, s: transcriber))
    first = write_wav(tmp_path / "set.wav", spoken(Clip("set a timer")))
    then = write_wav(tmp_path / "eight.wav", spoken(Clip("eight minutes")))
    port = brain_web.url.rsplit(":", 1)[1]
    code, out, err = _run(capsys, "voice", "--wav", str(first), str(then), "--port", port)
    assert code == 0, out + err
    replies = [line for line in out.splitlines() if line.startswith("hearth: ")]
    assert replies[0].startswith("hearth: For how long?")
    assert replies[1].startswith("hearth: Timer set for 8 minutes"), replies


def test_hearth_voice_wav_shows_what_the_recogniser_wrote_when_a_command_was_placed(
    brain_web, transcriber, tmp_path, capsys, monkeypatch
) -> None:
    from appliance.voice import stt

    monkeypatch.setattr(stt.Transcriber, "open", classmethod(lambda cls, s: transcriber))
    # The pass itself is tested in test_closed_pass.py; here, that its word reaches the CLI.
    monkeypatch.setattr(transcriber.closed_pass, "placed", lambda text, bias: "what time is it")
    wav = write_wav(tmp_path / "q.wav", spoken(Clip("what's the name today")))
    port = brain_web.url.rsplit(":", 1)[1]
    code, out, err = _run(capsys, "voice", "--wav", str(wav), "--port", port)
    assert code == 0, out + err
    heard, reply = out.strip().splitlines()[-2:]
    assert heard.startswith("heard: what time is it (the recogniser wrote “"), heard
    assert "name" in heard.lower() and reply.startswith("hearth: ")


def test_hearth_voice_wav_of_silence_says_nothing_was_heard(
    scripted_web, transcriber, tmp_path, capsys, monkeypatch
) -> None:
    from appliance.voice import stt

    monkeypatch.setattr(stt.Transcriber, "open", classmethod(lambda cls, s: transcriber))
    wav = write_wav(tmp_path / "quiet.wav", bytes(32000 * 2))
    port = scripted_web.url.rsplit(":", 1)[1]
    code, out, _ = _run(capsys, "voice", "--wav", str(wav), "--port", port)
    assert code == 1 and "heard: (nothing)" in out and "nothing heard" in out
    assert scripted_web.chat.calls == []
    assert "voice_max_seconds" not in out  # the control for the next test: 2 s is heard whole


def test_hearth_voice_wav_longer_than_one_utterance_says_only_part_is_heard(
    scripted_web, transcriber, tmp_path, capsys, monkeypatch
) -> None:
    """A held Talk ends at voice_max_seconds; a file past it is cut the same way, and says so."""
    from appliance.voice import stt

    monkeypatch.setattr(stt.Transcriber, "open", classmethod(lambda cls, s: transcriber))
    wav = write_wav(tmp_path / "long.wav", bytes(20 * 16000 * 2))
    port = scripted_web.url.rsplit(":", 1)[1]
    _, out, _ = _run(capsys, "voice", "--wav", str(wav), "--port", port)
    assert "long.wav is 20.0 s long; one utterance is at most 15 s (voice_max_seconds)" in out


def test_hearth_voice_wav_of_a_bad_file_is_one_clear_line(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "notes.wav"
    bad.write_text("shopping: eggs")
    code, out, err = _run(capsys, "voice", "--wav", str(bad))
    assert code == 1 and "is not a WAV file Hearth can read" in err + out
    assert "Traceback" not in err


def test_a_missing_microphone_is_a_clear_error_from_hearth_voice(capsys, monkeypatch) -> None:
    monkeypatch.setenv("HEARTH_VOICE_DEVICE", "USB PnP Sound Device")
    code, out, err = _run(capsys, "voice", "--simulate")
    assert code == 1 and "no microphone" in err + out and "Traceback" not in err


def test_a_missing_microphone_is_a_clear_line_from_doctor(settings, monkeypatch) -> None:
    import dataclasses

    wanted = dataclasses.replace(settings, voice_device="USB PnP Sound Device")
    [finding] = check_voice(wanted)
    assert finding.state == BROKEN and "no microphone" in finding.detail


def test_doctor_finds_the_alsa_file_microphone(settings, alsa_file_mic) -> None:
    import dataclasses

    alsa_file_mic(bytes(3200))
    [finding] = check_voice(dataclasses.replace(settings, voice_device="hearthmic"))
    assert (finding.state, finding.detail) == ("ok", "records from 'hearthmic'")


@pytest.mark.parametrize("argv", [["voice", "--help"]])
def test_voice_is_a_hearth_command(argv, capsys) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(argv)
    assert done.value.code == 0 and "--wav" in capsys.readouterr().out
