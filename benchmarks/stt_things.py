"""The household's own things heard: the words its facts hold that English at large lacks
("warfarin", "stopcock", "tahini"), with Whisper's bias as it stood and as it is now.

    python -m benchmarks.stt_things                  # both splits, espeak-ng and the neural voice
    python -m benchmarks.stt_things --split tune --show

A fact kept from what a person said has no links, so the bias as it stood (BASELINE's
voice/bias.py, read from git) gave Whisper only a fact's capitalised names after its first
word; "Taid takes warfarin so no cranberry juice." put nothing in the prompt, and a
twenty-first trial's "take my warfarin" was heard as "take my wafer in". Now a word English
does not know is the household's too, and a fact's first word with it (voice/bias.py).

Each household of `benchmarks/data/voice/things_<split>.json` is a memory of facts and the
utterances said later; both rules build the bias from the same facts, and the recogniser is
the one a household gets (Transcriber.open with default settings: the names pass and the
echo check read the same bias). Each utterance is spoken by espeak-ng in
voice_clips.VOICES[i % 5] with voice_clips.NOISES[i % 3], and again by the neural voice.
Scored: the word error rate, and the household's words heard (each utterance's `words`).
The tuning split's transcripts are written to results/stt_things-tune.tsv; the held-out
split (written by a helper who never read the code, committed before any run) is reported,
never read clip by clip.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from appliance.config import Settings
from appliance.voice import bias as bias_now
from appliance.voice.stt import Transcriber
from appliance.voice.vad import SileroVad, trim
from benchmarks.baseline import module_at
from benchmarks.voice_clips import NEURAL, NOISES, VOICES, Clip, clip_wav
from benchmarks.wer import Score

BASELINE = "2098dbb"
DATA = Path(__file__).resolve().parent / "data" / "voice"
RESULTS = Path(__file__).resolve().parent / "results"
SPLITS = ("tune", "heldout")


def households(split: str) -> list[dict]:
    return json.loads((DATA / f"things_{split}.json").read_text(encoding="utf-8"))["households"]


def measure(split: str, neural: bool, rules: dict, transcriber: Transcriber, vad) -> dict:
    """Each rule's Score over the split, and the tuning transcripts (rule, voice, said, heard)."""
    scores = {name: Score() for name in rules}
    heard_rows: list[list[str]] = []
    index = 0
    for house in households(split):
        biases = {
            name: bias_now.bias_for(rule.household_words(house["facts"]))
            for name, rule in rules.items()
        }
        for said in house["utterances"]:
            voice, speed = NEURAL if neural else VOICES[index % len(VOICES)]
            snr = NOISES[index % len(NOISES)]
            wav = clip_wav(said["text"], voice, speed, snr, seed=index)
            speech = trim(Clip("", split, "", said["text"], voice, speed, "", wav).samples, vad)
            index += 1
            for name, bias in biases.items():
                heard = transcriber.transcribe(speech, bias)
                scores[name] += Score.of(said["text"], heard, said["words"])
                heard_rows.append([name, voice, said["text"], heard])
    return {"scores": scores, "heard": heard_rows}


def table(results: dict[tuple[str, str], dict]) -> list[str]:
    lines = [
        "| split | voice | bias | utterances' words | word error rate | household words missed |",
        "| --- | --- | --- | ---: | ---: | ---: |",
    ]
    for (split, voice), result in results.items():
        for name, score in result["scores"].items():
            lines.append(
                f"| {split} | {voice} | {name} | {score.words} | {score.wer:.1%} | "
                f"{score.name_misses}/{score.name_words} ({score.names_wer:.0%}) |"
            )
    return lines


def plot(results: dict[tuple[str, str], dict], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = list(results)
    names = list(next(iter(results.values()))["scores"])
    fig, ax = plt.subplots(figsize=(7, 2.8))
    for n, name in enumerate(names):
        missed = [100 * results[g]["scores"][name].names_wer for g in groups]
        ax.bar([i + 0.4 * n for i in range(len(groups))], missed, width=0.4, label=name)
    ax.set_xticks([i + 0.2 for i in range(len(groups))], [f"{s}\n{v}" for s, v in groups])
    ax.set_ylabel("household words missed (%)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", choices=(*SPLITS, "both"), default="both")
    parser.add_argument("--baseline", default=BASELINE, help="the commit whose bias.py is before")
    parser.add_argument("--show", action="store_true", help="print the tuning transcripts")
    args = parser.parse_args()
    before = module_at(args.baseline, "appliance/voice/bias.py")
    rules = {f"{args.baseline} (before)": before, "now": bias_now}
    transcriber, vad = Transcriber.open(Settings()), SileroVad()
    splits = SPLITS if args.split == "both" else (args.split,)
    results = {}
    for split in splits:
        for neural in (False, True):
            voice = "neural (joe)" if neural else "espeak-ng"
            results[(split, voice)] = measure(split, neural, rules, transcriber, vad)
            print(
                f"{split} {voice}: "
                + ", ".join(
                    f"{n} {s.names_wer:.0%} missed, WER {s.wer:.1%}"
                    for n, s in results[(split, voice)]["scores"].items()
                ),
                flush=True,
            )
    tune = [row for (split, _), r in results.items() if split == "tune" for row in r["heard"]]
    if args.show:
        print("\n".join("\t".join(row) for row in tune))
    if args.split == "both":
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "stt_things-tune.tsv").write_text(
            "\n".join("\t".join(row) for row in [["bias", "voice", "said", "heard"], *tune]) + "\n",
            encoding="utf-8",
        )
        lines = [
            "# The household's own things heard (benchmarks/stt_things.py)",
            "",
            f"Before: the bias at {args.baseline} (a fact's capitalised names only). Now: a "
            "word English lacks is the household's too. The recogniser a household gets, "
            "each utterance in one voice and noise level.",
            "",
            *table(results),
            "",
            "![things heard](stt_things.png)",
            "",
        ]
        (RESULTS / "stt_things.md").write_text("\n".join(lines), encoding="utf-8")
        plot(results, RESULTS / "stt_things.png")
    print("\n".join(table(results)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
