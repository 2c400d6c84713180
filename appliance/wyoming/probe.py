"""Ask a Wyoming peer what it is (`describe` -> `info`), blocking, with a timeout.

For `hearth doctor` (is `hearth wyoming` answering? are the satellites?) and for the
service's own watchdog check. A satellite answers `describe` without taking it as its
controller, so asking does not disturb the connection Hearth runs it on.
"""

from __future__ import annotations

import socket

from wyoming.info import Describe, Info

from appliance.wyoming.wire import BadEvent, read_event_from, write_event_to


class NoAnswer(Exception):
    """Nothing, or not an info, came back; the message says which."""


def describe(host: str, port: int, timeout: float = 3.0) -> Info:
    try:
        with socket.create_connection((host, port), timeout) as sock:
            sock.settimeout(timeout)
            stream = sock.makefile("rwb")
            write_event_to(Describe().event(), stream)
            answer = read_event_from(stream)
    except (OSError, BadEvent) as exc:
        raise NoAnswer(str(exc) or type(exc).__name__) from exc
    if answer is None:
        raise NoAnswer("it closed the connection without answering")
    if not Info.is_type(answer.type):
        raise NoAnswer(f"it answered {answer.type!r}, not info")
    return Info.from_event(answer)
