"""The household's short commands, written out: what voice's closed pass may place a
misheard transcript on (voice/closed_pass.py), as the cookbook's vocabulary.py does for a
recipe being cooked.

Only commands that ask, or stop a ring: a placement is a guess, so nothing here sets,
adds, cancels, removes or clears anything (those carry a length, an item or a name the
person chose, and a wrong guess would change the household's records). Each is written in
words the household's own rules (phrases.py) read as the meaning it is listed with; a
test reads every one back.

    household_commands(["pasta"])
      -> {"stop": "ringing.stop", "what's on the list": "shopping.read",
          "how long is left on the pasta timer": "timer.status:pasta", …}
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# How near by sound a transcript must be to be placed on one of these (the pass's own
# limit, for a cook's commands, is 0.36). These are everyday-shaped questions, and
# everyday questions sit next to them: on the engineer's own list, "What's the point?"
# is 0.27 from "what's the date" and "What's that?" 0.30 from "what's the time", which
# held-out speech showed ("What's the weather?" placed on "what's the date"). The rule the
# cookbook's limit was chosen by: the nearest such line, less 0.08.
WITHIN = 0.19

# By what each means, as the household's rules name their commands ("ringing.stop").
ASKING: dict[str, tuple[str, ...]] = {
    "ringing.stop": ("stop", "stop the timer", "stop the alarm", "turn it off", "that's enough"),
    "ringing.snooze": ("snooze", "snooze it"),
    "timer.status": (
        "how long is left",
        "how long left on the timer",
        "how long is left on the timer",
    ),
    "shopping.read": ("what's on the list", "what's on the shopping list", "read me the list"),
    "clock.time": ("what time is it", "what's the time"),
    "clock.date": ("what's the date", "what day is it", "what's the date today"),
}


def household_commands(timers: Iterable[str]) -> dict[str, str]:
    """Each short command the household may say now, with what it means; `timers`: the
    names of the timers set, each asked after by name."""
    said = {phrase: meaning for meaning, phrases in ASKING.items() for phrase in phrases}
    for name in dict.fromkeys(n.strip().lower() for n in timers):
        if re.fullmatch(r"[a-z][a-z' -]*", name):  # not "… step 2": a digit is never placed
            said.setdefault(f"how long is left on the {name} timer", f"timer.status:{name}")
            said.setdefault(f"how long left on the {name}", f"timer.status:{name}")
    return said
