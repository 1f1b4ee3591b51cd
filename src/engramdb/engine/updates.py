"""Knowledge updates at recall: when a question asks how things are now, the newer of two
memories about the same thing ranks first; when it asks how they were, the older does.

"I drive a white Corolla" (May) and "I sold my old car and picked up a Kia Niro" (August) are
about the same thing; "What car do I drive now?" shares more words with the stale one. Nothing
in a single memory's score says which is current, so the rule looks at pairs: for each of the
best candidates (a seed), the later memories (earlier, for a question about the past) of the
same source that are close to it in meaning and answer the query well enough are its updates,
and the closest of them is lifted just above it. A question that names no time (most of
LoCoMo's) is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

__all__ = ["NOW", "PAST", "lifts", "tense"]

NOW = 1
PAST = -1

_NOW = re.compile(
    r"\b(now|nowadays|currently|current|presently|these days|at the moment|right now|"
    r"still|latest|most recent|anymore|any more|at present|today)\b",
    re.IGNORECASE,
)
_PAST = re.compile(
    r"\b(used to|before|previously|originally|formerly|at first|first|earlier|in the past|"
    r"former|last time|back then|initially)\b",
    re.IGNORECASE,
)


def tense(question: str) -> int:
    """``NOW`` for a question about how things are, ``PAST`` for one about how they were,
    0 for one that names neither (or both)."""
    now = bool(_NOW.search(question))
    past = bool(_PAST.search(question))
    if now == past:
        return 0
    return NOW if now else PAST


def lifts(
    vectors: np.ndarray,
    timestamps: np.ndarray,
    total: np.ndarray,
    direction: int,
    *,
    seeds: int,
    min_similarity: float,
    min_relevance: float,
    same_source: Callable[[int, int], bool],
) -> np.ndarray:
    """How much each candidate's score rises. For each of the ``seeds`` best candidates, the
    candidates of the same source that are about the same thing (cosine of the unit
    ``vectors`` at least ``min_similarity``) and answer the query well enough on their own
    (a score at least ``min_relevance`` times the seed's) and later (``direction`` = NOW) or
    earlier (PAST) are its updates; the closest of them to the seed gets the seed's score plus
    a hair, if it was below. Zeros for direction 0. (The closest, not the latest: the latest
    was as often a remark made after the update in the same session.)"""
    lift = np.zeros(len(total), dtype=np.float32)
    if direction == 0 or len(total) < 2:
        return lift
    order = np.argsort(-total, kind="stable")
    new_total = total.astype(np.float32).copy()
    step = np.float32(1e-3)
    for s in order[:seeds]:
        later = timestamps > timestamps[s] if direction == NOW else timestamps < timestamps[s]
        ok = later & (vectors @ vectors[s] >= min_similarity) & (total >= min_relevance * total[s])
        ok[s] = False
        found = np.flatnonzero(ok)
        found = found[np.argsort(-(vectors[found] @ vectors[s]), kind="stable")]
        for c in found:
            if not same_source(int(s), int(c)):
                continue
            target = new_total[s] + step
            if new_total[c] < target:
                lift[c] += target - new_total[c]
                new_total[c] = target
            break
    return lift
