"""Food safety: how long food keeps, how hot it must get, and what not to do, from tables.

A food-safety number never comes from a model: a wrong one makes someone ill. A
question of this kind is answered from storage.csv, core_temperatures.csv or
safety_rules.csv (each row naming the FSA, NHS or USDA page it comes from), and a
question of this kind the tables do not answer gets an honest "I'm not sure" with
what to do instead, never a guess and never the model.

    safety_question(tokens("how long does cooked chicken keep in the fridge"))
      -> "Cooked chicken keeps 3 to 4 days in the fridge (USDA FSIS FoodKeeper). …"
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from appliance.aloud import citation
from appliance.kitchen import food_age
from appliance.kitchen.pregnancy import pregnancy_answer, said_of_a_pregnancy
from appliance.kitchen.said import weight_said
from appliance.kitchen.tables import (
    CoreTemperature,
    SafetyRule,
    Storage,
    Tables,
)
from appliance.kitchen.times import COOKED_BY, HOW_LONG_IT_COOKS

UNSURE = (
    "I'm not sure, and I won't guess about food safety: check the packet or the label, "
    "and if in doubt, throw it out."
)
# Of a baby or small child, "throw it out" is no answer ("can a 7 month old have water?" got
# it in a twelfth trial): where to ask instead
UNSURE_FOR_A_CHILD = (
    "I don't have that in my tables for babies and young children, and I won't guess: your "
    "health visitor or GP can say, and so can the NHS's “Foods to avoid giving babies and "
    "young children” page."
)

# Food out of the fridge, however it is said; one fragment for the three patterns below.
_OUT = (
    r"left out|out overnight|room temperature|on the side|out all|out of the fridge|stay out|"
    r"stays out|sit out|sits out|sat out|sitting out|be out|on the counter|on the worktop|"
    r"(?:leave|leaving|left) (?:\w+ ){0,3}out|"
    # "…formula good for at room temp", "how long can i keep a bottle of formula out" (a
    # sixteenth trial's each got the fridge's 24 hours, where it is 2 at room temperature)
    r"room temp|room temps|unrefrigerated|not in the fridge|"
    r"(?:keep|kept|keeping) (?:\w+ ){0,5}out(?! of)"
)
# What makes a question a food-safety question at all.
_SAFETY_WORDS = re.compile(
    r"\b(still good|still ok|still okay|still safe|still fine|go off|gone off|goes off|safe|"
    r"unsafe|ok to eat|okay to eat|fine to eat|food poisoning|poison|poisoning|refreeze|"
    r"re freeze|freeze again|freeze it again|defrost|defrosted|defrosting|thaw|thawed|thawing|"
    r"reheat|reheated|reheating|re heat|warm up again|overnight|" + _OUT + "|"
    r"use by|best before|out of date|expired|mould|mouldy|mold|moldy|smell|smells|smelly|"
    r"fizzy|bulging|slimy|raw|undercooked|pink|core temperature|internal temperature|"
    r"cooked to|cook it to|wash|can (i|you|we) freeze|freezable|hot food|cool down|cooling|"
    r"still alright|still all right|ok after|okay after|good after|safe after|alright after|"
    r"(?:can|could|should) (?:i|we|you) still (?:eat|use|drink|have)|edible|eat it still|"
    r"how (?:quick|quickly|soon|fast)|rare|medium rare|well done|bloody|internal temp|core temp|"
    r"inside temp|centre temp|center temp|"
    r"baby|babies|infant|infants|toddler|toddlers|weaning|pregnant|pregnancy|month old|"
    r"months old|under one|raw dough|cookie dough|dodgy|gone green|turned green)\b"
    # batter eaten raw, never made or rested: "how long do I rest yorkshire pudding batter?"
    r"|^(?!.*\b(?:rest|resting|stand|standing|make|making|whisk|mix)\b).*\bbatter\b"
    r"|\bwhat temp(erature)? (should|does|must|do) .*\b(be|reach|get to)\b"
    r"|\b(?:fridge|freezer|refrigerator)\b.*\b(?:temperature|temp|degrees|how cold|cold enough)\b"
    r"|\b(?:temperature|temp|how cold)\b.*\b(?:fridge|freezer|refrigerator)\b"
    r"|\bhow hot\b(?!.*\boven\b)"
    r"|\bhow long (?:can|should|do|does|will) (?:\w+ ){1,4}(?:hang|be hung)\b"
)
# Signs that something has gone off, and homemade preserves and ferments: no table can
# vouch for them, so the answer is the honest one whatever food is named.
_SPOILED = re.compile(
    r"\b(?:smells?|smelling|smelt|tastes?|tasting) "
    r"(?:a bit |bit |slightly |really |very |kind of )?"
    r"(?:funny|off|odd|weird|strange|sour|fizzy|bad|wrong|fermented|of alcohol|boozy)\b"
    r"|\b(?:fizzing|bubbling|bubbly|bulging|swollen|blown|slimy|sticky film|cloudy|domed|"
    r"puffed up|lid'?s? (?:a bit |slightly )?(?:domed|popped|raised)|"
    r"gone fizzy|gone cloudy|furry|fuzzy|gone green|turned green)\b"
)
_MADE_AT_HOME = r"\b(?:homemade|home made|made (?:it|them|some)?|i made|we made|my own)\b"
_PRESERVE = (
    r"\b(?:jam|jams|chutney|pickle|pickles|pickled|cordial|kombucha|kefir|ferment|fermented|"
    r"sauerkraut|kimchi|wine|beer|liqueur|infused|oil|sauce|ketchup|preserves?|jerky|cured|"
    r"sourdough starter|yoghurt|yogurt|cheese|ice cream|baby food|pesto|hummus|houmous)\b"
)
_HOMEMADE = re.compile(
    rf"{_MADE_AT_HOME}.*{_PRESERVE}|{_PRESERVE}.*{_MADE_AT_HOME}"
    # kept by someone's own method, or with nothing to say what it is: no table's figure is
    # theirs ("his home cured bacon", "a vacuum packed duck from the farm shop with no label"
    # had the FoodKeeper's days, a held-out split's)
    r"|\bhome[- ]?(?:cured|smoked|canned|bottled|brewed|dried|pickled|preserved|jarred)\b"
    r"|\b(?:no|without a|without any) labels?\b|\bunlabell?ed\b"
)


# "is the chicken ok?": a food and whether it is still all right
_FOOD_OK = re.compile(
    r"\b(?:is|are) (?:the |my |this |that |these |those |our )?(?:\w+ ){1,3}(?:still )?(?:ok|okay|"
    r"alright|all right|good|fine|safe|edible)\b"
    r"(?= *(?:$|to eat|to use|after|now|still|or|it|its|it's|they|been|in the))"
)
# "can I eat mince that's been in the fridge 5 days?": with the food's age said, a question
# of eating it is one of keeping (a ninth trial's got the model's "You can eat mince…").
_CAN_EAT = re.compile(
    r"\b(?:can|could|should|shall) (?:i|we|you|they|he|she|the kids) (?:still )?"
    r"(?:eat|have|use|serve|give|cook|reheat)\b"
)
# "keep", "last" and "good for" ask about safety only with "how long" or a place.
_KEEPING = re.compile(
    r"\b(how long|how many (days|weeks|months|hours))\b.*\b(keep|keeps|last|lasts|good|store|"
    r"stay|stays|fridge|freezer|once opened|after opening)\b"
    r"|\b(keep|keeps|last|lasts|good|store)\b.*\b(fridge|freezer|frozen)\b"
)
_MILK_FOR_A_BABY = (
    r"(?:breast ?milk|expressed milk|formula|baby milk|baby's milk|babys milk|"
    # a baby's bottle, never "my bottle of wine" nor "a hot water bottle" (a review's)
    r"(?:(?:baby's |babys |baby |her |his |the |a )bottles?(?! of (?!milk|formula|breast)))|"
    r"^(?!.*hot water bottle)(?=.*\bbab(?:y|ies|y's)\b).*?\bbottles?)"
)
_WARMED = r"(?:warm|warming|heat|heating|reheat\w*|microwave\w*|defrost\w*|thaw\w*)"
_BABY_MILK = re.compile(
    rf"\b{_MILK_FOR_A_BABY}\b.*\b(?:{_WARMED}|hot)\b|\b{_WARMED}\b.*\b{_MILK_FOR_A_BABY}\b"
)
# A small child's age as texted: "for a 2 yr old", "my 9mo", "my 2 yo", "18 month old"
SMALL_CHILDS_AGE = (
    r"\b\d{1,2}(?: and a half)? ?(?:yr|yrs|yo|y o|mo|mos|mth|mths|month|months|year|years)"
    r"(?: old|o)?\b(?! ?(?:pregnant|gone|along|into))"
)
_A_SMALL_CHILDS_AGE = re.compile(rf"(?:for|my|our|a|an|the|her|his) {SMALL_CHILDS_AGE}")
# How it was thawed, when that is the microwave or cold water, and a question of waiting to
# cook it: how long it keeps, or cooking it later
_THAWED_QUICKLY = re.compile(
    # never how long the thawing takes ("how long does mince take to defrost in the microwave")
    r"^(?!.*\b(?:take|takes|taking)\b)(?=.*\b(?:defrost|defrosted|defrosting|thaw|thawed|thawing)\b)"
    r"(?=.*\b(?:microwave|microwaved|microwaving|cold water|(?:bowl|sink|basin) of water|"
    r"in water)\b)"
    r"(?=.*\b(?:how long|how many (?:hours|days)|keep|keeps|kept|last|lasts|store|tomorrow|"
    r"later|next day|day after|tonight|wait|leave (?:it|them)|in the fridge|before cooking|"
    r"before (?:i|we|you) cook|until)\b)"
)
# Thawed out of the fridge, said as done: "I defrosted chicken on the side overnight"
_THAWED_OUT = re.compile(
    r"^(?!.*\b(?:fridge|refrigerator)\b)(?=.*\b(?:defrosted|thawed)\b)(?=.*\b(?:" + _OUT + r")\b)"
)
_SHELLFISH = r"\b(?:mussels?|clams?|cockles?)\b"
_KEEPING_ASKED = r"\b(?:keep|keeps|kept|last|lasts|store|stored|fridge|freezer|good for|go off)\b"
# Food only safe prepared a certain way, or not at all; each is a safety question whatever
# else is said ("…the mussels are open and dont shut when i tap them, ok to cook?", "how long
# do dried kidney beans need boiling hard", "i picked some mushrooms in the park": a held-out
# split's got memory's "I don't know that yet", nothing, and the model)
_PREPARED_SAFELY = (
    (
        "shellfish_open",
        re.compile(
            rf"{_SHELLFISH}.*\b(?:open|opened|shut|close|closed|closing|tap|tapped|cracked|"
            rf"broken)\b|\b(?:open|opened|cracked|broken)\b.*{_SHELLFISH}"
        ),
    ),
    (
        "kidney_beans",
        re.compile(
            rf"^(?!.*{_KEEPING_ASKED})(?!.*\b(?:tin|tins|tinned|canned|can of)\b)"
            r"(?=.*\bkidney beans?\b)(?=.*\b(?:boil\w*|soak\w*|raw|undercooked|poison\w*|"
            r"toxic|safe|slow cook\w*|cook\w*|how long)\b)"
        ),
    ),
    (
        "wild_mushrooms",
        re.compile(
            r"\b(?:picked|foraged|found|wild|growing|grew|grows)\b(?:\s+\w+){0,6}?\s+"
            r"(?:mushrooms?|toadstools?|fungi)\b|\b(?:mushrooms?|toadstools?|fungi)\b"
            r"(?:\s+\w+){0,6}?\s+(?:picked|foraged|found|growing|in the (?:park|garden|woods|"
            r"wood|field|lawn|forest))\b"
        ),
    ),
    (
        "danger_zone",
        re.compile(r"\bdanger zone\b|\bbacteria (?:grow|multiply|breed)\b"),
    ),
)
_TOPICS = (
    *_PREPARED_SAFELY,
    (
        "fridge_temperature",
        re.compile(
            r"\b(?:fridge|freezer|refrigerator)\b.*\b(?:temperature|temp|degrees|how cold|"
            r"cold enough)\b|\b(?:temperature|temp|how cold)\b.*\b(?:fridge|freezer|"
            r"refrigerator)\b(?!.*\b(?:keep|keeps|last|lasts)\b)"
        ),
    ),
    # a baby's milk is warmed, never heated through like leftovers, nor in a microwave (an
    # eleventh trial's "can I microwave breast milk?" got the model's "Yes… without any risks")
    ("baby_milk", _BABY_MILK),
    # eaten raw, never made: "how long do I rest yorkshire pudding batter?" (a twentieth
    # trial's got "No: raw dough and batter can carry E. coli…")
    (
        "raw_dough",
        re.compile(
            r"^(?!.*\b(?:rest|resting|rise|prove|proving|stand|make|making|whisk)\b).*"
            r"\b(?:dough|batter|cake mix|brownie mix)\b"
        ),
    ),
    ("rare_meat", re.compile(r"\b(?:rare|medium rare|pink|well done|bloody)\b")),
    ("chicken_wash", re.compile(r"\bwash(ing)?\b")),
    (
        "refreeze",
        re.compile(
            r"\b(refreeze|re freeze|refrozen|freeze (?:\w+ ){0,3}again|"
            r"(?:put|go|goes|back) (?:\w+ ){0,3}?back in(?:to)? the freezer)\b"
        ),
    ),
    (
        "thaw_time",
        # not "once defrosted", not "how long after defrosting": that is how soon to cook
        re.compile(
            r"\bhow (?:long|many (?:hours|days))\b(?! after).*\b(?:defrost|thaw)(?!ed)"
            # "defrosting a 6 kilo turkey in the fridge how long will it take" (a held-out
            # split's got how to defrost, with no time)
            r"|\b(?:defrost|defrosting|thaw|thawing)\b.*\bhow (?:long|many (?:hours|days))\b"
            r"(?!.*\b(?:keep|keeps|last|lasts|good|before)\b)"
        ),
    ),
    # Thawed in the microwave or in cold water, and asked how long it keeps or whether it can
    # wait: cook it straight away. "defrosted chicken in the microwave can i cook it
    # tomorrow" had the fridge's 24 hours and 1 to 2 days (an outside trial's).
    ("thawed_quickly", _THAWED_QUICKLY),
    ("defrost", re.compile(r"\b(defrost|defrosting|defrosted|thaw|thawing|thawed)\b")),
    (
        "left_out",
        re.compile(r"\b(overnight|" + _OUT + r")\b"),
    ),
    ("use_by", re.compile(r"\b(use by|best before|out of date|expired|past (its|the) date)\b")),
    ("mould", re.compile(r"\b(mould|mouldy|mold|moldy)\b")),
    ("marinade", re.compile(r"\bmarinad")),
    (
        "rice",
        re.compile(
            r"\brice\b.*\b(?:why|dodgy|dangerous|poison\w*|bacillus|quick|quickly|soon|fast|"
            r"cool|cooled|cooling|twice|more than once)\b"
            r"|\b(?:why|dodgy|dangerous|quick|quickly|soon|fast)\b.*\brice\b"
        ),
    ),
    ("cooling", re.compile(r"\b(cool (down )?before|hot food in the fridge|put hot|cool it)\b")),
    ("reheat", re.compile(r"\b(reheat|reheating|reheated|re heat|warm up again|heat up again)")),
    (
        "eggs",
        re.compile(
            r"\b(raw|runny|soft|dippy|undercooked)\b.*\beggs?\b|\beggs?\b.*\b(raw|runny|lion|pregnan)"
        ),
    ),
    (
        "infants",
        # not "pregnant": these rows are a small child's, and a pregnancy has its own advice
        re.compile(
            r"\b(?:baby|babies|infant|infants|toddler|toddlers|weaning|month old|months old|"
            r"under one|kids?|children|child|little one|years? old)\b|" + SMALL_CHILDS_AGE
        ),
    ),
)
# Food given to someone, named or not: "can I give Oisín honey?", "is honey ok for Ellie?",
# "can the kids have whole grapes?" (a ninth trial's first got the model's "Oisín, the 6th
# of the 12 years old"). A small child's rows answer with their ages, whoever is named.
_GIVEN_TO = re.compile(
    # never "give me a recipe with honey", nor said of a pregnancy ("is swordfish ok for
    # Mum, she's pregnant?": a review's got the children's row)
    r"^(?!.*\bpregnan)(?:.*\b(?:give|giving|feed|feeding)\b(?! (?:me|us|it|them)\b)"
    r"|.*\b(?:can|could|should|may) (?!i\b|we\b|you\b)\S+(?: \S+){0,3} (?:have|eat|drink|be "
    r"given)\b"
    # "whole grapes for a 2 yr old?", "rice milk for my 2 year old?" (a held-out split's
    # reached the model)
    rf"|.*\bfor (?:my|our|a|an|the|her|his) {SMALL_CHILDS_AGE}"
    # "ok for Ellie", "safe for the baby": someone, never "good for a sore throat" nor "bad
    # for blood pressure"
    r"|.*\b(?:ok|okay|safe|alright|fine|good|bad) for (?:the |my |our |a |an )?(?:baby|babies|"
    r"toddlers?|kids?|child|children|little ones?|\d+ (?:year|month) olds?|(?!me\b|us\b|you\b|"
    r"him\b|her\b|them\b|a\b|an\b|the\b|my\b|our\b|your\b)[a-z'-]+"
    r"(?=$| (?:he|she|they|he's|she's|they're|who|aged|at|as|\d)\b)))"
)


def _childs_row(food: str | None, said: str, tables: Tables) -> SafetyRule | None:
    """A small child's row of the food itself, never of its last word: "skimmed milk" and
    "oat milk" are no cows' milk row's (a review's got it)."""
    rule = _rule("infants", food, said, tables) if food is not None else None
    if rule is not None and food in rule.foods:
        return rule
    # two foods said ("a pinch of salt in my baby's mashed potato"): the one a row names
    named = tables.safety_rules.named_in(said.split())
    rows = [r for r in named[1] if r.topic == "infants"] if named is not None else []
    return rows[0] if rows else None


# A grown-up, named as family: a small child's row is not theirs ("can Babcia have honey in
# her tea?" got the infant-botulism row in an eleventh trial, "can my husband have whole
# nuts" the choking one)
_ADULTS = (
    r"(?:gran|granny|grandma|grandmother|nan|nana|nanna|babcia|oma|grandad|granddad|"
    r"grandpa|grandfather|mum|mom|mother|dad|father|husband|wife|partner|uncle|aunt|auntie|"
    r"aunty|mother in law|father in law|boyfriend|girlfriend|adults?|grown ups?|grownups?)"
)
# …the one given it, never the one giving: "can Nana give Oisin honey" is of Oisin (a
# review's reached the model, which said "Yes, honey is fine in small amounts.")
_AN_ADULT = re.compile(
    rf"\b(?:give|giving|feed|feeding|for) (?:my |our |the |your )?{_ADULTS}\b(?! (?:give|feed))"
    rf"|\b(?:can|could|should|may|does|is) (?:my |our |the |your )?{_ADULTS} "
    r"(?:have|eat|drink|be given|take)\b"
)


# An age said of the one given it: "can my flatmate have smoked salmon, he's 25" (a held-out
# split's got a small child's row), "my 10 year old"
_AN_AGE = re.compile(
    r"\b(?:he's|she's|hes|shes|they're|theyre|aged|is|my|our|a|an) (?P<years>\d{1,3})"
    r"(?! ?(?:and a half )?(?:months?|mo|mos|mths?|weeks?|wks?|days?)\b)"
    r"(?P<unit> ?(?:years?|yrs?|yo)(?: old)?)?\b"
)
# A bare number may be months ("can I give Oisín honey, he's 6"): only a grown-up's is plain
_PLAINLY_GROWN = 19


def _past_five(said: str) -> bool:
    """Whether an age said is 5 years or over: none of a small child's rows is theirs."""
    return any(
        int(m["years"]) >= (5 if m["unit"] else _PLAINLY_GROWN) for m in _AN_AGE.finditer(said)
    )


def _for_a_child(food: str | None, said: str, tables: Tables) -> SafetyRule | None:
    """The small child's row for a food given to someone ("can I give Oisín honey?"), never
    to a grown-up named as family."""
    if not _GIVEN_TO.search(said) or _AN_ADULT.search(said) or _past_five(said):
        return None
    return _childs_row(food, said, tables)


_HOW_HOT = re.compile(
    r"\b(temperature|temp|temps|how hot|degrees|core|internal|cooked (through )?to|"
    r"cook (it |them )?to|reheat(ed)? to|pink|undercooked|rare|cooked through)\b"
)
# "what temperature should chicken be": the inside of the food, not the oven.
_FOOD_HOT = re.compile(r"\bwhat temp(erature)? (should|does|must|do) .*\b(be|reach|get to)\b")
_HOW_LONG = re.compile(
    r"\b(how long|how many days|how many months|how many weeks|how many hours|"
    r"still (good|ok|okay|safe|fine)|keep|keeps|last|lasts|good for|use within|from "
    r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|last week))\b"
)
_PLACES = (
    ("freezer", re.compile(r"\b(freezer|frozen|freeze)\b")),
    (
        "room",
        re.compile(r"\b(" + _OUT + r")\b"),
    ),
    ("cupboard", re.compile(r"\b(cupboard|pantry|larder)\b")),
    ("fridge", re.compile(r"\b(fridge|refrigerator|chilled)\b")),
)
_STATES = (
    ("cooked", re.compile(r"\b(cooked|leftover|leftovers|left over|takeaway|roast|boiled)\b")),
    ("raw", re.compile(r"\b(raw|uncooked|fresh)\b")),
    ("opened", re.compile(r"\b(opened|open)\b")),
    ("defrosted", re.compile(r"\b(defrosted|thawed)\b")),
)
_STOP = frozenset(
    "a an the is it to of in on for and or i you we my our your can should do does how what "
    "long much many be that this with it's its if".split()
)


