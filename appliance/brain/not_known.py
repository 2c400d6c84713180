"""The honest reply to a household question memory cannot answer: the question said back
as a clause ("I don't know whether the back door is locked…"), never a guess.

    not_known(classify("when is Kofi's birthday?"))
    # "I don't know Kofi's birthday yet. Tell me and I'll remember."
"""

from __future__ import annotations

import re

from appliance.brain.people import FAMILY
from appliance.brain.questions import (
    A_STATE_NOW,
    CONTRACTIONS,
    NO_LIFE,
    OWN_LIFE,
    PLACE_BEFORE,
    STATE_NOW,
    Question,
    asked_of_hearth,
)
from appliance.letters import LETTER, LOWER, UPPER
from appliance.memory.guard_heard import names_a_credential
from appliance.sentences import sentences

# -- the honest reply ----------------------------------------------------------------

# "did you leave the landing light on?", "did you lock the back door?": asked of Hearth,
# which touches nothing in the house and sees none of it.
NOT_IN_THE_HOUSE = (
    "I can't see that from here, and I don't switch, lock or move anything in the house "
    "myself, so I don't know."
)

_SPEAKER = {
    "my": "your",
    "our": "your",
    "ours": "yours",
    "mine": "yours",
    "we": "you",
    "i": "you",
    "me": "you",
    "us": "you",
    "we're": "you're",
    "i'm": "you're",
}
_WHERE_IS = re.compile(r"^(where|when|what|who|which)(?:'s| is| are| was)\s+(.+)$", re.IGNORECASE)
_WHERE_PUT = re.compile(
    r"^where (?:did|do|have) (?:we|i|you) (?:put|keep|leave|left|store)"
    r"\s+(.+)$",
    re.IGNORECASE,
)
_NAME_IS = re.compile(rf"^(what|who|when|where|which)\s+(is|was)\s+([{UPPER}][\w-]*)\s+(.+)$")
# A name last: with IGNORECASE "[A-Z]" also matches "the" ("whether the is dog in").
_YES_NO = re.compile(
    r"^(is|are|was|were|does|has|have|can|did)\s+(the \w+|my \w+|our \w+|your \w+|"
    rf"i|we|[{UPPER}][\w-]*)\s+(.+)$",
    re.IGNORECASE,
)
_THIRD = {"is": "is", "has": "has", "can": "can"}
# Said of "you" or "we", the verb agrees: "whether you are home".
_PLURAL = {"is": "are", "was": "were", "has": "have"}
_PAST = {
    "leave": "left",
    "put": "put",
    "shut": "shut",
    "let": "let",
    "feed": "fed",
    "bring": "brought",
    "take": "took",
    "get": "got",
    "go": "went",
    "do": "did",
    "make": "made",
    "give": "gave",
    "forget": "forgot",
    "pay": "paid",
    "send": "sent",
    "set": "set",
    "eat": "ate",
    "ring": "rang",
    "buy": "bought",
    "see": "saw",
    "tell": "told",
    "say": "said",
    "have": "had",
    "come": "came",
    "find": "found",
    "plug": "plugged",
    "unplug": "unplugged",
    "stop": "stopped",
    "drop": "dropped",
}
_WH_DO = re.compile(
    r"^(what time|how often|how|what|when|where|which \w+)\s+(do|does)\s+"
    rf"(the \w+|our \w+|my \w+|we|i|you|[{UPPER}][\w-]*)\s+(\w+)(.*)$",
    re.IGNORECASE,
)
_WHO = re.compile(r"^who\s+(has|is|does|can|knows|keeps)\s+(.+)$", re.IGNORECASE)
_WHO_ELSE = re.compile(r"^(who(?:'s|\u2019s|'ll|'d)?)\s+(.+)$", re.IGNORECASE)
_HOW_IS = re.compile(rf"^how\s+(\w+)\s+(is|are)\s+([{UPPER}][\w-]*|the \w+|our \w+|my \w+)$")


def _speaker_swap(text: str) -> str:
    return " ".join(_SPEAKER.get(w.lower(), w) for w in text.split())


_POSSESSED = re.compile(rf"\b({LETTER}[\w-]*['\u2019]s)\s+((?:[{LOWER}][\w-]*\s*){{1,3}})")


