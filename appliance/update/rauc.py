"""The one module that runs RAUC (`rauc`, Debian's package, LGPL-2.1: its own process).

RAUC checks a bundle's signature against the card's keyring and the hash of its whole
payload before it writes anything, writes the image into the slot that is not running,
and keeps each slot's status; the boot side is Hearth's (backend.py).
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from appliance.errors import HearthError
from appliance.terminal import printable

RAUC = "rauc"
_FIELD = re.compile(
    r"^\s*(Compatible|Version|Bundle Format|Verity Salt|Verity Hash|Verity Size):"
    r"\s*'?([^'\n]*?)'?\s*$",
    re.M,
)
INSTALL_SECONDS = 3600  # a slot written to a slow SD card


class RaucError(HearthError):
    """RAUC said no; the message is its own last words."""


@dataclass(frozen=True)
class BundleInfo:
    compatible: str
    version: str
    format: str = ""
    verity_salt: str = ""
    verity_hash: str = ""
    verity_size: int = 0


def _last_words(output: str) -> str:
    lines = [printable(line.strip()) for line in output.splitlines() if line.strip()]
    return lines[-1] if lines else "no reason given"


def _run(args: list[str], timeout: float = 120) -> str:
    try:
        done = subprocess.run(
            [RAUC, *args], capture_output=True, text=True, timeout=timeout, check=False
        )
    except FileNotFoundError as exc:
        raise RaucError("rauc is not installed: updates need the Hearth card") from exc
    except subprocess.TimeoutExpired as exc:
        raise RaucError(f"rauc {args[0]} gave no answer in {timeout:.0f} s") from exc
    if done.returncode != 0:
        raise RaucError(_last_words(done.stderr + "\n" + done.stdout))
    return done.stdout


def bundle_info(bundle: Path, keyring: Path | None = None) -> BundleInfo:
    """The bundle's signed manifest, checked against the card's keyring (system.conf's, or
    `keyring` on a machine that is not the card); nothing is written."""
    trust = [f"--keyring={keyring}"] if keyring is not None else []
    # The readable form is the one that carries the verity fields (its JSON has none).
    shown = dict(_FIELD.findall(_run(["info", *trust, str(bundle)])))
    try:
        size = int(shown.get("Verity Size", "0"))
    except ValueError:
        size = 0
    return BundleInfo(
        shown.get("Compatible", ""),
        shown.get("Version", ""),
        shown.get("Bundle Format", ""),
        shown.get("Verity Salt", ""),
        shown.get("Verity Hash", ""),
        size,
    )


def install(bundle: Path) -> None:
    _run(["install", str(bundle)], timeout=INSTALL_SECONDS)


def mark_booted(state: str) -> None:
    """`good` commits the running slot (through the backend); `bad` marks it for no retry."""
    _run(["status", f"mark-{state}", "booted"])
