"""Thanks, "never mind" and "be quiet": answered by a fixed line, never by the model.

Said to the default model, "Thanks." got "I'm sorry for any confusion. I'd only be guessing
the time or date…", "Never mind." got "I'm sorry, I can't remember the exact date. You're
welcome!" and "Be quiet." got "I'm sorry, I'm not available to talk.". A household says
these at the end of nearly every exchange, by voice above all (a Talk pressed by mistake,
an answer already heard). The whole message must be one of them, with "Hearth", "ok",
"oh" or "please" around it; anything more ("thanks, and add milk") goes on as before.
Tried after the household's intents, so "ok thanks" still stops a ringing timer and
"forget it" still ends a recipe being cooked.
"""

from __future__ import annotations

import re

from appliance.apostrophes import straight
from appliance.brain.people import a_name_typed_lower
from appliance.brain.router import Intent, Route, Router
from appliance.family import GROUPS

WELCOME = "You're welcome."
OKAY = "Okay."

_THANKS = (
    "thanks",
    "thank you",
    "thank you very much",
    "thanks very much",
    "thanks a lot",
    "thanks a million",
    "thanks so much",
    "thank you so much",
    "many thanks",
    "cheers",
    "ta",
    "much appreciated",
    "brilliant thanks",
    "great thanks",
    "lovely thanks",
    "perfect thanks",
    "that's great thanks",
    "that's lovely thanks",
    # a Welsh kitchen's: a third trial's "diolch, Hearth" was echoed back by the model
    "diolch",
    "diolch yn fawr",
    "thanks love",
    "ta love",
    "cheers love",
)
# Greetings, alone or with "how are you": a third trial's "morning Hearth, how are you
# today?" got the model's "morning, I'm fine."
_GREETINGS = (
    r"(?:hello|hi|hiya|hey|morning|good morning|afternoon|good afternoon|evening|"
    r"good evening|bore da|shwmae)"
)
_HOW_ARE_YOU = (
    r"(?:how are (?:you|ye|ya)(?: today| doing| this morning| the day)?|how's it going|"
    r"how are things|you alright|are you there|you there|alright|"
    # Irish and Scots English (a fifth trial's "how are ye the day?" and "what's the
    # craic?" got the model's "I'm fine…" and a paragraph about a chef)
    r"what's the craic|what's the story|how's the form|how's she cutting|how're ye|"
    r"how are ye keeping|how are you keeping)"
)
_GREETED = re.compile(
    rf"^(?:ok\s+|oh\s+)*(?:{_GREETINGS}(?:\s+there)?(?:\s+hearth)?(?:\s+{_HOW_ARE_YOU})?|{_HOW_ARE_YOU})"
    r"(?:\s+hearth)?$"
)
HELLO = "Hello, I'm here."
_NEVER_MIND = (
    "never mind",
    "nevermind",
    "no",
    "nope",
    "nothing",
    "no thanks",
    "no thank you",
    "not now",
    "cancel",
    "cancel that",
    "don't worry",
    "don't worry about it",
    "it doesn't matter",
    "doesn't matter",
    "ignore that",
    "ignore me",
    "wrong button",
    "sorry wrong button",
    "my mistake",
    "be quiet",
    "shut up",
    "stop talking",
    "quiet",
    "pipe down",
    "that's enough",
    "enough",
)
_AROUND = r"(?:(?:ok|okay|oh|right|hearth|please|no|well|um|er)\s+)*"
# "thanks love, you're very good" (a fifth trial's got "Sorry, I didn't understand that")
_AFTER = (
    r"(?:\s+(?:hearth|please|then|thanks|anyway|now|love|pet|hun|mate))*"
    r"(?:\s+(?:you're|you are) (?:very good|a star|a gem|brilliant|great|the best|class))?"
)


def _phrases(phrases: tuple[str, ...], lead: str = "") -> re.Pattern[str]:
    said = "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in phrases)
    return re.compile(rf"^{_AROUND}{lead}(?:{said}){_AFTER}$")