@dataclass(frozen=True)
class SafetyAnswer:
    text: str
    source: str
    sure: bool  # False: the honest "I'm not sure" (no row answered)
    # the rule for any food, said of "it" or "them": in a conversation, the food said before
    # answers better ("can i refreeze them once theyre defrosted" after salmon fillets)
    of_what: bool = False


def _words(text: str) -> set[str]:
    return {w.rstrip("s") for w in re.findall(r"[a-z]+", text.lower())} - _STOP


# Safety words in senses that are no food's: "has the baby gone off to sleep?", "the smoke
# alarm went off", "is the baby asleep?" (a fourth trial's got the food-safety line).
_GONE_AWAY = re.compile(
    r"\b(?:go|goes|gone|went|going) off (?=(?:to|with|home|in a huff)\b)"
    # "what reminders have gone off" (a twelfth trial's got the food-safety line)
    r"|\b(?:alarm|alarms|timer|timers|reminder|reminders|bell|it) (?:(?:has|have|had) )?"
    r"(?:go|goes|gone|went|going) off\b"
)
_A_CHILD_RESTING = re.compile(
    r"\b(?:baby|babies|toddler|toddlers|infant|infants)\b(?=.*\b(?:asleep|sleep|sleeping|"
    r"slept|nap|napping|awake|woke|crying|settled|bed|bath|nappy|changed|"
    # the baby as one of the family to come: "how many weeks till the baby's due?" (a
    # held-out split's got the food-safety line)
    r"due|born|birth|christening|birthday|arrives|arriving)\b)"
)


