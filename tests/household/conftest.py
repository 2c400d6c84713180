"""Household fixtures: a clock a test moves by hand, the real SQLite store, silent sound."""

from __future__ import annotations

import datetime as dt
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.household import HouseholdStore, Scheduler
from appliance.sound import Silence
from tests.conftest import Clock

PHRASES = Path(__file__).parents[2] / "benchmarks" / "data" / "household_phrases.json"


class MovableClock(Clock):
    """The shared test clock, moved by seconds: the store and the scheduler both read it."""

    def advance(self, seconds: float) -> dt.datetime:
        self.now += dt.timedelta(seconds=seconds)
        return self.now


@pytest.fixture
def clock() -> MovableClock:
    return MovableClock(dt.datetime(2026, 12, 1, 18, 30, 0))


@pytest.fixture
def store(data_dir: Path, clock: MovableClock) -> Iterator[HouseholdStore]:
    with HouseholdStore.open(data_dir, clock) as opened:
        yield opened


@pytest.fixture
def silence(caplog: pytest.LogCaptureFixture) -> Silence:
    caplog.set_level(logging.INFO)
    return Silence("this machine has no sound card")


@pytest.fixture
def scheduler(store: HouseholdStore, silence: Silence, clock: MovableClock) -> Scheduler:
    return Scheduler(store, silence, clock)


def phrase_table() -> dict:
    return json.loads(PHRASES.read_text(encoding="utf-8"))
