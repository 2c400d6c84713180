"""Timers a Wyoming turn set, as the protocol's timer events: started with the turn, finished
when the record's time comes, updated and cancelled when anyone changes it."""

from __future__ import annotations

import asyncio
import datetime as dt

from wyoming.asr import Transcript
from wyoming.client import AsyncTcpClient
from wyoming.timer import TimerCancelled, TimerFinished, TimerStarted, TimerUpdated

from appliance.household import HouseholdStore
from appliance.wyoming.timers import TimerWatch
from tests.conftest import Clock


def test_a_timer_set_through_wyoming_finishes_on_the_open_connection(home) -> None:
    async def run() -> list:
        got = []
        async with AsyncTcpClient("127.0.0.1", home.port) as client:
            await client.write_event(Transcript(text="Set an egg timer for 2 seconds.").event())
            while not got or got[-1].type != "timer-finished":
                event = await asyncio.wait_for(client.read_event(), 60)
                assert event is not None
                got.append(event)
        return got

    events = asyncio.run(run())
    kinds = [e.type for e in events]
    assert kinds == ["timer-started", "handled", "timer-finished"], kinds
    started = TimerStarted.from_event(events[0])
    assert (started.name, started.total_seconds, started.start_seconds) == ("egg", 2, 2)
    assert TimerFinished.from_event(events[2]).id == started.id


def test_the_watch_sees_only_its_own_turns_timers_and_what_becomes_of_them(data_dir) -> None:
    clock = Clock(dt.datetime(2026, 12, 1, 12, 0, 0))
    with HouseholdStore.open(data_dir, clock) as store:
        store.add_timer("bread", 3600)  # set before the turn, elsewhere: not announced
        watch = TimerWatch(store.timers, store.timer, clock)
        before = watch.before_turn()
        rice = store.add_timer("rice", 540)
        soup = store.add_timer("soup", 600)
        reply = "Rice timer set for 9 minutes: it rings at 12:09. Soup timer set for 10 minutes."
        started = watch.after_turn(before, reply)
        assert [TimerStarted.from_event(e).name for e in started] == ["rice", "soup"]
        assert watch.poll() == []  # nothing has happened yet
        store.extend_timer(rice.id, 60)
        clock.now += dt.timedelta(minutes=1)
        [updated] = watch.poll()
        assert TimerUpdated.from_event(updated) == TimerUpdated(
            id=str(rice.id), is_active=True, total_seconds=540
        )
        store.stop_timer(soup.id)  # the panel or the CLI cancelled it
        [cancelled] = watch.poll()
        assert TimerCancelled.from_event(cancelled).id == str(soup.id)
        clock.now += dt.timedelta(minutes=9)  # rice's exact time
        [finished] = watch.poll()
        assert TimerFinished.from_event(finished).id == str(rice.id)
        assert watch.watched == {} and watch.poll() == []


def test_a_timer_set_elsewhere_during_the_turn_is_not_announced_as_the_turns(data_dir) -> None:
    clock = Clock(dt.datetime(2026, 12, 1, 12, 0, 0))
    with HouseholdStore.open(data_dir, clock) as store:
        watch = TimerWatch(store.timers, store.timer, clock)
        before = watch.before_turn()
        store.add_timer("bread", 3600)  # the kitchen's panel, while the Wyoming turn ran
        store.add_timer("rice", 720)  # another peer's turn: the same length, another name
        pasta = store.add_timer("pasta", 720)  # this turn's
        store.add_timer("pasta", 720)  # "pasta 2", another peer's: not this reply's
        started = watch.after_turn(before, "Pasta timer set for 12 minutes: it rings at 12:12.")
        assert [TimerStarted.from_event(e).id for e in started] == [str(pasta.id)]
        assert list(watch.watched) == [pasta.id]  # and only it will be finished to this peer
        assert watch.after_turn(watch.before_turn(), "What's 200 g in cups?") == []


def test_positive_control_an_unnamed_timer_the_reply_names_is_announced(data_dir) -> None:
    clock = Clock(dt.datetime(2026, 12, 1, 12, 0, 0))
    with HouseholdStore.open(data_dir, clock) as store:
        watch = TimerWatch(store.timers, store.timer, clock)
        before = watch.before_turn()
        timer = store.add_timer("timer", 90)
        said = "Timer set for 1 minute 30 seconds: it rings at 12:01:30."
        [started] = watch.after_turn(before, said)
        assert TimerStarted.from_event(started).id == str(timer.id)
