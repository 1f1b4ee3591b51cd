"""Applying a decision to the store: a claim is read against its candidates, ``decide``
(``reconcile.py``) says what happens, and its facts, closures, corroborations, uncertainties and
decision trace are written. Also the other things an extraction holds: instructions and their
revocations, and chat mentions linked to curated entities. Every function runs inside the
write's transaction (``store.sqlite.transaction``)."""

from __future__ import annotations

import hashlib
import json
import re
from typing import TYPE_CHECKING, Any

from .access import Caller, speaker_of
from .candidates import candidates, kind_of
from .claims import ORG, SELF, Claim, Extraction
from .extract.stage0 import _is_clock
from .reads import _FACT_COLUMNS, fact, fact_of
from .reconcile import Decision, Existing, Incoming, decide, denies_count
from .results import WriteResult
from .results import decision as make_decision
from .scopes import ancestors, org_of, readable_chain
from .values import parse_value
from .vocab import CATEGORIES, ENTITY_TYPES, TRUST_PRIORS, entity_type, normalize_name
from .words import content_words
from .workflow import dismissed
from .writing import WriteContext, actor_of

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = [
    "REVOKE_OVERLAP",
    "apply_extraction",
    "flush_provenance",
    "flush_traces",
    "open_uncertainty",
    "read_facts",
    "reconcile_claim",
    "record_source",
    "record_trace",
]


#: An instruction is revoked by a statement this close to it (content-word overlap).
REVOKE_OVERLAP = 0.5


#: Keys whose value names an entity of this type: the fact is a relation to it.
_RELATION_OBJECTS = {
    "employer": "organisation",
    "lives_in": "location",
    "hometown": "location",
    "manager": "person",
    "team": "organisation",
}


def record_source(
    store: OpenStore,
    kind: str,
    ref: str | None,
    session: str | None,
    now: int,
    caller: Caller | None = None,
) -> int:
    """A source row; with a caller, the acting principal, its key and the delegation
    target (``caller.provenance()``)."""
    who = actor_of(caller) or {}
    cur = store.db.execute(
        "INSERT INTO sources(kind, ref, session_id, trust, created_ms, principal_id, key_id, "
        "on_behalf_of) VALUES(?,?,?,?,?,?,?,?)",
        (
            kind,
            ref,
            session,
            TRUST_PRIORS[kind],
            now,
            who.get("principal_id"),
            who.get("key_id"),
            who.get("on_behalf_of"),
        ),
    )
    return int(cur.lastrowid)


def apply_extraction(
    store: OpenStore, ex: Extraction, ctx: WriteContext, result: WriteResult, known: dict[str, str]
) -> None:
    """Reconcile an extraction's claims and record its revocations, instructions,
    uncertainties and mentions."""
    for claim in ex.claims:
        reconcile_claim(store, claim, ctx, result)
    for text in ex.revocations:
        revoked = _revoke(store, text, ctx)
        if revoked:
            result.revoked.extend(revoked)
        elif re.match(r"^(?:please\s+)?(?:stop|don't|do not|never)\b", text, re.I):
            ex.instructions.append(text)
    for text in ex.instructions:
        cur = store.db.execute(
            "INSERT INTO instructions(text, scope, source_id, created_ms) VALUES(?,?,?,?)",
            (text, ctx.scope, ctx.source, ctx.now),
        )
        result.instructions.append({"id": int(cur.lastrowid), "text": text})
        record_trace(store, ctx, "instruction", {"text": text})
    for q in ex.uncertainties:
        open_uncertainty(store, ctx, q.about, q.reason, "extraction", [], result)
    for m in ex.mentions:
        link = _link_mention(store, m.name, m.type, ctx)
        if link:
            result.links.append(link)


