"""Does a sentence the model wrote claim that Hearth did something?

The model can do nothing: the list, timers, reminders and memory change only through exact
rules, when asked in so many words. So any sentence that tells the household an action was
taken, is under way, or has left something set, running, sent or on the list is false,
however it is put: "I've added milk", "I'm building a shopping list", "Setting a timer for
ten minutes", "Eggs added to the list", "Your timer is running", "Milk's on the list",
"Consider it done". What must pass is just as varied: a recipe's imperatives ("Set the
oven to 180 and add the butter"), what other people did ("Tilly set the table on Sunday"),
how to ask ("Say 'add milk to the list'"), offers and questions ("Shall I add milk?"),
what Hearth cannot or did not do ("I haven't added anything").

The sentence is read as words, not one pattern: a first-person subject (I, we, Hearth,
"let me") followed by an action verb in a done, doing or about-to-do form, not negated and
not asked or supposed; a verbless report ("Timer set", "Adding milk to the list"); or a
household thing said to be in a state only an action could leave it in. Measured by
benchmarks/claims.py on a split a helper wrote without reading this.

    claims_action("Okay, milk's on the list!")      # True
    claims_action("Put the lid on and turn the heat down.")   # False
"""

from __future__ import annotations

import re

from appliance.apostrophes import straight
from appliance.brain.action_verbs import BASE, DOING, DONE, FORMS_OF
from appliance.household.list_phrases import SHOP_COUNTS

# What Hearth itself keeps (timers, reminders, the list, memory) and what a household might
# think it sends or books: any of them said to be set, running, sent or on is a claim.
_KEPT = (
    "shopping|groceries|timer|timers|countdown|reminder|reminders|alarm|alarms|message|messages|text|"
    "email|order|orders|booking|bookings|reservation|list|basket|trolley|note|notes|"
    "playlist|music|songs?|tunes?|podcasts?|album|track|call|memory|calendar|diary|"
    "settings|volume|voice|whatsapp|sms|dm|voicemail"
)
# Things in the house Hearth does not control: "the kettle is on the side" and "the door is
# locked at night" are facts; said to be so *now* or *for you*, they are claims.
_DEVICES = (
    "lights?|heating|thermostat|oven|hob|kettle|fan|door|lock|blinds|radio|table|"
    "appointment|delivery|washing machine|dishwasher|coffee machine|slow cooker|cooker|tv|"
    "telly|speakers?|boiler|heater|bins?|recycling"
)
_THINGS = f"{_KEPT}|{_DEVICES}"
# ...or a count of it as a shop sells it: "I've made 2 bags of sugar." (a twenty-first trial's,
# to "make that 2 bags of sugar", nothing changed)
_THING = re.compile(rf"\b(?:{_THINGS})\b|\b{SHOP_COUNTS} of\b")

# Verbs that say too much else: a claim only with a household thing after them.
_BROAD = {"make", "build", "take", "put", "pop", "stick", "throw", "chuck", "bung", "get", "light"}
# …and with "off" or "on" after their object, what they do is a change to something kept
_PARTICLED = {"take", "put", "pop", "stick", "get", "throw", "chuck"}
# Done forms that say too much else to stand without "I" before them ("I got that wrong",
# "let it rest", "made with butter"): never a verbless report, nor the verb after "and".
_LOOSE = {"got", "let", "made", "took"}
# ...nor these: "told" is also what a person did ("you told me"), "began" a recipe's step.
_REPORTED = DONE - _LOOSE - {"told", "lit", "began", "begun"}
# A short subject, its participle and a pause: "Mechanic booked, 9am.", "Reminder created:
# call Grandma", "Washing machine started, it'll be done in an hour."
_NAMED_REPORT = re.compile(
    r"^(?!(?:you|he|she|they|i|we|it|nothing|no|none|nobody)\b)"
    r"(?:(?!(?:has|have|had|been|is|are|was|were|not|never)\b)[\w'-]+\s+){1,3}"
    rf"(?:{'|'.join(sorted(_REPORTED, key=len, reverse=True))})\s*[:,!]"
)

