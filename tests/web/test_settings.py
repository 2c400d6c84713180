"""The web's settings: defaults, environment overrides, and refusals."""

from __future__ import annotations

import pytest

from appliance.config import Settings, load_settings
from appliance.errors import ConfigError


def test_defaults_listen_on_every_address_with_a_small_queue() -> None:
    settings = load_settings()
    assert (settings.web_host, settings.web_port) == ("0.0.0.0", 4327)
    assert settings.web_queue_depth == 2
    assert settings.web_private_views is True, "the views need the token unless opened"
    assert settings.web_hosts == ""


def test_environment_overrides(monkeypatch) -> None:
    monkeypatch.setenv("HEARTH_WEB_PORT", "8081")
    monkeypatch.setenv("HEARTH_WEB_QUEUE_DEPTH", "0")
    monkeypatch.setenv("HEARTH_WEB_PRIVATE_VIEWS", "no")
    monkeypatch.setenv("HEARTH_WEB_HOSTS", "kitchen.lan, 10.0.0.7")
    settings = load_settings()
    assert (settings.web_port, settings.web_queue_depth, settings.web_private_views) == (
        8081,
        0,
        False,
    )
    assert settings.web_hosts == "kitchen.lan, 10.0.0.7"


@pytest.mark.parametrize("value", ["kitchen.lan:4327/", "http://kitchen.lan", "a;b"])
def test_a_web_hosts_entry_that_is_not_a_name_is_refused(tmp_path, value: str) -> None:
    with pytest.raises(ConfigError, match="web_hosts"):
        Settings.for_data_dir(tmp_path, web_hosts=value)


@pytest.mark.parametrize(
    ("field", "value"),
    [("web_port", 70000), ("web_port", -1), ("web_queue_depth", -1), ("web_queue_depth", 33)],
)
def test_out_of_range_values_are_refused(tmp_path, field: str, value: int) -> None:
    with pytest.raises(ConfigError, match=field):
        Settings.for_data_dir(tmp_path, **{field: value})
