"""Read views over the knowledge tables: ``state``, ``profile``, ``context``, ``entity`` and
``history``. Attribute resolution order everywhere: authoritative values ground factual answers,
experiential values personalise, and a conflict between them is shown, never hidden."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import NotFoundError, ValidationError
from . import reads, redaction
from .access import owner_of
from .excerpts import excerpts
from .results import Fact
from .vocab import normalize_name

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = [
    "DEFAULT_BUDGET",
    "MAX_BUDGET",
    "MAX_PAGE",
    "check_budget",
    "check_page",
    "conflicts",
    "context",
    "entity",
    "history",
    "one_person",
    "profile",
    "state",
]

_PREFERENCE_KEYS = frozenset({"prefers", "likes", "dislikes", "diet", "allergy", "language"})


def conflicts(
    store: OpenStore, lens: list[str] | None, include_resolved: bool = False
) -> list[dict[str, Any]]:
    """Open (or, with ``include_resolved``, every) conflict with the facts on each side, the
    curated one marked as the one that applies; a resolved one carries its ``resolution``,
    ``note``, ``resolved_ms`` and ``resolved_by``."""
    out = []
    for u in reads.uncertainties(store, lens=lens, include_resolved=include_resolved):
        if u["kind"] != "conflict":
            continue
        sides = []
        for fid in u["facts"]:
            try:
                f = reads.fact(store, fid)
            except NotFoundError:
                continue
            if not redaction.is_visible(f.scope, None):
                continue  # outside the caller's read region: not even as a conflict's side
            if store.db.execute("SELECT forgotten FROM facts WHERE id=?", (fid,)).fetchone()[0]:
                continue  # forgotten: out of every read, a conflict's sides included
            sides.append(
                {
                    "fact": f.id,
                    "value": f.value,
                    "statement": f.statement,
                    "scope": f.scope,
                    "authoritative": f.authoritative,
                    "source": f.source_kind,
                    "source_label": _source_label(store, f),
                    "said_by": (owner_of(f.scope) or (None,))[0],
                    "known_ms": f.known_ms,
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


def state(
    store: OpenStore,
    lens: list[str] | None,
    as_of: int | None,
    limit: int | None = None,
    offset: int = 0,
) -> dict[str, Any]:
    """Live facts by category, instructions, unknowns and open conflicts. Each list is paged
    alike (``offset`` items skipped, at most ``limit`` kept; None: all); ``page`` gives the
    offset, the limit and each list's ``totals``."""
    limit, offset = check_page(limit, offset)
    facts = reads.facts(store, lens=lens, as_of=as_of)
    out: dict[str, Any] = {"identity": [], "knowledge": [], "context": []}
    for f in facts:
        out.setdefault(f.category, []).append(_fact_view(f))
    out["instructions"] = reads.instructions(store, lens=lens)
    out["unknowns"] = [u for u in reads.uncertainties(store, lens=lens) if u["kind"] != "conflict"]
    out["conflicts"] = conflicts(store, lens)
    totals = {name: len(items) for name, items in out.items()}
    end = None if limit is None else offset + limit
    paged: dict[str, Any] = {name: items[offset:end] for name, items in out.items()}
    paged["page"] = {"offset": offset, "limit": limit, "totals": totals}
    return paged


#: The most items one page of ``state`` holds per list.
MAX_PAGE = 10_000


def check_page(limit: object, offset: object) -> tuple[int | None, int]:
    """A valid (limit, offset) of a paged view."""
    if limit is not None and (
        isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_PAGE
    ):
        raise ValidationError(
            "limit", f"must be a whole number from 1 to {MAX_PAGE}, or None", limit=MAX_PAGE
        )
    if isinstance(offset, bool) or not isinstance(offset, int) or not 0 <= offset <= 2**62:
        raise ValidationError("offset", "must be a whole number, 0 or more", value=offset)
    return limit, offset


def profile(store: OpenStore, lens: list[str] | None) -> dict[str, Any]:
    facts = [reads.fact_of(r) for r in reads.experiential_rows(store, lens)]
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
        "instructions": reads.instructions(store, lens=lens),
        "conflicts": conflicts(store, lens),
    }


#: The characters a context block holds by default, and at most.
DEFAULT_BUDGET = 4_000
MAX_BUDGET = 200_000


