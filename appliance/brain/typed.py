"""Words typed without their apostrophe, read as the words they are.

A fifth outside trial typed "wheres the spare key" and got the model's "The spare key is
located at the back door of the house." (it is under the blue plant pot), and "whos coming
on tuesday" got "Alejandro.": without the apostrophe no rule read them as questions about
the house. Only spellings that are no other word are restored ("its", "ill", "were", "wed"
and "lets" are words of their own and stay as typed).
"""

from __future__ import annotations

import re

from appliance.apostrophes import APOSTROPHES, BIRTHDAY_SHORT
from appliance.brain.people import ONLY_OF_SOMEONE, TITLED, a_name_typed_lower, only_of_someone
from appliance.english import english_words
from appliance.given_names import given_names
from appliance.letters import LETTER, LOWER

_RESTORED = {
    **APOSTROPHES,
    # as texted: "wat time is soccer practise" (a held-out split's went to the model)
    "wat": "what",
    "wot": "what",
    "wats": "what's",
    "wots": "what's",
    # "wen is my concert" (a sixteenth trial's was kept as a fact); "wen" is no other word
    "wen": "when",
    "wens": "when's",
    "wher": "where",
    "whr": "where",
    "hw": "how",
    # Scots: "whit's hamish's phone number", "whit does she tak in her tea" (a held-out
    # split's each got the model)
    "whit": "what",
    "whits": "what's",
    "tak": "take",
    # "oh and remmber Ollie is allergic to strawberries" (a held-out split's fact was kept
    # as "Remmber Ollie is…")
    **dict.fromkeys(("remmber", "rember", "remeber", "rememeber", "remembr"), "remember"),
}
# "im" before a capital is German ("im Mai"), which the guard's corpus holds
_TYPED = re.compile(
    r"\b(" + "|".join(_RESTORED) + r")\b(?<!\bim)|\bim\b(?!\s+(?-i:[A-ZÄÖÜ]))", re.IGNORECASE
)


_OWNER = re.compile(rf"\b({LETTER}[{LOWER}]+)s\b")
# What a name's own comes after, in a question: "when is …", "what time is …", "where's …"
_OWNER_ASKED = re.compile(
    r"(?:^|\s)(?:when|what time|what day|where|what|who)(?:'s|\s+is|\s+was)\s+$", re.IGNORECASE
)
# What is theirs follows: never "… for tobis?", nor how something is ("when are
# quesadillas ready")
_OWNED = re.compile(
    r" (?!(?:ready|done|cooked|on|off|in|out|back|due|open|closed|here|there|coming|going|"
    r"finished|safe|ok|okay|good|fresh|still|at|for|from|to|and|or|with|now|today|tonight|"
    rf"tomorrow|this|next)\b){LETTER}"
)


def with_apostrophes(text: str, known: frozenset[str] = frozenset()) -> str:
    """The text with each apostrophe-less spelling restored ("wheres" -> "where's"), a
    name memory holds made its owner's ("whens maureens bday" -> "when's Maureen's
    birthday"), and "bday" written whole."""

    def restored(said: re.Match[str]) -> str:
        word = _RESTORED[said.group().lower()]
        return word[:1].upper() + word[1:] if said.group()[:1].isupper() else word

    def owner(said: re.Match[str]) -> str:
        name = said.group(1)
        if said.group().lower() in known:
            return said.group()  # a name of its own: "Ines", "Kostas" (a review's: "Ine's")
        asked_of = _OWNER_ASKED.search(text, 0, said.start()) and _OWNED.match(text, said.end())
        if name.lower() in known and not (
            # a pet called by a word ("Biscuit", "Pudding"): "rich tea biscuits", "dry
            # biscuits at night" are the word's plural, its own only where asked of ("when
            # is biscuits vet", a nineteenth trial's list got "Rich Tea biscuit's")
            name[:1].islower() and name.lower() not in given_names() and not asked_of
        ):
            return f"{name}'s"
        # a name memory does not hold yet, asked of with what is theirs right after "when
        # is", "what time is"…: "when is tobis swimming" (a held-out split's went to the
        # model); never a plural elsewhere ("how long do lentils take", "add samosas")
        if asked_of and _a_name_owning(said.group().lower()):
            return f"{name[:1].upper()}{name[1:]}'s"
        return said.group()

    def capital(said: re.Match[str]) -> str:
        word = said["word"]
        # only a name a message starts with and says something of ("ify has…", "sam is
        # allergic to nuts"): never "add fudge to the list" with Fudge the dog (a review's
        # list got "Fudge"), nor "will", "may", "rose" as words
        only = ONLY_OF_SOMEONE.match(said.string, said.end("word"))
        if only is not None and only_of_someone(word, only):
            return word[:1].upper() + word[1:]  # "mark hates mushrooms": only a person does
        if not _SAID_OF_SOMEONE.match(said.string, said.end("word")):
            return word
        if word in known or a_name_typed_lower(word):
            return word[:1].upper() + word[1:]
        return word

    restored_text = BIRTHDAY_SHORT.sub("birthday", _OWNER.sub(owner, _TYPED.sub(restored, text)))
    # a name memory holds, typed in lower case on a phone: "ify has a dentist appointment
    # on friday at 3" (an eleventh trial's went to the model, and nothing was carded)
    # ...and where a sentence starts, after a word said first ("hi its priya. tomasz keeps
    # the spare key…", "also ruaridh owes me 40 quid": a thirteenth trial's went to the model)
    named = _OPENS.sub(lambda m: m["lead"] + capital(m), restored_text)
    # a title and a name ("mr kerr has a spare set of keys", a thirteenth trial's)
    return _TITLED.sub(_titled, named)