# Between the subject and the verb: auxiliaries and adverbs that keep it a report.
_BETWEEN = {
    "have", "has", "had", "am", "is", "are", "was", "were", "will", "shall", "be", "been",
    "just", "now", "already", "also", "quickly", "gone", "went", "go", "ahead", "and",
    "going", "to", "gonna", "about", "all", "right", "straight", "then", "so", "happily",
    "successfully", "officially", "finally", "actually", "really", "busy", "currently",
    "off",
}  # fmt: skip
_FUTURE = {"will", "shall", "going", "gonna", "about"}
_NOT = {
    "not", "never", "no", "can't", "cannot", "won't", "don't", "didn't", "haven't",
    "hasn't", "isn't", "aren't", "wasn't", "weren't", "couldn't", "shouldn't", "wouldn't",
    "can", "could", "would", "should", "might", "may", "must", "need", "needs", "want",
    "wanted", "wish", "try", "tried", "trying", "able", "unable", "if", "cant", "wont",
    "dont", "didnt", "havent",
}  # fmt: skip
# Before a subject, a word that makes it asked or supposed: "shall I add…", "if I set…".
_ASKED = {
    "if", "when", "once", "unless", "whether", "before", "after", "until", "shall", "should",
    "do", "does", "can", "could", "would", "will", "may", "did", "want", "like", "how",
    "what", "where", "why", "which", "who", "that",
}  # fmt: skip
_CONTRACTIONS = {
    "i've": "i have", "i'm": "i am", "i'll": "i will", "i'd": "i would", "im": "i am",
    "ive": "i have", "we've": "we have", "we're": "we are", "we'll": "we will",
    "we'd": "we would", "let's": "let us", "it's": "it is", "that's": "that is",
    "they're": "they are", "you're": "you are", "you've": "you have", "there's": "there is",
    "hearth's": "hearth has", "what's": "what is", "i'l": "i will",
}  # fmt: skip
# "the user" is how a small model narrates the person's records: "The user has set an egg
# timer for 6 minutes and added eggs to the messages." (a fifth trial; nothing was set)
_SUBJECTS = {"i", "we", "hearth", "user"}
# A sentence that tells the person what to say is no report: "Tell me and I'll remember."
_TOLD_TO = {"say", "ask", "tell", "try"}
_HOW_TO_ASK = re.compile(r"\b(?:say|ask|tell (?:me|hearth)|try|saying)\b[^.!?]*?(?:[\"“‘]|\s')")

