"""The brain's HTTP endpoint as its own clients see it: what they send beyond OpenAI's shapes.

Both sides of loopback read these names from here (the web app that answers and the
voice service that asks), so a renamed header cannot break one side silently.
"""

from __future__ import annotations

THREAD_HEADER = "X-Hearth-Thread"
# "X-Hearth-Heard: speech" says the text is what speech recognition heard, not what a
# person typed: the brain then proposes a "remember that" instead of keeping it (a
# mishearing must never become a fact). It can only make a turn more careful, so any
# client may send it.
HEARD_HEADER = "X-Hearth-Heard"
HEARD_SPEECH = "speech"
