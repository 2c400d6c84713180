"""Rules as they stood at an earlier commit, read from git, to compare with them in one run.

    rows = parsed_at("64da785", ["do I need a 45 minute timer?"], now)
    # -> [{"intent": "timer.set", "seconds": 2700.0}]
    before = module_at("d5e6a0d", "appliance/brain/statements.py")

`parsed_at`: the household's rules span several modules (phrases.py reads
timer_phrases.py, list_phrases.py, frames.py…), so the whole `appliance` package of that
commit is unpacked into a temporary directory and asked in a process of its own: nothing
of it mixes with the modules this process has imported. `run_at`: a script of your own,
run the same way. `module_at`: one module whose imports are unchanged since, loaded under a
name of its own beside today's.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import json
import subprocess
import sys
import tarfile
import tempfile
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

_ASK = """
import datetime as dt, json, sys
from appliance.household import phrases
now = dt.datetime.fromisoformat(sys.argv[1])
texts = json.load(sys.stdin)
json.dump([phrases.as_row(phrases.parse(text, now)) for text in texts], sys.stdout)
"""


# A stand-in chat model for the scripts `run_at` runs: not a model, it answers every call
# with the script's first argument, so a reply shows the model was asked (whatever the
# real model would say there is a guess).
ASKED_MODEL = """
class AskedModel:
    name, path, context = "asked", None, 8192
    def chat_template(self): return "<|im_start|>"
    def tokenize(self, text, *, markup=False, bos=False): return [ord(c) for c in text]
    def generate(self, tokens, *, max_tokens, stop=(), schema=None):
        yield sys.argv[1]

"""


def parsed_at(rev: str, texts: list[str], now: dt.datetime) -> list[dict[str, object]]:
    """Each text as the household's parse at `rev` read it (phrases.as_row's shape)."""
    rows: list[dict[str, object]] = run_at(rev, _ASK, texts, now.isoformat())
    return rows


def run_at(rev: str | None, script: str, payload: object, *args: str) -> Any:
    """`script`'s JSON answer to `payload` (its stdin, as JSON), run in a process of its own
    with the `appliance` package as it was at `rev` (None: as it is in this tree)."""

    def run(cwd: Path) -> Any:
        asked = subprocess.run(
            [sys.executable, "-c", script, *args],
            cwd=cwd,
            input=json.dumps(payload),
            capture_output=True,
            text=True,
            check=True,
        )
        return json.loads(asked.stdout)

    if rev is None:
        return run(ROOT)
    with _appliance_at(rev) as tree:
        return run(tree)


@contextlib.contextmanager
def _appliance_at(rev: str) -> Iterator[Path]:
    """A temporary folder holding the `appliance` package as it was at `rev`."""
    archive = subprocess.run(
        ["git", "archive", rev, "appliance"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    with tempfile.TemporaryDirectory(prefix="hearth-baseline-") as tree:
        with tarfile.open(fileobj=io.BytesIO(archive)) as unpacked:
            unpacked.extractall(tree, filter="data")
        yield Path(tree)


def rows_at(rev: str, module: str, *args: str) -> Any:
    """`python -m benchmarks.<module> --rows ARGS` with the `appliance` package as it was at
    `rev` (this tree's benchmarks beside it): the JSON its last line of output holds."""
    with _appliance_at(rev) as tree:
        ran = subprocess.run(
            [sys.executable, "-m", f"benchmarks.{module}", "--rows", *args],
            cwd=tree,
            env={"PYTHONPATH": f"{tree}:{ROOT}", "PATH": "/usr/bin:/bin", "HOME": str(Path.home())},
            capture_output=True,
            text=True,
        )
    if ran.returncode != 0:
        raise SystemExit(f"the baseline {rev} did not run:\n{ran.stderr[-2000:]}")
    return json.loads(ran.stdout.splitlines()[-1])


def module_at(rev: str, path: str) -> types.ModuleType:
    """The module at `path` as it was at `rev`, under a name of its own ("tombstones@rev")."""
    source = subprocess.run(
        ["git", "show", f"{rev}:{path}"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    name = f"{Path(path).stem}_at_{rev}"
    module = types.ModuleType(name)
    sys.modules[name] = module  # dataclasses look their module up by name
    exec(compile(source, f"{path}@{rev}", "exec"), module.__dict__)
    return module