_EATING = re.compile(r"\b(?:eat|eats|eating|ate|have|drink|drinking|give|feed|feeding|food)\b")


# The dishes, not the food: "chat to me while I wash up" (a seventh trial's got the
# food-safety line).
_WASHING_UP = re.compile(r"\bwash(?:ing)?[ -]?up\b|\bwash(?:ing)? the (?:dishes|pots|pans)\b")


def _of_food(said: str) -> str:
    """The words said, without the safety words used in a sense that is no food's."""
    said = _WASHING_UP.sub(" ", _GONE_AWAY.sub(" ", said))
    return said if _EATING.search(said) else _A_CHILD_RESTING.sub(" ", said)


# Where something is kept, told: "we keep the first aid kit in the cupboard above the
# fridge" (a tenth trial's got the food-safety line, and nothing was kept)
_TOLD_WHERE_KEPT = re.compile(
    r"^(?:we|i|they|he|she|mum|dad|[a-z]+ and [a-z]+)(?: always| usually| normally| still)? "
    r"(?:keep|keeps|store|stores|put|puts) (?!(?:it|them)\b)"
    r"(?!.*\b(?:how|can|could|should|is|are|does|do|will|still|safe|ok|okay)\b)"
    # told for how long is told a keeping time: "we keep leftover rice in the fridge for 4
    # days" still gets rice's 24 hours (a review's)
    r"(?!.*\b(?:for|up to) (?:\d+|a|an|one|two|three|four|five|six|seven) (?:days?|weeks?|"
    r"months?)\b)"
)


