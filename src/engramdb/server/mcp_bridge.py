"""MCP over stdio that talks to a running server (``engramdb mcp --url URL``).

Why a bridge and not the data directory: a store is written by one process, so ``engramdb mcp``
on the data directory of a running ``engramdb serve`` could not open it ("Store locked"). The
bridge opens nothing: it serves the MCP tools on stdin/stdout and forwards every listing and
call to the server's ``/mcp`` endpoint (Streamable HTTP) with an API key, so the tools, their
rights and their answers are exactly the server's, and a revoked key stops at once.
"""

from __future__ import annotations

import os

import anyio
import httpx2
import mcp_types as types
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from .. import __version__
from ..errors import ConfigError
from .mcp import CONTEXT_HEADER

__all__ = ["run_stdio_bridge"]

#: How long one forwarded call may take (an upload reads its document in the call).
CALL_TIMEOUT_S = 300.0


def run_stdio_bridge(url: str, api_key: str | None = None, context: str | None = None) -> None:
    """Serve the tools of the server at ``url`` over stdio, as ``api_key`` (else
    ``$ENGRAMDB_API_KEY``); ``context`` names the context of calls that name none."""
    token = api_key or os.environ.get("ENGRAMDB_API_KEY")
    if not token:
        raise ConfigError("an API key is required: pass one or set ENGRAMDB_API_KEY")
    headers = {"Authorization": f"Bearer {token}"}
    if context:
        headers[CONTEXT_HEADER] = context
    anyio.run(_serve, url.rstrip("/") + "/mcp", headers)


async def _serve(endpoint: str, headers: dict[str, str]) -> None:
    async with (
        httpx2.AsyncClient(headers=headers, timeout=CALL_TIMEOUT_S) as http,
        streamable_http_client(endpoint, http_client=http) as (read, write),
        ClientSession(read, write) as remote,
    ):
        await remote.initialize()  # (a wrong URL or key fails here, before serving)

        async def list_tools(_ctx, _params) -> types.ListToolsResult:
            return await remote.list_tools()

        async def call_tool(_ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
            return await remote.call_tool(params.name, params.arguments or {})

        server = Server(
            "engramdb",
            version=__version__,
            instructions=remote.instructions if hasattr(remote, "instructions") else None,
            on_list_tools=list_tools,
            on_call_tool=call_tool,
        )
        async with stdio_server() as (stdin, stdout):
            await server.run(stdin, stdout, server.create_initialization_options())
