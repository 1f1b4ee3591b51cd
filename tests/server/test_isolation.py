"""Isolation under a seeded random workload, against a real server on loopback.

Contexts (one every principal may reach, one some may, one few may, one created mid-run, one
deleted mid-run, one a manager that does not reach everything creates, one that never exists),
principals with ``contexts`` of ``["*"]``, named ones, none, and none by default, and keys of
every shape (narrower than their principal, strict, expiring, made by a key, made by a manager
for another principal, rotated, revoked) are set up through the REST API. Then random requests
by random callers (the principals' keys, keys made during the run, delegations through
``X-On-Behalf-Of`` including one to a principal that does not exist, revoked, rotated and
expired tokens) until ``ENGRAMDB_ISOLATION_OPS`` requests have been sent. The mix, per step:

- writes (~38%): turns, instructions ("From now on always mention zq<n> first.", now and then
  the same one in a second, related scope), revocations ("You no longer need to ...") from the
  instruction's own scope, from below it and from elsewhere, experiential triples, operator
  upserts, claims about a curated row the writer may not read, batches, documents,
  ``Idempotency-Key`` replays by the maker, by a rotated maker and by other callers;
- reads (~42%): query (four modes), context, state, profile, traces (paged), sessions, session
  turns, documents, one document, its chunks, entities, scopes, ``GET /contexts``; with and
  without a random lens;
- forgets (~9%): by id, by query and by scope, soft and purge, of experiential and curated
  rows, ``DELETE /documents/{id}``; callers with and without ``memory:forget`` and
  ``memory:curate``, and the exact-grant subtree traps (``memory:forget`` on ``…/carol`` and
  ``…/carol/x`` but not ``…/carol/private`` or ``…/carol/x/deep``);
- keys (~7%): creation narrower and wider than the calling key in grants, contexts, expiry and
  strictness, for another principal with and without ``grant:manage``; list; rotate and
  revoke one's own key, another key of the same principal, a key of another principal; the
  dead tokens used afterwards;
- scopes (~2%): register, tombstone (needs a subtree pattern; an exact grant is refused),
  writes below a tombstone;
- operator-only routes (~1%): principals (a caller widening itself), metrics, lifecycle jobs;
  health without a key;
- events at fixed points: a context created and one deleted, a manager creating a context it
  reaches and one it does not, deleting one it does not reach, a principal's contexts and
  another's grants narrowed (all their keys at once), an expiring key passing its expiry.

Every response is checked against ``_reference.py``, written from ``docs/security.md`` alone
(not from the server's code). Each marker word ``zq<n>`` (and key label ``kl<n>``) that
appears in any response, write results, traces and errors included, must belong to a row the
reference calls there and visible to that caller in that context through that lens (a
soft-forgotten row may linger in traces, a purged one nowhere); every ``scope`` in an answer
must be visible, and a refusal names no scope the caller may not read. Statuses: the
reference gives the set the contract allows; a 2xx it forbids is *wrongly accepted*, a refusal
of what it requires *wrongly refused*, a marker it hides a *leak* (a 403 where the contract
says "404 like missing" counts as a leak too: it tells); any other status it does not allow is
*unexpected*. Where the contract is silent the reference allows every plausible outcome and
the run counts them apart ("ambiguous"). Lists that are not ranked (session turns, documents,
the facts and instructions of ``state``, sessions, scopes, contexts, one's own keys) must hold
exactly what the reference says is there; a query for a visible marker must find it (hit
rate bounded below, since ranking may drop some). Rows whose fate the contract leaves open
(which rows a forget by query took, whether a revocation reached another instruction of its
scope) are settled by an operator census every few dozen steps.

Default (``make test``): ``ENGRAMDB_ISOLATION_OPS=2000`` (about 3,000 requests with the final
sweep, ~20 s). The full run, at least 10,000 requests (~11,000, about a minute on two cores)::

    ENGRAMDB_ISOLATION_OPS=10000 .venv/bin/pytest -q -s tests/server/test_isolation.py

``ENGRAMDB_ISOLATION_SEED`` changes the seed; the summary line starts with ``isolation:``;
``ENGRAMDB_ISOLATION_LOG=/tmp/iso.jsonl`` writes every request and answer, one JSON line each,
and the findings at the end.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from urllib.parse import quote

import httpx
import pytest
from _reference import (
    ALIVE,
    ALL,
    FORGET,
    FULL,
    MAYBE,
    READ,
    SOFT,
    VERBS,
    WRITE,
    Chain,
    ContextChain,
    Contexts,
    Grants,
    Row,
    Rows,
    administers,
    can,
    contains,
    covers,
    effective,
    forget_by_id,
    forget_by_scope,
    forget_candidates,
    forgets_anything,
    forgettable,
    full_admin,
    key_request,
    lens_inside,
    lens_outside,
    listed_keys,
    listed_principals,
    manages,
    marker_allowed,
    may_tombstone,
    principal_update,
    reaches,
    reaches_all,
    related,
    under,
    visible,
    writable,
)
from _reference import key_manage as key_decision

SEED = int(os.environ.get("ENGRAMDB_ISOLATION_SEED", "20250607"))
OPS = int(os.environ.get("ENGRAMDB_ISOLATION_OPS", "2000"))
# every request and its answer, one JSON line each, when set (for reading a failure)
_LOG_PATH = os.environ.get("ENGRAMDB_ISOLATION_LOG")
LOG = open(_LOG_PATH, "w") if _LOG_PATH else None  # noqa: SIM115

MAIN, SIDE, THIRD = "iso-main", "iso-side", "iso-third"
LATE, TMP, MGR, NOPE, GHOST = "iso-late", "iso-tmp", "iso-mgr", "iso-nope", "iso-ghost"

# The scope tree, plus paths around it (deeper, an ancestor, an unknown organisation).
CAROL = "org/a/user/carol"
TREE = [
    "org/a",
    "org/a/user/u1",
    "org/a/user/u2",
    "org/a/user/u3",
    "org/a/team/t1",
    "org/a/team/t2",
    "org/b",
    "org/b/user/u4",
    CAROL,
    CAROL + "/x",
    CAROL + "/private",
    CAROL + "/x/deep",
]
AROUND = ["org", "org/c", "org/a/user/u1/notes", "org/a/team/t1/x", "org/b/user/u4/drafts"]
SCOPES = TREE + AROUND
GROUPS = ["org/a/user", "org/a/team", "org/b/user", "org/a/user/u1/notes"]
FORGET_SCOPES = SCOPES + GROUPS
LEAVES = [s for s in SCOPES if not any(t.startswith(s + "/") for t in SCOPES)]
LENSES = [*TREE, "org", "org/a/user", "org/a/user/u1/notes", "org/c", "org/b/user/u4/drafts"]
PROJ = [f"org/a/proj/p{i}" for i in range(10)] + [f"org/b/proj/p{i}" for i in range(4)]
PROJ_TOPS = ["org/a/proj", "org/b/proj"]
SESSIONS = ("s0", "s1", "s2", "s3")
PERSONAL = ("user", "users", "person", "people", "customer")
# a dead key (401), or a delegation to a principal that does not exist (refused, code not said)
REFUSED = {403}  # a refused delegation (unknown target): a 403, the same for each reason
WORDS = ["garden", "invoice", "kettle", "harbour", "lantern", "meadow", "copper", "violin"]
MARKER = re.compile(r"\bzq(\d+)\b")
LABEL = re.compile(r"\bkl(\d+)\b")
QUOTED_PATH = re.compile(r"'([A-Za-z0-9._@+-]+(?:/[A-Za-z0-9._@+-]+)+(?:/\*)?)'")
ADMIN_ROUTES = ("keys", "contexts", "principals", "me", "health")
HOUR = 3_600_000
EXPIRY_MS = 9_000  # the expiring key's life, from the end of the set-up

PRINCIPALS: dict[str, tuple[Grants, Contexts]] = {
    # everything under org/a, authoritative writes included; forgets the team subtree
    "curator_a": (
        {
            "memory:read": ["org/a/*"],
            "memory:write": ["org/a/*"],
            "memory:curate": ["org/a/*"],
            "memory:forget": ["org/a/team/*"],
        },
        [ALL],
    ),
    # a user: its subtree, and its organisation's own records (exact, not its siblings')
    "user_u1": (
        {
            "memory:read": ["org/a", "org/a/user/u1/*"],
            "memory:write": ["org/a/user/u1/*"],
            "memory:forget": ["org/a/user/u1/*"],
        },
        [MAIN, SIDE],
    ),
    # exact paths only, no ancestor: not even org/a
    "user_u2": ({"memory:read": ["org/a/user/u2"], "memory:write": ["org/a/user/u2"]}, [MAIN]),
    # curates the whole team subtree but writes only t1: curated writes to t2 are refused
    "team": (
        {
            "memory:read": ["org/a", "org/a/team/*"],
            "memory:write": ["org/a/team/t1"],
            "memory:curate": ["org/a/team/*"],
            "memory:forget": ["org/a/team/t1"],
        },
        [MAIN, THIRD],
    ),
    # reads everything, writes nothing, in every context present and future
    "auditor": ({"memory:read": [ALL]}, [ALL]),
    # org/b; curate on org/b exactly (not below); reads org/a exactly
    "curator_b": (
        {
            "memory:read": ["org/a", "org/b/*"],
            "memory:write": ["org/b/*"],
            "memory:curate": ["org/b"],
            "memory:forget": ["org/b/user/*"],
        },
        [MAIN, SIDE],
    ),
    # created wide, narrowed (PUT grants) after its key was made
    "shrunk": (
        {"memory:read": ["org/*"], "memory:write": ["org/*"], "memory:curate": ["org/*"]},
        [MAIN],
    ),
    # forget on carol and carol/x exactly, not on carol/private nor carol/x/deep
    "carol": (
        {
            "memory:read": [CAROL, CAROL + "/*"],
            "memory:write": [CAROL + "/*"],
            "memory:forget": [CAROL, CAROL + "/x"],
        },
        [MAIN],
    ),
    # wide grants, no context at all: every route under a context is a 404
    "nobody": ({"memory:read": [ALL], "memory:write": [ALL]}, []),
    # made without a contexts field: the default is none
    "defaulted": ({"memory:read": [ALL], "memory:write": ["org/a/*"]}, None),
    # grant:manage over *, but only two (three) contexts
    "manager": (dict(FULL), [MAIN, SIDE, MGR]),
    # registers scopes under org/a/proj and org/b/proj; tombstones org/a/proj/* (subtree) and
    # org/b/proj/p1 (exact: never enough)
    "scoper": (
        {
            "memory:read": ["org/a/proj/*"],
            "memory:write": ["org/a/proj/*"],
            "scope:read": ["org/*"],
            "scope:create": ["org/a/proj/*", "org/b/proj/*"],
            "scope:delete": ["org/a/proj/*", "org/b/proj/p1"],
        },
        [MAIN],
    ),
}
SHRUNK_LATER = {
    "memory:read": ["org/a/user/u3/*", "org/b/user/u4"],
    "memory:write": ["org/a/user/u3/*"],
    "memory:curate": ["org/a/user/u3"],
}
TEAM_LATER = {  # mid-run: team loses curate on t2 and forget altogether
    "memory:read": ["org/a", "org/a/team/*"],
    "memory:write": ["org/a/team/t1"],
    "memory:curate": ["org/a/team/t1"],
}
# keys made by the principal itself from its own key: (actor, principal, body)
NARROW_KEYS = [
    ("u1_readonly", "user_u1", {"grants": {"memory:read": ["org/a/user/u1/*"]}}),
    (
        "curator_a_narrow",
        "curator_a",
        {
            "grants": {
                "memory:read": ["org/a/team/*"],
                "memory:write": ["org/a/team/*", "org/a/user/u3"],
                "memory:curate": ["org/a/team/t2"],
            }
        },
    ),
    ("u2_writeonly", "user_u2", {"grants": {"memory:write": ["org/a/user/u2"]}}),
    (
        "u1_writer",
        "user_u1",
        {"grants": {"memory:read": ["org/a/user/u1/*"], "memory:write": ["org/a/user/u1"]}},
    ),
    ("curator_a_mainonly", "curator_a", {"contexts": [MAIN]}),
]
# delegations: (actor, caller actor, on behalf of principal)
DELEGATIONS = [
    ("admin_for_u1", "admin", "user_u1"),
    ("curator_a_for_u2", "curator_a", "user_u2"),
    ("auditor_for_curator_b", "auditor", "curator_b"),
    ("team_for_curator_a", "team", "curator_a"),
    ("u1_readonly_for_team", "u1_readonly", "team"),
    ("admin_for_nobody", "admin", "nobody"),
    ("auditor_for_u1", "auditor", "user_u1"),
    ("curator_a_for_carol", "curator_a", "carol"),
    ("manager_for_scoper", "manager", "scoper"),
]


# ----------------------------------------------------------------------------- the reference


def test_the_reference_itself():
    u1 = [PRINCIPALS["user_u1"][0]]
    assert visible(u1, None, "org/a") and visible(u1, None, "org/a/user/u1/x")
    assert not visible(u1, None, "org/a/user/u2") and not visible(u1, None, "org")
    assert not visible(u1, ["org/a/user/u2"], "org/a/user/u1")
    assert visible(u1, ["org/a/user/u1/notes"], "org/a")  # an ancestor of the lens
    assert not visible(u1, ["org/b"], "org/a")
    team = [PRINCIPALS["team"][0]]
    assert writable(team, "org/a/team/t1", True)
    assert not writable(team, "org/a/team/t2", True)  # curate without write
    assert not writable(team, "org/a/team/t1/x", False)  # exact path
    cb = [PRINCIPALS["curator_b"][0]]
    assert writable(cb, "org/b", True) and not writable(cb, "org/b/user/u4", True)
    assert writable(cb, "org/b/user/u4", False)
    both = [PRINCIPALS["auditor"][0], PRINCIPALS["curator_b"][0]]
    assert visible(both, None, "org/b/x") and not visible(both, None, "org/a/team/t1")
    assert not writable(both, "org/b", False)
    assert not can([], READ, "org/a")
    # pattern containment: a prefix pattern is held only by one covering pattern
    assert contains("org/a/*", "org/a") and contains("org/a/*", "org/a/user/*")
    assert not contains("org/a", "org/a/*") and not contains("org/a/*", "org/ab")
    assert contains(ALL, "org/*") and not contains("org/*", ALL)
    assert effective([{READ: ["org/*"]}, {READ: ["org/a/*", "x"]}], READ) == ["org/a/*"]
    # carol: forget on carol and carol/x exactly
    carol = [PRINCIPALS["carol"][0]]
    assert forgettable(carol, CAROL, False) and forgettable(carol, CAROL + "/x", False)
    assert not forgettable(carol, CAROL + "/private", False)
    assert not forgettable(carol, CAROL + "/x/deep", False)
    assert not forgettable(carol, CAROL, True)  # curated rows need memory:curate too
    # scope:delete needs the subtree
    scoper = [PRINCIPALS["scoper"][0]]
    assert may_tombstone(scoper, "org/a/proj/p3") and may_tombstone(scoper, "org/a/proj")
    assert not may_tombstone(scoper, "org/b/proj/p1")
    assert can(scoper, "scope:create", "org/b/proj/p1")
    assert manages([FULL]) and not manages([{"grant:manage": ["org/*"]}])
    # contexts: intersection of every level
    assert reaches([[ALL], [MAIN, SIDE]], SIDE) and not reaches([[ALL], [MAIN]], SIDE)
    assert not reaches([[]], MAIN) and reaches_all([[ALL], [ALL]])
    # strict reads: a lens inside, outside, or neither
    ro = [{READ: ["org/a/user/u1/*"]}]
    assert lens_inside(ro, ["org/a/user/u1"]) and not lens_inside(ro, ["org/a"])
    assert lens_outside(ro, ["org/a/user/u2"]) and not lens_outside(ro, ["org/a"])
    # keys: narrower than the calling key, not merely its principal
    d = key_request(
        caller=[{READ: ["org/a/user/u1/*"]}, PRINCIPALS["user_u1"][0]],
        caller_contexts=[[MAIN, SIDE]],
        caller_expires=None,
        caller_strict=False,
        body={"grants": {WRITE: ["org/a/user/u1"]}},
        target=None,
    )
    assert d.status == 422 and d.fields == {"grants"}
    d = key_request(
        caller=[PRINCIPALS["user_u1"][0]],
        caller_contexts=[[MAIN]],
        caller_expires=5,
        caller_strict=True,
        body={"contexts": [ALL], "expiresMs": 6, "strict": False},
        target=None,
    )
    assert d.status == 422 and d.fields == {"contexts", "expiresMs", "strict"}
    d = key_request(
        caller=[PRINCIPALS["user_u1"][0]],
        caller_contexts=[[ALL]],
        caller_expires=None,
        caller_strict=False,
        body={},
        target=({}, []),
    )
    assert d.status == 403
    # forgetting by scope: one uncovered row refuses all
    rows = Rows()
    rows.add(Row(MAIN, "turn", CAROL + "/private", False, frozenset({1}), True))
    rows.add(Row(MAIN, "turn", CAROL, False, frozenset({2}), True))
    assert forget_by_scope(rows, carol, MAIN, CAROL, False).statuses == {403}
    assert forget_by_scope(rows, carol, MAIN, CAROL + "/x", False).statuses == {200}
    assert forget_by_id(carol, rows.all[1], False).statuses == {200}
    assert forget_by_id(u1, rows.all[1], False).statuses == {404}
    assert forget_by_id(both, rows.all[0], False).statuses == {404}
    assert [r.markers for r in forget_candidates(rows, carol, MAIN)] == [frozenset({2})]
    assert marker_allowed(rows.by_marker[2], MAIN, carol, None, False)
    assert not marker_allowed(rows.by_marker[2], SIDE, carol, None, False)
    rows.all[1].gone(purge=False)
    assert not marker_allowed(rows.by_marker[2], MAIN, carol, None, False)
    assert not marker_allowed(rows.by_marker[2], MAIN, carol, None, True)  # nor traces
    rows.all[1].gone(purge=True)
    assert not marker_allowed(rows.by_marker[2], MAIN, carol, None, True)
    # a soft forget by scope checks the rows not yet forgotten, a purge all of them
    rows = Rows()
    kept = rows.add(Row(MAIN, "turn", CAROL + "/private", False, frozenset({3}), True))
    kept.gone(purge=False, surely=True)
    assert forget_by_scope(rows, carol, MAIN, CAROL, False).statuses == {200}
    assert forget_by_scope(rows, carol, MAIN, CAROL, True).statuses == {403}
    # by id, a soft-forgotten row it may not forget is a 404 (out of every read)
    assert forget_by_id(carol, kept, False).statuses == {404}
    assert forget_by_id([FULL], kept, False).statuses == {404, 200}
    # administrators: a key bound to MAIN administers principals inside MAIN only
    bound, everywhere = [[MAIN], [ALL]], [[ALL], [ALL]]
    assert full_admin([FULL, FULL], everywhere) and not full_admin([FULL, FULL], bound)
    assert administers([FULL], bound, [MAIN]) and not administers([FULL], bound, [MAIN, SIDE])
    assert not administers([FULL], bound, [ALL]) and not administers([FULL], bound, [])
    assert administers([FULL], everywhere, []) and not administers(u1, everywhere, [MAIN])
    common = {"chain": [FULL], "ctx_chain": bound}
    assert principal_update(**common, own=True, target=[MAIN]) == {403}
    assert principal_update(**common, own=False, target=[ALL]) == {404}
    assert principal_update(**common, own=False, target=None) == {404}
    assert principal_update(**common, own=False, target=[MAIN], contexts=[MAIN, SIDE]) == {403}
    assert principal_update(**common, own=False, target=[MAIN], contexts=[]) == {403}
    assert principal_update(**common, own=False, target=[MAIN], contexts=[MAIN]) == {200}
    assert principal_update(chain=u1, ctx_chain=bound, own=False, target=[MAIN]) == {403}
    assert listed_principals([FULL], bound, {"a": [MAIN], "b": [ALL], "c": []}) == {"a"}
    assert listed_principals(u1, bound, {"a": [MAIN]}) is None
    key = {"chain": [FULL], "ctx_chain": bound, "own_principal": False}
    assert key_decision(**key, itself=False, owner=[SIDE]) == {404}
    assert key_decision(**{**key, "own_principal": True}, itself=False, owner=[ALL]) == {403}
    assert key_decision(**key, itself=False, owner=[MAIN], rotate=True, holds=False) == {403}
    assert key_decision(**key, itself=False, owner=[MAIN]) == {200}
    assert key_decision(**key, itself=True, owner=[ALL], lockout=True) == {409}
    assert key_decision(**{**key, "chain": u1}, itself=False, owner=None) == {403}
    d = key_request(
        caller=[FULL],
        caller_contexts=bound,
        caller_expires=None,
        caller_strict=False,
        body={"principalId": "x"},
        target=({}, [ALL]),
    )
    assert d.status == 404


# ----------------------------------------------------------------------------- the world


@dataclass(eq=False)
class Principal:
    name: str
    id: str
    grants: Grants
    contexts: Contexts


@dataclass(eq=False)
class Key:
    label: str
    key_id: str
    token: str
    principal: Principal
    levels: list[Grants]  # the key's own restrictions, beyond its principal's grants
    ctx_levels: list[Contexts]
    expires: int | None
    strict: bool
    dynamic: bool = False  # made during the run (may be rotated and revoked by anyone)
    revoked: bool = False
    successor: Key | None = None  # an old id: the key it was rotated into

    def current(self) -> Key:
        """The key this id stands for now (itself, or what it was rotated into)."""
        key = self
        while key.successor is not None:
            key = key.successor
        return key

    def chain(self) -> Chain:
        return [*self.levels, self.principal.grants]

    def contexts(self) -> ContextChain:
        return [*self.ctx_levels, self.principal.contexts]

    def liveness(self, now_ms: int) -> str:
        if self.revoked:
            return "dead"
        if self.expires is None or now_ms < self.expires - 1500:
            return "alive"
        if now_ms > self.expires + 1500:
            return "dead"
        return "unsure"


@dataclass(eq=False)
class Actor:
    name: str
    key: Key
    obo: Principal | None = None
    ghost: str | None = None  # delegation to a principal id that does not exist

    def chain(self) -> Chain:
        return [*self.key.chain(), *([self.obo.grants] if self.obo else [])]

    def contexts(self) -> ContextChain:
        return [*self.key.contexts(), *([self.obo.contexts] if self.obo else [])]

    @property
    def strict(self) -> bool:
        return self.key.strict

    @property
    def delegated(self) -> bool:
        return self.obo is not None or self.ghost is not None

    def headers(self) -> dict[str, str]:
        h = {"Authorization": f"Bearer {self.key.token}"}
        if self.obo is not None:
            h["X-On-Behalf-Of"] = self.obo.id
        elif self.ghost is not None:
            h["X-On-Behalf-Of"] = self.ghost
        return h


@dataclass
class Stats:
    requests: int = 0
    steps: int = 0
    by_op: Counter = field(default_factory=Counter)
    by_status: Counter = field(default_factory=Counter)
    outcomes: Counter = field(default_factory=Counter)
    scenarios: Counter = field(default_factory=Counter)
    ambiguous: Counter = field(default_factory=Counter)
    leaks: list[str] = field(default_factory=list)
    wrong_acceptances: list[str] = field(default_factory=list)
    wrong_refusals: list[str] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    query_expected: int = 0
    query_found: int = 0
    context_expected: int = 0
    context_found: int = 0
    by_mode: Counter = field(default_factory=Counter)
    census: int = 0
    accepted: int = 0
    refused: int = 0


def now_ms() -> int:
    return int(time.time() * 1000)


def problem_shape(resp: httpx.Response, *subs: str) -> dict | None:
    """A problem document with the given strings (a context name, an id) taken out: what two
    refusals must share to say the same thing."""
    try:
        body = resp.json()
    except ValueError:
        return None
    if not isinstance(body, dict):
        return None
    out = {}
    for k, v in body.items():
        if k == "instance":
            continue
        if isinstance(v, str):
            for s in subs:
                if s:
                    v = v.replace(s, "<x>")
        out[k] = v
    return out


class World:
    """Everything the reference knows: principals, keys, actors, contexts, rows, scopes."""

    def __init__(self) -> None:
        self.principals: dict[str, Principal] = {}
        self.keys: dict[str, Key] = {}  # every key ever made, by id (rotated-away ids too)
        self.foreign_keys: set[str] = set()  # keys the run did not make (other set-ups)
        self.actors: dict[str, Actor] = {}
        self.static: list[str] = []
        self.dynamic: list[str] = []
        self.dead: list[tuple[str, str]] = []  # (token, why)
        self.contexts: set[str] = set()
        self.rows = Rows()
        self.refused_markers: set[int] = set()
        self.registered: dict[tuple[str, str], str] = {}  # (ctx, path) -> registered|tomb
        self.tombstones: dict[str, set[str]] = defaultdict(set)
        self.turn_counts: Counter = Counter()  # (ctx, session, scope) -> accepted turns
        self.admin_principal: Principal | None = None
        self.manager_future_context = True
        self.notes: list[str] = []

    def tombstoned(self, ctx: str, scope: str) -> bool:
        return any(under(scope, t) for t in self.tombstones[ctx])


def _check(r: httpx.Response, status: int = 201) -> dict:
    assert r.status_code == status, r.text
    return r.json()


def _setup(live) -> World:
    w = World()
    with live.client(live.admin) as admin:
        w.contexts.update(_check(admin.get("/api/v1/contexts"), 200)["contexts"])
        for name in (MAIN, SIDE, THIRD, TMP):
            _check(admin.post("/api/v1/contexts", json={"name": name}))
            w.contexts.add(name)
        me = _check(admin.get("/api/v1/me"), 200)
        w.admin_principal = Principal("management", me["principal"]["id"], dict(FULL), [ALL])
        admin_key = Key(
            "bootstrap", me["keyId"], live.admin, w.admin_principal, [], [], None, False
        )
        w.keys[admin_key.key_id] = admin_key
        w.actors["admin"] = Actor("admin", admin_key)
        for k in _check(admin.get("/api/v1/keys"), 200)["keys"]:
            if k["keyId"] != admin_key.key_id:
                w.foreign_keys.add(k["keyId"])
        # an administrator bound to one context: a key of the management principal itself
        k = _check(admin.post("/api/v1/keys", json={"contexts": [MAIN], "label": "mgmt_main"}))
        key = Key("mgmt_main", k["keyId"], k["token"], w.admin_principal, [], [[MAIN]], None, False)
        w.keys[key.key_id] = key
        w.actors["mgmt_main"] = Actor("mgmt_main", key)
        for name, (grants, contexts) in PRINCIPALS.items():
            body = {"name": name, "kind": "agent", "grants": grants, "contexts": contexts}
            if contexts is None:
                del body["contexts"]
                contexts = []
            r = admin.post("/api/v1/principals", json=body)
            if r.status_code == 422 and MGR in contexts:
                # naming a context that does not exist yet: the contract does not say
                w.manager_future_context = False
                w.notes.append(f"a principal naming a future context: {r.status_code}")
                contexts = [c for c in contexts if c != MGR]
                r = admin.post("/api/v1/principals", json={**body, "contexts": contexts})
            p = _check(r)
            w.principals[name] = Principal(name, p["id"], dict(grants), list(contexts))
            r = admin.post("/api/v1/keys", json={"principalId": p["id"], "label": name})
            k = _check(r)
            key = Key(name, k["keyId"], k["token"], w.principals[name], [], [], None, False)
            w.keys[key.key_id] = key
            w.actors[name] = Actor(name, key)
        # narrow "shrunk" after its key exists: the key keeps its wide grants on record, but its
        # effective grants are key ∩ principal
        shrunk = w.principals["shrunk"]
        _check(
            admin.put(f"/api/v1/principals/{shrunk.id}/grants", json={"grants": SHRUNK_LATER}), 200
        )
        shrunk.grants = dict(SHRUNK_LATER)
    for name, owner, body in NARROW_KEYS:
        base = w.actors[owner]
        with live.client(base.key.token) as c:
            k = _check(c.post("/api/v1/keys", json={**body, "label": name}))
        key = Key(
            name,
            k["keyId"],
            k["token"],
            base.key.principal,
            [*([body["grants"]] if "grants" in body else []), *base.key.levels],
            [*([body["contexts"]] if "contexts" in body else []), *base.key.ctx_levels],
            None,
            False,
        )
        w.keys[key.key_id] = key
        w.actors[name] = Actor(name, key)
    # the strict key: made strict, by user_u1 (u1_strict above is not)
    with live.client(w.actors["user_u1"].key.token) as c:
        body = {"grants": {READ: ["org/a/user/u1/*"]}, "strict": True, "label": "u1_strict_key"}
        k = _check(c.post("/api/v1/keys", json=body))
        assert k["strict"] is True
        u1 = w.principals["user_u1"]
        key = Key("u1_strict_key", k["keyId"], k["token"], u1, [body["grants"]], [], None, True)
        w.keys[key.key_id] = key
        w.actors["u1_strict_key"] = Actor("u1_strict_key", key)
        # an expiring key, and a key it makes without expiresMs: that one expires with it
        expires = now_ms() + EXPIRY_MS
        k = _check(c.post("/api/v1/keys", json={"label": "u1_expiring", "expiresMs": expires}))
        key = Key("u1_expiring", k["keyId"], k["token"], u1, [], [], expires, False)
        w.keys[key.key_id] = key
        w.actors["u1_expiring"] = Actor("u1_expiring", key)
    with live.client(key.token) as c:
        k = _check(c.post("/api/v1/keys", json={"label": "u1_expiring_child"}))
        assert k["expiresMs"] == expires, k
        child = Key("u1_expiring_child", k["keyId"], k["token"], u1, [], [], expires, False)
        w.keys[child.key_id] = child
        w.actors["u1_expiring_child"] = Actor("u1_expiring_child", child)
    for name, caller, target in DELEGATIONS:
        base = w.actors[caller]
        w.actors[name] = Actor(name, base.key, w.principals[target])
    w.actors["admin_for_ghost"] = Actor(
        "admin_for_ghost", w.actors["admin"].key, ghost="p_nosuchprincipal"
    )
    w.static = sorted(w.actors)
    return w


# ----------------------------------------------------------------------------- the run


class Run:
    def __init__(self, live, world: World, rng: random.Random, budget: int):
        self.live = live
        self.client = httpx.Client(base_url=live.url, timeout=60)
        self.w = world
        self.rows = world.rows
        self.rng = rng
        self.budget = budget
        self.stats = Stats()
        self.next_marker = 0
        self.next_label = 0
        self.idem: list[dict] = []
        self.since_census = 0
        self.dead_shape: dict | None = None
        self.events_done: set[str] = set()
        self.admin = world.actors["admin"]
        self.baseline: dict[str, httpx.Response] = {}
        self.sent_ms = now_ms()
        self.op = "setup"
        self.purges: Counter = Counter()  # per context: purges (and document deletions) so far
        self._ids_n = -1
        self._ids_re: re.Pattern = re.compile("$^")

    # -- bookkeeping

    def marker(self) -> int:
        self.next_marker += 1
        return self.next_marker

    def label(self) -> str:
        self.next_label += 1
        return f"kl{self.next_label}"

    def note(self, bucket: list[str], text: str) -> None:
        bucket.append(text[:600])

    def live_actors(self) -> list[Actor]:
        t = now_ms()
        out = []
        for name in [*self.w.static, *self.w.dynamic]:
            a = self.w.actors[name]
            if a.key.liveness(t) == "alive":
                out.append(a)
        return out

    def alive(self, actor: Actor) -> str:
        return actor.key.liveness(self.sent_ms)

    # -- sending

    def send(
        self,
        actor: Actor | None,
        method: str,
        url: str,
        *,
        token: str | None = None,
        labels: frozenset[str] = frozenset(),
        **kw,
    ):
        headers = dict(kw.pop("headers", {}))
        if actor is not None:
            headers.update(actor.headers())
        elif token is not None:
            headers["Authorization"] = f"Bearer {token}"
        self.stats.requests += 1
        self.sent_ms = now_ms()
        resp = self.client.request(method, url, headers=headers, **kw)
        if LOG is not None:
            entry = {
                "n": self.stats.requests,
                "t": self.sent_ms,
                "who": actor.name if actor else "token",
                "req": f"{method} {url}",
                "body": kw.get("json") or kw.get("data") or kw.get("params"),
                "status": resp.status_code,
                "answer": resp.text[:400],
            }
            LOG.write(json.dumps(entry, default=str) + "\n")
        self.stats.by_status[resp.status_code] += 1
        self.stats.outcomes[f"{self.op}:{resp.status_code}"] += 1
        if resp.status_code == 200 and len(url.split("/")) > 4:
            # a purge drops the context's stored Idempotency-Key answers (a document deletion
            # may: counted alike, the replays after it may run again)
            body = kw.get("json") or {}
            if (
                url.endswith("/forget")
                and body.get("purge")
                or method == "DELETE"
                and "/documents/" in url
            ):
                self.purges[url.split("/")[3]] += 1
        if resp.status_code >= 500:
            self.note(
                self.stats.unexpected, f"{method} {url}: {resp.status_code} {resp.text[:300]}"
            )
        elif resp.status_code >= 400 and not resp.headers.get("content-type", "").startswith(
            "application/problem+json"
        ):
            self.note(self.stats.unexpected, f"{method} {url}: {resp.status_code} not a problem")
        if actor is not None and manages(actor.chain()) and not reaches_all(actor.contexts()):
            # a bound administrator sees the keys of the principals it administers only
            by_label = {k.label: k for k in self.w.keys.values()}
            for lab in set(LABEL.findall(resp.text)):
                key = by_label.get(f"kl{lab}")
                if (
                    key is not None
                    and f"kl{lab}" != actor.key.label
                    and f"kl{lab}" not in labels
                    and not administers(actor.chain(), actor.contexts(), key.principal.contexts)
                ):
                    self.note(self.stats.leaks, f"{method} {url} by {actor.name}: label kl{lab}")
        if actor is not None and not manages(actor.chain()):
            own = actor.key.label
            for lab in set(LABEL.findall(resp.text)):
                if f"kl{lab}" != own and f"kl{lab}" not in labels:
                    self.note(self.stats.leaks, f"{method} {url} by {actor.name}: label kl{lab}")
            parts = url.split("/")
            if len(parts) > 4 and parts[3] not in ADMIN_ROUTES:
                # who wrote a row (principal, key) is shown to administrators only
                mine = {actor.key.key_id, actor.key.principal.id}
                for found in set(self.writer_ids().findall(resp.text)) - mine:
                    self.note(self.stats.leaks, f"{method} {url} by {actor.name}: id {found}")
        return resp

    def writer_ids(self) -> re.Pattern:
        """Every principal and key id the run knows, as one pattern."""
        ids = {p.id for p in self.w.principals.values()} | set(self.w.keys)
        ids.add(self.w.admin_principal.id)
        if len(ids) != self._ids_n:
            alt = "|".join(sorted(map(re.escape, ids)))
            self._ids_re = re.compile(rf"(?<![A-Za-z0-9_-])(?:{alt})(?![A-Za-z0-9_-])")
            self._ids_n = len(ids)
        return self._ids_re

    def ctx_status(self, actor: Actor, ctx: str) -> set[int] | None:
        """The answer for any route under ``ctx`` before its own rules: 401 for a dead key, a
        refusal for a delegation to nobody, 404 for a context not reached; None: go on."""
        if actor.key.liveness(self.sent_ms) == "dead":
            return {401}
        if actor.ghost is not None:
            return set(REFUSED)
        if ctx not in self.w.contexts or not reaches(actor.contexts(), ctx):
            return {404}
        return None

    def judge(self, what: str, actor: Actor, resp: httpx.Response, allowed: set[int]) -> bool:
        """Is the status one the reference allows? Counts the ways it is not."""
        st = resp.status_code
        if actor is not None and actor.key.liveness(self.sent_ms) == "unsure":
            allowed = allowed | {401}  # sent about when the key expired
        if st in allowed:
            if (
                len(allowed) > 1
                and any(a < 300 for a in allowed)
                and any(a >= 400 for a in allowed)
            ):
                self.stats.ambiguous[what.split(" ")[0]] += 1
            if st == 401 and self.dead_shape is not None and actor is not None:
                if problem_shape(resp) != self.dead_shape:
                    self.note(self.stats.unexpected, f"{what}: a 401 unlike the others {resp.text}")
            elif st == 401 and actor is not None and actor.key.liveness(self.sent_ms) == "dead":
                self.dead_shape = problem_shape(resp)
            if st == 404 and allowed == {404} and actor is not None:
                self.compare_404(what, resp)
            return True
        who = actor.name if actor else "?"
        desc = f"{what} by {who}: {st}, expected {sorted(allowed)}: {resp.text[:240]}"
        if st >= 500:
            return False  # counted by send
        if st < 300:
            self.note(self.stats.wrong_acceptances, desc)
        elif all(a < 300 for a in allowed):
            self.note(self.stats.wrong_refusals, desc)
        elif 404 in allowed and st == 403 and self.nonexistent(resp):
            # a context that is not there at all: no tenant to tell about, but not the 404
            # the contract gives a missing context
            self.note(self.stats.unexpected, "missing context, not a 404: " + desc)
        elif 404 in allowed and st == 403 or 401 in allowed and st in (403, 404):
            self.note(self.stats.leaks, "side channel: " + desc)
        else:
            self.note(self.stats.unexpected, desc)
        return False

    def nonexistent(self, resp: httpx.Response) -> bool:
        parts = resp.request.url.path.split("/")
        return len(parts) > 4 and parts[3] not in ADMIN_ROUTES and parts[3] not in self.w.contexts

    def compare_404(self, what: str, resp: httpx.Response) -> None:
        """A 404 for what the caller may not see says exactly what a 404 for nothing says."""
        m = re.search(r"context (\S+) is not here", resp.text)
        if m:
            shape = problem_shape(resp, m.group(1))
            base = problem_shape(self.baseline["ctx"], GHOST)
            if shape != base:
                self.note(self.stats.leaks, f"{what}: 404 unlike a missing context: {resp.text}")

    # -- scanning

    def scan(
        self,
        what: str,
        actor: Actor,
        ctx: str | None,
        lens: list[str] | None,
        resp: httpx.Response,
        *,
        own: set[int] = frozenset(),
        own_scopes: set[str] = frozenset(),
        traces: bool = False,
        check_scopes: bool = True,
    ) -> None:
        """Every marker and every ``scope`` in the answer must be visible to the caller."""
        text = resp.text
        chain = actor.chain()
        for m in {int(x) for x in MARKER.findall(text)}:
            if m in own:
                continue
            rows = self.rows.by_marker.get(m, ())
            if ctx is not None and rows and marker_allowed(rows, ctx, chain, lens, traces):
                continue
            if m in self.w.refused_markers and not rows:
                why = "of a refused write"
            elif not rows:
                why = "never written"
            else:
                why = "; ".join(f"{r.kind} {r.state} {r.ctx}:{r.scope}" for r in rows[:4])
            self.note(self.stats.leaks, f"{what} by {actor.name} lens={lens}: zq{m} ({why})")
        if check_scopes and resp.status_code < 300 and ctx is not None:
            try:
                body = resp.json()
            except ValueError:
                return
            for s in set(_scopes_in(body)):
                if s in own_scopes or visible(chain, lens, s):
                    continue
                self.note(self.stats.leaks, f"{what} by {actor.name} lens={lens}: scope {s}")
        parts = resp.request.url.path.split("/")
        if resp.status_code >= 400 and len(parts) > 4 and parts[3] not in ADMIN_ROUTES:
            # a refusal under a context names no scope the caller may not read (its own
            # request's aside): error messages are a side channel too
            try:
                body = resp.json()
            except ValueError:
                return
            named = set(_scopes_in(body)) | set(QUOTED_PATH.findall(str(body.get("detail", ""))))
            for s in named:
                base = s[:-2] if s.endswith("/*") else s
                if any(under(o, base) for o in own_scopes) or can(chain, READ, base):
                    continue  # the request's own scope, or an ancestor of it
                self.note(
                    self.stats.leaks,
                    f"{what} by {actor.name}: the refusal names {s}: {resp.text[:200]}",
                )

    # -- picking

    def pick_ctx(self) -> str:
        roll = self.rng.random()
        if roll < 0.8:
            return MAIN
        if roll < 0.9:
            return SIDE
        if roll < 0.94:
            return THIRD
        return self.rng.choice([LATE, LATE, TMP, MGR, GHOST])

    def pick_scope(self, actor: Actor, auth: bool, proj: bool = False) -> str:
        if proj and self.rng.random() < 0.06:
            return self.rng.choice(PROJ)
        mine = [s for s in SCOPES if writable(actor.chain(), s, auth)]
        if mine and self.rng.random() < 0.65:
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

    def read_statuses(self, actor: Actor, ctx: str, lens: list[str] | None) -> set[int]:
        pre = self.ctx_status(actor, ctx)
        if pre is not None:
            return pre
        if not actor.strict:
            return {200}
        # README: a strict key is told 403 where a lax one gets an empty answer
        if lens_inside(actor.chain(), lens):
            return {200}
        if lens_outside(actor.chain(), lens):
            self.stats.scenarios["strict key, lens outside"] += 1
            return {403}
        return {200, 403}

    def write_statuses(self, actor: Actor, ctx: str, scopes: list[tuple[str, bool]]) -> set[int]:
        pre = self.ctx_status(actor, ctx)
        if pre is not None:
            return pre
        chain = actor.chain()
        allowed = all(writable(chain, s, a) for s, a in scopes)
        tomb = any(self.w.tombstoned(ctx, s) for s, _ in scopes)
        if tomb:
            self.stats.scenarios["write below a tombstone"] += 1
            return {422} if allowed else {403, 422}
        return {201} if allowed else {403}

    # -- writes

    def _after_write(self, what, actor, ctx, resp, allowed, own, scopes) -> bool:
        self.judge(what, actor, resp, allowed)
        accepted = resp.status_code == 201
        if accepted:
            self.stats.accepted += 1
        else:
            self.stats.refused += 1
        self.scan(
            f"{what} answer",
            actor,
            ctx if accepted else None,
            None,
            resp,
            own=own,
            own_scopes=set(scopes),
        )
        return accepted

    def write_turn(
        self,
        actor: Actor,
        text: str | None = None,
        scope: str | None = None,
        ctx: str | None = None,
        kind: str = "turn",
        markers: set[int] | None = None,
    ):
        ctx = ctx or self.pick_ctx()
        n = self.marker() if markers is None else None
        scope = scope or self.pick_scope(actor, False, proj=True)
        if text is None:
            word = self.rng.choice(WORDS)
            text = self.rng.choice(
                [
                    f"note zq{n} about the {word}",
                    f"I live in zq{n}.",
                    f"My favourite colour is zq{n}.",
                    f"zq{n} {word}",
                ]
            )
        ms = frozenset(markers if markers is not None else {n})
        session = self.rng.choice(SESSIONS)
        body = {"scope": self.spelled(scope), "text": text, "sessionId": session}
        resp = self.send(actor, "POST", f"/api/v1/{ctx}/facts", json=body)
        allowed = self.write_statuses(actor, ctx, [(scope, False)])
        what = f"{kind} {sorted(ms)} -> {ctx}:{scope}"
        if not self._after_write(what, actor, ctx, resp, allowed, set(ms), [scope]):
            if markers is None:
                self.w.refused_markers.add(n)
            return None, resp
        out = resp.json()
        self.check_speaker(what, actor, scope, text, out)
        turn = self.rows.add(
            Row(ctx, "turn", scope, False, ms, True, rid=out.get("turnId"), session=session)
        )
        self.rows.add(Row(ctx, "derived", scope, False, ms, False, parent=turn))
        self.w.turn_counts[(ctx, session, scope)] += 1
        return turn, resp

    def check_speaker(self, what: str, actor: Actor, scope: str, text: str, out: dict) -> None:
        """The speaker of "I live in ..." is the owner of the personal scope written to (the
        segment after the first user/), never merely its last segment."""
        if not text.startswith("I live in"):
            return
        segs = scope.split("/")
        owner = next((segs[i + 1] for i, x in enumerate(segs[:-1]) if x in PERSONAL), None)
        if owner is None:
            return
        for f in out.get("facts") or ():
            if f.get("key") == "lives_in" and f.get("entity") != owner:
                self.note(
                    self.stats.wrong_acceptances,
                    f"{what} by {actor.name}: speaks as {f.get('entity')!r}, not {owner!r}",
                )
            self.stats.scenarios["speaker of a personal scope checked"] += 1

    def write_plain_turn(self, actor: Actor) -> None:
        self.write_turn(actor)

    def write_instruction(self, actor: Actor) -> None:
        n = self.marker()
        text = f"From now on always mention zq{n} first."
        ctx = self.pick_ctx()
        scope = self.pick_scope(actor, False)
        turn, resp = self.write_turn(actor, text, scope, ctx, "instruction", {n})
        if turn is None:
            self.w.refused_markers.add(n)
            return
        self._add_instruction(turn, resp, n)
        if self.rng.random() < 0.35:
            # the same instruction in a second, related scope (by the operator): a revocation
            # in one must leave the other
            other = self.rng.choice([s for s in SCOPES if related(s, scope) and s != scope])
            if not self.w.tombstoned(ctx, other):
                t2, r2 = self.write_turn(self.admin, text, other, ctx, "instruction", {n})
                if t2 is not None:
                    self._add_instruction(t2, r2, n)

    def _add_instruction(self, turn: Row, resp: httpx.Response, n: int) -> None:
        row = Row(
            turn.ctx, "instruction", turn.scope, False, turn.markers, True, parent=turn, active=True
        )
        for ins in resp.json().get("instructions") or ():
            if re.search(rf"\bzq{n}\b", ins.get("text", "")):
                row.rid = f"instruction:{ins['id']}"
        self.rows.add(row)

    def write_revocation(self, actor: Actor) -> None:
        instrs = [r for r in self.rows.all if r.kind == "instruction" and r.state == ALIVE]
        if not instrs:
            return self.write_instruction(actor)
        target = self.rng.choice(instrs)
        (m,) = target.markers
        roll = self.rng.random()
        if roll < 0.5:
            scope = target.scope
        elif roll < 0.8:
            scope = self.rng.choice(
                [s for s in SCOPES if s != target.scope and related(s, target.scope)] or SCOPES
            )
        else:
            scope = self.pick_scope(actor, False)
        ctx = target.ctx if self.rng.random() < 0.9 else self.pick_ctx()
        writers = [
            a
            for a in self.live_actors()
            if writable(a.chain(), scope, False) and reaches(a.contexts(), ctx) and not a.ghost
        ]
        if writers and self.rng.random() < 0.7:
            actor = self.rng.choice(writers)  # mostly a caller that may write there
        text = f"You no longer need to mention zq{m} first."
        turn, resp = self.write_turn(actor, text, scope, ctx, "revocation", {m})
        if turn is None:
            return
        where = (
            "own scope"
            if scope == target.scope
            else "below"
            if under(scope, target.scope)
            else "elsewhere"
        )
        self.stats.scenarios[f"revocation accepted from {where}"] += 1
        can_read = can(actor.chain(), READ, scope)
        for r in self.rows.by_ctx[ctx]:
            if r.kind != "instruction" or r.active is False or r.exists is False:
                continue
            if r.scope == scope:
                if m in r.markers:
                    r.active = False if can_read and r.exists and r.active else None
                else:
                    r.active = None  # how alike two instructions must be: not the contract's
            elif under(r.scope, scope):
                r.active = None  # "of its own scope only": below it, the page does not say
            elif m in r.markers:
                r.threats.append(f"revocation by {actor.name} from {scope}")
        for rev in resp.json().get("revoked") or ():
            row = self.rows.by_rid.get((ctx, f"instruction:{rev.get('id')}"))
            if row is not None and row.scope != scope and not under(row.scope, scope):
                self.note(
                    self.stats.wrong_acceptances,
                    f"revocation zq{m} by {actor.name} from {ctx}:{scope} revoked the "
                    f"instruction of {row.scope}",
                )
                row.active = False

    def _triple(self, n: int, value: int | None = None) -> dict:
        return {"subject": f"item zq{n}", "key": "label", "value": f"tag zq{value or n}"}

    def write_triples(self, actor: Actor, auth: bool) -> None:
        ctx = self.pick_ctx()
        n = self.marker()
        scope = self.pick_scope(actor, auth, proj=not auth)
        body: dict = {"scope": self.spelled(scope), "triples": [self._triple(n)]}
        if auth:
            if self.rng.random() < 0.5:
                body["sourceKind"] = "upsert"
        else:
            body["sourceKind"] = self.rng.choice(["turn", "turn", "consolidation", "elaboration"])
        resp = self.send(actor, "POST", f"/api/v1/{ctx}/facts", json=body)
        allowed = self.write_statuses(actor, ctx, [(scope, auth)])
        kind = "upsert" if auth else "triple"
        if not self._after_write(
            f"{kind} zq{n} -> {ctx}:{scope}", actor, ctx, resp, allowed, {n}, [scope]
        ):
            self.w.refused_markers.add(n)
            return
        row = Row(ctx, "fact", scope, auth, frozenset({n}), True, subject=f"item zq{n}")
        for f in resp.json().get("facts") or ():
            if re.search(rf"\bzq{n}\b", f.get("statement", "")):
                row.rid = f"fact:{f['id']}"
        self.rows.add(row)

    def write_claim(self, actor: Actor) -> None:
        """A claim about a curated row, often one the writer may not read: it must neither
        conflict with nor corroborate that row, nor quote it, nor change it."""
        ups = [r for r in self.rows.all if r.kind == "fact" and r.auth and r.exists]
        if not ups:
            return self.write_triples(actor, True)
        target = self.rng.choice(ups)
        (n,) = target.markers
        m = self.marker()
        ctx = target.ctx
        scope = self.pick_scope(actor, False)
        body = {"scope": scope, "triples": [self._triple(n, m)], "sourceKind": "turn"}
        resp = self.send(actor, "POST", f"/api/v1/{ctx}/facts", json=body)
        allowed = self.write_statuses(actor, ctx, [(scope, False)])
        what = f"claim zq{m} on zq{n} ({target.scope}) -> {ctx}:{scope}"
        accepted = self._after_write(what, actor, ctx, resp, allowed, {n, m}, [scope])
        if accepted and not visible(actor.chain(), None, target.scope):
            self.stats.scenarios["claim about a curated row the writer may not read"] += 1
            others = [
                r
                for r in self.rows.by_ctx[ctx]
                if r.subject == target.subject
                and r is not target
                and r.exists is not False
                and visible(actor.chain(), None, r.scope)
            ]
            out = resp.json()
            sides = out.get("conflicts") or out.get("corroborations")
            if not others and sides:
                self.note(
                    self.stats.leaks,
                    f"{what} by {actor.name}: conflicts with or corroborates the unreadable "
                    f"curated row: {json.dumps(sides)[:200]}",
                )
        if not visible(actor.chain(), None, target.scope) and re.search(rf"tag zq{n}\b", resp.text):
            self.note(self.stats.leaks, f"{what} by {actor.name}: quotes the curated value")
        if not accepted:
            self.w.refused_markers.add(m)
            return
        target.threats.append(f"claim by {actor.name} from {scope}")
        self.rows.add(
            Row(ctx, "derived", scope, False, frozenset({n, m}), False, subject=f"item zq{n}")
        )

    def write_batch(self, actor: Actor) -> None:
        ctx = self.pick_ctx()
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
                planned.append((n, "fact", scope, auth))
        resp = self.send(actor, "POST", f"/api/v1/{ctx}/facts/batch", json={"items": items})
        # all or nothing: every item is checked before any is made
        allowed = self.write_statuses(actor, ctx, [(s, a) for _, _, s, a in planned])
        own = {n for n, *_ in planned}
        if not self._after_write(
            f"batch {sorted(own)} -> {ctx}",
            actor,
            ctx,
            resp,
            allowed,
            own,
            [s for _, _, s, _ in planned],
        ):
            self.w.refused_markers.update(own)
            return
        for n, kind, scope, auth in planned:
            ms = frozenset({n})
            if kind == "turn":
                t = self.rows.add(Row(ctx, "turn", scope, False, ms, False))  # no session
                self.rows.add(Row(ctx, "derived", scope, False, ms, False, parent=t))
            else:
                self.rows.add(Row(ctx, "fact", scope, auth, ms, True, subject=f"item zq{n}"))

    def write_document(self, actor: Actor) -> None:
        ctx = self.pick_ctx()
        n = self.marker()
        scope = self.pick_scope(actor, True)
        word = self.rng.choice(WORDS)
        doc = f"# Memo zq{n}\n\nThe zq{n} memo describes the {word} plan.\n".encode()
        resp = self.send(
            actor,
            "POST",
            f"/api/v1/{ctx}/documents?wait=true",
            files={"file": (f"memo-zq{n}.md", doc, "text/markdown")},
            data={"scope": self.spelled(scope)},
        )
        allowed = self.write_statuses(actor, ctx, [(scope, True)])
        if not self._after_write(
            f"document zq{n} -> {ctx}:{scope}", actor, ctx, resp, allowed, {n}, [scope]
        ):
            self.w.refused_markers.add(n)
            return
        ms = frozenset({n})
        d = self.rows.add(Row(ctx, "doc", scope, True, ms, True, rid=str(resp.json()["id"])))
        self.rows.add(Row(ctx, "chunk", scope, True, ms, True, parent=d))
        self.rows.add(Row(ctx, "derived", scope, True, ms, False, parent=d))

    def write_idempotent(self, actor: Actor) -> None:
        """``Idempotency-Key``: replayed only to the same principal, key and delegation target,
        and only once the request's authorisation has passed again."""
        if self.idem and self.rng.random() < 0.6:
            return self.replay_idempotent(actor)
        ctx = self.pick_ctx()
        n = self.marker()
        scope = self.pick_scope(actor, False)
        session = self.rng.choice(SESSIONS)
        body = {"scope": scope, "text": f"idempotent note zq{n}", "sessionId": session}
        key = f"idem-{n}"
        resp = self.send(
            actor, "POST", f"/api/v1/{ctx}/facts", json=body, headers={"Idempotency-Key": key}
        )
        allowed = self.write_statuses(actor, ctx, [(scope, False)])
        if not self._after_write(
            f"idempotent zq{n} -> {ctx}:{scope}", actor, ctx, resp, allowed, {n}, [scope]
        ):
            self.w.refused_markers.add(n)
            return
        rec = {
            "key": key,
            "body": body,
            "ctx": ctx,
            "scope": scope,
            "actor": actor,
            "markers": {n},
            "makers": {},
        }
        self._idem_row(rec, actor, resp)
        self.idem.append(rec)

    def _who(self, actor: Actor) -> tuple[str, str | None]:
        return actor.key.key_id, actor.obo.id if actor.obo else actor.ghost

    def _idem_row(self, rec: dict, actor: Actor, resp: httpx.Response) -> None:
        ctx, body, scope = rec["ctx"], rec["body"], rec["scope"]
        ms = frozenset(rec["markers"])
        turn_id = resp.json().get("turnId")
        t = self.rows.add(
            Row(ctx, "turn", scope, False, ms, True, rid=turn_id, session=body["sessionId"])
        )
        self.rows.add(Row(ctx, "derived", scope, False, ms, False, parent=t))
        self.w.turn_counts[(ctx, body["sessionId"], scope)] += 1
        rec["makers"][self._who(actor)] = (actor.key, turn_id, self.purges[ctx])

    def replay_idempotent(self, actor: Actor) -> None:
        rec = self.rng.choice(self.idem)
        replayer = rec["actor"] if self.rng.random() < 0.5 else actor
        if replayer.key.liveness(now_ms()) == "unsure":
            return
        who = self._who(replayer)
        made = rec["makers"].get(who)
        # the same Key after a rotation (a new id): the same key or another, the page does not
        # say
        rotated = made is None and any(
            k is replayer.key and obo == who[1] for (_, obo), (k, *_) in rec["makers"].items()
        )
        ctx, body = rec["ctx"], rec["body"]
        resp = self.send(
            replayer,
            "POST",
            f"/api/v1/{ctx}/facts",
            json=body,
            headers={"Idempotency-Key": rec["key"]},
        )
        allowed = self.write_statuses(replayer, ctx, [(rec["scope"], False)])
        replayed = resp.headers.get("Idempotent-Replayed") == "true"
        whose = "its maker" if made else "the rotated maker" if rotated else "another"
        what = f"idempotent replay {rec['key']} by {whose} -> {ctx}:{rec['scope']}"
        if allowed == {201} and not made:
            allowed = {201, 409}  # a fresh write, or a conflict on the key: not said
        self.judge(what, replayer, resp, allowed)
        ok = resp.status_code == 201
        self.scan(
            f"{what} answer",
            replayer,
            ctx if ok else None,
            None,
            resp,
            own=set(rec["markers"]),
            own_scopes={rec["scope"]},
        )
        if not ok:
            return
        turn_id = resp.json().get("turnId")
        if made and not replayed and made[2] == self.purges[ctx] and not rotated:
            # no purge (nor document deletion) in the context since: the stored answer stands
            self.note(self.stats.unexpected, f"{what}: not replayed to its maker")
            self._idem_row(rec, replayer, resp)
        elif made and not replayed:
            # a purge of the context drops its stored answers: the request ran again
            self.stats.ambiguous["idempotent-after-purge"] += 1
            self._idem_row(rec, replayer, resp)
        elif made and turn_id != made[1]:
            self.note(self.stats.unexpected, f"{what}: replayed, but not the maker's answer")
        elif not made and replayed and not rotated:
            self.note(self.stats.leaks, f"{what} by {replayer.name}: another's answer replayed")
        elif not made and not replayed:
            self._idem_row(rec, replayer, resp)
        elif rotated:
            self.stats.ambiguous["idempotent-rotated"] += 1

    # -- reads

    def visible_rows(self, actor: Actor, ctx: str, lens, kinds) -> list[Row]:
        return [r for r in self.rows.visible_rows(ctx, actor.chain(), lens) if r.kind in kinds]

    def a_marker(self, actor: Actor, ctx: str, lens) -> int | None:
        """Mostly a marker the caller should find (so the hit rate means something), else any
        marker at all (which it must find only if the reference says so)."""
        if self.rng.random() < 0.6:
            mine = [
                r
                for r in self.visible_rows(actor, ctx, lens, ("turn", "fact", "chunk"))
                if r.exists and r.required
            ]
            if mine:
                return min(self.rng.choice(mine).markers)
        if not self.rows.all:
            return None
        return min(self.rng.choice(self.rows.all).markers)

    def _read(self, what, actor, ctx, lens, method, url, **kw) -> httpx.Response | None:
        resp = self.send(actor, method, url, **kw)
        allowed = self.read_statuses(actor, ctx, lens)
        self.judge(f"{what} {ctx}", actor, resp, allowed)
        ok = resp.status_code == 200
        self.scan(
            what,
            actor,
            ctx if ok else None,
            lens,
            resp,
            traces=what == "traces",
            own_scopes=set(lens or ()),
        )
        return resp if ok else None

    def read_query(self, actor: Actor) -> None:
        ctx = self.pick_ctx()
        lens = self.pick_lens()
        m = self.a_marker(actor, ctx, lens)
        if m is None:
            return
        mode = self.rng.choice(["hybrid", "hybrid", "hybrid", "bm25", "vector", "graph"])
        body: dict = {"query": f"zq{m}", "k": 10, "mode": mode}
        if lens:
            body["lens"] = lens
        resp = self._read("query", actor, ctx, lens, "POST", f"/api/v1/{ctx}/query", json=body)
        if resp is None:
            return
        self.learn_ids(ctx, resp.json()["hits"])
        want = [
            r
            for r in self.rows.by_marker.get(m, ())
            if r.ctx == ctx
            and r.exists
            and r.required
            and r.kind in ("turn", "fact", "chunk")
            and visible(actor.chain(), lens, r.scope)
        ]
        if want:
            self.stats.query_expected += 1
            found = any(re.search(rf"\bzq{m}\b", h["text"]) for h in resp.json()["hits"])
            self.stats.query_found += bool(found)
            self.stats.by_mode[f"{mode}:{'hit' if found else 'miss'}"] += 1

    def learn_ids(self, ctx: str, hits: list[dict]) -> None:
        """The ids of rows written without one in the answer (batches, chunks)."""
        for h in hits:
            kind = {"fact": "fact", "turn": "turn", "chunk": "chunk"}.get(h.get("kind"))
            if kind is None or (ctx, h["id"]) in self.rows.by_rid:
                continue
            ms = {int(x) for x in MARKER.findall(h.get("text", ""))}
            cands = [
                r
                for m in ms
                for r in self.rows.by_marker.get(m, ())
                if r.ctx == ctx
                and r.kind == kind
                and r.scope == h.get("scope")
                and r.rid is None
                and r.exists is not False
            ]
            if len(cands) == 1:
                self.rid(cands[0], h["id"])

    def rid(self, row: Row, rid: str) -> None:
        self.rows.set_rid(row, rid)

    def read_context(self, actor: Actor) -> None:
        ctx = self.pick_ctx()
        lens = self.pick_lens()
        m = self.a_marker(actor, ctx, lens)
        body: dict = {"k": 8}
        if m is not None and self.rng.random() < 0.8:
            body["query"] = f"zq{m}"
        if lens:
            body["lens"] = lens
        resp = self._read("context", actor, ctx, lens, "POST", f"/api/v1/{ctx}/context", json=body)
        if resp is None or "query" not in body:
            return
        want = [
            r
            for r in self.rows.by_marker.get(m, ())
            if r.ctx == ctx
            and r.exists
            and r.required
            and r.kind in ("turn", "fact", "chunk")
            and visible(actor.chain(), lens, r.scope)
        ]
        if want:
            self.stats.context_expected += 1
            self.stats.context_found += bool(re.search(rf"\bzq{m}\b", resp.json()["context"]))

    def _lens_params(self, lens) -> list[tuple[str, str]]:
        return [("lens", p) for p in lens or ()]

    def read_state(self, actor: Actor, ctx: str | None = None, lens="pick") -> None:
        ctx = ctx or self.pick_ctx()
        lens = self.pick_lens() if lens == "pick" else lens
        resp = self._read(
            "state", actor, ctx, lens, "GET", f"/api/v1/{ctx}/state", params=self._lens_params(lens)
        )
        if resp is None:
            return
        body = resp.json()
        seen = set()
        for cat in ("identity", "knowledge", "context"):
            for f in body[cat]:
                for x in MARKER.findall(f["statement"]):
                    seen.add((int(x), f["scope"]))
        active = set()
        for ins in body.get("instructions") or ():
            if ins.get("active", True):
                for x in MARKER.findall(ins.get("text", "")):
                    active.add((int(x), ins.get("scope")))
        for r in self.rows.visible_rows(ctx, actor.chain(), lens):
            key = (min(r.markers), r.scope)
            if r.kind == "fact" and r.required and r.exists and key not in seen:
                self.missing_row(r, f"state {ctx} by {actor.name} lens={lens}")
            if r.kind == "instruction" and r.exists and r.active is True and key not in active:
                self.missing_row(r, f"state instructions {ctx} by {actor.name} lens={lens}")
            if (
                r.kind == "instruction"
                and r.active is False
                and (min(r.markers), r.scope) in active
            ):
                self.note(
                    self.stats.wrong_refusals,
                    f"state {ctx} by {actor.name}: instruction zq{min(r.markers)} in "
                    f"{r.scope} still active after its own scope revoked it",
                )
                r.active = None

    def missing_row(self, r: Row, where: str) -> None:
        """A row the reference says is there is not: a forget that should not have touched it
        (wrongly accepted), or simply lost."""
        desc = f"{where}: {r.kind} zq{min(r.markers)} in {r.scope} missing"
        if r.threats:
            self.note(self.stats.wrong_acceptances, desc + f" (after {r.threats[-1]})")
        else:
            self.note(self.stats.missing, desc)
        if r.kind == "instruction":
            r.active = None
        else:
            r.state = MAYBE

    def read_profile(self, actor: Actor) -> None:
        ctx = self.pick_ctx()
        lens = self.pick_lens()
        self._read(
            "profile",
            actor,
            ctx,
            lens,
            "GET",
            f"/api/v1/{ctx}/profile",
            params=self._lens_params(lens),
        )

    def read_traces(self, actor: Actor) -> None:
        ctx = self.pick_ctx()
        limit = self.rng.choice([5, 200])
        resp = self._read(
            "traces", actor, ctx, None, "GET", f"/api/v1/{ctx}/traces", params={"limit": limit}
        )
        if resp is None or limit != 5:
            return
        # lists filter by rights before they page: every triple written makes a decision
        # trace in its scope, so a caller that reads five of them gets five traces
        have = [r for r in self.visible_rows(actor, ctx, None, ("fact",)) if r.exists]
        got = len(resp.json()["traces"])
        if len(have) >= limit and got < limit:
            self.note(
                self.stats.missing,
                f"traces {ctx} by {actor.name}: {got} < {limit} with {len(have)} facts it may read",
            )

    def admin_routes(self, actor: Actor) -> None:
        """Routes for grant:manage only (principals, metrics, lifecycle jobs), and what needs no
        key at all (health)."""
        mgr = manages(actor.chain()) and not actor.delegated
        full = full_admin(actor.chain(), actor.contexts()) and not actor.delegated
        dead = actor.key.liveness(now_ms()) != "alive" or actor.ghost is not None
        refused = {401} if actor.ghost is None else REFUSED
        roll = self.rng.random()
        me = actor.key.principal
        if roll < 0.2:
            resp = self.send(None, "GET", "/api/v1/health")
            self.judge("health", actor, resp, {200})
            extra = set(resp.json()) - {"status", "version"}
            if extra or "iso-" in resp.text:
                self.note(self.stats.leaks, f"health tells {sorted(extra)}: {resp.text[:200]}")
            return
        if roll < 0.4:
            resp = self.send(actor, "GET", "/metrics")
            allowed = refused if dead else {200} if full else {401, 403}
            self.judge("metrics", actor, resp, allowed)
            if resp.status_code == 200 and "iso-" in resp.text:
                self.note(self.stats.leaks, f"metrics by {actor.name}: a context name")
            return
        if roll < 0.55:
            resp = self.send(actor, "GET", "/api/v1/principals")
            allowed = refused if dead else {200} if mgr else {403}
            self.judge("principals list", actor, resp, allowed)
            self.scan("principals list", actor, None, None, resp)
            return
        if mgr:
            return self.administer(actor)
        if roll < 0.75:
            # widening its own principal, or giving itself every context
            if self.rng.random() < 0.5:
                url, body = f"/api/v1/principals/{me.id}/grants", {"grants": FULL}
            else:
                url, body = f"/api/v1/principals/{me.id}/contexts", {"contexts": [ALL]}
            resp = self.send(actor, "PUT", url, json=body)
            self.judge(
                f"principal widen {url.rsplit('/', 1)[1]}", actor, resp, refused if dead else {403}
            )
            self.scan("principal widen", actor, None, None, resp)
            return
        ctx = self.pick_ctx()
        job = self.rng.choice(["consolidate", "elaborate"])
        resp = self.send(actor, "POST", f"/api/v1/{ctx}/{job}")
        pre = self.ctx_status(actor, ctx)
        self.judge(f"{job} {ctx}", actor, resp, pre or {403})
        self.scan(job, actor, None, None, resp)

    def read_sessions(self, actor: Actor) -> None:
        ctx = self.pick_ctx()
        resp = self._read("sessions", actor, ctx, None, "GET", f"/api/v1/{ctx}/sessions")
        if resp is None:
            return
        listed = {(s["sessionId"], s["scope"]): s["turns"] for s in resp.json()["sessions"]}
        need: Counter = Counter()
        for r in self.visible_rows(actor, ctx, None, ("turn",)):
            if r.required and r.exists and r.session:
                need[(r.session, r.scope)] += 1
        for key, n in need.items():
            if key not in listed:
                self.note(self.stats.missing, f"sessions {ctx} by {actor.name}: {key} missing")
            elif listed[key] < n:
                self.note(
                    self.stats.missing, f"sessions {ctx} by {actor.name}: {key} {listed[key]} < {n}"
                )

    def read_session(
        self, actor: Actor, ctx: str | None = None, session: str | None = None
    ) -> None:
        ctx = ctx or self.pick_ctx()
        session = session or self.rng.choice(SESSIONS)
        resp = self._read(
            f"session {session}", actor, ctx, None, "GET", f"/api/v1/{ctx}/sessions/{session}/turns"
        )
        if resp is None:
            return
        turns = resp.json()["turns"]
        seen_ids = {t["id"] for t in turns}
        seen = {(int(x), t["scope"]) for t in turns for x in MARKER.findall(t["text"])}
        for t in turns:
            n_ever = self.w.turn_counts[(ctx, session, t["scope"])]
            if isinstance(t.get("seq"), int) and t["seq"] > n_ever:
                self.note(
                    self.stats.leaks,
                    f"session {session} {ctx} by {actor.name}: seq "
                    f"{t['seq']} > {n_ever} turns ever in {t['scope']} (counts others')",
                )
            row = self.rows.by_rid.get((ctx, t["id"]))
            if row is not None and row.exists is False:
                self.note(
                    self.stats.leaks,
                    f"session {session} {ctx} by {actor.name}: "
                    f"forgotten turn zq{min(row.markers)} ({row.state}) listed",
                )
        for r in self.visible_rows(actor, ctx, None, ("turn",)):
            if r.session != session or not r.required or not r.exists:
                continue
            if (r.rid not in seen_ids) and (min(r.markers), r.scope) not in seen:
                self.missing_row(r, f"session {session} {ctx} by {actor.name}")

    def read_documents(self, actor: Actor, ctx: str | None = None) -> None:
        ctx = ctx or self.pick_ctx()
        resp = self._read("documents", actor, ctx, None, "GET", f"/api/v1/{ctx}/documents")
        if resp is not None:
            listed = {str(d["id"]) for d in resp.json()["documents"]}
            for d in self.visible_rows(actor, ctx, None, ("doc",)):
                if d.exists and d.rid not in listed:
                    self.missing_row(d, f"documents {ctx} by {actor.name}")
                if d.exists is False and d.rid in listed:
                    self.note(
                        self.stats.leaks,
                        f"documents {ctx} by {actor.name}: forgotten "
                        f"zq{min(d.markers)} ({d.state}) listed",
                    )
        docs = [r for r in self.rows.by_ctx[ctx] if r.kind == "doc" and r.rid]
        if not docs:
            return
        d = self.rng.choice(docs)
        for suffix in ("", "/chunks"):
            resp = self.send(actor, "GET", f"/api/v1/{ctx}/documents/{d.rid}{suffix}")
            pre = self.ctx_status(actor, ctx)
            base = self.baseline["doc" + suffix]
            seen = can(actor.chain(), READ, d.scope)
            if pre is not None:
                allowed = pre
            elif d.exists is None:
                allowed = {200, base.status_code}
            elif not seen or d.exists is False:
                allowed = {base.status_code} | ({403} if actor.strict else set())
            else:
                allowed = {200}
            what = f"document{suffix} zq{min(d.markers)} ({d.scope}) {ctx}"
            self.judge(what, actor, resp, allowed)
            ok = resp.status_code == 200
            self.scan(what, actor, ctx if ok else None, None, resp)
            hidden = pre is None and (not seen or d.exists is False)
            if hidden and ok and base.status_code == 200 and resp.json() != base.json():
                self.note(self.stats.leaks, f"{what} by {actor.name}: unlike a missing one")
            if (
                hidden
                and resp.status_code == 404
                and problem_shape(resp, d.rid) != problem_shape(base, "999999999")
            ):
                self.note(self.stats.leaks, f"{what} by {actor.name}: 404 unlike a missing one")
            if ok and suffix == "/chunks" and seen and d.exists:
                chunk = next((c for c in self.rows.children(d) if c.kind == "chunk"), None)
                if chunk is not None and chunk.exists and not resp.json()["chunks"]:
                    self.missing_row(chunk, f"{what} by {actor.name}")

    def read_entity(self, actor: Actor) -> None:
        named = [r for r in self.rows.all if r.subject]
        if not named:
            return
        target = self.rng.choice(named)
        ctx = target.ctx if self.rng.random() < 0.85 else self.pick_ctx()
        lens = self.pick_lens()
        resp = self.send(
            actor,
            "GET",
            f"/api/v1/{ctx}/entities/other/{quote(target.subject)}",
            params=self._lens_params(lens),
        )
        pre = self.ctx_status(actor, ctx)
        rows = [
            r
            for r in self.rows.by_ctx[ctx]
            if r.subject == target.subject and visible(actor.chain(), lens, r.scope)
        ]
        gone = bool(rows) and all(r.exists is False for r in rows)
        if pre is not None:
            allowed = pre
        elif any(r.exists for r in rows):
            allowed = {200}
        elif any(r.exists is None for r in rows) or gone:
            # all its facts forgotten: whether the entity itself is still there (with no
            # attributes) the page does not say
            allowed = {200, 404}
        else:
            allowed = {404}
        if pre is None and actor.strict:
            allowed |= self.read_statuses(actor, ctx, lens) - {200}
            if not rows:
                allowed.add(403)
        what = f"entity {target.subject} {ctx}"
        self.judge(what, actor, resp, allowed)
        ok = resp.status_code == 200
        # a refusal may name the entity asked for (the caller's own words), and so may an entity
        # whose facts are all forgotten, if it shows none of them
        echo = set()
        if not ok or (gone and not resp.json().get("attributes")):
            echo = {int(x) for x in MARKER.findall(target.subject)}
        self.scan(
            what, actor, ctx if ok else None, lens, resp, own=echo, own_scopes=set(lens or ())
        )

    def read_scopes(self, actor: Actor, ctx: str | None = None) -> None:
        ctx = ctx or self.pick_ctx()
        resp = self._read("scopes", actor, ctx, None, "GET", f"/api/v1/{ctx}/scopes")
        if resp is None:
            return
        chain = actor.chain()
        listed = set(resp.json()["scopes"])
        for s in listed:
            if not (visible(chain, None, s) or can(chain, "scope:read", s)):
                self.note(self.stats.leaks, f"scopes {ctx} by {actor.name}: {s} listed")
        want = set()
        for r in self.rows.by_ctx[ctx]:
            if (
                r.required
                and r.exists
                and (visible(chain, None, r.scope) or can(chain, "scope:read", r.scope))
            ):
                want.add(r.scope)
        for (c, path), st in self.w.registered.items():
            if c == ctx and st == "registered" and can(chain, "scope:read", path):
                want.add(path)
        for s in sorted(want - listed):
            self.note(self.stats.missing, f"scopes {ctx} by {actor.name}: {s} missing")

    def read_contexts(self, actor: Actor) -> None:
        resp = self.send(actor, "GET", "/api/v1/contexts")
        if actor.key.liveness(self.sent_ms) == "dead":
            allowed = {401}
        elif actor.ghost is not None:
            allowed = set(REFUSED)
        else:
            allowed = {200}
        self.judge("contexts", actor, resp, allowed)
        if resp.status_code != 200:
            return
        listed = set(resp.json()["contexts"])
        want = {c for c in self.w.contexts if reaches(actor.contexts(), c)}
        if listed - want:
            self.note(self.stats.leaks, f"contexts by {actor.name}: {sorted(listed - want)} listed")
        if want - listed:
            self.note(
                self.stats.missing, f"contexts by {actor.name}: {sorted(want - listed)} missing"
            )

    # -- forgetting

    def forget_actor(self, actor: Actor) -> Actor:
        """Half the forgets by callers that hold memory:forget somewhere."""
        if self.rng.random() < 0.5:
            holders = [a for a in self.live_actors() if effective(a.chain(), FORGET)]
            if holders:
                return self.rng.choice(holders)
        return actor

    def _apply_forget(self, removed: list[Row], purge: bool) -> None:
        for r in removed:
            r.gone(purge, surely=True)
            for c in self.rows.children(r):
                if r.kind == "turn" and purge and c.kind in ("derived", "instruction"):
                    # purging a turn purges what was extracted from it
                    c.gone(True)
                elif c.kind in ("derived", "instruction", "chunk"):
                    c.maybe(purge)
            if r.kind == "chunk" and r.parent is not None:
                r.parent.maybe(purge)
                for c in self.rows.children(r.parent):
                    if c is not r:
                        c.maybe(purge)

    def _threat(self, rows: list[Row], what: str) -> None:
        for r in rows:
            r.threats.append(what)

    def forget_id(self, actor: Actor) -> None:
        actor = self.forget_actor(actor)
        ctx = MAIN if self.rng.random() < 0.8 else self.pick_ctx()
        pool = [r for r in self.rows.by_ctx[ctx] if r.rid and r.kind in ("turn", "fact", "chunk")]
        readable = [r for r in pool if can(actor.chain(), READ, r.scope)]
        roll = self.rng.random()
        if roll < 0.05 or not pool:
            target, rid = None, "fact:999999999"
        elif roll < 0.7 and readable:
            target = self.rng.choice(readable)
            rid = target.rid
        else:
            target = self.rng.choice(pool)
            rid = target.rid
        purge = self.rng.random() < 0.4
        resp = self.send(actor, "POST", f"/api/v1/{ctx}/forget", json={"id": rid, "purge": purge})
        pre = self.ctx_status(actor, ctx)
        d = forget_by_id(actor.chain(), target, actor.strict)
        allowed = pre if pre is not None else d.statuses
        desc = f"forget id {rid}" + (
            f" zq{min(target.markers)} ({target.kind} {_auth(target)} {target.scope})"
            if target
            else ""
        )
        what = f"{desc} purge={purge} {ctx}"
        self.judge(what, actor, resp, allowed)
        self.scan(what, actor, ctx if resp.status_code == 200 else None, None, resp)
        missing = problem_shape(self.baseline["forget"], "fact:999999999")
        if (
            resp.status_code == 404
            and target is not None
            and pre is None
            and problem_shape(resp, rid) != missing
        ):
            self.note(self.stats.leaks, f"{what} by {actor.name}: 404 unlike a missing id")
        if target is None:
            return
        if resp.status_code == 200:
            if pre is not None or 200 not in d.statuses:
                target.maybe(purge)  # wrongly accepted: follow the server, counted once
            else:
                self._apply_forget([target], purge)
        elif target.exists is not False:
            self._threat([target], f"refused {desc} by {actor.name}")

    def forget_query(self, actor: Actor) -> None:
        actor = self.forget_actor(actor)
        ctx = MAIN if self.rng.random() < 0.8 else self.pick_ctx()
        pool = self.rows.by_ctx[ctx]
        if not pool:
            return
        cands = forget_candidates(self.rows, actor.chain(), ctx)
        if cands and self.rng.random() < 0.6:
            m = min(self.rng.choice(cands).markers)
        else:
            m = min(self.rng.choice(pool).markers)
        purge = self.rng.random() < 0.4
        resp = self.send(
            actor, "POST", f"/api/v1/{ctx}/forget", json={"query": f"zq{m}", "purge": purge}
        )
        pre = self.ctx_status(actor, ctx)
        allowed = pre if pre is not None else ({200} if forgets_anything(actor.chain()) else {403})
        what = f"forget query zq{m} purge={purge} {ctx}"
        self.judge(what, actor, resp, allowed)
        self.scan(what, actor, ctx if resp.status_code == 200 else None, None, resp)
        cand_set = set(map(id, cands))
        others = [r for r in pool if id(r) not in cand_set and r.exists is not False]
        if resp.status_code != 200:
            self._threat(others + cands, f"refused {what} by {actor.name}")
            return
        self._threat(others, f"{what} by {actor.name} (not a candidate)")
        counts = resp.json()
        got = {k: v for k, v in counts.items() if isinstance(v, int)}
        if pre is not None:
            for r in cands:
                r.maybe(purge)
            return
        chain = actor.chain()
        soft = [
            r
            for r in pool
            if r.state == SOFT and can(chain, READ, r.scope) and forgettable(chain, r.scope, r.auth)
        ]
        if not cands and not soft and any(got.values()):
            self.note(
                self.stats.wrong_acceptances,
                f"{what} by {actor.name}: nothing it may forget, yet {got}",
            )
        for kind, name in (("turn", "turns"), ("chunk", "chunks"), ("instruction", "instructions")):
            bound = sum(1 for r in [*cands, *soft] if r.kind == kind)
            if got.get(name, 0) > bound:
                self.note(
                    self.stats.wrong_acceptances,
                    f"{what} by {actor.name}: {got[name]} {name} > {bound} it may forget",
                )
        if sum(got.values()):
            for r in cands:
                r.maybe(purge)

    def forget_scope(self, actor: Actor) -> None:
        actor = self.forget_actor(actor)
        ctx = MAIN if self.rng.random() < 0.8 else self.pick_ctx()
        if self.rng.random() < 0.2:
            # the exact-grant trap: forget on carol and carol/x, rows in carol/private and
            # carol/x/deep
            actor = self.w.actors[self.rng.choice(["carol", "curator_a_for_carol"])]
            ctx = MAIN
        chain = actor.chain()
        bases = [p[:-2] if p.endswith("/*") else p for p in effective(chain, FORGET) if p != ALL]
        if covers(chain, FORGET, "org/*") or not bases:
            choices = LEAVES if covers(chain, FORGET, "org/*") else FORGET_SCOPES
        else:
            choices = bases + bases + FORGET_SCOPES
        scope = self.rng.choice(choices)
        purge = self.rng.random() < 0.4
        resp = self.send(
            actor,
            "POST",
            f"/api/v1/{ctx}/forget",
            json={"scope": self.spelled(scope), "purge": purge},
        )
        pre = self.ctx_status(actor, ctx)
        d = forget_by_scope(self.rows, chain, ctx, scope, purge)
        allowed = pre if pre is not None else d.statuses
        what = f"forget scope {ctx}:{scope} purge={purge} ({len(d.affected)} rows)"
        if 403 in allowed and 200 not in allowed:
            bad = [r for r in d.affected if r.exists and not forgettable(chain, r.scope, r.auth)]
            what += f" [not covered: {bad[0].kind} {_auth(bad[0])} {bad[0].scope}]" if bad else ""
        self.judge(what, actor, resp, allowed)
        if pre is None and d.statuses == {403}:
            bad = [r for r in d.affected if r.exists and not forgettable(chain, r.scope, r.auth)]
            if bad and can(chain, FORGET, scope):
                kind = "curated row without curate" if bad[0].auth else "row below its grant"
                self.stats.scenarios[f"forget scope refused: {kind}"] += 1
        elif pre is None and d.statuses == {200} and d.affected:
            self.stats.scenarios["forget scope allowed (rows removed)"] += 1
        self.scan(
            what, actor, ctx if resp.status_code == 200 else None, None, resp, own_scopes={scope}
        )
        if resp.status_code != 200:
            self._threat(
                [r for r in d.affected if r.exists is not False], f"refused {what} by {actor.name}"
            )
            return
        got = {k: v for k, v in resp.json().items() if isinstance(v, int)}
        if pre is None and 200 in d.statuses:
            for kind, name in (
                ("turn", "turns"),
                ("chunk", "chunks"),
                ("instruction", "instructions"),
            ):
                low = sum(1 for r in d.affected if r.kind == kind and r.exists)
                high = sum(1 for r in d.affected if r.kind == kind and r.exists is not False)
                # rows forgotten (soft) already may be counted again
                high += sum(
                    1
                    for r in self.rows.by_ctx[ctx]
                    if r.kind == kind
                    and r.state == SOFT
                    and under(r.scope, scope)
                    and not (purge and r in d.affected)
                )
                if purge:
                    high += sum(1 for r in d.affected if r.kind == kind and r.state == SOFT)
                if got.get(name, 0) > high:
                    self.note(
                        self.stats.wrong_acceptances,
                        f"{what} by {actor.name}: {got[name]} {name} > {high} in the subtree",
                    )
                if got.get(name, 0) < low:
                    self.note(
                        self.stats.wrong_refusals,
                        f"{what} by {actor.name}: {got.get(name, 0)} {name} < {low} there",
                    )
            self._apply_forget(d.affected, purge)
        else:
            for r in d.affected:
                r.maybe(purge)

    def delete_document(self, actor: Actor) -> None:
        actor = self.forget_actor(actor)
        docs = [r for r in self.rows.all if r.kind == "doc" and r.rid and r.exists is not False]
        if not docs:
            return
        d = self.rng.choice(docs)
        ctx = d.ctx
        resp = self.send(actor, "DELETE", f"/api/v1/{ctx}/documents/{d.rid}")
        pre = self.ctx_status(actor, ctx)
        chain = actor.chain()
        if pre is not None:
            allowed = pre
        elif not can(chain, READ, d.scope):
            allowed = {404} | ({403} if actor.strict else set())
        elif not forgettable(chain, d.scope, True):
            allowed = {403}
        else:
            allowed = {200}
        if d.exists is None and pre is None:
            allowed = allowed | {404}
        what = f"delete document zq{min(d.markers)} ({d.scope}) {ctx}"
        self.judge(what, actor, resp, allowed)
        self.scan(what, actor, ctx if resp.status_code == 200 else None, None, resp)
        if resp.status_code == 200:
            removed = [d, *self.rows.children(d)]
            if 200 in allowed and pre is None:
                for r in removed:
                    r.gone(False)
            else:
                for r in removed:
                    r.maybe(False)
        else:
            self._threat([d, *self.rows.children(d)], f"refused {what} by {actor.name}")

    # -- keys

    def key_actor(self, actor: Actor) -> Actor:
        if actor.delegated:
            return self.rng.choice([a for a in self.live_actors() if not a.delegated])
        return actor

    def _grants_request(self, actor: Actor) -> dict:
        chain = actor.chain()
        out: dict[str, list[str]] = {}
        verbs = [v for v in VERBS if effective(chain, v)]
        for v in self.rng.sample(verbs, min(len(verbs), self.rng.randint(1, 3))):
            pats = effective(chain, v)
            p = self.rng.choice(pats)
            if p == ALL and self.rng.random() < 0.7:
                p = self.rng.choice(["org/a/*", "org/a", "org/b/*", CAROL])
            elif p.endswith("/*") and self.rng.random() < 0.4:
                p = p[:-2] if self.rng.random() < 0.5 else p[:-2] + "/x"
            out[v] = [p]
        if self.rng.random() < 0.35:  # wider than the calling key: another verb or pattern
            v = self.rng.choice(VERBS)
            wider = [
                p
                for p in [
                    "*",
                    "org/*",
                    "org/a/*",
                    "org/a",
                    "org/a/user/u1/*",
                    "org/b",
                    "org/a/team/*",
                    CAROL + "/*",
                    "org/a/user/u2",
                    # what its principal holds and the key may not
                    *actor.key.principal.grants.get(v, ()),
                ]
                if not covers(chain, v, p)
            ]
            if wider:
                out.setdefault(v, []).append(self.rng.choice(wider))
        return out

    def key_create(self, actor: Actor) -> None:
        actor = self.key_actor(actor)
        body: dict = {"label": self.label()}
        roll = self.rng.random()
        target: Principal | None = None
        if roll < 0.15 or manages(actor.chain()) and roll < 0.6:
            target = self.rng.choice(list(self.w.principals.values()))
            if target is actor.key.principal:
                target = self.w.principals["auditor" if target.name != "auditor" else "team"]
            body["principalId"] = target.id
        if self.rng.random() < 0.6:
            if target is None:
                body["grants"] = self._grants_request(actor)
            else:
                g = target.grants
                verbs = [v for v in g if g[v]]
                body["grants"] = {
                    v: [self.rng.choice(g[v])] for v in self.rng.sample(verbs, min(2, len(verbs)))
                }
                if self.rng.random() < 0.3:
                    body["grants"]["memory:read"] = [ALL]
        if self.rng.random() < 0.4:
            body["contexts"] = self.rng.choice(
                [[MAIN], [MAIN, SIDE], [SIDE], [ALL], [THIRD], [], [MAIN, LATE]]
            )
        caller_exp = actor.key.expires
        if self.rng.random() < 0.4:
            t = now_ms()
            options = [t + HOUR, t + 40 * HOUR]
            if caller_exp is not None:
                options += [caller_exp + HOUR, max(caller_exp - 2000, t + 4000)]
            body["expiresMs"] = self.rng.choice(options)
        if self.rng.random() < 0.35:
            body["strict"] = self.rng.random() < 0.5
        resp = self.send(
            actor, "POST", "/api/v1/keys", json=body, labels=frozenset({body["label"]})
        )
        d = key_request(
            caller=actor.chain(),
            caller_contexts=actor.contexts(),
            caller_expires=caller_exp,
            caller_strict=actor.strict,
            body=body,
            target=(target.grants, target.contexts) if target else None,
        )
        allowed = {401} if self.alive(actor) == "dead" else set(d.statuses)
        shown = {k: v for k, v in body.items() if k != "label"}
        if "principalId" in shown:
            shown["principalId"] = target.name
        what = (
            f"key create {json.dumps(shown)} "
            f"(caller {actor.key.label}, strict={actor.strict}, exp={caller_exp})"
        )
        self.judge(what, actor, resp, allowed)
        self.scan(what, actor, None, None, resp, own=set())
        if target is not None:
            by = "a manager" if manages(actor.chain()) else "no grant:manage"
            self.stats.scenarios[f"key for another principal, by {by}"] += 1
        for f in sorted(d.fields) if d.status == 422 else ():
            self.stats.scenarios[f"key wider than the calling key: {f}"] += 1
        if (
            target is None
            and "grants" in d.fields
            and all(
                covers([actor.key.principal.grants], v, p)
                for v, ps in body.get("grants", {}).items()
                for p in ps
            )
        ):
            self.stats.scenarios["key wider than the calling key, within its principal"] += 1
        if resp.status_code == 422 and 422 in d.statuses:
            fld = str(resp.json().get("field", ""))
            norm = fld.replace("_", "").lower()  # expires_ms or expiresMs: the same field
            if not any(norm.startswith(f.lower()) for f in d.fields):
                self.note(
                    self.stats.unexpected,
                    f"{what}: 422 names {fld!r}, not one of {sorted(d.fields)}",
                )
        if resp.status_code != 201:
            return
        k = resp.json()
        if d.statuses != {201} or d.ambiguous:
            return  # a key the reference cannot follow (wrongly made, or not said) is not used
        if target is None:
            levels = [*([body["grants"]] if "grants" in body else []), *actor.key.levels]
            ctx_levels = [
                *([body["contexts"]] if "contexts" in body else []),
                *actor.key.ctx_levels,
            ]
            principal = actor.key.principal
        else:
            # omitted fields are what both hold: the calling key's rights, as they are now
            mine = {v: effective(actor.chain(), v) for v in VERBS}
            levels = [*([body["grants"]] if "grants" in body else []), mine]
            ctx_levels = [
                *([body["contexts"]] if "contexts" in body else []),
                *[list(c) for c in actor.contexts()],
            ]
            principal = target
        expires = body.get("expiresMs", caller_exp)
        strict = body.get("strict", actor.strict)
        if k.get("expiresMs") != expires:
            self.note(
                self.stats.wrong_acceptances,
                f"{what}: expiresMs {k.get('expiresMs')}, expected {expires}",
            )
        if k.get("strict") != strict:
            self.note(
                self.stats.wrong_acceptances if strict else self.stats.unexpected,
                f"{what}: strict {k.get('strict')}, expected {strict}",
            )
        key = Key(
            body["label"],
            k["keyId"],
            k["token"],
            principal,
            levels,
            ctx_levels,
            expires,
            strict,
            dynamic=True,
        )
        self.w.keys[key.key_id] = key
        name = f"dyn-{body['label']}"
        self.w.actors[name] = Actor(name, key)
        live_dyn = [n for n in self.w.dynamic if not self.w.actors[n].key.revoked]
        if len(live_dyn) < 24:
            self.w.dynamic.append(name)

    def key_list(self, actor: Actor) -> None:
        actor = self.key_actor(actor)
        resp = self.send(actor, "GET", "/api/v1/keys")
        self.judge("key list", actor, resp, {401} if self.alive(actor) == "dead" else {200})
        if resp.status_code != 200:
            return
        keys = resp.json()["keys"]
        ids = {k["keyId"] for k in keys}
        me = actor.key.principal
        if administers(actor.chain(), actor.contexts(), me.contexts):
            # an administrator of its own principal lists that principal's keys
            known = set(self.w.keys) | self.w.foreign_keys
            for kid in ids - known:
                self.note(self.stats.unexpected, f"key list by {actor.name}: unknown key {kid}")
            for kid in ids & set(self.w.keys):
                if self.w.keys[kid].principal is not me:
                    self.note(self.stats.leaks, f"key list by {actor.name}: another's key {kid}")
            alive = {kid for kid, k in self.w.keys.items() if not k.revoked and k.principal is me}
            if not alive <= ids:
                self.note(self.stats.missing, f"key list by {actor.name}: {alive - ids} missing")
            return
        if ids != {actor.key.key_id}:
            self.note(
                self.stats.leaks,
                f"key list by {actor.name}: {sorted(ids)} (itself is {actor.key.key_id})",
            )
            return
        (k,) = keys
        want = {
            "label": actor.key.label,
            "strict": actor.key.strict,
            "expiresMs": actor.key.expires,
        }
        got = {f: k.get(f) for f in want}
        if got != want:
            self.note(self.stats.unexpected, f"key list by {actor.name}: {got}, expected {want}")

    def _other_key(self, actor: Actor, same_principal: bool) -> Key | None:
        keys = [
            k
            for k in self.w.keys.values()
            if k is not actor.key
            and not k.revoked
            and k.key_id != self.admin.key.key_id
            and (k.principal is actor.key.principal) == same_principal
        ]
        return self.rng.choice(keys) if keys else None

    def key_manage(self, actor: Actor, verb: str) -> None:
        """Rotate or revoke: one's own key, another of the same principal, another's."""
        actor = self.key_actor(actor)
        roll = self.rng.random()
        mgr = manages(actor.chain())
        if self.rng.random() < 0.3 and self.old_id(actor, verb):
            return
        if mgr:
            dyn = [
                self.w.actors[n].key
                for n in self.w.dynamic
                if not self.w.actors[n].key.revoked and self.w.actors[n].key is not actor.key
            ]
            target = self.rng.choice(dyn) if dyn and roll < 0.8 else None
            whose = "a dynamic key"
        elif roll < 0.4:
            target, whose = actor.key, "its own key"
        elif roll < 0.7:
            target, whose = self._other_key(actor, True), "a key of its principal"
        elif roll < 0.95:
            target, whose = self._other_key(actor, False), "a key of another principal"
        else:
            target, whose = None, "no such key"
        if target is actor.key and verb == "revoke" and not actor.key.dynamic:
            target, whose = self._other_key(actor, True), "a key of its principal"
        if target is not None and target.liveness(now_ms()) == "unsure":
            return
        kid = target.key_id if target is not None else "nosuchkey000"
        if verb == "rotate":
            resp = self.send(actor, "POST", f"/api/v1/keys/{kid}/rotate")
        else:
            resp = self.send(actor, "DELETE", f"/api/v1/keys/{kid}")
        if self.alive(actor) == "dead":
            allowed = {401}
        else:
            allowed = key_decision(
                chain=actor.chain(),
                ctx_chain=actor.contexts(),
                itself=target is actor.key,
                owner=None if target is None else target.principal.contexts,
                own_principal=target is not None and target.principal is actor.key.principal,
                holds=target is not None and key_within(actor, target),
                rotate=verb == "rotate",
            )
            if allowed == {200} and target.liveness(self.sent_ms) != "alive":
                allowed = {200, 400, 404, 409, 410, 422}  # managing a dead key: not said
        what = f"key {verb} of {whose} ({target.label if target else kid})"
        self.stats.scenarios[f"key {verb}: {whose}"] += 1
        self.judge(what, actor, resp, allowed)
        self.scan(what, actor, None, None, resp)
        if resp.status_code != 200 or target is None:
            return
        old_token = target.token
        if verb == "revoke":
            target.revoked = True
            self.w.dead.append((old_token, "revoked"))
            return
        token = resp.json().get("token")
        if not token:
            self.note(self.stats.unexpected, f"{what}: no token in {resp.text[:200]}")
            return
        self.w.dead.append((old_token, "rotated"))
        old_id = target.key_id
        me = self.send(None, "GET", "/api/v1/me", token=token)
        if me.status_code != 200:
            self.note(self.stats.wrong_refusals, f"{what}: the new token gets {me.status_code}")
            target.revoked = True
            return
        new_id = me.json().get("keyId")
        # the answer names the new key and the one it replaced (docs/security.md, "Keys")
        answer = resp.json()
        if answer.get("keyId") != new_id or answer.get("replaces") != old_id:
            self.note(
                self.stats.unexpected,
                f"{what}: answered keyId {answer.get('keyId')} replaces {answer.get('replaces')},"
                f" expected {new_id} replacing {old_id}",
            )
        # keep the old id on record as a revoked key; the Key object moves to the new id
        ghost = Key(
            target.label,
            old_id,
            old_token,
            target.principal,
            target.levels,
            target.ctx_levels,
            target.expires,
            target.strict,
            target.dynamic,
            True,
            target,
        )
        self.w.keys[old_id] = ghost
        for k in self.w.keys.values():  # older ids now stand for the new id too
            if k.successor is target and k is not ghost:
                k.successor = ghost
        ghost.successor = target
        target.key_id, target.token = new_id, token
        self.w.keys[new_id] = target
        if target.dynamic and target is not actor.key and self.rng.random() < 0.5:
            # the attack: revoke the id one knows (the old one); the new token must stop
            self.old_id(actor, "revoke", ghost)
        if actor.key is target or not mgr:
            lst = self.send(None, "GET", "/api/v1/keys", token=token)
            if lst.status_code == 200 and not manages(target.chain()):
                (k,) = lst.json()["keys"] or [{}]
                want = {"label": target.label, "strict": target.strict, "expiresMs": target.expires}
                got = {f: k.get(f) for f in want}
                if got != want:
                    self.note(
                        self.stats.unexpected, f"{what}: rotated key is {got}, expected {want}"
                    )

    def old_id(self, actor: Actor, verb: str, old: Key | None = None) -> bool:
        """Rotate or revoke by an id a key had before it was rotated: the id stands for the key
        now in use (docs/security.md, "Keys"), so a revocation stops that key and a rotation
        is a 422 naming it. False when there is no such id to use."""
        if old is None:
            ghosts = [k for k in self.w.keys.values() if k.successor is not None]
            if verb == "revoke":  # (static actors stay alive for the rest of the workload)
                ghosts = [k for k in ghosts if k.current().dynamic]
            mine = [k for k in ghosts if k.current() is actor.key]
            pool = mine if mine and self.rng.random() < 0.5 else ghosts
            if not pool:
                return False
            old = self.rng.choice(pool)
        cur = old.current()
        if cur.liveness(now_ms()) == "unsure":
            return False
        if verb == "rotate":
            resp = self.send(actor, "POST", f"/api/v1/keys/{old.key_id}/rotate")
        else:
            resp = self.send(actor, "DELETE", f"/api/v1/keys/{old.key_id}")
        if self.alive(actor) == "dead":
            allowed = {401}
        else:
            allowed = key_decision(
                chain=actor.chain(),
                ctx_chain=actor.contexts(),
                itself=cur is actor.key,
                owner=cur.principal.contexts,
                own_principal=cur.principal is actor.key.principal,
                holds=key_within(actor, cur),
                rotate=verb == "rotate",
            )
            if allowed == {200} and verb == "rotate":
                allowed = {422}  # rotated already: rotate the key it became
            elif allowed == {200} and cur.liveness(self.sent_ms) != "alive":
                allowed = {200, 400, 404, 409, 410, 422}  # managing a dead key: not said
        whose = "its own old id" if cur is actor.key else "an old id"
        what = f"key {verb} by {whose} ({old.label})"
        self.stats.scenarios[f"key {verb}: {whose}"] += 1
        self.judge(what, actor, resp, allowed)
        self.scan(what, actor, None, None, resp)
        if verb != "revoke" or resp.status_code != 200:
            return True
        revoked = set(resp.json().get("revokedKeys") or ())
        if not {old.key_id, cur.key_id} <= revoked:
            self.note(self.stats.unexpected, f"{what}: revokedKeys {sorted(revoked)}")
        was_alive = not cur.revoked
        cur.revoked = True
        self.w.dead.append((cur.token, "revoked by an old id"))
        if was_alive:
            me = self.send(None, "GET", "/api/v1/me", token=cur.token)
            if me.status_code != 401:
                self.note(
                    self.stats.wrong_acceptances,
                    f"{what}: the key it was rotated into still answers {me.status_code}",
                )
        return True

    def administer(self, actor: Actor) -> None:
        """Administration by keys of every reach (docs/security.md, "Administrators"): list
        the principals and a principal's keys, and update a principal's grants or contexts
        (its own, the management principal, another tenant's) with what it holds already or,
        for a bound administrator, with more than the caller reaches."""
        mgrs = [a for a in self.live_actors() if manages(a.chain()) and not a.delegated]
        if mgrs and self.rng.random() < 0.85:
            actor = self.rng.choice(mgrs)
        actor = self.key_actor(actor)
        chain, cc = actor.chain(), actor.contexts()
        everyone = {p.id: p for p in [*self.w.principals.values(), self.w.admin_principal]}
        roll = self.rng.random()
        if roll < 0.3:
            resp = self.send(actor, "GET", "/api/v1/principals")
            want = listed_principals(chain, cc, {i: p.contexts for i, p in everyone.items()})
            allowed = {401} if self.alive(actor) == "dead" else {200} if want is not None else {403}
            what = f"principals list by {actor.name}"
            self.stats.scenarios["administer: principals list"] += 1
            if self.judge(what, actor, resp, allowed) and resp.status_code == 200:
                got = {p["id"] for p in resp.json()["principals"]} & set(everyone)
                for pid in got - want:
                    self.note(self.stats.leaks, f"{what}: {everyone[pid].name}")
                for pid in want - got:
                    self.note(self.stats.missing, f"{what}: {everyone[pid].name} missing")
            self.unreached_names(what, actor, resp)
            return
        target = self.rng.choice(list(everyone.values()))
        if roll < 0.5:
            resp = self.send(actor, "GET", "/api/v1/keys", params={"principalId": target.id})
            if self.alive(actor) == "dead":
                allowed = {401}
            elif not manages(chain):
                allowed = {403}
            else:
                allowed = listed_keys(chain, cc, target.contexts, own=target is actor.key.principal)
            what = f"key list of {target.name} by {actor.name}"
            self.stats.scenarios["administer: a principal's keys"] += 1
            if self.judge(what, actor, resp, allowed) and resp.status_code == 200:
                for k in resp.json()["keys"]:
                    key = self.w.keys.get(k["keyId"])
                    if key is not None and key.principal is not target:
                        self.note(self.stats.leaks, f"{what}: a key of {key.principal.name}")
            self.unreached_names(what, actor, resp)
            return
        if self.rng.random() < 0.3:
            target = actor.key.principal if self.rng.random() < 0.6 else self.w.admin_principal
        own = target is actor.key.principal or target is (actor.obo or actor.key.principal)
        bound = manages(chain) and not reaches_all(cc)
        if roll < 0.75:
            url, body, contexts = f"/api/v1/principals/{target.id}/grants", None, None
            body = {"grants": target.grants}  # what it holds already: the world stays as it is
        else:
            contexts = list(target.contexts)
            if bound and self.rng.random() < 0.5:  # more than the caller reaches
                contexts = self.rng.choice([[*contexts, ALL], [*contexts, THIRD], []])
            url, body = f"/api/v1/principals/{target.id}/contexts", {"contexts": contexts}
        resp = self.send(actor, "PUT", url, json=body)
        if self.alive(actor) == "dead":
            allowed = {401}
        else:
            allowed = principal_update(
                chain=chain, ctx_chain=cc, own=own, target=target.contexts, contexts=contexts
            )
        kind = url.rsplit("/", 1)[1]
        whose = "its own" if own else "another"
        what = f"principal {kind} of {target.name} ({whose}) by {actor.name}: {body}"
        self.stats.scenarios[f"administer: {whose} principal's {kind}"] += 1
        self.judge(what, actor, resp, allowed)
        self.unreached_names(what, actor, resp)
        if resp.status_code == 200 and contexts is not None:
            target.contexts = list(contexts)  # (wrongly accepted, if wider: followed anyway)

    def unreached_names(self, what: str, actor: Actor, resp: httpx.Response) -> None:
        """An administrator bound to some contexts never learns another context's name."""
        cc = actor.contexts()
        if reaches_all(cc):
            return
        for name in (MAIN, SIDE, THIRD, LATE, TMP, MGR, NOPE):
            if not reaches(cc, name) and f'"{name}"' in resp.text:
                self.note(self.stats.leaks, f"{what}: names context {name}")

    def key_rotate(self, actor: Actor) -> None:
        self.key_manage(actor, "rotate")

    def key_revoke(self, actor: Actor) -> None:
        self.key_manage(actor, "revoke")

    def dead_use(self, actor: Actor) -> None:
        """A revoked, rotated or expired token, used afterwards: 401, and nothing happens."""
        if not self.w.dead:
            return self.key_revoke(actor)
        token, why = self.rng.choice(self.w.dead)
        ghost = Actor(
            f"dead({why})",
            Key(
                "dead",
                "dead",
                token,
                self.w.principals["auditor"],
                [],
                [],
                None,
                False,
                revoked=True,
            ),
        )
        n = self.marker()
        roll = self.rng.random()
        if roll < 0.4:
            resp = self.send(
                ghost,
                "POST",
                f"/api/v1/{MAIN}/facts",
                json={"scope": "org/a", "text": f"note zq{n} from the dead"},
            )
            self.w.refused_markers.add(n)
        elif roll < 0.7:
            resp = self.send(ghost, "POST", f"/api/v1/{MAIN}/query", json={"query": "zq1"})
        elif roll < 0.85:
            resp = self.send(ghost, "GET", "/api/v1/keys")
        else:
            resp = self.send(ghost, "POST", "/api/v1/keys", json={"label": self.label()})
        self.judge(f"{why} token", ghost, resp, {401})
        self.stats.scenarios[f"{why} token used"] += 1
        self.scan(f"{why} token", ghost, None, None, resp)

    # -- scopes

    def scope_create(self, actor: Actor) -> None:
        ctx = MAIN if self.rng.random() < 0.85 else self.pick_ctx()
        fresh = [
            p for p in PROJ if (ctx, p) not in self.w.registered and not self.w.tombstoned(ctx, p)
        ]
        if not fresh:
            return
        if self.rng.random() < 0.5:
            scoper = [a for a in self.live_actors() if effective(a.chain(), "scope:create")]
            actor = self.rng.choice(scoper) if scoper else actor
        path = self.rng.choice(fresh)
        resp = self.send(actor, "POST", f"/api/v1/{ctx}/scopes", json={"path": path})
        pre = self.ctx_status(actor, ctx)
        allowed = pre or ({201} if can(actor.chain(), "scope:create", path) else {403})
        self.judge(f"scope create {ctx}:{path}", actor, resp, allowed)
        self.scan(
            "scope create",
            actor,
            ctx if resp.status_code == 201 else None,
            None,
            resp,
            own_scopes={path},
        )
        if resp.status_code == 201:
            self.w.registered[(ctx, path)] = "registered"

    def scope_delete(self, actor: Actor) -> None:
        ctx = MAIN if self.rng.random() < 0.85 else self.pick_ctx()
        regs = [p for (c, p), st in self.w.registered.items() if c == ctx and st == "registered"]
        if self.rng.random() < 0.1:
            regs = [t for t in PROJ_TOPS if not self.w.tombstoned(ctx, t)] or regs
        if not regs:
            return self.scope_create(actor)
        if self.rng.random() < 0.5:
            deleters = [a for a in self.live_actors() if effective(a.chain(), "scope:delete")]
            actor = self.rng.choice(deleters) if deleters else actor
        path = self.rng.choice(regs)
        if self.rng.random() < 0.2:
            # scope:delete on the path itself (exact), not its subtree: never enough
            actor, path, ctx = self.w.actors["scoper"], "org/b/proj/p1", MAIN
        resp = self.send(actor, "DELETE", f"/api/v1/{ctx}/scopes/{path}")
        pre = self.ctx_status(actor, ctx)
        allowed = pre or ({200} if may_tombstone(actor.chain(), path) else {403})
        if pre is None and can(actor.chain(), "scope:delete", path) and allowed == {403}:
            self.stats.scenarios["tombstone with an exact grant (refused)"] += 1
        self.judge(f"scope delete {ctx}:{path}", actor, resp, allowed)
        self.scan(
            "scope delete",
            actor,
            ctx if resp.status_code == 200 else None,
            None,
            resp,
            own_scopes={path},
        )
        if resp.status_code == 200:
            self.w.tombstones[ctx].add(path)
            for c, p in list(self.w.registered):
                if c == ctx and under(p, path):
                    self.w.registered[(c, p)] = "tomb"
            for r in self.rows.by_ctx[ctx]:
                if under(r.scope, path):
                    r.maybe(False)  # whether a tombstone hides what is there: not said

    # -- events

    def events(self) -> None:
        share = self.stats.requests / self.budget
        admin = self.admin

        def once(name: str, at: float) -> bool:
            if share >= at and name not in self.events_done:
                self.events_done.add(name)
                return True
            return False

        if once("late", 0.2):
            r = self.send(admin, "POST", "/api/v1/contexts", json={"name": LATE})
            self.judge("context create late", admin, r, {201})
            self.w.contexts.add(LATE)
        if once("narrow-contexts", 0.35):
            p = self.w.principals["curator_b"]
            r = self.send(
                admin, "PUT", f"/api/v1/principals/{p.id}/contexts", json={"contexts": [MAIN]}
            )
            self.judge("principal contexts", admin, r, {200})
            p.contexts = [MAIN]
        if once("manager-contexts", 0.5):
            mgr = self.w.actors["manager"]
            for name in (MGR, NOPE):
                reach = name == MGR and self.w.manager_future_context
                r = self.send(mgr, "POST", "/api/v1/contexts", json={"name": name})
                self.judge(f"context create {name} by manager", mgr, r, {201} if reach else {403})
                if r.status_code == 201:
                    self.w.contexts.add(name)
            other = self.rng.choice(
                [a for a in self.live_actors() if not manages(a.chain()) and not a.delegated]
            )
            r = self.send(other, "POST", "/api/v1/contexts", json={"name": "iso-never"})
            self.judge("context create by a non-manager", other, r, {403})
            r = self.send(other, "DELETE", f"/api/v1/contexts/{MAIN}")
            self.judge("context delete by a non-manager", other, r, {403, 404})
        if once("manager-delete-unreached", 0.6):
            # the manager does not reach THIRD: it may not delete it
            mgr = self.w.actors["manager"]
            r = self.send(mgr, "DELETE", f"/api/v1/contexts/{THIRD}")
            self.judge("context delete of an unreached one by manager", mgr, r, {403, 404})
            if r.status_code < 300:
                self.w.contexts.discard(THIRD)
                for row in self.rows.by_ctx[THIRD]:
                    row.gone(True)
        if once("delete-tmp", 0.65):
            r = self.send(admin, "DELETE", f"/api/v1/contexts/{TMP}")
            self.judge("context delete tmp", admin, r, {200, 204})
            if r.status_code in (200, 204):
                self.w.contexts.discard(TMP)
                for row in self.rows.by_ctx[TMP]:
                    row.gone(True)
        if once("narrow-team", 0.75):
            p = self.w.principals["team"]
            r = self.send(
                admin, "PUT", f"/api/v1/principals/{p.id}/grants", json={"grants": TEAM_LATER}
            )
            self.judge("principal grants", admin, r, {200})
            p.grants = dict(TEAM_LATER)
        # the expiring keys: dead once past their expiry
        for name in ("u1_expiring", "u1_expiring_child"):
            key = self.w.actors[name].key
            if key.liveness(now_ms()) == "dead" and f"expired-{name}" not in self.events_done:
                self.events_done.add(f"expired-{name}")
                self.w.dead.append((key.token, "expired"))

    # -- census

    def census(self, ctx: str) -> None:
        """The operator looks at what is there, to settle the rows whose fate the contract
        leaves open (what a forget by query took, whether a revocation reached another
        instruction of the scope). Checked like every other read."""
        if ctx not in self.w.contexts:
            return
        self.stats.census += 1
        admin = self.admin
        st = self._read("state", admin, ctx, None, "GET", f"/api/v1/{ctx}/state")
        docs = self._read("documents", admin, ctx, None, "GET", f"/api/v1/{ctx}/documents")
        turns: dict[str, dict] = {}
        for s in SESSIONS:
            r = self._read(
                f"session {s}", admin, ctx, None, "GET", f"/api/v1/{ctx}/sessions/{s}/turns"
            )
            if r is not None:
                for t in r.json()["turns"]:
                    turns[t["id"]] = t
        if st is None or docs is None:
            return
        body = st.json()
        facts = set()
        for cat in ("identity", "knowledge", "context"):
            for f in body[cat]:
                for x in MARKER.findall(f["statement"]):
                    facts.add((int(x), f["scope"]))
        instr = {}
        for ins in body.get("instructions") or ():
            for x in MARKER.findall(ins.get("text", "")):
                instr[(int(x), ins.get("scope"))] = ins
        doc_ids = {str(d["id"]) for d in docs.json()["documents"]}
        turn_keys = {
            (int(x), t["scope"]) for t in turns.values() for x in MARKER.findall(t["text"])
        }
        for r in self.rows.by_ctx[ctx]:
            key = (min(r.markers), r.scope)
            if r.kind == "turn" and r.session:
                here = r.rid in turns if r.rid else key in turn_keys
            elif r.kind == "fact" and r.required:
                here = key in facts
            elif r.kind == "derived":
                here = any((m, r.scope) in facts for m in r.markers)
            elif r.kind == "doc":
                here = r.rid in doc_ids
            elif r.kind == "instruction":
                ins = instr.get(key)
                if ins is not None and r.rid is None:
                    self.rid(r, f"instruction:{ins.get('id')}")
                on = ins is not None and ins.get("active", True)
                if r.exists is not False:
                    if r.active is True and not on and r.exists:
                        self.missing_row(r, f"census {ctx}")
                    elif r.active is False and on and r.exists:
                        self.note(
                            self.stats.wrong_refusals,
                            f"census {ctx}: instruction zq{key[0]} in {r.scope} still "
                            "active after its own scope revoked it",
                        )
                    r.active = on
                continue
            else:
                continue
            if r.kind == "derived":
                # what a turn produced may be closed by a later one and open again when that
                # one is forgotten: absent from state is not gone
                if here and r.state == MAYBE:
                    r.state = ALIVE
            elif r.state == MAYBE:
                if here:
                    r.state = ALIVE
                else:
                    r.gone(r.maybe_purge)
            elif r.exists and not here:
                self.missing_row(r, f"census {ctx}")

    # -- the sequence

    OPS_MIX = (
        (0.12, "turn", "write_plain_turn"),
        (0.035, "instruction", "write_instruction"),
        (0.03, "revocation", "write_revocation"),
        (0.06, "triple", "write_triples_exp"),
        (0.06, "upsert", "write_triples_auth"),
        (0.015, "claim", "write_claim"),
        (0.025, "batch", "write_batch"),
        (0.03, "document", "write_document"),
        (0.015, "idempotent", "write_idempotent"),
        (0.135, "query", "read_query"),
        (0.05, "context", "read_context"),
        (0.045, "state", "read_state"),
        (0.015, "profile", "read_profile"),
        (0.02, "traces", "read_traces"),
        (0.01, "sessions", "read_sessions"),
        (0.02, "session", "read_session"),
        (0.025, "documents", "read_documents"),
        (0.02, "entity", "read_entity"),
        (0.01, "scopes", "read_scopes"),
        (0.01, "contexts", "read_contexts"),
        (0.03, "forget-id", "forget_id"),
        (0.02, "forget-query", "forget_query"),
        (0.03, "forget-scope", "forget_scope"),
        (0.007, "delete-document", "delete_document"),
        (0.03, "key-create", "key_create"),
        (0.012, "key-list", "key_list"),
        (0.01, "key-rotate", "key_rotate"),
        (0.01, "key-revoke", "key_revoke"),
        (0.01, "dead-key", "dead_use"),
        (0.012, "admin-routes", "admin_routes"),
        (0.015, "administer", "administer"),
        (0.008, "scope-create", "scope_create"),
        (0.008, "scope-delete", "scope_delete"),
    )

    def write_triples_exp(self, actor: Actor) -> None:
        self.write_triples(actor, False)

    def write_triples_auth(self, actor: Actor) -> None:
        self.write_triples(actor, True)

    def step(self) -> None:
        self.events()
        actors = self.live_actors()
        actor = self.rng.choice(actors)
        r = self.rng.random()
        name, method = "query", "read_query"
        for weight, op_name, op_method in self.OPS_MIX:
            if r < weight:
                name, method = op_name, op_method
                break
            r -= weight
        self.stats.by_op[name] += 1
        self.op = name
        getattr(self, method)(actor)
        self.op = "other"
        while self.rows.complaints:
            self.note(self.stats.unexpected, self.rows.complaints.pop())
        self.stats.steps += 1
        self.since_census += 1
        if self.since_census >= 40 and any(
            r.state == MAYBE or (r.kind == "instruction" and r.active is None)
            for r in self.rows.all
        ):
            self.since_census = 0
            for ctx in (MAIN, SIDE, THIRD, LATE, MGR):
                if any(
                    r.state == MAYBE or (r.kind == "instruction" and r.active is None)
                    for r in self.rows.by_ctx[ctx]
                ):
                    self.census(ctx)

    def take_baselines(self) -> None:
        admin = self.admin
        self.baseline["ctx"] = self.send(admin, "GET", f"/api/v1/{GHOST}/state")
        self.baseline["doc"] = self.send(admin, "GET", f"/api/v1/{MAIN}/documents/999999999")
        self.baseline["doc/chunks"] = self.send(
            admin, "GET", f"/api/v1/{MAIN}/documents/999999999/chunks"
        )
        self.baseline["forget"] = self.send(
            admin, "POST", f"/api/v1/{MAIN}/forget", json={"id": "fact:999999999"}
        )
        assert self.baseline["ctx"].status_code == 404, self.baseline["ctx"].text
        assert self.baseline["forget"].status_code == 404, self.baseline["forget"].text


