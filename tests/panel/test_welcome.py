"""welcome.py: the first-boot card on a new box, its QR code, and when it gives way."""

from __future__ import annotations

from pathlib import Path

import pytest
import segno
from PIL import Image

from appliance.composition import board_links
from appliance.config import Settings
from appliance.lan import ChatAddress
from appliance.memory import Memory
from appliance.panel.board import Board, BoardLinks
from appliance.panel.canvas import Canvas
from appliance.panel.panels import MODELS
from appliance.panel.render import HomeScreen, ReviewCard, draw
from appliance.panel.welcome import WelcomeCard, drawn_qr, qr_box, qr_modules
from appliance.web.auth import token_path

TOKEN = "jkADrRqw6W8U_l_Vakw1Xgl4TydA_G4yJy2TF7N4oZs"


ON_LAN = ChatAddress("0.0.0.0", 4327, addresses=lambda: ["192.0.2.7"])


def board(memory: Memory, address: ChatAddress = ON_LAN) -> Board:
    return Board(memory, links=BoardLinks(address=address, token=lambda: TOKEN))


def test_a_new_box_shows_the_welcome_card_with_url_and_token(memory: Memory):
    screen, tag = board(memory).screen()
    assert screen == WelcomeCard(
        url="http://192.0.2.7:4327/",
        mdns_url="http://hearth.local:4327/",
        token=TOKEN,
        on_network=True,
    )
    assert tag == "welcome"


def test_the_first_fact_replaces_the_welcome_card_with_the_home_screen(memory: Memory):
    memory.add("Sam is allergic to peanuts", type="health", actor="cli")
    screen, _ = board(memory).screen()
    assert isinstance(screen, HomeScreen)


def test_a_proposal_waiting_is_shown_before_the_welcome_card(memory: Memory):
    memory.propose("The bins go out on Thursday night", type="routine", actor="notetaker")
    screen, _ = board(memory).screen()
    assert isinstance(screen, ReviewCard)


def test_without_a_token_a_new_box_shows_the_home_screen(memory: Memory):
    screen, _ = Board(memory, links=BoardLinks(address=ON_LAN)).screen()
    assert isinstance(screen, HomeScreen)


def test_no_lan_address_points_the_phone_at_hearth_local(memory: Memory):
    offline = ChatAddress("0.0.0.0", 4327, addresses=lambda: [])
    screen, _ = board(memory, offline).screen()
    assert screen == WelcomeCard(
        "http://hearth.local:4327/", "http://hearth.local:4327/", TOKEN, on_network=False
    )


def test_a_server_on_loopback_only_never_shows_a_lan_address(memory: Memory):
    local = ChatAddress("127.0.0.1", 4327, addresses=lambda: ["192.0.2.7"])
    screen, _ = board(memory, local).screen()
    assert isinstance(screen, WelcomeCard) and screen.local_only and not screen.on_network
    assert screen.url == "http://127.0.0.1:4327/" and "192.0.2.7" not in repr(screen)


def test_a_button_on_the_welcome_card_changes_nothing(memory: Memory):
    from appliance.panel.buttons import Action

    shown = board(memory)
    _, tag = shown.screen()
    for action in (Action.KEEP, Action.DISCARD, Action.NEXT, Action.DOUBT):
        assert not shown.handle(action, on_glass=tag).accepted
    assert memory.facts() == [] and memory.proposals() == []


@pytest.mark.parametrize("model", ["spectra-7.3", "impression-4"])
def test_the_drawn_qr_code_is_the_chat_url_module_for_module(model: str):
    """Sample the centre of every module on the drawn card against segno's own matrix."""
    card = WelcomeCard("http://192.0.2.7:4327/", "http://hearth.local:4327/", TOKEN, True)
    panel = MODELS[model]
    image = draw(card, panel).convert("RGB")
    modules = qr_modules(card.url)
    _, _, scale = qr_box(Canvas(panel), len(modules))
    drawn = drawn_qr(image, panel, len(modules))
    assert drawn != drawn_qr(
        draw(WelcomeCard("http://192.0.2.8:4327/", "", TOKEN, True), panel), panel, len(modules)
    )
    expected = [
        [bool(v) for v in row]
        for row in segno.make(card.url, error="m", micro=False).matrix_iter(border=2)
    ]
    assert drawn == expected
    assert scale >= 3  # a phone camera needs modules a few pixels wide at arm's length


def test_the_card_fits_the_panel_and_is_saved_as_png(tmp_path: Path):
    card = WelcomeCard("http://192.0.2.7:4327/", "http://hearth.local:4327/", TOKEN, False)
    for panel in MODELS.values():
        image = draw(card, panel)
        assert image.size == panel.size
        image.save(tmp_path / f"{panel.key}.png")
        assert Image.open(tmp_path / f"{panel.key}.png").size == panel.size


def test_the_panel_makes_the_token_the_brain_will_use(settings: Settings, memory: Memory):
    """Whichever service starts first makes the token; the card shows the file's token."""
    assert not token_path(settings.data_dir).exists()
    card, _ = Board(memory, links=board_links(settings)).screen()
    assert isinstance(card, WelcomeCard)
    assert card.token == token_path(settings.data_dir).read_text().strip()
    again, _ = Board(memory, links=board_links(settings)).screen()
    assert again == card  # made once, then read


def test_a_wifi_file_that_was_not_used_says_why_on_the_card(memory: Memory, tmp_path: Path):
    from appliance.bootfiles import wifi_problem

    status = tmp_path / "hearth-boot-files.json"
    status.write_text(
        '{"hearth-wifi.txt": {"ok": false, "problem": "the password must be 8 to 63 '
        'characters (it has 5)", "said": "", "at": "2026-12-01T09:00:00+00:00"}}'
    )
    offline = ChatAddress("0.0.0.0", 4327, addresses=lambda: [])
    links = BoardLinks(
        address=offline, token=lambda: TOKEN, setup_problem=lambda: wifi_problem(status)
    )
    card, _ = Board(memory, links=links).screen()
    assert card.problem == (
        "hearth-wifi.txt was not used: the password must be 8 to 63 characters (it has 5)"
    )
    for panel in MODELS.values():  # drawn on every panel without overflowing
        assert draw(card, panel).size == panel.size
    # The control: a file that was used (or none at all) says nothing.
    status.write_text('{"hearth-wifi.txt": {"ok": true, "problem": null, "said": "", "at": ""}}')
    assert Board(memory, links=links).screen()[0].problem is None
    status.unlink()
    assert wifi_problem(status) is None


def test_a_rolled_back_update_says_why_on_the_home_screen(settings: Settings, memory: Memory):
    from appliance.update.status import UpdateStatus, now, write_status

    memory.add("Sam is allergic to peanuts", "health")  # past the welcome card
    links = board_links(settings)
    home, _ = Board(memory, links=links).screen()
    assert home.notice is None  # the control: no update, no line
    write_status(
        Path(settings.data_dir),
        UpdateStatus(
            "rolled-back",
            now(),
            "hearth.raucb",
            "v2",
            "B",
            "A",
            "hearth-brain.service failed to start",
        ),
    )
    home, _ = Board(memory, links=links).screen()
    assert home.notice == "The update v2 was rolled back: hearth-brain.service failed to start"
    for panel in MODELS.values():
        assert draw(home, panel).size == panel.size
