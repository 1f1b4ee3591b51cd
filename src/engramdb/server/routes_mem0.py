"""mem0's REST routes under ``/api/v1/{context}/mem0/``: the same paths, bodies and answers as
mem0's own server (snake_case, ``{"results": [...]}``), over ``compat.mem0.Memory`` with the
key's rights (``caller=``). ``scope_prefix`` (a query parameter) puts the users' scopes under a
path the key is granted, such as ``org/acme`` (``org/acme/user/{user_id}``)."""

from __future__ import annotations

from functools import partial
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from ..compat.mem0 import MAX_MESSAGES, _ids, _messages
from ..compat.mem0 import Memory as Mem0
from .calls import authenticate, reached, rights_now, step, write_turns, writer_of
from .problems import Problem, problem_of, respond

__all__ = ["add_mem0_routes"]

P = "/api/v1/{context}/mem0"
_PREFIX = Query(None, max_length=256, description="Scope path the users' scopes go under.")


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Message(_Body):
    role: str = Field("user", max_length=16)
    content: str = Field(..., max_length=64_000)
    name: str | None = Field(None, max_length=256)


class AddIn(_Body):
    messages: list[Message] | str = Field(..., description="A text or chat messages.")
    user_id: str | None = Field(None, max_length=256)
    agent_id: str | None = Field(None, max_length=256)
    run_id: str | None = Field(None, max_length=256)
    metadata: dict[str, Any] | None = None
    infer: bool = True


class SearchIn(_Body):
    query: str = Field(..., max_length=16_000)
    user_id: str | None = Field(None, max_length=256)
    agent_id: str | None = Field(None, max_length=256)
    run_id: str | None = Field(None, max_length=256)
    filters: dict[str, Any] | None = None
    top_k: int | None = Field(None, ge=1, le=1000)
    limit: int | None = Field(None, ge=1, le=1000)
    threshold: float | None = None


class UpdateIn(_Body):
    text: str | None = Field(None, max_length=64_000)
    data: str | None = Field(None, max_length=64_000)
    metadata: dict[str, Any] | None = None


def _call(fn, *args, **kwargs):
    """mem0's ValueErrors as problems: an unknown id is a 404, the rest a 422."""
    try:
        return fn(*args, **kwargs)
    except ValueError as e:
        text = str(e)
        if "not found" in text:
            raise Problem(404, "Not found", text) from None
        raise Problem(422, "Invalid input", text) from None


def _stopped_add(exc: BaseException, index: int, total: int, results: list[Any]) -> JSONResponse:
    """An add stopped at message ``index`` after the ones before it were stored: the problem
    says so (``committed``: the memories stored, ``results``: them, ``failedIndex``)."""
    status, problem = problem_of(exc)
    problem["detail"] = (
        f"{problem['detail']} (message {index} of {total}: the messages before it were stored, "
        f"{len(results)} memories)"
    )
    problem.update(committed=len(results), failedIndex=index, results=results)
    return respond(status, problem)


