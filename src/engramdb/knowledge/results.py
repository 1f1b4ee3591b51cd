"""What the ``Memory`` façade returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "ChunkInfo",
    "DocumentInfo",
    "DocumentResult",
    "Fact",
    "Job",
    "QueryHit",
    "SessionInfo",
    "StoredMemory",
    "TraceInfo",
    "TurnInfo",
    "WriteResult",
    "document_result_of",
]


@dataclass(frozen=True)
class Fact:
    """One fact row: ``entity``'s ``key`` is ``value``, with where it came from."""

    id: int
    entity: str
    entity_type: str
    key: str
    value: str
    category: str
    scope: str
    authoritative: bool
    source_kind: str
    source_ref: str | None
    confidence: float
    importance: float
    statement: str
    known_ms: int
    valid_from_ms: int | None
    valid_until_ms: int | None
    closed_ms: int | None
    superseded_by: int | None
    corroborations: int

    @property
    def live(self) -> bool:
        return self.closed_ms is None

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class WriteResult:
    """What one write did: the facts it stored, the values it closed or confirmed, the
    uncertainties it opened, and the decision trace of each claim."""

    turn_id: str | None = None
    facts: list[Fact] = field(default_factory=list)
    corrections: list[dict[str, Any]] = field(default_factory=list)
    corroborations: list[int] = field(default_factory=list)
    uncertainties: list[dict[str, Any]] = field(default_factory=list)
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    instructions: list[dict[str, Any]] = field(default_factory=list)
    revoked: list[dict[str, Any]] = field(default_factory=list)
    links: list[dict[str, Any]] = field(default_factory=list)
    decisions: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def decision(
    action: str,
    reason: str,
    *,
    claim: dict[str, Any] | None = None,
    candidates: list[int] | None = None,
    stored: int | None = None,
    closed: list[int] | None = None,
    corroborated: int | None = None,
    conflicts_with: list[int] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """One entry of ``WriteResult.decisions``: every entry has every field, whichever step
    made it (a claim's reconciliation, a recheck of a belief, a new document version)."""
    return {
        "claim": claim,
        "action": action,
        "reason": reason,
        "candidates": list(candidates or []),
        "stored": stored,
        "closed": list(closed or []),
        "corroborated": corroborated,
        "conflicts_with": list(conflicts_with or []),
        **extra,
    }


@dataclass
class DocumentResult:
    id: int
    name: str
    version: int
    content_hash: str
    unchanged: bool
    chunks: int
    facts: int
    superseded_version: int | None = None
    write: WriteResult | None = None


@dataclass(frozen=True)
class StoredMemory:
    """One remembered turn as it is now (``Memory.memory``, ``Memory.memories``): its
    ``version`` counts corrections (``Memory.revise``; the older texts are in
    ``Memory.memory_history``)."""

    id: str
    text: str
    scope: str
    session_id: str | None
    role: str
    observed_ms: int
    created_ms: int
    updated_ms: int | None
    version: int
    metadata: dict[str, Any] | None = None


@dataclass(frozen=True)
class QueryHit:
    """A fact or a passage (document chunk or conversation turn), ranked together."""

    kind: str  # fact | chunk | turn
    id: str
    text: str
    score: float
    scope: str
    authoritative: bool
    source: dict[str, Any]
    fact: Fact | None = None
    explain: dict[str, float] | None = None


def document_result_of(data: dict[str, Any]) -> DocumentResult:
    """A ``DocumentResult`` from its ``dataclasses.asdict`` form (a job keeps it as JSON)."""
    write = data.get("write")
    if write is not None:
        write = WriteResult(**{**write, "facts": [Fact(**f) for f in write.get("facts", [])]})
    return DocumentResult(**{**data, "write": write})


@dataclass(frozen=True)
class Job:
    """A background upload: ``queued``, ``running``, then ``done`` (with its ``result``),
    ``failed`` (with its ``error``) or ``cancelled``. ``phase`` with ``done`` of ``total`` says
    how far it is ("reading" prose blocks, "writing" rows and blocks, "indexing" chunks)."""

    id: str
    kind: str
    state: str
    scope: str
    name: str | None
    phase: str | None
    done: int
    total: int
    attempts: int
    created_ms: int
    started_ms: int | None = None
    finished_ms: int | None = None
    result: DocumentResult | None = None
    error: str | None = None

    @property
    def finished(self) -> bool:
        return self.state in ("done", "failed", "cancelled")


@dataclass(frozen=True)
class DocumentInfo:
    """An uploaded document as listed (``Memory.documents``); ``chunks`` is counted only for
    one document (``Memory.document``)."""

    id: int
    name: str
    media_type: str
    content_hash: str
    title: str
    scope: str
    version: int
    observed_ms: int
    superseded_by: int | None
    chunks: int | None = None


@dataclass(frozen=True)
class ChunkInfo:
    """A passage of a document, in reading order (``index``)."""

    id: str
    index: int
    text: str
    heading: str | None
    page: int | None
    scope: str


@dataclass(frozen=True)
class SessionInfo:
    """A conversation session in one scope: how many live turns, said when."""

    session_id: str
    scope: str
    turns: int
    first_ms: int
    last_ms: int


@dataclass(frozen=True)
class TurnInfo:
    """A turn of a session, in the order it was said (``seq``)."""

    id: str
    seq: int
    role: str
    text: str
    scope: str
    observed_ms: int


@dataclass(frozen=True)
class TraceInfo:
    """A decision trace: what an operation did and why (``detail``, raw)."""

    id: int
    op: str
    scope: str | None
    created_ms: int
    detail: dict[str, Any]
