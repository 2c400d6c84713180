"""The closed pass: a short transcript that means nothing as heard, placed on the command
it sounds like.

Whisper is an open recogniser: it writes whatever words it knows, and a short command
said in a noisy kitchen comes back as something else ("go back" as "Go, Mark!", "halve
the recipe" as "Have the recipe.", "what's the date today" as "What's the name today?").
What a household says to the counter is often one of a closed set: the household's
asking commands (household/vocabulary.py: "stop", "what's on the list", "how long is
left on the rice timer") and, while a recipe is cooked, the cookbook's
(cookbook/vocabulary.py, with the recipe's ingredients and step numbers). This pass
compares the transcript by sound with each of them, as the names pass does with names
(sounds_like.py: both read into IPA by espeak-ng, stress dropped, vowels in five classes,
edit distance over the longer length), and puts the nearest in its place when it is near
enough and clearly nearer than any command that means something else.

It touches only what the open pass could not place: a transcript the rules already read
as a request (`understood`: the cookbook's and the household's) is left as heard, and so
is anything long and anything with a number in it. A word of command said ("stop",
"start", "next", "add", "set", "list", "minutes"…) is never changed into another or
dropped: "Stop the time." is never "start the timer", and "set a timer for ten minutes"
and "add eggs to the list" go to the household's parsers as said. A transcript that is
nothing but one of the bias's own words (a recipe's title) is the prompt written back,
and is never placed on "cook <title>"; and one that holds a command's own words which the
rules then did not read as a request ("Go back to sleep.", "Next week.") is no request.
The thresholds were chosen on the tuning split only (benchmarks/cookbook_spoken.py,
docs/voice.md "The closed pass").
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from appliance.voice.bias import Bias
from appliance.voice.sounds_like import (
    KnownSounds,
    Phonemes,
    distance,
    espeak_phonemes,
    sound,
)

log = logging.getLogger(__name__)

# Normalised sound distance at or under which a transcript is taken for a command, and
# how much nearer it must be than the nearest command meaning something else. Chosen on
# the tuning split (held_out_3 of the cookbook's utterances, spoken by espeak-ng in
# kitchen noise): first 0.30 by eye; then by a rule, the nearest line that is no cooking
# command (0.44, "What time is it?" -> "time it") less 0.08 of safety. At 0.36 every
# placement on the tuning split was right but one ("Cameroon." for "carry on" placed on
# "come again"), and none of its 16 other lines was placed.
MATCH = 0.36
MARGIN = 0.08
LONGEST = 8  # words: a longer transcript is a sentence, not a misheard command
_WORD = re.compile(r"[A-Za-z][A-Za-z']*")
# Words said around a command that are not part of it ("okay, next please").
_LEADING = frozenset(
    "um uh erm er hmm ok okay so right alright oh well and hearth yes yeah".split()
)
_TRAILING = tuple(
    tuple(tail.split())
    for tail in (
        "please,thanks,then,now,mate,love,again,would you,will you,for me,do i need,"
        "do we need,to put"
    ).split(",")
)
# Words of command a person said are kept: a placement never turns one into another,
# and never drops one ("Stop the time." is never "start the timer"; "Set a timer for ten
# minutes." and "Add oats to the list." are never placed on a command without "set",
# "minutes", "add": those go to the household's parsers as said).
_KEPT = frozenset(
    """stop start cancel next back double halve half triple quit finish end exit add remove
take clear set remind reminder reminders remember forget list lists minute minutes second
seconds hour hours""".split()
)


@dataclass(frozen=True)
class Placement:
    command: str
    meaning: str
    distance: float


class ClosedPass:
    """`placed(text, bias)`: `text`, or the command of `bias.commands` it sounds like."""

    def __init__(self, phonemes: Phonemes | None = None) -> None:
        self._phonemes = phonemes or espeak_phonemes
        self._known = KnownSounds(self._phonemes)  # a command -> its sound, read once

    def placed(self, text: str, bias: Bias) -> str:
        """The command of `bias.commands` (each mapped to what it means) `text` sounds
        like, or `text` as heard."""
        found = self.placement(text, bias)
        if found is None:
            return text
        log.info(
            "the closed pass placed %r as %r (sound distance %.2f)",
            text,
            found.command,
            found.distance,
        )
        return found.command

    def placement(self, text: str, bias: Bias) -> Placement | None:
        commands = bias.commands
        words = [w.lower() for w in _WORD.findall(text)]
        if (
            not commands
            or not words
            or len(words) > LONGEST
            or re.search(r"\d", text)
            or _only_a_household_word(words, bias.words)
            or bias.understood(text)
            or _says_a_command(words, commands)
        ):
            return None
        heard = self._heard_sounds(_ways_said(words))
        targets = self._known.of(list(commands))
        if heard is None or targets is None:
            return None  # espeak-ng missing, or a line read as two: leave it as heard
        said_kept = _KEPT.intersection(words)
        nearest: dict[str, Placement] = {}  # per meaning, its nearest command
        for command, target in targets.items():
            if not said_kept <= set(command.split()):
                continue
            gap = min(distance(said, target) for said in heard)
            meaning = commands[command]
            if meaning not in nearest or gap < nearest[meaning].distance:
                nearest[meaning] = Placement(command, meaning, gap)
        ranked = sorted(nearest.values(), key=lambda p: p.distance)
        if not ranked:
            return None  # no command keeps the words of command said ("Stop smoking.")
        best = ranked[0]
        if best.distance > bias.within.get(best.meaning, MATCH):
            return None
        if len(ranked) > 1 and ranked[1].distance - best.distance < MARGIN:
            return None  # as near to two different commands: guessing would be a coin toss
        return best

    def _heard_sounds(self, ways: Sequence[str]) -> list[str] | None:
        read = self._phonemes(list(ways))
        return None if read is None else [sound(ipa) for ipa in read]


def _says_a_command(words: list[str], commands: Iterable[str]) -> bool:
    """True when the transcript holds a command's own words ("Go back to sleep.", "Next
    week."): Whisper heard them, the rules read the sentence round them and said it is
    no request, so it is none (a trial placed "Go back to sleep." on "go back a step")."""
    said = f" {' '.join(words)} "
    return any(f" {' '.join(_WORD.findall(c.lower()))} " in said for c in commands)


def _only_a_household_word(words: list[str], household: Iterable[str]) -> bool:
    """True when the transcript, fillers aside, is one of the bias's words alone (a
    recipe's title, an ingredient): Whisper wrote its prompt back, nobody said a command.
    Placed, "Fudgy Brownies." would have become "cook fudgy brownies" (held_out_4)."""
    start, end = _core(words)
    said = " ".join(words[start:end])
    return any(said == " ".join(_WORD.findall(word.lower())) for word in household)


def _core(words: list[str]) -> tuple[int, int]:
    """Where the transcript's words start and end without the fillers around them."""
    start, end = 0, len(words)
    while start < end - 1 and words[start] in _LEADING:
        start += 1
    while end > start + 1:
        tail = next((t for t in _TRAILING if tuple(words[end - len(t) : end]) == t), None)
        if tail is None or end - len(tail) <= start:
            break
        end -= len(tail)
    return start, end


def _ways_said(words: list[str]) -> list[str]:
    """The transcript, and the same without the fillers around it."""
    start, end = _core(words)
    ways = [words, words[start:], words[:end], words[start:end]]
    return list(dict.fromkeys(" ".join(way) for way in ways))
