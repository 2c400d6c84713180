"""The appliance, composed: which parts each process runs, and how they are wired.

This is the only module that knows every part. `hearth run` and each systemd
service's entry point come here, so a laptop and the Pi run the same wiring:

    process            parts                                           systemd unit
    hearth serve       memory, brain (the model), note-taker, web      hearth-brain
    hearth panel       memory, the board, its display and buttons      hearth-panel
    hearth scheduler   household records, the scheduler, sound         hearth-household
    hearth voice       the microphone, VAD, Whisper, the Talk socket   hearth-voice
    hearth run         all of them in one process, the board to a PNG  (a laptop)

Under systemd each service says READY=1 once it can do its job (the brain: the
model is loaded and the port is open; the panel: the display is open and the board
loop runs; the scheduler: its store is open and its loop runs; voice: the speech
model is loaded and the Talk socket is bound), and pings the watchdog only while
its own liveness check passes: the brain's server answers its own /healthz, the
panel's, the scheduler's and the voice service's loops keep turning. The panel's
Talk button reaches the voice service through `talk_sender` (a datagram socket in
the runtime dir), and the board shows the last spoken exchange (`last_exchange`). Outside systemd
all of that is silent.
"""

from __future__ import annotations

import http.client
import logging
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from appliance.config import Settings
from appliance.household.service import ringing
from appliance.memory import Memory
from appliance.service.systemd import Heartbeat, ServiceManager, Watchdog
from appliance.web.auth import load_or_create
from appliance.web.runner import EVERY, RunOptions, announce, build_server

log = logging.getLogger(__name__)

Say = Callable[[str], None]
# Builds the chat service once memory is open; the real one loads the models.
ChatFactory = Callable[[Settings, Memory], Any]
PROBE_SECONDS = 10.0  # a /healthz slower than this, under load, counts as hung


def open_brain(settings: Settings, memory: Memory) -> Any:
    """The real brain, with the household's intents, as the web's chat service."""
    from appliance.brain import Brain
    from appliance.brain.household import household_router
    from appliance.web.brain_chat import BrainChat

    return BrainChat(Brain.open(settings, memory, intents=household_router(settings.data_dir)))


