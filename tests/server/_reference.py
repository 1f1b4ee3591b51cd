"""The reference of ``tests/server/test_isolation.py``: the authorisation rules of
``docs/security.md``, written from that page alone (never from the server's code).

Everything here is plain data and set logic; the workload in ``test_isolation.py`` sends the
requests and asks this module what the contract allows. Where the page is silent or ambiguous
the reference is conservative: it returns every outcome the page allows, and the workload
counts such outcomes apart ("ambiguous") instead of calling them right or wrong.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

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
READ, WRITE, CURATE, FORGET = "memory:read", "memory:write", "memory:curate", "memory:forget"
FULL = {v: [ALL] for v in VERBS}

Grants = dict[str, list[str]]
Chain = list[Grants]  # effective rights: the intersection of every level
Contexts = list[str]  # ["*"] or names
ContextChain = list[Contexts]


# ----------------------------------------------------------------------------- patterns


def matches(pattern: str, path: str) -> bool:
    """``*`` is every path, ``p/*`` is ``p`` and every path below it, anything else that path
    alone (a grant on a path does not imply its ancestors)."""
    if pattern == ALL:
        return True
    if pattern.endswith("/*"):
        base = pattern[:-2]
        return path == base or path.startswith(base + "/")
    return path == pattern


def contains(outer: str, inner: str) -> bool:
    """Every path ``inner`` covers is covered by ``outer`` (one pattern; a prefix pattern holds
    children nobody has named yet, so no union of narrower patterns contains it)."""
    if outer == ALL:
        return True
    if inner == ALL:
        return False
    if outer.endswith("/*"):
        base = outer[:-2]
        ib = inner[:-2] if inner.endswith("/*") else inner
        return ib == base or ib.startswith(base + "/")
    return inner == outer


def intersect_patterns(a: str, b: str) -> str | None:
    if contains(a, b):
        return b
    if contains(b, a):
        return a
    return None


def under(path: str, top: str) -> bool:
    """``path`` is ``top`` or below it."""
    return path == top or path.startswith(top + "/")


def related(a: str, b: str) -> bool:
    return under(a, b) or under(b, a)


def base_of(pattern: str) -> str:
    return pattern[:-2] if pattern.endswith("/*") else pattern


# ----------------------------------------------------------------------------- rights


def can(chain: Chain, verb: str, path: str) -> bool:
    """Effective rights are the intersection of every grant set in the chain (the key's own,
    its principal's, a delegation target's)."""
    return bool(chain) and all(any(matches(p, path) for p in g.get(verb, ())) for g in chain)


def covers(chain: Chain, verb: str, pattern: str) -> bool:
    """The chain's effective grant for ``verb`` holds all of ``pattern``."""
    return bool(chain) and all(any(contains(p, pattern) for p in g.get(verb, ())) for g in chain)


def manages(chain: Chain) -> bool:
    """``grant:manage`` over ``*``."""
    return covers(chain, "grant:manage", ALL)


def may_tombstone(chain: Chain, path: str) -> bool:
    """``scope:delete`` needs a pattern covering the whole subtree (``path/*``)."""
    return covers(chain, "scope:delete", path + "/*")


def effective(chain: Chain, verb: str) -> list[str]:
    """The patterns of the intersection, subsumed ones dropped."""
    if not chain:
        return []
    current = list(chain[0].get(verb, ()))
    for g in chain[1:]:
        nxt = set()
        for a in current:
            for b in g.get(verb, ()):
                c = intersect_patterns(a, b)
                if c is not None:
                    nxt.add(c)
        current = sorted(nxt)
    out = sorted(set(current))
    return [p for p in out if not any(q != p and contains(q, p) for q in out)]


def lens_admits(path: str, lens: list[str] | None) -> bool:
    """A lens path sees itself, what lies below it, and its ancestors; no lens sees all."""
    if lens is None:
        return True
    return any(related(path, p) for p in lens)


def visible(chain: Chain, lens: list[str] | None, path: str) -> bool:
    """Reads fail closed: ``memory:read`` covers the scope, and the lens narrows."""
    return can(chain, READ, path) and lens_admits(path, lens)


def writable(chain: Chain, path: str, authoritative: bool) -> bool:
    return can(chain, WRITE, path) and (not authoritative or can(chain, CURATE, path))


def forgettable(chain: Chain, path: str, authoritative: bool) -> bool:
    """``memory:forget`` over the row's scope, and ``memory:curate`` too for an authoritative
    row."""
    return can(chain, FORGET, path) and (not authoritative or can(chain, CURATE, path))


def lens_inside(chain: Chain, lens: list[str] | None) -> bool:
    return lens is not None and all(can(chain, READ, p) for p in lens)


def lens_outside(chain: Chain, lens: list[str] | None) -> bool:
    """No path the lens admits is readable."""
    if lens is None:
        return False
    pats = effective(chain, READ)
    return not any(q == ALL or related(base_of(q), p) for q in pats for p in lens)


# ----------------------------------------------------------------------------- contexts


def reaches(chain: ContextChain, name: str) -> bool:
    """The key's contexts ∩ its principal's (∩ a delegation target's) hold ``name``."""
    return all(ALL in level or name in level for level in chain)


def reaches_all(chain: ContextChain) -> bool:
    return all(ALL in level for level in chain)


def contexts_within(chain: ContextChain, requested: list[str]) -> bool:
    """A key's requested contexts must be among the calling key's."""
    if ALL in requested:
        return reaches_all(chain)
    return all(reaches(chain, n) for n in requested)


# ----------------------------------------------------------------------------- administrators


def full_admin(chain: Chain, ctx_chain: ContextChain) -> bool:
    """``grant:manage`` over ``*`` and contexts ``["*"]``: acts on the whole server (backup,
    metrics, every principal)."""
    return manages(chain) and reaches_all(ctx_chain)


def administers(chain: Chain, ctx_chain: ContextChain, contexts: Contexts) -> bool:
    """May administer a principal reaching ``contexts``: a full administrator any; one bound to
    some contexts only a principal whose contexts are not empty, not ``*``, and all reached."""
    if not manages(chain):
        return False
    if reaches_all(ctx_chain):
        return True
    return bool(contexts) and ALL not in contexts and all(reaches(ctx_chain, n) for n in contexts)


def principal_update(
    *,
    chain: Chain,
    ctx_chain: ContextChain,
    own: bool,
    target: Contexts | None,
    contexts: Contexts | None = None,
    lockout: bool = False,
) -> set[int]:
    """``PUT /principals/{id}/grants`` (``contexts`` None) or ``.../contexts``. ``own``: the
    caller's own principal (or the one it acts for); ``target``: the principal's contexts, None
    when no such principal exists; ``lockout``: the change would leave no full administrator."""
    if not manages(chain):
        return {403}
    if own:
        return {403}
    if target is None or not administers(chain, ctx_chain, target):
        return {404}
    if contexts is not None:
        if not contexts_within(ctx_chain, contexts):
            return {403}
        if not contexts and not reaches_all(ctx_chain):
            return {403}
    return {409} if lockout else {200}


def listed_principals(
    chain: Chain, ctx_chain: ContextChain, principals: dict[str, Contexts]
) -> set[str] | None:
    """``GET /principals``: the ids listed (of ``principals``: id -> contexts), None: a 403."""
    if not manages(chain):
        return None
    return {pid for pid, c in principals.items() if administers(chain, ctx_chain, c)}


def listed_keys(chain: Chain, ctx_chain: ContextChain, owner: Contexts, own: bool) -> set[int]:
    """``GET /keys?principalId=``: the principal's keys if the caller administers it; its own
    principal that it does not administer is a 403, another tenant's a 404 (like unknown)."""
    if not manages(chain):
        return {403}
    if administers(chain, ctx_chain, owner):
        return {200}
    return {403} if own else {404}


def key_manage(
    *,
    chain: Chain,
    ctx_chain: ContextChain,
    itself: bool,
    owner: Contexts | None,
    own_principal: bool,
    holds: bool = True,
    rotate: bool = False,
    lockout: bool = False,
) -> set[int]:
    """``POST /keys/{id}/rotate`` or ``DELETE /keys/{id}``. ``itself``: the id is the calling
    key's (or an older id of it); ``owner``: the key's principal's contexts, None when no such
    key exists; ``holds``: the caller may do all the key may (a rotation hands over a token)."""
    if itself:
        return {409} if lockout and not rotate else {200}
    if not manages(chain):
        return {403}
    if owner is None:
        return {404}
    if not administers(chain, ctx_chain, owner):
        return {403} if own_principal else {404}
    if rotate and not holds:
        return {403}
    return {409} if lockout and not rotate else {200}


# ----------------------------------------------------------------------------- keys


@dataclass
class KeyDecision:
    status: int  # 201, 403, 404 or 422
    fields: set[str]  # the fields a 422 may name (any of them)
    ambiguous: bool = False  # the page does not say: 201 and 422 are both allowed

    @property
    def statuses(self) -> set[int]:
        return {201, 422} if self.ambiguous else {self.status}


def key_request(
    *,
    caller: Chain,
    caller_contexts: ContextChain,
    caller_expires: int | None,
    caller_strict: bool,
    body: dict,
    target: tuple[Grants, Contexts] | None,
) -> KeyDecision:
    """``POST /api/v1/keys``. ``target`` is the named principal's (grants, contexts) when the
    body names another principal, else None (a key for the calling principal)."""
    if target is not None and not manages(caller):
        return KeyDecision(403, set())
    if target is not None and not administers(caller, caller_contexts, target[1]):
        return KeyDecision(404, set())  # another tenant's principal: like an unknown id
    # for another principal: narrower than that principal and than the calling key
    bound: Chain = caller if target is None else [target[0], *caller]
    bound_contexts: ContextChain = (
        caller_contexts if target is None else [target[1], *caller_contexts]
    )
    bad: set[str] = set()
    for verb, patterns in (body.get("grants") or {}).items():
        if any(not covers(bound, verb, p) for p in patterns):
            bad.add("grants")
    if "contexts" in body and not contexts_within(bound_contexts, body["contexts"]):
        bad.add("contexts")
    exp = body.get("expiresMs")
    if exp is not None and caller_expires is not None and exp > caller_expires:
        bad.add("expiresMs")
    if caller_strict and body.get("strict") is False:
        bad.add("strict")
    if bad:
        return KeyDecision(422, bad)
    return KeyDecision(201, set())


# ----------------------------------------------------------------------------- rows

# a row is there (alive), gone with its traces possibly kept (soft), gone with every copy
# (purged), or either, the contract allowing both (maybe; settled by a census)
ALIVE, MAYBE, SOFT, PURGED = "alive", "maybe", "soft", "purged"


@dataclass(eq=False)
class Row:
    """One row the workload knows about (or presumes: ``derived`` rows stand for what a turn
    or a document may have produced; they are never required, only allowed)."""

    ctx: str
    kind: str  # turn | fact | instruction | doc | chunk | derived
    scope: str
    auth: bool
    markers: frozenset[int]
    required: bool  # must appear in the exact lists that carry its kind
    state: str = ALIVE
    rid: str | None = None  # turn-…, fact:N, chunk-…, the document's id, instruction:N
    session: str | None = None
    subject: str | None = None
    parent: Row | None = None
    active: bool | None = None  # instructions: True active, False revoked, None not known
    maybe_purge: bool = True  # a maybe-row found gone later: was every candidate op a purge
    surely_soft: bool = False  # soft-forgotten for sure (not perhaps purged)
    # requests that must not have touched it (refused, or it was no candidate): named when the
    # row turns out missing
    threats: list[str] = field(default_factory=list)

    @property
    def exists(self) -> bool | None:
        """True: it is there; False: it is gone; None: the contract allows either."""
        if self.state == ALIVE:
            return None if self.kind == "derived" else True
        if self.state == MAYBE:
            return None
        return False

    def gone(self, purge: bool, surely: bool = False) -> None:
        """Forgotten; ``surely``: by a request that certainly kept it (a soft forget of a row
        that was there)."""
        if purge:
            self.state = PURGED
        elif self.state != PURGED:
            self.surely_soft = surely and self.exists is True or self.surely_soft
            self.state = SOFT

    def maybe(self, purge: bool) -> None:
        if self.state == ALIVE:
            self.state = MAYBE
            self.maybe_purge = purge
        elif self.state == MAYBE:
            self.maybe_purge = self.maybe_purge and purge


class Rows:
    """Every row of every context, indexed."""

    def __init__(self) -> None:
        self.all: list[Row] = []
        self.by_marker: dict[int, list[Row]] = defaultdict(list)
        self.by_ctx: dict[str, list[Row]] = defaultdict(list)
        self.by_rid: dict[tuple[str, str], Row] = {}
        self.by_scope: dict[str, dict[str, list[Row]]] = defaultdict(lambda: defaultdict(list))
        self.complaints: list[str] = []

    def add(self, row: Row) -> Row:
        self.all.append(row)
        self.by_ctx[row.ctx].append(row)
        self.by_scope[row.ctx][row.scope].append(row)
        for m in row.markers:
            self.by_marker[m].append(row)
        if row.rid is not None:
            rid, row.rid = row.rid, None
            self.set_rid(row, rid)
        return row

    def set_rid(self, row: Row, rid: str) -> str | None:
        """Gives ``row`` its server id. An id may come back once its row is purged (the
        server may reuse it): the old row loses it. Returns a complaint if a row still there
        held it."""
        if row.rid is not None:
            return None
        old = self.by_rid.get((row.ctx, rid))
        complaint = None
        if old is not None and old is not row:
            if old.exists is True:
                complaint = f"id {rid} of {old.kind} zq{min(old.markers)} given again"
                self.complaints.append(f"{row.ctx}: {complaint}")
            elif old.exists is None:
                old.gone(True)  # its id was given to another row: it is no more
            old.rid = None
        row.rid = rid
        self.by_rid[(row.ctx, rid)] = row
        return complaint

    def children(self, row: Row) -> list[Row]:
        return [r for r in self.by_scope[row.ctx][row.scope] if r.parent is row]

    def visible_rows(self, ctx: str, chain: Chain, lens: list[str] | None) -> list[Row]:
        out: list[Row] = []
        for scope, rows in self.by_scope[ctx].items():
            if visible(chain, lens, scope):
                out.extend(rows)
        return out


# ----------------------------------------------------------------------------- forgetting


@dataclass
class ForgetDecision:
    statuses: set[int]
    affected: list[Row]  # what a 200 removes (by scope, by id) or may remove (by query)
    ambiguous: bool = False


def forget_by_scope(rows: Rows, chain: Chain, ctx: str, scope: str, purge: bool):
    """Without ``memory:forget`` over the scope named, a 403 whether it holds rows or not
    (decided before any row is looked at: no oracle of another's data). Then every row
    actually affected is checked; one not covered makes the whole request a 403 and nothing
    is removed. The rows affected are taken to be those of the scope and below it (as for a
    tombstone; the page does not spell out the extent)."""
    # a soft forget affects the rows not yet forgotten; a purge all of them
    sub = [
        r
        for r in rows.by_ctx[ctx]
        if under(r.scope, scope) and r.state != PURGED and (purge or r.state != SOFT)
    ]
    definite = [r for r in sub if r.exists is True or r.state == SOFT and r.surely_soft]
    # maybe, derived, and forgotten rows the run is not sure are still kept (soft)
    unsure = [r for r in sub if r not in definite]

    def ok(r: Row) -> bool:
        return forgettable(chain, r.scope, r.auth)

    if not can(chain, FORGET, scope):
        return ForgetDecision({403}, sub)
    if any(not ok(r) for r in definite):
        return ForgetDecision({403}, sub)
    if any(not ok(r) for r in unsure):
        return ForgetDecision({200, 403}, sub, ambiguous=True)
    return ForgetDecision({200}, sub)


def forget_by_id(chain: Chain, row: Row | None, strict: bool) -> ForgetDecision:
    """A row the key cannot read is a 404 (like a missing one), one it may not forget a 403."""
    if row is None:
        return ForgetDecision({404}, [])
    hidden = {403, 404} if strict else {404}
    if row.exists is False:
        # gone already, out of every read: one it may not forget is a 404; one it may, a 404
        # or done again (200), the page does not say
        if not can(chain, READ, row.scope) or not forgettable(chain, row.scope, row.auth):
            return ForgetDecision(hidden, [])
        return ForgetDecision({404, 200}, [], ambiguous=True)
    if not can(chain, READ, row.scope):
        return ForgetDecision(hidden | ({404} if row.exists is None else set()), [])
    if not forgettable(chain, row.scope, row.auth):
        out = {403} | ({404} if row.exists is None else set())
        return ForgetDecision(out, [], ambiguous=row.exists is None)
    out = {200} | ({404} if row.exists is None else set())
    return ForgetDecision(out, [row], ambiguous=row.exists is None)


def forgets_anything(chain: Chain) -> bool:
    """``memory:forget`` over at least one path: a forget by query of a key that may forget
    nothing at all is a 403."""
    for g in chain:
        for p in g.get(FORGET, ()):
            base = p[:-2] if p.endswith("/*") else ("zz" if p == ALL else p)
            if can(chain, FORGET, base) or can(chain, FORGET, base + "/x"):
                return True
    return False


def forget_candidates(rows: Rows, chain: Chain, ctx: str) -> list[Row]:
    """By query: only rows the key may read and forget are candidates."""
    return [
        r
        for r in rows.by_ctx[ctx]
        if r.state in (ALIVE, MAYBE)
        and can(chain, READ, r.scope)
        and forgettable(chain, r.scope, r.auth)
    ]


def marker_allowed(
    rows: Iterable[Row], ctx: str, chain: Chain, lens: list[str] | None, traces: bool
) -> bool:
    """May a response in ``ctx`` to ``chain`` (through ``lens``) carry this marker: some row
    carrying it is (or may be) there and visible. A soft forget takes the rows out of every
    read, and the traces, observations and conflicts that quote them too (``traces`` is kept
    for the day the page says otherwise)."""
    ok_states = (ALIVE, MAYBE)
    return any(
        r.ctx == ctx and r.state in ok_states and visible(chain, lens, r.scope) for r in rows
    )
