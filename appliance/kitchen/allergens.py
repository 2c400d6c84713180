"""What is in a food, for someone who must not eat it: never guessed.

A third outside trial, a family with a coeliac son, asked "is cornflour gluten free?" and
heard the model say "no, cornflour is not gluten free… corn stover…"; "is soy sauce gluten
free?" got "Dylan is gluten free."; and the kitchen's own swap for breadcrumbs, asked for
a gluten-free one, gave "cracker crumbs, matzo meal or ground oats", all made of wheat or
often carrying it. Brands differ, and only the label says what a pack holds. So:

- a question whether a food holds an allergen, or suits someone who cannot have one, is
  answered with `ALLERGEN_UNSURE` and never reaches the model (`allergen_question`); where
  the food is made of that allergen by its very name (tahini is ground sesame, hummus is
  made with tahini), that is said first, from made_of.csv, and the label still checked
  (`made_with`): only ever what a food holds, never what it is free of;
- a swap asked for a diet ("gluten free substitute for breadcrumbs") is not given from
  tables that were never checked for it (`swap_for_a_diet`);
- a sentence of the model's that says what a food holds or is free of is replaced
  (`STATES_ALLERGEN`, read by brain/bounds.py).
"""

from __future__ import annotations

import re

from appliance.kitchen.tables import tables

ALLERGEN_UNSURE = (
    "I won't guess what's in a food: check the label. On UK packs the 14 allergens, "
    "gluten among them, are shown in bold in the ingredients."
)
SWAP_NOT_CHECKED = (
    "The kitchen's swaps aren't checked for allergens or diets, so I won't suggest one for "
    "a {need} dish: check each ingredient's label."
)

# The UK's 14 allergens as a kitchen names them, and what people cannot have.
ALLERGEN = (
    r"(?:gluten|wheat|barley|rye|nuts?|peanuts?|tree nuts?|dairy|lactose|milk|eggs?|soy|soya|"
    r"sesame|shellfish|crustaceans?|molluscs?|celery|mustard|lupin|sulphites?|sulfites?|fish)"
)
_CANNOT_HAVE = (
    r"(?:coeliacs?|celiacs?|gluten intolerant|lactose intolerant|vegans?|someone with (?:a |an )?"
    rf"(?:{ALLERGEN} )?(?:allergy|intolerance)|(?:{ALLERGEN}) allerg(?:y|ic))"
)
# Asked, never told: "is cornflour gluten free?", "does mayonnaise contain egg?", never "can
# Ravi have milk?" (memory's) nor "do we have any eggs left?" (the cupboard's).
_ASKING = re.compile(
    r"^(?:is|are|was|does|do|did|can|could|will|would|might|has|have|what|which)\b|\?$"
)
# Who may be vegetarian, never a food: "is the lodger vegetarian?" is memory's to answer.
_PERSON = (
    r"(?:lodger|flatmate|husband|wife|partner|mum|mam|dad|son|daughter|kids?|children|child|"
    r"nan|nana|gran|granny|grandad|grandma|grandpa|sister|brother|aunt|auntie|uncle|cousin|"
    r"boyfriend|girlfriend|teacher|baby|guests?|friends?|family|everyone|anyone|anybody|"
    r"someone|neighbours?|in-laws|twins)"
)
_NOT_A_FOOD = r"(?! (?:we|i|you|they|he|she|us)\b)(?! (?!this\b|that\b|it\b)[a-z]+ (?:have|eat)\b)"
_ASKS = re.compile(
    rf"^(?:is|are|was)\b.*\b{ALLERGEN}[- ]?free\b"
    rf"|^(?:does|do|did|will|might|could)\b{_NOT_A_FOOD}.*\bcontain\b.*\b{ALLERGEN}\b"
    # "does hummus have sesame in it?": "in it" says a food, whatever its name
    rf"|^(?:does|do|did)\b.*\b(?:have|has|got)\b.*\b{ALLERGEN}\b.*\bin (?:it|them)\b"
    # "is worcestershire sauce got fish in it", as said (a held-out split's got "not sure")
    rf"|^(?:is|are|has|have)\b.*\b(?:got|have|has)\b.*\b{ALLERGEN}\b.*\bin (?:it|them)\b"
    # "is tahini made from sesame" (a fifth trial, a sesame allergy in the house: "no")
    rf"|^(?:is|are|was)\b.*\bmade (?:from|with|of|out of|using)\b.*\b{ALLERGEN}\b"
    # "are digestive biscuits vegetarian": a food of two words or more, never "is Ciaran
    # vegetarian?" (memory's)
    rf"|^(?:is|are) (?!.*\b(?:{_PERSON}|our|my|your|his|her|their)\b)(?!.*'s\b)"
    # "is Mia a vegetarian?", "is Theo still vegetarian?": said of a person
    r"(?!.*\b(?:a|an|still|now|strictly|fully|properly|totally|gone|turned) "
    r"(?:vegetarian|vegan|halal|kosher)$)"
    r"(?:the |a |an |this |that |these |those )?[a-z'-]+(?: [a-z'-]+){1,3} "
    r"(?:actually |really |usually |always )?(?:vegetarian|vegan|halal|kosher)$"
    rf"|^(?:is|are) there (?:any |some )?{ALLERGEN}\b.*\bin\b"
    rf"|\b(?:ok|okay|safe|fine|suitable|alright|good)\b.*\bfor (?:a |an |my |our )?{_CANNOT_HAVE}"
    rf"|\b(?:can|could|may|should) (?:a |an |my |our )?{_CANNOT_HAVE} (?:eat|have|drink)\b"
    # "are pine nuts actually nuts?", "is coconut a nut?", "what nuts are in pesto?" (a
    # fourth trial, a nut allergy in the house: the model answered each wrongly)
    rf"|^(?:is|are) [\w' -]{{1,30}}? (?:a |an |actually |really |technically |classed as "
    rf"|counted as |considered )+{ALLERGEN}s?$"
    rf"|^(?:what|which) (?:kind of |kinds of |type of )?{ALLERGEN}s? (?:are|is|go) (?:in|into)\b",
)
# The diet a swap is asked for: "gluten free substitute for breadcrumbs".
_NEED = re.compile(
    rf"\b(?P<need>{ALLERGEN}[- ]free|vegan|coeliacs?|celiacs?|dairy[- ]free|"
    rf"(?:{ALLERGEN}) allergy|allergic)\b"
)
STATES_ALLERGEN = re.compile(
    rf"\b(?:is|are|isn't|aren't|is not|are not)\s+(?:naturally\s+|completely\s+|usually\s+|"
    rf"always\s+|totally\s+|100% )?{ALLERGEN}[- ]free\b"
    rf"|\b(?:contains?|contained)\s+(?:no\s+|any\s+|some\s+|traces of\s+)?{ALLERGEN}\b"
    rf"|\b(?:safe|fine|ok|okay|suitable) for (?:a |an )?{_CANNOT_HAVE}"
    rf"|\b(?:is|are|isn't|aren't) (?:not )?(?:a |actually |really |technically )+{ALLERGEN}s?\b",
    re.IGNORECASE,
)