# Said before a verbless report: "Okay, timer set", "Sure thing! Adding milk…".
_OPENERS = re.compile(
    r"^(?:(?:okey[- ]dokey|ok(?:ay)?|haha|ha|hehe|lol|oh|ooh|well|alright|all right|right|"
    r"sure(?: thing)?|got it|great|"
    r"no problem|certainly|of course|done|perfect|lovely|absolutely|yes|yep|yeah|will do|"
    r"brilliant|cool|fine|righto|roger|understood|there you go|there we go|no worries|"
    r"coming (?:right )?up|voil[aà]|ta[- ]da|gotcha)\b[\s,.!:;-]*)+"
)
_PASSIVE_DONE = re.compile(
    r"\b(?:has|have|had|is|are|'s)\s+(?:now\s+|just\s+|already\s+|also\s+)*been\s+(?:\w+\s+)??"
    r"(?P<verb>[a-z]+)\b"
)
_WAS_DONE = re.compile(
    r"\b(?:was|were)\s+(?:just\s+|now\s+|already\s+|successfully\s+)+(?P<verb>[a-z]+)\b"
    r"|\b(?:was|were)\s+(?P<verb2>[a-z]+)\s+(?:for you|just now|successfully)\b"
)
_STATES = (
    r"set|running|going|ticking|counting(?: down)?|started|booked|confirmed|placed|sent|"
    r"on (?:its|their) way|playing|preheating|heating up|warming up|scheduled|in place|"
    r"sorted|locked|unlocked|active|armed|live|saved|stored|noted|cancelled|canceled|"
    r"stopped|updated|changed|cleared|added|done|all set|taken care of|in the diary|"
    r"in (?:the|your) calendar|up to date|happy with|filled|full|connecting|dialling|"
    r"dialing|ringing|(?:set )?(?:at|to) \d+|begun(?: ticking| counting)?|checked out|paid|"
    r"booked in|(?:on|off)(?=\s*(?:[.!,;]|$|now|for\b|and\b))"
)
# A time said to be a kept thing's: "The surgery reminder is 9:30." (a third outside trial,
# asked to move it; it had not moved). Never "set a timer for 10.", told to the cook.
_AT_A_TIME = (
    r"(?:for |at )?\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|o'clock)?"
    r"(?=\s*(?:[.!,;]|$|tomorrow|today|tonight|this\b))"
)
_IS = r"(?:\s+(?:is|are|has|have|was|were|will be)|'s|'re|'ll be)\s+"
_NOW = r"(?:now|already|all|officially|also|still|currently)\s+"
# "your reminder for Mum's birthday is…", never "a timer to see when it's done"
_ABOUT = r"(?:\s+(?:to|for|with|about|of)(?:\s+(?!when|if|until|once|see|check)[\w']+){1,3})?"
_THING_IN_STATE = re.compile(
    rf"\b(?:{_KEPT}){_ABOUT}{_IS}(?:{_NOW})*(?:{_STATES})\b"
    rf"|\b(?:{_KEPT}){_ABOUT}{_IS}(?:{_NOW})*{_AT_A_TIME}"
    rf"|^(?:[\w']+\s+){{0,3}}(?:{_KEPT})\s+(?:{_STATES})\b\s*(?:[^\w\s]|$|for\b|to\b|at\b)"
    rf"|^(?:your |the )?(?:{_DEVICES})\s+(?:on|off)\b\s*[,.!]"
    rf"|\b(?:{_DEVICES}){_ABOUT}{_IS}(?:{_NOW})+(?:{_STATES}|on|off)\b"
    rf"|\b(?:{_DEVICES}){_IS}(?:{_STATES}) (?:now|for you)\b"
    rf"|\b(?:{_THINGS})\s+(?:will|'ll|is going to)\s+(?:go off|ring|sound|beep|start|remind|"
    r"arrive|be delivered|be there)\b"
    rf"|\b(?:{_KEPT})\s+(?:going|running|ticking)\b"
    # "The list is now 2 pints of semi-skimmed milk." (a fifth trial's; nothing changed)
    rf"|\b(?:{_KEPT})(?:\s+is|\s+are|'s)\s+now\s*[:\w]"
    rf"|\b(?:{_THINGS})\s+(?:now\s+)?(?:has|have|holds|contains|includes)\b[^.!?]*\bnow\b"
    rf"|\b(?:{_KEPT})\s+(?:now\s+)?(?:has|have|got)\s+(?:the\s+)?[\w' -]+\s+(?:in|on) it\b"
)
_ON_THE_LIST = re.compile(
    r"(?<!what)(?<!what )\b(?:is|are|'s|'re|now|goes|went|gone|sits?|sitting)\s+"
    r"(?:now\s+|all\s+|also\s+)*(?:on|onto|in|into)\s+(?:your|the|our)\s+(?:\w+\s+)?(?:list|basket|calendar|diary|"
    r"playlist|order|trolley|cart)\b"
    r"|\b(?:is|are|'s|'re)\s+on there now\b"
)
_RESULT = re.compile(
    r"\bnow (?:playing|has|have|includes?|contains?|reads|shows|lists|holds|says)\b"
    r"|\b(?:minutes?|hours?|seconds?|mins?) on the clock\b"
    r"|\b(?:starts|started|begins|began|begun|counting down|ticking) (?:from )?now\b"
    r"|\b(?:timer|countdown|clock) (?:starts|started|begins|is ticking|is counting)\b"
    r"|^(?:it is |that is |job is |job |all |and )?(?:done|sorted|all set|set|handled|"
    r"taken care of|all sorted|done and done|done and dusted|sorted out)(?: for you)?[\s.!]*$"
    r"|\bconsider it (?:done|sorted|handled)\b|\bjob(?:'s| is)? done\b|^(?:i am )?on it\b[.!]*$"
    r"|^(?:all|it is|it's|that is|that's) (?:done|sorted|set up|taken care of)\b"
    r"|\bthere(?:'s| is| are) now\b|\btaken care of (?:it|that|this|everything)\b"
    r"|\byou(?:'ll| will) (?:get|receive|hear) (?:a|your|the) (?:reminder|alarm|message|text|"
    r"call|nudge)\b(?![^.!?]*\bif\b)"
    r"|\byou(?:'ll| will) be (?:reminded|woken|called|texted)\b|\bnow knows\b"
    r"|^(?:all )?(?:done and done|done|sorted|all set)\s*[,!:;-]"
    r"|[,;-]\s*(?:all )?(?:sorted|done|all set|noted|saved|booked)[.!]*$"
    # a promise to do what was asked: "Will do.", "I'm not sure, but I'll do it."
    r"|^will do[\s.!]*$|\bi(?:'ll| will) (?:definitely |certainly )?do (?:it|that|this|so)\b"
    r"|\b(?:like|as) you (?:asked|requested|wanted)\b|\bas requested\b|\bplaying now\b"
    rf"|\b(?:{_KEPT})\s+(?:went|has gone|have gone|got sent)\s+(?:to|off|out)\b"
    rf"|\b(?:{_DEVICES})\s+(?:will|'ll)\s+now\s+(?:stay|come|turn|switch|go)\b"
    r"|\ball taken care of\b"
    r"|(?<!when )(?<!until )(?<!till )(?<!once )(?<!if )(?<!before )(?<!after )"
    r"\b(?:it|that|this|they|those|everything)(?: is|'s| are|'re)\s+(?:now\s+|all\s+)?"
    r"(?:saved|added|booked|noted|stored|sent|ordered|sorted|done)\s*(?:[.!,:]|$)"
    r"|\bi(?: have|'ve)(?: got)? (?:[\w']+ ){1,2}down (?:as|for)\b"
    r"|\byou(?:'ll| will) hear (?:a|the) (?:beep|ding|buzz|chime|alarm|ring)\b"
    r"|\bshould (?:have|get|see) (?:the|your|my|a) (?:text|message|email|invite|parcel|order|"
    r"reminder)\b|\border (?:number|reference|ref) is\b"
    r"|\b(?:groceries|delivery|parcel|order|shopping) (?:comes?|arrives?|will (?:come|arrive))\b"
    r"|\b(?:going|playing|on) in the (?:kitchen|lounge|living room|house|hall)\b"
    r"|\b(?:things|both|all of them|everything) (?:are |is )?(?:done|sorted)\b"
    r"|\b(?:it|that)(?: is|'s) (?:now )?(?:ticking|counting down|playing|beeping|on its way)\b"
)
# A present passive said as done: "Rice is added, friend.", "Your pizza is now stored…",
# "The order is being made now". "set" is left out: "when the white is set" is cooking.
_IS_DONE = re.compile(
    r"\b(?:is|are|'re)\s+(?:being\s+(?P<being>[a-z]+)"
    r"|(?:now|all|already)\s+(?P<adverb>[a-z]+)"
    r"|(?P<plain>[a-z]+)(?=\s*[,!]|\s+and\b|\s*\.?$|[^.!?]*\b(?:now|for you)\b))"
)
# A report's subject: "Timer set…", "Eggs added…", never "Bread is usually added…", "You
# added…"; and what may follow its participle: "…set for ten minutes", "…added to the list".
_NOT_A_REPORT_SUBJECT = {
    "is", "are", "was", "were", "be", "been", "usually", "you", "he", "she", "they", "it",
    "i", "we", "not", "never",
}  # fmt: skip
_LEADS_ON = {
    "for", "to", "at", "on", "onto", "in", "and", "off", "from", "up", "now", "already", "with",
}  # fmt: skip
_INTO_A_KEPT_THING = re.compile(
    r"^(?:to|on|onto|off|from) (?:the |your |our )?(?:\w+ )?(?:list|basket|calendar|diary|"
    r"playlist|order)\b"
)
# An -ing opener with a finite verb after it is a gerund: "Adding salt helps the pasta."
_FINITE = re.compile(
    r"\b(?:is|are|was|were|helps?|makes?|will|can|keeps?|stops?|means|gives?|would|should|"
    r"could|might|may)\b"
)
_ADVERBS = {"just", "now", "also", "already", "and"}
_RIGHT_NOW = {"now", "straightaway", "immediately"}
# A clause of its own: "Butter is on the list now, so you won't forget it."
_CLAUSE = re.compile(r"\s*[,;:]\s*|\s+(?:so|but|because|and then)\s+")
_DENIED = re.compile(
    r"\b(?:not|never|no longer|nothing|none|no one|nobody)\b|n't\b"
    r"|^(?:leave|keep|let|make sure|check)\b"
)
_SUPPOSED = re.compile(r"^(?:if|unless|whenever|suppose|imagine)\b")
# Said of anything, these are Hearth's doing: "Mechanic booked." ("The rain stopped." is not)
_TRANSACTIONS = {
    "booked", "ordered", "sent", "added", "saved", "noted", "scheduled", "cancelled",
    "canceled", "confirmed", "texted", "emailed", "called", "reminded", "bought", "paid",
    "queued", "delivered", "reserved", "stored", "logged", "recorded", "enabled", "disabled",
    "activated", "muted", "unmuted", "updated",
}  # fmt: skip
_HERE_AND_NOW = re.compile(r"\b(?:now|for you|in the (?:kitchen|lounge|living room|house|hall))\b")
_INSTRUCTIONS = {"leave", "keep", "check", "wait", "remember", "don't", "do", "try", "use"}
_DONE_TO = {"you", "it", "that", "them", "those", "this", "everything"}
_WORDS = re.compile(r"[a-z]+(?:'[a-z]+)?")


