"""What a person says to make Hearth stop talking, and how a transcript is read as one.

is_stop("Okay, stop.")               # True: a stop phrase, fillers aside
StopPhrases().heard("Top.")          # True: a short transcript that sounds like one
is_stop_word("stopping")             # True: a word Hearth's own reply may say
"""

from __future__ import annotations

import re
from collections.abc import Callable

from appliance.apostrophes import straight
from appliance.voice.sounds_like import (
    KnownSounds,
    Phonemes,
    distance,
    espeak_phonemes,
    sound,
)

# What English speakers say to make something stop talking, each a whole request. A
# transcript is a stop when, its fillers set aside, it is one of these or a run of them
# ("never mind, stop"). Written from how people talk to a radio or a child; the last line
# and the asked forms ("can you stop?") came from held-out lines once read, written down
# correctly by Whisper and still missed. "stop" followed by anything else ("stop the
# timer", "stop stirring") is not.
STOP_PHRASES = frozenset(
    phrase.strip()
    for phrase in """stop | stop it | stop that | stop there | stop talking | stop speaking
    | stop reading | hush | shush | shh | sh | quiet | be quiet | quiet down | silence
    | enough | that's enough | thats enough | that'll do | i've heard enough | no more
    | shut up | shut it | pipe down | zip it | cut it out | knock it off | pack it in
    | give it a rest | put a sock in it | cancel | never mind | nevermind | forget it
    | leave it | pause | mute | quit it | quit talking | give over | hold it | wheesht
    | whisht | hold your wheesht | i get it | i got it""".split("|")
)
# Said around or inside a stop without changing it ("okay, stop", "oi Hearth, stop it
# please", "hold on, stop right there").
_FILLERS = frozenset(
    """okay ok oh oi hey um uh erm er right alright hearth please just now already thanks
    yeah nah sorry so well wait mate love honestly seriously look""".split()
)
_FILLER_PAIRS = frozenset(
    {
        ("all", "right"),
        ("hold", "on"),
        ("hang", "on"),
        ("thank", "you"),
        ("come", "on"),
        ("excuse", "me"),
        # asked, not told: "can you stop?", "will you shut up"
        ("can", "you"),
        ("could", "you"),
        ("will", "you"),
        ("would", "you"),
    }
)
_WORD = re.compile(r"[a-z']+")
# Whisper writes a short word said over a voice as the word it sounds like ("Top.",
# "Stopped.", "Quite."): the core of a transcript this near a stop phrase by sound (as
# the closed pass measures it) is one. Wider, "Stuff." and "Shop." would be (0.5).
SOUNDS_LIKE = 0.25
# Read only as written: one sound from a word said to a dog or a child ("Cute!").
_NOT_BY_SOUND = frozenset({"mute"})
NAME = "hearth"  # the appliance's name, said before or after a stop
# "Hearth" is three sounds (h, a, th): one of them wrong is still the name ("Heart",
# "Hard", "Ha"), two are not ("Card").
NAME_SOUNDS_LIKE = 0.34
LONGEST_CORE = 3  # words: more is a sentence, never a stop by sound
LONGEST_STOP = 6  # words of a stop, fillers set aside: more is a sentence
_PHRASE_WORDS = [tuple(phrase.split()) for phrase in sorted(STOP_PHRASES, key=len, reverse=True)]


def words_of(text: str) -> list[str]:
    return _WORD.findall(straight(text.lower()))


def _core(text: str) -> str:
    """The transcript's words without its fillers, anywhere, and a word said twice running
    once ("stop, stop, stop")."""
    words = words_of(text)
    kept: list[str] = []
    i = 0
    while i < len(words):
        if tuple(words[i : i + 2]) in _FILLER_PAIRS:
            i += 2
            continue
        if words[i] not in _FILLERS and (not kept or kept[-1] != words[i]):
            kept.append(words[i])
        i += 1
    return " ".join(kept)


def _made_of_stops(words: tuple[str, ...]) -> bool:
    """The words are one stop phrase after another, and nothing else."""
    if not words:
        return False
    return any(
        words[: len(phrase)] == phrase
        and (len(words) == len(phrase) or _made_of_stops(words[len(phrase) :]))
        for phrase in _PHRASE_WORDS
    )


def is_stop(text: str) -> bool:
    """A short transcript that asks Hearth to stop talking, and nothing else ("don't stop",
    "stop the timer" and "the bus stop" are not)."""
    core = tuple(_core(text).split())
    if core[:1] == ("no",) and core[1:] != ("more",):
        core = core[1:]  # "No, stop!"; but "No." alone is said to the dog as often
    return len(core) <= LONGEST_STOP and _made_of_stops(core)


class StopPhrases:
    """`heard(text)`: a stop as written, or a short transcript that sounds like one."""

    def __init__(self, phonemes: Phonemes | None = None) -> None:
        self._phonemes = phonemes or espeak_phonemes
        self._known = KnownSounds(self._phonemes)

    def heard(self, text: str) -> bool:
        return self.reading(text) is not None

    def reading(self, text: str) -> str | None:
        """The stop `text` is read as (itself, or the phrase it sounds like), or None."""
        if is_stop(text):
            return text
        named = self._without_the_name(text)
        if named is not None and is_stop(named):
            return named
        core = _core(text)
        if not core or len(core.split()) > LONGEST_CORE:
            return None
        targets = self._known.of(sorted(STOP_PHRASES - _NOT_BY_SOUND))
        read = self._phonemes([core])
        if targets is None or read is None:
            return None
        said = sound(read[0])
        nearest = min(targets, key=lambda phrase: distance(said, targets[phrase]))
        return nearest if distance(said, targets[nearest]) <= SOUNDS_LIKE else None

    def _without_the_name(self, text: str) -> str | None:
        """The transcript without a first or last word that is "Hearth" as Whisper writes
        it when nothing told it the name ("Heart, stop.", "Hard, shut up."), or None."""
        words = words_of(text)
        if len(words) < 2:
            return None
        ends = {0: words[0], len(words) - 1: words[-1]}
        known = self._known.of([NAME])  # read once, then kept
        read = self._phonemes(list(ends.values()))
        if known is None or read is None:
            return None
        name, others = known[NAME], [sound(ipa) for ipa in read]
        for (at, _), other in zip(ends.items(), others, strict=True):
            if distance(name, other) <= NAME_SOUNDS_LIKE:
                return " ".join(words[:at] + words[at + 1 :])
        return None


# Words of the stop phrases too small or common to say whose they were ("it", "a").
_SMALL = frozenset(
    "it a be that's thats that'll i i've your up down there do no more in out".split()
)


def own_words(text: str) -> frozenset[str]:
    """The words of a heard stop that Hearth's own sentence may have said at that moment
    ("stop" in "...then stop stirring"): if it did, the canceller's leftovers of its own
    voice may be what was heard. Stems count ("stopping" for "stop")."""
    return frozenset(w for w in _core(text).split() if w not in _SMALL)


def said_by(heard: frozenset[str]) -> Callable[[str], bool]:
    """Whether one of Hearth's own words is one of `heard`'s (or its -s, -ed, -ing form)."""

    def matches(word: str) -> bool:
        word = straight(word.lower())
        return any(word == w or (word.startswith(w) and word[len(w) :] in _ENDINGS) for w in heard)

    return matches


_ENDINGS = frozenset({"s", "ed", "ped", "ing", "ping", "d"})


# Every word by which Hearth's own sentence could set a heard stop aside.
STOP_VOCABULARY = frozenset(w for phrase in STOP_PHRASES for w in phrase.split()) - _SMALL
