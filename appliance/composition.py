"""The appliance, composed: each process's parts, built in one place.

This is the only module that knows every part. Each process's entry point
(appliance/cli/) asks here for its parts and only runs them, so `hearth run`, the
systemd services, `hearth panel --once` and `--simulate` cannot wire the same
part two ways:

    process            parts                                           systemd unit
    hearth serve       memory, the chat service (the model), the web   hearth-brain
    hearth panel       memory, the household, the cookbook, display,   hearth-panel
                       buttons, links
    hearth scheduler   household records, the scheduler, sound         hearth-household
    hearth voice       the microphone, VAD, Whisper, the Talk socket   hearth-voice
    hearth wyoming     the Wyoming server, its peers, the satellites   hearth-wyoming
    hearth run         all of them in one process, the board to a PNG  (a laptop)
    hearth mcp         memory, the household's records, the operator   (an MCP client
                       desk that bounds them (appliance/operator)      starts it, on stdio)
    hearth recipes     the cookbook, behind the recipe screen          (a person at the CLI)

One embedding model per process: every `Memory` a process opens shares the
process's `Embedding`, so `hearth run` (the brain's memory and the board's) loads it
once.
"""

from __future__ import annotations

import datetime as dt
import functools
import logging
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from appliance.bootfiles import wifi_problem
from appliance.config import Settings, wake_phrase
from appliance.lan import ChatAddress
from appliance.memory import Memory
from appliance.memory.embedding import Embedding
from appliance.update.status import update_notice
from appliance.web.auth import AccessToken, load_or_create
from appliance.wifi.status import read_status

if TYPE_CHECKING:
    from appliance.brain import Brain
    from appliance.brain.router import Router
    from appliance.cookbook import Cookbook
    from appliance.household import HouseholdStore, Screen
    from appliance.operator import OperatorDesk
    from appliance.panel.buttons import Buttons
    from appliance.panel.display import Display, PngDisplay
    from appliance.panel.parts import BoardLinks, BoardParts
    from appliance.voice.bias import Bias
    from appliance.voice.service import Voice
    from appliance.web.runner import RunOptions
    from appliance.wyoming.parts import WyomingParts

log = logging.getLogger(__name__)

# Builds the chat service once memory is open; the real one loads the models.
ChatFactory = Callable[[Settings, Memory], Any]


# -- memory ----------------------------------------------------------------------------


def process_embedding(settings: Settings) -> Embedding:
    """The process's one embedding model (the semantic extra's), loaded on first need."""
    return Embedding.installed(settings)


def open_memory(settings: Settings, *, embedding: Embedding | None = None) -> Memory:
    """The store of the configured data dir, with the process's embedding model."""
    return Memory.open(settings, embedding=embedding or process_embedding(settings))


# -- the brain and its web endpoint (hearth serve, hearth run) -------------------------


def household_screen(embedding: Embedding) -> Screen:
    """Memory's guard for the household's records: a reason to refuse words, else None.

    A reminder's errand is read as it was asked for ("remind me to call Mum"): alone,
    "call Mum" is an instruction to an assistant, and the classifier refused it (84%), so
    "remind me to call Mum" kept nothing. Injections are refused either way ("remind me to
    ignore all previous instructions…"), and a secret is refused however it is framed, so
    the errand alone is still read for one ("the code is 552 918")."""
    from appliance.memory.guard import RECORD_MEANING, find_refusal

    def screen(text: str, *, errand: bool = False) -> str | None:
        framed = text
        if errand:
            # "remind Zara to revise at 4" keeps "tell Zara to revise", read as it was asked:
            # "remind me to tell Zara to revise" was refused as an instruction (86%, an
            # eighteenth trial's), where "remind Gareth to…" was not
            other = re.match(r"tell (?P<who>.+?) to (?P<what>.+)$", text)
            framed = (
                f"remind {other['who']} to {other['what']}" if other else f"remind me to {text}"
            )
        refusal = find_refusal(framed, embedding.model, by_meaning=RECORD_MEANING)
        if refusal is None and errand:
            refusal = find_refusal(text, embedding.model, by_meaning=frozenset({"secret"}))
        return None if refusal is None else f"refused ({refusal.category}): {refusal.reason}"

    return screen


