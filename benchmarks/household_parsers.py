"""Timer lengths and reminder times: the maintained parsers on the index against Hearth's rules.

    python benchmarks/household_parsers.py [--out benchmarks/results/household_parsers.md]

Every phrase of benchmarks/data/household_phrases.json that carries a time (a
timer's length, a reminder's moment) is read by each candidate, and the reading
is compared with the table: seconds to the second, moments to the minute, both
splits reported apart. Each candidate is installed into its own folder
(`pip install --target`, dependencies included) under .bench-parsers/ and runs
in its own fresh interpreter, so its import time and its installed size are
its own. The aarch64 column asks the index whether a wheel a Raspberry Pi can
install exists (`pip download --only-binary=:all: --platform manylinux2014_aarch64`).

The three number converters (text2num, word2number, number-parser) read number
words only; to read a length or a moment at all they get the same small glue:
digits followed by a unit, "in <length>", "at <h>[:mm][am|pm]" (GLUE below).
The date parsers (ctparse, dateparser, parsedatetime, timefhuman) get the whole
sentence and the moment it was said. Never asserts; timings are wall clock on
whatever else the machine is doing, so they are side by side in one run.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from appliance.household import moments

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "benchmarks" / "data" / "household_phrases.json"
OUT = ROOT / "benchmarks" / "results" / "household_parsers.md"
INSTALL = ROOT / ".bench-parsers"

# name on the index -> the module it is imported as
CANDIDATES = {
    "text2num": "text_to_num",
    "word2number": "word2number",
    "number-parser": "number_parser",
    "ctparse": "ctparse",
    "dateparser": "dateparser",
    "parsedatetime": "parsedatetime",
    "timefhuman": "timefhuman",
}
RULES = "hand-written rules"

# -- the glue the number converters need (digits in, a length or a moment out) -------------

_UNIT = r"(hours?|hrs?|minutes?|mins?|seconds?|secs?)"
_SECONDS = {"h": 3600, "m": 60, "s": 1}


def glue_seconds(text: str) -> float | None:
    parts = re.findall(rf"(\d+(?:\.\d+)?) ?{_UNIT}\b", text)
    if not parts:
        return None
    return sum(float(n) * _SECONDS[unit[0]] for n, unit in parts)


def glue_moment(text: str, now: dt.datetime) -> dt.datetime | None:
    if match := re.search(rf"\bin ((?:\d+(?:\.\d+)? ?{_UNIT}\b ?(?:and )?)+)", text):
        seconds = glue_seconds(match[1])
        return None if seconds is None else now + dt.timedelta(seconds=seconds)
    if match := re.search(r"\bat (\d{1,2})(?::(\d\d))? ?(am|pm)?\b", text):
        hour, minute = int(match[1]), int(match[2] or 0)
        if match[3] == "pm" and hour < 12:
            hour += 12
        day = now.date() + dt.timedelta(days=1 if "tomorrow" in text else 0)
        try:
            moment = dt.datetime.combine(day, dt.time(hour, minute))
        except ValueError:
            return None
        if moment <= now and match[3] is None and hour < 12:
            moment += dt.timedelta(hours=12)
        return moment
    return None


# -- each candidate's reader (runs inside the worker, with only that candidate on the path) ---


def _digits_reader(convert):
    def read(text: str, now: dt.datetime, kind: str):
        digits = convert(text)
        return glue_seconds(digits) if kind == "seconds" else glue_moment(digits, now)

    return read


def _reader(name: str):
    if name == RULES:
        # spoken.py alone, as a file: importing the package would time the store and the
        # scheduler too, which no candidate carries
        import importlib.util

        spec = importlib.util.spec_from_file_location(
            "spoken", ROOT / "appliance" / "household" / "spoken.py"
        )
        assert spec is not None and spec.loader is not None
        spoken = importlib.util.module_from_spec(spec)
        sys.modules["spoken"] = spoken
        spec.loader.exec_module(spoken)

        def rules(text: str, now: dt.datetime, kind: str):
            tokens = spoken.words(text)
            span = spoken.duration_in(tokens) if kind == "seconds" else moments.when_in(tokens, now)
            return None if span is None else span.value

        return rules
    if name == "text2num":
        from text_to_num import alpha2digit

        return _digits_reader(lambda text: alpha2digit(text, "en"))
    if name == "number-parser":
        from number_parser import parse

        return _digits_reader(parse)
    if name == "word2number":
        from word2number import w2n

        vocabulary = set(w2n.american_number_system) | {"and", "point"}

        def convert(text: str) -> str:
            out, run = [], []
            for word in [*text.split(), ""]:
                if word.lower() in vocabulary and not (word == "and" and not run):
                    run.append(word)
                    continue
                if run:
                    try:
                        out.append(str(w2n.word_to_num(" ".join(run))))
                    except ValueError:
                        out.extend(run)
                    run = []
                out.append(word)
            return " ".join(out).strip()

        return _digits_reader(convert)
    if name == "ctparse":
        from ctparse import ctparse

        def read_ct(text: str, now: dt.datetime, kind: str):
            found = ctparse(text, ts=now, timeout=2)
            if found is None:
                return None
            value = found.resolution
            if kind == "seconds":
                unit = getattr(getattr(value, "unit", None), "value", None)
                return (
                    None
                    if unit is None
                    else value.value * {"seconds": 1, "minutes": 60, "hours": 3600}.get(unit, 0)
                    or None
                )
            if getattr(value, "unit", None) is not None:  # a length: "in twenty minutes"
                unit = value.unit.value
                seconds = value.value * {"seconds": 1, "minutes": 60, "hours": 3600}.get(unit, 0)
                return now + dt.timedelta(seconds=seconds)
            try:
                return dt.datetime(
                    value.year, value.month, value.day, value.hour or 0, value.minute or 0
                )
            except (TypeError, ValueError):
                return None

        return read_ct
    if name == "dateparser":
        from dateparser.search import search_dates

        def read_dp(text: str, now: dt.datetime, kind: str):
            found = search_dates(
                text,
                languages=["en"],
                settings={"RELATIVE_BASE": now, "PREFER_DATES_FROM": "future"},
            )
            return _as(found[0][1], now, kind) if found else None

        return read_dp
    if name == "parsedatetime":
        import parsedatetime

        calendar = parsedatetime.Calendar()

        def read_pdt(text: str, now: dt.datetime, kind: str):
            moment, status = calendar.parseDT(text, sourceTime=now)
            return _as(moment, now, kind) if status else None

        return read_pdt
    if name == "timefhuman":
        from timefhuman import tfhConfig, timefhuman

        def read_tfh(text: str, now: dt.datetime, kind: str):
            found = timefhuman(text, config=tfhConfig(now=now))
            if not found or not isinstance(found[0], dt.datetime):
                return None
            return _as(found[0], now, kind)

        return read_tfh
    raise SystemExit(f"unknown candidate {name}")


def _as(moment: dt.datetime, now: dt.datetime, kind: str):
    moment = moment.replace(tzinfo=None)
    return (moment - now).total_seconds() if kind == "seconds" else moment


def timed_cases(table: dict, split: str) -> list[dict]:
    cases = []
    for case in table[split]["commands"]:
        if case["intent"] == "timer.set":
            cases.append({"text": case["text"], "kind": "seconds", "want": case["seconds"]})
        elif case["intent"] == "remind":
            cases.append({"text": case["text"], "kind": "moment", "want": case["at"]})
    return cases


def worker(name: str) -> None:
    """Import the candidate (timed), read every timed phrase, print JSON."""
    table = json.loads(TABLE.read_text())
    now = dt.datetime.fromisoformat(table["now"])
    started = time.perf_counter()
    read = _reader(name)
    imported = time.perf_counter() - started
    results = {}
    for split in ("tune", "held_out"):
        right = []
        for case in timed_cases(table, split):
            try:
                got = read(case["text"], now, case["kind"])
            except Exception as exc:  # a parser that raises has not read it
                got = f"error: {type(exc).__name__}"
            if case["kind"] == "seconds":
                ok = isinstance(got, int | float) and abs(got - case["want"]) < 0.5
            else:
                ok = isinstance(got, dt.datetime) and got.strftime("%Y-%m-%dT%H:%M") == case["want"]
            right.append({"text": case["text"], "ok": ok, "got": str(got)})
        results[split] = right
    print(json.dumps({"import_seconds": imported, "results": results}))


# -- the orchestrating side ---------------------------------------------------------------


def install(name: str, into: Path) -> Path:
    target = into / name
    if not target.exists():
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--target", str(target), name],
            check=True,
        )
    return target


def size_mb(folder: Path) -> float:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 1e6


def aarch64_wheel(name: str) -> str:
    with tempfile.TemporaryDirectory() as scratch:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary=:all:",
                "--platform",
                "manylinux2014_aarch64",
                "--python-version",
                "3.11",
                "-d",
                scratch,
                name,
            ],
            capture_output=True,
            text=True,
        )
        wheels = list(Path(scratch).glob("*.whl"))
        if done.returncode != 0 or not wheels:
            return "no wheel (source only)"
        tag = wheels[0].name.rsplit("-", 3)[-1].removesuffix(".whl")
        return "yes (pure Python)" if tag == "any" else f"yes ({tag})"


def run_worker(name: str, path: Path | None, repeats: int = 3) -> dict:
    env = {**os.environ, "PYTHONPATH": str(path) if path else ""}
    runs = []
    for _ in range(repeats):
        done = subprocess.run(
            [sys.executable, __file__, "--worker", name],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    result = runs[0]
    result["import_seconds"] = statistics.median(r["import_seconds"] for r in runs)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--install",
        type=Path,
        default=INSTALL,
        help="where each candidate is installed (default .bench-parsers/)",
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker)
        return
    table = json.loads(TABLE.read_text())
    counts = {split: len(timed_cases(table, split)) for split in ("tune", "held_out")}
    rows, misses = [], {}
    for name in [RULES, *CANDIDATES]:
        path = None if name == RULES else install(name, args.install)
        print(f"measuring {name}…", file=sys.stderr, flush=True)
        result = run_worker(name, path)
        scores = {
            split: sum(r["ok"] for r in result["results"][split]) for split in ("tune", "held_out")
        }
        misses[name] = [
            r for split in ("tune", "held_out") for r in result["results"][split] if not r["ok"]
        ]
        rows.append(
            (
                name,
                scores,
                result["import_seconds"],
                size_mb(path) if path else None,
                aarch64_wheel(name) if path else "-",
            )
        )
    lines = [
        "# Timer lengths and reminder times: maintained parsers against Hearth's rules",
        "",
        f"`python benchmarks/household_parsers.py`, {dt.date.today():%Y-%m-%d}. The phrases of",
        "`benchmarks/data/household_phrases.json` that carry a time: "
        f"{counts['tune']} in the tune split, {counts['held_out']} held out (timer lengths to the",
        "second, reminder moments to the minute). Import time: median of 3 fresh interpreters,",
        "on a shared 2-core machine under load (compare the rows, not the absolute numbers).",
        "Installed size: the candidate and its dependencies, as `pip install --target` lays them.",
        "",
        "| reader | tune right | held-out right | import (ms) | installed (MB) | aarch64 wheel |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for name, scores, imported, size, wheel in rows:
        lines.append(
            f"| {name} | {scores['tune']}/{counts['tune']} | "
            f"{scores['held_out']}/{counts['held_out']} | {imported * 1000:.0f} | "
            f"{'(in Hearth)' if size is None else f'{size:.2f}'} | {wheel} |"
        )
    lines += [
        "",
        "The number converters are scored with the glue described in the script's",
        "docstring; without it they read no length or moment at all.",
        "",
        "## What each got wrong (first five)",
        "",
    ]
    for name, wrong in misses.items():
        shown = "; ".join(f"“{w['text']}” → {w['got']}" for w in wrong[:5]) or "nothing"
        lines.append(f"- **{name}** ({len(wrong)} wrong): {shown}")
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
