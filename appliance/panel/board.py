"""The review board: which screen the panel shows, and what each button does to the inbox.

While a timer or reminder rings, the board shows it and every button stops it
(Keep: rings again in five minutes), acting on nothing else: a press meant to
silence a timer never keeps or discards a proposal.
While a recipe is being cooked, the board shows its step and the buttons walk it
(cooking.py). Otherwise the inbox: the fact proposals, then the proposed recipes
(recipe_review.py), one card at a time.
Keep promotes the proposal on the card, Discard tombstones it, Next moves on;
on the home screen Next moves the marker over the recent facts and a held
Discard marks the marked fact doubted. Keep, Discard and Doubt act only on the
card the panel actually shows (never on a frame still drawing), and only if the
proposal still matches the card's digest; a proposal settled elsewhere
meanwhile (at the CLI, by another panel) is skipped, never an error. A proposal
too long for the card to show whole cannot be kept from the panel (the card
says so); Discard still works, since it makes nothing live.

    run_board(parts, stop)        # the whole loop; parts from appliance.composition
"""

from __future__ import annotations

import datetime as dt
import heapq
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import replace

from appliance.cookbook import Cookbook, RecipeFile, RecipeWalk
from appliance.errors import HearthError, NotFound
from appliance.household import HouseholdStore, Reminder, Timer
from appliance.household.records import label
from appliance.household.timer_actions import SNOOZE_SECONDS
from appliance.lan import ChatAddress
from appliance.memory import Fact, Memory, Proposal
from appliance.panel.buttons import Action
from appliance.panel.cooking import CookingPanel
from appliance.panel.display import Refresher
from appliance.panel.parts import ACTOR, GONE, BoardLinks, BoardParts, Outcome
from appliance.panel.recipe_review import RecipeReview
from appliance.panel.render import (
    HomeScreen,
    RecentFact,
    ReviewCard,
    RingingScreen,
    Screen,
    render,
    shows_whole,
)
from appliance.panel.welcome import WelcomeCard
from appliance.panel.wifi_card import WifiCard

log = logging.getLogger(__name__)

RECENT_FACTS = 6  # at most; a small panel shows fewer, scrolled to keep the marked one
POLL_SECONDS = 15.0  # how often the board looks for new proposals (a redraw only if changed)

TOO_LONG = "Too long to show whole here: keep it with `hearth review keep`."


