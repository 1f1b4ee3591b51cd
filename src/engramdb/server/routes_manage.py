"""Managing what a context holds: remembered turns page by page, one turn, its correction and
its history; a fact's correction; export and import of the whole context (JSONL)."""

from __future__ import annotations

import os
import tempfile
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import FileResponse, Response
from pydantic import Field
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool

from ..knowledge.clock import to_ms
from ..knowledge.listing import MAX_PAGE
from .calls import authenticate, open_context
from .common import strict_lens, to_data
from .problems import Problem
from .schemas import _In

__all__ = ["add_manage_routes"]

P = "/api/v1/{context}"


class ReviseIn(_In):
    text: str = Field(min_length=1, max_length=65_536)
    metadata: dict[str, Any] | None = None


class CorrectIn(_In):
    value: str = Field(min_length=1, max_length=4096)


def add_manage_routes(app: FastAPI) -> None:

    def store(request: Request, context: str, write: bool):
        return open_context(request, context, write=write)

    @app.get(P + "/memories", tags=["memories"])
    def memories(
        context: str,
        request: Request,
        lens: list[str] | None = Query(None, max_length=64),
        session_id: str | None = Query(None, alias="sessionId", max_length=256),
        role: str | None = Query(None, max_length=16),
        since: str | None = Query(None, max_length=64),
        until: str | None = Query(None, max_length=64),
        limit: int = Query(100, ge=0, le=MAX_PAGE),
        offset: int = Query(0, ge=0, le=10**9),
    ) -> dict[str, Any]:
        """Remembered turns, oldest first, page by page: those the key may read through the
        lens, of one session or role, stored in [since, until)."""
        ctx = authenticate(request)
        with store(request, context, False) as mem, mem.region(ctx.readable):
            page = mem.memories(
                lens=strict_lens(lens, ctx),
                session_id=session_id,
                role=role,
                since=since,
                until=until,
                limit=limit,
                offset=offset,
                caller=ctx,
            )
        return {"memories": to_data(page), "page": {"limit": limit, "offset": offset}}

    @app.get(P + "/memories/{memory_id}", tags=["memories"])
    def memory(context: str, memory_id: str, request: Request) -> dict[str, Any]:
        ctx = authenticate(request)
        with store(request, context, False) as mem, mem.region(ctx.readable):
            return to_data(mem.memory(memory_id, caller=ctx))

    @app.patch(P + "/memories/{memory_id}", tags=["memories"])
    def revise(context: str, memory_id: str, body: ReviseIn, request: Request) -> dict[str, Any]:
        """Correct a turn in place: same id, a new version (the old text in its history);
        the facts read from the old text close and the new text is read. Needs memory:write."""
        ctx = authenticate(request)
        with store(request, context, True) as mem, mem.region(ctx.readable):
            kwargs = {} if body.metadata is None else {"metadata": body.metadata}
            result = mem.revise(memory_id, body.text, caller=ctx, **kwargs)
            return {"write": to_data(result), "memory": to_data(mem.memory(memory_id, caller=ctx))}

    @app.get(P + "/memories/{memory_id}/history", tags=["memories"])
    def memory_history(context: str, memory_id: str, request: Request) -> dict[str, Any]:
        ctx = authenticate(request)
        with store(request, context, False) as mem, mem.region(ctx.readable):
            versions = mem.memory_history(memory_id, caller=ctx)
        if not ctx.manages():  # who wrote is for administrators (audit), as in traces
            versions = [{k: v for k, v in r.items() if k != "actor"} for r in versions]
        return {"versions": to_data(versions)}

    @app.get(P + "/facts", tags=["facts"])
    def facts(
        context: str,
        request: Request,
        lens: list[str] | None = Query(None, max_length=64),
        category: str | None = Query(None, pattern="^(identity|knowledge|context)$"),
        state: str = Query("live", pattern="^(live|closed|all)$"),
        curated: bool | None = Query(None, description="Only curated (or only beliefs)."),
        entity: str | None = Query(None, max_length=512),
        key: str | None = Query(None, max_length=256),
        since: str | None = Query(None, max_length=64, description="Known from (ISO or ms)."),
        limit: int = Query(100, ge=0, le=MAX_PAGE),
        offset: int = Query(0, ge=0, le=10**9),
    ) -> dict[str, Any]:
        """Facts the key may read through the lens, page by page, oldest first: live (the
        default), closed (history: superseded or expired) or all; by category, curated or
        not, entity, attribute and the time they became known."""
        ctx = authenticate(request)
        since_ms = to_ms(since, "since")
        with store(request, context, False) as mem, mem.region(ctx.readable):
            rows = mem.facts(lens=strict_lens(lens, ctx), include_closed=state != "live")
        picked = [
            f
            for f in rows
            if (state != "closed" or f.closed_ms is not None)
            and (category is None or f.category == category)
            and (curated is None or f.authoritative == curated)
            and (entity is None or f.entity.casefold() == entity.casefold())
            and (key is None or f.key == key)
            and (since_ms is None or f.known_ms >= since_ms)
        ]
        picked.sort(key=lambda f: (f.known_ms, f.id))
        page = picked[offset : offset + limit]
        return {
            "facts": to_data(page),
            "page": {"limit": limit, "offset": offset, "total": len(picked)},
        }

    @app.patch(P + "/facts/{fact_id}", tags=["facts"])
    def correct(context: str, fact_id: str, body: CorrectIn, request: Request) -> dict[str, Any]:
        """Correct a live fact: the old row closes, superseded by the new value (a curated
        fact needs memory:curate; a belief against curated knowledge is a conflict)."""
        ctx = authenticate(request)
        with store(request, context, True) as mem, mem.region(ctx.readable):
            return to_data(mem.correct_fact(fact_id, body.value, caller=ctx))

    @app.get(P + "/export", tags=["memories"])
    async def export(context: str, request: Request) -> Response:
        """The whole context as JSONL (``Memory.export``); needs grant:manage."""
        ctx = authenticate(request)
        if not ctx.manages():
            raise Problem(403, "Forbidden", "an export of a whole context needs grant:manage")

        def work() -> str:  # to a file first: the server never holds a whole export
            fd, path = tempfile.mkstemp(prefix="engramdb-export-", suffix=".jsonl")
            try:
                with (
                    os.fdopen(fd, "w", encoding="utf-8") as out,
                    store(request, context, False) as mem,
                ):
                    out.writelines(mem.export())
            except BaseException:
                os.unlink(path)
                raise
            return path

        path = await run_in_threadpool(work)
        return FileResponse(
            path,
            media_type="application/x-ndjson",
            filename=f"{context}.jsonl",
            background=BackgroundTask(os.unlink, path),
        )

    @app.post(P + "/import", tags=["memories"])
    async def import_(context: str, request: Request) -> dict[str, Any]:
        """Lines of an export (JSONL body) into an empty context; needs grant:manage."""
        ctx = authenticate(request)
        if not ctx.manages():
            raise Problem(403, "Forbidden", "an import into a context needs grant:manage")
        data = (await request.body()).decode("utf-8", errors="strict")

        def work() -> dict[str, Any]:
            with store(request, context, True) as mem:
                return mem.import_lines(data.splitlines())

        return await run_in_threadpool(work)
