"""`hearth update` at a terminal on a machine that is not a card."""

from __future__ import annotations

import pytest

from appliance.cli import main
from appliance.config import Settings


def test_status_on_a_laptop_says_there_are_no_slots(
    settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["update", "--status"]) == 0
    assert "no A/B slots" in capsys.readouterr().out


def test_installing_needs_root(
    settings: Settings, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from appliance.cli import update

    monkeypatch.setattr(update.os, "geteuid", lambda: 1000)  # a household's user, not root
    assert main(["update", "hearth-amd64.raucb"]) == 1
    assert "run it as root" in capsys.readouterr().err


def test_sending_needs_the_token(
    settings: Settings, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("HEARTH_TOKEN", raising=False)
    assert main(["update", "x.raucb", "--send-to", "http://127.0.0.1:9"]) == 1
    assert "HEARTH_TOKEN" in capsys.readouterr().err
