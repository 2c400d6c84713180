"""`hearth mcp`: the operator's MCP server on stdin/stdout (appliance/operator; docs/mcp.md).

An MCP client (Claude Desktop, the `mcp` CLI) starts it and speaks JSON-RPC on its
stdin and stdout; a person does not type at it. Read-only unless `mcp_writes` says
"propose" or "add"; it never offers Keep or Discard.
"""

from __future__ import annotations

import argparse
import logging

from appliance.cli.common import Commands
from appliance.composition import operator_desk
from appliance.config import Settings
from appliance.errors import HearthError

log = logging.getLogger(__name__)


def mcp_serve(args: argparse.Namespace, settings: Settings) -> int:
    try:
        from appliance.operator.server import operator_server, serve_stdio
    except ImportError as exc:
        raise HearthError(
            f"`hearth mcp` needs the MCP SDK ({exc.name} is not installed): "
            "pip install 'hearth-appliance[mcp]'"
        ) from None
    with operator_desk(settings) as desk:
        log.info("serving the operator's MCP tools on stdio (mcp_writes = %s)", desk.writes)
        serve_stdio(operator_server(desk))
    return 0


def register(top: Commands) -> None:
    sub = top.add_parser(
        "mcp",
        help="the operator's MCP server on stdio (read-only unless mcp_writes says)",
        description="Serve the operator's MCP tools on stdin/stdout, for an MCP client "
        "such as Claude Desktop to start. Read-only by default; the mcp_writes setting "
        "(off, propose, add) decides what it may change. It never keeps or discards.",
    )
    sub.set_defaults(handler=mcp_serve)
