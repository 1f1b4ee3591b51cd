"""Lifecycle jobs: forget (soft, purge, whole scope subtrees), consolidate (repeated
observations become durable beliefs; expired context is closed; decay is applied) and elaborate
(entities that co-occur are related; chat mentions are linked to catalogue entities)."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from ..errors import NotFoundError, ValidationError
from .vocab import CATEGORIES, TRUST_PRIORS

if TYPE_CHECKING:
    from .memory import Memory

__all__ = ["consolidate", "elaborate", "forget", "forget_document"]

_DAY_MS = 86_400_000
_TABLES = ("facts", "instructions", "uncertainties", "entities")


def forget(
    mem: Memory, query: str | None, id: Any, scope: str | None, purge: bool
) -> dict[str, int]:
    if sum(x is not None for x in (query, id, scope)) != 1:
        raise ValidationError("forget", "give exactly one of query, id or scope")
    counts = {"facts": 0, "turns": 0, "chunks": 0, "instructions": 0, "uncertainties": 0}
    with mem._lock, mem._transaction():
        facts: list[int] = []
        passages: list[tuple[str, str]] = []
        if scope is not None:
            # the subtree as a text range ('/' sorts just before '0'): LIKE would read '_' in a
            # path as a wildcard and ignore case, forgetting other scopes' records
            below = (scope + "/", scope + "0")
            for table in _TABLES:
                ids = [
                    r[0]
                    for r in mem.db.execute(
                        f"SELECT id FROM {table} WHERE scope=? OR (scope>=? AND scope<?)",
                        (scope, *below),
                    )
                ]
                if table == "facts":
                    facts = ids
                elif table in counts:
                    counts[table] += _drop(mem, table, ids, purge)
                else:
                    _drop(mem, table, ids, purge)
            for table in ("turns", "chunks"):
                passages += [
                    (table, r[0])
                    for r in mem.db.execute(
                        f"SELECT id FROM {table} WHERE (scope=? OR (scope>=? AND scope<?)) "
                        "AND forgotten=0",
                        (scope, *below),
                    )
                ]
        elif id is not None:
            sid = str(id)
            if sid.startswith("fact:") or sid.isdigit():
                number = sid.removeprefix("fact:")
                if not (number.isascii() and number.isdigit()) or len(number) > 18:
                    raise NotFoundError(sid)
                fid = int(number)
                if mem.db.execute("SELECT 1 FROM facts WHERE id=?", (fid,)).fetchone() is None:
                    raise NotFoundError(sid)
                facts = [fid]
            else:
                table = "turns" if sid.startswith("turn-") else "chunks"
                if mem.db.execute(f"SELECT 1 FROM {table} WHERE id=?", (sid,)).fetchone() is None:
                    raise NotFoundError(sid)
                passages = [(table, sid)]
        else:
            hits = mem.query(query, k=20)
            if hits:
                top = hits[0].score
                for h in hits:
                    if h.score < top / 2:
                        continue
                    if h.kind == "fact":
                        facts.append(int(h.id[5:]))
                    else:
                        passages.append(("turns" if h.kind == "turn" else "chunks", h.id))
        counts["facts"] += _drop(mem, "facts", facts, purge)
        for table, pid in passages:
            counts[table] += _drop(mem, table, [pid], purge, key="id")
    for _, pid in passages:
        if mem.engine.exists(pid):
            mem.engine.forget(pid)
    return counts


def forget_document(mem: Memory, doc_id: int, purge: bool) -> dict[str, int]:
    now = int(time.time() * 1000)
    with mem._lock, mem._transaction():
        if mem.db.execute("SELECT 1 FROM documents WHERE id=?", (doc_id,)).fetchone() is None:
            raise NotFoundError(f"document {doc_id}")
        chunks = [
            r[0]
            for r in mem.db.execute(
                "SELECT id FROM chunks WHERE document_id=? AND forgotten=0", (doc_id,)
            )
        ]
        facts = [
            r[0] for r in mem.db.execute("SELECT id FROM facts WHERE document_id=?", (doc_id,))
        ]
        mem.db.execute(
            "UPDATE facts SET closed_ms=COALESCE(closed_ms, ?) WHERE document_id=?", (now, doc_id)
        )
        n_facts = _drop(mem, "facts", facts, True) if purge else len(facts)
        n_chunks = _drop(mem, "chunks", chunks, purge)
        if purge:
            mem.db.execute("DELETE FROM documents WHERE id=?", (doc_id,))
        else:
            mem.db.execute("UPDATE documents SET forgotten=1 WHERE id=?", (doc_id,))
    for cid in chunks:
        if mem.engine.exists(cid):
            mem.engine.forget(cid)
    return {"documents": 1, "chunks": n_chunks, "facts": n_facts}


def _drop(mem: Memory, table: str, ids: list, purge: bool, key: str = "id") -> int:
    if not ids:
        return 0
    marks = ",".join("?" * len(ids))
    if purge:
        if table == "facts":
            mem.db.execute(f"DELETE FROM provenance WHERE fact_id IN ({marks})", ids)
            mem.db.execute(
                f"UPDATE facts SET superseded_by=NULL WHERE superseded_by IN ({marks})", ids
            )
            mem.db.execute(f"UPDATE facts SET supersedes=NULL WHERE supersedes IN ({marks})", ids)
            mem.db.execute(f"UPDATE observations SET fact_id=NULL WHERE fact_id IN ({marks})", ids)
        if table == "entities":
            mem.db.execute(
                f"UPDATE entities SET resolves_to=NULL WHERE resolves_to IN ({marks})", ids
            )
            return 0  # entities of purged facts stay as names only
        cur = mem.db.execute(f"DELETE FROM {table} WHERE {key} IN ({marks})", ids)
    else:
        cur = mem.db.execute(f"UPDATE {table} SET forgotten=1 WHERE {key} IN ({marks})", ids)
    return cur.rowcount


def consolidate(mem: Memory, min_proof: int, now: int) -> dict[str, int]:
    """Repeated observations (``min_proof`` or more) become a consolidation-sourced belief with
    their lineage; context past its time to live is closed; importance decays by category."""
    promoted = expired = decayed = 0
    with mem._lock, mem._transaction():
        for cat in CATEGORIES.values():
            if cat.ttl_ms is not None:
                cur = mem.db.execute(
                    "UPDATE facts SET closed_ms=?, valid_until_ms=COALESCE(valid_until_ms, ?) "
                    "WHERE category=? AND closed_ms IS NULL AND ? - known_ms > ?",
                    (now, now, cat.name, now, cat.ttl_ms),
                )
                expired += cur.rowcount
            if cat.decay_per_day < 1.0:
                last = int(
                    mem.db.execute(
                        "SELECT COALESCE((SELECT value FROM kmeta WHERE key='decayed_ms'), 0)"
                    ).fetchone()[0]
                )
                days = max(0.0, (now - last) / _DAY_MS) if last else 0.0
                if days > 0:
                    cur = mem.db.execute(
                        "UPDATE facts SET importance=importance*? WHERE category=? "
                        "AND closed_ms IS NULL",
                        (cat.decay_per_day**days, cat.name),
                    )
                    decayed += cur.rowcount
        mem.db.execute(
            "INSERT INTO kmeta(key, value) VALUES('decayed_ms', ?) "
            "ON CONFLICT(key) DO UPDATE SET value=excluded.value",
            (str(now),),
        )
        rows = mem.db.execute(
            "SELECT id, scope, text, proof_count, history FROM observations "
            "WHERE proof_count >= ? AND fact_id IS NULL",
            (min_proof,),
        ).fetchall()
        for oid, scope, text, proof, hist in rows:
            cur = mem.db.execute(
                "INSERT INTO sources(kind, ref, trust, derived_from, created_ms) "
                "VALUES('consolidation', ?, ?, ?, ?)",
                (f"observation:{oid}", TRUST_PRIORS["consolidation"], hist, now),
            )
            src = int(cur.lastrowid)
            mem.db.execute(
                "UPDATE facts SET importance=MIN(1.0, importance*1.25) WHERE id IN ("
                "SELECT p.fact_id FROM provenance p WHERE p.source_id IN (SELECT value FROM "
                "json_each(?)))",
                (hist,),
            )
            fact = mem.db.execute(
                "SELECT p.fact_id FROM provenance p WHERE p.source_id IN (SELECT value FROM "
                "json_each(?)) ORDER BY p.fact_id DESC LIMIT 1",
                (hist,),
            ).fetchone()
            if fact:
                mem.db.execute(
                    "INSERT OR IGNORE INTO provenance(fact_id, source_id, created_ms) "
                    "VALUES(?,?,?)",
                    (fact[0], src, now),
                )
                mem.db.execute("UPDATE observations SET fact_id=? WHERE id=?", (fact[0], oid))
            mem.db.execute(
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


def elaborate(mem: Memory) -> dict[str, int]:
    """Relate entities named in the same turn or chunk (a ``related_to`` fact with an
    ``elaboration`` source deriving from both), and link chat mentions to catalogue entities."""
    related = 0
    with mem._lock, mem._transaction():
        pairs = mem.db.execute(
            """SELECT DISTINCT a.entity_id, b.entity_id, a.scope, s.ref
            FROM facts a JOIN facts b ON a.source_id=b.source_id AND a.entity_id<b.entity_id
            JOIN sources s ON s.id=a.source_id
            WHERE a.forgotten=0 AND b.forgotten=0"""
        ).fetchall()
        for ea, eb, scope, ref in pairs:
            exists = mem.db.execute(
                "SELECT 1 FROM facts WHERE entity_id=? AND key='related_to' AND object_id=?",
                (ea, eb),
            ).fetchone()
            if exists:
                continue
            name_b = mem.db.execute("SELECT name FROM entities WHERE id=?", (eb,)).fetchone()[0]
            name_a = mem.db.execute("SELECT name FROM entities WHERE id=?", (ea,)).fetchone()[0]
            now = mem.db.execute("SELECT CAST(strftime('%s','now') AS INTEGER)*1000").fetchone()[0]
            cur = mem.db.execute(
                "INSERT INTO sources(kind, ref, trust, derived_from, created_ms) "
                "VALUES('elaboration', ?, ?, ?, ?)",
                (ref, TRUST_PRIORS["elaboration"], json.dumps([ref]), now),
            )
            mem.db.execute(
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
