"""Reminders: set, list, cancel and snooze, and the questions back when a time or
errand is missing."""

from __future__ import annotations

import datetime as dt
import re

from appliance.household import moments, repeats, spoken
from appliance.household.records import ABOUT
from appliance.household.reminder_asked import (
    NOTHING_NAMED,
    SAID_OF_IT,
    WHOSE,
    as_remind_me,
)
from appliance.household.reminder_days import one_asked, period_said
from appliance.household.requests import (
    AskReminder,
    AskReminderTime,
    AskReminderWhat,
    CancelReminder,
    Command,
    ListReminders,
    MoveReminder,
    Remind,
    SkipReminder,
    SnoozeReminder,
)

_LISTS_REMINDERS = re.compile(
    # "tell me what reminders I have today" (a nineteenth trial's got "I haven't done
    # anything")
    r"^(?:(?:tell|show|read) (?:me|us) )?"
    r"(?:(?:what|which|any|are there any|do i have any|do we have any|have i got any|"
    r"have we got any) reminders?"
    r"(?: (?:are|is|do i have|do we have|have i got|have we got|have i|have we|are there|"
    r"is there|i have|we have|i've got|we've got))?"
    r"(?: (?:set|on|left|now|there))?|"
    r"(?:list|show|show me|read|tell me) (?:(?:the|my|all|all my|our) )?reminders|"
    # "reminders", "whats on my reminders" (a fourteenth trial's got the model three ways)
    r"(?:(?:the|my|our|all my|all the) )?reminders(?: please| pls)?|"
    r"(?:what's|what is|whats) (?:on )?(?:in )?(?:my|our|the) reminders|"
    # "what are my reminders" (a sixteenth trial's got "I don't know what your reminders are")
    r"what are (?:my|our|the) reminders|"
    # "what reminders does mark have", "any reminders for lily": the ones about them
    r"(?:what|which|any) reminders? (?:does|has|have|did) (?P<whose>[a-z]+) (?:have|got|get)|"
    r"(?:any|are there any) reminders? for (?P<for>[a-z]+)|"
    # "what's on my agenda tomorrow?" (an eighth trial's got nothing of its reminders)
    r"what(?:'s| is) (?:on )?(?:my|our|the) (?:agenda|schedule|diary|calendar)|"
    # asked about one: "did I ask you to remind me about the washing?", "is there a
    # reminder for the vet?" (the model told a trial it had no ability to remind, with one
    # set): the ones about it are read out, or that there is none
    r"(?:did|have) (?:i|we) (?:ask|asked|tell|told) you to remind (?:me|us) (?:about|to|of) "
    r"(?P<asked>.+)|"
    # "did you remind Gareth about the prescription?" (a twenty-first trial's got "I can't
    # see that from here", with that reminder set): the reminders about it
    r"(?:did|have) you remind(?:ed)? [a-z]+ (?:about|of) (?P<reminded>.+)|"
    r"(?:is there|have i got|have we got|do i have|do we have|did i set|have i set|did we set|"
    r"have we set|have you set|did you set|have you got|have you made|did you make) "
    r"(?:a|any|the) reminders? (?:for|about|to) (?P<set>.+)|"
    # "when is the surgery reminder?" (a third trial's got "I don't know … yet")
    r"(?:when|what time)(?:'s| is| does) (?:the|my) (?!next )(?P<when>[a-z' ]{1,40}?) reminder"
    r"(?: (?:go off|come|ring|set for|for))?|"
    # "what's my next reminder?" (a fifth trial's got "Nothing is being cooked")
    r"(?:what|when)(?:'s| is) (?:my|the|our) (?P<next>next) reminder|"
    # "what did I ask you to remind me about?", "is my tablet reminder still on?" (a fifth
    # trial's got the model, and "I don't know whether your tablet is reminder still on")
    r"what did (?:i|we) (?:ask|tell) you to remind (?:me|us) (?:about|of|to do)|"
    r"(?:is|are) (?:my|the|our|that) (?P<still>[a-z' ]{1,40}?) reminders? (?:still )?"
    r"(?:on|set|there)|"
    # "did you set that reminder?" (an eighth trial's got "I haven't done anything…" with
    # it set): the reminders are read out
    r"(?:did|have) you (?:set|made?|add(?:ed)?|put(?: in)?|created?|do) (?:that|the|my|our|"
    r"this|it|a) reminder(?: up| in)?(?: (?:ok|okay|then|for me|properly))?|"
    # "did you set the bins reminder?" (a twentieth trial's got every record read out): the
    # ones about the bins, or that there is none
    r"(?:did|have) (?:you|i|we) (?:set|made?|add(?:ed)?|put(?: in)?|created?) (?:the|my|our|a) "
    r"(?!next )(?P<named>[a-z' ]{1,40}?) reminder(?: up| in)?"
    r"(?: (?:ok|okay|then|for me|properly))?|"
    r"(?:is|was) (?:that|the|my|our) reminder (?:set|on|in|there|saved)(?: then)?)$"
)


