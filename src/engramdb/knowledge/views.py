"""Read views over the knowledge tables: ``state``, ``profile``, ``context``, ``entity`` and
``history``. Attribute resolution order everywhere: authoritative values ground factual answers,
experiential values personalise, and a conflict between them is shown, never hidden."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from ..errors import NotFoundError
from .results import Fact
from .vocab import normalize_name

if TYPE_CHECKING:
    from .memory import Memory

__all__ = ["context", "entity", "history", "profile", "state"]

_PREFERENCE_KEYS = frozenset({"prefers", "likes", "dislikes", "diet", "allergy", "language"})


def _conflicts(mem: Memory, lens: list[str] | None) -> list[dict[str, Any]]:
    """Open conflicts with the facts on each side, the curated one marked as the one that
    applies."""
    out = []
    for u in mem.uncertainties(lens=lens):
        if u["kind"] != "conflict":
            continue
        sides = []
        for fid in u["facts"]:
            try:
                f = mem._fact(fid)
            except NotFoundError:
                continue
            if not mem._visible(f.scope, None):
                continue  # outside the caller's read region: not even as a conflict's side
            if mem.db.execute("SELECT forgotten FROM facts WHERE id=?", (fid,)).fetchone()[0]:
                continue  # forgotten: out of every read, a conflict's sides included
            sides.append(
                {
                    "fact": f.id,
                    "value": f.value,
                    "statement": f.statement,
                    "scope": f.scope,
                    "authoritative": f.authoritative,
                    "source": f.source_kind,
                    "live": f.live,
                }
            )
        applies = next((s for s in sides if s["authoritative"] and s["live"]), None)
        out.append({**u, "sides": sides, "applies": applies})
    return out


def _fact_view(f: Fact) -> dict[str, Any]:
    return {
        "id": f.id,
        "entity": f.entity,
        "type": f.entity_type,
        "key": f.key,
        "value": f.value,
        "scope": f.scope,
        "authoritative": f.authoritative,
        "source": f.source_kind,
        "confidence": f.confidence,
        "importance": f.importance,
        "corroborations": f.corroborations,
        "statement": f.statement,
    }


def state(mem: Memory, lens: list[str] | None, as_of: int | None) -> dict[str, Any]:
    facts = mem.facts(lens=lens, as_of=as_of)
    out: dict[str, Any] = {"identity": [], "knowledge": [], "context": []}
    for f in facts:
        out.setdefault(f.category, []).append(_fact_view(f))
    out["instructions"] = mem.instructions(lens=lens)
    out["unknowns"] = [u for u in mem.uncertainties(lens=lens) if u["kind"] != "conflict"]
    out["conflicts"] = _conflicts(mem, lens)
    return out


def profile(mem: Memory, lens: list[str] | None) -> dict[str, Any]:
    facts = [f for f in mem.facts(lens=lens) if not f.authoritative]
    return {
        "static": [_fact_view(f) for f in facts if f.category == "identity"],
        "dynamic": [_fact_view(f) for f in facts if f.category == "context"],
        "preferences": [
            _fact_view(f)
            for f in facts
            if f.category == "knowledge"
            and (f.key in _PREFERENCE_KEYS or f.entity_type == "person")
        ],
        "knowledge": [
            _fact_view(f)
            for f in facts
            if f.category == "knowledge"
            and not (f.key in _PREFERENCE_KEYS or f.entity_type == "person")
        ],
        "instructions": mem.instructions(lens=lens),
        "conflicts": _conflicts(mem, lens),
    }


def context(mem: Memory, query: str | None, lens: list[str] | None, k: int) -> str:
    """A prompt block: instructions, then authoritative facts with their sources, then what was
    said (experiential, labelled as beliefs), then open conflicts and the policy that applies,
    then the most relevant passages."""
    facts = mem.facts(lens=lens)
    if query:
        ranked = {h.fact.id: h.score for h in mem._fact_hits(query, facts, "hybrid", False)}
        facts = sorted(facts, key=lambda f: -ranked.get(f.id, 0.0))[: max(k * 3, 12)]
    lines: list[str] = []
    instr = mem.instructions(lens=lens)
    if instr:
        lines.append("## Instructions (follow these)")
        lines += [f"- {i['text']}" for i in instr]
    curated = [f for f in facts if f.authoritative]
    if curated:
        lines.append("## Authoritative facts (curated; ground answers in these)")
        lines += [f"- {f.statement.strip()} [source: {_source_label(mem, f)}]" for f in curated]
    beliefs = [f for f in facts if not f.authoritative]
    if beliefs:
        lines.append("## What the user has said (experiential beliefs, not verified)")
        lines += [f"- {f.statement.strip()} [{f.category}, said in {f.scope}]" for f in beliefs]
    conflicts = _conflicts(mem, lens)
    if conflicts:
        lines.append("## Open conflicts (acknowledge what was said; cite the policy that applies)")
        for c in conflicts:
            said = [s for s in c["sides"] if not s["authoritative"]]
            applies = c["applies"]
            text = f"- {c['about']}: "
            if said:
                text += "the user said " + "; ".join(repr(s["value"]) for s in said)
            if applies:
                text += f"; the policy that applies says {applies['value']!r}"
            lines.append(text)
    if query:
        passages = [h for h in mem._passage_hits(query, lens, k, "hybrid", None, False)][:k]
        if passages:
            lines.append("## Relevant passages")
            for h in passages:
                label = "document" if h.kind == "chunk" else "conversation"
                lines.append(f"- ({label}) {h.text.strip()[:400]}")
    return "\n".join(lines)


def _source_label(mem: Memory, f: Fact) -> str:
    if f.source_kind == "document" and f.source_ref:
        row = mem.db.execute(
            "SELECT name, version FROM documents WHERE id=?", (int(f.source_ref),)
        ).fetchone()
        if row:
            return f"{row[0]} v{row[1]}"
    return f.source_kind


def entity(
    mem: Memory, etype: str, name: str, as_of: int | None, lens: list[str] | None
) -> dict[str, Any]:
    """An entity's attributes at ``as_of`` (now by default), curated values first."""
    key = normalize_name(name)
    rows = mem.db.execute(
        "SELECT id, name, type, scope, resolves_to FROM entities WHERE key=? AND type=? "
        "AND forgotten=0",
        (key, etype),
    ).fetchall()
    rows = [r for r in rows if mem._visible(r[3], lens)]
    if not rows:
        raise NotFoundError(f"{etype}/{name}")
    facts = [
        f
        for f in mem.facts(lens=lens, as_of=as_of)
        if normalize_name(f.entity) == key and f.entity_type == etype
    ]
    attributes: dict[str, list[dict[str, Any]]] = {}
    for f in sorted(facts, key=lambda f: (not f.authoritative, -f.known_ms)):
        attributes.setdefault(f.key, []).append(_fact_view(f))
    links = []
    for r in rows:
        if r[4] is not None:
            t = mem.db.execute("SELECT type, name FROM entities WHERE id=?", (r[4],)).fetchone()
            links.append({"scope": r[3], "resolves_to": {"type": t[0], "name": t[1]}})
    return {
        "type": etype,
        "name": rows[0][1],
        "scopes": sorted({r[3] for r in rows}),
        "as_of": as_of if as_of is not None else int(time.time() * 1000),
        "attributes": attributes,
        "links": links,
    }


def history(mem: Memory, etype: str, name: str, key: str, lens: list[str] | None) -> list[Fact]:
    """Every value the key ever had (live and closed), oldest first."""
    k = normalize_name(name)
    return [
        f
        for f in mem.facts(lens=lens, include_closed=True)
        if normalize_name(f.entity) == k and f.entity_type == etype and f.key == key
    ]