@contextmanager
def _stop_signals(handler: Callable[[int, Any], None]) -> Iterator[None]:
    """SIGTERM and SIGINT call `handler` inside the block; the handlers before come back after."""
    previous = {s: signal.signal(s, handler) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield
    finally:
        for signum, before in previous.items():
            signal.signal(signum, before)


def serve(
    settings: Settings,
    options: RunOptions,
    *,
    say: Say = print,
    chat_factory: ChatFactory = open_brain,
    manager: ServiceManager | None = None,
) -> int:
    """`hearth serve` and `hearth run`: run until SIGTERM/SIGINT; returns the exit code."""
    manager = manager or ServiceManager()
    stop = threading.Event()
    server_box: list[Any] = []

    def on_signal(signum: int, _frame: object) -> None:
        log.info("signal %d: stopping", signum)
        stop.set()
        if server_box:
            server_box[0].stop()

    with _stop_signals(on_signal):
        with ExitStack() as stack:
            token = load_or_create(Path(settings.data_dir))
            memory = stack.enter_context(Memory.open(settings))
            if options.with_scheduler:  # on the Pi: its own service, `hearth scheduler`
                # Timers ring from their own thread, started before the model loads.
                stack.enter_context(ringing(settings))
            say("hearth: loading the model…")
            manager.status("loading the model")
            chat = chat_factory(settings, memory)
            stack.callback(_close_chat, chat)
            if stop.is_set():
                return 0
            server, queue = build_server(settings, options, chat, memory, token)
            stack.callback(queue.close)
            server_box.append(server)
            if options.with_board:
                stack.enter_context(board_thread(settings, port=server.port))
            announce(say, options, server.port, token, Path(settings.data_dir))
            watchdog = Watchdog(manager, [_answers_health(options.host, server.port)])
            manager.ready(f"answering on port {server.port}")
            watchdog.start()
            stack.callback(watchdog.stop)
            if not stop.is_set():
                server.serve()
            manager.stopping()
            say("hearth: stopping")
        say("hearth: stopped")
        return 0


def _answers_health(host: str, port: int) -> Callable[[], bool]:
    """The brain's liveness: its own server answers /healthz (a wedged pool does not)."""
    probe_host = "127.0.0.1" if host in EVERY else host

    def answers() -> bool:
        connection = http.client.HTTPConnection(probe_host, port, timeout=PROBE_SECONDS)
        try:
            connection.request("GET", "/healthz")
            return connection.getresponse().status == 200
        except OSError:
            return False
        finally:
            connection.close()

    return answers


def _close_chat(chat: Any) -> None:
    close = getattr(chat, "close", None)
    if close is not None:
        close()  # the brain lets its note-taker finish what it holds


def scheduler_service(
    settings: Settings, *, say: Say = print, manager: ServiceManager | None = None
) -> int:
    """`hearth scheduler`: ring timers and reminders until SIGTERM/SIGINT."""
    from appliance.household.scheduler import POLL_SECONDS

    manager = manager or ServiceManager()
    stop = threading.Event()
    # The loop wakes at least every POLL_SECONDS; three missed turns is a hang.
    beat = Heartbeat(within=3 * POLL_SECONDS + 5)
    with _stop_signals(lambda *_: stop.set()):
        with ringing(settings, on_turn=beat.beat) as scheduler:
            say(f"hearth scheduler: ringing timers and reminders from {scheduler.store.path}")
            watchdog = Watchdog(manager, [beat.fresh])
            manager.ready("ringing timers and reminders")
            watchdog.start()
            try:
                stop.wait()
            finally:
                manager.stopping()
                watchdog.stop()
        say("hearth scheduler: stopped")
        return 0


def panel_service(
    settings: Settings,
    display: Any,
    buttons: Any,
    stop: threading.Event,
    *,
    manager: ServiceManager | None = None,
) -> None:
    """`hearth panel`: the board on its display and buttons until `stop` is set."""
    from appliance.panel.board import run_board

    manager = manager or ServiceManager()
    # The board loop turns every fraction of a second; a glass refresh runs on its own
    # thread, so a minute without a turn means the loop itself is stuck.
    beat = Heartbeat(within=60)
    watchdog = Watchdog(manager, [beat.fresh])
    first = threading.Event()

    def turned() -> None:
        beat.beat()
        if not first.is_set():
            first.set()
            manager.ready(f"drawing to {display.describe()}")
            watchdog.start()

    with Memory.open(settings) as memory:
        try:
            run_board(
                settings,
                memory,
                display,
                buttons,
                stop,
                on_turn=turned,
                on_talk=talk_sender(settings),
                said=last_exchange(settings),
                welcome=first_boot_card(settings, memory),
            )
        finally:
            manager.stopping()
            watchdog.stop()


def first_boot_card(
    settings: Settings, memory: Memory, port: int | None = None
) -> Callable[[], Any]:
    """The panel's welcome card (chat URL, QR code, token) while the box is new.

    The token is the brain's own file: whichever service starts first makes it
    (load_or_create agrees between processes), so the card never waits for the model.
    """
    from appliance.panel.board import lan_ips
    from appliance.panel.welcome import chat_urls, welcome_card

    data_dir = Path(settings.data_dir)
    return lambda: welcome_card(
        memory,
        lambda: chat_urls(lan_ips(), port or settings.web_port),
        lambda: load_or_create(data_dir).value,
    )


@contextmanager
def board_thread(settings: Settings, port: int | None = None) -> Iterator[None]:
    """The review board on its own thread, drawn to board.png (a laptop has no panel).

    It opens its own Memory: the board reads the inbox on its thread, the web on its own.
    `port` is where this process's server really listens (`--port` may differ from the
    setting), so the home screen names the chat page a phone can open.
    Without the panel extra (Pillow, the font) `hearth run` still serves chat.
    """
    try:
        from appliance.panel.board import lan_address, run_board
        from appliance.panel.buttons import ButtonGroup
        from appliance.panel.display import BOARD_FILE, PngDisplay
        from appliance.panel.panels import DEFAULT_MODEL, model_named
    except ImportError as exc:
        log.warning("not drawing the board: the panel extra is missing (%s)", exc)
        yield
        return
    stop = threading.Event()
    display = PngDisplay(Path(settings.data_dir) / BOARD_FILE, model_named(DEFAULT_MODEL))
    with Memory.open(settings) as memory:

        def draw() -> None:
            try:
                run_board(
                    settings,
                    memory,
                    display,
                    ButtonGroup([]),
                    stop,
                    address=lambda: lan_address(port or settings.web_port),
                    said=last_exchange(settings),
                    welcome=first_boot_card(settings, memory, port),
                )
            except Exception:  # the board must never take chat down with it
                log.exception("the board stopped drawing")

        thread = threading.Thread(target=draw, name="board", daemon=True)
        thread.start()
        try:
            yield
        finally:
            stop.set()
            thread.join(45)  # a refresh in flight completes first
            if thread.is_alive():
                log.warning("the board did not stop within 45 s")


# -- voice ---------------------------------------------------------------------------


@contextmanager
def voice_parts(
    settings: Settings, *, sound: Any = None, port: int | None = None, transcriber: Any = None
) -> Iterator[Any]:
    """The voice service's parts, wired: the Whisper model (loaded here, once), the VAD,
    the brain's loopback endpoint with the token, the speaker and the board's exchange
    file. The bias is rebuilt from memory and the household records at each utterance."""
    from appliance.brain.agent import household_notes
    from appliance.household import HouseholdStore
    from appliance.sound import open_sound
    from appliance.voice.bias import bias_for, household_words
    from appliance.voice.brain_client import BrainClient
    from appliance.voice.service import Voice
    from appliance.voice.shown import ShownExchange
    from appliance.voice.stt import Transcriber
    from appliance.voice.vad import open_vad

    with ExitStack() as stack:
        # The embedder is never needed here: the bias reads facts, it does not recall.
        memory = stack.enter_context(Memory.open(settings, embedder=lambda: None))
        household = stack.enter_context(HouseholdStore.open(settings.data_dir))
        if sound is None:
            sound = open_sound(settings)
            stack.callback(sound.close)

        def bias() -> Any:
            live = memory.facts("live")
            names = [i.name for i in household.items()] + [t.name for t in household.timers()]
            return bias_for(
                household_words(
                    [f.text for f in live],
                    [link for f in live for link in f.links],
                    names,
                    household_notes(settings.data_dir) or "",
                )
            )

        token = load_or_create(Path(settings.data_dir))
        brain = BrainClient(port or settings.web_port, token.value)
        transcriber = transcriber or Transcriber.open(settings)
        yield Voice(
            open_vad(settings.voice_vad),
            transcriber,
            brain,
            sound,
            ShownExchange(settings.data_dir),
            bias,
            max_seconds=settings.voice_max_seconds,
        )


def voice_service(
    settings: Settings, *, say: Say = print, manager: ServiceManager | None = None
) -> int:
    """`hearth voice`: answer each press of Talk (from the panel's socket) until SIGTERM."""
    from appliance.voice.capture import DeviceError, open_microphone
    from appliance.voice.talk import TalkListener, talk_socket

    manager = manager or ServiceManager()
    stop = threading.Event()
    # The loop turns every 0.5 s when idle; an answer (transcribing, the brain's reply
    # spoken) takes well under a minute, so 90 s without a turn is a hang.
    beat = Heartbeat(within=90)
    with _stop_signals(lambda *_: stop.set()), ExitStack() as stack:
        manager.status("loading the speech model")
        voice = stack.enter_context(voice_parts(settings))
        try:
            say(f"hearth voice: listening with the {open_microphone(settings).describe()}")
        except DeviceError as exc:  # a USB microphone may be plugged in later: found per press
            say(f"hearth voice: {exc}; Talk will say so until one is there")
        talk = TalkListener(talk_socket(settings))
        stack.callback(talk.close)
        say(f"hearth voice: waiting for Talk on {talk.path}")
        watchdog = Watchdog(manager, [beat.fresh])
        manager.ready("waiting for Talk")
        watchdog.start()
        stack.callback(watchdog.stop)
        try:
            voice.serve(talk, lambda: open_microphone(settings), stop, on_turn=beat.beat)
        finally:
            manager.stopping()
    say("hearth voice: stopped")
    return 0


def talk_sender(settings: Settings) -> Callable[[bool], bool]:
    """What the panel's Talk button calls: pressed (True) or released (False) -> delivered."""
    from appliance.voice.talk import Talk, TalkSender, talk_socket

    sender = TalkSender(talk_socket(settings))
    return lambda pressed: sender.send(Talk.PRESS if pressed else Talk.RELEASE)


def last_exchange(settings: Settings) -> Callable[[], str | None]:
    """What the board shows of the last spoken exchange (None: nothing recent)."""
    from appliance.voice.shown import ShownExchange

    return ShownExchange(settings.data_dir).line
