"""GRUB's environment block (`grub-editenv`'s file), read and written in place.

The block is exactly 1024 bytes: a header line, `name=value` lines, then `#` padding.
GRUB's `save_env` rewrites the file's own sectors, so it must stay that size; it is
rewritten in place here too (same file, same clusters on the FAT partition), never
replaced by a new file.
"""

from __future__ import annotations

import os
from pathlib import Path

HEADER = b"# GRUB Environment Block\n"
SIZE = 1024


class GrubEnvError(ValueError):
    pass


def parse(block: bytes) -> dict[str, str]:
    if not block.startswith(HEADER) or len(block) != SIZE:
        raise GrubEnvError("not a GRUB environment block (1024 bytes, its header first)")
    found: dict[str, str] = {}
    for line in block[len(HEADER) :].split(b"\n"):
        if not line or line.startswith(b"#"):
            continue
        name, equals, value = line.partition(b"=")
        if not equals:
            raise GrubEnvError(f"a line that is not name=value: {line[:40]!r}")
        found[name.decode()] = value.decode()
    return found


def render(values: dict[str, str]) -> bytes:
    body = b"".join(f"{name}={value}\n".encode() for name, value in values.items())
    for name, value in values.items():
        # GRUB escapes these; Hearth's own values never need them, so refuse rather than guess.
        if not name.isidentifier() or any(c in value for c in "\\\n"):
            raise GrubEnvError(f"{name}={value!r} cannot be written to GRUB's environment")
    if len(HEADER) + len(body) > SIZE:
        raise GrubEnvError("GRUB's environment block is full")
    return HEADER + body + b"#" * (SIZE - len(HEADER) - len(body))


def read(path: Path) -> dict[str, str]:
    return parse(path.read_bytes())


def write(path: Path, values: dict[str, str]) -> None:
    """Rewrite the block in place and flush it to the card."""
    block = render(values)
    fd = os.open(path, os.O_RDWR | os.O_CLOEXEC)
    try:
        if os.fstat(fd).st_size != SIZE:
            raise GrubEnvError(f"{path} is not a 1024-byte GRUB environment block")
        os.pwrite(fd, block, 0)
        os.fsync(fd)
    finally:
        os.close(fd)


def create(path: Path, values: dict[str, str] | None = None) -> None:
    path.write_bytes(render(values or {}))
