"""What the client returns: small frozen dataclasses built from the server's camelCase JSON.

They mirror ``engramdb.knowledge.results`` (same names, same snake_case fields) with tuples in
place of lists. Every type is tolerant: a field the server leaves out takes its default, a field
this client does not know yet is kept in ``extra`` (as received). Free-form parts (the
``corrections``, ``conflicts``, ``decisions``... of a write, a hit's ``source`` and
``explain``) stay the plain dicts the server sent, with camelCase keys.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

__all__ = ["DocumentResult", "Fact", "Job", "QueryHit", "WriteResult"]

T = TypeVar("T")

_CAMEL = re.compile(r"(?<=[a-z0-9])([A-Z])")


def snake(name: str) -> str:
    """``validFromMs`` -> ``valid_from_ms`` (a snake_case name is left alone)."""
    return _CAMEL.sub(r"_\1", name).lower()


def _build(
    cls: type[T], data: Mapping[str, Any], convert: Mapping[str, Callable] | None = None
) -> T:
    if not isinstance(data, Mapping):
        raise TypeError(f"{cls.__name__} is built from a JSON object, not {type(data).__name__}")
    names = {f.name for f in dataclasses.fields(cls)} - {"extra"}  # type: ignore[arg-type]
    convert = convert or {}
    known: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in data.items():
        name = snake(key)
        if name in names:
            fn = convert.get(name)
            known[name] = fn(value) if fn is not None and value is not None else value
        else:
            extra[key] = value
    return cls(**known, extra=extra)  # type: ignore[call-arg]


def _tuple(values: Any) -> tuple:
    return tuple(values or ())


@dataclass(frozen=True)
class Fact:
    """One fact row: ``entity``'s ``key`` is ``value``, with where it came from."""

    id: int = 0
    entity: str = ""
    entity_type: str = ""
    key: str = ""
    value: str = ""
    category: str = ""
    scope: str = ""
    authoritative: bool = False
    source_kind: str = ""
    source_ref: str | None = None
    confidence: float = 0.0
    importance: float = 0.0
    statement: str = ""
    known_ms: int = 0
    valid_from_ms: int | None = None
    valid_until_ms: int | None = None
    closed_ms: int | None = None
    superseded_by: int | None = None
    corroborations: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def live(self) -> bool:
        return self.closed_ms is None

    def to_dict(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        out.pop("extra")
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Fact:
        return _build(cls, data)


@dataclass(frozen=True)
class WriteResult:
    """What one write did: the facts it stored, the values it closed or confirmed, the
    uncertainties it opened, and the decision trace of each claim."""

    turn_id: str | None = None
    facts: tuple[Fact, ...] = ()
    corrections: tuple[dict[str, Any], ...] = ()
    corroborations: tuple[int, ...] = ()
    uncertainties: tuple[dict[str, Any], ...] = ()
    conflicts: tuple[dict[str, Any], ...] = ()
    instructions: tuple[dict[str, Any], ...] = ()
    revoked: tuple[dict[str, Any], ...] = ()
    links: tuple[dict[str, Any], ...] = ()
    decisions: tuple[dict[str, Any], ...] = ()
    errors: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> WriteResult:
        lists = {
            name: _tuple
            for name in (
                "corrections",
                "corroborations",
                "uncertainties",
                "conflicts",
                "instructions",
                "revoked",
                "links",
                "decisions",
                "errors",
            )
        }
        return _build(cls, data, {**lists, "facts": lambda v: tuple(map(Fact.from_json, v))})


@dataclass(frozen=True)
class DocumentResult:
    """An uploaded document: its id and version, whether the bytes were already known, how
    many chunks and facts it gave, and the write those facts made."""

    id: int = 0
    name: str = ""
    version: int = 0
    content_hash: str = ""
    unchanged: bool = False
    chunks: int = 0
    facts: int = 0
    superseded_version: int | None = None
    write: WriteResult | None = None
    extra: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DocumentResult:
        return _build(cls, data, {"write": WriteResult.from_json})


@dataclass(frozen=True)
class Job:
    """A background upload: ``queued``, ``running``, then ``done`` (with its ``result``),
    ``failed`` (with its ``error``) or ``cancelled``; ``phase`` with ``done`` of ``total``
    says how far it is."""

    id: str = ""
    kind: str = ""
    state: str = ""
    scope: str = ""
    name: str | None = None
    phase: str | None = None
    done: int = 0
    total: int = 0
    attempts: int = 0
    created_ms: int = 0
    started_ms: int | None = None
    finished_ms: int | None = None
    result: DocumentResult | None = None
    error: str | None = None
    links: Mapping[str, Any] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def finished(self) -> bool:
        return self.state in ("done", "failed", "cancelled")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Job:
        return _build(cls, data, {"result": DocumentResult.from_json})


@dataclass(frozen=True)
class QueryHit:
    """A fact or a passage (document chunk or conversation turn), ranked together."""

    kind: str = ""  # fact | chunk | turn
    id: str = ""
    text: str = ""
    score: float = 0.0
    scope: str = ""
    authoritative: bool = False
    source: Mapping[str, Any] = field(default_factory=dict)
    fact: Fact | None = None
    explain: Mapping[str, float] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> QueryHit:
        return _build(cls, data, {"fact": Fact.from_json})
