"""Why a remembered passage is, or is not, among a query's hits (``Memory.why_not``): the
engine's own answer (forgotten, filtered, or ranked below the k-th hit with each factor's
share), asked with the same scopes and profile ``Memory.query`` uses for its passages, for a
turn or chunk the reader may see. An id the reader may not see is not found, so the answer
never tells what lies outside the reader's region."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..engine.options import RecallOptions
from ..errors import NotFoundError, ValidationError
from .access import Caller
from .reads import _visible_scopes
from .redaction import seen_by
from .revisions import engine_id
from .schema import FACTS_ONLY

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = ["why_not"]


def why_not(
    store: OpenStore,
    id: str,
    query: str,
    lens: list[str] | None,
    *,
    k: int = 10,
    mode: str = "hybrid",
    caller: Caller | None = None,
) -> dict[str, Any]:
    row = store.db.execute(
        "SELECT scope, version, 'turn', memory_written FROM turns WHERE id=? AND forgotten=0 "
        "UNION ALL SELECT scope, 1, 'chunk', memory_written FROM chunks WHERE id=? "
        "AND forgotten=0",
        (id, id),
    ).fetchone()
    if row is None or not seen_by(row[0], lens, caller):
        raise NotFoundError(id, "passage")
    if row[3] == FACTS_ONLY:
        raise ValidationError(
            "id",
            f"{id} is a passage of a file whose rows are facts: it is kept out of recall, and "
            "its facts are what a query finds",
            value=id,
        )
    scopes = _visible_scopes(store, lens)
    if caller is not None:
        scopes = sorted(s for s in (scopes or [row[0]]) if caller.readable(s))
    profile = {"vector": "semantic", "bm25": "precise"}.get(mode)
    opts = RecallOptions(
        k=k, scopes=None if scopes is None else tuple(scopes), profile=profile, explain=True
    )
    eid = engine_id(id, row[1]) if row[2] == "turn" else id
    answer = dataclasses.asdict(store.engine.why_not(eid, query, opts))
    return {**answer, "id": id, "kind": row[2]}
