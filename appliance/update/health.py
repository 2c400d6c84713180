"""The trial boot's health check, asked from outside as a household and a maintainer would.

A slot is committed only when all of these hold on its own boot:

    every unit hearth.target wants is active (the brain is active only once its model loaded)
    /healthz answers 200
    a chat is answered through the LAN endpoint, with the token
    `hearth audit verify`: the audit chain is intact

A unit that fails (after systemd's own restarts), or the deadline, ends the wait at once.
"""

from __future__ import annotations

import json
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from appliance.terminal import printable

DEADLINE_SECONDS = 900.0  # a Pi 4 is ready in a few minutes; QEMU's emulator needs more
QUESTION = "what's in the review inbox?"  # answered from memory: the brain, token, router


@dataclass(frozen=True)
class Health:
    ok: bool
    why: str = ""


def _systemctl(*args: str) -> str:
    done = subprocess.run(["systemctl", *args], capture_output=True, text=True, check=False)
    return done.stdout.strip()


def wanted_units(target: str = "hearth.target") -> list[str]:
    return sorted(_systemctl("show", "-p", "Wants", "--value", target).split())


def unit_state(unit: str) -> str:
    """systemd's word for a unit now: "active", "activating", "inactive", "failed"…"""
    return _systemctl("is-active", unit)


def wait_for_units(
    units: list[str],
    deadline: float,
    state_of: Callable[[str], str] = unit_state,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> Health:
    if not units:
        return Health(False, "hearth.target wants no units")
    while True:
        states = {unit: state_of(unit) for unit in units}
        failed = [unit for unit, state in states.items() if state == "failed"]
        if failed:
            return Health(False, f"{', '.join(failed)} failed to start")
        waiting = [unit for unit, state in states.items() if state != "active"]
        if not waiting:
            return Health(True)
        if clock() > deadline:
            return Health(False, f"{', '.join(waiting)} did not start in time")
        sleep(5)


def _post(url: str, body: dict, token: str, timeout: float) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, {}


def endpoint_answers(port: int, data_dir: Path, timeout: float = 120) -> Health:
    base = f"http://127.0.0.1:{port}"
    try:
        with urllib.request.urlopen(f"{base}/healthz", timeout=timeout) as response:
            if response.status != 200:
                return Health(False, f"/healthz answered {response.status}")
        token = (data_dir / "web.token").read_text(encoding="ascii").strip()
        status, reply = _post(
            f"{base}/v1/chat/completions",
            {"model": "hearth", "messages": [{"role": "user", "content": QUESTION}]},
            token,
            timeout,
        )
    except urllib.error.HTTPError as exc:
        return Health(False, f"/healthz answered {exc.code}")
    except (OSError, ValueError) as exc:
        return Health(False, f"the chat page did not answer ({printable(str(exc))[:120]})")
    if status != 200:
        return Health(False, f"a chat request got {status}")
    try:
        answer = reply["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        answer = ""
    return Health(True) if answer.strip() else Health(False, "a chat got an empty answer")


def audit_verifies(hearth: str = "/usr/local/bin/hearth") -> Health:
    done = subprocess.run([hearth, "audit", "verify"], capture_output=True, text=True, check=False)
    if done.returncode == 0:
        return Health(True)
    said = (done.stderr or done.stdout).strip().splitlines()
    return Health(False, f"the audit chain does not verify: {printable(said[-1] if said else '')}")


def check_health(port: int, data_dir: Path, seconds: float = DEADLINE_SECONDS) -> Health:
    """The checks in order; the first that fails is the reason."""
    units = wait_for_units(wanted_units(), time.monotonic() + seconds)
    if not units.ok:
        return units
    for check in (lambda: endpoint_answers(port, data_dir), audit_verifies):
        result = check()
        if not result.ok:
            return result
    return Health(True)
