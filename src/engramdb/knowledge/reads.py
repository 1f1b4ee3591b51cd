"""Reads over the knowledge tables: ``facts`` (live, as of a time, or every row),
``query`` (facts and the engine's passages ranked together), open ``uncertainties``,
``instructions``, and a trace's detail as the reader may see it. Every read passes the lens and
the read region (``redaction.is_visible``)."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from ..embed.contextual import CONTEXTUAL_MODEL_ID, encoded, keep, known, warn_once
from ..engine import RecallOptions
from ..engine.scoring import PROFILES
from ..engine.validation import check_k
from ..errors import ConfigError, NotFoundError, ValidationError
from ..store.sqlite import rows_in
from . import statement_vectors
from .candidates import vec
from .clock import now_ms, to_ms
from .comparatives import comparative_gain
from .lexicon import answer_kind
from .redaction import REGION, is_visible, visible_facts
from .results import Fact, QueryHit
from .scopes import check_lens
from .values import parse_values
from .vocab import CATEGORIES, RECALL_BOOST
from .words import content_words

if TYPE_CHECKING:
    from .fact_index import IndexedRow
    from .open_store import OpenStore

__all__ = [
    "fact",
    "fact_of",
    "facts",
    "instructions",
    "passage_hits",
    "query",
    "trace_detail",
    "uncertainties",
]


_FACT_COLUMNS = """f.id, e.name, e.type, f.key, f.value, f.category, f.scope, f.authoritative,
    s.kind, s.ref, f.confidence, f.importance, f.statement, f.known_ms, f.valid_from_ms,
    f.valid_until_ms, f.closed_ms, f.superseded_by, f.corroborations, f.value_kind"""


def fact_of(row: Sequence[Any]) -> Fact:
    """A ``Fact`` of a row of ``_FACT_COLUMNS``."""
    return Fact(
        id=row[0],
        entity=row[1],
        entity_type=row[2],
        key=row[3],
        value=row[4],
        category=row[5],
        scope=row[6],
        authoritative=bool(row[7]),
        source_kind=row[8],
        source_ref=row[9],
        confidence=row[10],
        importance=row[11],
        statement=row[12],
        known_ms=row[13],
        valid_from_ms=row[14],
        valid_until_ms=row[15],
        closed_ms=row[16],
        superseded_by=row[17],
        corroborations=row[18],
    )


def fact(store: OpenStore, fid: int) -> Fact:
    """One fact by id, whatever its state (``NotFoundError`` if there is none)."""
    row = store.db.execute(
        f"SELECT {_FACT_COLUMNS} FROM facts f JOIN entities e ON e.id=f.entity_id "
        "JOIN sources s ON s.id=f.source_id WHERE f.id=?",
        (fid,),
    ).fetchone()
    if row is None:
        raise NotFoundError(str(fid), "fact")
    return fact_of(row)


def facts(
    store: OpenStore,
    *,
    lens: str | Sequence[str] | None = None,
    as_of: datetime | int | str | None = None,
    include_closed: bool = False,
    now: int | None = None,
) -> list[Fact]:
    """The body of ``Memory.facts``."""
    at = to_ms(as_of, "as_of")
    return [fact_of(r) for r in live_rows(store, check_lens(lens), at, include_closed, now)]


def live_rows(
    store: OpenStore,
    paths: list[str] | None,
    at: int | None,
    include_closed: bool = False,
    now: int | None = None,
) -> list[tuple]:
    """The rows (``_FACT_COLUMNS``) of the facts ``Memory.facts`` returns, oldest first: a
    query scores rows and makes ``Fact`` objects of the few it returns only."""
    now = now if now is not None else now_ms()
    rows = store.db.execute(
        f"SELECT {_FACT_COLUMNS} FROM facts f JOIN entities e ON e.id=f.entity_id "
        "JOIN sources s ON s.id=f.source_id WHERE f.forgotten=0 ORDER BY f.known_ms, f.id"
    ).fetchall()
    out = []
    seen: dict[str, bool] = {}  # (a few scopes, thousands of rows: each asked once)
    t = at if at is not None else now
    for row in rows:
        scope = row[6]
        ok = seen.get(scope)
        if ok is None:
            ok = seen[scope] = is_visible(scope, paths)
        if not ok:
            continue
        if not include_closed and not _live_at(row, t):
            continue
        out.append(row)
    return out


#: Facts a query scores with the one formula at least, and per hit asked for (of a lens holding
#: more: the best by the same formula over the index's columns, ``fact_index.FactIndex.search``,
#: whose estimate is the formula itself once the facts have their vectors; it widens the
#: candidates while some have none). Slack beyond ``k`` is for facts stating the same text,
#: which count once.
CANDIDATES = 32
CANDIDATES_PER_HIT = 3


@dataclass(frozen=True)
class Candidates:
    """Fact rows (``_FACT_COLUMNS``, oldest first) to rank, and how many facts were visible."""

    rows: list[tuple]
    visible: int


def candidate_rows(
    store: OpenStore,
    text: str | None,
    paths: list[str] | None,
    at: int | None,
    limit: int,
    *,
    keep: Callable[[str], bool] | None = None,
    authoritative: bool | None = None,
    mode: str = "hybrid",
) -> Candidates:
    """The facts worth ranking for ``text`` (None: the most important) among those
    ``Memory.facts`` would return (of scopes ``keep`` admits, of this authority, when given):
    a top of the fact index, read again through the caller's snapshot so that what it returns
    is what that snapshot holds."""
    now = now_ms()
    t = at if at is not None else now
    index = store.fact_index(wait=False)

    seen: dict[str, bool] = {}

    def scope_ok(scope: str) -> bool:
        ok = seen.get(scope)
        if ok is None:
            ok = seen[scope] = is_visible(scope, paths) and (keep is None or keep(scope))
        return ok

    q = vec(store, text) if text else None
    with index.held():  # (the mask's positions are the search's)
        mask = index.visible(scope_ok, t, authoritative=authoritative)
        if text:
            w = store.engine.config.weights
            # (similarity's and words' weights in ``_scores``'s formula for this mode)
            weights = {"vector": (1.25, 0.0), "bm25": (0.0, 1.0)}.get(
                mode, (w.similarity, w.lexical)
            )
            found = index.search(
                q, content_words(text), mask, limit, weights, (answer_kind(text), ANSWER_GAIN)
            )
            ids, total = found.ids, found.visible
        else:
            ids, total = index.ranked_by_importance(mask, limit), int(mask.sum())
    rows = [r for r in _rows_of(store, ids) if _live_at(r, t) and scope_ok(r[6])]
    if authoritative is not None:
        rows = [r for r in rows if bool(r[7]) == authoritative]
    rows.sort(key=lambda r: (r[13], r[0]))
    return Candidates(rows, total)


def experiential_rows(store: OpenStore, paths: list[str] | None) -> list[tuple]:
    """The live experiential facts ``Memory.facts`` would return (oldest first), found by the
    fact index: a user's profile under a catalogue of thousands reads none of the catalogue."""
    t = now_ms()
    with store.snapshot():
        index = store.fact_index(wait=False)
        with index.held():  # (the mask's positions are the ids')
            ids = index.ids_of(
                index.visible(lambda s: is_visible(s, paths), t, authoritative=False)
            )
        rows = _rows_of(store, ids)
    rows = [r for r in rows if not r[7] and _live_at(r, t) and is_visible(r[6], paths)]
    rows.sort(key=lambda r: (r[13], r[0]))
    return rows