def claims_action(sentence: str) -> bool:
    """Whether `sentence` tells the household Hearth took, is taking or is about to take an
    action (it cannot: see the module's docstring)."""
    text = straight(sentence.lower()).strip()
    words = _words(text)
    if not words or words[0] in _TOLD_TO or _HOW_TO_ASK.search(text):
        return False  # "Say 'set a timer for ten minutes' and I will set one."
    if _first_person_acts(words):
        return True
    if text.endswith("?") and _asks(words):
        return False
    return _reported(_OPENERS.sub("", text)) or _state_left(text)


def _words(text: str) -> list[str]:
    out: list[str] = []
    for word in _WORDS.findall(text):
        out += _CONTRACTIONS.get(word, word).split()
    return out


def _first_person_acts(words: list[str]) -> bool:
    """I / Hearth (or "let me") with an action verb in a done, doing or future form; or a
    bare verb said with "now" ("i add the rice to list now"); or a second verb joined by
    "and" ("I forgot the old address and saved the new one")."""
    household = "you" in words or _THING.search(" ".join(words)) is not None
    # "I'll make sure to remember that" promises what "I'll remember that" does
    words = " ".join(words).replace("make sure to ", "").replace("be sure to ", "").split()
    for at, word in enumerate(words):
        future = word == "me" and at > 0 and words[at - 1] == "let"
        if not future and (word not in _SUBJECTS or (at > 0 and words[at - 1] in _ASKED)):
            continue
        for k in range(at + 1, min(at + 7, len(words))):
            following, rest = words[k], words[k + 1 :]
            if following == "try" and future:
                continue  # "I'll try to remember": a promise all the same
            if following in _NOT:
                break
            future = future or following in _FUTURE
            now = following in BASE and bool(_RIGHT_NOW & set(rest))
            if following in DONE or following in DOING or now or (future and following in BASE):
                # "we switched to oat milk" is the household; "we've opened the blinds" and
                # "we've bought the candles" are not
                if word == "we" and not household and following not in _TRANSACTIONS:
                    break
                return _acts_on_something(following, rest)
            if following not in _BETWEEN:
                if _and_then_acts(rest):
                    return True
                break
    return False