def reconcile_claim(
    store: OpenStore,
    claim: Claim,
    ctx: WriteContext,
    result: WriteResult,
    stored: list[int] | None = None,
) -> None:
    """Decide one claim against its candidates and write what the decision says, with its
    trace. With ``stored``, a new fact's id goes there instead of the fact into
    ``result.facts``: a document's rows are read back in batches (``read_facts``), not one
    query each."""
    eid, etype, ekey = _entity(store, claim.subject, claim.subject_type, ctx, claim.category)
    if ctx.kind == "document" and not ctx.first_saying(ekey, claim.key, claim.value):
        return
    found = candidates(store, ekey, etype, claim, ctx)
    if ctx.kind == "turn" and not (claim.negated or claim.past):
        # one turn's values do not replace each other ("I'm in Glasgow, near the West End");
        # a correction inside a turn is a denial ("Three, actually": the two is denied)
        found = [r for r in found if r[15] != ctx.source or r[3] == claim.value]
    kind = claim.value_kind or ("hours" if _is_clock(claim.value) else kind_of(claim))
    incoming = Incoming(
        value=claim.value,
        value_kind=kind,
        authoritative=ctx.authoritative,
        confidence=claim.confidence if not ctx.authoritative else max(claim.confidence, 0.9),
        scope=ctx.scope,
        stream=ctx.stream,
        negated=claim.negated,
        past=claim.past,
        multi=claim.multi,
        typed=claim.typed,
    )
    denial = claim.negated or claim.past
    existing = [
        Existing(
            r[0],
            r[3],
            r[4],
            bool(r[5]),
            r[6],
            r[7],
            r[12],
            named=denial and denies_count(r[1], claim.value),
        )
        for r in found
    ]
    decision = decide(incoming, existing, store.confidence_floor)
    new_id = None
    if decision.store:
        new_id = _insert_fact(store, eid, claim, kind, incoming, ctx, decision)
        if stored is not None:
            stored.append(new_id)
        else:
            result.facts.append(fact(store, new_id))
    if decision.closes:
        ctx.pools.clear()  # (a pool is the newest live rows: a closed one leaves it)
    for old in decision.closes:
        store.db.execute(
            "UPDATE facts SET closed_ms=?, valid_until_ms=COALESCE(valid_until_ms, ?), "
            "superseded_by=? WHERE id=? AND closed_ms IS NULL",
            (ctx.now, ctx.now, new_id, old),
        )
        result.corrections.append(
            {"closed": old, "by": new_id, "action": decision.action, "reason": decision.reason}
        )
    if decision.corroborates is not None:
        store.db.execute(
            "INSERT OR IGNORE INTO provenance(fact_id, source_id, created_ms) VALUES(?,?,?)",
            (decision.corroborates, ctx.source, ctx.now),
        )
        store.db.execute(
            "UPDATE facts SET corroborations=corroborations+1 WHERE id=?",
            (decision.corroborates,),
        )
        result.corroborations.append(decision.corroborates)
    if decision.action == "conflict" and not dismissed(store, new_id, decision.conflicts_with):
        about = f"{claim.subject if claim.subject not in (SELF, ORG) else ekey} {claim.key}"
        # the other side's value is not quoted: it may lie outside what a reader of this
        # scope may read; views show each side through the reader's region
        reason = f"{decision.reason} (said: {claim.value!r})"
        u = open_uncertainty(
            store, ctx, about, reason, "conflict", [new_id, *decision.conflicts_with], result
        )
        result.conflicts.append(
            {
                "uncertainty": u,
                "fact": new_id,
                "against": decision.conflicts_with,
                "about": about,
            }
        )
    trace = make_decision(
        decision.action,
        decision.reason,
        claim={"subject": claim.subject, "key": claim.key, "value": claim.value},
        candidates=[r[0] for r in found],
        stored=new_id,
        closed=decision.closes,
        corroborated=decision.corroborates,
        conflicts_with=decision.conflicts_with,
    )
    result.decisions.append(trace)
    record_trace(store, ctx, "reconcile", trace)
    if not ctx.authoritative and decision.action in ("insert", "corroborate", "supersede"):
        _observe(store, claim, ekey, ctx)


def hidden(ctx: WriteContext) -> int:
    """The ``forgotten`` value of the rows a write inserts: 0, or ``ingest.UNPUBLISHED`` for
    an upload written in batches (its rows stay out of every read, which all ask for
    ``forgotten = 0``, until it publishes them in one transaction)."""
    return int(getattr(ctx, "unpublished", 0))


