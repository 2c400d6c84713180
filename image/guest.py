"""The booted card under QEMU, for image/test: the machine, its debug shell, HTTP through
its port forward, and the waits every boot shares. Standard library only."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]|\r")
GROW_BY = 2 * 1024**3  # the disk is 2 GiB larger than the image: the data partition must grow
WIFI = ("Kitchen Wi-Fi", "correct horse battery", "GB")
BOOT_SECONDS = 420  # the debug shell answers (kernel, initramfs, systemd) on a loaded machine
SETTLE_SECONDS = 600  # every unit started; the brain loads its model before READY (TCG)
ASK_SECONDS = 180
# Every boot wait is multiplied by this: an aarch64 guest under TCG on an x86 machine is
# slower, and its first boot also compiles the venv's bytecode (hearth-compile.service).
PATIENCE = {"amd64": 1, "arm64": 3}
# What image/test adds to the PC card's kernel command line (its GRUB reads them from
# extra.cfg): the console log, systemd's debug shell on the second port, no wait on a panic.
DEBUG_ARGS = ("console=ttyS0,115200", "systemd.debug_shell=ttyS1", "panic=-1")


class Failed(Exception):
    pass


_PROBED: dict[str, str] = {}
PROBE_SECONDS = 20
# The kernel says this once it has the AVX state a llama.cpp built for AVX2 needs.
AVX_READY = b"'AVX registers'"


def accelerator(arch: str, work: Path) -> str:
    """ "kvm" when KVM runs the card's own kernel here with AVX, else "tcg"; probed once.

    QEMU starting with `-accel kvm` is not enough: on these (nested) machines KVM starts
    and the guest then faults on its kernel's first AVX instruction, a silent hang. So the
    probe boots `work`'s kernel under KVM and waits for it to report its AVX registers."""
    forced = os.environ.get("HEARTH_QEMU_ACCEL", "")
    if forced in ("kvm", "tcg"):
        return forced
    if arch not in _PROBED:
        _PROBED[arch] = "kvm" if kvm_runs_kernel(arch, work) else "tcg"
        print(f"image/test: QEMU's accelerator: {_PROBED[arch]}", flush=True)
    return _PROBED[arch]


