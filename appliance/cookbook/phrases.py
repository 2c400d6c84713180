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

from appliance.apostrophes import straight
from appliance.cookbook.request import NUMBER_WORDS, CookingRequest, said_number
from appliance.cookbook.scale_phrases import scale_request
from appliance.household import spoken

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
    text = straight(text.lower()).strip()
    text = _BARE_CONTRACTION.sub(lambda m: _CONTRACTIONS[m[0]], text)
    text = re.sub(r"[?!.;]+", " ", text)
    text = " ".join(text.replace(",", " , ").split())
    text = _FILLERS.sub("", text).strip(" ,")
    return _TAIL.sub("", text).strip(" ,")


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
    r"\bin (?:grams|ounces|oz|ml|millilitres|cups|pounds|kilos|celsius|fahrenheit)$|"
    # a household timer asked after by name, even while cooking ("how long is left on the
    # pasta timer"): the household's records answer it
    r"\btimer\b.*\b(?:left|remaining|to go)\b|\b(?:left|remaining) on (?:the|my) .*\btimer\b|"
    r"\bis (?:the|my) [a-z' ]*timer (?:still )?(?:going|running|on)\b|"
    # how long something else takes, and the weather's heat
    r"\bhow long(?:'s| is) (?:a|the) (?!step|bake|cook|rest|oven|timer|recipe)|"
    r"\bhow long (?:till|until|ago|since|have you|has (?:he|she)|did|are you)\b|"
    r"\bhow long does it take to (?!cook|bake|roast|boil|rest|rise|prove|set|cool|chill)|"
    r"\bhow much longer (?:are|is|will) (?:you|he|she|they)\b|"
    r"^(?!.*\boven\b).*\b(?:hot|cold|warm|temperature)\b.*\b(?:tomorrow|outside|forecast)\b|"
    r"\bhow hot (?:was|is it going|will it get|is it outside)\b|\btemperature in [a-z]+\b"
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
            r"countdown|clock)\b|\b(?:timer|countdown)\b(?! on (?:your|my|his|her|their|the)\b)"
            r"[^,]*?\b(?:on|go|going|please|now|start)"
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
            r"\boven\b(?! glove)|(?<!\ba )\btemp(?:erature)?\b|\bhow hot\b|\bdegrees\b|"
            r"\bgas mark\b|\bpre-?heat\b|\bis it \d{2,3} or \d{2,3}\b|\bfan (?:setting|oven)\b|"
            r"\bwhat heat\b",
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
            # "back" as a command, not "go back to sleep", "put it back", "my back"
            r"^(?:(?:wait|no|oops|hang on|sorry) (?:, )?)*(?:go |step |move |take me |jump )?back"
            r"(?: (?:one|a step|one step|a bit|please|again|up))*$|"
            r"\b(?:go|step|move|take me|take us|jump|skip|going) back\b"
            r"(?! (?:to|for|from|in|home|out|down|later|where|with|on)\b)|"
            r"\bback (?:one|a step|one step|a bit)\b|\bprevious\b|\bstep before\b|"
            r"\bone before\b|\bundo\b|"
            r"\bthe last step\b|^last (?:step|one)$|\brewind\b",
        ),
        (
            "next",
            # "next" as a command, not "next door", "next time", "who's next for the shower"
            r"(?<!who's )(?<!who is )\bnext\b(?! (?:door|time|week|year|month|day|bus|train|"
            r"episode|morning|weekend|for)\b)|\bmove on\b|\bmoving on\b|"
            r"\bcarry on\b(?! (?:like|with your|and you))|\bkeep going(?: then| please)?$|"
            r"(?<!\bto )\bcontinue\b|"
            r"\bwhat now\b|\bwhat do (?:i|we) do (?:now|then)\b|\bafter that(?= ,|$)|\bthen what\b|"
            r"\bonwards\b|\bgo on\b(?! , (?:have|take|tell|try|eat))|^(?:i'?m |we'?re )?ready\b|"
            r"\bwhat'?s the next (?:step|one|bit|thing)\b|"
            r"^(?:i'?ve |we'?ve )?(?:done|finished)(?: that| it| this)?(?: (?:step|bit|one))?$|"
            r"\b(?:finished|done) (?:that|this)(?: one| step| bit)?\b|\bthat'?s (?:done|in)\b|"
            r"\bskip (?:this|it|ahead)\b|^forward$|\b(?:comes )?after (?:this|that)(?= ,|$| one)|"
            r"\bcomes next\b",
        ),
        (
            "repeat",
            # "again" asked of the step, not "my oat milk again", "whistling again"
            r"(?:^|\b(?<!at )(?:that|it|step|please|say|read|tell me|once|what was that|sorry) )"
            r"again\b(?! and\b)|"
            r"\brepeat\b(?! (?:after|myself|yourself))|\bpardon\b(?! my\b)|\bcome again\b|"
            r"\bwhat did you say\b|"
            r"\bmissed (?:that|it|what)\b|\bdidn'?t (?:catch|hear|get)\b|\bone more time\b|"
            r"\bsay (?:that|it)(?: again| one more time)?(?: please)?(?: , .*)?$|"
            r"\bread (?:that|it|the step|this step)\b|^huh$|^what$|"
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
    # "how many people" only of the recipe: never "how many people live in london" (a
    # review's got "Nothing is being cooked")
    r"\bhow many (?:(?:people|persons)(?= (?:is|does|will|for|can)\b|\W*$)|servings|portions|"
    r"does (?:it|this) (?:serve|make|feed)|"
    r"will (?:it|this) (?:serve|make|feed)|is (?:it|this) for)\b|\bhow many (?:does|will) "
    r"(?:it|this) (?:serve|make|feed)\b|\bwhat does (?:it|this) (?:serve|make)\b"
)
_AMOUNT_WORDS = frozenset({"time", "longer", "more time", "it", "that", "of it", "of that"})
_STEP = re.compile(
    rf"\bstep (?:number )?(?P<n>{NUMBER_WORDS})\b|"
    rf"\b(?:go|skip|jump|take me|move|back|read|what'?s|what is) (?:to )?the (?P<o>{NUMBER_WORDS})"
    rf" step\b|"
    rf"(?:^|\bto )number (?P<r>{NUMBER_WORDS})$|"
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
        said_name = start["name"] or start["name2"] or start["name3"] or ""
        # a recipe's name ends at a clause break: "I'm cooking, can I call you back" names none
        name = re.split(r"(?:^| ),(?: |$)", said_name)[0].strip()
        # "let's make mum's shepherd's pie step 2": a recogniser's tail on a recipe's name
        named = re.sub(rf"\s+step (?:number )?{NUMBER_WORDS}$", "", name)
        lead = start["verb"] in ("make", "cook", "bake", "making", "cooking", "baking")
        if named and scale_request(said) is None and (lead or _STEP.search(said) is None):
            return CookingRequest("start", name=named)
    if _NOT_OURS.search(said):
        return None
    if re.search(r"\bback to the (?:last|previous) (?:step|one|bit)\b", said):
        return CookingRequest("back")  # the one before, not the recipe's last step
    if (step := _STEP.search(said)) is not None:
        n = step["n"] or step["o"] or step["r"]
        number = 1 if n is None else (-1 if n == "last" else said_number(n))
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
