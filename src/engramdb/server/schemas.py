"""Request bodies of the REST API. JSON is camelCase on the wire; requests accept snake_case
too (``populate_by_name``). Limits are checked here and answered with a 422 problem."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, model_validator
from pydantic.alias_generators import to_camel

__all__ = [
    "BatchIn",
    "ContextIn",
    "FactIn",
    "ForgetIn",
    "QueryIn",
    "ResolveIn",
    "ScopeIn",
    "camel",
]


class _In(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="forbid")


class Triple(_In):
    subject: str = Field(min_length=1, max_length=512)
    key: str | None = Field(default=None, max_length=256)
    predicate: str | None = Field(default=None, max_length=256)
    value: str | None = Field(default=None, max_length=4096)
    object: str | None = Field(default=None, max_length=4096)
    type: str | None = Field(default=None, max_length=64)
    category: Literal["identity", "knowledge", "context"] | None = None
    confidence: float | None = Field(default=None, ge=0, le=1)


class FactIn(_In):
    """A conversation turn (``text``) or structured facts (``triples``)."""

    scope: str = Field(min_length=1, max_length=256)
    text: str | None = Field(default=None, min_length=1, max_length=65_536)
    session_id: str | None = Field(default=None, max_length=256)
    role: Literal["user", "assistant", "system", "tool"] = "user"
    observed_at: str | int | None = None
    triples: list[Triple] | None = Field(default=None, max_length=1_000)
    source_kind: Literal["upsert", "turn", "consolidation", "reflect", "elaboration"] | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> FactIn:
        if (self.text is None) == (self.triples is None):
            raise ValueError("give either a turn's text or triples, not both and not neither")
        return self


class BatchIn(_In):
    #: (``max_batch``, a setting, is checked by the route with a 413; this is only a ceiling
    #: for the schema)
    items: list[FactIn] = Field(min_length=1, max_length=100_000)


class QueryIn(_In):
    query: str = Field(min_length=1, max_length=65_536)
    lens: list[str] | None = Field(default=None, max_length=64)
    k: int = Field(default=10, ge=1, le=100)
    mode: Literal["hybrid", "vector", "bm25", "graph"] = "hybrid"
    as_of: str | int | None = None
    explain: bool = False

    @model_validator(mode="after")
    def _as_of(self) -> QueryIn:
        if isinstance(self.as_of, int) and not -(2**62) <= self.as_of <= 2**62:
            raise ValueError("asOf is out of range")
        return self


class ContextIn(_In):
    query: str | None = Field(default=None, max_length=65_536)
    lens: list[str] | None = Field(default=None, max_length=64)
    k: int = Field(default=8, ge=1, le=100)
    #: characters; checked by ``Memory.context`` (a 422 problem with the field and the limit)
    budget: int = 4_000


class ResolveIn(_In):
    """How a conflict is resolved: ``uphold`` (the curated fact stands), ``accept`` (the
    customer was right; needs memory:curate over the curated fact) or ``dismiss``."""

    outcome: Literal["uphold", "accept", "dismiss"]
    note: str | None = Field(default=None, max_length=2_000)


class ScopeIn(_In):
    path: str = Field(min_length=1, max_length=256)


class ForgetIn(_In):
    query: str | None = Field(default=None, max_length=65_536)
    id: str | None = Field(default=None, max_length=256)
    scope: str | None = Field(default=None, max_length=256)
    lens: list[Annotated[str, Field(max_length=256)]] | None = Field(default=None, max_length=64)
    purge: StrictBool = False  # a destructive flag: only JSON true purges ("yes" is a 422)
    dry_run: StrictBool = False  # what would go, nothing removed (JSON ``dryRun``)


def camel(value: Any) -> Any:
    """snake_case keys of plain data (dicts, lists, dataclass dicts) to camelCase."""
    if isinstance(value, dict):
        return {to_camel(k) if isinstance(k, str) else k: camel(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [camel(v) for v in value]
    return value
