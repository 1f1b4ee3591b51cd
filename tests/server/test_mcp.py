"""The MCP tools with the official MCP client: Streamable HTTP at /mcp on a real uvicorn server
(bearer keys, fail-closed reads, refused writes, errors as tool results) and stdio in a
subprocess."""

from __future__ import annotations

import base64
import contextlib
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import pytest
import uvicorn
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult

from engramdb.server.app import create_app
from engramdb.server.auth import AuthStore
from engramdb.server.config import ServerConfig
from engramdb.server.contexts import ContextRegistry
from engramdb.server.mcp import MEM0_TOOLS, TOOLS, build_mcp, mount_mcp

CTX = "shop"
ORG = "org/acme"
ALICE = "org/acme/user/alice"
BOB = "org/acme/user/bob"
RETURNS = "# Returns\n\nReturns are accepted within 30 days of delivery.\n"


@dataclass
class Mcp:
    url: str
    keys: dict[str, str]


@pytest.fixture(scope="module")
def mcp_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Mcp]:
    config = ServerConfig(
        data_dir=tmp_path_factory.mktemp("mcp"),
        embedder="hashing",
        argon2_time_cost=1,
        argon2_memory_cost=8192,
    )
    app = create_app(config)
    mount_mcp(app)
    auth: AuthStore = app.state.auth
    keys = {"admin": auth.bootstrap()}
    app.state.contexts.create(CTX)
    for name, grants in {
        "curator": {
            "memory:read": [ORG + "/*"],
            "memory:write": [ORG + "/*"],
            "memory:curate": [ORG + "/*"],
        },
        "alice": {
            "memory:read": [ORG, ALICE + "/*"],
            "memory:write": [ALICE + "/*"],
            "memory:forget": [ALICE + "/*"],
        },
        "bob": {"memory:read": [ORG, BOB + "/*"], "memory:write": [BOB + "/*"]},
    }.items():
        principal = auth.create_principal(name, "agent", grants, contexts=[CTX])
        keys[name] = auth.create_key(principal.id, label=name)[1]
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield Mcp(f"http://127.0.0.1:{port}", keys)
    server.should_exit = True
    thread.join(timeout=20)


@contextlib.asynccontextmanager
async def session(
    url: str, token: str | None, headers: dict[str, str] | None = None
) -> AsyncIterator[ClientSession]:
    h = dict(headers or {})
    if token:
        h["Authorization"] = f"Bearer {token}"
    async with (
        httpx2.AsyncClient(headers=h, timeout=30) as http,
        streamable_http_client(url + "/mcp", http_client=http) as (read, write),
        ClientSession(read, write) as s,
    ):
        await s.initialize()
        yield s


async def call(s: ClientSession, tool: str, **arguments: Any) -> dict[str, Any]:
    """A successful call's structured result."""
    r = await s.call_tool(tool, arguments)
    assert isinstance(r, CallToolResult)
    assert not r.is_error, r.content
    assert r.structured_content is not None
    return r.structured_content


async def fail(s: ClientSession, tool: str, **arguments: Any) -> dict[str, Any]:
    """A failed call's error: a tool result with isError, not a protocol error."""
    r = await s.call_tool(tool, arguments)
    assert r.is_error, r.structured_content
    assert r.structured_content is not None
    return r.structured_content["error"]


def test_the_tools_and_openmemorys_names_are_listed(mcp_server: Mcp):
    async def main():
        async with session(mcp_server.url, mcp_server.keys["alice"]) as s:
            tools = {t.name: t for t in (await s.list_tools()).tools}
            assert set(tools) == set(TOOLS) | set(MEM0_TOOLS)
            assert "context" in tools["recall"].input_schema["properties"]
            assert tools["recall"].annotations.read_only_hint
            assert tools["forget"].annotations.destructive_hint

    anyio.run(main)