def is_safety_question(words: list[str]) -> bool:
    said = _of_food(" ".join(words))
    keeping = _KEEPING.search(said) is not None and not _TOLD_WHERE_KEPT.match(said)
    return (
        _SAFETY_WORDS.search(said) is not None
        or any(pattern.search(said) for _, pattern in _PREPARED_SAFELY)
        or _SPOILED.search(said) is not None
        or keeping
        or _BABY_MILK.search(said) is not None
        or said_of_a_pregnancy(said)
        or _A_SMALL_CHILDS_AGE.search(said) is not None
    )


# What a rule can be about that is no food: where food is kept.
_PLACE_WORDS = frozenset({"any", "fridge", "refrigerator", "freezer", "cupboard", "pantry"})


def _food(words: list[str], tables: Tables) -> str | None:
    """The longest food any safety table knows, said in the question."""
    best: str | None = None
    for table in (tables.storage, tables.core_temperatures, tables.safety_rules):
        found = table.named_in([w for w in words if w not in _PLACE_WORDS])
        if found is not None and (best is None or len(found[0]) > len(best)):
            best = found[0]
    if best is None:
        found = tables.safety_rules.named_in(words)  # the fridge's own temperature
        best = found[0] if found is not None and found[0] != "any" else None
    return best


def _say_range(least: float, most: float, unit: str) -> str:
    def one(value: float) -> str:
        return f"{value:g}"

    plural = unit if least == most == 1 else f"{unit}s"
    if least == most:
        return f"{one(least)} {plural}"
    return f"{one(least)} to {one(most)} {unit}s"


