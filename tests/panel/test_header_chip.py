"""The buttons' GPIO chip on a Pi 4 and a Pi 5 under Debian's kernel: found by its label (a
Pi 5's header is RP1's, not /dev/gpiochip0), and the board known to gpiozero by its device
tree's compatible string when the firmware left no revision code. gpiozero's MockFactory
stands in for lgpio's factory; the chips' labels are the ones Debian's 7.3 kernel gives."""

from __future__ import annotations

import queue
import sys
import time
import types
from pathlib import Path

import pytest
from gpiozero.exc import PinUnknownPi
from gpiozero.pins.mock import MockFactory

from appliance.config import Settings
from appliance.errors import ConfigError
from appliance.panel import buttons as buttons_module
from appliance.panel.buttons import (
    DEFAULT_PINOUT,
    Action,
    GpioButtons,
    RevisionFallback,
    board_revision,
    gpiochip_labels,
    header_chip,
    header_pin_factory,
    load_pinout,
    open_buttons,
)

# Labels as the drivers name their chips: gpio-brcmstb by its device-tree node (one chip a
# bank), pinctrl-rp1 and pinctrl-bcm2835 by name, the firmware's expander on a Pi 4.
PI5_CHIPS = {
    0: "/soc@107c000000/gpio@7d508500",
    1: "/soc@107c000000/gpio@7d508500",
    2: "/soc@107c000000/gpio@7d517c00",
    3: "/soc@107c000000/gpio@7d517c00",
    4: "pinctrl-rp1",
}
PI4_CHIPS = {0: "pinctrl-bcm2711", 1: "raspberrypi-exp-gpio"}


def test_the_header_is_rp1s_chip_on_a_pi_5_wherever_it_is_numbered():
    assert header_chip(PI5_CHIPS) == 4
    renumbered = {0: "pinctrl-rp1", **{n + 10: label for n, label in PI5_CHIPS.items() if n < 4}}
    assert header_chip(renumbered) == 0  # the order the chips probed in does not matter


def test_the_header_is_the_socs_chip_on_a_pi_4():
    assert header_chip(PI4_CHIPS) == 0
    assert header_chip({0: "raspberrypi-exp-gpio", 1: "pinctrl-bcm2835"}) == 1  # a Pi 3


def test_a_machine_without_a_pi_header_has_none():
    assert header_chip({0: "INT34C5:00"}) is None
    assert header_chip({}) is None


def compatible_file(tmp_path: Path, *names: str) -> Path:
    path = tmp_path / "compatible"
    path.write_bytes(b"".join(name.encode() + b"\0" for name in names))
    return path


def test_the_board_is_known_by_its_device_trees_compatible_string(tmp_path):
    assert board_revision(compatible_file(tmp_path, "raspberrypi,5-model-b", "brcm,bcm2712")) == (
        0xC04170
    )
    assert board_revision(compatible_file(tmp_path, "raspberrypi,4-model-b", "brcm,bcm2711")) == (
        0xC03111
    )
    assert board_revision(compatible_file(tmp_path, "radxa,rock-5b", "rockchip,rk3588")) is None
    assert board_revision(tmp_path / "no-device-tree") is None


class TreeWithoutRevision(MockFactory):
    """A factory on a board whose device tree has no /system/linux,revision (Debian's)."""

    def _get_revision(self):
        raise PinUnknownPi("unable to locate Pi revision in /proc/device-tree or /proc/cpuinfo")


class FallbackFactory(RevisionFallback, TreeWithoutRevision):
    pass


def test_gpiozero_knows_the_board_from_the_fallback_when_the_tree_has_no_revision():
    with pytest.raises(PinUnknownPi):
        TreeWithoutRevision().board_info  # noqa: B018  (what gpiozero alone would do)
    factory = FallbackFactory(fallback_revision=0xC04170)
    assert factory.board_info.model == "5B"
    assert factory.pin(5).info.name == "GPIO5"  # the header's pins are there by name
    factory.close()


def test_a_revision_the_tree_has_wins_over_the_fallback():
    class TreeWithRevision(RevisionFallback, MockFactory):
        pass

    factory = TreeWithRevision(revision="c03111", fallback_revision=0xC04170)
    assert factory.board_info.model == "4B"
    factory.close()


