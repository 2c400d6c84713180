"""Reading a card image in place, for image/check-card: its MBR, a FAT partition through mtools
and an ext4 one through debugfs (each at its byte offset in the image: no loop device, no
mount, no root), and an initrd's file names. Standard library only."""

from __future__ import annotations

import gzip
import hashlib
import lzma
import os
import shutil
import struct
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SECTOR = 512
MIB = 2**20


@dataclass(frozen=True)
class Partition:
    number: int
    kind: int
    start: int  # sectors
    sectors: int

    @property
    def offset(self) -> int:
        return self.start * SECTOR

    @property
    def mib(self) -> float:
        return self.sectors * SECTOR / MIB


@dataclass(frozen=True)
class Table:
    disk_id: int
    partitions: dict[int, Partition]


def read_mbr(image: Path) -> Table:
    with open(image, "rb") as handle:
        sector = handle.read(SECTOR)
    if len(sector) < SECTOR or sector[510:512] != b"\x55\xaa":
        raise ValueError("no MBR (dos) partition table: sector 0 has no 55 AA signature")
    (disk_id,) = struct.unpack_from("<I", sector, 440)
    partitions = {}
    for index in range(4):
        entry = sector[446 + 16 * index : 462 + 16 * index]
        kind = entry[4]
        start, sectors = struct.unpack_from("<II", entry, 8)
        if kind:
            partitions[index + 1] = Partition(index + 1, kind, start, sectors)
    return Table(disk_id, partitions)


def tool_env() -> dict[str, str]:
    return {**os.environ, "MTOOLS_SKIP_CHECK": "1", "LC_ALL": "C"}


def tool(name: str) -> str | None:
    """A tool's path; debugfs is in /usr/sbin, which a user's PATH may not have."""
    return shutil.which(name, path=f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin")


class Fat:
    """A FAT partition inside the image, through mtools' image@@offset."""

    def __init__(self, image: Path, offset: int) -> None:
        self.drive = f"{image}@@{offset}"

    def _run(self, *command: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            [command[0], "-i", self.drive, *command[1:]], capture_output=True, env=tool_env()
        )

    def label(self) -> str:
        found = self._run("mlabel", "-s", "::").stdout.decode(errors="replace")
        return found.replace("Volume label is", "").strip()

    def read(self, name: str) -> bytes | None:
        done = self._run("mcopy", "-n", f"::/{name}", "-")
        return done.stdout if done.returncode == 0 else None

    def text(self, name: str) -> str | None:
        data = self.read(name)
        return None if data is None else data.decode("utf-8", errors="replace")

    def listdir(self, name: str) -> list[str] | None:
        """Entry names in a directory (a subdirectory ends in /), or None if there is none."""
        directory = name.strip("/")
        done = self._run("mdir", "-b", f"::/{directory}")
        if done.returncode != 0:
            return None
        prefix = f"::/{directory}/" if directory else "::/"
        lines = done.stdout.decode(errors="replace").splitlines()
        return sorted(line.removeprefix(prefix) for line in lines if line.startswith(prefix))


class Ext4:
    """An ext4 partition inside the image, through debugfs's image?offset= device name."""

    def __init__(self, image: Path, offset: int) -> None:
        self.device = f"{image}?offset={offset}"

    def _run(self, request: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            [tool("debugfs") or "debugfs", "-R", request, self.device],
            capture_output=True,
            env=tool_env(),
        )

    def listdir(self, path: str) -> dict[str, str] | None:
        """Names in a directory and their octal modes, or None if there is no such directory."""
        done = self._run(f"ls -p {path}")
        entries = {}
        for line in done.stdout.decode(errors="replace").splitlines():
            fields = line.split("/")  # /inode/mode/uid/gid/name/size/
            if len(fields) >= 7 and fields[5] not in (".", ".."):
                entries[fields[5]] = fields[2]
        if not entries and b"not found" in done.stderr:
            return None
        return entries

    def read(self, path: str) -> bytes | None:
        done = self._run(f"cat {path}")
        if b"not found" in done.stderr or b"Ext2 inode is not a directory" in done.stderr:
            return None
        return done.stdout


def cpio_names(archive: bytes) -> Iterator[str]:
    """The member names of a newc cpio archive (or several, one after another)."""
    at = 0
    while at + 110 <= len(archive):
        if archive[at : at + 6] not in (b"070701", b"070702"):
            return
        size = int(archive[at + 54 : at + 62], 16)
        name_size = int(archive[at + 94 : at + 102], 16)
        name = archive[at + 110 : at + 110 + name_size - 1].decode(errors="replace")
        at = (at + 110 + name_size + 3) & ~3
        at = (at + size + 3) & ~3
        if name == "TRAILER!!!":
            at = (at + 511) & ~511  # the next archive starts on a block boundary
            while at < len(archive) and archive[at : at + 6] != b"070701":
                at += 4
            continue
        yield name


def unpack_initrd(data: bytes) -> bytes:
    if data[:4] == b"\x28\xb5\x2f\xfd":
        zstd = shutil.which("zstd")
        if zstd is None:
            raise ValueError("the initrd is zstd-compressed and zstd is not installed")
        return subprocess.run([zstd, "-dcq"], input=data, capture_output=True, check=True).stdout
    if data[:2] == b"\x1f\x8b":
        return gzip.decompress(data)
    if data[:6] == b"\xfd7zXZ\x00":
        return lzma.decompress(data)
    if data[:6] == b"070701":
        return data
    raise ValueError(f"not a cpio archive (it starts {data[:6].hex()})")


def digest(data: bytes | None) -> str | None:
    return None if data is None else hashlib.sha256(data).hexdigest()


def walk_ext4(root: Ext4, path: str, prefix: str = "") -> Iterator[str]:
    for name, mode in (root.listdir(path) or {}).items():
        if mode.startswith("04"):  # a directory
            yield from walk_ext4(root, f"{path}/{name}", f"{prefix}{name}/")
        else:
            yield f"{prefix}{name}"


def walk_fat(fat: Fat, path: str, prefix: str = "") -> Iterator[str]:
    for name in fat.listdir(path) or []:
        if name.endswith("/"):
            yield from walk_fat(fat, f"{path}/{name.rstrip('/')}", f"{prefix}{name}")
        else:
            yield f"{prefix}{name}"
