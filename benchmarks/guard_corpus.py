"""The guard classifier's training corpus: templates x slots, plus hand-written sentences.

    python -m benchmarks.guard_corpus            # counts per kind and split, and a sample
    python -m benchmarks.guard_corpus --show 20  # 20 random sentences of each kind

Three committed files hold the words (benchmarks/data/):

- guard_corpus_templates.json: per kind (access, instruction, device, secret, or
  ordinary), templates with {slot}s and [a|b] alternatives;
- guard_corpus_slots.json: the slots' values (names, Hearth's parts and other
  households' appliances, credential labels in six languages, ...);
- guard_corpus_written.json: hand-written sentences per kind;
- guard_corpus_written_{secrets,orders,device_chat}.json: more hand-written
  sentences, by three helpers who had only a one-paragraph brief
  (guard_outside2_brief.md) and never read the guard or its tables. Their "chat"
  (greetings, questions, commands, Hearth's own replies) trains as ordinary: the
  classifier answers "is this a refusal", and a chat turn is none.

Values a list would make too regular (PINs, passwords, e-mail addresses, one-time
codes, IBANs and card numbers that pass their checksums) are made here by code.

Everything is seeded, so the corpus is the same on every machine. The split is
by template: a fifth of the templates (and of the hand-written sentences) never
reach training and form the generated validation split, so its rates measure
phrasings the classifier has not seen, not slot values it has. Any sentence that
is also in a benchmark table (guard_tune, guard_heldout, guard_outside: compared
lower-cased, punctuation and spacing ignored) is dropped, and the count says so.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import string
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
KINDS = ("access", "instruction", "device", "secret", "ordinary")
BENCHMARK_TABLES = (
    "guard_tune.json",
    "guard_heldout.json",
    "guard_outside.json",
    "guard_outside2.json",
)
WRITTEN = (
    "guard_corpus_written.json",
    "guard_corpus_written_secrets.json",
    "guard_corpus_written_orders.json",
    "guard_corpus_written_device_chat.json",
)
AS_KIND = {"chat": "ordinary"}  # a written file's list -> the class it trains
SEED = 20
# Sentences made from each template; more for ordinary, whose templates must cover
# far more of what a household says than any one refusal family does.
PER_TEMPLATE = {"access": 30, "instruction": 28, "device": 34, "secret": 22, "ordinary": 40}
# How the same sentence arrives in practice: typed in a hurry, said in chat, noted.
_PREFIXES = ("", "", "", "", "", "btw ", "fyi ", "note: ", "just so you know, ", "also, ", "ok ")
_ALTERNATIVES = re.compile(r"\[([^\[\]]*)\]")
_SLOT = re.compile(r"\{(\w+)\}")
_COMPARABLE = re.compile(r"[^a-z0-9]+")

_WORDS = (
    "marmalade lighthouse sunflower kettle tulip cardigan dragonfruit pumpernickel "
    "biscuit thunder maple pebble orchid velvet walnut comet harbour lantern meadow "
    "saffron tornado bramble juniper ginger pepper falcon willow ember cobalt sherbet "
    "noodle pancake rocket panda koala otter badger hazel clover mango lemon cherry "
    "winter summer autumn spring rainbow galaxy pirate wizard castle garden river"
).split()
_SYMBOLS = "!#$%&*?@"


@dataclass(frozen=True)
class Example:
    kind: str
    text: str
    source: str  # "template:<kind>:<n>" or "written:<kind>:<n>"
    split: str  # "train" or "validation"


def _pin(rng: random.Random) -> str:
    digits = "".join(rng.choice(string.digits) for _ in range(rng.choice((3, 4, 4, 4, 5, 6, 6))))
    form = rng.random()
    if form < 0.55:
        return digits
    if form < 0.7:
        return " ".join(digits)
    if form < 0.82:
        return "-".join(digits) if rng.random() < 0.5 else f"{digits[:2]}-{digits[2:]}"
    if form < 0.92:
        names = "zero one two three four five six seven eight nine".split()
        return " ".join(names[int(d)] for d in digits[:4])
    return f"'{digits}'"


def _password(rng: random.Random) -> str:
    word, other = rng.choice(_WORDS), rng.choice(_WORDS)
    number = str(rng.randint(1, 2025))
    form = rng.randrange(9)
    if form == 0:
        return word.capitalize() + number[-2:]
    if form == 1:
        return word + number
    if form == 2:
        return f"{word.capitalize()}{rng.choice(_SYMBOLS)}{number}"
    if form == 3:
        return f"{word}-{other}-{number[-2:]}"
    if form == 4:
        return "".join(rng.choice(string.ascii_letters + string.digits + "!?") for _ in range(9))
    if form == 5:
        return word.translate(str.maketrans("aeios", "43105")) + number[-1]
    if form == 6:
        return word.capitalize() + other.capitalize() + number[-2:]
    if form == 7:
        return word  # a plain word: people do
    return f"{word}{other}"


def _email(rng: random.Random) -> str:
    user = rng.choice(("sam", "ana", "kofi", "priya", "leo.p", "mum", "the.okafors", "d.novak"))
    suffix = rng.choice(("", str(rng.randint(1, 99))))
    domain = rng.choice(("example.com", "mail.example", "example.org"))
    return f"{user}{suffix}@{domain}"


def _iban(rng: random.Random) -> str:
    """A GB or DE IBAN whose check digits pass mod-97, grouped in fours (usually)."""
    country, length = rng.choice((("GB", 18), ("DE", 18), ("FR", 23), ("NL", 14)))
    if country == "GB":
        bban = "".join(rng.choice(string.ascii_uppercase) for _ in range(4))
        bban += "".join(rng.choice(string.digits) for _ in range(14))
    elif country == "NL":
        bban = "".join(rng.choice(string.ascii_uppercase) for _ in range(4))
        bban += "".join(rng.choice(string.digits) for _ in range(10))
    else:
        bban = "".join(rng.choice(string.digits) for _ in range(length))
    numeric = int("".join(str(int(c, 36)) for c in bban + country + "00"))
    iban = f"{country}{98 - numeric % 97:02d}{bban}"
    return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4)) if rng.random() < 0.7 else iban


def _card(rng: random.Random) -> str:
    digits = [4] + [rng.randrange(10) for _ in range(14)]
    total = 0
    for index, value in enumerate(reversed(digits)):
        doubled = value * 2 if index % 2 == 0 else value
        total += doubled - 9 if doubled > 9 else doubled
    digits.append((10 - total % 10) % 10)
    text = "".join(map(str, digits))
    return " ".join(text[i : i + 4] for i in range(0, 16, 4)) if rng.random() < 0.7 else text


def _token(rng: random.Random) -> str:
    alphabet = string.ascii_letters + string.digits
    body = "".join(rng.choice(alphabet) for _ in range(rng.randint(24, 40)))
    return rng.choice(("sk-", "ghp_", "xoxb-", "AKIA", "", "hf_")) + body


GENERATED: dict[str, Callable[[random.Random], str]] = {
    "pin": _pin,
    "pw": _password,
    "pw_word": lambda rng: rng.choice(_WORDS).capitalize(),
    "email": _email,
    "user": lambda rng: rng.choice(("sam_k", "kofi.m", "ana92", "priya.s", "theo_b", "mumhome")),
    "otp": lambda rng: "".join(rng.choice(string.digits) for _ in range(rng.choice((6, 6, 8)))),
    "year": lambda rng: str(rng.randint(1940, 2025)),
    "n2": lambda rng: str(rng.randint(1, 59)),
    "n3": lambda rng: str(rng.randint(100, 999)),
    "digits8": lambda rng: "".join(rng.choice(string.digits) for _ in range(8)),
    "sort": lambda rng: "-".join(f"{rng.randint(0, 99):02d}" for _ in range(3)),
    "iban": _iban,
    "card": _card,
    "token": _token,
}


def _load(name: str) -> dict[str, object]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def comparable(text: str) -> str:
    """How two sentences are compared for being the same one: case, punctuation, spacing."""
    return _COMPARABLE.sub(" ", text.lower()).strip()


def benchmark_sentences() -> set[str]:
    """Every sentence of the benchmark tables, comparable: never training data."""
    found = set()
    for table in BENCHMARK_TABLES:
        path = DATA / table
        if path.is_file():
            found |= {comparable(c["text"]) for c in json.loads(path.read_text())["cases"]}
    return found


class Expander:
    """Fills one template: every [a|b] picks one side, every {slot} one value."""

    def __init__(self, slots: dict[str, list[str]], rng: random.Random) -> None:
        self.slots = slots
        self.rng = rng

    def fill(self, template: str, depth: int = 0) -> str:
        if depth > 6:
            raise ValueError(f"slots nest too deep in {template!r}")
        text = template
        while True:  # innermost alternatives first
            match = _ALTERNATIVES.search(text)
            if match is None:
                break
            choice = self.rng.choice(match.group(1).split("|"))
            text = text[: match.start()] + choice + text[match.end() :]
        return _SLOT.sub(lambda m: self._value(m.group(1), depth), text)

    def _value(self, slot: str, depth: int) -> str:
        if slot in GENERATED:
            return GENERATED[slot](self.rng)
        if slot not in self.slots:
            raise KeyError(f"no slot {slot!r}")
        return self.fill(self.rng.choice(self.slots[slot]), depth + 1)


def _surface(text: str, rng: random.Random) -> str:
    """The same sentence as people write it: spacing tidied, a prefix, case, a full stop."""
    text = re.sub(r"\s+", " ", text).strip().replace(" ,", ",").replace(" .", ".")
    text = rng.choice(_PREFIXES) + text
    if rng.random() < 0.7:
        text = text[0].upper() + text[1:]
    if rng.random() < 0.3 and text[-1].isalnum():
        text += "."
    return text


def _held_out(source: str) -> bool:
    """A fifth of templates and written sentences, fixed by name: the validation split."""
    return int(hashlib.sha256(source.encode()).hexdigest(), 16) % 5 == 0


def build(seed: int = SEED) -> tuple[list[Example], int]:
    """The whole corpus, and how many sentences were dropped for being in a benchmark table."""
    rng = random.Random(seed)
    slots = {k: v for k, v in _load("guard_corpus_slots.json").items() if k != "about"}
    templates = _load("guard_corpus_templates.json")
    written = [(name, _load(name)) for name in WRITTEN if (DATA / name).is_file()]
    expander = Expander(slots, rng)  # type: ignore[arg-type]
    excluded = benchmark_sentences()
    seen: set[str] = set()
    examples: list[Example] = []
    dropped = 0

    def keep(kind: str, text: str, source: str) -> None:
        nonlocal dropped
        key = comparable(text)
        if key in excluded:
            dropped += 1
            return
        if key in seen or not key:
            return
        seen.add(key)
        split = "validation" if _held_out(source) else "train"
        examples.append(Example(kind, text, source, split))

    for kind in KINDS:
        for number, template in enumerate(templates[kind]):  # type: ignore[arg-type]
            source = f"template:{kind}:{number}"
            for _ in range(PER_TEMPLATE[kind]):
                keep(kind, _surface(expander.fill(template), rng), source)
    for name, lists in written:
        prefix = "written" if name == WRITTEN[0] else f"written:{name.removesuffix('.json')}"
        for listed, sentences in lists.items():
            if listed == "about":
                continue
            kind = AS_KIND.get(listed, listed)
            for number, sentence in enumerate(sentences):  # type: ignore[arg-type]
                keep(kind, sentence, f"{prefix}:{listed}:{number}")
    return examples, dropped


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=5, help="random sentences shown per kind")
    args = parser.parse_args(argv)
    examples, dropped = build()
    counts = Counter((e.kind, e.split) for e in examples)
    for kind in KINDS:
        train, valid = counts[(kind, "train")], counts[(kind, "validation")]
        print(f"{kind:12} train {train:5}  validation {valid:5}")
    print(f"dropped {dropped} sentence(s) that are also in a benchmark table")
    rng = random.Random(1)
    for kind in KINDS:
        print(f"\n-- {kind}")
        pool = [e.text for e in examples if e.kind == kind]
        for text in rng.sample(pool, min(args.show, len(pool))):
            print("  ", text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
