"""wifi_card.py: the board while the box's own setup network is open, drawn for real."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import segno
from PIL import Image

from appliance.composition import board_links
from appliance.config import Settings
from appliance.household import HouseholdStore, Scheduler
from appliance.lan import ChatAddress
from appliance.memory import Memory
from appliance.panel.board import Board, BoardLinks
from appliance.panel.buttons import Action
from appliance.panel.canvas import Canvas
from appliance.panel.panels import MODELS
from appliance.panel.render import HomeScreen, ReviewCard, RingingScreen, draw, render
from appliance.panel.welcome import WelcomeCard, drawn_qr, qr_box, qr_modules
from appliance.panel.wifi_card import WifiCard
from appliance.sound import Silence
from appliance.wifi.access_point import AccessPoint
from appliance.wifi.status import AP, CLIENT, JOINING, WIRED, Result, WifiStatus, read_status

TOKEN = "jkADrRqw6W8U_l_Vakw1Xgl4TydA_G4yJy2TF7N4oZs"
SETUP = AccessPoint("Hearth-3F2A", "kd7m-x3ap-qq9t")
OPEN = WifiStatus(mode=AP, access_point=SETUP)
ADDRESS = ChatAddress("0.0.0.0", 4327, addresses=lambda: ["10.42.0.1"])


class Clock:
    def __init__(self) -> None:
        self.now = dt.datetime(2026, 12, 1, 18, 30)

    def __call__(self) -> dt.datetime:
        return self.now


def board(memory: Memory, status: WifiStatus | None, **links) -> Board:
    return Board(
        memory, links=BoardLinks(address=ADDRESS, token=lambda: TOKEN, wifi=lambda: status, **links)
    )


def test_the_open_setup_network_is_on_the_card_with_its_page_and_the_token(memory: Memory):
    screen, tag = board(memory, OPEN).screen()
    assert screen == WifiCard(
        ssid="Hearth-3F2A",
        password="kd7m-x3ap-qq9t",
        url="http://10.42.0.1:4327/wifi",
        token=TOKEN,
    )
    assert tag == "wifi"
    assert screen.qr_text() == "WIFI:T:WPA;S:Hearth-3F2A;P:kd7m-x3ap-qq9t;;"


@pytest.mark.parametrize(
    "status",
    [
        None,  # no hearth-wifi here (a laptop)
        WifiStatus(mode=CLIENT, address="192.168.1.30"),
        WifiStatus(mode=WIRED),
        WifiStatus(mode=JOINING, access_point=None),  # joining from a cable: no setup network
    ],
)
def test_without_an_open_setup_network_the_new_box_shows_the_welcome_card(memory, status):
    screen, _ = board(memory, status).screen()
    assert isinstance(screen, WelcomeCard)


def test_it_takes_the_place_of_the_home_screen_on_a_box_that_knows_things(memory: Memory):
    memory.add("Sam is allergic to peanuts", type="health", actor="cli")
    assert isinstance(board(memory, OPEN).screen()[0], WifiCard)
    assert isinstance(board(memory, None).screen()[0], HomeScreen)  # positive control


def test_a_proposal_waiting_and_a_ringing_timer_come_first(memory: Memory, data_dir: Path):
    memory.propose("The bins go out on Thursday night", type="routine", actor="notetaker")
    assert isinstance(board(memory, OPEN).screen()[0], ReviewCard)
    clock = Clock()
    with HouseholdStore.open(data_dir, clock) as home:
        home.add_timer("pasta", 60)
        clock.now += dt.timedelta(seconds=60)
        Scheduler(home, Silence("test"), clock).check()
        shown = Board(
            memory,
            household=home,
            links=BoardLinks(address=ADDRESS, token=lambda: TOKEN, wifi=lambda: OPEN),
        )
        assert isinstance(shown.screen()[0], RingingScreen)


@pytest.mark.parametrize(
    ("status", "note"),
    [
        (
            WifiStatus(
                mode=AP,
                access_point=SETUP,
                result=Result(b"Our Kitchen", False, "'Our Kitchen' did not accept that password."),
            ),
            "'Our Kitchen' did not accept that password.",
        ),
        (
            WifiStatus(mode=JOINING, access_point=SETUP, joining=b"evil\xe2\x80\xaegnp"),
            "Trying 'evil\\u202egnp'… this network is off for up to a minute.",
        ),
        (
            WifiStatus(
                mode=AP, access_point=SETUP, problem="'Home' no longer accepts the saved password"
            ),
            "'Home' no longer accepts the saved password",
        ),
        (
            WifiStatus(
                mode=AP,
                access_point=SETUP,
                result=Result(b"Our Kitchen", True, "Joined 'Our Kitchen'."),  # an old success
            ),
            None,
        ),
    ],
)
def test_the_card_says_what_became_of_the_last_try(memory, status, note):
    screen, _ = board(memory, status).screen()
    assert screen.note == note


def test_a_hearth_wifi_txt_that_was_not_used_is_said_on_the_card(memory: Memory):
    problem = "hearth-wifi.txt was not used: the password is 5 characters"
    screen, _ = board(memory, OPEN, setup_problem=lambda: problem).screen()
    assert screen.note == problem


def test_no_button_does_anything_on_the_card(memory: Memory):
    memory.add("Sam is allergic to peanuts", type="health", actor="cli")
    memory.add("The bins go out on Thursday", type="routine", actor="cli")
    shown = board(memory, OPEN)
    _, tag = shown.screen()
    for action in (Action.KEEP, Action.DISCARD, Action.NEXT, Action.DOUBT):
        assert not shown.handle(action, on_glass=tag).accepted
    assert [f.status for f in memory.facts()] == ["live", "live"]
    # Positive control: on the home screen, Next moves the marker.
    home = board(memory, None)
    _, tag = home.screen()
    assert home.handle(Action.NEXT, on_glass=tag).accepted


@pytest.mark.parametrize("model", ["spectra-7.3", "impression-4", "spectra-13.3"])
def test_the_drawn_qr_code_joins_the_setup_network_module_for_module(model: str):
    card = WifiCard("Hearth-3F2A", "kd7m-x3ap-qq9t", "http://10.42.0.1:4327/wifi", TOKEN)
    panel = MODELS[model]
    modules = qr_modules(card.qr_text())
    drawn = drawn_qr(draw(card, panel), panel, len(modules))
    expected = [
        [bool(v) for v in row]
        for row in segno.make(
            "WIFI:T:WPA;S:Hearth-3F2A;P:kd7m-x3ap-qq9t;;", error="m", micro=False
        ).matrix_iter(border=2)
    ]
    assert drawn == expected
    other = WifiCard("Hearth-3F2A", "zzzz-zzzz-zzzz", card.url, TOKEN)
    assert drawn_qr(draw(other, panel), panel, len(modules)) != drawn  # it is the password's
    assert qr_box(Canvas(panel), len(modules))[2] >= 3  # modules a camera can read


def test_the_card_fits_every_panel_through_the_real_renderer(tmp_path: Path):
    long_note = (
        "Hearth could not find '" + "W" * 32 + "'. Check the name, and that the router is on."
    )
    card = WifiCard("Hearth-3F2A", "kd7m-x3ap-qq9t", "http://10.42.0.1:4327/wifi", TOKEN, long_note)
    for panel in MODELS.values():
        image = render(card, panel)
        assert image.size == panel.size and image.mode == "P"
        image.save(tmp_path / f"{panel.key}.png")
        assert Image.open(tmp_path / f"{panel.key}.png").size == panel.size


def test_the_board_the_services_draw_reads_hearth_wifis_status(settings: Settings):
    assert board_links(settings).wifi is read_status
