"""Exact recall latency: the engine against faiss and numpy on the same data, same process.

    python benchmarks/bench_recall.py            # 10k, 100k and 1M records
    python benchmarks/bench_recall.py --quick    # 10k and 100k
    python benchmarks/bench_recall.py --profile  # also cProfile the engine's recall at the top size

Data: unit float32 vectors, dim 256, around 2,000 random centres (x = c + 0.75 g, g ~ N(0, I/256),
normalised). Queries are 100 fresh draws from the same distribution (not in the store). One store
grows 10k -> 100k -> 1M (each size is a prefix of the next), written with ``remember_many``,
precomputed vectors, ``EngineConfig(sync=False)`` with the cognitive ingestion steps and
auto-reflection off, to save time (a bulk load; none of this changes the read path), and every
record at importance 1 and the same timestamp, so the cognitive score ranks by similarity.
The store's int8 quantizer is calibrated, as always, on the engine's calibration texts, embedded
here by a stand-in embedder that draws from the same distribution.

Methods, timed one query at a time, interleaved per query (noise hits all alike):

(a) ``engine.recall(vector, RecallOptions(k=10))``: end to end (scan in 2 threads over segments,
    top-100 candidates, float16 rescoring, cognitive score, SQLite fetch of the texts).
(b) the engine's compiled scan alone over the same segments: ``dot_scan`` + ``top_candidates``
    (100 per segment, merged to the top 10), in one thread, and through the engine's own thread
    pool (what (a) does before rescoring).
(c) faiss ``IndexScalarQuantizer(256, QT_8bit_direct_signed, METRIC_INNER_PRODUCT)`` holding the
    engine's own int8 codes, searched with the engine's folded int8 query (k=10, and k=100 as the
    engine's candidate pool). Scores are checked to equal the engine's int32 dot products.
(d) numpy float32 ``X @ q`` (OpenBLAS sgemv) + ``argpartition``: exact, the ground truth; with
    1 and with 2 BLAS threads, each in a block of its own after (a)-(c).

faiss runs with 1 OpenMP thread: it searches one query in one thread anyway, and an idle OpenMP
thread spinning after each call slowed the next method on this 2-core machine. BLAS threads are
set at run time through numpy's OpenBLAS (as threadpoolctl does).

Also recall@10 against exact float32 search, and the physical bound: bytes each method must read
per query divided by the measured memory bandwidth.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys

import numpy as np
from _common import (
    DIM,
    ClusteredSampleEmbedder,
    Scratch,
    clustered_vectors,
    core_scaling,
    filesystem_of,
    machine_info,
    measure_bandwidth,
    median,
    now,
    pct,
    print_table,
    set_blas_threads,
    write_json,
)

from engramdb import Engine, EngineConfig, MemoryInput, RecallOptions
from engramdb.engine.pipeline import IngestConfig
from engramdb.engine.reflect import ReflectConfig
from engramdb.engine.scan import dot_scan, top_candidates
from engramdb.engine.surprise import SurpriseConfig

T0 = 1_700_000_000_000
POOL = 100  # the engine's default RecallOptions.candidates
K = 10


def build(eng: Engine, vectors: np.ndarray, start: int, stop: int, batch: int = 16_384) -> float:
    t = now()
    for s in range(start, stop, batch):
        e = min(stop, s + batch)
        eng.remember_many(
            [
                MemoryInput(
                    text=f"memory number {i}",
                    vector=vectors[i],
                    id=f"m{i}",
                    timestamp_ms=T0,
                    importance=1.0,
                    valence=0.0,
                    arousal=0.0,
                )
                for i in range(s, e)
            ]
        )
    return now() - t


_NEG = np.float32(-np.inf)


def _float_fma_kernel(records, n, query, out):  # pragma: no cover - compiled below
    """Benchmark-only what-if: the engine's loop with float32 multiply-adds instead of integer
    ones (exact here: every partial sum is an integer below 2**24). Not the engine's code."""
    qf = query.astype(np.float32)
    for i in range(n):
        row = records[i]
        if row[1] & 1:
            out[i] = _NEG
            continue
        acc = np.float32(0)
        for d in range(qf.shape[0]):
            acc += np.float32(np.int8(row[64 + d])) * qf[d]
        out[i] = acc


