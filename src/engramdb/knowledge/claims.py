"""What extraction hands the reconciler: claims, instructions, revocations, uncertainties and
entity mentions, each with the span of the text it came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["OTHER_BUSINESS", "SELF", "ORG", "Claim", "Extraction", "Mention", "OpenQuestion"]

#: Subject placeholders resolved by the caller: the speaker of a turn ("I", "my") and the
#: organisation the assistant speaks for ("you", "your", "our" in a document).
SELF = "@self"
ORG = "@org"
#: A business other than the one addressed ("FlexiFit down the road is £15"): a statement about
#: it is stored and compared with nothing (see ``extract.elsewhere``).
OTHER_BUSINESS = "another business"


@dataclass(frozen=True)
class Claim:
    """One assertion: ``subject``'s ``key`` is ``value``."""

    subject: str
    subject_type: str
    key: str
    key_phrase: str
    value: str
    category: str  # identity | knowledge | context
    statement: str
    span: tuple[int, int] | None = None
    confidence: float = 0.8
    #: "no longer", "not ... anymore": closes the matching value instead of asserting it.
    negated: bool = False
    #: "used to": held before, not now (stored closed, and closes the value if it was live).
    past: bool = False
    #: Keys that hold several values at once ("likes", "has") never conflict by value.
    multi: bool = False
    #: The value names an entity of this type (a relation), if any.
    object_type: str | None = None
    valid_from_ms: int | None = None
    valid_until_ms: int | None = None
    stage: int = 0
    #: The curated fact this claim was read as answering (catalogue-guided extraction): the
    #: reconciler compares it with that fact alone.
    answers: int | None = None
    #: The parsed value (``values.TypedValue``) when extraction parsed one.
    typed: Any = None
    #: A value kind the value parser does not know ("hours": opening times).
    value_kind: str | None = None


@dataclass(frozen=True)
class Mention:
    name: str
    type: str
    span: tuple[int, int]


@dataclass(frozen=True)
class OpenQuestion:
    """An uncertainty extraction itself found: a hedge, an unresolved date, a vague claim."""

    about: str
    reason: str
    span: tuple[int, int] | None = None


@dataclass
class Extraction:
    claims: list[Claim] = field(default_factory=list)
    instructions: list[str] = field(default_factory=list)
    revocations: list[str] = field(default_factory=list)
    uncertainties: list[OpenQuestion] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)
    #: Problems of optional stages (an LLM that timed out, answered out of schema, ...).
    errors: list[str] = field(default_factory=list)