def _listed(text: str, now: dt.datetime) -> ListReminders | None:
    """A question of the reminders set: all of them, those about a thing named, the next,
    or those of the days said last ("any reminders today?", "what reminders do i have next
    monday", "…for tomorrow morning": a sixth trial's got "I don't know that yet")."""
    words = text.split(" ")
    for cut in range(min(4, len(words) - 1), 0, -1):
        day = " ".join(words[-cut:])
        if period_said(day, now) is not None:
            head = re.sub(r" (?:for|on|in)$", "", " ".join(words[:-cut]))
            if (said := _LISTS_REMINDERS.match(head)) is not None:
                return _listing_of(said, day)
    said = _LISTS_REMINDERS.match(text)
    return None if said is None else _listing_of(said, None)


def _listing_of(said: re.Match[str], day: str | None) -> ListReminders:
    about = next(
        (
            said[g]
            for g in ("asked", "reminded", "set", "when", "still", "named", "whose", "for")
            if said[g]
        ),
        None,
    )
    return ListReminders(
        about, re.sub(r"^(?:on|for|in) ", "", day) if day else None, next=said["next"] is not None
    )


_CANCEL_VERB = r"(?:cancel|delete|remove|forget|drop|scrap|bin|ditch|scratch|kill|lose)"
_CANCEL_REMINDER = re.compile(
    rf"^{_CANCEL_VERB} (?:the |my |that )?reminder (?:to|about|for) (?P<what>.+)$"
    r"|^(?:don't|do not|no need to|you don't need to|you needn't|(?:you can )?stop|quit) "
    r"(?:bother )?(?:reminding|remind) (?:me|us) (?:about|to|of) (?P<dont>.+)$"
)
# "cancel reminder 5": the number "Which one?" showed (a fourteenth trial's got "There is no
# reminder about 5")
_BY_NUMBER = re.compile(
    rf"^{_CANCEL_VERB} (?:the )?reminder (?:number |no\.? |#)?(?P<number>\d{{1,6}})$"
)
_ANY_MORE = re.compile(r" (?:any ?more|again|now|please|thanks|from now on)$")
# "turn off the bins reminder", "I don't need the tablets reminder any more", "no more
# tablets reminders": the reminder named, ended
_NO_MORE_REMINDER = re.compile(
    r"^(?:(?:turn|switch) off (?:the |my |that )?(?P<off>[a-z][a-z' ]{0,40}?) reminders?|"
    r"(?:turn|switch) (?:the |my |that )(?P<off2>[a-z][a-z' ]{0,40}?) reminders? off|"
    r"(?:i|we) (?:don't|do not) need (?:the |my |that |our )?(?P<need>[a-z][a-z' ]{0,40}?) "
    r"reminders? (?:any ?more|now)|no more (?P<more>[a-z][a-z' ]{0,40}?) reminders?)$"
)
# "I don't need that reminder to take the washing out any more, get rid of it" (a held-out
# split's reached the model): the reminder said by its errand, ended
_NO_MORE_REMINDER_TO = re.compile(
    r"^(?:i|we) (?:don't|dont|do not) need (?:the |that |my |our )?reminder (?:to|about|for) "
    r"(?P<what>.+?) (?:any ?more|now)"
    r"(?: , (?:(?:you can |just )?(?:get rid of|cancel|delete|bin|remove|scrap|kill|ditch) "
    r"(?:it|that|the reminder)))?$"
)
# "skip the bins reminder this week", "skip the next bins reminder", "skip tomorrow's one"
_SKIP_REMINDER = re.compile(
    r"^skip (?:the |my |this week's |tomorrow's |today's |next week's )?(?:next )?"
    r"(?:(?P<what>[a-z][a-z' ]{0,40}?) )?reminder"
    r"(?: (?:this week|tomorrow|today|next time|this time|once|just this once))?$"
)
# "cancel all reminders", "delete all my reminders": every one of them
_EVERY_ONE = re.compile(r"^(?:all|every|each)(?: (?:the|my|our|of the|of my|of our))?$")


