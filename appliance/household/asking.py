"""What Hearth asked back, kept for its thread, and the answers that question takes.

"Set a timer" gets "For how long?"; the next thing said in that conversation,
"five minutes", is the answer, though "five minutes" alone means nothing. The
question is kept in the household's store (per thread, for two minutes), so the
answer works whichever process hears it; a question left unanswered is forgotten.

    answer_to(AskTimerLength("rice"), "twenty minutes", now) -> SetTimer("rice", 1200)
"""

from __future__ import annotations

import datetime as dt
import json
import re

from appliance.household import moments, repeats, spoken
from appliance.household.phrase_words import normalise
from appliance.household.records import numbered
from appliance.household.reminder_phrases import ERRAND_VERBS, reminder
from appliance.household.requests import (
    AddItems,
    AddTime,
    AskAddItems,
    AskCancelAllReminders,
    AskReminder,
    AskReminderTime,
    AskReminderWhat,
    AskSetTimer,
    AskTimerLength,
    AskWhichReminder,
    AskWhichTimer,
    Both,
    CancelReminder,
    CancelTimer,
    Command,
    MoveReminder,
    Question,
    Remind,
    SetTimer,
    TakenBack,
    TimerStatus,
)
from appliance.household.second_thoughts import takes_back
from appliance.numbers import ORDINALS, number_at, whole_number_at

_KINDS: dict[str, type] = {
    "timer.ask": AskTimerLength,
    "timer.offer": AskSetTimer,
    "reminder.cancel_all": AskCancelAllReminders,
    "remind.ask": AskReminderTime,
    "remind.what": AskReminderWhat,
    "remind.bare": AskReminder,
    "timer.which": AskWhichTimer,
    "reminder.which": AskWhichReminder,
    "shopping.ask": AskAddItems,
}


def to_json(question: Question) -> str:
    fields = {
        k: (v.isoformat() if isinstance(v, dt.datetime) else v) for k, v in vars(question).items()
    }
    return json.dumps({"intent": question.intent, **fields})


def from_json(text: str) -> Question | None:
    """The question as kept; None for anything this version cannot read (asked no more)."""
    try:
        data = json.loads(text)
        kind = _KINDS[data.pop("intent")]
        if data.get("at") is not None:
            data["at"] = dt.datetime.fromisoformat(data["at"])
        for listed in ("names", "ids", "labels", "items"):
            if listed in data:
                data[listed] = tuple(data[listed])
        question: Question = kind(**data)
    except (ValueError, KeyError, TypeError):
        return None
    return question


def _duration(tokens: list[str]) -> float | None:
    """A length said whole ("five minutes", "an hour and a half"); a bare number is minutes."""
    tokens = [t for t in tokens if t not in ("for", "make", "it", "about", "just", "please")]
    span = spoken.duration_in(tokens)
    if span is not None and span.end - span.start >= len(tokens) - 1:
        return float(span.value)
    found = number_at(tokens, 0)
    if found is not None and found[1] == len(tokens) and 0 < found[0] <= 180:
        return found[0] * 60  # "10" to "For how long?": ten minutes
    return None


# Said around an answer: "at 1 then", "8 o'clock please", "ok, at 6".
_A_YES = frozenset(
    "yes yeah yep yup aye please ok okay sure go on do it add put on that's right thanks "
    "yes please ta , it them".split()
)
_A_NO = frozenset("no nah nope not don't dont , thanks".split())
_AROUND_AN_ANSWER = frozenset("then please thanks ok okay yes yeah yep fine , . so".split())
# The other records, named: a command of theirs is no errand
_OTHER_RECORDS = re.compile(r"\b(?:list|shopping|timer|timers|reminders?)\b")
# A time of day only the household can put a clock to: asked again, never guessed.
_ROUGH_TIMES = frozenset(
    "after before lunch lunchtime tea teatime dinner school work bedtime bed later soon "
    "morning afternoon evening the".split()
)


# A question's first words: what follows them is asked, never an errand to be reminded of.
_ASKED = re.compile(
    r"^(?:what|what's|whats|when|when's|whens|where|which|who|how)\b"
    # "is there…", "do I have…", never "do the bins" nor "have my tablets" (errands)
    r"|^(?:is|are|do|does|did|can|could|have|has|will|would|should) (?:i|we|you|there|it|they)\b"
)


