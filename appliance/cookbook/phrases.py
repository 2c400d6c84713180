"""What a cook says while cooking, read by rules into one request.

    cooking_request("ok what's next")                 -> CookingRequest("next")
    cooking_request("how much butter do I need")      -> CookingRequest("amount", "butter")
    cooking_request("I've only got 300 g of flour")   -> CookingRequest("scale", have=...)
    cooking_request("let's make nana's flapjacks")    -> CookingRequest("start", "nana's flapjacks")

Most of these mean something only while a recipe is being cooked ("next", "back",
"how much butter"); `start` and `recipes` mean something at any time. Whatever is not
one of them is None, and the household's commands ("set a timer for 5 minutes", "add
milk to the list") and everything else go on to the rest of the router.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from appliance.cookbook.amounts import Ingredient, read_ingredient
from appliance.household import spoken
from appliance.numbers import ORDINALS, number_at

WHILE_COOKING = (
    "serves",
    "next",
    "back",
    "repeat",
    "ingredients_for_step",
    "amount",
    "oven",
    "how_long",
    "start_timer",
    "scale",
    "stop_cooking",
    "step_number",
)


@dataclass(frozen=True)
class CookingRequest:
    intent: str  # one of WHILE_COOKING, "start" or "recipes"
    name: str | None = None  # amount: the ingredient; start: the recipe; how_long: a verb
    factor: Fraction | None = None  # scale: how much of the recipe
    serves: int | None = None  # scale: for how many
    have: Ingredient | None = None  # scale: "I only have 300 g of flour"
    step: int | None = None  # step_number


_FILLERS = re.compile(
    r"^(?:(?:um+|uh+|erm+|er|hmm+|ok(?:ay)?|so|right|alright|all right|hey|hi|yeah|yes|oh|"
    r"well|and|hearth|please|sorry|cool|great|done|lovely|perfect|thanks|"
    r"thank you)\b[\s,.!]*)+"
)
_TAIL = re.compile(r"(?:[\s,]+(?:please|hearth|thanks|thank you|mate|love))+$")


# A recogniser's or a hurried typist's contractions without the apostrophe.
_CONTRACTIONS = {
    "whats": "what's",
    "ive": "i've",
    "im": "i'm",
    "theyre": "they're",
    "dont": "don't",
    "cant": "can't",
    "lets": "let's",
    "thats": "that's",
    "wheres": "where's",
    "isnt": "isn't",
    "weve": "we've",
    "youre": "you're",
    "hows": "how's",
    "didnt": "didn't",
}
_BARE_CONTRACTION = re.compile(r"\b(?:" + "|".join(_CONTRACTIONS) + r")\b")


def _plain(text: str) -> str:
    text = text.lower().replace("’", "'").strip()
    text = _BARE_CONTRACTION.sub(lambda m: _CONTRACTIONS[m[0]], text)
    text = re.sub(r"[?!.;]+", " ", text)
    text = " ".join(text.replace(",", " , ").split())
    text = _FILLERS.sub("", text).strip(" ,")
    return _TAIL.sub("", text).strip(" ,")


_NUMBER_WORDS = (
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fifteen|twenty|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)"
)
# Said while cooking, tried in this order; each is searched for anywhere in what was
# said (fillers gone), so "ok that's in the pan, what's after that" is still "next".
_NOT_OURS = re.compile(
    r"\btimer for (?:a |an )?\w+ (?:minutes?|mins?|hours?|seconds?)\b|"  # a timer of its own
    r"\b(?:set|start) (?:a|another) timer\b|"
    # the kitchen's conversions
    r"\bhow many (?!minutes|mins|hours|seconds)\w+ (?:in|to) (?:a|an|one)\b|\bconvert\b|"
    r"\bshopping list\b|\bto the list\b|\bremind me\b(?! (?:what|how|which|where))|\bweather\b|"
    r"\bremember\b|"
    # food safety is the kitchen's tables' to answer, never a recipe's step
    r"\bsafe\b|\bsafely\b|\binternal\b|\bcore temp|\bcooked through\b|\bthermometer\b|"
    r"\b(?:is|are) [a-z ]+ (?:cooked|done) (?:at|when)\b|"
    r"\bfridge\b|\bfreezer\b|\bkeep for\b|\bdoes \w+(?: \w+)? keep\b|\breheat|"
    r"\bhow long (?:can|will|does|do|should)\b.*\b(?:keep|kept|left out|last|stored?|stay|good)\b|"
    r"\bhow (?:many|much) \w+ (?:is|are) (?:\d|a |an |one )|"
    r"\bin (?:grams|ounces|oz|ml|millilitres|cups|pounds|kilos|celsius|fahrenheit)$"
)
_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (intent, re.compile(pattern))
    for intent, pattern in (
        (
            "stop_cooking",
            r"\b(?:stop|finish|end|quit|exit|close|cancel|abandon|leave)(?: the)? "
            r"(?:cooking|recipe|this recipe|session)\b|\bgiving up\b|\bgive up\b|"
            r"^(?:i'?m|we'?re|i am|we are) (?:all )?(?:done|finished)(?: cooking| with (?:the|this)"
            r" recipe| now)?$|\b(?:done|finished) (?:cooking|with (?:the|this) recipe)\b|"
            r"^(?:that'?s|that is) (?:it|all)(?: ,)?(?: (?:we'?re|i'?m) (?:done|finished))?$|"
            r"\bno more (?:steps|cooking)\b|\bwe'?re finished\b|\bthat'?s us done\b|"
            r"^forget it\b|\b(?:i'?m|we'?re) ordering\b|^(?:quit|exit|end it|finish)$",
        ),
        (
            "start_timer",
            r"\b(?:start|set|begin|run|kick off|put on|start up)\b[^,]*?\b(?:timer|"
            r"countdown|clock)\b|\b(?:timer|countdown)\b[^,]*?\b(?:on|go|going|please|now|start)"
            r"\b|^(?:yes |yeah )?(?:start|set) it(?: going)?$|\btime (?:it|this|that)\b|"
            r"^(?:yes|yeah|go|ok go)(?: ,)? (?:timer|start it)$|\bstart timing\b|"
            r"(?:^|, )timer$",
        ),
        (
            "how_long",
            r"\bhow long\b|\bhow many minutes\b|\bhow much (?:longer|time)\b|"
            r"\bwhen (?:is|will) (?:it|this|that) be (?:done|ready)\b|\bfor how long\b|"
            r"\b(?:cooking|baking|roasting|resting|rising|proving) time\b",
        ),
        (
            "oven",
            r"\boven\b|\btemp(?:erature)?\b|\bhow hot\b|\bdegrees\b|\bgas mark\b|"
            r"\bpre-?heat\b|\bis it \d{2,3} or \d{2,3}\b|\bfan (?:setting|oven)\b|\bwhat heat\b",
        ),
        (
            "ingredients_for_step",
            r"\bingredients?-wise\b|\bwhat'?s in (?:this|the) step\b|"
            r"\bingredients (?:for|in) (?:this|the) (?:step|bit|part)\b|"
            r"\bwhat'?s needed (?:for|in) (?:this|the) (?:step|bit|part)\b|"
            r"\b(?:what|which)\b[^,]*\b(?:ingredients?|need|adding|add|"
            r"going in|goes in|go in|use|using|have ready|get out)\b[^,]*\b(?:step|here|now|this"
            r" one|this bit|this part|point|stage)\b|\b(?:what|which) ingredients\b|"
            r"^what (?:am i|are we|do i|do we) (?:adding|add|need|using)$|"
            r"^(?:what(?:'s| is) )?going in(?: now| here)?$|^what goes in$",
        ),
        (
            "back",
            r"\bback\b|\bprevious\b|\bstep before\b|\bone before\b|\bundo\b|"
            r"\bthe last step\b|^last (?:step|one)$|\brewind\b",
        ),
        (
            "next",
            r"\bnext\b|\bmove on\b|\bmoving on\b|\bcarry on\b|\bkeep going\b|\bcontinue\b|"
            r"\bwhat now\b|\bwhat do (?:i|we) do (?:now|then)\b|\bafter that\b|\bthen what\b|"
            r"\bonwards\b|\bgo on\b|^(?:i'?m |we'?re )?ready\b|\bwhat'?s the next\b|"
            r"^(?:i'?ve |we'?ve )?(?:done|finished)(?: that| it| this)?(?: (?:step|bit|one))?$|"
            r"\b(?:finished|done) (?:that|this)(?: one| step| bit)?\b|\bthat'?s (?:done|in)\b|"
            r"\bskip (?:this|it|ahead)\b|^forward$|\b(?:comes )?after (?:this|that)\b|"
            r"\bcomes next\b",
        ),
        (
            "repeat",
            r"\bagain\b|\brepeat\b|\bpardon\b|\bcome again\b|\bwhat did you say\b|"
            r"\bmissed (?:that|it|what)\b|\bdidn'?t (?:catch|hear|get)\b|\bone more time\b|"
            r"\bsay (?:that|it)\b|\bread (?:that|it|the step|this step)\b|^huh$|^what$|"
            r"^sorry$|\bwhere (?:am i|are we|were we|was i)\b|\bwhat step\b|\bwhat was that\b|"
            r"\bwhat(?:'s| is) this step\b|\bcurrent step\b|\bcan'?t hear\b|^once more$",
        ),
    )
)
_AMOUNT = re.compile(
    r"\b(?:how (?:much|many)|what amount (?:of|for)|what quantity (?:of|for)|"
    r"quantity (?:of|for)|amount (?:of|for)|how much of)(?: of)?(?: the| that| my)? "
    r"(?P<what>[a-z][a-z' -]*?)"
    r"(?: (?:do|did|should|will|does|is|are|was|goes|go|in|for|again|then|it|i|we|you|"
    r"need|needed|want|use|add|put|say|says|take|takes|call|calls|it'?s|there|that|this|"
    r"recipe|the|step)\b.*)?$"
)
_NAME_FIRST = re.compile(
    r"^(?:the )?(?P<what>[a-z][a-z' -]*?)(?: ,)? how (?:much|many)(?: again)?$"
)
_SERVES_ASKED = re.compile(
    r"^(?:it |this |the recipe )?(?:serves|makes|feeds) how many\b|"
    r"\bhow many [a-z]+(?: [a-z]+)? (?:does|will) (?:it|this|the recipe) (?:make|serve|feed)\b|"
    r"\bhow many (?:people|persons|servings|portions|does (?:it|this) (?:serve|make|feed)|"
    r"will (?:it|this) (?:serve|make|feed)|is (?:it|this) for)\b|\bhow many (?:does|will) "
    r"(?:it|this) (?:serve|make|feed)\b|\bwhat does (?:it|this) (?:serve|make)\b"
)
_AMOUNT_WORDS = frozenset({"time", "longer", "more time", "it", "that", "of it", "of that"})
_STEP = re.compile(
    rf"\bstep (?:number )?(?P<n>{_NUMBER_WORDS})\b|"
    rf"\b(?:go|skip|jump|take me|move|back|read|what'?s|what is) (?:to )?the (?P<o>{_NUMBER_WORDS})"
    rf" step\b|"
    rf"(?:^|\bto )number (?P<r>{_NUMBER_WORDS})$|"
    rf"\b(?:start|begin) (?:again|over|from the (?:beginning|start|top))\b|"
    rf"\b(?:back to|from) the (?:beginning|start|top)\b"
)
_START = re.compile(
    r"^(?:let'?s|lets|let us|we'?re going to|i'?m going to|i want to|i'd like to|"
    r"we want to|can we|can i|could we|help me|i'?m|we'?re|time to)?\s*"
    r"(?P<verb>make|cook|bake|start|do|try|begin|open|making|cooking|baking|"
    r"walk me through|take me through|get going on|get going with|get started on|"
    r"get started with|crack on with|start on)(?: (?:making|cooking|baking))? "
    r"(?:the |some |a |an |our |my |us )?(?:recipe (?:for |called )?)?(?P<name>.+?)"
    r"(?: (?:recipe|tonight|today|now))?$|"
    r"^(?:open|show|read|find|get|pull up|load)(?: me| us)? (?:the |our |my )?"
    r"(?:recipe (?:for |called )?)(?P<name2>.+)$|^(?:the )?recipe for (?P<name3>.+)$"
)
_RECIPES = re.compile(
    r"^(?:what|which) recipes (?:do (?:we|you|i) (?:have|know)|are (?:there|in the cookbook)|"
    r"have we got|are kept)|^(?:list|show|read)(?: me)?(?: the| our| my| all(?: the)?)? "
    r"recipes|^what'?s in the cookbook"
)
_FACTORS = {
    "half": Fraction(1, 2),
    "halve": Fraction(1, 2),
    "double": Fraction(2),
    "twice": Fraction(2),
    "triple": Fraction(3),
    "treble": Fraction(3),
    "quadruple": Fraction(4),
    "a third": Fraction(1, 3),
    "a quarter": Fraction(1, 4),
    "one and a half": Fraction(3, 2),
    "half as much again": Fraction(3, 2),
}
_SCALE_BY = re.compile(
    r"(?:^|\b)(?:make |do |cook )?(?P<f>half|halve|double|twice|triple|treble|quadruple|"
    r"a third|a quarter|one and a half|half as much again)(?: (?:the|this|it|of it|the "
    r"recipe|recipe|quantities|amounts?|everything|as much|the amounts?|the quantities|times"
    r"|it all|of the recipe|of everything|of it all|portion|batch|the batch|size))*"
    r"(?: (?:please|instead))?$"
)
_SCALE_TIMES = re.compile(r"(?:times|x) ?(?P<n>\d+(?:\.\d+)?|two|three|four)$|^(?P<m>\d+) ?x$")
_SERVES = re.compile(
    rf"(?:for|serve|serves|feed|feeds|feeding|make (?:it|enough) for|enough for|cook for|"
    rf"scale (?:it|this|the recipe)? ?(?:up |down )?(?:to|for)) (?P<n>{_NUMBER_WORDS}|a "
    rf"dozen)(?: (?:people|persons|of us|portions|servings|instead|adults|guests|kids))*"
    rf"(?: instead| again)?$"
)
# "back to the original amounts", "undo the scaling", "as written": the recipe's own.
_AS_WRITTEN = re.compile(
    r"\b(?:original|normal|usual|full|whole|proper|written|unscaled)\b.*\b(?:amounts?|"
    r"quantities|recipe|measures|size)\b|\bas (?:written|it was|it is written)\b|"
    r"\b(?:undo|reset|cancel|clear|drop|forget)(?: the)? (?:scaling|scale|amounts|halving|"
    r"doubling)\b|\bno (?:more )?scaling\b|\bunscale\b"
)
# "make 12", "just 12 cookies please": how many a "makes" recipe should make.
_MAKE_COUNT = re.compile(rf"^(?:make|just|only|do|bake) (?P<n>{_NUMBER_WORDS}|a dozen)(?: \w+)?$")
_PEOPLE = re.compile(
    rf"\b(?:there'?s|there are|there will be|we'?re|we are|we'?ll be|it'?s) (?P<n>{_NUMBER_WORDS})"
    rf"(?: of us| people| for (?:dinner|tea|lunch))\b|\b(?P<m>{_NUMBER_WORDS}) of us\b|"
    rf"\b(?:feeding|cooking for) (?P<k>{_NUMBER_WORDS})\b"
)
_HAVE = re.compile(
    r"(?:i |we )?(?:'ve |have )?(?:only )?(?:got|have|has) (?:only |just )?(?P<what>.+?)"
    r"(?: (?:left|in the (?:cupboard|fridge|house)|in))?$|"
    r"^(?:there'?s|there is) only (?P<what2>.+?)(?: left)?$"
)


_FRACTION_SAID = {
    "half a": "1/2",
    "half an": "1/2",
    "a quarter of a": "1/4",
    "a quarter of an": "1/4",
    "a third of a": "1/3",
    "three quarters of a": "3/4",
}
_FRACTION_WORDS = re.compile(
    r"\b(?:" + "|".join(sorted(map(re.escape, _FRACTION_SAID), key=len, reverse=True)) + r")\b"
)


def _number(text: str) -> int | None:
    if text in ORDINALS:
        return ORDINALS[text]
    if text.isdigit():
        return int(text)
    found = number_at(text.split(), 0)
    return int(found[0]) if found is not None else None


def _digits(text: str) -> str:
    """Spoken numbers as digits: "three hundred grams of flour" -> "300 grams of flour"."""
    words, out, at = text.split(), [], 0
    while at < len(words):
        found = number_at(words, at) if words[at] not in ("a", "an") else None
        if found is not None and found[1] > at:
            out.append(f"{found[0]:g}")
            at = found[1]
        else:
            out.append(words[at])
            at += 1
    return " ".join(out)


def scale_request(said: str) -> CookingRequest | None:
    """ "for six people", "halve it", "I've only got 300 g of flour", or None."""
    said = re.sub(
        r"^(?:can you |could you |let'?s |i want to |we need to |i need to |"
        r"please )",
        "",
        said,
    )
    said = re.sub(r"^(?:scale|make|do|cook)(?: it| this| the recipe)? (?=for|to)", "for ", said)
    if _AS_WRITTEN.search(said):
        return CookingRequest("scale", factor=Fraction(1))
    if (count := _MAKE_COUNT.match(said)) is not None:
        made = 12 if count["n"] == "a dozen" else _number(count["n"])
        return CookingRequest("scale", serves=made) if made else None
    if (by := _SCALE_BY.search(said)) is not None:
        return CookingRequest("scale", factor=_FACTORS[by["f"]])
    if (times := _SCALE_TIMES.search(said)) is not None:
        n = times["n"] or times["m"]
        value = Fraction(n) if n[0].isdigit() else Fraction(_number(n) or 1)
        return CookingRequest("scale", factor=value)
    if (serves := _SERVES.search(said)) is not None:
        n = 12 if serves["n"] == "a dozen" else _number(serves["n"])
        return CookingRequest("scale", serves=n) if n else None
    if (people := _PEOPLE.search(said)) is not None:
        n = _number(people["n"] or people["m"] or people["k"])
        return CookingRequest("scale", serves=n) if n else None
    said = _FRACTION_WORDS.sub(lambda m: _FRACTION_SAID[m[0]], said)
    says_have = re.search(
        r"\bonly\b|\bjust\b|\bleft\b|^(?:i'?ve|we'?ve|i have|we have) got \d", said
    )
    if says_have and (have := _HAVE.search(said)):
        ingredient = read_ingredient(_digits(have["what"] or have["what2"]))
        if ingredient.quantity is not None and ingredient.item:
            return CookingRequest("scale", have=ingredient)
    return None


def cooking_request(text: str) -> CookingRequest | None:
    """The request `text` makes of a cooking session, or None."""
    said = _plain(text)
    if not said:
        return None
    if _RECIPES.search(said):
        return CookingRequest("recipes")
    # "only 150 ml of cream left in the fridge": what is left, not how long food keeps
    said = re.sub(r"\bleft in the (?:fridge|freezer|cupboard|pantry|house)$", "left", said)
    timed = re.search(r"\btim(?:er|ing)\b|\b(?:cooking|baking|roasting|prep) time\b", said)
    if (start := _START.match(said)) is not None and not timed:
        name = (start["name"] or start["name2"] or start["name3"] or "").strip(" ,")
        # "let's make mum's shepherd's pie step 2": a recogniser's tail on a recipe's name
        named = re.sub(rf"\s+step (?:number )?{_NUMBER_WORDS}$", "", name)
        lead = start["verb"] in ("make", "cook", "bake", "making", "cooking", "baking")
        if named and scale_request(said) is None and (lead or _STEP.search(said) is None):
            return CookingRequest("start", name=named)
    if _NOT_OURS.search(said):
        return None
    if re.search(r"\bback to the (?:last|previous) (?:step|one|bit)\b", said):
        return CookingRequest("back")  # the one before, not the recipe's last step
    if (step := _STEP.search(said)) is not None:
        n = step["n"] or step["o"] or step["r"]
        number = 1 if n is None else (-1 if n == "last" else _number(n))
        return CookingRequest("step_number", step=number) if number else None
    for clause in (said, *said.split(" , ")):
        if (scaled := scale_request(clause)) is not None:
            return scaled
    if _SERVES_ASKED.search(said):
        return CookingRequest("serves")
    amount = _AMOUNT.search(said) or _NAME_FIRST.match(said)
    if re.search(r"\btim(?:er|ing)\b", said) and spoken.duration_in(spoken.words(said)):
        return None  # "set a 20 minute timer": a timer of its own, the household's
    for intent, rule in _RULES:
        if intent == "ingredients_for_step" and amount is not None and _amount_name(amount):
            return CookingRequest("amount", name=_amount_name(amount))
        if rule.search(said):
            if intent == "how_long":
                verb = re.search(
                    r"\b(bake|roast|rest|rise|prove|chill|simmer|boil|fry|cook|"
                    r"steam|grill|marinate|soak|set|cool|stew|braise)",
                    said,
                )
                return CookingRequest("how_long", name=verb[1] if verb else None)
            return CookingRequest(intent)
    if amount is not None and (name := _amount_name(amount)):
        return CookingRequest("amount", name=name)
    return None


def _amount_name(found: re.Match[str]) -> str | None:
    what = found["what"].strip()
    return what if what and what not in _AMOUNT_WORDS else None
