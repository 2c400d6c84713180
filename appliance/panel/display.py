"""Where a rendered screen goes: the Inky panel (and a copy in board.png), or board.png alone.

The only module that imports inky. A panel refresh blocks for up to ~30 s and
there is no partial refresh, so `Refresher` owns the display on a thread of
its own: it never refreshes for the image already shown, never starts two
refreshes closer together than the minimum interval, and when frames arrive
while one is being drawn it keeps only the latest.
"""

from __future__ import annotations

import hashlib
import io
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from PIL import Image

from appliance.config import Settings
from appliance.errors import ConfigError, HearthError
from appliance.files import commit_temp, discard_temp, write_temp
from appliance.panel.panels import DEFAULT_MODEL, PanelModel, model_for_driver, model_named

log = logging.getLogger(__name__)

BOARD_FILE = "board.png"


class Display(Protocol):
    model: PanelModel
    is_panel: bool  # True for e-ink glass (slow, wears); False for a file

    def show(self, image: Image.Image) -> None: ...

    def describe(self) -> str: ...


def _check_frame(image: Image.Image, model: PanelModel) -> None:
    if image.size != model.size or image.mode != "P":
        raise ValueError(
            f"{model.title} needs a P-mode {model.width}x{model.height} image, "
            f"not {image.mode} {image.width}x{image.height}"
        )


