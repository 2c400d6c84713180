"""render.py: every screen at each panel's size and palette, crisp text, no overflow."""

from __future__ import annotations

import datetime as dt

import numpy
import pytest
from PIL import Image, ImageDraw

from appliance.panel.canvas import ELLIPSIS, font, wrap
from appliance.panel.panels import MODELS, SPECTRA_PALETTE
from appliance.panel.render import (
    HomeScreen,
    RecentFact,
    ReviewCard,
    draw,
    quantise,
    render,
    visible_rows,
)

CARD = ReviewCard(
    "Sam is allergic to peanuts and carries an EpiPen in the blue school bag.",
    "health",
    dt.datetime(2026, 11, 30, 8, 42),
    "kitchen chat",
    1,
    3,
)
CORRECTION = ReviewCard(
    "Piano lessons moved to Thursdays at 5",
    "routine",
    dt.datetime(2026, 11, 29, 19, 5),
    None,
    2,
    2,
    kind="supersede",
    target_text="Piano lessons are on Wednesdays at 5",
    notice="That one was already settled elsewhere.",
)
HOME = HomeScreen(
    dt.date(2026, 11, 30),
    0,
    (
        RecentFact("bins", "routine", "Bins go out on Thursday night; recycling every other week."),
        RecentFact("coffee", "preference", "Sam takes his coffee black."),
    ),
    0,
    "On the network at 192.168.1.23 · kitchen-pi",
)
EMPTY_HOME = HomeScreen(dt.date(2026, 11, 30), 0, (), None, "Not on a network yet · kitchen-pi")
SCREENS = {"card": CARD, "correction": CORRECTION, "home": HOME, "empty-home": EMPTY_HOME}


@pytest.mark.parametrize("key", sorted(MODELS))
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_every_screen_renders_at_the_panels_size_in_its_palette(key, name):
    model = MODELS[key]
    image = render(SCREENS[name], model)
    assert image.size == model.size
    assert image.mode == "P"
    count = len(model.palette.colours)
    assert image.getpalette()[: 3 * count] == model.palette.flat()
    used = set(numpy.unique(numpy.array(image)).tolist())
    assert used <= set(range(count))
    assert {model.palette.index("black"), model.palette.index("white")} <= used


@pytest.mark.parametrize("key", ["impression-5.7", "impression-7.3", "spectra-13.3"])
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_text_is_crisp_quantising_changes_no_pixel(key, name):
    """Drawn with anti-aliasing off in the exact inks: the P image is the RGB image."""
    model = MODELS[key]
    rgb = draw(SCREENS[name], model)
    assert numpy.array_equal(
        numpy.array(quantise(rgb, model.palette).convert("RGB")), numpy.array(rgb)
    )


def test_anti_aliased_text_would_be_caught_as_speckle():
    """The check above can fail: text drawn with anti-aliasing has in-between greys."""
    model = MODELS["spectra-7.3"]
    rgb = Image.new("RGB", model.size, "white")
    pen = ImageDraw.Draw(rgb)
    pen.fontmode = "L"  # Pillow's default: anti-aliased
    pen.text((20, 20), "Sam is allergic to peanuts", font=font("semibold", 40), fill="black")
    back = numpy.array(quantise(rgb, model.palette).convert("RGB"))
    assert not numpy.array_equal(back, numpy.array(rgb))


def test_palettes_are_the_drivers_own():
    from inky.inky_ac073tc1a import Inky as Impression73
    from inky.inky_e673 import DESATURATED_PALETTE
    from inky.inky_uc8159 import Inky as Impression57

    for key, driver in (("impression-5.7", Impression57), ("impression-7.3", Impression73)):
        blend = driver.__new__(driver)._palette_blend(0.5)
        assert MODELS[key].palette.flat() == blend[:21], key
    assert [list(c) for c in SPECTRA_PALETTE.colours] == DESATURATED_PALETTE[:6]


def test_long_text_wraps_and_ends_with_an_ellipsis_within_the_width():
    face = font("semibold", 30)
    text = "word " * 200
    lines, cut = wrap(text, face, 400, max_lines=3)
    assert cut and len(lines) == 3
    assert lines[-1].endswith(ELLIPSIS)
    assert all(face.getlength(line) <= 400 for line in lines)


def test_short_text_is_neither_wrapped_nor_cut():
    lines, cut = wrap("Sam takes his coffee black.", font("semibold", 30), 600, max_lines=3)
    assert (lines, cut) == (["Sam takes his coffee black."], False)


