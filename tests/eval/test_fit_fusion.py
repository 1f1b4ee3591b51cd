"""scripts/fit_fusion.py: the ranking metrics it reports and the coordinate ascent that refines
the regression (numpy only; the regression itself needs the ``fit`` extra)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

_PATH = Path(__file__).resolve().parents[2] / "scripts" / "fit_fusion.py"


@pytest.fixture(scope="module")
def ff():
    spec = importlib.util.spec_from_file_location("fit_fusion", _PATH)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["fit_fusion"] = mod
    spec.loader.exec_module(mod)
    return mod


def _items(n_signals: int, seed: int = 0) -> list[dict]:
    """Questions whose evidence is told by signal 1 (similarity, signal 0, is noise): a
    ranking by similarity alone misses most of it."""
    rng = np.random.default_rng(seed)
    items = []
    for q in range(40):
        x = rng.random((30, n_signals))
        y = np.zeros(30, dtype=bool)
        y[rng.choice(30, 2, replace=False)] = True
        x[y, 1] += 1.0  # the evidence has more of signal 1
        items.append({"conv": f"c{q % 4}", "x": x, "fixed": np.zeros(30), "y": y, "n": 2})
    return items


def test_metrics_are_recall_at_10_and_mrr(ff):
    x = np.arange(12, dtype=float)[::-1].reshape(12, 1)  # ranked in row order
    y = np.zeros(12, dtype=bool)
    y[[2, 11]] = True
    item = {"x": x, "fixed": np.zeros(12), "y": y, "n": 2}
    r10, mrr = ff.metrics([item], np.array([1.0]))
    assert r10 == 0.5 and mrr == pytest.approx(1 / 3)


def test_coordinate_ascent_raises_the_signal_that_tells(ff):
    n = len(ff.FITTED)
    items = _items(n)
    start = np.zeros(n)
    start[0] = 1.0
    start[1] = 0.3  # a regression's start that underweights the telling signal
    before = ff.metrics(items, start)[0]
    w = ff.ascend(items, start)
    after = ff.metrics(items, w)[0]
    assert after > before + 0.1 and w[1] > start[1]
    assert w[0] == 1.0  # similarity stays the unit
    assert all(w >= 0)
