"""The scheduler under a clock the test moves: on time, never early, once, late when down."""

from __future__ import annotations

import datetime as dt
import threading
from pathlib import Path

import pytest

from appliance.household import HouseholdStore, Scheduler
from appliance.household.scheduler import REPEAT_SECONDS, REPEATS
from appliance.sound import Silence, speech_length
from tests.household.conftest import MovableClock


def _silent(words: str) -> str:
    """How the log says that Silence would have spoken these words: their length only."""
    return speech_length(words) + " were not played"


def test_a_timer_rings_at_its_second_and_not_before(
    store: HouseholdStore, scheduler: Scheduler, clock: MovableClock
) -> None:
    timer = store.add_timer("pasta", 720)
    clock.advance(719.9)
    assert scheduler.check() == []
    assert store.timer(timer.id).state == "pending"
    clock.advance(0.1)
    [ring] = scheduler.check()
    assert (ring.record.id, ring.late) == (timer.id, False)
    rung = store.timer(timer.id)
    assert (rung.state, rung.rang_at) == ("ringing", clock.now)


def test_a_timer_rings_once(
    store: HouseholdStore, scheduler: Scheduler, clock: MovableClock
) -> None:
    store.add_timer("rice", 60)
    clock.advance(60)
    assert len(scheduler.check()) == 1
    clock.advance(1)
    assert scheduler.check() == []


def test_a_pending_timer_survives_a_restart(
    data_dir: Path, clock: MovableClock, silence: Silence
) -> None:
    with HouseholdStore.open(data_dir, clock) as before_crash:
        timer = before_crash.add_timer("bread", 600)
    clock.advance(300)  # the service is restarted half-way
    with HouseholdStore.open(data_dir, clock) as after:
        scheduler = Scheduler(after, silence, clock)
        assert scheduler.check() == []
        clock.advance(300)
        [ring] = scheduler.check()
        assert (ring.record.id, ring.late) == (timer.id, False)


def test_a_timer_due_while_down_rings_once_at_start_marked_late(
    data_dir: Path, clock: MovableClock, silence: Silence
) -> None:
    with HouseholdStore.open(data_dir, clock) as before_crash:
        timer = before_crash.add_timer("cake", 60)
    clock.advance(3600)  # down for an hour
    with HouseholdStore.open(data_dir, clock) as after:
        scheduler = Scheduler(after, silence, clock)
        [ring] = scheduler.check()
        assert ring.late and after.timer(timer.id).late
        clock.advance(5)
        assert scheduler.check() == []


def test_a_timer_rung_on_its_poll_is_not_late(
    store: HouseholdStore, scheduler: Scheduler, clock: MovableClock
) -> None:
    store.add_timer("tea", 60)
    clock.advance(61)  # one poll after its time
    [ring] = scheduler.check()
    assert not ring.late


def test_overlapping_timers_each_ring_at_their_own_time(
    store: HouseholdStore, scheduler: Scheduler, clock: MovableClock
) -> None:
    pasta = store.add_timer("pasta", 600)
    clock.advance(120)
    sauce = store.add_timer("sauce", 300)  # rings at 420 s, before the pasta
    clock.advance(300)
    assert [r.record.id for r in scheduler.check()] == [sauce.id]
    clock.advance(179)
    assert scheduler.check() == []
    clock.advance(1)
    assert [r.record.id for r in scheduler.check()] == [pasta.id]


def test_two_timers_due_together_both_ring(
    store: HouseholdStore, scheduler: Scheduler, clock: MovableClock
) -> None:
    store.add_timer("eggs", 240)
    store.add_timer("toast", 240)
    clock.advance(240)
    assert sorted(r.record.name for r in scheduler.check()) == ["eggs", "toast"]


def test_a_cancelled_timer_never_rings(
    store: HouseholdStore, scheduler: Scheduler, clock: MovableClock
) -> None:
    rice = store.add_timer("rice", 60)
    pasta = store.add_timer("pasta", 60)
    [found] = store.find_timers("rice")
    store.stop_timer(found.id)
    clock.advance(120)
    assert [r.record.id for r in scheduler.check()] == [pasta.id]  # control: pasta still rings
    assert store.timer(rice.id).state == "cancelled"


def test_two_schedulers_ring_a_timer_once(
    data_dir: Path, store: HouseholdStore, clock: MovableClock, silence: Silence
) -> None:
    """`hearth run` and a stray `hearth scheduler` on one data dir: one ring, not two."""
    store.add_timer("pasta", 60)
    clock.advance(60)
    with HouseholdStore.open(data_dir, clock) as other:
        [seen_here], _ = store.due(clock.now)  # both read the due timer before either rings it
        [seen_there], _ = other.due(clock.now)
        assert other.claim_ring(seen_there, clock.now, False)
        assert not store.claim_ring(seen_here, clock.now, False)
        assert Scheduler(store, silence, clock).check() == []


def test_a_timer_cancelled_after_it_was_read_does_not_ring(
    store: HouseholdStore, clock: MovableClock
) -> None:
    timer = store.add_timer("pasta", 60)
    clock.advance(60)
    [due], _ = store.due(clock.now)
    store.stop_timer(timer.id)  # "cancel the pasta timer", said in the same second
    assert not store.claim_ring(due, clock.now, False)
    assert store.timer(timer.id).state == "cancelled"


def test_a_reminder_rings_at_its_time(
    store: HouseholdStore, scheduler: Scheduler, clock: MovableClock
) -> None:
    reminder = store.add_reminder("call the dentist", clock.now + dt.timedelta(minutes=20))
    clock.advance(20 * 60 - 1)
    assert scheduler.check() == []
    clock.advance(1)
    [ring] = scheduler.check()
    assert ring.record.id == reminder.id and ring.words == "Reminder: call the dentist."


