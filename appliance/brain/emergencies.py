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
from appliance.brain.urgent import EMERGENCY
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
    r"cheese|tahini|hummus|houmous|prawns?|shrimp|crab|lobster|mussels?|kiwi|"
    # made of one: "a bit of satay chicken" is peanut (an eleventh trial's got "I don't
    # know that about Miko yet.", his peanut allergy kept)
    r"satay|peanut sauce|marzipan|frangipane|nutella|praline|nougat|baklava|pesto|"
    r"bombay mix|pad thai|halva|halwa|mayonnaise|mayo|custard|meringue)"
)
# Said of an animal, it is the vet's (devices.py).
_NO_ANIMAL = rf"^(?!.*\b{ANIMAL}\b)"
# The signs themselves, said of someone now: "Tamsin's lips are swelling", "he can't
# breathe properly", "she's come out in hives"
_SIGNS = re.compile(
    _NO_ANIMAL + r".*?(?:"
    # "his lips are going puffy" (an eleventh trial's was "didn't understand", and a card)
    r"\b(?:lips?|tongue|throat|face|mouth|eyes?)(?:'s|'re| is| are)? (?:(?:all|really|a bit|"
    r"very|so|starting to|started|gone|going|getting|turning|swelling) ){0,2}(?:swelling|"
    r"swollen|swelled|puffing up|puffed up|puffy|tight|tingling|going blue|blue)\b"
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

# What to do in a reaction, asked before one: "what should I do if Jack has an allergic
# reaction?", "how do you use an EpiPen?" (a twentieth trial's each got "I don't know … yet.
# Tell me and I'll remember", with his EpiPen in memory). The NHS's steps for anaphylaxis.
WHAT_TO_DO_IN_A_REACTION = (
    "If it's a serious allergic reaction (lips, tongue or throat swelling, breathing or "
    "swallowing hard, faint, floppy, pale or blue): use their adrenaline auto-injector as the "
    "instructions on its side show, into the outer thigh (through clothes is fine), and ring "
    "999 now (112 in Europe, 911 in North America), saying it's anaphylaxis. If they're no "
    "better after 5 minutes, use a second auto-injector if there is one. Lie them down with "
    "their legs raised, or sit them up if breathing is hard. Their own allergy plan comes "
    "first. I can't call anyone."
)
_REACTION_ASKED = re.compile(
    r"\b(?:what (?:do|should|would|can) (?:i|we|you|one) do|how (?:do|should|would|can) "
    r"(?:i|we|you) (?:help|treat|deal with))\b.*\b(?:allergic reaction|anaphyla\w+)\b"
    r"|\bhow (?:do|should|would|can) (?:i|we|you) (?:use|give|do|inject)\b.*"
    r"\b(?:epi-?pens?|auto-?injectors?|adrenaline pens?|jext|emerade)\b",
    re.IGNORECASE,
)
A_REACTION_ASKED = fixed_reply("reaction asked", _REACTION_ASKED, WHAT_TO_DO_IN_A_REACTION)

# Signs of serious illness said of someone now, which the NHS says to ring 999 for: a rash
# that does not fade under a glass (meningitis, sepsis). An eleventh trial's "Zosia has a
# rash that doesn't fade under a glass" was carded as a fact to keep.
RING_999 = (
    "A rash that doesn't fade when a glass is pressed on it can be a sign of meningitis or "
    "sepsis: ring 999 now (112 in Europe, 911 in North America). I can't call anyone."
)
_RASH_THAT_STAYS = re.compile(
    _NO_ANIMAL + r".*\brash\b.*\b(?:doesn't|does not|won't|will not|didn't|did not|not) "
    r"(?:fade|go away|disappear|go)\b.*\b(?:glass|tumbler|press)",
    re.IGNORECASE,
)
# Someone unwell now: a fever, shaking and sweating, being sick, a fit. An eleventh trial's
# "Zosia has a temperature of 38.5" and "Babcia feels shaky and sweaty, she hasn't eaten
# since breakfast" were carded as facts; "Babcia is diabetic and feels shaky and sweaty,
# what should I do?" got "I don't know that about Babcia yet.". Hearth cannot judge how ill
# anyone is, so it says where to ask, and keeps nothing.
UNWELL = (
    "I can't judge how unwell someone is. If it's an emergency (very hard to wake, a fit, "
    "struggling to breathe, or you're worried), ring 999 now (112 in Europe, 911 in North "
    "America); otherwise ring NHS 111 or your GP. I can't call anyone, and I haven't kept "
    "it as a fact."
)
# Never a thing's: "the fridge has a high temperature alarm", "my pastry is floppy", "the
# bath has a temperature of 38" (a review's each got the line)
_NO_THING = (
    r"(?!.*\b(?:fridge|freezer|oven|bath|water|milk|room|house|car|engine|kettle|pan|alarm|"
    r"tank|boiler|heating|radiator|pastry|dough|cake|bread|lettuce|chips|pizza|bacon|"
    r"sauce|meat|chicken|mess)\b)"
)
_UNWELL = re.compile(
    _NO_ANIMAL + _NO_THING + r".*?(?:"
    r"\b(?:has|has got|'s got|is running|running|got) (?:a )?(?:temperature|temp|fever) "
    r"(?:of )?(?:3[7-9]|4[0-3]|10[0-6])(?:[.,]\d)?\b"
    # "Zosia has a fever", "Babcia has chest pains" (a review's were carded)
    r"|\b(?:has|has got|'s got|got|is running|running) (?:a )?(?:fever|chest pains?)\b"
    r"|\b(?:is|'s) being sick\b"
    r"|\b(?:has|has got|'s got|got|is running|running) (?:a (?:high|really high|bad) )"
    r"(?:temperature|temp|fever)\b"
    r"|\b(?:feels?|feeling|is|'s|seems?|looks?|gone|going) (?:(?:all|really|very|a bit|so) )?"
    r"(?:shaky|shaking) and (?:sweaty|sweating|clammy|confused)\b"
    r"|\b(?:having|is having) (?:a )?(?:fit|seizure|convulsion)s?\b(?! (?:last|in|of) )"
    r"|\b(?:won't|will not|can't|cannot) wake (?:him|her|them) up\b"
    r"|\b(?:is|'s|seems?|looks?|gone|going) (?:(?:all|really|very|a bit|so) )?floppy\b"
    r"|\b(?:unresponsive|blue lips|lips (?:are |have )?(?:gone |turned )?blue)\b)",
    re.IGNORECASE,
)
SIGNS_OF_SERIOUS_ILLNESS = fixed_reply("serious illness", _RASH_THAT_STAYS, RING_999)
# An emergency said in passing, with a doubt or none: "I think Babcia is having a stroke",
# "I think there's a gas leak", "the baby swallowed a battery" (a review found them left as
# "a maybe"). Only the words of an emergency happening, never "Tom had a stroke in 2019".
_FIRE = re.compile(
    r"\b(?:(?:is|'s|are|'re|caught|catching|went up|gone up) (?:on )?fire|(?:there's|there is) a "
    r"fire|on fire)\b(?! (?:drill|alarm test|pit|place|work))",
    re.IGNORECASE,
)
# Things that collapse, fit or will not wake: "the cake has collapsed", "Tom is fitting the
# kitchen cabinets", "the phone won't wake up" (a second review's each got 999)
_A_THING_NOT_SOMEONE = (
    r"(?!.*\b(?:cake|sourdough|starter|souffl\w*|tent|roof|wall|shelf|shelves|bridge|pastry|"
    r"meringue|sponge|loaf|phone|laptop|computer|tablet|screen|ipad|tv|telly|market|deal)\b)"
)
_AN_EMERGENCY = re.compile(
    _NO_ANIMAL + r"(?!.*\b(?:in (?:19|20)\d\d|years? ago|last (?:year|month|week)|"
    r"used to|training|course|insurance|drill|alarm test|awareness|as a child)\b)"
    + _A_THING_NOT_SOMEONE
    + r".*\b(?:(?:is|'s|are|'re|am|'m) (?:having an? (?:stroke(?! of)|heart attack|seizure|"
    r"fit(?! of)|asthma attack|allergic reaction)|having chest pains?|choking|"
    r"fitting(?!\s+(?:the|a|an|new|some|his|her|our|their|my|in|out|it|them)\b)|collapsing|"
    r"unconscious|bleeding (?:badly|heavily|a lot))"
    # "mum isn't breathing", "Babcia's face is drooping and her speech is slurred" (the
    # stroke signs the NHS names), "the baby's had a fit" (a second review's were carded)
    r"|(?:isn't|is not|'s not|not|stopped) breathing|face (?:is |'s )?(?:drooping|droopy)|"
    r"speech (?:is |'s )?(?:slurred|slurring)|slurring (?:her|his|their) words|"
    r"(?:has|'s|just) had an? (?:fit|seizure)|had an? (?:fit|seizure) (?:just now|a minute ago|"
    r"minutes ago|earlier)|(?:there's|there is) a gas leak|smell(?:s|ing)? (?:of )?gas|"
    r"swallowed (?:a |an |some )?(?:battery|batteries|button battery|magnets?|bleach|tablets?|"
    r"pills?|coin)|collapsed|(?:won't|can't) wake (?:him|her|them|up)?)",
    re.IGNORECASE,
)
AN_EMERGENCY = fixed_reply("emergency", _AN_EMERGENCY, EMERGENCY)
A_FIRE = fixed_reply("fire", _FIRE, EMERGENCY)
SIGNS_OF_ILLNESS = fixed_reply("unwell", _UNWELL, UNWELL)

# A hypo, said now or asked how to treat: the NHS's treatment, never the model's. An
# eighteenth trial's "Nasrin is having a hypo what do I do" was carded as a fact, and "what
# should a diabetic eat if they have a hypo" got the model's "…should avoid foods that
# contain high amounts of sugar", the opposite of the first aid.
HYPO = (
    "For a hypo (blood sugar below 4): if they can swallow, give something sugary now, such "
    "as a small glass of fruit juice or non-diet fizzy drink, a handful of sweets, or 4 or 5 "
    "glucose tablets, then check their blood sugar after 10 to 15 minutes and treat again if "
    "it's still below 4. If they're very drowsy, can't swallow safely or are unconscious, "
    "don't put anything in their mouth: ring 999 now (112 in Europe, 911 in North America), "
    "and use their glucagon kit if they have one. I can't call anyone, and I haven't kept "
    "it as a fact."
)
_HYPO = re.compile(
    _NO_ANIMAL + r".*?(?:"
    r"\b(?:having|is having|'s having|going into|gone into|in) (?:a )?hypos?\b"
    r"(?! (?:kit|sweets|box|bag|tablets|treatment) (?:is|are|in|on))"
    r"|\b(?:blood )?sugars? (?:is|are|'s|has gone|have gone|gone|dropped|dropping|crashing|"
    r"really|very|so)(?: \w+)? (?:low|down)\b"
    r"|\bhypos?\b.*\b(?:what (?:do|should|can) (?:i|we|you|they) (?:do|give|eat)|what to do|"
    r"how (?:do|should) (?:i|we|you) treat|treat|help)\b"
    r"|\b(?:what|how) .*\b(?:eat|have|give|do|treat)\b.*\bhypos?\b)",
    re.IGNORECASE,
)
A_HYPO = fixed_reply("hypo", _HYPO, HYPO)
ATE_AN_ALLERGEN_ASKED = fixed_reply("ate an allergen", _ATE_IT, ATE_AN_ALLERGEN)
