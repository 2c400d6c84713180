"""The one seam for sound out: speech, chimes and WAVs played through aplay.

    sound = open_sound(settings)      # a Speaker, or Silence when there is nothing to play on
    sound.announce("Pasta timer")     # a chime, then the words; returns at once
    sound.hush()                      # barge-in: what is playing stops now, the queue is dropped
    sound.close()

Only this module runs aplay; only appliance/speech.py runs espeak-ng or the neural
voice. Playing happens on the speaker's own thread, so whoever rings a timer never
waits for a sound to finish, and a sound that fails (no device, a busy card, a
missing program) is a log line, never an exception: the record rang whether or not
the kitchen heard it. The voice service uses `speak`, `play` and `hush`.
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
import time
import wave
from pathlib import Path
from typing import Protocol

from appliance.config import Settings
from appliance.speech import Speech, espeak_wav

log = logging.getLogger(__name__)

ASOUND_CARDS = Path("/proc/asound/cards")
PLAY_TIMEOUT = 30.0  # seconds one sound may take before aplay is stopped
SPEAK_TIMEOUT = 15.0
CHIME_RATE = 22050


class PlayRecord(Protocol):
    """Told each sound as it starts and each stop (voice/played.py: the echo canceller's
    reference, so a spoken "stop" can be heard over Hearth's own voice)."""

    def started(self, wav: bytes, words: str | None, at: float) -> None: ...

    def stopped(self, at: float) -> None: ...


class Sound(Protocol):
    def announce(self, words: str) -> None:
        """A chime, then the words spoken; returns at once."""

    def speak(self, words: str) -> None:
        """The words alone, no chime (a spoken reply); returns once they are queued."""

    def play(self, wav: bytes) -> None:
        """Queue one WAV to play; returns at once."""

    def hush(self) -> None:
        """Stop what is playing at once and drop what is queued (barge-in); returns at once."""

    def busy(self) -> bool:
        """Something is playing, or queued to play."""

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
    """The words spoken by espeak-ng, as WAV bytes (appliance/speech.py makes them)."""
    return espeak_wav(words, voice=voice, speed=speed)


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

    def hush(self) -> None:
        pass

    def busy(self) -> bool:
        return False

    def close(self) -> None:
        pass


class Speaker:
    """aplay on an ALSA device, one sound at a time, from its own thread.

    Speech is made on the caller's thread, a sentence at a time, and queued as each is
    ready: the first sentence plays while the next is being made. `hush` stops the aplay
    that is playing and drops the queue; a sentence still being made when it is called
    is dropped too (each queued sound carries the hush count it was made under).
    """

    def __init__(
        self,
        device: str | None = None,
        speech: Speech | None = None,
        played: PlayRecord | None = None,
    ) -> None:
        self.device = device
        self.speech = speech if speech is not None else Speech()
        self.played = played  # None: nobody listens over the speaker
        self._aplay = shutil.which("aplay") or "aplay"
        self._queue: queue.Queue[tuple[int, bytes, str | None] | None] = queue.Queue(maxsize=16)
        self._lock = threading.Lock()  # guards _hushes and _playing
        self._hushes = 0
        self._outstanding = 0  # sounds queued or playing: busy() while any is
        self._playing: subprocess.Popen[bytes] | None = None
        self._thread = threading.Thread(target=self._run, name="speaker", daemon=True)
        self._thread.start()
        # The model loads while nothing needs it yet, so the first reply does not wait. Not a
        # daemon: onnxruntime aborts the process (SIGABRT or SIGSEGV, exit 134/139) when the
        # interpreter shuts down under a session still being built, so a short-lived process
        # such as `hearth voice --wav` waits for the load (about a second) before it exits.
        threading.Thread(target=self.speech.neural, name="speech-load").start()

    def announce(self, words: str) -> None:
        self.play(chime_wav())
        self.speak(words)  # a failure to speak leaves the chime playing alone

    def speak(self, words: str) -> None:
        hushes = self._hushes
        try:
            for wav in self.speech.wavs(words):
                self._put(hushes, wav, words)
        except OSError as exc:
            log.warning("cannot speak %s (%s)", speech_length(words), exc)

    def play(self, wav: bytes) -> None:
        """Queue one WAV to play; returns at once."""
        self._put(self._hushes, wav)

    def hush(self) -> None:
        """Stop what is playing now and drop the queue (barge-in); returns at once."""
        with self._lock:
            self._hushes += 1
            playing = self._playing
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if item is None:  # a close() already asked for: keep it
                self._queue.put_nowait(None)
                break
            self._done_with_one()
        if playing is not None and playing.poll() is None:
            playing.kill()
            log.info("hushed: a sound was stopped")
        if self.played is not None:
            self.played.stopped(time.monotonic())

    def busy(self) -> bool:
        with self._lock:
            return self._outstanding > 0

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(PLAY_TIMEOUT)

    def _put(self, hushes: int, wav: bytes, words: str | None = None) -> None:
        if hushes != self._hushes:
            return  # made before a hush: never played
        with self._lock:
            self._outstanding += 1
        try:
            self._queue.put_nowait((hushes, wav, words))
        except queue.Full:
            self._done_with_one()
            log.warning("sound queue full: a sound was not played")

    def _done_with_one(self) -> None:
        with self._lock:
            self._outstanding = max(0, self._outstanding - 1)

    def _run(self) -> None:
        while (item := self._queue.get()) is not None:
            try:
                self._play_now(*item)
            finally:
                self._done_with_one()

    def _play_now(self, hushes: int, wav: bytes, words: str | None) -> bool:
        command = [self._aplay, "-q"] + (["-D", self.device] if self.device else []) + ["-"]
        with self._lock:
            if hushes != self._hushes:
                return False  # hushed after it was queued
            try:
                player = subprocess.Popen(
                    command,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                )
            except OSError as exc:
                log.warning("cannot play a sound with aplay: %s", exc)
                return False
            self._playing = player
            started = time.monotonic()
        if self.played is not None:  # outside the lock: a hush never waits for the decoding
            self.played.started(wav, words, started)
        try:
            _, stderr = player.communicate(wav, timeout=PLAY_TIMEOUT)
        except subprocess.TimeoutExpired:
            player.kill()
            player.communicate()
            log.warning("cannot play a sound with aplay: it took over %.0f s", PLAY_TIMEOUT)
            return False
        finally:
            with self._lock:
                self._playing = None
        if player.returncode > 0 and self.played is not None:
            self.played.stopped(time.monotonic())  # it failed: what it did not play is no echo
        if player.returncode < 0:
            return False  # killed by hush: not a failure
        if player.returncode != 0:
            log.warning(
                "aplay could not play a sound (exit %d): %s",
                player.returncode,
                stderr.decode(errors="replace").strip()[:200],
            )
            return False
        return True


def open_sound(
    settings: Settings,
    cards_file: Path = ASOUND_CARDS,
    *,
    voice: str | None = None,
    played: PlayRecord | None = None,
) -> Sound:
    """A Speaker when the sound setting allows and a card exists, else Silence saying why.

    `voice` overrides the speech_voice setting (the household service speaks with espeak-ng);
    `played` is told what the speaker plays (the voice service's echo reference).
    """
    choice = settings.sound.strip()
    if choice == "off":
        return Silence("the sound setting is off")
    if shutil.which("aplay") is None:
        return Silence("aplay is not installed (apt-get install alsa-utils)")
    speech = Speech(voice or settings.speech_voice)
    if choice == "auto":
        if not sound_cards(cards_file):
            return Silence(f"no sound card ({cards_file} lists none)")
        return Speaker(speech=speech, played=played)
    return Speaker(choice, speech, played)  # an ALSA device name such as "plughw:1,0"
