"""Isolation under a seeded random workload, against a real server on loopback.

A context of its own, a small scope tree and seven principals (exact paths, prefix patterns,
curators, a read-only key, a key narrower than its principal, a principal narrowed after its
key was made, delegation through ``X-On-Behalf-Of``) are set up through the REST API. Then
``OPS`` random writes (turns, experiential and authoritative triples, batches, documents; each
carrying a unique marker word ``zq<n>``) and reads (query, state, context, profile, traces,
session turns, documents, chunks, entities, scopes; with and without a random lens) are made
by random callers.

Every response is checked against a reference written here, independently of the server's grant
code: a caller may do ``verb`` on ``path`` iff every grant set in its chain (the key's, its
principal's, the delegation target's) has a pattern covering ``path``; a record is visible iff
``memory:read`` covers its scope and the lens rule admits it. Writes: 201 exactly when the
reference allows, 403 exactly when it refuses. Reads: no marker the reference calls invisible
(or whose write was refused) ever appears; lists that are not ranked (session turns, documents,
scopes, the facts of ``state``) hold exactly the visible records; a query for a visible marker
finds it (hit rate reported and bounded below, since ranking may drop some).
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import quote

import httpx
import pytest

CTX = "isolation"
SEED = int(os.environ.get("ENGRAMDB_ISOLATION_SEED", "20250607"))
OPS = int(os.environ.get("ENGRAMDB_ISOLATION_OPS", "2000"))

ALL = "*"
VERBS = (
    "memory:read",
    "memory:write",
    "memory:curate",
    "memory:forget",
    "scope:read",
    "scope:create",
    "scope:delete",
    "grant:manage",
)
FULL = {v: [ALL] for v in VERBS}

# The scope tree, plus paths around it (deeper, an ancestor, an unknown organisation).
TREE = [
    "org/a",
    "org/a/user/u1",
    "org/a/user/u2",
    "org/a/user/u3",
    "org/a/team/t1",
    "org/a/team/t2",
    "org/b",
    "org/b/user/u4",
]
AROUND = ["org", "org/c", "org/a/user/u1/notes", "org/a/team/t1/x", "org/b/user/u4/drafts"]
SCOPES = TREE + AROUND
LENSES = [*TREE, "org", "org/a/user", "org/a/user/u1/notes", "org/c", "org/b/user/u4/drafts"]

PRINCIPALS: dict[str, dict[str, list[str]]] = {
    # everything under org/a, authoritative writes included
    "curator_a": {
        "memory:read": ["org/a/*"],
        "memory:write": ["org/a/*"],
        "memory:curate": ["org/a/*"],
    },
    # a user: its subtree, and its organisation's own records (exact, not its siblings')
    "user_u1": {
        "memory:read": ["org/a", "org/a/user/u1/*"],
        "memory:write": ["org/a/user/u1/*"],
    },
    # exact paths only, no ancestor: not even org/a
    "user_u2": {"memory:read": ["org/a/user/u2"], "memory:write": ["org/a/user/u2"]},
    # curates the whole team subtree but writes only t1: curated writes to t2 are refused
    "team": {
        "memory:read": ["org/a", "org/a/team/*"],
        "memory:write": ["org/a/team/t1"],
        "memory:curate": ["org/a/team/*"],
    },
    # reads everything, writes nothing
    "auditor": {"memory:read": [ALL]},
    # org/b; curate on org/b exactly (not below); reads org/a exactly
    "curator_b": {
        "memory:read": ["org/a", "org/b/*"],
        "memory:write": ["org/b/*"],
        "memory:curate": ["org/b"],
    },
    # created wide, narrowed (PUT grants) after its key was made
    "shrunk": {
        "memory:read": ["org/*"],
        "memory:write": ["org/*"],
        "memory:curate": ["org/*"],
    },
}
SHRUNK_LATER = {
    "memory:read": ["org/a/user/u3/*", "org/b/user/u4"],
    "memory:write": ["org/a/user/u3/*"],
    "memory:curate": ["org/a/user/u3"],
}
# keys narrower than their principal: (actor name, principal, key grants)
NARROW_KEYS = [
    ("u1_readonly", "user_u1", {"memory:read": ["org/a/user/u1/*"]}),
    (
        "curator_a_narrow",
        "curator_a",
        {
            "memory:read": ["org/a/team/*"],
            "memory:write": ["org/a/team/*", "org/a/user/u3"],
            "memory:curate": ["org/a/team/t2"],
        },
    ),
    ("u2_writeonly", "user_u2", {"memory:write": ["org/a/user/u2"]}),
]
# delegations: (actor name, caller actor, on behalf of principal)
DELEGATIONS = [
    ("admin_for_u1", "admin", "user_u1"),
    ("curator_a_for_u2", "curator_a", "user_u2"),
    ("auditor_for_curator_b", "auditor", "curator_b"),
    ("team_for_curator_a", "team", "curator_a"),
    ("u1_readonly_for_team", "u1_readonly", "team"),
]

WORDS = ["garden", "invoice", "kettle", "harbour", "lantern", "meadow", "copper", "violin"]
KINDS = ("turn", "triple", "upsert", "document")
MARKER = re.compile(r"\bzq(\d+)\b")


# ----------------------------------------------------------------------------- the reference


def ref_matches(pattern: str, path: str) -> bool:
    """``*`` is everything, ``p/*`` is ``p`` and below, anything else that path alone."""
    if pattern in ("*", "/*"):
        return True
    if pattern.endswith("/*"):
        base = pattern[:-2]
        return path == base or path.startswith(base + "/")
    return path == pattern


def ref_can(chain: list[dict[str, list[str]]], verb: str, path: str) -> bool:
    """Effective rights are the intersection of every grant set in the chain."""
    return bool(chain) and all(
        any(ref_matches(p, path) for p in grants.get(verb, ())) for grants in chain
    )


def ref_lens(path: str, lens: list[str] | None) -> bool:
    """A lens path sees itself, what lies below it, and its ancestors."""
    if lens is None:
        return True
    return any(path == p or path.startswith(p + "/") or p.startswith(path + "/") for p in lens)


def ref_visible(chain, lens: list[str] | None, path: str) -> bool:
    return ref_can(chain, "memory:read", path) and ref_lens(path, lens)


def ref_writable(chain, path: str, authoritative: bool) -> bool:
    return ref_can(chain, "memory:write", path) and (
        not authoritative or ref_can(chain, "memory:curate", path)
    )


def test_the_reference_itself():
    u1 = [PRINCIPALS["user_u1"]]
    assert ref_visible(u1, None, "org/a") and ref_visible(u1, None, "org/a/user/u1/x")
    assert not ref_visible(u1, None, "org/a/user/u2") and not ref_visible(u1, None, "org")
    assert not ref_visible(u1, ["org/a/user/u2"], "org/a/user/u1")
    assert ref_visible(u1, ["org/a/user/u1/notes"], "org/a")  # an ancestor of the lens
    assert not ref_visible(u1, ["org/b"], "org/a")
    team = [PRINCIPALS["team"]]
    assert ref_writable(team, "org/a/team/t1", True)
    assert not ref_writable(team, "org/a/team/t2", True)  # curate without write
    assert not ref_writable(team, "org/a/team/t1/x", False)  # exact path
    cb = [PRINCIPALS["curator_b"]]
    assert ref_writable(cb, "org/b", True) and not ref_writable(cb, "org/b/user/u4", True)
    assert ref_writable(cb, "org/b/user/u4", False)
    both = [PRINCIPALS["auditor"], PRINCIPALS["curator_b"]]
    assert ref_visible(both, None, "org/b/x") and not ref_visible(both, None, "org/a/team/t1")
    assert not ref_writable(both, "org/b", False)
    assert not ref_can([], "memory:read", "org/a")


# ----------------------------------------------------------------------------- the world


@dataclass
class Actor:
    name: str
    token: str
    chain: list[dict[str, list[str]]]
    on_behalf_of: str | None = None  # a principal id

    def headers(self) -> dict[str, str]:
        h = {"Authorization": f"Bearer {self.token}"}
        if self.on_behalf_of:
            h["X-On-Behalf-Of"] = self.on_behalf_of
        return h


@dataclass
class Write:
    n: int
    kind: str  # turn | triple | upsert | batch | document
    scope: str  # canonical
    accepted: bool
    session: str | None = None
    subject: str | None = None  # triples: the entity name
    doc_id: int | None = None


@dataclass
class Stats:
    ops: int = 0
    writes: int = 0
    writes_accepted: int = 0
    writes_refused: int = 0
    reads: int = 0
    wrong_refusals: list[str] = field(default_factory=list)
    wrong_acceptances: list[str] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # visible but absent from an exact list
    query_expected: int = 0
    query_found: int = 0
    context_expected: int = 0
    context_found: int = 0
    by_kind: Counter = field(default_factory=Counter)


def _setup(live) -> tuple[dict[str, Actor], dict[str, str]]:
    actors: dict[str, Actor] = {"admin": Actor("admin", live.admin, [FULL])}
    ids: dict[str, str] = {}
    with live.client(live.admin) as admin:
        r = admin.post("/api/v1/contexts", json={"name": CTX})
        assert r.status_code == 201, r.text
        for name, grants in PRINCIPALS.items():
            r = admin.post(
                "/api/v1/principals", json={"name": name, "kind": "agent", "grants": grants}
            )
            assert r.status_code == 201, r.text
            ids[name] = r.json()["id"]
            r = admin.post("/api/v1/keys", json={"principalId": ids[name], "label": name})
            assert r.status_code == 201, r.text
            actors[name] = Actor(name, r.json()["token"], [grants])
        # narrow "shrunk" after its key exists: the key keeps its wide grants on record, but its
        # effective grants are key ∩ principal
        r = admin.put(f"/api/v1/principals/{ids['shrunk']}/grants", json={"grants": SHRUNK_LATER})
        assert r.status_code == 200, r.text
        actors["shrunk"].chain = [PRINCIPALS["shrunk"], SHRUNK_LATER]
    for name, owner, grants in NARROW_KEYS:
        # made by the principal itself, from its own key
        with live.client(actors[owner].token) as c:
            r = c.post("/api/v1/keys", json={"grants": grants, "label": name})
            assert r.status_code == 201, r.text
            actors[name] = Actor(name, r.json()["token"], [grants, *actors[owner].chain])
    for name, caller, target in DELEGATIONS:
        base = actors[caller]
        actors[name] = Actor(name, base.token, [*base.chain, PRINCIPALS[target]], ids[target])
    return actors, ids


# ----------------------------------------------------------------------------- the run


class Run:
    def __init__(self, live, actors: dict[str, Actor], rng: random.Random):
        self.client = httpx.Client(base_url=live.url, timeout=30)
        self.actors = actors
        self.names = sorted(actors)
        self.rng = rng
        self.writes: dict[int, Write] = {}
        self.stats = Stats()
        self.next = 0

    # -- helpers

    def marker(self) -> int:
        self.next += 1
        return self.next

    def scan(self, what: str, actor: Actor, lens: list[str] | None, text: str, own=()) -> None:
        """Every marker in ``text`` must be visible to ``actor`` through ``lens``."""
        for m in {int(x) for x in MARKER.findall(text)}:
            if m in own:
                continue
            w = self.writes.get(m)
            if w is None:
                self.stats.leaks.append(f"{what} by {actor.name}: unknown marker zq{m}")
            elif not w.accepted:
                self.stats.leaks.append(
                    f"{what} by {actor.name}: zq{m} of a refused {w.kind} to {w.scope} is there"
                )
            elif not ref_visible(actor.chain, lens, w.scope):
                self.stats.leaks.append(
                    f"{what} by {actor.name} lens={lens}: zq{m} ({w.kind} in {w.scope})"
                )

    def visible_writes(self, actor: Actor, lens, kinds) -> set[int]:
        return {
            w.n
            for w in self.writes.values()
            if w.accepted and w.kind in kinds and ref_visible(actor.chain, lens, w.scope)
        }

    def pick_scope(self, actor: Actor, authoritative: bool) -> str:
        mine = [s for s in SCOPES if ref_writable(actor.chain, s, authoritative)]
        if mine and self.rng.random() < 0.55:
            return self.rng.choice(mine)
        return self.rng.choice(SCOPES)

    def pick_lens(self) -> list[str] | None:
        roll = self.rng.random()
        if roll < 0.45:
            return None
        if roll < 0.85:
            return [self.rng.choice(LENSES)]
        return self.rng.sample(LENSES, 2)

    def spelled(self, scope: str) -> str:
        """The scope as sent: now and then with slashes around it (the server normalises)."""
        roll = self.rng.random()
        if roll < 0.05:
            return "/" + scope
        if roll < 0.1:
            return scope + "/"
        return scope

    def check_write(self, actor, what, resp, allowed, own) -> bool:
        s = self.stats
        s.writes += 1
        if resp.status_code == 201:
            s.writes_accepted += 1
            if not allowed:
                s.wrong_acceptances.append(f"{what} by {actor.name}: 201, expected 403")
            self.scan(f"{what} response", actor, None, resp.text, own)
            return True
        if resp.status_code == 403:
            s.writes_refused += 1
            if allowed:
                s.wrong_refusals.append(f"{what} by {actor.name}: 403 {resp.text[:200]}")
            if resp.headers.get("content-type") != "application/problem+json":
                s.unexpected.append(f"{what}: 403 without a problem document")
            return False
        s.unexpected.append(f"{what} by {actor.name}: {resp.status_code} {resp.text[:300]}")
        return False

    # -- writes

    def write_turn(self, actor: Actor) -> None:
        n = self.marker()
        scope = self.pick_scope(actor, False)
        word = self.rng.choice(WORDS)
        text = self.rng.choice(
            [
                f"note zq{n} about the {word}",
                f"I live in zq{n}.",
                f"My favourite colour is zq{n}.",
                f"zq{n} {word}",
            ]
        )
        session = self.rng.choice(["s0", "s1", "s2", "s3", None])
        body = {"scope": self.spelled(scope), "text": text, "sessionId": session}
        resp = self.client.post(f"/api/v1/{CTX}/facts", json=body, headers=actor.headers())
        allowed = ref_writable(actor.chain, scope, False)
        ok = self.check_write(actor, f"turn zq{n} -> {scope}", resp, allowed, {n})
        self.writes[n] = Write(n, "turn", scope, ok, session=session)

    def _triple(self, n: int) -> dict:
        return {"subject": f"item zq{n}", "key": "label", "value": f"tag zq{n}"}

    def write_triples(self, actor: Actor, authoritative: bool) -> None:
        n = self.marker()
        scope = self.pick_scope(actor, authoritative)
        body: dict = {"scope": self.spelled(scope), "triples": [self._triple(n)]}
        if authoritative:
            if self.rng.random() < 0.5:
                body["sourceKind"] = "upsert"
        else:
            body["sourceKind"] = self.rng.choice(["turn", "turn", "consolidation", "elaboration"])
        resp = self.client.post(f"/api/v1/{CTX}/facts", json=body, headers=actor.headers())
        allowed = ref_writable(actor.chain, scope, authoritative)
        kind = "upsert" if authoritative else "triple"
        ok = self.check_write(actor, f"{kind} zq{n} -> {scope}", resp, allowed, {n})
        self.writes[n] = Write(n, kind, scope, ok, subject=f"item zq{n}")

    def write_batch(self, actor: Actor) -> None:
        items, planned = [], []
        for _ in range(self.rng.randint(2, 3)):
            n = self.marker()
            if self.rng.random() < 0.5:
                scope = self.pick_scope(actor, False)
                items.append({"scope": scope, "text": f"batch note zq{n}"})
                planned.append((n, "turn", scope, False))
            else:
                auth = self.rng.random() < 0.4
                scope = self.pick_scope(actor, auth)
                item = {"scope": scope, "triples": [self._triple(n)]}
                if not auth:
                    item["sourceKind"] = "turn"
                items.append(item)
                planned.append((n, "upsert" if auth else "triple", scope, auth))
        resp = self.client.post(
            f"/api/v1/{CTX}/facts/batch", json={"items": items}, headers=actor.headers()
        )
        # all or nothing: every item is checked before any is made
        allowed = all(ref_writable(actor.chain, s, a) for _, _, s, a in planned)
        own = {n for n, *_ in planned}
        ok = self.check_write(actor, f"batch {sorted(own)}", resp, allowed, own)
        for n, kind, scope, _ in planned:
            self.writes[n] = Write(
                n, kind, scope, ok, subject=f"item zq{n}" if kind != "turn" else None
            )

    def write_document(self, actor: Actor) -> None:
        n = self.marker()
        scope = self.pick_scope(actor, True)
        word = self.rng.choice(WORDS)
        doc = f"# Memo zq{n}\n\nThe zq{n} memo describes the {word} plan.\n".encode()
        resp = self.client.post(
            f"/api/v1/{CTX}/documents",
            files={"file": (f"memo-zq{n}.md", doc, "text/markdown")},
            data={"scope": self.spelled(scope)},
            headers=actor.headers(),
        )
        allowed = ref_writable(actor.chain, scope, True)
        ok = self.check_write(actor, f"document zq{n} -> {scope}", resp, allowed, {n})
        doc_id = resp.json()["id"] if ok else None
        self.writes[n] = Write(n, "document", scope, ok, doc_id=doc_id)

    # -- reads

    def a_marker(self, actor: Actor, lens) -> int | None:
        """Mostly a marker the caller should find (so the hit rate means something), else any
        marker at all (which it must find only if the reference says so)."""
        if not self.writes:
            return None
        if self.rng.random() < 0.6:
            mine = sorted(self.visible_writes(actor, lens, KINDS))
            if mine:
                return self.rng.choice(mine)
        return self.rng.choice(list(self.writes))

    def read_query(self, actor: Actor) -> None:
        lens = self.pick_lens()
        m = self.a_marker(actor, lens)
        if m is None:
            return
        mode = self.rng.choice(["hybrid", "hybrid", "hybrid", "bm25", "vector", "graph"])
        body: dict = {"query": f"zq{m}", "k": 10, "mode": mode}
        if lens:
            body["lens"] = lens
        resp = self.client.post(f"/api/v1/{CTX}/query", json=body, headers=actor.headers())
        if not self.ok(actor, "query", resp):
            return
        hits = resp.json()["hits"]
        for h in hits:  # the scope of every hit is in the region, too
            if not ref_visible(actor.chain, lens, h["scope"]):
                self.stats.leaks.append(f"query by {actor.name} lens={lens}: hit in {h['scope']}")
        self.scan(f"query zq{m}", actor, lens, resp.text)
        w = self.writes[m]
        if w.accepted and ref_visible(actor.chain, lens, w.scope):
            self.stats.query_expected += 1
            found = any(re.search(rf"\bzq{m}\b", h["text"]) for h in hits)
            self.stats.query_found += bool(found)
            self.stats.by_kind[f"{mode}:{'hit' if found else 'miss'}"] += 1

    def read_context(self, actor: Actor) -> None:
        lens = self.pick_lens()
        m = self.a_marker(actor, lens)
        body: dict = {"k": 8}
        if m is not None and self.rng.random() < 0.8:
            body["query"] = f"zq{m}"
        if lens:
            body["lens"] = lens
        resp = self.client.post(f"/api/v1/{CTX}/context", json=body, headers=actor.headers())
        if not self.ok(actor, "context", resp):
            return
        self.scan("context", actor, lens, resp.text)
        if "query" in body:
            w = self.writes[m]
            if w.accepted and ref_visible(actor.chain, lens, w.scope):
                self.stats.context_expected += 1
                self.stats.context_found += bool(re.search(rf"\bzq{m}\b", resp.json()["context"]))

    def _lens_params(self, lens) -> list[tuple[str, str]]:
        return [("lens", p) for p in lens or ()]

    def read_state(self, actor: Actor) -> None:
        lens = self.pick_lens()
        resp = self.client.get(
            f"/api/v1/{CTX}/state", params=self._lens_params(lens), headers=actor.headers()
        )
        if not self.ok(actor, "state", resp):
            return
        self.scan("state", actor, lens, resp.text)
        body = resp.json()
        seen = {
            int(x)
            for cat in ("identity", "knowledge", "context")
            for f in body[cat]
            for x in MARKER.findall(f["statement"])
        }
        for cat in ("identity", "knowledge", "context"):
            for f in body[cat]:
                if not ref_visible(actor.chain, lens, f["scope"]):
                    self.stats.leaks.append(f"state by {actor.name}: fact in {f['scope']}")
        # triples are never superseded here (one entity each): all visible ones are live facts
        want = self.visible_writes(actor, lens, ("triple", "upsert"))
        for n in sorted(want - seen):
            self.stats.missing.append(f"state by {actor.name} lens={lens}: zq{n} missing")

    def read_profile(self, actor: Actor) -> None:
        lens = self.pick_lens()
        resp = self.client.get(
            f"/api/v1/{CTX}/profile", params=self._lens_params(lens), headers=actor.headers()
        )
        if self.ok(actor, "profile", resp):
            self.scan("profile", actor, lens, resp.text)

    def read_traces(self, actor: Actor) -> None:
        resp = self.client.get(
            f"/api/v1/{CTX}/traces", params={"limit": 200}, headers=actor.headers()
        )
        if not self.ok(actor, "traces", resp):
            return
        self.scan("traces", actor, None, resp.text)
        for t in resp.json()["traces"]:
            if t["scope"] is not None and not ref_visible(actor.chain, None, t["scope"]):
                self.stats.leaks.append(f"traces by {actor.name}: trace in {t['scope']}")

    def read_session(self, actor: Actor) -> None:
        session = self.rng.choice(["s0", "s1", "s2", "s3"])
        resp = self.client.get(f"/api/v1/{CTX}/sessions/{session}/turns", headers=actor.headers())
        if not self.ok(actor, "session turns", resp):
            return
        self.scan(f"session {session}", actor, None, resp.text)
        seen = {int(x) for t in resp.json()["turns"] for x in MARKER.findall(t["text"])}
        want = {
            w.n
            for w in self.writes.values()
            if w.accepted
            and w.kind == "turn"
            and w.session == session
            and ref_visible(actor.chain, None, w.scope)
        }
        for n in sorted(want - seen):
            self.stats.missing.append(f"session {session} by {actor.name}: zq{n} missing")

    def read_documents(self, actor: Actor) -> None:
        resp = self.client.get(f"/api/v1/{CTX}/documents", headers=actor.headers())
        if not self.ok(actor, "documents", resp):
            return
        self.scan("documents", actor, None, resp.text)
        seen = {int(x) for d in resp.json()["documents"] for x in MARKER.findall(d["name"])}
        want = self.visible_writes(actor, None, ("document",))
        for n in sorted(want - seen):
            self.stats.missing.append(f"documents by {actor.name}: zq{n} missing")
        docs = [w for w in self.writes.values() if w.doc_id is not None]
        if docs:
            w = self.rng.choice(docs)
            resp = self.client.get(
                f"/api/v1/{CTX}/documents/{w.doc_id}/chunks", headers=actor.headers()
            )
            if not self.ok(actor, "chunks", resp):
                return
            self.scan(f"chunks of zq{w.n}", actor, None, resp.text)
            shown = bool(resp.json()["chunks"])
            if ref_visible(actor.chain, None, w.scope) and not shown:
                self.stats.missing.append(f"chunks of zq{w.n} by {actor.name}: none")

    def read_entity(self, actor: Actor) -> None:
        named = [w for w in self.writes.values() if w.subject]
        if not named:
            return
        w = self.rng.choice(named)
        lens = self.pick_lens()
        resp = self.client.get(
            f"/api/v1/{CTX}/entities/other/{quote(w.subject)}",
            params=self._lens_params(lens),
            headers=actor.headers(),
        )
        visible = w.accepted and ref_visible(actor.chain, lens, w.scope)
        if resp.status_code == 200:
            self.stats.reads += 1
            self.scan(f"entity zq{w.n}", actor, lens, resp.text)
        elif resp.status_code == 404:
            self.stats.reads += 1
            if visible:
                self.stats.missing.append(f"entity zq{w.n} by {actor.name} lens={lens}: 404")
        else:
            self.stats.unexpected.append(f"entity: {resp.status_code} {resp.text[:300]}")

    def read_scopes(self, actor: Actor) -> None:
        resp = self.client.get(f"/api/v1/{CTX}/scopes", headers=actor.headers())
        if not self.ok(actor, "scopes", resp):
            return
        listed = set(resp.json()["scopes"])
        for s in listed:
            if not (ref_visible(actor.chain, None, s) or ref_can(actor.chain, "scope:read", s)):
                self.stats.leaks.append(f"scopes by {actor.name}: {s} listed")
        want = {
            w.scope
            for w in self.writes.values()
            if w.accepted and ref_visible(actor.chain, None, w.scope)
        }
        for s in sorted(want - listed):
            self.stats.missing.append(f"scopes by {actor.name}: {s} missing")

    def ok(self, actor: Actor, what: str, resp: httpx.Response) -> bool:
        if resp.status_code != 200:
            self.stats.unexpected.append(
                f"{what} by {actor.name}: {resp.status_code} {resp.text[:300]}"
            )
            return False
        self.stats.reads += 1
        return True

    # -- the sequence

    def step(self) -> None:
        actor = self.actors[self.rng.choice(self.names)]
        r = self.rng.random()
        ops = [
            (0.20, self.write_turn),
            (0.09, lambda a: self.write_triples(a, False)),
            (0.09, lambda a: self.write_triples(a, True)),
            (0.04, self.write_batch),
            (0.04, self.write_document),
            (0.26, self.read_query),
            (0.07, self.read_context),
            (0.06, self.read_state),
            (0.02, self.read_profile),
            (0.03, self.read_traces),
            (0.03, self.read_session),
            (0.03, self.read_documents),
            (0.03, self.read_entity),
            (0.01, self.read_scopes),
        ]
        for weight, op in ops:
            if r < weight:
                op(actor)
                break
            r -= weight
        else:
            self.read_query(actor)
        self.stats.ops += 1


@pytest.fixture(scope="module")
def world(live):
    return _setup(live)


def test_random_reads_and_writes_never_leak_and_refuse_exactly(live, world):
    actors, _ = world
    rng = random.Random(SEED)
    run = Run(live, actors, rng)
    started = time.perf_counter()
    with run.client:
        # a first round so that every kind of record exists early
        for actor in actors.values():
            run.write_turn(actor)
            run.write_triples(actor, True)
        while run.stats.ops < OPS:
            run.step()
        # at the end every caller reads every view once more
        for actor in actors.values():
            for read in (run.read_state, run.read_documents, run.read_session, run.read_scopes):
                read(actor)
    s = run.stats
    elapsed = time.perf_counter() - started
    hit_rate = s.query_found / max(1, s.query_expected)
    context_rate = s.context_found / max(1, s.context_expected)
    summary = {
        "seed": SEED,
        "ops": s.ops,
        "requests": s.writes + s.reads,
        "writes": s.writes,
        "accepted": s.writes_accepted,
        "refused": s.writes_refused,
        "reads": s.reads,
        "leaks": len(s.leaks),
        "wrong_refusals": len(s.wrong_refusals),
        "wrong_acceptances": len(s.wrong_acceptances),
        "missing_from_exact_lists": len(s.missing),
        "query_hit_rate": f"{s.query_found}/{s.query_expected} = {hit_rate:.3f}",
        "context_hit_rate": f"{s.context_found}/{s.context_expected} = {context_rate:.3f}",
        "by_mode": dict(sorted(s.by_kind.items())),
        "seconds": round(elapsed, 1),
    }
    print("\nisolation:", json.dumps(summary))
    assert not s.unexpected, s.unexpected[:10]
    assert not s.leaks, s.leaks[:10]
    assert not s.wrong_refusals, s.wrong_refusals[:10]
    assert not s.wrong_acceptances, s.wrong_acceptances[:10]
    assert not s.missing, s.missing[:10]
    assert s.ops >= 1000 and s.writes_accepted >= 200 and s.writes_refused >= 100
    assert s.query_expected >= 150
    assert hit_rate >= 0.95, summary


# ----------------------------------------------------------------------------- targeted cases
# Found while building the random run above. Each xfail is one known bug (strict: it fails the
# suite once the bug is fixed, and the mark is removed then); the others are fixed bugs.

CONFLICT_CTX = "isolation-conflict"
CURATED_VALUE = "37 days"  # held at org/x; the user below may not read org/x


@pytest.fixture(scope="module")
def conflict(live):
    """A curated value at ``org/x``; a principal that reads and writes ``org/x/user/v`` only
    (no ancestor, as the grants docstring recommends for material above a user) writes a turn
    that contradicts it."""
    with live.client(live.admin) as admin:
        assert admin.post("/api/v1/contexts", json={"name": CONFLICT_CTX}).status_code == 201
        r = admin.post(
            f"/api/v1/{CONFLICT_CTX}/facts",
            json={
                "scope": "org/x",
                "triples": [
                    {
                        "subject": "x",
                        "type": "organisation",
                        "key": "return window",
                        "value": CURATED_VALUE,
                    }
                ],
            },
        )
        assert r.status_code == 201, r.text
        grants = {"memory:read": ["org/x/user/v"], "memory:write": ["org/x/user/v"]}
        r = admin.post("/api/v1/principals", json={"name": "conflict_v", "grants": grants})
        pid = r.json()["id"]
        token = admin.post("/api/v1/keys", json={"principalId": pid}).json()["token"]
    with live.client(token) as v:
        written = v.post(
            f"/api/v1/{CONFLICT_CTX}/facts",
            json={"scope": "org/x/user/v", "text": "Your return window is 60 days."},
        )
        assert written.status_code == 201, written.text
        assert written.json()["conflicts"], "the turn should contradict the curated value"
        state = v.get(f"/api/v1/{CONFLICT_CTX}/state")
        assert state.status_code == 200
        context = v.post(f"/api/v1/{CONFLICT_CTX}/context", json={"query": "return window"})
        hits = v.post(f"/api/v1/{CONFLICT_CTX}/query", json={"query": "return window 37 days"})
    return written, state, context, hits


def test_conflict_sides_and_other_views_stay_inside_the_region(conflict):
    _, state, context, hits = conflict
    sides = [s for c in state.json()["conflicts"] for s in c["sides"]]
    assert sides and all(s["scope"] == "org/x/user/v" for s in sides)
    assert all(c["applies"] is None for c in state.json()["conflicts"])
    assert CURATED_VALUE not in context.text
    assert CURATED_VALUE not in hits.text


def test_a_conflict_does_not_quote_a_value_outside_the_region_in_state(conflict):
    """Was a leak (fixed in bc6229b): the conflict's ``reason`` quoted the curated value of
    org/x ('60 days' vs '37 days') to a caller without memory:read on org/x."""
    _, state, _, _ = conflict
    assert CURATED_VALUE not in state.text


def test_a_conflict_does_not_quote_a_value_outside_the_region_in_the_write_response(conflict):
    """Was a leak (fixed in bc6229b): the 201 quoted the contradicted curated value of org/x
    (``uncertainties[].reason``) to a writer without memory:read on org/x."""
    written, _, _, _ = conflict
    assert CURATED_VALUE not in written.text


def _forget_case(live, ctx: str, name: str, pattern: str, victim: str, target: str):
    """``victim`` holds a turn; a principal with memory:forget (and read) over ``pattern``
    only forgets ``target``; returns whether the victim's turn survived."""
    with live.client(live.admin) as admin:
        assert admin.post("/api/v1/contexts", json={"name": ctx}).status_code == 201
        r = admin.post(f"/api/v1/{ctx}/facts", json={"scope": victim, "text": "note zz9 kept"})
        assert r.status_code == 201, r.text
        grants = {"memory:read": [pattern], "memory:forget": [pattern]}
        pid = admin.post("/api/v1/principals", json={"name": name, "grants": grants}).json()["id"]
        token = admin.post("/api/v1/keys", json={"principalId": pid}).json()["token"]
        with live.client(token) as f:
            r = f.post(f"/api/v1/{ctx}/forget", json={"scope": target})
            assert r.status_code == 200, r.text
        hits = admin.post(f"/api/v1/{ctx}/query", json={"query": "zz9"}).json()["hits"]
    return any("zz9" in h["text"] for h in hits)


def test_forget_by_scope_does_not_treat_underscore_as_a_wildcard(live):
    assert _forget_case(
        live, "isolation-forget-a", "forget_u", "org/u_1/*", "org/uX1/user/v", "org/u_1"
    )


def test_forget_by_scope_is_case_sensitive(live):
    assert _forget_case(
        live, "isolation-forget-b", "forget_case", "org/A/*", "org/a/user/v", "org/A"
    )