def _only_a_yes(tokens: list[str]) -> bool:
    """ "yes", "yes please", "go on": a yes said alone, never "please" on its own."""
    return set(tokens) <= _A_YES and bool(set(tokens) & _A_YES - {"please", ","})


def _yes_or_no(tokens: list[str], question: Question, done: Command) -> Command | None:
    """What a question that asks yes or no is answered: `done` for a yes said alone, the
    question taken back for a no, else None (the words are no answer to it)."""
    if _only_a_yes(tokens):
        return done
    return TakenBack(question) if set(tokens) <= _A_NO else None


def answer_to(question: Question, text: str, now: dt.datetime) -> Command | None:
    """The command an answer to `question` makes, or None when it is not an answer."""
    said = normalise(text)
    tokens = said.split(" ") if said else []
    if not tokens:
        return None
    if takes_back(said):
        return TakenBack(question)  # "For how long?" "Never mind.": nothing set, and said so
    match question:
        case AskAddItems(items=items):
            # "Shall I put milk on the shopping list?" "yes please": only a yes, said alone
            if _only_a_yes(tokens):
                return AddItems(items)
            if re.fullmatch(
                r"(?:add|put|stick|pop|chuck) (?:it|them|that|those) ?(?:on|to|onto)?"
                r"(?: the| my| our)?(?: shopping)?(?: list)?",
                said,
            ):
                return AddItems(items)  # "add it to the list" (a review's went to the model)
            if set(tokens) <= _A_NO:
                return TakenBack(question)
            return None
        case AskTimerLength(name=name):
            seconds = _duration(tokens)
            return SetTimer(name, seconds) if seconds else None
        case AskCancelAllReminders():
            # "Cancel all 11 reminders…?" "yes"
            return _yes_or_no(tokens, question, CancelReminder(None, every=True, sure=True))
        case AskSetTimer(seconds=seconds):
            # "Shall I set a timer for 5 minutes?" "yes"
            return _yes_or_no(tokens, question, SetTimer(None, seconds))
        case AskReminderTime(what=what, day=day, every=every):
            if (again := repeats.found_in(said)) is not None:
                # "What time every week…?" "On Fridays at 6pm." (a sixth trial's was proposed
                # as a fact): the days said now are the rule, read as a named day's hours
                try:
                    every = repeats.rule_said(again[0])
                except repeats.NoRule:
                    return None
                tokens = (said[: again.start()] + said[again.end() :]).split()
                day = None if every == "week" else "tomorrow"
            # the time said now, on the day said before ("at 9" after "on friday"); "at 1
            # then" is at 1 (a sixth trial's reached the model: "at 1:08pm.")
            tokens = [t for t in tokens if t not in _AROUND_AN_ANSWER]
            if tokens and set(tokens) <= _ROUGH_TIMES:
                return question  # "after lunch": what time, asked again, never guessed
            tokens = [*tokens, *(day.split(" ") if day else [])]
            span = moments.when_in(tokens, now) or moments.when_in(["at", *tokens], now)
            if span is None or span.end - span.start < len(tokens) - 1:
                return None
            if every is not None:  # "What time every Tuesday…?" "7": 07:00 each Tuesday
                rule, first = repeats.first(every, span.value, now)
                return Remind(what, first, rule)
            return Remind(what, span.value)
        case AskReminder():
            # "What should I remind you about, and when?" "to order grandad's prescription
            # tomorrow at 9" (a fourteenth trial's was proposed as a fact): read as asked
            # only an errand said as one: "to …", "about …", or a verb of one ("call mum at
            # 6"); never another command ("set a timer for 10 minutes", "add milk to the
            # list"), a statement ("mum will be here at 6") or a question (a review's each
            # became "When should I remind you to …?")
            said_as_one = said.startswith(("to ", "about ")) or tokens[0] in ERRAND_VERBS
            if not said_as_one or _OTHER_RECORDS.search(said) or _ASKED.match(said):
                return None
            errand = said if said.startswith(("to ", "about ")) else f"to {said}"
            asked = reminder(f"remind me {errand}", now)
            return asked if isinstance(asked, Remind | AskReminderTime | AskReminderWhat) else None
        case AskReminderWhat(at=at, every=every):
            what = re.sub(r"^(?:to|that i|that we) ", "", said)
            if len(what.split()) > 12 or moments.when_in(tokens, now) is not None:
                return None
            if _ASKED.match(what):
                return None  # "what reminders have I got?" asks; it is no errand (a tenth trial's)
            return Remind(what, at, every)
        case AskWhichTimer(action=action, names=names, seconds=seconds):
            if re.search(r"\b(both|all|every|each)\b", said) and action == "cancel":
                # the ones asked about, never every timer running: "both of them" after
                # "Which one? pasta…; garlic bread…" had stopped a chicken's 1 h 50 too (an
                # eighteenth trial's)
                return _each_of(names)
            # only a pick, said alone: "set another one for the beans, 2 hours" after "Which
            # one? …; pozole 2 …" had added the time asked before to pozole 2 (a
            # twenty-third trial's): another command's number picks nothing
            named = {word for name in names for word in name.split()}
            rest = [t for t in tokens if t not in _AROUND_A_PICK and t not in named and t != ","]
            chosen = _which(names, said) if len(rest) <= 2 else []
            if len(chosen) != 1:
                return None
            if action == "cancel":
                return CancelTimer(chosen[0])
            if action == "add":
                return AddTime(chosen[0], seconds)
            return TimerStatus(chosen[0])
        case AskWhichReminder(action=action, ids=ids, labels=labels):
            number = _picked_reminder(ids, labels, said)
            if number is None:
                return None
            if action == "cancel":
                return CancelReminder(None, number=number)
            assert question.at is not None, "a move is asked with where it goes"
            return MoveReminder(
                None,
                question.at,
                question.same_day,
                question.either_half,
                question.same_time,
                number=number,
            )
    return None


