"""The household's own words put back where Whisper wrote something that sounds like them.

Whisper writes the nearest words it knows: "Tad" for Tadhg, "Thandi" for Thandiwe,
"stockcock" for stopcock, "Matt use" for Mateusz. The bias prompt (bias.py) steers the
decoder toward the household's words, but once it has written a near miss the words are
gone. This pass compares, by sound, each short run of the transcript's words (one to
three) with each of the household's words, and puts the household's word in where the
two sound nearly alike: both are read into IPA by espeak-ng (speech.py, the one caller),
stress and length marks dropped and vowels folded into five classes (accents move vowels
more than consonants), and compared by edit distance over the longer's length.

Only a run holding an unfamiliar word is touched: a word written with a capital inside
the sentence (Whisper heard a name, just not ours), or a word that is not one token of
Whisper's own vocabulary (it spelled something it does not know). So "rest the lamb"
never becomes "Callum" and "grapes" never becomes "Grace": the tuning split's transcripts
showed both before this rule. Days and months are never a household word here (a fact's
"on Sundays" is not a name), and a run with a number or a command word is left alone
("timer", "list", "remind", …), so what sets a timer is never rewritten.

`benchmarks/stt.py` measures it ("+ names" rows, docs/voice.md): chosen on the tuning
split only, then run once on the held-out split.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from appliance.speech import espeak_word_ipa

# Normalised sound distance at or under which a run of words is taken for a household
# word. Tuning split (neural voice): 0.30 fixed 4 of 15 names missed, 0.36 5, 0.42 6; none
# made a correct word wrong, and the espeak-ng voices' transcripts were unchanged in
# names at all three. The middle value: the tuning split is small.
MATCH = 0.36
LONGEST_RUN = 3
PHONEME_VOICE = "en-gb"
_WORD = re.compile(r"[A-Za-z][A-Za-z']*")
_MARKS = re.compile(r"[ˈˌːˑ\s\-‿]")
_VOWELS = str.maketrans(
    {
        **dict.fromkeys("ɑæaʌɐəɜɚ", "a"),
        **dict.fromkeys("ɛe", "e"),
        **dict.fromkeys("ɪiᵻ", "i"),
        **dict.fromkeys("ɔɒo", "o"),
        **dict.fromkeys("ʊu", "u"),
    }
)
CALENDAR = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday january february march april
may june july august september october november december""".split()
)
# Words that carry a command: a run holding one is never rewritten.
COMMAND_WORDS = frozenset(
    """timer timers list lists remind reminder remember minute minutes second seconds hour
hours stop cancel add set""".split()
)

Phonemes = Callable[[Sequence[str]], list[str] | None]


def espeak_phonemes(words: Sequence[str]) -> list[str] | None:
    """Each word or phrase in IPA as espeak-ng reads it (None when it is missing): the
    names pass's, the closed pass's and the stop phrases' default."""
    return espeak_word_ipa(words, PHONEME_VOICE)


def sound(ipa: str) -> str:
    """IPA without stress and length, vowels in five classes: what the pass compares."""
    return _MARKS.sub("", ipa).translate(_VOWELS)


def distance(a: str, b: str) -> float:
    """Edit distance over the longer length: 0 the same, 1 nothing alike."""
    if not a or not b:
        return 1.0
    previous = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        current = [i]
        for j, other in enumerate(b, 1):
            current.append(
                min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char != other))
            )
        previous = current
    return previous[-1] / max(len(a), len(b))


def _calendar(word: str) -> bool:
    bare = word.lower().removesuffix("'s")
    return bare in CALENDAR or bare.removesuffix("s") in CALENDAR


@dataclass(frozen=True)
class Replacement:
    start: int  # token positions, end exclusive
    end: int
    word: str
    distance: float


class SoundsLike:
    """The pass, with the recogniser's vocabulary (`familiar`: lower-case words that are
    one token of it) and a way to read words into IPA (espeak-ng unless given)."""

    def __init__(self, familiar: Iterable[str], phonemes: Phonemes | None = None) -> None:
        self.familiar = frozenset(familiar)
        self._phonemes = phonemes or espeak_phonemes
        self._known = KnownSounds(self._phonemes)  # a household word -> its sound, read once

    def restored(self, text: str, household: Iterable[str]) -> str:
        """`text` with runs that sound like a household word replaced by that word."""
        tokens = list(_WORD.finditer(text))
        wanted = [w for w in dict.fromkeys(household) if w.strip() and not _calendar(w)]
        lowered = text.lower()
        wanted = [w for w in wanted if w.lower() not in lowered]
        if (
            not tokens
            or not wanted
            or not any(self._unfamiliar(t.group(), i) for i, t in enumerate(tokens))
        ):
            return text
        targets = self._known.of(wanted)
        heard = self._phonemes([t.group() for t in tokens])
        if targets is None or heard is None:
            return text  # espeak-ng missing or a word read as two lines: leave it as heard
        chosen = self._choose(tokens, [sound(ipa) for ipa in heard], targets)
        for one in sorted(chosen, key=lambda r: r.start, reverse=True):
            text = text[: tokens[one.start].start()] + one.word + text[tokens[one.end - 1].end() :]
        return text

    def _choose(
        self, tokens: list[re.Match[str]], sounds: list[str], targets: dict[str, str]
    ) -> list[Replacement]:
        plain = [t.group().lower() for t in tokens]
        found = []
        for start in range(len(tokens)):
            for end in range(start + 1, min(start + LONGEST_RUN, len(tokens)) + 1):
                run = plain[start:end]
                if any(word.strip("'") in COMMAND_WORDS for word in run):
                    break
                if not any(self._unfamiliar(tokens[k].group(), k) for k in range(start, end)):
                    continue
                said = "".join(sounds[start:end])
                for word, target in targets.items():
                    if abs(len(said) - len(target)) > MATCH * max(len(said), len(target)):
                        continue
                    gap = distance(said, target)
                    if gap <= MATCH and " ".join(run) != word.lower():
                        found.append(Replacement(start, end, word, gap))
        chosen: list[Replacement] = []
        taken: set[int] = set()
        for one in sorted(found, key=lambda r: (r.distance, r.start)):
            span = set(range(one.start, one.end))
            if span & taken or any(c.word == one.word for c in chosen):
                continue
            taken |= span
            chosen.append(one)
        return chosen

    def _unfamiliar(self, token: str, position: int) -> bool:
        bare = token.strip("'").removesuffix("'s")
        if _calendar(bare):
            return False
        named = position > 0 and bare[:1].isupper() and bare != "I"
        return named or bare.lower() not in self.familiar


class KnownSounds:
    """Each word or phrase's sound, read by espeak-ng once and kept: the household's words
    for the names pass, the commands for the closed pass (closed_pass.py)."""

    LIMIT = 4000  # many recipes come and go: past this many, start again

    def __init__(self, phonemes: Phonemes) -> None:
        self._phonemes = phonemes
        self._known: dict[str, str] = {}

    def of(self, phrases: list[str]) -> dict[str, str] | None:
        """Each phrase's sound, or None when espeak-ng is missing or split a line."""
        missing = list(dict.fromkeys(p for p in phrases if p not in self._known))
        if len(self._known) + len(missing) > self.LIMIT:
            self._known.clear()
            missing = list(dict.fromkeys(phrases))
        if missing:
            read = self._phonemes(missing)
            if read is None:
                return None
            self._known.update(zip(missing, (sound(ipa) for ipa in read), strict=True))
        return {p: self._known[p] for p in phrases}
