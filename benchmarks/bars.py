"""Bars of a split's table: one stacked bar per row (how its lines were answered), or two
shares per run compared (before and now)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

Row = tuple[str, str, int, Counter[str]]  # rules, kind, lines, how many of each outcome


def stacked(rows: Sequence[Row], parts: Sequence[tuple[str, str]], path: Path, xlabel: str) -> None:
    """Draw `rows` as bars split into `parts` (outcome, colour) and write the PNG to `path`."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 0.45 * len(rows) + 1.1))
    labels = [f"{label}\n{kind}" for label, kind, _, _ in rows]
    left = [0] * len(rows)
    for part, colour in parts:
        widths = [counted[part] for _, _, _, counted in rows]
        ax.barh(labels, widths, left=left, color=colour, label=part)
        left = [a + b for a, b in zip(left, widths, strict=True)]
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def two_shares(
    runs: dict[str, tuple[float, float]], labels: tuple[str, str], path: Path, xlabel: str
) -> None:
    """Each run's two shares (percent) as bars side by side, the runs compared, to `path`."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 2.5))
    for n, (name, shares) in enumerate(runs.items()):
        ax.barh([0 + 0.4 * n, 1 + 0.4 * n], shares, height=0.4, label=name)
    ax.set_yticks([0.2, 1.2], list(labels))
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel(xlabel)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
