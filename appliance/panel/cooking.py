"""The board while a recipe is being cooked: which step it shows, what each button does.

While `CookingSessions.current()` is not None (a cook said "let's make …"), the board
shows the step being cooked instead of the review cards, and the buttons walk it:

    Keep           start the timer the step offers (named "<title> step N"), if it offers
                   one not started yet; otherwise the next step
    Next           the next step
    Discard        the step before
    Discard held   finish cooking: the board goes back to review (timers keep running)
    Talk           Talk, as ever

A ringing timer still comes first (the board stops it, and the press moves nothing).
Keep acts only on the step the glass shows, as it offered it (the tag carries the step
and whether it offered a timer): a step changed by voice or by another press while
the panel redraws is not acted on. A held Discard finishes only with the cooking
screen on the glass. Next and Back move from the session's step as it is now, like
Next on the review cards; on the last step Next and Keep move nothing and say so,
and Back on the first step says that too. The session itself lives in the data dir
(cooking.json), shared with the voice: "next" said aloud and Next pressed move the
same step.

    cooking = CookingPanel(walk)
    cooking.screen(waiting=lambda: 2, notice=None)   # -> (CookingScreen, tag) or None
    cooking.handle(Action.KEEP, on_glass=tag)        # -> (Outcome, notice) or None
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from appliance.cookbook import Cooking, RecipeFile, RecipeWalk
from appliance.errors import HearthError
from appliance.panel.buttons import Action
from appliance.panel.cooking_card import CookingScreen
from appliance.panel.parts import Outcome, Pressed

log = logging.getLogger(__name__)

TAG = "cooking:"
DRAWING = "ignored: the panel is still drawing"
LAST_STEP = "The last step: hold Back 2 s to finish."
FIRST_STEP = "This is the first step."
FINISHED = "Cooking finished; its timers keep running."


def _tag(recipe_id: str, step: int, offers_timer: bool) -> str:
    """What Keep would act on: this recipe, this step, and what Keep offered there."""
    return f"{TAG}{recipe_id}:{step}:{'timer' if offers_timer else 'step'}"


class CookingPanel:
    """The cooking screen's state (read afresh from the session each time) and its buttons."""

    def __init__(self, walk: RecipeWalk) -> None:
        self.walk = walk

    # -- what to show --------------------------------------------------------

    def screen(
        self, waiting: Callable[[], int], notice: str | None
    ) -> tuple[CookingScreen, str] | None:
        """The step being cooked and its tag, or None when nothing is being cooked."""
        found = self.walk.cooking()
        view = self.walk.view() if found is not None else None
        if found is None or view is None:
            return None
        _, recipe = found
        screen = CookingScreen(
            title=view.title,
            number=view.number,
            steps=view.steps,
            text=view.text,
            ingredients=view.ingredients,
            scale=view.scale,
            timer=view.timer,
            timer_started=view.timer_started,
            rings=self._rings(recipe, view.number) if view.timer_started else None,
            waiting=waiting(),
            notice=notice,
        )
        return screen, _tag(recipe.id, view.number, screen.offers_timer)

    @staticmethod
    def _offers_timer(cooking: Cooking, recipe: RecipeFile) -> bool:
        offered = recipe.recipe.step_timer(cooking.step) is not None
        return offered and cooking.step not in cooking.timers_started

    def _rings(self, recipe: RecipeFile, number: int) -> str | None:
        """When the step's timer rings ("18:42"), while it still runs (e-ink shows no countdown)."""
        household = self.walk.household
        if household is None:
            return None
        name = f"{recipe.title} step {number}"
        for timer in household.timers():  # a second one of the same name is "… 2"
            if timer.name == name or timer.name.startswith(f"{name} "):
                return f"{timer.rings_at:%H:%M}"
        return None

    # -- what a press does ---------------------------------------------------

    def handle(self, action: Action, on_glass: str | None) -> Pressed | None:
        """Apply one press while cooking; None when nothing is being cooked (or for Talk)."""
        found = self.walk.cooking()
        if found is None or action in (Action.TALK, Action.TALK_END):
            return None
        cooking, recipe = found
        if action is Action.NEXT:
            return self._move(cooking, recipe, +1)
        if action is Action.DISCARD:
            return self._move(cooking, recipe, -1)
        if action is Action.DOUBT:
            return self._finish(recipe, on_glass)
        return self._keep(cooking, recipe, on_glass)

    def _keep(self, cooking: Cooking, recipe: RecipeFile, on_glass: str | None) -> Pressed:
        if on_glass != _tag(recipe.id, cooking.step, self._offers_timer(cooking, recipe)):
            if on_glass is None or not on_glass.startswith(TAG):
                return Outcome(False, DRAWING), None
            # The glass shows another step, or offered Keep for something else there
            # (the voice moved on, or started the timer): the redraw comes first.
            return Outcome(False, "ignored: the step changed since it was shown"), None
        if not self._offers_timer(cooking, recipe):
            return self._move(cooking, recipe, +1)
        try:
            said = self.walk.start_step_timer(cooking, recipe)
        except HearthError as exc:  # the guard refused the timer's name, the store failed
            log.warning("panel could not start the step's timer: %s", exc)
            return Outcome(False, str(exc)), str(exc)
        log.info("panel started the timer of %s step %d", recipe.id, cooking.step)
        return Outcome(True, said), None

    def _move(self, cooking: Cooking, recipe: RecipeFile, by: int) -> Pressed:
        if by > 0 and cooking.step >= cooking.steps:
            return Outcome(
                False,
                f"step {cooking.step} is the last step of {recipe.title}; "
                "hold Back (Discard) to finish cooking",
            ), LAST_STEP
        if by < 0 and cooking.step <= 1:
            return Outcome(False, f"step 1 is the first step of {recipe.title}"), FIRST_STEP
        moved = self.walk.sessions.move(by)
        if moved is None:  # finished by voice meanwhile
            return Outcome(False, "nothing is being cooked any more"), None
        text = recipe.recipe.steps[moved.step - 1]
        return Outcome(True, f"step {moved.step} of {moved.steps}: {text}"), None

    def _finish(self, recipe: RecipeFile, on_glass: str | None) -> Pressed:
        if on_glass is None or not on_glass.startswith(TAG):
            return Outcome(False, DRAWING), None
        self.walk.sessions.finish()
        log.info("panel finished cooking %s", recipe.id)
        return (
            Outcome(True, f"finished cooking {recipe.title}; timers it started keep running"),
            FINISHED,
        )
