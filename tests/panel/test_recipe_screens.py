"""The recipe card and the cooking screen at each panel's size: in its inks, crisp, fitting."""

from __future__ import annotations

import dataclasses

import numpy
import pytest

from appliance.panel.canvas import MARGIN, RAIL_WIDTH, Canvas
from appliance.panel.cooking import FINISHED, FIRST_STEP, LAST_STEP
from appliance.panel.cooking_card import (
    CookingScreen,
    shows_whole_step,
    timer_line,
    timer_offer,
)
from appliance.panel.panels import MODELS
from appliance.panel.recipe_card import RecipeCard, draw_recipe_card, ingredients_shown
from appliance.panel.recipe_review import UNREAD
from appliance.panel.render import draw, quantise, render

FLAPJACK_LINES = (
    "250 g butter",
    "200 g golden syrup",
    "1½ tsp ground ginger",
    "400 g porridge oats",
    "a pinch of salt",
)
CARD = RecipeCard(
    title="Nana's Flapjacks",
    serves="Makes 12",
    ingredients=tuple((None, line) for line in FLAPJACK_LINES),
    steps=5,
    url="http://192.168.1.23:4327/recipes",
    came="Pasted on the LAN page on Wed 2 Dec",
    position=2,
    waiting=3,
)
LONG_CARD = dataclasses.replace(
    CARD,
    title="Grandma's slow-cooked Sunday beef and ale stew with herby suet dumplings",
    ingredients=tuple(
        ("For the dumplings" if n >= 20 else None, f"{n + 1} g ingredient number {n + 1}")
        for n in range(30)
    ),
    notice=UNREAD,
)
STEP = CookingScreen(
    title="Nana's Flapjacks",
    number=4,
    steps=5,
    text="Press into the tin and bake for 25 minutes until golden at the edges.",
    ingredients=("125 g butter", "100 g golden syrup"),
    scale="Makes 6",
    timer="25 minutes",
    timer_started=False,
    rings=None,
    waiting=2,
)
# A long step, as recipes written in paragraphs have them.
LONG_STEP = dataclasses.replace(
    STEP,
    text="Melt the butter, golden syrup and sugar together in a large pan over a low heat, "
    "stirring now and then, until the sugar has dissolved and the mixture is smooth; take "
    "the pan off the heat and leave it to cool for a minute before you stir in the oats.",
    ingredients=("125 g butter", "100 g golden syrup", "50 g light brown sugar"),
)
SCREENS = {"recipe": CARD, "long-recipe": LONG_CARD, "step": STEP, "long-step": LONG_STEP}


@pytest.mark.parametrize("key", sorted(MODELS))
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_each_screen_is_drawn_in_the_panels_inks_and_quantises_without_a_change(key, name):
    model = MODELS[key]
    image = render(SCREENS[name], model)
    assert image.size == model.size and image.mode == "P"
    rgb = draw(SCREENS[name], model)
    assert numpy.array_equal(numpy.array(quantise(rgb, model.palette).convert("RGB")), rgb)


@pytest.mark.parametrize("key", sorted(MODELS))
def test_a_recipe_card_shows_every_ingredient_it_can_and_counts_the_rest(key):
    model = MODELS[key]
    assert ingredients_shown(CARD, model) == len(FLAPJACK_LINES)  # a short recipe: all of it
    shown = ingredients_shown(LONG_CARD, model)
    assert 0 < shown < 30  # the rest are counted on the card: "+ N more ingredients"


@pytest.mark.parametrize("key", ["impression-5.7", "spectra-4", "spectra-7.3", "spectra-13.3"])
def test_a_long_recipe_never_spills_into_the_footer_or_the_buttons(key):
    model = MODELS[key]
    long, short = (
        numpy.array(render(dataclasses.replace(c, notice=None), model)) for c in (LONG_CARD, CARD)
    )
    k = Canvas(model).k
    footer = model.height - round(84 * k)
    assert numpy.array_equal(long[footer:], short[footer:])  # the address and the count
    rail = round(150 * k)
    assert numpy.array_equal(long[:, :rail], short[:, :rail])
    assert numpy.array_equal(long[:, -round(20 * k) :], short[:, -round(20 * k) :])


