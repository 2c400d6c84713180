"""The second look at a wake: did Whisper hear the phrase in the last seconds?

The detector (wake.py) scores every 80 ms of the kitchen. A real "hey jarvis" said
clearly scores near 1; kitchen chatter now and then reaches the middle of the scale
("Hey love, have you seen…", "he's just parking"), and some of it near the top ("Harvey's
here" scored 0.98). A wake scored at or above `sure` starts listening at once; one between
the detector's threshold and `sure` is checked (with `sure` at 1, every wake is):
the last CHECK_SECONDS of sound are decoded by the recogniser already in memory, and the
wake stands only if the transcript holds the phrase, or its name word, by sound (one
sound in three wrong at most: "Hey Jaravis", "Jar Miss"; not "the jar", "Harvey"). Words
Whisper knows whole ("Travis", "service", "darling") are what it heard, not a near miss of
a name it does not know: a run of them counts only one sound in five from the phrase
("Hey Jar Miss", not "Hey Travis" or "the service"). Where the transcript says no, the
sound itself is asked: how likely the recogniser finds the phrase said at the start of the
window (Transcriber.likelihood, its tokens read with the sound). espeak-ng's Scottish "hey
jarvis" is written "Hey Thomas." and is likely all the same; chatter that never said it is
not (PHRASE_LIKELY).

The household's own people are who they are: a name Hearth has been told (from memory, as
the recogniser's bias has it), written whole in the transcript, is that person and never
the phrase ("Hey Jervis, mind the tray" in a house with a Jervis). The detector cannot
tell such a greeting from the phrase and is often sure of it, so while one of the
household's names sounds like the phrase's name, every wake is checked (`trusts`).

What the check hears is used once and dropped: its transcript and the phrase's likelihood
are compared and let go (never logged, stored or sent), and the window's sound is zeroed
when the check is over, whatever it found. Sound from before the phrase can be in the
window (it is two seconds long); only the phrase's presence leaves this module, as a yes
or a no.

    check = WakeCheck("hey jarvis", transcriber.decode, familiar=transcriber.familiar,
                      likelihood=transcriber.likelihood)
    running = check.start(window)   # a Future[bool]; listening frames go on meanwhile
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor

from appliance.voice.capture import SAMPLE_BYTES, SAMPLE_RATE
from appliance.voice.sounds_like import KnownSounds, Phonemes, distance, espeak_phonemes, sound
from appliance.voice.stop_phrases import words_of
from appliance.voice.wake import FRAME_SAMPLES, sure_enough

log = logging.getLogger(__name__)

CHECK_SECONDS = 2.0  # sound before the wake given to the check: the phrase said slowly, whole
# The phrase, or its last word (the name), this near by sound: one sound in three wrong at
# most, as for "Hearth" in a spoken stop (stop_phrases.NAME_SOUNDS_LIKE).
PHRASE_SOUNDS_LIKE = 0.34
# A run of words the recogniser knows whole, this near at most: the chatter that passed the
# check was such words written down correctly ("Hey Travis", "customer service").
FAMILIAR_SOUNDS_LIKE = 0.2
LONGEST_RUN = 3  # transcript words compared at once: a name heard as two ("Jar Miss")

# The phrase, likely enough by the sound alone when its transcript says otherwise: the mean
# log-probability of its tokens read from the start of the window (Transcriber.likelihood).
# Chosen on tuning sound only, by a rule fixed first: half a nat above the likeliest of 40
# chatter wakes with every wake checked (seeds 7-16 at 0.3: -2.66, "Hey, Trump is Trump."
# for "Hey Travis"), rounded up. It lets 5 of the 16 own phrases the transcript turned
# down stand ("Hey, Davis! Stop!"; not "Heja must stop.", at -2.50).
# benchmarks/results/wake_likelihood.md.
PHRASE_LIKELY = -2.1
# The phrases PHRASE_LIKELY was measured for: a mean over tokens means something else for a
# phrase split otherwise ("Alexa" is one token), so for the others the transcript decides.
LIKELIHOOD_MEASURED = frozenset({"hey jarvis"})


def likelihood_measured(phrase: str) -> bool:
    """Whether the check asks the phrase's likelihood where its transcript says no: the one
    rule for the service and benchmarks/wake_checked.py."""
    return phrase in LIKELIHOOD_MEASURED


Decode = Callable[[bytes], str]
Likelihood = Callable[[bytes, Sequence[str]], float]  # Transcriber.likelihood
People = Callable[[], Iterable[str]]  # the household's names, read at each wake


def _nobody() -> list[str]:
    return []


def as_written(phrase: str) -> list[str]:
    """The phrase as Whisper writes it said: "hey jarvis" -> "Hey Jarvis", "Hey, Jarvis"."""
    words = [word.capitalize() for word in phrase.split()]
    forms = [" ".join(words)]
    if len(words) > 1:
        forms.append(words[0] + ", " + " ".join(words[1:]))
    return forms


class Recent:
    """The last few seconds of frames, in a fixed buffer overwritten as it fills: what an
    unsure wake's check hears. `take` hands them over in order and zeroes the buffer."""

    def __init__(self, seconds: float) -> None:
        frame = FRAME_SAMPLES * SAMPLE_BYTES
        self._ring = bytearray(int(seconds * SAMPLE_RATE / FRAME_SAMPLES) * frame)
        self._at = 0
        self._filled = 0

    def add(self, frame: bytes) -> None:
        size = len(self._ring)
        for start in range(0, len(frame), size):
            piece = frame[start : start + size]
            end = self._at + len(piece)
            if end <= size:
                self._ring[self._at : end] = piece
            else:
                first = size - self._at
                self._ring[self._at :] = piece[:first]
                self._ring[: end - size] = piece[first:]
            self._at = end % size
            self._filled = min(size, self._filled + len(piece))

    def take(self) -> bytearray:
        wrapped = self._ring[self._at :] + self._ring[: self._at]
        ordered = wrapped[len(wrapped) - self._filled :]
        wrapped[:] = bytes(len(wrapped))
        self.clear()
        return ordered

    def clear(self) -> None:
        self._ring[:] = bytes(len(self._ring))
        self._at = self._filled = 0

    def holds_sound(self) -> bool:
        return any(self._ring)


