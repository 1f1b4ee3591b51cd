"""IVF approximate recall of the semantic tier against the exact scan, and against faiss IVF.

A semantic tier of clustered unit vectors (bulk load, cognitive steps off, importance 1, so the
ranking is similarity), then ``Engine.train_ivf``. For each ``nprobe``: recall@10 of
``recall(..., RecallOptions(nprobe=n))`` against the exact ``recall`` of the same store, the
median and p95 latency, and the speed-up over the exact recall. faiss ``IndexIVFScalarQuantizer``
(8-bit trained codes, the same nlist, trained on the same vectors) runs in the same process
as the reference, with its recall@10 against exact inner-product search.

    python benchmarks/bench_ivf.py [--sizes 100000,1000000] [--queries 100] [--noise 1.0]
"""

from __future__ import annotations

import argparse

import faiss
import numpy as np
from _common import (
    DIM,
    ClusteredSampleEmbedder,
    Scratch,
    clustered_vectors,
    machine_info,
    median,
    now,
    pct,
    print_table,
    write_json,
)

from engramdb import Engine, EngineConfig, MemoryInput, RecallOptions
from engramdb.engine.pipeline import IngestConfig
from engramdb.engine.reflect import ReflectConfig
from engramdb.engine.surprise import SurpriseConfig

PROBES = (8, 16, 32, 64, 128, 256)
T0 = 1_700_000_000_000


def build(eng: Engine, x: np.ndarray, start: int, stop: int) -> None:
    for s in range(start, stop, 16_384):
        e = min(stop, s + 16_384)
        eng.remember_many(
            [
                MemoryInput(
                    text=f"fact {i}",
                    vector=x[i],
                    id=f"m{i}",
                    tier="semantic",
                    timestamp_ms=T0,
                    importance=1.0,
                    valence=0.0,
                    arousal=0.0,
                )
                for i in range(s, e)
            ]
        )


def timed_recall(eng: Engine, queries: np.ndarray, opts: RecallOptions):
    times, ids = [], []
    for q in queries:
        t = now()
        hits = eng.recall(q, opts)
        times.append((now() - t) * 1e3)
        ids.append([h.id for h in hits])
    return times, ids


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100000,1000000")
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--noise", type=float, default=1.0)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    x = clustered_vectors(max(sizes), seed=1, noise=args.noise)
    queries = clustered_vectors(args.queries + 5, seed=999, noise=args.noise)
    warm, queries = queries[:5], queries[5:]
    config = EngineConfig(
        sync=False,
        ingest=IngestConfig(
            auto_tags=False,
            affect=False,
            surprise=SurpriseConfig(enabled=False),
            hebbian=False,
            entities=False,
        ),
        reflect=ReflectConfig(every_writes=None),
    )
    results: dict = {"machine": machine_info(), "noise": args.noise, "sizes": {}}
    rows = []
    with Scratch("ivf-") as scratch:
        eng = Engine.open(scratch.sub("store"), embedder=ClusteredSampleEmbedder(), config=config)
        done = 0
        for n in sizes:
            build(eng, x, done, n)
            done = n
            t = now()
            report = eng.train_ivf()
            train_s = now() - t
            print(f"\n== {n:,}: trained nlist={report.nlist} in {train_s:.1f} s", flush=True)
            exact_opts = RecallOptions(k=10, tiers=("semantic",))
            timed_recall(eng, warm, exact_opts)
            exact_t, exact_ids = timed_recall(eng, queries, exact_opts)
            # faiss IVF on the same vectors and nlist (its own quantizer, trained on the same
            # number of samples), and flat inner product for its ground truth
            flat = faiss.IndexFlatIP(DIM)
            flat.add(x[:n])
            _, truth = flat.search(queries, 10)
            coarse = faiss.IndexFlatIP(DIM)
            ivf = faiss.IndexIVFScalarQuantizer(
                coarse,
                DIM,
                report.nlist,
                faiss.ScalarQuantizer.QT_8bit,
                faiss.METRIC_INNER_PRODUCT,
            )
            sample = x[: min(n, config.ivf.sample)]
            ivf.train(sample)
            ivf.add(x[:n])
            faiss.omp_set_num_threads(1)
            size_rows = {}
            for nprobe in PROBES:
                if nprobe > report.nlist:
                    continue
                opts = RecallOptions(k=10, tiers=("semantic",), nprobe=nprobe)
                timed_recall(eng, warm, opts)
                approx_t, approx_ids = timed_recall(eng, queries, opts)
                rec = float(
                    np.mean(
                        [
                            len(set(a) & set(b)) / 10
                            for a, b in zip(exact_ids, approx_ids, strict=True)
                        ]
                    )
                )
                ivf.nprobe = nprobe
                ft = []
                for q in queries:
                    s = now()
                    ivf.search(q[None, :], 10)
                    ft.append((now() - s) * 1e3)
                _, fi = ivf.search(queries, 10)
                frec = float(
                    np.mean([len(set(a) & set(b)) / 10 for a, b in zip(truth, fi, strict=True)])
                )
                speedup = median(exact_t) / median(approx_t)
                size_rows[nprobe] = {
                    "recall_at_10_vs_exact": rec,
                    "p50_ms": median(approx_t),
                    "p95_ms": pct(approx_t, 95),
                    "speedup_p50": speedup,
                    "faiss_ivf_p50_ms": median(ft),
                    "faiss_ivf_recall_at_10": frec,
                }
                rows.append(
                    [
                        f"{n:,}",
                        report.nlist,
                        nprobe,
                        rec,
                        median(approx_t),
                        pct(approx_t, 95),
                        median(exact_t),
                        speedup,
                        median(ft),
                        frec,
                    ]
                )
                print(rows[-1], flush=True)
            results["sizes"][str(n)] = {
                "nlist": report.nlist,
                "train_s": train_s,
                "exact_p50_ms": median(exact_t),
                "exact_p95_ms": pct(exact_t, 95),
                "nprobe": size_rows,
            }
        eng.close()
    print_table(
        "IVF approximate recall (semantic tier, k=10)",
        [
            "records",
            "nlist",
            "nprobe",
            "recall@10 vs exact",
            "p50 ms",
            "p95 ms",
            "exact p50 ms",
            "speed-up",
            "faiss IVF p50 ms",
            "faiss IVF recall@10",
        ],
        rows,
    )
    write_json("bench_ivf", results)


if __name__ == "__main__":
    main()
