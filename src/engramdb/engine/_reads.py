"""The read path of the engine: get, recall (scan, rescore, score), full-text search."""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from ..errors import StorageError, ValidationError
from . import validation as v
from ._common import _now_ms, _record
from .index import pack_loc, unpack_loc
from .lexical import fts_query, match_terms, query_for_embedding, query_terms
from .options import MemoryRecord, RecallHit, RecallOptions, WhyNot
from .record import HEADER_DTYPE, HEADER_SIZE, Flag
from .scan import dot_scan, top_candidates
from .scoring import PROFILES, ScoreWeights, score_candidates
from .tags import bloom64, bloom_overlap_many, normalize_tag
from .updates import NOW, change_lifts, is_change, lifts, tense
from .when import closeness, span_of

__all__ = ["ReadPathMixin"]

log = logging.getLogger("engramdb.engine")


#: Entities one hop of entity spreading reaches at most (the most linked ones).
MAX_SPREAD_ENTITIES = 256
#: Mentions one hop of entity spreading reads at most (of its rarest entities first).
MAX_SPREAD_MENTIONS = 2_048


class ReadPathMixin:
    """Part of :class:`engramdb.Engine` (see ``engine.py``); not used on its own."""

    def get(self, id: str) -> MemoryRecord:
        """The stored memory with this id (``NotFoundError`` if unknown or forgotten)."""
        self._refresh()
        return self._get(id)

    def _get(self, id: str) -> MemoryRecord:
        with self._lock:  # re-entrant: the id's location and its row in one critical section
            loc = self._live_loc(id)
            row = self._index.rows_by_loc([loc])[loc]
            h = self._read_headers([loc])[0]
        return _record(row, h)

    def recall(self, query: str | Any, options: RecallOptions | None = None) -> list[RecallHit]:
        """The ``k`` memories that best answer ``query`` (a text, or a vector of the store's
        dimension), ranked by the cognitive score; due reminders come first."""
        opts = options or RecallOptions()
        now = opts.now_ms if opts.now_ms is not None else _now_ms()
        opts = replace(opts, now_ms=now)
        if self._replica:
            if opts.mode == "learn":
                raise StorageError(
                    f"store {self.path} is open as a replica: it does not learn from recalls "
                    "(mode='learn' is the writer's)"
                )
            self._refresh()
            return self._recall(query, opts)  # (reminders are the writer's to deliver)
        hits = self._recall(query, opts)
        return self._with_reminders(hits, now, v.check_k(opts.k))

    def _recall(self, query: str | Any, opts: RecallOptions) -> list[RecallHit]:
        k = v.check_k(opts.k)
        v.check_short(opts.session_id, "session_id")
        c = opts.candidates
        if isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= v.MAX_CANDIDATES:
            raise ValidationError(
                "candidates",
                f"must be an integer from 1 to {v.MAX_CANDIDATES}, got {c!r}",
                limit=v.MAX_CANDIDATES,
            )
        for scope in opts.scopes or ():
            v.check_short(scope, "scopes")
        p = opts.nprobe
        if p is not None and (isinstance(p, bool) or not isinstance(p, int) or p < 1):
            raise ValidationError("nprobe", f"must be a positive integer or None, got {p!r}")
        self._weights(opts)  # an unknown profile is refused before any work
        if opts.mode not in ("observe", "learn"):
            raise ValidationError("mode", f"must be 'observe' or 'learn', got {opts.mode!r}")
        qtext: str | None = None
        if isinstance(query, str | bytes):
            qtext = v.check_text(query, "query")
            q = np.asarray(self.embedder.embed([query_for_embedding(qtext)])[0], dtype=np.float32)
        else:
            q = v.check_vector(query, self.dim, "query")
        norm = float(np.linalg.norm(q))
        if norm == 0.0:
            return []
        q = q / norm
        tiers = [self._router.get(t) for t in opts.tiers] if opts.tiers else list(self._router)
        with self._lock:
            self._check_open()
            work = [(t, seg, seg.count) for t in tiers for seg in t.segments() if seg.count]
            in_scope = self._index.locs_in_scopes(opts.scopes) if opts.scopes else None
        qcodes, _ = self.quantizer.encode_query(q)
        pool_size = max(opts.candidates, k)
        filters = _filters(opts)
        scope_slots = None
        if in_scope is not None:
            arr = np.fromiter(in_scope, dtype=np.int64, count=len(in_scope))
            keys = arr >> 24
            scope_slots = {
                (int(key >> 24), int(key & 0xFFFFFF)): arr[keys == key] & 0xFFFFFF
                for key in np.unique(keys)
            }

        probes = self._probes(tiers, q, p) if p is not None else {}

        def scan(job):
            tier, seg, n = job
            probe = (
                self._probe_slots(tier, seg, n, q, p, probes[tier.index])
                if tier.index in probes
                else None
            )
            if scope_slots is not None:  # only the lens's records are scored, not masked
                mine = scope_slots.get((tier.index, seg.segment_no))
                mine = np.sort(mine[mine < n]) if mine is not None else np.empty(0, np.int64)
                probe = mine if probe is None else np.intersect1d(probe, mine)
            scores = dot_scan(
                seg.records,
                n,
                qcodes,
                min_ts=opts.min_timestamp_ms,
                max_ts=opts.max_timestamp_ms,
                slots=probe,
                **filters,
            )
            best = top_candidates(scores, pool_size)
            return tier, seg, best if probe is None else probe[best], scores[best]

        if scope_slots is not None:  # a lens's segments only (the others hold none of it)
            work = [j for j in work if (j[0].index, j[1].segment_no) in scope_slots]
        small = scope_slots is not None and len(arr) < _SERIAL_BELOW
        if len(work) > 1 and self._pool is not None and not small:
            # the calling thread scans the first segment while the pool scans the others (it
            # would only wait for them otherwise)
            rest = [self._pool.submit(scan, j) for j in work[1:]]
            results = [scan(work[0])] + [f.result() for f in rest]
        else:
            results = [scan(j) for j in work]
        cands = [
            (t, s, slot, sc)
            for t, s, best, scs in results
            for slot, sc in zip(best, scs, strict=True)
        ]
        if not cands:
            return []
        approx = np.array([c[3] for c in cands], dtype=np.float32)
        keep = top_candidates(approx, pool_size)
        chosen = [cands[i] for i in keep]
        lexical = self._lexical_evidence(qtext, chosen, tiers, pool_size, self._weights(opts))
        if self._control.suppressed:  # step 4: suppressed memories never come back
            keep = [
                pack_loc(t.index, seg.segment_no, int(slot)) not in self._control.suppressed
                for t, seg, slot, _ in chosen
            ]
            chosen = [c for c, ok in zip(chosen, keep, strict=True) if ok]
            lexical = lexical[np.array(keep, dtype=bool)]
        now = opts.now_ms if opts.now_ms is not None else _now_ms()
        chosen, sims, total, parts = self._score(chosen, q, lexical, now, opts)
        chosen, sims, total, parts = self._spread(
            chosen, sims, total, parts, q, qtext, now, opts, {t.index for t in tiers}
        )
        total, parts = self._updates(chosen, total, parts, qtext, opts)
        all_locs = [pack_loc(t.index, seg.segment_no, int(slot)) for t, seg, slot, _ in chosen]
        if in_scope is not None:  # what lexical evidence and spreading brought in, too
            keep = np.array([x in in_scope for x in all_locs], dtype=bool)
            if not keep.all():
                chosen = [c for c, ok in zip(chosen, keep, strict=True) if ok]
                all_locs = [x for x, ok in zip(all_locs, keep, strict=True) if ok]
                sims, total = sims[keep], total[keep]
                parts = {n: p[keep] for n, p in parts.items()}
        if opts.session_id is not None:  # step 5a: habituation, inhibition of return
            penalty = np.array(
                self._habituation.penalties(opts.session_id, all_locs, now), dtype=np.float32
            )
            parts["habituation"] = -penalty
            total = total - penalty
        order = np.argsort(-total, kind="stable")
        if opts.mmr is not None:
            order = self._diversify(order, chosen, total, opts.mmr, k * 2)
        locs = [
            pack_loc(chosen[i][0].index, chosen[i][1].segment_no, int(chosen[i][2]))
            for i in order[: k * 2]
        ]
        with self._lock:
            rows = self._index.rows_by_loc(locs)
        hits: list[RecallHit] = []
        for rank_i, loc in zip(order, locs, strict=False):
            row = rows.get(loc)
            if row is None or row["deleted"] or not _has_tags(row, opts.tags):
                continue
            if in_scope is not None and loc not in in_scope:
                continue
            if loc in self._control.suppressed:
                continue
            hits.append(
                RecallHit(
                    id=row["id"],
                    text=row["text"],
                    score=float(total[rank_i]),
                    similarity=float(sims[rank_i]),
                    tier=row["tier"],
                    timestamp_ms=int(row["timestamp_ms"]),
                    session_id=row["session_id"],
                    tags=row["tags"],
                    meta=row["meta"],
                    explain={n: float(p[rank_i]) for n, p in parts.items()}
                    if opts.explain
                    else None,
                )
            )
            if len(hits) == k:
                break
        if opts.session_id is not None:
            shown = {h.id for h in hits}
            shown_locs = [loc for loc in locs if rows.get(loc, {}).get("id") in shown]
            self._habituation.shown(opts.session_id, shown_locs, now)
            top = {h.id for h in hits[: self.config.stdp.top]}
            self._activation.set(
                opts.session_id, [x for x in shown_locs if rows[x]["id"] in top], now
            )
        if opts.mode == "learn":
            self._notify_listeners(qtext, hits, now, opts.session_id)
        return hits

    def why_not(self, id: str, query: str | Any, options: RecallOptions | None = None) -> WhyNot:
        """Why the memory ``id`` is, or is not, among the hits of this recall: forgotten,
        suppressed, excluded by a tier or a filter, or ranked below the k-th hit (with its score,
        each factor's contribution and the cutoff). Has no side effects."""
        opts = replace(options or RecallOptions(), mode="observe", session_id=None)
        k = v.check_k(opts.k)
        with self._lock:
            loc, deleted = self._stored_loc(id)
            if deleted:
                return WhyNot(id, False, "forgotten", "it was forgotten (tombstoned)")
            if loc in self._control.suppressed:
                return WhyNot(id, False, "suppressed", "it is suppressed; unsuppress() lifts it")
            row = self._index.rows_by_loc([loc])[loc]
            header = self._read_headers([loc])
        if opts.tiers and row["tier"] not in {self._router.get(t).name for t in opts.tiers}:
            return WhyNot(id, False, "tier", f"it is in tier {row['tier']!r}, not in {opts.tiers}")
        for name, probe in (
            (
                "time",
                replace(
                    RecallOptions(),
                    min_timestamp_ms=opts.min_timestamp_ms,
                    max_timestamp_ms=opts.max_timestamp_ms,
                ),
            ),
            ("importance", replace(RecallOptions(), min_importance=opts.min_importance)),
            ("tags", replace(RecallOptions(), tags=opts.tags)),
            ("valence", replace(RecallOptions(), valence_range=opts.valence_range)),
        ):
            if not _passes(header, probe)[0] or (name == "tags" and not _has_tags(row, opts.tags)):
                return WhyNot(id, False, name, f"the {name} filter leaves it out")
        wide = replace(opts, k=v.MAX_K, candidates=max(opts.candidates, v.MAX_K), explain=True)
        hits = self._recall(query, wide)
        for rank, hit in enumerate(hits, 1):
            if hit.id == id:
                cutoff = hits[k - 1].score if len(hits) >= k else None
                if rank <= k:
                    return WhyNot(
                        id,
                        True,
                        "returned",
                        f"it is returned at rank {rank}",
                        rank,
                        hit.score,
                        cutoff,
                        hit.explain,
                    )
                return WhyNot(
                    id,
                    False,
                    "rank",
                    f"it ranks {rank}, below the {k} asked for (score {hit.score:.4f} against "
                    f"{cutoff:.4f} for rank {k})",
                    rank,
                    hit.score,
                    cutoff,
                    hit.explain,
                )
        return WhyNot(
            id, False, "rank", f"it is not among the {len(hits)} best matches the recall scored"
        )

    def _with_reminders(self, hits: list[RecallHit], now: int, k: int) -> list[RecallHit]:
        """Step 2: due reminders come first (each only once, whatever the mode), then the
        memories, k in all."""
        due = self._take_due_reminders(now)
        if not due:
            return hits
        first = [
            RecallHit(
                id=r.id,
                text=r.text,
                score=0.0,
                similarity=0.0,
                tier="prospective",
                timestamp_ms=r.due_ms,
                session_id=None,
                tags=[],
                meta={"reminder": True, "due_ms": r.due_ms, "created_ms": r.created_ms},
            )
            for r in due
        ]
        return (first + hits)[: max(k, len(first))]

    def _notify_listeners(
        self, query: str | None, hits: list[RecallHit], now: int, session_id: str | None
    ) -> None:
        """Run the recall listeners after this recall, in order, on their own thread."""

        def run() -> None:
            for listener, with_session in self._listeners:
                try:
                    if with_session:
                        listener.on_recall(self, query, hits, now, session_id=session_id)
                    else:
                        listener.on_recall(self, query, hits, now)
                except Exception:
                    if not self._closed:
                        log.warning("recall listener %r failed", listener, exc_info=True)

        self._learn_pool.submit(run)

    def wait_for_listeners(self) -> None:
        """Block until every LEARN-mode recall made so far has been learned from."""
        self._learn_pool.submit(lambda: None).result()

    def _score(self, chosen: list, q: np.ndarray, lexical: np.ndarray, now: int, opts):
        """Exact similarity (float16 rescoring) and the cognitive score of each candidate;
        candidates outside the time bounds (lexical and temporal additions skip the scan's
        filter) are dropped."""
        sims, headers = _rescore(chosen, q)
        inside = _passes(headers, opts)
        if not inside.all():
            chosen = [c for c, ok in zip(chosen, inside, strict=True) if ok]
            sims, headers, lexical = sims[inside], headers[inside], lexical[inside]
        total, parts = score_candidates(
            sims,
            headers["importance"],
            headers["timestamp_ms"],
            headers["storage_strength"],
            (headers["flags"] & np.uint8(Flag.PINNED)) != 0,
            now,
            self._weights(opts),
            self.config.decay,
            headers["arousal"].astype(np.float32) / 255.0,
            lexical,
            tag_overlap=(
                bloom_overlap_many(
                    headers["synaptic_tags"], bloom64(v.check_tags(opts.prefer_tags))
                )
                if opts.prefer_tags
                else None
            ),
            valence_alignment=(
                1.0
                - np.abs(headers["valence"] / 127.0 - v.check_unit(opts.mood, "mood", -1, 1)) / 2
                if opts.mood is not None
                else None
            ),
        )
        return chosen, sims, total, parts

    def _spread(self, chosen, sims, total, parts, q, qtext, now: int, opts, tier_ids: set[int]):
        """Step 5: spreading activation from the best candidates (seeds, gated on real
        similarity) and from the query's entities. Memories it reaches that were not
        candidates join them with their own score, then every activation is added by weight.

        - temporal: up to ``temporal_hops`` before and after each seed in its session,
          ``seed score / distance`` (a seed's score relative to the best candidate's);
        - hebbian: the seeds' association neighbours (depth 2),
          ``seed score * edge weight / max weight / depth``;
        - entity: memories that mention an entity named in the query (hop 1) or one mentioned
          with it (hop 2), ``idf / hop`` (common entities, like a chat's speakers, weigh little);
        - stdp: successors of what the session's previous recall returned (within the STDP
          window), ``sum of directed weights / max weight`` (the predictive boost);
        - speaker: 1 for a memory whose ``meta["speaker"]`` the query names;
        - date: how close a memory's time is to a date the query names (``when.py``).
        """
        cfg = self.config.expansion
        w = self._weights(opts)
        active = {
            "temporal": w.temporal > 0 and cfg.temporal_hops > 0,
            "hebbian": w.hebbian > 0 and cfg.hebbian_depth > 0,
            "entity": w.entity > 0 and cfg.entity_hops > 0 and qtext is not None,
            "stdp": w.stdp > 0 and opts.session_id is not None,
            "speaker": w.speaker > 0 and qtext is not None and self._has_speakers,
            "date": w.date > 0 and qtext is not None,
        }
        if not any(active.values()) or not len(total):
            return chosen, sims, total, parts
        locs = [pack_loc(t.index, seg.segment_no, int(slot)) for t, seg, slot, _ in chosen]
        index_of = {loc: i for i, loc in enumerate(locs)}
        # a seed passes on its score relative to the best one: activation stays in [0, 1]
        # whatever the weights, so a weight means the same after the others are refitted
        best = max(float(total.max()), 1e-9)
        seeds = [
            (locs[i], float(total[i]) / best)
            for i in np.argsort(-total, kind="stable")[: cfg.seeds]
            if sims[i] >= cfg.seed_min_similarity
        ]
        gains: dict[str, dict[int, float]] = {}
        # the query's entities and dates, read once for the entity and date terms
        mentions = (
            self._pipeline.extractor.extract(qtext, now)
            if active["entity"] or active["date"]
            else []
        )
        with self._lock:
            if active["temporal"]:
                gains["temporal"] = self._temporal_gain(seeds, cfg.temporal_hops)
            if active["hebbian"]:
                gains["hebbian"] = self._hebbian_gain(seeds, cfg.hebbian_depth, now)
            if active["entity"]:
                gains["entity"] = self._entity_gain(mentions, cfg.entity_hops, cfg.max_added)
            if active["stdp"]:
                gains["stdp"] = self._stdp_gain(opts.session_id, now)
        new = list(dict.fromkeys(x for g in gains.values() for x in g if x not in index_of))
        # only the tiers asked for, and never a suppressed memory
        new = [x for x in new if x >> 48 in tier_ids and x not in self._control.suppressed]
        if new:
            extra = []
            for loc in new:
                t, s, slot = unpack_loc(loc)
                tier = self._tier_by_index(t)
                extra.append((tier, tier.segment(s), slot, np.nan))
            extra, esims, etotal, eparts = self._score(
                extra, q, np.zeros(len(extra), dtype=np.float32), now, opts
            )
            chosen = chosen + extra
            sims = np.concatenate([sims, esims])
            total = np.concatenate([total, etotal])
            parts = {n: np.concatenate([parts[n], eparts[n]]) for n in parts}
            locs += [pack_loc(t.index, seg.segment_no, int(slot)) for t, seg, slot, _ in extra]
        if active["speaker"]:
            with self._lock:
                sources = self._index.sources_of(locs)
            speakers = {x: who for x, (_, who) in sources.items() if who}
            gains["speaker"] = _speaker_gain(qtext, speakers)
        for name, gain in gains.items():
            part = np.array([gain.get(x, 0.0) for x in locs], dtype=np.float32) * getattr(w, name)
            parts[name] = part
            total = total + part
        if active["date"]:
            spans = [
                sp
                for m in mentions
                if m.kind == "date" and m.value and (sp := span_of(m.value)) is not None
            ]
            if spans:
                part = w.date * closeness(_timestamps(chosen), spans, cfg.date_tau_days)
                parts["date"] = part
                total = total + part
        return chosen, sims, total, parts

    def _updates(self, chosen, total, parts, qtext, opts):
        """Step 5b: knowledge updates (``updates.py``): for a question about the present, the
        newer of two memories of one source about the same thing goes just above the older."""
        w = self._weights(opts).update
        direction = tense(qtext) if qtext is not None and w > 0 else 0
        if direction == 0 or len(total) < 2:
            return total, parts
        cfg = self.config.expansion
        vecs = np.stack([seg.vectors16[slot] for _, seg, slot, _ in chosen]).astype(np.float32)
        vecs /= np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-9)
        stamps = _timestamps(chosen)
        locs = [pack_loc(t.index, seg.segment_no, int(slot)) for t, seg, slot, _ in chosen]
        sources: dict[int, tuple[str | None, str | None]] = {}

        def same_source(i: int, j: int) -> bool:
            missing = [locs[x] for x in (i, j) if locs[x] not in sources]
            if missing:
                with self._lock:
                    sources.update(self._index.sources_of(missing))
            (scope_a, who_a), (scope_b, who_b) = (
                sources.get(locs[x], (None, None)) for x in (i, j)
            )
            return scope_a == scope_b and (who_a is None or who_b is None or who_a == who_b)

        lift = w * lifts(
            vecs,
            stamps,
            total,
            direction,
            seeds=cfg.update_seeds,
            min_similarity=cfg.update_min_similarity,
            min_relevance=cfg.update_min_relevance,
            same_source=same_source,
        )
        if direction == NOW:
            lift = lift + w * self._change_lifts(chosen, total + lift, stamps, locs, same_source)
        parts["update"] = lift
        return total + lift, parts

    def _change_lifts(self, chosen, total, stamps, locs, same_source) -> np.ndarray:
        """The stated changes among the best candidates lifted above what they replace
        (``updates.change_lifts``); texts are read for the ``update_change_pool`` best only."""
        cfg = self.config.expansion
        pool = np.argsort(-total, kind="stable")[: cfg.update_change_pool]
        with self._lock:
            texts = self._index.texts_of([locs[i] for i in pool])
        changes = np.zeros(len(total), dtype=bool)
        for i in pool:
            text = texts.get(locs[i])
            changes[i] = text is not None and is_change(text)
        if not changes.any():
            return np.zeros(len(total), dtype=np.float32)
        content: dict[int, np.ndarray] = {}

        def vector(i: int) -> np.ndarray:
            if i not in content:
                v = np.asarray(
                    self.embedder.embed([query_for_embedding(texts.get(locs[i]) or "")])[0],
                    dtype=np.float32,
                )
                content[i] = v / max(float(np.linalg.norm(v)), 1e-9)
            return content[i]

        def closeness(seed: int, others) -> np.ndarray:
            return np.array([float(vector(seed) @ vector(o)) for o in others], dtype=np.float32)

        return change_lifts(
            total,
            stamps,
            changes,
            closeness,
            seeds=cfg.update_change_seeds,
            min_similarity=cfg.update_change_similarity,
            min_relevance=cfg.update_change_relevance,
            same_source=same_source,
        )

    def _temporal_gain(self, seeds, hops: int) -> dict[int, float]:
        gain: dict[int, float] = {}
        chain = self._pipeline.temporal
        where = chain.positions([loc for loc, _ in seeds])  # (one look-up, not one a seed)
        for loc, score in seeds:
            pos = where.get(loc)
            if pos is None:
                continue
            for forward in (False, True):
                for hop, nb in enumerate(chain.follow(loc, hops, forward=forward, position=pos), 1):
                    gain[nb] = gain.get(nb, 0.0) + score / hop
        return gain

    def _stdp_gain(self, session: str, now: int) -> dict[int, float]:
        last = self._activation.get(session)
        cfg = self.config.stdp
        if last is None or not 0 <= now - last[1] <= cfg.window_ms:
            return {}
        gain: dict[int, float] = {}
        for pairs in self._coactivation.successors(last[0], now).values():
            for post, weight in pairs:
                gain[post] = gain.get(post, 0.0) + weight / cfg.max_weight
        return gain

    def _hebbian_gain(self, seeds, depth: int, now: int) -> dict[int, float]:
        graph = self._pipeline.hebbian
        top = graph.config.max_weight
        gain: dict[int, float] = {}
        frontier = {loc: score for loc, score in seeds}
        seen = set(frontier)
        for d in range(1, depth + 1):
            links = graph.neighbors(list(frontier), now)
            nxt: dict[int, float] = {}
            for src, score in frontier.items():
                for nb, weight in links.get(src, ()):
                    a = score * weight / top / d
                    gain[nb] = gain.get(nb, 0.0) + a
                    if nb not in seen:
                        nxt[nb] = max(nxt.get(nb, 0.0), score * weight / top)
            seen |= set(nxt)
            frontier = nxt
            if not frontier:
                break
        return gain

    def _entity_gain(self, mentions: list, hops: int, limit: int) -> dict[int, float]:
        graph = self._pipeline.entities
        keys = [m.value or m.key if m.kind == "date" else m.key for m in mentions]
        eids = {e for key in keys for e in graph.find(key)}
        if not eids:
            return {}
        total = max(2, self._live_count)  # kept by the write path: no COUNT(*) per query
        gain: dict[int, float] = {}
        reached = set(eids)
        layer = set(eids)
        # an entity in most memories (a chat's speaker, the user's own name) says little and
        # would cost a read of all of them: skip it
        too_common = max(1_000, total // 20)
        for hop in range(1, hops + 1):
            counts = graph.mention_counts(layer)  # (one statement, not two per entity)
            # the rarest first, up to a budget of mentions read per hop: a catalogue's names
            # share words ("Lamp", "Flex") with thousands of its rows
            chosen, read = set(), 0
            for e in sorted(layer, key=lambda e: (counts.get(e, 0), e)):
                c = counts.get(e, 0)
                if c > too_common or read + c > MAX_SPREAD_MENTIONS:
                    continue
                chosen.add(e)
                read += c
            each = graph.live_memories_each(chosen)
            for eid in layer:
                if eid not in chosen:
                    continue
                mems = each.get(eid)
                if not mems:
                    continue
                idf = math.log(total / len(mems)) / math.log(total)
                for loc in mems:
                    gain[loc] = gain.get(loc, 0.0) + max(0.0, idf) / hop
            if hop < hops:
                # the strongest neighbours only, of the entities it read: a catalogue's rows
                # link each name to thousands of others ("Lamp" to every lamp's name), and
                # reading all of their memories cost seconds
                seeds = {e for e in layer if counts.get(e, 0) <= too_common}
                layer = set(graph.strongest_related(seeds, MAX_SPREAD_ENTITIES)) - reached
                reached |= layer
        best = sorted(gain.items(), key=lambda kv: -kv[1])[:limit]
        return dict(best)

    def _diversify(self, order, chosen, total, lam: float, n: int) -> np.ndarray:
        """Maximal marginal relevance: pick, one at a time, the candidate with the best
        ``lam * score - (1 - lam) * (highest cosine to anything picked)`` among the best
        ``4 n``; ``lam = 1`` is the plain ranking."""
        lam = v.check_unit(lam, "mmr", 0.0, 1.0)
        pool = order[: 4 * n]
        vecs = np.stack([chosen[i][1].vectors16[chosen[i][2]].astype(np.float32) for i in pool])
        scores = total[pool].astype(np.float32)
        picked: list[int] = []
        closest = np.full(len(pool), -1.0, dtype=np.float32)
        free = np.ones(len(pool), dtype=bool)
        for _ in range(min(n, len(pool))):
            gain = np.where(free, lam * scores - (1 - lam) * np.maximum(closest, 0.0), -np.inf)
            j = int(np.argmax(gain))
            picked.append(j)
            free[j] = False
            closest = np.maximum(closest, vecs @ vecs[j])
        return pool[picked]

    def _weights(self, opts: RecallOptions) -> ScoreWeights:
        if opts.profile is None:
            return self.config.weights
        try:
            return PROFILES[opts.profile]
        except KeyError:
            raise ValidationError(
                "profile", f"unknown profile {opts.profile!r}; known: {', '.join(PROFILES)}"
            ) from None

    def _lexical_evidence(
        self, qtext, chosen: list, tiers: list, limit: int, weights: ScoreWeights
    ) -> np.ndarray:
        """BM25 evidence for the candidates, normalised to [0, 1] by the query's best match;
        memories that BM25 finds and the vector scan missed join the candidates (``chosen`` is
        extended in place). Zeros when the query is a vector or lexical weight is off."""
        if qtext is None or weights.lexical <= 0:
            return np.zeros(len(chosen), dtype=np.float32)
        terms = query_terms(qtext)
        if not terms:
            return np.zeros(len(chosen), dtype=np.float32)
        with self._lock:
            # FTS5 scores every match of an OR query before keeping the best: words that are in
            # thousands of windows cost the most and say the least (low idf), so they are left
            # out; a query of nothing but such words gets no lexical part (a small store never
            # reaches the cap)
            cap = self.config.expansion.common_term_cap
            window = self.config.expansion.window
            counts = self._index.term_counts(terms, cap, window=window)
            kept = [t for t in terms if counts[t] <= cap]
            if not kept:
                return np.zeros(len(chosen), dtype=np.float32)
            # a word in more than half the windows (a chat's speaker, named in every turn) has
            # no weight in BM25 (FTS5 clamps its idf to 1e-6) but a score to compute for every
            # window: it is left out too, unless the query has nothing rarer (only in a store
            # big enough for it to pay: in a small one a word is in half the windows by chance)
            if self._live_count >= _HALF_FROM:
                rarer = [t for t in kept if counts[t] <= self._live_count // 2]
                kept = rarer or kept
            # and the words together read at most ``lexical_budget`` index entries, the rarest
            # first (the rarest word always): ten
            # words each in 1,600 of 10,000 windows cost 18 ms a query (more than at 100,000
            # memories, where each is past the cap alone) and weigh least in BM25
            kept = _within(kept, counts, self.config.expansion.lexical_budget)
            found = self._index.fts_search(
                match_terms(kept), limit, tier_ids={t.index for t in tiers}, window=window
            )
        by_loc = {
            pack_loc(t.index, seg.segment_no, int(slot)): i
            for i, (t, seg, slot, _) in enumerate(chosen)
        }
        strength = np.zeros(len(chosen) + len(found), dtype=np.float32)
        for loc, bm25 in found:
            i = by_loc.get(loc)
            if i is None:
                t, s, slot = unpack_loc(loc)
                tier = self._tier_by_index(t)
                chosen.append((tier, tier.segment(s), slot, np.nan))
                i = len(chosen) - 1
            strength[i] = -bm25  # SQLite's bm25 is negative, lower is better
        strength = strength[: len(chosen)]
        top = float(strength.max()) if len(strength) else 0.0
        return strength / top if top > 0 else strength

    def search_text(
        self, query: str, k: int = 10, *, tiers: Sequence[str] | None = None
    ) -> list[tuple[str, float]]:
        """BM25 (FTS5, porter stemming) over live memories, optionally of some tiers only:
        (id, bm25) best first; lower bm25 is better, as SQLite reports it."""
        k = v.check_k(k)
        match = fts_query(v.check_text(query, "query"))
        if match is None:
            return []
        ids = {self._router.get(t).index for t in tiers} if tiers else None
        with self._lock:
            self._check_open()
            found = self._index.fts_search(match, k, tier_ids=ids)
            rows = self._index.rows_by_loc([loc for loc, _ in found])
        return [(rows[loc]["id"], s) for loc, s in found if loc in rows]


def _by_segment(chosen: list) -> dict[int, tuple[object, list[int], list[int]]]:
    """Candidates grouped by segment: (segment, their positions in ``chosen``, their slots)."""
    groups: dict[int, tuple[object, list[int], list[int]]] = {}
    for i, (_, seg, slot, _) in enumerate(chosen):
        g = groups.get(id(seg))
        if g is None:
            g = groups[id(seg)] = (seg, [], [])
        g[1].append(i)
        g[2].append(int(slot))
    return groups


def _rescore(chosen: list, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Exact (float16) similarity and the header of each (tier, segment, slot, _) candidate,
    read a segment at a time (one gather per segment, not one per candidate)."""
    sims = np.empty(len(chosen), dtype=np.float32)
    headers = np.empty(len(chosen), dtype=HEADER_DTYPE)
    for seg, where, slots in _by_segment(chosen).values():
        idx = np.asarray(slots, dtype=np.int64)
        sims[where] = seg.vectors16[idx].astype(np.float32) @ q
        raw = np.ascontiguousarray(seg.records[idx, :HEADER_SIZE])
        headers[where] = raw.view(HEADER_DTYPE).reshape(len(idx))
    return sims, headers


def _timestamps(chosen: list) -> np.ndarray:
    """The header timestamps of (tier, segment, slot, _) candidates."""
    out = np.empty(len(chosen), dtype=np.int64)
    for seg, where, slots in _by_segment(chosen).values():
        raw = np.ascontiguousarray(seg.records[np.asarray(slots, dtype=np.int64), :HEADER_SIZE])
        out[where] = raw.view(HEADER_DTYPE)["timestamp_ms"].reshape(len(slots))
    return out


#: Stores smaller than this keep every query word in the window query (the more-than-half rule
#: is for cost, and a store of a few sessions has every word in half its windows by chance).
_HALF_FROM = 400


def _within(terms: list[str], counts: dict[str, int], budget: int) -> list[str]:
    """The rarest of ``terms`` whose counts add up to at most ``budget`` (in the query's
    order; the rarest word always), so that an OR query of common words reads a bounded number
    of index entries. (A word FTS5 reads as a phrase, "foo-bar", is counted by its phrase's
    matches, not by the entries of its tokens: such words are not bounded by this.)"""
    keep: set[str] = set()
    total = 0
    for t in sorted(set(terms), key=lambda t: (counts[t], t)):
        if keep and total + counts[t] > budget:
            break
        keep.add(t)
        total += counts[t]
    return [t for t in terms if t in keep]


def _speaker_gain(qtext: str, speakers: dict[int, str]) -> dict[int, float]:
    """1 for the memories whose speaker the query names by any word of the name; nothing when
    the query names none of them. A name word that is a common word ("Will", "May") counts
    only written with a capital."""
    asked = set(query_terms(qtext))
    asked |= {w.lower() for w in re.findall(r"\b[A-Z][\w'-]*", qtext)}
    named: dict[str, bool] = {}
    for who in set(speakers.values()):
        words = [w for w in query_terms(who) if len(w) > 1]
        named[who] = any(w in asked for w in words)
    return {loc: 1.0 for loc, who in speakers.items() if named[who]}


#: A lens of fewer memories than this is scanned in the calling thread: handing a few thousand
#: dot products to the pool's threads costs more than computing them (1.3 ms a query at 100k).
_SERIAL_BELOW = 50_000


def _filters(opts: RecallOptions) -> dict:
    """The scan's header filters for these options (checked for range first)."""
    out: dict = {}
    if opts.min_importance is not None:
        out["min_importance"] = v.check_importance(opts.min_importance)
    if opts.tags:
        out["tag_mask"] = bloom64(v.check_tags(list(opts.tags)))
    if opts.valence_range is not None:
        lo, hi = opts.valence_range
        lo = v.check_unit(lo, "valence_range", -1.0, 1.0)
        hi = v.check_unit(hi, "valence_range", -1.0, 1.0)
        if lo > hi:
            raise ValidationError("valence_range", f"({lo}, {hi}) is empty")
        # header bytes hold round(valence * 127): widen by half a step so the ends are kept
        out["valence_range"] = (int(np.floor(lo * 127)), int(np.ceil(hi * 127)))
    return out


def _passes(headers: np.ndarray, opts: RecallOptions) -> np.ndarray:
    """The same filters as the scan, for candidates that did not come through it (lexical
    and temporal additions): not forgotten, time bounds, importance, tag bits, valence."""
    ok = (headers["flags"] & np.uint8(Flag.TOMBSTONE)) == 0
    ts = headers["timestamp_ms"]
    if opts.min_timestamp_ms is not None:
        ok &= ts >= opts.min_timestamp_ms
    if opts.max_timestamp_ms is not None:
        ok &= ts <= opts.max_timestamp_ms
    f = _filters(opts)
    if "min_importance" in f:
        ok &= headers["importance"] >= f["min_importance"]
    if "tag_mask" in f:
        mask = np.uint64(f["tag_mask"])
        ok &= (headers["synaptic_tags"] & mask) == mask
    if "valence_range" in f:
        lo, hi = f["valence_range"]
        ok &= (headers["valence"] >= lo) & (headers["valence"] <= hi)
    return ok


def _has_tags(row: dict, tags: tuple[str, ...] | None) -> bool:
    """Exact check behind the Bloom filter: every asked tag is among the memory's tags or
    keyphrases (normalised), so a Bloom false positive is never returned."""
    if not tags:
        return True
    have = {normalize_tag(t) for t in row["tags"]} | {normalize_tag(t) for t in row["keyphrases"]}
    return all(normalize_tag(t) in have for t in tags)
