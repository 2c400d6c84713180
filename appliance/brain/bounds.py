"""What the model may not say, checked sentence by sentence before it is said.

A 135M model asked to add milk to the list says "The shopping is now filled with
semi-skimmed milk." Nothing was added. Whatever reaches the model can never make
Hearth claim an action it did not take, state a time or date it did not read from
the clock, describe the weather (nothing leaves the house), give a food-safety
verdict or number (how long food keeps, how hot it must get, whether it is safe:
only the kitchen's tables say those), say what a measure comes to ("a cup of flour is
15.3 grams": the kitchen's tables again), or recite its own instructions. Each
sentence of a reply is held until it ends, checked, and then said; a sentence that
breaks a bound is replaced by what is true, and the model's reply ends there.

    for piece in bounded(model_pieces, ReplyBounds(static_prompt)):
        ...
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from appliance.apostrophes import straight
from appliance.brain.asked_change import asked_changed, says_done
from appliance.brain.claims import claims_action
from appliance.brain.hearsay import Hearsay
from appliance.brain.list_state import LIST_GUESSED, guessed_list
from appliance.brain.questions import NO_LIFE
from appliance.brain.router import fixed_reply
from appliance.brain.stock_bound import made_up_stock
from appliance.brain.told import Told
from appliance.brain.unsafe_food import UNSAFE_SUGGESTION, UnsafeFood
from appliance.kitchen.allergens import ALLERGEN_UNSURE, STATES_ALLERGEN
from appliance.kitchen.safety import UNSURE
from appliance.sentences import SENTENCE_END as END_OF_A_SENTENCE

NOTHING_DONE = (
    "I haven't done anything: from a conversation I only set timers and reminders and keep "
    "the shopping list when asked in so many words, like “add milk to the shopping list” "
    "or “set a timer for 10 minutes”. Nothing was changed."
)
NO_CLOCK = (
    "I'd only be guessing the time or date. Ask me “what time is it?” and I'll read the clock."
)
NO_WEATHER = (
    "I can't see outside, and nothing leaves the house, so I don't know the weather. "
    "A look out of the window will do better."
)
NO_RECITAL = "Sorry, I can't help with that one."


def untold(who: str) -> str:
    """Said instead of a sentence about one of the household's people nobody told."""
    return f"I only know what I've been told about {who}, so I won't guess."


# Instead of a day or a time nobody told (told.py): "The haircut is currently on December 20".
UNTOLD_WHEN = "I'd only be guessing a day or a time nobody told me, so I won't."
# Instead of a guess or someone's word said back as a fact (hearsay.py).
ONLY_A_MAYBE = "I only have that as a maybe, not as a fact, so I won't say it's so."
# Instead of what a person here refused, said back by the model as a fact ("Mia is allergic
# to tree nuts, including walnuts and cashews." with that discarded: a twenty-second trial's)
REFUSED_BEFORE = (
    "Someone here said no to that on the board, so I won't say it's so. If it's right now, "
    "say “remember that …” and it will wait on the board for a person to keep."
)
NOT_UNDERSTOOD = "Sorry, I didn't understand that, so I haven't done anything."
NO_MEASURE = (
    "I'd only be guessing that. Ask me, for example, “how many grams in a cup of flour?”, "
    "“what's 180 C in Fahrenheit?” or “how long do I roast a 2 kg chicken?”, and I'll read "
    "the kitchen's tables."
)

NO_STOCK = (
    "I don't know what's in the cupboards: I only know the shopping list. Ask me “what's on "
    "the shopping list?”."
)

# What Hearth says instead of a sentence that breaks a bound: its own words, not the model's.
INSTEAD = (
    NOTHING_DONE,
    NO_CLOCK,
    NO_WEATHER,
    NO_RECITAL,
    NOT_UNDERSTOOD,
    ONLY_A_MAYBE,
    UNTOLD_WHEN,
    NO_MEASURE,
    NO_STOCK,
    LIST_GUESSED,
    UNSAFE_SUGGESTION,
    UNSURE,
)