def test_no_fallback_leaves_gpiozeros_error():
    factory = FallbackFactory(fallback_revision=None)
    with pytest.raises(PinUnknownPi):
        factory.board_info  # noqa: B018


def test_the_buttons_run_on_the_factory_made_for_the_header_chip(tmp_path):
    made: list[tuple[int, int | None]] = []

    def make(chip: int, revision: int | None) -> MockFactory:
        made.append((chip, revision))
        return FallbackFactory(fallback_revision=revision)

    compatible = compatible_file(tmp_path, "raspberrypi,5-model-b", "brcm,bcm2712")
    factory = header_pin_factory(lambda: PI5_CHIPS, make, compatible)
    assert made == [(4, 0xC04170)]
    buttons = GpioButtons(
        load_pinout(DEFAULT_PINOUT, "impression"), bounce_seconds=None, pin_factory=factory
    )
    presses: queue.Queue[Action] = queue.Queue()
    buttons.start(presses.put)
    factory.pin(5).drive_low()
    time.sleep(0.02)
    factory.pin(5).drive_high()
    assert presses.get(timeout=1) is Action.KEEP
    buttons.close()
    factory.close()


def test_no_header_chip_leaves_the_choice_to_gpiozero(tmp_path):
    def make(chip: int, revision: int | None) -> MockFactory:
        raise AssertionError("no factory is made without a header chip")

    assert header_pin_factory(lambda: {0: "INT34C5:00"}, make, tmp_path / "none") is None

    def no_lgpio() -> dict[int, str]:
        raise ImportError("No module named 'lgpio'")

    assert header_pin_factory(no_lgpio, make, tmp_path / "none") is None


def test_the_labels_are_read_from_each_gpiochip_device(tmp_path, monkeypatch):
    """Through lgpio, as gpiozero's factory opens them; a chip that cannot be opened is
    skipped, and only /dev/gpiochipN names are chips."""
    chips = {0: "/soc@107c000000/gpio@7d508500", 4: "pinctrl-rp1"}
    opened: list[int] = []

    class LgpioError(Exception):
        pass

    def gpiochip_open(number: int) -> int:
        if number not in chips:
            raise LgpioError("can not open gpiochip")
        opened.append(number)
        return 100 + number

    fake = types.SimpleNamespace(
        error=LgpioError,
        gpiochip_open=gpiochip_open,
        gpio_get_chip_info=lambda handle: (0, 54, f"gpiochip{handle - 100}", chips[handle - 100]),
        gpiochip_close=lambda handle: opened.remove(handle - 100),
    )
    monkeypatch.setitem(sys.modules, "lgpio", fake)
    for name in ("gpiochip0", "gpiochip4", "gpiochip7", "gpiochipX"):
        (tmp_path / name).touch()
    assert gpiochip_labels(tmp_path) == chips
    assert opened == []  # every chip opened was closed again


def test_open_buttons_puts_the_gpio_buttons_on_the_header_factory(tmp_path, monkeypatch):
    factory = MockFactory()
    monkeypatch.setattr(buttons_module, "header_pin_factory", lambda: factory)
    group = open_buttons(Settings.for_data_dir(tmp_path), "impression", with_gpio=True)
    (gpio,) = group.sources
    assert isinstance(gpio, GpioButtons)
    assert factory.pin(5) in [button.pin for button in gpio._buttons]
    group.close()
    factory.close()


def test_a_header_chip_that_cannot_be_opened_is_a_clear_error(tmp_path, monkeypatch):
    def refused() -> None:
        raise OSError(13, "Permission denied: /dev/gpiochip4")

    monkeypatch.setattr(buttons_module, "header_pin_factory", refused)
    with pytest.raises(ConfigError, match="cannot open the header's GPIO chip"):
        open_buttons(Settings.for_data_dir(tmp_path), "impression", with_gpio=True)


def test_doctor_names_the_factory_and_the_chip(monkeypatch):
    class OnChipFour(FallbackFactory):
        chip = 4

    monkeypatch.setattr(buttons_module, "header_pin_factory", lambda: OnChipFour())
    assert buttons_module.pin_factory() == (
        True,
        "gpiozero pin factory LGPIOFactory on /dev/gpiochip4",
    )
