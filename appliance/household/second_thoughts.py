"""A command said and then taken back, or put right, in the same breath.

    "Clear the list? No, don't do that."        -> TakenBack(ClearList())
    "remind me at 6 to call Mum. Never mind."   -> TakenBack(Remind(...))
    "set a timer for 5 minutes, no, 10"         -> SetTimer(None, 600.0)
    "add milk, no wait, add eggs"               -> AddItems(("eggs",))

A person changes their mind mid-sentence; read whole, such a sentence set the reminder
with "never mind" inside its errand, or put "no wait" on the list. So the words after a
take-back decide: a command said whole is that command; a number, a length, a moment, an
errand ("to …") or the things named put the same command right; anything else leaves
things as they were, and the reply says so. When in doubt nothing is done: a take-back
never becomes an action of its own.

Only a clause that begins with a take-back counts, after a comma or a sentence's end
(phrase_words.normalise(sentences=True)). "No" counts alone or before another take-back
or a number ("no, 10", "no wait"), never as a word of an item ("crisps, no salt ones").
"Sorry", "actually" and "I mean" bring a correction; with none after them the command is
left as it was too, since by its words a reason ("take the milk off, sorry, I bought
some") cannot be told from a change of mind ("take the juice off, actually keep it on").
Said last and alone ("cancel the timer, sorry") they take nothing back.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise

from appliance.household import spoken
from appliance.household.list_phrases import LIST
from appliance.household.moments import speaks_of_a_moment
from appliance.household.phrase_words import without_fillers
from appliance.household.requests import (
    READS,
    AddItems,
    AskReminderWhat,
    AskTimerLength,
    BoughtItems,
    CancelReminder,
    CancelTimer,
    ClearList,
    Command,
    PutRight,
    Remind,
    RemoveItems,
    SetTimer,
    SnoozeRinging,
    StopRinging,
    TakenBack,
    UndoLast,
)
from appliance.numbers import number_at

# Said alone, or at a clause's start, each takes back what went before it.
_TAKES_BACK = re.compile(
    r"^(?:no wait|wait no|no no|nope|nah|wait|hang on|hold on|never ?mind|scratch that|"
    r"forget (?:that|it)|ignore (?:that|me)|cancel (?:that|it)|cancel(?= ,|$)|leave it|"
    r"not yet|not now|"
    r"(?:only |just )?(?:joking|kidding)|on second thoughts?|actually no|"
    r"(?:don't|do not)(?: do (?:that|it)| bother| worry(?: about it)?)?$|no(?= |$))\b ?"
)
# Said before a correction, they take nothing back alone: "set a timer for 5 minutes, sorry,
# 10", never "cancel the reminder, actually it's done".
_BRINGS_A_CORRECTION = re.compile(
    r"^(?:sorry|actually|i mean|i meant|or rather|rather|make (?:it|that)|let's say|say)\b ?"
)
# "No" takes back only alone or before one of these: "no, 10", "no wait", not "no salt ones".
_AFTER_NO = re.compile(
    r"^(?:\d|wait|no\b|sorry|actually|i mean|make|never|don't|do not|leave|hang on|hold on|"
    r"scratch|forget|ignore|cancel|not\b)"
)


# Commands that end something: "cancel" after one says it again.
_ENDS_SOMETHING = (CancelTimer, CancelReminder, StopRinging, SnoozeRinging, RemoveItems, ClearList)

# The list said once, at a sentence's end: "… passata on the list", "… off the list".
_ON_THE_LIST = re.compile(rf" (?:on|to|onto|off) {LIST}$")
# How a list command begins, when its list is said once at the end
_LIST_VERBS = {"add", "put", "stick", "pop", "write", "get", "take", "cross", "remove", "tick"}
# Thinking aloud, set off by commas: "Put, um, what was it, tomatoes…"
_THINKING = re.compile(
    r"what was it|what's it called|what is it called|what do you call it|let me think|"
    r"let's see|let me see|thingy|whatsit"
)

# Words that say something of a thing rather than name it: "we have milk" is a reason.
_SAYS_SOMETHING = {
    *("i", "we", "you", "he", "she", "it", "they", "it's", "we've", "i've", "that's", "there"),
    # "…, och no, cancel that, they're full of sugar" (a fifth trial's went on the list)
    *("they're", "we're", "you're", "he's", "she's", "i'm", "there's", "they've", "isn't"),
    *("aren't", "it'll", "they'll"),
    *("is", "are", "was", "were", "have", "has", "had", "got", "need", "do", "did", "can"),
    *("can't", "don't", "didn't", "won't", "not", "no", "still", "already", "just", "never"),
    # and verbs: "forget the chickpeas" takes back, it names nothing to add
    *("forget", "keep", "leave", "take", "cancel", "remove", "add", "put", "get", "buy"),
    *("make", "call", "set", "stop", "scratch", "ignore", "delete", "bin", "drop", "found"),
    *("bought", "ate", "used", "finished"),
}

_NUMBER_TOKEN = re.compile(r"\d+(?:[.:]\d+)?(?:am|pm)?")


def second_thoughts(
    said: str, read: Callable[[str], Command | None], *, adds: bool = False
) -> Command | None:
    """The command a sentence with a change of mind in it makes, or None when it has none
    (the sentence is read as it stands).

    `said`: normalised with its sentences' ends as commas; `read`: the household's reading
    of a whole sentence (phrases.py), so every command here is one the rules read.
    `adds`: the sentence ended "too", "as well" or "also" (its polite tail is gone from
    `said`), so what follows a take-back adds to the command and never replaces it."""
    clauses = [
        kept
        for clause in said.split(" , ")
        if (kept := without_fillers(clause)) and not _THINKING.fullmatch(kept)
    ]
    if (restated := _said_again(clauses, read)) is not None:
        return restated
    for i in range(1, len(clauses)):
        after = _after_a_take_back(" , ".join(clauses[i:]))
        if after is None:
            continue
        head = " , ".join(clauses[:i])
        first = read(head)
        if (
            first is None
            and head.split(" ")[0] in _LIST_VERBS
            and (where := _ON_THE_LIST.search(after[0])) is not None
        ):
            # "put tomatoes, no, passata on the list": the list is said once, at the end
            first = read(f"{head} {where.group().strip()}")
        if first is None:
            return None  # no command before it to take back or put right
        if clauses[i].startswith("cancel") and isinstance(first, _ENDS_SOMETHING):
            continue  # "Hearth, stop, cancel.": said again, not taken back
        rest, taken = after
        if not rest and isinstance(first, BoughtItems) and clauses[i] == "never mind":
            return first  # "we have butter, never mind": the asking for it is what goes
        if not rest:
            return TakenBack(first) if taken else first  # "…, sorry": an apology alone
        if isinstance(again := read(rest), UndoLast):
            return TakenBack(first)  # "wait, it's not bin day, cancel that": this one
        # "no wait, add eggs": the command said whole; never "…, wait, we have milk", which
        # says why the first is taken back
        # (never a follow-up's "10" or "make it 10", which put right what came before it)
        if again is not None and not isinstance(again, (*READS, BoughtItems, PutRight)):
            return again
        # "…at 9 tomorrow, no, wednesday, to ring the vet": the day and the errand both
        parts = [rest.replace(" , ", " ")] if isinstance(first, AskReminderWhat) else []
        # a part that brings its correction first is the correction: "no wait, Mia, make it
        # sunflower seed butter instead" (a twenty-second trial's put "Mia" on the list)
        said_after = sorted(rest.split(" , "), key=lambda p: not _BRINGS_A_CORRECTION.match(p))
        for part in [*parts, *said_after]:
            if (put_right := _put_right(first, head, part, read, adds=adds)) is not None:
                return put_right
        # nothing put right: left as it was, even after only "sorry" or "actually" ("take
        # the juice off the list, actually keep it on"), since a reason after them ("…,
        # sorry, I bought some") cannot be told from a change of mind by the words
        return TakenBack(first)
    return None


def _said_again(clauses: list[str], read: Callable[[str], Command | None]) -> Command | None:
    """ "Set a timer for six, set a timer for nine minutes for the pasta": a command begun,
    left unfinished, and said again whole from its start (an everyday split's set the nine
    minutes without the pasta's name). Only when what was begun is no command by itself, or
    only asks back ("For how long?"): two whole timers are two."""
    for i in range(len(clauses) - 1, 0, -1):  # the last time it was begun: "put, put butter,
        begun, again = clauses[i - 1].split(" "), clauses[i].split(" ")  # put unsalted…"
        if begun[0] != again[0] or begun[0] in ("and", "no", "not"):
            continue
        restated = read(" , ".join(clauses[i:]))
        if restated is None or isinstance(restated, (*READS, TakenBack)):
            continue
        first = read(" , ".join(clauses[:i]))
        if (
            first is None
            or isinstance(first, AskTimerLength | AskReminderWhat)
            # "…for ten minutes. Set a timer for ten minutes for the pasta": named this time
            or (
                isinstance(first, SetTimer)
                and isinstance(restated, SetTimer)
                and first.name is None
                and first.seconds == restated.seconds
            )
        ):
            return restated
    return None


# "drumsticks not thighs": a word of an item said right, and the word it was
_ONE_NOT_ANOTHER = re.compile(
    r"(?P<new>[a-z][a-z']*) (?:not|instead of) (?:the )?(?P<old>[a-z][a-z']*)"
)


def _put_right(
    first: Command,
    head: str,
    part: str,
    read: Callable[[str], Command | None],
    *,
    adds: bool = False,
) -> Command | None:
    """`first` as `part` of what followed its take-back puts it right ("10", "to take the
    recycling out", "almond milk"), or None: that part does not."""
    while (lead := _BRINGS_A_CORRECTION.match(part)) is not None and lead.end():
        part = part[lead.end() :]
    part = re.sub(r"(?:^| )instead$", "", part)  # "…, make it sunflower butter instead"
    if not part:
        return None
    tried: list[str] = []
    if (renumbered := _with_number(head, part)) is not None:
        tried.append(renumbered)  # "no, 10": its number said again
    match first:
        case SetTimer() | AskTimerLength():
            tried.append(f"set a timer for {part}")  # "no, an hour and a quarter"
        case Remind(what=what, at=at):
            if part.startswith("to ") and len(part.split(" ")) <= 12:
                return replace(first, what=part[3:])  # "no, to take the recycling out"
            if not adds and _an_errand_put_right(part, what):
                # "…to ring Gran, sorry, ring Auntie Sue": the errand's verb said again
                return replace(first, what=part)
            tried += [f"remind me to {what} at {part}", f"remind me to {what} {part}"]
            tried.append(f"remind me to {what} {part} at {at:%H:%M}")  # "no, Thursday"
        case AskReminderWhat(at=at) if len(part.split(" ")) <= 14:
            # "remind me on monday at 9 no wait tuesday to call the school": the errand came
            # with the day put right (a twelfth session's set nothing); the time kept unless
            # said again
            tried += [f"remind me {part}", f"remind me at {at:%H:%M} {part}"]
        case AddItems(items=items) if (swap := _ONE_NOT_ANOTHER.fullmatch(part)) and (
            was := [n for n, item in enumerate(items) if item.split()[-1] == swap["old"]]
        ):
            # "put chicken thighs on the list, no wait, drumsticks not thighs": the thing put
            # right in its place (a held-out split's took the whole back)
            item = items[was[-1]]
            put = f"{item.removesuffix(swap['old'])}{swap['new']}".strip()
            return AddItems((*items[: was[-1]], put, *items[was[-1] + 1 :]))
        case AddItems(items=items) if renumbered is None and _only_names(
            named := _ON_THE_LIST.sub("", part)
        ):
            # "no, pears": the thing said last before the take-back is the one put right
            corrected = read(f"add {named} to the list")
            if isinstance(corrected, AddItems):
                return AddItems((*items[:-1], *corrected.items))
        case RemoveItems() if _only_names(named := _ON_THE_LIST.sub("", part)):
            tried.append(f"take {named} off the list")
        case CancelTimer() if _only_names(part):
            tried.append(f"cancel {part}")  # "no sorry, the rice timer"
    for sentence in tried:
        corrected = read(sentence)
        if isinstance(corrected, SetTimer) and isinstance(first, SetTimer | AskTimerLength):
            return replace(corrected, name=corrected.name or first.name)
        if isinstance(first, AskReminderWhat) and isinstance(corrected, Remind):
            if corrected.every is None:
                return _in_the_same_half(corrected, first, part)
        elif isinstance(first, Remind) and isinstance(corrected, Remind):
            # only its moment put right: an errand read longer took in the words after
            if corrected.what == first.what:
                return _in_the_same_half(corrected, first, part)
        elif type(corrected) is type(first):
            return corrected
    return None


# Words that make an errand said again no errand of its own: "…, ring her next week" (who?
# when?), "…, ring Sue as well" (both), "…, buy two" (an amount of what?) (a review's each
# replaced the errand)
_NOT_A_WHOLE_ERRAND = {
    *("her", "him", "them", "it", "they", "she", "he", "as", "too", "also", "well"),
    *("later", "next", "week", "weekend", "tonight", "tomorrow", "after", "before", "soon"),
    *("christmas", "eve", "morning", "afternoon", "evening", "night", "tea", "lunch", "dinner"),
}


def _an_errand_put_right(part: str, what: str) -> bool:
    """ "…to ring Gran, sorry, ring Auntie Sue": the errand's verb said again, with whom or
    what in full, and no time, amount or "too" of its own."""
    words = part.split(" ")
    return (
        words[0] == what.split(" ")[0]
        and 2 <= len(words) <= 12
        and not speaks_of_a_moment(words[1:])
        and not set(words) & _NOT_A_WHOLE_ERRAND
        and number_at(words, 1) is None
    )


# A half of the day said with a time: the time put right is as said.
_A_HALF_SAID = re.compile(
    r"\b(?:am|pm|morning|afternoon|evening|night|tonight|noon|midnight)\b|\d(?:am|pm)\b"
)


def _in_the_same_half(corrected: Remind, first: Remind | AskReminderWhat, part: str) -> Remind:
    """ "…on Wednesday at 6 to put the bins out, no, 7": 19:00, beside the 18:00 put right,
    not 07:00 (a sixth trial's); a half said ("no, 7am") is kept."""
    if _A_HALF_SAID.search(part):
        return corrected
    at, half = corrected.at, dt.timedelta(hours=12)
    same_day = [moment for moment in (at, at + half, at - half) if moment.date() == at.date()]

    def off(moment: dt.datetime) -> int:
        # by the time of day: "tuesday at 10 …, no wait, thursday" said on a Wednesday is
        # Thursday at 10, though 22:00 that Thursday is nearer next Tuesday (a review's)
        apart = abs(moment.hour * 60 + moment.minute - (first.at.hour * 60 + first.at.minute))
        return min(apart, 24 * 60 - apart)  # round the clock: 23:00 is an hour from 00:00

    return replace(corrected, at=min(same_day, key=off))


def _only_names(part: str) -> bool:
    """Whether `part` only names things ("almond milk", "the crackers"), not says something
    about them ("we have milk", "not the oven one") or about someone ("rosa's allergic")."""
    words = part.split(" ")
    return (
        len(words) <= 5
        and not any(word in _SAYS_SOMETHING for word in words)
        and not any(
            word.endswith("'s") and after in _SAID_OF_SOMEONE for word, after in pairwise(words)
        )
    )


# Said of someone after their name's "'s", a sentence and never a thing's name: "put eggs
# on the list, actually no, don't, rosa's allergic" (an outside trial's put "rosa's
# allergic" on the list); "no, Rosa's yoghurts" still names one.
_SAID_OF_SOMEONE = frozenset(
    "allergic intolerant vegan vegetarian coeliac diabetic pregnant off gone going coming "
    "away ill sick not been got getting having doing bringing making sorted fine back out "
    "here there already on".split()
)


def takes_back(said: str) -> bool:
    """Whether `said` is only words that take back ("no", "never mind", "forget it"): the
    answer to "For how long?" that asks for nothing."""
    return _after_a_take_back(said) == ("", True)


def _after_a_take_back(text: str) -> tuple[str, bool] | None:
    """The words after the take-back words `text` starts with, and whether those took back
    by themselves (not only "sorry" or "actually"); None when it starts with none."""
    rest, taken, brought = text, False, False
    while True:
        rest = rest.lstrip(" ,")
        if (hit := _TAKES_BACK.match(rest)) is not None:
            if hit.group().strip() == "no" and not _no_counts(rest[hit.end() :]):
                break
            taken, rest = True, rest[hit.end() :]
        elif (hit := _BRINGS_A_CORRECTION.match(rest)) is not None:
            brought, rest = True, rest[hit.end() :]
        else:
            break
    if not (taken or brought):
        return None
    return rest.strip(" ,"), taken


def _no_counts(after: str) -> bool:
    after = after.lstrip(" ")
    return not after or after.startswith(",") or _AFTER_NO.match(after) is not None


def _with_number(head: str, rest: str) -> str | None:
    """`head` with its last number said again as `rest`: ("set a timer for 5 minutes",
    "10") -> "set a timer for 10 minutes"; None unless `rest` is a number (and its unit)."""
    said = [t for t in rest.split(" ") if t not in ("at", "for", "it's", "its", "about")]
    new = _number_span(said, 0)
    if new is None:
        return None
    unit = said[new:]
    if len(unit) > 1 or (unit and not spoken.is_unit(unit[0])):
        return None
    tokens = head.split(" ")
    spans = [(j, end) for j in range(len(tokens)) if (end := _number_span(tokens, j)) is not None]
    if not spans:
        return None
    start, end = spans[-1]
    if unit and end < len(tokens) and spoken.is_unit(tokens[end]):
        end += 1  # "5 minutes" said again as "10 seconds"
    return " ".join([*tokens[:start], *said, *tokens[end:]])


def _number_span(tokens: list[str], i: int) -> int | None:
    """Where the number starting at `tokens[i]` ends, or None: "10", "6pm", "twenty five"."""
    if i >= len(tokens):
        return None
    if _NUMBER_TOKEN.fullmatch(tokens[i]):
        return i + 1
    found = number_at(tokens, i)
    return found[1] if found is not None else None
