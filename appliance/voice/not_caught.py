"""Words not caught: what the recogniser was unsure of, and no rule reads as a request.

Answered by the model, such words are answered as if someone had said them ("The reminder
is in the keyword+semantic mode." for "Snooze the reminder." heard as "So is the
reminder."). Talk (service.py) and a Wyoming satellite (wyoming/satellites.py) ask again
instead, send nothing on, and show or return what was heard. The line is the recogniser's
(stt.UNSURE_LOGPROB, chosen by benchmarks/unsure.py); a command the rules read is acted on
however unsure the words were, since its reply says exactly what was done.
"""

from __future__ import annotations

from appliance.voice.bias import Bias

# A question back, so Talk listens for the words again without a press (hands_free.py).
NOT_CAUGHT = "Sorry, I didn't catch that. Could you say it again?"


def not_caught(text: str, bias: Bias, unsure: bool) -> bool:
    """Whether `text`, which the recogniser was `unsure` of, is to be asked again: it
    holds words and no rule of the bias's reads it as a request."""
    return unsure and bool(text.strip()) and not bias.understood(text)