def _and_then_acts(rest: list[str]) -> bool:
    """ "…the old address and saved the new one": a done verb straight after an "and" in
    the same sentence, with only adverbs between."""
    for k, word in enumerate(rest):
        if word in _NOT or word in _SUBJECTS or word in {"you", "he", "she", "they", "it"}:
            return False
        if word == "and":
            after = [w for w in rest[k + 1 : k + 4] if w not in _ADVERBS]
            if after and after[0] in DONE - _LOOSE:
                return _acts_on_something(after[0], after[1:])
    return False


def _acts_on_something(verb: str, after: list[str]) -> bool:
    """A broad verb claims an action only on a household thing: "I'm making a list", not
    "I'm making lasagne tonight" or "I'll make sure"."""
    if FORMS_OF.get(verb) not in _BROAD:
        return True
    if FORMS_OF.get(verb) in _PARTICLED and ("off" in after[:4] or after[-1:] == ["on"]):
        return True  # "I've already taken the bins off", "I'll put the oven on"
    rest = " ".join(after)
    return _THING.search(rest) is not None or re.search(r"\bfor you\b", rest) is not None


def _asks(words: list[str]) -> bool:
    """A question that offers or asks ("shall I add milk?", "want me to set one?")."""
    return words[0] in _ASKED | {"is", "are", "any", "anything", "fancy", "or"} or "me" in words


