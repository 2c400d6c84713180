"""`hearth update FILE` and the check after every boot, end to end.

install(FILE)   the bundle is moved or copied where only root can change it; RAUC checks
                its signature, Hearth its whole payload against the signed hash (either
                refused: nothing written); RAUC writes the other slot, and the backend
                arms that slot's one trial boot; then reboot.
after_boot()    on the trial boot: the health check; pass -> commit, fail -> roll back
                (a normal reboot is the old slot). On the committed slot: close the
                story of an update that never reached its check (a trial that did not
                come up, or power lost while writing).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

from appliance.errors import HearthError
from appliance.update import rauc
from appliance.update.backend import writable
from appliance.update.health import Health
from appliance.update.slots import BootPartition, other
from appliance.update.status import UpdateStatus, now, read_status, write_status
from appliance.update.trial import TrialBoot
from appliance.update.verity import PayloadChanged, check_payload

SPOOL_DIR = "update-spool"  # in the data dir: root's, 0700; the bundle RAUC reads
UPLOAD_DIR = "update-upload"  # in the data dir: the LAN page writes a bundle here
UPLOAD_FILE = "incoming.raucb"
# RAUC's words when it refuses a bundle before writing anything.
REFUSALS = ("signature", "verif", "compatible", "payload", "manifest", "keyring", "certificate")


class UpdateError(HearthError):
    pass


class Updater:
    def __init__(
        self,
        data_dir: Path,
        boot: BootPartition,
        trial: TrialBoot,
        running: str | None,
        mount: Path,
        run: Callable[[list[str]], object] = lambda args: subprocess.run(args, check=False),
        say: Callable[[str], None] = lambda line: None,
    ) -> None:
        self.data_dir, self.boot, self.trial, self.running = data_dir, boot, trial, running
        self.mount, self.run, self.say = mount, run, say

    # -- installing ------------------------------------------------------------------

    def install(self, bundle: Path, reboot: bool = True) -> UpdateStatus:
        if self.running is None:
            raise UpdateError("this system was not started from a Hearth card's slot")
        if self.running != self.boot.committed():
            raise UpdateError("an update is on trial right now; wait for its check to finish")
        if not bundle.is_file():
            raise UpdateError(f"{bundle}: no such file")
        status = UpdateStatus(
            "installing",
            now(),
            bundle=bundle.name,
            slot=other(self.running),
            from_slot=self.running,
        )
        with self._locked() as spool:
            started = time.monotonic()
            kept = self._spooled(bundle, spool)
            self.say(
                f"copied {bundle.name} aside ({kept.stat().st_size:,} bytes) in "
                f"{time.monotonic() - started:.0f} s"
            )
            try:
                try:
                    info = rauc.bundle_info(kept)
                    if info.format != "verity":
                        raise PayloadChanged(f"a {info.format or 'plain'} bundle: only verity")
                    # RAUC checks the payload only as it copies it; this checks it first.
                    started = time.monotonic()
                    check_payload(kept, info.verity_salt, info.verity_hash, info.verity_size)
                    self.say(
                        f"signature and whole payload checked in "
                        f"{time.monotonic() - started:.0f} s: {info.version}"
                    )
                except (rauc.RaucError, ValueError) as exc:
                    write_status(self.data_dir, status.then("refused", str(exc)))
                    raise UpdateError(f"refused {bundle.name}: {exc}") from exc
                status = replace(status, version=info.version)
                write_status(self.data_dir, status)
                try:
                    started = time.monotonic()
                    rauc.install(kept)
                    self.say(f"RAUC wrote slot {status.slot} in {time.monotonic() - started:.0f} s")
                except rauc.RaucError as exc:
                    refused = any(word in str(exc).lower() for word in REFUSALS)
                    write_status(
                        self.data_dir, status.then("refused" if refused else "failed", str(exc))
                    )
                    raise UpdateError(f"{bundle.name} was not installed: {exc}") from exc
            finally:
                kept.unlink(missing_ok=True)
        if self.trial.armed() != status.slot:
            write_status(
                self.data_dir, status.then("failed", "the new slot was written but not set to boot")
            )
            raise UpdateError("the new slot was written but not set to boot; nothing changed")
        status = status.then("trying")
        write_status(self.data_dir, status)
        if reboot:
            self.run(self.trial.reboot_command())
        return status

    @contextlib.contextmanager
    def _locked(self) -> Iterator[Path]:
        spool = self.data_dir / SPOOL_DIR
        spool.mkdir(mode=0o700, exist_ok=True)
        os.chmod(spool, 0o700)
        fd = os.open(spool, os.O_RDONLY | os.O_DIRECTORY)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError as exc:
                raise UpdateError("another update is being installed") from exc
            yield spool
        finally:
            os.close(fd)
            with contextlib.suppress(OSError):  # empty again: nothing of root's stays in the
                spool.rmdir()  # data dir for `hearth doctor` to trip over

    @staticmethod
    def _spooled(bundle: Path, spool: Path) -> Path:
        """The bundle where no one but root can change it (RAUC refuses one others could).

        An upload on the data partition is moved (the same filesystem), anything else
        copied; then it is root's and 0600."""
        kept = spool / "bundle.raucb"
        kept.unlink(missing_ok=True)
        if bundle.stat().st_dev == spool.stat().st_dev and bundle.parent.name == UPLOAD_DIR:
            os.replace(bundle, kept)
        else:
            shutil.copyfile(bundle, kept)
        os.chmod(kept, 0o600)
        if os.geteuid() == 0:
            os.chown(kept, 0, 0)
        return kept

    # -- after every boot --------------------------------------------------------------

    def after_boot(self, health: Callable[[], Health]) -> str:
        """What the boot means for the last update; says what it did, in one line."""
        status = read_status(self.data_dir)
        if self.running is None:
            return "not started from a slot: nothing to check"
        if self.running != self.boot.committed():
            return self._judge_trial(status, health())
        if status is not None and status.state == "trying":
            # The trial boot never reached its check: the firmware (or GRUB) went back.
            with writable(self.mount):
                self.trial.disarm()
                self.boot.set_state(status.slot, "bad")
            why = "the new system did not start, so the card went back to the old one"
            write_status(self.data_dir, status.then("rolled-back", why))
            return f"rolled back: {why}"
        if status is not None and status.state == "installing":
            why = "it was interrupted (did the power go off?) before it was written; run it again"
            write_status(self.data_dir, status.then("failed", why))
            return f"failed: {why}"
        return f"slot {self.running} is running and committed"

    def _judge_trial(self, status: UpdateStatus | None, health: Health) -> str:
        if status is None:
            status = UpdateStatus(
                "trying", now(), slot=self.running or "", from_slot=self.boot.committed()
            )
        if health.ok:
            try:
                rauc.mark_booted("good")  # the backend commits the running slot
            except rauc.RaucError as exc:
                health = Health(False, f"the new slot could not be committed: {exc}")
            else:
                if self.boot.committed() == self.running:
                    write_status(self.data_dir, status.then("committed"))
                    return f"committed slot {self.running}"
                health = Health(False, "the new slot was marked good but not committed")
        write_status(self.data_dir, status.then("rolled-back", health.why))
        try:
            rauc.mark_booted("bad")
        finally:
            self.run(["systemctl", "reboot"])  # a normal boot: the committed slot
        return f"rolled back: {health.why}"