def open_household(settings: Settings, *, embedding: Embedding | None = None) -> HouseholdStore:
    """The household's records for a path that writes words into them (chat, the CLI)."""
    from appliance.household import HouseholdStore

    screen = household_screen(embedding or process_embedding(settings))
    return HouseholdStore.open(settings.data_dir, screen=screen)


def open_cookbook(settings: Settings) -> Cookbook:
    """The household's cookbook for a path that reads or writes recipes (the CLI, the web),
    behind its own screen (the guard's rules, cookbook/book.py): every pasted word is read,
    and a hand edit is screened and recorded at open."""
    from appliance.cookbook import Cookbook

    return Cookbook.open(settings.data_dir)


@contextmanager
def operator_desk(settings: Settings) -> Iterator[OperatorDesk]:
    """`hearth mcp`'s parts: the store and the household's records (read only: the
    operator's client never writes a timer or an item), behind the desk that the
    `mcp_writes` setting bounds."""
    from appliance.household import HouseholdStore
    from appliance.operator import OperatorDesk

    with open_memory(settings) as memory, HouseholdStore.open(settings.data_dir) as household:
        yield OperatorDesk(memory, household, settings.mcp_writes)


def intent_router(settings: Settings, embedding: Embedding | None = None) -> Router:
    """The rules that answer exact commands before any model: the household's first."""
    from appliance.brain.cooking import with_cooking
    from appliance.brain.courtesy import with_courtesy
    from appliance.brain.household import household_router
    from appliance.brain.kitchen import with_kitchen
    from appliance.brain.said_to_another import with_said_to_another

    screen = household_screen(embedding or process_embedding(settings))
    router = with_said_to_another(
        with_courtesy(with_kitchen(household_router(settings.data_dir, screen=screen)))
    )
    meaning = recipe_meaning(embedding or process_embedding(settings))
    return with_cooking(router, settings.data_dir, screen, meaning)


def recipe_meaning(embedding: Embedding) -> Callable[[str, Sequence[str]], list[float]]:
    """How near a said name is to each recipe, by the process's embedding model (cosines
    of unit vectors); all nothing where no model is installed, so names alone decide."""
    import numpy as np

    def similar(name: str, described: Sequence[str]) -> list[float]:
        model = embedding.model
        if model is None:
            return [0.0] * len(described)
        asked = np.frombuffer(model.query(name), dtype=np.float32)
        rows = np.stack([np.frombuffer(v, dtype=np.float32) for v in model.passages(described)])
        return [float(x) for x in rows @ asked]

    return similar


def open_brain(settings: Settings, memory: Memory, intents: Router | None = None) -> Brain:
    """The real brain (the models load here), with the household's intents."""
    from appliance.brain import Brain

    intents = intents or intent_router(settings, memory.embedding)
    return Brain.open(settings, memory, intents=intents)


def open_chat_service(settings: Settings, memory: Memory) -> Any:
    """The real brain as the web's chat service."""
    from appliance.web.brain_chat import BrainChat

    return BrainChat(open_brain(settings, memory))


@dataclass(frozen=True)
class Endpoint:
    """The brain's HTTP endpoint, built around a chat service."""

    server: Any  # appliance.web.server.WebServer
    queue: Any  # appliance.web.model_queue.ModelQueue
    token: AccessToken
    address: ChatAddress  # where the server really listens (--port 0 picks one)


def endpoint(settings: Settings, options: RunOptions, chat: Any, memory: Memory) -> Endpoint:
    from appliance.web.runner import build_server

    token = load_or_create(Path(settings.data_dir))
    recipes = open_cookbook(settings)
    server, queue = build_server(settings, options, chat, memory, token, recipes)
    return Endpoint(server, queue, token, ChatAddress(options.host, server.port))


# -- the board (hearth panel, --once, --simulate, hearth run) --------------------------


def png_display(
    settings: Settings, *, model: str | None = None, out: Path | None = None
) -> PngDisplay:
    """The board as a PNG file (a laptop, `--once`, `--simulate`, `hearth run`).

    At `model`'s size and inks, else the configured panel's, else the default panel's.
    """
    from appliance.panel.display import BOARD_FILE, PngDisplay
    from appliance.panel.panels import DEFAULT_MODEL, model_named

    configured = settings.panel_model not in ("auto", "png")
    key = model or (settings.panel_model if configured else DEFAULT_MODEL)
    return PngDisplay(out or Path(settings.data_dir) / BOARD_FILE, model_named(key))