_CANCEL_ANY_REMINDER = re.compile(
    r"^(?:cancel|delete|remove|forget|drop|stop|never mind|clear|scrap|bin|ditch|scratch|kill) "
    r"(?:the |my |that |this )?"
    r"(?:(?:(?P<what>[a-z][a-z' ]{0,40}?)|(?P<at>\d{1,2}(?:[:.]\d{2})? ?(?:am|pm))) )?"
    # "delete the 7am one" (a thirteenth trial's was read as the list's "7am one")
    r"(?:reminders?|(?<=am |pm )one)$"
)
# "cancel the one at 5", "delete the 7:30 one" (an eighteenth trial's got "The one at 5 is not
# available anymore." from the model): the reminder at that time
_CANCEL_ONE_AT = re.compile(
    r"^(?:cancel|delete|remove|drop|scrap|bin|get rid of) (?:the|that) (?:one|reminder) (?:at|for) "
    r"(?P<at>\d{1,2}(?:[:.]\d{2})?(?: ?(?:am|pm))?)$"
    r"|^(?:cancel|delete|remove|drop|scrap|bin|get rid of) (?:the|that) "
    r"(?P<at2>\d{1,2}(?:[:.]\d{2})?(?: ?(?:am|pm))?|\d{1,2} o'clock) (?:one|reminder)$"
)
# "i dont need the 6am wake up anymore": the reminder at that time, ended
_NO_MORE_AT = re.compile(
    r"^(?:i|we) (?:don't|dont|do not) need (?:the |my |that |our )?(?P<at>\d{1,2}(?:[:.]\d{2})? ?"
    # only a reminder's own words after the time: never "the 7am train" (a review's had
    # cancelled the meds reminder due then)
    r"(?:am|pm))(?: (?:wake ?up|wake up call|one|reminder))? (?:any ?more|now)$"
)
_SNOOZE_REMINDER = re.compile(
    r"^(?:snooze|delay|postpone|push back) (?:the |my |that )?(?:(?P<what>[a-z][a-z' ]{0,40}?) )?"
    # "snooze the bampi one for 10 minutes" (an eighteenth trial's was carded as a fact)
    r"(?:reminder|one)(?: (?:for|by) (?P<dur>.+))?$|^remind me again(?: in (?P<again>.+))?$"
)


# "move the surgery reminder to 9", "change the reminder about the bins to half six"
_MOVE_REMINDER = re.compile(
    # "move parents evening reminder to 8:30", its article unsaid (a fourteenth trial's got a
    # guard's "I'd only be guessing")
    r"^(?:change|move|put|push|shift|switch|make|set|reschedule|bring) "
    r"(?:(?:the|my|that|this) )?(?:(?P<what>[a-z][a-z' ]{0,40}?) )?reminder "
    r"(?:(?:back|forward|on) )?(?P<after>.+)$"
)
# "move the school one to 3 o'clock" (a fifth trial's went to the model: "The school is
# currently 3:15."): only reminders are moved, so "one" is a reminder here
_MOVE_ONE = re.compile(
    # "change the washing one to 7pm" too: a moment, which no timer is changed to
    r"^(?:move|push|shift|reschedule|bring|change|set"
    # "actually make the bins one 8pm" (a fourteenth trial's got the model): "make" only
    # with a time of day said as one ("make the rice one 20" is a timer's length)
    r"|make(?= .* one \d{1,2}(?:[:.]\d\d)?(?:am|pm)$)) (?:the|my|that|this) "
    r"(?P<what>[a-z][a-z' ]{0,40}?) one (?:(?:back|forward|on) )?(?P<after>.+)$"
)
_BEFORE_A_MOMENT = frozenset({"to", "for", "till", "until", "at"})