def _a_name_owning(word: str) -> bool:
    """ "tobis", "sams": a name typed lower case with its "s", the whole no English word."""
    return word not in english_words() and a_name_typed_lower(word[:-1])


_SAID_OF_SOMEONE = re.compile(
    # "ify's dentist is on Tuesday at 4" (a second review's went to the model)
    r"(?:'s(?:\s+[a-z]+){0,2}?)?\s+(?:is|isn't|was|has|hasn't|had|gets|got|needs|likes|loves|hates|can|can't|"
    r"cannot|doesn't|does|did|didn't|will|won't|eats|takes|goes|lives|works|starts|are|start|"
    r"begin|begins|end|ends|finish|finishes|"
    # what a household says someone did or does: "tomasz moved out on saturday", "ruaridh
    # owes me 40 quid", "tomasz keeps the spare key…" (a thirteenth trial's, each lost)
    r"moved|moves|keeps|kept|owes|owed|left|leaves|went|came|comes|started|stopped|bought|"
    r"wants|knows|drives|stays|stayed|visits|visited|uses|prefers|cooks|cleans|feeds|walks|"
    r"picks|brings|plays|sleeps|does|said|says|lost|found|broke|fixed)\b"
)


def _titled(said: re.Match[str]) -> str:
    if not _SAID_OF_SOMEONE.match(said.string, said.end()):
        return said.group()
    title, name = said["title"], said["name"]
    return f"{said['lead']}{title[:1].upper()}{title[1:]} {name[:1].upper()}{name[1:]}"


# Where a sentence starts, after a word said first: "tomasz …", "hi. tomasz …", "also …"
_LEAD = r"(?P<lead>(?:^|[.!?]\s+)(?:(?:also|and|oh|btw|fyi|plus|ps|so|ok|okay)\s+)?)"
_TITLED = re.compile(_LEAD + TITLED)
_OPENS = re.compile(rf"{_LEAD}(?P<word>[{LOWER}][{LOWER}-]*[{LOWER}])\b")


# A question asked back with a tag and no mark: "Nnamdi is allergic to peanuts isnt he",
# "my friend lily says pesto has nuts in it is that true" (a twelfth trial's each was
# carded as a fact to keep)
_TAGGED = re.compile(
    r"(?:,?\s+(?:(?:isn't|isnt|aren't|arent|doesn't|doesnt|don't|dont|didn't|didnt|hasn't|"
    r"hasnt|haven't|havent|wasn't|wasnt|can't|cant|won't|wont)\s+(?:he|she|it|they|we|i|you|"
    r"there)|is that (?:true|right|correct|so)|am i right)"
    # "right", "yeah" only set off by a comma: never "turn right", "Tom is right"
    r"|,\s*(?:right|innit|yeah|correct|yes))\s*$",
    re.IGNORECASE,
)