def _rows_of(store: OpenStore, ids: Sequence[int]) -> list[tuple]:
    """The rows (``_FACT_COLUMNS``) of these fact ids that are not forgotten."""
    return rows_in(
        store.db,
        f"SELECT {_FACT_COLUMNS} FROM facts f JOIN entities e ON e.id=f.entity_id "
        "JOIN sources s ON s.id=f.source_id WHERE f.forgotten=0 AND f.id IN ({marks})",
        ids,
    )


def _live_at(row: tuple, t: int) -> bool:
    """Whether a fact row is known by ``t`` and neither closed nor expired by then."""
    known, closed, category = row[13], row[16], row[5]
    if known > t or (closed is not None and closed <= t):
        return False
    ttl = CATEGORIES[category].ttl_ms if category in CATEGORIES else None
    return ttl is None or t - known <= ttl


def query(
    store: OpenStore,
    text: str,
    *,
    lens: str | Sequence[str] | None = None,
    k: int = 10,
    mode: str = "hybrid",
    as_of: datetime | int | str | None = None,
    explain: bool = False,
    one_per_text: bool = True,
    profile: str | None = None,
) -> list[QueryHit]:
    """The body of ``Memory.query``; ``profile`` overrides the engine profile ``mode`` picks
    for the passages (forget by query ranks by meaning and words only: ``"matching"``)."""
    if mode not in ("hybrid", "vector", "bm25", "graph"):
        raise ValidationError("mode", "must be hybrid, vector, bm25 or graph", value=mode)
    k = check_k(k)  # (before any work: 10**9 was accepted, 2.5 was reported as 7.5)
    paths = check_lens(lens)
    store.engine.validate([{"text": text}])
    at = to_ms(as_of, "as_of")
    with store.snapshot():  # (no lock: a query never waits for a write)
        limit = max(CANDIDATES, CANDIDATES_PER_HIT * k)
        rows = candidate_rows(store, text, paths, at, limit, mode=mode).rows
        scored = row_scores(store, text, rows, mode)
        passages = []
        if mode != "graph" or not scored:
            passages = passage_hits(store, text, paths, k, mode, at, explain, profile=profile)
    hits = _top(scored, passages, k, explain, one_per_text)
    reinforce(store, [int(h.id[5:]) for h in hits if h.kind == "fact"])
    return hits