def kernel_diagnostics(faiss) -> dict:
    """Compute rate of the scan with the data in cache (4,096 records, 1.3 MB), against faiss
    on the same codes, and the vector instructions the engine's kernel compiles to."""
    import collections
    import re

    import numba

    from engramdb.engine import scan as scan_mod

    rng = np.random.default_rng(0)
    n = 4_096
    rec = np.zeros((n, 64 + DIM), np.uint8)
    rec[:, 64:] = rng.integers(0, 256, (n, DIM), dtype=np.uint8)
    q = rng.integers(-127, 128, DIM).astype(np.int8)
    out = np.empty(n, np.float32)
    fma = numba.njit(nogil=True, fastmath=True, boundscheck=False)(_float_fma_kernel)
    fma(rec, n, q, out)
    assert np.array_equal(out, dot_scan(rec, n, q)), "what-if kernel disagrees"
    index = faiss.IndexScalarQuantizer(
        DIM, faiss.ScalarQuantizer.QT_8bit_direct_signed, faiss.METRIC_INNER_PRODUCT
    )
    index.add(rec[:, 64:].view(np.int8).astype(np.float32))
    qf = q.astype(np.float32)[None, :]

    def ns_per_record(fn, reps=200):
        fn()
        ts = []
        for _ in range(7):
            t = now()
            for _ in range(reps):
                fn()
            ts.append(now() - t)
        return median(ts) / reps / n * 1e9

    res = {
        "records_in_cache": n,
        "engine_dot_scan_ns_per_record": ns_per_record(lambda: dot_scan(rec, n, q, out=out)),
        "faiss_k10_ns_per_record": ns_per_record(lambda: index.search(qf, K)),
        "whatif_float32_fma_loop_ns_per_record": ns_per_record(lambda: fma(rec, n, q, out)),
    }
    try:  # recompile the engine's kernel source uncached, only to read its machine code
        kern = numba.njit(nogil=True, fastmath=True, boundscheck=False)(
            scan_mod._scan_kernel.py_func
        )
        kern(
            rec,
            n,
            q,
            out,
            np.int64(0),
            np.int64(1),
            False,
            np.uint8(1),
            rec[:n, 4:8].view("<f4"),
            np.float32(-np.inf),
            rec[:n, 24:32].view("<u8"),
            np.uint64(0),
            rec[:n, 2].view(np.int8),
            np.int8(-128),
            np.int8(127),
            False,
        )
        asm = kern.inspect_asm(kern.signatures[0])
        ops = collections.Counter(re.findall(r"^\s+(v[a-z0-9]+)\s+[^\n]*(?:zmm|ymm)", asm, re.M))
        res["engine_kernel_vector_ops"] = dict(ops.most_common(8))
    except Exception as exc:  # pragma: no cover - diagnostics only
        res["engine_kernel_vector_ops"] = f"unavailable: {exc}"
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--queries", type=int, default=100)
    args = ap.parse_args()
    import faiss

    sizes = [10_000, 100_000] if args.quick else [10_000, 100_000, 1_000_000]
    nq = args.queries
    warm = 5
    info = machine_info()
    # One query is searched by one thread in faiss whatever the setting (measured: same median
    # with 1 and 2 OpenMP threads); with 2, the idle OpenMP thread spins after every call and
    # slows the next method on a 2-core machine.
    faiss.omp_set_num_threads(1)
    info["numpy_blas_threads_settable"] = set_blas_threads(1)
    info["faiss_omp_threads"] = faiss.omp_get_max_threads()
    print(
        f"bench_recall ({'quick' if args.quick else 'full'}) {info['date_utc']} UTC, "
        f"{info['cores']} cores, {info['cpu']}, load {info['loadavg_1m']:.2f}"
    )
    bw = measure_bandwidth()
    bw1, bw2 = bw["best_1t"], bw["best_2t"]
    print(
        f"memory read bandwidth over 1 GiB (GB/s): numpy float32 sum {bw['numpy_sum_f32_1t']:.1f}"
        f", numpy int64 sum {bw['numpy_sum_i64_1t']:.1f}, compiled stream "
        f"{bw['numba_stream_1t']:.1f} (1 thread) / {bw['numba_stream_2t']:.1f} (2 threads); "
        f"bounds below use {bw1:.1f} (1 thread) and {bw2:.1f} (2 threads)"
    )
    cs = core_scaling()
    print(
        f"second-core availability now: 2 threads of pure compute run "
        f"{cs['scaling_median']:.2f}x one (min {cs['scaling_min']:.2f}, max "
        f"{cs['scaling_max']:.2f}; 2.0 = two free cores)"
    )

    diag = kernel_diagnostics(faiss)
    print(
        f"scan compute rate, data in cache: engine dot_scan "
        f"{diag['engine_dot_scan_ns_per_record']:.1f} ns/record, faiss "
        f"{diag['faiss_k10_ns_per_record']:.1f}, what-if float32 FMA loop "
        f"{diag['whatif_float32_fma_loop_ns_per_record']:.1f}; engine kernel vector ops: "
        f"{diag['engine_kernel_vector_ops']}"
    )
    t = now()
    X = clustered_vectors(sizes[-1], seed=1)
    Q = clustered_vectors(nq + warm, seed=999)
    print(f"data: {sizes[-1]:,} x {DIM} clustered unit vectors ({now() - t:.1f} s to generate)")

    results: dict = {
        "machine": info,
        "quick": args.quick,
        "bandwidth_gb_s": bw,
        "core_scaling_at_start": cs,
        "scan_kernel_diagnostics": diag,
        "data": {"dim": DIM, "centres": 2000, "noise": 0.75, "queries": nq},
        "sizes": {},
    }

    with Scratch("recall-") as scratch:
        fs = filesystem_of(scratch.path)
        results["scratch"] = {"path": str(scratch.path), **fs}
        print(f"store: {scratch.path} ({fs['fstype']} on {fs['device']}); deleted at exit")
        # Bulk load: no fsync per frame, and no cognitive enrichment or auto-reflection (they
        # change what is stored, e.g. importance from surprise and consolidated gists, not how
        # recall runs); every record gets importance 1, so ranking is by similarity alone and
        # recall@10 against exact search measures the scan and rescoring only.
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
        eng = Engine.open(scratch.sub("store"), embedder=ClusteredSampleEmbedder(), config=config)
        results["engine_config"] = {
            "sync": False,
            "ingest_pipeline": "off (bulk load)",
            "auto_reflect": False,
            "scan_threads": config.scan_threads,
            "segment_capacity": config.segment_capacity,
            "candidates": POOL,
        }
        index = faiss.IndexScalarQuantizer(
            DIM, faiss.ScalarQuantizer.QT_8bit_direct_signed, faiss.METRIC_INNER_PRODUCT
        )
        tier = eng._router.get("episodic")
        cap = config.segment_capacity
        have = 0
        try:
            for n in sizes:
                bt = build(eng, X, have, n)
                print(
                    f"\n== {n:,} records: built +{n - have:,} in {bt:.1f} s "
                    f"({(n - have) / bt:,.0f} rec/s, sync=False)",
                    flush=True,
                )
                segs = [s for s in tier.segments() if s.count]
                # faiss gets exactly the engine's int8 codes, added in record order
                codes = np.concatenate(
                    [np.asarray(s.records[: s.count, 64:]).view(np.int8) for s in segs]
                )
                assert codes.shape == (n, DIM)
                for s in range(have, n, 65_536):
                    index.add(codes[s : min(n, s + 65_536)].astype(np.float32))
                have = n
                results["sizes"][str(n)] = run_size(
                    eng, segs, cap, index, X[:n], Q, warm, codes, bw1, bw2, build_s=bt
                )
                del codes
            if args.profile:
                results["profile"] = profile_recall(eng, Q[warm:])
        finally:
            eng.close()

    # ---- report
    rows = []
    for n, r in results["sizes"].items():
        m = r["methods"]
        for name in m:
            rows.append(
                [
                    f"{int(n):,}",
                    name,
                    m[name]["median_ms"],
                    m[name]["p95_ms"],
                    m[name]["median_ms"]
                    / m["faiss SQ8 direct_signed k=10 (our codes)"]["median_ms"],
                    m[name].get("bound_ms", ""),
                    m[name].get("recall@10", ""),
                ]
            )
    print_table(
        f"Single-query latency (ms), {nq} queries, k=10",
        ["records", "method", "median", "p95", "vs faiss k10", "bound ms", "recall@10"],
        rows,
    )
    rows = []
    for n, r in results["sizes"].items():
        rows.append(
            [
                f"{int(n):,}",
                r["ratios"]["engine/faiss_k10"],
                r["ratios"]["engine/faiss_k100"],
                r["ratios"]["engine/numpy_1t"],
                r["ratios"]["engine/numpy_2t"],
                r["ratios"]["scan_1t/faiss_k10"],
                r["ratios"]["scan_pool/scan_1t"],
                r["ratios"]["engine_overhead_ms"],
                r["recall_at_10"]["engine"],
                r["recall_at_10"]["int8_only"],
            ]
        )
    print_table(
        "Ratios (median of per-query ratios, same process)",
        [
            "records",
            "engine/faiss k10",
            "engine/faiss k100",
            "engine/numpy 1t",
            "engine/numpy 2t",
            "scan 1t/faiss k10",
            "scan pool/1t",
            "engine - scan (ms)",
            "engine recall@10",
            "int8-only recall@10",
        ],
        rows,
    )
    top = str(sizes[-1])
    r = results["sizes"][top]["ratios"]["engine/faiss_k10"]
    results["target"] = {"engine_within_2x_faiss_at": int(top), "ratio": r, "met": r <= 2.0}
    print(
        f"\nTarget: exact recall at {int(top):,} within 2x of faiss on the same int8 codes: "
        f"engine/faiss = {r:.2f} -> {'MET' if r <= 2.0 else 'NOT met'}"
    )
    if "profile" in results:
        print(
            "\ncProfile of engine.recall at the largest size (top by own time; 'acquire' = "
            "waiting for the scan threads):"
        )
        print(results["profile"]["text"])
    out = write_json("bench_recall", results)
    print(f"JSON: {out}")


