"""display.py: the real inky drivers against fake buses, board.png, and the refresh policy."""

from __future__ import annotations

import datetime as dt
import stat
import threading
import time
from pathlib import Path

import numpy
import pytest
from PIL import Image

from appliance.config import Settings
from appliance.errors import ConfigError
from appliance.panel.display import PngDisplay, Refresher, open_display
from appliance.panel.panels import MODELS, model_for_driver
from appliance.panel.render import ReviewCard, render

CARD = ReviewCard(
    "Sam is allergic to peanuts and carries an EpiPen in the blue bag.",
    "health",
    dt.datetime(2026, 11, 30, 8, 42),
    "kitchen chat",
    1,
    3,
)


def packed(indices: numpy.ndarray) -> list[int]:
    """Two pixels a byte, high nibble first: the controllers' 4-bit pixel format."""
    flat = indices.flatten().astype(numpy.uint8)
    return (((flat[::2] << 4) & 0xF0) | (flat[1::2] & 0x0F)).tolist()


def test_impression_5_7_shows_exactly_our_quantised_pixels(fake_panel):
    display, bus = fake_panel("impression-5.7")
    image = render(CARD, display.model)
    display.show(image)
    ((payload, _),) = bus.payloads(0x10)  # DTM1: the pixel buffer
    assert payload == packed(numpy.array(image))
    assert [d for k, d, _ in bus.transfers if k == "command"][-3:] == [[0x04], [0x12], [0x02]]


def test_impression_7_3_shows_exactly_our_quantised_pixels(fake_panel):
    display, bus = fake_panel("impression-7.3")
    image = render(CARD, display.model)
    display.show(image)
    ((payload, _),) = bus.payloads(0x10)
    assert payload == packed(numpy.array(image))


def test_spectra_7_3_remaps_our_six_inks_to_its_colour_numbers(fake_panel):
    display, bus = fake_panel("spectra-7.3")
    image = render(CARD, display.model)
    indices = numpy.array(image)
    assert {4, 5} & set(numpy.unique(indices))  # blue and green tiles are on the card
    display.show(image)
    ((payload, _),) = bus.payloads(0x10)
    native = numpy.array([0, 1, 2, 3, 5, 6])[indices]  # Spectra skips colour 4
    assert payload == packed(native)


def test_spectra_13_3_sends_each_half_to_its_own_controller(fake_panel):
    display, bus = fake_panel("spectra-13.3")
    image = render(CARD, display.model)
    display.show(image)
    native = numpy.rot90(numpy.array([0, 1, 2, 3, 5, 6])[numpy.array(image)], -1)
    (first, cs_first), (second, cs_second) = bus.payloads(0x10)
    assert first == packed(native[:, :600]) and second == packed(native[:, 600:])
    assert 26 in cs_first and 16 not in cs_first  # chip select 0 only
    assert 16 in cs_second and 26 not in cs_second  # chip select 1 only


def test_the_panel_refuses_a_frame_of_the_wrong_size_or_mode(fake_panel):
    display, bus = fake_panel("impression-5.7")
    with pytest.raises(ValueError, match="P-mode 600x448"):
        display.show(Image.new("RGB", (600, 448), "white"))
    with pytest.raises(ValueError, match="P-mode 600x448"):
        display.show(render(CARD, MODELS["spectra-7.3"]))
    assert bus.transfers == []


def test_png_sink_writes_board_png_private_and_identical(tmp_path: Path):
    display = PngDisplay(tmp_path / "data" / "board.png", MODELS["spectra-7.3"])
    image = render(CARD, display.model)
    display.show(image)
    written = Image.open(display.path)
    assert written.size == (800, 480)
    assert numpy.array_equal(numpy.array(written), numpy.array(image))
    assert stat.S_IMODE(display.path.stat().st_mode) == 0o600
    assert [p.name for p in display.path.parent.iterdir()] == ["board.png"]  # no temp left


def test_open_display_without_a_panel_falls_back_to_board_png(settings: Settings):
    display = open_display(settings)  # panel_model = "auto"; no I2C bus on this machine
    assert isinstance(display, PngDisplay)
    assert display.path == settings.data_dir / "board.png"
    assert not display.is_panel


def test_open_display_png_and_unknown_models(data_dir: Path):
    assert isinstance(open_display(Settings.for_data_dir(data_dir, panel_model="png")), PngDisplay)
    with pytest.raises(ConfigError, match="unknown panel_model 'inky-xl'"):
        open_display(Settings.for_data_dir(data_dir, panel_model="inky-xl"))


