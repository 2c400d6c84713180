"""A bundle sent to the card in parts, behind the token, for its root-run installer."""

from __future__ import annotations

import hashlib

import pytest

from appliance.update.status import UpdateStatus, now, write_status
from appliance.update.updater import UPLOAD_DIR, UPLOAD_FILE
from appliance.web.update_upload import PART_BYTES
from tests.web.client import call
from tests.web.conftest import Running

BUNDLE = b"hsqs" + bytes(range(256)) * 5000  # 1.2 MB: three parts; RAUC checks the bytes


def uploads(web: Running) -> list[str]:
    folder = web.data_dir / UPLOAD_DIR
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def send(web: Running, data: bytes = BUNDLE, headers: dict | None = None) -> list[int]:
    """Every part, then done; the statuses."""
    headers = web.auth() if headers is None else headers
    statuses = []
    for at in range(0, len(data), PART_BYTES):
        part = data[at : at + PART_BYTES]
        statuses.append(call(f"{web.url}/update/bundle/part?at={at}", "PUT", part, headers).status)
    done = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    statuses.append(call(f"{web.url}/update/bundle/done", "POST", done, headers).status)
    return statuses


@pytest.mark.parametrize("authorization", [None, "Bearer wrong-token-wrong-token-wrong"])
def test_no_part_of_a_bundle_without_the_token(web: Running, authorization: str | None) -> None:
    headers = {} if authorization is None else {"Authorization": authorization}
    assert set(send(web, headers=headers)) == {401}
    assert uploads(web) == []
    assert call(f"{web.url}/update/bundle", headers=headers).status == 401


def test_the_bundle_arrives_whole_and_private_for_the_installer(web: Running) -> None:
    assert send(web) == [200, 200, 200, 202]
    landed = web.data_dir / UPLOAD_DIR / UPLOAD_FILE
    assert landed.read_bytes() == BUNDLE and landed.stat().st_mode & 0o777 == 0o600
    assert uploads(web) == [UPLOAD_FILE]
    shown = call(f"{web.url}/update/bundle", headers=web.auth()).json
    assert shown == {"received": 0, "waiting": True}


def test_a_part_out_of_place_is_refused_and_the_sender_told_where(web: Running) -> None:
    first = BUNDLE[:PART_BYTES]
    assert call(f"{web.url}/update/bundle/part?at=0", "PUT", first, web.auth()).status == 200
    again = call(f"{web.url}/update/bundle/part?at=0", "PUT", first, web.auth())
    assert again.status == 409 and str(PART_BYTES) in again.json["error"]["message"]
    gap = call(f"{web.url}/update/bundle/part?at=9999999", "PUT", b"x", web.auth())
    assert gap.status == 409
    assert call(f"{web.url}/update/bundle", headers=web.auth()).json["received"] == PART_BYTES


def test_a_part_too_big_is_refused_before_it_is_kept(web: Running) -> None:
    big = b"x" * (PART_BYTES + 1)
    answer = call(f"{web.url}/update/bundle/part?at=0", "PUT", big, web.auth())
    assert answer.status == 413 and uploads(web) == []


def test_a_wrong_digest_forgets_the_bundle(web: Running) -> None:
    call(f"{web.url}/update/bundle/part?at=0", "PUT", BUNDLE[:1000], web.auth())
    wrong = {"size": 1000, "sha256": "0" * 64}
    answer = call(f"{web.url}/update/bundle/done", "POST", wrong, web.auth())
    assert answer.status == 422 and uploads(web) == []


def test_done_before_every_byte_arrived_is_refused(web: Running) -> None:
    call(f"{web.url}/update/bundle/part?at=0", "PUT", BUNDLE[:1000], web.auth())
    whole = {"size": len(BUNDLE), "sha256": hashlib.sha256(BUNDLE).hexdigest()}
    assert call(f"{web.url}/update/bundle/done", "POST", whole, web.auth()).status == 409
    assert UPLOAD_FILE not in uploads(web)


def test_a_second_bundle_waits_for_the_first(web: Running) -> None:
    assert send(web)[-1] == 202
    answer = call(f"{web.url}/update/bundle/part?at=0", "PUT", b"other", web.auth())
    assert answer.status == 409
    assert (web.data_dir / UPLOAD_DIR / UPLOAD_FILE).read_bytes() == BUNDLE


def test_a_half_sent_bundle_can_be_forgotten(web: Running) -> None:
    call(f"{web.url}/update/bundle/part?at=0", "PUT", BUNDLE[:1000], web.auth())
    assert call(f"{web.url}/update/bundle", "DELETE", None, web.auth()).status == 200
    assert uploads(web) == []


def test_the_last_update_is_a_view(web: Running) -> None:
    assert call(f"{web.url}/api/update.json").status == 401
    assert call(f"{web.url}/api/update.json", headers=web.auth()).json == {
        "last_update": None,
        "notice": None,
    }
    write_status(web.data_dir, UpdateStatus("rolled-back", now(), "b", "v2", "B", "A", "it broke"))
    shown = call(f"{web.url}/api/update.json", headers=web.auth()).json
    assert shown["notice"] == "The update v2 was rolled back: it broke"


def test_hearth_update_send_to_resumes_and_finishes(web: Running, tmp_path) -> None:
    from appliance.update.send import send_bundle

    bundle = tmp_path / "hearth-amd64.raucb"
    bundle.write_bytes(BUNDLE)
    # An earlier send stopped after the first part: the next one resumes there.
    call(f"{web.url}/update/bundle/part?at=0", "PUT", BUNDLE[:PART_BYTES], web.auth())
    seen: list[int] = []
    assert send_bundle(bundle, web.url, web.token, lambda sent, size: seen.append(sent)) == len(
        BUNDLE
    )
    assert seen[0] == 2 * PART_BYTES  # the first part was not sent again
    assert (web.data_dir / UPLOAD_DIR / UPLOAD_FILE).read_bytes() == BUNDLE
