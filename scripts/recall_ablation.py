"""The recall ablation: LoCoMo turn recall with each mechanism off in turn, everything else as
shipped (docs/evaluation.md keeps the table).

    python scripts/recall_ablation.py --data ../shared/data/locomo-dev.json
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from engramdb.embed import get_embedder
from engramdb.engine import EngineConfig
from engramdb.engine.scoring import ExpansionConfig, ScoreWeights
from engramdb.eval.harness import evaluate_locomo
from engramdb.eval.locomo import load_locomo
from engramdb.eval.retrievers import EngineRetriever

#: What "off" means for each mechanism: its weight set to 0, or the window switched off.
OFF = {
    "nothing (full)": {},
    "window (own text only)": {"window": False},
    "lexical fusion": {"lexical": 0.0},
    "temporal extension": {"temporal": 0.0},
    "entity traversal": {"entity": 0.0},
    "speaker": {"speaker": 0.0},
    "knowledge updates": {"update": 0.0},
    "Hebbian spreading": {"hebbian": 0.0},
    "importance": {"importance": 0.0},
    "retention (decay)": {"retention": 0.0},
}


def config(change: dict) -> EngineConfig:
    change = dict(change)
    window = change.pop("window", True)
    return EngineConfig(
        weights=replace(ScoreWeights(), **change),
        expansion=replace(ExpansionConfig(), window=window),
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True)
    args = ap.parse_args(argv)
    data = load_locomo(args.data)
    embedder = get_embedder(None)
    retrievers = [EngineRetriever(embedder, name, config(c)) for name, c in OFF.items()]
    out = evaluate_locomo(data, retrievers, (1, 5, 10))
    print("| off | R@1 | R@5 | R@10 | MRR | session R@10 |")
    print("|---|---|---|---|---|---|")
    for name in OFF:
        r = out["retrievers"][name]
        print(
            f"| {name} | {r['turn_recall@1']:.3f} | {r['turn_recall@5']:.3f} | "
            f"{r['turn_recall@10']:.3f} | {r['mrr']:.3f} | {r['session_recall_any@10']:.3f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