NUTRITION_UNSURE = (
    "I won't guess what's in a food: the nutrition panel on the pack gives the sugar, carbs "
    "and calories, per 100 g and per portion."
)
CONDITION_UNSURE = (
    "I won't advise on food for a health condition: the GP, the practice nurse or a "
    "dietitian can, and the pack's label says what's in it."
)
# "how many carbs in a baked potato" (a fifth trial's model: "19.2 grams"), "how much sugar
# is in a can of coke"
_NUTRIENT = re.compile(
    r"\bhow (?:many|much) (?:grams of |g of )?(?:carbs?|carbohydrates?|calories|kcals?|"
    r"sugars?|fat|saturated fat|salt|sodium|protein|fibre|fiber) (?:is |are )?(?:there )?in\b"
    # never a measure ("…sugar in a cup") nor a recipe's amount ("…salt in the pasta water")
    r"(?!.*\b(?:cups?|tablespoons?|tbsp|teaspoons?|tsp|spoons?|spoonfuls?|recipe|water|"
    r"pan|pot|dough|batter|mix|mixture)\b)"
    # what no recipe puts in by the cup: "how many carbs in a cup of rice" is the food's (an
    # eighteenth trial's got the model's "45 grams", what an insulin dose is worked out from)
    r"|\bhow (?:many|much) (?:grams of |g of )?(?:carbs?|carbohydrates?|calories|kcals?|"
    r"protein|fibre|fiber) (?:is |are )?(?:there )?in\b"
)
# "is honey better than sugar for a diabetic", "are sweeteners ok for diabetics", "is
# grapefruit ok with warfarin" (a fifth trial's model gave advice each time)
_CONDITION = re.compile(
    r"\b(?:diabetic|diabetics|diabetes|blood sugar|warfarin|blood thinners?|statins?|"
    r"kidney disease|high blood pressure|cholesterol|apixaban|rivaroxaban|metformin|insulin|"
    r"levothyroxine|lithium|maois?|antidepressants?|antibiotics?|medication|medicines?|tablets)\b"
)
# What a food does to a medicine, asked: "does spinach affect warfarin" (a seventeenth trial's
# got the model's "No, spinach does not affect warfarin…", where vitamin K does)
_INTERACTS = re.compile(
    r"\b(?:affects?|affecting|interacts?|interacting|interferes?|interfere with|react|reacts|"
    r"clash|clashes|mix with|mixes with|stop|stops|work with|ok with|okay with|safe with)\b"
)
# A condition said of someone first, then asked: "im diabetic, can i have…", "my dad is
# diabetic, can he have…"
_OWN_CONDITION = re.compile(
    r"^(?:i'm|im|i am|i have|i've got|my \w+ (?:is|has)|he's|she's|he is|she is|(?:\w+ ){0,2}"
    r"(?:is|has))\b"
)
_ADVICE_ASKED = re.compile(
    r"\b(?:ok|okay|safe|fine|good|better|worse|bad|allowed|suitable|alright|avoid)\b"
    r"|^(?:can|could|should|may)\b"
    # "im diabetic, can i have a slice of cake" (a twelfth trial's got the model's echo)
    r"|\b(?:can|could|should|may) (?:i|we|he|she|they|you|grandad|nan|mum|dad) (?:have|eat|drink)\b"
)


