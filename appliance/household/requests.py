"""What a household asks of its records: one frozen record per kind of request.

phrases.py reads a sentence into one of these; actions.py carries it out. A request
that lacks what it needs (a timer's length, a reminder's time) becomes a question
back (the Ask… records), and asking.py reads the answer to it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class SetTimer:
    intent: ClassVar[str] = "timer.set"
    name: str | None
    seconds: float


@dataclass(frozen=True)
class AskTimerLength:
    intent: ClassVar[str] = "timer.ask"
    name: str | None


@dataclass(frozen=True)
class AskSetTimer:
    """ "5 minutes", said alone with nothing asked: "Shall I set a timer for 5 minutes?" (a
    nineteenth trial's reached the model, which answered "Set a timer for 5 minutes." and
    set nothing)."""

    intent: ClassVar[str] = "timer.offer"
    seconds: float


@dataclass(frozen=True)
class CancelTimer:
    intent: ClassVar[str] = "timer.cancel"
    name: str | None  # None: the only one (or the one ringing)
    every: bool = False
    seconds: float | None = None  # "the 10 minute timer": the one set for that long


@dataclass(frozen=True)
class TimerStatus:
    intent: ClassVar[str] = "timer.status"
    name: str | None  # None: every timer
    seconds: float | None = None  # "the 10 minute timer": the one set for that long


@dataclass(frozen=True)
class AddTime:
    intent: ClassVar[str] = "timer.add"
    name: str | None
    seconds: float


@dataclass(frozen=True)
class PauseTimer:
    """ "pause the egg timer", "resume the timer": asked of timers that keep counting."""

    intent: ClassVar[str] = "timer.pause"
    name: str | None
    resume: bool = False


@dataclass(frozen=True)
class AskWhichTimer:
    """ "Which one?": asked when a command fits several timers."""

    intent: ClassVar[str] = "timer.which"
    action: str  # cancel | status | add
    names: tuple[str, ...]
    seconds: float = 0.0  # for add


@dataclass(frozen=True)
class StopRinging:
    """ "stop", "turn it off": said while something rings."""

    intent: ClassVar[str] = "ringing.stop"


@dataclass(frozen=True)
class SnoozeRinging:
    intent: ClassVar[str] = "ringing.snooze"
    seconds: float


@dataclass(frozen=True)
class ClockTime:
    intent: ClassVar[str] = "clock.time"
    place: str | None = None  # "what time is it in New York": a place in clock.PLACES


@dataclass(frozen=True)
class ClockDate:
    intent: ClassVar[str] = "clock.date"
    days: int = 0  # -1 "yesterday", 1 "tomorrow"
    part: str = "date"  # date | month | year
    weekday: str | None = None  # "is it Friday today?": the day asked about, or "weekend"


@dataclass(frozen=True)
class ClockSpan:
    """ "how many minutes is an hour and three quarters": a length of time worked out
    (spans.py), the lengths said added, or the time between two times of day said."""

    intent: ClassVar[str] = "clock.span"
    seconds: int
    unit: str  # minutes | hours | seconds: what it was asked in
    lengths: tuple[str, ...] = ()  # the lengths said, as said
    between: tuple[str, str] | None = None  # two times of day ("5:20", "7:00")


@dataclass(frozen=True)
class DaysUntil:
    """ "how many days till Christmas": an occasion in clock.OCCASIONS."""

    intent: ClassVar[str] = "clock.until"
    occasion: str


@dataclass(frozen=True)
class Remind:
    intent: ClassVar[str] = "remind"
    what: str  # "call the dentist"; "about the bins", "that the plumber is coming"
    at: dt.datetime  # the first time it comes
    every: str | None = None  # a rule of repeats.py: it comes again by it ("day", "tuesday")
    until: dt.date | None = None  # a repeat's last day, when one was said


@dataclass(frozen=True)
class AskReminderTime:
    intent: ClassVar[str] = "remind.ask"
    what: str
    day: str | None = None  # the day said without its time ("on friday"): only the time asked
    every: str | None = None  # the rule it repeats by ("tuesday"; "week": the first's day)
    unkept: str | None = None  # a repeat said that no rule keeps ("every other week")


@dataclass(frozen=True)
class AskReminder:
    """ "Remind me.", "Set a reminder.": what and when both asked for."""

    intent: ClassVar[str] = "remind.bare"


@dataclass(frozen=True)
class AskReminderWhat:
    intent: ClassVar[str] = "remind.what"
    at: dt.datetime
    every: str | None = None


@dataclass(frozen=True)
class ListReminders:
    intent: ClassVar[str] = "reminder.list"
    about: str | None = None  # "the vet": only those about it ("is there a reminder for…")
    day: str | None = None  # "today", "tomorrow", "friday", "this week"
    next: bool = False  # "what's my next reminder?"
    # asked as plainly of anything ("when's the tree thing"): the reminders' only where one
    # is about it (named.the_records_hold), else memory's
    if_any: bool = False


@dataclass(frozen=True)
class CancelReminder:
    intent: ClassVar[str] = "reminder.cancel"
    what: str | None  # None: the only one, or the one ringing
    every: bool = False  # "cancel all reminders"
    number: int | None = None  # "cancel reminder 5", or 5 to "Which one? 5: …; 10: …"
    sure: bool = False  # "yes" to "Cancel all 11 reminders…?": every one, asked and answered


@dataclass(frozen=True)
class AskCancelAllReminders:
    """ "delete all the reminders" with several set, or one that comes again: asked first (a
    nineteenth trial's guest on the phone cancelled eleven in one sentence, a daily warfarin
    reminder among them, and the family set them again by hand)."""

    intent: ClassVar[str] = "reminder.cancel_all"
    count: int


@dataclass(frozen=True)
class SnoozeReminder:
    intent: ClassVar[str] = "reminder.snooze"
    what: str | None
    seconds: float


@dataclass(frozen=True)
class SkipReminder:
    """ "Skip the bins reminder this week": a repeating reminder's next time passed over."""

    intent: ClassVar[str] = "reminder.skip"
    what: str | None


