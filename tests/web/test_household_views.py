"""GET /api/timers.json and /api/shopping.json: read-only, behind the same rule as every view."""

from __future__ import annotations

import datetime as dt

import pytest

from appliance.household import HouseholdStore, Scheduler
from appliance.sound import Silence
from tests.web.client import call
from tests.web.conftest import Running
from tests.web.test_access import view_cookie

HOUSEHOLD_VIEWS = ["/api/timers.json", "/api/shopping.json"]


@pytest.mark.parametrize("path", HOUSEHOLD_VIEWS)
def test_household_views_need_the_token_or_the_view_cookie(web: Running, path: str) -> None:
    assert call(f"{web.url}{path}").status == 401
    assert call(f"{web.url}{path}", headers=web.auth()).status == 200
    cookie = view_cookie(web)
    assert (
        call(f"{web.url}{path}", headers={"Cookie": f"{cookie.key}={cookie.value}"}).status == 200
    )


@pytest.mark.parametrize("path", HOUSEHOLD_VIEWS)
def test_a_household_can_open_them_to_the_lan(open_web: Running, path: str) -> None:
    assert call(f"{open_web.url}{path}").status == 200


@pytest.mark.parametrize("path", HOUSEHOLD_VIEWS)
@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE"])
def test_household_views_change_nothing(web: Running, path: str, method: str) -> None:
    with HouseholdStore.open(web.data_dir) as store:
        store.add_items(["eggs"])
    answer = call(f"{web.url}{path}", method, {"items": []}, web.auth())
    assert answer.status == 405
    with HouseholdStore.open(web.data_dir) as store:
        assert [i.name for i in store.items()] == ["eggs"]


def test_the_views_show_the_records(web: Running) -> None:
    clock_now = [dt.datetime.now().replace(microsecond=0)]
    with HouseholdStore.open(web.data_dir, lambda: clock_now[0]) as store:
        store.add_items(["eggs", "milk"])
        store.add_timer("pasta", 720)
        store.add_timer("tea", 60)
        clock_now[0] += dt.timedelta(seconds=60)
        Scheduler(store, Silence("test"), lambda: clock_now[0]).check()
    timers = call(f"{web.url}/api/timers.json", headers=web.auth()).json["timers"]
    assert [(t["name"], t["state"]) for t in timers] == [("tea", "ringing"), ("pasta", "pending")]
    assert timers[0]["rang_at"] == clock_now[0].isoformat()
    items = call(f"{web.url}/api/shopping.json", headers=web.auth()).json["items"]
    assert [i["name"] for i in items] == ["eggs", "milk"]
