"""What is stored, listed for browsing: uploaded documents and their chunks, conversation
sessions and their turns, decision traces. The REST API, MCP, the CLI and the dashboard all
list through here, so a listing exists on every surface and no surface reads the tables
itself. Each listing shows only rows the caller may read (None: embedded use, everything)
and the current read region admits."""

from __future__ import annotations

import dataclasses
import json
from typing import TYPE_CHECKING

from ..errors import NotFoundError, ValidationError
from .access import Caller
from .reads import _passage_scopes
from .redaction import seen_by
from .results import ChunkInfo, DocumentInfo, SessionInfo, TraceInfo, TurnInfo

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = ["MAX_LISTED", "chunks", "document", "documents", "sessions", "traces", "turns"]

#: The longest listing of sessions or traces one call returns.
MAX_LISTED = 1000

_DOC = (
    "SELECT id, name, media_type, content_hash, title, scope, version, observed_ms, "
    "superseded_by FROM documents WHERE forgotten=0"
)


def _limit(limit: int) -> int:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LISTED:
        raise ValidationError(
            "limit", "must be a whole number from 1", limit=MAX_LISTED, value=limit
        )
    return limit


def documents(store: OpenStore, caller: Caller | None = None) -> list[DocumentInfo]:
    """Every live document the caller may read, in upload order."""
    rows = store.db.execute(_DOC + " ORDER BY id").fetchall()
    return [DocumentInfo(*r) for r in rows if seen_by(r[5], None, caller)]


def document(store: OpenStore, doc_id: int, caller: Caller | None = None) -> DocumentInfo:
    """One live document with its chunk count. One the caller may not read is not found, as
    one that does not exist: a refusal would tell that the id exists."""
    row = store.db.execute(_DOC + " AND id=?", (doc_id,)).fetchone()
    if row is None or not seen_by(row[5], None, caller):
        raise NotFoundError(str(doc_id), "document")
    n = store.db.execute(
        "SELECT COUNT(*) FROM chunks WHERE document_id=? AND forgotten=0", (doc_id,)
    ).fetchone()[0]
    return dataclasses.replace(DocumentInfo(*row), chunks=n)


def chunks(store: OpenStore, doc_id: int, caller: Caller | None = None) -> list[ChunkInfo]:
    """A document's live chunks in reading order (those the caller may read)."""
    rows = store.db.execute(
        "SELECT id, idx, text, heading, page, scope FROM chunks WHERE document_id=? "
        "AND forgotten=0 ORDER BY idx",
        (doc_id,),
    ).fetchall()
    return [ChunkInfo(*r) for r in rows if seen_by(r[5], None, caller)]


def _scopes(store: OpenStore, caller: Caller | None) -> list[str]:
    return sorted(s for s in _passage_scopes(store) if seen_by(s, None, caller))


def sessions(
    store: OpenStore, caller: Caller | None = None, *, limit: int = MAX_LISTED
) -> list[SessionInfo]:
    """Conversation sessions, the latest first: per session and scope, its number of live
    turns and the first and last time one was said."""
    scopes = _scopes(store, caller)
    if not scopes:
        return []
    marks = ",".join("?" * len(scopes))
    rows = store.db.execute(
        "SELECT session_id, scope, COUNT(*), MIN(observed_ms), MAX(observed_ms) FROM turns "
        f"WHERE forgotten=0 AND role != 'item' AND session_id IS NOT NULL AND scope IN ({marks}) "
        "GROUP BY session_id, scope ORDER BY MAX(observed_ms) DESC LIMIT ?",
        (*scopes, _limit(limit)),
    ).fetchall()
    return [SessionInfo(*r) for r in rows]


def turns(store: OpenStore, session_id: str, caller: Caller | None = None) -> list[TurnInfo]:
    """A session's live turns in the order they were said (those the caller may read)."""
    rows = store.db.execute(
        "SELECT id, seq, role, text, scope, observed_ms FROM turns WHERE session_id=? "
        "AND forgotten=0 AND role != 'item' ORDER BY seq",
        (str(session_id),),
    ).fetchall()
    return [TurnInfo(*r) for r in rows if seen_by(r[4], None, caller)]


def traces(store: OpenStore, caller: Caller | None = None, *, limit: int = 100) -> list[TraceInfo]:
    """The latest decision traces, newest first: those of no scope (store-wide) and those of
    a scope the caller may read. Each detail is raw; ``reads.trace_detail`` redacts it for
    the reader."""
    rows = store.db.execute(
        "SELECT id, op, scope, created_ms, detail FROM traces WHERE forgotten=0 ORDER BY id DESC"
    )
    out: list[TraceInfo] = []
    want = _limit(limit)
    seen: dict[str, bool] = {}  # (a scope's answer once: a store holds few scopes, many traces)
    for r in rows:
        if r[2] is not None and not seen.setdefault(r[2], seen_by(r[2], None, caller)):
            continue
        out.append(TraceInfo(r[0], r[1], r[2], r[3], json.loads(r[4])))
        if len(out) >= want:
            break
    return out
