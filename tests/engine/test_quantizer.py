"""Calibrated int8 quantization, and rescoring that keeps ranking quality."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engramdb import Engine, EngineConfig, RecallOptions
from engramdb.embed import StaticEmbedder
from engramdb.engine import ScalarQuantizer, ScoreWeights
from engramdb.engine.reflect import ReflectConfig
from engramdb.engine.scan import dot_scan, top_candidates
from realtext import docstring_sentences


def _unit(rng, n, dim, scale):
    x = rng.normal(size=(n, dim)).astype(np.float32) * scale
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def test_calibration_follows_the_data_per_dimension():
    rng = np.random.default_rng(0)
    scale = np.linspace(0.2, 3.0, 64).astype(np.float32)
    x = _unit(rng, 5000, 64, scale)
    q = ScalarQuantizer.calibrate(x)
    # wide dimensions get wide scales (not one fixed [-1, 1] range); narrow ones are floored at
    # half the widest so rarely used dimensions cannot clip
    assert q.scales[-1] > 1.8 * q.scales[0]
    top = q.scales[40:]
    assert np.corrcoef(top, scale[40:])[0, 1] > 0.9
    assert q.scales.min() >= 0.5 * q.scales.max() - 1e-6
    assert q.scales.max() < 0.8  # far inside [-1, 1]: the levels go where the data is
    err = np.abs(q.decode(q.encode(x)) - x)
    assert np.percentile(err, 99) < 0.01 * np.abs(x).max()


def test_fixed_range_would_waste_levels():
    rng = np.random.default_rng(1)
    x = _unit(rng, 2000, 256, np.ones(256, np.float32))
    calibrated = ScalarQuantizer.calibrate(x)
    fixed = ScalarQuantizer(np.ones(256, np.float32))
    err_cal = np.abs(calibrated.decode(calibrated.encode(x)) - x).mean()
    err_fix = np.abs(fixed.decode(fixed.encode(x)) - x).mean()
    assert err_cal < err_fix / 4


def test_folded_query_dot_products_track_float_dot_products():
    rng = np.random.default_rng(2)
    scale = np.linspace(0.5, 2.0, 128).astype(np.float32)
    x = _unit(rng, 3000, 128, scale)
    quant = ScalarQuantizer.calibrate(x)
    codes = quant.encode(x)
    q = x[0] + 0.5 * x[1]
    qcodes, step = quant.encode_query(q)
    records = np.zeros((len(x), 64 + 128), np.uint8)
    records[:, 64:] = codes.view(np.uint8)
    approx = dot_scan(records, len(x), qcodes) * step
    exact = x @ q
    assert np.corrcoef(approx, exact)[0, 1] > 0.99
    assert np.abs(approx - exact).max() < 0.05


def test_scan_skips_tombstones_and_honours_time_bounds():
    rng = np.random.default_rng(3)
    x = _unit(rng, 10, 32, np.ones(32, np.float32))
    quant = ScalarQuantizer.calibrate(x)
    records = np.zeros((10, 96), np.uint8)
    records[:, 64:] = quant.encode(x).view(np.uint8)
    ts = np.arange(10, dtype="<i8") * 1000
    records[:, 8:16] = ts.view(np.uint8).reshape(10, 8)
    records[3, 1] = 1  # tombstone
    qcodes, _ = quant.encode_query(x[3])
    scores = dot_scan(records, 10, qcodes)
    assert scores[3] == -np.inf and np.isfinite(np.delete(scores, 3)).all()
    bounded = dot_scan(records, 10, qcodes, min_ts=2000, max_ts=5000)
    assert np.isfinite(bounded).nonzero()[0].tolist() == [2, 4, 5]
    assert top_candidates(bounded, 5).tolist() == sorted([2, 4, 5], key=lambda i: -bounded[i])


@pytest.mark.slow
def test_recall_at_10_after_rescoring_is_at_least_0_99_on_real_text(tmp_path: Path):
    texts = docstring_sentences(10_200)
    assert len(texts) == 10_200
    corpus, queries = texts[:10_000], texts[10_000:]
    emb = StaticEmbedder()
    xs = emb.embed(corpus)
    qs = emb.embed(queries)
    exact = np.argsort(-(qs @ xs.T), axis=1)[:, :10]
    config = EngineConfig(
        weights=ScoreWeights(similarity=1.0, importance=0.0, retention=0.0),
        reflect=ReflectConfig(every_writes=None),
    )
    with Engine.open(tmp_path / "s", config=config) as eng:
        ids = eng.remember_many([{"text": t, "id": f"t{i}"} for i, t in enumerate(corpus)])
        assert len(ids) == 10_000
        found = []
        for qi in range(len(queries)):
            hits = eng.recall(qs[qi], RecallOptions(k=10))
            got = {int(h.id[1:]) for h in hits}
            found.append(len(got & set(exact[qi].tolist())) / 10)
        # the int8 scan alone, for contrast: rescoring is what lifts it
        quant = eng.quantizer
    codes = quant.encode(xs)
    records = np.zeros((len(xs), 64 + xs.shape[1]), np.uint8)
    records[:, 64:] = codes.view(np.uint8)
    int8_only = []
    for qi in range(len(queries)):
        qc, _ = quant.encode_query(qs[qi])
        top = top_candidates(dot_scan(records, len(xs), qc), 10)
        int8_only.append(len(set(top.tolist()) & set(exact[qi].tolist())) / 10)
    recall = float(np.mean(found))
    print(f"recall@10 rescored={recall:.4f} int8-only={np.mean(int8_only):.4f}")
    assert recall >= 0.99
    assert recall >= float(np.mean(int8_only))
