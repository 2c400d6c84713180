"""The scheduler as a running thing: its own service on the Pi, a thread in `hearth run`.

    with ringing(settings):      # the scheduler's thread runs inside the block
        ...

It opens its own store connection and its own sound, and needs nothing else:
not the model, not the panel, so a timer rings while the brain restarts or
loads and while the panel redraws.
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from appliance.config import Settings
from appliance.household.scheduler import Scheduler
from appliance.household.store import HouseholdStore
from appliance.sound import Sound, open_sound

log = logging.getLogger(__name__)


@contextmanager
def ringing(
    settings: Settings,
    *,
    sound: Sound | None = None,
    clock: Callable[[], dt.datetime] | None = None,
    on_turn: Callable[[], None] | None = None,
) -> Iterator[Scheduler]:
    """Run the scheduler on a thread for the duration of the block."""
    store = HouseholdStore.open(settings.data_dir, clock)
    # A timer's name in espeak-ng: the neural voice needs about 165 MB and onnxruntime
    # writes executable memory, and hearth-household.service allows 200 MB and no W^X.
    speaker = sound if sound is not None else open_sound(settings, voice="espeak")
    scheduler = Scheduler(store, speaker, clock)
    stop = threading.Event()
    thread = threading.Thread(
        target=scheduler.run, args=(stop, on_turn), name="scheduler", daemon=True
    )
    thread.start()
    try:
        yield scheduler
    finally:
        stop.set()
        thread.join(10)
        if sound is None:
            speaker.close()
        store.close()