def _insert_fact(
    store: OpenStore,
    eid: int,
    claim: Claim,
    kind: str,
    inc: Incoming,
    ctx: WriteContext,
    d: Decision,
) -> int:
    typed = (
        claim.typed
        if claim.typed is not None
        else (parse_value(claim.value) if kind != "hours" else None)
    )
    category = CATEGORIES.get(claim.category, CATEGORIES["knowledge"])
    closed = ctx.now if d.closed else None
    # a relation: the value names an entity ("works at Acme", "lives in Lisbon")
    object_type = claim.object_type or _RELATION_OBJECTS.get(claim.key)
    object_id = None
    if object_type and kind == "text" and not claim.negated:
        object_id, _, _ = _entity(store, claim.value, object_type, ctx, claim.category)
    cur = store.db.execute(
        """INSERT INTO facts(entity_id, key, key_phrase, value, value_kind, value_num,
            value_unit, object_id, category, scope, source_id, authoritative, trust, confidence,
            importance, statement, span_start, span_end, known_ms, valid_from_ms,
            valid_until_ms, closed_ms, supersedes, document_id, stream, forgotten)
        VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)""",
        (
            eid,
            claim.key,
            claim.key_phrase,
            claim.value,
            kind,
            typed.magnitude if typed is not None else None,
            typed.unit if typed is not None else None,
            object_id,
            category.name,
            ctx.scope,
            ctx.source,
            int(ctx.authoritative),
            TRUST_PRIORS[ctx.kind],
            inc.confidence,
            category.importance,
            claim.statement,
            claim.span[0] if claim.span else None,
            claim.span[1] if claim.span else None,
            ctx.now,
            claim.valid_from_ms or ctx.now,
            closed,
            closed,
            d.closes[0] if d.closes else None,
            ctx.document_id,
            ctx.stream,
            hidden(ctx),
        ),
    )
    fid = int(cur.lastrowid)
    pending = getattr(ctx, "provenance", None)
    if pending is not None:  # (an upload in batches: written with its batch, ``flush_provenance``)
        pending.append((fid, ctx.source, ctx.now))
    else:
        store.db.execute(_PROVENANCE_INSERT, (fid, ctx.source, ctx.now))
    return fid


_PROVENANCE_INSERT = "INSERT INTO provenance(fact_id, source_id, created_ms) VALUES(?,?,?)"


def flush_provenance(store: OpenStore, ctx: WriteContext) -> None:
    """Write the provenance rows of the new facts a write kept back (``ctx.provenance``), in
    its transaction: one statement for a batch of thousands of facts."""
    pending = getattr(ctx, "provenance", None)
    if pending:
        store.db.executemany(_PROVENANCE_INSERT, pending)
        pending.clear()


def open_uncertainty(
    store: OpenStore,
    ctx: WriteContext,
    about: str,
    reason: str,
    kind: str,
    facts: list,
    result: WriteResult,
) -> int:
    """Open an uncertainty in the write's scope and report it in ``result``."""
    cur = store.db.execute(
        "INSERT INTO uncertainties(about, reason, kind, scope, source_id, fact_ids, "
        "created_ms) VALUES(?,?,?,?,?,?,?)",
        (
            about,
            reason,
            kind,
            ctx.scope,
            ctx.source,
            json.dumps([f for f in facts if f]),
            ctx.now,
        ),
    )
    uid = int(cur.lastrowid)
    result.uncertainties.append({"id": uid, "about": about, "reason": reason, "kind": kind})
    return uid


