"""What is said to someone else in the kitchen: "Mum, can you put the kettle on?".

Hearth hears the kitchen, not only the person speaking to it: after a question of its own
it listens for a few seconds without a press, and a wake word hears whoever is near. Said
to the model or to memory, "Mum, can you pass the salt?" got "I don't know that about mum
yet. Tell me and I'll remember.", and "Sam, can you set the table?" got "I'm sorry, I can't
help you. Please try again later.": answers to a question nobody asked Hearth.

A sentence is said to someone else when it opens by calling a person (people.said_to:
"Sam,", "Mum,", "Hey Olly,"; never Hearth, as said or as a recogniser writes it, a name
for Hearth such as "love", or a wake phrase's name) and goes on to ask them something or
speak to them: a question, "you" or "your", or a verb that asks ("set the table", "pass
the salt"). Hearth then says so, and does nothing: "That sounded meant for Mum, so I've
left it." Tried after the household's intents (frames.py already turns down "Sam, add milk
to the list"), memory's and the kitchen's ("Mum, how long do eggs take to boil?" is
answered: Hearth knows, and it is no household fact), and before the questions and the
model.
"""

from __future__ import annotations

import re

from appliance.brain.people import said_to
from appliance.brain.router import Intent, Route, Router

# Speaking to the one called: "can you…", "your shoes", "have you…".
_YOU = re.compile(r"\b(?:you|your|yours|yourself|ya)\b", re.IGNORECASE)
# A verb that asks for something, said first: "set the table", "please pass the salt".
_ASKS = re.compile(
    r"^(?:please\s+|just\s+|quickly\s+)?(?:set|put|pop|add|take|get|go|come|stop|turn|bring|"
    r"pass|grab|fetch|help|wash|dry|clear|tidy|lay|feed|let|shut|open|close|check|start|"
    r"cancel|make|give|sit|eat|finish|hurry|wait|don't|do|remember|stir|watch|mind|leave|"
    r"tell|ask|call|ring|answer|keep|hold|pick|switch|wipe|empty|fill|hang|move|look)\b",
    re.IGNORECASE,
)


def speaks_to_them(text: str) -> str | None:
    """Who it is said to, when what follows asks them something or speaks to them ("…, can
    I have a biscuit?", "…, set the table", "…, your tea's ready")."""
    called = said_to(text)
    if called is None:
        return None
    rest = called.rest.rstrip(" .!\"'")
    if rest.endswith("?") or _YOU.search(rest) or _ASKS.match(rest):
        return called.who
    return None


def _match(text: str) -> Route | None:
    return Route("said to another", text) if speaks_to_them(text) else None


def _act(route: Route) -> str:
    who = speaks_to_them(route.text)
    assert who is not None, "the matcher read this very text"
    return f"That sounded meant for {who}, so I've left it."


SAID_TO_ANOTHER = Intent("said to another", _match, _act)


def with_said_to_another(router: Router) -> Router:
    """The router with speech to someone else after the household's, memory's and the
    kitchen's intents, and before the questions and the model."""
    return router.extended([SAID_TO_ANOTHER], before="weather")
