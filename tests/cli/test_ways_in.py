"""Every way into the board draws the same first screen: the service, --once, --simulate, run.

They once drifted: on a new box `hearth panel --once` drew the home screen while the
service drew the welcome card. Each now takes its parts from composition.board_parts.
"""

from __future__ import annotations

import io
import threading
import time
from pathlib import Path

import numpy
import pytest
from PIL import Image

from appliance.cli import main
from appliance.cli.panel import panel_service
from appliance.cli.serve import board_thread
from appliance.config import Settings
from appliance.lan import ChatAddress
from appliance.memory import Memory
from appliance.memory.embedding import Embedding
from appliance.panel.display import BOARD_FILE


@pytest.fixture
def box(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    """A new box as the CLI sees it: the data dir and the web settings from the environment."""
    data_dir = tmp_path / "data"
    monkeypatch.setenv("HEARTH_DATA_DIR", str(data_dir))
    monkeypatch.setenv("HEARTH_PANEL_MODEL", "png")
    monkeypatch.setenv("HEARTH_WEB_PORT", "4327")
    monkeypatch.setenv("HEARTH_RUNTIME_DIR", str(tmp_path / "run"))
    return Settings.for_data_dir(data_dir, panel_model="png", runtime_dir=tmp_path / "run")


def pixels(path: Path) -> numpy.ndarray:
    return numpy.array(Image.open(path).convert("RGB"))


def wait_for(path: Path, timeout: float = 20) -> None:
    end = time.monotonic() + timeout
    while not path.exists():
        assert time.monotonic() < end, f"{path} was never drawn"
        time.sleep(0.05)


def draw_every_way(box: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict:
    board = Path(box.data_dir) / BOARD_FILE
    drawn: dict[str, numpy.ndarray] = {}

    assert main(["panel", "--once", "--out", str(tmp_path / "once.png")]) == 0
    drawn["--once"] = pixels(tmp_path / "once.png")

    monkeypatch.setattr("sys.stdin", io.StringIO("q"))
    assert main(["panel", "--simulate"]) == 0
    drawn["--simulate"] = pixels(board)
    board.unlink()

    stop = threading.Event()
    service = threading.Thread(target=panel_service, args=(box, stop), kwargs={"say": print})
    service.start()
    wait_for(board)
    time.sleep(0.3)  # the file is replaced whole; let the first frame land
    stop.set()
    service.join(20)
    drawn["the service"] = pixels(board)
    board.unlink()

    with board_thread(box, ChatAddress(box.web_host, box.web_port), Embedding.none()):
        wait_for(board)
        time.sleep(0.3)
    drawn["hearth run"] = pixels(board)
    return drawn


def assert_all_alike(drawn: dict[str, numpy.ndarray]) -> None:
    first, *rest = drawn
    for way in rest:
        assert numpy.array_equal(drawn[first], drawn[way]), f"{way} drew another screen"


def test_a_new_box_shows_the_welcome_card_every_way_in(
    box: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    drawn = draw_every_way(box, tmp_path, monkeypatch)
    assert "[welcome] a phone opens http://" in capsys.readouterr().out  # --once says which
    assert_all_alike(drawn)


def test_a_waiting_proposal_is_the_same_card_every_way_in(
    box: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    with Memory.open(box) as memory:
        memory.propose("The bins go out on Thursday night", "routine")
    drawn = draw_every_way(box, tmp_path, monkeypatch)
    assert "[card 1 of 1] routine: The bins go out on Thursday night" in capsys.readouterr().out
    assert_all_alike(drawn)


def test_once_describes_a_ringing_screen(
    box: Settings, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--once while a timer rings said nothing: it read a field the ringing screen lacks."""
    from appliance.household import HouseholdStore

    with HouseholdStore.open(box.data_dir) as store:
        timer = store.add_timer("pasta", 60)
        store.claim_ring(store.timer(timer.id), store.now(), late=False)
    assert main(["panel", "--once", "--out", str(tmp_path / "ringing.png")]) == 0
    out = capsys.readouterr().out
    assert "[ringing since" in out and "pasta" in out.lower()


def test_a_recipe_being_cooked_is_the_same_step_every_way_in(
    box: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """The cookbook and the walk come from board_parts too: each way draws the step, and
    counts the recipe waiting for review."""
    from appliance.cookbook import Cookbook, CookingSessions, RecipeWalk
    from appliance.cookbook.request import CookingRequest
    from tests.cookbook.conftest import FLAPJACKS

    book = Cookbook.open(box.data_dir)
    kept = book.propose(FLAPJACKS, "web")
    book.keep(kept.id, "cli", shown=kept.digest)
    book.propose(FLAPJACKS.replace("golden syrup", "honey"), "web")
    walk = RecipeWalk(book, CookingSessions(box.data_dir))
    walk.answer(CookingRequest("start", name="nana's flapjacks"))
    drawn = draw_every_way(box, tmp_path, monkeypatch)
    out = capsys.readouterr().out
    assert "[cooking] Nana's Flapjacks, step 1 of 5: Heat the oven" in out
    assert "1 to review after cooking" in out
    assert_all_alike(drawn)


def test_the_board_names_the_port_the_hearth_running_here_listens_on(
    box: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """`hearth panel` beside `hearth run --port N` on the same data dir shows N, not the
    web_port setting; a Hearth running on another data dir changes nothing."""
    from appliance.cli.running import mark_serving, unmark_serving
    from appliance.cookbook import Cookbook
    from tests.cookbook.conftest import FLAPJACKS

    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "xdg"))
    (tmp_path / "xdg").mkdir(mode=0o700)
    Cookbook.open(box.data_dir).propose(FLAPJACKS, "web")  # its card names the page

    def drawn() -> str:
        assert main(["panel", "--once", "--out", str(tmp_path / "once.png")]) == 0
        return capsys.readouterr().out

    assert ":4327/recipes" in drawn()  # nothing running: the setting
    marker = mark_serving(4444, Path(box.data_dir))
    assert marker is not None
    try:
        assert ":4444/recipes" in drawn()
    finally:
        unmark_serving(marker)
    other = mark_serving(4444, tmp_path / "another")
    try:
        assert ":4327/recipes" in drawn()
    finally:
        unmark_serving(other)
