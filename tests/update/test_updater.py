"""`hearth update` end to end on a stand-in card, RAUC's install played by a script.

The bundles are real (signed by the real `rauc` with a test key), and so are the
signature check (`rauc info`) and Hearth's own payload check. ScriptedRauc plays only
what RAUC's install does to the boot side (mark the target bad, write, set it primary;
mark-good and mark-bad through the backend), so the updater's logic is tested here; the
real RAUC installs real bundles into real slots in image/test.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.update import rauc, status
from appliance.update.backend import Backend
from appliance.update.health import Health, wait_for_units
from appliance.update.slots import BootPartition
from appliance.update.status import UpdateStatus, read_status, update_notice
from appliance.update.trial import GrubOneShot
from appliance.update.updater import SPOOL_DIR, UPLOAD_DIR, UPLOAD_FILE, UpdateError, Updater
from tests.update.test_backend import card


class ScriptedRauc:
    """RAUC's effect on the boot side, through the real backend; `fail` says where it stops."""

    def __init__(self, tmp_path: Path, running: str, keyring: Path, fail: str = "") -> None:
        self.tmp_path, self.running, self.keyring, self.fail = tmp_path, running, keyring, fail
        self.installed: list[Path] = []
        self.marked: list[str] = []

    def backend(self) -> Backend:
        boot = self.tmp_path / "boot"
        new_root = self.tmp_path / "new-root"
        (new_root / "boot/slot").mkdir(parents=True, exist_ok=True)
        (new_root / "boot/slot/vmlinuz").write_bytes(b"new kernel")

        @contextlib.contextmanager
        def slot_root(slot: str) -> Iterator[Path]:
            yield new_root

        return Backend(
            BootPartition(boot), GrubOneShot(boot), self.running, slot_root, boot, boot / "none"
        )

    def bundle_info(self, bundle: Path, keyring: Path | None = None) -> rauc.BundleInfo:
        return REAL_BUNDLE_INFO(bundle, self.keyring)

    def install(self, bundle: Path) -> None:
        assert bundle.parent.name == SPOOL_DIR and bundle.stat().st_mode & 0o777 == 0o600
        self.installed.append(bundle)
        target = "B" if self.running == "A" else "A"
        backend = self.backend()
        backend.answer(["set-state", target, "bad"])
        if self.fail:
            raise rauc.RaucError(self.fail)
        backend.answer(["set-primary", target])

    def mark_booted(self, state: str) -> None:
        self.marked.append(state)
        self.backend().answer(["set-state", self.running, state])


REAL_BUNDLE_INFO = rauc.bundle_info
needs_rauc = pytest.mark.skipif(shutil.which("rauc") is None, reason="rauc (apt) is missing")


