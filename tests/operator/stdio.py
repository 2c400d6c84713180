"""The real `hearth mcp` process, driven by the MCP SDK's own client over stdio.

A test holds an `Operator`: one server process on one data dir with one
`mcp_writes` value, reached through `mcp.client.stdio.stdio_client` and
`ClientSession` on an event loop in a thread (anyio's blocking portal), so
module-scoped fixtures can share a server between tests.
"""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from anyio.from_thread import BlockingPortal, start_blocking_portal
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.types import CallToolResult, Tool

REPO = Path(__file__).resolve().parents[2]


def server_env(data_dir: Path, writes: str) -> dict[str, str]:
    """What a client's config would give `hearth mcp`: the data dir and the setting."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("HEARTH_")}
    config = data_dir.parent / "no-config.toml"
    config.write_text("")
    env.update(
        HEARTH_DATA_DIR=str(data_dir),
        HEARTH_CONFIG=str(config),
        HEARTH_MCP_WRITES=writes,
        # This checkout's package, whatever the venv's editable install points at.
        PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")])),
    )
    return env


@asynccontextmanager
async def _session(env: dict[str, str]) -> AsyncIterator[ClientSession]:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "appliance.cli", "mcp"], env=env
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


@dataclass
class Operator:
    """One running `hearth mcp` and the data dir it serves."""

    portal: BlockingPortal
    session: ClientSession
    data_dir: Path
    writes: str

    def tools(self) -> list[Tool]:
        return self.portal.call(self.session.list_tools).tools

    def call(self, name: str, arguments: dict[str, Any] | None = None) -> CallToolResult:
        return self.portal.call(self.session.call_tool, name, arguments or {})

    def text(self, name: str, arguments: dict[str, Any] | None = None) -> str:
        """The tool's one text, asserting it is not an error."""
        result = self.call(name, arguments)
        [content] = result.content
        assert not result.is_error, content.text  # type: ignore[union-attr]
        return content.text  # type: ignore[union-attr]

    def error(self, name: str, arguments: dict[str, Any] | None = None) -> str:
        """The tool's error text, asserting it is one."""
        result = self.call(name, arguments)
        [content] = result.content
        assert result.is_error, content.text  # type: ignore[union-attr]
        return content.text  # type: ignore[union-attr]

    def files(self, folder: str) -> list[str]:
        where = self.data_dir / folder
        return sorted(p.name for p in where.iterdir()) if where.exists() else []


@contextmanager
def running_operator(data_dir: Path, writes: str) -> Iterator[Operator]:
    data_dir.mkdir(parents=True, exist_ok=True)
    env = server_env(data_dir, writes)
    with (
        start_blocking_portal() as portal,
        portal.wrap_async_context_manager(_session(env)) as session,
    ):
        yield Operator(portal, session, data_dir, writes)