def _first_sentences(note: str, limit: int = 2) -> str:
    sentences = re.split(r"(?<=[.!?])\s+", note.strip())
    return " ".join(sentences[:limit])


def _same_food(food: str | None, names: tuple[str, ...]) -> bool:
    """ "egg" asks what a row about "eggs" answers, "burger" one about "burgers", and a
    "soft boiled egg" one about eggs."""
    if food is None:
        return False
    head = food.split()[-1]
    said = {food, food + "s", food.removesuffix("s"), head, head + "s", head.removesuffix("s")}
    return bool(said & set(names))


def _rule(topic: str, food: str | None, said: str, tables: Tables) -> SafetyRule | None:
    """The rule of a topic for this food (a food's own rule before an 'any' one), the one
    whose answer shares most words with the question."""
    asked = _words(said)
    candidates = [r for r in tables.safety_rules if r.topic == topic]
    if topic in ("defrost", "thaw_time"):
        candidates = _by_thaw_method(candidates, said)
    if topic == "defrost" and _HOW_LONG_IT_KEEPS.search(said):
        # "how long does a thawed turkey keep in the fridge" got how to defrost, 3 of 3 (a
        # twenty-second trial's): the rule of how long it keeps once thawed
        candidates = [
            r for r in candidates if _SAYS_HOW_LONG_IT_KEEPS.search(r.answer)
        ] or candidates
    elif topic == "defrost" and _ASKED_HOW.search(said):
        # "how do I defrost chicken" asks how, never how long it keeps once it is
        candidates = [
            r for r in candidates if not _SAYS_HOW_LONG_IT_KEEPS.search(r.answer)
        ] or candidates
    if topic in ("reheat", "rice") and _MORE_THAN_ONCE.search(said):
        # "can i reheat rice twice": the rule of how often, never how hot (a held-out
        # split's got the 75 °C row)
        candidates = [
            r for r in candidates if re.search(r"more than once|only once", r.answer)
        ] or candidates
    if not candidates:
        return None

    def names_food(rule: SafetyRule) -> bool:
        return _same_food(food, rule.foods)

    def score(rule: SafetyRule) -> tuple[int, int]:
        # a row naming the food itself before one naming its last word ("rice milk", "milk")
        specific = 3 if food in rule.foods else 2 if names_food(rule) else 0
        general = 1 if "any" in rule.foods else 0
        return specific + general, len(asked & _words(rule.answer + " " + " ".join(rule.foods)))

    best = max(candidates, key=score)
    if not names_food(best) and "any" not in best.foods:
        return None
    return best