class WakeCheck:
    """`heard(window)`: the phrase is in the transcript of `window`, by sound; or, where the
    transcript says no, likely in the sound itself (`judged`)."""

    def __init__(
        self,
        phrase: str,
        decode: Decode,
        phonemes: Phonemes | None = None,
        familiar: Iterable[str] = (),
        people: People = _nobody,
        likelihood: Likelihood | None = None,
    ) -> None:
        self.phrase = phrase
        self.name = phrase.split()[-1]
        self._decode = decode
        # None (or a phrase never measured): the transcript alone decides.
        self._likelihood = likelihood if likelihood_measured(phrase) else None
        self.written = as_written(phrase)
        # The recogniser's whole words (Transcriber.familiar); none: every run by sound alone.
        self._familiar = frozenset(familiar)
        self._people = people
        self._near: tuple[tuple[str, ...], bool] = ((), False)  # the names last asked about
        self._phonemes = phonemes or espeak_phonemes
        self._known = KnownSounds(self._phonemes)
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="wake-check")

    def start(self, window: bytearray) -> Future[bool]:
        """Check `window` on the check's own thread; the window is zeroed when it is done."""
        return self._pool.submit(self._checked, window)

    def _checked(self, window: bytearray) -> bool:
        try:
            return self.heard(bytes(window))
        finally:
            window[:] = bytes(len(window))

    def heard(self, window: bytes) -> bool:
        likelihood = self._likelihood
        if likelihood is None:
            return self.holds_phrase(self._decode(window))
        return self.judged(
            self._decode(window), lambda: self._read(likelihood, window, self.written)
        )

    def judged(self, transcript: str, read_likelihood: Callable[[], float]) -> bool:
        """The transcript holds the phrase; or, when it names none of the household's
        people, the phrase is likely from the sound itself (`read_likelihood`, asked only
        then: PHRASE_LIKELY). The one rule for the service and benchmarks/wake_checked.py."""
        if self.holds_phrase(transcript):
            return True
        if self._names().intersection(words_of(transcript)):
            return False  # a household name written whole is that person, however it sounds
        return read_likelihood() >= PHRASE_LIKELY

    @staticmethod
    def _read(likelihood: Likelihood, window: bytes, written: list[str]) -> float:
        try:
            return likelihood(window, written)
        except (RuntimeError, ValueError) as e:  # CTranslate2's: a model with no alignment heads
            log.warning("the wake check could not read the phrase's likelihood (%s): no wake", e)
            return -math.inf  # the transcript's no stands, as before the likelihood was asked

    def holds_phrase(self, transcript: str) -> bool:
        """Whether `transcript` holds the phrase or its name word, as written or by sound."""
        words = words_of(transcript)
        if not words:
            return False
        if self.name in words:
            return True
        people = self._names()
        runs = list(
            dict.fromkeys(
                " ".join(span)
                for n in range(1, LONGEST_RUN + 1)
                for i in range(len(words) - n + 1)
                if not people.intersection(span := words[i : i + n])
            )
        )
        if not runs:
            return False
        targets = self._known.of([self.phrase, self.name])
        read = self._phonemes(runs)
        if targets is None or read is None:
            log.warning("espeak-ng could not read the wake check's words: the wake stands")
            return True  # the detector was sure enough to wake; the check could not say no
        for run, ipa in zip(runs, read, strict=True):
            said, nearness = sound(ipa), self._nearness(run)
            if any(distance(said, target) <= nearness for target in targets.values()):
                return True
        return False

    def trusts(self, score: float, sure: float) -> bool:
        """Whether a wake scored `score` starts listening unchecked: the detector is sure of
        it (`sure` below 1) and no household name sounds like the phrase's (`doubts_sure`).
        The one rule for the service and for benchmarks/wake_checked.py."""
        return sure_enough(score, sure) and not self.doubts_sure()

    def doubts_sure(self) -> bool:
        """Whether a wake the detector is sure of must be checked all the same: one of the
        household's names sounds like the phrase's name (one sound in three, as a run is
        heard), so the detector's certainty says nothing about who was greeted."""
        names = tuple(sorted(self._names()))
        if names != self._near[0]:
            read = self._phonemes(list(names)) if names else []
            target = self._known.of([self.name])
            near = bool(
                read
                and target
                and any(
                    distance(sound(ipa), target[self.name]) <= PHRASE_SOUNDS_LIKE for ipa in read
                )
            )
            self._near = (names, near)
            if near:
                log.info("a household name sounds like the wake word: every wake is checked")
        return self._near[1]

    def _names(self) -> frozenset[str]:
        """The household's names as words, lower case, the phrase's own name left out."""
        return frozenset(
            word for name in self._people() for word in words_of(name) if word != self.name
        )

    def _nearness(self, run: str) -> float:
        if all(word.split("'")[0] in self._familiar for word in run.split()):
            return FAMILIAR_SOUNDS_LIKE
        return PHRASE_SOUNDS_LIKE

    def close(self) -> None:
        self._pool.shutdown(wait=True)
