"""Words not caught: what the recogniser was unsure of, and no rule reads as a request.

Answered by the model, such words are answered as if someone had said them ("The reminder
is in the keyword+semantic mode." for "Snooze the reminder." heard as "So is the
reminder."). Talk (service.py) and a Wyoming satellite (wyoming/satellites.py) ask again
instead, send nothing on, and show or return what was heard. The line is the recogniser's
(stt.UNSURE_LOGPROB, chosen by benchmarks/unsure.py); a command the rules read is acted on
however unsure the words were, since its reply says exactly what was done.
"""

from __future__ import annotations

import re

from appliance.voice.bias import Bias

# A question back, so Talk listens for the words again without a press (hands_free.py).
NOT_CAUGHT = "Sorry, I didn't catch that. Could you say it again?"

# Words Hearth never says back, however sure the recogniser was: a third outside trial's
# "Where is the spare key?" was heard, twice, as a disability slur, and the reply said it
# aloud ("I don't know where the … is yet."). A family's kitchen hears these only from a
# mishearing; typed words are the person's own and are not read here. Words a kitchen says
# in other senses are left out (faggots, spotted dick, cock-a-leekie, prick the sausages).
_UNSAYABLE = re.compile(
    r"\b(?:spack(?:y|er|o)|spazz?|spastic|retard(?:ed|s)?|mongs?|mongo|nigg(?:er|a|ers|as)|"
    r"pakis?|chinks?|chinky|gooks?|wogs?|coons?|kikes?|dykes?|trann(?:y|ies)|nonces?|pikeys?|"
    r"gyppos?|cunts?|twats?|(?:mother)?fuck(?:s|ed|er|ers|ing|in)?|shit(?:s|ty|e)?|bitch(?:es)?|"
    r"whores?|sluts?|wank(?:er|ers|ing)?|bastards?|bollocks|arseholes?|assholes?)\b",
    re.IGNORECASE,
)


def unsayable(text: str) -> bool:
    """Whether `text` holds a word Hearth never says back (a slur or an oath)."""
    return _UNSAYABLE.search(text) is not None


def masked(text: str) -> str:
    """`text` with each word Hearth never says shown as "…", for the board and the log."""
    return _UNSAYABLE.sub("…", text)


def not_caught(text: str, bias: Bias, unsure: bool) -> bool:
    """Whether `text` is to be asked again: the recogniser was `unsure` of it, it holds
    words and no rule of the bias's reads it as a request; or it holds a word Hearth never
    says back, whatever reads it ("add … to the list" would say it in its reply)."""
    if unsayable(text):
        return True
    return unsure and bool(text.strip()) and not bias.understood(text)
