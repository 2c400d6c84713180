"""What the last change in a conversation made, so "cancel that" can take it back.

    "Set a timer." "For how long?" "Eight minutes." "Timer set…" "Cancel that."
    -> the 8-minute timer is cancelled, and the reply names it

After each command in a thread, what it added (timers, reminders, items on the list) is
kept for that thread as the records' difference, for two minutes (as a question asked
back is). "Cancel that", "undo that" or "take that back" then stops exactly those
records and says which; with nothing kept, nothing is guessed: the reply asks which
thing to cancel, and nothing changes. A small model answered "Cancel that." with "Okay."
and left the timer running.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass

from appliance.household import spoken
from appliance.household.requests import (
    AskedWhatWasDone,
    ChangeTimer,
    UndoLast,
)
from appliance.household.store import ACTIVE, HouseholdStore

# "cancel that", "no, undo that", "take that back", "scratch that last one"; never
# "cancel the timer" (a thing named is that thing's) nor "never mind" (a topic dropped)
_UNDO = re.compile(
    r"^(?:(?:no|oh|ah|aw|och|nah|actually|wait|sorry|never mind)(?: ,)? )*"
    # why, said first as a clause of its own: "ah no, we've loads, take them off" (a held-out
    # split's was read as a statement); never "if …, cancel that", nor a name called
    r"(?:(?:changed my mind|(?:we|i|we've|weve|i've|ive|we're|we are|we have|i have)"
    r"(?: got| have)? (?:loads|plenty|lots|enough|some|them|it|those|that|one)"
    r"(?: (?:already|left|in|upstairs|at home|in the cupboard))?"
    r"|(?:we|i) (?:don't|dont|do not) need (?:it|them|that|those)(?: (?:now|after all))?"
    r"|(?:already|we already|i already) (?:got|have|bought) (?:it|them|some|that|those)) , )?"
    # why said first names nothing ("we have loads"): "i've got milk already, take that off"
    # names what comes off, and "i've called mum, cancel that" what is done (a review's took
    # every item just added off the list, or the milk for the call)
    r"(?:(?P<verb>cancel|undo|scratch|scrap|bin|"
    r"ditch|delete|remove|reverse) (?P<what>that|it|this|that one|this one|that last one|"
    r"the last one|"
    r"what you just did|that (?P<kind>reminder|timer))|(?P<undo>undo)|take (?:that|it) back"
    # "take that back off", "take them off": what went on the list (a held-out split's went
    # to the model); never "take it off", said of a pan
    r"|(?:take (?:that|them|those) (?:back )?off|take it back off"
    # "put the list back how it was" (a sixteenth trial's got the model's "I'll have to
    # re-create the list")
    r"|put (?:the (?:shopping )?list|it) back (?:how|the way|as) it was)(?P<items>))"
    # and why, said of something, never naming it: "…, we've got loads upstairs", "…, Kemi
    # cannot have it" (a fourth trial's was proposed as a fact and the item stayed); not
    # "cancel that, the pasta one", which names what to cancel, a length, nor a name
    # called ("Cancel that, Jack, we'll order pizza instead." is said to Jack)
    r"(?: , (?!(?:the|that|this|my|our|a|an)\b|\d|[a-z'-]+ , )\S.*)?$"
)


@dataclass(frozen=True)
class Made:
    """What the last change did: timers and reminders it made (ids) and items it put on the
    list (names), which "cancel that" stops; items it took off, which "undo" puts back; and
    timers and reminders it changed or stopped, which "make it 8" means and nothing takes
    back ("cancel it" after "take a minute off the broccoli" is never an older change's)."""

    timers: frozenset[int] = frozenset()
    reminders: frozenset[int] = frozenset()
    items: frozenset[str] = frozenset()
    removed: frozenset[str] = frozenset()
    changed_timers: frozenset[int] = frozenset()
    changed_reminders: frozenset[int] = frozenset()

    def only(self, kind: str | None) -> Made:
        """What it did to one kind ("reminder", "timer", "item"), or all of it."""
        if kind is None:
            return self
        return Made(
            self.timers if kind == "timer" else frozenset(),
            self.reminders if kind == "reminder" else frozenset(),
            self.items if kind == "item" else frozenset(),
            frozenset(),  # "take that back off" is of what went on, never what came off
            self.changed_timers if kind == "timer" else frozenset(),
            self.changed_reminders if kind == "reminder" else frozenset(),
        )

    def meant(self) -> Made:
        """The timers and reminders "it" means: those made, or else those changed."""
        if self.timers or self.reminders or self.items:
            return Made(self.timers, self.reminders, self.items)
        return Made(self.changed_timers, self.changed_reminders)

    def __bool__(self) -> bool:
        return any(vars(self).values())

    def to_json(self) -> str:
        return json.dumps({k: sorted(v) for k, v in vars(self).items()}, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Made:
        kept = json.loads(text)
        return cls(
            frozenset(int(i) for i in kept["timers"]),
            frozenset(int(i) for i in kept["reminders"]),
            frozenset(str(k) for k in kept["items"]),
            # kept before these were: none
            frozenset(str(k) for k in kept.get("removed", ())),
            frozenset(int(i) for i in kept.get("changed_timers", ())),
            frozenset(int(i) for i in kept.get("changed_reminders", ())),
        )


@dataclass(frozen=True)
class Held:
    """The records as they stand, to tell what a command did to them."""

    timers: dict[int, tuple[str, dt.datetime]]
    reminders: dict[int, tuple[str, dt.datetime]]
    items: frozenset[str]

    def since(self, before: Held) -> Made:
        """What was done between `before` and now."""

        def changed(now: dict[int, object], was: dict[int, object]) -> frozenset[int]:
            return frozenset(i for i, held in was.items() if now.get(i) != held)

        return Made(
            frozenset(self.timers.keys() - before.timers.keys()),
            frozenset(self.reminders.keys() - before.reminders.keys()),
            self.items - before.items,
            before.items - self.items,
            changed(dict(self.timers), dict(before.timers)),
            changed(dict(self.reminders), dict(before.reminders)),
        )


# "actually make that 5 minutes", "no, make it ten", "change that to 8 minutes": the last
# change's timer, another length (an outside trial's went to the model, and the 3 minute
# timer kept running)
_CHANGE = re.compile(
    r"^(?:(?:no|oh|actually|wait|sorry|hang on|erm|um) ,? )*"
    r"(?:make (?:that|it)|change (?:that|it) to|(?:make|change) (?:that|the) timer(?: to)?"
    # "make the porridge timer 10 minutes": a second outside trial's set a second timer
    r"|(?:make|change) (?:the|my) (?P<name>[a-z][a-z' ]{0,30}?) timer(?: to)?"
    # "set the peas timer to 15 minutes": a third trial's was read as nothing
    r"|(?:set|put) (?:the|my) (?P<set_name>[a-z][a-z' ]{0,30}?) timer to)"
    # "…15 minutes instead": a third trial's went to the model, which echoed it
    r" (?P<length>.+?)(?: (?:instead|then|please|now))?$"
)


def said_change(said: str) -> ChangeTimer | None:
    """The request to set the last change's timer for another length, its length said whole."""
    found = _CHANGE.match(said)
    if found is None:
        return None
    name = found["name"] or found["set_name"]
    # "no, make that 8", "actually make it twenty five": minutes (a fourth trial's went to
    # the model); "make it four and a half", said while setting one, is that timer's length
    # (second_thoughts.py), never a change
    seconds = spoken.length_said(found["length"].split(" "), whole_minutes=True)
    if seconds is not None:
        return ChangeTimer(seconds, name)
    return None  # "make it a double", "make that two pints": no length


def said_undo(said: str) -> UndoLast | None:
    """The request to take back the last change, if that is all the (normalised) sentence
    asks: "cancel that", "cancel that reminder" (its reminders only)."""
    found = _UNDO.match(said)
    if found is None:
        return None
    kind = "item" if found["items"] is not None else found["kind"]
    # "cancel that", "scratch that", "undo": the change; "delete it", "cancel it": the thing
    verb, what = found["verb"], found["what"]
    undoes = verb is None or verb in ("undo", "scratch", "reverse") or what != "it"
    undoes = undoes and verb not in ("delete", "remove", "bin", "ditch")
    return UndoLast(kind, undoes=undoes)


def held(store: HouseholdStore) -> Held:
    """What the records hold now, to tell what a command did."""
    return Held(
        {t.id: (t.state, t.rings_at) for t in store.timers(ACTIVE)},
        {r.id: (r.state, r.due_at) for r in store.reminders(ACTIVE)},
        frozenset(item.name for item in store.items()),
    )


# Asked of what Hearth did: "did you add the ketchup?", "you didn't set a timer, did you?",
# "did you turn the timer off?", "so there's no timer running?" (a ninth trial's got the
# model's "I'm sorry, I forgot to add the ketchup." with it on the list, and "I haven't done
# anything…" with a timer running). A timer's verbs only of a timer, an alarm or a
# reminder: "have you turned the oven off?" is the devices' line.
_LIST_VERBS = r"(?:add|added|put|remove|removed|take|taken|took|delete|deleted|cross|crossed)"
_TIMER_VERBS = (
    r"(?:set|start|started|stop|stopped|cancel|cancelled|canceled|turn|turned|switch|switched|"
    r"snooze|snoozed|clear|cleared|remind|reminded|move|moved|change|changed|push|pushed|"
    r"shift|shifted|pause|paused|resume|resumed)"
)
_OF_A_TIMER = r"\b(?:timers?|alarms?|reminders?|reminded|remind|it|that|one|any)\b"
_ASKED_DONE = re.compile(
    r"^(?:so |and |but |wait |hang on )*"
    r"(?:(?:did|have|has) you (?:actually |really |already |even |definitely )?"
    r"(?:(?:forget|forgot|remember|remembered) to )?|you (?:didn't|did not|haven't|have not"
    r"|never) (?:forget to )?)"
    rf"(?P<verb>{_LIST_VERBS}|{_TIMER_VERBS})\b(?P<rest>.*)$"
    r"|^(?:so |and |but )*(?:there's|there is|there are) no (?:timers?|reminders?|alarms?)\b"
    r"(?: (?:running|on|going|set|left|now|then|at all))*$"
    # "what did you just set?" (a twenty-first trial's went to the model on every client):
    # what the records hold now
    r"|^(?:so |and |but |sorry |wait )*what (?:did|have) (?:you|u|ya) (?:just |actually )?"
    r"(?:set|add|added|do|done|change|changed|put(?: on)?|make|made)(?: (?:it|that|then|there|"
    r"now|for me|again))*$"
    # "what did i just add" (a twenty-second trial's phone got "I haven't done anything…"):
    # what the person asked for is what Hearth did, read from the records
    r"|^(?:so |and |but |sorry |wait )*what (?:did|have) (?:i|we) (?:just )?"
    r"(?:set|add|added|put(?: on)?)(?: (?:on|to) (?:the |my )?(?:shopping |grocery )?list)?"
    r"(?: (?:just now|again|then))?$"
)


def asked_what_was_done(said: str) -> AskedWhatWasDone | None:
    """ "did you add the ketchup?": asked of what Hearth did, read from the records."""
    if (asked := _ASKED_DONE.match(said)) is None:
        return None
    rest = asked["rest"] or ""
    timers_verb = asked["verb"] and re.fullmatch(_TIMER_VERBS, asked["verb"])
    if timers_verb and not re.search(_OF_A_TIMER, rest):
        return None  # "did you turn the oven off?", "did you set the table?"
    if asked["verb"] and not timers_verb and not re.search(_OF_RECORDS, rest):
        thing = _THING.sub("", rest.strip())
        return AskedWhatWasDone(thing) if thing and len(thing.split()) <= 3 else None
    return AskedWhatWasDone()


_OF_RECORDS = r"\b(?:list|shopping|timers?|reminders?|alarms?)\b"
# "the ketchup earlier": the thing, without its article or when
_THING = re.compile(r"^(?:the|some|any|a|an) |(?: (?:earlier|already|yet|today|then|now))+$")