# Only what says what the time, the day or the weather is *now*: "the dentist is at 3 pm"
# or "Sam loves rainy days", recalled from memory, are facts and pass.
_TIME = r"(?:(?:[01]?\d|2[0-3])[:.][0-5]\d\s*(?:am|pm)?|(?:1[0-2]|0?[1-9])\s*(?:am|pm|o'clock))"
_DAY = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|"
    r"april|may|june|july|august|september|october|november|december|the \d+|\d+)"
)
_CLOCK = re.compile(
    rf"\b(?:it's|it is|it’s)\s+(?:now\s+|currently\s+|just\s+(?:gone|after|before)\s+)?"
    rf"(?:about\s+|around\s+)?(?:{_TIME}|half past|quarter (?:past|to)|midnight|noon|midday)"
    rf"|\b(?:it's|it is|it’s|today is|today's|today’s)\s+{_DAY}"
    r"|\b(?:the )?(?:current |present )?(?:time|date|day) (?:is|today is|right now is)\b"
    rf"|\b(?:right now|currently),? (?:it's|it is)\s+{_TIME}",
    re.IGNORECASE,
)
_IT_IS = r"\b(?:it's|it is|it’s|it will be|it'll be|it will|it'll|it's going to|it is going to)\s+"
# The model telling of a life of its own: "I've just finished my breakfast…", "I had to take
# a call", "I'm glad you enjoyed my meal" (an outside trial heard all three in small talk).
# Hearth has no meals, family or days: each is an action it never took.
_LIFE = (
    r"breakfast|lunch|dinner|supper|meals?|family|kids|children|husband|wife|partner|mum|mom|"
    r"dad|parents|weekend|holidays?|house|flat|car|job|boss|friends?|dog|cat|garden|day|"
    r"morning|evening|afternoon|night|cooking|food|drive|commute|walk|nap|sleep"
)
_OWN_LIFE = re.compile(
    rf"\b(?:i|i've|i'd|i'm|i am|i was|i have|i had)\b[^.!?]*?\bmy (?:\w+ )?(?:{_LIFE})\b"
    rf"|^(?:my (?:{_LIFE})\b)(?! (?:is|are) (?:not|no))"
    r"|\bi (?:just |also |already )?(?:ate|had|cooked|made|finished|enjoyed) (?:my |some |a |"
    r"the )?(?:breakfast|lunch|dinner|tea|supper|meal|sandwich|toast|cereal)\b"
    r"|\bi (?:had|have) to (?:take|make) a call\b|\benjoyed my (?:meal|food|cooking)\b",
    re.IGNORECASE,
)
_WEATHER = re.compile(
    _IT_IS + r"(?:\w+\s+)?(?:sunny|rain\w*|cloudy|overcast|drizzl\w*|snow\w*|windy|stormy|"
    r"humid|foggy|misty)\b|"
    # hot or cold is the weather only when it is outside: "it is hot, so let it cool" is not
     + _IT_IS + r"(?:\w+\s+)?(?:hot|cold|warm|chilly|freezing|mild|wet|dry)\s+(?:outside|out there|"
    r"today|tomorrow|tonight|this (?:morning|afternoon|evening))\b"
    r"|\b(?:forecast|weather (?:today|tomorrow|is|will|looks|this)|temperature outside)\b",
    re.IGNORECASE,
)
# A food-safety claim: a keeping time, a safe inside temperature, or a verdict.
_DURATION = (
    r"\d+(?:\.\d+)?(?:\s*(?:to|-|–|or)\s*\d+(?:\.\d+)?)?\s*(?:hours?|days?|weeks?|months?|years?)"
)
_FOOD_SAFETY = re.compile(
    rf"\b(?:keeps?|kept|lasts?|last|stays? (?:good|fresh|safe)|will be (?:fine|good|ok|safe)|"
    rf"good for|store (?:it|them)?|use (?:it |them )?within|eat (?:it |them )?within)\b"
    rf"[^.!?]*\b{_DURATION}\b"
    r"|\b(?:internal|inside|centre|center|core|middle)\b[^.!?]*\b\d+\s*°?\s*(?:c|f|celsius|"
    r"fahrenheit|degrees)\b"
    r"|\b\d+\s*°?\s*(?:c|f|celsius|fahrenheit|degrees)\b[^.!?]*\b(?:internal|inside|centre|"
    r"center|core|middle|thickest)\b"
    r"|\b(?:cook|heat|reheat)\w* (?:\w+ ){0,3}(?:to|until it reaches) \d+\s*°?"
    r"|\b(?:safe|unsafe|fine|ok|okay|alright|dangerous) to (?:eat|drink|refreeze|re-freeze|"
    r"reheat|re-heat|serve|give|keep|freeze|consume)\b"
    # "You can eat mince that's been in the fridge 5 days." (a ninth trial's)
    r"|\byou can (?:definitely |safely |still )*(?:eat|have|use|serve)\b[^.!?]*"
    r"\b(?:been|days?|weeks?|old|fridge|freezer|left out)\b"
    r"|\b(?:it's|it is|they're|they are|that's|that is) (?:still )?(?:perfectly )?(?:safe|"
    r"unsafe|edible|inedible)\b"
    r"|\byou can (?:safely |definitely |still )*(?:refreeze|re-freeze|reheat|re-heat|still eat|"
    r"eat it|eat them|warm|defrost|thaw)\b"
    # "you can microwave breast milk", never a step ("You can microwave it for 2 minutes")
    r"|\bmicrowav\w* (?:the |your |some )?(?:breast ?milk|formula|baby|bottle)"
    # "…microwave breast milk … without any risks" (an eleventh trial's)
    r"|\bwithout (?:any )?(?:risks?|danger)\b|\bno risk\b"
    r"|\b(?:food poisoning|salmonella|listeria|e\. coli|botulism|bacteria)\b",
    re.IGNORECASE,
)
# A measure said to equal an amount: "A cup of flour is approximately 15.3 grams.", "1
# gallon = 2560 ml", "multiply by 0.7". The kitchen's tables own these; a small model
# makes them up. A recipe's step ("add 200 g of flour") says no amount *is* another.
_UNIT = (
    r"(?:g|grams?|kg|kilos?|kilograms?|mg|ml|mls|millilit(?:er|re)s?|millilet(?:er|re)s?|"
    r"l|lit(?:er|re)s?|cups?|tbsps?|tablespoons?|table ?spoons?|tsps?|teaspoons?|tea ?spoons?|"
    r"oz|ounces?|lbs?|pounds?|pints?|quarts?|gallons?|fl\.? ?oz|fluid ounces?|°\s*[cf]|"
    r"degrees?|celsius|fahrenheit|gas mark)"
)
_EQUALS = (
    r"(?:is|are|equals?|=|makes?|weighs?|comes? to|works? out (?:at|to)|gives?|get|gets|"
    r"converts? to|is equal to|is the same as)"
)
_ABOUT = (
    r"(?:(?:approximately|about|around|roughly|exactly|just over|just under|nearly|almost|~)\s+)?"
)
_COOKING = r"\b(?:boil|bake|roast|cook|simmer|fry|grill|steam|poach|microwave|rest|prove)\w*\b"
# Asked how long to cook or rest something: the kitchen's tables answer what they hold, and
# the model's guess is never the answer ("how long should I rest the chicken for?" got "The
# chicken should be rested for 2 hours before serving." in an outside trial).
_HOW_LONG = re.compile(rf"\bhow (?:long|many (?:minutes|mins|hours))\b(?=.*{_COOKING})", re.I)
_A_DURATION = re.compile(
    r"\b(?:\d+(?:[.,]\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|"
    r"fifteen|twenty|thirty|forty|forty-five|sixty|ninety|half an?|a few|a couple of)\s*"
    r"(?:-\s*\d+\s*|to \d+\s*)?(?:minutes?|mins?|hours?|hrs?)\b",
    re.I,
)
_MEASURE = re.compile(
    rf"\b{_EQUALS}\s+{_ABOUT}\d+(?:[.,]\d+)?\s*{_UNIT}(?![a-z])"
    r"|=\s*\d|\bmultiply (?:it |this |that |them )?by \d"
    # "The answer is 10.", 'The answer is: "2019-12-31 23:45"': a number made up whole
    r"|\bthe answer is:?\s*[\"“']?\d"
    rf"|^(?=.*{_COOKING}).*\b(?:is|are|takes?)\s+{_ABOUT}\d+\s*(?:minutes?|mins?|hours?|hrs?)\b",
    re.IGNORECASE,
)
# The model saying Hearth cannot do what it does: "I don't have the ability to set a timer."
# (a trial heard it four times). What is true is how to ask, which NOTHING_DONE says.
_CANNOT = (
    r"\bi(?:\s+|')(?:do not|don't|dont|cannot|can't|cant|can not|am unable|m unable|"
    r"am not able|m not able|have no way)\b[^.!?]*?"
)
# A change asked for, in its first words: "make that…", "no make it…", "change it to…"
_A_CHANGE_SAID = re.compile(
    r"^(?:(?:no|oh|actually|sorry|wait) )*(?:make|change|move|put|swap|set) "
    r"(?:that|it|them|this|those)\b"
)
# Program code, which a kitchen never asked for: "del GF pasta" (texted, to take it off the
# list) got a block of Python from the model (a twenty-first trial's)
_CODE = re.compile(
    r"```|^\s*(?:def|class) \w+\s*[(:]|^\s*(?:import [\w.]+|from [\w.]+ import \w+)\s*$|"
    r"^\s*(?:print|len|input)\(|^\s*>>>|^\s*del \w+(?:\[|$)|^\s*\w+ = \[|^\s*return \w+\s*$"
)
# The model talking about the exchange instead of to the household: a fifth trial heard "The
# user is correct. The sentence contains a grammatical error…", "The correct answer is:" and
# "The user's response is incorrect."; and its settings: "…is in the keyword+semantic mode."
_ABOUT_THE_EXCHANGE = re.compile(
    r"^\W*(?:the user(?:'s)?\b|the (?:correct|right) answer (?:is|would be)\b)"
    r"|\b(?:keyword\+semantic|semantic mode|keyword mode|recall mode|system prompt)\b"
    # the model as a chatbot somewhere else: "as a text-based AI assistant, I don't have the
    # ability to…", "Please refer to the recipe provided by the user.", "I don't have the
    # ability to access your current location." (a twenty-second trial's); Hearth is in this
    # kitchen, and a household is no "user"
    r"|\bas an? (?:[\w-]+ ){0,3}(?:ai|language model|chatbot|virtual assistant)\b"
    r"|\b(?:provided|given|asked|said) by the user\b|\bthe user(?:'s)? (?:request|question)\b"
    r"|\b(?:access|know|see|track) your (?:current )?(?:location|whereabouts|position)\b",
    re.IGNORECASE,
)
# A link: nothing leaves the house, and no answer sends anyone off to the internet ("you can
# find me on Facebook and Twitter using the following link: [https://twitter.com/…]", a
# twenty-second trial's, made up)
_A_LINK = re.compile(
    r"\bhttps?://|\bwww\.\w|\b[\w-]+\.(?:com|org|net|co\.uk|io|gov|info)\b"
    r"|\b(?:find|follow|contact|message) (?:me|us) on (?:facebook|twitter|instagram|x|tiktok)\b",
    re.IGNORECASE,
)
_DENIES_WHAT_IT_DOES = re.compile(
    # (not "keep" or "stop": "Sorry, I can't keep that." is true of a fact the guard refused,
    # "I can't stop the oven" of the oven)
    rf"{_CANNOT}\b(?:set|add|remind|cancel|delete|remove|clear|snooze)\b"
    rf"|{_CANNOT}\b(?:timers?|reminders?|shopping|lists?|microphone|hear you|listen)\b"
    # said of the household: "Always remember that you can't cancel your reminder."
    r"|\byou (?:can't|cannot|can not) \w+ (?:your |the |a |any )?(?:reminders?|timers?|"
    r"shopping list|list)\b",
    re.IGNORECASE,
)
# where a reply is cut into sentences: the one rule (appliance/sentences.py), and a new line
SENTENCE_END = re.compile(rf"{END_OF_A_SENTENCE.pattern}|\n+")
_WORD = re.compile(r"[a-z']+")
RECITAL_WORDS = 8  # this many words in a row from the system prompt is reciting it