def board_links(settings: Settings, address: ChatAddress | None = None) -> BoardLinks:
    """The welcome card's token and address, the voice line and Talk: the same for every
    way the board is drawn. `address`: where the chat page really is (default: the
    web settings, which the brain service listens on)."""
    from appliance.panel.parts import BoardLinks
    from appliance.voice.shown import ShownExchange

    data_dir = Path(settings.data_dir)
    return BoardLinks(
        address=address or ChatAddress(settings.web_host, settings.web_port),
        # The token is the brain's own file: whichever service starts first makes it
        # (load_or_create agrees between processes), so the card never waits for the model.
        token=lambda: load_or_create(data_dir).value,
        talk=talk_sender(settings),
        hush=hush_sender(settings),
        said=ShownExchange(settings.data_dir).line,
        wake_phrase=wake_phrase(settings.wake_word),
        setup_problem=lambda: wifi_problem() or update_notice(data_dir),
        wifi=read_status,  # hearth-wifi's /run/hearth-wifi/status.json; None without it
    )


@contextmanager
def board_parts(
    settings: Settings,
    *,
    display: Display | None = None,
    buttons: Buttons | None = None,
    address: ChatAddress | None = None,
    embedding: Embedding | None = None,
) -> Iterator[BoardParts]:
    """The board's parts: memory, the household's records and the cookbook opened for it,
    the recipe walk, the display (the panel, or board.png), the buttons (GPIO and the
    keypad) and its links.

    The board writes words into records (Keep on a cooking step starts a timer named
    after the recipe; Keep on a recipe card writes it into the cookbook), so its
    household store and its cookbook have the guard's screen, as chat's and the CLI's do.
    """
    from appliance.cookbook import Cookbook, CookingSessions, RecipeWalk
    from appliance.household import HouseholdStore
    from appliance.panel.buttons import open_buttons
    from appliance.panel.display import open_display
    from appliance.panel.parts import BoardParts

    display = display if display is not None else open_display(settings)
    if buttons is None:
        buttons = open_buttons(settings, display.model.layout, with_gpio=display.is_panel)
    with ExitStack() as stack:
        memory = stack.enter_context(open_memory(settings, embedding=embedding))
        screen = household_screen(memory.embedding)
        household = stack.enter_context(HouseholdStore.open(settings.data_dir, screen=screen))
        cookbook = Cookbook.open(settings.data_dir)
        yield BoardParts(
            memory=memory,
            household=household,
            display=display,
            buttons=buttons,
            links=board_links(settings, address),
            min_refresh_seconds=settings.panel_min_refresh_seconds,
            cookbook=cookbook,
            walk=RecipeWalk(cookbook, CookingSessions(settings.data_dir), household),
        )


# -- voice (hearth voice, --wav, --simulate) ---------------------------------------------


@contextmanager
def voice_parts(
    settings: Settings, *, sound: Any = None, port: int | None = None, transcriber: Any = None
) -> Iterator[Voice]:
    """The voice service's parts, wired: the Whisper model (loaded here, once), the VAD,
    the brain's loopback endpoint with the token, the speaker and the board's exchange
    file. The bias is rebuilt from memory and the household records at each utterance."""
    from appliance.household import HouseholdStore
    from appliance.memory.withheld import showable
    from appliance.sound import open_sound
    from appliance.voice.brain_client import BrainClient
    from appliance.voice.played import PlayedAudio
    from appliance.voice.service import Voice
    from appliance.voice.shown import ShownExchange
    from appliance.voice.stt import Transcriber
    from appliance.voice.talk import SpeakingMark
    from appliance.voice.vad import open_vad

    with ExitStack() as stack:
        # The model is loaded only if a transcript needs the guard's check by meaning
        # (what the board shows); the bias reads facts, it does not recall.
        embedding = process_embedding(settings)
        memory = stack.enter_context(open_memory(settings, embedding=embedding))
        household = stack.enter_context(HouseholdStore.open(settings.data_dir))
        if sound is None:
            played = PlayedAudio() if settings.stop_word else None
            sound = open_sound(settings, played=played)
            stack.callback(sound.close)

        token = load_or_create(Path(settings.data_dir))
        brain = BrainClient(port or settings.web_port, token.value)
        transcriber = transcriber or Transcriber.open(settings)
        wake = wake_word(settings)  # a wrong name fails here, before the service is ready
        if wake is not None:
            stack.callback(wake.close)
        spoken = stop_word(settings, sound, transcriber)
        yield Voice(
            open_vad(settings.voice_vad),
            transcriber,
            brain,
            sound,
            ShownExchange(settings.data_dir),
            household_bias(settings, memory, household),
            lambda text: showable(text, embedding.model, heard=True),
            max_seconds=settings.voice_max_seconds,
            wake=wake,
            follow_up_seconds=settings.follow_up_seconds,
            speaking=SpeakingMark.of(settings),
            spoken_stop=spoken,
        )