def _possessed(text: str) -> str | None:
    """'Kofi's birthday' from 'when is Kofi's birthday?'."""
    for match in _POSSESSED.finditer(text):
        owner = match.group(1)
        if owner[:-2].lower() in CONTRACTIONS:
            continue
        if not (owner[0].isupper() or owner[:-2].lower() in FAMILY):
            continue  # "a shepherd's pie" is a dish, as classify reads it
        before = text[: match.start()].split()[-1:]  # "Auntie" in "Auntie Efua's"
        if before and (before[0].lower() in FAMILY or before[0] in ("Mr", "Mrs", "Ms", "Dr")):
            owner = f"{before[0]} {owner}"
        words = []
        for word in match.group(2).split():
            if word.lower() in ("to", "for", "on", "in", "at", "is", "are", "and", "with"):
                break
            words.append(word)
        if words:
            return f"{owner} {' '.join(words)}"
    return None


def _verb_ed(verb: str) -> str:
    """'locked' from 'lock': "did Gareth lock the door" asks whether Gareth locked it."""
    lower = verb.lower()
    if lower in _PAST:
        return _PAST[lower]
    if lower.endswith("e"):
        return lower + "d"
    if lower.endswith("y") and lower[-2:-1] not in "aeiou":
        return lower[:-1] + "ied"
    return lower + "ed"


