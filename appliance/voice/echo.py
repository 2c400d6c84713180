"""Echo cancelling: Hearth's own voice taken out of what the microphone hears.

The only module that loads libspeexdsp (Xiph's SpeexDSP, BSD-3-Clause, Debian's
libspeexdsp1, about 100 KB), through ctypes: there is nothing to build. Its echo
canceller is a multi-delay block frequency-domain adaptive filter that learns the path
from the speaker to the microphone from what was played (the reference) and takes its
estimate out of what was heard; its preprocessor then suppresses the echo the filter
left. What remains is the room: a person saying "stop" over the reply (stop_word.py).

    canceller = EchoCanceller()                   # EchoUnavailable if libspeexdsp1 is missing
    residual = canceller.cancel(heard, played)    # int16 arrays, a multiple of FRAME long
    path = EchoPath(); path.measure(heard, played); path.delay   # seconds, kept across replies

The reference must be lined up with what the microphone heard, to within the filter's
tail (TAIL): `EchoPath` (with `delay_of`) finds the bulk delay (the speaker's buffer, the
microphone's, the air) by cross-correlation, so the filter only has to learn the room.
Both are kept from one reply to the next, so the kitchen is learnt before the second
reply starts.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import logging
from typing import Any

import numpy as np

from appliance.errors import HearthError

log = logging.getLogger(__name__)

RATE = 16000
FRAME = 256  # samples the canceller takes at a time: 16 ms
TAIL = 2048  # samples of echo path it learns: 128 ms of the kitchen's reverberation
LONGEST_DELAY = 0.5  # seconds from a sound leaving the speaker's queue to the microphone
FIRST_DELAY = 0.1  # the delay guessed before the first measurement
CLEAR = 8.0  # a delay measurement's peak over the mean below this is a guess: not used
MEASURABLE = 1000.0  # RMS of what played below which a window holds too little voice
SAME_DELAY = 0.004  # seconds: two measurements this close agree
# speex_echo.h and speex_preprocess.h
_ECHO_SET_SAMPLING_RATE = 24
_PREPROCESS_SET_ECHO_STATE = 24


class EchoUnavailable(HearthError):
    """libspeexdsp is not installed: Hearth cannot hear a spoken stop over its own voice."""


@functools.cache
def _speexdsp() -> Any:
    name = ctypes.util.find_library("speexdsp")
    if name is None:
        raise EchoUnavailable(
            "libspeexdsp is not installed (apt-get install libspeexdsp1): "
            "a spoken stop cannot be heard over Hearth's own voice"
        )
    lib = ctypes.CDLL(name)
    pointer, number = ctypes.c_void_p, ctypes.c_int
    lib.speex_echo_state_init.restype = pointer
    lib.speex_echo_state_init.argtypes = [number, number]
    lib.speex_echo_state_destroy.argtypes = [pointer]
    lib.speex_echo_state_reset.argtypes = [pointer]
    lib.speex_echo_cancellation.argtypes = [pointer, pointer, pointer, pointer]
    lib.speex_echo_ctl.argtypes = [pointer, number, pointer]
    lib.speex_preprocess_state_init.restype = pointer
    lib.speex_preprocess_state_init.argtypes = [number, number]
    lib.speex_preprocess_state_destroy.argtypes = [pointer]
    lib.speex_preprocess_ctl.argtypes = [pointer, number, pointer]
    lib.speex_preprocess_run.argtypes = [pointer, pointer]
    return lib


def available() -> str | None:
    """None when echo cancelling can run here, else why not (for `hearth doctor`)."""
    try:
        _speexdsp()
    except (EchoUnavailable, OSError) as exc:
        return str(exc)
    return None


class EchoCanceller:
    """SpeexDSP's echo canceller and residual echo suppressor, on 16 kHz mono int16."""

    def __init__(self, tail: int = TAIL) -> None:
        self._lib = _speexdsp()
        self._echo = self._lib.speex_echo_state_init(FRAME, tail)
        rate = ctypes.c_int(RATE)
        self._lib.speex_echo_ctl(self._echo, _ECHO_SET_SAMPLING_RATE, ctypes.byref(rate))
        # The preprocessor, told the canceller's state, suppresses the echo the filter
        # left (15 to 40 dB more), and a little of the room's steady noise.
        self._suppress = self._lib.speex_preprocess_state_init(FRAME, RATE)
        self._lib.speex_preprocess_ctl(
            self._suppress, _PREPROCESS_SET_ECHO_STATE, ctypes.c_void_p(self._echo)
        )
        self._out = np.zeros(FRAME, dtype=np.int16)

    def cancel(self, heard: np.ndarray, played: np.ndarray) -> np.ndarray:
        """What was heard less the echo of what was played (both FRAME-multiple int16,
        the same length, `played` lined up with `heard`), the echo left suppressed."""
        if heard.shape != played.shape or heard.size % FRAME:
            raise ValueError(f"heard and played must be the same multiple of {FRAME} samples")
        heard = np.ascontiguousarray(heard, dtype=np.int16)
        played = np.ascontiguousarray(played, dtype=np.int16)
        residual = np.empty_like(heard)
        for at in range(0, heard.size, FRAME):
            mic, ref = heard[at : at + FRAME], played[at : at + FRAME]
            self._lib.speex_echo_cancellation(
                self._echo, mic.ctypes.data, ref.ctypes.data, self._out.ctypes.data
            )
            self._lib.speex_preprocess_run(self._suppress, self._out.ctypes.data)
            residual[at : at + FRAME] = self._out
        return residual

    def reset(self) -> None:
        """Forget the learnt path (the speaker or the microphone changed)."""
        self._lib.speex_echo_state_reset(self._echo)

    def close(self) -> None:
        if getattr(self, "_suppress", None):
            self._lib.speex_preprocess_state_destroy(self._suppress)
            self._suppress = None
        if getattr(self, "_echo", None):
            self._lib.speex_echo_state_destroy(self._echo)
            self._echo = None

    def __del__(self) -> None:
        self.close()