def test_a_ringing_timer_sounds_again_until_stopped(
    store: HouseholdStore, clock: MovableClock, caplog: pytest.LogCaptureFixture
) -> None:
    scheduler = Scheduler(store, Silence("test"), clock)
    timer = store.add_timer("pasta", 60)
    clock.advance(60)
    scheduler.check()
    said = lambda: sum(_silent("Pasta timer done.") in m for m in caplog.messages)  # noqa: E731
    assert said() == 1
    clock.advance(REPEAT_SECONDS)
    scheduler.check()
    assert said() == 2
    store.stop_timer(timer.id)
    clock.advance(REPEAT_SECONDS)
    scheduler.check()
    assert said() == 2
    assert store.timer(timer.id).state == "done"


def test_repeats_stop_after_their_limit(
    store: HouseholdStore, clock: MovableClock, caplog: pytest.LogCaptureFixture
) -> None:
    scheduler = Scheduler(store, Silence("test"), clock)
    store.add_timer("stew", 60)
    clock.advance(60)
    for _ in range(REPEATS + 5):
        scheduler.check()
        clock.advance(REPEAT_SECONDS)
    assert sum(_silent("Stew timer done.") in m for m in caplog.messages) == REPEATS + 1


def test_keep_on_a_ringing_timer_adds_five_minutes(
    store: HouseholdStore, scheduler: Scheduler, clock: MovableClock
) -> None:
    timer = store.add_timer("bread", 60)
    clock.advance(60)
    scheduler.check()
    snoozed = store.snooze_timer(timer.id, 300)
    assert (snoozed.state, snoozed.rings_at) == ("pending", clock.now + dt.timedelta(minutes=5))
    clock.advance(300)
    assert [r.record.id for r in scheduler.check()] == [timer.id]


def test_no_sound_device_rings_silently_with_a_log_line(
    store: HouseholdStore,
    scheduler: Scheduler,
    clock: MovableClock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    store.add_timer("pasta", 60)
    clock.advance(60)
    [ring] = scheduler.check()
    assert store.timer(ring.record.id).state == "ringing"
    assert any("no sound" in m and _silent("Pasta timer done.") in m for m in caplog.messages)
    assert any("timer 1 rings" in m for m in caplog.messages)
    # The journal keeps these lines: the name and the words are household text.
    assert not any("pasta" in m.lower() for m in caplog.messages)


def test_a_reminder_rings_in_the_log_without_its_words(
    store: HouseholdStore,
    scheduler: Scheduler,
    clock: MovableClock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    store.add_reminder("collect the prescription", clock.now + dt.timedelta(seconds=60))
    clock.advance(60)
    [ring] = scheduler.check()
    assert any(_silent(ring.words) in m for m in caplog.messages)  # control: it was logged
    assert not any("prescription" in m for m in caplog.messages)


def test_run_rings_on_its_own_thread_and_stops(store: HouseholdStore, silence: Silence) -> None:
    """The real loop on the real clock: a one-second timer is ringing within a few seconds."""
    real = HouseholdStore(store.path)  # the wall clock, like the service
    timer = real.add_timer("tea", 1)
    stop = threading.Event()
    thread = threading.Thread(target=Scheduler(real, silence).run, args=(stop,))
    thread.start()
    try:
        for _ in range(50):
            if real.timer(timer.id).state == "ringing":
                break
            stop.wait(0.1)
        assert real.timer(timer.id).state == "ringing"
    finally:
        stop.set()
        thread.join(5)
        real.close()
    assert not thread.is_alive()


def test_a_timer_due_just_before_the_scheduler_started_is_late(
    store: HouseholdStore, clock: MovableClock, silence: Silence
) -> None:
    store.add_timer("bread", 60)
    clock.advance(61)  # one second after it was due, the scheduler (re)starts
    [ring] = Scheduler(store, silence, clock).check()
    assert ring.late


def test_a_restarted_scheduler_does_not_sound_again_at_once_for_what_still_rings(
    data_dir: Path, store: HouseholdStore, clock: MovableClock, caplog: pytest.LogCaptureFixture
) -> None:
    """A timer rung by an earlier run keeps its own rhythm: the next sound is on its turn."""
    store.add_timer("pasta", 60)
    clock.advance(60)
    Scheduler(store, Silence("test"), clock).check()  # the run before the restart rings it
    said = lambda: sum(_silent("Pasta timer done.") in m for m in caplog.messages)  # noqa: E731
    assert said() == 1
    clock.advance(2 * REPEAT_SECONDS + 5)  # down past two repeats; then it restarts
    with HouseholdStore.open(data_dir, clock) as after:
        restarted = Scheduler(after, Silence("test"), clock)
        assert restarted.check() == []
        assert said() == 1  # no sound on starting up: the repeats it missed are not made up
        clock.advance(REPEAT_SECONDS)
        restarted.check()
        assert said() == 2  # then the next repeat, on its turn


def test_a_timer_and_a_reminder_with_one_id_each_sound_again(
    store: HouseholdStore, clock: MovableClock, caplog: pytest.LogCaptureFixture
) -> None:
    scheduler = Scheduler(store, Silence("test"), clock)
    timer = store.add_timer("pasta", 60)
    reminder = store.add_reminder("stir the sauce", clock.now + dt.timedelta(seconds=60))
    assert timer.id == reminder.id  # their own tables: ids overlap
    clock.advance(60)
    assert len(scheduler.check()) == 2
    clock.advance(REPEAT_SECONDS)
    scheduler.check()
    for words in ("Pasta timer done.", "Reminder: stir the sauce."):
        assert sum(_silent(words) in m for m in caplog.messages) == 2, words
