"""Settings: the file, then HEARTH_* variables, and the inbox that must never meet memory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from appliance.config import RANGES, Settings, default_data_dir, load_settings
from appliance.errors import ConfigError


def _empty(tmp_path: Path) -> str:
    config = tmp_path / "empty.toml"
    config.write_text("")
    return str(config)


def test_environment_overrides_the_file(tmp_path: Path) -> None:
    config = tmp_path / "hearth.toml"
    config.write_text(f'data_dir = "{tmp_path / "from-file"}"\nrecall_limit = 7\n')
    settings = load_settings(
        {"HEARTH_CONFIG": str(config), "HEARTH_DATA_DIR": str(tmp_path / "from-env")}
    )
    assert settings.data_dir == tmp_path / "from-env"
    assert settings.recall_limit == 7
    assert settings.memory_dir == tmp_path / "from-env" / "memory"
    assert settings.inbox_dir == tmp_path / "from-env" / "inbox"


def test_unknown_setting_in_file_is_an_error(tmp_path: Path) -> None:
    config = tmp_path / "hearth.toml"
    config.write_text("reacll_limit = 3\n")
    with pytest.raises(ConfigError, match="unknown setting.*reacll_limit"):
        load_settings({"HEARTH_CONFIG": str(config)})


def test_missing_explicit_config_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_settings({"HEARTH_CONFIG": str(tmp_path / "nope.toml")})


def test_bad_number_in_environment_names_the_setting(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="recall_limit"):
        load_settings({"HEARTH_CONFIG": _empty(tmp_path), "HEARTH_RECALL_LIMIT": "x"})


@pytest.mark.parametrize("inbox", ["same", "inside", "contains"])
def test_inbox_overlapping_memory_is_refused(tmp_path: Path, inbox: str) -> None:
    memory = tmp_path / "data" / "memory"
    where = {"same": memory, "inside": memory / "inbox", "contains": tmp_path / "data"}[inbox]
    with pytest.raises(ConfigError, match="proposals would reach recall"):
        load_settings(
            {
                "HEARTH_CONFIG": _empty(tmp_path),
                "HEARTH_DATA_DIR": str(tmp_path / "data"),
                "HEARTH_INBOX_DIR": str(where),
            }
        )


def test_inbox_reaching_memory_through_a_symlink_is_refused(tmp_path: Path) -> None:
    memory = tmp_path / "data" / "memory"
    memory.mkdir(parents=True)
    link = tmp_path / "innocent-inbox"
    link.symlink_to(memory)
    with pytest.raises(ConfigError, match="same folder"):
        load_settings(
            {
                "HEARTH_CONFIG": _empty(tmp_path),
                "HEARTH_DATA_DIR": str(tmp_path / "data"),
                "HEARTH_INBOX_DIR": str(link),
            }
        )


def test_separate_inbox_is_accepted(tmp_path: Path) -> None:
    """Positive control for the overlap guard: a sibling folder is fine."""
    settings = load_settings(
        {
            "HEARTH_CONFIG": _empty(tmp_path),
            "HEARTH_DATA_DIR": str(tmp_path / "data"),
            "HEARTH_INBOX_DIR": str(tmp_path / "elsewhere"),
        }
    )
    assert settings.inbox_dir == tmp_path / "elsewhere"


def test_default_data_dir_is_system_dir_for_root_else_xdg(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    assert default_data_dir() == Path("/var/lib/hearth")
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_data_dir() == tmp_path / "xdg" / "hearth"


def test_for_data_dir_ignores_the_environment(tmp_path: Path) -> None:
    assert Settings.for_data_dir(tmp_path).data_dir == tmp_path


@pytest.mark.parametrize("name", sorted(RANGES))
def test_every_number_setting_is_refused_outside_its_bounds(name: str) -> None:
    low, high, _ = RANGES[name]
    for bound in (low, high):
        assert getattr(Settings(**{name: bound}), name) == bound  # the control: the bounds
    for outside in (low - 1, high + 1):
        with pytest.raises(ConfigError, match=f"{name} must be between"):
            Settings(**{name: outside})