def test_curated_document_and_a_contradicting_turn(mcp_server: Mcp):
    async def main():
        url, keys = mcp_server.url, mcp_server.keys
        async with session(url, keys["curator"]) as cur:
            doc = await call(
                cur, "upload", name="returns.md", content=RETURNS, scope=ORG, context=CTX
            )
            assert doc["facts"] == 1 and doc["version"] == 1
            # the same bytes again, in base64: recognised
            again = await call(
                cur,
                "upload",
                name="returns.md",
                content_base64=base64.b64encode(RETURNS.encode()).decode(),
                media_type="text/markdown",
                scope=ORG,
                context=CTX,
            )
            assert again["unchanged"]
        async with session(url, keys["alice"]) as alice:
            w = await call(
                alice,
                "remember",
                text="Your return policy is 60 days.",
                scope=ALICE,
                session_id="a1",
                context=CTX,
            )
            assert w["conflicts"] and w["turnId"].startswith("turn-")
            block = (await call(alice, "context", query="returns", lens=[ALICE], context=CTX))[
                "context"
            ]
            assert "the policy that applies says '30 days'" in block
            state = await call(alice, "inspect", lens=[ALICE], context=CTX)
            assert state["view"] == "state"
            assert state["conflicts"][0]["applies"]["value"] == "30 days"
            hits = await call(alice, "recall", query="return policy days", k=10, context=CTX)
            assert any(h["authoritative"] and "30 days" in h["text"] for h in hits["facts"])
            # the turn says what its fact says: one hit (the fact), naming the turn
            said = [h for h in hits["facts"] + hits["passages"] if "60 days" in h["text"]]
            assert said and any(
                h["kind"] == "turn" or any(i.startswith("turn-") for i in h["source"]["sameText"])
                for h in said
            )
        # bob reads the organisation's policy, not alice's turn (fail-closed)
        async with session(url, keys["bob"]) as bob:
            hits = await call(bob, "recall", query="return policy days", k=20, context=CTX)
            texts = [h["text"] for h in hits["facts"] + hits["passages"]]
            assert any("30 days" in t for t in texts)
            assert not any("60 days" in t for t in texts)
            state = await call(bob, "inspect", view="state", context=CTX)
            assert not state["conflicts"]
            # what is stored, listed as REST lists it; alice's session is not bob's to see
            docs = await call(bob, "inspect", view="documents", context=CTX)
            assert [(d["name"], d["scope"]) for d in docs["documents"]] == [("returns.md", ORG)]
            chunks = await call(
                bob, "inspect", view="chunks", document=docs["documents"][0]["id"], context=CTX
            )
            assert "30 days" in chunks["chunks"][0]["text"]
            assert (await call(bob, "inspect", view="sessions", context=CTX))["sessions"] == []
            none = await call(bob, "inspect", view="turns", session="a1", context=CTX)
            assert none["turns"] == []
        async with session(url, keys["alice"]) as alice:
            mine = await call(alice, "inspect", view="sessions", context=CTX)
            assert [(x["sessionId"], x["turns"]) for x in mine["sessions"]] == [("a1", 1)]
            said = await call(alice, "inspect", view="turns", session="a1", context=CTX)
            assert [t["text"] for t in said["turns"]] == ["Your return policy is 60 days."]
            refused = await fail(alice, "inspect", view="turns", context=CTX)
            assert refused["status"] == 422 and refused["field"] == "session"

    anyio.run(main)


def test_curated_triples_entities_history_and_profile(mcp_server: Mcp):
    async def main():
        url, keys = mcp_server.url, mcp_server.keys
        async with session(url, keys["curator"]) as cur:
            for price in ("$10", "$12"):
                triple = {"subject": "Widget", "type": "product", "key": "price", "value": price}
                w = await call(cur, "remember", triples=[triple], scope=ORG, context=CTX)
                assert w["facts"][0]["authoritative"]
        async with session(url, keys["alice"]) as alice:
            e = await call(alice, "inspect", entity_type="product", entity="Widget", context=CTX)
            assert e["view"] == "entity" and e["attributes"]["price"][0]["value"] == "$12"
            h = await call(
                alice,
                "inspect",
                view="entity",
                entity_type="product",
                entity="Widget",
                key="price",
                context=CTX,
            )
            assert [f["value"] for f in h["history"]] == ["$10", "$12"]
            profile = await call(alice, "inspect", view="profile", lens=[ALICE], context=CTX)
            assert profile["view"] == "profile" and "knowledge" in profile
            err = await fail(alice, "inspect", view="entity", context=CTX)
            assert err["status"] == 422

    anyio.run(main)