def check_budget(budget: object) -> int:
    """A valid character budget of a context block."""
    if isinstance(budget, bool) or not isinstance(budget, int):
        raise ValidationError(
            "budget", "must be a whole number of characters", limit=MAX_BUDGET, value=budget
        )
    if budget < 1:
        raise ValidationError("budget", "must be at least 1 character", limit=1, value=budget)
    if budget > MAX_BUDGET:
        raise ValidationError("budget", "is too large", limit=MAX_BUDGET, value=budget)
    return budget


def one_person(lens: list[str] | None) -> Callable[[str], bool]:
    """Which scopes a context block may draw on so that it never mixes people: when every
    personal scope the lens names is one person's (``access.owner_of``), that person's and the
    shared scopes; otherwise (no lens, an organisation's lens, two people) the shared scopes
    only, what is common to all."""
    owners = {o[1] for o in map(owner_of, lens or ()) if o is not None}
    own = next(iter(owners)) if len(owners) == 1 else None

    def keep(scope: str) -> bool:
        o = owner_of(scope)
        return o is None or o[1] == own

    return keep


#: The characters of a passage a context block shows (``excerpts.excerpt``).
PASSAGE_CHARS = 400


def context(
    store: OpenStore,
    query: str | None,
    lens: list[str] | None,
    k: int,
    budget: int = DEFAULT_BUDGET,
) -> str:
    """A prompt block of at most ``budget`` characters, most relevant first: instructions and
    open conflicts (with the policy that applies), then curated facts with their sources and
    the organisation's document passages in one list by relevance to the query, then what was
    said (experiential, labelled as beliefs), then the most relevant conversation passages.
    What does not fit is left out, and a last line says how many items were. It never mixes
    people (``one_person``)."""
    budget = check_budget(budget)
    keep = one_person(lens)
    rows: list[tuple] = []
    more = 0  # (facts the index did not even offer: they are left out too, and counted)
    for authoritative in (True, False):
        found = reads.candidate_rows(
            store,
            query,
            lens,
            None,
            budget // _SHORTEST + 16,
            keep=keep,
            authoritative=authoritative,
        )
        more += found.visible - len(found.rows)
        rows += found.rows
    facts = [reads.fact_of(r) for r in rows]
    ranked: dict[int, float] = {}
    if query:
        ranked = {r[0]: sc for sc, _, _, r in reads.row_scores(store, query, rows, "hybrid")}
        facts = sorted(facts, key=lambda f: -ranked.get(f.id, 0.0))
    else:
        facts = sorted(facts, key=lambda f: (-f.importance, -f.known_ms))
    instr = [i for i in reads.instructions(store, lens=lens) if keep(i["scope"])]
    said = []
    for c in conflicts(store, lens):
        sides = [s for s in c["sides"] if keep(s["scope"])]
        if not keep(c["scope"]) or not sides:
            continue
        beliefs = [s for s in sides if not s["authoritative"]]
        if not beliefs:
            continue  # (curated against curated: the curators settle it, from conflicts();
            # an agent answering from this block has no side of it to acknowledge)
        applies = c["applies"] if c["applies"] in sides else None
        text = f"- {c['about']}: the user said " + "; ".join(repr(s["value"]) for s in beliefs)
        if applies:
            text += f"; the policy that applies says {applies['value']!r}"
        said.append(text)
    passages = []
    labels: dict[str, str] = {}
    curated = [
        (
            ranked.get(f.id, 0.0),
            f"- {f.statement.strip()} [source: {_source_label(store, f, labels)}]",
        )
        for f in facts
        if f.authoritative
    ]
    stated = {" ".join(f.statement.split()).casefold() for f in facts}
    if query:
        hits = [
            h
            for h in reads.passage_hits(store, query, lens, k, "hybrid", None, False, keep)[:k]
            # (a passage that is one fact's statement is listed already)
            if " ".join(h.text.split()).casefold() not in stated
        ]
        # (each passage's pieces nearest the question, not its first characters)
        shown_all = excerpts(
            [h.text for h in hits], query, PASSAGE_CHARS, store.engine.embedder.embed
        )
        for h, shown in zip(hits, shown_all, strict=True):
            if h.kind == "chunk" and h.authoritative:
                curated.append((h.score, f"- (document) {shown}"))
                continue
            label = "document" if h.kind == "chunk" else "conversation"
            passages.append(f"- ({label}) {shown}")
        curated.sort(key=lambda c: -c[0])
    sections = [
        ("## Instructions (follow these)", [f"- {i['text']}" for i in instr]),
        ("## Open conflicts (acknowledge what was said; cite the policy that applies)", said),
        (
            "## Authoritative facts (curated; ground answers in these)",
            _once([line for _, line in curated]),
        ),
        (
            "## What the user has said (experiential beliefs, not verified)",
            [
                f"- {f.statement.strip()} [{f.category}, said in {f.scope}]"
                for f in facts
                if not f.authoritative
            ],
        ),
        ("## Relevant passages", passages),
    ]
    return _fill(sections, budget, more)