@dataclass(frozen=True)
class MoveReminder:
    """ "Move the surgery reminder to 9": the one reminder `what` names, due at `at`; at
    that time of the reminder's own day when no day was said (`same_day`)."""

    intent: ClassVar[str] = "reminder.move"
    what: str | None
    at: dt.datetime
    same_day: bool = False
    either_half: bool = False  # no am or pm said: the 9 nearer the reminder's own time
    same_time: bool = False  # a day said alone ("to Friday"): at the reminder's own time
    number: int | None = None  # the reminder numbered so ("Which one? 5: …; 10: …")


@dataclass(frozen=True)
class AskWhichReminder:
    """ "Which one?": asked when a cancel or a move fits several reminders. The answer
    names one by the number shown, its place ("the second"), or words only it holds ("the
    every day one", "tonight's"): a fourteenth trial's every answer fell through."""

    intent: ClassVar[str] = "reminder.which"
    action: str  # cancel | move
    ids: tuple[int, ...]
    labels: tuple[str, ...]  # each as it was shown, with when it comes, lower case
    at: dt.datetime | None = None  # the move's: where it goes
    same_day: bool = False
    either_half: bool = False
    same_time: bool = False


@dataclass(frozen=True)
class AddItems:
    intent: ClassVar[str] = "shopping.add"
    items: tuple[str, ...]


@dataclass(frozen=True)
class RemoveItems:
    intent: ClassVar[str] = "shopping.remove"
    items: tuple[str, ...]


@dataclass(frozen=True)
class BoughtItems:
    """ "we got the eggs", "I've bought bread": the ones on the list come off it. Said of
    nothing on the list it is no command (the brain's household intent passes it on)."""

    intent: ClassVar[str] = "shopping.bought"
    items: tuple[str, ...]


@dataclass(frozen=True)
class CheckItem:
    """ "is butter on the list?", "do we need eggs?" """

    intent: ClassVar[str] = "shopping.check"
    item: str
    # asked as "did you add bread earlier?": answered by what the list holds now, never a
    # "No" of what was done before (a tenth trial's bread was added and then taken off)
    of_hearth: bool = False
    # asked as "did we get the tofu?": whether it was bought, which the list says only as
    # still on it or not (a sixteenth trial's got memory's "I don't know")
    bought: bool = False


@dataclass(frozen=True)
class AskAddItems:
    """ "milk", said alone: "Shall I put milk on the shopping list?" (a sixteenth trial's
    went to the model, which said a household fact as its own: "I'm a vegan.")."""

    intent: ClassVar[str] = "shopping.ask"
    items: tuple[str, ...]


@dataclass(frozen=True)
class ReadList:
    intent: ClassVar[str] = "shopping.read"
    counted: bool = False  # "how many things are on the list?": how many, then what


@dataclass(frozen=True)
class ClearList:
    intent: ClassVar[str] = "shopping.clear"


@dataclass(frozen=True)
class UndoLast:
    """ "Cancel that": the last change made in this conversation, taken back (undo.py);
    only its reminders or timers when `kind` says ("cancel that reminder")."""

    intent: ClassVar[str] = "undo.last"
    kind: str | None = None  # "reminder" | "timer"
    # "undo", "take that back", "cancel that": the change itself, so what it took off the
    # list goes back on; "delete it", "cancel it", "bin it": the thing, stopped or removed
    undoes: bool = True


