"""Looking inside a context (what the dashboard shows, and any client may ask): every row in
every state (``/browse``), one row in detail (``/records/{kind}/{id}``), counts and store
health (``/overview``), the entity graph (``/graph``) and why a passage ranked where it did
(``/why-not``). All reads, inside the key's read region and lens."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Query, Request
from pydantic import Field

from ..knowledge.browse import KINDS, MAX_PAGE, STATES
from ..knowledge.graph_view import MAX_DEPTH, MAX_NODES
from .calls import authenticate, open_context
from .common import strict_lens, to_data
from .schemas import _In

__all__ = ["add_inspect_routes"]

P = "/api/v1/{context}"


class WhyNotIn(_In):
    id: str = Field(min_length=1, max_length=512)
    query: str = Field(min_length=1, max_length=4096)
    lens: list[str] | None = Field(None, max_length=64)
    k: int = Field(10, ge=1, le=100)
    mode: str = Field("hybrid", pattern="^(hybrid|vector|bm25)$")


def add_inspect_routes(app: FastAPI) -> None:

    def read(request: Request, context: str):
        return open_context(request, context, write=False)

    @app.get(P + "/overview", tags=["inspect"])
    def overview(
        context: str,
        request: Request,
        lens: list[str] | None = Query(None, max_length=64),
        check: bool = Query(False, description="Also check the knowledge tables' integrity."),
    ) -> dict[str, Any]:
        """Rows per kind and state, engine memories per tier and open conflicts, counted in
        what the key may read; the store's health (log, segments, index; with ``check`` the
        knowledge tables' integrity, which reads the whole file) for a key with grant:manage
        (it counts every scope)."""
        ctx = authenticate(request)
        with read(request, context) as mem, mem.region(ctx.readable):
            out = mem.overview(lens=strict_lens(lens, ctx), caller=ctx)
            out["health"] = mem.store_health(check=check) if ctx.manages() else None
        return to_data(out)

    @app.get(P + "/browse", tags=["inspect"])
    def browse(
        context: str,
        request: Request,
        kind: list[str] | None = Query(None, max_length=len(KINDS)),
        state: list[str] | None = Query(None, max_length=len(STATES)),
        scope: str | None = Query(None, max_length=512),
        session_id: str | None = Query(None, alias="sessionId", max_length=256),
        q: str | None = Query(None, max_length=512, description="Text the row contains."),
        since: str | None = Query(None, max_length=64),
        until: str | None = Query(None, max_length=64),
        lens: list[str] | None = Query(None, max_length=64),
        limit: int = Query(50, ge=0, le=MAX_PAGE),
        offset: int = Query(0, ge=0, le=10**9),
    ) -> dict[str, Any]:
        """Every row the key may read, newest first: turns, keyed items, facts, document
        chunks and instructions, live, superseded, expired or forgotten (a forgotten row
        shows no text, and ``q`` never matches it)."""
        ctx = authenticate(request)
        with read(request, context) as mem, mem.region(ctx.readable):
            page = mem.browse(
                lens=strict_lens(lens, ctx),
                kind=kind,
                state=state,
                scope=scope,
                session_id=session_id,
                text=q or None,
                since=since,
                until=until,
                limit=limit,
                offset=offset,
                caller=ctx,
            )
        return {
            "rows": to_data(page["rows"]),
            "page": {"limit": limit, "offset": offset, "total": page["total"]},
        }

    @app.get(P + "/records/{kind}/{record_id:path}", tags=["inspect"])
    def record(
        context: str,
        kind: str,
        record_id: str,
        request: Request,
        lens: list[str] | None = Query(None, max_length=64),
    ) -> dict[str, Any]:
        """One row in detail: its clocks, provenance, supersession chain and history."""
        ctx = authenticate(request)
        with read(request, context) as mem, mem.region(ctx.readable):
            out = mem.record(kind, record_id, lens=strict_lens(lens, ctx), caller=ctx)
        if not ctx.manages():  # who wrote is for administrators (audit), as in traces
            for p in out.get("provenance", []):
                p.pop("principal_id", None)
        return to_data(out)

    @app.get(P + "/graph", tags=["inspect"])
    def graph(
        context: str,
        request: Request,
        entity: str | None = Query(None, max_length=512),
        type: str | None = Query(None, max_length=64),
        depth: int = Query(2, ge=1, le=MAX_DEPTH),
        limit: int = Query(200, ge=1, le=MAX_NODES),
        as_of: str | None = Query(None, alias="asOf", max_length=64),
        lens: list[str] | None = Query(None, max_length=64),
    ) -> dict[str, Any]:
        """The entity graph around ``entity`` (None: the entities with the most facts): at
        most ``depth`` hops and ``limit`` nodes, as the facts stood at ``asOf``."""
        ctx = authenticate(request)
        with read(request, context) as mem, mem.region(ctx.readable):
            out = mem.graph(
                entity or None,
                root_type=type or None,
                depth=depth,
                limit=limit,
                as_of=as_of,
                lens=strict_lens(lens, ctx),
            )
        return to_data(out)

    @app.get(P + "/graph/node", tags=["inspect"])
    def graph_node(
        context: str,
        request: Request,
        type: str = Query(..., max_length=64),
        name: str = Query(..., max_length=512),
        as_of: str | None = Query(None, alias="asOf", max_length=64),
        lens: list[str] | None = Query(None, max_length=64),
    ) -> dict[str, Any]:
        """One entity of the graph: its facts as of ``asOf`` and the memories stating them."""
        ctx = authenticate(request)
        with read(request, context) as mem, mem.region(ctx.readable):
            out = mem.graph_node(type, name, as_of=as_of, lens=strict_lens(lens, ctx))
        # an attribute's name is data, not a field: it keeps its spelling
        attributes = out.pop("attributes")
        return {**to_data(out), "attributes": {k: to_data(v) for k, v in attributes.items()}}

    @app.post(P + "/why-not", tags=["inspect"])
    def why_not(context: str, body: WhyNotIn, request: Request) -> dict[str, Any]:
        """Why a turn or chunk is, or is not, among the passages recalled for ``query``:
        forgotten, filtered, or its rank, score, each factor's share and the k-th score."""
        ctx = authenticate(request)
        with read(request, context) as mem, mem.region(ctx.readable):
            out = mem.why_not(
                body.id,
                body.query,
                lens=strict_lens(body.lens, ctx),
                k=body.k,
                mode=body.mode,
                caller=ctx,
            )
        return to_data(out)