_HOW_LONG_IT_KEEPS = re.compile(
    r"\bhow (?:long|many days)\b.*\b(?:keep|keeps|last|lasts|good for|before cooking)\b"
)
_SAYS_HOW_LONG_IT_KEEPS = re.compile(r"\bkeep\b|\bwithin \d+ hours\b")
_ASKED_HOW = re.compile(r"\bhow (?:do|should|can|would|to)\b")
_MORE_THAN_ONCE = re.compile(
    r"\b(?:twice|more than once|a second time|second time|two times|again and again|"
    r"(?:re)?heat(?:ed)? (?:it |them )?again)\b"
)


# How food is thawed, as a question says it and as a rule's answer does
_THAW_METHODS = (
    re.compile(r"\bmicrowav\w*"),
    # "cold tap water" is the row's own words ("can i thaw chicken in cold water" found no
    # row of them, a review's)
    re.compile(r"\bcold (?:tap )?water\b|\b(?:bowl|sink|basin) of water\b|\bin water\b"),
    re.compile(r"\b(?:room temperature|worktop|on the side|on the counter|counter top)\b"),
    re.compile(r"\b(?:fridge|refrigerator)\b"),
    # "how to thaw chicken quickly" had the fridge overnight: the faster way's rule
    re.compile(r"\b(?:fast|faster|fastest|quick|quickly|quicker|quickest|in a hurry)\b"),
)


def _by_thaw_method(rules: list[SafetyRule], said: str) -> list[SafetyRule]:
    """The thawing rules of the method said, if any says it: "how do I defrost mince in the
    microwave" is the microwave's rule, never the fridge's 1 to 2 days (an outside trial's
    microwaved chicken got those); with no method said, all of them."""
    for method in _THAW_METHODS:
        if method.search(said):
            return [r for r in rules if method.search(r.answer)]
    return rules


# What fills a roll or a cake, and is no bread's to refreeze
_A_FILLING = re.compile(
    r"\b(?:sausage|ham|bacon|chicken|beef|pork|meat|fish|prawn|tuna|salmon|spring|cream|"
    r"custard|cheese|egg|mayo|cheesecake|filled|stuffed)\w*"
)


def _refreeze_rule(food: str | None, said: str, tables: Tables) -> SafetyRule | None:
    """The refreezing rule of the food asked of. Raw meat said to be cooked ("leftover
    chicken") is cooked food's; a food no refreezing row names gets none, never another
    food's: "can i refreeze bread" had the raw-meat rule ("Not raw. …") in an outside trial.
    The rule for any food answers only when no food the tables know is said ("can I refreeze
    it?")."""
    rule = _rule("refreeze", food, said, tables)
    if rule is not None and food is not None and not _same_food(food, rule.foods):
        return None
    if rule is not None and "bread" in rule.foods and _A_FILLING.search(said):
        return None  # "sausage rolls", "cream cakes": what is in them is no bread's (a review's)
    states = dict(_STATES)
    if (
        rule is not None
        and "raw meat" in rule.foods
        and states["cooked"].search(said)
        and not states["raw"].search(said)
    ):
        return _rule("refreeze", "cooked food", said, tables)  # "…leftover chicken"
    return rule


def _core(food: str | None, tables: Tables) -> CoreTemperature | None:
    if food is None:
        return None
    rows = [r for r in tables.core_temperatures if food in r.names]
    rows = rows or [r for r in tables.core_temperatures if _same_food(food, r.names)]
    return rows[0] if rows else None


def _storage(food: str | None, said: str, tables: Tables) -> list[Storage]:
    if food is None:
        return []
    rows = [r for r in tables.storage if food in r.names]
    place = next((p for p, pattern in _PLACES if pattern.search(said)), "fridge")
    at_place = [r for r in rows if r.place == place]
    if not at_place:
        return []
    state = next((s for s, pattern in _STATES if pattern.search(said)), None)
    if state is not None and (same := [r for r in at_place if r.state == state]):
        return same
    if state is None and food.startswith(("cooked", "leftover")):
        return [r for r in at_place if r.state == "cooked"] or at_place
    return at_place