def _once(lines: list[str]) -> list[str]:
    """Each line once, at its best place (two facts read from one sentence share its
    statement and source: the same line twice in the budget)."""
    seen: set[str] = set()
    out = []
    for line in lines:
        key = " ".join(line.split()).casefold()
        if key not in seen:
            seen.add(key)
            out.append(line)
    return out


#: The fewest characters a fact's line takes in a context block ("- " + a short statement +
#: its source): a block of ``budget`` characters holds at most ``budget // _SHORTEST`` of them.
_SHORTEST = 16


def _fill(sections: list[tuple[str, list[str]]], budget: int, more: int = 0) -> str:
    """The sections' lines, in order, within ``budget`` characters: an item that does not fit
    is left out (a later, shorter one may still fit), and a last line counts them, with the
    ``more`` items that were never offered."""
    whole = "\n".join(line for h, items in sections if items for line in (h, *items))
    if len(whole) <= budget and not more:
        return whole
    total = sum(len(items) for _, items in sections) + more
    reserve = len(_left_out(total, budget)) + 1
    lines: list[str] = []
    used = 0
    left = more
    for heading, items in sections:
        headed = False
        for item in items:
            cost = len(item) + (0 if headed else len(heading) + 1) + (1 if lines else 0)
            if used + cost + reserve > budget:
                left += 1
                continue
            if not headed:
                lines.append(heading)
                headed = True
            lines.append(item)
            used += cost
    lines.append(_left_out(left, budget))
    return "\n".join(lines)[:budget]


def _left_out(n: int, budget: int) -> str:
    items = "item was" if n == 1 else "items were"
    return f"[{n} more {items} left out to stay within {budget} characters]"


def _source_label(store: OpenStore, f: Fact, known: dict[str, str] | None = None) -> str:
    """``name vN`` of a fact's document (its source's kind otherwise); ``known``: the labels a
    caller has read already (a context block's hundred facts come from a few documents)."""
    if f.source_kind == "document" and f.source_ref:
        if known is not None and f.source_ref in known:
            return known[f.source_ref]
        row = store.db.execute(
            "SELECT name, version FROM documents WHERE id=?", (int(f.source_ref),)
        ).fetchone()
        if row:
            label = f"{row[0]} v{row[1]}"
            if known is not None:
                known[f.source_ref] = label
            return label
    return f.source_kind


def entity(
    store: OpenStore, etype: str, name: str, as_of: int | None, lens: list[str] | None
) -> dict[str, Any]:
    """An entity's attributes at ``as_of`` (now by default), curated values first."""
    key = normalize_name(name)
    rows = store.db.execute(
        "SELECT id, name, type, scope, resolves_to FROM entities WHERE key=? AND type=? "
        "AND forgotten=0",
        (key, etype),
    ).fetchall()
    rows = [r for r in rows if redaction.is_visible(r[3], lens)]
    if not rows:
        raise NotFoundError(f"{etype}/{name}", "entity")
    facts = [
        f
        for f in reads.facts(store, lens=lens, as_of=as_of)
        if normalize_name(f.entity) == key and f.entity_type == etype
    ]
    attributes: dict[str, list[dict[str, Any]]] = {}
    for f in sorted(facts, key=lambda f: (not f.authoritative, -f.known_ms)):
        attributes.setdefault(f.key, []).append(_fact_view(f))
    links = []
    for r in rows:
        if r[4] is not None:
            t = store.db.execute("SELECT type, name FROM entities WHERE id=?", (r[4],)).fetchone()
            links.append({"scope": r[3], "resolves_to": {"type": t[0], "name": t[1]}})
    return {
        "type": etype,
        "name": rows[0][1],
        "scopes": sorted({r[3] for r in rows}),
        "as_of": as_of if as_of is not None else int(time.time() * 1000),
        "attributes": attributes,
        "links": links,
    }


def history(
    store: OpenStore, etype: str, name: str, key: str, lens: list[str] | None
) -> list[Fact]:
    """Every value the key ever had (live and closed), oldest first."""
    k = normalize_name(name)
    return [
        f
        for f in reads.facts(store, lens=lens, include_closed=True)
        if normalize_name(f.entity) == k and f.entity_type == etype and f.key == key
    ]
