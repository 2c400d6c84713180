"""A household command said inside a frame: a preamble, a reason, an aside, thanks.

    "Sorry to bother you, can you set a timer for 25 minutes."  -> SetTimer(None, 1500.0)
    "I'm doing pasta, set a timer for twelve minutes."           -> SetTimer(None, 720.0)
    "We're out of bin bags, stick them on the list."             -> AddItems(("bin bags",))
    "Would you mind adding milk to the list, thanks."            -> AddItems(("milk",))
    "Sam, add milk to the list."                                 -> None (said to Sam)

People rarely say a command bare. Read whole, such a sentence is no command and went to
the model, which can set nothing. So the sentence is read as clauses (its commas and
sentence ends): one run of clauses must read as the command, after an opener ("can you",
"would you mind", "I need you to", "just"…) if one is said, and every other clause must
be a frame. A frame says nothing to Hearth that the command does not: greetings, thanks,
apologies and what the person is doing or why. A clause that asks something, hedges,
reports what someone else said, names someone else, says another command, or turns down
"it" is no frame, and the sentence goes on to the model as before: when in doubt
nothing is done.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from appliance.household import spoken
from appliance.household.list_phrases import adds_what_was_named, groceries
from appliance.household.phrase_words import without_fillers, without_tail
from appliance.household.requests import (
    AddItems,
    AddTime,
    AskReminder,
    AskReminderTime,
    AskReminderWhat,
    AskTimerLength,
    Command,
    Remind,
    SetTimer,
    SnoozeRinging,
    StopRinging,
    UndoLast,
)
from appliance.household.second_thoughts import takes_back

# Words said before a command that ask for it: "can you", "would you mind", "I need you to"
# ("would you" said first is gone already: phrase_words.normalise, so "mind adding…").
_OPENER = re.compile(
    r"\b(?:(?P<gerund3>(?:do|would) you mind)|(?:can|could|would|will|can't|won't) (?:you|ya|u|ye)"
    r"|if you (?:could|can|would|wouldn't mind|don't mind)"
    r"|(?:i|we) (?:need|want|would like|'d like) you to|i'd like you to|we'd like you to"
    r"|(?:can|could|may) i (?:get|ask) you to|(?P<gerund>^mind)(?= \w+ing\b)"
    r"|(?:is it possible|would it be possible|any chance you (?:could|can)|are you able) ?(?:to)?"
    r"|(?P<gerund2>any chance of(?: you)?|how about(?: you)?)"
    r"|(?:do|be) (?:me )?a (?:favour|favor|love|dear|star|darling|sweetheart|doll) and"
    r"|(?:be )?so kind as to|(?:be )?good enough to"
    r"|go ahead and|(?:i|we) (?:need|want|'d like|would like|wanna) to|let's|lets|let me"
    r"|i'll get you to"
    r"|(?P<thing>(?:can|could|may) (?:i|we) (?:have|get)|give me|get me))"
    r"(?: (?:please|possibly|just|kindly|quickly|quick|now|also|then|maybe))*(?: |$)"
)
# Said first, they only lead into the command: "right, just add milk", "now set a timer".
_LEADS_IN = re.compile(
    r"^(?:(?:please|just|quickly|quick|now|then|right|ok|okay|so|oh|and|also|but|um|erm|er|"
    r"possibly|kindly)"
    r"(?: |$))+"
)
# A verb said as "-ing" after "would you mind", "how about": the command's own verb.
_GERUNDS = {
    "adding": "add",
    "putting": "put",
    "popping": "pop",
    "sticking": "stick",
    "writing": "write",
    "setting": "set",
    "starting": "start",
    "making": "make",
    "reminding": "remind",
    "cancelling": "cancel",
    "canceling": "cancel",
    "stopping": "stop",
    "clearing": "clear",
    "emptying": "empty",
    "wiping": "wipe",
    "taking": "take",
    "removing": "remove",
    "deleting": "delete",
    "crossing": "cross",
    "getting": "get",
    "giving": "give",
    "timing": "time",
}

# What a person calls Hearth, as phrase_words' tail does ("…, love"): never someone else.
HEARTH_CALLED = ("dear", "love", "darling", "mate", "pet", "hun", "sweetheart", "sweetie", "babe")
# One word that frames alone: a greeting, thanks, a word of assent or a name for Hearth.
_FRAME_WORDS = {
    *("hi", "hello", "hiya", "hey", "morning", "afternoon", "evening", "hearth", "listen"),
    *("thanks", "cheers", "ta", "please", "sorry", "right", "ok", "okay", "alright", "so"),
    *("great", "lovely", "brilliant", "perfect", "cool", "well", "anyway", "now", "yes"),
    *("yeah", "yep", "quick", "quickly", "oh", "ah", "um", "erm", "er", "hmm", "and"),
    *("but", "then", "there", "yo", "oi", "you", "assistant", "computer", "again", "me"),
    *("ugh", "oops", "whoops", "argh", "phew", "gosh", "wow", "ooh", "aw", "aww"),
    *HEARTH_CALLED,
}
# A clause that asks something is a question of its own, to be answered, not framing.
_ASKS = re.compile(
    r"^(?:what|what's|whats|how|how's|why|when|when's|where|where's|who|who's|is|are|"
    r"am|was|were|do|does|did|have|has|had|can|could|should|shall|would|will|won't|isn't|"
    r"aren't|don't|didn't|haven't)\b"
)
# Thanks and greetings that start like a question or a command: "would be great", "could
# you do me a favour", "do me a favour", "have a good day".
_POLITE = re.compile(
    r"^(?:(?:can|could|would|will) you do me a (?:favour|favor)|do me a (?:favour|favor)|"
    r"(?:is|are) you (?:there|awake|listening)|would be (?:great|lovely|brilliant|ace)|"
    r"have a (?:good|nice|lovely) (?:one|day|evening)|don't let me forget|"
    r"when(?:ever)? you (?:get a (?:chance|sec|second|minute|moment)|can)|"
    r"if you (?:don't mind|can|could|would|wouldn't mind|please)|if that's (?:ok|okay|alright)|"
    r"if it's not (?:too much )?(?:trouble|bother)|excuse me|(?:sorry )?to (?:bother|"
    r"interrupt|trouble|disturb|pester)(?: you| ya)?|"
    r"(?:hang|hold) on a (?:sec|second|minute|mo|moment)|"
    r"quick one|one (?:more|last|other) thing|before i forget|while i (?:remember|think of it)|"
    r"where (?:were we|was i)|"
    r"knowing me|no (?:rush|hurry|worries)|never mind (?:the|all|that) (?!timer|reminder|list)|"
    r"(?:good )?(?:morning|afternoon|evening|night)|thank you|thanks|cheers|"
    r"(?:sorry )?to be a (?:pain|nuisance)|pardon me|me again|just a (?:sec|second|mo|minute)|"
    r"one (?:sec|second|mo)|is this (?:thing )?on|can you hear me|"
    r"(?:oh )?for (?:goodness|heaven's|heavens|pete's|god's) sake|oh my (?:god|gosh|word)|"
    r"blimey|crikey|good grief|oh dear|all right(?: then| you| love| mate)?)\b"
)
# Who a statement is about, said first: "I'm doing pasta", "the kids finished it", "Nan's
# coming". A clause that starts otherwise is an instruction ("stir in the flour"), an aside
# or a fragment: no frame.
_SUBJECT = {
    *("i", "i'm", "i've", "i'll", "i'd", "we", "we're", "we've", "we'll", "we'd", "you"),
    *("you're", "you've", "he", "he's", "he'll", "she", "she's", "she'll", "it", "it's"),
    *("they", "they're", "they've", "they'll", "there", "there's", "that", "that's"),
    *("this", "these", "those", "my", "our", "your", "his", "her", "their", "the", "a"),
    *("an", "some", "everyone", "everybody", "someone", "somebody", "nobody", "mum", "dad"),
    *("nan", "nana", "gran", "granny", "grandma", "grandpa", "grandad", "kids", "baby"),
}
# Said second, a verb that makes the first word someone: "Jess can't have oats".
_SAYS_OF_SOMEONE = {
    *("is", "isn't", "are", "aren't", "was", "wasn't", "has", "hasn't", "had", "can"),
    *("can't", "could", "couldn't", "will", "won't", "would", "wouldn't", "does"),
    *("doesn't", "did", "didn't", "likes", "loves", "hates", "needs", "wants", "only"),
    *("never", "always", "just", "got", "gets", "eats", "drinks", "finished", "used"),
}
# What someone did, said second: "Sam found…", "the kids ate…".
_DID = {
    *("found", "bought", "made", "got", "took", "ate", "drank", "brought", "left", "went"),
    *("came", "gave", "put", "forgot", "broke", "spilt", "spilled", "had", "knocked"),
}
# Words that join a statement on: "so I always forget", "and the oven's on".
_JOINS = {
    *("so", "and", "but", "because", "cos", "as", "since", "well", "oh", "then", "now"),
    *("basically", "honestly", "anyway", "right", "okay", "ok", "look", "listen"),
    # a sound of surprise or weariness first: "gosh it's early, set a 5 minute timer…"
    *("gosh", "ugh", "blimey", "phew", "wow", "ooh", "jeez", "cor", "crikey", "god", "man"),
}
# Words that leave the command in doubt: "maybe", "if", "or", "should I", "in case".
_HEDGES = re.compile(
    r"^(?:if|unless|or)\b|\b(?:maybe|perhaps|whether|in case|not sure|should|shall|"
    r"or (?:not|maybe|perhaps|should|shall|would|do|don't|is|are|was))\b"
)
# Another person's words or deeds: "my mum said", "Sam told me", "the recipe says".
_SOMEONE_ELSE = re.compile(
    r"\b(?:said|says|say|told|tells|asked|asks|goes|wrote|reckons|wants|wanted|keeps)\s*$"
)
# Words of another day: said in a frame of a reminder that names no day, they leave its
# day in doubt ("It's Friday tomorrow, remind me at 9 to…"). With a day of its own, or as
# a time of day, they are a reason ("since the party's on Saturday, remind me … on
# Friday at noon", "the parcel comes in the afternoon, remind me at 3pm…").
_WHEN = re.compile(
    r"\b(?:tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|week|"
    r"month|next)\b"
)
# Turning down what the command does: "we don't need it", "not that one", "no need".
_TURNS_DOWN = re.compile(
    r"\b(?:don't|do not|didn't|doesn't|not|never|no need|won't)\b.*"
    r"\b(?:it|that|them|this|those|one|need|want|bother|do|set|add|put|remind|cancel)\b"
)
# Commands that make or add something: a reason that turns "it" down after one of these
# takes it back ("add milk, we don't need it"); after one that ends something, it agrees
# ("cancel the rice timer, no need for it").
_MAKES = (SetTimer, AddTime, Remind, AddItems)
# Commands said of what is at hand ("stop", "turn it off", "cancel that"): framed only by
# greetings, thanks and take-backs, since a statement may give "it" another meaning ("the
# token check is a hassle, turn it off").
_AT_HAND = (StopRinging, SnoozeRinging, UndoLast)


def framed(said: str, read: Callable[[str], Command | None]) -> Command | None:
    """The command a sentence says inside its frame, or None (it is read as it stands).

    `said`: normalised with its sentences' ends as commas; `read`: the household's
    reading of a whole sentence (phrases.py)."""
    clauses = [kept for clause in said.split(" , ") if (kept := without_fillers(clause))]
    found: list[tuple[int, int, Command]] = []
    for start in range(len(clauses)):
        before, asked = _opened(clauses[start])
        if before and not _frames(before, after_command=False):
            continue
        if not asked or all(word in _FRAME_WORDS for word in asked.split(" ")):
            continue  # "Good morning, Hearth!": "Hearth" alone stops a ring, not here
        for end in range(len(clauses), start, -1):  # the longest run first
            if end - start > 1 and _only_words_around(clauses[end - 1]):
                continue  # "…, cheers love": thanks, never the last thing on the list
            command = read(without_tail(" , ".join([asked, *clauses[start + 1 : end]])))
            if command is not None:
                found.append((start, end, command))
                break
        else:
            if adds_what_was_named(asked):  # "there's no bin bags left, add them"
                found += [(start, start + 1, AddItems(things)) for things in _gone(clauses)]
    for start, end, command in sorted(found, key=lambda f: f[0] - f[1]):
        if isinstance(command, _AT_HAND) and end - start > 1:
            continue  # "would you stop, he's only codding you": its reason is no frame
        said_in = " , ".join(clauses[start:end])
        taken = None
        if isinstance(command, AskTimerLength) and _THAT_LONG.search(said_in):
            lengths = _lengths_said(clauses, start, end)
            if len(lengths) == 1:  # "it needs two hours, start a timer for that"
                taken, seconds = lengths[0]
                command = SetTimer(command.name, seconds)
        if all(
            start <= i < end
            or (i == taken and _frames(clause, after_command=False))
            or _frames_with(clause, i > start, command, said_in, read)
            for i, clause in enumerate(clauses)
        ):
            return command
    return None


# What a timer said "for that" takes its length from: "the pudding needs two hours, start a
# pudding timer for that".
_THAT_LONG = re.compile(r"\b(?:for that(?: long)?|that long|for it)$")
# What a reason says ran out: "there's not a drop of washing-up liquid left in this house".
_GONE = re.compile(
    r"\b(?:out of|run out of|ran out of|no more|not a drop of|not a scrap of|none of the|"
    r"the last of(?: the)?|finished(?: off)? the|used up the|polished off the|no|not any)"
    r" (?P<thing>[a-z][a-z' ]*?)(?: (?:left|in the house|in this house|anywhere|at all|"
    r"anymore|any more|again))*$"
)


def _gone(clauses: list[str]) -> list[tuple[str, ...]]:
    """The things the clauses say ran out, if they are things a shop sells ("there's no
    way" names none)."""
    return [
        found
        for clause in clauses
        if (match := _GONE.search(clause)) is not None
        and (found := groceries(match["thing"])) is not None
    ]


def _lengths_said(clauses: list[str], start: int, end: int) -> list[tuple[int, float]]:
    """The clauses outside start:end that say a length, and the length."""
    return [
        (i, float(span.value))
        for i, clause in enumerate(clauses)
        if not start <= i < end and (span := spoken.duration_in(clause.split(" "))) is not None
    ]


def _opened(clause: str) -> tuple[str, str]:
    """The words before an opener and the command after it: ("sorry to bother you", "set
    a timer for 25 minutes") for "sorry to bother you can you set a timer for 25
    minutes"; ("", clause) when it has no opener."""
    before, asked, thing, gerund = "", clause, False, False
    for opener in _OPENER.finditer(clause):
        if not clause[opener.end() :]:
            break  # "wipe the list clean would you": polite words after it, not an opener
        before, asked = clause[: opener.start()].strip(), clause[opener.end() :]
        thing = opener["thing"] is not None
        gerund = any(opener[g] is not None for g in ("gerund", "gerund2", "gerund3"))
    asked = _LEADS_IN.sub("", asked)
    if thing:
        asked = f"i want {asked}"  # "can I have a timer for 8 minutes": one is wanted
    words = asked.split(" ")
    if gerund and words[0] in _GERUNDS:
        words[0] = _GERUNDS[words[0]]  # "would you mind adding…", never "Adding milk."
    return before, " ".join(words)


def _frames_with(
    clause: str,
    after_command: bool,
    command: Command,
    said_in: str,
    read: Callable[[str], Command | None],
) -> bool:
    """Whether `clause` frames `command`: it says nothing to Hearth of its own, or says
    the same thing ("we're out of bin bags, stick them on the list")."""
    if isinstance(command, AskReminder):
        return False  # "the 22nd at 9 suits me, remind me": only "remind me" alone asks
    if adds_what_was_named(clause):
        return isinstance(command, AddItems)  # "them": the things the command names
    if isinstance(command, _AT_HAND):
        return _only_words_around(clause)
    if not _frames(clause, after_command=after_command):
        return False
    if after_command and isinstance(command, _MAKES) and _TURNS_DOWN.search(clause):
        return False
    if (
        isinstance(command, Remind | AskReminderTime | AskReminderWhat)
        and _WHEN.search(clause)
        and not _WHEN.search(said_in)
    ):
        return False  # "it's Friday tomorrow, remind me at 9…": which day?
    said = read(clause)
    if isinstance(said, AddItems) and isinstance(command, AddItems):
        # "add bin bags, we've got none left": the things it needs, said again
        return all(
            any(item == named or item.endswith(f" {named}") for item in command.items)
            for named in said.items
        )
    return said is None or said == command


def _only_words_around(clause: str) -> bool:
    """Greetings, thanks, "okay", or words that take back: "never mind, stop"."""
    return (
        all(word in _FRAME_WORDS for word in clause.split(" "))
        or _POLITE.match(clause) is not None
        or takes_back(clause)
    )


def _frames(clause: str, *, after_command: bool) -> bool:
    """Whether `clause`, said before or after a command, only frames it."""
    words = clause.split(" ")
    if all(word in _FRAME_WORDS for word in words):
        return True
    if len(words) == 1:
        return False  # one word, no greeting or thanks: a name ("Sam, add milk")
    if _POLITE.match(clause) or _OPENER.fullmatch(clause + " "):
        return True  # "…, can you, um, set a timer…": the asking, said apart
    if not after_command and takes_back(clause):
        return True  # "hang on, …", "never mind, …" before it: of what went before
    while words and words[0] in _JOINS:
        words = words[1:]
    if not words or not _a_statement(words):
        return False
    if _ASKS.match(clause) or _HEDGES.search(clause):
        return False
    if after_command and spoken.duration_in(words) is not None:
        return False  # "set a timer for 10 minutes, it needs 12 minutes": which?
    return not _SOMEONE_ELSE.search(clause)  # "my mum said, add milk…": not an ask


_LACKS = re.compile(
    r"^(?:a )?(?:(?:wee|little|bit|tad|bit of a) )*(?:low|short|out|running (?:low|out)|"
    r"(?:nearly|almost|all) out|clean out) (?:on|of) "
)


def _a_statement(words: list[str]) -> bool:
    """Whether `words` say something of someone or something: a subject first."""
    first = words[0]
    return (
        first in _SUBJECT
        # "wee bit low on spuds", "out of bread": what the house lacks, its subject unsaid
        or _LACKS.match(" ".join(words)) is not None
        or first.endswith("'s")  # "Oli's not allowed nuts", "the oven's slow"
        or (len(words) > 1 and words[1] in _SAYS_OF_SOMEONE)
        # "Sam found a box in the fridge", "Dad bought some": someone, and what they did
        or (len(words) > 2 and (words[1] in _DID or words[1].endswith("ed")))
        or (
            first == "no"
            and len(words) > 1
            and words[1] in ("need", "point", "longer", "chance", "more")
        )
    )