def test_writes_outside_the_region_are_refused(mcp_server: Mcp):
    async def main():
        url, keys = mcp_server.url, mcp_server.keys
        async with session(url, keys["alice"]) as alice:
            err = await fail(alice, "remember", text="I live in Rome.", scope=BOB, context=CTX)
            assert err["status"] == 403 and err["scope"] == BOB
            err = await fail(
                alice,
                "remember",
                triples=[{"subject": "X", "key": "price", "value": "$1"}],
                scope=ALICE,
                context=CTX,
            )
            assert err["status"] == 403 and "memory:curate" in err["message"]
            err = await fail(
                alice, "upload", name="x.md", content="# X\n\nx", scope=ALICE, context=CTX
            )
            assert err["status"] == 403
            err = await fail(alice, "forget", scope=ORG, context=CTX)
            assert err["status"] == 403
        async with session(url, keys["bob"]) as bob:
            hits = await call(bob, "recall", query="Rome", context=CTX)
            assert not any("Rome" in h["text"] for h in hits["facts"] + hits["passages"])

    anyio.run(main)


def test_forget_by_query_and_by_id(mcp_server: Mcp):
    async def main():
        async with session(mcp_server.url, mcp_server.keys["alice"]) as alice:
            await call(alice, "remember", text="I have a dog named Rex.", scope=ALICE, context=CTX)
            hits = await call(alice, "recall", query="dog named Rex", context=CTX)
            assert any("Rex" in h["text"] for h in hits["facts"] + hits["passages"])
            out = await call(alice, "forget", query="dog named Rex", context=CTX)
            assert sum(out["forgotten"].values()) >= 1
            hits = await call(alice, "recall", query="dog named Rex", context=CTX)
            assert not any("Rex" in h["text"] for h in hits["facts"] + hits["passages"])
            w = await call(alice, "remember", text="I live in Oslo.", scope=ALICE, context=CTX)
            out = await call(alice, "forget", id=w["turnId"], purge=True, context=CTX)
            assert out["forgotten"]["turns"] == 1 and out["purged"]
            err = await fail(alice, "forget", id="fact:999999", context=CTX)
            assert err["status"] == 404
            err = await fail(alice, "forget", context=CTX)
            assert err["status"] == 422
        # bob holds no memory:forget: a forget by query is refused (it used to answer zero
        # counts, as if there had been nothing to forget)
        async with session(mcp_server.url, mcp_server.keys["bob"]) as bob:
            err = await fail(bob, "forget", query="return policy", context=CTX)
            assert err["status"] == 403

    anyio.run(main)


def test_a_call_without_a_valid_key_is_refused_with_401(mcp_server: Mcp):
    r = httpx.post(
        mcp_server.url + "/mcp",
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        headers={"Accept": "application/json, text/event-stream"},
    )
    assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"
    assert r.json()["error"]["data"]["status"] == 401

    async def connect(token: str | None):
        with anyio.fail_after(20):
            async with session(mcp_server.url, token):
                pass

    for token in (None, "egdb_notarealkey_secret"):
        with pytest.raises(BaseException) as info:
            anyio.run(connect, token)
        assert "Unauthorized" in _describe(info.value), _describe(info.value)


def _describe(exc: BaseException) -> str:
    if isinstance(exc, BaseExceptionGroup):
        return " | ".join(_describe(e) for e in exc.exceptions)
    return f"{type(exc).__name__}: {exc}"


def test_reflect_context_and_limits_are_clear_errors(mcp_server: Mcp):
    async def main():
        url, keys = mcp_server.url, mcp_server.keys
        async with session(url, keys["alice"]) as alice:
            err = await fail(alice, "reflect", query="what do I like?", context=CTX)
            assert err["status"] == 501 and "needs an LLM" in err["message"]
            err = await fail(alice, "recall", query="x")
            assert err["status"] == 422 and err["field"] == "context"
            err = await fail(alice, "recall", query="x", context="nowhere")
            assert err["status"] == 404
            err = await fail(alice, "remember", text="hi", scope="bad scope!", context=CTX)
            assert err["status"] == 422 and err["field"] == "scope"
            err = await fail(alice, "remember", scope=ALICE, context=CTX)
            assert err["status"] == 422
            r = await alice.call_tool("recall", {"query": "x", "k": 5000, "context": CTX})
            assert r.is_error  # the input schema's bound (k <= 100)
        # the context from the X-EngramDB-Context header
        async with session(url, keys["alice"], {"X-EngramDB-Context": CTX}) as alice:
            hits = await call(alice, "recall", query="return policy")
            assert hits["facts"] or hits["passages"]

    anyio.run(main)


