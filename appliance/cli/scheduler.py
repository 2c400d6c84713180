"""`hearth scheduler`: ring timers and reminders at their time (the hearth-household service).

It opens the household's records and the sound, and needs nothing else: not the
model, not the panel, so a timer rings while the brain restarts or loads.
"""

from __future__ import annotations

import argparse
import threading

from appliance.cli.common import Commands
from appliance.cli.process import Say, say, stop_signals
from appliance.config import Settings
from appliance.household.scheduler import POLL_SECONDS
from appliance.household.service import ringing
from appliance.service.systemd import Heartbeat, ServiceManager, Watchdog


def scheduler_service(
    settings: Settings, *, say: Say = say, manager: ServiceManager | None = None
) -> int:
    """Ring timers and reminders until SIGTERM/SIGINT."""
    manager = manager or ServiceManager()
    stop = threading.Event()
    # The loop wakes at least every POLL_SECONDS; three missed turns is a hang.
    beat = Heartbeat(within=3 * POLL_SECONDS + 5)
    with stop_signals(lambda *_: stop.set()):
        with ringing(settings, on_turn=beat.beat) as scheduler:
            say(f"hearth scheduler: ringing timers and reminders from {scheduler.store.path}")
            watchdog = Watchdog(manager, [beat.fresh])
            manager.ready("ringing timers and reminders")
            watchdog.start()
            try:
                stop.wait()
            finally:
                watchdog.stop()  # no ping after STOPPING
                manager.stopping()
        say("hearth scheduler: stopped")
        return 0


def scheduler_command(args: argparse.Namespace, settings: Settings) -> int:
    return scheduler_service(settings)


def register(top: Commands) -> None:
    sub = top.add_parser(
        "scheduler",
        help="ring timers and reminders at their time (the hearth-household service)",
        description="Ring each timer and reminder at its time, with a sound when the machine "
        "has a speaker. Runs until SIGTERM or Ctrl-C; needs no model.",
    )
    sub.set_defaults(handler=scheduler_command)