class Board:
    """The state behind the panel: the card shown, the marked fact at home, the cooking."""

    def __init__(
        self,
        memory: Memory,
        *,
        household: HouseholdStore | None = None,
        links: BoardLinks | None = None,
        shows_whole: Callable[[ReviewCard], bool] | None = None,
        cookbook: Cookbook | None = None,
        walk: RecipeWalk | None = None,
    ) -> None:
        self.memory = memory
        self.household = household
        self.links = links or BoardLinks()
        self._shows_whole = shows_whole  # None: every card is taken as shown whole
        self.recipes = RecipeReview(cookbook, self.links.address) if cookbook else None
        self.cooking = CookingPanel(walk) if walk is not None else None
        # The card's key: "proposal:<id>" or "recipe:<id>" (the two have their own ids).
        self._current: str | None = None
        self._order: list[str] = []  # inbox order when last drawn, to find "the one after"
        self._selected: str | None = None  # the fact a held Discard would doubt
        self._recent: list[str] = []
        self._notice: str | None = None
        self._on_wifi = False  # the Wi-Fi setup card is the screen: buttons do nothing

    @classmethod
    def of(cls, parts: BoardParts) -> Board:
        """The board of these parts, as the service runs it (`--once` draws the same)."""
        model = parts.display.model
        return cls(
            parts.memory,
            household=parts.household,
            links=parts.links,
            shows_whole=lambda card: shows_whole(card, model),
            cookbook=parts.cookbook,
            walk=parts.walk,
        )

    # -- what to show --------------------------------------------------------

    def screen(self) -> tuple[Screen, str]:
        """The screen to draw now, and its tag (what a press would act on)."""
        if self.household is not None and (ringing := self.household.ringing()):
            first = min(r.rang_at for r in ringing if r.rang_at is not None)
            screen = RingingScreen(tuple(label(r) for r in ringing), f"{first:%H:%M}")
            return screen, "ringing:" + ",".join(f"{type(r).__name__}{r.id}" for r in ringing)
        if self.cooking is not None:
            cooking = self.cooking.screen(lambda: len(self._waiting()), self._shown_notice())
            if cooking is not None:
                return cooking
        return self._inbox_screen()

    def _waiting(self) -> list[tuple[str, Proposal | RecipeFile]]:
        """Everything waiting for review in one order, each by its key: facts, then recipes."""
        waiting: list[tuple[str, Proposal | RecipeFile]] = [
            (f"proposal:{p.id}", p) for p in self.memory.proposals()
        ]
        if self.recipes is not None:
            waiting += [(f"recipe:{r.id}", r) for r in self.recipes.waiting()]
        return waiting

    def _inbox_screen(self) -> tuple[Screen, str]:
        """The review card; else, with nothing waiting, how to join the box's setup network
        while it is open, the welcome card on a new box, or the home screen.

        Review comes first: its buttons need no network, and the inbox keeps the setup
        card waiting only until it is settled."""
        self._on_wifi = False
        waiting = self._waiting()
        if waiting:
            return self._review(waiting)
        self._current = None
        if (wifi := self._wifi_card()) is not None:
            self._on_wifi = True
            return wifi, "wifi"
        if (card := self._welcome()) is not None:
            return card, "welcome"
        return self._home(pending=0)

    def _wifi_card(self) -> WifiCard | None:
        if self.links.wifi is None:
            return None
        port = self.links.address.port if self.links.address else 4327
        token = self.links.token() if self.links.token is not None else None
        return WifiCard.of(self.links.wifi(), port, token, self._setup_problem())

    def _welcome(self) -> WelcomeCard | None:
        """The first-boot card while the box is new: nothing in memory, nothing waiting."""
        if self.links.token is None or self.memory.facts():
            return None
        address = self.links.address or ChatAddress("127.0.0.1", 0)
        return WelcomeCard.at(address, self.links.token(), problem=self._setup_problem())

    def _setup_problem(self) -> str | None:
        return self.links.setup_problem() if self.links.setup_problem is not None else None

    def _review(self, waiting: list[tuple[str, Proposal | RecipeFile]]) -> tuple[Screen, str]:
        keys = [key for key, _ in waiting]
        if self._current not in keys:
            self._current = self._successor(keys)
        self._order = keys
        index = keys.index(self._current)
        item = waiting[index][1]
        if isinstance(item, Proposal):
            return self._fact_card(item, index + 1, len(keys))
        assert self.recipes is not None
        return self.recipes.card(item, index + 1, len(keys), self._shown_notice())

    def _fact_card(self, proposal: Proposal, position: int, waiting: int) -> tuple[Screen, str]:
        target_text = None
        if proposal.target:
            try:
                target_text = self.memory.get(proposal.target).text
            except NotFound:
                target_text = f"{proposal.target} (no longer on file)"
        card = ReviewCard(
            text=proposal.text,
            type=proposal.type,
            proposed_at=proposal.proposed_at,
            conversation=proposal.conversation,
            position=position,
            waiting=waiting,
            kind=proposal.kind,
            target_text=target_text,
            notice=self._shown_notice(),
            said_no=self.memory.said_no_before(proposal),
        )
        # The tag names what a press acts on: this proposal, as this card shows it.
        tag = f"proposal:{proposal.id}:{proposal.digest}"
        if self._shows_whole is not None and not self._shows_whole(card):
            card = replace(card, notice=TOO_LONG)
            tag += ":cut"
        return card, tag

    def _successor(self, ids: list[str]) -> str:
        """The proposal after the one that was on the card (it may be gone), else the oldest."""
        if self._current in self._order:
            after = self._order[self._order.index(self._current) + 1 :]
            for candidate in after:
                if candidate in ids:
                    return candidate
        return ids[0]

    def _home(self, pending: int) -> tuple[Screen, str]:
        live = self._newest_live()
        self._recent = [f.id for f in live]
        if self._selected not in self._recent:
            self._selected = self._recent[0] if self._recent else None
        selected = self._recent.index(self._selected) if self._selected else None
        home = HomeScreen(
            today=self.memory.today(),
            pending=pending,
            recent=tuple(RecentFact(f.id, f.type, f.text) for f in live),
            selected=selected,
            address=self.links.address.board_line() if self.links.address else "",
            notice=self._shown_notice(),
            wake_phrase=self.links.wake_phrase,
            **self._household_lines(),
        )
        return home, f"home:{self._selected or ''}"

    def _shown_notice(self) -> str | None:
        """A press's own notice first; otherwise what was last said to Hearth and its answer."""
        if self._notice is not None:
            return self._notice
        if self.links.said is not None and (said := self.links.said()) is not None:
            return said
        return self._setup_problem()

    def _household_lines(self) -> dict[str, tuple[str, ...]]:
        if self.household is None:
            return {}
        timers = tuple(f"{t.title} — {t.rings_at:%H:%M}" for t in self.household.timers())
        tomorrow = dt.datetime.combine(
            self.household.now().date() + dt.timedelta(days=1), dt.time()
        )
        today = tuple(
            f"{r.due_at:%H:%M} {r.said}"
            for r in self.household.reminders(("pending",))
            if r.due_at < tomorrow
        )
        return {
            "timers": timers,
            "reminders": today,
            "shopping": tuple(i.name for i in self.household.items()),
        }

    def _newest_live(self) -> list[Fact]:
        """The RECENT_FACTS newest live facts, newest first.

        Only facts from the newest days can be among them, so only their files are
        stat-ed (every poll and every press would otherwise stat the whole memory).
        """
        live = self.memory.facts("live")
        if len(live) > RECENT_FACTS:
            cutoff = heapq.nlargest(RECENT_FACTS, (f.created for f in live))[-1]
            live = [f for f in live if f.created >= cutoff]
        return sorted(live, key=self._recency, reverse=True)[:RECENT_FACTS]

    def _recency(self, fact: Fact) -> tuple[dt.date, float]:
        """Newest first: facts carry only a date, so the file's change time orders a day."""
        try:
            changed = (self.memory.memory_dir / f"{fact.id}.md").stat().st_mtime
        except OSError:
            changed = 0.0
        return fact.created, changed

    # -- what a press does ---------------------------------------------------

    def handle(self, action: Action, on_glass: str | None) -> Outcome:
        """Apply one press. on_glass: the tag of the frame the panel shows (None: drawing)."""
        self._notice = None
        if action is Action.TALK_END:  # before the ringing check: a release stops nothing
            return self._talk(pressed=False)
        hushed = action is not Action.TALK and self.links.hush is not None and self.links.hush()
        if self.household is not None and (ringing := self.household.ringing()):
            return self._stop_ringing(action, ringing)
        if hushed:
            # Only the voice stops: a person reaching for the nearest button to quiet it
            # must not keep or discard a card by that press.
            log.info("panel: %s stopped the voice", action.value)
            return Outcome(True, "stopped speaking")
        if action is Action.TALK:
            return self._talk(pressed=True)
        if self.cooking is not None and (pressed := self.cooking.handle(action, on_glass)):
            outcome, self._notice = pressed
            return outcome
        self._inbox_screen()  # see the inbox as it is now, not as it was at the last draw
        if self._current is not None:
            return self._handle_review(action, on_glass)
        if self._on_wifi:
            return Outcome(False, f"{action.value} does nothing on the Wi-Fi setup card")
        return self._handle_home(action, on_glass)

    def _talk(self, pressed: bool) -> Outcome:
        """Hand Talk to the voice service; a press it cannot receive is ignored, and says so."""
        if self.links.talk is None or not self.links.talk(pressed):
            return Outcome(
                False, "Talk needs the voice service (hearth-voice), which is not running"
            )
        return Outcome(True, "listening" if pressed else "talk released")

    def _stop_ringing(self, action: Action, ringing: list[Timer | Reminder]) -> Outcome:
        """Any button silences what rings, even before the glass shows it; Keep snoozes timers."""
        assert self.household is not None
        done, logged = [], []  # what the panel says; what the journal keeps (ids, no words)
        for record in ringing:
            if isinstance(record, Timer) and action is Action.KEEP:
                self.household.snooze_timer(record.id, SNOOZE_SECONDS)
                done.append(f"{record.name} rings again in 5 minutes")
                logged.append(f"snoozed timer {record.id}")
            elif isinstance(record, Timer):
                self.household.stop_timer(record.id)
                done.append(f"stopped {record.name}")
                logged.append(f"stopped timer {record.id}")
            else:
                self.household.stop_reminder(record.id)
                done.append(f"stopped the reminder {record.errand}")
                logged.append(f"stopped reminder {record.id}")
        log.info("panel: %s", "; ".join(logged))
        return Outcome(True, "; ".join(done))

    def _handle_review(self, action: Action, on_glass: str | None) -> Outcome:
        if action is Action.NEXT:
            if len(self._order) > 1:
                self._current = self._successor(self._order)
            assert self._current is not None
            kind, _, key = self._current.partition(":")
            return Outcome(True, f"next: {key if kind == 'proposal' else f'{kind} {key}'}")
        if action not in (Action.KEEP, Action.DISCARD, Action.DOUBT):
            return Outcome(False, f"{action.value} does nothing on a review card")
        if self.recipes is not None and on_glass is not None and on_glass.startswith("recipe:"):
            outcome, self._notice = self.recipes.act(action, on_glass)
            return outcome
        if on_glass is None or not on_glass.startswith("proposal:"):
            # The person cannot read a card yet (a refresh is drawing): acting now
            # would keep or discard something they have not seen.
            return Outcome(False, "ignored: the panel is still drawing")
        # What the person read, not what is next: the id, and the digest of the card.
        shown, digest, *rest = on_glass.removeprefix("proposal:").split(":")
        if action is Action.KEEP and rest == ["cut"]:
            self._notice = TOO_LONG
            return Outcome(
                False,
                f"{shown} is too long for the card to show whole; keep it at "
                "the CLI after reading it there (`hearth review list`)",
            )
        try:
            if action is Action.KEEP:
                fact = self.memory.promote(shown, actor=ACTOR, shown=digest)
                message = f"kept {shown} (now {fact.id}, {fact.status})"
            else:  # Discard, or Discard held: on a card both mean "no"
                self.memory.discard(
                    shown, actor=ACTOR, reason="discarded at the panel", shown=digest
                )
                message = f"discarded {shown}; it will not be proposed again"
        except NotFound:
            self._notice = GONE
            log.info("proposal %s was settled elsewhere; skipping it", shown)
            return Outcome(True, f"{shown} was already settled elsewhere; skipped")
        except HearthError as exc:  # changed since shown, refused by the guard, a file in the way
            self._notice = str(exc)
            log.warning("panel could not act on %s: %s", shown, exc)
            return Outcome(False, str(exc))
        log.info("%s by the panel", message)
        return Outcome(True, message)

    def _handle_home(self, action: Action, on_glass: str | None) -> Outcome:
        if action is Action.NEXT and len(self._recent) > 1:
            assert self._selected is not None
            at = self._recent.index(self._selected)
            self._selected = self._recent[(at + 1) % len(self._recent)]
            return Outcome(True, f"marked {self._selected}")
        if action is Action.DOUBT and self._selected is not None:
            if on_glass is None or not on_glass.startswith("home:"):
                return Outcome(False, "ignored: the panel is still drawing")
            marked = on_glass.removeprefix("home:")
            if not marked:
                return Outcome(False, "no fact is marked")
            try:
                fact = self.memory.doubt(marked, actor=ACTOR)
            except HearthError as exc:  # retracted at the CLI meanwhile, ...
                self._notice = str(exc)
                return Outcome(False, str(exc))
            self._notice = f"Marked doubted: {fact.text}"
            return Outcome(True, f"doubted {fact.id}")
        return Outcome(False, f"{action.value} does nothing on the home screen")