def stop_word(settings: Settings, sound: Any, transcriber: Any) -> Any:
    """The listener for a spoken stop while Hearth speaks, or None: the setting is off,
    nothing plays (no speaker, or one that tells nobody what it plays), or libspeexdsp is
    missing (said once)."""
    played = getattr(sound, "played", None)
    if not settings.stop_word or played is None:
        return None
    from appliance.voice.echo import EchoCanceller, EchoUnavailable
    from appliance.voice.stop_word import SpokenStop
    from appliance.voice.vad import open_vad

    try:
        canceller = EchoCanceller()
    except EchoUnavailable as exc:
        log.warning("%s; a button still stops the voice", exc)
        return None
    return SpokenStop(
        None, played, transcriber, lambda: open_vad(settings.voice_vad), canceller, sound.hush
    )


def understood_as_heard(text: str, commands: Mapping[str, str] | None = None) -> bool:
    """True when the rules read a transcript as a request as heard, the cookbook's or the
    household's (as if a timer rang, so "stop" is one): the closed pass leaves it alone.
    With the closed pass's `commands`, asking the amount of something the recipe being
    cooked does not use ("how much better") is not understood: a word misheard."""
    from appliance.cookbook.phrases import cooking_request
    from appliance.household.phrases import parse as household_command

    request = cooking_request(text)
    if request is not None and request.intent == "amount" and request.name and commands:
        used = {
            _singular(w) for m in commands.values() if m[:7] == "amount:" for w in m[7:].split()
        }
        return not used or bool(used & {_singular(w) for w in request.name.split()})
    if request is not None:
        return True
    return household_command(text, dt.datetime.now(), ringing=True) is not None


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def household_bias(
    settings: Settings, memory: Memory, household: HouseholdStore
) -> Callable[[], Any]:
    """Whisper's bias toward the household's words, rebuilt at each utterance from the live
    facts, the list, the timers, household.md and the cookbook (Talk and Wyoming alike),
    with the closed pass's commands: the household's asking ones, the recipe being
    cooked's, and starting any recipe."""
    from appliance.cookbook import Cookbook, CookingSessions, RecipeWalk
    from appliance.cookbook.vocabulary import spoken_commands
    from appliance.cookbook.walk import cookbook_words
    from appliance.household.notes import household_notes
    from appliance.household.vocabulary import household_commands
    from appliance.voice.bias import household_words

    # One cookbook for the process: a recipe file is read again only when it changed.
    recipes = RecipeWalk(Cookbook(settings.data_dir), CookingSessions(settings.data_dir))

    def bias() -> Any:
        live = memory.facts("live")
        timers = household.timers()
        names = [i.name for i in household.items()] + [t.name for t in timers]
        names += cookbook_words(recipes)
        cooked = recipes.cooking()
        commands = spoken_commands(
            cooked[1].recipe if cooked else None, [r.title for r in recipes.book.recipes()]
        )
        asking = household_commands(t.name for t in timers)
        for said, meaning in asking.items():
            commands.setdefault(said, meaning)
        words = household_words(
            [f.text for f in live],
            [link for f in live for link in f.links],
            names,
            household_notes(settings.data_dir) or "",
        )
        return talk_bias(words, commands, asking)

    return bias


def talk_bias(words: Iterable[str], commands: Mapping[str, str], asking: Mapping[str, str]) -> Bias:
    """Whisper's bias as Talk hears with it (voice/bias.py): the household's `words`, and
    the closed pass's `commands`, each read by the rules as heard (understood_as_heard),
    the household's `asking` ones placed only within their nearer limit."""
    from appliance.household.vocabulary import WITHIN as HOUSEHOLD_WITHIN
    from appliance.voice.bias import bias_for

    understood = functools.partial(understood_as_heard, commands=commands)
    return bias_for(words, commands, understood, dict.fromkeys(asking.values(), HOUSEHOLD_WITHIN))