def test_a_named_panel_that_is_not_there_is_a_clear_error(data_dir: Path):
    with pytest.raises(ConfigError, match="cannot open the Inky Impression 5.7"):
        open_display(Settings.for_data_dir(data_dir, panel_model="impression-5.7"))


def test_panels_without_buttons_are_refused_by_name():
    assert model_for_driver("inky.inky_e673", (800, 480)).key == "spectra-7.3"
    with pytest.raises(ConfigError, match="not one Hearth supports"):
        model_for_driver("inky.what", (400, 300))


# -- the refresh policy ----------------------------------------------------------


class SlowPanel:
    """A display whose show() blocks until the test lets it finish."""

    is_panel = True

    def __init__(self, model_key: str = "impression-5.7") -> None:
        self.model = MODELS[model_key]
        self.shown: list[tuple[int, str, float]] = []  # (frame id, thread, start time)
        self.release = threading.Event()
        self.started = threading.Event()
        self.fail_next = False

    def show(self, image: Image.Image) -> None:
        self.started.set()
        self.shown.append((image.info["frame"], threading.current_thread().name, time.monotonic()))
        self.release.wait(10)
        if self.fail_next:
            self.fail_next = False
            raise OSError("SPI transfer failed")

    def describe(self) -> str:
        return "slow"


def frame(number: int, text: str | None = None) -> Image.Image:
    image = render(
        ReviewCard(
            text or f"Fact number {number}", "event", dt.datetime(2026, 11, 30, 9), None, 1, 1
        ),
        MODELS["impression-5.7"],
    )
    image.info["frame"] = number
    return image


def test_an_identical_image_never_refreshes_the_panel():
    panel = SlowPanel()
    panel.release.set()
    refresher = Refresher(panel, min_interval=0)
    refresher.submit(frame(1, "Same words"))
    assert refresher.wait_idle()
    refresher.submit(frame(2, "Same words"))  # same pixels, a new image object
    assert refresher.wait_idle()
    assert [f for f, _, _ in panel.shown] == [1]
    assert refresher.skipped_identical == 1
    refresher.submit(frame(3, "Other words"))  # positive control: a change refreshes
    assert refresher.wait_idle()
    assert [f for f, _, _ in panel.shown] == [1, 3]
    refresher.close()


def test_frames_arriving_during_a_refresh_coalesce_to_the_latest():
    panel = SlowPanel()
    refresher = Refresher(panel, min_interval=0)
    refresher.submit(frame(1))
    assert panel.started.wait(5)
    for number in (2, 3, 4):
        refresher.submit(frame(number))  # returns at once: show() runs elsewhere
    assert refresher.on_glass is None
    panel.release.set()
    assert refresher.wait_idle()
    assert [f for f, _, _ in panel.shown] == [1, 4]
    assert {thread for _, thread, _ in panel.shown} == {"panel-refresh"}
    refresher.close()


def test_refreshes_start_no_closer_than_the_minimum_interval():
    panel = SlowPanel()
    panel.release.set()
    refresher = Refresher(panel, min_interval=0.5)
    refresher.submit(frame(1))
    assert refresher.wait_idle()
    refresher.submit(frame(2))
    assert refresher.wait_idle()
    (_, _, first), (_, _, second) = panel.shown
    assert second - first >= 0.5
    refresher.close()


def test_submit_does_not_wait_for_a_blocked_panel():
    panel = SlowPanel()  # show() blocks until released
    refresher = Refresher(panel, min_interval=0)
    refresher.submit(frame(1))
    assert panel.started.wait(5)
    refresher.submit(frame(2))  # the button thread gets control back while glass is busy
    assert not panel.release.is_set()
    panel.release.set()
    refresher.close()


def test_a_failed_refresh_is_retried_with_the_next_frame_and_the_board_lives_on():
    panel = SlowPanel()
    panel.fail_next = True
    panel.release.set()
    refresher = Refresher(panel, min_interval=0)
    refresher.submit(frame(1, "Same words"))
    assert refresher.wait_idle()
    assert refresher.failures == 1 and refresher.on_glass is None
    refresher.submit(frame(2, "Same words"))  # identical, but never reached the glass
    assert refresher.wait_idle()
    assert [f for f, _, _ in panel.shown] == [1, 2]
    refresher.close()


def test_on_glass_names_the_frame_the_panel_shows():
    panel = SlowPanel()
    refresher = Refresher(panel, min_interval=0)
    refresher.submit(frame(1), tag="proposal:a")
    assert panel.started.wait(5)
    assert refresher.on_glass is None  # drawing: nothing readable
    panel.release.set()
    assert refresher.wait_idle()
    assert refresher.on_glass == "proposal:a"
    refresher.close()