def run_board(
    parts: BoardParts,
    stop: threading.Event,
    *,
    on_event: Callable[[Screen | Outcome], None] | None = None,
    on_turn: Callable[[], None] | None = None,
    poll_seconds: float = POLL_SECONDS,
) -> None:
    """Run the board until `stop` is set: draw, read presses, act, redraw.

    `parts` from appliance.composition.board_parts (ButtonGroup([]) for buttons: the
    board then only keeps its PNG current). `on_event` sees each new screen and each
    press's outcome (the simulator prints them); `on_turn` is called each time round
    (at least every 0.2 s). Blocks; run it on a thread.
    """
    display = parts.display
    refresher = Refresher(display, parts.min_refresh_seconds if display.is_panel else 0.0)
    board = Board.of(parts)
    buttons = parts.buttons
    presses: queue.Queue[Action] = queue.Queue()
    buttons.start(presses.put)
    last: tuple[Screen, str] | None = None
    next_poll = 0.0
    try:
        while True:
            if on_turn is not None:
                on_turn()  # the service's watchdog heartbeat: the loop still turns
            if time.monotonic() >= next_poll:
                screen, tag = board.screen()
                # Drawing is the costly part of a poll: skip it while the glass already
                # shows this very screen (a failed refresh leaves nothing on the glass).
                if (screen, tag) != last or refresher.on_glass != tag:
                    refresher.submit(render(screen, display.model), tag)
                    if not display.is_panel:
                        refresher.wait_idle()  # a file is written in ms: keep presses in step
                if on_event is not None and (last is None or screen != last[0]):
                    on_event(screen)
                last = (screen, tag)
                next_poll = time.monotonic() + poll_seconds
            # Presses made before the stop still count (a simulator's "kdq" keeps, then
            # discards), and the last screen is drawn before leaving.
            if stop.is_set() and presses.empty():
                break
            try:
                action = presses.get(timeout=0.2)
            except queue.Empty:
                continue
            outcome = board.handle(action, refresher.on_glass)
            buttons.acknowledge(outcome.accepted)
            if on_event is not None:
                on_event(outcome)
            next_poll = 0.0  # redraw now
    finally:
        buttons.close()
        refresher.close()
