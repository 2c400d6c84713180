"""The guard on lines said aloud: does a secret spoken to Hearth reach the board?

    python -m benchmarks.guard_spoken                     # tune and held_out, five voices
    python -m benchmarks.guard_spoken --split held_out --neural   # the neural voice too
    python -m benchmarks.guard_spoken --reuse     # score the last transcripts again

Writes benchmarks/results/guard_spoken.md and guard_spoken.png. Measures; never asserts.

The written splits (benchmarks/guard.py) test the guard on what people type. Said aloud,
a secret reaches the guard as Whisper wrote it: "the wifi password is hunter twenty two"
came back on one CI machine as "the wife I password in Hunter 22", with its "is" gone,
and passed. Here each line is spoken by espeak-ng in five voices (benchmarks/voice_clips.py,
clean), transcribed by the Transcriber Hearth runs by default with the bias an empty
household gives (composition.household_bias), routed as a heard message is
(router.route: "remember …" writes its fact, a statement its facts, anything else
nothing), and each text that would be written is checked by the guard as Memory.propose
checks it (find_refusal with the store's embedder). "typed" is the same line with no
speech: what the guard does when it is heard right.

For each line: refused (the guard stopped it), on the board (some text passed the guard:
for a secret, the failure), or nothing written (routed as a question or a command, or, in
the last mode, asked again: words the recogniser was unsure of that no rule reads, which
Talk never sends on, voice/not_caught.py).

A spoken line is first read whole as heard words (`find_refusal(..., heard=True)`, the
brain's entry check: a credential's name near a number, guard_heard.py), as Hearth does.

Modes, side by side in one run: rules only (no embedder), rules + classifier (what Hearth
runs), and "before": rules + classifier without the heard rules (no entry check and no
HEARD_VALUE, the rule for a value heard after its label with its "is" lost), the guard
as it was when CI found the gap.

Splits (benchmarks/data/):
- tune: guard_spoken_tune.json, written by the hand that wrote HEARD_VALUE.
- held_out: guard_spoken_heldout.json, written from a one-paragraph brief by a helper who
  never read the guard, committed before its first run. Rates only, never its sentences.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import tempfile
import time
import wave
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from appliance.brain import router
from appliance.memory import guard
from appliance.memory.guard_rules import Rule
from appliance.memory.guard_secrets import HEARD_VALUE
from appliance.memory.withheld import refused_kind
from appliance.voice.not_caught import not_caught
from benchmarks.voice_clips import NEURAL, VOICES, clip_wav

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
RESULTS = HERE / "results"
HEARD_CACHE = HERE / ".cache" / "guard_spoken"  # the last run's transcripts, for --reuse
SPLITS = {"tune": "guard_spoken_tune.json", "held_out": "guard_spoken_heldout.json"}
SECRET, ORDINARY = "secret", "ordinary"
REFUSED, BOARD, NOTHING = "refused", "on the board", "nothing written"
MODES = (
    "rules",
    "rules+classifier",
    "before: rules+classifier, no heard rules",
    "rules+classifier, unsure words asked again (Hearth now)",
)
ASKING_AGAIN = MODES[3]


@dataclass(frozen=True)
class Line:
    text: str
    kind: str  # SECRET or ORDINARY


@dataclass(frozen=True)
class Heard:
    line: Line
    source: str  # "typed", an espeak-ng voice, or "neural"
    text: str  # what the recogniser wrote (the line itself when typed)
    # Talk would ask again, sending nothing on (voice/not_caught.py): unsure words no rule reads
    unsure: bool = False


def load(split: str) -> list[Line]:
    cases = json.loads((DATA / SPLITS[split]).read_text(encoding="utf-8"))["cases"]
    return [Line(c["text"], c["kind"]) for c in cases]


def written(heard: str) -> list[str]:
    """The texts a heard message would write, as the brain routes it."""
    route = router.route(heard)
    if route.kind == "remember":
        return [route.text]
    if route.kind == "statement":
        return list(route.facts)
    return []


@contextlib.contextmanager
def without(rule: Rule) -> Iterator[None]:
    """The guard with one rule taken out (the ablation's baseline)."""
    kept = guard.RULES
    guard.RULES = tuple(r for r in kept if r is not rule)
    try:
        yield
    finally:
        guard.RULES = kept


def outcome(heard: str, embedder: object | None, spoken: bool, heard_rules: bool = True) -> str:
    """What Hearth does with a line: a spoken one is first read as heard words (the
    brain's entry check), then each text it would write is guarded as Memory.propose
    guards it."""
    if spoken and heard_rules and refused_kind(heard, embedder, heard=True) == "secret":  # type: ignore[arg-type]
        return REFUSED
    texts = written(heard)
    if not texts:
        return NOTHING
    refused = [guard.find_refusal(t, embedder) is not None for t in texts]  # type: ignore[arg-type]
    # A line whose every text is refused wrote nothing; one text through is on the board.
    return REFUSED if all(refused) else BOARD


def hear_all(lines: list[Line], neural: bool) -> list[Heard]:
    """Each line typed, then spoken in each voice and transcribed as Hearth does."""
    from appliance import composition
    from appliance.config import Settings
    from appliance.household.store import HouseholdStore
    from appliance.memory import Memory
    from appliance.voice.stt import Transcriber

    voices = [*VOICES, NEURAL] if neural else list(VOICES)
    heard = [Heard(line, "typed", line.text) for line in lines]
    transcriber = Transcriber()
    with tempfile.TemporaryDirectory() as home:
        settings = Settings(data_dir=Path(home))
        with Memory.open(settings) as memory, HouseholdStore.open(settings.data_dir) as house:
            bias: Callable[[], object] = composition.household_bias(settings, memory, house)
            for voice, speed in voices:
                began = time.monotonic()
                for index, line in enumerate(lines):
                    wav = clip_wav(line.text, voice, speed, seed=index)
                    household = bias()
                    text = transcriber.transcribe(_samples(wav), household)  # type: ignore[arg-type]
                    unsure = not_caught(text, household, transcriber.last_unsure)  # type: ignore[arg-type]
                    source = "neural" if voice == NEURAL[0] else voice
                    heard.append(Heard(line, source, text, unsure))
                print(f"  {voice}: {len(lines)} lines in {time.monotonic() - began:.0f} s")
    return heard


def keep_heard(split: str, heard: list[Heard]) -> None:
    HEARD_CACHE.mkdir(parents=True, exist_ok=True)
    rows = [[h.line.text, h.line.kind, h.source, h.text, h.unsure] for h in heard]
    (HEARD_CACHE / f"{split}.json").write_text(json.dumps(rows), encoding="utf-8")


def heard_before(split: str) -> list[Heard]:
    rows = json.loads((HEARD_CACHE / f"{split}.json").read_text(encoding="utf-8"))
    # a run before asking again kept four fields: nothing was asked again then
    return [Heard(Line(row[0], row[1]), row[2], row[3], bool(row[4:5] and row[4])) for row in rows]


def _samples(wav: bytes) -> bytes:
    with wave.open(io.BytesIO(wav)) as reader:
        return reader.readframes(reader.getnframes())


@dataclass
class Tally:
    secret: Counter[str]
    ordinary: Counter[str]


def score(heard: list[Heard], embedder: object | None) -> dict[tuple[str, str], Tally]:
    """(source, mode) -> outcomes by kind; "all voices" pools the spoken sources."""
    modes = {
        "rules": (None, False),
        MODES[1]: (embedder, False),
        MODES[2]: (embedder, True),
        ASKING_AGAIN: (embedder, False),
    }
    tallies: dict[tuple[str, str], Tally] = {}
    for mode, (model, ablated) in modes.items():
        if mode != "rules" and embedder is None:
            continue
        with without(HEARD_VALUE) if ablated else contextlib.nullcontext():
            for item in heard:
                spoken = item.source != "typed"
                if mode == ASKING_AGAIN and item.unsure:
                    result = NOTHING  # asked again: nothing reaches the brain
                else:
                    result = outcome(item.text, model, spoken, heard_rules=not ablated)
                keys = [item.source] + ([] if item.source == "typed" else ["all voices"])
                for source in keys:
                    tally = tallies.setdefault((source, mode), Tally(Counter(), Counter()))
                    getattr(tally, item.line.kind)[result] += 1
    return tallies


def _pct(counts: Counter[str], key: str) -> str:
    total = sum(counts.values())
    return f"{100 * counts[key] / total:.1f}% ({counts[key]}/{total})" if total else "–"


def table(split: str, tallies: dict[tuple[str, str], Tally]) -> list[str]:
    lines = [
        f"### {split}",
        "",
        "| heard by | mode | secret refused | **secret on the board** | secret nothing "
        "written | **ordinary refused** | ordinary on the board | ordinary nothing written |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (source, mode), t in tallies.items():
        lines.append(
            f"| {source} | {mode} | {_pct(t.secret, REFUSED)} | **{_pct(t.secret, BOARD)}** | "
            f"{_pct(t.secret, NOTHING)} | **{_pct(t.ordinary, REFUSED)}** | "
            f"{_pct(t.ordinary, BOARD)} | {_pct(t.ordinary, NOTHING)} |"
        )
    return [*lines, ""]


def misses(heard: list[Heard], embedder: object | None) -> list[str]:
    """The tune split's failures in Hearth's own mode: secrets through, facts refused."""
    found = []
    for item in heard:
        result = outcome(item.text, embedder, item.source != "typed")
        if (item.line.kind == SECRET and result == BOARD) or (
            item.line.kind == ORDINARY and result == REFUSED
        ):
            found.append(f"- {item.line.kind} {result} ({item.source}): {item.text!r}")
    return found


def plot(results: dict[str, dict[tuple[str, str], Tally]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(results), figsize=(6 * len(results), 4), squeeze=False)
    for ax, (split, tallies) in zip(axes[0], results.items(), strict=True):
        modes = [m for m in MODES if ("typed", m) in tallies]
        sources = ["typed", "all voices"]
        width = 0.8 / len(modes)
        for i, mode in enumerate(modes):
            leaked = [_rate(tallies[(s, mode)].secret, BOARD) for s in sources]
            false = [_rate(tallies[(s, mode)].ordinary, REFUSED) for s in sources]
            xs = [x + i * width for x in range(len(sources))]
            ax.bar(xs, leaked, width, label=f"secret on the board, {mode}")
            ax.scatter(xs, false, color="black", marker="x", zorder=3)
        ax.set_xticks([x + 0.4 - width / 2 for x in range(len(sources))], sources)
        ax.set_ylabel("% of lines (bars: secrets through; x: ordinary refused)")
        ax.set_title(split)
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def _rate(counts: Counter[str], key: str) -> float:
    total = sum(counts.values())
    return 100 * counts[key] / total if total else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=[*SPLITS, "both"], default="both")
    parser.add_argument("--neural", action="store_true", help="the neural voice as well")
    parser.add_argument(
        "--reuse", action="store_true", help="score the last run's transcripts again (no speech)"
    )
    args = parser.parse_args(argv)
    from appliance.memory.embed import load_embedder

    embedder = load_embedder()
    splits = list(SPLITS) if args.split == "both" else [args.split]
    results: dict[str, dict[tuple[str, str], Tally]] = {}
    report = [
        "# The guard on lines said aloud",
        "",
        "`python -m benchmarks.guard_spoken` (see its docstring for the method). Each line is",
        "typed, and spoken in each voice and transcribed by Hearth's default Transcriber.",
        "",
    ]
    for split in splits:
        print(f"{split}:")
        heard = heard_before(split) if args.reuse else hear_all(load(split), args.neural)
        keep_heard(split, heard)
        results[split] = score(heard, embedder)
        report += table(split, results[split])
        if split == "tune":
            report += ["Failures on the tune split, rules + classifier:", ""]
            report += misses(heard, embedder) or ["- none"]
            report.append("")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "guard_spoken.md").write_text("\n".join(report) + "\n", encoding="utf-8")
    plot(results, RESULTS / "guard_spoken.png")
    print("\n".join(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
