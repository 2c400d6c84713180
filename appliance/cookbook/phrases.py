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
from appliance.numbers import number_at

WHILE_COOKING = (
    "next", "back", "repeat", "ingredients_for_step", "amount", "oven", "how_long",
    "start_timer", "scale", "stop_cooking", "step_number",
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
    r"well|and|now|then|hearth|please|sorry|cool|great|done|lovely|perfect|thanks|"
    r"thank you)\b[\s,.!]*)+"
)
_TAIL = re.compile(r"(?:[\s,]+(?:please|then|now|hearth|thanks|thank you|mate|love))+$")


def _plain(text: str) -> str:
    text = text.lower().replace("’", "'").strip()
    text = re.sub(r"[?!.;]+", " ", text)
    text = " ".join(text.replace(",", " , ").split())
    text = _FILLERS.sub("", text).strip(" ,")
    return _TAIL.sub("", text).strip(" ,")


_NUMBER_WORDS = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|" \
    r"fifteen|twenty|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)"
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
    "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
}
_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (intent, re.compile(pattern))
    for intent, pattern in (
        ("stop_cooking", r"^(?:stop|finish|end|quit|exit|close|cancel|leave)(?: the)? "
         r"(?:cooking|recipe|this recipe|session)|^(?:i'?m|we'?re|i am|we are) "
         r"(?:all )?(?:done|finished)(?: cooking| with (?:the|this) recipe)?$|"
         r"^(?:that'?s|that is) (?:it|all)(?: , | )?(?:we'?re |i'?m )?(?:done|finished)?$|"
         r"^(?:all )?(?:done|finished)(?: cooking| with (?:it|this|the recipe))$|"
         r"^no more (?:steps|cooking)$"),
        ("start_timer", r"^(?:(?:can you |could you |go ahead and |yes )?(?:start|set|put on|"
         r"begin|run|kick off)(?: (?:the|that|a|this|its|this step'?s|the step'?s) )?"
         r"(?:step )?timer(?: (?:for (?:it|this|that)(?: step)?|then|going|on))?|"
         r"(?:yes |yeah )?(?:start|set) it|time (?:it|this|that)(?: for me)?|"
         r"(?:start|set) (?:the )?timer (?:for|on) (?:this|the) step|timer (?:on|please|go))$"),
        ("back", r"^(?:go |step |move |skip )?back(?: (?:a|one|1) step| one| a step| to the "
         r"(?:last|previous) (?:one|step)| please)?$|^(?:previous|last)(?: step)?$|"
         r"^(?:what was|read me|go to|repeat) the (?:previous|last) step$|^(?:go )?back one$|"
         r"^undo$|^(?:wait )?go back$"),
        ("next", r"^(?:next|next step|next one|onwards|carry on|keep going|continue|go on|"
         r"move on|moving on|forward|go forward|what'?s next|what is next|what now|"
         r"what do i do next|what do i do now|what'?s the next step|what is the next step|"
         r"and then what|then what|what next|ready for the next (?:step|one)|"
         r"i'?m ready(?: for the next (?:step|one))?|(?:i'?ve |i have )?done (?:that|it)|"
         r"(?:that'?s|that is) done|finished (?:that|this) step|next please|go next|"
         r"(?:go|move|skip) (?:on )?to the next(?: step| one)?|what'?s after that|"
         r"(?:i'?ve )?(?:finished|done) (?:that|this)(?: one| step)?(?: what now)?|"
         r"all done (?:with )?(?:that|this)(?: step)?)$"),
        ("repeat", r"^(?:repeat|say (?:that|it) again|again|come again|pardon|what|"
         r"(?:what|where) was (?:that|i|the step|this step)|read (?:that|it|the step|this step)"
         r"(?: again| out)?|repeat (?:that|the step|this step|it)(?: please)?|"
         r"one more time|what (?:step|bit) am i on|where (?:am i|are we|were we)|"
         r"what'?s this step|what(?:'s| is| was) the (?:current )?step|i missed that|"
         r"didn'?t (?:catch|hear) (?:that|it)|what did you say|huh)$"),
        ("ingredients_for_step", r"^(?:what|which) (?:do i|do we|will i|will we|should i) "
         r"(?:need|use|want)(?: (?:for|in) (?:this|the|that) (?:step|bit|part)| now| here|"
         r" for (?:this|it))?$|^(?:what|which) ingredients(?: do i need| do we need| are)?"
         r"(?: (?:for|in) (?:this|the|that) (?:step|bit|part)| now| here)?$|"
         r"^what goes in(?: (?:now|here|this step|at this step))?$|"
         r"^what(?:'s| is) (?:in|needed for|used in) (?:this|the) step$|"
         r"^(?:ingredients|what do i need)(?: for (?:this|the) step)?$|"
         r"^what (?:do i|do we) add(?: now| here| in this step)?$"),
        ("oven", r"(?:what|which) (?:temp(?:erature)?|heat|gas mark|setting)|"
         r"how hot|oven (?:temp|temperature|setting|on)|temperature (?:for|of) the oven|"
         r"what (?:do i|should i) (?:set|put|heat|turn) the oven|preheat|pre-heat|"
         r"what'?s the oven|what is the oven|oven at what|degrees"),
        ("how_long", r"^how long|how many minutes|how much time|when (?:is it|will it be) "
         r"(?:done|ready)|what'?s the (?:cooking|baking|roasting) time|for how long"),
    )
)
_AMOUNT = re.compile(
    r"^(?:how (?:much|many)|what amount of|what quantity of|how much of(?: the)?)"
    r" (?:of )?(?:the )?(?P<what>[a-z][a-z' -]*?)"
    r"(?: (?:do|did|should|will|does) (?:i|we|it|you|the recipe)(?: need| want| use| add|"
    r" put in| say| take| call for)?(?: for (?:this|that|it|the recipe))?(?: again)?| (?:is|are)"
    r" (?:it|in it|needed|there|that|in (?:this|the recipe))| again| goes in| (?:in|for) "
    r"(?:this|the recipe|it|this step))*$"
)
_AMOUNT_AFTER = re.compile(
    r"^(?:remind me )?how much (?P<what>[a-z][a-z' -]*?) (?:was it|again)$|"
    r"^(?:what was|what'?s) the (?:amount|quantity|measure) (?:of|for) (?:the )?"
    r"(?P<what2>[a-z][a-z' -]*)$"
)
_STEP = re.compile(
    rf"^(?:go |skip |jump |take me |back |move )?(?:to |back to )?(?:step|number) "
    rf"(?P<n>{_NUMBER_WORDS})$|^(?:go |skip |jump )(?:to |back to )(?:the )?(?P<o>"
    rf"{_NUMBER_WORDS}) step$|^(?:read|what'?s|what is|what was) step (?P<r>{_NUMBER_WORDS})"
    rf"(?: again)?$|^start (?:again|over|from the (?:beginning|start|top))$"
)
_START = re.compile(
    r"^(?:let'?s|lets|let us|we'?re going to|i'?m going to|i want to|i'd like to|"
    r"we want to|can we|can i|could we|help me|i'?m|we'?re|time to)?\s*"
    r"(?P<verb>make|cook|bake|start|do|try|begin|open|making|cooking|baking|"
    r"walk me through|take me through)(?: (?:making|cooking|baking))? "
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
    "half": Fraction(1, 2), "halve": Fraction(1, 2), "double": Fraction(2),
    "twice": Fraction(2), "triple": Fraction(3), "treble": Fraction(3),
    "quadruple": Fraction(4), "a third": Fraction(1, 3), "a quarter": Fraction(1, 4),
    "one and a half": Fraction(3, 2), "half as much again": Fraction(3, 2),
}
_SCALE_BY = re.compile(
    r"(?:^|\b)(?:make |do |cook )?(?P<f>half|halve|double|twice|triple|treble|quadruple|"
    r"a third|a quarter|one and a half|half as much again)(?: (?:the|this|it|of it|the "
    r"recipe|recipe|quantities|amounts|everything|as much|the amounts|the quantities|times"
    r"|it all))*(?: (?:please|instead))?$"
)
_SCALE_TIMES = re.compile(r"(?:times|x) ?(?P<n>\d+(?:\.\d+)?|two|three|four)$|^(?P<m>\d+) ?x$")
_SERVES = re.compile(
    rf"(?:for|serve|serves|feed|feeds|feeding|make (?:it|enough) for|enough for|cook for|"
    rf"scale (?:it|this|the recipe)? ?(?:up |down )?(?:to|for)) (?P<n>{_NUMBER_WORDS}|a "
    rf"dozen)(?: (?:people|persons|of us|portions|servings|instead|adults|guests|kids))*"
    rf"(?: instead)?$"
)
_HAVE = re.compile(
    r"(?:i |we )?(?:'ve |have )?(?:only )?(?:got|have|has) (?:only |just )?(?P<what>.+?)"
    r"(?: (?:left|in the (?:cupboard|fridge|house)|in))?$|"
    r"^(?:there'?s|there is) only (?P<what2>.+?)(?: left)?$"
)