# Words an answer to "Which one?" says around what picks it
_AROUND_A_PICK = frozenset(
    "the one ones reminder please cancel delete remove move it that this for number no yes "
    "i mean meant just oh ok okay um er".split()
)


def _picked_reminder(ids: tuple[int, ...], labels: tuple[str, ...], said: str) -> int | None:
    """The reminder the answer picks: its number as shown ("5", "number 5", "reminder 5"),
    its place ("the second one"), or words only its label holds ("the every day one",
    "tonight's"); None when it picks none, or more than one."""
    # only a pick, said alone: never a number inside another command ("set a timer for 2
    # minutes" had cancelled reminder 2, a review's) nor in a sentence ("mum said 1 is enough")
    rest = [t.removesuffix("'s") for t in said.split() if t not in _AROUND_A_PICK]
    if not rest or len(rest) > 3:
        return None
    if len(rest) == 1 and (number := whole_number_at(rest, 0)) is not None:
        return number if number in ids else None
    if len(rest) == 1 and rest[0] in ORDINALS:
        place = ORDINALS[rest[0]]
        return ids[place - 1] if place <= len(ids) else None
    words = set(rest)
    held = [set(re.findall(r"[a-z0-9:]+", label)) for label in labels]
    picked = [i for i, label in zip(ids, held, strict=True) if words <= label]
    return picked[0] if len(picked) == 1 else None


def _which(names: tuple[str, ...], said: str) -> list[str]:
    """The names asked about that the answer says: the longest said ("timer 2", not
    "timer" inside it), else by number ("the second one", "two", "number 1")."""
    chosen = [n for n in names if re.search(rf"\b{re.escape(n)}\b", said)]
    chosen = [n for n in chosen if not any(n != o and n in o for o in chosen)]
    if chosen:
        return chosen
    tokens = said.split()
    ordinals = [ORDINALS[t] for t in tokens if t in ORDINALS]
    if ordinals:  # "the second one": "one" here is no number
        numbers = set(ordinals)
    else:
        numbers = {number for i in range(len(tokens)) if (number := _number_at(tokens, i))}
    by_number = [n for n in names if n != numbered(n)[0] and numbered(n)[1] in numbers]
    if by_number or len(ordinals) != 1:
        return by_number
    # "Which one? pasta (…); rice (…)" "The second.": the names in the order asked
    return [names[ordinals[0] - 1]] if ordinals[0] <= len(names) else []


def _number_at(tokens: list[str], i: int) -> int | None:
    """A whole number said at tokens[i]; "one" only as a number ("number one", "timer
    one", or alone), never as in "that one"."""
    if tokens[i] == "one" and i > 0 and tokens[i - 1] not in ("number", "timer", "reminder"):
        return None
    return whole_number_at(tokens, i)


def _each_of(names: tuple[str, ...]) -> Command:
    """Each timer named cancelled, in turn: "both of them" after "Which one?"."""
    *rest, last = names
    cancelled: Command = CancelTimer(last)
    for name in reversed(rest):
        cancelled = Both(CancelTimer(name), cancelled)
    return cancelled
