"""Recall latency with and without expansion (lexical fusion and spreading activation).

A store of generated chat-like memories in sessions of 20 (every cognitive ingestion step on,
so the graphs exist), then text queries made of words of stored memories. Each query runs twice
in the same process, interleaved:

- ``with expansion``: ``EngineConfig()`` as shipped (BM25 fusion, temporal chain, Hebbian
  neighbours, entity traversal);
- ``without``: the same store and query with ``RecallOptions(profile="semantic")`` (similarity
  only: no lexical part, no spreading).

    python benchmarks/bench_expansion.py [--sizes 100000,1000000] [--queries 50]
"""

from __future__ import annotations

import argparse

import numpy as np
from _common import Scratch, machine_info, median, now, pct, print_table, short_texts, write_json

from engramdb import Engine, EngineConfig, MemoryInput, RecallOptions
from engramdb.engine.reflect import ReflectConfig

NAMES = ["Ada", "Bruno", "Chen", "Dara", "Elif", "Femi", "Goran", "Hana", "Ivo", "Jun"]


def memories(n: int, seed: int = 3) -> list[MemoryInput]:
    rng = np.random.default_rng(seed)
    texts = short_texts(n, seed=seed)
    names = rng.integers(0, len(NAMES), n)
    return [
        MemoryInput(
            text=f"{NAMES[names[i]]}: {t}",
            session_id=f"s{i // 20}",
            timestamp_ms=1_700_000_000_000 + i * 60_000,
        )
        for i, t in enumerate(texts)
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100000,1000000")
    ap.add_argument("--queries", type=int, default=50)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows, results = [], {}
    config = EngineConfig(sync=False, reflect=ReflectConfig(every_writes=None))
    with Scratch("expansion-") as scratch:
        eng = Engine.open(scratch.sub("store"), config=config)
        items = memories(max(sizes))
        done = 0
        rng = np.random.default_rng(7)
        for size in sizes:
            start = now()
            for i in range(done, size, 16_384):
                eng.remember_many(items[i : min(size, i + 16_384)])
            built = now() - start
            done = size
            picks = rng.integers(0, size, args.queries)
            queries = [" ".join(items[i].text.split()[1:5]) for i in picks]
            t_with, t_without = [], []
            for q in queries:
                for opts, bucket in (
                    (RecallOptions(k=10), t_with),
                    (RecallOptions(k=10, profile="semantic"), t_without),
                ):
                    t = now()
                    eng.recall(q, opts)
                    bucket.append((now() - t) * 1e3)
            results[size] = {
                "build_s": built,
                "with_p50_ms": median(t_with),
                "with_p95_ms": pct(t_with, 95),
                "without_p50_ms": median(t_without),
                "without_p95_ms": pct(t_without, 95),
            }
            r = results[size]
            rows.append(
                [
                    size,
                    r["with_p50_ms"],
                    r["with_p95_ms"],
                    r["without_p50_ms"],
                    r["without_p95_ms"],
                    r["with_p50_ms"] / r["without_p50_ms"],
                ]
            )
            print(f"{size:,} memories ingested in {built:.0f} s (all cognitive steps, sync=False)")
        eng.close()
    print_table(
        "Recall latency with and without expansion (text queries, k=10, ms)",
        ["memories", "with p50", "with p95", "without p50", "without p95", "ratio p50"],
        rows,
    )
    out = write_json("bench_expansion", {"machine": machine_info(), "results": results})
    print(f"\nwrote {out}")


if __name__ == "__main__":
    main()