def write_png(path: Path, image: Image.Image) -> None:
    """Replace the PNG at path atomically, 0600 from the first byte (household content)."""
    png = io.BytesIO()
    image.save(png, format="PNG", optimize=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = write_temp(path, png.getvalue())
    try:
        commit_temp(temp, path)
    finally:
        discard_temp(temp)  # gone already once committed


class PngDisplay:
    """No panel: each frame replaces board.png atomically (the web part serves it)."""

    is_panel = False

    def __init__(self, path: Path, model: PanelModel) -> None:
        self.path = Path(path)
        self.model = model

    def show(self, image: Image.Image) -> None:
        _check_frame(image, self.model)
        write_png(self.path, image)

    def describe(self) -> str:
        return f"{self.path} ({self.model.title} size, no panel)"


class InkyDisplay:
    """A real Inky driver object; show() runs its full command sequence and refresh."""

    is_panel = True

    def __init__(self, driver: Any, model: PanelModel, copy_to: Path | None = None) -> None:
        self.driver = driver
        self.model = model
        self.copy_to = Path(copy_to) if copy_to is not None else None  # board.png for the web

    def show(self, image: Image.Image) -> None:
        _check_frame(image, self.model)
        # P mode already in the driver's colour order: the driver copies the
        # indices (uc8159, ac073tc1a) or, for Spectra, re-quantises six exact
        # colours without dither and remaps them; neither changes a pixel.
        self.driver.set_image(image)
        self.driver.show()
        if self.copy_to is not None:  # after the refresh: /board.png shows what the glass does
            write_png(self.copy_to, image)

    def describe(self) -> str:
        return f"{self.model.title} on SPI"


def driver_class(model: PanelModel) -> type:
    """The inky driver class for a model (imported on demand: inky is heavy)."""
    import importlib

    return importlib.import_module(f"inky.{model.driver}").Inky


def inky_display(model: PanelModel, copy_to: Path | None = None, **buses: Any) -> InkyDisplay:
    """Construct the model's driver; tests pass spi_bus=, gpio=, i2c_bus= fakes."""
    return InkyDisplay(driver_class(model)(resolution=model.size, **buses), model, copy_to)


def open_display(settings: Settings) -> Display:
    """The configured panel, the one that answers on I2C (auto), or board.png.

    A panel also writes each frame it shows to board.png, so /board.png is the glass.
    auto falls back to the PNG file when no panel answers (a laptop, a Pi with
    nothing on its header); a named model that fails to open is an error.
    """
    png = Path(settings.data_dir) / BOARD_FILE
    choice = settings.panel_model
    if choice == "png":
        return PngDisplay(png, model_named(DEFAULT_MODEL))
    if choice != "auto":
        model = model_named(choice)
        try:
            display = inky_display(model, copy_to=png)
            # Claim SPI and GPIO and reset the controller now (no refresh), so a
            # missing or miswired panel is an error at start, not a log line later.
            display.driver.setup()
            return display
        except (ImportError, OSError, RuntimeError) as exc:
            raise ConfigError(f"cannot open the {model.title}: {exc}") from exc
    try:
        import inky

        driver = inky.auto()
    except (ImportError, OSError, RuntimeError) as exc:
        log.info("no Inky panel found (%s); drawing to %s", exc, png)
        return PngDisplay(png, model_named(DEFAULT_MODEL))
    return InkyDisplay(driver, model_for_driver(type(driver).__module__, driver.resolution), png)


def fingerprint(image: Image.Image) -> str:
    """Equal for two frames the panel would draw identically (pixels and palette)."""
    digest = hashlib.sha256(image.tobytes())
    digest.update(bytes(image.getpalette() or ()))
    return digest.hexdigest()


class Refresher:
    """Owns a display on its own thread and applies the refresh policy.

    submit() never blocks (a button thread calls it). `on_glass` names the tag
    of the frame the panel shows now, or None while a refresh is drawing, so
    the board acts only on what a person can actually read.
    """

    def __init__(
        self, display: Display, min_interval: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.display = display
        self.min_interval = max(0.0, min_interval)
        self._clock = clock
        self._cond = threading.Condition()
        self._wanted: tuple[Image.Image, str, str | None] | None = None  # image, print, tag
        self._shown_print: str | None = None
        self._shown_tag: str | None = None
        self._drawing = False
        self._last_start: float | None = None
        self._closed = False
        self.skipped_identical = 0
        self.failures = 0
        self._thread = threading.Thread(target=self._run, name="panel-refresh", daemon=True)
        self._thread.start()

    def submit(self, image: Image.Image, tag: str | None = None) -> None:
        """Ask for this frame; replaces any frame still waiting for its turn."""
        frame = (image, fingerprint(image), tag)
        with self._cond:
            if not self._drawing and frame[1] == self._shown_print:
                self._wanted = None  # what the glass shows already
                self._shown_tag = tag
                self.skipped_identical += 1
            else:
                self._wanted = frame
            self._cond.notify_all()

    @property
    def on_glass(self) -> str | None:
        """The tag of the frame on the panel, None while drawing or with a newer frame waiting."""
        with self._cond:
            if self._drawing or self._wanted is not None:
                return None
            return self._shown_tag

    def wait_idle(self, timeout: float = 5.0) -> bool:
        """Block until nothing waits or draws (tests, --once); False on timeout."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._drawing or self._wanted is not None:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(min(left, 0.05))
        return True

    def close(self, timeout: float = 40.0) -> None:
        """Stop after the refresh in flight (a panel must not lose power mid-refresh)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout)

    def _next_frame(self) -> tuple[Image.Image, str, str | None] | None:
        with self._cond:
            while not self._closed:
                frame = self._wanted
                if frame is None:
                    self._cond.wait()
                    continue
                if frame[1] == self._shown_print:
                    self._wanted = None
                    self._shown_tag = frame[2]
                    self.skipped_identical += 1
                    self._cond.notify_all()
                    continue
                if self._last_start is not None:
                    wait = self._last_start + self.min_interval - self._clock()
                    if wait > 0:
                        self._cond.wait(wait)
                        continue
                self._wanted = None
                self._drawing = True
                self._last_start = self._clock()
                return frame
            return None

    def _run(self) -> None:
        while (frame := self._next_frame()) is not None:
            image, drawn_print, drawn_tag = frame
            print_: str | None = drawn_print
            tag: str | None = drawn_tag
            try:
                self.display.show(image)
            except (HearthError, OSError, RuntimeError, ValueError) as exc:
                # A driver error must not kill the board; the next frame tries again.
                self.failures += 1
                log.error("panel refresh failed: %s", exc)
                print_, tag = None, None
            with self._cond:
                self._shown_print, self._shown_tag = print_, tag
                self._drawing = False
                self._cond.notify_all()
            if print_ is not None:
                log.info("panel refreshed (%s)", tag or "home")


def detect_panel(settings: Settings) -> tuple[str, str]:
    """(state, detail) for `hearth doctor`: reads the EEPROM only, never claims SPI or GPIO.

    The panel service may hold the panel while doctor runs, so nothing here sets it up.
    """
    if settings.panel_model == "png":
        return "ok", f"panel_model = png: the board is drawn to {BOARD_FILE}"
    if settings.panel_model != "auto":
        return "ok", f"{model_named(settings.panel_model).title} configured (not probed)"
    try:
        import inky

        driver = inky.auto()
    except (ImportError, OSError, RuntimeError) as exc:
        return "absent", f"no panel answers on I2C ({exc}); the board goes to {BOARD_FILE}"
    model = model_for_driver(type(driver).__module__, driver.resolution)
    return "ok", f"{model.title} found by its EEPROM"
