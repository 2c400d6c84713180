"""A command's words as a recogniser writes them, mended to what was said: "take the bread
off the least" is "… off the list", "Console the timer" is "cancel the timer".

Whisper hears a kitchen's commands through accents and noise, and some of its slips come
back again and again on the same few words: a British "list" written "least", "snooze"
written "smooth", "Hearth" written "ham", "mins" written "mince", a "timer" cut to "time".
Each slip is mended only where it stands (the word and the words around it), and the mended
sentence is read only when the sentence as heard is no command at all (phrases.parse), so
a mending can never turn one command into another: it can only let a command through that
the slip had stopped. What it may do wrong is read a sentence that was no command as one;
the splits of things said that are none (benchmarks/household_spoken.py, not_commands.py)
are how that is measured.
"""

from __future__ import annotations

import re

# How many, said or written, as a recogniser writes a count before a unit.
_COUNT = (
    r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|"
    r"twenty|thirty|forty|forty five|fifty|ninety|half an?)"
)
_UNIT = r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)"
# Words that begin a question or point at a thing, and times of day: never a timer's name
# ("what time is it", "bath time for ten minutes").
_NOT_A_NAME = (
    r"(?!(?:what|which|the|a|it's|its|that's|that|this|no|any|some|same|first|last|next|"
    r"every|one|dinner|tea|bed|bath|lunch|breakfast|play|screen|"
    # a recipe's own labels, "Prep time: 15 minutes", "Roasting time 2 hours", are read,
    # not set
    r"prep|cook|bake|total|rest|chill|active|setting|[a-z]+ing)\b)"
)

_SNOOZE = "smooth|snews|snues|snoos|snoose|snooz|snoozy"

# "Hearth" as a recogniser writes it, said first: a word it sounds like.
HEARTH_HEARD_AS = ("ham", "hard", "heart", "hearts", "hurt", "earth")

# (what the recogniser wrote, what was said): each on the lower-case words phrase_words
# makes, commas as " , ".
_SLIPS: tuple[tuple[re.Pattern[str], str], ...] = (
    # "Hearth" at the start as a word it sounds like ("Hard, time the turkey…", "ham set a
    # timer"); phrase_words already drops "hath" and "harth"
    (re.compile(rf"^(?:{'|'.join(HEARTH_HEARD_AS)}) (?:, )?"), ""),
    # the list, said in a British voice: "off the least", "to the lus", "the shop and list"
    # (not "lease": "add my partner to the lease" is a tenancy)
    (
        re.compile(r"\b(on|onto|to|off|from) the (shopping )?(?:least|lest|lus|lust)\b"),
        r"\1 the \2list",
    ),
    (re.compile(r"\bshop (?:and|in|an|on) (?:list|least)\b"), "shopping list"),
    # snooze at the start of what is said to a ringing timer or reminder
    (re.compile(rf"^(?:{_SNOOZE}) (?=it\b|the\b|for\b)|^(?:{_SNOOZE})$"), "snooze "),
    (re.compile(r"^console (?=the\b|my\b|that\b|it\b)"), "cancel "),
    # "Stop the yorkshires timer." heard as "Top the…" (a nineteenth trial's, three times: a
    # board card "Top the yorkshires timer." and the timer rang on); only before a timer
    (re.compile(r"^(?:top|stopped|stob) (?=(?:the|my) (?:[a-z']+ ){0,3}timer\b)"), "stop "),
    # "Cancel that." alone, its last word lost: "Cancel bat." (the neural voice), "Cancel
    # dirt." (espeak-ng's en-us), "console mat." (en-gb-scotland)
    (re.compile(r"^(?:cancel|console) (?:bat|mat|dat|pat|fat|dirt|debt)$"), "cancel that"),
    (re.compile(r"^give rid of\b"), "get rid of"),
    # "add" heard as "and": only before a length given to a timer ("And 2 minutes to the
    # egg timer"; "At ten minutes to six we eat" is a time of day)
    (
        re.compile(rf"^(?:and|at) (?={_COUNT} (?:more )?{_UNIT} (?:to|on|onto)\b.*\btimer\b)"),
        "add ",
    ),
    # "stick a timer on" as "Take a timer on", "Sticker timer on"
    (re.compile(r"^(?:take|tick|sticker|stick) (?:a )?timer on\b"), "stick a timer on"),
    # a named timer with its length, "timer" cut to "time": "Pasta time 11 minutes", "Egg
    # time for four minutes"
    (
        re.compile(rf"^{_NOT_A_NAME}([a-z]+) time (?:for |of |at )?(?={_COUNT} {_UNIT}$)"),
        r"\1 timer for ",
    ),
    (re.compile(rf"^(cancel|stop|scrap) the {_NOT_A_NAME}([a-z]+) time$"), r"\1 the \2 timer"),
    # "mins" as a word it sounds like, after a count in a sentence about a timer
    (
        re.compile(rf"\b({_COUNT}) (?:mince|men's|mens|mints|min's)(?=(?: .*)?\btimer\b|$)"),
        r"\1 mins",
    ),
    # "2 tins of tomatoes" as "2 tens of tomatoes": "tens of" after a count is never said
    (re.compile(rf"\b({_COUNT}) tens of\b"), r"\1 tins of"),
    (re.compile(r"^what times it$"), "what time's it"),
)


def mended(said: str) -> str:
    """`said` (phrase_words.normalise's words) with each known slip put back as said."""
    for slip, meant in _SLIPS:
        said = slip.sub(meant, said)
    return " ".join(said.split())