def with_its_mark(text: str) -> str:
    """The text, with the question mark a tag question typed without one would have had."""
    stripped = text.rstrip()
    if stripped.endswith(("?", "!")) or _TAGGED.search(stripped.rstrip(".")) is None:
        return text
    return stripped.rstrip(".") + "?"


# Said around a question, asking nothing: "…, tell me na", "… lol", "abeg …" (Nigerian
# English for "please"; a held-out split's "when is my dentist appointment, tell me na"
# was said back "…when your dentist appointment, tell you na is")
_ASIDE_AFTER = re.compile(
    r"(?:\s*,)?\s+(?:tell me(?: na| now| please| pls)?|na|abeg|please|pls|plz|lol|ngl|fr|bruh"
    r"|again)(?=\s*[?.!]*\s*$)",
    re.IGNORECASE,
)
_ASIDE_BEFORE = re.compile(r"^\s*(?:abeg|biko|oya|yo|oi)[,]?\s+", re.IGNORECASE)
# Said first, before what is asked, and asking nothing: "so who has the spare key", "ok and
# where bartek is working", "abeg what is emeka allergic to". One list for every rule that
# reads a question's first words (router, asked_of, follow_up).
SAID_FIRST = r"(?:(?:so|and|but|ok|okay|right|oh|um|erm|abeg|biko|yo|oi|hey|hiya)[,]?\s+)"
_ASKS = re.compile(
    rf"^\s*{SAID_FIRST}*(?:what|what's|who|who's|where|where's|when|"
    r"when's|how|which|is|are|does|do|did|has|have|am)\b",
    re.IGNORECASE,
)


# A request said with the courtesy of another generation: "I wonder if you would be so kind
# as to remember that…", "would you be kind enough to remind me…", "do please remember…",
# "I'd be ever so grateful if you'd remember…" (a nineteenth trial's grandmother got "Sorry,
# I didn't understand that", or the model, each time). Only before a verb that asks Hearth
# for something, so "I wonder if you would know…" is still a question.
_POLITELY = re.compile(
    r"^(?P<before>(?:(?:good (?:morning|afternoon|evening)|hello|hiya|hi)(?: dear| love)?"
    r"[.,!]\s*|thank you(?: ever so much| so much| kindly)?[.,!]\s*|(?:oh|and|so)[,]?\s+)*)"
    r"(?:i (?:wonder|was wondering)(?: if| whether|,)?\s*(?:you )?"
    r"(?:(?:would|could|might)(?: you)? )?(?:be so (?:kind|good) as to|be kind enough to|"
    r"be good enough to|please)?"
    r"|(?:would|could) you (?:be so (?:kind|good) as to|be kind enough to|be good enough to|"
    r"possibly|kindly|please)"
    r"|(?:do )?please do|do please"
    # "Kindly remember that my birthday is…" (a twentieth trial's three went to the model,
    # and nothing was kept)
    r"|kindly(?: do)?"
    r"|i(?:'d| would) be (?:ever so |very |most |so )?grateful if you(?:'d| would| could)"
    r"|(?:would|could) i (?:trouble|ask) you to)\s+"
    r"(?P<asked>(?:remember|remind|add|put|set|start|tell me|let me know|note|make a note|"
    r"write|cancel|take)\b.*?)"
    r"(?:[,]?\s+(?:if (?:that|it) (?:is|'s) not too much trouble|if you don't mind|"
    r"if you would|please|dear|thank you(?: kindly)?))*\s*[?.!]*\s*$",
    re.IGNORECASE | re.DOTALL,
)


# "I take my tea with two sugars, kindly note it" (a twentieth trial's got "You're welcome.",
# and nothing was kept): asked to remember what was said before it
_NOTE_IT_AFTER = re.compile(
    r"^(?P<said>[^?]{8,}?)[,.;]?\s+(?:(?:kindly|please|do) )?(?:note|remember|make a note of)"
    r" (?:it|that|this)(?: down)?(?: for me)?(?:,? please)?\s*[.!]*\s*$",
    re.IGNORECASE,
)


