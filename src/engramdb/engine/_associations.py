"""Reading the association graphs: Hebbian neighbours, the session chain, entities."""

from __future__ import annotations

from typing import Any

from ..errors import NotFoundError
from . import validation as v
from ._common import _now_ms

__all__ = ["AssociationsMixin"]


class AssociationsMixin:
    """Part of :class:`engramdb.Engine` (see ``engine.py``); not used on its own."""

    def associations(self, id: str, *, now_ms: int | None = None) -> list[tuple[str, float]]:
        """Hebbian neighbours of a memory with their current (decayed) weights, strongest
        first."""
        loc = self._live_loc(id)
        with self._lock:
            found = self._pipeline.hebbian.neighbors([loc], now_ms or _now_ms())[loc]
            rows = self._index.rows_by_loc([o for o, _ in found])
        pairs = [(rows[o]["id"], w) for o, w in found if o in rows and not rows[o]["deleted"]]
        return sorted(pairs, key=lambda p: -p[1])

    def session_neighbors(self, id: str, hops: int = 3) -> tuple[list[str], list[str]]:
        """The memories before and after this one in its session (nearest first)."""
        loc = self._live_loc(id)
        with self._lock:
            back = self._pipeline.temporal.follow(loc, hops, forward=False)
            fwd = self._pipeline.temporal.follow(loc, hops, forward=True)
            rows = self._index.rows_by_loc(back + fwd)
        return [rows[x]["id"] for x in back], [rows[x]["id"] for x in fwd]

    def entities_of(self, id: str) -> list[dict[str, Any]]:
        """Entities (names, dates, known names) this memory mentions."""
        loc = self._live_loc(id)
        with self._lock:
            found = self._pipeline.entities.entities_of(loc)
        return [{"key": k, "kind": kind, "name": name} for _, k, kind, name in found]

    def entity_memories(self, name: str, *, hops: int = 0) -> list[str]:
        """Ids of live memories that mention an entity (by name or ISO date), or, with
        ``hops``, entities linked to it by co-occurrence."""
        key = " ".join(name.casefold().split())
        with self._lock:
            self._check_open()
            eids = self._pipeline.entities.find(key)
            if hops:
                eids = list(self._pipeline.entities.related(eids, hops))
            locs = self._pipeline.entities.memories_of(eids)
            rows = self._index.rows_by_loc(locs)
        return [rows[x]["id"] for x in sorted(locs, key=lambda x: rows[x]["seq"])]

    def _live_loc(self, id: str) -> int:
        v.check_id(id)
        with self._lock:
            self._check_open()
            found = self._index.loc_of(id)
        if found is None:
            raise NotFoundError(id)
        return found[0]
