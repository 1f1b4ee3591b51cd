"""The memory routes of one context: facts, documents, query, context, state, profile,
conflicts, sessions, entities, forget and the lifecycle jobs."""

from __future__ import annotations

import json
import time
from functools import partial
from typing import Any

import anyio
from fastapi import FastAPI, File, Form, Query, Request, UploadFile
from fastapi import Path as FPath
from starlette.concurrency import run_in_threadpool

from ..knowledge import ingest
from ..knowledge.lifecycle import said_of
from ..knowledge.scopes import check_scope
from .auth import AuthContext
from .calls import (
    authenticate,
    idempotent,
    open_context,
    rights_now,
    step,
    write_turns,
    writer_of,
)
from .common import check_write, strict_lens, to_data
from .problems import Problem, problem_body, problem_of
from .schemas import BatchIn, ContextIn, FactIn, ForgetIn, QueryIn, ResolveIn, ScopeIn

__all__ = ["add_memory_routes"]

P = "/api/v1/{context}"


def _authoritative(body: FactIn) -> bool:
    return body.triples is not None and body.source_kind in (None, "upsert")


def _remember(mem, body: FactIn, ctx: AuthContext):
    """The write, reconciled and answered through the caller's rights (``caller=ctx``)."""
    if body.triples is not None:
        triples = [t.model_dump(exclude_none=True) for t in body.triples]
        return mem.remember(
            triples=triples,
            scope=body.scope,
            source_kind=body.source_kind or "upsert",
            caller=ctx,
        )
    return mem.remember(
        body.text,
        scope=body.scope,
        session_id=body.session_id,
        role=body.role,
        observed_at=body.observed_at,
        caller=ctx,
    )


def _audited(conflict: dict[str, Any], ctx: AuthContext) -> dict[str, Any]:
    """Who resolved a conflict (principal, key) is for administrators, as a trace's actor."""
    if ctx.manages():
        return conflict
    return {k: v for k, v in conflict.items() if k != "resolved_by"}


def _check_items(mem, items: list[FactIn]) -> None:
    """What can be checked of a batch before any of it is written: closed scopes, and each
    turn's fields as the engine would check them (a refusal here stores nothing)."""
    for scope in sorted({item.scope for item in items}):
        mem._check_writable_scope(check_scope(scope))
    turns = [{"text": i.text, "session_id": i.session_id} for i in items if i.triples is None]
    if turns:
        mem.engine.validate(turns)


def _stopped(
    results: list[Any], total: int, status: int, title: str, detail: str, **extra: Any
) -> tuple[int, dict[str, Any]]:
    """A batch's answer when it stopped half way: a problem that says what was stored."""
    return status, problem_body(
        status,
        title,
        f"{detail} ({len(results)} of {total} items stored)",
        **extra,
        committed=len(results),
        failedIndex=len(results),
        results=results,
    )


def _job_id(job_id: str) -> str:
    if len(job_id) > 64 or not job_id.isascii():
        raise Problem(404, "Not found", "no such job")
    return job_id


