"""The one cooking session of a kitchen: which recipe, which step, how much of it.

    sessions = CookingSessions(data_dir)
    sessions.start("nanas-flapjacks")        # step 1, the recipe as written
    sessions.move(+1)                        # "next", the panel's Keep or Next
    sessions.scale(Fraction(1, 2))           # "half the recipe"
    sessions.current()                       # Cooking(...) or None

The brain (chat and voice) and the panel (its buttons) are separate processes; both
read and change `cooking.json` in the data dir, under the data dir's lock, written
whole by rename, so a press and a spoken "next" never half-apply. A session nobody has
touched for twelve hours is over: the board goes back to review on its own.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from fractions import Fraction
from pathlib import Path

from appliance.files import StoreLock, remove_durably, write_private

log = logging.getLogger(__name__)

STALE_SECONDS = 12 * 3600  # a slow cooker's day; past it the board is the board again


@dataclass(frozen=True)
class Cooking:
    recipe_id: str
    title: str
    step: int  # from 1
    steps: int
    factor: str  # Fraction as "n/d": how much of the recipe is being made
    timers_started: tuple[int, ...] = ()  # steps whose offered timer was started
    touched: float = 0.0  # epoch seconds of the last change

    @property
    def scale(self) -> Fraction:
        return Fraction(self.factor)

    @classmethod
    def from_json(cls, text: str) -> Cooking:
        fields = json.loads(text)
        fields["timers_started"] = tuple(fields.get("timers_started", ()))
        return cls(**fields)

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)


class CookingSessions:
    def __init__(self, data_dir: Path | str, clock: Callable[[], dt.datetime] | None = None):
        self.path = Path(data_dir) / "cooking.json"
        self._lock = StoreLock(Path(data_dir) / ".lock")
        self._clock = clock or dt.datetime.now

    def _now(self) -> float:
        return self._clock().timestamp()

    def current(self) -> Cooking | None:
        """The session under way, or None (none started, finished, or gone stale)."""
        try:
            cooking = Cooking.from_json(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (ValueError, TypeError, KeyError) as exc:
            log.warning("cooking.json unreadable (%s); no recipe is being cooked", exc)
            return None
        if self._now() - cooking.touched > STALE_SECONDS:
            return None
        return cooking

    def _save(self, cooking: Cooking) -> Cooking:
        cooking = replace(cooking, touched=self._now())
        write_private(self.path, cooking.to_json().encode("utf-8"))
        return cooking

    def start(self, recipe_id: str, title: str, steps: int) -> Cooking:
        with self._lock.held():
            return self._save(Cooking(recipe_id, title, 1, steps, "1"))

    def _change(self, change: Callable[[Cooking], Cooking]) -> Cooking | None:
        with self._lock.held():
            cooking = self.current()
            return None if cooking is None else self._save(change(cooking))

    def move(self, by: int) -> Cooking | None:
        """A step on or back, kept within the recipe (None: nothing is being cooked)."""
        return self._change(lambda c: replace(c, step=min(max(c.step + by, 1), c.steps)))

    def go_to(self, step: int) -> Cooking | None:
        return self._change(lambda c: replace(c, step=min(max(step, 1), c.steps)))

    def scale(self, factor: Fraction) -> Cooking | None:
        return self._change(lambda c: replace(c, factor=str(factor)))

    def timer_started(self, step: int) -> Cooking | None:
        return self._change(
            lambda c: replace(c, timers_started=tuple(sorted({*c.timers_started, step})))
        )

    def finish(self) -> Cooking | None:
        """The session ends; returns what it was."""
        with self._lock.held():
            cooking = self.current()
            if self.path.exists():
                remove_durably(self.path)
            return cooking