def key_within(actor: Actor, key: Key) -> bool:
    """May ``key`` do nothing ``actor`` may not (grants, contexts, expiry, strictness)?"""
    chain, theirs = actor.chain(), key.chain()
    for v in VERBS:
        if any(not covers(chain, v, p) for p in effective(theirs, v)):
            return False
    mine, other = actor.contexts(), key.contexts()
    if not reaches_all(mine):
        if reaches_all(other):
            return False
        names = {n for level in other for n in level if n != ALL}
        if any(reaches(other, n) and not reaches(mine, n) for n in names):
            return False
    if actor.key.expires is not None and (key.expires is None or key.expires > actor.key.expires):
        return False
    return not (actor.strict and not key.strict)


def _auth(r: Row) -> str:
    return "curated" if r.auth else "experiential"


def _scopes_in(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "scope" and isinstance(v, str):
                yield v.strip("/")
            else:
                yield from _scopes_in(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _scopes_in(v)


@pytest.fixture(scope="module")
def world(live):
    return _setup(live)


def test_random_workload_never_leaks_and_refuses_exactly(live, world):
    rng = random.Random(SEED)
    run = Run(live, world, rng, OPS)
    started = time.perf_counter()
    with run.client:
        run.take_baselines()
        # a first round so that every kind of record exists early
        for name in world.static:
            actor = world.actors[name]
            run.write_plain_turn(actor)
            run.write_triples(actor, True)
            run.write_instruction(actor)
        while run.stats.requests < OPS:
            run.step()
        # at the end: the census, then every caller reads every view once more
        for ctx in (MAIN, SIDE, THIRD, LATE, MGR):
            run.census(ctx)
        for actor in run.live_actors():
            for ctx in (MAIN, SIDE):
                run.read_state(actor, ctx, None)
                run.read_documents(actor, ctx)
                run.read_scopes(actor, ctx)
                for s in SESSIONS:
                    run.read_session(actor, ctx, s)
            run.read_contexts(actor)
            run.key_list(actor)
    s = run.stats
    elapsed = time.perf_counter() - started
    hit_rate = s.query_found / max(1, s.query_expected)
    context_rate = s.context_found / max(1, s.context_expected)
    rows = world.rows.all
    summary = {
        "seed": SEED,
        "requests": s.requests,
        "steps": s.steps,
        "leaks": len(s.leaks),
        "wrongly_accepted": len(s.wrong_acceptances),
        "wrongly_refused": len(s.wrong_refusals),
        "unexpected": len(s.unexpected),
        "missing_from_exact_lists": len(s.missing),
        "writes_accepted": s.accepted,
        "writes_refused": s.refused,
        "query_hit_rate": f"{s.query_found}/{s.query_expected} = {hit_rate:.3f}",
        "context_hit_rate": f"{s.context_found}/{s.context_expected} = {context_rate:.3f}",
        "ambiguous": dict(sorted(s.ambiguous.items())),
        "census": s.census,
        "rows": dict(Counter(r.state for r in rows)),
        "keys": len(world.keys),
        "dead_tokens": len(world.dead),
        "statuses": dict(sorted(s.by_status.items())),
        "ops": dict(sorted(s.by_op.items())),
        "scenarios": dict(sorted(s.scenarios.items())),
        "outcomes": dict(sorted(s.outcomes.items())),
        "by_mode": dict(sorted(s.by_mode.items())),
        "notes": world.notes,
        "seconds": round(elapsed, 1),
    }
    print("\nisolation:", json.dumps(summary))
    if LOG is not None:
        LOG.flush()
    for name in ("leaks", "wrong_acceptances", "wrong_refusals", "unexpected", "missing"):
        items = getattr(s, name)
        if LOG is not None:
            LOG.write(json.dumps({name: items}) + "\n")
        if items:
            print(f"\n--- {name} ({len(items)}):")
            for line in items[:25]:
                print("  ", line)
    assert not s.leaks, s.leaks[:10]
    assert not s.wrong_acceptances, s.wrong_acceptances[:10]
    assert not s.wrong_refusals, s.wrong_refusals[:10]
    assert not s.unexpected, s.unexpected[:10]
    assert not s.missing, s.missing[:10]
    assert s.requests >= OPS and s.accepted >= OPS // 20 and s.refused >= OPS // 40
    assert s.query_expected >= OPS // 30
    assert hit_rate >= 0.95, summary


# ----------------------------------------------------------------------------- targeted cases
# Found while building the random run above; each was a bug, fixed since.

CONFLICT_CTX = "isolation-conflict"
CURATED_VALUE = "37 days"  # held at org/x; the user below may not read org/x


def _principal(admin: httpx.Client, name: str, grants: dict, contexts: list[str]) -> str:
    body = {"name": name, "kind": "agent", "grants": grants, "contexts": contexts}
    pid = _check(admin.post("/api/v1/principals", json=body))["id"]
    return _check(admin.post("/api/v1/keys", json={"principalId": pid}))["token"]


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
        token = _principal(admin, "conflict_v", grants, [CONFLICT_CTX])
    with live.client(token) as v:
        written = v.post(
            f"/api/v1/{CONFLICT_CTX}/facts",
            json={"scope": "org/x/user/v", "text": "Your return window is 60 days."},
        )
        assert written.status_code == 201, written.text
        state = v.get(f"/api/v1/{CONFLICT_CTX}/state")
        assert state.status_code == 200
        context = v.post(f"/api/v1/{CONFLICT_CTX}/context", json={"query": "return window"})
        hits = v.post(f"/api/v1/{CONFLICT_CTX}/query", json={"query": "return window 37 days"})
    return written, state, context, hits


def test_conflict_sides_and_other_views_stay_inside_the_region(conflict):
    _, state, context, hits = conflict
    sides = [s for c in state.json()["conflicts"] for s in c["sides"]]
    assert all(s["scope"] == "org/x/user/v" for s in sides)
    assert all(c["applies"] is None for c in state.json()["conflicts"])
    assert CURATED_VALUE not in context.text
    assert CURATED_VALUE not in hits.text


def test_a_conflict_does_not_quote_a_value_outside_the_region_in_state(conflict):
    """Was a leak (fixed in bc6229b): the conflict's ``reason`` quoted the curated value of
    org/x ('60 days' vs '37 days') to a caller without memory:read on org/x."""
    _, state, _, _ = conflict
    assert CURATED_VALUE not in state.text


def test_a_claim_about_a_curated_row_the_writer_may_not_read_does_not_conflict(conflict):
    """docs/security.md: such a claim "neither conflicts with nor corroborates" the row.
    (This test once asserted the opposite: that the turn contradicted the curated value.)"""
    written, _, _, _ = conflict
    assert not written.json()["conflicts"] and not written.json()["corroborations"]


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
        token = _principal(admin, name, grants, [ctx])
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
