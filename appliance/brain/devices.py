"""Asked to work or watch something in the house: answered with the truth, never by the
model.

A fifth outside trial said "switch the immersion on for half an hour" and the model
answered "The immersion is switched off for half an hour."; "put Radio Ulster on" got a
made-up history of a band. Hearth switches, locks and plays nothing: it keeps timers,
reminders, the shopping list and what it is told. So a request to work a thing of the house
gets that said plainly, and the model is not asked.
"""

from __future__ import annotations

import re

from appliance.brain.people import ANIMAL
from appliance.brain.router import fixed_reply

NOT_A_SWITCH = (
    "I can't switch, lock or play anything in the house: I keep timers, reminders, the "
    "shopping list and what you tell me."
)

_POLITE = (
    r"^(?:(?:hey |ok |okay )?hearth[,:]?\s+)?(?:(?:please|pls|can you|can u|could you|could u|"
    r"would you(?: ever)?|will you|go on,?|just)\s+)*"
)
# A device's name, with up to two words of which one before it ("the kitchen lights", "the
# big light"), and a few slips ("teh").
_THING = (
    r"(?:(?:the|teh|my|our|that|this|all the) )?(?:[a-z]+ ){0,2}?(?:immersion(?: heater)?|"
    r"heating|hot water|lights?|lamps?|kettle|oven|hob|cooker|grill|microwave|telly|tv|"
    r"television|radio|(?:[\w]+ )?radio [\w ]{1,20}?|music|volume|boiler|fan|dishwasher|"
    r"washing machine|tumble dryer|dryer|hoover|vacuum|fire|heater|extractor(?: fan)?|wifi)"
)
# Said of a recipe's step, read out: "Turn the oven down to 160 and bake for 20 minutes".
_A_STEP_GOES_ON = (
    r"(?!.*\band (?:bake|cook|pour|roast|simmer|stir|add|leave|let|grease|put|place|fry|boil|"
    r"mix|whisk|season|serve|cover|remove|tip|drain)\b)"
)
_WORK_IT = re.compile(
    _POLITE + _A_STEP_GOES_ON + r"(?:"
    # "switch the immersion on", "turn on the heating", "put the kettle on", "put Radio Ulster on"
    r"(?:switch|turn|flick|put|pop|stick|bung)\s+(?:(?:on|off|up|down)\s+"
    + _THING
    + r"|"
    + _THING
    + r"\s+(?:on|off|up|down))(?=\s|$|[,.!?])"
    # "lock the back door", "close the blinds", "lock all the doors"
    r"|(?:lock|unlock|open|close|shut|draw)\s+(?:all )?(?:the |my |our )?(?:back |front |side |"
    r"garage |patio |kitchen |bedroom |landing |upstairs |downstairs )?(?:doors?|windows?|"
    r"blinds|curtains|gate|garage)"
    # "play some music", "play Radio Ulster", "play some Christy Moore", "skip this song"
    r"|(?:play|pause|skip|mute|unmute|stop)\s+(?:the |this |that |my |a |a bit of |some )?"
    r"(?:[\w']+ ){0,2}?(?:music|radio|songs?|tracks?|tunes?|playlist|podcast|telly|tv|"
    r"adverts?|ads|volume|album)\b"
    r"|play some (?!games?\b)[\w' ]{2,30}$"
    r"|(?:dim|brighten)\s+" + _THING + r"|boil\s+(?:the |teh )?kettle"
    r")(?!.*\b(?:list|timer|reminder)s?\b)",
    re.IGNORECASE,
)


