"""The brain: the local model, the intent router, grounded answers, and the note-taker.

    from appliance.brain import Brain
    with Brain.open(settings, memory) as brain:
        print(brain.reply("what is Sam allergic to?").text)

Importing this package does not import llama_cpp; `Brain.open` loads the models.
"""

from appliance.brain.agent import Brain
from appliance.brain.threads import BadThreadId
from appliance.brain.turn import EmptyMessage, MessageTooLong, Reply, ReplyStream

__all__ = ["BadThreadId", "Brain", "EmptyMessage", "MessageTooLong", "Reply", "ReplyStream"]