def _top(
    scored: list[tuple[float, float, float, tuple]],
    passages: list[QueryHit],
    k: int,
    explain: bool,
    one_per_text: bool,
) -> list[QueryHit]:
    """The ``k`` best of the facts and passages, one hit per text (``same_text_once``),
    exactly as if every fact had been made a hit first, but making hits only of the facts
    that end up in (or beside) the answer: a catalogue of thousands of curated facts cost a
    hit object per fact per query."""
    entries = [(-sc, i, None) for i, (sc, _, _, _) in enumerate(scored)]
    entries += [(-h.score, len(scored) + j, h) for j, h in enumerate(passages)]
    entries.sort(key=lambda e: (e[0], e[1]))  # best first; facts before passages on a tie

    def text_of(e) -> str:
        return e[2].text if e[2] is not None else scored[e[1]][3][_STATEMENT]

    def hit_of(e) -> QueryHit:
        if e[2] is not None:
            return e[2]
        sc, sim, lex, row = scored[e[1]]
        return fact_hit(sc, sim, lex, fact_of(row), explain)

    if not one_per_text:
        return [hit_of(e) for e in entries[:k]]
    keys: dict[str, list] = {}
    for e in entries:
        key = " ".join(text_of(e).casefold().split())
        group = keys.get(key)
        if group is None:
            if len(keys) >= k:
                continue  # a text of its own past the k-th: never in the answer
            group = keys[key] = []
        group.append(e)
    return same_text_once([hit_of(e) for group in keys.values() for e in group])[:k]


def reinforce(store: OpenStore, returned: list[int]) -> None:
    """Recall reinforces what it returns (x1.1, capped at 1.0): now if no write holds the
    store, else with the next query that finds it free (never waiting for the write)."""
    if store.replica:  # (the writer reinforces them: a replica writes nothing)
        if returned and store.on_reinforce is not None:
            store.on_reinforce(list(returned))
        return
    pending = store.reinforce_later
    if not store.lock.acquire(blocking=False):
        with store.readers_lock:
            pending.extend(returned)
            del pending[: max(0, len(pending) - 10_000)]  # (a bound: the oldest boosts go)
        return
    try:
        with store.readers_lock:
            ids = [*pending, *returned]
            pending.clear()
        _boost(store.db, ids)
    finally:
        store.lock.release()


def _boost(con: sqlite3.Connection, ids: list[int]) -> None:
    """One boost per listing of an id (x1.1 each, capped at 1.0), one statement per distinct
    number of listings: in autocommit each statement is a commit of its own (ten a query
    before, 0.19 ms of a 3 ms query in a small lens)."""
    times: dict[int, list[int]] = {}
    for i, c in Counter(ids).items():
        times.setdefault(c, []).append(i)
    for c, group in sorted(times.items()):
        for lo in range(0, len(group), 500):
            part = group[lo : lo + 500]
            con.execute(
                "UPDATE facts SET importance=MIN(1.0, importance*?), recalled=recalled+? "
                f"WHERE id IN ({','.join('?' * len(part))})",
                (RECALL_BOOST**c, c, *part),
            )