def _moved(text: str, now: dt.datetime) -> MoveReminder | None:
    """The reminder named and the moment it now comes: the moment ends the sentence, and
    what the reminder is about ("about the bins", "to phone the surgery") may come first."""
    if (said := _MOVE_REMINDER.match(text) or _MOVE_ONE.match(text)) is None:
        return None
    after = said["after"].split(" ")
    for start in range(len(after)):
        about, moment = after[:start], after[start:]
        if about and about[0] not in ("to", "about", "for", "of"):
            continue
        if moment[0] in _BEFORE_A_MOMENT:
            moment = moment[1:]
        span = _moment(moment, now)
        if span is None and moment:
            if (day := moments.date_said(moment, now)) is not None:
                # "move the swimming reminder to Friday": that day, at its own time (a sixth
                # trial's reached the model)
                what = " ".join(about[1:]) or said["what"]
                noon = dt.datetime.combine(day, dt.time(12))
                return MoveReminder(
                    re.sub(r"^(?:the|my) ", "", what) if what else None, noon, same_time=True
                )
            moment = ["at", *moment]  # "to 9 o'clock" is at 9 o'clock
            span = _moment(moment, now)
        if span is None:
            continue
        assert isinstance(span.value, dt.datetime)
        what = " ".join(about[1:]) or said["what"]
        same_day = not set(moment) & _A_DAY_SAID
        return MoveReminder(
            re.sub(r"^(?:the|my) ", "", what) if what else None,
            span.value,
            same_day=same_day,
            # "to 9": whichever 9 is nearer the reminder's own time (8 am -> 9 am)
            # ("7pm" is one word: its half is said, a review's was moved to 07:00)
            either_half=same_day
            and not set(moment) & {"am", "pm", "noon", "midnight"}
            and not any(word.endswith(("am", "pm")) and word[:1].isdigit() for word in moment),
        )
    return None


def moved_to(moment: str, now: dt.datetime) -> MoveReminder | None:
    """A reminder moved to `moment` as said after "move it to …" (put_right.py): a time
    alone keeps the reminder's day, a day alone its time."""
    return _moved(f"move the reminder to {moment}", now)


def _moment(words: list[str], now: dt.datetime) -> spoken.Span | None:
    """The moment the words say, all of them, or None."""
    span = moments.when_in(words, now) if words else None
    return span if span is not None and (span.start, span.end) == (0, len(words)) else None


# A moment said with its day: without one, "move it to 9" keeps the reminder's own day.
_A_DAY_SAID = frozenset(
    {"today", "tomorrow", "tonight", "morning", "afternoon", "evening", "in", "on", "next"}
    | set(moments.WEEKDAYS)
    | set(moments.MONTHS)
)


def _repeating(text: str, repeat: re.Match[str], now: dt.datetime) -> Command | None:
    """A reminder said to repeat, as it is set: the repeat read as a day, so a bare hour
    is a day's ("every tuesday at 7" is 07:00, "every night at 9" 21:00)."""
    said, end = repeat[0], repeat.end()
    if (part_said := _PART_AFTER.match(text, end)) is not None:  # "every friday night"
        said, end = f"every {part_said[1]}" if said == "every day" else said, part_said.end()
    left_out = repeats.except_after(text, end)
    if left_out is not None:  # "every day except Sunday"
        end = left_out.end()
    without = " ".join((text[: repeat.start()] + text[end:]).split())
    try:
        every = repeats.rule_said(said)
        if left_out is not None:
            every = repeats.without("day" if every == "week" else every, left_out[0])
    except repeats.NoRule:
        errand = getattr(reminder(without, now), "what", None)
        return AskReminderTime(errand, unkept=said) if errand else None
    # "every day at 4 until Friday": the last day said, and no part of the errand; "…for 2
    # weeks": counted from the first
    until, unread, without = _until(without, now)
    said_whole = without  # asked when, the errand keeps "for 3 months" (a review's lost it)
    running, without = repeats.while_said(without) if until is None else (None, without)
    if unread is not None:
        errand = getattr(reminder(without, now), "what", None)
        return AskReminderTime(errand, unkept=f"{said} {unread}") if errand else None
    # "weekly, starting tomorrow at 10": the first is the day said, not the next one
    starting = _STARTING.search(without)
    if starting is not None:
        without = " ".join((without[: starting.start()] + without[starting.end() :]).split())
    part = part_said[1] if part_said else repeats.part_of_day(said)
    day = [] if every == "week" or starting else ["tomorrow", *([part] if part else [])]
    match reminder(" ".join(_day_before_the_time(without.split(" "), day, now)), now):
        case Remind(what=what, at=at):
            rule, first = repeats.first(every, at, now, on_the_day=starting is not None)
            if running is not None:
                until = running.last_day(rule, first)
                if until is None:  # "every monday for a week": once, so no repeat at all
                    return AskReminderTime(what, unkept=f"{said} for that long")
            return Remind(what, first, rule, until)
        case AskReminderTime(what=what, unkept=None):
            if running is not None:  # the while is read once the time is: ask it whole
                asked = reminder(
                    " ".join(_day_before_the_time(said_whole.split(" "), day, now)), now
                )
                what = getattr(asked, "what", what)
            return AskReminderTime(what, " ".join(day) or None, every)
        case AskReminderWhat(at=at):
            rule, first = repeats.first(every, at, now, on_the_day=starting is not None)
            return AskReminderWhat(first, rule)
    return None