def run_size(eng, segs, cap, index, Xn, Q, warm, codes, bw1, bw2, *, build_s) -> dict:
    n = Xn.shape[0]
    opts = RecallOptions(k=K, now_ms=T0 + 60_000)
    pool = eng._pool

    def scan(seg, qcodes):
        scores = dot_scan(seg.records, seg.count, qcodes)
        best = top_candidates(scores, POOL)
        return seg, best, scores[best]

    def merge(parts):
        gidx = np.concatenate([p[0].segment_no * cap + p[1] for p in parts])
        sc = np.concatenate([p[2] for p in parts])
        return gidx[top_candidates(sc, K)]

    def m_engine(q, qc):
        hits = eng.recall(q, opts)
        return np.array([int(h.id[1:]) for h in hits])

    def m_scan_1t(q, qc):
        return merge([scan(s, qc) for s in segs])

    def m_scan_pool(q, qc):
        if len(segs) > 1:
            return merge(list(pool.map(lambda s: scan(s, qc), segs)))
        return merge([scan(segs[0], qc)])

    def m_faiss(k):
        def f(q, qc):
            _, idx = index.search(qc.astype(np.float32)[None, :], k)
            return idx[0][:K]

        return f

    def m_numpy(q, qc):
        s = Xn @ q
        idx = np.argpartition(-s, K - 1)[:K]
        return idx[np.argsort(-s[idx])]

    methods = {
        "engine.recall() end to end": m_engine,
        "engine scan only, engine pool (2 threads)": m_scan_pool,
        "engine scan only, 1 thread": m_scan_1t,
        "faiss SQ8 direct_signed k=10 (our codes)": m_faiss(K),
        "faiss SQ8 direct_signed k=100 (our codes)": m_faiss(POOL),
        "numpy float32 matvec + argpartition, 1 BLAS thread": m_numpy,
        "numpy float32 matvec + argpartition, 2 BLAS threads": m_numpy,
    }
    times = {name: [] for name in methods}
    got = {name: [] for name in methods}
    # exact ground truth (float32, batched)
    sims = Xn @ Q.T
    truth = np.argpartition(-sims, K - 1, axis=0)[:K].T
    del sims
    # sanity: faiss scores are the engine's integer dot products
    q0 = Q[0]
    qc0, _ = eng.quantizer.encode_query(q0)
    d, i = index.search(qc0.astype(np.float32)[None, :], K)
    ref = codes[i[0]].astype(np.int32) @ qc0.astype(np.int32)
    assert np.array_equal(d[0].astype(np.int64), ref.astype(np.int64)), (d, ref)
    # The compiled methods run interleaved, query by query. numpy runs in a block of its own
    # afterwards: OpenBLAS's worker threads keep spinning for a while after each call, and on
    # two cores that stole whole scheduler slices (several ms) from whatever ran next.
    # numpy's 2-thread sgemv is erratic here (worker wake-ups cost up to a scheduler slice), so
    # it is measured both ways; BLAS stays at 1 thread outside its own block.
    blocks = [
        ([m for m in methods if not m.startswith("numpy")], 1),
        ([m for m in methods if m.startswith("numpy") and "1 BLAS" in m], 1),
        ([m for m in methods if m.startswith("numpy") and "2 BLAS" in m], 2),
    ]
    for block, blas in blocks:
        set_blas_threads(blas)
        for qi, q in enumerate(Q):
            qc, _ = eng.quantizer.encode_query(q)
            for name in block:
                t = now()
                out = methods[name](q, qc)
                dt = now() - t
                if qi >= warm:
                    times[name].append(dt)
                    got[name].append(out)
    set_blas_threads(1)
    res: dict = {
        "records": n,
        "build_s_sync_false": build_s,
        "segments": len(segs),
        "core_scaling_after": core_scaling(),
        "methods": {},
    }
    bytes_read = {
        "engine.recall() end to end": n * (64 + DIM),
        "engine scan only, engine pool (2 threads)": n * (64 + DIM),
        "engine scan only, 1 thread": n * (64 + DIM),
        "faiss SQ8 direct_signed k=10 (our codes)": n * DIM,
        "faiss SQ8 direct_signed k=100 (our codes)": n * DIM,
        "numpy float32 matvec + argpartition, 1 BLAS thread": n * DIM * 4,
        "numpy float32 matvec + argpartition, 2 BLAS threads": n * DIM * 4,
    }
    threads = {
        "engine.recall() end to end": 2 if len(segs) > 1 else 1,
        "engine scan only, engine pool (2 threads)": 2 if len(segs) > 1 else 1,
        "engine scan only, 1 thread": 1,
        "faiss SQ8 direct_signed k=10 (our codes)": 1,
        "faiss SQ8 direct_signed k=100 (our codes)": 1,
        "numpy float32 matvec + argpartition, 1 BLAS thread": 1,
        "numpy float32 matvec + argpartition, 2 BLAS threads": 2,
    }
    qtruth = truth[warm:]
    for name in methods:
        ts = times[name]
        bw = bw2 if threads[name] == 2 else bw1
        rec = float(
            np.mean(
                [
                    len(set(g.tolist()) & set(t.tolist())) / K
                    for g, t in zip(got[name], qtruth, strict=False)
                ]
            )
        )
        res["methods"][name] = {
            "median_ms": median(ts) * 1e3,
            "p95_ms": pct(ts, 95) * 1e3,
            "threads": threads[name],
            "bytes_read": bytes_read[name],
            "bound_ms": bytes_read[name] / (bw * 1e9) * 1e3,
            "recall@10": rec,
        }
    t = {k: np.asarray(v) for k, v in times.items()}
    eng_t = t["engine.recall() end to end"]
    res["ratios"] = {
        "engine/faiss_k10": float(np.median(eng_t / t["faiss SQ8 direct_signed k=10 (our codes)"])),
        "engine/faiss_k100": float(
            np.median(eng_t / t["faiss SQ8 direct_signed k=100 (our codes)"])
        ),
        "engine/numpy_1t": float(
            np.median(eng_t / t["numpy float32 matvec + argpartition, 1 BLAS thread"])
        ),
        "engine/numpy_2t": float(
            np.median(eng_t / t["numpy float32 matvec + argpartition, 2 BLAS threads"])
        ),
        "scan_1t/faiss_k10": float(
            np.median(
                t["engine scan only, 1 thread"] / t["faiss SQ8 direct_signed k=10 (our codes)"]
            )
        ),
        "scan_pool/faiss_k10": float(
            np.median(
                t["engine scan only, engine pool (2 threads)"]
                / t["faiss SQ8 direct_signed k=10 (our codes)"]
            )
        ),
        "scan_pool/scan_1t": float(
            np.median(
                t["engine scan only, engine pool (2 threads)"] / t["engine scan only, 1 thread"]
            )
        ),
        "engine_overhead_ms": float(
            np.median(eng_t - t["engine scan only, engine pool (2 threads)"]) * 1e3
        ),
    }
    res["recall_at_10"] = {
        "engine": res["methods"]["engine.recall() end to end"]["recall@10"],
        "int8_only": res["methods"]["engine scan only, 1 thread"]["recall@10"],
        "faiss_int8": res["methods"]["faiss SQ8 direct_signed k=10 (our codes)"]["recall@10"],
    }
    for name, m in res["methods"].items():
        print(
            f"  {name:44s} median {m['median_ms']:8.2f} ms  p95 {m['p95_ms']:8.2f}  "
            f"bound {m['bound_ms']:6.2f}  recall@10 {m['recall@10']:.3f}",
            flush=True,
        )
    print(
        f"  engine/faiss_k10 {res['ratios']['engine/faiss_k10']:.2f}  engine/numpy_1t "
        f"{res['ratios']['engine/numpy_1t']:.2f}  scan_1t/faiss_k10 "
        f"{res['ratios']['scan_1t/faiss_k10']:.2f}  scan pool/1t "
        f"{res['ratios']['scan_pool/scan_1t']:.2f} (what the second core gave the scan; "
        f"spin probe after the loop: {res['core_scaling_after']['scaling_median']:.2f}x)",
        flush=True,
    )
    return res


def profile_recall(eng: Engine, Q: np.ndarray) -> dict:
    opts = RecallOptions(k=K, now_ms=T0 + 60_000)
    prof = cProfile.Profile()
    t = now()
    prof.enable()
    for q in Q:
        eng.recall(q, opts)
    prof.disable()
    wall = now() - t
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(16)
    return {"queries": len(Q), "wall_s": wall, "text": buf.getvalue()}


if __name__ == "__main__":
    sys.exit(main())