def _number(text: str) -> int | None:
    if text in _ORDINALS:
        return _ORDINALS[text]
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
    said = re.sub(r"^(?:can you |could you |let'?s |i want to |we need to |i need to |"
                  r"please )", "", said)
    said = re.sub(r"^(?:scale|make|do|cook)(?: it| this| the recipe)? (?=for|to)", "for ", said)
    if (by := _SCALE_BY.search(said)) is not None:
        return CookingRequest("scale", factor=_FACTORS[by["f"]])
    if (times := _SCALE_TIMES.search(said)) is not None:
        n = times["n"] or times["m"]
        value = Fraction(n) if n[0].isdigit() else Fraction(_number(n) or 1)
        return CookingRequest("scale", factor=value)
    if (serves := _SERVES.search(said)) is not None:
        n = 12 if serves["n"] == "a dozen" else _number(serves["n"])
        return CookingRequest("scale", serves=n) if n else None
    if re.search(r"\bonly\b|\bjust\b|\bleft\b", said) and (have := _HAVE.search(said)):
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
    if (step := _STEP.match(said)) is not None:
        n = step["n"] or step["o"] or step["r"]
        number = 1 if n is None else (-1 if n == "last" else _number(n))
        return CookingRequest("step_number", step=number) if number else None
    if (scaled := scale_request(said)) is not None:
        return scaled
    for intent, rule in _RULES:
        if rule.search(said):
            if intent == "how_long":
                verb = re.search(r"\b(bake|roast|rest|rise|prove|chill|simmer|boil|fry|cook|"
                                 r"steam|grill|marinate|soak|set|cool|stew|braise)", said)
                return CookingRequest("how_long", name=verb[1] if verb else None)
            return CookingRequest(intent)
    amount = _AMOUNT.match(said) or _AMOUNT_AFTER.match(said)
    if amount is not None:
        what = (amount.groupdict().get("what") or amount.groupdict().get("what2") or "").strip()
        if what and what not in ("time", "longer", "more time", "it", "that"):
            return CookingRequest("amount", name=what)
    if (start := _START.match(said)) is not None:
        name = start["name"] or start["name2"] or start["name3"]
        return CookingRequest("start", name=name.strip(" ,")) if name else None
    return None
