"""An update bundle sent from the LAN, behind the token: received in parts, never installed here.

A bundle is hundreds of megabytes and every request here is small (the server reads a
request whole, within seconds, before the app sees it), so a bundle arrives as numbered
parts appended to `<data_dir>/update-upload/.incoming.raucb.part`:

    GET    /update/bundle              how many bytes have arrived (a sender resumes there)
    PUT    /update/bundle/part?at=N    up to PART_BYTES, appended only at byte N
    POST   /update/bundle/done         {"size", "sha256"}: checked, then renamed to incoming.raucb
    DELETE /update/bundle              forget a half-sent bundle

Only the rename makes `incoming.raucb` exist; hearth-update.path sees it and the
root-run `hearth update --from-upload` checks the signature and installs. The web
service never runs RAUC, never holds root, and never touches a slot.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
from pathlib import Path

from appliance.update.send import PART_BYTES
from appliance.update.updater import UPLOAD_DIR, UPLOAD_FILE

MAX_BUNDLE_BYTES = 4 * 1024**3  # a root slot's image, compressed, is well under this
KEEP_FREE_BYTES = 256 * 1024**2  # the household's own writes must still fit afterwards


class UploadRefused(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class BundleUpload:
    def __init__(self, data_dir: Path) -> None:
        self.folder = data_dir / UPLOAD_DIR
        self.partial = self.folder / f".{UPLOAD_FILE}.part"
        self.target = self.folder / UPLOAD_FILE

    def received(self) -> int:
        try:
            return self.partial.stat().st_size
        except FileNotFoundError:
            return 0

    def waiting(self) -> bool:
        """A whole bundle is waiting for (or being installed by) the installer."""
        return self.target.exists()

    def append(self, at: int, part: bytes) -> int:
        """Add `part` at byte `at` (which must be what has arrived); the new total."""
        if self.waiting():
            raise UploadRefused(409, "an update is already waiting to be installed")
        if not part:
            raise UploadRefused(400, "an empty part")
        if len(part) > PART_BYTES:
            raise UploadRefused(413, f"a part is at most {PART_BYTES} bytes")
        have = self.received()
        if at != have:
            raise UploadRefused(409, f"{have} bytes have arrived: send the part at {have}")
        if have + len(part) > MAX_BUNDLE_BYTES:
            raise UploadRefused(413, f"a bundle is at most {MAX_BUNDLE_BYTES // 1024**3} GiB")
        self.folder.mkdir(mode=0o700, exist_ok=True)
        if shutil.disk_usage(self.folder).free - len(part) < KEEP_FREE_BYTES:
            raise UploadRefused(507, "not enough room on the data partition for this bundle")
        fd = os.open(self.partial, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o600)
        try:
            written = os.write(fd, part)
            if written != len(part):  # a full disk mid-part: cut back to the whole parts
                os.ftruncate(fd, have)
                raise UploadRefused(507, "the data partition filled up during this part")
        finally:
            os.close(fd)
        return have + len(part)

    def finish(self, size: object, sha256: object) -> int:
        """The whole bundle, checked against what the sender says it sent, for the installer."""
        if not isinstance(size, int) or not isinstance(sha256, str):
            raise UploadRefused(400, 'send {"size": bytes, "sha256": "hex digest"}')
        have = self.received()
        if have != size or size == 0:
            raise UploadRefused(409, f"{have} bytes have arrived, not {size}")
        digest = hashlib.sha256()
        with open(self.partial, "rb") as handle:
            for block in iter(lambda: handle.read(1024 * 1024), b""):
                digest.update(block)
        if digest.hexdigest() != sha256.lower():
            self.abandon()
            raise UploadRefused(422, "the bundle's SHA-256 does not match: send it again")
        with open(self.partial, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(self.partial, self.target)  # only now does hearth-update.path see it
        return size

    def abandon(self) -> int:
        """Forget a half-sent bundle; what has arrived now (0)."""
        with contextlib.suppress(FileNotFoundError):
            self.partial.unlink()
        return 0