def word_runs(words: Sequence[str], length: int) -> set[str]:
    """Every run of `length` words in a row, each joined by spaces."""
    return {" ".join(words[i : i + length]) for i in range(len(words) - length + 1)}


# The household's records, asked about, and a model's sentence that orders one, said back
# …asked for as a command ("set timer 12 min pizza"), never a question or a list of ideas
# ("what should I set a timer for when I boil an egg", "list some easy dinners": a review's
# advice was stopped)
_A_RECORD = re.compile(
    r"^\W*(?:(?:hearth|please|pls|can you|could you|ok|okay)\W+)*(?:set|start|add|put|stick|"
    r"remind|cancel|stop|timer)\b.*\b(?:timers?|reminders?|remind|alarms?|list)\b",
    re.IGNORECASE,
)
_ORDERS_A_RECORD = re.compile(
    r"^\W*(?:ok(?:ay)?\W+)?(?:set|start|add|put|remind|cancel|stop|remove)\b[^.?!]*"
    r"\b(?:timers?|reminders?|alarms?|list|minutes?|mins?|hours?)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Broken:
    """A sentence that breaks a bound, and what Hearth says instead."""

    bound: str  # action | echo | code | link | ability | clock | weather | life | untold
    # | untold when | refused | unsafe food | hearsay
    # | food safety | allergen | measure | list | stock | recital
    instead: str


class ReplyBounds:
    """The bounds one reply is checked against (the system prompt it must not recite)."""

    def __init__(
        self,
        instructions: str = "",
        asked: str = "",
        told: Told | None = None,
        hearsay: Hearsay | None = None,
        unsafe: UnsafeFood | None = None,
        refused: Callable[[str], bool] | None = None,
    ) -> None:
        words = _WORD.findall(instructions.lower())
        self._runs = word_runs(words, RECITAL_WORDS)
        # what the person said, unless they asked a question (an answer may restate one)
        question = asked.rstrip().endswith("?")
        self._said = set() if question else set(_WORD.findall(asked.lower()))
        self._opening = _WORD.findall(asked.lower())[:3]
        # what the person asked to change, unless they asked whether to ("is the milk off?")
        self._changed = set() if question else asked_changed(asked)
        self._how_long = _HOW_LONG.search(asked) is not None
        self._asked_a_record = _A_RECORD.search(asked) is not None
        self._asked = asked
        self._people_told = told  # None: no household people to check sentences against
        self._hearsay = hearsay or Hearsay(asked)
        self._unsafe = unsafe or UnsafeFood("")
        self._refused = refused  # None: no refusals to check sentences against

    def broken(self, sentence: str) -> Broken | None:
        if claims_action(sentence):
            return Broken("action", NOTHING_DONE)
        if self._echoes(sentence) or _ABOUT_THE_EXCHANGE.search(sentence):
            return Broken("echo", NOT_UNDERSTOOD)
        if _CODE.search(sentence):
            return Broken("code", NOT_UNDERSTOOD)
        if _A_LINK.search(sentence):
            return Broken("link", NOT_UNDERSTOOD)
        if says_done(sentence, self._changed):
            return Broken("action", NOTHING_DONE)
        if self._asked_a_record and _ORDERS_A_RECORD.search(sentence):
            # "Set a timer for 12 minutes." to "set timer 12 min pizza", with none set (a
            # twelfth trial's): said back as a command, it reads as done
            return Broken("action", NOTHING_DONE)
        if _DENIES_WHAT_IT_DOES.search(sentence):
            return Broken("ability", NOTHING_DONE)
        if _CLOCK.search(sentence) and not sentence.rstrip().endswith("?"):  # asking is fine
            return Broken("clock", NO_CLOCK)
        if _WEATHER.search(sentence):
            return Broken("weather", NO_WEATHER)
        if _OWN_LIFE.search(straight(sentence)):
            return Broken("life", NO_LIFE)
        if self._people_told is not None and (who := self._people_told.guessed(sentence)):
            return Broken("untold", untold(who))
        if self._people_told is not None and self._people_told.guessed_when(sentence):
            return Broken("untold when", UNTOLD_WHEN)
        # told, or said by the person just now, and refused on the board before
        asks = sentence.rstrip().endswith("?")
        if self._refused is not None and not asks and self._refused(sentence):
            return Broken("refused", REFUSED_BEFORE)
        if self._unsafe.suggests(sentence):
            return Broken("unsafe food", UNSAFE_SUGGESTION)
        if self._hearsay.restated(sentence):
            return Broken("hearsay", ONLY_A_MAYBE)
        if _FOOD_SAFETY.search(sentence):
            return Broken("food safety", UNSURE)
        if STATES_ALLERGEN.search(sentence) and not sentence.rstrip().endswith("?"):
            return Broken("allergen", ALLERGEN_UNSURE)  # "cornflour is not gluten free"
        if _MEASURE.search(sentence) or (self._how_long and _A_DURATION.search(sentence)):
            return Broken("measure", NO_MEASURE)
        if guessed_list(sentence, self._asked):
            return Broken("list", LIST_GUESSED)
        if made_up_stock(sentence, self._said):
            return Broken("stock", NO_STOCK)
        if word_runs(_WORD.findall(sentence.lower()), RECITAL_WORDS) & self._runs:
            return Broken("recital", NO_RECITAL)
        return None

    def _echoes(self, sentence: str) -> bool:
        """Whether the sentence is the person's own words said back: "Clear mothoel shopping
        list." to a garbled command sounds like it was done (two outside trials heard it);
        or opens with their first three words, as a change asked for: "no, make that 4 pints
        of chocolate." to "no, make that 4 pints" (a twenty-first trial's, nothing changed)."""
        words = _WORD.findall(sentence.lower())
        if len(words) < 3 or not self._said or sentence.rstrip().endswith("?"):
            return False
        if words[:3] == self._opening and _A_CHANGE_SAID.match(" ".join(words[:4])):
            return True
        return sum(word in self._said for word in words) >= 0.8 * len(words)


# A reply that is a number and nothing else: to "wait no, 25" or "remind me about the
# candles at 9 instead", "25." and "9." sound done (a second outside trial heard four).
_BARE_NUMBER = re.compile(r"\W*\d+(?:[.,:]\d+)?\W*")


def reply_bounds(
    instructions: str,
    asked: str,
    facts: Sequence[str],
    people: frozenset[str],
    earlier: str = "",
    refused: Callable[[str], bool] | None = None,
) -> ReplyBounds:
    """The bounds a reply to `asked` is checked against, with the facts recalled for it, the
    names memory holds, what the person said earlier in the conversation, and whether a
    person refused what a sentence says (memory's tombstones)."""
    told = " ".join(facts)
    return ReplyBounds(
        instructions,
        asked,
        Told(people, told, asked, earlier, tuple(facts)),
        Hearsay(asked, told),
        UnsafeFood(told, asked),
        refused,
    )


def bounded(pieces: Iterable[str], bounds: ReplyBounds) -> Iterator[str]:
    """The model's pieces, a sentence at a time, each checked before it is said.

    A reply that is a number and nothing more ("25." to "wait no, 25") sounds like a
    setting made; the same number opening a list ("1. Use cold butter.") is a list. So a
    first sentence that is a bare number is held until the reply goes on or ends."""
    held = ""
    number = ""  # a first sentence that is only a number, not yet said
    said = False
    for piece in pieces:
        held += piece
        parts = SENTENCE_END.split(held)
        for sentence in parts[:-1]:
            if (broken := bounds.broken(sentence)) is not None:
                yield broken.instead
                return
            if not said and not number and _BARE_NUMBER.fullmatch(sentence):
                number = sentence + " "
                continue
            said = True
            yield number + sentence + " "
            number = ""
        held = parts[-1]
    if held.strip():
        if (broken := bounds.broken(held)) is not None:
            yield broken.instead
            return
        if not said and not number and _BARE_NUMBER.fullmatch(held):
            yield NOT_UNDERSTOOD
            return
        yield number + held
    elif number:
        yield NOT_UNDERSTOOD  # the reply was a number alone


# -- questions the model must not be asked -------------------------------------------------

_ASKS_WEATHER = re.compile(
    r"\b(?:weather|forecast|(?:is|will) it (?:going to |gonna )?"
    r"(?:rain|snow|be (?:sunny|cold|warm|hot|wet|dry|windy|freezing|frosty|icy))\w*|"
    r"raining|snowing|temperature outside|how (?:cold|hot|warm) is it outside|need an umbrella|"
    r"need a coat)\b",
    re.IGNORECASE,
)


WEATHER = fixed_reply("weather", _ASKS_WEATHER, NO_WEATHER)
