"""Buttons map to actions, not pins: Keep, Discard, Next, Talk (and Doubt, a held Discard).

The only module that imports gpiozero and evdev. Three sources, one interface:
the Impression's four GPIO buttons (pins from hardware/pinout.toml), an
optional USB keypad read with evdev, and single keys from a text stream for
`hearth panel --simulate`. Each press is acknowledged at once where the
hardware allows (the Spectra boards' LED blinks), because the panel itself
takes tens of seconds to show the result.
"""

from __future__ import annotations

import contextlib
import enum
import logging
import select
import threading
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TextIO

from appliance.config import Settings
from appliance.errors import ConfigError

log = logging.getLogger(__name__)

# hardware/pinout.toml, through the package's link to it, so an installed wheel (the SD
# image's venv) carries the same map a checkout reads; panel_pinout names another.
DEFAULT_PINOUT = Path(__file__).parent / "pinout.toml"
HOLD_SECONDS = 2.0  # holding Discard this long means Doubt (on the home screen)
BOUNCE_SECONDS = 0.05
# The 40-pin header's GPIO chip, by the label its kernel driver gives it, first match wins:
# a Pi 5's header is RP1's ("pinctrl-rp1"); the BCM2712's own GPIO banks are chips too, so
# /dev/gpiochip0 is not the header there (gpiozero guesses gpiochip4, Raspberry Pi OS's
# number for it in 2023). A Pi 4's is the SoC's ("pinctrl-bcm2711"), older Pis' "pinctrl-bcm2835".
HEADER_CHIP_LABELS = ("pinctrl-rp1", "pinctrl-bcm2711", "pinctrl-bcm2835")
# gpiozero maps pin names through the board's revision code, which it reads from the device
# tree's /system node; the firmware fills that in only where the tree has one, and Debian's
# (upstream) trees do not. Then the board's compatible string names it: the header is the
# same on every revision of a board, so one code per board does (its memory size and maker
# are not this board's, which nothing here reads).
BOARD_REVISIONS = {
    "raspberrypi,5-model-b": 0xC04170,
    "raspberrypi,4-model-b": 0xC03111,
    "raspberrypi,400": 0xC03130,
}
DEVICE_TREE_COMPATIBLE = Path("/proc/device-tree/compatible")


class Action(enum.Enum):
    KEEP = "keep"
    DISCARD = "discard"
    NEXT = "next"
    TALK = "talk"  # Talk pressed: the voice service starts listening
    TALK_END = "talk-end"  # Talk released: it stops (after a tap, at the speaker's silence)
    DOUBT = "doubt"  # Discard held for HOLD_SECONDS


OnAction = Callable[[Action], None]


@dataclass(frozen=True)
class Pinout:
    """One button layout from pinout.toml: which BCM pin is which action, and the LED."""

    buttons: dict[str, int]  # "A" -> 5
    actions: dict[str, Action]  # "A" -> Action.KEEP
    led: int | None = None
    keypad: dict[str, Action] = field(default_factory=dict)  # "KEY_K" -> Action.KEEP

    def pin_actions(self) -> dict[int, Action]:
        return {
            pin: self.actions[name] for name, pin in self.buttons.items() if name in self.actions
        }


def _action(value: object, where: str) -> Action:
    try:
        action = Action(str(value))
        if action is Action.TALK_END:
            raise ValueError(value)  # a release, never a button of its own
        return action
    except ValueError:
        allowed = ", ".join(a.value for a in Action if a not in (Action.DOUBT, Action.TALK_END))
        raise ConfigError(f"{where}: {value!r} is not an action ({allowed})") from None


