"""The entity graph a person looks at (``Memory.graph``): entities as nodes, joined by the
facts that name another entity (``employer`` → Siemens), by aliases (``resolves_to``) and by
being stated in the same source (a turn or a document: "my sister Priya lives in Toronto"
ties the speaker to Priya). One node per entity name and type, whatever scopes hold it, and
only what the reader may see, as of a moment.

Bounded by construction: at most ``depth`` (≤ 2) hops from a root and ``limit`` nodes, so a
store of millions of facts draws a neighbourhood, never the whole graph."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..errors import NotFoundError, ValidationError
from .clock import now_ms
from .redaction import is_visible
from .vocab import normalize_name

if TYPE_CHECKING:
    from .memory import Memory

__all__ = ["MAX_DEPTH", "MAX_NODES", "graph", "node"]

MAX_DEPTH = 2
MAX_NODES = 500
#: a source naming more entities than this (a catalogue document) ties none of them together
_CO_SOURCE_MAX = 12


def graph(
    mem: Memory,
    root: str | None,
    *,
    root_type: str | None = None,
    depth: int = 2,
    limit: int = 200,
    as_of: int | None = None,
    lens: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Nodes and edges around ``root`` (an entity's name; None: the entities with the most
    facts), ``depth`` hops at most, ``limit`` nodes at most, as the facts stood at ``as_of``."""
    for name, v, top in (("depth", depth, MAX_DEPTH), ("limit", limit, MAX_NODES)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1 or v > top:
            raise ValidationError(name, f"must be a whole number from 1 to {top}", limit=top)
    at = as_of if as_of is not None else now_ms()
    paths = list(lens) if lens is not None else None
    ents = {
        eid: (etype, normalize_name(name), name, scope)
        for eid, etype, name, scope in mem.db.execute(
            "SELECT id, type, name, scope FROM entities WHERE forgotten=0"
        )
        if is_visible(scope, paths)
    }
    node_of = {eid: f"{e[0]}:{e[1]}" for eid, e in ents.items()}
    facts: dict[str, int] = defaultdict(int)
    adj: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    by_source: dict[int, set[str]] = defaultdict(set)

    def link(a: str, b: str, label: str, kind: str) -> None:
        if a == b:
            return
        key = (a, b) if a < b else (b, a)
        edge = adj[key[0]].setdefault(key[1], {"labels": set(), "kind": kind, "weight": 0})
        edge["labels"].add(label)
        edge["weight"] += 1
        if kind == "fact":  # a stated relation outranks a co-mention
            edge["kind"] = "fact"
        adj[key[1]][key[0]] = edge

    first = None
    for eid, obj, key, source, scope, known, closed in mem.db.execute(
        "SELECT entity_id, object_id, key, source_id, scope, known_ms, closed_ms FROM facts "
        "WHERE forgotten=0"
    ):
        if eid not in ents or not is_visible(scope, paths):
            continue
        first = known if first is None else min(first, known)
        if known > at or (closed is not None and closed <= at):
            continue
        n = node_of[eid]
        facts[n] += 1
        by_source[source].add(n)
        if obj is not None and obj in ents:
            link(n, node_of[obj], key, "fact")
    for members in by_source.values():
        if 1 < len(members) <= _CO_SOURCE_MAX:
            ordered = sorted(members)
            for i, a in enumerate(ordered):
                for b in ordered[i + 1 :]:
                    link(a, b, "same source", "co")
    for eid, target in mem.db.execute(
        "SELECT id, resolves_to FROM entities WHERE forgotten=0 AND resolves_to IS NOT NULL"
    ):
        if eid in ents and target in ents:
            link(node_of[eid], node_of[target], "resolves to", "alias")

    if root is None:
        picked = sorted(facts, key=lambda n: (-facts[n], n))[: min(limit, 25)]
        chosen = _expand(picked, adj, 1, limit)
        root_id = None
    else:
        key = normalize_name(root)
        starts = sorted(
            {
                node_of[eid]
                for eid, e in ents.items()
                if e[1] == key and (root_type is None or e[0] == root_type)
            }
        )
        if not starts:
            raise NotFoundError(root, "entity")
        root_id = starts[0]
        chosen = _expand(starts, adj, depth, limit)
    names: dict[str, dict[str, Any]] = {}
    for eid, (etype, _, name, scope) in ents.items():
        n = node_of[eid]
        if n in chosen:
            node = names.setdefault(
                n, {"id": n, "type": etype, "name": name, "scopes": set(), "facts": facts[n]}
            )
            node["scopes"].add(scope)
    nodes = [
        {**v, "scopes": sorted(v["scopes"]), "hops": chosen[k]}
        for k, v in sorted(names.items(), key=lambda kv: (chosen[kv[0]], kv[0]))
    ]
    edges = [
        {"source": a, "target": b, "labels": sorted(e["labels"]), "kind": e["kind"]}
        for a in sorted(chosen)
        for b, e in sorted(adj.get(a, {}).items())
        if a < b and b in chosen
    ]
    return {
        "root": root_id,
        "as_of": at,
        "nodes": nodes,
        "edges": edges,
        "truncated": len(chosen) >= limit,
        "span": {"first_ms": first, "last_ms": max(now_ms(), at)},
    }


def _expand(
    starts: list[str], adj: dict[str, dict[str, dict[str, Any]]], depth: int, limit: int
) -> dict[str, int]:
    """Breadth first from ``starts``: node → hops, strongest edges first, ``limit`` nodes."""
    seen = {s: 0 for s in starts[:limit]}
    frontier = list(seen)
    for hop in range(1, depth + 1):
        nxt = []
        for n in frontier:
            ranked = sorted(adj.get(n, {}).items(), key=lambda kv: (-kv[1]["weight"], kv[0]))
            for m, _ in ranked:
                if m in seen:
                    continue
                if len(seen) >= limit:
                    return seen
                seen[m] = hop
                nxt.append(m)
        frontier = nxt
    return seen


def node(
    mem: Memory,
    etype: str,
    name: str,
    *,
    as_of: int | None = None,
    lens: Sequence[str] | None = None,
    limit: int = 20,
) -> dict[str, Any]:
    """One node of the graph: its facts as of ``as_of`` (curated first) and the memories they
    were read from (turns and document chunks that state them), newest first."""
    from .views import entity

    paths = list(lens) if lens is not None else None
    about = entity(mem, etype, name, as_of, paths)
    key = normalize_name(name)
    at = as_of if as_of is not None else now_ms()
    refs: dict[str, int] = {}
    for kind, ref, scope, known in mem.db.execute(
        "SELECT s.kind, s.ref, f.scope, f.known_ms FROM facts f "
        "JOIN entities e ON e.id=f.entity_id JOIN sources s ON s.id=f.source_id "
        "WHERE e.key=? AND e.type=? AND f.forgotten=0 AND f.known_ms<=?",
        (key, etype, at),
    ):
        if kind in ("turn", "document") and ref and is_visible(scope, paths):
            refs[f"{kind}:{ref}"] = max(refs.get(f"{kind}:{ref}", 0), known)
    memories = []
    for ref, _ in sorted(refs.items(), key=lambda kv: -kv[1]):
        kind, rid = ref.split(":", 1)
        if kind == "turn":
            row = mem.db.execute(
                "SELECT id, text, scope, created_ms FROM turns WHERE id=? AND forgotten=0", (rid,)
            ).fetchone()
        else:  # the document's chunk that names the entity, else its first
            row = mem.db.execute(
                "SELECT id, text, scope, observed_ms FROM chunks WHERE document_id=? AND "
                "forgotten=0 ORDER BY instr(lower(text), ?) = 0, idx LIMIT 1",
                (int(rid), key),
            ).fetchone()
        if row is not None and is_visible(row[2], paths):
            memories.append(
                {
                    "kind": kind if kind == "turn" else "chunk",
                    "id": row[0],
                    "text": row[1],
                    "scope": row[2],
                    "time_ms": row[3],
                }
            )
        if len(memories) >= limit:
            break
    return {**about, "memories": memories}
