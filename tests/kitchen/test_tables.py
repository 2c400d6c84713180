"""Every row of every kitchen table, read as the appliance reads it, and a broken row named."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

from appliance.kitchen import units
from appliance.kitchen.tables import DATA, DURATION_UNITS, TableError, read_tables, tables
from appliance.kitchen.units import FAN_OFFSET_C, GAS_MARKS

FILES = (
    "densities.csv",
    "storage.csv",
    "core_temperatures.csv",
    "safety_rules.csv",
    "cooking.csv",
    "substitutions.csv",
    "names.csv",
    "made_of.csv",
)


def test_every_row_of_every_file_is_read_and_names_its_source() -> None:
    read = tables()
    every = (
        read.densities,
        read.storage,
        read.core_temperatures,
        read.safety_rules,
        read.cooking,
        read.substitutions,
        read.names,
        read.made_of,
    )
    for table in every:
        assert len(table) > 0
        assert all(row.source for row in table)
    # Nothing is dropped on the way: one record per data line of each file.
    for name, table in zip(FILES, every, strict=True):
        with (DATA / name).open(encoding="utf-8", newline="") as handle:
            assert len(list(csv.DictReader(handle))) == len(table), name


def test_core_temperatures_agree_in_both_scales() -> None:
    for row in tables().core_temperatures:
        assert abs(units.to_fahrenheit(row.celsius) - row.fahrenheit) <= 1.0, row.food


def test_storage_ranges_are_ranges_in_known_units() -> None:
    for row in tables().storage:
        assert row.unit in DURATION_UNITS and 0 < row.least <= row.most, row.food


def test_cooking_rows_give_times_and_a_consistent_oven() -> None:
    for row in tables().cooking:
        assert row.least_minutes is not None or row.per_kg_minutes is not None, row.food
        if row.oven_celsius is not None and row.fan_celsius is not None:
            assert row.fan_celsius < row.oven_celsius, row.food
        if row.gas_mark is not None and row.fan_celsius is not None:
            # one heat, by the converter's own table (a gas mark is a step of 10 to 20 °C);
            # said with a fan heat alone, its mark is that heat's own: a nineteenth trial's
            # turkey said "180 °C fan (gas mark 5)", which the converter puts 10 °C apart
            gas = GAS_MARKS[row.gas_mark][0]
            if row.oven_celsius is None:
                assert gas == row.fan_celsius + FAN_OFFSET_C, row.food
            else:
                assert abs(gas - row.oven_celsius) <= 10, row.food


def test_a_food_name_is_found_longest_first() -> None:
    found = tables().storage.named_in("how long does cooked rice keep".split())
    assert found is not None and found[0] == "cooked rice"


@pytest.fixture
def copied(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    return folder


def _replace_line(path: Path, number: int, text: str) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[number - 1] = text
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_the_copied_tables_read_as_the_shipped_ones(copied: Path) -> None:
    """The positive control for the broken rows below."""
    assert len(read_tables(copied).storage) == len(tables().storage)


@pytest.mark.parametrize(
    ("file", "row", "message"),
    [
        ("storage.csv", "milk,,opened,fridge,seven,10,day,USDA,", "min must be a number"),
        ("storage.csv", "milk,,opened,fridge,7,10,fortnight,USDA,", "unit must be one of"),
        ("storage.csv", "milk,,opened,fridge,10,7,day,USDA,", "are not a range"),
        ("storage.csv", "milk,,opened,fridge,7,10,day,,", "every row names its source"),
        ("storage.csv", "milk,,opened,fridge,7", "fields"),
        ("core_temperatures.csv", "chicken,,74,100,,USDA,", "is not 100 °F"),
        ("densities.csv", "flour,,9000,King Arthur,", "is not what a cup of anything weighs"),
    ],
)
def test_a_broken_row_is_an_error_naming_its_file_and_line(
    copied: Path, file: str, row: str, message: str
) -> None:
    _replace_line(copied / file, 2, row)
    with pytest.raises(TableError) as raised:
        read_tables(copied)
    assert f"{file} line 2" in str(raised.value) and message in str(raised.value)


def test_a_missing_column_is_named(copied: Path) -> None:
    path = copied / "densities.csv"
    header, *rest = path.read_text(encoding="utf-8").splitlines()
    path.write_text(
        "\n".join([header.replace("grams_per_cup", "grams"), *rest]) + "\n", encoding="utf-8"
    )
    with pytest.raises(TableError, match="no 'grams_per_cup' column"):
        read_tables(copied)


def test_a_food_name_inside_another_food_is_not_that_food() -> None:
    storage = tables().storage
    assert storage.named_in("how long does chilli jam keep".split()) is None or (
        storage.named_in("how long does chilli jam keep".split())[0] != "chilli"
    )
    found = storage.named_in("how long does cooked rice keep".split())
    assert found is not None and found[0] == "cooked rice"  # the control


def test_a_made_of_row_names_only_allergens_of_the_fourteen(tmp_path: Path) -> None:
    copied = tmp_path / "data"
    shutil.copytree(DATA, copied)
    with (copied / "made_of.csv").open("a", encoding="utf-8") as handle:
        handle.write("toast,,bread,crumbs,a guess\n")
    with pytest.raises(TableError, match="allergen must be one of"):
        read_tables(copied)