def load_pinout(path: Path, layout: str) -> Pinout:
    """Read one layout of a pinout.toml, refusing unknown actions and doubled pins."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(
            f"no pin map at {path}; set panel_pinout to a copy of hardware/pinout.toml"
        ) from None
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"cannot read pin map {path}: {exc}") from exc
    layouts = data.get("layouts", {})
    if layout not in layouts:
        raise ConfigError(f"{path} has no layout {layout!r} (has: {', '.join(layouts)})")
    chosen = layouts[layout]
    buttons = {str(k): int(v) for k, v in chosen.get("buttons", {}).items()}
    led = chosen.get("led")
    used = [*buttons.values(), *([led] if led is not None else [])]
    if len(set(used)) != len(used):
        raise ConfigError(f"{path} layout {layout!r} uses a pin twice: {sorted(used)}")
    reserved = {
        int(p)
        for name, pins in data.get("reserved", {}).items()
        if name in ("spi", "panel", "i2c", layout)
        for p in pins
    }
    clash = sorted(reserved.intersection(used))
    if clash:
        raise ConfigError(f"{path} layout {layout!r}: GPIO {clash} belongs to the panel")
    actions = {str(k): _action(v, f"{path} [actions] {k}") for k, v in data["actions"].items()}
    keypad = {str(k): _action(v, f"{path} [keypad] {k}") for k, v in data.get("keypad", {}).items()}
    return Pinout(buttons=buttons, actions=actions, led=int(led) if led else None, keypad=keypad)


class Buttons(Protocol):
    def start(self, on_action: OnAction) -> None: ...

    def acknowledge(self, accepted: bool) -> None:
        """Tell the person at once that a press landed (accepted) or was ignored."""

    def close(self) -> None: ...


class GpioButtons:
    """The Impression's buttons through gpiozero; pin_factory=MockFactory() in tests.

    Discard fires on release, so a held Discard can mean Doubt instead: the hold
    fires Doubt after HOLD_SECONDS, and that press's release then does nothing.
    Talk fires on press and TALK_END on release (hold to speak).
    """

    def __init__(
        self,
        pinout: Pinout,
        *,
        hold_seconds: float = HOLD_SECONDS,
        bounce_seconds: float | None = BOUNCE_SECONDS,
        pin_factory: Any = None,
    ) -> None:
        from gpiozero import LED, Button

        self.pinout = pinout
        self._buttons: list[Any] = []
        self._held: set[int] = set()
        self._on_action: OnAction | None = None
        try:
            for pin, action in pinout.pin_actions().items():
                button = Button(
                    pin,
                    pull_up=True,
                    bounce_time=bounce_seconds,
                    hold_time=hold_seconds,
                    pin_factory=pin_factory,
                )
                self._wire(button, pin, action)
                self._buttons.append(button)
            self.led = LED(pinout.led, pin_factory=pin_factory) if pinout.led else None
        except Exception as exc:  # gpiozero raises its own family (BadPinFactory, PinInUse...)
            self.close()
            raise ConfigError(f"cannot claim the panel's buttons: {exc}") from exc

    def _wire(self, button: Any, pin: int, action: Action) -> None:
        def pressed() -> None:
            self._held.discard(pin)
            if action is not Action.DISCARD:
                self._emit(action)

        def held() -> None:
            self._held.add(pin)
            self._emit(Action.DOUBT)

        def released() -> None:
            if action is Action.DISCARD and pin not in self._held:
                self._emit(action)
            self._held.discard(pin)

        button.when_pressed = pressed
        if action is Action.DISCARD:
            button.when_held = held
            button.when_released = released
        elif action is Action.TALK:
            button.when_released = lambda: self._emit(Action.TALK_END)

    def _emit(self, action: Action) -> None:
        if self._on_action is not None:
            self._on_action(action)

    def start(self, on_action: OnAction) -> None:
        self._on_action = on_action

    def acknowledge(self, accepted: bool) -> None:
        # One short blink: done. Three quick blinks: ignored (the panel was still drawing).
        if self.led is not None:
            if accepted:
                self.led.blink(on_time=0.3, off_time=0.1, n=1, background=True)
            else:
                self.led.blink(on_time=0.08, off_time=0.08, n=3, background=True)

    def close(self) -> None:
        for button in self._buttons:
            button.close()
        self._buttons.clear()
        led = getattr(self, "led", None)
        if led is not None:
            led.close()
            self.led = None


class Keypad:
    """A USB keypad through evdev: key names from pinout.toml's [keypad] map to actions.

    `device` is an evdev InputDevice (or, in tests, evdev's EventIO on a pipe);
    reading goes through evdev's own decoder. Discard acts on key-up: held for
    HOLD_SECONDS it is Doubt.
    """

    def __init__(
        self, device: Any, keymap: dict[str, Action], *, hold_seconds: float = HOLD_SECONDS
    ) -> None:
        from evdev import ecodes

        self.device = device
        self._codes: dict[int, Action] = {}
        for name, action in keymap.items():
            code = ecodes.ecodes.get(name)
            if code is None:
                raise ConfigError(f"unknown key name {name!r} in the keypad map")
            self._codes[int(code)] = action
        self._hold_seconds = hold_seconds
        self._down_at: dict[int, float] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @classmethod
    def open(cls, path: str, keymap: dict[str, Action]) -> Keypad:
        import evdev

        try:
            device = evdev.InputDevice(path)
            device.grab()  # keys go to the board only, not to a console on the Pi
        except OSError as exc:
            raise ConfigError(f"cannot open the keypad {path}: {exc}") from exc
        return cls(device, keymap)

    def start(self, on_action: OnAction) -> None:
        self._thread = threading.Thread(
            target=self._read, args=(on_action,), name="panel-keypad", daemon=True
        )
        self._thread.start()

    def _read(self, on_action: OnAction) -> None:
        from evdev import ecodes

        while not self._stop.is_set():
            ready, _, _ = select.select([self.device.fileno()], [], [], 0.2)
            if not ready:
                continue
            try:
                events = list(self.device.read())
            except BlockingIOError:
                continue
            except OSError as exc:  # unplugged
                log.error("keypad gone: %s", exc)
                return
            if not events:
                return  # end of stream
            for event in events:
                if event.type != ecodes.EV_KEY or event.code not in self._codes:
                    continue
                action = self._decode(event.code, event.value, event.timestamp())
                if action is not None:
                    on_action(action)

    def _decode(self, code: int, value: int, at: float) -> Action | None:
        """value 1 = down, 0 = up, 2 = autorepeat (ignored)."""
        action = self._codes[code]
        if action is Action.DISCARD:
            if value == 1:
                self._down_at[code] = at
            elif value == 0 and code in self._down_at:
                held = at - self._down_at.pop(code)
                return Action.DOUBT if held >= self._hold_seconds else Action.DISCARD
            return None
        if action is Action.TALK and value == 0:
            return Action.TALK_END
        return action if value == 1 else None

    def acknowledge(self, accepted: bool) -> None:
        """A keypad has no light of its own; the GPIO LED (if any) answers instead."""

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(1.0)
        with contextlib.suppress(AttributeError, OSError):
            self.device.close()


SIMULATED_KEYS = {
    "k": Action.KEEP,
    "d": Action.DISCARD,
    "n": Action.NEXT,
    "t": Action.TALK,
    "D": Action.DOUBT,
}


class KeyStream:
    """Single keys from a text stream (a laptop's terminal): k, d, n, t, D = held Discard.

    t is a tap of Talk (press and release at once): the voice service listens until
    the speaker stops.

    q or the end of the stream calls on_quit. Other characters are ignored.
    """

    def __init__(self, stream: TextIO, on_quit: Callable[[], None]) -> None:
        self.stream = stream
        self.on_quit = on_quit
        self._thread: threading.Thread | None = None

    def start(self, on_action: OnAction) -> None:
        self._thread = threading.Thread(
            target=self._read, args=(on_action,), name="panel-keys", daemon=True
        )
        self._thread.start()

    def _read(self, on_action: OnAction) -> None:
        while True:
            key = self.stream.read(1)
            if key in ("", "q", "\x03", "\x04"):
                self.on_quit()
                return
            if key in SIMULATED_KEYS:
                on_action(SIMULATED_KEYS[key])
                if SIMULATED_KEYS[key] is Action.TALK:
                    on_action(Action.TALK_END)

    def acknowledge(self, accepted: bool) -> None:
        """The simulator prints each press's outcome itself (run_board's on_event)."""

    def close(self) -> None:
        """The reader thread is a daemon blocked on the stream; it ends with the process."""


class ButtonGroup:
    """Several sources as one: every press reaches the board, every source acknowledges."""

    def __init__(self, sources: Iterable[Buttons]) -> None:
        self.sources = list(sources)

    def start(self, on_action: OnAction) -> None:
        for source in self.sources:
            source.start(on_action)

    def acknowledge(self, accepted: bool) -> None:
        for source in self.sources:
            source.acknowledge(accepted)

    def close(self) -> None:
        for source in self.sources:
            source.close()


def header_chip(labels: Mapping[int, str]) -> int | None:
    """The number N of the /dev/gpiochipN that is the 40-pin header, from every chip's label."""
    for wanted in HEADER_CHIP_LABELS:
        for number in sorted(labels):
            if labels[number] == wanted:
                return number
    return None


def gpiochip_labels(dev: Path = Path("/dev")) -> dict[int, str]:
    """Each /dev/gpiochipN's label, read with lgpio (the library gpiozero drives pins with)."""
    import lgpio

    labels = {}
    for path in dev.glob("gpiochip*"):
        number = path.name.removeprefix("gpiochip")
        if not number.isdigit():
            continue
        try:
            handle = lgpio.gpiochip_open(int(number))
        except lgpio.error as exc:  # another user's chip, or not a GPIO chip after all
            log.debug("cannot open %s: %s", path, exc)
            continue
        try:
            _status, _lines, _name, label = lgpio.gpio_get_chip_info(handle)
        finally:
            lgpio.gpiochip_close(handle)
        labels[int(number)] = label
    return labels


def board_revision(compatible: Path = DEVICE_TREE_COMPATIBLE) -> int | None:
    """A revision code for this board from its device tree's compatible strings, if a Pi's."""
    try:
        names = compatible.read_bytes().split(b"\0")
    except OSError:
        return None
    for name in names:
        if name.decode(errors="replace") in BOARD_REVISIONS:
            return BOARD_REVISIONS[name.decode()]
    return None


class RevisionFallback:
    """Mixed into a gpiozero pin factory: the given board revision when gpiozero finds none."""

    def __init__(self, *args: Any, fallback_revision: int | None = None, **kwargs: Any) -> None:
        self._fallback_revision = fallback_revision
        super().__init__(*args, **kwargs)

    def _get_revision(self) -> int:
        from gpiozero.exc import PinUnknownPi

        try:
            return int(super()._get_revision())  # type: ignore[misc]
        except PinUnknownPi:
            if self._fallback_revision is None:
                raise
            return self._fallback_revision


def lgpio_header_factory(chip: int, fallback_revision: int | None) -> Any:
    """gpiozero's lgpio pin factory on that chip, knowing the board if the tree does not say."""
    from gpiozero.pins.lgpio import LGPIOFactory

    class HeaderFactory(RevisionFallback, LGPIOFactory):
        pass

    return HeaderFactory(chip=chip, fallback_revision=fallback_revision)


def header_pin_factory(
    labels: Callable[[], Mapping[int, str]] = gpiochip_labels,
    make: Callable[[int, int | None], Any] = lgpio_header_factory,
    compatible: Path = DEVICE_TREE_COMPATIBLE,
) -> Any | None:
    """The pin factory on the header's chip, or None where there is no such chip (no lgpio,
    not a Pi): gpiozero then chooses its own, as before."""
    try:
        chip = header_chip(labels())
    except ImportError:
        return None
    if chip is None:
        return None
    return make(chip, board_revision(compatible))


def open_buttons(settings: Settings, layout: str, *, with_gpio: bool) -> ButtonGroup:
    """The panel's GPIO buttons (when a panel is attached) and the keypad, if one is set."""
    path = Path(settings.panel_pinout) if settings.panel_pinout else DEFAULT_PINOUT
    pinout = load_pinout(path, layout)
    sources: list[Buttons] = []
    if with_gpio:
        try:
            factory = header_pin_factory()
        except Exception as exc:  # lgpio and gpiozero raise their own families
            raise ConfigError(f"cannot open the header's GPIO chip: {exc}") from exc
        sources.append(GpioButtons(pinout, pin_factory=factory))
    if settings.panel_keypad:
        sources.append(Keypad.open(settings.panel_keypad, pinout.keypad))
    return ButtonGroup(sources)


def pin_factory() -> tuple[bool, str]:
    """(found, detail): the GPIO pin factory the buttons would use here, for `hearth doctor`."""
    import warnings

    try:
        from gpiozero import Device

        factory = header_pin_factory()  # opens the chip; claims no pin
        if factory is None:
            with warnings.catch_warnings():  # gpiozero warns for each factory it falls past
                warnings.simplefilter("ignore")
                factory = Device._default_pin_factory()  # what a Button would get
    except Exception as exc:  # BadPinFactory and friends: no GPIO on this machine
        return False, f"no GPIO pin factory ({type(exc).__name__}: not a Raspberry Pi?)"
    name = "LGPIOFactory" if isinstance(factory, RevisionFallback) else type(factory).__name__
    detail = f"gpiozero pin factory {name}"
    chip = getattr(factory, "chip", None)
    if isinstance(chip, int):
        detail += f" on /dev/gpiochip{chip}"
    factory.close()
    return True, detail


def input_devices() -> list[str]:
    """Every evdev input device as 'path name', for `hearth doctor`."""
    try:
        import evdev
    except ImportError:
        return []
    found = []
    for path in evdev.list_devices():
        try:
            device = evdev.InputDevice(path)
        except OSError as exc:
            found.append(f"{path} (unreadable: {exc.strerror})")
            continue
        found.append(f"{path} {device.name}")
        device.close()
    return found
