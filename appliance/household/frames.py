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

from appliance.household.list_phrases import adds_what_was_named
from appliance.household.requests import AddItems, Command
from appliance.numbers import number_at

# Words said before a command that ask for it: "can you", "would you mind", "I need you to"
# ("would you" said first is gone already: phrase_words.normalise, so "mind adding…").
_OPENER = re.compile(
    r"\b(?:(?:do|would) you mind|(?:can|could|would|will|can't|won't) (?:you|ya)"
    r"|if you (?:could|can|would|wouldn't mind|don't mind)"
    r"|(?:i|we) (?:need|want|would like|'d like) you to|i'd like you to|we'd like you to"
    r"|(?:can|could|may) i (?:get|ask) you to|^mind(?= \w+ing\b)"
    r"|(?:is it possible|would it be possible|any chance you (?:could|can)|are you able) ?(?:to)?"
    r"|any chance of(?: you)?|how about(?: you)?"
    r"|(?:do|be) (?:me )?a (?:favour|favor|love|dear|star|darling|sweetheart|doll) and"
    r"|go ahead and|(?:i|we) (?:need|want|'d like|would like|wanna) to|let's|lets|let me"
    r"|i'll get you to)"
    r"(?: (?:please|possibly|just|kindly|quickly|quick|now|also|then|maybe))*(?: |$)"
)
# Said first, they only lead into the command: "right, just add milk", "now set a timer".
_LEADS_IN = re.compile(
    r"^(?:(?:please|just|quickly|quick|now|then|right|ok|okay|so|oh|and|also|um|erm|er)"
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

# One word that frames alone: a greeting, thanks, a word of assent or a name for Hearth.
_FRAME_WORDS = {
    *("hi", "hello", "hiya", "hey", "morning", "afternoon", "evening", "hearth", "listen"),
    *("thanks", "cheers", "ta", "please", "sorry", "right", "ok", "okay", "alright", "so"),
    *("great", "lovely", "brilliant", "perfect", "cool", "well", "anyway", "now", "yes"),
    *("yeah", "yep", "quick", "quickly", "oh", "ah", "um", "erm", "er", "hmm", "and"),
}
_FILLERS = {"um", "umm", "erm", "er", "uh", "uhm", "ah", "oh", "hmm", "like"}
# A clause that asks something is a question of its own, to be answered, not framing.
_ASKS = re.compile(
    r"^(?:what|what's|whats|how|how's|why|when|when's|where|where's|who|who's|which|is|are|"
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
    r"if it's not (?:too much )?(?:trouble|bother))"
)
# Words that leave the command in doubt: "maybe", "if", "or", "should I", "in case".
_HEDGES = re.compile(
    r"\b(?:maybe|perhaps|if|unless|or|should|shall|might|whether|"
    r"in case|not sure|thinking|probably|later|tomorrow|tonight)\b"
)
# Another person's words or deeds: "my mum said", "Sam told me", "the recipe says".
_SOMEONE_ELSE = re.compile(
    r"\b(?:said|says|say|told|tells|asked|asks|goes|wrote|reckons|wants|wanted|keeps)\s*$"
)
# A clause that starts with one of these asks for something of its own ("…, turn the
# oven off"): done or not, a second ask is never dropped in silence.
_ASKS_FOR = {
    *("turn", "switch", "call", "text", "send", "play", "tell", "ask", "find", "check"),
    *("look", "show", "order", "book", "buy", "get", "open", "close", "lock", "put", "add"),
    *("set", "start", "stop", "cancel", "remind", "take", "make", "give", "read", "write"),
    *("email", "message", "ring", "phone", "clear", "delete", "remove", "keep", "leave"),
    *("don't", "change", "move", "forget", "remember", "note", "save", "wake"),
}
# Turning down what the command does: "we don't need it", "not that one", "no need".
_TURNS_DOWN = re.compile(
    r"\b(?:don't|do not|didn't|doesn't|not|never|no need|won't)\b.*"
    r"\b(?:it|that|them|this|those|one|need|want|bother|do|set|add|put|remind|cancel)\b"
    r"|^(?:no|nope|nah|not)\b"
)


def framed(said: str, read: Callable[[str], Command | None]) -> Command | None:
    """The command a sentence says inside its frame, or None (it is read as it stands).

    `said`: normalised with its sentences' ends as commas; `read`: the household's
    reading of a whole sentence (phrases.py)."""
    clauses = [kept for clause in said.split(" , ") if (kept := _without_fillers(clause))]
    found: list[tuple[int, int, Command]] = []
    for start in range(len(clauses)):
        before, asked = _opened(clauses[start])
        if before and not _frames(before, after_command=False):
            continue
        for end in range(len(clauses), start, -1):  # the longest run first
            if start == 0 and end == len(clauses) and not before and asked == clauses[0]:
                continue  # the sentence as it stands: read already
            command = read(" , ".join([asked, *clauses[start + 1 : end]]))
            if command is not None:
                found.append((start, end, command))
                break
    for start, end, command in sorted(found, key=lambda f: f[0] - f[1]):
        others = [*enumerate(clauses)]
        if all(
            start <= i < end or _frames_with(clause, i > start, command, read)
            for i, clause in others
        ):
            return command
    return None


def _without_fillers(clause: str) -> str:
    return " ".join(word for word in clause.split(" ") if word not in _FILLERS)


def _opened(clause: str) -> tuple[str, str]:
    """The words before an opener and the command after it: ("sorry to bother you", "set
    a timer for 25 minutes") for "sorry to bother you can you set a timer for 25
    minutes"; ("", clause) when it has no opener."""
    before, asked = "", clause
    for opener in _OPENER.finditer(clause):
        before, asked = clause[: opener.start()].strip(), clause[opener.end() :]
    asked = _LEADS_IN.sub("", asked)
    words = asked.split(" ")
    if words and words[0] in _GERUNDS:
        words[0] = _GERUNDS[words[0]]
    return before, " ".join(words)


def _frames_with(
    clause: str, after_command: bool, command: Command, read: Callable[[str], Command | None]
) -> bool:
    """Whether `clause` frames `command`: it says nothing to Hearth of its own, or says
    the same thing ("we're out of bin bags, stick them on the list")."""
    if adds_what_was_named(clause):
        return isinstance(command, AddItems)  # "them": the things the command names
    if not _frames(clause, after_command=after_command):
        return False
    said = read(clause)
    if isinstance(said, AddItems) and isinstance(command, AddItems):
        # "add bin bags, we've got none left": the things it needs, said again
        return set(said.items) <= set(command.items)
    return said is None or said == command


def _frames(clause: str, *, after_command: bool) -> bool:
    """Whether `clause`, said before or after a command, only frames it."""
    words = clause.split(" ")
    if all(word in _FRAME_WORDS for word in words):
        return True
    if len(words) == 1:
        return False  # one word, no greeting or thanks: a name ("Sam, add milk")
    if _POLITE.match(clause):
        return True
    if _ASKS.match(clause) or _HEDGES.search(clause) or words[0] in _ASKS_FOR:
        return False
    if after_command and any(
        word[0].isdigit() or number_at(words, i) is not None for i, word in enumerate(words)
    ):
        return False  # "add milk, 2 pints": a number after it may belong to it
    if not after_command and _SOMEONE_ELSE.search(clause):
        return False  # "my mum said, add milk to the list": her words, not an ask
    return not (after_command and _TURNS_DOWN.search(clause))