def _keep_or_keeps(food: str) -> str:
    """ "eggs keep", "cooked rice keeps": the verb of the food's last word ("hummus" is one)."""
    last = food.split()[-1]
    return "keep" if last.endswith("s") and not last.endswith(("ss", "us")) else "keeps"


def _storage_said(rows: list[Storage]) -> SafetyAnswer:
    where = {
        "fridge": "in the fridge",
        "freezer": "in the freezer",
        "cupboard": "in the cupboard",
        "room": "out at room temperature",
    }
    parts = []
    for row in rows:
        what = row.food if len(rows) == 1 else f"{row.state} {row.food}"
        how_long = _say_range(row.least, row.most, row.unit)
        parts.append(f"{what} {_keep_or_keeps(row.food)} {how_long} {where[row.place]}")
    first = rows[0]
    note = _first_sentences(first.note) if first.note else ""
    said = "; ".join(parts)
    text = said[0].upper() + said[1:] + f" {citation(first.source)}." + (f" {note}" if note else "")
    return SafetyAnswer(text, first.source, True)


# "do they need soaking overnight?", "soak the beans overnight": how long to soak, not food
# left out (an outside split's tinned chickpeas were told the two-hour rule).
_SOAKED_OVERNIGHT = re.compile(r"\bsoak(?:s|ed|ing)?\b(?:\s+\w+){0,3}?\s+overnight\b")


def safety_question(words: list[str], tables: Tables) -> SafetyAnswer | None:
    """The answer to a food-safety question, the honest "not sure", or None if not one."""
    if _SOAKED_OVERNIGHT.search(" ".join(words)):
        words = [word for word in words if word != "overnight"]
    said = " ".join(words)
    food = _food(words, tables)
    aged = food_age.age_days(said) is not None and _CAN_EAT.search(said) is not None
    child = _for_a_child(food, said, tables)
    # "can kids eat runny eggs?": a food given to someone, of a safety topic (never "how
    # long do I boil an egg for a runny yolk", a cook's)
    given = _GIVEN_TO.search(said) is not None and any(p.search(said) for _, p in _TOPICS)
    if not is_safety_question(words) and not (
        food and (_FOOD_OK.search(said) or aged or child or given)
    ):
        return None
    if _SPOILED.search(said) or _HOMEMADE.search(said):
        return SafetyAnswer(UNSURE, "", False)  # no table vouches for these: the honest answer
    pregnant = asked_of_a_pregnancy(said, child is not None)
    for topic, pattern in _TOPICS:
        if pattern.search(said) and (topic != "chicken_wash" or food is not None):
            if pregnant and (
                topic in _PREGNANCY_TOPICS or (topic == "use_by" and WITHIN_ITS_DATE.search(said))
            ):
                # advice of its own: "can a pregnant woman eat rare beef" is no rare-meat
                # row's; how food is kept, defrosted or reheated is everyone's rule
                return SafetyAnswer(*pregnancy_answer(words, tables))
            if topic == "reheat" and _HOW_HOT.search(said):
                break  # "what temperature should leftovers be reheated to": a core temperature
            asks_how_long = _HOW_LONG.search(said) and "overnight" not in said
            if topic == "left_out" and asks_how_long and (rows := _storage(food, said, tables)):
                return _storage_said(rows)  # the food's own row ("rice: 1 hour") first
            if (
                topic == "infants"
                and not child
                and (_EATEN_BY_ONESELF.search(said) or _past_five(said))
            ):
                continue  # "I had my baby 2 weeks ago, can I eat brie again": one's own
            if (
                topic in _NOT_OF_KEEPING
                and _ASKS_HOW_LONG_IT_KEEPS.search(said)
                and (rows := _storage(food, said, tables))
            ):
                # "how long do raw eggs keep": how long they keep, never whether they may be
                # eaten raw (an outside trial's got the British Lion row)
                return _verdict(_storage_said(rows), rows, said)
            if topic == "defrost" and _THAWED_OUT.search(said):
                continue  # "defrosted on the side overnight": food left out, the 2-hour rule
            if topic == "infants":
                rule = _childs_row(food, said, tables)
            elif topic == "refreeze":
                rule = _refreeze_rule(food, said, tables)
            else:
                rule = _rule(topic, food, said, tables)
            if rule is not None and asks_how_long and rule.answer.startswith("No"):
                # "how long do I reheat leftover rice for?" is no yes-or-no question (a
                # twentieth trial's got "No. Don't reheat leftovers more than once…")
                if topic == "reheat" and (core := _core("reheat", tables)) is not None:
                    return _core_said(core)
                continue
            if rule is not None:
                of_what = topic == "refreeze" and food is None and _IT.search(said) is not None
                return SafetyAnswer(_with_weight(rule, words), rule.source, True, of_what)
            if topic == "thaw_time":
                continue  # no time for the method said ("…in the microwave"): how to thaw it
            if topic == "rare_meat" and (core := _core(food, tables)) is not None:
                # "is pork ok if its a bit pink": no rare-meat row, but the food's own safe
                # temperature says it (USDA: pork at 63 °C may look pink; FSA: no pink)
                return _core_said(core, whole_note=True)
            return SafetyAnswer(UNSURE_FOR_A_CHILD if topic == "infants" else UNSURE, "", False)
    if child is not None:
        return SafetyAnswer(child.answer, child.source, True)
    if pregnant:
        return SafetyAnswer(*pregnancy_answer(words, tables))
    if _HOW_HOT.search(said):
        wanted = "reheat" if re.search(r"\breheat", said) else food
        core = _core(wanted if wanted == "reheat" else food, tables) or (
            _core("leftovers", tables) if "reheat" in said else None
        )
        if core is not None:
            return _core_said(core)
    if (
        _HOW_LONG.search(said)
        # "how long to fry raw king prawns" is no question of how long they keep (a
        # held-out split's got the fridge's days)
        and not (HOW_LONG_IT_COOKS.search(said) and COOKED_BY.search(said))
        and (rows := _storage(food, said, tables))
    ):
        return _verdict(_storage_said(rows), rows, said)
    if food_age.age_days(said) is not None and (rows := _storage(food, said, tables)):
        return _verdict(_storage_said(rows), rows, said)  # "in the fridge for a week": too old?
    if _CAN_FREEZE.search(said) and (rows := _storage(food, "freezer", tables)):
        said_rows = _storage_said(rows)  # "can you freeze cooked rice": yes, and for how long
        return SafetyAnswer(f"Yes. {said_rows.text}", said_rows.source, True)
    return SafetyAnswer(UNSURE, "", False)


