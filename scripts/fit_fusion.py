"""Fit the recall score's fusion weights on LoCoMo conversations (dev split only).

    python scripts/fit_fusion.py --data ../shared/data/locomo-dev.json [--write]

Every question is asked of the engine with ``explain``; each of the best ``--depth`` hits gives
one row of raw signals (a part divided by its weight) and a label (is it an evidence turn).
A logistic regression (scikit-learn, the ``fit`` extra) over the fitted signals is scored by
leave-one-conversation-out cross-validation: fitted on the other conversations, the held-out
one's hits are ranked again and turn R@10 / MRR are reported beside the shipped weights' on the
same hits. ``--write`` fits on every conversation and writes the weights (similarity scaled to
1, so the unfitted terms keep their meaning) to ``src/engramdb/engine/fusion.json``, which
``scoring.ScoreWeights`` reads.

Importance, retention, Hebbian, tags, valence and STDP are not fitted: LoCoMo does not exercise
them (no recalls to learn from, no moods, questions asked after the conversation), and fitting
retention to questions about early sessions would teach the engine to prefer old memories.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import numpy as np

from engramdb import Engine
from engramdb.engine.engine import EngineConfig
from engramdb.engine.options import MemoryInput, RecallOptions
from engramdb.engine.scoring import FITTED, ScoreWeights
from engramdb.eval.harness import SCORED_CATEGORIES, turn_docs
from engramdb.eval.locomo import load_locomo

OUT = Path(__file__).resolve().parents[1] / "src" / "engramdb" / "engine" / "fusion.json"


def collect(data, weights: ScoreWeights, depth: int) -> list[dict]:
    """One item per question: its conversation, the raw signals of its hits, their labels and
    the fixed (unfitted) part of their scores."""
    items = []
    for conv in data.conversations:
        with tempfile.TemporaryDirectory(prefix="engramdb-fit-") as tmp:
            engine = Engine.open(tmp, config=EngineConfig(weights=weights))
            engine.remember_many(
                [
                    MemoryInput(
                        text=d.text,
                        id=d.id,
                        session_id=d.session_id,
                        timestamp_ms=d.timestamp_ms,
                        tier="episodic",
                        meta=d.meta,
                    )
                    for d in turn_docs(conv)
                ]
            )
            opts = RecallOptions(
                k=depth,
                candidates=depth,
                explain=True,
                now_ms=conv.latest_timestamp_ms,
                tiers=("episodic",),
            )
            for q in conv.questions:
                if q.category not in SCORED_CATEGORIES or not q.evidence:
                    continue
                hits = engine.recall(q.question, opts)
                x = np.array(
                    [[h.explain.get(f, 0.0) / getattr(weights, f) for f in FITTED] for h in hits]
                )
                fixed = np.array(
                    [sum(v for n, v in h.explain.items() if n not in FITTED) for h in hits]
                )
                label = np.array([h.id in q.evidence for h in hits])
                items.append(
                    {
                        "conv": conv.sample_id,
                        "x": x,
                        "fixed": fixed,
                        "y": label,
                        "n": len(q.evidence),
                    }
                )
            engine.close()
    return items


def metrics(items: list[dict], w: np.ndarray) -> tuple[float, float]:
    """Turn R@10 and MRR of the hits ranked by ``x @ w + fixed``."""
    r10, rr = [], []
    for it in items:
        if not len(it["x"]):
            r10.append(0.0)
            rr.append(0.0)
            continue
        order = np.argsort(-(it["x"] @ w + it["fixed"]), kind="stable")
        y = it["y"][order]
        r10.append(y[:10].sum() / it["n"])
        first = np.flatnonzero(y)
        rr.append(1.0 / (first[0] + 1) if len(first) else 0.0)
    return float(np.mean(r10)), float(np.mean(rr))


def fit(items: list[dict], c: float) -> np.ndarray:
    """Weights of the fitted signals, similarity scaled to 1."""
    from sklearn.linear_model import LogisticRegression

    x = np.concatenate([it["x"] for it in items if len(it["x"])])
    y = np.concatenate([it["y"] for it in items if len(it["x"])])
    model = LogisticRegression(C=c, max_iter=5000, class_weight="balanced").fit(x, y)
    w = model.coef_[0]
    sim = FITTED.index("similarity")
    if w[sim] <= 0:
        raise SystemExit(f"similarity got a weight of {w[sim]:.3f}: refusing to ship it")
    return w / w[sim]


def ascend(items: list[dict], w: np.ndarray, rounds: int = 3) -> np.ndarray:
    """Coordinate ascent on turn R@10 from ``w``: each weight but similarity's in turn is
    scaled by the factor of a small grid that ranks best (ties keep the current weight), so
    the ranking objective itself is optimised, not the likelihood of the labels."""
    w = w.copy()
    grid = (0.5, 0.7, 0.85, 1.0, 1.2, 1.4, 2.0)
    for _ in range(rounds):
        for j in range(1, len(w)):
            best, best_f = metrics(items, w)[0], 1.0
            for f in grid:
                trial = w.copy()
                trial[j] = w[j] * f if w[j] > 0 else (f - 1.0)
                r = metrics(items, trial)[0]
                if r > best + 1e-9:
                    best, best_f = r, f
            w[j] = w[j] * best_f if w[j] > 0 else max(0.0, best_f - 1.0)
    return w


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--depth", type=int, default=100)
    ap.add_argument("-C", type=float, default=1.0, help="inverse regularisation strength")
    ap.add_argument("--write", action="store_true", help=f"write the weights to {OUT}")
    ap.add_argument(
        "--objective",
        choices=("likelihood", "r10"),
        default="r10",
        help="logistic regression alone, or refined by coordinate ascent on R@10",
    )
    args = ap.parse_args(argv)
    data = load_locomo(args.data)
    shipped = ScoreWeights()
    items = collect(data, shipped, args.depth)
    base = np.array([getattr(shipped, f) for f in FITTED])
    by_conv = defaultdict(list)
    for it in items:
        by_conv[it["conv"]].append(it)
    held: dict[str, tuple[float, float]] = {}
    print(f"{len(items)} questions, {len(by_conv)} conversations; signals: {', '.join(FITTED)}")
    cv_items, cv_w = [], []
    for conv, test in by_conv.items():
        train = [it for it in items if it["conv"] != conv]
        w = fit(train, args.C)
        if args.objective == "r10":
            w = ascend(train, w)
        cv_w.append(w)
        for it in test:
            cv_items.append((it, w))
        held[conv] = metrics(test, w)
        print(f"  held out {conv}: R@10 {held[conv][0]:.3f} (shipped {metrics(test, base)[0]:.3f})")
    r10 = np.mean([metrics([it], w)[0] for it, w in cv_items])
    mrr = np.mean([metrics([it], w)[1] for it, w in cv_items])
    b10, bmrr = metrics(items, base)
    print(f"leave-one-conversation-out: R@10 {r10:.3f}, MRR {mrr:.3f}")
    print(f"shipped weights, same hits:  R@10 {b10:.3f}, MRR {bmrr:.3f}")
    spread = np.std(cv_w, axis=0)
    w = fit(items, args.C)
    if args.objective == "r10":
        w = ascend(items, w)
    weights = {f: round(float(x), 3) for f, x in zip(FITTED, w, strict=True)}
    print("fitted on all:", weights, "(fold spread:", np.round(spread, 3).tolist(), ")")
    if args.write:
        OUT.write_text(json.dumps(weights, indent=2) + "\n")
        print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