# A ninth trial's "good night" got the model's "Good night, the capital of Australia.",
# "bye" "I don't have a profile picture.", "what's your name" "I'm Harlon, the chef of the
# kitchen.", "what can you do?" "I can do everything." and "help" "I'm sorry for your loss."
_FAREWELLS = (
    "bye",
    "bye bye",
    "goodbye",
    "good bye",
    "see you",
    "see ya",
    "see you later",
    "cheerio",
    "ta ra",
    "later",
    "thanks bye",
    "thank you bye",
    "cheers bye",
)
_NIGHTS = ("good night", "goodnight", "night", "night night", "nighty night", "sleep well")
_ABOUT_ME = (
    "help",
    "what's your name",
    "what is your name",
    "who are you",
    "what are you",
    "what can you do",
    "what do you do",
    "what are you for",
    "how do i use you",
    "how does this work",
)
GOODBYE = "Goodbye."
GOOD_NIGHT = "Good night."
ABOUT_ME = (
    "I'm Hearth, the kitchen's assistant. I set timers and reminders, keep the shopping "
    "list, answer kitchen measures and food safety from tables, and remember what the "
    "household tells me: each fact waits on the panel until a person keeps it. Try “set a "
    "timer for 10 minutes”, “add milk to the list” or “remember that the spare key is under "
    "the blue pot”."
)

# "are you listening all the time?", "do you record what we say?" (a tenth trial's got the
# model's "I'm listening all the time." and "I don't know that yet…"): how it listens, as
# docs/voice.md says it, never the model's guess about itself
_DATA = (
    r"(?:me|us|everything|everyone|all|what (?:we|i) say|our conversations?|conversations|"
    r"(?:our|my) (?:voice|voices|data|recordings?|words)|recordings|anything you hear|"
    r"what you hear)"
)
_HOW_IT_LISTENS = re.compile(
    r"^(?:hearth |so |but |and |hey hearth )?(?:"
    r"(?:are|do|can|will) you (?:always |still )?(?:listen|listening|hear|hearing|record|"
    r"recording|spy|spying|eavesdrop|eavesdropping)\b"
    r"(?! (?:for|out for) (?:the )?(?:timer|alarm|oven|door|baby|doorbell)\b)"
    rf"(?: (?:to |in |on |on to )?(?:{_DATA}|the (?:house|kitchen|room)|this|all the time|"
    r"always|right now|now|when i'm not talking to you|when (?:we're|we are) not talking to "
    r"you))*"
    # keeping or sending only of what is said: never "can you save it?", "can you keep it?"
    rf"|(?:do|will|can) you (?:keep|save|store|send|share|upload) (?:a copy of )?{_DATA}"
    r"(?: (?:anywhere|to anyone|online|to the internet|forever))?"
    r"|is (?:the|your) (?:microphone|mic) (?:always |still )?(?:on|listening|recording)"
    r"(?: all the time| always| now| right now)?"
    r"|(?:who|what) (?:can hear|hears|listens to) (?:this|us|me|what (?:we|i) say)"
    r"|where does (?:what (?:we|i) say|my voice|our voice|the recording) go"
    r")$"
)
HOW_I_LISTEN = (
    "I listen only while Talk is held, for a few seconds after I've asked you something, "
    "or for the wake word if the household has turned one on; while I'm speaking I listen "
    "for “stop”. Sound is never saved: what is said is turned into words here and the sound "
    "dropped. The words stay with the conversation for a week (a setting), and nothing "
    "leaves the house."
)

_THANKED = _phrases(_THANKS)
_DISMISSED = _phrases(_NEVER_MIND)
_FAREWELLED = _phrases(_FAREWELLS)
_NIGHTED = _phrases(_NIGHTS)
# "hi there! who are you?" (a tenth trial's got "I don't know who are you yet.")
_ABOUT = _phrases(_ABOUT_ME, lead=rf"(?:{_GREETINGS}(?:\s+(?:there|hearth))*\s+)?")


# Asked after the household, or after Hearth's own day: "how's the family?" got the model's
# "The family is doing well, thank you…", "how was your day?" "…I was just in the kitchen
# and I had to make some breakfast", "busy day ahead?" said back, "how are the kids getting
# on?" "There is no kids timer running." (a kitchen's small talk, tried on the default
# model). Hearth cannot see anyone, and has no day of its own.
_THE_HOUSEHOLD = (
    rf"(?:the (?:{'|'.join(sorted(GROUPS, key=len, reverse=True))})|the fam|everyone|"
    r"everybody|you all|all the family|the gang|the troops|the lot of them)"
)
_HOW_ARE_THEY = re.compile(
    rf"^(?:{_GREETINGS}(?:\s+(?:there|hearth))*\s+)?(?:hearth\s+)?"
    rf"how(?:'s| is| are|s| r)\s+{_THE_HOUSEHOLD}"
    r"(?:\s+(?:today|tonight|this morning|doing|getting on|keeping|going|doing today|"
    r"getting on today|keeping today))?(?:\s+hearth)?$"
)
HOW_THEY_ARE = (
    "I can't see anyone from the kitchen counter, so I don't know how everyone is. I only "
    "know what the household tells me."
)
_YOUR_DAY = re.compile(
    rf"^(?:{_GREETINGS}(?:\s+(?:there|hearth))*\s+)?(?:hearth\s+)?(?:"
    r"how(?:'s| was| is|s) (?:your|ur) (?:day|morning|evening|weekend)(?: been| going| today)?|"
    r"(?:have you had|had) a (?:good|nice|busy|long) day|busy (?:day|morning)(?: ahead| today)?|"
    r"what have you been up to(?: today)?|what did you do today|what's new|whats new|"
    r"what are you up to|what you up to|wyd"
    r")(?:\s+hearth)?$"
)
_OF_US = re.compile(
    r"^(?:hearth\s+)?(?:what do you think of|what do you make of|do you like) "
    r"(?:us|me|the family|my family|this family)(?:\s+hearth)?$"
)
NO_OPINION_OF_PEOPLE = (
    "I don't have opinions of people: I only know what the household tells me, and it waits "
    "on the panel until someone keeps it."
)
NO_DAY_OF_MY_OWN = (
    "I don't have a day of my own: I'm the kitchen's assistant, here for its timers, "
    "reminders, shopping list and what the household tells me."
)


