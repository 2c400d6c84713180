"""/board.png shows what the glass shows, /healthz is cheap, deep JSON is a 400."""

from __future__ import annotations

import io
import stat
import sys
import threading
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from appliance.memory import Memory
from appliance.panel.display import inky_display
from appliance.panel.panels import MODELS
from tests.panel.conftest import FakeLines, FakeSpi, NoEeprom, PanelBus
from tests.web.client import call
from tests.web.conftest import Running, start_server, stop_server

# -- the board --------------------------------------------------------------------------


def frame(size: tuple[int, int], palette: list[int], colour: int) -> Image.Image:
    image = Image.new("P", size, 0)
    image.putpalette(palette)
    ImageDraw.Draw(image).rectangle((20, 20, 200, 120), fill=colour)
    return image


def test_a_real_panel_writes_what_it_shows_to_board_png(web: Running) -> None:
    """On a Pi with a panel only the PNG sink used to write board.png: /board.png was a
    404. Now the Inky display copies each frame once the glass shows it."""
    model = MODELS["spectra-7.3"]
    bus = PanelBus()
    board = web.data_dir / "board.png"
    display = inky_display(
        model, copy_to=board, spi_bus=FakeSpi(bus), gpio=FakeLines(bus), i2c_bus=NoEeprom()
    )
    assert call(f"{web.url}/board.png", headers=web.auth()).status == 404
    for colour in (1, 3):
        image = frame(model.size, model.palette.flat(), colour)
        display.show(image)
        assert bus.transfers, "the real driver drove the (fake) glass"
        answer = call(f"{web.url}/board.png", headers=web.auth())
        assert answer.status == 200
        served = Image.open(io.BytesIO(answer.body))
        assert served.size == model.size
        assert served.tobytes() == image.tobytes(), "the view is the frame on the glass"
    assert stat.S_IMODE(board.stat().st_mode) == 0o600
    assert sorted(p.name for p in web.data_dir.iterdir() if p.name.startswith("board")) == [
        "board.png"
    ], "no temp file left behind"


def test_a_refresh_that_fails_on_the_glass_does_not_change_board_png(web: Running) -> None:
    model = MODELS["spectra-7.3"]
    bus = PanelBus()
    board = web.data_dir / "board.png"
    display = inky_display(
        model, copy_to=board, spi_bus=FakeSpi(bus), gpio=FakeLines(bus), i2c_bus=NoEeprom()
    )
    display.show(frame(model.size, model.palette.flat(), 1))
    before = board.read_bytes()

    def broken() -> None:
        raise OSError("SPI transfer failed")

    display.driver.show = broken
    with pytest.raises(OSError):
        display.show(frame(model.size, model.palette.flat(), 4))
    assert board.read_bytes() == before, "board.png still shows what the glass shows"


# -- health -----------------------------------------------------------------------------

WALKS = ("os.listdir", "os.scandir", "open")


class FileAccess:
    """Counts directory listings and file opens on the server's threads (audit hooks:
    Python's own instrumentation, nothing of Hearth's is replaced)."""

    def __init__(self) -> None:
        self.counting = False
        self.events: list[str] = []
        self._test_thread = threading.get_ident()
        sys.addaudithook(self._hook)

    def _hook(self, event: str, args: tuple) -> None:
        if self.counting and event in WALKS and threading.get_ident() != self._test_thread:
            self.events.append(event)


@pytest.fixture(scope="module")
def file_access() -> FileAccess:
    return FileAccess()  # an audit hook cannot be removed: one per test module


def test_health_walks_no_folder_per_call(
    memory: Memory, data_dir: Path, file_access: FileAccess
) -> None:
    for n in range(20):
        memory.add(f"Fact number {n} about the kitchen", "note")
    web = start_server(memory, data_dir)
    try:
        assert call(f"{web.url}/healthz").status == 200  # the first call checks
        file_access.events.clear()
        file_access.counting = True
        for _ in range(50):
            assert call(f"{web.url}/healthz").status == 200
        file_access.counting = False
        assert file_access.events == [], "a /healthz call read the disk"
        assert web.chat.health_calls == 1, "the brain was asked once, not per call"
    finally:
        stop_server(web)


def test_health_checks_again_once_its_result_is_stale(
    memory: Memory, data_dir: Path, file_access: FileAccess
) -> None:
    """Positive control for the test above: with no cache, each call walks the folders."""
    memory.add("Sam is allergic to peanuts", "health")
    web = start_server(memory, data_dir, health_seconds=0)
    try:
        file_access.events.clear()
        file_access.counting = True
        for _ in range(5):
            assert call(f"{web.url}/healthz").status == 200
        file_access.counting = False
        assert len([e for e in file_access.events if e != "open"]) >= 5
        assert web.chat.health_calls == 5
        web.chat.healthy = False
        answer = call(f"{web.url}/healthz")
        assert answer.status == 503 and answer.json["model"] == {"ok": False}
    finally:
        stop_server(web)


# -- nesting ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body", [b"[" * 50_000, b'{"a":' * 12_000, b'{"messages": ' + b"[" * 50_000]
)
def test_deeply_nested_json_is_a_400(web: Running, body: bytes) -> None:
    answer = call(f"{web.url}/v1/chat/completions", "POST", body, web.auth())
    assert answer.status == 400, answer.body[:200]
    assert answer.json["error"]["message"] == "the JSON is nested too deeply to be a chat request"
    assert web.chat.calls == []
    assert web.queue.admitted == 0
    # Positive control: the server is fine, and nesting a real request needs is answered.
    ok = call(
        f"{web.url}/v1/chat/completions",
        "POST",
        {"messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}]},
        web.auth(),
    )
    assert ok.status == 200
