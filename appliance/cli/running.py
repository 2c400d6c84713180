"""Which data dir the Hearth running on this machine uses, so a command can say when it differs.

`hearth run` and `hearth serve` leave a small marker in the user's runtime dir while
they run (their pid, port and data dir), one per data dir. A command run from another
terminal without the same HEARTH_DATA_DIR would otherwise open an empty store elsewhere
and answer "the shopping list is empty"; it now says which data dir it used, and the
running one's. A client of the brain (`hearth voice`, `hearth wyoming`) started without `--port`
asks the brain on the marker's port when the running Hearth uses its data dir (`hearth
run --port 0` picks any port). The marker holds no household content; a stale one (its
process gone) is ignored.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from appliance.config import Settings
from appliance.files import commit_temp, ensure_private_dir, write_temp
from appliance.update import health

BRAIN_PORT_HELP = (
    "the brain's port (default: the port of the Hearth running here on the same data dir, "
    "else the web_port setting)"
)


def _folder() -> Path:
    """Per user: $XDG_RUNTIME_DIR/hearth, else /tmp/hearth-<uid> (0700)."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    return Path(runtime) / "hearth" if runtime else Path(f"/tmp/hearth-{os.getuid()}")


def marker_path(data_dir: Path | None = None) -> Path:
    """The marker of the Hearth serving `data_dir`: one per data dir, so two Hearths of one
    user (a laptop's, a test's) never take each other's (a fifth trial's `hearth voice`
    lost its brain three times when another Hearth of the same user started and stopped)."""
    if data_dir is None:
        return _folder() / "serving.json"
    digest = hashlib.sha256(str(Path(data_dir).resolve()).encode("utf-8")).hexdigest()[:12]
    return _folder() / f"serving-{digest}.json"


@dataclass(frozen=True)
class Running:
    pid: int
    port: int
    data_dir: Path

    def alive(self) -> bool:
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True  # another user's process: it exists
        return True


def _ours(folder: Path) -> bool:
    """The folder is a real directory of this user's that no one else may write (in /tmp,
    anyone could have made it first)."""
    try:
        info = os.lstat(folder)
    except OSError:
        return False
    return info.st_uid == os.getuid() and (info.st_mode & 0o7777) == 0o700 and folder.is_dir()


def mark_serving(port: int, data_dir: Path, path: Path | None = None) -> Path | None:
    """Say, while this process serves, which data dir it uses; returns the marker's path."""
    path = path or marker_path(data_dir)
    try:
        ensure_private_dir(path.parent)
        if not _ours(path.parent):
            return None
        record = {"pid": os.getpid(), "port": port, "data_dir": str(Path(data_dir).resolve())}
        commit_temp(write_temp(path, json.dumps(record).encode("utf-8")), path)
    except OSError:
        return None  # a convenience for the CLI: never a reason not to serve
    return path


def unmark_serving(path: Path | None = None) -> None:
    """Take this process's marker away (`path`, or every one it left)."""
    paths = [path] if path is not None else sorted(_folder().glob("serving*.json"))
    for marker in paths:
        try:
            if json.loads(marker.read_text(encoding="utf-8")).get("pid") == os.getpid():
                marker.unlink()
        except (OSError, ValueError):
            pass


def _read(path: Path) -> Running | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        found = Running(int(data["pid"]), int(data["port"]), Path(data["data_dir"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return found if found.alive() else None


def running(path: Path | None = None) -> Running | None:
    """The Hearth serving on this machine, if one is (and its marker can be read): the one
    `path` names, else the one that marked last."""
    folder = path.parent if path is not None else _folder()
    if not _ours(folder):
        return None
    if path is not None:
        return _read(path)
    markers = sorted(folder.glob("serving*.json"), key=_changed, reverse=True)
    return next((found for m in markers if (found := _read(m)) is not None), None)


def _changed(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def serving_data_dir(data_dir: Path) -> Running | None:
    """The Hearth serving `data_dir`, if one is."""
    if not _ours(_folder()):
        return None
    wanted = Path(data_dir).resolve()
    for marker in sorted(_folder().glob("serving*.json"), key=_changed, reverse=True):
        if (found := _read(marker)) is not None and found.data_dir == wanted:
            return found
    return None


def other_data_dir_note(data_dir: Path, path: Path | None = None) -> str | None:
    """A line for a person when the running Hearth uses another data dir than this command."""
    if path is None and serving_data_dir(data_dir) is not None:
        return None  # the one it uses is running
    serving = running(path)
    if serving is None or serving.data_dir == Path(data_dir).resolve():
        return None
    return (
        f"note: this command used the data dir {data_dir}; the Hearth running here "
        f"(pid {serving.pid}, port {serving.port}) uses {serving.data_dir}. "
        f"HEARTH_DATA_DIR={serving.data_dir} acts on its data"
    )


def brain_port(settings: Settings, given: int | None = None, path: Path | None = None) -> int:
    """Where a client finds the brain: `given` (--port), else the running Hearth's port if
    it uses this data dir, else the web_port setting."""
    if given:
        return given
    serving = running(path) if path is not None else serving_data_dir(Path(settings.data_dir))
    if serving is not None and serving.data_dir == Path(settings.data_dir).resolve():
        return serving.port
    return settings.web_port


def units_running(
    wanted: Callable[[], list[str]] | None = None,
    state_of: Callable[[str], str] | None = None,
) -> list[str]:
    """The services of hearth.target that run now (none where there is no systemd). Its
    timer waits all day and holds nothing open, so only services count. `wanted` and
    `state_of`: systemd's answers, as the update's health check reads them."""
    if wanted is None or state_of is None:
        if shutil.which("systemctl") is None:
            return []
        wanted, state_of = wanted or health.wanted_units, state_of or health.unit_state
    running = ("active", "activating", "reloading")
    return [u for u in wanted() if u.endswith(".service") and state_of(u) in running]


def in_use(data_dir: Path) -> str | None:
    """Why a data dir is in use by a running Hearth (a command that replaces its files must
    wait), else None."""
    if (found := serving_data_dir(data_dir)) is not None:
        return f"a Hearth is running on {found.data_dir} (pid {found.pid}, port {found.port})"
    if units := units_running():
        return f"Hearth's services are running ({', '.join(units)})"
    return None
