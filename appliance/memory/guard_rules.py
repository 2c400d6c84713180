"""The guard's precise rules: what a rule is, and the vocabulary the families share.

Each family's rules live in their own module (`guard_access`, `guard_instructions`,
`guard_claims`, `guard_secrets`); `appliance.memory.guard` runs them in order. Each
rule reads one view of the normalised text (`appliance.memory.normalise`): `words`
(lower case, disguises off) for meaning, `plain` (case and digits kept) for secrets
and template markers, `squashed` (letters only) for the few phrases refused however
they are spaced. Patterns name Hearth's own parts and gates, so the same verbs about
the household's things pass: "remove the safety gate when Leo turns three" (a stair
gate), "give Sam full access to the car", "the oven is broken", "the wifi password
is on the fridge".

A rule may carry an `unless` pattern, read on the same view: where it matches, the
rule does not fire. It says the household reading out loud ("the electrician said
to ignore the old instructions on the fuse box") instead of bending the pattern.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

REASONS = {
    "access": "it tries to widen who can do what on the appliance, or to switch off a safeguard",
    "instruction": "it is an instruction aimed at the assistant, not a household fact",
    "device": "it is a claim about the appliance's own state, which the appliance reports itself",
    "secret": "it looks like a password, code or key; keep those in a password manager, "
    "not on the counter (saying where one is kept is fine)",
}
MARKER_REASON = "it contains chat-template markers aimed at the model"


@dataclass(frozen=True)
class Rule:
    category: str
    view: str  # "words", "plain" or "squashed"
    pattern: re.Pattern[str]
    reason: str
    unless: re.Pattern[str] | None = None  # where this matches too, the rule does not fire

    def fires(self, text: str) -> bool:
        if self.pattern.search(text) is None:
            return False
        return self.unless is None or self.unless.search(text) is None


def rule(
    category: str,
    pattern: str,
    view: str = "words",
    reason: str | None = None,
    *,
    unless: str | None = None,
) -> Rule:
    flags = re.IGNORECASE if view == "plain" else 0
    return Rule(
        category,
        view,
        re.compile(pattern, flags),
        reason or REASONS[category],
        re.compile(unless, flags) if unless else None,
    )


# -- the vocabulary the rules share ------------------------------------------

# Hearth itself, as a subject or an owner. "it" and "its" mean Hearth only when they
# open the text: in "our old car is great but it has no air conditioning" they are
# the car's.
SELF = (
    r"(?:hearth|this (?:appliance|device|unit|machine|assistant|gadget|box)|"
    r"the (?:appliance|device|assistant|unit)|you|^it)"
)
OWNER = (
    r"(?:your|^its|hearth'?s|this (?:appliance|device|unit)'?s|"
    r"the (?:appliance|device|assistant)'?s)"
)
# Parts only Hearth has in a kitchen; named bare ("the microphone", "the speaker") they
# mean Hearth's. "The kitchen speaker" or "the speaker in the bathroom" is another one.
OWN_PART = (
    r"(?:microphone|mic|e-?ink (?:screen|display|panel)|panel|buttons?|speaker|"
    r"screen|display|touch ?screen|volume|sd card|storage|"
    r"timers?(?: tool| function| feature)?|reminders?(?: tool)?|"
    r"shopping list(?: tool| feature)?|memory(?: tool)?|recall|note-?taker|"
    r"review queue|review step|inbox|timer tool|wake word|audit log|guard|"
    r"voice (?:input|recognition|control)|(?:web )?token(?: check)?|"
    r"network(?: connection)?|internet(?: connection)?|wi-?fi|lan|connection)"
)
# Any part, once owned by Hearth ("your speaker", "hearth's clock").
ANY_PART = r"(?:[a-z-]+ ){0,2}[a-z-]+"
# A part followed by "for/on/of/in ... X" belongs to X, unless X is Hearth.
ELSEWHERE = (
    r"(?!\s+(?:for|on|of|in|from|to|at|upstairs|downstairs)\s+"
    r"(?!(?:this|the) (?:appliance|device|unit)|hearth))"
)
# "the wifi is off from 10pm to 7am": a household's schedule, not a claim about the box.
SCHEDULED = (
    r"(?!,?\s+(?:from|between|until|till|after|before|at (?!the moment|present|the minute)|"
    r"during|on (?:school|week|sun|mon|tue|wed|thu|fri|sat)|every|each|overnight|"
    r"while|whenever|when|for (?:the night|dinner|homework|bedtime|an hour|two hours)|"
    r"in the (?:evening|night|morning)|by|once|twice|most)\b)"
)
BROKEN = (
    r"(?:disabled|deactivated|off|down|offline|broken|unavailable|not working|"
    r"turned off|switched off|disconnected|muted|deprecated|removed|gone|dead|"
    r"unplugged|out of order|deleted|wiped|erased|full|faulty|failing|"
    r"malfunctioning|not functioning|no longer (?:working|available)|"
    r"in (?:maintenance|safe|debug|test|offline|admin|developer|service) mode|"
    r"wrong|reset|hacked|compromised|blocked|failed|died|crashed|stopped|quit|"
    r"packed up|given up|frozen|bricked|broken down|not (?:connected|online|plugged in|"
    r"listening|recording|powered|on|responding|set up|configured|updated)|"
    r"out of (?:service|action)|unresponsive|kaput|bust|busted|knackered|playing up|"
    r"acting up|corrupted|inactive|suspended|paused)"
)
CANNOT = (
    r"(?:doesn'?t|does not|don'?t|do not|isn'?t|is not|aren'?t|are not|can'?t|"
    r"cannot|won'?t|will not|no longer|never|stopped|has stopped|have stopped|"
    r"(?:is|are|was|were) (?:un|not )able to|(?:isn'?t|aren'?t) able to|can no longer|"
    r"fails? to|failed to|refuses? to|won'?t be able to)"
)
ABILITY = (
    r"(?:work|working|function|functioning|run|running|exist|record|listen|hear|"
    r"connect|ring|fire|go off|sound|respond|save|store|remember|set|show|display|"
    r"update|reach|access|speak|work properly|refresh|light up|turn on|boot|start|"
    r"load|wake|beep|chime|play|draw|redraw|hear|listen|alarm|alert)(?:s|es)?"
)
IS = (
    r"(?:is|are|was|were|has been|have been|will be|got|gets|has|have|had|'s|'re)"
    r"(?: now| permanently| currently| still)?"
)

# Hearth's gates, named precisely: "the gate" alone is the stair gate.
