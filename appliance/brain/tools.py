"""The memory tool, for a chat model whose config says it can call tools (chat_tools).

The model picks one action per step as grammar-constrained JSON: recall,
remember, or answer. Recall results travel in the `data_only` envelope;
remember writes a live fact with source `agent@…` through the guard, because a
person asked in the conversation. A tool error (a refusal, a bad type) goes
back to the model as text so it can correct itself.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from appliance.brain.turn import RECALL_K
from appliance.errors import HearthError
from appliance.memory import FACT_TYPES, Memory

ACTION_SCHEMA: dict[str, Any] = {
    "anyOf": [
        {
            "type": "object",
            "properties": {
                "action": {"const": "recall"},
                "query": {"type": "string", "maxLength": 200},
            },
            "required": ["action", "query"],
        },
        {
            "type": "object",
            "properties": {
                "action": {"const": "remember"},
                "text": {"type": "string", "maxLength": 300},
                "type": {"type": "string", "enum": list(FACT_TYPES)},
            },
            "required": ["action", "text", "type"],
        },
        {
            "type": "object",
            "properties": {
                "action": {"const": "answer"},
                "text": {"type": "string", "maxLength": 800},
            },
            "required": ["action", "text"],
        },
    ]
}

TOOL_LIST = (
    "Tools. Reply with exactly one JSON object per step:\n"
    '{"action": "recall", "query": "..."} looks up household facts;\n'
    '{"action": "remember", "text": "...", "type": "..."} stores a fact the user asked you '
    f"to remember (type is one of {', '.join(FACT_TYPES)});\n"
    '{"action": "answer", "text": "..."} is your reply to the user, and ends the turn.'
)


class ToolError(HearthError):
    """A tool call failed; its message goes back to the model."""


class ActionFailure(HearthError):
    """The model's step did not parse as one of the actions the grammar allows."""


def parse_action(raw: str) -> dict[str, Any]:
    """One action from the model's JSON, checked as the grammar would have."""
    try:
        action = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ActionFailure(f"not JSON ({exc.msg}): {raw[:80]!r}") from None
    if not isinstance(action, dict) or action.get("action") not in ("recall", "remember", "answer"):
        raise ActionFailure(f"not one of the actions recall, remember, answer: {raw[:80]!r}")
    needed = {"recall": ("query",), "remember": ("text", "type"), "answer": ("text",)}
    for key in needed[action["action"]]:
        if not isinstance(action.get(key), str):
            raise ActionFailure(f"{action['action']} needs a string {key!r}: {raw[:80]!r}")
    return action


@dataclass(frozen=True)
class ToolResult:
    text: str  # what the model reads next
    fact_ids: tuple[str, ...] = ()  # facts the call recalled or wrote


class MemoryTools:
    """recall and remember, on one Memory."""

    def __init__(self, memory: Memory) -> None:
        self.memory = memory

    def call(self, action: dict[str, Any]) -> ToolResult:
        name = action["action"]
        if name == "recall":
            results = self.memory.recall(action["query"], RECALL_K)
            return ToolResult(
                self.memory.recall_context(results), tuple(r.fact.id for r in results)
            )
        if name == "remember":
            try:
                fact = self.memory.add(
                    action["text"], action["type"], origin="agent", actor="agent"
                )
            except HearthError as exc:  # refused, unknown type, empty text
                raise ToolError(str(exc)) from exc
            return ToolResult(f"remembered as {fact.id}: {fact.text}", (fact.id,))
        raise ToolError(f"unknown tool {name!r}")
