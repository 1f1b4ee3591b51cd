"""What a context holds at a glance (``Memory.overview``): how many rows of each kind are in
each state, how many engine memories each tier keeps, open conflicts and uncertainties, all
counted within what the reader may see; and, for whoever may see the whole store, its health
(the write-ahead log, the segments, the index)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from . import reads
from .access import Caller
from .browse import KINDS, STATES, rows_of, visible_scopes
from .clock import now_ms

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = ["overview", "store_health"]


def overview(
    store: OpenStore, lens: list[str] | None, caller: Caller | None = None, now: int | None = None
) -> dict[str, Any]:
    scopes, every = visible_scopes(store, lens, caller)
    counts = {k: dict.fromkeys(STATES, 0) for k in KINDS}
    if scopes:
        for kind, state, n in store.db.execute(
            f"{rows_of(KINDS, scoped=not every)} SELECT kind, state, count(*) FROM r "
            "GROUP BY kind, state",
            {"scopes": json.dumps(scopes), "now": now if now is not None else now_ms()},
        ):
            counts[kind][state] = n
    open_ = {"conflict": 0, "other": 0}
    for u in reads.uncertainties(store, lens=lens):
        if caller is None or caller.readable(u["scope"]):
            open_["conflict" if u["kind"] == "conflict" else "other"] += 1
    return {
        "kinds": counts,
        "tiers": store.engine.tier_counts(scopes),
        "scopes": len(scopes),
        "open": {"conflicts": open_["conflict"], "uncertainties": open_["other"]},
    }


def store_health(store: OpenStore, check: bool = False) -> dict[str, Any]:
    """The whole store's log, segments and index: for administrators (it counts every scope).
    ``check`` also runs SQLite's integrity check of the knowledge tables, which reads the
    whole file (about 0.1 s at 100k turns and facts): asked for, not on every overview."""
    stats = store.engine.stats()
    integrity = store.db.execute("PRAGMA quick_check").fetchone()[0] if check else None
    return {
        "embedder": stats["embedder"],
        "log": {"lsn": stats["lsn"], "bytes": stats["wal_bytes"]},
        "segments": {
            name: {"segments": t["segments"], "live": t["live"], "forgotten": t["forgotten"]}
            for name, t in stats["tiers"].items()
        },
        "index": {"ivf": stats["ivf"], "knowledge_check": integrity},
        "disk_bytes": stats["disk_bytes"],
    }
