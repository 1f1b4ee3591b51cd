"""Curated knowledge that arrives after a belief still meets it, so reconciliation does not
depend on order: a customer who said "your returns window is 60 days" before the returns policy
was uploaded is flagged the moment it is.

After a curated write (a document or an upsert), every live experiential fact below the write's
scope about a thing the new curated rows describe (or about the organisation) is read again as
a claim, against the new curated rows only (older ones met it when it was said), by the same
candidate matching and the same pure decision as any claim. Only conflicts are recorded: the
belief and the curated row both stay, and an uncertainty names both.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ..store.sqlite import rows_in
from .candidates import candidates, kind_of
from .catalogue import TEMPLATE_COLUMNS, aliases_of, ranked_templates, template_entries
from .claims import ORG, Claim
from .extract.aligned import align
from .reconcile import Existing, Incoming, decide
from .recording import open_uncertainty, record_trace
from .results import WriteResult
from .results import decision as make_decision
from .scopes import org_of
from .vocab import normalize_name
from .workflow import dismissed
from .writing import WriteContext

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = ["MAX_RECHECKED", "recheck_beliefs"]

MAX_RECHECKED = 2_000
"""Beliefs one curated write reads again, newest first (each costs one candidate match)."""


def recheck_beliefs(store: OpenStore, ctx: WriteContext, result: WriteResult) -> None:
    """Open a conflict for each live belief below ``ctx.scope`` that the curated facts this
    write stored contradict."""
    new = [f.id for f in result.facts if f.authoritative]
    if not new:
        return
    marks = ",".join("?" * len(new))
    entities = [
        r[0]
        for r in store.db.execute(
            f"SELECT DISTINCT entity_id FROM facts WHERE id IN ({marks})", new
        ).fetchall()
    ]
    emarks = ",".join("?" * len(entities))
    org = normalize_name(org_of(ctx.scope) or "")
    # beliefs about those things, about things that resolve to them, or about the organisation
    rows = store.db.execute(
        f"""SELECT f.id, f.key, f.key_phrase, f.value, f.value_kind, f.statement, f.category,
            f.scope, f.stream, f.confidence, e.name, e.type, e.key
        FROM facts f JOIN entities e ON e.id = f.entity_id
        WHERE f.authoritative = 0 AND f.closed_ms IS NULL AND f.forgotten = 0
        AND f.scope LIKE ? ESCAPE '\\'
        AND (f.entity_id IN ({emarks}) OR e.resolves_to IN ({emarks})
             OR e.type = 'organisation' OR e.key IN (SELECT key FROM entities WHERE id IN
             ({emarks})))
        ORDER BY f.id DESC LIMIT {MAX_RECHECKED}""",
        [_below(ctx.scope), *entities, *entities, *entities],
    ).fetchall()
    fresh = set(new)
    before = len(result.conflicts)
    for r in rows:
        if r[11] == "person":
            continue  # what a person is or has is never a claim about the catalogue
        _recheck(store, r, fresh, org, ctx, result)
    met = {c["against"][0] for c in result.conflicts[before:] if c.get("against")}
    _realign(store, fresh, met, ctx, result)


MAX_REALIGNED = 200
"""Sentences of beliefs one curated write reads again against its new facts, newest first."""


def _realign(
    store: OpenStore, fresh: set[int], met: set[int], ctx: WriteContext, result: WriteResult
) -> None:
    """The sentences beliefs were read from, aligned again with the new curated facts as
    templates (``extract/aligned.py``), as a turn said after them would be: said before the
    policy, "You close at 4 on Sundays" was read without a catalogue to guide it (a key of
    its own words) and no key of the policy's matches it."""
    rows = store.db.execute(
        """SELECT f.id, f.statement, f.scope, f.stream, f.confidence FROM facts f
        JOIN sources s ON s.id = f.source_id
        WHERE f.authoritative = 0 AND f.closed_ms IS NULL AND f.forgotten = 0
        AND s.kind = 'turn' AND f.scope LIKE ? ESCAPE '\\'
        ORDER BY f.id DESC LIMIT ?""",
        (_below(ctx.scope), MAX_REALIGNED * 4),
    ).fetchall()
    if not rows:
        return
    # the new facts as templates, read once for every sentence (a write of thousands costs
    # each sentence no more than a turn against them)
    ids = sorted(fresh)
    facts = rows_in(
        store.db,
        f"SELECT {TEMPLATE_COLUMNS} FROM facts f JOIN entities e ON e.id=f.entity_id "
        "WHERE f.id IN ({marks})",
        ids,
    )
    entries, index = template_entries(
        facts, normalize_name(org_of(ctx.scope) or ""), aliases_of(store.db, ids)
    )
    seen: set[tuple[str, str]] = set()
    for fid, statement, scope, stream, conf in rows:
        if fid in met or not statement or (scope, statement) in seen:
            continue
        seen.add((scope, statement))
        if len(seen) > MAX_REALIGNED:
            result.errors.append(
                f"recheck: the newest {MAX_REALIGNED} sentences of earlier beliefs were read "
                "again against the new facts, older ones were not"
            )
            return
        templates, _ = ranked_templates(entries, index, statement)
        if not templates:
            continue
        for t, claim in align(statement, templates):
            incoming = Incoming(
                value=claim.value,
                value_kind=claim.value_kind or kind_of(claim),
                authoritative=False,
                confidence=conf,
                scope=scope,
                stream=stream,
                typed=claim.typed,
            )
            existing = [Existing(t.fact_id, t.value, t.value_kind, True, 0.9, ctx.scope, "")]
            decision = decide(incoming, existing, store.confidence_floor)
            if decision.action != "conflict":
                continue
            if _already_open(store, fid, [t.fact_id]) or dismissed(store, fid, [t.fact_id]):
                continue
            bctx = WriteContext(scope, ctx.source, "turn", stream, ctx.now, "user")
            about = f"{t.subject or t.name} {t.key}"
            reason = f"{decision.reason} (said before it: {claim.value!r})"
            u = open_uncertainty(store, bctx, about, reason, "conflict", [fid, t.fact_id], result)
            result.conflicts.append(
                {"uncertainty": u, "fact": t.fact_id, "against": [fid], "about": about}
            )
            detail = make_decision(
                "conflict",
                reason,
                claim={"subject": claim.subject, "key": claim.key, "value": claim.value},
                candidates=[t.fact_id],
                conflicts_with=[t.fact_id],
                belief=fid,
            )
            result.decisions.append({**detail, "action": "recheck-conflict"})
            record_trace(store, ctx, "recheck", detail)