def test_without_the_http_endpoint_every_call_is_refused(tmp_path: Path):
    """Fail closed: a server built for HTTP but called without the endpoint's AuthContext."""
    contexts = ContextRegistry(tmp_path, embedder="hashing")
    contexts.create(CTX)
    server = build_mcp(contexts, default_context=CTX)
    try:
        for tool, args in (("recall", {"query": "x"}), ("remember", {"text": "x", "scope": ORG})):
            r = anyio.run(server.call_tool, tool, args)
            assert r.is_error and r.structured_content["error"]["status"] == 401
    finally:
        contexts.close()


@pytest.mark.processes
def test_stdio(tmp_path: Path):
    import argon2

    hasher = argon2.PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1)
    with AuthStore(tmp_path / "auth.db", hasher=hasher) as auth:
        auth.bootstrap()
        p = auth.create_principal(
            "alice",
            "agent",
            {"memory:read": [ALICE + "/*"], "memory:write": [ALICE + "/*"]},
            contexts=[CTX],
        )
        token = auth.create_key(p.id)[1]
    contexts = ContextRegistry(tmp_path, embedder="hashing")
    contexts.create(CTX)
    contexts.close()
    params = StdioServerParameters(
        command=sys.executable,
        args=[
            "-c",
            f"from engramdb.server.mcp import run_stdio; run_stdio({str(tmp_path)!r}, {CTX!r})",
        ],
        env={
            "ENGRAMDB_API_KEY": token,
            "ENGRAMDB_EMBEDDER": "hashing",
            "ENGRAMDB_ARGON2_TIME_COST": "1",
            "ENGRAMDB_ARGON2_MEMORY_COST": "8192",
        },
    )

    async def main():
        with anyio.fail_after(25):
            async with stdio_client(params) as (read, write), ClientSession(read, write) as s:
                await s.initialize()
                tools = {t.name: t for t in (await s.list_tools()).tools}
                assert set(tools) == set(TOOLS) | set(MEM0_TOOLS)
                assert "context" not in tools["recall"].input_schema["properties"]
                w = await call(s, "remember", text="I moved to Berlin.", scope=ALICE)
                assert w["turnId"].startswith("turn-")
                hits = await call(s, "recall", query="where do I live? Berlin")
                assert any("Berlin" in h["text"] for h in hits["facts"] + hits["passages"])
                err = await fail(s, "remember", text="hi", scope=BOB)
                assert err["status"] == 403
                err = await fail(s, "recall", query="x", context="other")
                assert err["status"] == 422

    anyio.run(main)