@pytest.fixture(scope="module")
def signed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Real bundles: ours (and its certificate, the card's keyring) and a stranger's."""
    folder = tmp_path_factory.mktemp("bundles")
    ours, cert = signed_bundle(folder, "hearth")
    theirs, _ = signed_bundle(folder, "stranger")
    return {"ours": ours, "cert": cert, "theirs": theirs}


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, signed: dict[str, Path]):
    def make(running: str = "A", **kwargs: str) -> tuple[Updater, ScriptedRauc, list]:
        if not (tmp_path / "boot").exists():
            card(tmp_path)
        script = ScriptedRauc(tmp_path, running, signed["cert"], **kwargs)
        for name in ("bundle_info", "install", "mark_booted"):
            monkeypatch.setattr(rauc, name, getattr(script, name))
        data = tmp_path / "data"
        data.mkdir(exist_ok=True)
        reboots: list = []
        boot = tmp_path / "boot"
        updater = Updater(
            data, BootPartition(boot), GrubOneShot(boot), running, boot, run=reboots.append
        )
        return updater, script, reboots

    return make


def bundle(tmp_path: Path, signed: dict[str, Path], which: str = "ours") -> Path:
    """A bundle on a 'USB stick'."""
    path = tmp_path / "usb" / f"{which}.raucb"
    path.parent.mkdir(exist_ok=True)
    if not path.exists():
        shutil.copyfile(signed[which], path)
    return path


pytestmark = needs_rauc


def test_an_installed_bundle_is_tried_once_and_not_committed(
    scripted, tmp_path: Path, signed
) -> None:
    updater, script, reboots = scripted()
    done = updater.install(bundle(tmp_path, signed))
    assert (done.state, done.slot, done.from_slot, done.version) == ("trying", "B", "A", "v2")
    assert updater.trial.armed() == "B" and updater.boot.committed() == "A"
    assert reboots == [["systemctl", "reboot"]]
    assert not (tmp_path / "data" / SPOOL_DIR).exists()  # the spooled copy and its folder
    assert bundle(tmp_path, signed).exists()  # a file from a USB stick is copied, never moved


def refused_before_writing(updater: Updater, script: ScriptedRauc, reboots: list) -> str:
    assert script.installed == [] and reboots == []
    assert updater.trial.armed() is None and not (script.tmp_path / "boot/slot-b/state").exists()
    assert not (script.tmp_path / "data" / SPOOL_DIR).exists()
    last = read_status(script.tmp_path / "data")
    assert last is not None and last.state == "refused"
    return last.why


def test_a_bundle_signed_by_another_key_writes_nothing(scripted, tmp_path: Path, signed) -> None:
    updater, script, reboots = scripted()
    with pytest.raises(UpdateError, match="signature"):
        updater.install(bundle(tmp_path, signed, "theirs"))
    assert "signature" in refused_before_writing(updater, script, reboots)
    assert update_notice(tmp_path / "data").startswith("The update was refused: signature")


def test_a_changed_payload_byte_is_refused_before_rauc_writes(
    scripted, tmp_path: Path, signed
) -> None:
    updater, script, reboots = scripted()
    changed = bundle(tmp_path, signed)
    with open(changed, "r+b") as handle:  # a byte inside the payload; signature left alone
        handle.seek(5000)
        byte = handle.read(1)
        handle.seek(5000)
        handle.write(bytes([byte[0] ^ 1]))
    assert REAL_BUNDLE_INFO(changed, signed["cert"]).version == "v2"  # its signature holds
    with pytest.raises(UpdateError, match="payload"):
        updater.install(changed)
    assert "was changed" in refused_before_writing(updater, script, reboots)


def test_the_same_bundle_unchanged_is_installed(scripted, tmp_path: Path, signed) -> None:
    """The control for the two above: the real checks pass a real, untouched bundle."""
    updater, script, _ = scripted()
    assert updater.install(bundle(tmp_path, signed), reboot=False).state == "trying"
    assert len(script.installed) == 1


def test_a_write_that_fails_leaves_the_running_slot_committed(
    scripted, tmp_path: Path, signed
) -> None:
    updater, _script, reboots = scripted(fail="Failed writing image: No space left on device")
    with pytest.raises(UpdateError):
        updater.install(bundle(tmp_path, signed))
    assert reboots == [] and updater.trial.armed() is None
    assert updater.boot.committed() == "A" and updater.boot.state("B") == "bad"
    assert read_status(tmp_path / "data").state == "failed"


def test_no_update_while_one_is_on_trial(scripted, tmp_path: Path, signed) -> None:
    scripted()[0].install(bundle(tmp_path, signed))
    on_trial, script, _ = scripted(running="B")
    with pytest.raises(UpdateError, match="on trial"):
        on_trial.install(bundle(tmp_path, signed))
    assert script.installed == []


def test_an_upload_is_moved_not_copied(scripted, tmp_path: Path, signed) -> None:
    updater, script, _ = scripted()
    upload = tmp_path / "data" / UPLOAD_DIR / UPLOAD_FILE
    upload.parent.mkdir()
    shutil.copyfile(signed["ours"], upload)
    updater.install(upload, reboot=False)
    assert not upload.exists() and len(script.installed) == 1


def test_a_healthy_trial_is_committed(scripted, tmp_path: Path, signed) -> None:
    scripted()[0].install(bundle(tmp_path, signed))
    on_trial, script, reboots = scripted(running="B")
    said = on_trial.after_boot(lambda: Health(True))
    assert said == "committed slot B" and script.marked == ["good"]
    assert on_trial.boot.committed() == "B" and on_trial.trial.armed() is None
    assert reboots == [] and read_status(tmp_path / "data").state == "committed"


def test_an_unhealthy_trial_is_rolled_back_and_says_why(scripted, tmp_path: Path, signed) -> None:
    scripted()[0].install(bundle(tmp_path, signed))
    on_trial, script, reboots = scripted(running="B")
    said = on_trial.after_boot(lambda: Health(False, "hearth-brain.service failed to start"))
    assert said.startswith("rolled back") and script.marked == ["bad"]
    assert on_trial.boot.committed() == "A"  # the next boot is the old slot
    assert reboots == [["systemctl", "reboot"]]
    last = read_status(tmp_path / "data")
    assert last.state == "rolled-back" and "hearth-brain" in last.why
    assert update_notice(tmp_path / "data") == (
        "The update v2 was rolled back: hearth-brain.service failed to start"
    )


def test_a_trial_that_never_came_up_is_closed_on_the_old_slot(
    scripted, tmp_path: Path, signed
) -> None:
    updater, _script, _ = scripted()
    updater.install(bundle(tmp_path, signed))
    # GRUB cleared `trial` and the kernel died: the next boot is slot A, committed.
    updater.trial.disarm()
    again, _script, reboots = scripted(running="A")
    said = again.after_boot(lambda: pytest.fail("no health check on the committed slot"))
    assert "did not start" in said and reboots == []
    assert again.boot.state("B") == "bad" and read_status(tmp_path / "data").state == "rolled-back"


def test_an_install_cut_short_is_reported_failed(scripted, tmp_path: Path, signed) -> None:
    updater, _script, _ = scripted()
    status.write_status(tmp_path / "data", UpdateStatus("installing", status.now(), "x", "v2", "B"))
    assert updater.after_boot(lambda: Health(True)).startswith("failed")
    assert read_status(tmp_path / "data").state == "failed"
    assert updater.after_boot(lambda: Health(True)) == "slot A is running and committed"


def test_units_wait_ends_on_a_failed_unit_or_the_deadline() -> None:
    states = iter([{"a": "activating", "b": "active"}, {"a": "failed", "b": "active"}])
    now = iter(range(100))
    current: dict[str, str] = {}

    def state_of(unit: str) -> str:
        nonlocal current
        if unit == "a":
            current = next(states)
        return current[unit]

    found = wait_for_units(["a", "b"], 50, state_of, lambda: next(now), lambda _s: None)
    assert found == Health(False, "a failed to start")
    late = wait_for_units(["a"], 0, lambda _u: "activating", lambda: 1.0, lambda _s: None)
    assert late == Health(False, "a did not start in time")
    assert wait_for_units(["a"], 0, lambda _u: "active").ok


# -- the real rauc: a bundle's signature against a keyring ----------------------------


def signed_bundle(folder: Path, name: str) -> tuple[Path, Path]:
    keys = folder / f"{name}-keys"
    keys.mkdir()
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-days",
            "2",
            "-subj",
            f"/CN={name}",
            "-keyout",
            str(keys / "key.pem"),
            "-out",
            str(keys / "cert.pem"),
        ],
        check=True,
        capture_output=True,
    )
    content = folder / f"{name}-content"
    content.mkdir()
    (content / "root.ext4").write_bytes(bytes(range(256)) * 4096)
    (content / "manifest.raucm").write_text(
        "[update]\ncompatible=hearth-amd64\nversion=v2\n\n[bundle]\nformat=verity\n\n"
        "[image.rootfs]\nfilename=root.ext4\n"
    )
    out = folder / f"{name}.raucb"
    subprocess.run(
        [
            "rauc",
            "bundle",
            f"--cert={keys / 'cert.pem'}",
            f"--key={keys / 'key.pem'}",
            str(content),
            str(out),
        ],
        check=True,
        capture_output=True,
    )
    return out, keys / "cert.pem"


def test_rauc_reads_the_signed_manifest_and_refuses_any_other_key(signed) -> None:
    info = REAL_BUNDLE_INFO(signed["ours"], signed["cert"])
    assert (info.compatible, info.version, info.format) == ("hearth-amd64", "v2", "verity")
    assert len(info.verity_hash) == 64 and info.verity_size > 0
    with pytest.raises(rauc.RaucError, match="signature"):
        REAL_BUNDLE_INFO(signed["theirs"], signed["cert"])


def test_a_bundle_cut_short_is_refused(signed, tmp_path: Path) -> None:
    cut = tmp_path / "cut.raucb"
    cut.write_bytes(signed["ours"].read_bytes()[:-64])  # the signature's tail gone
    with pytest.raises(rauc.RaucError):
        REAL_BUNDLE_INFO(cut, signed["cert"])
