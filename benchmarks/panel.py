"""How long the board takes to draw a screen, and what the Pi's CPU spends around a refresh.

    .venv/bin/python benchmarks/panel.py

Per panel model: render (Pillow draw + quantise), writing board.png, and the
inky driver's show() against fake buses (its packing and SPI calls, without
the glass's own 15-40 s refresh, which no code can shorten). Prints a
markdown table, writes benchmarks/results/panel.md and panel.png. Measures,
never asserts.
"""

from __future__ import annotations

import datetime as dt
import platform
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from appliance.panel.display import PngDisplay  # noqa: E402
from appliance.panel.panels import MODELS  # noqa: E402
from appliance.panel.render import HomeScreen, RecentFact, ReviewCard, render  # noqa: E402
from tests.panel.conftest import fake_inky  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
CARD = ReviewCard(
    "Sam is allergic to peanuts and carries his EpiPen in the blue school bag",
    "health",
    dt.datetime(2026, 11, 30, 8, 42),
    "breakfast",
    1,
    3,
)
HOME = HomeScreen(
    dt.date(2026, 11, 30),
    0,
    tuple(
        RecentFact(str(i), "routine", text)
        for i, text in enumerate(
            [
                "Sam takes his coffee black",
                "Piano lessons are on Wednesdays at 5",
                "Grandma can't eat gluten",
                "Bins go out on Thursday night",
            ]
        )
    ),
    0,
    "On the network at 192.168.1.23 · hearth",
)


def timed(work: Callable[[], object], repeat: int) -> float:
    """Median wall time in milliseconds."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def show_cost(key: str) -> tuple[float, float]:
    """(total ms of show() on fake buses, of which the drivers' own sleeps in ms)."""
    display, _ = fake_inky(key)
    image = render(CARD, display.model)
    slept = []
    real_sleep = time.sleep

    def counting_sleep(seconds: float) -> None:
        slept.append(seconds)
        real_sleep(seconds)

    time.sleep = counting_sleep  # the drivers' reset and settle delays, counted apart
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            total = timed(lambda: display.show(image), 3)
    finally:
        time.sleep = real_sleep
    return total, sum(slept) / 3 * 1000


def main() -> int:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for key, model in MODELS.items():
            render_card = timed(lambda m=model: render(CARD, m), 10)
            render_home = timed(lambda m=model: render(HOME, m), 10)
            png = PngDisplay(Path(tmp) / f"{key}.png", model)
            image = render(CARD, model)
            write = timed(lambda p=png, i=image: p.show(i), 10)
            show, sleeps = show_cost(key)
            rows.append(
                (
                    key,
                    f"{model.width}x{model.height}",
                    render_card,
                    render_home,
                    write,
                    show - sleeps,
                    sleeps,
                )
            )
    header = (
        "| panel | pixels | render card ms | render home ms | write board.png ms "
        "| driver show() CPU ms | driver sleeps ms |"
    )
    lines = [header, "|" + " --- |" * 7]
    for key, px, card, home, write, cpu, sleeps in rows:
        lines.append(
            f"| {key} | {px} | {card:.0f} | {home:.0f} | {write:.0f} | {cpu:.0f} | {sleeps:.0f} |"
        )
    machine = f"{platform.machine()}, {platform.python_version()}, median of 10 (show: of 3)"
    table = "\n".join(lines)
    print(table)
    print(machine)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "panel.md").write_text(
        "# Panel timings\n\nMade by `benchmarks/panel.py` on " + machine + ".\n\n" + table + "\n"
    )
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return 0
    fig, ax = plt.subplots(figsize=(8, 4))
    names = [r[0] for r in rows]
    x = range(len(rows))
    ax.bar([i - 0.2 for i in x], [r[2] for r in rows], 0.4, label="render card")
    ax.bar([i + 0.2 for i in x], [r[5] for r in rows], 0.4, label="driver show() CPU")
    ax.set_xticks(list(x), names, rotation=20)
    ax.set_ylabel("ms")
    ax.set_title(f"Board: CPU time per screen ({platform.machine()} dev machine)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(RESULTS / "panel.png", dpi=100)
    return 0


if __name__ == "__main__":
    sys.exit(main())
