"""`hearth timers`, `hearth reminders`, `hearth shopping` and `hearth scheduler`.

hearth timers list [--json]          running timers (--json: and those rung in the last hour)
hearth timers cancel NAME            cancel a timer, or silence it if it rings
hearth reminders list [--json]       pending and ringing reminders, with their ids
hearth reminders cancel ID
hearth shopping list [--json] | add ITEM... | remove ITEM... | clear
hearth scheduler                     the service that rings them (hearth-household)
"""

from __future__ import annotations

import argparse
import logging

from appliance.cli.common import Commands, command, group, json_out, out
from appliance.composition import open_household
from appliance.config import Settings
from appliance.household.clock import at as clock
from appliance.household.spoken import say_duration
from appliance.household.store import HouseholdStore, NoSuchRecord

log = logging.getLogger(__name__)


def timers_list(args: argparse.Namespace, settings: Settings) -> int:
    with HouseholdStore.open(settings.data_dir) as store:
        now = store.now()
        timers = store.recent_timers() if args.json else store.timers()
    if args.json:
        json_out(
            [
                t.to_json()
                | (
                    {"seconds_left": max(0, round((t.rings_at - now).total_seconds()))}
                    if t.state == "pending"
                    else {}
                )
                for t in timers
            ]
        )
        return 0
    if not timers:
        out("no timers running")
    # the name column as wide as the longest name ("Nana's Flapjacks step 4" is 23)
    width = max([20, *(len(t.name) for t in timers)])
    for t in timers:
        state = "RINGING" if t.state == "ringing" else f"rings {clock(t.rings_at, now)}"
        out(f"{t.name:<{width}} {state:<22} {say_duration(t.seconds)}")
    return 0


def timers_cancel(args: argparse.Namespace, settings: Settings) -> int:
    with HouseholdStore.open(settings.data_dir) as store:
        found = store.find_timers(args.name)
        exact = [t for t in found if t.name == args.name]
        chosen = exact or found
        if not chosen:
            running = ", ".join(t.name for t in store.timers()) or "none"
            raise NoSuchRecord(
                f"no timer called {args.name!r} is running (running: {running}); "
                "`hearth timers list` shows them"
            )
        if len(chosen) > 1:
            raise NoSuchRecord(
                f"{len(chosen)} timers are called {args.name!r}: "
                f"{', '.join(t.name for t in chosen)}; name one of them"
            )
        timer = store.stop_timer(chosen[0].id)
    out(f"{'stopped' if timer.state == 'done' else 'cancelled'} the {timer.name} timer")
    return 0


def reminders_list(args: argparse.Namespace, settings: Settings) -> int:
    with HouseholdStore.open(settings.data_dir) as store:
        now = store.now()
        reminders = store.reminders()
    if args.json:
        json_out([r.to_json() for r in reminders])
        return 0
    if not reminders:
        out("no reminders")
    for r in reminders:
        state = "RINGING" if r.state == "ringing" else clock(r.due_at, now)
        every = f"  ({r.often})" if r.often else ""
        out(f"{r.id:>4}  {state:<20} {r.text}{every}")
    return 0


def reminders_cancel(args: argparse.Namespace, settings: Settings) -> int:
    with HouseholdStore.open(settings.data_dir) as store:
        reminder = store.stop_reminder(args.id)
    out(
        f"{'stopped' if reminder.state == 'done' else 'cancelled'} reminder {reminder.id}: "
        f"{reminder.text}"
    )
    return 0


def shopping_list(args: argparse.Namespace, settings: Settings) -> int:
    with HouseholdStore.open(settings.data_dir) as store:
        items = store.items()
    if args.json:
        json_out([item.to_json() for item in items])
        return 0
    if not items:
        out("the shopping list is empty")
    for item in items:
        out(item.name)
    return 0


def shopping_add(args: argparse.Namespace, settings: Settings) -> int:
    with open_household(settings) as store:
        added, already = store.add_items(args.items)
    for name in added:
        out(f"added {name}")
    for name in already:
        out(f"{name} is already on the list")
    return 0


def shopping_remove(args: argparse.Namespace, settings: Settings) -> int:
    with HouseholdStore.open(settings.data_dir) as store:
        removed, missing = store.remove_items(args.items)
    for name in removed:
        out(f"removed {name}")
    if missing:
        raise NoSuchRecord(f"not on the shopping list: {', '.join(missing)}")
    return 0


def shopping_clear(args: argparse.Namespace, settings: Settings) -> int:
    with HouseholdStore.open(settings.data_dir) as store:
        count = store.clear_items()
    out(f"cleared the shopping list ({count} item{'s' if count != 1 else ''})")
    return 0


def register(top: Commands) -> None:
    timers = group(
        top, "timers", "kitchen timers (set them by talking: “set a pasta timer for 12 minutes”)"
    )
    command(timers, "list", timers_list, "running timers, and when each rings").add_argument(
        "--json", action="store_true", help="also timers that rang in the last hour"
    )
    command(
        timers, "cancel", timers_cancel, "cancel a timer, or silence a ringing one"
    ).add_argument("name")

    reminders = group(
        top, "reminders", "reminders (“remind me to call the dentist at half past six”)"
    )
    command(reminders, "list", reminders_list, "pending and ringing reminders").add_argument(
        "--json", action="store_true"
    )
    command(
        reminders, "cancel", reminders_cancel, "cancel (or silence) a reminder by its id"
    ).add_argument("id", type=int)

    shopping = group(top, "shopping", "the shopping list")
    command(shopping, "list", shopping_list, "what is on the list").add_argument(
        "--json", action="store_true"
    )
    command(shopping, "add", shopping_add, "put items on the list").add_argument(
        "items", nargs="+", metavar="ITEM"
    )
    command(shopping, "remove", shopping_remove, "take items off the list").add_argument(
        "items", nargs="+", metavar="ITEM"
    )
    command(shopping, "clear", shopping_clear, "empty the list")