def test_a_word_wider_than_the_line_is_broken_not_overflowed():
    face = font("semibold", 30)
    lines, _ = wrap("x" * 120, face, 300, max_lines=10)
    assert len(lines) > 1
    assert all(face.getlength(line) <= 300 for line in lines)


@pytest.mark.parametrize("key", ["impression-5.7", "spectra-4", "spectra-13.3"])
def test_a_huge_proposal_never_spills_into_the_footer_or_the_buttons(key):
    model = MODELS[key]
    huge = ReviewCard("Remember " * 400, "event", CARD.proposed_at, CARD.conversation, 1, 3)
    small = ReviewCard("Short.", "event", CARD.proposed_at, CARD.conversation, 1, 3)
    big, little = numpy.array(render(huge, model)), numpy.array(render(small, model))
    k = max(0.88, min(model.width / 800, model.height / 480))
    footer = model.height - round(96 * k)
    assert numpy.array_equal(big[footer:], little[footer:])  # the footer is untouched
    rail = round(150 * k)
    assert numpy.array_equal(big[:, :rail], little[:, :rail])  # so are the button labels
    assert numpy.array_equal(big[:, -round(20 * k) :], little[:, -round(20 * k) :])  # margin


def test_the_review_card_labels_sit_beside_buttons_a_to_d():
    model = MODELS["spectra-7.3"]
    image = numpy.array(render(CARD, model))
    for slot, ink in enumerate(("green", "red", "blue", "black")):
        middle_row = int((slot + 0.5) * model.height / 4)
        assert image[middle_row, 4] == model.palette.index(ink)


def test_the_marked_fact_is_always_among_the_rows_drawn():
    assert visible_rows([50, 50, 50, 50], 120, 0) == range(0, 2)
    assert visible_rows([50, 50, 50, 50], 120, 3) == range(2, 4)  # scrolled to the mark
    assert visible_rows([50, 50, 50, 50], 500, 3) == range(0, 4)
    assert visible_rows([], 100, None) == range(0, 0)


def test_a_small_panel_still_shows_the_marker_on_the_last_fact():
    model = MODELS["spectra-4"]
    facts = tuple(
        RecentFact(str(i), "note", f"Fact {i}: " + "a rather long sentence " * 3) for i in range(6)
    )
    image = numpy.array(render(HomeScreen(HOME.today, 0, facts, 5, HOME.address), model))
    k = max(0.88, min(model.width / 800, model.height / 480))
    list_area = image[:, round((150 + 26) * k) : round((150 + 26 + 6) * k)]
    assert (list_area == model.palette.index("red")).any()


@pytest.mark.parametrize("key", sorted(MODELS))
def test_shows_whole_tells_a_card_that_fits_from_one_that_was_cut(key):
    from appliance.panel.render import shows_whole

    assert shows_whole(CARD, MODELS[key])  # positive control: a sentence fits every panel
    long_card = ReviewCard(
        " ".join(["Sam likes tea with two sugars and a biscuit"] * 30),
        "preference",
        dt.datetime(2026, 11, 30, 8, 42),
        None,
        1,
        1,
    )
    assert not shows_whole(long_card, MODELS[key])


def test_a_card_for_words_said_no_to_before_says_so_in_red():
    marked = ReviewCard(
        "Mum is pregnant with twins",
        "health",
        dt.datetime(2026, 12, 2, 9),
        None,
        1,
        1,
        said_no="you discarded this on 2026-11-30 (at the panel)",
    )
    plain = draw(
        ReviewCard(marked.text, "health", marked.proposed_at, None, 1, 1), MODELS["spectra-7.3"]
    )
    shown = draw(marked, MODELS["spectra-7.3"])
    red = MODELS["spectra-7.3"].palette.rgb("red")

    def reds(image: Image.Image) -> int:
        return int((numpy.asarray(image) == red).all(axis=2).sum())

    assert reds(shown) > reds(plain) + 100  # the marker's red line of text


def test_the_home_footer_says_the_wake_word_when_it_is_on():
    import dataclasses

    model = MODELS["spectra-7.3"]
    footer = (0, model.size[1] - 45, model.size[0], model.size[1])  # the footer's text row
    plain = numpy.asarray(draw(HOME, model).crop(footer))
    woken = numpy.asarray(draw(dataclasses.replace(HOME, wake_phrase="hey jarvis"), model))
    assert (plain != woken[footer[1] :]).any(axis=2).sum() > 200  # the footer's words changed