def kvm_runs_kernel(arch: str, work: Path) -> bool:
    native = {"amd64": "x86_64", "arm64": "aarch64"}[arch] == os.uname().machine
    if arch != "amd64" or not native or not os.access("/dev/kvm", os.R_OK | os.W_OK):
        return False
    log = work / "kvm-probe.log"
    quiet = ["-display", "none", "-monitor", "none", "-no-reboot", "-serial", f"file:{log}"]
    kernel = ["-kernel", str(work / "vmlinuz"), "-append", "console=ttyS0 panic=-1"]
    probe = subprocess.Popen(
        [*qemu_machine(arch, "kvm"), "-accel", "kvm", "-m", "512", "-nodefaults", *quiet, *kernel],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + PROBE_SECONDS
        while time.monotonic() < deadline and probe.poll() is None:
            if log.is_file() and AVX_READY in log.read_bytes():
                return True
            time.sleep(0.5)
        return False
    finally:
        probe.kill()
        probe.wait()
        log.unlink(missing_ok=True)


TCG_CPU = "max"


def qemu_machine(arch: str, accel: str) -> list[str]:
    """QEMU's program, machine and CPU for the guest's architecture and accelerator."""
    if arch == "arm64":
        cpu = "host" if accel == "kvm" else "cortex-a72"  # a Pi 4's core
        return ["qemu-system-aarch64", "-M", "virt", "-cpu", cpu]
    cpu = "host,-arch-capabilities" if accel == "kvm" else TCG_CPU
    return ["qemu-system-x86_64", "-cpu", os.environ.get("HEARTH_QEMU_CPU", cpu)]


# -- timing ------------------------------------------------------------------------------

TIMES: list[tuple[str, float]] = []


@contextmanager
def stage(name: str) -> Iterator[None]:
    print(f"image/test: {name} …", flush=True)
    started = time.monotonic()
    try:
        yield
    finally:
        took = time.monotonic() - started
        TIMES.append((name, took))
        print(f"image/test: {name}: {took:.0f} s", flush=True)


# -- the guest ---------------------------------------------------------------------------


class Guest:
    """One QEMU run of the disk: its console log, its debug shell, its forwarded port."""

    def __init__(
        self, work: Path, disk: Path, boot: int, arch: str, stick: Path | None = None
    ) -> None:
        self.work, self.disk, self.boot, self.arch = work, disk, boot, arch
        self.stick = stick  # a second disk, read-only, as a USB stick would be (/dev/vdb)
        self.patience = PATIENCE[arch]
        self.console = work / f"console-{boot}.log"
        self.socket_path = work / f"shell-{boot}.sock"
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.shell: socket.socket | None = None
        self._buffer = ""
        self._count = 0

    def start(self) -> None:
        self.socket_path.unlink(missing_ok=True)  # a boot started again must wait for its own
        shell = ["-chardev", f"socket,id=shell,path={self.socket_path},server=on,wait=off"]
        if self.arch == "arm64":
            cmdline = (self.work / "cmdline.txt").read_text().split()
            # The Pi's own console= words name UARTs a virtual machine does not have. virt
            # has one UART (the console log); the shell is a virtio console. getty_auto=0:
            # systemd would otherwise start a login prompt on hvc0 as well.
            cmdline = [w for w in cmdline if w != "quiet" and not w.startswith("console=")]
            cmdline += [
                "console=ttyAMA0,115200",
                "systemd.debug_shell=hvc0",
                "systemd.getty_auto=0",
                "panic=-1",
            ]
            kernel = [
                "-kernel",
                str(self.work / "vmlinuz"),
                "-initrd",
                str(self.work / "initrd.img"),
                "-append",
                " ".join(cmdline),
            ]
            consoles = [
                "-serial",
                f"file:{self.console}",
                *shell,
                "-device",
                "virtio-serial-pci",
                "-device",
                "virtconsole,chardev=shell",
            ]
        else:
            # The PC card boots through its own GRUB (image/grub.cfg), which picks the slot
            # and adds DEBUG_ARGS from extra.cfg on the boot partition (image/test's prepare).
            kernel = []
            consoles = ["-serial", f"file:{self.console}", *shell, "-serial", "chardev:shell"]
        stick = []
        if self.stick is not None:
            stick = ["-drive", f"file={self.stick},format=raw,if=virtio,readonly=on"]
        accel = accelerator(self.arch, self.work)
        command = [
            *qemu_machine(self.arch, accel),
            "-accel",
            accel,
            "-smp",
            "2",
            "-m",
            "2048",
            "-nodefaults",
            "-display",
            "none",
            "-no-reboot",
            *kernel,
            "-drive",
            f"file={self.disk},format=raw,if=virtio,cache=writeback",
            *stick,
            "-netdev",
            f"user,id=net0,hostfwd=tcp:127.0.0.1:{self.port}-:4327",
            "-device",
            "virtio-net-pci,netdev=net0",
            "-device",
            "virtio-rng-pci",
            *consoles,
        ]
        self.process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        deadline = time.monotonic() + 30
        while not self.socket_path.exists():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise Failed(f"QEMU did not start: {self._stderr()}")
            time.sleep(0.2)
        self.shell = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.shell.connect(str(self.socket_path))
        self.shell.setblocking(False)

    def _stderr(self) -> str:
        if self.process is None or self.process.poll() is None or self.process.stderr is None:
            return ""
        return self.process.stderr.read().decode(errors="replace").strip()

    def wait_for_shell(self, seconds: float = BOOT_SECONDS) -> None:
        """Until the debug shell runs a command: early in boot, before the units."""
        seconds *= self.patience
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                # No line editing and no echo: the output is only what the command prints.
                self.run(
                    "set +o emacs +o vi; stty -echo; export PS1= PS2= TERM=dumb; echo shell",
                    timeout=10,
                )
                return
            except Failed as exc:
                if "QEMU exited" in str(exc):
                    raise
        shell = "hvc0" if self.arch == "arm64" else "ttyS1"
        raise Failed(f"boot {self.boot}: no shell on {shell} within {seconds:.0f} s")

    def run(self, command: str, timeout: float = 60, check: bool = False) -> tuple[int, str]:
        """Run one shell command in the guest; its status and output (ANSI stripped)."""
        assert self.shell is not None
        self._count += 1
        number = self._count
        # The marker's digits come from shell arithmetic, so the echoed command never matches.
        line = f'{{ {command}\n}} </dev/null 2>&1; echo "@@done $(({number}+0)) $?@@"\n'
        self.shell.sendall(line.encode())
        marker = re.compile(rf"@@done {number} (\d+)@@")
        deadline = time.monotonic() + timeout
        while True:
            found = marker.search(self._buffer)
            if found:
                output = self._buffer[: found.start()]
                self._buffer = self._buffer[found.end() :]
                output = output.rsplit('$?@@"', 1)[-1]  # an echo of the line, before stty
                status = int(found.group(1))
                text = output.strip()
                if check and status != 0:
                    raise Failed(f"boot {self.boot}: `{command}` exited {status}:\n{text}")
                return status, text
            if self.process is not None and self.process.poll() is not None:
                raise Failed(
                    f"boot {self.boot}: QEMU exited ({self.process.returncode}) "
                    f"during `{command}` {self._stderr()}"
                )
            if time.monotonic() > deadline:
                raise Failed(f"boot {self.boot}: `{command}` gave no answer in {timeout:.0f} s")
            try:
                chunk = self.shell.recv(65536)
            except BlockingIOError:
                time.sleep(0.1)
                continue
            if not chunk:
                raise Failed(f"boot {self.boot}: the guest's shell closed")
            self._buffer += ANSI.sub("", chunk.decode(errors="replace"))

    def out(self, command: str, timeout: float = 60) -> str:
        return self.run(command, timeout, check=True)[1]

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def wait_exit(self, seconds: float) -> None:
        """Until the guest stops QEMU by itself (a reboot, with -no-reboot)."""
        assert self.process is not None
        seconds *= self.patience
        try:
            self.process.wait(seconds)
        except subprocess.TimeoutExpired as exc:
            raise Failed(
                f"boot {self.boot}: the guest did not restart within {seconds:.0f} s"
            ) from exc

    def power_off(self, seconds: float = 240) -> None:
        """A clean shutdown; QEMU exits by itself (-no-reboot)."""
        assert self.process is not None
        assert self.shell is not None
        self.shell.sendall(b"systemctl poweroff\n")
        try:
            self.process.wait(seconds)
        except subprocess.TimeoutExpired as exc:
            raise Failed(f"boot {self.boot}: no power-off within {seconds:.0f} s") from exc

    def cut_power(self) -> None:
        """What a power cut is to the guest: the machine stops, its page cache is gone."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(30)

    def close(self) -> None:
        if self.shell is not None:
            self.shell.close()
        self.cut_power()

    def tail(self, lines: int = 60) -> str:
        try:
            text = ANSI.sub("", self.console.read_text(errors="replace"))
        except OSError:
            return "(no console log)"
        return "\n".join(text.splitlines()[-lines:])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# -- HTTP from the host, through the port forward ----------------------------------------


def http(
    url: str, body: dict | None = None, token: str | None = None, timeout: float = ASK_SECONDS
) -> tuple[int, dict | str]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw = response.read().decode()
            status = response.status
    except urllib.error.HTTPError as exc:
        raw, status = exc.read().decode(errors="replace"), exc.code
    try:
        return status, json.loads(raw)
    except json.JSONDecodeError:
        return status, raw


def wait_healthy(guest: Guest, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    last = ""
    while time.monotonic() < deadline:
        try:
            status, body = http(guest.url("/healthz"), timeout=10)
            if status == 200:
                return
            last = f"{status} {body}"
        except OSError as exc:
            last = str(exc)
        time.sleep(2)
    raise Failed(
        f"boot {guest.boot}: /healthz did not answer 200 through the port forward "
        f"within {seconds:.0f} s (last: {last})"
    )


def ask(guest: Guest, token: str, text: str, timeout: float = ASK_SECONDS) -> str:
    status, body = http(
        guest.url("/v1/chat/completions"),
        token=token,
        timeout=timeout,
        body={"model": "hearth", "messages": [{"role": "user", "content": text}]},
    )
    if status != 200 or not isinstance(body, dict):
        # The reply names no cause on purpose (it reaches a phone); the journal has it.
        journal = journals(guest, ["hearth-brain.service"])
        raise Failed(f"boot {guest.boot}: chat answered {status}: {body}\n{journal}")
    return body["choices"][0]["message"]["content"]


def journals(guest: Guest, units: list[str], lines: int = 30) -> str:
    """Each unit's state and the last lines of its journal this boot: why it failed."""
    return guest.run(
        "; ".join(
            f"systemctl status --no-pager -n 0 {u}; journalctl -b -u {u} --no-pager -n {lines}"
            for u in units
        )
        or "true"
    )[1]


# -- what is checked ---------------------------------------------------------------------


def hearth_units() -> list[str]:
    """Every unit in systemd/ that runs while the appliance is up (not the nightly oneshot)."""
    units = []
    for path in sorted((REPO / "systemd").iterdir()):
        text = path.read_text()
        if path.suffix == ".service" and re.search(r"^Type=oneshot", text, re.M):
            continue
        units.append(path.name)
    return units


def settle(guest: Guest) -> None:
    """Until systemd has started everything; a degraded system names its failed units."""
    status, state = guest.run(
        "systemctl is-system-running --wait", timeout=SETTLE_SECONDS * guest.patience
    )
    if state.splitlines()[-1:] != ["running"]:
        failed = guest.out("systemctl --failed --no-legend --plain | cut -d' ' -f1 || true")
        journal = journals(guest, failed.split())
        raise Failed(f"boot {guest.boot}: the system is {state!r}, not running:\n{journal}")
    units = [
        *hearth_units(),
        "hearth-boot-files.service",
        "hearth-wifi.service",
        "avahi-daemon.service",
        "systemd-networkd.service",
    ]
    states = guest.out("systemctl is-active " + " ".join(units) + " || true").split()
    inactive = [f"{u}={s}" for u, s in zip(units, states, strict=False) if s != "active"]
    if inactive or len(states) != len(units):
        journal = journals(guest, [u.split("=")[0] for u in inactive])
        raise Failed(f"boot {guest.boot}: not active: {inactive or states}\n{journal}")
    print(f"image/test: boot {guest.boot}: active: {' '.join(units)}", flush=True)


def hearth_cli(guest: Guest, args: str, timeout: float = 300) -> tuple[int, str]:
    return guest.run(f"hearth {args}", timeout=timeout)  # as root: the wrapper runs it as hearth


def hearth_cli_ok(guest: Guest, args: str) -> str:
    status, output = hearth_cli(guest, args)
    if status != 0:
        raise Failed(f"boot {guest.boot}: `hearth {args}` exited {status}:\n{output}")
    return output


# -- the disk ---------------------------------------------------------------------------


def mcopy_out(disk: Path, offset: int, name: str, to: Path) -> None:
    subprocess.run(
        ["mcopy", "-n", "-i", f"{disk}@@{offset}", f"::/{name}", str(to)],
        check=True,
        env={**os.environ, "MTOOLS_SKIP_CHECK": "1"},
    )


def mcopy_in(disk: Path, offset: int, source: Path, name: str) -> None:
    subprocess.run(
        ["mcopy", "-o", "-i", f"{disk}@@{offset}", str(source), f"::/{name}"],
        check=True,
        env={**os.environ, "MTOOLS_SKIP_CHECK": "1"},
    )


def partitions(disk: Path) -> list[dict]:
    table = json.loads(
        subprocess.run(
            ["sfdisk", "--json", str(disk)], check=True, capture_output=True, text=True
        ).stdout
    )
    return table["partitiontable"]["partitions"]


def boot(
    work: Path,
    disk: Path,
    number: int,
    guests: list[Guest],
    arch: str,
    stick: Path | None = None,
) -> Guest:
    """A boot as far as its debug shell, which then drives it."""
    return _booted(work, disk, number, guests, arch, stick, lambda guest: guest.wait_for_shell())


def boot_to_restart(
    work: Path,
    disk: Path,
    number: int,
    guests: list[Guest],
    arch: str,
    stick: Path | None = None,
    seconds: float = BOOT_SECONDS,
) -> None:
    """A boot that restarts by itself (the first boot's growth, a rollback): no shell is
    asked for, because the guest may restart before its shell answers on a loaded machine;
    the test is only that it ends in the kernel's own restart, not a panic."""

    def restarted(guest: Guest) -> None:
        guest.wait_exit(seconds)
        if not restarted_cleanly(guest.console.read_text(errors="replace")):
            raise Failed(f"boot {number}: QEMU exited without the kernel's own restart")

    _booted(work, disk, number, guests, arch, stick, restarted)


def restarted_cleanly(console: str) -> bool:
    """Whether a console log ends a boot in the kernel's own restart (systemd's reboot),
    not in a panic (which, with panic=-1 and -no-reboot, also ends QEMU with 0)."""
    console = ANSI.sub("", console)
    return "reboot: Restarting system" in console and "Kernel panic" not in console


def _booted(
    work: Path,
    disk: Path,
    number: int,
    guests: list[Guest],
    arch: str,
    stick: Path | None,
    reached: Callable[[Guest], None],
) -> Guest:
    """Start a boot and wait until `reached` says it got where it should (or raises
    Failed); a death by TCG's code-patching race is booted once more."""
    guest = Guest(work, disk, number, arch, stick)
    guests.append(guest)
    guest.start()
    try:
        reached(guest)
    except Failed as exc:
        if not emulator_race(guest, str(exc)):
            raise
        # Once only: the card's own fault would panic again, and fail the test then.
        kept = guest.console.with_name(f"console-{number}-emulator-race.log")
        guest.console.rename(kept)
        guest.close()
        guests.remove(guest)
        print(
            f"image/test: boot {number}: the kernel hit TCG's cross-CPU code-patching race "
            f"({kept.name}); booting once more",
            flush=True,
        )
        guest = Guest(work, disk, number, arch, stick)
        guests.append(guest)
        guest.start()
        reached(guest)
    return guest


def emulator_race(guest: Guest, failure: str) -> bool:
    """Whether a boot died of QEMU's emulator, not of the card: under TCG with two vCPUs, a
    CPU can still run a breakpoint the kernel has already patched out of a static branch
    (an "Oops: int3" in early boot). Narrow on purpose: anything else fails the test."""
    if "QEMU exited" not in failure or accelerator(guest.arch, guest.work) != "tcg":
        return False
    try:
        console = ANSI.sub("", guest.console.read_text(errors="replace"))
    except OSError:
        return False
    return "Oops: int3" in console and "Kernel panic" in console
