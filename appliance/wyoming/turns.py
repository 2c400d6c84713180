"""A Wyoming transcript as Hearth's own turn: asked of the brain over loopback, like Talk.

The brain is never imported here. Each text goes to its HTTP endpoint
(`/v1/chat/completions`, the appliance's token) through voice's `BrainClient`, which
marks it heard (X-Hearth-Heard: speech). So a Wyoming turn meets the same router, the
same honesty rules, the same guard and the same review gate as every other path, and
is the careful kind: "remember that …" from Home Assistant or a satellite is *proposed*
for Keep on the kitchen's board, never written live (Home Assistant cannot say whether
a person typed or spoke it, so Hearth assumes spoken).

A conversation id (Home Assistant's `context.conversation_id`, or a satellite's own
address) maps to one Hearth thread: each id has its own client, which continues the
thread the brain gave it for THREAD_SECONDS, then starts afresh, as Talk does.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from appliance.voice.brain_client import BrainClient

MAX_CONVERSATIONS = 64  # ids remembered; the oldest is forgotten (its thread just restarts)
MAX_TEXT = 2000  # characters of one turn; longer is cut (a spoken sentence is far shorter)
NO_ID = ""  # a peer that sends no conversation id shares one thread


class Conversations:
    def __init__(self, client: Callable[[], BrainClient], limit: int = MAX_CONVERSATIONS) -> None:
        self._client = client
        self._limit = limit
        self._clients: OrderedDict[str, BrainClient] = OrderedDict()
        self._lock = threading.Lock()

    def _for(self, conversation: str) -> BrainClient:
        with self._lock:
            client = self._clients.pop(conversation, None) or self._client()
            self._clients[conversation] = client
            while len(self._clients) > self._limit:
                self._clients.popitem(last=False)
            return client

    def reply(self, text: str, conversation: str | None) -> str:
        """The brain's whole reply; BrainDown (with what to say) when it cannot be reached."""
        client = self._for(conversation or NO_ID)
        return "".join(client.reply(" ".join(text[:MAX_TEXT].split()))).strip()

    def thread(self, conversation: str | None) -> str | None:
        """The Hearth thread a conversation id is on now (None before its first answer)."""
        with self._lock:
            client = self._clients.get(conversation or NO_ID)
        return client.current_thread() if client is not None else None