# -- Wyoming (hearth wyoming) --------------------------------------------------------------


@contextmanager
def wyoming_parts(
    settings: Settings,
    *,
    port: int | None = None,
    transcriber: Any = None,
    speech: Any = None,
) -> Iterator[WyomingParts]:
    """`hearth wyoming`'s parts: the server (not started) with its peer check, the
    recogniser and the voice (each loaded on first use), the brain's loopback endpoint
    with the token, the household's timers to watch, and the satellites' controller.
    `port`: the brain's port (default web_port)."""
    from appliance.household import HouseholdStore
    from appliance.speech import Speech
    from appliance.voice.brain_client import BrainClient
    from appliance.voice.stt import Transcriber
    from appliance.voice.vad import open_vad
    from appliance.wyoming.describe import hearth_info
    from appliance.wyoming.ears import Ears
    from appliance.wyoming.mouth import Mouth
    from appliance.wyoming.parts import WyomingParts
    from appliance.wyoming.peers import Peers
    from appliance.wyoming.satellites import Satellites
    from appliance.wyoming.server import WyomingServer
    from appliance.wyoming.session import Services
    from appliance.wyoming.timers import TimerWatch
    from appliance.wyoming.turns import Conversations

    with ExitStack() as stack:
        # The bias reads facts; no embedding model is needed for that, and none is loaded.
        memory = stack.enter_context(open_memory(settings, embedding=Embedding.none()))
        household = stack.enter_context(HouseholdStore.open(settings.data_dir))
        token = load_or_create(Path(settings.data_dir))
        brain_port = port or settings.web_port
        ears = Ears(
            (lambda: transcriber)
            if transcriber is not None
            else lambda: Transcriber.open(settings),
            lambda: open_vad(settings.voice_vad),
            household_bias(settings, memory, household),
        )
        services = Services(
            info=hearth_info(settings),
            ears=ears,
            mouth=Mouth(speech if speech is not None else Speech(settings.speech_voice)),
            conversations=Conversations(lambda: BrainClient(brain_port, token.value)),
            timers=lambda: TimerWatch(household.timers, household.timer),
            max_seconds=settings.voice_max_seconds,
        )
        server = WyomingServer(
            services, Peers.of(settings), settings.wyoming_host, settings.wyoming_port
        )
        yield WyomingParts(
            server=server,
            satellites=Satellites.of(settings, services, lambda: open_vad(settings.voice_vad)),
        )


def wake_word(settings: Settings) -> Any:
    """The wake word's detector (its models loaded now), or None when it is off."""
    if settings.wake_word == "off":
        return None
    from appliance.voice.wake import WakeWord

    return WakeWord.open(settings.wake_word, settings.wake_threshold, settings.wake_sure)


def hush_sender(settings: Settings) -> Callable[[], bool]:
    """What any other button calls: True if the voice was speaking and was asked to stop
    (the press then does nothing else); False when nothing was being said."""
    from appliance.voice.talk import SpeakingMark, Talk, TalkSender, talk_socket

    sender, mark = TalkSender(talk_socket(settings)), SpeakingMark.of(settings)
    return lambda: mark.on() and sender.send(Talk.HUSH)


def talk_sender(settings: Settings) -> Callable[[bool], bool]:
    """What the panel's Talk button calls: pressed (True) or released (False) -> delivered."""
    from appliance.voice.talk import Talk, TalkSender, talk_socket

    sender = TalkSender(talk_socket(settings))
    return lambda pressed: sender.send(Talk.PRESS if pressed else Talk.RELEASE)


# -- updates (the card) ----------------------------------------------------------------


def card_updater(settings: Settings, say: Callable[[str], None] = lambda line: None) -> Any:
    """The card's updater: its boot partition, how a slot is tried, the running slot."""
    from appliance.update.backend import BOOT_MOUNT
    from appliance.update.slots import BootPartition, booted_slot
    from appliance.update.trial import trial_boot_for
    from appliance.update.updater import Updater

    cmdline = Path("/proc/cmdline").read_text(encoding="ascii", errors="replace")
    return Updater(
        Path(settings.data_dir),
        BootPartition(BOOT_MOUNT),
        trial_boot_for(BOOT_MOUNT),
        booted_slot(cmdline),
        BOOT_MOUNT,
        say=say,
    )
