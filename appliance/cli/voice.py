"""`hearth voice`: the voice service, one WAV through the whole path, or a laptop's microphone.

    hearth voice              the service: wait for Talk on the panel's socket, answer each press
    hearth voice --wav FILE…  an utterance from each WAV, one conversation: VAD, STT, the brain,
                              the reply; prints both
    hearth voice --simulate   a laptop: Enter starts listening, Enter stops; q + Enter quits

Every mode needs the brain running (`hearth serve` or `hearth run`) to answer. The
speech model and sounddevice are imported inside the handlers, never at parse time.
"""

from __future__ import annotations

import argparse
import sys
import threading
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from appliance.cli.common import Commands, out
from appliance.cli.process import Say, say, stop_signals
from appliance.cli.running import BRAIN_PORT_HELP, brain_port
from appliance.composition import voice_parts
from appliance.config import Settings
from appliance.service.systemd import Heartbeat, ServiceManager, Watchdog


def register(top: Commands) -> None:
    sub = top.add_parser(
        "voice",
        help="speech to Hearth: hold Talk, speak, release",
        description="Listen when Talk is held, turn speech into text on this machine, ask the "
        "brain, and speak and show the reply. Audio is never stored.",
    )
    mode = sub.add_mutually_exclusive_group()
    mode.add_argument(
        "--wav",
        type=Path,
        nargs="+",
        metavar="FILE",
        help="an utterance from each 16-bit PCM WAV file, in order, in one conversation (as "
        "presses of Talk on the box); prints what was heard and each reply",
    )
    mode.add_argument(
        "--simulate",
        action="store_true",
        help="a laptop: the microphone, with Enter to start and Enter to stop",
    )
    sub.add_argument("--port", type=int, help=BRAIN_PORT_HELP)
    sub.set_defaults(handler=voice)


def voice(args: argparse.Namespace, settings: Settings) -> int:
    if args.wav is not None:
        return _wavs(args, settings)
    if args.simulate:
        return _simulate(args, settings)
    return voice_service(settings, port=brain_port(settings, args.port))


def _report(result: Any) -> int:
    written = f" (the recogniser wrote “{result.written}”)" if result.written else ""
    out(f"heard: {result.heard or '(nothing)'}{written}")
    out(f"hearth: {result.reply}")
    return 0 if result.answered else 1  # nothing heard, or the brain down: a script sees it


def _wavs(args: argparse.Namespace, settings: Settings) -> int:
    """Each file heard and answered in turn, in one conversation: "set a timer" then "eight
    minutes" answers Hearth's "For how long?", as two presses of Talk do on the box."""
    from appliance.voice.capture import WavSource, seconds_of

    sources = [WavSource.from_file(path) for path in args.wav]  # bad files fail first
    for path, source in zip(args.wav, sources, strict=True):
        seconds = seconds_of(source.samples)
        if seconds > settings.voice_max_seconds:  # as a held Talk ends: said, not silently cut
            out(
                f"note: {path} is {seconds:.1f} s long; one utterance is at most "
                f"{settings.voice_max_seconds:g} s (voice_max_seconds), so only that much is "
                "heard"
            )
    failed = 0
    with voice_parts(settings, port=brain_port(settings, args.port)) as voice:
        for source in sources:
            failed |= _report(voice.answer(voice.listen(source)))
    return failed


def _simulate(args: argparse.Namespace, settings: Settings) -> int:
    from appliance.voice.capture import open_microphone

    microphone = open_microphone(settings)  # no microphone: a clear error before loading
    print(f"hearth voice --simulate: {microphone.describe()}", flush=True)
    with voice_parts(settings, port=brain_port(settings, args.port)) as voice:
        while True:
            print("Enter to start talking (q + Enter quits)", flush=True)
            line = sys.stdin.readline()
            if not line or line.strip().lower() in ("q", "quit"):  # end of input, or q
                return 0
            held = threading.Event()
            held.set()
            stopper = threading.Thread(
                target=_clear_on_enter, args=(held,), name="voice-enter", daemon=True
            )
            stopper.start()
            print("listening… Enter to stop", flush=True)
            _report(voice.answer(voice.listen(microphone, held=held)))
            if stopper.is_alive():  # listening ended on the speaker's silence
                print("(Enter)", flush=True)
                stopper.join()


def _clear_on_enter(held: threading.Event) -> None:
    sys.stdin.readline()
    held.clear()


def voice_service(
    settings: Settings,
    *,
    port: int | None = None,
    say: Say = say,
    manager: ServiceManager | None = None,
) -> int:
    """`hearth voice`: answer each press of Talk (from the panel's socket) until SIGTERM;
    the brain on `port`, else on the web_port setting."""
    from appliance.voice.capture import DeviceError, open_microphone
    from appliance.voice.talk import TalkListener, talk_socket

    manager = manager or ServiceManager()
    stop = threading.Event()
    # The loop turns every 0.5 s when idle; an answer (transcribing, the brain's reply
    # spoken) takes well under a minute, so 90 s without a turn is a hang.
    beat = Heartbeat(within=90)
    with stop_signals(lambda *_: stop.set()), ExitStack() as stack:
        manager.status("loading the speech model")
        voice = stack.enter_context(voice_parts(settings, port=port))
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