@pytest.mark.parametrize("key", sorted(MODELS))
def test_a_step_is_shown_whole_on_every_panel(key):
    assert shows_whole_step(STEP, MODELS[key])
    assert shows_whole_step(LONG_STEP, MODELS[key])
    # The control: a step longer than any panel holds is cut, and the check says so.
    endless = dataclasses.replace(STEP, text="Stir gently. " * 200)
    assert not shows_whole_step(endless, MODELS[key])


@pytest.mark.parametrize("key", ["impression-5.7", "spectra-4", "spectra-13.3"])
def test_a_huge_step_stays_above_its_ingredients_timer_and_footer(key):
    model = MODELS[key]
    # Two steps too long for any panel: both are drawn at the smallest sizes, so they
    # differ only where the step's words are.
    huge = numpy.array(render(dataclasses.replace(STEP, text="Stir gently. " * 200), model))
    other = numpy.array(render(dataclasses.replace(STEP, text="Whisk it hard. " * 200), model))
    k = Canvas(model).k
    body = huge[:, round((150 + 26) * k) :]
    blue = model.palette.index("blue")
    uses = int(numpy.nonzero((body == blue).any(axis=1))[0].min())  # "THIS STEP USES"
    changed = numpy.nonzero((huge != other).any(axis=1))[0]
    assert 0 < changed.max() < uses  # the words changed, all above the ingredients' label
    small = numpy.array(render(dataclasses.replace(STEP, text="Stir."), model))
    rail = round(150 * k)
    assert numpy.array_equal(huge[:, :rail], small[:, :rail])


def test_the_timer_offer_reads_as_a_timers_size():
    assert timer_offer("25 minutes") == "Keep: start 25 minute timer"
    assert timer_offer("1 hour 15 minutes") == "Keep: start 1 hour 15 minute timer"


def test_the_timer_line_says_what_became_of_the_steps_timer():
    assert timer_line(STEP) == "Keep: start 25 minute timer"
    running = dataclasses.replace(STEP, timer_started=True, rings="18:42")
    assert timer_line(running) == "Timer running: rings at 18:42"
    assert timer_line(dataclasses.replace(running, rings=None)) == "Timer done"  # rung, stopped
    assert timer_line(dataclasses.replace(STEP, timer=None)) is None


def test_the_cooking_rail_says_what_keep_and_next_do_on_the_last_step():
    model = MODELS["spectra-7.3"]
    green = model.palette.index("green")
    middle_of_a = int(model.height / 8)

    def keep_tile(screen: CookingScreen) -> int:
        return int(numpy.array(render(screen, model))[middle_of_a, 4])

    assert keep_tile(STEP) == green  # Keep starts the timer
    last = dataclasses.replace(STEP, number=5, timer=None)
    assert keep_tile(last) != green  # an outlined tile: Keep moves nothing on the last step


def test_the_recipe_card_draws_its_ingredients_in_the_panels_own_layout():
    canvas = Canvas(MODELS["spectra-7.3"])
    assert draw_recipe_card(canvas, CARD) == len(FLAPJACK_LINES)


@pytest.mark.parametrize("key", sorted(MODELS))
@pytest.mark.parametrize("notice", [UNREAD, LAST_STEP, FIRST_STEP, FINISHED])
def test_the_boards_own_notices_fit_their_bar_on_every_panel(key, notice):
    """The notice bar cuts what is too long; the board's own sentences are never cut."""
    canvas = Canvas(MODELS[key])
    width = canvas.model.width - canvas.px(MARGIN) - canvas.px(RAIL_WIDTH + MARGIN)
    assert canvas.face("bold", 19).getlength(notice) <= width - canvas.px(24)
