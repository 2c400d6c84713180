"""Unit libraries on the package index against the kitchen's own table (appliance/kitchen/units.py).

    python -m benchmarks.units          # units.md: correctness, import time, size, aarch64

Each library is installed from the index into a throwaway folder (at benchmark time
only; Hearth never installs anything at run time) and asked the kitchen's
conversions in a fresh interpreter; the exact answers are the legal definitions
(an imperial pint is 568.26125 ml, a US cup 236.5882365 ml). Import time is the
median of five fresh interpreters; size is what the install put on disk; aarch64 is
whether pip finds a wheel a Pi can install (a pure-Python wheel counts). A
conversion a library has no unit for (a gas mark, a stick of butter) counts as
missing. Measures; never asserts.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"

# (what, value, from, to, exact answer)
CASES = [
    ("US cup in ml", 1, "cup", "ml", 236.5882365),
    ("UK pint in ml", 1, "uk_pint", "ml", 568.26125),
    ("US pint in ml", 1, "us_pint", "ml", 473.176473),
    ("UK fl oz in ml", 1, "uk_fl_oz", "ml", 28.4130625),
    ("US fl oz in ml", 1, "us_fl_oz", "ml", 29.5735295625),
    ("US cup in US tbsp", 1, "cup", "us_tbsp", 16.0),
    ("US tbsp in US tsp", 1, "us_tbsp", "us_tsp", 3.0),
    ("lb in g", 1, "lb", "g", 453.59237),
    ("oz in g", 1, "oz", "g", 28.349523125),
    ("180 °C in °F", 180, "celsius", "fahrenheit", 356.0),
    ("UK gallon in l", 1, "uk_gallon", "l", 4.54609),
    ("stick of butter in g", 1, "stick", "g", 113.3980925),
    ("gas mark 4 in °C", 4, "gas_mark", "celsius", 180.0),
]
PINT_NAMES = {
    "cup": "cup",
    "ml": "milliliter",
    "uk_pint": "imperial_pint",
    "us_pint": "liquid_pint",
    "uk_fl_oz": "imperial_fluid_ounce",
    "us_fl_oz": "fluid_ounce",
    "us_tbsp": "tablespoon",
    "us_tsp": "teaspoon",
    "lb": "pound",
    "g": "gram",
    "oz": "ounce",
    "celsius": "degC",
    "fahrenheit": "degF",
    "uk_gallon": "imperial_gallon",
    "l": "liter",
}
_PINT = """
import json, sys
import pint
u = pint.UnitRegistry()
out = []
for value, a, b in json.loads(sys.argv[1]):
    try:
        out.append(u.Quantity(value, a).to(b).magnitude)
    except Exception:
        out.append(None)
print(json.dumps(out))
"""
_OURS = """
import json, sys
from appliance.kitchen import units
out = []
for value, a, b in json.loads(sys.argv[1]):
    a = {"cup": "us_cup"}.get(a, a); b = {"cup": "us_cup"}.get(b, b)
    if units.BY_KEY[a].kind == "temperature":
        c = units.to_celsius(value, a)
        out.append(c if b == "celsius" else units.to_fahrenheit(c))
    else:
        out.append(units.convert(value, a, b))
print(json.dumps(out))
"""


def _run(code: str, path: Path | None, args: list) -> tuple[list, float]:
    env_path = [str(path)] if path else []
    command = [sys.executable, "-c", f"import sys; sys.path[:0] = {env_path!r}\n{code}"]
    times = []
    out: list = []
    for _ in range(5):
        done = subprocess.run(
            [*command, json.dumps(args)], capture_output=True, text=True, cwd=HERE.parent
        )
        out = json.loads(done.stdout) if done.returncode == 0 else [None] * len(args)
        prefix = f"import sys; sys.path[:0] = {env_path!r}"
        module = "import pint" if path else "from appliance.kitchen import units"
        started = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", f"{prefix}\n{module}"],
            capture_output=True,
            text=True,
            cwd=HERE.parent,
        )
        last = [line for line in started.stderr.splitlines() if "|" in line][-1]
        times.append(int(last.split("|")[1]) / 1000)
    return out, statistics.median(times)


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def _aarch64(package: str) -> str:
    with tempfile.TemporaryDirectory() as folder:
        pip = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:"]
        target = ["--platform", "manylinux2014_aarch64", "--python-version", "3.13", "-d", folder]
        done = subprocess.run([*pip, *target, package], capture_output=True, text=True)
        wheels = list(Path(folder).glob("*.whl"))
        if done.returncode != 0 or not wheels:
            return "none"
        return wheels[0].name.split("-")[-1].removesuffix(".whl")


def main() -> None:
    rows = []
    args_ours = [(value, a, b) for _, value, a, b, _ in CASES]
    ours, ours_ms = _run(_OURS, None, args_ours)
    rows.append(("Hearth's table (kitchen/units.py)", ours, ours_ms, 0, "the package's own"))
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "pint"
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "--target", str(target), "pint"],
            check=True,
        )
        args = [(value, PINT_NAMES.get(a, a), PINT_NAMES.get(b, b)) for _, value, a, b, _ in CASES]
        found, ms = _run(_PINT, target, args)
        version = next(target.glob("pint-*.dist-info")).name.split("-")[1].removesuffix(".dist")
        rows.append((f"pint {version}", found, ms, _size(target), _aarch64("pint")))
    lines = [
        "# Kitchen units: the maintained libraries against Hearth's own table",
        "",
        "`python -m benchmarks.units`. Exact answers are the legal definitions; a library "
        "with no unit for a case (gas marks, a stick of butter) counts as missing.",
        "",
        "| | right (within 0.01%) | missing | import (ms, median of 5) | installed "
        "| aarch64 wheel |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name, found, ms, size, arm in rows:
        right = sum(
            value is not None and abs(value - case[4]) <= 1e-4 * abs(case[4])
            for value, case in zip(found, CASES, strict=True)
        )
        missing = sum(value is None for value in found)
        shown = f"{size / 1e6:.1f} MB" if size else "(in the package)"
        lines.append(f"| {name} | {right}/{len(CASES)} | {missing} | {ms:.1f} | {shown} | {arm} |")
    names = " | ".join(r[0] for r in rows)
    lines += ["", f"| case | exact | {names} |", "|---|---:|" + "---:|" * len(rows)]
    for n, case in enumerate(CASES):
        cells = " | ".join("-" if r[1][n] is None else f"{r[1][n]:.6g}" for r in rows)
        lines.append(f"| {case[0]} | {case[4]:g} | {cells} |")
    text = "\n".join(lines) + "\n"
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "units.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