@dataclass(frozen=True)
class AskedWhatWasDone:
    """ "did you add the ketchup?", "you didn't set a timer, did you?", "so there's no timer
    running?": asked of what Hearth did. Answered from the records as they are now, never a
    "yes" or "no" from memory of the conversation (a ninth trial's model said "I'm sorry, I
    forgot to add the ketchup." with the ketchup on the list)."""

    intent: ClassVar[str] = "done.asked"
    # the thing asked of, with no list, timer or reminder said ("did you add the ketchup?"):
    # the brain answers only if it is on the list ("did you add the salt?" is a cook's)
    item: str | None = None


@dataclass(frozen=True)
class ChangeTimer:
    """ "Actually, make that 5 minutes": the timer the last change in this conversation set,
    or the one `name`d ("make the porridge timer 10 minutes"), now set for `seconds` from
    when it was set (undo.py)."""

    intent: ClassVar[str] = "timer.change"
    seconds: float
    name: str | None = None


@dataclass(frozen=True)
class PutRight:
    """ "Move it to 8", "make that a dozen", "add another 2", "push it back half an hour":
    the last change in this conversation put right (put_right.py). `to`: what it becomes,
    as said; `by`: seconds later or longer (less than none: earlier, shorter); `times`:
    "double it"; `instead`: said "instead", so a thing may take an item's place;
    `called`: a timer's new name ("call it the bread timer")."""

    intent: ClassVar[str] = "undo.put_right"
    to: str | None = None
    by: float | None = None
    times: float | None = None
    instead: bool = False
    called: str | None = None
    more: bool = False  # "add 5 more", "push it back 2": a timer's minutes, never a reminder's
    how_many: bool = False  # "six of them", "just two": a count, which only an item takes
    moves: bool = False  # said with a verb that moves ("move it to 8") or as a correction
    of_a_time: bool = False  # "move it to 8", "bump that to 9": a time, never a length or count
    # "and one for the sauce, 15", "and another for 5": a second timer like the one just set,
    # for `by` seconds, called this ("" when unnamed)
    another: str | None = None
    of: str | None = None  # "the turkey is thursday not wednesday": only of a record about it
    named: bool = False  # "what's it called?": the timer just set, asked its name
    # said where the message before changed nothing: nothing is changed, and which is asked
    after_nothing: bool = False


@dataclass(frozen=True)
class RenameTimer:
    """ "Call the russians timer the rashers timer": the one timer `name`d, called `new`."""

    intent: ClassVar[str] = "timer.rename"
    name: str
    new: str


@dataclass(frozen=True)
class TakenBack:
    """A command said and taken back in the same breath ("Clear the list? No, don't do
    that."): nothing is done, and the reply says what was left as it was
    (second_thoughts.py)."""

    said: Command

    @property
    def intent(self) -> str:
        """The family of what was taken back ("shopping.taken_back"), so the intent that
        would have carried it out answers for it."""
        return f"{self.said.intent.split('.')[0]}.taken_back"


@dataclass(frozen=True)
class Both:
    """Two commands said in one breath, joined by "and" ("set a timer for 10 minutes and add
    eggs to the list"): each carried out, in turn (phrases.py reads them)."""

    first: Command
    second: Command

    @property
    def intent(self) -> str:
        """The first one's: the intent that carries it out answers for both."""
        return self.first.intent


Command = (
    SetTimer
    | AskTimerLength
    | AskSetTimer
    | AskCancelAllReminders
    | CancelTimer
    | TimerStatus
    | AddTime
    | PauseTimer
    | AskWhichTimer
    | StopRinging
    | SnoozeRinging
    | ClockTime
    | ClockDate
    | ClockSpan
    | DaysUntil
    | Remind
    | AskReminder
    | AskReminderTime
    | AskReminderWhat
    | ListReminders
    | CancelReminder
    | SnoozeReminder
    | SkipReminder
    | MoveReminder
    | AskWhichReminder
    | AddItems
    | AskAddItems
    | RemoveItems
    | BoughtItems
    | AskedWhatWasDone
    | CheckItem
    | ReadList
    | ClearList
    | UndoLast
    | ChangeTimer
    | PutRight
    | RenameTimer
    | TakenBack
    | Both
)
# Commands that only read the records or the clock: nothing to take back or leave as it was.
READS = (
    ClockTime,
    ClockDate,
    ClockSpan,
    DaysUntil,
    ReadList,
    CheckItem,
    ListReminders,
    TimerStatus,
)
# What Hearth asks back, whose answer the next message in the same thread may be.
Question = (
    AskTimerLength
    | AskSetTimer
    | AskCancelAllReminders
    | AskAddItems
    | AskReminder
    | AskReminderTime
    | AskReminderWhat
    | AskWhichTimer
    | AskWhichReminder
)