def _core_said(core: CoreTemperature, whole_note: bool = False) -> SafetyAnswer:
    """A safe inside temperature and its rest; with its whole note where the question is how
    it looks inside (the note says pink, and the UK's rule beside the USDA's)."""
    rest = f", then rest it {core.rest_minutes:g} minutes" if core.rest_minutes else ""
    note = _first_sentences(core.note, 2 if whole_note else 1) if core.note else ""
    text = (
        f"{core.food[0].upper()}{core.food[1:]}: {core.celsius:g} °C "
        f"({core.fahrenheit:g} °F) in the thickest part{rest} {citation(core.source)}."
        + (f" {note}" if note else "")
    )
    return SafetyAnswer(text, core.source, True)


_IT = re.compile(r"\b(?:it|them|they|those|these|that)\b")
# Topics whose rows say whether or how food may be eaten, never how long it keeps
_NOT_OF_KEEPING = frozenset({"eggs", "rare_meat", "raw_dough", "chicken_wash"})
_ASKS_HOW_LONG_IT_KEEPS = re.compile(
    r"\bhow (?:long|many (?:days|weeks|months|hours))\b.*\b(?:keep|keeps|kept|last|lasts|"
    r"good for|store|stored|stay fresh|stays fresh|go off|goes off)\b"
)


# In date: "brie that's within its use by date" asks of the brie in a pregnancy, never of
# its date (a second review's got "You can freeze food right up to its use-by date…")
WITHIN_ITS_DATE = re.compile(
    r"\b(?:within|in date|inside|before) (?:its |the )?(?:use by|best before|date)\b|\bin date\b"
)
# The topics whose rows a pregnancy has its own advice for: how rare, how runny
_PREGNANCY_TOPICS = frozenset({"rare_meat", "eggs"})
# A small child in the question: their rows, never a pregnancy's ("I'm pregnant, can my
# toddler have whole nuts?", a review's got "Yes: you can eat peanuts… in pregnancy")
_A_CHILD_TOO = re.compile(
    # never the baby to come: "…for my unborn baby", "will it hurt the baby", "expecting a
    # baby" (a second review's got the babies' line)
    r"\b(?<!unborn )(?<!expecting a )(?<!having a )(?<!hurt the )(?<!harm the )"
    r"(?:baby|babies|toddler|toddlers|infant|infants|weaning|month old|months old|kids?|"
    r"child|children|little one|breast ?milk|formula|bottle)\b"
)


def asked_of_a_pregnancy(said: str, child: bool = False) -> bool:
    """Whether a kitchen question (lower case words) asks what may be eaten in a pregnancy,
    of no small child."""
    return (
        said_of_a_pregnancy(said)
        and not child
        and not _A_CHILD_TOO.search(said)
        and not re.search(SMALL_CHILDS_AGE, said)
    )


# Asked of what one eats oneself, none given to a child
_EATEN_BY_ONESELF = re.compile(
    r"\b(?:can|could|should|may) (?:i|we) (?:eat|have|drink)\b(?!.*\b(?:give|feed)\b)"
)
_CAN_FREEZE = re.compile(r"\b(?:can|could|should) (?:i|you|we) (?:freeze|put)\b|\bfreezable\b")


# The fridge thaws a turkey at 10 to 12 hours a kg (FSA: Christmas turkey advice).
THAW_HOURS_PER_KG = (10, 12)


def _with_weight(rule: SafetyRule, words: list[str]) -> str:
    """A thawing rule with the hours worked out for the weight said ("a 5 kg turkey")."""
    weight = weight_said(words)
    if rule.topic != "thaw_time" or weight is None:
        return rule.answer
    kg = weight.kg
    if "every 5 lb" in rule.answer and "fridge" in rule.answer:
        # USDA: a full day even for a pound, and a day for every 5 lb of a large item
        pounds = kg / 0.45359237
        hours = max(24, round(pounds / 5 * 24))
        return f"A {weight.said} piece: allow about {hours} hours in the fridge. " + rule.answer
    if "per kg" not in rule.answer:
        return rule.answer
    least, most = (kg * h for h in THAW_HOURS_PER_KG)
    days = f"{least / 24:.1f} to {most / 24:.1f} days".replace(".0 ", " ").replace(".0 d", " d")
    return (
        f"A {weight.said} bird: about {least:.0f} to {most:.0f} hours ({days}) in the fridge. "
        + (rule.answer)
    )


def _verdict(answer: SafetyAnswer, rows: list[Storage], said: str) -> SafetyAnswer:
    """ "is last week's rice ok?": the keeping time said, and whether this food is past it."""
    if food_age.past_keeping(rows, said):
        return SafetyAnswer(f"No, throw it away. {answer.text}", answer.source, True)
    return answer