_UNTIL = re.compile(
    r"(?: ,)? (?:until|till|til|up until|up to and including|up to) (?P<day>.+?)(?= to | , |$)"
)


def _until(text: str, now: dt.datetime) -> tuple[dt.date | None, str | None, str]:
    """The last day a repeat comes, said with "until" ("…until Friday", "till the 20th");
    an "until" said that names no day ("until the end of term": asked about, never set to
    come for ever); and the text without it."""
    said = _UNTIL.search(text)
    if said is None:
        return None, None, text
    words = said["day"].split(" ")
    # the day, and what follows it: the time the moment said first brought after it ("…until
    # the 18th at 7:30"), kept; why, dropped ("…until the 18th when they break up": a
    # held-out split of the daily loop's was asked when)
    for end in range(len(words), 0, -1):
        day = moments.date_said(words[:end], now) or _end_of(" ".join(words[:end]), now)
        if day is not None:
            break
    rest = words[end:] if day is not None else []
    if rest and rest[0] in _WHY:  # why, to where the moment said first was brought
        after = [n for n, word in enumerate(rest) if word in ("every", "each", "at", "on")]
        rest = rest[after[0] :] if after else []
    if day is None or (rest and rest[0] not in ("at", "from", "starting")):
        return None, said[0].strip(), text[: said.start()] + text[said.end() :]
    kept = " ".join(rest)
    return day, None, " ".join(f"{text[: said.start()]} {kept} {text[said.end() :]}".split())


_WHY = frozenset({"when", "because", "cause", "cos", "as", "since", "so"})