def same_text_once(hits: list[QueryHit]) -> list[QueryHit]:
    """One hit per text: a turn and the fact read from it (or a turn said twice, or a
    one-sentence chunk and its fact) say the same words, and two hits of one text would use
    up ``k``. The group keeps its best rank and score; the fact speaks for it when there is
    one (it carries authority and provenance), naming the others in ``source["same_text"]``."""
    groups: dict[str, list[QueryHit]] = {}
    for h in hits:  # best first
        groups.setdefault(" ".join(h.text.casefold().split()), []).append(h)
    out = []
    for group in groups.values():
        lead = next((h for h in group if h.kind == "fact"), group[0])
        if len(group) > 1:
            others = [h.id for h in group if h is not lead]
            lead = dataclasses.replace(
                lead, score=group[0].score, source={**lead.source, "same_text": others}
            )
        out.append(lead)
    return out


#: where ``_FACT_COLUMNS`` rows hold what scoring reads
_ID, _ENTITY, _KEY, _VALUE, _IMPORTANCE, _STATEMENT, _KIND = 0, 1, 3, 4, 11, 12, 19


def row_scores(
    store: OpenStore, text: str, rows: list[tuple], mode: str
) -> list[tuple[float, float, float, tuple]]:
    """(score, similarity, lexical share, row) of each fact row ``mode`` admits, in order:
    the one formula, and for the best ``CONTEXT_RERANK`` of a hybrid read, what the
    contextual encoder says of the statement against the question (``contextual_gain``)."""
    said = [
        (r[_ID], r[_ENTITY], r[_KEY], r[_VALUE], r[_IMPORTANCE], r[_STATEMENT], r[_KIND])
        for r in rows
    ]
    scored = [(sc, sim, lex, rows[i]) for sc, sim, lex, i in _scores(store, text, said, mode)]
    if mode != "hybrid":
        return scored
    scored = contextual_gain(
        text,
        scored,
        lambda facts: statement_vectors.stored(store.reader(), CONTEXTUAL_MODEL_ID, facts),
    )
    # (of siblings that differ in a quantity only, the one a size word asks for)
    return comparative_gain(text, scored, lambda r: r[_STATEMENT], parse_values)


#: Facts of a read whose statements the contextual encoder reads against the question (the
#: best this many by the formula), and the weight of its cosine in their score. The static
#: embedder averages token vectors; on the team's grounding dev set (160 questions over 8
#: organisations) the fact that answers came first for 0.350 of questions without it and
#: 0.475 with it (weights 0.5 / 1 / 1.5 / 2 / 3 gave 0.425 / 0.475 / 0.469 / 0.469 / 0.419).
CONTEXT_RERANK = 8
CONTEXT_WEIGHT = 1.0


def contextual_gain(
    text: str,
    scored: list[tuple[float, float, float, tuple]],
    stored: Callable[[list[tuple[int, str]]], dict[int, np.ndarray]] | None = None,
) -> list[tuple[float, float, float, tuple]]:
    """``scored`` with the best ``CONTEXT_RERANK`` facts' scores raised by ``CONTEXT_WEIGHT``
    times the cosine of their statement and the question under the contextual encoder.
    ``stored((id, statement) pairs)``: the vectors the writer stored of those it has
    (``statement_vectors``), taken before computing one here."""
    if not scored or CONTEXT_RERANK <= 0:
        return scored
    try:
        q = encoded(text)
    except ConfigError as e:  # (no encoder: the formula alone ranks, as before it)
        warn_once(f"the contextual encoder cannot be used, facts are ranked without it: {e}")
        return scored
    best = sorted(range(len(scored)), key=lambda i: -scored[i][0])[:CONTEXT_RERANK]
    fetched: dict[int, np.ndarray] = {}
    if stored is not None:
        unknown = {
            scored[i][3][_ID]: scored[i][3][_STATEMENT]
            for i in best
            if known(scored[i][3][_STATEMENT]) is None
        }
        fetched = stored(list(unknown.items()))
        for fid, vector in fetched.items():
            keep(unknown[fid], vector)  # (a long statement is not kept: used from here)
    out = list(scored)
    for i in best:
        sc, sim, lex, row = scored[i]
        vector = fetched.get(row[_ID])
        if vector is None:
            vector = encoded(row[_STATEMENT])
        out[i] = (
            sc + CONTEXT_WEIGHT * max(0.0, float(vector @ q)),
            sim,
            lex,
            row,
        )
    return out


