"""A command run with another data dir than the running Hearth's says so; with the same, nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from appliance.cli import main
from appliance.cli.running import mark_serving, other_data_dir_note, running, unmark_serving


@pytest.fixture
def runtime(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "xdg"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(folder))
    return folder


def test_another_data_dir_than_the_running_one_is_named(runtime: Path, tmp_path: Path) -> None:
    serving = tmp_path / "serving-data"
    assert mark_serving(4327, serving) is not None
    try:
        note = other_data_dir_note(tmp_path / "elsewhere")
        assert note is not None and str(serving.resolve()) in note and "port 4327" in note
        assert other_data_dir_note(serving) is None  # the control: the same dir says nothing
    finally:
        unmark_serving()
    assert running() is None


def test_a_marker_left_by_a_dead_process_is_ignored(runtime: Path, tmp_path: Path) -> None:
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    marker = runtime / "hearth" / "serving.json"
    marker.parent.mkdir(mode=0o700)
    marker.write_text(f'{{"pid": {int(gone.stdout)}, "port": 1, "data_dir": "/x"}}')
    assert running() is None and other_data_dir_note(tmp_path) is None


def test_a_marker_folder_someone_else_could_write_is_not_trusted(
    runtime: Path, tmp_path: Path
) -> None:
    (runtime / "hearth").mkdir(mode=0o777)
    os.chmod(runtime / "hearth", 0o777)
    (runtime / "hearth" / "serving.json").write_text(
        f'{{"pid": {os.getpid() + 0}, "port": 1, "data_dir": "/planted"}}'
    )
    assert mark_serving(4327, tmp_path) is None and running() is None


@pytest.mark.parametrize(
    ("argv", "code"),
    # `hearth voice --wav` is a person trying Hearth, not the service: it gets the note too
    [(["shopping", "list"], 0), (["voice", "--wav", "/nonexistent/said.wav"], 1)],
    ids=["shopping", "voice-wav"],
)
def test_the_cli_says_so_on_a_terminal(
    runtime: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys,
    argv: list[str],
    code: int,
) -> None:
    monkeypatch.setenv("HEARTH_DATA_DIR", str(tmp_path / "mine"))
    marker = runtime / "hearth" / "serving.json"
    marker.parent.mkdir(mode=0o700)
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        marker.write_text(
            f'{{"pid": {sleeper.pid}, "port": 4327, "data_dir": "{tmp_path / "theirs"}"}}'
        )
        monkeypatch.setattr("sys.stderr.isatty", lambda: True)
        assert main(argv) == code
        err = capsys.readouterr().err
        assert "the Hearth running here" in err and str(tmp_path / "theirs") in err
    finally:
        sleeper.kill()
        sleeper.wait()


def test_a_client_finds_the_brain_on_the_running_hearths_port(
    runtime: Path, tmp_path: Path
) -> None:
    """`hearth run --port 0` picked 41189: `hearth voice` and `hearth wyoming` on the same data
    dir ask there; on another data dir, or with --port given, they do not."""
    from appliance.cli.running import brain_port
    from appliance.config import Settings

    serving = tmp_path / "serving-data"
    same = Settings(data_dir=serving, web_port=4327)
    other = Settings(data_dir=tmp_path / "elsewhere", web_port=4327)
    assert brain_port(same) == 4327  # nothing running: the setting
    assert mark_serving(41189, serving) is not None
    try:
        assert brain_port(same) == 41189
        assert brain_port(other) == 4327
        assert brain_port(same, 5000) == 5000
    finally:
        unmark_serving()
    assert brain_port(same) == 4327


def test_trying_voice_gets_the_note_and_the_service_does_not() -> None:
    from appliance.cli import _one_shot, build_parser

    assert _one_shot(build_parser().parse_args(["voice", "--simulate"]))
    assert not _one_shot(build_parser().parse_args(["voice"]))  # the service: its journal


def test_two_hearths_of_one_user_keep_their_own_markers(runtime: Path, tmp_path: Path) -> None:
    """A fifth trial's `hearth voice` lost its brain when another Hearth of the same user
    started and stopped: one marker per user, overwritten, then taken away."""
    from appliance.cli.running import brain_port
    from appliance.config import Settings

    mine, theirs = tmp_path / "mine", tmp_path / "theirs"
    marker = mark_serving(41189, mine)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        # another Hearth marks its own dir, then goes: the first is still found
        theirs_marker = runtime / "hearth" / "serving-elsewhere.json"
        theirs_marker.write_text(f'{{"pid": {other.pid}, "port": 5000, "data_dir": "{theirs}"}}')
        assert brain_port(Settings(data_dir=mine, web_port=4327)) == 41189
        assert brain_port(Settings(data_dir=theirs, web_port=4327)) == 5000
        theirs_marker.unlink()
        assert brain_port(Settings(data_dir=mine, web_port=4327)) == 41189
        assert other_data_dir_note(mine) is None
    finally:
        other.kill()
        other.wait()
        unmark_serving(marker)
    assert brain_port(Settings(data_dir=mine, web_port=4327)) == 4327  # the control
