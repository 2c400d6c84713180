"""Asked to work something in the house: answered with the truth, never by the model.

A fifth outside trial said "switch the immersion on for half an hour" and the model
answered "The immersion is switched off for half an hour."; "put Radio Ulster on" got a
made-up history of a band. Hearth switches, locks and plays nothing: it keeps timers,
reminders, the shopping list and what it is told. So a request to work a thing of the house
gets that said plainly, and the model is not asked.
"""

from __future__ import annotations

import re

from appliance.brain.router import Intent, Route

NOT_A_SWITCH = (
    "I can't switch, lock or play anything in the house: I keep timers, reminders, the "
    "shopping list and what you tell me."
)

_POLITE = (
    r"^(?:(?:hey |ok |okay )?hearth[,:]?\s+)?(?:(?:please|can you|could you|would you(?: ever)?|"
    r"will you|go on,?|just)\s+)*"
)
_THING = (
    r"(?:the |my |our |that |this )?(?:immersion(?: heater)?|heating|central heating|hot water|"
    r"lights?|lamps?|kettle|oven|hob|cooker|grill|microwave|telly|tv|television|radio|"
    r"(?:radio|bbc radio) [\w ]{1,20}?|music|boiler|fan|dishwasher|washing machine|"
    r"tumble dryer|dryer|hoover|vacuum|fire|heater|extractor(?: fan)?|big light|wifi)"
)
_WORK_IT = re.compile(
    _POLITE + r"(?:"
    # "switch the immersion on", "turn on the heating", "put the kettle on", "put Radio Ulster on"
    r"(?:switch|turn|flick|put|pop|stick|bung)\s+(?:(?:on|off|up|down)\s+"
    + _THING
    + r"|"
    + _THING
    + r"\s+(?:on|off|up|down))(?=\s|$|[,.!?])"
    # "lock the back door", "close the blinds"
    r"|(?:lock|unlock|open|close|shut|draw)\s+(?:the |my |our )?(?:back |front |side |garage |"
    r"patio |kitchen |bedroom |landing |upstairs |downstairs )?(?:doors?|windows?|blinds|"
    r"curtains|gate|garage)"
    # "play some music", "play Radio Ulster"
    r"|play\s+(?:some |a bit of |the )?(?:music|radio|songs?|tunes|playlist|podcast)"
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
    # "text dad that dinner is ready", "email the school to say Dylan is poorly"
    r"(?:text|email|e-mail|message|whatsapp) (?!me\b|us\b)(?:[a-z'-]+ ){1,3}?"
    r"(?:that|and tell|and say|to say|to tell|saying|about)\b"
    # "ring Nan", "phone the surgery", "call the plumber": a call and no more
    r"|(?:ring|phone|call|facetime) (?!me\b|us\b|\d)(?:the |my |our )?[a-z'-]+(?: [a-z'-]+)?$"
    # "order more milk from tesco", "book a table for four"
    r"|(?:order|book) (?:more |some |a |an |the |us )?[a-z' -]+? (?:from|online|off|on|for)\b"
    r")",
    re.IGNORECASE,
)


def _asks_to_work_it(text: str) -> Route | None:
    return Route("devices", text) if _WORK_IT.search(text) else None


def _asks_to_send_it(text: str) -> Route | None:
    return Route("sending", text) if _SEND_IT.search(text) else None


DEVICES = Intent("devices", _asks_to_work_it, act=lambda route: NOT_A_SWITCH)
SENDING = Intent("sending", _asks_to_send_it, act=lambda route: NOTHING_LEAVES)