def plainly_asked(text: str) -> str:
    """A request wrapped in courtesy, asked plainly ("I wonder if you would be so kind as to
    remind me at 6 to…" -> "remind me at 6 to…"; "…, kindly note it" -> "remember that…");
    any other text as it was."""
    if (noted := _NOTE_IT_AFTER.match(text.strip())) is not None:
        return f"Remember that {noted['said'].strip()}."
    said = _POLITELY.match(text.strip())
    if said is None:
        return text
    asked = said["asked"].strip()
    return asked[:1].upper() + asked[1:] + "."


# A speaker's hesitation, said anywhere: "add um bananas to the list" (a held-out split's
# put "um bananas" on it, and named a timer "um broccoli"). Never "er", which a household
# may say of the ER.
_FILLER = re.compile(r"(?:(?<=\s)|^)(?:u+m+|u+h+|uhm+|e+r+m+|ehm)\b[,.]?\s*", re.IGNORECASE)


def without_fillers(text: str) -> str:
    """The words as said, without a speaker's "um" and "uh"; text that is nothing else as
    it was."""
    said = _FILLER.sub("", text)
    return said if said.strip() else text


def without_asides(text: str) -> str:
    """A question without what is said after it and asks nothing ("…, tell me na"); any
    other text as it was."""
    if _ASKS.match(text) is None:
        return text
    said = _ASIDE_BEFORE.sub("", text)
    while (shorter := _ASIDE_AFTER.sub("", said)) != said and len(shorter.split()) >= 3:
        said = shorter
    return said if said.strip() else text


# Who speaks, said first: "its chidi here what am i allergic to", "this is Morag, when's my
# dentist?" (a held-out split's got the model): the question is then asked of them
_KIN = r"(?:(?:uncle|auntie|aunty|aunt|cousin|nana|nan|gran|grandma|grandad|grandpa)\s+)?"
_SPEAKER_SAID = re.compile(
    r"^\s*(?:(?:hi|hiya|hello|hey)[,!]?\s+)?(?:(?:it's|its|it is|this is)\s+"
    + _KIN
    + r"(?P<name>[a-z]+)(?:\s+here)?"
    # "hiya, uncle Raj here. tell me about the house" (a twentieth trial's got the model's
    # "the house's a small one")
    + r"|"
    + _KIN
    + r"(?P<here>[a-z]+)\s+here)\s*[,.!-]*\s+(?P<asked>.+)$",
    re.IGNORECASE,
)
# What asks Hearth for something, after who is speaking: never "remember" or "note" (which
# _POLITELY unwraps), since "it's chidi here, remember that I'm allergic…" needs the name
_ASKED_OF_HEARTH = re.compile(
    r"(?:tell me|show me|read me|give me|add|set|start|remind|put|cancel|stop)\b", re.IGNORECASE
)
_AS_SAID_OF = (
    (r"\bam i\b", "is {}"),
    (r"\bi am\b", "{} is"),
    (r"\bi'm\b", "{} is"),
    (r"\bdo i\b", "does {}"),
    (r"\bhave i\b", "has {}"),
    (r"\bi've\b", "{} has"),
    (r"\bwas i\b", "was {}"),
    (r"\bmy\b", "{}'s"),
    (r"\bme\b", "{}"),
    (r"\bi\b", "{}"),
)


def asked_by_whoever_said(text: str) -> str:
    """ "its chidi here what am i allergic to" -> "what is Chidi allergic to"; "uncle Raj
    here. tell me about the house" -> "tell me about the house"; any other text as it was.
    Only a question or a request of Hearth after a name given as the speaker's."""
    said = _SPEAKER_SAID.match(text)
    if said is None:
        return text
    name = said["name"] or said["here"]
    if name.lower() in ("me", "i", "him", "her", "them", "us", "that", "this", "the", "who"):
        return text
    if _ASKS.match(said["asked"]) is None:
        # "uncle Raj here. tell me about the house": asked of Hearth, the speaker said first;
        # never "it's chidi here, i'm allergic to nuts", whose "i" needs the name
        return said["asked"] if _ASKED_OF_HEARTH.match(said["asked"]) else text
    who = name[:1].upper() + name[1:]
    asked = said["asked"]
    for pattern, as_said in _AS_SAID_OF:
        asked = re.sub(pattern, as_said.format(who), asked, flags=re.IGNORECASE)
    return asked
