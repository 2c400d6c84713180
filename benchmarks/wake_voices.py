"""Wake word: which phrase is missed in which voice (the detector alone).

    .venv/bin/python -m benchmarks.wake_voices     # results/wake_voices.md and .png

Each built-in phrase measured with held-out lines of its own (benchmarks/data/voice:
written by helpers who never read the code) is said by each of espeak-ng's three
held-out voices and by the neural voice, clean and over kitchen noise (benchmarks/wake.py),
and the detector's highest score on each clip is read. A clip whose peak is below the
default threshold is missed before any check. benchmarks/wake_checked.py counts misses
over all voices together, with the check and the false wakes; this splits them by voice,
which shows whether a phrase is heard in one accent and not another. Its clips are made
with their own seeds, so its sums differ a little from wake_checked.py's.

espeak-ng is not a person: an accent here is espeak-ng's idea of one. Measures, never asserts.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from appliance.config import Settings
from benchmarks import wake as detector
from benchmarks.wake_checked import said_as

DATA = detector.ROOT / "benchmarks" / "data" / "voice"
# Each phrase -> its held-out `wake` lines.
HELD_OUT = {
    "hey_jarvis": detector.SENTENCES,
    "okay_nabu": DATA / "wake_okay_nabu.tsv",
    "hey_mycroft": DATA / "wake_hey_mycroft.tsv",
}
VOICES = (*detector.HELD_OUT_VOICES, detector.NEURAL_VOICE)


def peaks(phrase: str, path: Path, voice: str, noisy: bool) -> np.ndarray:
    """The detector's highest score on each held-out line, said in `voice`."""
    texts = [said_as(t) for t in detector.lines("wake", path)]
    return detector.clip_peaks(detector.wake_clips(texts, (voice,), noisy, 31 + noisy), phrase)


def main() -> None:
    threshold = Settings.wake_threshold
    began = time.monotonic()
    rows = []
    for phrase, path in HELD_OUT.items():
        for noisy in (False, True):
            found = {voice: peaks(phrase, path, voice, noisy) for voice in VOICES}
            rows.append((phrase, noisy, found))
    took = time.monotonic() - began
    header = " | ".join(f"{v} missed" for v in VOICES)
    lines = [
        "# Wake word: misses by phrase and voice (benchmarks/wake_voices.py)",
        "",
        f"The detector alone at the default threshold ({threshold}); each phrase's 50 "
        "held-out wake lines, said by each voice, clean and over kitchen noise; made and "
        f"scored in {took:.0f} s. A miss here is a clip whose highest score is below the "
        'threshold: no check can bring it back. espeak-ng reads "Mycroft" as '
        '"Mick-roft", so its clips say "my croft" (wake_checked.SAID_AS).',
        "",
        f"| phrase | sound | {header} | median peak, espeak-ng | median peak, neural |",
        "| --- | --- |" + " ---: |" * (len(VOICES) + 2),
    ]
    for phrase, noisy, found in rows:
        cells = [f"{int((p < threshold).sum())}/{p.size}" for p in found.values()]
        espeak = np.concatenate([found[v] for v in detector.HELD_OUT_VOICES])
        lines.append(
            f"| {phrase} | {'in noise' if noisy else 'clean'} | "
            + " | ".join(cells)
            + f" | {np.median(espeak):.2f} | {np.median(found[detector.NEURAL_VOICE]):.2f} |"
        )
    text = "\n".join(lines) + "\n"
    (detector.RESULTS / "wake_voices.md").write_text(text)
    print(text)
    plot(rows, threshold, detector.RESULTS / "wake_voices.png")


def plot(rows, threshold: float, path: Path) -> None:
    """Missed % per voice, a group of bars per phrase and sound."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(10, 4.2))
    width = 0.8 / len(VOICES)
    for k, voice in enumerate(VOICES):
        missed = [float((found[voice] < threshold).mean() * 100) for _, _, found in rows]
        ax.bar(np.arange(len(rows)) + k * width, missed, width, label=voice)
    ax.set_xticks(np.arange(len(rows)) + width * (len(VOICES) - 1) / 2)
    ax.set_xticklabels([f"{p}\n{'noise' if n else 'clean'}" for p, n, _ in rows], fontsize=8)
    ax.axhline(5, color="grey", linestyle="--", label="goal: 5%")
    ax.set(ylabel=f"missed % (detector alone, {threshold})")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