def _entity(
    store: OpenStore, name: str, etype: str, ctx: WriteContext, category: str
) -> tuple[int, str, str]:
    """(id, type, key) of the entity ``name`` in the write's scope, created if new. "I"
    is the owner of the personal scope (``speaker_of``); a name of no known type takes
    the type it has in the write's scope chain (a catalogue's), among the rows the writer
    may read: never another scope's (another tenant's product of the same name)."""
    if name == SELF:
        name = speaker_of(ctx.scope)
        etype = "person"
    elif name == ORG:
        name = org_of(ctx.scope) or ctx.scope
        etype = "organisation"
    etype = entity_type(etype)
    key = normalize_name(name) or name.casefold()
    known = ctx.entities.get((key, etype))
    if known is not None:
        return known[0], known[1], key
    row = store.db.execute(
        "SELECT id, type FROM entities WHERE key=? AND scope=? AND (type=? OR ?='other' "
        "OR type='other') ORDER BY type=? DESC LIMIT 1",
        (key, ctx.scope, etype, etype, etype),
    ).fetchone()
    if row:
        ctx.entities[(key, etype)] = (int(row[0]), row[1])
        return int(row[0]), row[1], key
    if etype == "other":  # the type the same name has up the scope chain (a catalogue's)
        chain = readable_chain(ctx.scope, ctx.readable)
        marks = ",".join("?" * len(chain))
        other = (
            store.db.execute(
                f"SELECT type FROM entities WHERE key=? AND type!='other' AND forgotten=0 "
                f"AND scope IN ({marks}) ORDER BY LENGTH(scope) DESC, id LIMIT 1",
                (key, *chain),
            ).fetchone()
            if chain
            else None
        )
        if other:
            etype = other[0]
    cur = store.db.execute(
        "INSERT INTO entities(type, key, name, scope, category, authoritative, source_id, "
        "created_ms, forgotten) VALUES(?,?,?,?,?,?,?,?,?)",
        (
            etype,
            key,
            name,
            ctx.scope,
            category,
            int(ctx.authoritative),
            ctx.source,
            ctx.now,
            hidden(ctx),
        ),
    )
    ctx.entities[(key, etype)] = (int(cur.lastrowid), etype)
    return int(cur.lastrowid), etype, key


def add_alias(store: OpenStore, subject: str, etype: str, alias: str, ctx: WriteContext) -> None:
    """Another name of a curated thing (its SKU, id or code), as an entity that
    ``resolves_to`` it: a claim about "AR-100" is then a claim about the Aria Headphones."""
    eid, etype, key = _entity(store, subject, etype, ctx, "knowledge")
    akey = normalize_name(alias) or alias.casefold()
    if not akey or akey == key:
        return
    row = store.db.execute(
        "SELECT id, resolves_to FROM entities WHERE key=? AND scope=? AND type=?",
        (akey, ctx.scope, etype),
    ).fetchone()
    if row is None:
        store.db.execute(
            "INSERT INTO entities(type, key, name, scope, category, authoritative, source_id, "
            "created_ms, resolves_to, forgotten) VALUES(?,?,?,?,?,?,?,?,?,?)",
            (etype, akey, alias, ctx.scope, "knowledge", 1, ctx.source, ctx.now, eid, hidden(ctx)),
        )
    elif row[1] is None and row[0] != eid:
        store.db.execute("UPDATE entities SET resolves_to=? WHERE id=?", (eid, row[0]))
    # an entity of the alias's key was made or linked: the look-ups of that key may differ
    # now, no other's (each is by key); a catalogue's thousands of aliases keep the rest
    ctx.resolved.pop(akey, None)
    for t in (*ENTITY_TYPES, "other"):  # (``_entity`` keys its memo by a closed type)
        ctx.entities.pop((akey, t), None)


def _revoke(store: OpenStore, text: str, ctx: WriteContext) -> list[dict[str, Any]]:
    """Revoke the active instruction of the write's own scope the statement names best.
    Instructions of ancestor scopes are never touched (a customer's "you no longer need
    to ..." does not lift an organisation's instruction), nor ones the writer may not
    read."""
    words = content_words(text)
    if ctx.readable is not None and not ctx.readable(ctx.scope):
        return []
    best: list[tuple[float, int, str]] = []
    for iid, itext in store.db.execute(
        "SELECT id, text FROM instructions WHERE active=1 AND forgotten=0 AND scope=?",
        (ctx.scope,),
    ):
        theirs = content_words(itext)
        if not theirs:
            continue
        overlap = len(words & theirs) / len(theirs)
        if overlap >= REVOKE_OVERLAP:
            best.append((overlap, iid, itext))
    out = []
    for overlap, iid, itext in sorted(best, reverse=True)[:1]:
        store.db.execute(
            "UPDATE instructions SET active=0, revoked_ms=?, revoked_by=? WHERE id=?",
            (ctx.now, ctx.source, iid),
        )
        out.append({"id": iid, "text": itext, "by": text, "overlap": round(overlap, 2)})
        record_trace(store, ctx, "revoke", out[-1])
    return out