def add_memory_routes(app: FastAPI) -> None:
    def use(request: Request, context: str):
        return open_context(request, context)

    def read(request: Request, context: str):
        return open_context(request, context, write=False)

    @app.post(P + "/facts", status_code=201, tags=["facts"])
    async def remember(context: str, body: FactIn, request: Request):
        """A conversation turn (``text``) or structured facts (``triples``; an operator upsert,
        authoritative, needs memory:curate)."""
        ctx = authenticate(request)
        check_write(ctx, body.scope, _authoritative(body))

        def write():
            with writer_of(request, context) as mem:
                return 201, to_data(_remember(mem, body, ctx))

        async def work():
            async with write_turns(request, context) as turn:
                return await step(turn, write)

        return await idempotent(request, ctx, work)

    @app.post(P + "/facts/batch", status_code=201, tags=["facts"])
    async def remember_batch(context: str, body: BatchIn, request: Request):
        """Several writes; each is checked before any is made, then made in order, in steps
        (each stores whole items and commits them) that take turns with the context's other
        writers. A batch stopped half way (an item refused, ``max_write_seconds`` reached)
        answers a problem with ``committed`` (how many items were stored, the first ones) and
        their ``results``; a replay with its Idempotency-Key answers the same."""
        ctx = authenticate(request)
        config = request.app.state.config
        if len(body.items) > config.max_batch:
            raise Problem(
                413,
                "Payload too large",
                f"this batch has {len(body.items)} items; a batch may have at most "
                f"{config.max_batch} (max_batch): send it in smaller batches",
                field="items",
                limit=config.max_batch,
            )
        for item in body.items:
            check_write(ctx, item.scope, _authoritative(item))
        # (its body's size, max_batch_bytes, is the gate's: checked before it is read)
        items = body.items
        step_s = config.write_step_ms / 1000

        def write(start: int) -> tuple[list[Any], BaseException | None]:
            """Items from ``start`` on, each stored and committed, for one step's time. Any
            failure, opening the store included (the context deleted meanwhile, a full
            disk), is answered with what was stored before it."""
            out: list[Any] = []
            began = time.monotonic()
            try:
                now = ctx if start == 0 else rights_now(request, context, ctx)
                with writer_of(request, context) as mem:
                    if start == 0:
                        _check_items(mem, items)  # (raises: nothing stored)
                    for item in items[start:]:
                        out.append(to_data(_remember(mem, item, now)))
                        if time.monotonic() - began >= step_s:
                            break
            except Exception as exc:  # noqa: BLE001 (answered with what was stored)
                return out, exc
            return out, None

        async def work():
            # shielded: a client that leaves does not stop a batch between two steps, so what
            # it stored is answered (and kept for its Idempotency-Key), never lost track of
            with anyio.CancelScope(shield=True):
                return await steps()

        async def steps():
            began = time.monotonic()
            results: list[Any] = []
            async with write_turns(request, context) as turn:
                while len(results) < len(items):
                    if results and time.monotonic() - began > config.max_write_seconds:
                        return _stopped(
                            results,
                            len(items),
                            503,
                            "Write time exceeded",
                            f"the batch stopped after {config.max_write_seconds} s "
                            "(max_write_seconds): the first items were stored (committed, "
                            "results); send the rest again",
                            limit=config.max_write_seconds,
                        )
                    out, failed = await step(turn, partial(write, len(results)))
                    results.extend(out)
                    if failed is not None:
                        status, problem = problem_of(failed)
                        if not results:
                            raise failed
                        problem.pop("status", None)
                        title, detail = problem.pop("title"), problem.pop("detail")
                        problem.pop("type", None)
                        return _stopped(results, len(items), status, title, detail, **problem)
            return 201, {"results": results}

        resp = await idempotent(request, ctx, work)
        if resp.status_code == 503:
            resp.headers["Retry-After"] = "1"
        return resp

    @app.post(
        P + "/documents",
        status_code=202,
        tags=["documents"],
        responses={201: {"description": "The document, stored (with `wait=true`)"}},
    )
    async def upload(
        context: str,
        request: Request,
        file: UploadFile = File(...),
        scope: str = Form(...),
        name: str | None = Form(None),
        wait: bool = Query(False, description="Answer when stored (201), not at once (202)."),
    ):
        """An authoritative document (text, Markdown, HTML, PDF, JSON, CSV), read and stored by
        a background job: the answer (202) is the job, stored with the document, with a
        ``Location`` to follow (``GET .../jobs/{id}``). ``wait=true`` answers once the document
        is stored (201, the result), for small files and scripts."""
        ctx = authenticate(request)
        check_write(ctx, scope, True)
        limit = request.app.state.config.max_upload_bytes
        data = await file.read(limit + 1)
        if len(data) > limit:
            raise Problem(413, "Payload too large", "the file is over the limit", limit=limit)
        args = {
            "scope": scope,
            "name": name or file.filename or "document",
            "media_type": file.content_type
            if file.content_type not in (None, "application/octet-stream")
            else None,
            "caller": ctx,
        }

        def stored():
            # read outside every lock (as the background job does): the store's lock holds
            # the write only, and the key's rights are checked again as it begins (a key
            # revoked while the document was read writes nothing)
            checked = []

            def writing(phase: str, done: int, total: int) -> None:
                if phase == "writing" and not checked:
                    checked.append(rights_now(request, context, ctx))

            with writer_of(request, context) as mem:
                return 201, to_data(ingest.upload(mem._store, data, progress=writing, **args))

        async def work():
            if wait:  # one such upload of a context at a time holds a request thread
                async with write_turns(request, context, "upload") as turn:
                    return await step(turn, stored)
            return await run_in_threadpool(submit)

        def submit():
            with read(request, context) as mem:  # (the job takes the store's lock itself)
                return 202, _job_data(context, mem.submit_upload(data, **args))

        raw = json.dumps([scope, name, file.filename, file.content_type, wait]).encode() + data
        resp = await idempotent(request, ctx, work, raw=raw)
        if resp.status_code == 202:
            resp.headers["Location"] = json.loads(resp.body)["links"]["self"]
        return resp

    def _job_data(context: str, job) -> dict[str, Any]:
        return {**to_data(job), "links": {"self": f"/api/v1/{context}/jobs/{job.id}"}}

    @app.get(P + "/jobs", tags=["jobs"])
    def jobs(
        context: str,
        request: Request,
        state: str | None = Query(None, description="queued, running, done, failed, cancelled"),
        limit: int = Query(100, ge=1, le=1000),
    ) -> dict[str, Any]:
        """The caller's background jobs in this context, newest first (an administrator's:
        everyone's)."""
        ctx = authenticate(request)
        with read(request, context) as mem:
            found = mem.jobs(state=state, limit=limit, caller=ctx)
        return {"jobs": [_job_data(context, j) for j in found]}

    @app.get(P + "/jobs/{job_id}", tags=["jobs"])
    def job(context: str, job_id: str, request: Request) -> dict[str, Any]:
        """A job: ``state`` (queued, running, done, failed, cancelled), progress (``phase``,
        ``done`` of ``total``), and once done its ``result`` (what ``wait=true`` answers)."""
        ctx = authenticate(request)
        with read(request, context) as mem:
            return _job_data(context, mem.job(_job_id(job_id), caller=ctx))

    @app.post(P + "/jobs/{job_id}/cancel", tags=["jobs"])
    def cancel_job(context: str, job_id: str, request: Request) -> dict[str, Any]:
        """Cancel a job: a waiting one at once, a running one at its next step (its write is
        rolled back), a finished one not at all (it is returned as it is)."""
        ctx = authenticate(request)
        with read(request, context) as mem:
            return _job_data(context, mem.cancel_job(_job_id(job_id), caller=ctx))

    @app.get(P + "/documents", tags=["documents"])
    def documents(context: str, request: Request) -> dict[str, Any]:
        """Live uploaded documents the key may read, in upload order."""
        ctx = authenticate(request)
        with read(request, context) as mem:
            return {"documents": to_data(mem.documents(caller=ctx))}

    @app.get(P + "/documents/{doc_id}", tags=["documents"])
    def document(
        context: str, request: Request, doc_id: int = FPath(..., ge=0, le=2**62)
    ) -> dict[str, Any]:
        """One document with its chunk count. One the key may not read is a 404, for strict
        keys too: a 403 would tell that the id exists (and name another tenant's scope)."""
        ctx = authenticate(request)
        with read(request, context) as mem:
            return to_data(mem.document(doc_id, caller=ctx))

    @app.delete(P + "/documents/{doc_id}", tags=["documents"])
    def delete_document(
        context: str,
        request: Request,
        doc_id: int = FPath(..., ge=0, le=2**62),
        purge: bool = Query(False),
    ) -> dict[str, Any]:
        """Forget a document: its chunks leave recall and its facts close. Needs
        memory:forget and memory:curate over its scope."""
        ctx = authenticate(request)
        with use(request, context) as mem:
            scope = mem.document(doc_id, caller=ctx).scope  # (a 404 when unreadable)
            if not (ctx.can("memory:forget", scope) and ctx.can("memory:curate", scope)):
                raise Problem(
                    403, "Forbidden", f"this needs memory:forget and memory:curate over {scope}"
                )
            result = to_data(mem.forget_document(doc_id, purge=purge, caller=ctx))
            if purge:  # stored responses may quote what was purged
                request.app.state.contexts.purged(context)
        return result

    @app.get(P + "/sessions", tags=["sessions"])
    def sessions(
        context: str, request: Request, limit: int = Query(1000, ge=1, le=1000)
    ) -> dict[str, Any]:
        """Conversation sessions the key may read, the latest first, with turn counts."""
        ctx = authenticate(request)
        with read(request, context) as mem:
            return {"sessions": to_data(mem.sessions(limit=limit, caller=ctx))}

    @app.get(P + "/documents/{doc_id}/chunks", tags=["documents"])
    def chunks(
        context: str, request: Request, doc_id: int = FPath(..., ge=0, le=2**62)
    ) -> dict[str, Any]:
        """A document's chunks in reading order."""
        ctx = authenticate(request)
        with read(request, context) as mem:
            return {"chunks": to_data(mem.chunks(doc_id, caller=ctx))}

    @app.post(P + "/query", tags=["recall"])
    def query(context: str, body: QueryIn, request: Request) -> dict[str, Any]:
        """Facts and passages ranked together, inside the key's read region."""
        ctx = authenticate(request)
        k = min(body.k, request.app.state.config.max_k)
        with read(request, context) as mem, mem.region(ctx.readable):
            hits = mem.query(
                body.query,
                lens=strict_lens(body.lens, ctx),
                k=k,
                mode=body.mode,
                as_of=body.as_of,
                explain=body.explain,
            )
        return {"hits": to_data(hits)}

    @app.post(P + "/context", tags=["recall"])
    def context_block(context: str, body: ContextIn, request: Request) -> dict[str, Any]:
        """A prompt block of at most ``budget`` characters (default 4,000), most relevant
        first; it never mixes people (a lens that names no single person gets only what is
        common to all)."""
        ctx = authenticate(request)
        with read(request, context) as mem, mem.region(ctx.readable):
            text = mem.context(
                body.query, lens=strict_lens(body.lens, ctx), k=body.k, budget=body.budget
            )
        return {"context": text}

    @app.get(P + "/state", tags=["views"])
    def state(
        context: str,
        request: Request,
        lens: list[str] | None = Query(None),
        limit: int | None = Query(None),
        offset: int = Query(0),
    ) -> dict[str, Any]:
        """Live facts by category, instructions, unknowns and open conflicts; each list paged
        alike by ``limit`` and ``offset``, with every list's total under ``page.totals``."""
        ctx = authenticate(request)
        with read(request, context) as mem, mem.region(ctx.readable):
            return to_data(mem.state(lens=strict_lens(lens, ctx), limit=limit, offset=offset))

    @app.get(P + "/conflicts", tags=["conflicts"])
    def conflicts(
        context: str,
        request: Request,
        lens: list[str] | None = Query(None),
        include_resolved: bool = Query(False),
        include_resolved_camel: bool | None = Query(None, alias="includeResolved"),
    ) -> dict[str, Any]:
        """Conflicts between what a customer said and curated knowledge, both sides as the key
        may read them: the open ones, or every one with its resolution
        (``include_resolved``)."""
        ctx = authenticate(request)
        every = include_resolved if include_resolved_camel is None else include_resolved_camel
        with read(request, context) as mem, mem.region(ctx.readable):
            items = mem.conflicts(lens=strict_lens(lens, ctx), include_resolved=every)
        return {"conflicts": to_data([_audited(c, ctx) for c in items])}

    @app.post(P + "/conflicts/{conflict_id}/resolve", tags=["conflicts"])
    def resolve_conflict(
        context: str,
        body: ResolveIn,
        request: Request,
        conflict_id: int = FPath(..., ge=0, le=2**62),
    ) -> dict[str, Any]:
        """Resolve a conflict: ``uphold`` (the belief is closed, superseded by the curated
        fact), ``accept`` (the curated fact is closed; needs memory:curate over its scope) or
        ``dismiss`` (both stay; the pair is not opened again). Needs memory:write over the
        conflict's scope; a conflict with a side the key cannot read is a 404. The same
        outcome again answers the recorded decision."""
        ctx = authenticate(request)
        with use(request, context) as mem, mem.region(ctx.readable):
            out = mem.resolve_conflict(
                conflict_id, outcome=body.outcome, note=body.note, caller=ctx
            )
        return to_data(_audited(out, ctx))

    @app.get(P + "/profile", tags=["views"])
    def profile(
        context: str, request: Request, lens: list[str] | None = Query(None)
    ) -> dict[str, Any]:
        ctx = authenticate(request)
        with read(request, context) as mem, mem.region(ctx.readable):
            return to_data(mem.profile(lens=strict_lens(lens, ctx)))

    @app.get(P + "/entities/{etype}/{name}", tags=["entities"])
    def entity(
        context: str,
        etype: str,
        name: str,
        request: Request,
        as_of: str | None = Query(None, alias="asOf"),
        lens: list[str] | None = Query(None),
    ) -> dict[str, Any]:
        ctx = authenticate(request)
        with read(request, context) as mem, mem.region(ctx.readable):
            return to_data(mem.entity(etype, name, as_of=as_of, lens=strict_lens(lens, ctx)))

    @app.get(P + "/entities/{etype}/{name}/history/{key}", tags=["entities"])
    def history(
        context: str,
        etype: str,
        name: str,
        key: str,
        request: Request,
        lens: list[str] | None = Query(None, max_length=64),
    ) -> dict[str, Any]:
        ctx = authenticate(request)
        with read(request, context) as mem, mem.region(ctx.readable):
            history = mem.history(etype, name, key, lens=strict_lens(lens, ctx))
            return {"history": to_data(history)}

    @app.get(P + "/sessions/{session_id}/turns", tags=["sessions"])
    def turns(context: str, session_id: str, request: Request) -> dict[str, Any]:
        """A session's turns in the order they were said."""
        ctx = authenticate(request)
        with read(request, context) as mem:
            return {"turns": to_data(mem.session_turns(session_id, caller=ctx))}

    @app.post(P + "/forget", tags=["lifecycle"])
    async def forget(context: str, body: ForgetIn, request: Request):
        """Forget by id, by query or a whole scope subtree (soft by default; ``purge`` deletes
        every copy). Needs memory:forget over the scope of every row it removes, and
        memory:curate too for curated rows (documents, their chunks and facts, operator
        upserts). By id: a row the key cannot read is a 404, one it may not forget a 403. By
        query: only rows the key may read and forget, and related to the query (a word of
        the row's own text shared, or a close meaning), are candidates. By scope: 403 without
        memory:forget over the scope named (whether it holds rows or not), and every row of the
        subtree is checked; if any is not covered, 403 and nothing is removed. ``dryRun``: what
        would go, with the same checks, nothing removed."""
        ctx = authenticate(request)
        scope = check_scope(body.scope) if body.scope is not None else None
        lens = strict_lens(body.lens, ctx)
        if body.query is not None and not any(
            ctx.can_anywhere("memory:forget", p) for p in (lens or [None])
        ):  # a key that may forget nothing there is told so, not answered with zero counts
            raise Problem(403, "Forbidden", "this key has no memory:forget over what it asks")
        if body.dry_run:  # checked as the real one; nothing removed, nothing stored

            def look():  # a read of a snapshot: it never waits for the context's write lock
                with read(request, context) as mem:
                    out = mem.forget(
                        body.query,
                        id=body.id,
                        scope=scope,
                        purge=body.purge,
                        caller=ctx,
                        lens=lens,
                        dry_run=True,
                    )
                return to_data(said_of(body.query, out))

            return await run_in_threadpool(look)
        given = sum(x is not None for x in (body.id, body.query, scope))
        replayable = request.headers.get("idempotency-key") is not None
        if replayable and given == 1 and (body.id is not None or scope is not None):

            def check() -> None:  # before a stored response may be replayed
                with read(request, context) as mem:
                    mem.check_forget(id=body.id, scope=scope, purge=body.purge, caller=ctx)

            await run_in_threadpool(check)

        def work():
            with use(request, context) as mem:  # checked again there, row by row
                counts = mem.forget(
                    body.query, id=body.id, scope=scope, purge=body.purge, caller=ctx, lens=lens
                )
                if body.purge:  # stored responses may quote what was purged
                    request.app.state.contexts.purged(context)
                    request.state.purged = True
            return 200, to_data(said_of(body.query, counts))

        return await idempotent(request, ctx, work)

    @app.post(P + "/consolidate", tags=["lifecycle"])
    def consolidate(context: str, request: Request) -> dict[str, Any]:
        ctx = authenticate(request)
        if not ctx.manages():
            raise Problem(403, "Forbidden", "lifecycle jobs need grant:manage over '*'")
        with use(request, context) as mem:
            return to_data(mem.consolidate())

    @app.post(P + "/elaborate", tags=["lifecycle"])
    def elaborate(context: str, request: Request) -> dict[str, Any]:
        ctx = authenticate(request)
        if not ctx.manages():
            raise Problem(403, "Forbidden", "lifecycle jobs need grant:manage over '*'")
        with use(request, context) as mem:
            return to_data(mem.elaborate())

    @app.post(P + "/reflect", tags=["lifecycle"])
    def reflect(context: str, request: Request) -> dict[str, Any]:
        authenticate(request)
        raise Problem(
            501,
            "Not implemented",
            "reflection (questions answered by synthesis) needs an LLM; none is configured",
        )

    @app.get(P + "/traces", tags=["traces"])
    def traces(context: str, request: Request, limit: int = Query(100, ge=1, le=1000)):
        """The latest decision traces the key may read, newest first."""
        ctx = authenticate(request)
        with read(request, context) as mem:
            found = mem.traces(limit=limit, caller=ctx)
        out = []
        for t in found:
            detail = dict(t.detail)
            if not ctx.manages():  # who wrote is for administrators (audit)
                detail.pop("actor", None)
            out.append(
                {
                    "id": t.id,
                    "op": t.op,
                    "scope": t.scope,
                    "createdMs": t.created_ms,
                    "detail": detail,
                }
            )
        return {"traces": out}

    @app.get(P + "/scopes", tags=["scopes"])
    def scopes(context: str, request: Request) -> dict[str, Any]:
        """Scope paths the key may list (scope:read) or read."""
        ctx = authenticate(request)
        with read(request, context) as mem:
            items = mem.scopes()
        seen = [s for s in items if ctx.can("scope:read", s["path"]) or ctx.readable(s["path"])]
        return {"scopes": [s["path"] for s in seen], "details": seen}

    @app.post(P + "/scopes", status_code=201, tags=["scopes"])
    def create_scope(context: str, body: ScopeIn, request: Request) -> dict[str, Any]:
        ctx = authenticate(request)
        path = check_scope(body.path)
        if not ctx.can("scope:create", path):
            raise Problem(403, "Forbidden", f"this key has no scope:create over {path!r}")
        with use(request, context) as mem:
            return mem.register_scope(path)

    @app.delete(P + "/scopes/{path:path}", tags=["scopes"])
    def delete_scope(context: str, path: str, request: Request) -> dict[str, Any]:
        """Tombstone a scope path: no new writes there or below; stored records stay."""
        ctx = authenticate(request)
        path = check_scope(path)
        if not ctx.can_subtree("scope:delete", path):  # it closes every path below, too
            raise Problem(403, "Forbidden", f"this key has no scope:delete over {path}/*")
        with use(request, context) as mem:
            return mem.tombstone_scope(path)
