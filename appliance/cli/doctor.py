"""`hearth doctor`: what this box has and what is wrong with it, for the person who built it.

Every check returns findings and never raises: a missing extra, a machine with no
panel, an unreadable folder each become a line, not a traceback. A finding is
`broken` only when Hearth cannot do its job (unreadable facts, a broken audit chain,
a missing model, a data dir it cannot write); hardware that is simply absent (a
laptop has no panel, no GPIO, no microphone) is `absent`, which is not a failure.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import stat
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from appliance.cli.common import Commands
from appliance.config import DEFAULT_CONFIG_FILE, Settings
from appliance.terminal import printable

OK, FIXED, WARN, ABSENT, BROKEN = "ok", "fixed", "warn", "absent", "broken"
PRIVATE_DIR, PRIVATE_FILE = 0o700, 0o600
LOW_DISK_BYTES = 200 * 1024 * 1024  # an SD card this full cannot hold a snapshot
# Below this a write can fail: SQLite lets each database's WAL grow to 1,000 pages (4 MB)
# before a checkpoint, and three of them are written (index, chats, household); a reindex
# writes the index again beside the old one (about 10 MB at 20,000 facts); a restore
# leaves 32 MB. 32 MiB covers them all with room for the files and logs themselves.
FULL_DISK_BYTES = 32 * 1024 * 1024


@dataclass(frozen=True)
class Finding:
    area: str
    state: str  # ok | fixed | warn | absent | broken
    detail: str


Check = Callable[[Settings], list[Finding]]


def examine(settings: Settings, checks: list[Check] | None = None) -> list[Finding]:
    found: list[Finding] = []
    for check in checks if checks is not None else CHECKS:
        try:
            found += check(settings)
        except Exception as exc:  # a check with a bug must not hide the others
            found.append(
                Finding(
                    check.__name__.removeprefix("check_"),
                    BROKEN,
                    f"the check itself failed: {type(exc).__name__}: {exc}",
                )
            )
    return found


def healthy(findings: list[Finding]) -> bool:
    return not any(f.state == BROKEN for f in findings)


def render(findings: list[Finding]) -> str:
    # A detail can name a file a person made, or quote a message with household words in it.
    lines = [f"{f.area:<15} {f.state:<7} {printable(f.detail)}" for f in findings]
    lines.append("ok" if healthy(findings) else "problems found")
    return "\n".join(lines)


def render_json(findings: list[Finding]) -> str:
    return json.dumps(
        {"healthy": healthy(findings), "findings": [asdict(f) for f in findings]},
        indent=2,
        ensure_ascii=False,
    )


# -- the checks, in the order a person reads them (memory first: opening it makes the dirs) --


def check_config(settings: Settings) -> list[Finding]:
    explicit = os.environ.get("HEARTH_CONFIG")
    source = Path(explicit) if explicit else DEFAULT_CONFIG_FILE
    where = f"{source}" if source.exists() else f"{source} (absent: defaults)"
    return [
        Finding("config", OK, where),
        Finding(
            "paths",
            OK,
            f"data {settings.data_dir}, memory {settings.memory_dir}, "
            f"inbox {settings.inbox_dir} (kept apart: checked)",
        ),
    ]


def check_permissions(settings: Settings) -> list[Finding]:
    """Household content is 0600 in 0700 folders; wider modes are tightened and said."""
    roots = {Path(settings.data_dir), settings.memory_path, settings.inbox_path}
    if not Path(settings.data_dir).exists():
        return [Finding("permissions", ABSENT, f"{settings.data_dir} does not exist yet")]
    tightened: list[str] = []
    unwritable: list[str] = []
    for root in sorted(roots):
        if not root.exists():
            continue
        for path in [root, *root.rglob("*")]:
            if path.is_symlink():
                continue
            try:
                mode = stat.S_IMODE(path.stat().st_mode)
                want = PRIVATE_DIR if path.is_dir() else PRIVATE_FILE
                if mode & ~want:
                    os.chmod(path, mode & want)
                    tightened.append(f"{path} {mode:o}->{mode & want:o}")
            except PermissionError:
                unwritable.append(str(path))
            except FileNotFoundError:
                continue  # removed while we walked (a service is running)
    if not os.access(settings.data_dir, os.W_OK):
        unwritable.insert(0, str(settings.data_dir))
    found = []
    if unwritable:
        found.append(
            Finding(
                "permissions",
                BROKEN,
                f"not ours to change: {unwritable[0]}"
                f"{f' and {len(unwritable) - 1} more' if len(unwritable) > 1 else ''}"
                "; run as the user that owns the data dir",
            )
        )
    if tightened:
        found.append(
            Finding(
                "permissions",
                FIXED,
                f"tightened {len(tightened)}: "
                + "; ".join(tightened[:3])
                + (" …" if len(tightened) > 3 else ""),
            )
        )
    if not found:
        found.append(Finding("permissions", OK, "files 0600, folders 0700"))
    return found


def check_memory(settings: Settings) -> list[Finding]:
    from appliance.composition import open_memory
    from appliance.errors import HearthError

    try:
        with open_memory(settings) as memory:
            problems = memory.check()
            chain = memory.verify_audit()
            facts, waiting = memory.facts(), memory.proposals()
            indexed, mode = memory.index.count(), memory.recall_mode
            hand_kept = memory.refused_but_hand_kept()
    except HearthError as exc:  # a full disk, a damaged log: said in its own words
        return [Finding("facts", BROKEN, str(exc))]
    live = sum(f.status == "live" for f in facts)
    found = [
        Finding("facts", OK, f"{len(facts)} ({live} live), {len(waiting)} waiting for review"),
        Finding("index", OK, f"{indexed} file(s) indexed, recall in {mode} mode"),
        Finding("audit", OK if chain.ok else BROKEN, chain.describe()),
    ]
    # A refused hand edit is never recalled, but a person must look at it: it counts.
    found += [
        Finding(
            "refused" if getattr(p, "refused", False) else "unreadable",
            BROKEN,
            f"{p.path}: {p.message}",
        )
        for p in problems
    ]
    # A hand edit that brought back words a person said no to stands, but is said: a warning
    found += [
        Finding("hand kept", WARN, f"{fact.id} is live by a hand edit, but {said_no}")
        for fact, said_no in hand_kept
    ]
    return found


def check_cookbook(settings: Settings) -> list[Finding]:
    """The recipes kept and waiting, the one being cooked; each file that cannot be read
    (a person's hand edit to fix: the file is kept, and said here until it is)."""
    from appliance.cookbook import Cookbook, CookingSessions, RecipeWalk

    book = Cookbook.open(settings.data_dir)
    kept, waiting = book.recipes(), book.proposals()
    detail = f"{len(kept)} kept, {len(waiting)} waiting for review"
    if (found := RecipeWalk(book, CookingSessions(settings.data_dir)).cooking()) is not None:
        cooking = found[0]
        detail += f"; cooking {cooking.title}, step {cooking.step} of {cooking.steps}"
    return [Finding("recipes", OK, detail)] + [
        Finding("recipes", WARN, problem) for problem in book.problems()
    ]


def check_models(settings: Settings) -> list[Finding]:
    try:
        from appliance.brain.models import resolve
    except ImportError as exc:
        return [Finding("models", ABSENT, f"the brain extra is not installed ({exc.name})")]
    from appliance.errors import HearthError

    found = []
    for role in ("chat", "notetaker"):
        try:
            model = resolve(settings, role)
        except HearthError as exc:
            found.append(Finding(f"model {role}", BROKEN, str(exc)))
            continue
        if model is None:
            found.append(Finding(f"model {role}", OK, "none: statements are proposed by rules"))
        elif model.present:
            size = model.path.stat().st_size
            found.append(
                Finding(f"model {role}", OK, f"{model.path} ({size / 1e6:.0f} MB, {model.origin})")
            )
        else:
            found.append(Finding(f"model {role}", BROKEN, f"{model.path} is missing"))
    return found


def check_panel(settings: Settings) -> list[Finding]:
    try:
        from appliance.panel.display import detect_panel
    except ImportError as exc:
        return [Finding("panel", ABSENT, f"the panel extra is not installed ({exc.name})")]
    state, detail = detect_panel(settings)
    return [Finding("panel", state, detail)]


def check_inputs(settings: Settings) -> list[Finding]:
    try:
        from appliance.panel.buttons import input_devices, pin_factory
    except ImportError as exc:
        return [Finding("gpio", ABSENT, f"the panel extra is not installed ({exc.name})")]
    factory = pin_factory()
    devices = input_devices()
    found = [Finding("gpio", OK if factory[0] else ABSENT, factory[1])]
    if devices:
        found.append(Finding("evdev", OK, "; ".join(devices)))
    else:
        found.append(Finding("evdev", ABSENT, "no input devices (no USB keypad)"))
    if settings.panel_keypad and not Path(settings.panel_keypad).exists():
        found.append(
            Finding(
                "keypad",
                BROKEN,
                f"panel_keypad {settings.panel_keypad} does not exist (unplugged, or a new name?)",
            )
        )
    return found


def check_sound(settings: Settings, asound: Path = Path("/proc/asound/pcm")) -> list[Finding]:
    """ALSA's own list of PCM devices: read, never opened, so a busy device is no problem."""
    try:
        lines = asound.read_text().splitlines()
    except OSError:
        lines = []
    capture = [line for line in lines if "capture" in line]
    playback = [line for line in lines if "playback" in line]

    def named(line: str) -> str:
        parts = [p.strip() for p in line.split(":")]
        return f"hw:{parts[0].replace('-', ',')} {parts[1]}" if len(parts) > 1 else line

    return [
        Finding(
            "microphone",
            OK if capture else ABSENT,
            "; ".join(named(c) for c in capture) or "no capture device (voice off)",
        ),
        Finding(
            "speaker",
            OK if playback else ABSENT,
            "; ".join(named(p) for p in playback) or "no playback device (rings silently)",
        ),
    ]


def check_speech(settings: Settings) -> list[Finding]:
    """Which voice speaks replies: the neural one, or espeak-ng (chosen, or its fallback)."""
    from appliance.speech import speech_status

    chosen, what = speech_status(settings.speech_voice)
    return [Finding("speech", OK if chosen else WARN, what)]


def check_voice(settings: Settings) -> list[Finding]:
    """The microphone `hearth voice` would record from: found by name, and not held by another
    program (opened for a moment, at 16 kHz, nothing kept)."""
    try:
        from appliance.voice.capture import DeviceError, Microphone, capture_devices, find_device
    except ImportError as exc:
        return [Finding("voice", ABSENT, f"the voice extra is not installed ({exc.name})")]
    try:
        device = find_device(settings.voice_device, capture_devices())
    except DeviceError as exc:  # none at all (absent), or not the one voice_device names
        return [Finding("voice", BROKEN if settings.voice_device else ABSENT, str(exc))]
    try:
        with Microphone(device).open() as stream:
            stream.read(160)  # 10 ms: it records
    except DeviceError as exc:
        return [Finding("voice", WARN, str(exc))]
    return [Finding("voice", OK, f"records from {device.name!r}")]


def check_stop_word(settings: Settings) -> list[Finding]:
    """Whether a spoken stop can be heard over Hearth's voice: the setting, libspeexdsp."""
    if not settings.stop_word:
        return [Finding("stop word", OK, "off (stop_word = false): a button stops the voice")]
    try:
        from appliance.voice.echo import available
    except ImportError as exc:
        return [Finding("stop word", ABSENT, f"the voice extra is not installed ({exc.name})")]
    missing = available()
    if missing is not None:
        return [Finding("stop word", WARN, missing)]
    return [Finding("stop word", OK, "a spoken stop is heard over Hearth's voice (SpeexDSP)")]


def check_wyoming(settings: Settings) -> list[Finding]:
    """`hearth wyoming` answering on its port, who it answers, and each satellite."""
    try:
        from appliance.wyoming.peers import Peers
        from appliance.wyoming.probe import NoAnswer, describe
    except ImportError as exc:
        return [Finding("wyoming", ABSENT, f"the wyoming extra is not installed ({exc.name})")]
    from appliance.config import satellite_addresses

    port = settings.wyoming_port
    try:
        info = describe("127.0.0.1", port)
    except NoAnswer as exc:
        found = [
            Finding("wyoming", ABSENT, f"hearth wyoming is not answering on port {port} ({exc})")
        ]
    else:
        offers = [part for part in ("asr", "tts", "handle") if getattr(info, part)]
        found = [Finding("wyoming", OK, f"answers on port {port}: {', '.join(offers)}")]
    found.append(Finding("wyoming peers", OK, Peers.of(settings).describe()))
    for host, satellite_port in satellite_addresses(settings.wyoming_satellites):
        where = f"tcp://{host}:{satellite_port}"
        try:
            answer = describe(host, satellite_port)
        except NoAnswer as exc:
            found.append(Finding("satellite", WARN, f"{where} does not answer ({exc})"))
            continue
        name = answer.satellite.name if answer.satellite is not None else None
        what = f"satellite {name!r}" if name else "a Wyoming peer that is not a satellite"
        found.append(Finding("satellite", OK if name else WARN, f"{where} answers: {what}"))
    return found


def check_disk(settings: Settings) -> list[Finding]:
    where = Path(settings.data_dir)
    while not where.exists():
        where = where.parent
    usage = shutil.disk_usage(where)
    if usage.free < FULL_DISK_BYTES:
        state = BROKEN
        why = f"; a write needs {FULL_DISK_BYTES // 2**20} MB: free some space"
    elif usage.free < LOW_DISK_BYTES:
        state, why = WARN, "; too little for a snapshot"
    else:
        state, why = OK, ""
    free = f"{usage.free / 1e6:.1f} MB" if usage.free < 1e9 else f"{usage.free / 1e9:.1f} GB"
    return [Finding("disk", state, f"{free} free of {usage.total / 1e9:.1f} GB at {where}{why}")]


def check_mcp(settings: Settings) -> list[Finding]:
    """What the operator's MCP server (`hearth mcp`) would let its client change."""
    if importlib.util.find_spec("mcp") is None:
        return [Finding("mcp", ABSENT, "the mcp extra is not installed: no `hearth mcp`")]
    may = {
        "off": "reads only",
        "propose": "reads, and may propose facts into the inbox",
        "add": "reads, proposes, and may write live facts (origin mcp, audited)",
    }[settings.mcp_writes]
    return [
        Finding(
            "mcp",
            OK,
            f"mcp_writes = {settings.mcp_writes}: `hearth mcp` {may}; never Keep or Discard",
        )
    ]


def check_update(settings: Settings, cmdline: Path = Path("/proc/cmdline")) -> list[Finding]:
    """Which root slot runs, which is committed, and what became of the last update."""
    from appliance.update.backend import BOOT_MOUNT
    from appliance.update.slots import BootPartition, booted_slot
    from appliance.update.status import read_status

    running = booted_slot(cmdline.read_text(encoding="ascii", errors="replace"))
    if running is None:
        return [Finding("update", ABSENT, "not started from a card's slot: no A/B updates")]
    committed = BootPartition(BOOT_MOUNT).committed()
    last = read_status(Path(settings.data_dir))
    told = f"; last update {last.state} {last.version}".rstrip() if last else ""
    if running != committed:
        return [Finding("update", WARN, f"slot {running} is on trial (committed: {committed})")]
    if last is not None and last.state in ("rolled-back", "failed", "refused"):
        return [Finding("update", WARN, f"slot {running} runs{told}: {last.why}")]
    return [Finding("update", OK, f"slot {running} runs, committed{told}")]


CHECKS: list[Check] = [
    check_config,
    check_memory,
    check_cookbook,
    check_permissions,
    check_models,
    check_panel,
    check_inputs,
    check_sound,
    check_speech,
    check_voice,
    check_stop_word,
    check_wyoming,
    check_disk,
    check_mcp,
    check_update,
]


# -- the command ------------------------------------------------------------------


def doctor_command(args: argparse.Namespace, settings: Settings) -> int:
    findings = examine(settings)
    print(render_json(findings) if args.json else render(findings), flush=True)
    return 0 if healthy(findings) else 1


def register(top: Commands) -> None:
    sub = top.add_parser(
        "doctor",
        help="check this box and report what is wrong",
        description="Check this box and report what is wrong (exits 1 when something "
        "Hearth needs is broken).",
    )
    sub.add_argument("--json", action="store_true")
    sub.set_defaults(handler=doctor_command)