def delay_of(heard: np.ndarray, played: np.ndarray, longest: int) -> tuple[int, float]:
    """How many samples later `played` reached the microphone (0..longest), and how clear
    that answer is (the correlation peak over the mean; below about 8 it is a guess).

    Cross-correlation with the phase transform (GCC-PHAT): every frequency weighs the
    same, so a loud low hum does not decide the answer, the arrival does.
    """
    size = 1 << int(np.ceil(np.log2(max(heard.size + longest, 2))))
    spectrum = np.fft.rfft(heard.astype(np.float64), size) * np.conj(
        np.fft.rfft(played.astype(np.float64), size)
    )
    spectrum /= np.abs(spectrum) + 1e-9
    correlation = np.fft.irfft(spectrum, size)[: longest + 1]
    best = int(np.argmax(correlation))
    return best, float(correlation[best] / (np.abs(correlation).mean() + 1e-12))


def rms(samples: np.ndarray) -> float:
    return float(np.sqrt(np.mean(samples.astype(np.float64) ** 2)))


class EchoPath:
    """How late the speaker's sound reaches the microphone, measured as it plays.

    Kept from one reply to the next (the kitchen does not move), and measured again
    every MEASURE_EVERY seconds of a reply: each sound is its own aplay, whose start
    can shift by a few milliseconds."""

    def __init__(self, delay: float = FIRST_DELAY) -> None:
        self.delay = delay
        self.measured = False
        self._candidate: float | None = None  # a new delay seen once, not yet trusted

    def measure(self, heard: np.ndarray, played: np.ndarray) -> None:
        """`heard`: WINDOW seconds of the microphone; `played`: what played from
        LONGEST_DELAY before its start to its end.

        Only a window with a voice in it counts (the tail of a reply against hiss found
        a delay of 487 ms, clearly enough); a delay far from the one in use is taken
        when a second window agrees, as a delay never measured is at the first."""
        if rms(played) < MEASURABLE:
            return  # hardly anything played: nothing to measure by
        longest = int(LONGEST_DELAY * RATE)
        padded = np.concatenate([np.zeros(longest, dtype=np.int16), heard])
        lag, clarity = delay_of(padded, played, longest)
        if clarity < CLEAR:
            return
        found = lag / RATE
        near = abs(found - self.delay) <= SAME_DELAY
        confirmed = self._candidate is not None and abs(found - self._candidate) <= SAME_DELAY
        if near or confirmed or not self.measured:
            if not near:
                log.info("echo delay %.0f ms (clarity %.0f)", 1000 * found, clarity)
            self.delay, self.measured, self._candidate = found, True, None
        else:
            self._candidate = found