def allergen_question(words: list[str]) -> str | None:
    """What to say to a question about what a food holds, else None: the allergen line,
    the nutrition panel, or a health condition's own advisers."""
    said = " ".join(words)
    if _CONDITION.search(said) and _OWN_CONDITION.search(said) and _ADVICE_ASKED.search(said):
        return CONDITION_UNSURE  # "im diabetic, can i have a slice of cake": asked after
    if (
        _CONDITION.search(said)
        and _INTERACTS.search(said)
        and said.startswith(
            ("does", "do", "can", "will", "is", "are", "would", "could", "what", "which", "how")
        )
    ):
        return CONDITION_UNSURE  # "does spinach affect warfarin": a GP's or pharmacist's
    if not _ASKING.search(said) and not said.startswith("how"):
        return None
    if _ASKS.search(said):
        return made_with(words) or ALLERGEN_UNSURE
    if _NUTRIENT.search(said):
        return NUTRITION_UNSURE
    if _CONDITION.search(said) and _ADVICE_ASKED.search(said):
        return CONDITION_UNSURE
    return None


# The allergen a question asks of, as made_of.csv names it
_ASKED_ALLERGEN = (
    ("peanuts", re.compile(r"\bpeanuts?\b|\bgroundnuts?\b")),
    ("nuts", re.compile(r"\b(?:tree )?nuts?\b|\bnut[- ]free\b")),
    ("sesame", re.compile(r"\bsesame\b")),
    ("milk", re.compile(r"\b(?:milk|dairy|lactose)\b")),
    ("eggs", re.compile(r"\beggs?\b")),
    ("fish", re.compile(r"\bfish\b|\banchov(?:y|ies)\b")),
    ("gluten", re.compile(r"\b(?:gluten|wheat|coeliacs?|celiacs?)\b")),
    ("soya", re.compile(r"\bsoya?\b")),
)


def a_food_made_of(words: list[str]) -> bool:
    """Whether the words name a food the table knows what it is made of ("ferrero rocher")."""
    return tables().made_of.named_in(words) is not None


def made_with(words: list[str]) -> str | None:
    """What a food is made of by its very name, where that holds the allergen asked of:
    "is tahini made from sesame", "does hummus have sesame in it", "is pesto nut free my
    son has a nut allergy" (an eighteenth trial's and a held-out split's each got "check the
    label", where the food's own definition says it). Only ever what it holds: a food not
    made of the allergen asked is still the label's to say."""
    found = tables().made_of.named_in(words)
    if found is None:
        return None
    row = found[1][0]
    said = " ".join(words)
    asked = [name for name, pattern in _ASKED_ALLERGEN if pattern.search(said)]
    held = [name for name in asked if name in row.allergens]
    if not held and "nuts" in asked and "peanuts" in row.allergens:
        # "does bombay mix have nuts?": peanuts are no tree nut, but they are what is in it,
        # and a household asking of nuts means them too
        held = ["peanuts"]
    if not held:
        return None
    what = "nuts" if held[0] == "nuts" else held[0]
    return (
        f"{row.food[:1].upper()}{row.food[1:]} is made with {row.made_with}, so expect "
        f"{what} in it [source: {row.source}]. Check the label all the same: on UK packs the "
        "14 allergens are shown in bold in the ingredients."
    )


def swap_for_a_diet(words: list[str]) -> str | None:
    """The refusal for a swap asked for a diet ("gluten free", "for a coeliac"), else None."""
    need = _NEED.search(" ".join(words))
    if need is None:
        return None
    said = need["need"].replace("-", " ")
    if said.startswith(("coeliac", "celiac")):
        said = "gluten free"
    elif said.endswith(("allergy", "allergic")):
        said = "allergy-safe"
    return SWAP_NOT_CHECKED.format(need=said.replace(" free", "-free"))
