"""The one seam for sound out: speech through espeak-ng, chimes and WAVs through aplay.

    sound = open_sound(settings)      # a Speaker, or Silence when there is nothing to play on
    sound.announce("Pasta timer")     # a chime, then the words; returns at once
    sound.close()

Only this module runs espeak-ng or aplay. Playing happens on the speaker's
own thread, so whoever rings a timer never waits for a sound to finish, and a
sound that fails (no device, a busy card, a missing program) is a log line,
never an exception: the record rang whether or not the kitchen heard it.
The voice service uses `speak` and `play`.
"""

from __future__ import annotations

import functools
import io
import logging
import math
import queue
import shutil
import struct
import subprocess
import threading
import wave
from pathlib import Path
from typing import Protocol

from appliance.config import Settings

log = logging.getLogger(__name__)

ASOUND_CARDS = Path("/proc/asound/cards")
PLAY_TIMEOUT = 30.0  # seconds one sound may take before aplay is stopped
SPEAK_TIMEOUT = 15.0
CHIME_RATE = 22050


class Sound(Protocol):
    def announce(self, words: str) -> None:
        """A chime, then the words spoken; returns at once."""

    def speak(self, words: str) -> None:
        """The words alone, no chime (a spoken reply); returns once they are queued."""

    def play(self, wav: bytes) -> None:
        """Queue one WAV to play; returns at once."""

    def close(self) -> None: ...


def speech_length(words: str) -> str:
    """What a log line may say about words to be spoken: how many characters, not which."""
    return f"{len(words)} characters of speech"


def sound_cards(cards_file: Path = ASOUND_CARDS) -> list[str]:
    """The ALSA cards the kernel lists ("--- no soundcards ---" means none)."""
    try:
        text = cards_file.read_text()
    except OSError:
        return []
    return [
        line.strip() for line in text.splitlines() if line[:3].strip().isdigit() and "[" in line
    ]


@functools.cache  # the same bytes every ring: made once (about 20 ms of Python), not per ring
def chime_wav(notes: tuple[float, ...] = (880.0, 660.0), seconds: float = 0.35) -> bytes:
    """A two-note chime as a 16-bit mono WAV, made here (no sound file to ship or lose)."""
    frames = bytearray()
    for frequency in notes:
        count = int(CHIME_RATE * seconds)
        for n in range(count):
            fade = min(1.0, (count - n) / (0.3 * count))  # a soft end, no click
            value = 0.4 * fade * math.sin(2 * math.pi * frequency * n / CHIME_RATE)
            frames += struct.pack("<h", int(value * 32767))
    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(CHIME_RATE)
        wav.writeframes(bytes(frames))
    return out.getvalue()


def speech_wav(words: str, *, voice: str = "en-gb", speed: int = 150) -> bytes:
    """The words spoken by espeak-ng, as WAV bytes. Raises OSError if espeak-ng is missing."""
    program = shutil.which("espeak-ng")
    if program is None:
        raise FileNotFoundError("espeak-ng is not installed (apt-get install espeak-ng)")
    done = subprocess.run(
        [program, "-v", voice, "-s", str(speed), "--stdout", words],
        capture_output=True,
        timeout=SPEAK_TIMEOUT,
        check=False,
    )
    if done.returncode != 0 or not done.stdout.startswith(b"RIFF"):
        raise OSError(f"espeak-ng failed: {done.stderr.decode(errors='replace').strip()}")
    return done.stdout


class Silence:
    """No speaker: each sound is one log line saying that something would have played.

    Never the words: a reminder or a spoken reply is household text, and the
    journal keeps what it is given for weeks. Its length says enough to follow.
    """

    def __init__(self, why: str) -> None:
        self.why = why
        log.warning("sound is off: %s", why)

    def announce(self, words: str) -> None:
        log.warning("no sound (%s): a chime and %s were not played", self.why, speech_length(words))

    def speak(self, words: str) -> None:
        log.warning("no sound (%s): %s were not played", self.why, speech_length(words))

    def play(self, wav: bytes) -> None:
        log.info("no sound (%s): a sound was not played", self.why)

    def close(self) -> None:
        pass


class Speaker:
    """aplay on an ALSA device, one sound at a time, from its own thread."""

    def __init__(self, device: str | None = None) -> None:
        self.device = device
        self._aplay = shutil.which("aplay") or "aplay"
        self._queue: queue.Queue[bytes | None] = queue.Queue(maxsize=16)
        self._thread = threading.Thread(target=self._run, name="speaker", daemon=True)
        self._thread.start()

    def announce(self, words: str) -> None:
        self.play(chime_wav())
        self.speak(words)  # a failure to speak leaves the chime playing alone

    def speak(self, words: str) -> None:
        try:
            self.play(speech_wav(words))
        except OSError as exc:
            log.warning("cannot speak %s (%s)", speech_length(words), exc)

    def play(self, wav: bytes) -> None:
        """Queue one WAV to play; returns at once."""
        try:
            self._queue.put_nowait(wav)
        except queue.Full:
            log.warning("sound queue full: a sound was not played")

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(PLAY_TIMEOUT)

    def _run(self) -> None:
        while (wav := self._queue.get()) is not None:
            self._play_now(wav)

    def _play_now(self, wav: bytes) -> bool:
        command = [self._aplay, "-q"] + (["-D", self.device] if self.device else []) + ["-"]
        try:
            done = subprocess.run(
                command, input=wav, capture_output=True, timeout=PLAY_TIMEOUT, check=False
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            log.warning("cannot play a sound with aplay: %s", exc)
            return False
        if done.returncode != 0:
            log.warning(
                "aplay could not play a sound (exit %d): %s",
                done.returncode,
                done.stderr.decode(errors="replace").strip()[:200],
            )
            return False
        return True


def open_sound(settings: Settings, cards_file: Path = ASOUND_CARDS) -> Sound:
    """A Speaker when the sound setting allows and a card exists, else Silence saying why."""
    choice = settings.sound.strip()
    if choice == "off":
        return Silence("the sound setting is off")
    if shutil.which("aplay") is None:
        return Silence("aplay is not installed (apt-get install alsa-utils)")
    if choice == "auto":
        if not sound_cards(cards_file):
            return Silence(f"no sound card ({cards_file} lists none)")
        return Speaker()
    return Speaker(choice)  # an ALSA device name such as "plughw:1,0"
