"""What a person says to make Hearth stop talking, and how a transcript is read as one.

is_stop("Okay, stop.")               # True: a stop phrase, fillers aside
StopPhrases().heard("Top.")          # True: a short transcript that sounds like one
is_stop_word("stopping")             # True: a word Hearth's own reply may say
"""

from __future__ import annotations

import re

from appliance.speech import espeak_word_ipa
from appliance.voice.sounds_like import PHONEME_VOICE, KnownSounds, Phonemes, distance, sound

STOP_PHRASES = frozenset(
    {
        "stop",
        "stop it",
        "stop talking",
        "stop now",
        "hush",
        "shush",
        "shh",
        "quiet",
        "be quiet",
        "enough",
        "that's enough",
        "thats enough",
        "shut up",
        "cancel",
        "never mind",
        "nevermind",
    }
)
# Said around a stop without changing it ("okay, stop", "Hearth, stop please").
_AROUND = frozenset({"okay", "ok", "oh", "hey", "hearth", "please", "just", "right", "alright"})
_WORD = re.compile(r"[a-z']+")
# Whisper writes a short word said over a voice as the word it sounds like ("Top.",
# "Stopped.", "Quite."): the core of a transcript this near a stop phrase by sound (as
# the closed pass measures it) is one. Wider, "Stuff." and "Shop." would be (0.5).
SOUNDS_LIKE = 0.25
LONGEST_CORE = 3  # words: more is a sentence, never a stop by sound


def words_of(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("’", "'"))


def _core(text: str) -> str:
    words = words_of(text)
    while words and words[0] in _AROUND:
        words.pop(0)
    while words and words[-1] in _AROUND:
        words.pop()
    collapsed = [w for i, w in enumerate(words) if i == 0 or w != words[i - 1]]  # "stop stop"
    return " ".join(collapsed)


def is_stop(text: str) -> bool:
    """A short transcript that asks Hearth to stop talking, and nothing else ("don't stop",
    "stop the timer" and "the bus stop" are not)."""
    return _core(text) in STOP_PHRASES


class StopPhrases:
    """`heard(text)`: a stop as written, or a short transcript that sounds like one."""

    def __init__(self, phonemes: Phonemes | None = None) -> None:
        self._phonemes = phonemes or (lambda lines: espeak_word_ipa(lines, PHONEME_VOICE))
        self._known = KnownSounds(self._phonemes)

    def heard(self, text: str) -> bool:
        if is_stop(text):
            return True
        core = _core(text)
        if not core or len(core.split()) > LONGEST_CORE:
            return False
        targets = self._known.of(sorted(STOP_PHRASES))
        read = self._phonemes([core])
        if targets is None or read is None:
            return False
        said = sound(read[0])
        return min(distance(said, target) for target in targets.values()) <= SOUNDS_LIKE


# The words that make a phrase a stop: said by Hearth itself, a canceller's leftovers
# could be heard as one.
STOP_WORDS = frozenset(
    "stop stops stopped stopping hush shush shh quiet enough cancel nevermind".split()
)


def is_stop_word(word: str) -> bool:
    """A word of Hearth's own that a canceller's leftovers could make a stop of."""
    return word.lower().replace("’", "'") in STOP_WORDS