NOTHING_LEAVES = (
    "I can't send messages, make calls or order anything: nothing leaves the house. I can "
    "set a reminder to do it."
)
# "text Ciaran and tell him his tea's in the oven", "order the messages from Tesco" (a fifth
# trial's got the model: an untold line, and "…is in the keyword+semantic mode.")
_SEND_IT = re.compile(
    _POLITE + r"(?!.*\b(?:list|timer|reminder|password|passcode|pin|code|token|login)s?\b)(?:"
    # "text dad that dinner is ready", "email Tom the recipe", "text Niamh - bring milk"
    r"(?:text|email|e-mail|message|whatsapp) (?!me\b|us\b)(?:[a-z'-]+ ){1,3}?"
    r"(?:that|and tell|and say|to say|to tell|saying|about|the|a|an|my)\b"
    r"|(?:text|email|message|whatsapp) (?!me\b|us\b)[a-z'-]+\s*[-:,]"
    # "send Dad a message saying…", "send a message to Aoife"
    r"|send (?:[a-z'-]+ )?(?:a |an )?(?:message|text|email|whatsapp)\b"
    # "ring Nan", "phone the surgery", "ring Declan's mobile?", "phone Auntie Margaret and…"
    r"|(?:ring|phone|call|facetime) (?!me\b|us\b|\d)(?:the |my |our )?[a-z'-]+(?: [a-z'-]+)?"
    # "can you ring Dad for me?" (an eighth trial's got "I don't know whether you can…")
    r"(?: for (?:me|us))?(?: (?:please|now))?(?:[?.!]*$| and\b)"
    r"|give (?:the |my |our )?[a-z' -]{1,30}? a (?:ring|call|bell|text)\b"
    # "order more milk from tesco", "order us a Deliveroo", "book a table for four"
    r"|(?:order|reorder|re-order)\b"
    # "tell Ellie dinner's ready", "let Sam know the dentist moved" (an eighth trial's got the
    # model's "The person has finished dinner.")
    r"|let (?!me\b|us\b|you\b|it\b|anyone\b|anybody\b|everyone\b|strangers\b)"
    r"(?:[a-z'-]+ ){1,2}?know\b"
    r"|tell (?!me\b|us\b|you\b|yourself\b|him\b|her\b|them\b|it\b|a\b|an\b|the\b|"
    r"what\b|how\b|why\b|when\b|where\b|who\b|which\b|if\b|whether\b|about\b|stories?\b|jokes?\b|"
    r"that\b|this\b)(?:[a-z'-]+ ){1,2}?(?:that |dinner|tea|breakfast|lunch|it's|its|"
    r"to |i'm|we're|the |i |we |he |she |they )"
    r"|book (?:more |some |a |an |the |us )?[a-z' -]+? (?:from|online|off|on|for|in)\b"
    r"|buy (?:[a-z' -]+ )?(?:tickets?|online|on amazon)\b"
    r"|.*\b(?:online shop|get it delivered)\b"
    r")",
    re.IGNORECASE,
)


CANNOT_CALL_FOR_HELP = (
    "I can't call anyone. In an emergency ring 999 or 112 (911 in North America) from a phone now."
)
# "call an ambulance", "ring 999", "get the police" (an eighth trial's got the sending line,
# "…I can set a reminder to do it."): the number to ring, never a reminder
_CALL_FOR_HELP = re.compile(
    r"\b(?:call|ring|phone|dial|get|contact|send for)\s+(?:me\s+|us\s+)?(?:an?\s+|the\s+)?"
    r"(?:ambulance|police|fire (?:brigade|service|department)|paramedics|999|911|112|"
    r"emergency services|coastguard|mountain rescue)\b",
    re.IGNORECASE,
)

