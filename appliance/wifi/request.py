"""A join request, handed from the page (the hearth user) to the keeper (root) as a file.

The web never gets root, and the keeper never reads the data dir: the page writes
/run/hearth-wifi/request/join.json and the keeper takes it (reads it, deletes it). The
folder is root:hearth 0730 (image/overlay's tmpfiles.d): the hearth group may create a
file in it but not list it, and the keeper, its owner, needs no capability to read or
delete one. The file is 0644 so the keeper can read it; nobody else can reach it, since
/run/hearth-wifi is 0750. It is on tmpfs and holds only the key made from the password
(the password itself is never written anywhere), for the second or two until the
keeper takes it.

The keeper checks a request again as strictly as the page did: it is a file anyone in
the hearth group could have written.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from appliance.wifi.network import Network, NetworkError
from appliance.wifi.status import RUN_DIR, read_status

REQUEST_DIR = "request"
REQUEST_FILE = "join.json"
MAX_BYTES = 1024  # a request is about 200 bytes; anything longer is not one
_ID = re.compile(r"[0-9a-f]{16}")


class KeeperMissing(RuntimeError):
    """No hearth-wifi keeper runs on this machine (a laptop, or the service is stopped)."""


class BadRequestFile(ValueError):
    """A request file the keeper cannot use; it is deleted, and the page is told."""


@dataclass(frozen=True)
class JoinRequest:
    id: str  # 16 hex digits; the page finds its result by it
    network: Network

    def to_json(self) -> dict[str, str]:
        return {
            "id": self.id,
            "ssid": self.network.ssid.hex(),
            "psk": self.network.psk,
            "country": self.network.country,
        }

    @classmethod
    def from_json(cls, found: object) -> JoinRequest:
        if not isinstance(found, dict) or set(found) != {"id", "ssid", "psk", "country"}:
            raise BadRequestFile("a join request has exactly id, ssid, psk and country")
        if not all(isinstance(v, str) for v in found.values()) or not _ID.fullmatch(found["id"]):
            raise BadRequestFile("a join request's fields are text, and its id 16 hex digits")
        try:
            ssid = bytes.fromhex(found["ssid"])
            return cls(found["id"], Network(ssid, found["psk"], found["country"]))
        except (ValueError, NetworkError) as exc:
            raise BadRequestFile(f"the join request is not usable: {exc}") from None


def ask_to_join(network: Network, run_dir: Path = RUN_DIR) -> JoinRequest:
    """Hand the keeper a network to try; the request, whose id the result will carry.

    Raises KeeperMissing when there is no keeper to take it: nothing is written then.
    """
    folder = run_dir / REQUEST_DIR
    if not folder.is_dir() or read_status(run_dir) is None:
        raise KeeperMissing(
            "Wi-Fi setup is done by the hearth-wifi service of Hearth's SD card image, "
            "which is not running on this machine"
        )
    request = JoinRequest(secrets.token_hex(8), network)
    data = json.dumps(request.to_json()).encode("ascii")
    temp = folder / f".{REQUEST_FILE}.{secrets.token_hex(4)}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o644)
    try:
        os.fchmod(fd, 0o644)  # the services' UMask=0077 would leave the keeper unable to read
        os.write(fd, data)
    finally:
        os.close(fd)
    try:
        os.replace(temp, folder / REQUEST_FILE)  # a newer request replaces one not yet taken
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    return request


def take_request(run_dir: Path = RUN_DIR) -> JoinRequest | None:
    """The keeper's side: the waiting request, deleted as it is read; None when none waits.

    Raises BadRequestFile for a file that is not a request (it is deleted all the same).
    """
    path = run_dir / REQUEST_DIR / REQUEST_FILE
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    except OSError as exc:  # a link, or something else where a file should be
        with contextlib.suppress(OSError):
            path.unlink()
        raise BadRequestFile(f"the join request could not be opened: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    finally:
        with contextlib.suppress(OSError):
            path.unlink()
    if len(raw) > MAX_BYTES:
        raise BadRequestFile(f"the join request is over {MAX_BYTES} bytes")
    try:
        found = json.loads(raw.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        raise BadRequestFile("the join request is not JSON") from None
    return JoinRequest.from_json(found)