def add_mem0_routes(app: FastAPI) -> None:

    def run(request: Request, context: str, prefix: str | None, write: bool, fn):
        ctx = authenticate(request)
        reached(request, context)

        def work():
            with request.app.state.contexts.use(context, exclusive=write) as mem:
                return _call(fn, Mem0(mem, scope_prefix=prefix, caller=ctx))

        return run_in_threadpool(work)

    @app.post(P + "/memories", tags=["mem0"])
    async def add(context: str, body: AddIn, request: Request, scope_prefix: str | None = _PREFIX):
        """Remember a text or messages for a user, agent or run (mem0's ``add``). Messages
        are stored one at a time, each taking its turn with the context's other writers (as
        a batch's items do), so a long conversation never holds the context."""
        ctx = authenticate(request)
        reached(request, context)
        # (its body's size, max_batch_bytes, is the gate's: checked before it is read)
        if isinstance(body.messages, str):
            given: Any = body.messages
        else:
            if len(body.messages) > MAX_MESSAGES:
                raise Problem(
                    422,
                    "Invalid input",
                    f"at most {MAX_MESSAGES} messages in one add, got {len(body.messages)}",
                    field="messages",
                    limit=MAX_MESSAGES,
                )
            given = [m.model_dump(exclude_none=True) for m in body.messages]
        # every message (and the ids) checked before the first is stored: a bad third message
        # used to be refused after the first two were kept, and the 422 did not say so
        said = _call(_messages, given)
        ids = {"user_id": body.user_id, "agent_id": body.agent_id, "run_id": body.run_id}
        _call(_ids, None, ids)
        parts: list[Any] = [[m] for m in said] or [[]]

        def one(i: int) -> dict[str, Any]:
            now = ctx if i == 0 else rights_now(request, context, ctx)
            with writer_of(request, context) as mem:
                if i == 0 and said:
                    mem.engine.validate([{"text": m["content"], "session_id": None} for m in said])
                return _call(
                    Mem0(mem, scope_prefix=scope_prefix, caller=now).add,
                    parts[i],
                    metadata=body.metadata,
                    infer=body.infer,
                    **ids,
                )

        results: list[Any] = []
        async with write_turns(request, context) as turn:
            for i in range(len(parts)):
                try:
                    results += (await step(turn, partial(one, i)))["results"]
                except Exception as exc:
                    if i == 0:
                        raise
                    return _stopped_add(exc, i, len(parts), results)
        return {"results": results}

    @app.get(P + "/memories", tags=["mem0"])
    async def get_all(
        context: str,
        request: Request,
        user_id: str | None = Query(None, max_length=256),
        agent_id: str | None = Query(None, max_length=256),
        run_id: str | None = Query(None, max_length=256),
        top_k: int = Query(100, ge=1, le=1000),
        scope_prefix: str | None = _PREFIX,
    ):
        return await run(
            request,
            context,
            scope_prefix,
            False,
            lambda m: m.get_all(user_id=user_id, agent_id=agent_id, run_id=run_id, top_k=top_k),
        )

    @app.get(P + "/memories/{memory_id}", tags=["mem0"])
    async def get(
        context: str, memory_id: str, request: Request, scope_prefix: str | None = _PREFIX
    ):
        def one(m: Mem0):
            found = m.get(memory_id)
            if found is None:
                raise ValueError(f"Memory with id {memory_id} not found")
            return found

        return await run(request, context, scope_prefix, False, one)

    @app.put(P + "/memories/{memory_id}", tags=["mem0"])
    async def update(
        context: str,
        memory_id: str,
        body: UpdateIn,
        request: Request,
        scope_prefix: str | None = _PREFIX,
    ):
        return await run(
            request,
            context,
            scope_prefix,
            True,
            lambda m: m.update(memory_id, body.data, text=body.text, metadata=body.metadata),
        )

    @app.get(P + "/memories/{memory_id}/history", tags=["mem0"])
    async def history(
        context: str, memory_id: str, request: Request, scope_prefix: str | None = _PREFIX
    ):
        def versions(m: Mem0):
            found = m.history(memory_id)
            if not found:
                raise ValueError(f"Memory with id {memory_id} not found")
            return found

        return await run(request, context, scope_prefix, False, versions)

    @app.delete(P + "/memories/{memory_id}", tags=["mem0"])
    async def delete(
        context: str, memory_id: str, request: Request, scope_prefix: str | None = _PREFIX
    ):
        return await run(request, context, scope_prefix, True, lambda m: m.delete(memory_id))

    @app.delete(P + "/memories", tags=["mem0"])
    async def delete_all(
        context: str,
        request: Request,
        user_id: str | None = Query(None, max_length=256),
        agent_id: str | None = Query(None, max_length=256),
        run_id: str | None = Query(None, max_length=256),
        scope_prefix: str | None = _PREFIX,
    ):
        return await run(
            request,
            context,
            scope_prefix,
            True,
            lambda m: m.delete_all(user_id=user_id, agent_id=agent_id, run_id=run_id),
        )

    @app.post(P + "/search", tags=["mem0"])
    async def search(
        context: str, body: SearchIn, request: Request, scope_prefix: str | None = _PREFIX
    ):
        return await run(
            request,
            context,
            scope_prefix,
            False,
            lambda m: m.search(
                body.query,
                user_id=body.user_id,
                agent_id=body.agent_id,
                run_id=body.run_id,
                filters=body.filters,
                top_k=body.top_k or body.limit or 20,
                threshold=body.threshold,
            ),
        )

    @app.post(P + "/reset", tags=["mem0"])
    async def reset(context: str, request: Request, scope_prefix: str | None = _PREFIX):
        """Forget every memory under the prefix (without one: the whole context), every copy;
        without a prefix it needs grant:manage."""
        ctx = authenticate(request)
        if scope_prefix is None and not ctx.manages():
            raise Problem(403, "Forbidden", "a reset of a whole context needs grant:manage")

        def wipe(m: Mem0):
            m.reset()
            request.app.state.contexts.purged(context)  # stored responses may quote it
            request.state.purged = True
            return {"message": "Memory reset successfully!"}

        return await run(request, context, scope_prefix, True, wipe)