def _below(scope: str) -> str:
    escaped = scope.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"{escaped}/%"


def _recheck(
    store: OpenStore, r: tuple, fresh: set[int], org: str, ctx: WriteContext, result: WriteResult
) -> None:
    fid, key, phrase, value, value_kind, statement, category, scope, stream, conf = r[:10]
    if value_kind == "contradicts":
        return  # (the pair model's reading of one statement says nothing of another fact)
    name, etype, ekey = r[10], r[11], r[12]
    is_org = etype == "organisation" and ekey == org
    claim = Claim(
        subject=ORG if is_org else name,
        subject_type=etype,
        key=key,
        key_phrase=phrase,
        value=value,
        category=category,
        statement=statement,
        confidence=conf,
    )
    bctx = WriteContext(scope, ctx.source, "turn", stream, ctx.now, "user")
    found = [c for c in candidates(store, ekey, etype, claim, bctx) if c[0] in fresh]
    if not found:
        return
    incoming = Incoming(
        value=value,
        value_kind=value_kind or kind_of(claim),
        authoritative=False,
        confidence=conf,
        scope=scope,
        stream=stream,
    )
    existing = [Existing(c[0], c[3], c[4], bool(c[5]), c[6], c[7], c[12]) for c in found]
    decision = decide(incoming, existing, store.confidence_floor)
    if (
        decision.action != "conflict"
        or _already_open(store, fid, decision.conflicts_with)
        or dismissed(store, fid, decision.conflicts_with)
    ):
        return
    about = f"{ekey} {key}"
    reason = f"{decision.reason} (said before it: {value!r})"
    u = open_uncertainty(
        store, bctx, about, reason, "conflict", [fid, *decision.conflicts_with], result
    )
    for curated in decision.conflicts_with:
        result.conflicts.append(
            {"uncertainty": u, "fact": curated, "against": [fid], "about": about}
        )
    detail = make_decision(
        "conflict",
        reason,
        claim={"subject": claim.subject, "key": key, "value": value},
        candidates=[c[0] for c in found],
        conflicts_with=decision.conflicts_with,
        belief=fid,
    )
    result.decisions.append({**detail, "action": "recheck-conflict"})
    record_trace(store, ctx, "recheck", detail)


def _already_open(store: OpenStore, belief: int, curated: list[int]) -> bool:
    for (ids,) in store.db.execute(
        "SELECT fact_ids FROM uncertainties WHERE kind='conflict' AND resolved=0 AND forgotten=0 "
        "AND fact_ids LIKE ?",
        (f"%{belief}%",),
    ):
        have = set(json.loads(ids))
        if belief in have and have & set(curated):
            return True
    return False