def _scores(
    store: OpenStore, text: str, said: list[tuple], mode: str
) -> list[tuple[float, float, float, int]]:
    """(score, similarity, lexical share, index) of each (id, entity, key, value, importance,
    statement, value kind) ``mode`` admits, in order: the one scoring of facts."""
    if not said:
        return []
    q = vec(store, text)
    qwords = content_words(text)
    facts = [(s[0], s[5], s[1], s[2], s[3]) for s in said]
    vs, vb = store.index.vectors([f[0] for f in facts], [f[1] for f in facts])
    missing = [i for i in range(len(facts)) if vs[i] is None]
    if missing:  # (facts the index does not hold yet: a write's own, or vectors still to come)
        features = _features(store, [facts[i] for i in missing])
        for i in missing:
            vs[i], vb[i] = features[facts[i][0]][:2]
    sims = np.maximum(np.stack(vs) @ q, np.stack(vb) @ q)
    # on the scale of the engine's passage scores: its own weights for meaning and words
    w = store.engine.config.weights
    wanted = answer_kind(text)
    out = []
    for i, (s, sim) in enumerate(zip(said, sims.tolist(), strict=True)):
        fw = _words_of(facts[i])
        lex = len(qwords & fw) / len(qwords) if qwords else 0.0
        if mode == "bm25":  # on the scale of the passages' "precise" profile
            score = PROFILES["precise"].lexical * lex
        elif mode == "vector":
            score = sim
        else:
            score = 0.8 * w.similarity * sim + w.lexical * lex
        if mode == "graph" and not (qwords & set(s[1].casefold().split())):
            continue
        score *= 0.85 + 0.15 * s[4]
        if wanted is not None and s[6] == wanted:
            score *= 1.0 + ANSWER_GAIN  # (of a row's cells, the one the question asks for)
        out.append((score, sim, lex, i))
    return out


#: How much a fact gains when its value is of the kind the question asks for (``answer_kind``:
#: "how much is the Flex 30 Drill?" asks for money, so of that row's price, stock, weight and
#: category facts, which share its name's words, the price ranks first).
ANSWER_GAIN = 0.15


def fact_hit(score: float, sim: float, lex: float, f: Fact, explain: bool) -> QueryHit:
    return QueryHit(
        "fact",
        f"fact:{f.id}",
        f.statement,
        score,
        f.scope,
        f.authoritative,
        {"kind": f.source_kind, "ref": f.source_ref},
        fact=f,
        explain={"similarity": sim, "lexical": lex} if explain else None,
    )


#: Facts whose features ``_features`` keeps per store outside the index (beyond: forgotten, and
#: read again): facts the index does not hold, or holds without vectors yet.
MAX_FEATURES = 200_000


def _features(
    store: OpenStore, facts: Sequence[tuple[int, str, str, str, str]]
) -> dict[int, tuple[np.ndarray, np.ndarray, set[str], str]]:
    """Per fact of (id, statement, entity, key, value) tuples: the unit embeddings of its
    statement and of "entity key value", its content words, and the statement they were read
    from. The fact index holds them for the facts it holds; the others are computed in one
    batch of the embedder and cached (an id that a rolled-back write had used is read again:
    its statement differs)."""
    cache = store.fact_features
    index = store.index
    mine: dict[int, tuple[np.ndarray, np.ndarray, set[str], str]] = {}
    missing = []
    for f in facts:
        held = index.features(f[0], f[1])
        if held is not None:
            mine[f[0]] = (held[0], held[1], _words_of(f), f[1])
            continue
        c = cache.get(f[0])
        if c is None or c[3] != f[1]:
            missing.append(f)
        else:
            mine[f[0]] = c
    if missing:
        if len(cache) + len(missing) > MAX_FEATURES:
            cache.clear()
        vs, vb = _unit_pairs(store, missing)
        for i, f in enumerate(missing):
            cache[f[0]] = mine[f[0]] = (vs[i], vb[i], _words_of(f), f[1])
    return mine  # (not the shared cache: another thread may clear it meanwhile)


def _unit_pairs(
    store: OpenStore, facts: Sequence[tuple[int, str, str, str, str]]
) -> tuple[np.ndarray, np.ndarray]:
    """The unit embeddings of the facts' statements and of their bodies, in one batch."""
    vecs = np.asarray(
        store.engine.embedder.embed([f[1] for f in facts] + [_body(f) for f in facts]),
        dtype=np.float32,
    )
    norms = np.linalg.norm(vecs, axis=1, keepdims=True)
    vecs = vecs / np.where(norms > 0, norms, 1.0)
    return vecs[: len(facts)], vecs[len(facts) :]


