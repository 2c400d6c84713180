"""The household's SQLite records: private from the start, one row per thing, no half writes."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from appliance.household import HouseholdStore
from appliance.household.store import item_key
from tests.household.conftest import MovableClock


def test_the_database_is_created_private(store: HouseholdStore) -> None:
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(store.path.parent.stat().st_mode) == 0o700
    assert store.path == store.path.parent.parent / "state" / "household.sqlite"


def test_the_shopping_list_holds_each_thing_once(store: HouseholdStore) -> None:
    assert store.add_items(["eggs", "milk"]) == (["eggs", "milk"], [])
    assert store.add_items(["Egg", "bread"]) == (["bread"], ["Egg"])
    assert [i.name for i in store.items()] == ["eggs", "milk", "bread"]


def test_removing_an_item_finds_it_in_the_singular(store: HouseholdStore) -> None:
    store.add_items(["tomatoes", "milk"])
    assert store.remove_items(["tomato", "butter"]) == (["tomatoes"], ["butter"])
    assert [i.name for i in store.items()] == ["milk"]


def test_clear_empties_the_list(store: HouseholdStore) -> None:
    store.add_items(["a loaf", "jam"])
    assert store.clear_items() == 2
    assert store.items() == []


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("eggs", "egg"),
        ("tomatoes", "tomato"),
        ("berries", "berry"),
        ("rice", "rice"),
        ("bin bags", "bin bag"),
        ("glass", "glass"),
    ],
)
def test_item_keys_fold_plurals(said: str, key: str) -> None:
    assert item_key(said) == key


def test_a_second_timer_of_the_same_name_is_numbered(store: HouseholdStore) -> None:
    assert store.add_timer("pasta", 60).name == "pasta"
    assert store.add_timer("pasta", 90).name == "pasta 2"
    assert [t.name for t in store.find_timers("pasta")] == ["pasta", "pasta 2"]


def test_a_timer_of_no_length_is_refused_and_nothing_is_written(store: HouseholdStore) -> None:
    with pytest.raises(ValueError):
        store.add_timer("pasta", 0)
    assert store.timers() == []


def test_records_are_shared_between_processes(
    data_dir: Path, store: HouseholdStore, clock: MovableClock
) -> None:
    with HouseholdStore.open(data_dir, clock) as other:
        other.add_items(["butter"])
        other.add_timer("rice", 600)
    assert [i.name for i in store.items()] == ["butter"]
    assert [t.name for t in store.timers()] == ["rice"]


def test_timers_that_rang_within_the_hour_are_recent(
    store: HouseholdStore, clock: MovableClock
) -> None:
    old = store.add_timer("old", 60)
    clock.advance(60)
    store.claim_ring(old, clock.now, False)
    store.stop_timer(old.id)
    fresh = store.add_timer("fresh", 60)
    clock.advance(60)
    store.claim_ring(fresh, clock.now, False)
    assert [t.name for t in store.recent_timers()] == ["old", "fresh"]
    clock.advance(3600 - 59)
    assert [t.name for t in store.recent_timers()] == ["fresh"]


def test_a_recipe_steps_timer_is_found_by_the_words_of_its_name(store) -> None:
    timer = store.add_timer("Mum's Shepherd's Pie step 2", 600)
    assert store.find_timers("shepherd's pie") == [timer]
    assert store.find_timers("step 2") == [timer]
    assert store.find_timers("lasagne") == []  # the control: other words find nothing
