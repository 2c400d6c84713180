"""The household's memory: facts, the review inbox, tombstones, the guard, the audit log.

    from appliance.memory import Memory
    memory = Memory.open(settings)          # or Memory.open("/path/to/data")
    memory.add("Sam is allergic to peanuts", "health")
    memory.propose("Grandma's birthday is on 3 March", "event")   # inbox only
    memory.recall("who is allergic to nuts?")

This package imports nothing of the brain, web, panel or voice.
"""

from appliance.errors import InvalidFact, NotFound, Refused
from appliance.memory.audit import AuditEntry, AuditLog, Verification
from appliance.memory.fact import FACT_TYPES, STATUSES, Fact, Proposal
from appliance.memory.recall import Recalled, envelope
from appliance.memory.store import AlreadyKnown, AlreadyWaiting, ImportReport, Memory, Problem
from appliance.memory.tombstones import Tombstone

__all__ = [
    "FACT_TYPES",
    "STATUSES",
    "AlreadyKnown",
    "AlreadyWaiting",
    "AuditEntry",
    "AuditLog",
    "Fact",
    "ImportReport",
    "InvalidFact",
    "Memory",
    "NotFound",
    "Problem",
    "Proposal",
    "Recalled",
    "Refused",
    "Tombstone",
    "Verification",
    "envelope",
]
