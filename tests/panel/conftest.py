"""Panel fixtures: fake SPI/GPIO/I2C buses for inky's real drivers, gpiozero's MockFactory."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest
from gpiod.line import Value

from appliance.memory import Memory
from appliance.panel.display import InkyDisplay, inky_display
from appliance.panel.panels import MODELS

# The drivers' default lines; with gpio= given they stay BCM numbers.
DC_PIN, BUSY_PIN, RESET_PIN = 22, 17, 27


@dataclass
class PanelBus:
    """One fake panel behind SPI and GPIO: records every transfer, answers the busy line.

    After a reset or a command byte the busy line reads "busy" once, then "ready"; and
    an edge event is always waiting: the panel refreshes instantly, so show()
    never sits in its 32 s timeout, yet runs every wait it has on real glass.
    """

    transfers: list[tuple[str, list[int], frozenset[int]]] = field(default_factory=list)
    levels: dict[int, Any] = field(default_factory=dict)
    busy: bool = True  # just reset

    def low_lines(self) -> frozenset[int]:
        return frozenset(p for p, v in self.levels.items() if v == Value.INACTIVE)

    def transfer(self, values: Any) -> list[int]:
        data = [int(v) for v in values]
        kind = "data" if self.levels.get(DC_PIN) == Value.ACTIVE else "command"
        if kind == "command":
            self.busy = True
        self.transfers.append((kind, data, self.low_lines()))
        return [0] * len(data)

    def payloads(self, command: int) -> list[tuple[list[int], frozenset[int]]]:
        """The data sent after each occurrence of `command`, with the chip selects held low."""
        found: list[tuple[list[int], frozenset[int]]] = []
        current: list[int] | None = None
        selects: frozenset[int] = frozenset()
        for kind, data, low in self.transfers:
            if kind == "command":
                if current is not None:
                    found.append((current, selects))
                current = [] if data == [command] else None
                selects = low
            elif current is not None:
                current.extend(data)
        if current is not None:
            found.append((current, selects))
        return found


class FakeSpi:
    def __init__(self, bus: PanelBus) -> None:
        self.bus = bus
        self.no_cs = False
        self.max_speed_hz = 0
        self.opened: tuple[int, int] | None = None

    def open(self, bus: int, device: int) -> None:
        self.opened = (bus, device)

    def xfer3(self, values: Any) -> list[int]:
        return self.bus.transfer(values)

    def xfer(self, values: Any) -> list[int]:
        return self.bus.transfer(values)

    def writebytes(self, values: Any) -> None:
        self.bus.transfer(values)


class FakeLines:
    """Stands in for the gpiod LineRequest the drivers would request."""

    def __init__(self, bus: PanelBus) -> None:
        self.bus = bus

    def set_value(self, line: int, value: Any) -> None:
        self.bus.levels[line] = value
        if line == RESET_PIN:
            self.bus.busy = True  # a controller coming out of reset is busy at first

    def get_value(self, line: int) -> Any:
        if line != BUSY_PIN:
            return self.bus.levels.get(line, Value.INACTIVE)
        if self.bus.busy:
            self.bus.busy = False
            return Value.INACTIVE
        return Value.ACTIVE

    def wait_edge_events(self, timeout: Any = None) -> bool:
        return True

    def read_edge_events(self) -> list[Any]:
        self.bus.busy = False
        return [SimpleNamespace(line_offset=BUSY_PIN)]


class NoEeprom:
    """An I2C bus with nothing on it: the drivers' EEPROM read fails as on a bare Pi."""

    def write_i2c_block_data(self, *args: Any) -> None:
        raise OSError(121, "Remote I/O error")

    def read_i2c_block_data(self, *args: Any) -> list[int]:
        raise OSError(121, "Remote I/O error")


def fake_inky(key: str) -> tuple[InkyDisplay, PanelBus]:
    """The model's real inky driver on fake buses, and the bus that records what it sent."""
    bus = PanelBus()
    display = inky_display(
        MODELS[key], spi_bus=FakeSpi(bus), gpio=FakeLines(bus), i2c_bus=NoEeprom()
    )
    if MODELS[key].driver == "inky_el133uf1":
        # This driver names its two chip-select lines only while requesting them
        # from a real gpiochip; on a Pi the offsets are the BCM numbers.
        display.driver.cs0_pin, display.driver.cs1_pin = 26, 16
    return display, bus


@pytest.fixture
def fake_panel() -> Any:
    """fake_panel(model_key) -> (InkyDisplay with the real driver on fake buses, PanelBus)."""
    return fake_inky


@pytest.fixture
def mock_pins() -> Iterator[Any]:
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    yield factory
    factory.close()


@pytest.fixture
def inbox(memory: Memory, clock: Any) -> list[str]:
    """Three proposals, oldest first, a minute apart."""
    ids = []
    for text, kind in [
        ("Sam is allergic to peanuts", "health"),
        ("The bins go out on Thursday night", "routine"),
        ("Ana is Sam's piano teacher", "person"),
    ]:
        ids.append(memory.propose(text, kind, origin="chat", conversation="kitchen chat").id)
        clock.now += dt.timedelta(minutes=1)
    return ids


@pytest.fixture
def book(data_dir: Any, clock: Any) -> Any:
    """The cookbook on the test's data dir, with memory's guard rules as its screen."""
    from appliance.cookbook import Cookbook
    from tests.cookbook.conftest import rules_screen

    return Cookbook(data_dir, screen=rules_screen, clock=clock)
