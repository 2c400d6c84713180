"""A follow-up's change made of the one record the last change in a conversation made:
the timer, the reminder or the thing on the list that "make it 8", "move it to half 6",
"make that a dozen" or "the salmon, not the prawns" means (put_right.py reads the words).
Nothing is guessed: with no such record, or words that fit none of it, the answer says so
and nothing changes.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable

from appliance.household import list_changes, reminder_phrases, spoken, undo
from appliance.household.moments import speaks_of_a_moment
from appliance.household.records import Reminder
from appliance.household.reminder_phrases import moved_to
from appliance.household.reminders_meant import is_about
from appliance.household.requests import (
    AddTime,
    Both,
    CancelReminder,
    ChangeTimer,
    Command,
    MoveReminder,
    PutRight,
    Remind,
    RenameTimer,
    SetTimer,
    TimerStatus,
)
from appliance.household.store import ACTIVE, HouseholdStore, item_key
from appliance.numbers import number_at

_SAME_TIME = re.compile(r"(?: ,)?(?: at)? (?:the )?same time$")


def length_of(said: str) -> float | None:
    """Seconds `said` is, a bare number as minutes ("2", "ten minutes", "half an hour")."""
    return spoken.length_said(said.strip().split(" "))


_MOMENT_GLUE = frozenset({"at", "on", "the", "next", "this", "in", "of", "morning", "afternoon"})


def _only_a_moment(said: str) -> bool:
    """Whether each side of "thursday not wednesday" is a day or a time and nothing else."""
    return all(
        all(w in _MOMENT_GLUE or w[:1].isdigit() or speaks_of_a_moment([w]) for w in side.split())
        for side in said.split(" not ")
    )


_WHICH = (
    "Which one? Nothing was changed. Say which, for example “move the dentist reminder to "
    "9”, “make the pasta timer 5 minutes” or “change the milk on the list to 2 pints”."
)


# "make that 2 bags" where nothing was just done: never "Which one?", as if there were several
_NOTHING_JUST_DONE = (
    "I haven't just done anything here to put right, so everything is as it was. Say what "
    "to change, for example “make the pasta timer 5 minutes”, “move the dentist reminder to "
    "9” or “change the milk on the list to 2 pints”."
)


def resolved(store: HouseholdStore, thread: str | None, said: PutRight) -> Command | str:
    """The command that puts the last change in `thread` right as `said`, or what to say
    when it cannot: nothing changed, nothing guessed."""
    if said.after_nothing:
        return _NOTHING_JUST_DONE
    kept = store.last_done(thread) if thread is not None else None
    made = undo.Made.from_json(kept).meant() if kept is not None else undo.Made()
    timers, reminders = sorted(made.timers), sorted(made.reminders)
    if not timers and not reminders and (one := _the_item_said(made.items, said)) is not None:
        return _item_put_right(store, one, said)
    if len(timers) + len(reminders) + len(made.items) != 1:
        return _WHICH
    if timers:
        return _timer_put_right(store, timers[0], said)
    if reminders:
        return _reminder_put_right(store, reminders[0], said)
    [item] = made.items
    return _item_put_right(store, item, said)


def _timer_put_right(store: HouseholdStore, timer_id: int, said: PutRight) -> Command | str:
    timer = store.timer(timer_id)
    if said.of is not None:
        return _WHICH  # "the turkey is thursday not wednesday": a reminder's
    if said.another is not None and said.by is not None:
        return SetTimer(said.another or None, said.by)
    if said.called is not None:
        return RenameTimer(timer.name, said.called)
    if said.named:
        return TimerStatus(timer.name)
    if said.by is not None:
        return AddTime(timer.name, said.by)  # the name is the one running timer's own
    if said.times is not None:
        return ChangeTimer(timer.seconds * said.times)
    if said.how_many or said.of_a_time:
        return _WHICH  # "six of them" counts things, "move it to 8" a time: never minutes
    to, _, was = (said.to or "").partition(" not ")
    seconds = length_of(to)
    if seconds is None:
        return _WHICH
    if was and length_of(was) not in (timer.seconds, None):
        return _WHICH  # "6 not 7" said of a 10 minute timer: not the length just set
    return ChangeTimer(seconds)


def _reminder_put_right(store: HouseholdStore, reminder_id: int, said: PutRight) -> Command | str:
    reminder = store.reminder(reminder_id)
    if reminder.state not in ACTIVE:
        ended = "was cancelled" if reminder.state == "cancelled" else "has already rung"
        return f"That reminder {ended}, so nothing was changed."
    now = store.now()
    if said.another is not None:
        return _WHICH  # "and one for 9": another reminder, of what is unsaid
    if said.of is not None and (
        not is_about(reminder, said.of) or not _only_a_moment(said.to or "")
    ):
        # "the party is thursday not wednesday" after the turkey's; "the vet is closed
        # friday not open" says no time (a review's was said moved)
        return _WHICH
    if said.by is not None and not said.more:  # "add 5 more" is a timer's, never a reminder's
        return MoveReminder(reminder.text, reminder.due_at + dt.timedelta(seconds=said.by))
    if said.how_many or said.by is not None:
        return _WHICH
    to = _SAME_TIME.sub("", said.to or "")
    if REPEATS.search(to):
        return _repeated(reminder, to, now)
    if " not " in f" {to} ":
        new, _, old = to.partition(" not ")
        errand = re.sub(
            rf"\b{re.escape(old)}\b",
            lambda was: new.capitalize() if was.group()[:1].isupper() else new,  # "Mum"
            reminder.text,
            flags=re.IGNORECASE,
        )
        if errand != reminder.text:  # "sorry I meant Mum not Dad": whom, not when
            return Both(CancelReminder(reminder.text), Remind(errand, reminder.due_at))
        to = new  # "its thursday not tomorrow": when
    to = _compact_time(to, reminder.due_at)
    if not said.moves and not _A_TIME_OF_DAY.search(to):
        return _WHICH  # "make it for 2", "can it be 2": a bare number only after "move"…
    moved = moved_to(to, now)
    if moved is None:
        return _WHICH
    return MoveReminder(reminder.text, moved.at, moved.same_day, moved.either_half, moved.same_time)


# How often it comes, said of the reminder just set: "make that every day", "make that one
# every Tuesday, up to and including the 22nd", "just the once tomorrow, not every day" (a
# held-out split's every Tuesday was read as a move to the 22nd)
# (also what put_right.py reads as a value a record may become)
REPEATS = re.compile(
    r"\b(?:every|each|daily|weekly|weekdays|weekends|fortnightly|(?:just |only )?(?:the )?once)\b"
)
_ONCE = re.compile(
    r"\b(?:just |only )?(?:the )?once\b|(?: , )?\bnot every \w+|\b(?:one|that) (?=every)"
)
_NOT_EVERY = re.compile(r"\bonce\b|\bnot every\b")


def _repeated(reminder: Reminder, to: str, now: dt.datetime) -> Command | str:
    """The reminder just set, said again with how often it comes: the old one cancelled and
    the new one set, read as the whole request would be; nothing changed where it is not."""
    once = _NOT_EVERY.search(to) is not None
    when = " ".join(_ONCE.sub(" ", to).replace(" , ", " ").split())
    when = re.sub(r"\b(?:actually|please|then)\b", " ", when).strip()
    if once and not when:  # "just the once": its first time, and no more
        return Both(CancelReminder(reminder.text), Remind(reminder.text, reminder.due_at))
    said = f"remind me {when} at {reminder.due_at:%H:%M} to {reminder.text}"
    again = reminder_phrases.reminder(said, now)
    if not isinstance(again, Remind) or (again.every is None) != once:
        return _WHICH
    return Both(
        CancelReminder(reminder.text), Remind(reminder.text, again.at, again.every, again.until)
    )


# A time of day or a day said as one, never a bare number: "9am", "8.30", "half eleven",
# "thursday"
_A_TIME_OF_DAY = re.compile(
    r"\d(?:am|pm)\b|\d[:.]\d\d|\b(?:am|pm|half|quarter|o'clock|noon|midnight|today|"
    r"tonight|tomorrow|morning|afternoon|evening|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday)\b"
)


def _compact_time(to: str, due: dt.datetime) -> str:
    """ "730" as "7:30"; "half past" alone as half past the reminder's own hour. Never
    "200", which is said "2" when it is a time ("put it up to 200" is an oven's)."""
    digits = re.fullmatch(r"(\d{1,2})(\d{2})", to)
    if digits is not None and 0 < int(digits[2]) < 60:
        return f"{digits[1]}:{digits[2]}"
    minutes = {"half past": 30, "quarter past": 15}.get(to)
    if minutes is not None:
        return f"{due:%H}:{minutes}"
    return to


def _amount_of_it(to: str, item: str) -> bool:
    """ "a dozen eggs" said of "6 eggs": an amount, and the thing named again (a held-out
    split of the daily loop's "make that a dozen eggs actually" went to the model)."""
    amount, _, thing = to.rpartition(" ")
    return bool(amount) and thing == item.split()[-1] and list_changes.an_amount(amount)


INSTEAD_OF = re.compile(r"(?P<new>.+?)(?: ,)? (?:not|instead of|rather than) (?P<old>.+)")
_ARTICLE = re.compile(r"^(?:the|a|an|some) ")


def word_put_right(item: str, old: str, new: str) -> str | None:
    """`item` with the words `old` in it said as `new`: "almond milk", "almond", "oat milk"
    -> "oat milk"; "jar of green pesto", "green pesto", "the red one" -> "jar of red
    pesto"; "1 kg basmati rice", "1", "5 kg" -> "5 kg basmati rice". None where `item`
    does not hold `old`."""
    words = item.lower().split(" ")
    olds = _ARTICLE.sub("", old).split(" ")
    news = _ARTICLE.sub("", new).split(" ")
    if news[-1] == "one":  # "the red one" of green pesto: its first word said right
        news = [*news[:-1], *olds[len(news) - 1 :]]
    for start in range(len(words) - len(olds) + 1):
        if all(_same_word(w, o) for w, o in zip(words[start:], olds, strict=False)):
            end = start + len(olds)
            if end < len(words) and news[-1] == words[end]:
                end += 1  # "oat milk" for the "almond" of "almond milk"; "5 kg" for "1" kg
            if words[start].isdigit() and (number := number_at(news, 0)) is not None:
                # digits for digits: "six not four" of "4 tins" is "6 tins"
                news = [f"{number[0]:g}", *news[number[1] :]]
            return " ".join([*words[:start], *news, *words[end:]])
    return None


def _same_word(said: str, other: str) -> bool:
    """Whether two words are one: "4" and "four" are."""
    if said == other:
        return True
    one, two = number_at([said], 0), number_at([other], 0)
    return one is not None and two is not None and one[0] == two[0]


# Words every item's name may hold, that name none of them
_JOINING = frozenset("of a an the some and or".split())


def _the_item_said(items: Iterable[str], said: PutRight) -> str | None:
    """Of several things just put on the list, the one a put-right's words name: "no, make
    that 4 pints" after "2 pints of milk and a loaf of bread" (a twenty-first trial's got
    the model's "no, make that 4 pints of chocolate."); None when no one thing is named."""
    items = list(items)
    if len(items) < 2 or not said.to:
        return None

    def keys(text: str) -> set[str]:  # "loaves" is "loaf" too; "of" names no one thing
        words = set(re.findall(r"[a-z]+", text.lower())) - _JOINING
        return {item_key(re.sub(r"ves$", "f", w)) for w in words}

    words = keys(said.to)
    named = [item for item in items if words & keys(item)]
    return named[0] if len(named) == 1 else None


def _item_put_right(store: HouseholdStore, item: str, said: PutRight) -> Command | str:
    if item not in {i.name for i in store.items()}:
        return "That is no longer on the shopping list, so nothing was changed."
    if said.by is not None or said.of_a_time or said.of is not None:
        return _WHICH  # "add another 2", "move it to 8" of an item: no count said as one
    if said.times is not None:
        made = list_changes.times(item, said.times)
        swapped = list_changes.swapped(item, made) if made else None
    elif said.to and (instead := INSTEAD_OF.fullmatch(said.to)) is not None:
        # "oat milk not almond", "skim instead of whole", "six not four", "5 kg , not 1": a
        # word of the thing, said right
        made = word_put_right(item, instead["old"], instead["new"])
        swapped = list_changes.swapped(item, made) if made else None
    elif said.to and (
        said.instead or list_changes.an_amount(said.to) or _amount_of_it(said.to, item)
    ):
        # an amount ("a dozen", "two bags"), or a thing only when said "instead": "it's half
        # past" after "add eggs" is no item
        swapped = list_changes.swapped(item, said.to, counted=True)
    else:
        swapped = None
    return swapped if swapped is not None else _WHICH
