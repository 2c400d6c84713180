"""A change to a live fact, asked for in a conversation: proposed, never made.

"forget …", "that's wrong, …" and a statement that ends what a live fact says ("Isla grew
out of her sesame allergy", with "Isla is allergic to sesame" live) each put a retract or
supersede proposal on the board: a person decides at the panel or with `hearth review`.
A conversation never changes a live fact by itself; a wrong guess of which fact was meant
costs a Discard, never a fact.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from appliance.errors import HearthError
from appliance.memory import AlreadyKnown, AlreadyWaiting, Fact, Memory, Proposal
from appliance.memory.contrast import Marks
from appliance.memory.restated import keys_of, same_key
from appliance.memory.text import fingerprint
from appliance.memory.text import tokens as content_words
from appliance.memory.wordings import other_wordings

REVIEWED = "A person will review it on the panel or with `hearth review list`."


@dataclass(frozen=True)
class Correction:
    """What was asked, and what Hearth says of it."""

    said: str
    proposal: str | None  # the proposal's id, or None when none was written


def propose(memory: Memory, thread: str, target: Fact, replacement: str = "") -> Correction:
    """A retract of `target`, or a supersede by `replacement` when it says something new."""
    new_words = replacement and content_words(replacement) != content_words(target.text)
    kind = "supersede" if new_words else "retract"
    said = replacement if kind == "supersede" else f"Asked in chat to forget: {target.text}"
    try:
        proposal = memory.propose(
            said,
            target.type,
            0.9,
            origin="chat",
            conversation=thread,
            kind=kind,
            target=target.id,
            actor="chat",
            # a person's own asking: a correction they discarded before is proposed again,
            # its card marked (promise 2 is that nothing comes back on its own)
            asked_again=True,
        )
    except AlreadyWaiting:
        return Correction(
            f'A correction of "{target.text.rstrip(".")}" is already waiting for review; '
            "a person will look at it on the panel or with `hearth review list`.",
            None,
        )
    except AlreadyKnown as exc:
        # "you discarded this correction on …": never "already waiting" with none there (an
        # outside trial's board was empty after the Discard)
        return Correction(f"I haven't asked again: {exc}.", None)
    except HearthError as exc:
        return Correction(f"I can't propose that correction: {exc}.", None)
    old, new = target.text.rstrip("."), replacement.rstrip(".")
    change = f'replace "{old}" with "{new}"' if kind == "supersede" else f'forget "{old}"'
    said_no = memory.said_no_before(proposal)
    refused = f" Note: {said_no}, and the card says so." if said_no else ""
    return Correction(
        f"I can't change memory from a conversation, so I've asked to {change}.{refused} "
        f"{REVIEWED}",
        proposal.id,
    )


def restates(fact: Fact, target: Fact) -> bool:
    """Whether a live fact says what `target` says, in other words (`same_key`)."""
    if fact.id == target.id:
        return False
    # a diet or health fact in its other wording: "Declan has a shellfish allergy" says
    # "Declan is allergic to shellfish" (a ninth trial's forget left it to be recalled)
    told = fingerprint(target.text)
    if any(fingerprint(other) == told for other in other_wordings(fact.text)):
        return True
    mine, theirs = Marks.of(fact.text), Marks.of(target.text)
    return same_key(mine, keys_of(fact.text, mine), theirs, keys_of(target.text, theirs), fact.text)


def also_forgotten(memory: Memory, thread: str, target: Fact, live: Iterable[Fact]) -> str:
    """A retract proposal for each live fact that restates `target`, and the sentence that
    says so ("" for none): forgetting one never leaves the same said otherwise."""
    asked = [
        f"“{fact.text}”"
        for fact in live
        if restates(fact, target) and propose(memory, thread, fact).proposal is not None
    ]
    if not asked:
        return ""
    said = asked[0] if len(asked) == 1 else ", ".join(asked[:-1]) + " and " + asked[-1]
    return f" The same is said in {said}: I've asked to forget it too."


# A statement that something a fact says is over: "Isla grew out of her sesame allergy",
# "Dad no longer takes warfarin", "Sam isn't vegetarian any more", "Leo stopped going to
# football", "Nan used to live in Leeds". (A seventh trial's "remember that Isla grew out
# of her sesame allergy" went live beside the allergy, and recall said both.)
_ENDS = re.compile(
    r"\b(?:grew|grown|growing) out of\b|\bout(?:grew|grown)\b|\bno longer\b"
    r"|(?<!\bis )(?<!\bare )(?<!\bam )(?<!'s )(?<!\bget )(?<!\bgot )\bused to\b"  # not "is used to"
    r"|\b(?:stopped|gave up|given up|quit|moved out|passed away|died)\b"
    r"|(?:\bnot|\bnever|n't)\b[^.;,]{0,60}\b(?:any ?more|any longer)\b"
    r"|\b(?:isn't|aren't|doesn't|don't|is not|are not|does not|do not)\b[^.;,]{0,60}\bnow\b",
    re.IGNORECASE,
)
# The clause that says it ended, and not one said after "since" or "because" ("Sam has been
# vegetarian since he stopped eating meat"), nor of an old one ("the old spare key doesn't
# work now"): a review found each put a true fact up for removal.
_CLAUSE = re.compile(r"\s*(?:[,;]|\band\b|\bbut\b)\s*", re.IGNORECASE)
_SAID_AS_A_REASON = re.compile(
    r"\b(?:since|because|after|when|as|until|till|old|previous|former)\b", re.IGNORECASE
)
# The words that say it ended are not what it is about.
_ENDING_KEYS = frozenset(
    keys_of("grew grown growing outgrew outgrown longer used stopped gave given quit moved died")
)


def ends(text: str) -> bool:
    """Whether a statement says that something is over."""
    return _ENDS.search(text) is not None


def ended(text: str, live: Iterable[Fact]) -> Fact | None:
    """The live fact a statement that something is over ends: the clause that says so, of
    the same people, about at least half of what the fact is about ("sesame" of
    "allergic", "sesame"), the fact itself no such statement. None when nothing ended."""
    said = [c for c in _CLAUSE.split(text) if ends(c) and not _SAID_AS_A_REASON.search(c)]
    if len(said) != 1:
        return None  # none, or two things over at once: a person says which
    mine = Marks.of(said[0])
    about = set(keys_of(said[0], mine)) - _ENDING_KEYS
    for fact in live:
        if fact.text == text or ends(fact.text):
            continue
        theirs = Marks.of(fact.text)
        their_keys = set(keys_of(fact.text, theirs))
        shared = about & their_keys
        if set(theirs.names) == set(mine.names) and shared and 2 * len(shared) >= len(their_keys):
            return fact
    return None


# A fact of one person or thing that says two things of it: "Priya is vegetarian and
# allergic to shellfish."
_SAID_OF = re.compile(
    r"^(?P<subject>.+?\b(?:is|are|was|were|has|have|can't|cannot|can not|doesn't|does not|"
    r"likes|loves|hates|eats|takes|needs)\b)\s+(?P<said>.+?)\s*\.?$",
    re.IGNORECASE,
)
_AND = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)
_LEAD = re.compile(r"^[\w'-]+\s+(?:to|of|with|about|on|from)\s+", re.IGNORECASE)
# A part that says something of its own, never a thing the lead is said of (a review's card
# read "Sam is allergic to hates broccoli.")
_SAYS_OF_ITSELF = frozenset(
    "is are was has have had hates likes loves works lives eats takes needs wants can can't "
    "cannot doesn't does did won't will married vegetarian vegan allergic intolerant diabetic "
    "coeliac pregnant goes plays keeps owns drives not also "
    # "Jack is allergic to peanuts and carries an EpiPen": a twentieth trial's "forget that
    # Jack is allergic to peanuts" had carded "Jack is allergic to carries an EpiPen."
    "carries uses wears sees visits drinks gets gives brings sleeps stays".split()
)


_OWN_SUBJECT = re.compile(
    r"^(?:she|he|it|they)(?P<verb>'s| is|'re| are| has| have) ", re.IGNORECASE
)


_VERBS = {"'s": "is", "is": "is", "'re": "are", "are": "are", "has": "has", "have": "have"}


def what_stays(fact: str, forgotten: str) -> str | None:
    """What a fact still says when one of the things it says is asked forgotten: "Priya is
    vegetarian." of "Priya is vegetarian and allergic to shellfish." asked "forget that
    priya is allergic to shellfish" (a thirteenth trial's retracted the whole, and her
    "remember that priya is vegetarian" was then refused as retracted). None when the whole
    is asked forgotten, or the fact says one thing."""
    said = _SAID_OF.match(fact)
    if said is None:
        return None
    # "…called Bara, she's a whippet": a part with its own "she's" says it of the subject
    # (a card read "The dog is she's a whippet.", an eighteenth trial's)
    verb = said["subject"].split()[-1].lower()
    parts = []
    for part in (p for p in _AND.split(said["said"]) if p):
        if (own := _OWN_SUBJECT.match(part)) is not None:
            if _VERBS.get(own["verb"].strip().lower()) != verb:
                return None  # "…is called Bara, she has a collar": forgotten whole
            part = part[own.end() :]
        parts.append(part)
    if len(parts) < 2:
        return None
    # "allergic to peanuts and tree nuts": what the first says them of goes with each (a
    # review's card read "Sam is tree nuts.")
    if (lead := _LEAD.match(parts[0])) is not None:
        if any(p.split()[0].lower() in _SAYS_OF_ITSELF for p in parts[1:]):
            return None  # "…allergic to peanuts and hates broccoli": forgotten whole, as ever
        parts = [parts[0], *(p if _LEAD.match(p) else lead.group() + p for p in parts[1:])]
    asked = set(content_words(forgotten))
    gone = [p for p in parts if (words := set(content_words(p))) and words <= asked]
    stays = [p for p in parts if p not in gone]
    if not gone or not stays:
        return None
    return f"{said['subject']} {' and '.join(stays)}."


# "no wait, thursday not tuesday", "sorry, 10.30 not 10": one word or two put right, said
# alone after a fact was kept or read
_THIS_NOT_THAT = re.compile(
    r"^\W*(?:(?:no|wait|sorry|oops|oh|actually|i mean|hang on)\W+)*(?:it'?s\s+|its\s+)?"
    r"(?P<new>[\w:.']+(?:\s[\w:.']+)?),?\s+not\s+(?:on\s+|at\s+)?(?P<old>[\w:.']+(?:\s[\w:.']+)?)"
    r"[\s.!]*$",
    re.IGNORECASE,
)


def swapped(said: str, facts: Iterable[Fact]) -> str | None:
    """A fact just kept or read, with one word or two put right: "Aoife's midwife appt is
    thursday at 10am." of "…is tuesday at 10am." and "no wait, thursday not tuesday" (a
    thirteenth trial's got "Sorry, I didn't understand that"). Only where exactly one of
    `facts` holds the words taken back; None otherwise."""
    found = _THIS_NOT_THAT.match(said)
    if found is None:
        return None
    old = re.compile(rf"\b{re.escape(found['old'])}\b", re.IGNORECASE)
    holding = [fact for fact in facts if old.search(fact.text)]
    if len(holding) != 1:
        return None
    return old.sub(found["new"], holding[0].text, count=1)


# Said of the fact put right by a pronoun: "that's wrong, it's on Thursday at 7"
_BY_A_PRONOUN = re.compile(
    r"^(?:it's|it is|its|that's|that is|thats|they're|they are|theyre|she's|she is|shes|"
    r"he's|he is)\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
_SUBJECT = re.compile(r"^(?P<subject>.+?)\s+(?P<verb>is|are|was|were)\b", re.IGNORECASE)


def with_its_subject(target: str, replacement: str) -> str:
    """A replacement said by a pronoun, with the subject of the fact it replaces: "It's on
    Thursday at 7." for "Lina's school concert is on Wednesday at 7." is "Lina's school
    concert is on Thursday at 7." (a sixteenth trial's was kept as "It's on Thursday at 7.",
    and "when is linas concert" then got "I don't know"). As said, where either has no such
    shape."""
    said, whose = _BY_A_PRONOUN.match(replacement), _SUBJECT.match(target)
    if said is None or whose is None or len(whose["subject"].split()) > 6:
        return replacement
    return f"{whose['subject']} {whose['verb']} {said['rest']}"


def forgotten_one(said: str, facts: Iterable[Fact], names: Iterable[str]) -> Fact | None:
    """The fact "forget that `said`" names: of `facts` (recall's), the one sharing most of
    what `said` is about beyond the people in it, and at least two such words, or all of them
    where it says only one. A person in common is not enough: "forget that Nani's proper
    name is Rokeya Begum" had asked to forget "Nani keeps halal and doesn't eat pork or
    gelatine" (an eighteenth trial's), which a Keep would have lost."""
    about = _about(said, names)
    if not about:
        return None
    found = list(facts)
    best, shared = None, 0
    for fact in found:
        common = len(about & _about(fact.text, names))
        if common > shared:
            best, shared = fact, common
    # one word in common is enough for recall's first ("magda cancelled her trip, forget
    # about her visit" is "Magda is visiting on the 19th"), never for one further down
    if shared >= 2 or (shared == 1 and found and best is found[0]):
        return best
    return None


def waiting_one(said: str, proposals: Iterable[Proposal], names: Iterable[str]) -> Proposal | None:
    """The card on the board "forget that `said`" names, where it is still waiting: its
    words, or every word of what it is about."""
    about = _about(said, names)
    for proposal in proposals:
        theirs = _about(proposal.text, names)
        if fingerprint(proposal.text) == fingerprint(said) or (about and about <= theirs):
            return proposal
    return None


def _about(text: str, names: Iterable[str]) -> set[str]:
    """The words a statement is about, less the people it names, each without its ending
    ("visiting" is "visit")."""
    people = {name.lower() for name in names}
    return {_stem(word) for word in content_words(text) if word not in people}


def _stem(word: str) -> str:
    for ending in ("ing", "ed", "es", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word
