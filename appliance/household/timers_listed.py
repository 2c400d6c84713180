"""Timers asked for in a cook's run of words: several at once, each with its dish, or one
for a dish named in a remark before it.

    "timers for all three: roasties 50 mins, pigs in blankets 30, yorkshires 20"
        -> three timers (a bare number after a length is minutes, as a cook says it)
    "lasagne's in, it needs 1 hr 10 mins, can you time it"   -> SetTimer("lasagne", 4200)
    "chicken breasts on the griddle, 6 mins each side, set one timer for the total"
        -> SetTimer("chicken breasts", 720)
    "please keep a timer of 20 minutes for the dal and one of 12 minutes for the rice"

Read only where the whole sentence fits: a word that asks for a timer ("timer", "time
it"), every length with a dish or, for one length, none; nothing asked ("how long…"),
no list or reminder. Anything else stays as the other rules left it (phrases.parse tries
this last), so it never turns a sentence that was read another way into a timer. A
held-out split of the daily loop (benchmarks/daily_loop.py) had each of these go to the
model or be taken for a remark.
"""

from __future__ import annotations

import re

from appliance.household import spoken
from appliance.household.phrase_words import normalise
from appliance.household.requests import AskSetTimer, Both, Command, SetTimer

# Asked for, at the start of a clause: a verb that sets a timer ("put a timer on for the
# spuds", "please keep a timer of 20 minutes"), a length's timer alone ("noodles 3 min
# timer", "25 min timer for them"), "timers" first ("timers pls: rice 15 mins…", "timers for
# all three…") or "time it" ("…, can you time it")
_ASKING = (
    r"(?:(?:please|pls|just|right|ok|so|and|can you|could you|will you|would you|"
    r"be a (?:dear|love|star|pet) and|kindly) )*"
)
_CUE = re.compile(
    rf"(?:^|, ){_ASKING}(?:set|put|start|keep|give|stick|pop|do|make|get|chuck|bung)"
    r"(?: me| us)?(?: up| on)?(?: (?:a|an|another|one|two|three|four|the|some|timers))?"
    r"(?: \w+)?(?: (?:min|mins|minute|minutes))? timers?\b"
    r"|(?:^|, )(?:[a-z']+ ){0,3}\d+ ?(?:min|mins|minute|minutes) timer"
    r"(?: for (?:it|them|the [a-z]+))?(?: please| pls)?(?: ,|$)"
    r"|(?:^|, )timers?(?: pls| please)?(?: for\b| ,)"
    rf"|(?:^|, ){_ASKING}time (?:it|them|that|both)(?: please| pls| for me)?(?: ,|$)"
)
# Said of a timer, or to someone else, never asked of Hearth: "I set a timer for 10 minutes
# … but forgot", "your ten minute timer is running", "the 5 minute timer on this oven is so
# loud", "…in case", "…instead", "…tomorrow"
_NOT_ASKED_FOR = re.compile(
    r"\b(?:i|we|you|he|she|they) (?:set|put|started|had|forgot)\b|\byour\b|\bbut\b|"
    r"\b(?:in case|instead|tomorrow|tonight|later|and then|is running|on this|so loud|"
    r"went off|forgot|did|didn't|no|not|don't|never|cancel|scrap|done)\b"
)
_ABOUT_A_TIMER = re.compile(
    r"\b(?:the|that|this|my|our) timers? (?:is|was|were|are|said|says|went|goes|has|had|"
    r"keeps|kept|didn't|did|won't|doesn't|isn't|wasn't|broke|rang|beeped)\b"
)
# A clause said first that names whom it is said to: "Mum, can you…", "Olly, set…"
_TO_SOMEONE = re.compile(
    r"^(?:[A-Z][a-z]+|mum|mam|mom|dad|nan|nana|gran|granny|grandad|grandpa|love|hun)\s*,"
)
# Asked, not asked for (a request said as a question, "can you time it", is asked for)
_ASKED = re.compile(
    r"(?:^|, )(?:how|what|which|when|where|why|is|are|do|does|did|should|shall)\b|"
    r"\b(?:how long|how many|left on|remind|list|shopping)\b"
)
# A length spent on each side: one side's, unless the total is asked for
_EACH_SIDE = re.compile(r"^(?:each|a|per|on each) side\b|^each\b")
_TOTAL = re.compile(r"\b(?:total|altogether|both sides|in all)\b")
# What a dish's clause says besides the dish: "lasagne's in", "chicken breasts on the
# griddle", "halloumi's going on", "it needs", "put a timer on for the spuds"
_PLACE = re.compile(
    r"(?:'s| is| are)?(?: going| gone| just)?(?: (?:in|on|into|under|back in|back on))"
    r"(?: (?:the|a) (?:oven|griddle|grill|pan|hob|air fryer|fryer|slow cooker|pot|tray|"
    r"barbecue|bbq|microwave|steamer|frying pan|wok))?$"
)
_TIMER_FOR = re.compile(r"\btimers? (?:on |going )?(?:for|of) (?:all \w+ |both )?")
_LEADS = frozenset(
    """right ok okay so and then also please pls just can could would will you me us
    set put start keep give stick pop do make get a an another one the my our for of
    timer timers time on going need needs needed it's its it them they this that those
    these all both two three four five i we'll i'll let's lets be dear love""".split()
)
_PRONOUNS = frozenset("it them they this that those these one".split())
# Words no dish's name holds: the sentence says something else of a timer ("i bought a
# new 60 minute timer", "the kids have 20 minutes")
_NOT_A_DISH = frozenset(
    """i we you he she have has had got bought buy was were is are said says new old
    broken kids""".split()
)


class _NotATimer(Exception):
    """The words before or after a length say something else than a dish."""


