"""A verity bundle's whole payload, checked against its signed root hash before RAUC runs.

RAUC checks a verity bundle's blocks lazily, through dm-verity, as it copies them: a
changed byte deep in the payload stops the copy half-way, after the other slot was
already being written. Hearth refuses such a bundle before anything is written, so it
recomputes the hash tree over the payload first and compares its root with the one in
the signed manifest (which `rauc info` has already checked against the card's keyring).

The tree is dm-verity's format 1 as RAUC makes it: SHA-256, 4 KiB data and hash
blocks, the salt hashed *before* each block, 128 digests to a hash block (zero-padded),
levels up to a single block, whose salted hash is the root.

A bundle file: [squashfs payload][hash tree: verity size][CMS signature][its size, 8 bytes].
"""

from __future__ import annotations

import hashlib
import os
import struct
from pathlib import Path

BLOCK = 4096
DIGESTS_PER_BLOCK = BLOCK // 32


class PayloadChanged(ValueError):
    pass


def _hash_blocks(digests: list[bytes]) -> list[bytes]:
    """Digests packed 128 to a 4 KiB block, the last one padded with zeros."""
    packed = []
    for start in range(0, len(digests), DIGESTS_PER_BLOCK):
        block = b"".join(digests[start : start + DIGESTS_PER_BLOCK])
        packed.append(block.ljust(BLOCK, b"\0"))
    return packed


def payload_root(bundle: Path, salt_hex: str, verity_size: int) -> str:
    """The root hash of the bundle's payload, recomputed from its bytes."""
    salt = bytes.fromhex(salt_hex)
    with open(bundle, "rb") as handle:
        total = os.fstat(handle.fileno()).st_size
        handle.seek(total - 8)
        (signature_size,) = struct.unpack(">Q", handle.read(8))
        data_size = total - 8 - signature_size - verity_size
        if data_size <= 0 or data_size % BLOCK:
            raise PayloadChanged("the bundle's sizes do not add up: not a whole verity bundle")
        handle.seek(0)
        digests = []
        for _ in range(data_size // BLOCK):
            block = handle.read(BLOCK)
            digests.append(hashlib.sha256(salt + block).digest())
    blocks = _hash_blocks(digests)
    while len(blocks) > 1:
        blocks = _hash_blocks([hashlib.sha256(salt + block).digest() for block in blocks])
    return hashlib.sha256(salt + blocks[0]).hexdigest()


def check_payload(bundle: Path, salt_hex: str, root_hex: str, verity_size: int) -> None:
    if payload_root(bundle, salt_hex, verity_size) != root_hex.lower():
        raise PayloadChanged("the bundle's payload does not match its signed hash: it was changed")
