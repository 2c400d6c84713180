"""What a person said, as a household command, or None: timers, reminders, the shopping list.

    parse("set a pasta timer for twelve minutes", now)  -> SetTimer("pasta", 720.0)
    parse("set a timer", now)                            -> AskTimerLength(None)
    parse("I spent twelve minutes looking for my keys")  -> None

Every pattern is anchored at both ends of the sentence, so a sentence that
merely mentions minutes, a list or a timer is not a command: it goes on to the
model. A command that lacks its length or its time is never guessed: it
becomes a question back (AskTimerLength, AskReminderTime).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Callable
from typing import Any, cast

from appliance.apostrophes import straight
from appliance.household import misheard, spoken
from appliance.household.clock_phrases import clock
from appliance.household.frames import framed
from appliance.household.list_changes import changed_item
from appliance.household.list_phrases import (  # noqa: F401  (re-exported)
    asked_to_add,
    items_of,
    shopping,
)
from appliance.household.phrase_words import normalise
from appliance.household.remarks import ASKED, after_a_remark
from appliance.household.reminder_phrases import reminder
from appliance.household.requests import (  # noqa: F401  (re-exported: p.SetTimer, …)
    READS,
    AddItems,
    AddTime,
    AskReminderTime,
    AskReminderWhat,
    AskTimerLength,
    AskWhichTimer,
    Both,
    CancelReminder,
    CancelTimer,
    CheckItem,
    ClearList,
    ClockDate,
    ClockTime,
    Command,
    DaysUntil,
    ListReminders,
    MoveReminder,
    PauseTimer,
    Question,
    ReadList,
    Remind,
    RemoveItems,
    SetTimer,
    SnoozeReminder,
    SnoozeRinging,
    StopRinging,
    TakenBack,
    TimerStatus,
    UndoLast,
)
from appliance.household.ringing_phrases import ringing as while_ringing
from appliance.household.ringing_phrases import stop_with_nothing_ringing, the_ringing_ones
from appliance.household.second_thoughts import second_thoughts
from appliance.household.timer_changes import pause_asked, time_taken_off
from appliance.household.timer_numbers import timer_numbered
from appliance.household.timer_phrases import add_time, timer, timer_status
from appliance.household.timers_listed import offered_timer, timers_listed
from appliance.household.undo import asked_what_was_done, said_change, said_undo
from appliance.household.watch_phrases import watched

# Words that take back or put right what went before, whatever follows: never part of an
# errand or an item
# ("no no", "sorry no" are an errand's own words as often: "remind me to say no no to the
# kids", "…to say sorry no 6", a review's)
# ("set a timer for 10 mins no 12": "no" alone before a number, a fourteenth trial's went to
# the model, which told of a pizza)
_UNMARKED_CHANGE = re.compile(r"(?<! ,) (no wait|wait no|or rather|no(?= \d+(?: |$))) ")
_UNMARKED_SO = re.compile(
    # only a command that names its record: "the water is boiling so add the pasta" is a
    # cooking step (a review found a first version putting the pasta on the list); "fyi"
    # and "btw" join the same way ("were out of oat milk fyi can u stick it on the list",
    # a held-out split of the daily loop's went to the model)
    r"(?<! ,) (?P<joint>so|fyi|btw) (?=(?:(?:can|could|will|would) (?:you|u|ya) )?(?:please )?"
    r"(?:remind me |set (?:a |the |an )?(?:[a-z]+ )?timer |"
    r"(?:add|put|pop|stick) .+ (?:to|on|onto) (?:the |my |our )?(?:shopping )?list\b))"
)


def as_row(command: Command | None) -> dict[str, object]:
    """The command as the phrase table writes it: its intent and what it acts on."""
    if command is None:
        return {"intent": None}
    row: dict[str, object] = {"intent": command.intent}
    defaults = {f.name: f.default for f in dataclasses.fields(command)}
    for key, value in vars(command).items():
        if value == defaults.get(key, dataclasses.MISSING):
            continue  # a field left as it defaults ("every", a clock's place) is not said
        if dataclasses.is_dataclass(value):  # what a TakenBack took back
            value = as_row(cast(Command, value))
        elif isinstance(value, dt.datetime):
            value = value.strftime("%Y-%m-%dT%H:%M")
        elif isinstance(value, tuple):
            value = list(value)
        row[key] = value
    return row


def parse(
    text: str, now: dt.datetime, *, ringing: bool = False, slips: bool = True
) -> Command | None:
    """The household command the whole sentence says, else None (it goes to the model).

    `ringing`: a timer or reminder rings now, so "stop" and "five more minutes" are said
    to it; with nothing ringing they mean nothing here. `slips`: read a recogniser's known
    slips as what was said (misheard.py); False only to measure what they are worth.
    """
    said = normalise(text)
    if not said:
        return None
    # a change of mind typed with no comma: "remind me tuesday at 10 about the dentist no
    # wait thursday" (a thirteenth trial's set Tuesday, "no wait thursday" in its errand)
    # why, then "so" and the command, typed with no comma: "we're low on milk so add milk
    # to the list" (read as one statement)
    as_typed = _UNMARKED_SO.sub(r" , \g<joint> ", normalise(text, sentences=True))
    sentences = _UNMARKED_CHANGE.sub(r" , \1 ", as_typed)
    # "…, actually, ring Sue as well": more, never instead (normalise took the tail off)
    adds = _ADDS.search(text.lower()) is not None

    def read(part: str) -> Command | None:
        return _read_with_reason(part, now, ringing)

    def read_all(said: str, sentences: str) -> Command | None:
        # a change of mind first: read whole, "remind me at 6 to call Mum, never mind"
        # would set a reminder to "call Mum never mind"; then said whole, or inside a
        # preamble or a reason: "Sorry to bother you, can you…" (frames.py)
        return (
            second_thoughts(sentences, lambda part: read(part) or framed(part, read), adds=adds)
            or read(said)
            or framed(sentences, read)
        )

    # two commands first, each whole on its side of an "and": read whole, "remind me at 6
    # to ring Nan and add teabags to the list" would be one reminder
    command = _both(said, read) or read_all(said, sentences)
    if isinstance(command, TakenBack) and sentences != as_typed:
        # what follows "no wait" puts nothing right ("remind me at 6 to call mum no wait
        # dad"): read as typed, as before, never dropped whole (a review's)
        command = read_all(said, as_typed)
    if command is None:
        # "Right, dinner time. Set a timer for 20 minutes…": a remark said first (remarks.py)
        command = after_a_remark(text, lambda one: parse(one, now, ringing=ringing, slips=slips))
    if command is None and slips:
        # the same words as a recogniser's slips hid them (misheard.py), its sentences
        # kept apart: read only when what was heard is no command, so never another one
        mended = misheard.mended(sentences)
        if mended and mended != said:
            command = read_all(mended, mended)
    if command is None:
        # "timers for all three: roasties 50 mins, pigs in blankets 30…", "lasagne's in, it
        # needs 1 hr 10 mins, can you time it" (timers_listed.py): last, so never instead
        command = timers_listed(text)
    if command is None:
        command = asked_to_add(text)  # "milk", said alone: asked whether it goes on the list
    if command is None:
        command = offered_timer(text)  # "5 minutes", said alone: asked whether to time it
    return as_written(command, text)


_ADDS = re.compile(r"\b(?:too|as well|also)\W*$")


# Commands that may be said one after the other with "and": each does one plain thing, so
# neither is a question back nor half of the other ("add eggs and milk" is one list).
# ("another for 5 minutes" is no time added: it is not one of these, but a second timer)
_DONE_IN_TURN = (SetTimer, CancelTimer, Remind, CancelReminder, AddItems, RemoveItems)


def _both(said: str, read: Callable[[str], Command | None]) -> Both | None:
    """ "set a timer for 10 minutes and add eggs to the list": two commands of two kinds,
    each read whole on its side of an "and" (a third trial's did nothing); the second may
    be two itself ("…, oh and remind me at 6 to call Mum": a tenth trial's three had set a
    timer called "pasta and add parmesan")."""
    # "set timers for rice 12 mins and broccoli 5 mins": two timers asked for at once (a
    # fourteenth trial's went to the model: "The rice is already done…")
    said = re.sub(r"^(?:set |start |put on )?(?:two )?timers for ", "set a timer for ", said)
    for split in re.finditer(r" (?:, )?(?:oh )?and (?:then |also )?", said):
        rest = said[split.end() :]
        if _one_length_across(said[: split.start()], rest):
            continue  # "a timer for 1 hour and 15 minutes for the ham" is one timer
        first, second = read(said[: split.start()]), read(rest) or _both(rest, read)
        # "…and then another 5" runs after the first: no second timer beside it
        if (
            isinstance(first, SetTimer)
            and not isinstance(second, (*_DONE_IN_TURN, Both))
            and "then" not in split.group()
        ):
            second = _another_timer(said[: split.start()], rest, read)
        if (
            isinstance(first, _DONE_IN_TURN)
            and isinstance(second, (*_DONE_IN_TURN, Both))
            # two of a kind only as two timers: "add eggs and milk" is one list
            and (type(first) is not type(second) or isinstance(first, SetTimer))
        ):
            return Both(first, second)
    return None


def _one_length_across(before: str, after: str) -> bool:
    """Whether the words either side of an "and" are one length: "1 hour" and "15 minutes"
    (a twenty-first trial's set two timers, of an hour and of 15 minutes)."""
    left, right = before.split(" ")[-3:], after.split(" ")[:3]
    span = spoken.duration_in([*left, "and", *right])
    return span is not None and span.start < len(left) < span.end - 1


def _another_timer(first: str, rest: str, read: Callable[[str], Command | None]) -> SetTimer | None:
    """ "set a chips timer for 20 mins and a timer for the fish for 8": the second timer
    said without its verb, its length's unit that of the first (a twelfth session's set
    neither); only a timer, and only a number left bare."""
    if " , " in rest:
        return None  # "…for an hour and a half. No, an hour and a quarter.": put right
    tokens = rest.split(" ")
    length, number = spoken.duration_in(tokens), spoken.number_at(tokens, 0)
    if (length is not None and (length.start, length.end) == (0, len(tokens))) or (
        number is not None and number[1] == len(tokens)
    ):
        return None  # "2 hours and 15 minutes", "an hour and ten": one length said in two
    if tokens[0] in ("one", "another"):  # "…and one for 8 for the fish"
        tokens = ["a", "timer", *tokens[1:]]
    elif spoken.number_at(tokens, 0) is not None:  # "…and 8 for the fish"
        tokens = ["a", "timer", "for", *tokens]
    if tokens[0] not in ("set", "start", "put"):
        tokens = ["set", *tokens]
    units = [word for word in first.split(" ") if spoken.is_unit(word)]
    for i in range(3, len(tokens)):  # after "set a timer"
        number = spoken.number_at(tokens, i)
        if number is None or not units:
            continue
        after = tokens[number[1]] if number[1] < len(tokens) else None
        if after is None or after == "for":  # "…for 8", "…8 for the fish"
            tokens = [*tokens[: number[1]], units[-1], *tokens[number[1] :]]
        elif not spoken.is_unit(after):
            return None  # "…for an hour and 2 eggs": a count of something, never a length
        break
    for second in (read(" ".join(tokens)), read(f"set a timer for {rest}")):
        if isinstance(second, SetTimer):
            return second  # "…and broccoli 5 mins": a name and its length
    return None


def _read_with_reason(said: str, now: dt.datetime, ringing: bool) -> Command | None:
    command = _read(said, now, ringing)
    if command is None and " , " in said:
        # "wipe the list, I've done the big shop": a command that ends a task, and why;
        # never one taken back after it ("Clear the list? No, don't do that."), nor one
        # before a question, which is no reason ("Thank you. And where is his medicine
        # kept?" to a ringing reminder stopped it and lost the question: an eighteenth trial's)
        first, reason = said.split(" , ", 1)
        done = _read(first, now, ringing)
        # what was said next, read only where it can matter (parse reads each clause often)
        after = _read(reason, now, ringing) if isinstance(done, _SAID_WITH_A_REASON) else None
        if isinstance(done, StopRinging) and isinstance(after, _DONE_IN_TURN):
            # "thanks. set a timer for 5 minutes" to what rings: heard, and asked for
            return Both(done, after)
        if (
            isinstance(done, _SAID_WITH_A_REASON)
            and not TAKEN_BACK.search(reason)
            and not ASKED.match(reason)
            and after in (None, done)  # another command said next is no reason
        ):
            command = done
    if command is None and (purpose := _FOR_A_PURPOSE.search(said)) is not None:
        # "set a timer for one minute so I can brush my teeth": what for is no part of it
        done = _read(said[: purpose.start()], now, ringing)
        if isinstance(done, SetTimer | AddItems):
            command = done
    if command is None and (purpose := _TIMER_FOR.search(said)) is not None:
        # "set a timer for 10 minutes to check the cake", "… for when the roast needs
        # basting": a timer's purpose, after it (never a length: "set a timer to ten minutes")
        head, what = said[: purpose.start()], said[purpose.end() :]
        done = None if _NOT_A_BARE_COMMAND.search(head) else _read(head, now, ringing)
        if isinstance(done, SetTimer | AskTimerLength) and not spoken.duration_in(what.split(" ")):
            command = done
    if command is None and (why := _WHY_AFTER.search(said)) is not None:
        # "add calpol and bonjela to the list ezinne is teething", "stop the cake timer its
        # done early": why, said after the command with no comma (a twelfth trial's each
        # went to the model); only a command whole before it, never a reminder's errand
        head = re.sub(r" (?:please|pls|plz|thanks|ta)$", "", said[: why.start()])
        if head.endswith(" and"):
            # "add bread, milk and Tom is off to camp on Monday": a fact of its own, said
            # beside the command (said_together.py), never why
            head = ""
        why_said = said[why.start() :]
        done = _read(head, now, ringing) if head and _A_COMMAND_FIRST.match(head) else None
        if (
            isinstance(done, _SAID_WITH_WHY)
            # "add the stuff ify needs for school": what stuff is not said
            and not (isinstance(done, AddItems) and set(" ".join(done.items).split()) & _VAGUE)
            and not TAKEN_BACK.search(why_said)
            # "set a timer for 10 minutes, it needs 12 minutes": another length, no reason
            and not re.search(r"\d|\b(?:minute|minutes|hour|hours|second|seconds)\b", why_said)
        ):
            command = done
    if command is None and " , " in said:
        # "I'm writing a card, what date is it?": a question asked after why (never after
        # a command of its own: "set a timer for 5 minutes, what time is it" is not half
        # answered)
        head, tail = said.rsplit(" , ", 1)
        asked = _read(tail, now, ringing)
        if isinstance(asked, _ASKED_AFTER_A_REASON) and _read(head, now, ringing) is None:
            command = asked
        elif (
            isinstance(asked, AskReminderWhat)
            and asked.every is None
            and " , " not in head
            and 3 <= len(head.split(" ")) <= 12
            and not _NO_ERRAND.match(head)
            and _read(head, now, ringing) is None
        ):
            # "Barty needs his PE kit today, remind me at quarter to eight" (a tenth trial's
            # was asked what about, and the next question became the errand): what was said
            # first is what to be reminded of
            command = Remind(f"that {head}", asked.at)
    return command


# Commands a person may follow with a reason after a comma ("what's today's date, need it
# for this form"); never one that sets a length
# ("set a timer for 5 minutes, no, 10" must not set 5).
_SAID_WITH_A_REASON = (
    ReadList,  # "read me back what's on my list, my glasses are upstairs" (a held-out split's)
    CancelTimer,
    CancelReminder,
    RemoveItems,
    ClearList,
    StopRinging,
    ClockTime,
    ClockDate,
)


# Why, said after a command without a comma: "… its for me", "… ezinne is teething", "…
# aoife doesnt need it", "… cos we've run out": someone or it, and a verb of being, having,
# needing or liking
_WHY_AFTER = re.compile(
    r"(?: ,)? (?:(?:its|it's|thats|that's|theyre|they're|cos|coz|because|as|since)"
    r"|(?:(?:the|my|our|his|her) )?(?!(?:who|what|where|when|why|how|which|there)\b)[a-z']+ "
    r"(?:is|are|was|has|needs|wants|likes|loves|hates|doesnt|doesn't|dont|don't|"
    r"hasnt|hasn't|cant|can't|wont|won't|isnt|isn't))\b"
)
_VAGUE = frozenset("stuff things bits something everything it that them this".split())
# A command's own first word, so that "the 5 minute timer on this oven is so loud" is no
# command said with why
_A_COMMAND_FIRST = re.compile(
    r"^(?:hearth )?(?:add|put|stick|pop|chuck|bung|write|take|clear|cross|remove|delete|"
    r"scratch|knock|set|start|stop|cancel|timer)\b"
)
# What may be said with why after it, no comma between: a list change or a timer's
_SAID_WITH_WHY = (AddItems, RemoveItems, SetTimer, CancelTimer)


# What takes a command back, or doubts it, said after it: "No, don't do that.", "Are you
# sure?", "Kidding.", "Wait, no.", "Leave it."
TAKEN_BACK = re.compile(
    r"\b(?:no|not|don't|do not|never|nope|kidding|joking|wait|hang on|hold on|leave it|"
    r"actually|sure|sorry|scratch that|forget that|ignore that|undo)\b"
)


# Why a timer is set or a thing is bought, said after it: "… so I can brush my teeth", "…
# so that we don't run out", "… so the kids have something for lunch".
_FOR_A_PURPOSE = re.compile(
    r"(?: ,)? so (?:that )?(?:i|we|you|he|she|they|it|the kids|there|nobody|no one)\b"
)


# What a timer is for, said after it: "… to check the cake", "… for when the roast needs
# basting", "… then I need to drain it". Before, none of these was a command at all.
_TIMER_FOR = re.compile(
    r"(?: ,)? (?:to|for when|then i (?:need|have|want) to|and then i'?ll|so i remember to) "
    r"(?=[a-z])"
)


# A head said to someone else or asked ("Olly, pop a timer on…", "do I need a timer…"):
# frames.py reads those, clause by clause, and turns them down.
_NOT_A_BARE_COMMAND = re.compile(r" , |^(?:do|does|did|should|shall|is|are|would|could) i\b")


# Questions a person may ask after saying why: each only reads, so a clause misread before
# it can set, add or cancel nothing. Not a timer's status: "Morning, how's it going?" would
# ask after a timer called "it".
_ASKED_AFTER_A_REASON = (ClockTime, ClockDate, ReadList, CheckItem, ListReminders)


# Said first and no errand: "thanks love, remind me at 6", "hang on a sec, …", "not now, …"
# (a review's each set a reminder "that thanks love")
_NO_ERRAND = re.compile(
    r"^(?:thanks|thank you|cheers|ta|ok|okay|right|hang on|hold on|wait|not now|no|yes|yeah|"
    r"sure|please|sorry|oh|hi|hello|hey|great|grand|lovely|brilliant|perfect|fine|alright)\b"
)
# Asked once more: "what's on the list again", "what timers are on again" (a tenth trial's
# got the model's made-up list and timers; the same without "again" read the records)
_ASKED_AGAIN = re.compile(r" (?:again|again then|then again|once more)$")


def _read(said: str, now: dt.datetime, ringing: bool) -> Command | None:
    command = _read_once(said, now, ringing)
    if command is None and (again := _ASKED_AGAIN.search(said)) is not None:
        asked = _read_once(said[: again.start()], now, ringing)
        if isinstance(asked, READS):
            command = asked  # only a question: "remind me again" is a snooze's own words
    return command


def _read_once(said: str, now: dt.datetime, ringing: bool) -> Command | None:
    if (command := timer_numbered(said)) is not None:
        return command  # "stop timer 2" names its timer, ringing or not
    if ringing:
        named = add_time(said)  # "give the rice 2 more minutes" names its timer
        if named is not None and isinstance(named, AddTime) and named.name:
            return named
        if (command := while_ringing(said)) is not None:
            return command
        if said_undo(said) is not None:
            return StopRinging()  # "cancel that" said to what rings
    if (undo := said_undo(said) or said_change(said)) is not None:
        return undo  # "cancel that", "move it to 8": the last change in this conversation
    for read in (
        the_ringing_ones,  # first: "stop the timers that are ringing" is never every timer
        pause_asked,  # "put the timer on hold" is no timer called "hold"
        timer,
        watched,  # "let me know in 10 minutes", "the lasagne needs 40 minutes, watch it"
        timer_status,
        add_time,
        time_taken_off,
        clock,
        changed_item,  # "change the milk on the list to 2 pints": before the list's own
        shopping,
        stop_with_nothing_ringing,
    ):
        if (command := read(said)) is not None:
            return command
    return reminder(said, now) or asked_what_was_done(said)


def as_written(command: Command | None, text: str) -> Command | None:
    """The command with what it keeps (a reminder's words, the list's items) as the
    person wrote them: "remind me to call Mum" keeps "Mum", "add Marmite" keeps
    "Marmite", "semi-skimmed" its hyphen and "500g" its unit. Matching reads lower
    case and spaces; each kept phrase is found again, word for word, in the sentence as
    written, with spaces, hyphens or nothing between its words."""
    if command is None:
        return None
    if isinstance(command, TakenBack):
        return TakenBack(cast(Command, as_written(command.said, text)))
    if isinstance(command, Both):
        first, second = as_written(command.first, text), as_written(command.second, text)
        return Both(cast(Command, first), cast(Command, second))
    original = straight(text)

    def found(words: list[str]) -> str | None:
        if not words:
            return None
        # a comma between words as the recogniser or a person wrote it: "plants, the big ones"
        pattern = r"[\s-]*".join(r"\s*," if word == "," else re.escape(word) for word in words)
        hit = re.search(rf"(?<![\w']){pattern}(?![\w'])", original, re.IGNORECASE)
        return hit.group() if hit else None

    def written(phrase: str) -> str:
        words = phrase.strip(" ,").split(" ")
        if (whole := found(words)) is not None:
            return whole
        # "2 tins of tomatoes" from "two tins of tomatoes": the count as a number, the rest
        if words[0].replace(".", "").isdigit() and (rest := found(words[1:])) is not None:
            return f"{words[0]} {rest}"
        if words[0] == "that" and (rest := found(words[1:])) is not None:
            return f"that {rest}"  # "Barty needs his PE kit today, remind me at…"
        if words[0] == "tell" and "to" in words[2:]:  # "remind Femi to …": who, then what
            to = words.index("to", 2)
            who, errand = words[1:to], words[to + 1 :]
            return f"tell {found(who) or ' '.join(who)} to {found(errand) or ' '.join(errand)}"
        # put together from what was said apart: "semi-skimmed" and "milk" from "get
        # semi-skimmed instead of whole milk", each run as long as it was written
        pieces, start = [], 0
        while start < len(words):
            end = next(
                (e for e in range(len(words), start, -1) if found(words[start:e])), start + 1
            )
            pieces.append(found(words[start:end]) or " ".join(words[start:end]))
            start = end
        return " ".join(pieces)

    changes: dict[str, object] = {}
    for field in ("what", "items"):
        value = getattr(command, field, None)
        if isinstance(value, str):
            changes[field] = written(value)
        elif isinstance(value, tuple) and all(isinstance(v, str) for v in value):
            changes[field] = tuple(written(v) for v in value)
    return dataclasses.replace(cast(Any, command), **changes) if changes else command
