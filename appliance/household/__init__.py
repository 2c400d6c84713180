"""Timers, reminders and the shopping list: exact records in SQLite, rung by a scheduler.

This package imports nothing of brain, web or panel; they use it. The records
never pass through the review inbox: a timer is a command a person gave, not
a fact to remember.
"""

from appliance.household.actions import perform
from appliance.household.phrases import Command, parse
from appliance.household.records import Item, Reminder, Timer
from appliance.household.scheduler import Ring, Scheduler
from appliance.household.store import HouseholdStore, NoSuchRecord, NotKept, Screen

__all__ = [
    "Command",
    "HouseholdStore",
    "Item",
    "NoSuchRecord",
    "NotKept",
    "Reminder",
    "Ring",
    "Scheduler",
    "Screen",
    "Timer",
    "parse",
    "perform",
]
