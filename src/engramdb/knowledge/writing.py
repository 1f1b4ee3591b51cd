"""What one write carries through the pipeline: its ``WriteContext`` (scope, source, stream,
time, who writes and what they may read; it runs in ``store.sqlite.transaction``) and the two
names every write records: the speaker's stream (``stream_of``) and the actor (``actor_of``)."""

from __future__ import annotations

from .access import Caller, owner_of
from .vocab import is_authoritative

__all__ = [
    "MAX_ATTRIBUTES_PER_SUBJECT",
    "MAX_VALUES_PER_ATTRIBUTE",
    "WriteContext",
    "actor_of",
    "stream_of",
]


MAX_VALUES_PER_ATTRIBUTE = 16
"""Distinct values one document may state for one attribute of one subject (a price list
names its items; a real document never gives one thing sixteen prices)."""

MAX_ATTRIBUTES_PER_SUBJECT = 256
"""Distinct attributes the table rows of one document may state of one subject (its
columns, or a JSON object's keys). A product sheet or a policy
gives a thing tens of attributes; a flat JSON object of thousands of keys is data, not
statements about one thing: its text stays searchable, and its cost stays bounded (each
fact row is reconciled, traced and shown in context blocks)."""


class WriteContext:
    """One write as every step sees it; also counts what a document has stated so far."""

    def __init__(
        self,
        scope: str,
        source: int,
        kind: str,
        stream: str,
        now: int,
        role: str,
        caller: Caller | None = None,
    ):
        #: what the writer may read (None: everything); reconciliation sees nothing else
        self.readable = caller.readable if caller is not None else None
        #: who writes, recorded in every trace (None: embedded use)
        self.actor = actor_of(caller)
        self.scope = scope
        self.source = source
        self.kind = kind
        self.stream = stream
        self.now = now
        self.role = role
        self.authoritative = is_authoritative(kind)
        self.document_id: int | None = None
        #: values stated so far per (entity, key), and how many were beyond the limit
        self.said: dict[tuple[str, str], set[str]] = {}
        self.attributes: dict[str, set[str]] = {}
        self.dropped = 0
        self.dropped_attributes = 0
        #: trace rows not yet written (a document's thousands go in one ``executemany``);
        #: None: each trace is written at once
        self.traces: list[tuple] | None = None
        #: look-ups one write repeats for each of its claims (a document's thousands), kept
        #: for the write: entities by (key, type), the keys an entity resolves to, and the
        #: curated candidate pools (``candidates._curated_pool``). Only this write changes
        #: the store meanwhile; the steps that change what a memo holds clear it.
        self.entities: dict[tuple[str, str], tuple[int, str]] = {}
        self.resolved: dict[str, set[str]] = {}
        self.pools: dict[tuple, list[int]] = {}

    def first_saying(self, entity: str, key: str, value: str) -> bool:
        """Whether a document states this value of this attribute for the first time and
        within ``MAX_VALUES_PER_ATTRIBUTE``. A document that repeats a line, or lists hundreds
        of values of one attribute of one thing, is a list without names: stored as fact rows
        each would be compared with all the others (quadratic in the upload, and again in
        every later upload), and none would answer a question. Its text stays searchable."""
        values = self.said.setdefault((entity, key), set())
        v = " ".join(value.casefold().split())
        if v in values:
            return False
        if len(values) >= MAX_VALUES_PER_ATTRIBUTE:
            self.dropped += 1
            return False
        values.add(v)
        return True

    def row_attribute(self, subject: str, attribute: str) -> bool:
        """Whether a table row's cell is within ``MAX_ATTRIBUTES_PER_SUBJECT`` of its
        subject (a flat JSON object of thousands of keys is one subject's "row"). Prose is
        not limited so: a price list's items are attributes of the organisation that lists
        them, and reading each sentence already costs more than storing it."""
        seen = self.attributes.setdefault(subject, set())
        if attribute in seen:
            return True
        if len(seen) >= MAX_ATTRIBUTES_PER_SUBJECT:
            self.dropped_attributes += 1
            return False
        seen.add(attribute)
        return True

    def limit_note(self) -> list[str]:
        """The write's error lines for what ``first_saying`` and ``row_attribute`` turned
        away, if anything."""
        limits = (
            (self.dropped, "values", MAX_VALUES_PER_ATTRIBUTE, "values of one attribute"),
            (self.dropped_attributes, "attributes", MAX_ATTRIBUTES_PER_SUBJECT, "attributes"),
        )
        return [
            f"{n} {what} were not stored as facts: over {limit} {of} of one subject (the text "
            "stays searchable)"
            for n, what, limit, of in limits
            if n
        ]


def stream_of(role: str, scope: str, session_id: str | None) -> str:
    """Who is speaking, for supersession: in a personal scope (anything under
    ``.../user/<id>``) every conversation is the same person, the owner (``owner_of``); in a
    shared scope (a team, a project) each conversation session is its own speaker, so one
    cannot silently overwrite another."""
    owner = owner_of(scope)
    if owner is None:
        return f"turn:{role}:{scope}:{session_id}"
    return f"turn:{role}:{owner[1]}"


def actor_of(caller: Caller | None) -> dict[str, str | None] | None:
    """The acting principal, its key and the delegation target of a caller (None: embedded
    use)."""
    if caller is None:
        return None
    p = caller.provenance()
    return {k: p.get(k) for k in ("principal_id", "key_id", "on_behalf_of")}