def index_vectors(store: OpenStore, rows: Sequence[IndexedRow]) -> tuple[np.ndarray, np.ndarray]:
    """``fact_index.Embedder``: the two unit embeddings of each row, as ``_features`` has them."""
    return _unit_pairs(store, [(r.id, r.statement, r.entity, r.key, r.value) for r in rows])


def index_words(row: IndexedRow) -> frozenset[str]:
    """The words the fact index files a fact under: those the lexical share counts."""
    return frozenset(
        content_words(f"{row.statement} {_body((0, '', row.entity, row.key, row.value))}")
    )


def _body(f: tuple[int, str, str, str, str]) -> str:
    return f"{f[2]} {f[3].replace('_', ' ')} {f[4]}"


def _words_of(f: tuple[int, str, str, str, str]) -> set[str]:
    return _cached_words(f"{f[1]} {_body(f)}")


@lru_cache(maxsize=65_536)
def _cached_words(text: str) -> frozenset[str]:
    return frozenset(content_words(text))


def passage_hits(
    store: OpenStore,
    text: str,
    paths: list[str] | None,
    k: int,
    mode: str,
    at: int | None,
    explain: bool,
    keep: Callable[[str], bool] | None = None,
    *,
    profile: str | None = None,
) -> list[QueryHit]:
    """Turns and document chunks the engine recalls for ``text``, of scopes the reader may
    see (forgotten rows dropped) and, with ``keep``, of the scopes it admits only."""
    scopes = _visible_scopes(store, paths)
    if keep is not None:
        scopes = sorted(
            s for s in (_passage_scopes(store) if scopes is None else scopes) if keep(s)
        )
    if scopes == []:
        return []
    profile = profile or {"vector": "semantic", "bm25": "precise"}.get(mode)
    opts = RecallOptions(
        k=min(1000, k * 3),
        scopes=scopes,
        profile=profile,
        explain=True,  # (a chunk's score beside the facts is made of its parts)
        max_timestamp_ms=at,
    )
    out = []
    for h in store.engine.recall(text, opts):
        kind = (h.meta or {}).get("kind")
        if kind not in ("turn", "chunk"):
            continue
        table = "turns" if kind == "turn" else "chunks"
        rid = (h.meta or {}).get("turn", h.id)  # a revised turn's copy: the turn's own id
        row = store.db.execute(
            f"SELECT scope, forgotten FROM {table} WHERE id=?", (rid,)
        ).fetchone()
        if row is None or row[1]:
            continue
        if (h.meta or {}).get("role") == "item" and _expired(store, rid):
            continue  # an item past its time to live is gone before the sweep reclaims it
        source = {"kind": "turn", "ref": rid, "session_id": h.session_id}
        if kind == "chunk":
            source = {
                "kind": "document",
                "ref": str((h.meta or {}).get("document_id")),
                "heading": (h.meta or {}).get("heading"),
            }
        out.append(
            QueryHit(
                kind,
                rid,
                h.text,
                chunk_score(h.explain) if kind == "chunk" else float(h.score),
                row[0],
                kind == "chunk",
                source,
                explain=h.explain if explain else None,
            )
        )
    out.sort(key=lambda h: -h.score)  # (stable: the engine's order among equals)
    return out


def chunk_score(parts: dict[str, float] | None) -> float:
    """A document passage's score beside the facts: the engine's meaning and words only, as
    a fact's is. The engine's other signals (its entity graph, importance and retention)
    reward a chunk for holding many names and being recalled; beside the statement that
    answers a question they put the table or list around it first (on the grounding dev set
    a passage was the first hit for 0.82 of questions)."""
    parts = parts or {}
    return float(parts.get("similarity", 0.0)) + float(parts.get("lexical", 0.0))


def _visible_scopes(store: OpenStore, paths: list[str] | None) -> list[str] | None:
    """The passage scopes the reader may see (None: every scope, nothing to filter)."""
    if paths is None and REGION.get() is None:
        return None
    return sorted(s for s in _passage_scopes(store) if is_visible(s, paths))


