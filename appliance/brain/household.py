"""Timers, reminders, the shopping list and the clock as the router's intents, by rules.

    brain = Brain.open(settings, memory, intents=household_router(settings.data_dir))

Four entries go in front of the default table ("forget the pasta timer" cancels a
timer, it does not correct memory). Each claims a message only when the household
package reads the whole sentence as one of its commands; its answer opens the
household's records, acts, and says what now holds. In a conversation where Hearth
asked something back ("For how long?"), the next message is first read as the answer
to it, and where it just put things on the list, as more of them ("and eggs too");
while a timer or reminder rings, "stop" and "five more minutes" are said to it. No model
is involved, and these routes are not model routes, so the note-taker never reads them.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from pathlib import Path

from appliance.brain.router import DEFAULT_ROUTER, Intent, Route, Router
from appliance.household import HouseholdStore, NotKept, Screen, parse, perform
from appliance.household.asking import answer_to, from_json
from appliance.household.more import another_reminder, more_of_the_same
from appliance.household.named import household_command
from appliance.household.phrase_words import normalise
from appliance.household.put_right import (
    follow_up,
    item_said_right,
    nothing_to_put_right,
    put_back,
    said_in_two,
    said_of_it,
)
from appliance.household.requests import Command
from appliance.household.undo import said_undo

# intent name -> the command intents (requests.py) it claims
FAMILIES = {
    "timers": ("timer.", "ringing."),
    "reminders": ("remind", "reminder."),
    "shopping": ("shopping.",),
    "clock": ("clock.",),
    "undo": ("undo.", "done."),  # what was done: taken back, or asked about
}
# "make that 2 bags" said where nothing was just changed: answered by the rules (nothing
# changed, say which), after every other follow-up and giving way to any intent that answers
# the words itself
NOTHING_DONE = "nothing_done"
# every intent here, each answered by rules alone (the CLI answers them without a model)
HOUSEHOLD_INTENTS = frozenset({*FAMILIES, NOTHING_DONE})
# the families that work the records, so a fact said beside one of their commands is kept
# too ("Sam is allergic to nuts. Add peanuts to the list.")
HOUSEHOLD_RECORDS = ("timers", "reminders", "shopping")


# Said first by one taking back what they just asked for: "actually", "no", "wait", "sorry"
_CHANGE_OF_MIND = re.compile(r"^\W*(?:actually|no|nah|wait|sorry|oops|oh no)\b", re.IGNORECASE)


def _answer(
    store: HouseholdStore,
    text: str,
    thread: str,
    *,
    more: bool,
    put_right: bool,
    another: bool = False,
) -> Command | None:
    """The command `text` makes as the answer to what Hearth last asked in `thread`; with
    `put_right`, as the last change there put right ("move it to 8"); with `more`, as more
    of what it last put on the list there ("and eggs too"); with `another`, as another
    reminder like the one it just set ("and thursday at 6 to book the taxi")."""
    kept = store.asked(thread)
    question = from_json(kept) if kept is not None else None
    if question is not None:
        return answer_to(question, text, store.now())

    def read(said: str) -> Command | None:
        return parse(said, store.now())

    # "move it to 8", "make that a dozen": the last change here, put right (put_right.py)
    if put_right and (put := follow_up(store, text, thread)) is not None:
        return put
    # "actually cancel that one", straight after a reminder set here, takes that reminder
    # back even while a timer rings (a twenty-third trial's phone stopped the ringing
    # tortilla timer instead); a bare "cancel that" is still said to what rings
    if (
        put_right
        and _CHANGE_OF_MIND.match(text)
        and store.just_done(thread) is not None
        and (undo := said_undo(normalise(text))) is not None
    ):
        return undo
    # "make it 4 tins, and add tahini": the change put right, and another thing
    if put_right and (both := said_in_two(store, text, thread, read)) is not None:
        return both

    if another and (reminder := another_reminder(store, text, thread, read)) is not None:
        return reminder
    if not more:
        return None
    # "no not the bleach", "no sorry, cream cheese": what just went on the list, said right
    return (
        item_said_right(store, text, thread)
        or put_back(store, text, thread)
        or more_of_the_same(store, text, thread, read)
    )


def household_intents(
    data_dir: Path | str,
    clock: Callable[[], dt.datetime] | None = None,
    screen: Screen | None = None,
) -> list[Intent]:
    """`screen`: the guard, so a password never goes on the list or into a reminder."""
    now = clock or dt.datetime.now

    def command_for(text: str, thread: str | None) -> Command | None:
        with HouseholdStore.open(data_dir, clock) as store:
            if (
                thread is not None
                and (
                    answered := _answer(
                        store, text, thread, more=True, put_right=True, another=True
                    )
                )
                is not None
            ):
                return answered
            # "cancel the rice", "change the washing one to 30 minutes": a name the timers or
            # reminders hold
            command = household_command(store, text, now())
            if command is None and thread is not None:
                return nothing_to_put_right(store, text, thread)
            return command

    def claims(prefixes: tuple[str, ...], command: Command | None) -> bool:
        return command is not None and command.intent.startswith(prefixes)

    def matcher(prefixes: tuple[str, ...]) -> Callable[[str], Route | None]:
        def match(text: str) -> Route | None:
            return Route("household", text) if claims(prefixes, command_for(text, None)) else None

        return match

    def follow_up(prefixes: tuple[str, ...]) -> Callable[[str, str], Route | None]:
        def answered(text: str, thread: str) -> Route | None:
            with HouseholdStore.open(data_dir, clock) as store:
                # more of the same is only ever an add, and a follow-up of the last change
                # only the undo family's to claim: each read for its own family alone, not
                # once more for each family on every message of a conversation
                command = _answer(
                    store,
                    text,
                    thread,
                    more="shopping." in prefixes,
                    put_right="undo." in prefixes,
                    another="remind" in prefixes,
                )
            return Route("household", text) if claims(prefixes, command) else None

        return answered

    def act(route: Route) -> str:
        command = command_for(route.text, route.thread)
        assert command is not None, "the matcher read this very text"
        with HouseholdStore.open(data_dir, clock, screen=screen) as store:
            try:
                return perform(store, command, route.thread)
            except NotKept as refused:
                return f"I can't keep that: {refused.why}. Nothing was written."

    def heard(thread: str) -> None:
        with HouseholdStore.open(data_dir, clock) as store:
            store.heard(thread)

    def carry(source: str, target: str) -> None:
        with HouseholdStore.open(data_dir, clock) as store:
            if (question := store.asked(source)) is not None:
                store.ask(target, question)
            store.carry_done(source, target)  # "make that 2 bags" after the phone's "add sugar"

    def nothing_done(text: str, thread: str) -> Route | None:
        # the words first, a change of "it" or none: every message in a thread comes here,
        # and most say no such thing, so the records are opened only for those that do
        if said_of_it(text) is None:
            return None
        with HouseholdStore.open(data_dir, clock) as store:
            said = nothing_to_put_right(store, text, thread)
        return Route("household", text) if said is not None else None

    return [
        *(
            Intent(
                name,
                matcher(prefixes),
                act,
                follow_up(prefixes),
                household_records=name in HOUSEHOLD_RECORDS,
                # the question Hearth asked is one, whichever family asked it: carried once
                carry=carry if n == 0 else None,
                seen=heard if n == 0 else None,  # each message counted once
            )
            for n, (name, prefixes) in enumerate(FAMILIES.items())
        ),
        # last of the follow-ups here, and yielding: "double it" is a recipe's if one is open
        Intent(NOTHING_DONE, lambda text: None, act, nothing_done, follow_up_yields=True),
    ]


def household_router(
    data_dir: Path | str,
    clock: Callable[[], dt.datetime] | None = None,
    base: Router = DEFAULT_ROUTER,
    screen: Screen | None = None,
) -> Router:
    """The default router with the household's intents tried first."""
    return base.extended(household_intents(data_dir, clock, screen), before=base.names[0])
