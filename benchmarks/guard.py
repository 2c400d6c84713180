"""The guard on every split, in both modes, with its per-call cost.

    python -m benchmarks.guard          # the table, guard.md and guard.png
    python -m benchmarks.guard --splits tune validation   # only these splits
    python -m benchmarks.guard --also /tmp/other.json     # other weights, side by side

Splits (benchmarks/data/):
- outside: guard_outside.json, 200 refusals and 200 household facts written by a
  helper who never read the guard's code, committed before any tuning; never
  trained or tuned on. Only its rates are reported here, never its sentences.
- outside2: guard_outside2.json, the same from a second helper and a one-paragraph
  brief (guard_outside2_brief.md), with 100 chat turns besides; committed before the
  classifier was retrained on sentences written by three more helpers. Rates only.
- heldout: guard_heldout.json, written before the rules were tuned, by the hand that
  wrote them; never trained or tuned on.
- tune: guard_tune.json, the split the rules were tuned on, and half of what chose the
  classifier's threshold (benchmarks/guard_train.py).
- validation: the generated corpus's validation split (benchmarks/guard_corpus.py):
  whole templates and hand-written sentences the classifier never trained on.

Modes: rules only (no embedder: a machine without the semantic extra), and rules +
classifier (the installed model and the shipped weights). For each split and mode:
refusals caught per family, ordinary facts falsely refused, how often a caught
refusal was named by its own family, how many the classifier decided, and the cost
of one check (p50 and p95, timed over every case, side by side in one run). An
ablation row gives the classifier alone, without the rules. Failures are listed for
the tune split only. Writes benchmarks/results/guard.md and guard.png. Measures;
never asserts.

`--also FILE` adds a mode per other weights file (as `guard_train --out FILE` writes
one, e.g. `--buckets 0` for the embedding-only classifier): rules + that classifier,
timed in the same run, named by the file's stem. `--splits` runs only the splits named
(the outside tables are read only when named, or by default).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from appliance.memory import guard_classifier
from appliance.memory.guard import classifier_refusal, find_refusal
from appliance.memory.guard_classifier import classifier_for
from appliance.memory.withheld import TRANSCRIPT_MEANING

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
RESULTS = HERE / "results"
SPLITS = ("outside", "outside2", "heldout", "tune", "validation")
KINDS = ("access", "instruction", "device", "secret")
ORDINARY = "ordinary"
CHAT = "chat"  # a chat turn: never a fact, but kept in a transcript (withheld.py's check)
LISTED = ("tune",)  # splits whose failures are listed by sentence


@dataclass(frozen=True)
class Case:
    kind: str
    text: str


def load_split(name: str) -> list[Case]:
    if name == "validation":
        from benchmarks.guard_corpus import build

        examples, _ = build()
        return [Case(e.kind, e.text) for e in examples if e.split == "validation"]
    data = json.loads((DATA / f"guard_{name}.json").read_text(encoding="utf-8"))
    return [Case(c["kind"], c["text"]) for c in data["cases"]]


@dataclass
class Score:
    caught: dict[str, int] = field(default_factory=dict)
    total: dict[str, int] = field(default_factory=dict)
    named_right: int = 0
    false_refusals: int = 0
    false_by: dict[str, int] = field(default_factory=dict)  # family named in a false refusal
    ordinary: int = 0
    by_classifier: int = 0  # refusals (right or wrong) that the classifier decided
    chat: int = 0
    chat_withheld: int = 0  # chat turns a transcript would keep as [withheld: …]
    failures: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    @property
    def refusals(self) -> int:
        return sum(self.total.values())

    @property
    def caught_all(self) -> int:
        return sum(self.caught.values())


def score(cases: list[Case], embedder: object | None) -> Score:
    result = Score()
    for case in cases:
        if case.kind == CHAT:
            result.chat += 1
            kept = find_refusal(case.text, embedder, by_meaning=TRANSCRIPT_MEANING)  # type: ignore[arg-type]
            if kept is not None:
                result.chat_withheld += 1
                result.failures.append(f"chat withheld ({kept.category}): {case.text!r}")
            continue
        started = time.perf_counter()
        refusal = find_refusal(case.text, embedder)  # type: ignore[arg-type]
        result.seconds.append(time.perf_counter() - started)
        if refusal is not None and refusal.decided_by == "classifier":
            result.by_classifier += 1
        if case.kind == ORDINARY:
            result.ordinary += 1
            if refusal is not None:
                result.false_refusals += 1
                result.false_by[refusal.category] = result.false_by.get(refusal.category, 0) + 1
                result.failures.append(
                    f"false refusal ({refusal.category}, {refusal.decided_by}): {case.text!r}"
                )
            continue
        result.total[case.kind] = result.total.get(case.kind, 0) + 1
        if refusal is None:
            result.failures.append(f"missed {case.kind}: {case.text!r}")
            continue
        result.caught[case.kind] = result.caught.get(case.kind, 0) + 1
        result.named_right += refusal.category == case.kind
    return result


def classifier_alone(cases: list[Case], embedder: object) -> tuple[int, int, int, int]:
    """Ablation, not a mode Hearth runs: what the classifier would refuse on its own
    (deciding as the guard does: clauses, and a value for a secret)."""
    caught = refusals = false = ordinary = 0
    for case in cases:
        if case.kind == CHAT:
            continue
        refused = classifier_refusal(case.text, embedder) is not None  # type: ignore[arg-type]
        if case.kind == ORDINARY:
            ordinary += 1
            false += refused
        else:
            refusals += 1
            caught += refused
    return caught, refusals, false, ordinary


@contextlib.contextmanager
def weights_from(path: Path | None) -> Iterator[None]:
    """The guard reads its classifier from `path` inside (the shipped file if None)."""
    if path is None:
        yield
        return
    shipped = guard_classifier.WEIGHTS
    guard_classifier.WEIGHTS = path
    guard_classifier.forget_loaded()
    try:
        yield
    finally:
        guard_classifier.WEIGHTS = shipped
        guard_classifier.forget_loaded()


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}% ({part}/{whole})" if whole else "–"


def _ms(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return f"{statistics.median(ordered) * 1e3:.2f} / {p95 * 1e3:.2f}"


def table(results: dict[tuple[str, str], Score]) -> list[str]:
    head = [
        "split",
        "mode",
        *KINDS,
        "all refusals",
        "false refusals",
        "named right",
        "by classifier",
        "chat withheld",
        "ms p50 / p95",
    ]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for (split, mode), s in results.items():
        cells = [
            split,
            mode,
            *[_pct(s.caught.get(k, 0), s.total.get(k, 0)) for k in KINDS],
            f"**{_pct(s.caught_all, s.refusals)}**",
            f"**{_pct(s.false_refusals, s.ordinary)}**",
            _pct(s.named_right, s.caught_all),
            str(s.by_classifier),
            _pct(s.chat_withheld, s.chat),
            _ms(s.seconds),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def false_table(results: dict[tuple[str, str], Score]) -> list[str]:
    lines = [
        "| split | mode | " + " | ".join(f"false as {k}" for k in KINDS) + " |",
        "|---|---|" + "---|" * len(KINDS),
    ]
    for (split, mode), s in results.items():
        lines.append(
            f"| {split} | {mode} | " + " | ".join(str(s.false_by.get(k, 0)) for k in KINDS) + " |"
        )
    return lines


def plot(results: dict[tuple[str, str], Score], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5.6), gridspec_kw={"width_ratios": [3, 1]})
    groups = [*KINDS, "all", "false refusals"]
    width = 0.8 / max(len(results), 1)
    for n, ((split, mode), s) in enumerate(results.items()):
        values = [100 * s.caught.get(k, 0) / max(s.total.get(k, 0), 1) for k in KINDS]
        values.append(100 * s.caught_all / max(s.refusals, 1))
        values.append(100 * s.false_refusals / max(s.ordinary, 1))
        xs = [i + n * width for i in range(len(groups))]
        left.bar(xs, values, width, label=f"{split}, {mode}")
    left.axhline(95, color="green", linestyle=":", linewidth=1, label="95% caught (aim)")
    left.axhline(2.5, color="red", linestyle=":", linewidth=1, label="2.5% false (aim)")
    left.set_xticks([i + width * (len(results) - 1) / 2 for i in range(len(groups))], groups)
    left.set_ylabel("% of the split's cases")
    left.set_title("Refusals caught per family, and ordinary facts refused")
    left.legend(fontsize=6, loc="upper center", bbox_to_anchor=(0.5, -0.08), ncol=5)
    labels = [f"{split}\n{mode}" for split, mode in results]
    right.bar(range(len(results)), [statistics.median(s.seconds) * 1e3 for s in results.values()])
    right.set_xticks(range(len(results)), labels, fontsize=6, rotation=90)
    right.set_yscale("log")
    right.set_ylabel("ms per check (p50, log scale)")
    right.set_title("Cost of one check")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--splits", nargs="+", choices=SPLITS, default=list(SPLITS))
    parser.add_argument(
        "--also", type=Path, action="append", default=[], help="other weights, side by side"
    )
    args = parser.parse_args(argv)
    splits = [split for split in SPLITS if split in args.splits]

    from appliance.memory.embed import load_embedder

    embedder = load_embedder()
    # (mode, embedder, weights file: None for the shipped one)
    modes: list[tuple[str, object | None, Path | None]] = [("rules", None, None)]
    if embedder is not None and classifier_for(embedder) is not None:
        modes.append(("rules+classifier", embedder, None))
        for path in args.also:
            with weights_from(path):
                if classifier_for(embedder) is None:
                    raise SystemExit(f"{path}: no classifier for {embedder.model_id}")
            modes.append((f"rules+classifier ({path.stem})", embedder, path))
        embedder.query("warm up")  # the first call pays for allocating the session's buffers
    else:
        print("no embedder with classifier weights installed: rules-only mode only")
    results: dict[tuple[str, str], Score] = {}
    alone: dict[tuple[str, str], tuple[int, int, int, int]] = {}
    for split in splits:
        cases = load_split(split)
        for mode, model, path in modes:
            with weights_from(path):
                if model is not None:
                    classifier_for(model)  # type: ignore[arg-type]  # loaded before the clock
                results[(split, mode)] = score(cases, model)
                if model is not None:
                    alone[(split, mode.replace("rules+", ""))] = classifier_alone(cases, model)

    load = os.getloadavg()
    thresholds = {}
    for mode, model, path in modes[1:]:
        with weights_from(path):
            classifier = classifier_for(model)  # type: ignore[arg-type]
            assert classifier is not None
            thresholds[mode.replace("rules+", "")] = classifier.threshold
    about = {
        "outside": "- outside: benchmarks/data/guard_outside.json, written by a helper who never "
        "read the guard's code, committed before any tuning; never trained or tuned on (rates "
        "only, no sentences, here).",
        "outside2": "- outside2: benchmarks/data/guard_outside2.json, a second helper's, from a "
        "one-paragraph brief; committed before the retraining on more hands' sentences "
        "(rates only). Its chat turns are scored as a transcript keeps them: "
        "`chat withheld` counts turns the transcript check (rules, and the classifier "
        "for secrets) would blank.",
        "heldout": "- heldout: benchmarks/data/guard_heldout.json, never trained or tuned on.",
        "tune": "- tune: benchmarks/data/guard_tune.json, the rules' tuning split; its ordinary "
        "facts also chose the classifier's threshold.",
        "validation": "- validation: the generated corpus's held-out templates "
        "(benchmarks/guard_corpus.py).",
    }
    command = "python -m benchmarks.guard" + "".join(
        f" --also {path}" for _, _, path in modes if path is not None
    )
    if splits != list(SPLITS):
        command += " --splits " + " ".join(splits)
    lines = [
        "# Guard: refusals caught and ordinary facts refused",
        "",
        f"`{command}` on "
        f"{platform.machine()}, {os.cpu_count()} cores, shared with other work (load "
        f"average {load[0]:.1f} at the end); timings are under that load, compare the rows "
        "of one run.",
        "",
        *[about[split] for split in splits],
        *(
            [f"- not run here: {', '.join(s for s in SPLITS if s not in splits)}."]
            if splits != list(SPLITS)
            else []
        ),
        f"- classifier threshold on P(not ordinary): {thresholds} "
        "(appliance/memory/guard_classifier.json"
        + "".join(f", {path}" for _, _, path in modes if path is not None)
        + ").",
        "",
        "Aim on the outside split: at least 95% of refusals caught, at most 2.5% of "
        "ordinary facts refused.",
        "",
        *table(results),
        "",
        "Which family a false refusal named:",
        "",
        *false_table(results),
        "",
    ]
    if alone:
        lines += [
            "Ablation (not a mode Hearth runs): the classifier alone, no rules.",
            "",
            "| split | classifier | refusals caught | false refusals |",
            "|---|---|---|---|",
            *[
                f"| {split} | {name} | {_pct(c, r)} | {_pct(f, o)} |"
                for (split, name), (c, r, f, o) in alone.items()
            ],
            "",
        ]
    for (split, mode), s in results.items():
        if split in LISTED and s.failures:
            lines += [
                f"## Failures on the {split} split, {mode}",
                "",
                *[f"- {f}" for f in s.failures],
                "",
            ]
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "guard.md").write_text("\n".join(lines), encoding="utf-8")
    plot(results, args.out / "guard.png")
    print("\n".join(table(results)))
    for (split, name), (c, r, f, o) in alone.items():
        print(f"{name} alone, {split}: caught {_pct(c, r)}, false {_pct(f, o)}")
    print(f"\nwrote {args.out / 'guard.md'} and {args.out / 'guard.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
