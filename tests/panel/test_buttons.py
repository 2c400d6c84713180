"""buttons.py: the pin map, gpiozero presses on MockFactory, a keypad through evdev's decoder."""

from __future__ import annotations

import io
import os
import queue
import struct
import time
from pathlib import Path

import pytest
from evdev import ecodes
from evdev.eventio import EventIO

from appliance.errors import ConfigError
from appliance.panel.buttons import (
    DEFAULT_PINOUT,
    Action,
    GpioButtons,
    Keypad,
    KeyStream,
    load_pinout,
)


def test_the_pin_map_holds_the_impressions_buttons():
    impression = load_pinout(DEFAULT_PINOUT, "impression")
    assert impression.buttons == {"A": 5, "B": 6, "C": 16, "D": 24}
    assert impression.pin_actions() == {
        5: Action.KEEP,
        6: Action.DISCARD,
        16: Action.NEXT,
        24: Action.TALK,
    }
    assert impression.led is None
    big = load_pinout(DEFAULT_PINOUT, "spectra-13")
    assert big.buttons["C"] == 25 and big.led == 13
    assert load_pinout(DEFAULT_PINOUT, "spectra").led == 13


def _pinout(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "pinout.toml"
    path.write_text(body)
    return path


GOOD = """
[actions]
A = "keep"
[layouts.test]
buttons = { A = 5 }
[reserved]
panel = [17, 22, 27]
"""


def test_a_pin_map_that_gives_a_button_the_panels_busy_line_is_refused(tmp_path: Path):
    assert load_pinout(_pinout(tmp_path, GOOD), "test").buttons == {"A": 5}  # control
    with pytest.raises(ConfigError, match=r"GPIO \[17\] belongs to the panel"):
        load_pinout(_pinout(tmp_path, GOOD.replace("A = 5", "A = 17")), "test")


def test_a_pin_map_with_an_unknown_action_or_layout_is_refused(tmp_path: Path):
    with pytest.raises(ConfigError, match="'launch' is not an action"):
        load_pinout(_pinout(tmp_path, GOOD.replace('"keep"', '"launch"')), "test")
    with pytest.raises(ConfigError, match="no layout 'other'"):
        load_pinout(_pinout(tmp_path, GOOD), "other")
    with pytest.raises(ConfigError, match="no pin map at"):
        load_pinout(tmp_path / "missing.toml", "test")


# -- gpiozero ----------------------------------------------------------------------


def wait_for(presses: queue.Queue, count: int, timeout: float = 3.0) -> list[Action]:
    got = []
    end = time.monotonic() + timeout
    while len(got) < count and time.monotonic() < end:
        try:
            got.append(presses.get(timeout=0.05))
        except queue.Empty:
            continue
    return got


@pytest.fixture
def gpio_buttons(mock_pins):
    pinout = load_pinout(DEFAULT_PINOUT, "spectra")
    buttons = GpioButtons(pinout, hold_seconds=0.3, bounce_seconds=None, pin_factory=mock_pins)
    presses: queue.Queue[Action] = queue.Queue()
    buttons.start(presses.put)
    yield buttons, presses
    buttons.close()


def tap(mock_pins, pin: int, hold: float = 0.0) -> None:
    mock_pins.pin(pin).drive_low()  # active low: pressed
    time.sleep(hold)
    mock_pins.pin(pin).drive_high()


def test_each_button_maps_to_its_action(gpio_buttons, mock_pins):
    _, presses = gpio_buttons
    for pin in (5, 6, 16, 24):
        tap(mock_pins, pin, 0.02)
    assert wait_for(presses, 4) == [Action.KEEP, Action.DISCARD, Action.NEXT, Action.TALK]


def test_holding_discard_is_doubt_and_its_release_discards_nothing(gpio_buttons, mock_pins):
    _, presses = gpio_buttons
    tap(mock_pins, 6, hold=0.7)
    time.sleep(0.1)
    assert wait_for(presses, 2, timeout=0.5) == [Action.DOUBT]
    tap(mock_pins, 6, 0.02)  # control: a short press is still Discard
    assert wait_for(presses, 1) == [Action.DISCARD]


def test_a_press_is_acknowledged_on_the_led_at_once(gpio_buttons, mock_pins):
    buttons, _ = gpio_buttons
    led = mock_pins.pin(13)
    led.clear_states()
    buttons.acknowledge(True)
    time.sleep(0.5)
    assert [s.state for s in led.states] == [False, True, False]  # one blink
    led.clear_states()
    buttons.acknowledge(False)
    time.sleep(0.6)
    assert [s.state for s in led.states].count(True) == 3  # ignored: three quick blinks


def test_claiming_a_pin_twice_is_a_clear_error(mock_pins):
    pinout = load_pinout(DEFAULT_PINOUT, "impression")
    first = GpioButtons(pinout, pin_factory=mock_pins)
    with pytest.raises(ConfigError, match="cannot claim the panel's buttons"):
        GpioButtons(pinout, pin_factory=mock_pins)
    first.close()


# -- evdev -------------------------------------------------------------------------

EVENT = struct.Struct("llHHi")  # struct input_event on 64-bit Linux: timeval, type, code, value


def key(code: int, value: int, at: float) -> bytes:
    return EVENT.pack(int(at), int((at % 1) * 1e6), ecodes.EV_KEY, code, value) + EVENT.pack(
        int(at), int((at % 1) * 1e6), ecodes.EV_SYN, ecodes.SYN_REPORT, 0
    )


@pytest.fixture
def keypad_pipe():
    read_end, write_end = os.pipe()
    device = EventIO()
    device.fd = read_end  # evdev's own reader and decoder, on a pipe instead of /dev/input
    keypad = Keypad(device, load_pinout(DEFAULT_PINOUT, "impression").keypad, hold_seconds=2.0)
    presses: queue.Queue[Action] = queue.Queue()
    keypad.start(presses.put)
    yield write_end, presses
    keypad.close()
    os.close(write_end)
    os.close(read_end)


def test_keypad_keys_decode_through_evdev_to_actions(keypad_pipe):
    pipe, presses = keypad_pipe
    t = 1_700_000_000.0
    os.write(
        pipe,
        key(ecodes.KEY_K, 1, t)
        + key(ecodes.KEY_K, 2, t + 0.5)  # autorepeat
        + key(ecodes.KEY_K, 0, t + 0.6)
        + key(ecodes.KEY_A, 1, t + 1)  # unmapped
        + key(ecodes.KEY_N, 1, t + 2)
        + key(ecodes.KEY_KP0, 1, t + 3),
    )
    assert wait_for(presses, 3) == [Action.KEEP, Action.NEXT, Action.TALK]
    time.sleep(0.2)
    assert presses.empty()  # the autorepeat, the key-up and the unmapped key did nothing


def test_keypad_discard_held_two_seconds_is_doubt(keypad_pipe):
    pipe, presses = keypad_pipe
    t = 1_700_000_000.0
    os.write(
        pipe,
        key(ecodes.KEY_D, 1, t)
        + key(ecodes.KEY_D, 0, t + 0.4)
        + key(ecodes.KEY_D, 1, t + 5)
        + key(ecodes.KEY_D, 0, t + 7.5),
    )
    assert wait_for(presses, 2) == [Action.DISCARD, Action.DOUBT]


def test_an_unknown_key_name_in_the_keymap_is_refused():
    with pytest.raises(ConfigError, match="unknown key name 'KEY_NOPE'"):
        Keypad(EventIO(), {"KEY_NOPE": Action.KEEP})


# -- the simulator's keys ----------------------------------------------------------


def test_simulated_keys_map_and_q_quits():
    presses: queue.Queue[Action] = queue.Queue()
    quit_called = []
    stream = KeyStream(io.StringIO("kdx\nnDq k"), on_quit=lambda: quit_called.append(True))
    stream.start(presses.put)
    assert wait_for(presses, 4) == [Action.KEEP, Action.DISCARD, Action.NEXT, Action.DOUBT]
    time.sleep(0.05)
    assert quit_called == [True] and presses.empty()  # nothing read after q


def test_talk_held_sends_talk_on_press_and_talk_end_on_release(gpio_buttons, mock_pins):
    _, presses = gpio_buttons
    mock_pins.pin(24).drive_low()
    assert wait_for(presses, 1) == [Action.TALK]
    time.sleep(0.3)  # held: nothing more until the release
    assert presses.empty()
    mock_pins.pin(24).drive_high()
    assert wait_for(presses, 1) == [Action.TALK_END]


def test_keypad_talk_key_down_and_up_are_talk_and_talk_end(keypad_pipe):
    pipe, presses = keypad_pipe
    t = 1_700_000_000.0
    os.write(
        pipe,
        key(ecodes.KEY_KP0, 1, t) + key(ecodes.KEY_KP0, 2, t + 0.5) + key(ecodes.KEY_KP0, 0, t + 3),
    )
    assert wait_for(presses, 2) == [Action.TALK, Action.TALK_END]


def test_talk_end_is_not_a_button_of_its_own_in_the_pin_map(tmp_path):
    bad = tmp_path / "pinout.toml"
    bad.write_text(DEFAULT_PINOUT.read_text().replace('D = "talk"', 'D = "talk-end"'))
    assert 'D = "talk-end"' in bad.read_text()
    with pytest.raises(ConfigError, match="is not an action"):
        load_pinout(bad, "impression")


def test_the_package_reads_the_one_pin_map_and_a_wheel_carries_it() -> None:
    import tomllib

    from appliance.panel.buttons import DEFAULT_PINOUT

    # A link, not a copy: hardware/pinout.toml stays the one file a maintainer edits.
    hardware = Path(__file__).resolve().parents[2] / "hardware" / "pinout.toml"
    assert DEFAULT_PINOUT.is_symlink() and DEFAULT_PINOUT.resolve() == hardware
    project = tomllib.loads((hardware.parents[1] / "pyproject.toml").read_text())
    assert "panel/pinout.toml" in project["tool"]["setuptools"]["package-data"]["appliance"]