def _reported(text: str) -> bool:
    """A verbless report: "Adding milk to the list", "Timer set for ten minutes",
    "Eggs added to the list", "Message sent", "Noted: …"."""
    words = _words(text)
    while words and words[0] in _ADVERBS:
        words = words[1:]
    if not words:
        return False
    first, rest = words[0], " ".join(words[1:])
    # "Message delivered…", "Text sent": a noun that is also a verb, then its participle
    noun_reported = len(words) > 1 and words[1] in _REPORTED
    if first in BASE | _INSTRUCTIONS and not noun_reported:
        return False  # "Leave the oven door shut…", "Set the oven to 180": told to the cook
    if first in _REPORTED and re.match(r"^[a-z]+\s*(?:[.!:,;]|$)", text):
        return True  # "Noted: …", "Added!", "Sent."
    done_to = len(words) > 1 and words[1] in _DONE_TO
    if first in _REPORTED - BASE and (_THING.search(rest) or done_to):
        return True  # "Just added milk to the list.", "Booked you in." (not "Set the oven…")
    if first in DOING and not _FINITE.search(rest):
        return bool(_THING.search(rest) or _HERE_AND_NOW.search(rest))
    if _NAMED_REPORT.match(text):
        return True  # "Mechanic booked, 9am.", "Reminder created: call Grandma…"
    for at in range(1, min(6, len(words))):
        if words[at] in _REPORTED:
            return _reported_with_subject(words[:at], words[at], words[at + 1 :])
    return False


def _reported_with_subject(before: list[str], verb: str, after: list[str]) -> bool:
    """ "Timer set for ten minutes", "Eggs added to the list", "Message sent"; not "Tilly set
    the table" (an object follows) nor "Bread is usually added at the end"."""
    if any(word in _NOT_A_REPORT_SUBJECT or word.endswith("n't") for word in before):
        return False
    if after and after[0] not in _LEADS_ON:
        return False
    return bool(
        _THING.search(" ".join(before))
        or _INTO_A_KEPT_THING.search(" ".join(after))
        or (not after and len(before) <= 3 and verb in _TRANSACTIONS)
    )


def _state_left(text: str) -> bool:
    """A household thing in a state only an action could leave it in ("your timer is
    running", "milk's on the list", "now playing", "consider it done"), in any clause that
    is not denied, supposed or told to the cook."""
    if _SUPPOSED.match(text):
        return False  # "If a timer had been set, it would have beeped by now."
    said = _OPENERS.sub("", text)
    patterns = (_THING_IN_STATE, _ON_THE_LIST, _RESULT)
    for clause in (*_CLAUSE.split(said), said, text):
        if _DENIED.search(clause):
            continue  # "Nothing has been ordered", "Leave the timer running…"
        if any(p.search(clause) for p in patterns):
            return True
    if _DENIED.search(text):
        return False
    done = (m.group("verb") for m in _PASSIVE_DONE.finditer(text))
    was = (m.group("verb") or m.group("verb2") for m in _WAS_DONE.finditer(text))
    now = (
        m.group("being") or m.group("adverb") or m.group("plain") for m in _IS_DONE.finditer(text)
    )
    return any(verb in DONE for verb in (*done, *was)) or any(
        verb in DONE - {"set", "let", "put", "shut", "kept"} for verb in now
    )
