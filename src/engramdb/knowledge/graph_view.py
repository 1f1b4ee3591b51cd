"""The entity graph a person looks at (``Memory.graph``): entities as nodes, joined by the
facts that name another entity (``employer`` → Siemens), by aliases (``resolves_to``) and by
being stated in the same source (a turn or a document: "my sister Priya lives in Toronto"
ties the speaker to Priya). One node per entity name and type, whatever scopes hold it, and
only what the reader may see, as of a moment.

Bounded by construction: at most ``depth`` (≤ 2) hops from a root and ``limit`` nodes, so a
store of millions of facts draws a neighbourhood, never the whole graph."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..errors import NotFoundError, ValidationError
from .clock import now_ms
from .redaction import is_visible
from .vocab import normalize_name

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = ["MAX_DEPTH", "MAX_NODES", "graph", "node"]

MAX_DEPTH = 2
MAX_NODES = 500
#: a source naming more entities than this (a catalogue document) ties none of them together
_CO_SOURCE_MAX = 12


def graph(
    store: OpenStore,
    root: str | None,
    *,
    root_type: str | None = None,
    depth: int = 2,
    limit: int = 200,
    as_of: int | None = None,
    lens: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Nodes and edges around ``root`` (an entity's name; None: the entities with the most
    facts), ``depth`` hops at most, ``limit`` nodes at most, as the facts stood at ``as_of``.

    A walk through the indexes from the root outwards: what it reads grows with the
    neighbourhood it draws, not with the store."""
    for name, v, top in (("depth", depth, MAX_DEPTH), ("limit", limit, MAX_NODES)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1 or v > top:
            raise ValidationError(name, f"must be a whole number from 1 to {top}", limit=top)
    walk = _Walk(store, list(lens) if lens is not None else None, as_of)
    if root is None:
        starts = walk.busiest(min(limit, 25))
        hops = 1
    else:
        starts = walk.nodes_named(normalize_name(root), root_type)
        if not starts:
            raise NotFoundError(root, "entity")
        hops = depth
    chosen = {n: 0 for n in starts[:limit]}
    frontier = list(chosen)
    for hop in range(1, hops + 1):
        ranked: dict[str, int] = {}
        for a in frontier:
            for b, edge in walk.edges_of(a).items():
                if b not in chosen:
                    ranked[b] = max(ranked.get(b, 0), edge["weight"])
        frontier = []
        for b in sorted(ranked, key=lambda n: (-ranked[n], n)):
            if len(chosen) >= limit:
                break
            chosen[b] = hop
            frontier.append(b)
    nodes = [
        {**walk.node(n), "hops": chosen[n]} for n in sorted(chosen, key=lambda n: (chosen[n], n))
    ]
    edges = [
        {"source": a, "target": b, "labels": sorted(e["labels"]), "kind": e["kind"]}
        for a in sorted(chosen)
        for b, e in sorted(walk.edges_of(a).items())
        if a < b and b in chosen
    ]
    return {
        "root": (starts[0] if root is not None else None),
        "as_of": walk.at,
        "nodes": nodes,
        "edges": edges,
        "truncated": len(chosen) >= limit,
        "span": {"first_ms": walk.first_ms, "last_ms": max(now_ms(), walk.at)},
    }


class _Walk:
    """The graph read lazily: a node is ``type:key`` (one per name and type, whatever scopes
    hold it); its entities, live facts and edges are read once, through the indexes."""

    def __init__(self, store: OpenStore, paths: list[str] | None, as_of: int | None):
        self.store = store
        self.paths = paths
        self.at = as_of if as_of is not None else now_ms()
        self.first_ms: int | None = None
        self._entities: dict[str, list[tuple[int, str, str]]] = {}  # node -> (id, name, scope)
        self._edges: dict[str, dict[str, dict[str, Any]]] = {}
        self._facts: dict[str, int] = {}
        self._ids: dict[int, str | None] = {}

    def seen(self, scope: str) -> bool:
        return is_visible(scope, self.paths)

    def busiest(self, n: int) -> list[str]:
        """The nodes with the most facts the reader may see: entities ranked by their facts
        through the ``facts_entity`` index (a count, no table rows), then checked one by one
        until ``n`` are visible."""
        out: list[str] = []
        offset = 0
        while len(out) < n and offset < 20_000:
            ranked = self.store.db.execute(
                "SELECT entity_id, count(*) AS c FROM facts INDEXED BY facts_entity "
                "GROUP BY entity_id ORDER BY c DESC, entity_id LIMIT 500 OFFSET ?",
                (offset,),
            ).fetchall()
            if not ranked:
                break
            for eid, _ in ranked:
                node = self._node_of_id(eid)
                if node is None or node in out:
                    continue
                self.edges_of(node)  # counts its facts live and visible as of then
                if self._facts.get(node, 0) > 0:
                    out.append(node)
                if len(out) >= n:
                    break
            offset += 500
        return out

    def nodes_named(self, key: str, etype: str | None) -> list[str]:
        found = {
            f"{t}:{key}"
            for t, scope in self.store.db.execute(
                "SELECT type, scope FROM entities WHERE key=? AND forgotten=0", (key,)
            )
            if (etype is None or t == etype) and self.seen(scope)
        }
        return sorted(found)

    def _node_of_id(self, eid: int) -> str | None:
        if eid not in self._ids:
            row = self.store.db.execute(
                "SELECT type, key, scope FROM entities WHERE id=? AND forgotten=0", (eid,)
            ).fetchone()
            seen = row is not None and self.seen(row[2])
            self._ids[eid] = f"{row[0]}:{row[1]}" if seen else None
        return self._ids[eid]

    def entities(self, node: str) -> list[tuple[int, str, str]]:
        if node not in self._entities:
            etype, key = node.split(":", 1)
            self._entities[node] = [
                (eid, name, scope)
                for eid, name, scope in self.store.db.execute(
                    "SELECT id, name, scope FROM entities WHERE key=? AND type=? AND forgotten=0",
                    (key, etype),
                )
                if self.seen(scope)
            ]
        return self._entities[node]

    def node(self, node: str) -> dict[str, Any]:
        ents = self.entities(node)
        self.edges_of(node)  # counts its facts
        return {
            "id": node,
            "type": node.split(":", 1)[0],
            "name": ents[0][1] if ents else node.split(":", 1)[1],
            "scopes": sorted({e[2] for e in ents}),
            "facts": self._facts.get(node, 0),
        }

    def edges_of(self, node: str) -> dict[str, dict[str, Any]]:
        """node → its neighbours with the edge: relations both ways, aliases, same source."""
        if node in self._edges:
            return self._edges[node]
        out: dict[str, dict[str, Any]] = {}
        ids = [e[0] for e in self.entities(node)]
        if not ids:
            self._edges[node] = out
            return out
        marks = json.dumps(ids)

        def link(other: str | None, label: str, kind: str) -> None:
            if other is None or other == node:
                return
            edge = out.setdefault(other, {"labels": set(), "kind": kind, "weight": 0})
            edge["labels"].add(label)
            edge["weight"] += 1
            if kind == "fact":  # a stated relation outranks a co-mention
                edge["kind"] = "fact"

        sources: set[int] = set()
        count = 0
        for eid, obj, key, source, scope, known, closed in self.store.db.execute(
            "SELECT entity_id, object_id, key, source_id, scope, known_ms, closed_ms FROM facts "
            "WHERE forgotten=0 AND (entity_id IN (SELECT value FROM json_each(?)) "
            "OR object_id IN (SELECT value FROM json_each(?))) LIMIT 5000",
            (marks, marks),
        ):
            if not self.seen(scope):
                continue
            self.first_ms = known if self.first_ms is None else min(self.first_ms, known)
            if known > self.at or (closed is not None and closed <= self.at):
                continue
            mine = eid in ids
            if mine:
                count += 1
                sources.add(source)
            if obj is not None:
                link(self._node_of_id(obj if mine else eid), key, "fact")
        self._facts[node] = count
        members: dict[int, set[int]] = {}
        for source, eid, scope, known, closed in self.store.db.execute(  # one query, every source
            "SELECT source_id, entity_id, scope, known_ms, closed_ms FROM facts "
            "WHERE source_id IN (SELECT value FROM json_each(?)) AND forgotten=0 "
            "AND entity_id NOT IN (SELECT value FROM json_each(?)) LIMIT 5000",
            (json.dumps(sorted(sources)[:500]), marks),
        ):
            if self.seen(scope) and known <= self.at and (closed is None or closed > self.at):
                members.setdefault(source, set()).add(eid)
        for ents in members.values():
            others = {self._node_of_id(e) for e in ents}
            others.discard(None)
            if len(others) + 1 <= _CO_SOURCE_MAX:
                for other in others:
                    link(other, "same source", "co")
        for a, b in self.store.db.execute(
            "SELECT id, resolves_to FROM entities WHERE forgotten=0 AND "
            "(resolves_to IN (SELECT value FROM json_each(?)) OR "
            "(id IN (SELECT value FROM json_each(?)) AND resolves_to IS NOT NULL))",
            (marks, marks),
        ):
            link(self._node_of_id(b if a in ids else a), "resolves to", "alias")
        self._edges[node] = out
        return out


def node(
    store: OpenStore,
    etype: str,
    name: str,
    *,
    as_of: int | None = None,
    lens: Sequence[str] | None = None,
    limit: int = 20,
) -> dict[str, Any]:
    """One node of the graph: its facts as of ``as_of`` (curated first, then newest) and the
    memories they were read from (turns and document chunks that state them), newest first;
    read through the entity's own rows."""
    from .reads import _FACT_COLUMNS, fact_of
    from .views import _fact_view

    paths = list(lens) if lens is not None else None
    key = normalize_name(name)
    at = as_of if as_of is not None else now_ms()
    ents = [
        (eid, ename, scope)
        for eid, ename, scope in store.db.execute(
            "SELECT id, name, scope FROM entities WHERE key=? AND type=? AND forgotten=0",
            (key, etype),
        )
        if is_visible(scope, paths)
    ]
    if not ents:
        raise NotFoundError(f"{etype}/{name}", "entity")
    rows = store.db.execute(
        f"SELECT {_FACT_COLUMNS}, f.document_id FROM facts f JOIN entities e ON e.id=f.entity_id "
        "JOIN sources s ON s.id=f.source_id WHERE f.entity_id IN (SELECT value FROM json_each(?)) "
        "AND f.forgotten=0 AND f.known_ms<=? AND (f.closed_ms IS NULL OR f.closed_ms>?) "
        "ORDER BY f.authoritative DESC, f.known_ms DESC, f.id DESC LIMIT 2000",
        (json.dumps([e[0] for e in ents]), at, at),
    ).fetchall()
    attributes: dict[str, list[dict[str, Any]]] = {}
    refs: dict[tuple[str, str], int] = {}
    for row in rows:
        f = fact_of(row)
        if not is_visible(f.scope, paths):
            continue
        attributes.setdefault(f.key, []).append(_fact_view(f))
        if f.source_kind == "turn" and f.source_ref:
            refs.setdefault(("turn", f.source_ref), f.known_ms)
        elif f.source_kind == "document" and row[-1] is not None:
            refs.setdefault(("document", str(row[-1])), f.known_ms)
    memories = []
    for (kind, rid), _ in sorted(refs.items(), key=lambda kv: -kv[1]):
        if kind == "turn":
            found = store.db.execute(
                "SELECT id, text, scope, created_ms FROM turns WHERE id=? AND forgotten=0", (rid,)
            ).fetchone()
        else:  # the document's chunk that names the entity, else its first
            found = store.db.execute(
                "SELECT id, text, scope, observed_ms FROM chunks WHERE document_id=? AND "
                "forgotten=0 ORDER BY instr(lower(text), ?) = 0, idx LIMIT 1",
                (int(rid), key),
            ).fetchone()
        if found is not None and is_visible(found[2], paths):
            memories.append(
                {
                    "kind": "turn" if kind == "turn" else "chunk",
                    "id": found[0],
                    "text": found[1],
                    "scope": found[2],
                    "time_ms": found[3],
                }
            )
        if len(memories) >= limit:
            break
    return {
        "type": etype,
        "name": ents[0][1],
        "scopes": sorted({e[2] for e in ents}),
        "as_of": at,
        "attributes": attributes,
        "memories": memories,
    }