def _end_of(said: str, now: dt.datetime) -> dt.date | None:
    """ "the end of the month", "the end of the week", "the weekend": the last day of it."""
    today = now.date()
    said = re.sub(r"^(?:the )?end of (?:the |this )?", "", said)
    if said == "month":
        following = dt.date(today.year + today.month // 12, today.month % 12 + 1, 1)
        return following - dt.timedelta(days=1)
    if said in ("week", "the weekend", "weekend"):
        return today + dt.timedelta(days=6 - today.weekday())
    return None


_PART_AFTER = re.compile(r" (morning|afternoon|evening|night)s?\b")
_STARTING = re.compile(
    r"(?: ,)? \b(?:starting|beginning|from)(?: on)?(?= (?:today|tomorrow|tonight|next|this|"
    + "|".join(moments.WEEKDAYS)
    + r")\b)"
)


def _day_before_the_time(words: list[str], day: list[str], now: dt.datetime) -> list[str]:
    """The words with `day` put just before the time said, else before the errand: words
    between are read as ever ("every night before bed at half 10" is read "before bed
    tomorrow night at half 10")."""
    span = moments.when_in(words, now)
    if span is not None:
        at = span.start
    elif "to" in words[2:]:
        at = words.index("to", 2)
    else:
        at = len(words)
    return [*words[:at], *day, *words[at:]]


def reminder(text: str, now: dt.datetime) -> Command | None:
    text = as_remind_me(text, now)
    if text.startswith("remind me ") and (repeat := repeats.found_in(text)) is not None:
        return _repeating(text, repeat, now)
    if text == "remind me":  # "set a reminder", "remind me": nothing said of what or when
        return AskReminder()
    if (listing := _listed(text, now) or one_asked(text)) is not None:
        return listing
    if match := _BY_NUMBER.match(text):
        return CancelReminder(None, number=int(match["number"]))
    if match := _CANCEL_REMINDER.match(text):
        # "…about the washing, I'll just do it now": why, never which reminder
        what = _without_why(match["what"] or match["dont"])
        what = _ANY_MORE.sub("", what)  # "don't remind me about the candles any more"
        return CancelReminder(re.sub(r"^(?:the|my) ", "", what))
    if match := _CANCEL_ANY_REMINDER.match(text):
        if match["what"] and _EVERY_ONE.match(match["what"]):
            return CancelReminder(None, every=True)
        return CancelReminder(match["what"] or (f"at {match['at']}" if match["at"] else None))
    if match := _NO_MORE_AT.match(text):
        return CancelReminder(f"at {match['at']}")
    if match := _CANCEL_ONE_AT.match(text):
        at = (match["at"] or match["at2"]).removesuffix(" o'clock")
        return CancelReminder(f"at {at}")
    if match := _NO_MORE_REMINDER_TO.match(text):
        return CancelReminder(re.sub(r"^(?:the|my) ", "", match["what"]))
    if match := _NO_MORE_REMINDER.match(text):
        what = match["off"] or match["off2"] or match["need"] or match["more"]
        return CancelReminder(None, every=True) if _EVERY_ONE.match(what) else CancelReminder(what)
    if match := _SKIP_REMINDER.match(text):
        return SkipReminder(match["what"])
    if (moved := _moved(text, now)) is not None:
        return moved
    if match := _SNOOZE_REMINDER.match(text):
        said = match["dur"] or match["again"]
        snooze = spoken.duration_in(said.split(" ")) if said else None
        return SnoozeReminder(match["what"], float(snooze.value) if snooze else 600.0)
    if not text.startswith("remind me "):
        return None
    tokens = text.split(" ")[2:]
    span = moments.when_in(tokens, now)
    if span is not None and _the_errands_own(tokens, span.start):
        span = None  # "to book the table for friday at 6": when to remind is not said
    if span is None:
        if tokens[0] == "to" and len(tokens) > 1:
            return _asked_when(tokens[1:], now)
        if tokens[0] in ABOUT and len(tokens) > 1 and tokens[1:] not in NOTHING_NAMED:
            return _asked_when(tokens, now)  # "remind me about the bins": when?
        return _errand_after_words_not_read(tokens, now)
    rest = tokens[: span.start] + tokens[span.end :]
    if rest[:2] == [",", "to"]:  # "remind me at 10, to change the sheets"
        rest = rest[1:]
    if rest[-1:] == ["instead"] and rest[:1] == ["about"]:
        # "remind me about the candles at 9 instead": that reminder moved, never a second
        return MoveReminder(" ".join(rest[1:-1]).removeprefix("the "), span.value)
    if rest[:1] == ["for"] and spoken.duration_in(rest[1:3]) is None:
        rest = ["about", *rest[1:]]  # "…at 7am for my tablets": about them
    elif rest[:1] and rest[0] in WHOSE and set(rest[1:]) & SAID_OF_IT:
        rest = ["that", *rest]  # "…at 8am the electrician's due": that he is
    assert isinstance(span.value, dt.datetime)
    at = span.value
    if rest and rest[0] != "to" and "to" in rest[:4] and set(rest[: rest.index("to")]) <= _ROUGHLY:
        # "at 3 o'clock after school to …": the time is said, and school is out after noon
        if set(rest[: rest.index("to")]) & _AFTERNOON and at.hour < 12:
            at += dt.timedelta(hours=12)
        rest = rest[rest.index("to") :]
    if not rest:
        return AskReminderWhat(at)
    # the errand is said with "to", "about" or "that": "remind me to X at T", "remind me at
    # T about X", "remind me tomorrow at 9 that the plumber is coming"
    if (
        rest[0] in _PART_OF_THE_DAY
        and span.start == 0
        and _A_BARE_ERRAND.fullmatch(" ".join(rest[1:]))
        and (in_part := _in_that_part(tokens[: span.end], rest[0], now)) is not None
    ):
        # "remind me at 7 morning meds": the errand's own part of the day says which 7
        # (a review found a first reading setting it at 19:00 when said in the morning)
        done = rest[1] in ERRAND_VERBS and len(rest) > 2  # "call mum", never "night feed"
        return Remind(" ".join(rest[1:]) if done else f"about {' '.join(rest)}", in_part)
    if (
        rest[0] not in ("to", *ABOUT)
        and span.start == 0
        and _A_BARE_ERRAND.fullmatch(" ".join(rest))
    ):
        # "remind me wednesday at 7pm bins", "remind me at 6 ring mum": the errand said bare
        # after when, as texted (a twelfth trial's went to the model)
        bare = " ".join(rest)
        return Remind(bare if rest[0] in ERRAND_VERBS else f"about {bare}", at)
    if (
        rest[0] not in ("to", *ABOUT)
        and span.start > 0
        and span.end == len(tokens)
        and rest[0] not in ERRAND_VERBS
        and _A_BARE_ERRAND.fullmatch(" ".join(rest))
    ):
        # "remind me football kit at 8 tmrw": a thing said bare before when, as texted (a
        # twentieth trial's got the model's "I'm sorry, I forgot to remind you…")
        return Remind(f"about {' '.join(rest)}", at)
    if rest[0] not in ("to", *ABOUT) or len(rest) < 2:
        return _errand_after_words_not_read(tokens, now)
    errand = _without_why(" ".join(rest[1:] if rest[0] == "to" else rest))
    return Remind(errand, _in_the_errands_part(tokens[span.start : span.end], errand, now) or at)


# A meal or bedtime in the errand says which half of the day a bare hour is: "remind me at
# half 5 to start dinner", said at 2 a.m., is 17:30 (a fourteenth trial's was set at 05:30)
_ERRANDS_PART = {"dinner": "evening", "supper": "evening", "bedtime": "night"}
_A_HALF_IN = frozenset(
    {"am", "pm", "morning", "afternoon", "evening", "tonight", "night", "noon", "midnight"}
)


def _in_the_errands_part(when: list[str], errand: str, now: dt.datetime) -> dt.datetime | None:
    """The moment `when` says, in the part of the day the errand's meal is, when `when`
    says no half itself; else None."""
    parts = {_ERRANDS_PART[word] for word in errand.lower().split() if word in _ERRANDS_PART}
    if len(parts) != 1 or set(when) & _A_HALF_IN or any(w[-2:] in ("am", "pm") for w in when):
        return None
    return _in_that_part(when, parts.pop(), now)


# An errand said bare after when: a few plain words, no question, no "not"
_A_BARE_ERRAND = re.compile(
    r"(?!.*\b(?:how|what|where|who|when|why|which|whether|if|not|never|is|are|was|it|that|"
    r"this|please|thanks|"
    # words of when, never what: "remind me at 7 morning", "…at 8 next week", "…at 9 before
    # work", "…at 5 weekend", "about ish", "about or two" (a review's each set at a wrong time)
    r"morning|mornings|evening|afternoon|night|tonight|today|tomorrow|week|weekend|month|"
    r"year|later|again|ish|dot|usual|usually|before|after|next|or|on|as|sharp|o'clock|"
    r"oclock|am|pm|work|school|lunch|lunchtime|teatime|bedtime|dinner)\b)"
    r"[a-z']+(?: [a-z']+){0,3}"
)
# The hours each part of the day holds (night runs past midnight)
_HOURS_OF = {"morning": (5, 12), "afternoon": (12, 18), "evening": (17, 23), "night": (19, 5)}
_PART_OF_THE_DAY = {
    "morning": ["in", "the", "morning"],
    "afternoon": ["in", "the", "afternoon"],
    "evening": ["in", "the", "evening"],
    "night": ["at", "night"],
}


def _in_that_part(when: list[str], part: str, now: dt.datetime) -> dt.datetime | None:
    """When, read again with the part of the day said after it: "at 7" with "morning" is
    7:00; None where that reading is not whole ("at 7pm" with "morning"), where it falls
    outside that part ("at 12", "at 1" with "night", which a review found set at noon and
    13:00), or where a day word says otherwise ("tonight at 11" with "morning")."""
    if part == "morning" and {"tonight", "evening"} & set(when):
        return None
    said = [*when, *_PART_OF_THE_DAY[part]]
    span = moments.when_in(said, now)
    if span is None or span.start != 0 or span.end != len(said):
        return None
    assert isinstance(span.value, dt.datetime)
    low, high = _HOURS_OF[part]
    inside = low <= span.value.hour < high if low < high else not high <= span.value.hour < low
    return span.value if inside else None


# Bare errands that are something to do: said as the errand, never "about" it
ERRAND_VERBS = frozenset(
    "call ring phone text email take put get pick book pay buy check feed water defrost "
    "collect bring order cancel renew post send sign tell ask turn lock switch clean wash "
    "empty fill charge move start ".split()
)


# Why, said after the errand: "…to put the recycling out, it's collection day tomorrow".
_WHY_AFTER = re.compile(
    r" , (?:it's|it is|i'm|i am|i've|i'll|i need|i have|she's|she'll|he's|he'll|they're|"
    r"they'll|we're|we've|we'll|there's|that's|because|cos|'cause|as|since)\b.*$"
)
# Errands whose words after them may be what to say: "to tell Sam, he's got football".
_SAYS_WHAT_FOLLOWS = {"tell", "ask", "let", "text", "message", "email", "say", "write", "remind"}


def _without_why(errand: str) -> str:
    """The errand without a reason said after it, set off by a comma; kept whole when what
    follows may be what to say."""
    if errand.split(" ")[0] in _SAYS_WHAT_FOLLOWS:
        return errand
    return _WHY_AFTER.sub("", errand) or errand


# "remind me , i hate tomorrow to ring the plumber" (said: "at 8 tomorrow"): a few words
# before the errand that speak of a moment Hearth cannot read. The moment is asked for,
# never guessed from them. Words with no moment in them are not this ("remind me the
# password to the wifi"), nor words that ask ("remind me how to …") or deny ("remind me
# not to …"): those stay a question for the model.
_MOST_WORDS_NOT_READ = 4
_NOT_A_REMINDER = frozenset("how what where who whom when why which whether if not never".split())


# A word that needs what follows it: a moment said after one is the errand's, never when
# to remind ("book the table for friday at 6", "pay the gas bill by friday", "ring the vet
# about friday"); a reminder set there had kept "book the table for".
_NEEDS_WHAT_FOLLOWS = frozenset("for by before after about until till from of with since".split())


def _the_errands_own(tokens: list[str], start: int) -> bool:
    """Whether the moment said at `start` belongs to the errand said before it."""
    return start >= 3 and tokens[0] in ("to", *ABOUT) and tokens[start - 1] in _NEEDS_WHAT_FOLLOWS


def _asked_when(errand: list[str], now: dt.datetime) -> AskReminderTime:
    """The time asked for an errand, with a day said after it kept ("to book the swimming
    on friday": what time on Friday)."""
    for start in range(1, len(errand)):
        if errand[start - 1] in _NEEDS_WHAT_FOLLOWS:
            continue  # "to book a table for friday": the errand's day
        if moments.day_at(errand, start, now) == len(errand):
            return AskReminderTime(" ".join(errand[:start]), " ".join(errand[start:]))
    return AskReminderTime(" ".join(errand))


def _errand_after_words_not_read(tokens: list[str], now: dt.datetime) -> Command | None:
    leads = [
        i
        for i, token in enumerate(tokens)
        # "at six, that is what you said": a clause after a comma is no errand
        if token == "to" or (token in ABOUT and tokens[i - 1 : i] != [","])
    ]
    if not leads:
        return None
    at = leads[0]
    said = [t for t in tokens[:at] if t != ","]
    errand = " ".join(tokens[at + (tokens[at] == "to") :])
    if not errand:
        return None
    if said and moments.day_at(said, 0, now) == len(said):
        return AskReminderTime(errand, " ".join(said))  # "on friday": only the time asked
    before = set(said)
    if (
        len(before) > _MOST_WORDS_NOT_READ
        or not (moments.speaks_of_a_moment(before) or before & _ROUGHLY_WHEN)
        or before & _NOT_A_REMINDER
    ):
        return None
    return AskReminderTime(errand)


# A moment said roughly, which only the household can put a time to: "remind me after school
# to sign the trip form" asks what time (a third trial's went to the model: "Remind me,
# please."), and beside a time it says nothing more ("at 3 o'clock after school to …").
_ROUGHLY_WHEN = frozenset({"after", "before", "later", "bedtime", "teatime", "lunchtime"})
_AFTERNOON = frozenset({"school", "work", "tea", "lunch", "dinner", "supper", "nursery"})
_ROUGHLY = (
    _ROUGHLY_WHEN
    | _AFTERNOON
    | frozenset(
        "school work tea lunch dinner supper bed nursery football swimming practice club "
        "college uni the".split()
    )
)
