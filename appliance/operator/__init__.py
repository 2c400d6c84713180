"""The operator's MCP server: what another program's model may read and change here.

    hearth mcp                    # stdio; read-only unless the setting says otherwise

A household's operator (the person who set the box up) may point an MCP client,
Claude Desktop or the `mcp` CLI, at `hearth mcp`. Its model then reads the
household's facts, the inbox, timers, reminders and the shopping list, always as
`data_only` JSON; with `mcp_writes = "propose"` it may also suggest a fact for the
inbox, and with `"add"` write a live one through the guard and the tombstones. No
setting lets it keep, discard or retract: review stays a person's.

    desk.py       OperatorDesk: each tool's work on memory and the household's records
    catalogue.py  which tools each `mcp_writes` value offers, and their MCP hints
    server.py     the MCP SDK's server over stdio (the only module that imports `mcp`)

This package imports memory and household, never the brain: it answers from the
records, and no model of Hearth's speaks through it.
"""

from appliance.operator.catalogue import TOOLS, ToolSpec, offered
from appliance.operator.desk import OperatorDesk, WritesOff

__all__ = ["TOOLS", "OperatorDesk", "ToolSpec", "WritesOff", "offered"]