_AN_ANIMAL = rf"{ANIMAL}\b"
NOT_A_VET = (
    "I won't guess what's safe for an animal to eat: some foods people eat are poisonous to "
    "pets. Ask your vet, and if it has already eaten something, ring them now."
)
# "can dogs eat grapes?", "is it ok to give the cat milk?" (an eighth trial's got "From
# memory: Our dog Biscuit eats twice a day…"; a model's guess could be a poisoning)
_FED_TO_A_PET = re.compile(
    r"^(?:(?:hey |ok )?hearth[,:]?\s+)?(?:can|could|should|do|does|are|is|is it|would it be)\b.*?"
    rf"\b(?:(?:a |the |my |our |your )?{_AN_ANIMAL})"
    r".*?\b(?:eat|eats|have|drink|be given|safe|ok|okay|allowed|poisonous|toxic|bad)\b"
    r"|^(?:is it|it is|is that)?\s*(?:ok|okay|safe|alright|fine|bad)\s+(?:to|for)\s+(?:give|feed|"
    rf"let)\s+(?:a |the |my |our )?{_AN_ANIMAL}"
    # "can I give the dog chocolate?" (a ninth trial's got "I only know what I've been told
    # about the dog"); never a walk, a bath or a cuddle
    r"|^(?:(?:hey |ok )?hearth[,:]?\s+)?(?:can|could|should|shall|do|is it ok to|is it okay to|"
    r"is it safe to|am i allowed to)\s+(?:i|we|you)?\s*(?:give|feed)\s+(?:a |the |my |our )?"
    rf"{ANIMAL}\s+(?!(?:a |an |her |his |their )?(?:walk|bath|wash|brush|"
    r"cuddle|hug|pat|stroke|rub|haircut|trim|bone to chew)\b)\w"
    # "is chocolate bad for dogs?", "is xylitol dangerous for dogs" (a tenth trial's got "I
    # don't know whether chocolate is bad for dogs yet. Tell me and I'll remember.")
    # (of a food: never "is the park ok for dogs?")
    r"|^(?:(?:hey |ok )?hearth[,:]?\s+)?(?:is|are|can|could)\b(?!.*\b(?:park|walk|walks|beach|"
    r"garden|field|pub|shop|cafe|house|flat|car|toys?|bed|sofa|weather|cold|heat|fireworks)\b)"
    r"[^?]{0,60}?\b(?:bad|toxic|"
    r"poisonous|dangerous|safe|ok|okay|harmful|deadly|fatal|fine|alright)\s+(?:for|to)\s+"
    rf"(?:a |the |my |our )?{_AN_ANIMAL}"
    # "my dog ate chocolate, what do I do", "the cat's eaten a lily": already eaten
    rf"|\b(?:a|the|my|our)\s+{_AN_ANIMAL}(?:'s|\s+has|\s+have)?\s+(?:just\s+)?"
    r"(?:ate|eaten|swallowed|chewed|licked|drank|drunk|scoffed|wolfed)\b",
    re.IGNORECASE,
)

RING_THE_VET = (
    "I can't tell what's wrong with an animal. Ring your vet now, or their out-of-hours "
    "number, and say what you've seen."
)
# "my dog's face is swollen", "the cat's being sick and won't eat" (an animal in trouble:
# the model's guess, or a card on the board, would be worse than useless)
_AN_ANIMAL_UNWELL = re.compile(
    rf"\b(?:a|the|my|our)\s+{_AN_ANIMAL}(?:'s)?\s+(?:(?:face|mouth|eye|eyes|paw|leg|tummy|"
    r"belly|lip|lips|tongue|throat)\s+(?:is|are|'s)?\s*)?(?:is\s+|are\s+|has\s+|'s\s+|been\s+)*"
    r"(?:swollen|swelling|being sick|been sick|vomiting|throwing up|sick(?! of)|collapsed|bleeding|"
    r"limping|fitting|having a fit|having a seizure|can't breathe|struggling to breathe|"
    r"panting heavily|poorly|unwell|not well|not eating|won't eat|off (?:its|his|her) food)\b",
    re.IGNORECASE,
)