@pytest.mark.processes
def test_mcp_over_stdio_beside_a_running_server(mcp_server: Mcp):
    """``engramdb mcp --url`` serves the running server's tools over stdio with a key: the
    store stays the server's (no "Store locked"), and the rights are the key's."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "engramdb", "mcp", "--url", mcp_server.url, "--context", CTX],
        env={"ENGRAMDB_API_KEY": mcp_server.keys["alice"]},
    )

    async def main():
        with anyio.fail_after(40):
            async with stdio_client(params) as (read, write), ClientSession(read, write) as s:
                await s.initialize()
                tools = {t.name for t in (await s.list_tools()).tools}
                assert tools == set(TOOLS) | set(MEM0_TOOLS)
                w = await call(s, "remember", text="I moved to Lisbon.", scope=ALICE)
                assert w["turnId"].startswith("turn-")
                hits = await call(s, "recall", query="where do I live? Lisbon")
                assert any("Lisbon" in h["text"] for h in hits["facts"] + hits["passages"])
                err = await fail(s, "remember", text="hi", scope=BOB)
                assert err["status"] == 403

    anyio.run(main)
    # the turn is the server's: its REST API finds it
    with httpx.Client(base_url=mcp_server.url, timeout=30) as c:
        c.headers["Authorization"] = f"Bearer {mcp_server.keys['alice']}"
        r = c.post(f"/api/v1/{CTX}/query", json={"query": "Lisbon", "lens": [ALICE]})
        assert any("Lisbon" in h["text"] for h in r.json()["hits"])


def test_openmemorys_tool_names_work_with_the_keys_rights(mcp_server: Mcp):
    """add_memories / search_memory / list_memories / delete_memories / delete_all_memories
    (OpenMemory's names) run over compat.mem0 with the caller's key: alice's key writes and
    reads alice's memories; bob's key can neither write as alice nor see or delete hers."""

    async def main():
        keys = mcp_server.keys
        async with session(mcp_server.url, keys["alice"]) as s:
            kw = {"user_id": "alice", "scope_prefix": ORG, "context": CTX}
            added = await call(s, "add_memories", text="I adopted a beagle named Rolo.", **kw)
            mid = added["results"][0]["id"]
            await call(s, "add_memories", text="My favourite food is ramen.", **kw)
            found = await call(
                s, "search_memory", query="the beagle Rolo", **kw
            )  # (hashing embedder)
            assert found["results"][0]["id"] == mid
            listed = await call(s, "list_memories", **kw)
            assert len(listed["results"]) == 2
        async with session(mcp_server.url, keys["bob"]) as s:
            kw = {"user_id": "alice", "scope_prefix": ORG, "context": CTX}
            err = await fail(s, "add_memories", text="I hate beagles.", **kw)
            assert err["status"] == 403
            assert (await call(s, "search_memory", query="beagle", **kw))["results"] == []
            assert (await call(s, "list_memories", **kw))["results"] == []
            err = await fail(s, "delete_memories", memory_ids=[mid], **kw)
            assert err["status"] == 404
        async with session(mcp_server.url, keys["alice"]) as s:
            kw = {"user_id": "alice", "scope_prefix": ORG, "context": CTX}
            await call(s, "delete_memories", memory_ids=[mid], **kw)
            left = await call(s, "list_memories", **kw)
            assert [r["memory"] for r in left["results"]] == ["My favourite food is ramen."]
            await call(s, "delete_all_memories", **kw)
            assert (await call(s, "list_memories", **kw))["results"] == []

    anyio.run(main)


def test_an_argument_error_is_a_plain_422_with_field_and_limit(mcp_server: Mcp):
    async def main():
        async with session(mcp_server.url, mcp_server.keys["alice"]) as s:
            err = await fail(s, "recall", query="x", k=1000, context=CTX)
            assert err["status"] == 422 and err["field"] == "k" and err["limit"] == 100
            assert "validation error" not in err["message"]  # not pydantic's report
            err = await fail(s, "remember", text="hi", scope="x" * 300, context=CTX)
            assert err["field"] == "scope" and err["limit"] == 256

    anyio.run(main)


def test_forget_of_another_users_scope_is_refused_alike_empty_or_not(mcp_server: Mcp):
    """The forget tool's answer must not tell whether a scope the key may not forget holds
    data (it was a 403 for bob's scope with rows, zero counts for an empty one)."""

    async def main():
        async with session(mcp_server.url, mcp_server.keys["curator"]) as curator:
            await call(curator, "remember", text="My locker is 14B.", scope=BOB, context=CTX)
        async with session(mcp_server.url, mcp_server.keys["alice"]) as alice:
            full = await fail(alice, "forget", scope=BOB, context=CTX)
            empty = await fail(alice, "forget", scope=ORG + "/user/nobody", context=CTX)
            dry = await fail(alice, "forget", scope=ORG + "/user/nobody", dry_run=True, context=CTX)
        assert full["status"] == empty["status"] == dry["status"] == 403
        assert full["message"].replace(BOB, "X") == empty["message"].replace(
            ORG + "/user/nobody", "X"
        )

    anyio.run(main)


def test_forget_by_query_needs_relevance_and_can_be_dry_run(mcp_server: Mcp):
    """``forget(query="my medical diagnosis")`` deleted "My dog is called Rolo.", the best of
    unrelated rows; a dry run shows what would go."""

    async def main():
        async with session(mcp_server.url, mcp_server.keys["alice"]) as alice:
            mine = ALICE + "/pets"
            await call(alice, "remember", text="My dog is called Rolo.", scope=mine, context=CTX)
            out = await call(
                alice, "forget", query="my medical diagnosis", lens=[mine], context=CTX
            )
            assert not any(out["forgotten"].values()) and "nothing" in out["message"]
            out = await call(
                alice, "forget", query="forget my dog", lens=[mine], dry_run=True, context=CTX
            )
            assert out["dryRun"] and out["wouldForget"]["turns"] == 1
            assert any(r["text"] == "My dog is called Rolo." for r in out["rows"])
            hits = await call(alice, "recall", query="dog Rolo", context=CTX)
            assert any("Rolo" in h["text"] for h in hits["facts"] + hits["passages"])
            out = await call(alice, "forget", query="forget my dog", lens=[mine], context=CTX)
            assert out["forgotten"]["turns"] == 1 and "message" not in out
            hits = await call(alice, "recall", query="dog Rolo", context=CTX)
            assert not any("Rolo" in h["text"] for h in hits["facts"] + hits["passages"])

    anyio.run(main)
