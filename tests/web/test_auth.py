"""The access token: made once, 0600 from birth, at least 128 bits, compared in constant time."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from appliance.cli import main
from appliance.errors import ConfigError
from appliance.web import auth
from appliance.web.auth import AccessToken, load_or_create, token_path


def test_first_start_makes_a_private_token_of_at_least_128_bits(data_dir: Path) -> None:
    token = load_or_create(data_dir)
    path = token_path(data_dir)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(token.value) >= 22  # 22 URL-safe characters carry 132 bits
    assert path.read_text().strip() == token.value


def test_the_token_is_private_even_under_a_permissive_umask(data_dir: Path, monkeypatch) -> None:
    old = os.umask(0)
    try:
        load_or_create(data_dir)
    finally:
        os.umask(old)
    assert stat.S_IMODE(token_path(data_dir).stat().st_mode) == 0o600


def test_the_file_is_never_chmod_ed(data_dir: Path, monkeypatch) -> None:
    """Created 0600 by open(), not widened then narrowed: no chmod call at all."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("chmod called on the token file")

    monkeypatch.setattr(os, "chmod", refuse)
    monkeypatch.setattr(os, "fchmod", refuse)
    monkeypatch.setattr(Path, "chmod", refuse)
    load_or_create(data_dir)


def test_a_token_others_can_read_is_warned_about_not_changed(data_dir: Path, caplog) -> None:
    value = load_or_create(data_dir).value
    with caplog.at_level("WARNING", logger="appliance.web.auth"):
        load_or_create(data_dir)
    assert caplog.records == []  # control: 0600 says nothing
    token_path(data_dir).chmod(0o644)  # a person widened it
    with caplog.at_level("WARNING", logger="appliance.web.auth"):
        assert load_or_create(data_dir).value == value
    assert "readable by other users" in caplog.text
    assert stat.S_IMODE(token_path(data_dir).stat().st_mode) == 0o644


def test_the_same_token_comes_back_on_every_start(data_dir: Path) -> None:
    assert load_or_create(data_dir).value == load_or_create(data_dir).value


def test_two_processes_starting_at_once_agree_on_one_token(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    seen: list[str] = []
    barrier = threading.Barrier(8)

    def start() -> None:
        barrier.wait()
        seen.append(load_or_create(data_dir).value)

    threads = [threading.Thread(target=start) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(seen)) == 1
    assert [p.name for p in data_dir.iterdir()] == ["web.token"], "no temp files left behind"


def test_two_data_dirs_get_different_tokens(tmp_path: Path) -> None:
    assert load_or_create(tmp_path / "a").value != load_or_create(tmp_path / "b").value


def test_a_damaged_token_file_is_a_clear_error(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    token_path(data_dir).write_text("short\n")
    with pytest.raises(ConfigError, match="delete it"):
        load_or_create(data_dir)


def test_hearth_token_prints_it(data_dir: Path, capsys) -> None:
    assert main(["token"]) == 0
    printed = capsys.readouterr().out.strip()
    assert printed == token_path(data_dir).read_text().strip()
    assert main(["token"]) == 0
    assert capsys.readouterr().out.strip() == printed


def test_only_the_exact_token_is_accepted() -> None:
    token = AccessToken("A" * 43)
    assert token.accepts("A" * 43)
    for wrong in ["", None, "A" * 42, "A" * 44, "a" * 43, "A" * 42 + "é", " " + "A" * 43]:
        assert not token.accepts(wrong), wrong
    assert token.accepts_header("Bearer " + "A" * 43)
    assert token.accepts_header("bearer   " + "A" * 43 + " ")
    for wrong in [None, "", "A" * 43, "Basic " + "A" * 43, "Bearer", "Token " + "A" * 43]:
        assert not token.accepts_header(wrong), wrong


def test_the_comparison_is_constant_time(monkeypatch) -> None:
    """The check goes through hmac.compare_digest (a test that fails if someone uses ==)."""
    compared: list[tuple[bytes, bytes]] = []
    real = auth.hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(auth.hmac, "compare_digest", spy)
    token = AccessToken("B" * 43)
    assert token.accepts("B" * 43)
    assert not token.accepts("C" * 43)
    assert len(compared) == 2


def test_the_token_never_shows_in_a_repr() -> None:
    assert "B" * 43 not in repr(AccessToken("B" * 43))