def _passage_scopes(store: OpenStore) -> set[str]:
    """The scopes that hold turns or chunks, kept in memory (a scan of every turn per
    query cost more than the recall itself at 100k turns); a write adds its scope, a
    forget drops the cache."""
    scopes = store.scopes
    if scopes is None:
        seen = store.scopes_version
        scopes = {
            r[0]
            for r in store.db.execute(
                "SELECT DISTINCT scope FROM turns UNION SELECT DISTINCT scope FROM chunks"
            )
        }
        with store.readers_lock:  # (kept only if no write changed them since: it read a snapshot)
            if store.scopes_version == seen:
                store.scopes = scopes
    return scopes


def uncertainties(
    store: OpenStore, *, lens: str | Sequence[str] | None = None, include_resolved: bool = False
) -> list[dict[str, Any]]:
    """Open (or every) uncertainty visible through ``lens``, with the facts the reader may
    see; a conflict whose other sides it may not see is left out. A resolved one carries its
    ``resolution`` (uphold, accept, dismiss; None when closed by ``resolve_uncertainty``),
    ``note``, ``resolved_ms`` and ``resolved_by`` (the actor; None for embedded use)."""
    paths = check_lens(lens)
    rows = store.db.execute(
        "SELECT id, about, reason, kind, scope, fact_ids, resolved, created_ms, resolved_ms, "
        "resolution, note, resolved_by FROM uncertainties WHERE forgotten=0 ORDER BY id"
    ).fetchall()
    rows = [r for r in rows if (include_resolved or not r[6]) and is_visible(r[4], paths)]
    ids = {f for r in rows for f in json.loads(r[5])}
    seen = visible_facts(store, ids, paths)
    out = []
    for r in rows:
        facts = json.loads(r[5])
        shown = [f for f in facts if f in seen]
        if r[3] == "conflict" and len(facts) > 1 and not set(facts[1:]) & seen:
            continue  # a conflict with nothing the reader may see is none of its business
        out.append(
            {
                "id": r[0],
                "about": r[1],
                "reason": r[2],
                "kind": r[3],
                "scope": r[4],
                "facts": shown,
                "resolved": bool(r[6]),
                "created_ms": r[7],
                # how it was resolved (``workflow.resolve_conflict``); None while open
                "resolved_ms": r[8],
                "resolution": r[9],
                "note": r[10],
                "resolved_by": json.loads(r[11]) if r[11] else None,
            }
        )
    return out


#: The keys of a trace's detail that hold fact ids (lists, single ids): a reader sees only
#: the ids it may read.
_TRACE_LISTS = ("candidates", "closed", "conflicts_with", "beliefs")
_TRACE_IDS = ("stored", "corroborated", "belief")


def trace_detail(store: OpenStore, detail: dict[str, Any]) -> dict[str, Any]:
    """The body of ``Memory.trace_detail``."""
    facts: set[int] = set()
    for key in _TRACE_LISTS:
        facts.update(x for x in detail.get(key) or () if isinstance(x, int))
    for key in _TRACE_IDS:
        if isinstance(detail.get(key), int):
            facts.add(detail[key])
    seen = visible_facts(store, facts, None)
    out = dict(detail)
    for key in _TRACE_LISTS:
        if isinstance(out.get(key), list):
            out[key] = [x for x in out[key] if x in seen]
    for key in _TRACE_IDS:
        if isinstance(out.get(key), int) and out[key] not in seen:
            out[key] = None
    target = out.get("resolves_to")
    if isinstance(target, int):
        row = store.db.execute("SELECT scope FROM entities WHERE id=?", (target,)).fetchone()
        if row is None or not is_visible(row[0], None):
            out.pop("resolves_to", None)
            out.pop("target", None)
    return out


def instructions(
    store: OpenStore, *, lens: str | Sequence[str] | None = None, include_revoked: bool = False
) -> list[dict[str, Any]]:
    """Active (or every) instruction visible through ``lens``."""
    paths = check_lens(lens)
    out = []
    for r in store.db.execute(
        "SELECT id, text, scope, active, created_ms, revoked_ms FROM instructions "
        "WHERE forgotten=0 ORDER BY id"
    ):
        if (not r[3] and not include_revoked) or not is_visible(r[2], paths):
            continue
        out.append(
            {
                "id": r[0],
                "text": r[1],
                "scope": r[2],
                "active": bool(r[3]),
                "created_ms": r[4],
                "revoked_ms": r[5],
            }
        )
    return out


def _expired(store: OpenStore, turn_id: str) -> bool:
    row = store.db.execute("SELECT expires_ms FROM items WHERE turn_id=?", (turn_id,)).fetchone()
    return bool(row and row[0] is not None and row[0] <= now_ms())
