"""Signs of an allergic reaction, said in the kitchen: the emergency line, never the model
nor a card on the board.

A tenth outside trial, with "Tamsin is allergic to sesame" kept, said "Tamsin just ate a
sesame bagel, what do I do?" and got "From memory: Tamsin is allergic to sesame.", and
"Tamsin's lips are swelling after lunch" was proposed as a fact to review. Neither said to
ring for help. What to look for and what to do are the NHS's (anaphylaxis: call 999 if
lips, mouth, throat or tongue swell, breathing or swallowing is hard, or someone is faint
or floppy; use an adrenaline auto-injector if they have one). Hearth calls no one.
"""

from __future__ import annotations

import re

from appliance.brain.people import ANIMAL
from appliance.brain.router import fixed_reply
from appliance.kitchen.allergens import ALLERGEN

ALLERGIC_REACTION = (
    "This could be a serious allergic reaction. If their lips, tongue or throat are "
    "swelling, breathing or swallowing is hard, or they are faint, floppy or turning pale "
    "or blue: use their adrenaline auto-injector if they have one, and ring 999 now (112 "
    "in Europe, 911 in North America). I can't call anyone."
)
ATE_AN_ALLERGEN = (
    "If they're allergic to it, follow their allergy plan, and watch them: if their lips, "
    "tongue or throat swell, breathing or swallowing gets hard, or they turn faint, use "
    "their adrenaline auto-injector if they have one and ring 999 now (112 in Europe, 911 "
    "in North America). I can't tell whether they'll be all right, and I can't call anyone."
)

# The fourteen allergens the kitchen knows (kitchen/allergens.py), and foods made of them
# that a household names when one was eaten
_ALLERGEN = (
    rf"(?:{ALLERGEN}|peanut butter|cashews?|almonds?|hazelnuts?|walnuts?|pistachios?|pecans?|"
    r"cheese|tahini|hummus|houmous|prawns?|shrimp|crab|lobster|mussels?|kiwi)"
)
# Said of an animal, it is the vet's (devices.py).
_NO_ANIMAL = rf"^(?!.*\b{ANIMAL}\b)"
# The signs themselves, said of someone now: "Tamsin's lips are swelling", "he can't
# breathe properly", "she's come out in hives"
_SIGNS = re.compile(
    _NO_ANIMAL + r".*?(?:"
    r"\b(?:lips?|tongue|throat|face|mouth|eyes?)(?:'s|'re| is| are)? (?:all |really |a bit |"
    r"starting to |started |gone )?(?:swelling|swollen|swelled|puffing up|puffed up|puffy|"
    r"tight|tingling|going blue|blue)\b"
    # never "these tablets are hard to swallow", "I can't breathe for laughing"
    r"|\b(?:can't|cannot|can not|struggling to|having trouble|having difficulty) "
    r"(?:breathe|breathing|swallow|swallowing)\b(?! (?:for|from|with) laugh)"
    # happening now: never "…had an allergic reaction to penicillin last year", "Tamsin's
    # anaphylaxis training is on Tuesday" (a review's got the line)
    r"|\b(?:having (?:an? )?(?:allergic |bad |serious )?reaction|going into anaphyla\w+|"
    r"in anaphylactic shock|(?:come|came|broken|broke) out in hives|covered in hives)\b)",
    re.IGNORECASE,
)
# Someone ate what many are allergic to, and it is asked, last, what to do: "Tamsin just
# ate a sesame bagel, what do I do?" (never "…what do I do with the leftovers?")
_ATE_IT = re.compile(
    _NO_ANIMAL + r".*?\b(?:ate|eaten|swallowed|licked|bit into|taken a bite of|has had|just "
    rf"had)\b[^?.!]*?\b{_ALLERGEN}\b.*\b(?:what (?:do|should|can) (?:i|we) do|what now|help|"
    r"is (?:she|he|they) (?:going to be )?(?:ok|okay|alright|all right)|will (?:she|he|they) be "
    r"(?:ok|okay|alright|all right)|should (?:i|we) (?:worry|be worried)|is that (?:ok|okay|"
    r"bad))[\s?.!]*$",
    re.IGNORECASE,
)
SIGNS_OF_A_REACTION = fixed_reply("allergic reaction", _SIGNS, ALLERGIC_REACTION)
ATE_AN_ALLERGEN_ASKED = fixed_reply("ate an allergen", _ATE_IT, ATE_AN_ALLERGEN)