_MOST_WORDS = 4  # a dish in more words than this is a sentence, not a name


def _dish(words: list[str]) -> str | None:
    """The dish `words` name, or None: "for the dal" -> "dal", "lasagne's in" -> "lasagne",
    "it needs" -> None (a pronoun is no dish)."""
    said = " ".join(words)
    if (timer_for := _TIMER_FOR.search(said)) is not None:
        said = said[timer_for.end() :]
    said = _PLACE.sub("", said).removesuffix("'s")
    kept = said.split()
    while kept and kept[0] in _LEADS:
        kept.pop(0)
    while kept and kept[-1] in _LEADS:
        kept.pop()
    if any(word in _NOT_A_DISH for word in kept):
        raise _NotATimer
    if not kept or len(kept) > _MOST_WORDS or any(word in _PRONOUNS for word in kept):
        return None
    if any(spoken.number_at(kept, i) is not None or spoken.is_unit(w) for i, w in enumerate(kept)):
        return None
    return " ".join(w.removesuffix("'s") for w in kept)


def _lengths(tokens: list[str], total: bool) -> list[spoken.Span[float]]:
    """Each length said, in order; a bare number after the first is minutes ("…, 30"); a
    length spent on each side is one side's, or both's where the `total` is asked for."""
    found: list[spoken.Span[float]] = []
    i = 0
    while i < len(tokens):
        span = spoken.duration_at(tokens, i)
        if span is None and found and (bare := spoken.number_at(tokens, i)) is not None:
            value, end = bare
            follows = tokens[end] if end < len(tokens) else ","
            if follows in (",", "and") and 0 < value <= 120:
                span = spoken.Span(value * 60.0, i, end)
        if span is None:
            i += 1
            continue
        side = _EACH_SIDE.match(" ".join(tokens[span.end :]))
        if side is not None:
            span = spoken.Span(span.value * (2 if total else 1), span.start, span.end)
        found.append(span)
        i = span.end + (len(side.group().split()) if side is not None else 0)
    return found


def timers_listed(text: str) -> Command | None:
    """The timers `text` asks for, as SetTimer or Both of them, else None."""
    said = normalise(text.replace(":", ","), sentences=True)
    if (
        not _CUE.search(said)
        or _ASKED.search(said)
        or _ABOUT_A_TIMER.search(said)
        or _NOT_ASKED_FOR.search(said)
        or _TO_SOMEONE.match(text.strip())
        or ("?" in text and not re.match(r"(?:can|could|would|will) (?:you|u|ya)\b", said))
    ):
        return None
    tokens = [t for t in said.split(" ") if t]
    total = _TOTAL.search(said) is not None
    if " each side" in f" {said}" and not total and not re.search(r"\b(?:first|one) side\b", said):
        return None  # each side, and for how long in all not said: the other rules ask
    lengths = _lengths(tokens, total)
    if not lengths or _in_doubt(tokens, lengths):
        return None
    try:
        named = _dishes(tokens, lengths)
    except _NotATimer:
        return None
    if len(lengths) > 1 and None in named:
        return None  # several timers, one without its dish: not sure which is which
    command: Command | None = None
    for dish, span in reversed(list(zip(named, lengths, strict=True))):
        timer = SetTimer(dish, float(span.value))
        command = timer if command is None else Both(timer, command)
    return command


def _in_doubt(tokens: list[str], lengths: list[spoken.Span[float]]) -> bool:
    """A number said just before a length, no part of it ("4, 5 minutes", "4 or 5
    minutes": which one?), or after the first length ("an hour and 2 eggs")."""
    spans = {i for span in lengths for i in range(span.start, span.end)}
    return any(
        i not in spans
        and tokens[i] != "one"  # "another one for the carrots": no number
        and tokens[i - 1 : i] != ["all"]  # "timers for all three: …": how many, no length
        and spoken.number_at(tokens, i) is not None
        and (tokens[i + 1 : i + 2] in ([","], ["or"]) or i > lengths[0].start)
        for i in range(len(tokens))
    )


def _dishes(tokens: list[str], lengths: list[spoken.Span[float]]) -> list[str | None]:
    """Each length's dish: said before it in its clause ("noodles 3 min timer"), after it
    ("…20 minutes for the dal"), or in a clause before ("lasagne's in, it needs…")."""
    named: list[str | None] = []
    for n, span in enumerate(lengths):
        region = tokens[lengths[n - 1].end if n else 0 : span.start]
        if n and "and" in region:  # "…for the dal and one of 12 minutes": the dal was the last's
            region = region[len(region) - region[::-1].index("and") :]
        parts = " ".join(region).split(",")
        after = _after(tokens, span.end, lengths[n + 1].start if n + 1 < len(lengths) else None)
        dish = _dish(parts[-1].split()) or (_dish(after) if after[:1] == ["for"] else None)
        for part in reversed(parts[:-1]):  # "lasagne's in, it needs 1 hr 10 mins"
            dish = dish or _dish(part.split())
        named.append(dish)
    return named


def _after(tokens: list[str], start: int, stop: int | None) -> list[str]:
    """The words after a length, to the next comma, "and" or length."""
    words: list[str] = []
    for token in tokens[start:stop]:
        if token in (",", "and"):
            break
        words.append(token)
    return words


def offered_timer(text: str) -> AskSetTimer | None:
    """ "5 minutes", "an hour and a half", the whole message and nothing else: asked
    whether to set a timer that long (never set unasked)."""
    said = normalise(text).split(" ")
    span = spoken.duration_in(said)
    if span is None or (span.start, span.end) != (0, len(said)) or not 0 < span.value <= _A_DAY:
        return None
    return AskSetTimer(float(span.value))


_A_DAY = 24 * 3600