def _verb_s(verb: str) -> str:
    if verb == "have":
        return "has"
    if verb.endswith(("s", "sh", "ch", "x", "o")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


# Verbs a household question asks whether someone does: "…in the house have an allergy?"
_DONE_BY = frozenset(
    "have like eat need want take go know play drink keep use live work get mind come own "
    "speak drive walk sleep mean smoke cook swim ride".split()
)
# Said after "is" in the clause: "what your dog is called", "when the parcel is due".
_SAID_AFTER_IS = frozenset("called named due kept stored made done for about from like".split())


def _embedded(text: str) -> str | None:
    """The question as a clause: 'where the passports are', 'what Zanele is allergic to'."""
    if match := _WHERE_PUT.match(text):
        thing = _speaker_swap(match.group(1))
        return f"where {thing} {'are' if thing.endswith('s') else 'is'}"
    if match := _WH_DO.match(text):
        wh, verb, subject, first, rest = match.groups()
        if first.lower() in ("not", "never"):  # "what does ngozi not eat": "doesn't eat"
            said = "doesn't" if verb.lower() == "does" else f"{verb.lower()}n't"
            return f"{wh.lower()} {_speaker_swap(subject)} {said}{rest}"
        first = _verb_s(first) if verb.lower() == "does" else first
        return f"{wh.lower()} {_speaker_swap(subject)} {first}{rest}"
    if match := _WHO.match(text):
        return f"who {match.group(1).lower()} {_speaker_swap(match.group(2))}"
    if match := _WHO_ELSE.match(text):  # "who's coming for dinner on Sunday"
        return f"{match.group(1).lower()} {_speaker_swap(match.group(2))}"
    if match := _HOW_IS.match(text):
        how, verb, subject = match.groups()
        return f"how {how} {_speaker_swap(subject)} {verb}"
    if match := _NAME_IS.match(text):
        wh, verb, name, rest = match.groups()
        return f"{wh.lower()} {name} {verb} {rest}"
    if match := _YES_NO.match(text):
        verb, subject, rest = match.groups()
        subject = _speaker_swap(subject)
        if verb.lower() == "does":
            first, _, tail = rest.partition(" ")
            if first.lower() in PLACE_BEFORE:  # "does anyone in the house have…"
                words = rest.split()
                at = next((n for n, w in enumerate(words) if w.lower() in _DONE_BY), None)
                if at is None:
                    return None
                subject = f"{subject} {' '.join(words[:at])}"
                first, tail = words[at], " ".join(words[at + 1 :])
            return f"whether {subject} {_verb_s(first)} {tail}".rstrip()
        first = rest.split()[0].lower()
        if verb.lower() in ("is", "are", "was") and first == "here":
            subject, rest = f"{subject} here", rest.split(" ", 1)[1] if " " in rest else ""
        elif verb.lower() in ("is", "are", "was") and first in PLACE_BEFORE:
            # "is anybody in the family vegetarian" -> "whether anybody in the family is…"
            words = rest.split()
            size = 3 if len(words) > 3 and words[1].lower() in ("the", "this", "our", "my") else 2
            subject = f"{subject} {' '.join(words[:size])}"
            rest = " ".join(words[size:])
        if verb.lower() == "did":  # "whether Gareth took the bins out"
            first, _, tail = rest.partition(" ")
            return f"whether {subject} {_verb_ed(first)} {tail}".rstrip()
        verb = verb.lower()
        if subject.lower() in ("you", "we"):
            verb = _PLURAL.get(verb, verb)
        return f"whether {subject} {_THIRD.get(verb, verb)} {rest}"
    if match := _WHERE_IS.match(text):
        wh, rest = match.groups()
        rest = _speaker_swap(re.sub(r"\s+(?:again|now|then|exactly)$", "", rest))
        if rest.split()[0].lower() in ("the", "your"):
            verb = "are" if re.search(r"\b(are)\b", text, re.IGNORECASE) else "is"
            if " been " in f" {rest} ":  # "what the dog has been up to", never "…been up to is"
                head, _, tail = rest.partition(" been ")
                return f"{wh.lower()} {head} {'have' if verb == 'are' else 'has'} been {tail}"
            head, _, last = rest.rpartition(" ")
            if head and last.lower() in _SAID_AFTER_IS:  # "what your dog is called"
                return f"{wh.lower()} {head} {verb} {last}"
            return f"{wh.lower()} {rest} {verb}"
    return None


def _the_question(text: str) -> str:
    """The sentence that asks, of several: "Is it bad for dogs? It was a pork one" -> "Is it
    bad for dogs?" (the reply said both back, "…dogs? It was a pork one yet.")."""
    asking = [s for s in sentences(text) if s.rstrip().endswith("?")]
    return asking[0] if asking else text


# Asked for a password, code or PIN: memory never keeps one (the guard refuses it), so
# "Tell me and I'll remember" would invite what is then refused.
KEEPS_NO_SECRETS = "I don't keep passwords, codes or PINs, so I can't tell you that."


def not_known(question: Question, known: list[str] | None = None) -> str:
    """The fixed reply to a household question memory cannot answer, with what memory
    does hold about the same person or thing (verbatim), if anything."""
    if names_a_credential(question.text):
        return KEEPS_NO_SECRETS  # an outside trial's "what's the burglar alarm code?"
    text = _the_question(" ".join(question.text.split())).strip().rstrip("?.! ")
    text = re.sub(r"^(hey |ok |okay )?hearth[,:]?\s+", "", text, flags=re.IGNORECASE)
    text = re.sub(r"^(do you know|can you tell me|tell me)\s+", "", text, flags=re.IGNORECASE)
    if question.why == OWN_LIFE:
        return NO_LIFE
    if question.why == STATE_NOW:
        # A state changes: nothing to remember, so no "Tell me and I'll remember".
        said = A_STATE_NOW.match(text)
        if said is not None and asked_of_hearth(said):
            return NOT_IN_THE_HOUSE + (" What I do know: " + " ".join(known) if known else "")
        if said is not None and said.group("verb"):
            subject, verb = _speaker_swap(said.group("subject")), said.group("verb").lower()
            now = f"whether {subject} {verb} {text[said.start('state') :]}"
        else:  # "did I leave the iron on", its filler ("hang on,") left out
            now = _embedded(text[said.start("asked") :] if said else text) or "that"
        reply = f"I can't see that from here, so I don't know {_speaker_swap(now)}."
        return reply + (" What I do know: " + " ".join(known) if known else "")
    what = _possessed(text) or _embedded(text)
    if what is None:
        about = " or ".join(n for n in question.names) if question.names else ""
        what = f"that about {about}" if about else "that"
    # "has Tomasz texted Mum yet?" holds its own "yet" (a seventh trial's read "…yet yet")
    what = re.sub(r"\s+yet$", "", _speaker_swap(what))
    reply = f"I don't know {what} yet. Tell me and I'll remember."
    if known:
        reply += " What I do know: " + " ".join(known)
    return reply