CANNOT_WATCH = (
    "I can't tell when that happens: I can't see or hear what goes on in the house, and I "
    "only know what I'm told. I can set a timer or a reminder for a time you give me."
)
# "let me know when Tomasz gets home", "tell me when the oven's hot", "give me a shout when
# the washing's done": a seventh trial's got the model's "Tomasz gets home at 20:15.", "The
# oven is hot." and "The washing machine is finished.", none of it seen. Not a timer or a
# time of day, which the household's rules keep ("tell me when 10 minutes are up").
_WATCH_IT = re.compile(
    _POLITE + r"(?!.*\b(?:timers?|reminders?|minutes?|mins?|hours?|seconds?|o'?clock|am|pm|"
    r"time to|it's time|\d)\b)(?:"
    r"(?:let|lemme) (?:me|us) know|give (?:me|us) a (?:shout|shout out|call|bell)|shout|"
    r"alert (?:me|us)|ping (?:me|us)|warn (?:me|us)|wake (?:me|us)(?: up)?|"
    r"tell (?:me|us)(?= (?:as soon as|once)\b)"
    # "tell me when X …" with a happening after it; "tell me when the bins go out is" asks
    r"|tell (?:me|us)(?= (?:when|if)\b.*\b(?:gets?|arrives?|comes?|finish(?:es)?|is (?:hot|ready|"
    r"done|finished|up|back|home|on|here|awake)|are (?:ready|done|back|home|here)|goes off|"
    r"boils?|rings?|calls?|texts?|lands?|wakes?(?: up)?|cries|crying|knocks?|"
    # "tell me when someone's at the door" (an eighth trial's got "The person is at the door.")
    r"(?:'s|is|are) at the (?:door|gate)|stops?|starts?)\b)"
    # "watch the baby monitor and tell me if she cries"
    r"|(?:watch|keep an eye on|listen (?:to|for|out for)|monitor) (?:the |my |our )?"
    r"[\w' -]{1,30}? (?:and|to) (?:tell|let) (?:me|us)(?: know)?"
    # never "let me know if you'd like…": what the one asked wants
    r") (?:when|if|as soon as|once)\b(?! (?:you|u)\b)",
    re.IGNORECASE,
)


def watches(text: str) -> bool:
    """Whether the words ask to be told when something happens ("tell me when the post
    comes"), which Hearth cannot watch for."""
    return _WATCH_IT.search(text) is not None


CANNOT_TELL_WHO_KNOWS = (
    "I can't tell: I don't send messages, and I can't see or hear what goes on in the house."
)
# Whether someone had word, asked of "she", "he" or "they": a seventh trial's "text Mum
# that we're running late" got the sending line, then "great, so she knows?" the model's
# "She knows." Nobody was told anything. ("does Mum know?" names her: asked of memory.)
_HAS_WORD = re.compile(
    r"^(?:(?:great|ok|okay|right|good|and|so|but)[,!]?\s+)*(?:so\s+)?"
    r"(?:(?:does|did|has|have|will|would|do)\s+)?(?:she|he|they)\s+"
    r"(?:know|knows|knew|get it|got it|get the message|got the message|get my message|"
    r"seen it|see it|saw it|seen the message|hear|heard|read it|have it)"
    r"(?:\s+(?:yet|now|already|then|about it|about that|that))?\s*\?\s*$",
    re.IGNORECASE,
)
# "did you send the shopping list to my phone?" (a tenth trial's got "I don't know whether
# you sent…"): asked of Hearth, which sends nothing, the list included
_ASKED_IF_SENT = re.compile(
    r"^(?:(?:so|and|but|hearth)[,]?\s+)*(?:did|have) you (?:already |actually |ever )?"
    r"(?:send|sent|text|texted|email|emailed|share|shared|forward|forwarded|message|messaged|"
    r"whatsapp|whatsapped|post|posted)\b",
    re.IGNORECASE,
)
DEVICES = fixed_reply("devices", _WORK_IT, NOT_A_SWITCH)
ASKED_IF_SENT = fixed_reply("asked if sent", _ASKED_IF_SENT, NOTHING_LEAVES)
HAS_WORD = fixed_reply("has word", _HAS_WORD, CANNOT_TELL_WHO_KNOWS)
WATCHING = fixed_reply("watching", _WATCH_IT, CANNOT_WATCH)
SENDING = fixed_reply("sending", _SEND_IT, NOTHING_LEAVES)
CALL_FOR_HELP = fixed_reply("call for help", _CALL_FOR_HELP, CANNOT_CALL_FOR_HELP)
FED_TO_A_PET = fixed_reply("fed to a pet", _FED_TO_A_PET, NOT_A_VET)
AN_ANIMAL_UNWELL = fixed_reply("an animal unwell", _AN_ANIMAL_UNWELL, RING_THE_VET)
