"""The household's own words, to steer Whisper toward them: an initial prompt and hotwords.

Whisper tiny has never heard "Tilly", "Bongani" or "stopcock"; it writes the nearest
words it knows. faster-whisper takes an initial prompt (text the decoder treats as
what came just before), so the prompt names the names and things in memory (the
links of live facts, their capitalised words and the words English lacks, the shopping
list and timer names, and names in household.md), after a sentence about the appliance.
It is rebuilt for each utterance, so a fact kept a minute ago is heard correctly now.
`benchmarks/voice.py` measures the word error rate on names with and without it, on a
tuning split and a held-out split; `benchmarks/stt_things.py` the household's things.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from appliance.english import english_words

MAX_WORDS = 48  # Whisper reads at most 224 prompt tokens; a name is 2-4 of them
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]+")
_SHORTEST_THING = 4  # "ok", "tho", "lol": a short unknown word is more often a slip
# Words Whisper already knows well, so spending prompt tokens on them buys nothing.
_COMMON = frozenset(
    """
january february march april may june july august september october november december
a about after again all always an and any are as at away back be because been before being
bin bins big both but by can come could day days did do does done down each even every for
from get go goes going good got had has have he her here him his home house how i if in
into is it its just keep know last like little long look made make many may me more most
much must my need never new next night no not now of off often old on once one only or
other our out over own put room said same say see she should so some still such take tell
than that the their them then there these they thing things think this those through time
to today tomorrow too two under up us use very was way we week well were what when where
which while who why will with would year yes yet you your kitchen morning evening friday
monday tuesday wednesday thursday saturday sunday left right top bottom cupboard drawer
""".split()
)


def _never(text: str) -> bool:
    return False


@dataclass(frozen=True)
class Bias:
    prompt: str | None
    hotwords: str | None
    words: tuple[str, ...]
    # The closed pass's commands (each -> what it means) and whether a transcript is
    # already read as a request as heard (closed_pass.py); none: the pass does nothing.
    commands: Mapping[str, str] = field(default_factory=dict)
    understood: Callable[[str], bool] = _never
    # A meaning placed only within a nearer distance than the pass's own (the household's
    # "what's the date" sits among everyday questions: "what's the point?").
    within: Mapping[str, float] = field(default_factory=dict)


def people_in(bias: Bias) -> list[str]:
    """The names among the household's words: one word each, written with a capital (things
    come in lower case: "bin bags")."""
    return [word for word in bias.words if word[:1].isupper() and " " not in word]


def _uncommon(text: str) -> list[str]:
    found = []
    for position, word in enumerate(_WORD.findall(text)):
        bare = word.strip("'-").removesuffix("'s")
        if len(bare) < 3 or bare.lower() in _COMMON or bare.lower().removesuffix("s") in _COMMON:
            continue
        # A capital past the first word is a name (a fact's links name its things too).
        if bare[0].isupper() and position > 0:
            found.append(bare)
        elif _english_lacks(bare):
            # First in a fact, a word English lacks is most often who it is of ("Taid takes
            # warfarin"), so it keeps its capital; inside one, it is a thing of the house.
            found.append(bare if position == 0 else bare.lower())
    return found


def _english_lacks(word: str) -> bool:
    """A word of the household's own that English at large does not know ("warfarin",
    "stopcock", "tahini"): a fact kept from what a person said has no links, so without this
    only its capitalised names reached the prompt, and "Taid takes warfarin" was heard as
    "take my wafer in". English's words are the recall model's (english.py); a part of a
    hyphened word, a contraction or a plural of a word English knows is English."""
    english = english_words()
    if not english or "'" in word:
        return False  # without the word list every word would look unknown
    parts = [part.lower() for part in word.split("-") if len(part) >= _SHORTEST_THING]
    return any(
        part not in english
        and part.removesuffix("s") not in english
        and part.removesuffix("es") not in english
        for part in parts
    )


def household_words(
    fact_texts: Iterable[str], links: Iterable[str] = (), items: Iterable[str] = (), notes: str = ""
) -> list[str]:
    """Names first (links, capitalised words), then things; each once, at most MAX_WORDS."""
    ordered: list[str] = []
    seen: set[str] = set()

    def add(word: str) -> None:
        word = word.strip()
        if word and word.lower() not in seen and len(ordered) < MAX_WORDS:
            seen.add(word.lower())
            ordered.append(word)

    texts = list(fact_texts)
    for link in links:
        add(link)
    candidates = [w for text in [*texts, notes] for w in _uncommon(text)]
    for word in sorted(candidates, key=lambda w: not w[0].isupper()):  # stable: names first
        add(word)
    for item in items:
        add(item)
    return ordered


# Said before the names: a sentence about the appliance, never a command or a household
# fact. Whisper tiny sometimes writes its prompt back when it hears only noise; example
# commands here ("Set a timer for ten minutes.") came back as a timer set by a fan's hum.
# This sentence still primes "Hearth"-style kitchen speech ("Remember that the bin bags…").
PREAMBLE = "Hearth is the kitchen assistant."
NAMES_HEADER = "Names and things in this house:"


def bias_for(
    words: Iterable[str],
    commands: Mapping[str, str] | None = None,
    understood: Callable[[str], bool] = _never,
    within: Mapping[str, float] | None = None,
) -> Bias:
    """The prompt: the preamble, then one plain sentence naming the words; no hotwords.

    Measured on the tuning split (docs/voice.md): a bare list of words or command
    phrases, or hotwords as well, made Whisper tiny repeat the list back instead of
    hearing the clip; whole sentences heard the most names with the fewest other errors.
    `commands`, `understood` and `within` are the closed pass's (closed_pass.py), never
    the prompt's.
    """
    names, said, near = tuple(words), dict(commands or {}), dict(within or {})
    if not names:
        return Bias(PREAMBLE, None, (), said, understood, near)
    prompt = f"{PREAMBLE} {NAMES_HEADER} {', '.join(names)}."
    return Bias(prompt, None, names, said, understood, near)


def repeats_prompt(text: str, bias: Bias) -> bool:
    """True when a transcript is the prompt written back (Whisper heard no speech in it):
    the whole transcript is a piece of the prompt, or it holds one of the prompt's own
    sentences. A transcript that merely uses a word of the prompt ("set a pasta timer"
    with "pasta" in memory) is speech."""
    if not bias.prompt:
        return False
    said, prompt = _plain(text), _plain(bias.prompt)
    fixed = [_plain(PREAMBLE), _plain(NAMES_HEADER)]
    return bool(said) and (said in prompt or any(f in said for f in fixed if f in prompt))


ECHOED_NAMES = 3  # this many of the prompt's words in one transcript: the list written back


def echoes_names(text: str, bias: Bias) -> bool:
    """True when a transcript holds ECHOED_NAMES or more different words of the prompt's
    list ("Remember, Nkechi, Bongani, Ffion, Vin, Nkechi"): Whisper wrote the list back
    instead of hearing the clip (seen on the tuning split, mostly on fast speech). The
    transcriber then decodes once more without the prompt (stt.py); a sentence that truly
    names three of the household loses only the prompt's help, never its words."""
    said = set(_plain(text).split())
    named = {w for w in bias.words if set(_plain(w).split()) <= said and _plain(w)}
    return len(named) >= ECHOED_NAMES


def _plain(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9']+", text.lower()))
