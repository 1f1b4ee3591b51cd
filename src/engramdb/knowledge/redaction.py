"""What the current reader may see. Reads pass the read region a server sets for one request
(``region``, fail-closed) as well as the lens; a write's result is redacted (``redact``) to what
the writer may read, so that a write tells nothing about rows outside its reach."""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from .results import WriteResult
from .scopes import visible

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = ["REGION", "is_visible", "redact", "region", "visible_facts"]

#: A read region set by the server for one request (see ``Memory.region``).
REGION: contextvars.ContextVar = contextvars.ContextVar("engramdb_region", default=None)


@contextlib.contextmanager
def region(store: OpenStore, readable: Callable[[str], bool]) -> Iterator[OpenStore]:
    """The body of ``Memory.region``: ``readable`` is set for the reads of this block."""
    token = REGION.set(readable)
    try:
        yield store
    finally:
        REGION.reset(token)


def is_visible(scope: str, paths: Iterable[str] | None) -> bool:
    """Whether a row of ``scope`` is seen through the lens ``paths`` and the read region."""
    region = REGION.get()
    return visible(scope, paths) and (region is None or region(scope))


def seen_by(scope: str, paths: Iterable[str] | None, caller: Any = None) -> bool:
    """``is_visible`` and, for a caller (None: embedded use), its read grant too: the one
    test a listing applies to each row's scope."""
    return is_visible(scope, paths) and (caller is None or caller.readable(scope))


def visible_facts(store: OpenStore, ids: Iterable[int], paths: Iterable[str] | None) -> set[int]:
    """Which of these fact ids the reader may see (scope through the lens and region)."""
    ids = sorted(ids)
    out: set[int] = set()
    for i in range(0, len(ids), 500):
        part = ids[i : i + 500]
        marks = ",".join("?" * len(part))
        for fid, scope in store.db.execute(
            f"SELECT id, scope FROM facts WHERE id IN ({marks}) AND forgotten=0", part
        ):
            if is_visible(scope, paths):
                out.add(fid)
    return out


def redact(store: OpenStore, result: WriteResult, readable: Any) -> WriteResult:
    """Drop from a write's result what lies outside ``readable`` (None: nothing): facts,
    corrections, corroborations, conflicts' other sides, decisions' candidates, links,
    revocations and uncertainties of scopes the writer may not read."""
    if readable is None:
        return result
    scopes: dict[int, str | None] = {}

    def ok(fid: Any) -> bool:
        if fid is None:
            return True
        if fid not in scopes:
            row = store.db.execute("SELECT scope FROM facts WHERE id=?", (fid,)).fetchone()
            scopes[fid] = row[0] if row else None
        where = scopes[fid]
        return where is not None and bool(readable(where))

    result.facts[:] = [f for f in result.facts if readable(f.scope)]
    result.corrections[:] = [
        c for c in result.corrections if ok(c.get("closed")) and ok(c.get("by"))
    ]
    result.corroborations[:] = [f for f in result.corroborations if ok(f)]
    for c in result.conflicts:
        c["against"] = [f for f in c.get("against", []) if ok(f)]
        if not ok(c.get("fact")):
            c["fact"] = None
    result.conflicts[:] = [c for c in result.conflicts if c["against"]]
    for d in result.decisions:
        for k in ("candidates", "closed", "conflicts_with"):
            if isinstance(d.get(k), list):
                d[k] = [f for f in d[k] if ok(f)]
        for k in ("stored", "corroborated"):
            if k in d and not ok(d[k]):
                d[k] = None
    result.links[:] = [
        link for link in result.links if _entity_readable(store, link.get("resolves_to"), readable)
    ]
    result.revoked[:] = [r for r in result.revoked if _instruction_readable(store, r, readable)]
    result.uncertainties[:] = [
        u for u in result.uncertainties if _uncertainty_readable(store, u, readable)
    ]
    return result


def _entity_readable(store: OpenStore, eid: Any, readable: Any) -> bool:
    row = store.db.execute("SELECT scope FROM entities WHERE id=?", (eid,)).fetchone()
    return row is not None and bool(readable(row[0]))


def _instruction_readable(store: OpenStore, item: Mapping[str, Any], readable: Any) -> bool:
    row = store.db.execute(
        "SELECT scope FROM instructions WHERE id=?", (item.get("id"),)
    ).fetchone()
    return row is not None and bool(readable(row[0]))


def _uncertainty_readable(store: OpenStore, item: Mapping[str, Any], readable: Any) -> bool:
    row = store.db.execute(
        "SELECT scope FROM uncertainties WHERE id=?", (item.get("id"),)
    ).fetchone()
    return row is not None and bool(readable(row[0]))