def _link_mention(
    store: OpenStore, name: str, etype: str, ctx: WriteContext
) -> dict[str, Any] | None:
    """``resolves_to``: a chat mention ("my AirPods") is its own experiential entity, linked
    to the curated one ("AirPods Pro") it names, never merged with it."""
    if ctx.authoritative:
        return None
    scopes = [s for s in ancestors(ctx.scope) if ctx.readable is None or ctx.readable(s)]
    if not scopes:
        return None
    marks = ",".join("?" * len(scopes))
    key = normalize_name(name)
    # the curated entity of this key, else the last one whose key holds it as a whole part
    # ("airpods" in "airpods_pro"); SQLite compares, so a catalogue of thousands stays in C
    if not key:
        return None
    head = (
        f"SELECT id, key, name FROM entities WHERE authoritative=1 AND type=? "
        f"AND forgotten=0 AND scope IN ({marks}) AND "
    )
    target = store.db.execute(head + "key = ? LIMIT 1", [etype, *scopes, key]).fetchone()
    if target is None:
        target = store.db.execute(
            head + "instr('_' || key || '_', '_' || ? || '_') > 0 ORDER BY id DESC LIMIT 1",
            [etype, *scopes, key],
        ).fetchone()
    if target is None:
        return None
    eid, _, _ = _entity(store, name, etype, ctx, "knowledge")
    store.db.execute(
        "UPDATE entities SET resolves_to=? WHERE id=? AND resolves_to IS NULL",
        (target[0], eid),
    )
    ctx.resolved.clear()
    link = {"entity": eid, "name": name, "resolves_to": target[0], "target": target[2]}
    record_trace(store, ctx, "resolves_to", link)
    return link


def _observe(store: OpenStore, claim: Claim, ekey: str, ctx: WriteContext) -> None:
    """One more observation of an experiential claim: ``lifecycle.consolidate`` turns
    repeated ones into durable beliefs."""
    sig = hashlib.sha1(f"{ekey}|{claim.key}|{claim.value.casefold()}".encode()).hexdigest()
    store.db.execute(
        "INSERT INTO observations(scope, signature, text, proof_count, first_ms, last_ms, "
        "history) VALUES(?,?,?,1,?,?,?) ON CONFLICT(scope, signature) DO UPDATE SET "
        "proof_count=proof_count+1, last_ms=excluded.last_ms, "
        "history=json_insert(history, '$[#]', ?)",
        (
            ctx.scope,
            sig,
            claim.statement,
            ctx.now,
            ctx.now,
            json.dumps([ctx.source]),
            ctx.source,
        ),
    )


def record_trace(store: OpenStore, ctx: WriteContext, op: str, detail: dict[str, Any]) -> None:
    """A decision-trace row, with the actor when there is one."""
    if ctx.actor is not None:  # who wrote: principal, key, delegation target
        detail = {**detail, "actor": ctx.actor}
    row = (op, ctx.scope, ctx.source, ctx.now, _JSON.encode(detail))
    if ctx.traces is not None:
        ctx.traces.append(row)
    else:
        store.db.execute(_TRACE_INSERT, row)


def flush_traces(store: OpenStore, ctx: WriteContext) -> None:
    """Write the traces ``record_trace`` kept back (``WriteContext.traces``), in the write's
    transaction."""
    if ctx.traces:
        store.db.executemany(_TRACE_INSERT, ctx.traces)
        ctx.traces.clear()


def read_facts(store: OpenStore, ids: list[int], result: WriteResult) -> None:
    """The facts of ``ids`` (``reconcile_claim``'s ``stored``) into ``result.facts``, in their
    order, read a few hundred at a time."""
    for i in range(0, len(ids), 500):
        part = ids[i : i + 500]
        rows = store.db.execute(
            f"SELECT {_FACT_COLUMNS} FROM facts f JOIN entities e ON e.id=f.entity_id "
            f"JOIN sources s ON s.id=f.source_id WHERE f.id IN ({','.join('?' * len(part))})",
            part,
        ).fetchall()
        by_id = {f.id: f for f in map(fact_of, rows)}
        result.facts.extend(by_id[fid] for fid in part)
    ids.clear()


#: ``json.dumps(detail, default=str)`` without building an encoder for each trace
_JSON = json.JSONEncoder(default=str)
_TRACE_INSERT = "INSERT INTO traces(op, scope, source_id, created_ms, detail) VALUES(?,?,?,?,?)"
