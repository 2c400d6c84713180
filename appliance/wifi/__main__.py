"""`python -m appliance.wifi`: the keeper, as hearth-wifi.service runs it (as root).

Not a `hearth` subcommand: the root service loads this package alone (standard library
only), never the rest of the appliance.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
from pathlib import Path

from appliance.wifi.keeper import Keeper
from appliance.wifi.status import RUN_DIR
from appliance.wifi.system import Box


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    run_dir = Path(os.environ.get("HEARTH_WIFI_DIR", str(RUN_DIR)))
    if not (run_dir / "request").is_dir():
        # tmpfiles.d makes it root:hearth at boot; without it the page could not hand over.
        print(
            f"hearth-wifi: {run_dir}/request is missing (systemd-tmpfiles makes it)",
            file=sys.stderr,
        )
        return 1
    stop = threading.Event()
    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, lambda *_: stop.set())
    Keeper(Box(run_dir), run_dir).run(stop)
    return 0


if __name__ == "__main__":
    sys.exit(main())
