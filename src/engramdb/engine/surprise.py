"""Surprise and flashbulb memory: how novel a memory is sets how important it is.

The novelty signal of a new memory is ``1 - max cosine`` to the most recent memories (a window of
``window`` vectors, plus the earlier items of the same batch). A running Welford mean and variance
of that signal turns it into a z-score, and a sigmoid maps the z-score to an importance in
[0.05, 10]::

    importance = 0.05 + (10 - 0.05) * sigmoid(gain * z + bias)

``bias`` is chosen so that an ordinary memory (z = 0) gets importance 1.0: a near-duplicate of a
recent memory (z << 0) falls towards 0.05, a surprising one rises towards 10. During the warm-up
(fewer than ``warmup`` memories seen) importance stays at the default. A z-score above the
flashbulb threshold (default 3) pins the memory at importance 10: it will not decay.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

import numpy as np

from ._blas import single_threaded_blas
from .scoring import IMPORTANCE_MAX, IMPORTANCE_MIN

__all__ = ["SurpriseConfig", "SurpriseDetector", "Welford"]


@dataclass(frozen=True)
class SurpriseConfig:
    enabled: bool = True
    window: int = 512
    warmup: int = 32
    gain: float = 1.0
    default_importance: float = 1.0
    flashbulb_z: float = 3.0

    @property
    def bias(self) -> float:
        p = (self.default_importance - IMPORTANCE_MIN) / (IMPORTANCE_MAX - IMPORTANCE_MIN)
        return math.log(p / (1.0 - p))


@dataclass
class Welford:
    """Running mean and variance, numerically stable, one value at a time."""

    n: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def update(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    @property
    def std(self) -> float:
        return math.sqrt(self.m2 / (self.n - 1)) if self.n > 1 else 0.0

    def z(self, x: float) -> float:
        std = self.std
        return (x - self.mean) / std if std > 1e-9 else 0.0

    def to_dict(self) -> dict[str, float]:
        return {"n": self.n, "mean": self.mean, "m2": self.m2}

    @classmethod
    def from_dict(cls, d: dict) -> Welford:
        return cls(int(d.get("n", 0)), float(d.get("mean", 0.0)), float(d.get("m2", 0.0)))


class SurpriseDetector:
    """Scores a batch against recent memory. ``assess`` does not change state; ``observe``
    (called when the write is applied, also on log replay) does, so the statistics always
    match what is durably stored."""

    def __init__(self, config: SurpriseConfig, dim: int, stats: Welford | None = None):
        self.config = config
        self.stats = stats or Welford()
        self._recent: deque[np.ndarray] = deque(maxlen=config.window)
        self._dim = dim

    def seed_recent(self, vectors: np.ndarray) -> None:
        """Fill the recent window (oldest first), e.g. from the store on open."""
        for v in np.asarray(vectors, dtype=np.float32):
            self._recent.append(v)

    def novelty(self, unit: np.ndarray) -> np.ndarray:
        """Novelty of each row against the window and the rows before it in the batch; NaN for
        a row with nothing to compare against (the very first memory), which is not counted."""
        with single_threaded_blas():
            return self._novelty(unit)

    def _novelty(self, unit: np.ndarray) -> np.ndarray:
        n = len(unit)
        out = np.ones(n, dtype=np.float32)
        if n == 0:
            return out
        unit = np.asarray(unit, dtype=np.float32)
        best = np.full(n, -1.0, dtype=np.float32)
        if self._recent:
            window = np.stack(self._recent)
            best = np.maximum(best, (unit @ window.T).max(axis=1))
        # earlier rows of the batch, at most ``window`` back, block by block (not n x n)
        block, reach = 256, self.config.window
        for start in range(0, n, block):
            stop = min(n, start + block)
            lo = max(0, start - reach)
            if stop - lo < 2:
                continue
            sims = unit[start:stop] @ unit[lo:stop].T
            rows = np.arange(start, stop)[:, None]
            cols = np.arange(lo, stop)[None, :]
            sims[(cols >= rows) | (cols < rows - reach)] = -1.0
            best[start:stop] = np.maximum(best[start:stop], sims.max(axis=1))
        out = 1.0 - np.clip(best, -1.0, 1.0)
        out[~np.isfinite(out)] = 1.0
        if not self._recent:
            out[0] = np.nan
        return out.astype(np.float32)

    def assess(self, novelty: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Importance, z-score and flashbulb flag for each novelty value, in batch order (the
        statistics advance through the batch on a scratch copy)."""
        stats = Welford(self.stats.n, self.stats.mean, self.stats.m2)
        cfg = self.config
        imp = np.full(len(novelty), cfg.default_importance, dtype=np.float32)
        zs = np.zeros(len(novelty), dtype=np.float32)
        flash = np.zeros(len(novelty), dtype=bool)
        for i, x in enumerate(novelty.tolist()):
            if math.isnan(x):
                continue
            if stats.n >= cfg.warmup:
                z = stats.z(x)
                zs[i] = z
                # clamped: a spread of almost nothing makes z huge, and exp() overflows
                s = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, cfg.gain * z + cfg.bias))))
                imp[i] = IMPORTANCE_MIN + (IMPORTANCE_MAX - IMPORTANCE_MIN) * s
                if z > cfg.flashbulb_z:
                    flash[i] = True
                    imp[i] = IMPORTANCE_MAX
            stats.update(x)
        return imp, zs, flash

    def observe(self, novelty: list[float], unit: np.ndarray | None) -> None:
        """Advance the statistics and the window with memories that are now stored."""
        for x in novelty:
            if x is not None and not math.isnan(x):
                self.stats.update(float(x))
        if unit is not None:
            for v in np.asarray(unit, dtype=np.float32):
                self._recent.append(v)