# Who is speaking, said alone or after a greeting: "hi hearth, this is chidi", "HELLO THIS IS
# PADRAIG", "yo its nnamdi", "siobhan here" (a twelfth trial's got the model's "I'm glad you're
# enjoying your meal!" and "didn't understand"). Only a word English does not know is a name:
# "this is great", "im starving" are no one
_INTRODUCED = re.compile(
    rf"^(?P<greeted>(?:{_GREETINGS}|yo|hey|hiya|hej|oi)(?:\s+(?:there|hearth))*\s+)?"
    r"(?:hearth\s+)?(?:(?P<me>it's|its|this is|i'm|im|i am)\s+(?P<name>[a-z][a-z'-]+)"
    r"|(?P<name2>[a-z][a-z'-]+)\s+here)(?:\s+hearth)?$"
)


def _introduced(said: str, text: str) -> str | None:
    """ "Hello, Chidi.": the name someone gave, said alone, as a greeting back. "I'm …" is
    a name only after a greeting or with its capital ("im vegan" got "Hello, Vegan." in a
    review); a word English knows, or a word of how someone is, never."""
    found = _INTRODUCED.match(said)
    name = found and (found["name"] or found["name2"])
    if not found or not name or not a_name_typed_lower(name) or name in _NOT_A_NAME:
        return None
    written = re.search(rf"\b{re.escape(name)}\b", text, re.IGNORECASE)
    capital = written is not None and written.group()[:1].isupper()
    if found["me"] in ("i'm", "im", "i am") and not (found["greeted"] or capital):
        return None
    return f"Hello, {name[:1].upper()}{name[1:]}."


_NOT_A_NAME = frozenset(
    "me us him her them you it that this back home here there vegan vegetarian veggie "
    "coeliac celiac diabetic halal kosher pregnant preggers knackered starving shattered "
    "minging gutted buzzing skint stuffed chuffed okay ok fine good great well done ready sorry "
    "knackered cream crackered lol "
    # "hello, who's here?" (a twentieth trial's got "Hello, Who's.")
    "who who's whos what what's whats anyone anybody someone somebody nobody everyone".split()
)


def reply_to(text: str) -> str | None:
    """The fixed answer when the whole message is thanks or "never mind", else None."""
    said = " ".join(re.sub(r"[^\w'\s]", " ", straight(text.lower())).split())
    if _DISMISSED.match(said):  # first: "no thanks" declines
        return OKAY
    if _THANKED.match(said):
        return WELCOME
    if _NIGHTED.match(said):
        return GOOD_NIGHT
    if _FAREWELLED.match(said):
        return GOODBYE
    if _ABOUT.match(said):
        return ABOUT_ME
    if _HOW_IT_LISTENS.match(said):
        return HOW_I_LISTEN
    if _GREETED.match(said):
        return HELLO
    if _HOW_ARE_THEY.match(said):
        return HOW_THEY_ARE
    if _YOUR_DAY.match(said):
        return NO_DAY_OF_MY_OWN
    if _OF_US.match(said):
        return NO_OPINION_OF_PEOPLE
    return _introduced(said, text)


def _match(text: str) -> Route | None:
    return Route("courtesy", text) if reply_to(text) is not None else None


def _act(route: Route) -> str:
    answer = reply_to(route.text)
    assert answer is not None, "the matcher read this very text"
    return answer


COURTESY = Intent("courtesy", _match, _act)


def with_courtesy(router: Router) -> Router:
    """The router with thanks and "never mind" after the household's and the cookbook's
    intents and before memory's ("forget it" is no correction)."""
    return router.extended([COURTESY], before="remember")
