"""Lifecycle jobs: forget (soft, purge, whole scope subtrees), consolidate (repeated
observations become durable beliefs; expired context is closed; decay is applied) and elaborate
(entities that co-occur are related; chat mentions are linked to catalogue entities).

Forgetting is checked row by row against the caller (``access.Caller``; None: every right):
``memory:forget`` over the row's scope, and ``memory:curate`` too for an authoritative row (a
curated fact or entity, a document chunk, a document). A purge removes every copy: the rows,
their provenance, the traces and observations that quote them, the sources nothing else uses,
and the engine's record (text, full-text entry, log frames); SQLite overwrites what it frees
(``secure_delete``) and its own log is truncated afterwards.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.lexical import match_terms, query_terms
from ..errors import ForbiddenError, NotFoundError, ValidationError
from ..store.sqlite import truncate_log
from . import reads
from .access import Caller, may_forget
from .redaction import REGION, region
from .vocab import CATEGORIES, TRUST_PRIORS
from .words import STOP

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = [
    "check_forget",
    "consolidate",
    "elaborate",
    "forget",
    "forget_document",
    "forget_ids",
    "said_of",
]

_DAY_MS = 86_400_000
#: Tables forgotten with a scope besides facts, passages and documents, with the column that
#: marks an authoritative row (None: never authoritative).
_SCOPED = (("instructions", None), ("uncertainties", None), ("entities", "authoritative"))
_COUNTED = ("facts", "turns", "chunks", "documents", "instructions", "uncertainties")
#: A forget by query removes a row only if its own text shares a content word with the query
#: (compared as the full-text index compares words: porter stems) or its meaning is at least
#: this close (cosine): the best of unrelated rows ("my medical diagnosis" against "My dog is
#: called Rolo.") was always removed before. A passage's full-text score is not the test: it
#: covers the words of the turns around it (the engine's neighbour window), so "diabetes"
#: scored "I like hiking in the mountains." 0.95 for the turn before it.
#: Measured with the default embedder: related rows without a shared word score 0.55-0.58
#: ("my medical diagnosis" / "I was diagnosed with type 2 diabetes"), unrelated ones at most
#: 0.37.
FORGET_MIN_SIMILARITY = 0.4
#: A dry run lists at most this many of the rows it would remove (the counts are complete).
DRY_RUN_LISTED = 100
NOTHING_RELATED = "nothing stored is related enough to the query: nothing was forgotten"


@dataclass
class _Plan:
    """What one forget removes (checked against the caller before anything is)."""

    facts: list[int] = field(default_factory=list)
    passages: list[tuple[str, str]] = field(default_factory=list)  # (turns | chunks, id)
    rows: dict[str, list[int]] = field(default_factory=dict)  # instructions, ..., entities
    documents: list[int] = field(default_factory=list)
    scope: str | None = None  # a whole subtree


@dataclass
class _Related:
    """What a purge removes besides the rows themselves, found before they go."""

    scope: str | None = None
    facts: list[int] = field(default_factory=list)
    entities: set[int] = field(default_factory=set)
    sources: set[int] = field(default_factory=set)
    passage_sources: set[int] = field(default_factory=set)
    signatures: set[tuple[str, str]] = field(default_factory=set)
    uncertainties: set[int] = field(default_factory=set)
    #: instructions removed: a revocation's trace (the revoking turn's) quotes their text
    instructions: set[int] = field(default_factory=set)


def _subtree(scope: str) -> tuple[str, tuple[str, str, str]]:
    # the subtree as a text range ('/' sorts just before '0'): LIKE would read '_' in a path
    # as a wildcard and ignore case, forgetting other scopes' records
    return "(scope=? OR (scope>=? AND scope<?))", (scope, scope + "/", scope + "0")


def _marks(items: Any) -> str:
    return ",".join("?" * len(items))


def _refuse(scope: str, authoritative: bool) -> ForbiddenError:
    need = "memory:forget and memory:curate" if authoritative else "memory:forget"
    return ForbiddenError(f"this key has no {need} over {scope!r}", scope=scope)


def forget(
    store: OpenStore,
    query: str | None,
    id: Any,
    scope: str | None,
    purge: bool,
    caller: Caller | None = None,
    lens: list[str] | None = None,
    extracted: bool = False,
    dry_run: bool = False,
) -> dict[str, Any]:
    """``Memory.forget``: the counts of what was forgotten (with ``dry_run``, of what would
    be, and the rows)."""
    if sum(x is not None for x in (query, id, scope)) != 1:
        raise ValidationError("forget", "give exactly one of query, id or scope")
    if lens is not None and query is None:
        raise ValidationError("lens", "narrows a forget by query (an id or a scope is exact)")
    if dry_run:  # checked exactly as the real one, and nothing changes
        # a read: planned on one snapshot of the committed rows, never waiting for a write
        # (a server's dry run held the process's read slot while it waited for the lock)
        with store.snapshot():
            plan = _plan(store, query, id, scope, purge, caller, lens, extracted)
            return _described(store, plan, purge, caller)
    with store.lock:
        with store.transaction():
            plan = _plan(store, query, id, scope, purge, caller, lens, extracted)
            if scope is not None and store.jobs is not None:
                store.jobs.forget_scope(*_subtree(scope))  # (no upload job refills it)
            engine = _engine_copies(store, plan)
            counts = _apply(store, plan, purge)
        _engine_forget(store, engine, purge)
    return counts


def forget_ids(
    store: OpenStore, ids: list[Any], purge: bool, caller: Caller | None, extracted: bool
) -> dict[str, int]:
    """``forget`` by id of many rows in one transaction, all or none: each is checked as by
    ``forget(id=...)`` before any is removed (a mem0 reset of 300 memories one call each took
    26 s, each purge emptying SQLite's log again)."""
    with store.lock:
        with store.transaction():
            plan = _Plan()
            for one in ids:
                part = _plan_id(store, one, caller)
                if purge or extracted:
                    _with_extracted(store, part, caller)
                plan.facts += part.facts
                plan.passages += part.passages
                for table, rows in part.rows.items():
                    plan.rows.setdefault(table, []).extend(rows)
            plan.facts = list(dict.fromkeys(plan.facts))
            plan.passages = list(dict.fromkeys(plan.passages))
            plan.rows = {t: list(dict.fromkeys(r)) for t, r in plan.rows.items()}
            engine = _engine_copies(store, plan)
            counts = _apply(store, plan, purge)
        _engine_forget(store, engine, purge)
    return counts


def said_of(query: str | None, counts: dict[str, Any]) -> dict[str, Any]:
    """A forget by query's answer over the API: with zero counts, a ``message`` saying that
    nothing was related enough (an agent must not read it as an error, nor retry wider)."""
    if query is not None and not any(
        v for v in counts.values() if isinstance(v, int) and not isinstance(v, bool)
    ):
        done = "would be forgotten" if counts.get("dryRun") else "was forgotten"
        return {**counts, "message": NOTHING_RELATED.replace("was forgotten", done)}
    return counts


def _plan(
    store: OpenStore,
    query: str | None,
    id: Any,
    scope: str | None,
    purge: bool,
    caller: Caller | None,
    lens: list[str] | None,
    extracted: bool,
) -> _Plan:
    if scope is not None:
        return _plan_scope(store, scope, caller, purge)
    if id is not None:
        plan = _plan_id(store, id, caller)
        if purge or extracted:
            _with_extracted(store, plan, caller)
        return plan
    return _plan_query(store, query, caller, lens)


def _described(store: OpenStore, plan: _Plan, purge: bool, caller: Caller | None) -> dict[str, Any]:
    """What ``forget`` would remove: the counts of the rows themselves (what goes with them,
    such as the traces that quote them, is not counted) and the first ``DRY_RUN_LISTED`` of
    them that the caller may read, with their text."""
    alive = "" if purge else " AND forgotten=0"
    counts: dict[str, Any] = dict.fromkeys(_COUNTED, 0)
    listed: list[dict[str, Any]] = []
    readable = caller.readable if caller is not None else (lambda s: True)
    groups: list[tuple[str, str, list]] = [
        ("facts", "statement", plan.facts),
        ("turns", "text", [p for t, p in plan.passages if t == "turns"]),
        ("chunks", "text", [p for t, p in plan.passages if t == "chunks"]),
        ("documents", "name", plan.documents),
        ("instructions", "text", plan.rows.get("instructions", [])),
        ("uncertainties", "about", plan.rows.get("uncertainties", [])),
    ]
    for table, column, ids in groups:
        for i in range(0, len(ids), 500):
            part = ids[i : i + 500]
            for rid, s, text in store.db.execute(
                f"SELECT id, scope, {column} FROM {table} WHERE id IN ({_marks(part)}){alive}",
                part,
            ):
                counts[table] += 1
                if len(listed) < DRY_RUN_LISTED and readable(s):
                    shown = f"fact:{rid}" if table == "facts" else rid
                    listed.append({"kind": table[:-1], "id": shown, "scope": s, "text": text})
    counts["dryRun"] = True
    counts["wouldForget"] = listed
    return counts


def _engine_copies(store: OpenStore, plan: _Plan) -> list[str]:
    """The engine ids of the plan's passages: a chunk's id, every version of a turn."""
    from .revisions import engine_ids

    turns = [p for t, p in plan.passages if t == "turns"]
    return [p for t, p in plan.passages if t != "turns"] + engine_ids(store, turns)


def check_forget(
    store: OpenStore, id: Any, scope: str | None, caller: Caller | None, purge: bool = False
) -> None:
    """What ``forget`` by id or by scope would refuse, refused now; nothing changes (a read
    of one snapshot: it never waits for a write)."""
    if (id is None) == (scope is None):
        raise ValidationError("forget", "give exactly one of id or scope")
    with store.snapshot():
        if scope is not None:
            _plan_scope(store, scope, caller, purge)
        else:
            plan = _plan_id(store, id, caller)
            if purge:
                _with_extracted(store, plan, caller)


def _plan_scope(store: OpenStore, scope: str, caller: Caller | None, purge: bool) -> _Plan:
    """Every row of the subtree it affects (a soft forget: the rows not yet forgotten; a
    purge: all of them); a ForbiddenError (naming only a scope the caller may read) if the
    caller may not forget one of them."""
    if caller is not None and not caller.can("memory:forget", scope):
        # decided by the rights over the scope named, before any row is looked at: a scope
        # of another customer's is refused alike whether it holds rows or is empty
        raise ForbiddenError(
            f"this key has no memory:forget over {scope!r}: nothing was forgotten", scope=scope
        )
    where, params = _subtree(scope)
    where += "" if purge else " AND forgotten=0"
    plan = _Plan(scope=scope)
    checks: set[tuple[str, bool]] = set()
    for fid, s, auth in store.db.execute(
        f"SELECT id, scope, authoritative FROM facts WHERE {where}", params
    ):
        plan.facts.append(fid)
        checks.add((s, bool(auth)))
    for table, column in _SCOPED:
        ids = plan.rows[table] = []
        for rid, s, auth in store.db.execute(
            f"SELECT id, scope, {column or '0'} FROM {table} WHERE {where}", params
        ):
            ids.append(rid)
            checks.add((s, bool(auth)))
    for table in ("turns", "chunks"):
        for pid, s in store.db.execute(f"SELECT id, scope FROM {table} WHERE {where}", params):
            plan.passages.append((table, pid))
            checks.add((s, table == "chunks"))
    for did, s in store.db.execute(f"SELECT id, scope FROM documents WHERE {where}", params):
        plan.documents.append(did)
        checks.add((s, True))
    if caller is not None:
        refused = sorted(c for c in checks if not may_forget(caller, *c))
        if refused:
            shown = next((c for c in refused if caller.readable(c[0])), None)
            if shown is not None:
                err = _refuse(*shown)
                raise ForbiddenError(
                    f"{err}, under {scope!r}: nothing was forgotten", scope=shown[0]
                )
            raise ForbiddenError(
                f"this key may not forget everything under {scope!r}: nothing was forgotten",
                scope=scope,
            )
    return plan


def _plan_id(store: OpenStore, id: Any, caller: Caller | None) -> _Plan:
    """One fact, turn or chunk: NotFoundError if it is not there or the caller may not read
    it, ForbiddenError if it may read but not forget it. A row already (softly) forgotten is
    out of every read: for a caller that may not forget it, it is not there either (a caller
    that may forget it can still purge it)."""
    sid = str(id)
    plan = _Plan()
    if sid.startswith("fact:") or sid.isdigit():
        number = sid.removeprefix("fact:")
        if not (number.isascii() and number.isdigit()) or len(number) > 18:
            raise NotFoundError(sid)
        row = store.db.execute(
            "SELECT scope, forgotten, authoritative FROM facts WHERE id=?", (int(number),)
        ).fetchone()
        authoritative = bool(row and row[2])
        plan.facts = [int(number)]
    else:
        table = "turns" if sid.startswith("turn-") else "chunks"
        row = store.db.execute(
            f"SELECT scope, forgotten FROM {table} WHERE id=?", (sid,)
        ).fetchone()
        authoritative = table == "chunks"
        plan.passages = [(table, sid)]
    if row is None or (caller is not None and not caller.readable(row[0])):
        raise NotFoundError(sid)
    if not may_forget(caller, row[0], authoritative):
        if row[1]:
            raise NotFoundError(sid)
        raise _refuse(row[0], authoritative)
    return plan


def _with_extracted(store: OpenStore, plan: _Plan, caller: Caller | None) -> None:
    """A purged turn takes what was extracted from it along (its facts, instructions and
    uncertainties quote its words), each checked against the caller like the turn."""
    turns = [pid for table, pid in plan.passages if table == "turns"]
    if not turns:
        return
    sources = [
        r[0]
        for r in store.db.execute(
            f"SELECT id FROM sources WHERE kind='turn' AND ref IN ({_marks(turns)})", turns
        )
    ]
    if not sources:
        return
    m = _marks(sources)
    for fid, s, auth in store.db.execute(
        f"SELECT id, scope, authoritative FROM facts WHERE source_id IN ({m})", sources
    ):
        if not may_forget(caller, s, bool(auth)):
            raise _refuse(s, bool(auth))
        plan.facts.append(fid)
    for table in ("instructions", "uncertainties"):
        for rid, s in store.db.execute(
            f"SELECT id, scope FROM {table} WHERE source_id IN ({m})", sources
        ):
            if not may_forget(caller, s, False):
                raise _refuse(s, False)
            plan.rows.setdefault(table, []).append(rid)


def _plan_query(
    store: OpenStore, query: Any, caller: Caller | None, lens: list[str] | None = None
) -> _Plan:
    """What the query finds best (score above half the best) among the rows the caller may
    read and forget (and curate, if authoritative), at or below the lens's paths only (a
    lens that reads an organisation's policies beside a user's words forgets only the
    user's), and of those only the rows related to the query: a word of the row's own text
    shared, or a meaning at least ``FORGET_MIN_SIMILARITY`` close (the best of unrelated rows
    is not "what the query finds")."""
    # meaning and words only: who is named, a date, the time line add to many rows alike and
    # would carry unrelated ones over the half-the-best cut
    outer = REGION.get()

    def allowed(s: str) -> bool:
        return (
            (outer is None or outer(s))
            and (lens is None or any(s == p or s.startswith(p + "/") for p in lens))
            and (caller is None or (caller.readable(s) and caller.can("memory:forget", s)))
        )

    with region(store, allowed):
        hits = reads.query(store, query, k=20, one_per_text=False, profile="matching", explain=True)
    hits = [h for h in hits if allowed(h.scope) and may_forget(caller, h.scope, h.authoritative)]
    shared = _sharing_a_word(query, [h.text for h in hits])
    hits = [h for i, h in enumerate(hits) if _relevant(h, i in shared)]
    plan = _Plan()
    if hits:
        top = hits[0].score
        for h in hits:
            if h.score < top / 2:
                continue
            if h.kind == "fact":
                plan.facts.append(int(h.id[5:]))
            else:
                plan.passages.append(("turns" if h.kind == "turn" else "chunks", h.id))
    return plan


def _relevant(hit: Any, shares_a_word: bool) -> bool:
    """A hit's own text shares a word with the query, or it means nearly the same. A fact's
    lexical part is of its own words already; a passage's is of its neighbour window too."""
    why = hit.explain or {}
    if hit.kind == "fact" and why.get("lexical", 0.0) > 0:
        return True
    return shares_a_word or why.get("similarity", 0.0) >= FORGET_MIN_SIMILARITY


def _sharing_a_word(query: str, texts: list[str]) -> set[int]:
    """The positions of ``texts`` that hold a content word of ``query``, the words tokenized
    and stemmed as the engine's full-text index does them ("dogs" finds "dog"): the hits'
    texts in a throwaway full-text table (at most the 20 hits a forget plans from)."""
    terms = [t for t in query_terms(query, keep_stopwords=True) if t not in STOP]
    match = match_terms(terms)
    if match is None or not texts:
        return set()
    con = sqlite3.connect(":memory:")
    try:
        con.execute("CREATE VIRTUAL TABLE t USING fts5(text, tokenize='porter unicode61')")
        con.executemany(
            "INSERT INTO t(rowid, text) VALUES(?, ?)", [(i + 1, x) for i, x in enumerate(texts)]
        )
        return {r[0] - 1 for r in con.execute("SELECT rowid FROM t WHERE t MATCH ?", (match,))}
    finally:
        con.close()


def _apply(store: OpenStore, plan: _Plan, purge: bool) -> dict[str, int]:
    counts = dict.fromkeys(_COUNTED, 0)
    related = _related(store, plan)
    counts["facts"] = _drop(store, "facts", plan.facts, purge)
    for table, ids in plan.rows.items():
        n = _drop(store, table, ids, purge)
        if table in counts:
            counts[table] += n
    for table in ("turns", "chunks"):
        counts[table] += _drop(store, table, [p for t, p in plan.passages if t == table], purge)
    counts["documents"] = _drop(store, "documents", plan.documents, purge)
    if purge:
        _purge_related(store, related)
    else:  # out of every read: the traces and observations that quote the rows, and
        _hide_related(store, related)  # the conflict opened by the write of a forgotten fact
        for i in range(0, len(plan.facts), 500):
            part = plan.facts[i : i + 500]
            cur = store.db.execute(
                f"UPDATE uncertainties SET forgotten=1 WHERE forgotten=0 AND "
                f"json_extract(fact_ids, '$[0]') IN ({_marks(part)})",
                part,
            )
            counts["uncertainties"] += cur.rowcount
    if any(counts.values()):
        store.note_forget()
    return counts


def _engine_forget(store: OpenStore, ids: list[str], purge: bool) -> None:
    """The engine's copies of forgotten passages: tombstoned, or with ``purge`` removed (its
    text, full-text entry and log frames); then SQLite's own log is emptied of old pages."""
    if purge:
        if ids:
            store.engine.purge(ids)
        truncate_log(store.db)
        return
    for pid in ids:
        if store.engine.exists(pid):
            store.engine.forget(pid)


def forget_document(
    store: OpenStore, doc_id: int, purge: bool, caller: Caller | None = None
) -> dict[str, int]:
    """Forget a document with every version of it (the rows of its name in its scope): a
    purged newest version must not bring the one it replaced back to life."""
    now = int(time.time() * 1000)
    with store.lock:
        with store.transaction():
            row = store.db.execute(
                "SELECT scope, forgotten, name FROM documents WHERE id=?", (doc_id,)
            ).fetchone()
            if row is None or (caller is not None and not caller.readable(row[0])):
                raise NotFoundError(str(doc_id), "document")
            if not may_forget(caller, row[0], True):
                if row[1]:  # already forgotten: out of every read
                    raise NotFoundError(str(doc_id), "document")
                raise _refuse(row[0], True)
            live = "" if purge else " AND forgotten=0"
            versions = [
                r[0]
                for r in store.db.execute(
                    f"SELECT id FROM documents WHERE scope=? AND name=?{live}", (row[0], row[2])
                )
            ] or [doc_id]
            m = _marks(versions)
            chunks = [
                r[0]
                for r in store.db.execute(
                    f"SELECT id FROM chunks WHERE document_id IN ({m}){live}", versions
                )
            ]
            facts = [
                r[0]
                for r in store.db.execute(
                    f"SELECT id FROM facts WHERE document_id IN ({m})", versions
                )
            ]
            store.db.execute(
                f"UPDATE facts SET closed_ms=COALESCE(closed_ms, ?) WHERE document_id IN ({m})",
                (now, *versions),
            )
            if purge:
                plan = _Plan(facts, [("chunks", c) for c in chunks], documents=versions)
                counts = _apply(store, plan, True)
                n_facts, n_chunks = counts["facts"], counts["chunks"]
            else:
                plan = _Plan(facts, [("chunks", c) for c in chunks], documents=versions)
                _hide_related(store, _related(store, plan))  # traces quoting it leave reads too
                n_facts = len(facts)
                n_chunks = _drop(store, "chunks", chunks, False)
                store.db.execute(f"UPDATE documents SET forgotten=1 WHERE id IN ({m})", versions)
                store.note_forget()
        _engine_forget(store, chunks, purge)
    return {"documents": len(versions), "chunks": n_chunks, "facts": n_facts}


def _related(store: OpenStore, plan: _Plan) -> _Related:
    """The sources, entities, observations and conflicts of what a purge removes."""
    rel = _Related(scope=plan.scope, facts=list(plan.facts))
    db = store.db
    for i in range(0, len(plan.facts), 500):
        ids = plan.facts[i : i + 500]
        m = _marks(ids)
        for src, eid, oid, scope, ekey, key, value in db.execute(
            f"SELECT f.source_id, f.entity_id, f.object_id, f.scope, e.key, f.key, f.value "
            f"FROM facts f JOIN entities e ON e.id=f.entity_id WHERE f.id IN ({m})",
            ids,
        ):
            rel.sources.add(src)
            rel.entities.add(eid)
            if oid is not None:
                rel.entities.add(oid)
            sig = f"{ekey}|{key}|{value.casefold()}"  # as recording._observe signs a claim
            rel.signatures.add((scope, hashlib.sha1(sig.encode()).hexdigest()))
        rel.sources.update(
            r[0]
            for r in db.execute(f"SELECT source_id FROM provenance WHERE fact_id IN ({m})", ids)
        )
        # a conflict opened by the write of a purged fact quotes its value
        rel.uncertainties.update(
            r[0]
            for r in db.execute(
                f"SELECT id FROM uncertainties WHERE json_extract(fact_ids, '$[0]') IN ({m})", ids
            )
        )
    for table, ids in plan.rows.items():
        for i in range(0, len(ids), 500):
            part = ids[i : i + 500]
            extra = ", revoked_by" if table == "instructions" else ""
            for r in db.execute(
                f"SELECT source_id{extra} FROM {table} WHERE id IN ({_marks(part)})", part
            ):
                rel.sources.update(x for x in r if x is not None)
        if table == "entities":
            rel.entities.update(ids)
        if table == "instructions":
            rel.instructions.update(ids)
    refs = [("turn", p) for t, p in plan.passages if t == "turns"]
    refs += [("document", str(d)) for d in plan.documents]
    for kind in ("turn", "document"):
        wanted = [r for k, r in refs if k == kind]
        for i in range(0, len(wanted), 500):
            part = wanted[i : i + 500]
            rel.passage_sources.update(
                r[0]
                for r in db.execute(
                    f"SELECT id FROM sources WHERE kind=? AND ref IN ({_marks(part)})",
                    [kind, *part],
                )
            )
    rel.sources |= rel.passage_sources
    return rel


def _purge_related(store: OpenStore, rel: _Related) -> None:
    """After the rows of a purge: the traces, observations, conflicts, entities and sources
    that held copies of them."""
    traces, observations = _copies(store, rel)
    for i in range(0, len(observations), 500):
        part = observations[i : i + 500]
        store.db.execute(f"DELETE FROM observations WHERE id IN ({_marks(part)})", part)
    _delete_ids(store, "traces", traces)
    _delete_ids(store, "uncertainties", sorted(rel.uncertainties))
    _purge_entities(store, sorted(rel.entities))
    _purge_sources(store, sorted(rel.sources))


def _hide_related(store: OpenStore, rel: _Related) -> None:
    """After the rows of a soft forget: the traces and observations that quote them leave
    every read too (and consolidation), kept for a purge to find."""
    traces, observations = _copies(store, rel)
    for table, ids in (("traces", traces), ("observations", observations)):
        for i in range(0, len(ids), 500):
            part = ids[i : i + 500]
            store.db.execute(f"UPDATE {table} SET forgotten=1 WHERE id IN ({_marks(part)})", part)


def _copies(store: OpenStore, rel: _Related) -> tuple[list[int], list[int]]:
    """The traces and observations that quote what ``rel`` describes."""
    db = store.db
    traces: set[int] = set()
    observations: set[int] = set()
    if rel.scope is not None:
        where, params = _subtree(rel.scope)
        traces.update(r[0] for r in db.execute(f"SELECT id FROM traces WHERE {where}", params))
        observations.update(
            r[0] for r in db.execute(f"SELECT id FROM observations WHERE {where}", params)
        )
    for i in range(0, len(rel.facts), 500):
        ids = rel.facts[i : i + 500]
        m = _marks(ids)
        traces.update(
            r[0]
            for r in db.execute(
                f"SELECT id FROM traces WHERE json_extract(detail, '$.stored') IN ({m}) "
                f"OR json_extract(detail, '$.corroborated') IN ({m}) "
                # a recheck or a conflict's resolution quotes the belief it is about
                f"OR json_extract(detail, '$.belief') IN ({m})",
                [*ids, *ids, *ids],
            )
        )
        observations.update(
            r[0] for r in db.execute(f"SELECT id FROM observations WHERE fact_id IN ({m})", ids)
        )
    for scope, sig in rel.signatures:
        observations.update(
            r[0]
            for r in db.execute(
                "SELECT id FROM observations WHERE scope=? AND signature=?", (scope, sig)
            )
        )
    passage_sources = sorted(rel.passage_sources)
    for i in range(0, len(passage_sources), 500):
        part = passage_sources[i : i + 500]
        traces.update(
            r[0]
            for r in db.execute(f"SELECT id FROM traces WHERE source_id IN ({_marks(part)})", part)
        )
    instructions = sorted(rel.instructions)
    for i in range(0, len(instructions), 500):
        part = instructions[i : i + 500]
        traces.update(  # a revocation, written by the turn that lifted it, quotes its text
            r[0]
            for r in db.execute(
                f"SELECT id FROM traces WHERE op='revoke' AND "
                f"json_extract(detail, '$.id') IN ({_marks(part)})",
                part,
            )
        )
    obs = sorted(observations)
    for i in range(0, len(obs), 500):
        part = obs[i : i + 500]
        traces.update(  # a promotion quotes the observation's text
            r[0]
            for r in db.execute(
                f"SELECT id FROM traces WHERE op='consolidate' AND "
                f"json_extract(detail, '$.observation') IN ({_marks(part)})",
                part,
            )
        )
    return sorted(traces), obs


def _delete_ids(store: OpenStore, table: str, ids: list[int]) -> None:
    for i in range(0, len(ids), 500):
        part = ids[i : i + 500]
        store.db.execute(f"DELETE FROM {table} WHERE id IN ({_marks(part)})", part)


def _purge_entities(store: OpenStore, ids: list[int]) -> None:
    """Entities of purged rows that no remaining fact names (their name may be the secret)."""
    for i in range(0, len(ids), 500):
        part = ids[i : i + 500]
        m = _marks(part)
        gone = [
            r[0]
            for r in store.db.execute(
                f"SELECT id FROM entities e WHERE id IN ({m}) AND NOT EXISTS (SELECT 1 FROM facts "
                f"f WHERE f.entity_id=e.id OR f.object_id=e.id)",
                part,
            )
        ]
        if gone:
            g = _marks(gone)
            store.db.execute(
                f"UPDATE entities SET resolves_to=NULL WHERE resolves_to IN ({g})", gone
            )
            store.db.execute(f"DELETE FROM entities WHERE id IN ({g})", gone)


def _purge_sources(store: OpenStore, ids: list[int]) -> None:
    """Sources that nothing left refers to."""
    for i in range(0, len(ids), 500):
        part = ids[i : i + 500]
        store.db.execute(
            f"""DELETE FROM sources WHERE id IN ({_marks(part)})
            AND NOT EXISTS (SELECT 1 FROM facts WHERE source_id=sources.id)
            AND NOT EXISTS (SELECT 1 FROM provenance WHERE source_id=sources.id)
            AND NOT EXISTS (SELECT 1 FROM entities WHERE source_id=sources.id)
            AND NOT EXISTS (SELECT 1 FROM instructions WHERE source_id=sources.id
                OR revoked_by=sources.id)
            AND NOT EXISTS (SELECT 1 FROM uncertainties WHERE source_id=sources.id)
            AND NOT EXISTS (SELECT 1 FROM traces WHERE source_id=sources.id)""",
            part,
        )


def _drop(store: OpenStore, table: str, ids: list, purge: bool, key: str = "id") -> int:
    if not ids:
        return 0
    n = 0
    for i in range(0, len(ids), 500):
        n += _drop_part(store, table, ids[i : i + 500], purge, key)
    return n


def _drop_part(store: OpenStore, table: str, ids: list, purge: bool, key: str) -> int:
    marks = _marks(ids)
    if purge:
        if table == "facts":
            store.db.execute(f"DELETE FROM provenance WHERE fact_id IN ({marks})", ids)
            store.db.execute(
                f"UPDATE facts SET superseded_by=NULL WHERE superseded_by IN ({marks})", ids
            )
            store.db.execute(f"UPDATE facts SET supersedes=NULL WHERE supersedes IN ({marks})", ids)
            store.db.execute(
                f"UPDATE observations SET fact_id=NULL WHERE fact_id IN ({marks})", ids
            )
        if table == "entities":
            return 0  # see _purge_entities: only those no remaining fact names
        if table == "documents":
            store.db.execute(
                f"UPDATE documents SET superseded_by=NULL WHERE superseded_by IN ({marks})", ids
            )
        if table == "turns":  # its older texts and its stored value go with it
            store.db.execute(f"DELETE FROM turn_versions WHERE turn_id IN ({marks})", ids)
            store.db.execute(f"DELETE FROM items WHERE turn_id IN ({marks})", ids)
        cur = store.db.execute(f"DELETE FROM {table} WHERE {key} IN ({marks})", ids)
    else:
        if table == "turns":  # its key is free again (a put of it is a new item)
            store.db.execute(f"UPDATE items SET forgotten=1 WHERE turn_id IN ({marks})", ids)
        cur = store.db.execute(f"UPDATE {table} SET forgotten=1 WHERE {key} IN ({marks})", ids)
    return cur.rowcount


def consolidate(store: OpenStore, min_proof: int, now: int) -> dict[str, int]:
    """Repeated observations (``min_proof`` or more) become a consolidation-sourced belief with
    their lineage; context past its time to live is closed; importance decays by category."""
    promoted = expired = decayed = 0
    with store.lock, store.transaction():
        for cat in CATEGORIES.values():
            if cat.ttl_ms is not None:
                cur = store.db.execute(
                    "UPDATE facts SET closed_ms=?, valid_until_ms=COALESCE(valid_until_ms, ?) "
                    "WHERE category=? AND closed_ms IS NULL AND ? - known_ms > ?",
                    (now, now, cat.name, now, cat.ttl_ms),
                )
                expired += cur.rowcount
            if cat.decay_per_day < 1.0:
                last = int(
                    store.db.execute(
                        "SELECT COALESCE((SELECT value FROM kmeta WHERE key='decayed_ms'), 0)"
                    ).fetchone()[0]
                )
                days = max(0.0, (now - last) / _DAY_MS) if last else 0.0
                if days > 0:
                    cur = store.db.execute(
                        "UPDATE facts SET importance=importance*? WHERE category=? "
                        "AND closed_ms IS NULL",
                        (cat.decay_per_day**days, cat.name),
                    )
                    decayed += cur.rowcount
        store.db.execute(
            "INSERT INTO kmeta(key, value) VALUES('decayed_ms', ?) "
            "ON CONFLICT(key) DO UPDATE SET value=excluded.value",
            (str(now),),
        )
        rows = store.db.execute(
            "SELECT id, scope, text, proof_count, history FROM observations "
            "WHERE proof_count >= ? AND fact_id IS NULL AND forgotten=0",
            (min_proof,),
        ).fetchall()
        for oid, scope, text, proof, hist in rows:
            cur = store.db.execute(
                "INSERT INTO sources(kind, ref, trust, derived_from, created_ms) "
                "VALUES('consolidation', ?, ?, ?, ?)",
                (f"observation:{oid}", TRUST_PRIORS["consolidation"], hist, now),
            )
            src = int(cur.lastrowid)
            store.db.execute(
                "UPDATE facts SET importance=MIN(1.0, importance*1.25) WHERE id IN ("
                "SELECT p.fact_id FROM provenance p WHERE p.source_id IN (SELECT value FROM "
                "json_each(?)))",
                (hist,),
            )
            fact = store.db.execute(
                "SELECT p.fact_id FROM provenance p WHERE p.source_id IN (SELECT value FROM "
                "json_each(?)) ORDER BY p.fact_id DESC LIMIT 1",
                (hist,),
            ).fetchone()
            if fact:
                store.db.execute(
                    "INSERT OR IGNORE INTO provenance(fact_id, source_id, created_ms) "
                    "VALUES(?,?,?)",
                    (fact[0], src, now),
                )
                store.db.execute("UPDATE observations SET fact_id=? WHERE id=?", (fact[0], oid))
            store.db.execute(
                "INSERT INTO traces(op, scope, source_id, created_ms, detail) VALUES(?,?,?,?,?)",
                (
                    "consolidate",
                    scope,
                    src,
                    now,
                    json.dumps({"observation": oid, "proof_count": proof, "text": text}),
                ),
            )
            promoted += 1
    return {"promoted": promoted, "expired": expired, "decayed": decayed}


def elaborate(store: OpenStore) -> dict[str, int]:
    """Relate entities named in the same turn or chunk (a ``related_to`` fact with an
    ``elaboration`` source deriving from both), and link chat mentions to catalogue entities."""
    related = 0
    with store.lock, store.transaction():
        pairs = store.db.execute(
            """SELECT DISTINCT a.entity_id, b.entity_id, a.scope, s.ref
            FROM facts a JOIN facts b ON a.source_id=b.source_id AND a.entity_id<b.entity_id
            JOIN sources s ON s.id=a.source_id
            WHERE a.forgotten=0 AND b.forgotten=0"""
        ).fetchall()
        for ea, eb, scope, ref in pairs:
            exists = store.db.execute(
                "SELECT 1 FROM facts WHERE entity_id=? AND key='related_to' AND object_id=?",
                (ea, eb),
            ).fetchone()
            if exists:
                continue
            name_b = store.db.execute("SELECT name FROM entities WHERE id=?", (eb,)).fetchone()[0]
            name_a = store.db.execute("SELECT name FROM entities WHERE id=?", (ea,)).fetchone()[0]
            now = store.db.execute("SELECT CAST(strftime('%s','now') AS INTEGER)*1000").fetchone()[
                0
            ]
            cur = store.db.execute(
                "INSERT INTO sources(kind, ref, trust, derived_from, created_ms) "
                "VALUES('elaboration', ?, ?, ?, ?)",
                (ref, TRUST_PRIORS["elaboration"], json.dumps([ref]), now),
            )
            store.db.execute(
                """INSERT INTO facts(entity_id, key, key_phrase, value, value_kind, object_id,
                    category, scope, source_id, authoritative, trust, confidence, importance,
                    statement, known_ms, valid_from_ms, stream)
                VALUES(?, 'related_to', 'related to', ?, 'text', ?, 'knowledge', ?, ?, 0, ?, 0.5,
                    0.4, ?, ?, ?, 'elaboration')""",
                (
                    ea,
                    name_b,
                    eb,
                    scope,
                    int(cur.lastrowid),
                    TRUST_PRIORS["elaboration"],
                    f"{name_a} is related to {name_b}",
                    now,
                    now,
                ),
            )
            related += 1
    return {"related": related}
