"""The cognitive score: the one formula every tier is ranked by.

For a candidate with cosine similarity ``sim`` to the query::

    score = w_sim * sim + w_imp * I + w_ret * R + w_lex * L
            + w_temporal * T + w_hebbian * H + w_entity * E + w_stdp * P      (spreading)
            + w_speaker * S + w_date * D                                      (who, when)
            + the update lift, and the optional tag-overlap and valence terms

    I = log(importance / 0.05) / log(10 / 0.05)      importance clamped to [0.05, 10] -> [0, 1]
    R = decay(age / ((1 + S) * (1 + g * arousal)))    power-law table, clamped to [floor, 1];
                                                      pinned memories have R = 1
    L = bm25 / best bm25 of the query                 BM25 of the memory's neighbour-turn window
                                                      (``window.py``) in [0, 1]; 0 for a vector
                                                      query or no matching word
    T, H, E, P                                        activation from the best candidates along
                                                      the time line, Hebbian links, the query's
                                                      entities, STDP successors, each in [0, 1]
    S = 1 if the query names the memory's speaker     (``meta["speaker"]``)
    D = closeness of the memory's time to a date the query names (``when.py``), in [0, 1]

The weights of sim, L, T, E, S and D are fitted (``fusion.json``, ``scripts/fit_fusion.py``);
the update lift (``updates.py``) reorders pairs rather than adding evidence. Lexical evidence is
fused by weight, never instead of the cognitive score; memories that BM25 finds and the vector
scan did not join the candidates.

Every factor is clamped, so no single one can run away with the ranking; with the fitted
weights shared words (the window's BM25) and similarity carry most of it, importance and
recency break near-ties. The decay table is a power law
``(1 + t / tau) ** -beta`` sampled at age buckets, with a permastore floor: old memories fade but
never vanish. This is the two-factor model: storage strength ``S`` (grown by reinforcement, more
so when retrieval was hard) and emotional arousal (``g`` = ``arousal_gain``) stretch the age a
memory feels, so reinforced and emotional memories decay more slowly (reconsolidation).

Reinforcement (explicit ``reinforce``, or a passive recall in LEARN mode) grows ``S`` by
``gain * (2 - R_now)``: a memory that had faded (low retention ``R_now``) gains almost twice as
much as a fresh one, as in Bjork and Bjork's desirable difficulty.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from importlib.resources import files

import numpy as np

__all__ = [
    "DECAY_PRESETS",
    "PROFILES",
    "FITTED",
    "DecayTable",
    "ExpansionConfig",
    "ScoreWeights",
    "importance_factor",
    "reinforcement_gain",
    "score_candidates",
]

IMPORTANCE_MIN = 0.05
IMPORTANCE_MAX = 10.0
_HOUR = 3_600_000
_DAY = 24 * _HOUR

_BUCKETS_MS = np.array(
    [
        0,
        _HOUR,
        6 * _HOUR,
        _DAY,
        3 * _DAY,
        7 * _DAY,
        14 * _DAY,
        30 * _DAY,
        90 * _DAY,
        180 * _DAY,
        365 * _DAY,
        730 * _DAY,
    ],
    dtype=np.int64,
)


@dataclass(frozen=True)
class DecayTable:
    """Retention by age bucket: a power law with a permastore floor."""

    tau_ms: float = 6 * _HOUR
    beta: float = 0.25
    floor: float = 0.15
    arousal_gain: float = 1.0
    buckets_ms: np.ndarray = field(default_factory=lambda: _BUCKETS_MS.copy())

    @property
    def values(self) -> np.ndarray:
        raw = (1.0 + self.buckets_ms / self.tau_ms) ** (-self.beta)
        return np.clip(raw, self.floor, 1.0).astype(np.float32)

    def retention(
        self,
        age_ms: np.ndarray,
        storage_strength: np.ndarray | float = 0.0,
        arousal: np.ndarray | float = 0.0,
    ) -> np.ndarray:
        """Retention for ages (ms); future timestamps count as age zero. ``arousal`` in [0, 1]."""
        strength = 1.0 + np.maximum(np.asarray(storage_strength, dtype=np.float64), 0.0)
        emotion = 1.0 + self.arousal_gain * np.clip(np.asarray(arousal, dtype=np.float64), 0, 1)
        felt = np.maximum(np.asarray(age_ms, dtype=np.float64), 0.0) / (strength * emotion)
        idx = np.searchsorted(self.buckets_ms, felt, side="right") - 1
        return self.values[np.clip(idx, 0, len(self.buckets_ms) - 1)]


DECAY_PRESETS: dict[str, DecayTable] = {
    "default": DecayTable(),
    "slow": DecayTable(tau_ms=7 * _DAY, beta=0.2, floor=0.3),
    "fast": DecayTable(tau_ms=_HOUR, beta=0.4, floor=0.05),
    "none": DecayTable(beta=0.0, floor=1.0),
}


#: The weights learned from data: ``scripts/fit_fusion.py`` fits them on the LoCoMo dev split
#: (logistic regression over the signals of each question's hits, leave-one-conversation-out
#: cross-validated) and writes them to ``fusion.json``, similarity scaled to 1.
FITTED = ("similarity", "lexical", "temporal", "entity", "speaker", "date")
_FIT = json.loads(files(__package__).joinpath("fusion.json").read_text())


@dataclass(frozen=True)
class ScoreWeights:
    similarity: float = _FIT["similarity"]
    importance: float = 0.05
    retention: float = 0.05
    #: BM25 evidence of the memory's neighbour-turn window (``window.py``), normalised by the
    #: query's best match.
    lexical: float = _FIT["lexical"]
    #: Activation passed along a session's time line from the best candidates (see
    #: ``ExpansionConfig``).
    temporal: float = _FIT["temporal"]
    #: Share of the tag bits of ``RecallOptions.prefer_tags`` a memory carries (Bloom).
    tags: float = 0.1
    #: Closeness of a memory's valence to ``RecallOptions.mood`` (optional alignment).
    valence: float = 0.1
    #: Activation from the best candidates' Hebbian neighbours (depth 2).
    hebbian: float = 0.1
    #: Activation of memories mentioning the query's entities (2 hops in the entity graph).
    entity: float = _FIT["entity"]
    #: Predictive boost (STDP): what usually follows the session's previous recall.
    stdp: float = 0.1
    #: A memory whose ``meta["speaker"]`` the query names ("what did Caroline research?").
    speaker: float = _FIT["speaker"]
    #: Closeness of a memory's time to a date the query names ("on 1 February, 2023").
    date: float = _FIT["date"]
    #: Knowledge updates (``updates.py``): share of the lift that puts the newer of two
    #: memories about one thing just above the older, for a question about the present (the
    #: older above the newer for one about the past). 1 lifts fully, 0 turns it off.
    update: float = 1.0


_DEFAULT = ScoreWeights()
# meaning and words only: no spreading, no who or when, no update lift
_MATCHING = replace(
    _DEFAULT,
    temporal=0.0,
    hebbian=0.0,
    entity=0.0,
    stdp=0.0,
    speaker=0.0,
    date=0.0,
    update=0.0,
)

#: Named presets of weights, chosen per recall with ``RecallOptions(profile=...)``; each but
#: ``semantic`` is the fitted default with some terms changed, so a refit moves them all.
PROFILES: dict[str, ScoreWeights] = {
    # the engine's defaults: meaning, words, the session's time line, entities, speakers
    "balanced": _DEFAULT,
    # exact wording counts twice as much, no spreading: for look-ups of names, numbers, codes
    "precise": replace(_MATCHING, lexical=2 * _DEFAULT.lexical),
    # spread further from the matches: context around what was found
    "exploring": replace(
        _DEFAULT,
        lexical=0.7 * _DEFAULT.lexical,
        temporal=1.75 * _DEFAULT.temporal,
        stdp=2 * _DEFAULT.stdp,
    ),
    # what happened lately and what matters, ahead of an old perfect match (fixed weights, on
    # the scale of similarity's 1)
    "recent": replace(_DEFAULT, importance=0.5, retention=1.0),
    # meaning and words only: what forget by query ranks by
    "matching": _MATCHING,
    # similarity alone: what the embedding finds
    "semantic": ScoreWeights(
        importance=0.0,
        retention=0.0,
        lexical=0.0,
        temporal=0.0,
        hebbian=0.0,
        entity=0.0,
        stdp=0.0,
        speaker=0.0,
        update=0.0,
        date=0.0,
    ),
}


@dataclass(frozen=True)
class ExpansionConfig:
    """How recall spreads activation from its best candidates."""

    #: How many of the best candidates pass activation on.
    seeds: int = 10
    #: A candidate passes activation on only if its cosine similarity reaches this.
    seed_min_similarity: float = 0.25
    #: Memories up to this many steps before and after a seed in its session get activation.
    temporal_hops: int = 3
    #: How deep activation spreads through Hebbian associations.
    hebbian_depth: int = 2
    #: Entity-graph hops from the entities named in the query.
    entity_hops: int = 2
    #: At most this many memories join the candidates through entities.
    max_added: int = 50
    #: A query word found in more windows than this is left out of the BM25 part (a cost
    #: bound: FTS5 scores every window a word is in; a word is in the windows of up to five
    #: memories, so this is about a thousand memories' worth of a word in a chat).
    common_term_cap: int = 5_000
    #: The words of the BM25 part together read at most this many index entries, the rarest
    #: first (the rarest word always): FTS5 scores about 1.4 us an entry. LoCoMo's dev queries
    #: read 800 at the median and at most 3,020 (one query of 760 is cut; its R@10 and MRR
    #: are unchanged); ten synthetic words in 1,600 of 10,000 windows each cost 18 ms a query
    #: before the budget, 3.6 ms within it.
    lexical_budget: int = 2_500
    #: BM25 over each memory's neighbour-turn window (``window.py``); False ranks the
    #: memory's own text only (the ablation's switch).
    window: bool = True
    #: Knowledge updates: how many of the best candidates may have a newer (or older) memory
    #: lifted above them, and how close in meaning (cosine) the two must be. 0.45 on the
    #: default embedder: an update and what it replaces measured 0.47-0.56 in the synthetic
    #: long-memory set, two unrelated statements of one speaker about 0.33.
    update_seeds: int = 3
    update_min_similarity: float = 0.45
    #: ... and how well the newer one must answer the query on its own: a score at least this
    #: share of the older one's (a stray remark close to the old statement is no update).
    update_min_relevance: float = 0.6
    #: Stated changes ("I switched to ...", ``updates.change_lifts``): among the best this
    #: many candidates, for any of the ``update_change_seeds`` best with at least this share
    #: of the best score, the later change whose content words are closest (at least
    #: ``update_change_similarity``) goes just above it.
    update_change_pool: int = 200
    update_change_seeds: int = 5
    update_change_relevance: float = 0.5
    update_change_similarity: float = 0.1
    #: A memory this many days outside a date the query names keeps 1/e of the date term.
    date_tau_days: float = 7.0


def reinforcement_gain(retention_now: np.ndarray | float, gain: float) -> np.ndarray:
    """How much storage strength a reinforcement adds: more when the memory had faded."""
    r = np.clip(np.asarray(retention_now, dtype=np.float64), 0.0, 1.0)
    return (gain * (2.0 - r)).astype(np.float32)


def importance_factor(importance: np.ndarray) -> np.ndarray:
    imp = np.clip(np.asarray(importance, dtype=np.float64), IMPORTANCE_MIN, IMPORTANCE_MAX)
    return (np.log(imp / IMPORTANCE_MIN) / np.log(IMPORTANCE_MAX / IMPORTANCE_MIN)).astype(
        np.float32
    )


def score_candidates(
    similarity: np.ndarray,
    importance: np.ndarray,
    timestamp_ms: np.ndarray,
    storage_strength: np.ndarray,
    pinned: np.ndarray,
    now_ms: int,
    weights: ScoreWeights,
    decay: DecayTable,
    arousal: np.ndarray | float = 0.0,
    lexical: np.ndarray | float = 0.0,
    tag_overlap: np.ndarray | None = None,
    valence_alignment: np.ndarray | None = None,
) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Scores of candidates and each factor's weighted contribution (for ``explain``).
    ``tag_overlap`` (share of the query's tag bits a memory carries) and ``valence_alignment``
    (``1 - |valence - mood| / 2``) count only when the recall asked for them."""
    sim = np.clip(similarity.astype(np.float32), -1.0, 1.0)
    imp = importance_factor(importance)
    ret = decay.retention(now_ms - timestamp_ms.astype(np.int64), storage_strength, arousal)
    ret = np.where(pinned, np.float32(1.0), ret)
    parts = {
        "similarity": weights.similarity * sim,
        "importance": weights.importance * imp,
        "retention": weights.retention * ret,
    }
    if weights.lexical:
        parts["lexical"] = weights.lexical * np.clip(np.asarray(lexical, np.float32), 0.0, 1.0)
    if tag_overlap is not None and weights.tags:
        parts["tags"] = weights.tags * np.clip(tag_overlap.astype(np.float32), 0.0, 1.0)
    if valence_alignment is not None and weights.valence:
        parts["valence"] = weights.valence * np.clip(valence_alignment.astype(np.float32), 0, 1)
    total = sum(parts.values())
    return total.astype(np.float32), parts
