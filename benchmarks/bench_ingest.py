"""Durable ingestion throughput of the engine, into a real store on disk.

    python benchmarks/bench_ingest.py            # full: 100k records, 3 runs per configuration
    python benchmarks/bench_ingest.py --quick    # smoke run (10k records)
    python benchmarks/bench_ingest.py --profile  # also a cProfile run: where the time goes

Every run writes into a fresh store under benchmarks/.scratch (real disk, deleted afterwards).
Runs are interleaved (config A, B, C, A, B, C, ...) so machine noise hits all of them alike.
"acked" counts only the ``remember_many`` calls (every record is durable when its call returns:
sync=True fdatasyncs each log frame first); "sustained" also counts ``close()`` (the final
checkpoint: segments msync'ed and fsync'ed, SQLite checkpointed).

Configurations (precomputed float32 vectors, so no embedding):

- ``default``: ``EngineConfig()`` as users get it: the cognitive ingestion pipeline (keyphrase
  tags, affect, surprise, Hebbian links, entities) and automatic reflection every 2,000 writes;
  batches of 1k, 4k and 16k records per ``remember_many``.
- ``no auto-reflect``: the same without automatic reflection (batch 4k).
- ``storage only``: pipeline steps and auto-reflection off: validation, quantisation, the
  log, segments and the SQLite/FTS5 index only (batch 4k), with sync=True and sync=False.

Also: texts embedded by the default static embedder (default and storage-only configurations,
against the embedder alone in the same process); single ``remember()`` calls; bytes per record on
disk (allocated blocks, st_blocks: segment files are sparse); and the physical bound (what one
fdatasync costs here, and the synced write bandwidth).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
from _common import (
    Scratch,
    clustered_vectors,
    core_scaling,
    file_bytes,
    filesystem_of,
    machine_info,
    measure_fdatasync,
    median,
    now,
    pct,
    print_table,
    short_texts,
    write_json,
)

from engramdb import Engine, EngineConfig, MemoryInput
from engramdb.engine.pipeline import IngestConfig
from engramdb.engine.reflect import ReflectConfig
from engramdb.engine.surprise import SurpriseConfig

T0 = 1_700_000_000_000  # fixed base timestamp (ms)


def _pipeline_off() -> IngestConfig:
    return IngestConfig(
        auto_tags=False,
        affect=False,
        surprise=SurpriseConfig(enabled=False),
        hebbian=False,
        entities=False,
    )


CONFIGS: dict[str, Callable[[], EngineConfig]] = {
    "default": EngineConfig,
    "no auto-reflect": lambda: EngineConfig(reflect=ReflectConfig(every_writes=None)),
    "storage only": lambda: EngineConfig(
        ingest=_pipeline_off(), reflect=ReflectConfig(every_writes=None)
    ),
    "storage only, sync=False": lambda: EngineConfig(
        sync=False, ingest=_pipeline_off(), reflect=ReflectConfig(every_writes=None)
    ),
}


def make_inputs(texts: list[str], vectors: np.ndarray | None) -> list[MemoryInput]:
    return [
        MemoryInput(
            text=t,
            vector=None if vectors is None else vectors[i],
            timestamp_ms=T0 + i,
            session_id=f"session-{i // 100}",
        )
        for i, t in enumerate(texts)
    ]


def ingest(
    path: Path, items: list[MemoryInput], batch: int, config: EngineConfig, embedder=None
) -> dict:
    t = now()
    eng = Engine.open(path, embedder=embedder, config=config)
    t_open = now() - t
    t = now()
    for s in range(0, len(items), batch):
        eng.remember_many(items[s : s + batch])
    t_acked = now() - t
    tiers = {k: v["live"] for k, v in eng.stats()["tiers"].items() if v["live"]}
    t = now()
    eng.close()
    t_close = now() - t
    n = len(items)
    return {
        "open_s": t_open,
        "acked_s": t_acked,
        "close_s": t_close,
        "acked_rps": n / t_acked,
        "sustained_rps": n / (t_acked + t_close),
        "live_by_tier": tiers,
    }


def disk_breakdown(path: Path, n: int, config: EngineConfig) -> dict:
    """Allocated and apparent bytes per kind of file; reopens the store for stats()."""
    kinds: dict[str, list[int]] = {}
    for p in sorted(path.rglob("*")):
        if not p.is_file():
            continue
        key = f"segments *{p.suffix}" if p.suffix in (".rec", ".f16") else p.name
        size, alloc = file_bytes(p)
        acc = kinds.setdefault(key, [0, 0, 0])
        acc[0] += size
        acc[1] += alloc
        acc[2] += 1
    eng = Engine.open(path, config=config)
    try:
        st = eng.stats()
    finally:
        eng.close()
    return {
        "records_written": n,
        "live_by_tier": {k: v["live"] for k, v in st["tiers"].items() if v["live"]},
        "stats_disk_bytes": st["disk_bytes"],
        "stats_disk_bytes_per_record": st["disk_bytes"] / n,
        "files": {
            k: {
                "count": v[2],
                "apparent_bytes": v[0],
                "allocated_bytes": v[1],
                "allocated_per_record": v[1] / n,
            }
            for k, v in kinds.items()
        },
    }


def wal_bytes_per_record(path: Path, items: list[MemoryInput], batch: int) -> float:
    """Log bytes written per record (one batch, before any checkpoint empties the log)."""
    eng = Engine.open(path, config=EngineConfig(checkpoint_bytes=1 << 40))
    try:
        eng.remember_many(items[:batch])
        return eng.stats()["wal_bytes"] / batch
    finally:
        eng.close()


def single_calls(
    path: Path, texts: list[str], vectors: np.ndarray | None, n: int, config: EngineConfig
) -> dict:
    eng = Engine.open(path, config=config)
    lat = []
    try:
        for i in range(3):  # warm-up (first frame, first segment file)
            eng.remember(f"warm-up {i}", vector=None if vectors is None else vectors[-1 - i])
        for i in range(n):
            t = now()
            eng.remember(
                texts[i],
                vector=None if vectors is None else vectors[i],
                timestamp_ms=T0 + i,
                session_id="single",
            )
            lat.append(now() - t)
    finally:
        eng.close()
    return {
        "calls": n,
        "latency_ms_median": median(lat) * 1e3,
        "latency_ms_p95": pct(lat, 95) * 1e3,
        "records_per_s": n / sum(lat),
    }


# (label, file, function) whose cumulative time is a stage. "engine" stands for the Engine class,
# wherever its methods live (engine.py or its mixin modules _writes.py, _reads.py, ...).
_STAGES = [
    ("_prepare: per-item checks (text, vector, uuid4)", "engine", "_prepare"),
    ("id checks (SQLite lookups, twice per call)", "index.py", "existing_ids"),
    ("pipeline.enrich: keyphrases+bloom, affect, surprise", "pipeline.py", "enrich"),
    ("_write_chunk rest: headers, int8, float16", None, "write_rest"),
    ("RememberBatch.encode (binary + JSON rows)", "walrecords.py", "encode"),
    ("WAL append (write + fdatasync)", "wal.py", "append"),
    ("segments put (mmap copy)", "segment.py", "put"),
    ("SQLite insert + FTS5 + commit (excl. steps)", None, "sqlite_rest"),
    ("post-log step: hebbian", "pipeline.py", "_hebbian"),
    ("post-log step: entities", "pipeline.py", "_entities"),
    ("post-log step: surprise stats", "pipeline.py", "_surprise_stats"),
    ("auto-reflection (k-means, gists; incl. its writes)", "engine", "reflect"),
    ("checkpoints (segments crc+fsync, SQLite, log reset)", "engine", "_checkpoint"),
]


def _where(path: str) -> str:
    """'engine' for the Engine class's modules, else the file's base name."""
    p = Path(path)
    in_engine = p.parent.name == "engine" and p.parent.parent.name == "engramdb"
    mixin = p.name.startswith("_") and p.name != "__init__.py"
    return "engine" if in_engine and (p.name == "engine.py" or mixin) else p.name


def profile_run(path: Path, items: list[MemoryInput], batch: int, config: EngineConfig) -> dict:
    """cProfile one full ingestion; cumulative time of the main stages."""
    eng = Engine.open(path, config=config)
    prof = cProfile.Profile()
    t = now()
    prof.enable()
    for s in range(0, len(items), batch):
        eng.remember_many(items[s : s + batch])
    eng.close()
    prof.disable()
    wall = now() - t
    st = pstats.Stats(prof)
    raw = st.stats  # type: ignore[attr-defined]
    cum: dict[tuple[str, str], float] = {}
    for (fname, _line, func), (_cc, _nc, _tt, ct, _callers) in raw.items():
        key = (_where(fname), func)
        cum[key] = cum.get(key, 0.0) + ct
    total = cum.get(("engine", "remember_many"), 0.0) + cum.get(("engine", "close"), 0.0)
    out = {}
    for label, fname, func in _STAGES:
        if func == "write_rest":
            v = (
                cum.get(("engine", "_write_chunk"), 0.0)
                - cum.get(("pipeline.py", "enrich"), 0.0)
                - cum.get(("engine", "_log_and_apply"), 0.0)
            )
        elif func == "sqlite_rest":
            v = cum.get(("index.py", "apply_remember"), 0.0) - cum.get(
                ("index.py", "run_steps"), 0.0
            )
        else:
            v = cum.get((fname, func), 0.0)
        out[label] = v
    top = sorted(
        ((f"{Path(k[0]).name}:{k[1]}({k[2]})", v[2]) for k, v in raw.items()),
        key=lambda x: -x[1],
    )[:15]
    sql: dict[str, float] = {}
    for (_fname, _line, func), (_cc, _nc, _tt, _ct, callers) in raw.items():
        if "sqlite3.Connection" in func:
            for (_cf, _cl, cfunc), cstat in callers.items():
                key = f"{func.split(' of ')[0].replace('<method ', '')} from {cfunc}"
                sql[key] = sql.get(key, 0.0) + cstat[3]
    return {
        "records": len(items),
        "batch": batch,
        "profiled_wall_s": wall,
        "profiled_total_s": total,
        "stages_cumulative_s": out,
        "top_self_time_s": dict(top),
        "sqlite_calls_by_caller_s": dict(sorted(sql.items(), key=lambda x: -x[1])[:10]),
    }


def summarise(rs: list[dict], n: int) -> dict:
    return {
        "records": n,
        "runs": rs,
        "acked_rps_median": median([r["acked_rps"] for r in rs]),
        "sustained_rps_median": median([r["sustained_rps"] for r in rs]),
        "acked_s_median": median([r["acked_s"] for r in rs]),
        "close_s_median": median([r["close_s"] for r in rs]),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small smoke run")
    ap.add_argument("--profile", action="store_true", help="add a cProfile run (default config)")
    args = ap.parse_args()
    quick = args.quick
    n_vec = 10_000 if quick else 100_000
    n_emb = 4_000 if quick else 20_000
    n_prof = 10_000 if quick else 30_000
    n_single = 50 if quick else 300
    reps = 3

    info = machine_info()
    print(
        f"bench_ingest ({'quick' if quick else 'full'}) {info['date_utc']} UTC, "
        f"{info['cores']} cores, {info['cpu']}, load {info['loadavg_1m']:.2f}"
    )
    cs = core_scaling()
    print(f"second-core availability now: {cs['scaling_median']:.2f}x (2.0 = two free cores)")
    vectors = clustered_vectors(n_vec, seed=1)
    texts = short_texts(n_vec)
    results: dict = {"machine": info, "quick": quick, "core_scaling_at_start": cs}

    with Scratch("ingest-") as scratch:
        fs = filesystem_of(scratch.path)
        results["scratch"] = {"path": str(scratch.path), **fs}
        print(
            f"scratch dir: {scratch.path} ({fs['fstype']} on {fs['device']}, "
            f"mounted at {fs['mount']}); deleted at exit"
        )
        sync = measure_fdatasync(scratch.sub("probe"))
        results["fdatasync"] = sync
        print(
            f"fdatasync after a 4 KiB append: {sync['fdatasync_4k_ms_median']:.3f} ms median "
            f"(p95 {sync['fdatasync_4k_ms_p95']:.3f}); synced 4 MiB writes: "
            f"{sync['sync_write_mb_per_s']:.0f} MB/s"
        )
        t = now()
        items = make_inputs(texts, vectors)
        results["make_inputs_us_per_record"] = (now() - t) / n_vec * 1e6

        # ---- precomputed vectors: configurations x batch sizes, interleaved repetitions
        matrix = [("default", b) for b in (1_024, 4_096, 16_384)] + [
            (name, 4_096) for name in CONFIGS if name != "default"
        ]
        runs: dict[str, list[dict]] = {}
        k = 0
        for rep in range(reps):
            for name, b in matrix:
                key = f"{name}, batch={b}"
                path = scratch.sub(f"vec-{k}")
                k += 1
                r = ingest(path, items, b, CONFIGS[name]())
                runs.setdefault(key, []).append(r)
                if rep == reps - 1 and b == 4_096 and name in ("default", "storage only"):
                    results.setdefault("disk", {})[name] = disk_breakdown(
                        path, n_vec, CONFIGS[name]()
                    )
                shutil.rmtree(path, ignore_errors=True)
                print(
                    f"  rep {rep + 1} {key}: acked {r['acked_rps']:,.0f} rec/s, "
                    f"sustained {r['sustained_rps']:,.0f} rec/s",
                    flush=True,
                )
        vec_summary = {key: summarise(rs, n_vec) for key, rs in runs.items()}
        results["precomputed_vectors"] = vec_summary
        wal_pr = wal_bytes_per_record(scratch.sub("walsize"), items, 4_096)
        results["wal_bytes_per_record"] = wal_pr

        # ---- texts embedded by the default embedder
        from engramdb.embed import StaticEmbedder

        emb = StaticEmbedder()
        emb_texts = short_texts(n_emb, seed=11)
        emb.embed(emb_texts[:256])  # warm-up
        text_items = make_inputs(emb_texts, None)
        emb_runs: dict[str, list[dict]] = {"default": [], "storage only": []}
        embed_only = []
        for rep in range(reps):
            t = now()
            emb.embed(emb_texts)
            embed_only.append(now() - t)
            for name in emb_runs:
                path = scratch.sub(f"emb-{rep}-{len(name)}")
                r = ingest(path, text_items, 4_096, CONFIGS[name](), embedder=emb)
                emb_runs[name].append(r)
                shutil.rmtree(path, ignore_errors=True)
                print(
                    f"  rep {rep + 1} embedded texts, {name}: acked {r['acked_rps']:,.0f} rec/s "
                    f"(embedder alone {n_emb / embed_only[-1]:,.0f} texts/s)",
                    flush=True,
                )
        results["embedded_texts"] = {
            "embedder": emb.model_id,
            "batch": 4_096,
            "embed_only_texts_per_s_median": n_emb / median(embed_only),
            **{name: summarise(rs, n_emb) for name, rs in emb_runs.items()},
        }

        # ---- single remember() calls (default config)
        results["single_remember_vector"] = single_calls(
            scratch.sub("single-vec"), texts, vectors, n_single, EngineConfig()
        )
        results["single_remember_text"] = single_calls(
            scratch.sub("single-text"), texts, None, n_single, EngineConfig()
        )

        if args.profile:
            print(f"  profiling one run (default config, {n_prof:,} records) ...", flush=True)
            results["profile"] = profile_run(
                scratch.sub("profile"), items[:n_prof], 4_096, EngineConfig()
            )

    report(results, n_vec, sync, wal_pr)
    out = write_json("bench_ingest", results)
    print(f"\nJSON: {out}")


def report(results: dict, n_vec: int, sync: dict, wal_pr: float) -> None:
    vec = results["precomputed_vectors"]
    rows = [
        [
            f"precomputed vectors, {key}",
            s["records"],
            s["acked_rps_median"],
            s["sustained_rps_median"],
            s["close_s_median"],
        ]
        for key, s in vec.items()
    ]
    e = results["embedded_texts"]
    for name in ("default", "storage only"):
        rows.append(
            [
                f"texts + default embedder, {name}, batch={e['batch']}",
                e[name]["records"],
                e[name]["acked_rps_median"],
                e[name]["sustained_rps_median"],
                e[name]["close_s_median"],
            ]
        )
    print_table(
        "Ingestion throughput (records/s, median of 3 runs, fresh store each; sync=True unless "
        "said)",
        ["what", "records", "acked rec/s", "sustained rec/s", "close s"],
        rows,
    )
    print(f"embedder alone on the same texts: {e['embed_only_texts_per_s_median']:,.0f} texts/s")
    sv, st = results["single_remember_vector"], results["single_remember_text"]
    print_table(
        "Single remember() calls, default config (one synced log frame each)",
        ["what", "calls", "median ms", "p95 ms", "records/s"],
        [
            [
                "with vector",
                sv["calls"],
                sv["latency_ms_median"],
                sv["latency_ms_p95"],
                sv["records_per_s"],
            ],
            [
                "text, embedded",
                st["calls"],
                st["latency_ms_median"],
                st["latency_ms_p95"],
                st["records_per_s"],
            ],
        ],
    )
    for name, d in results["disk"].items():
        rows = [
            [k, v["count"], v["apparent_bytes"], v["allocated_bytes"], v["allocated_per_record"]]
            for k, v in d["files"].items()
        ]
        rows.append(
            [
                "total (stats()['disk_bytes'])",
                "",
                "",
                d["stats_disk_bytes"],
                d["stats_disk_bytes_per_record"],
            ]
        )
        print_table(
            f"Bytes on disk, {name} config, after {d['records_written']:,} records written "
            f"(live by tier: {d['live_by_tier']}; allocated = st_blocks*512, per record "
            f"written)",
            ["file", "n", "apparent B", "allocated B", "alloc B/record"],
            rows,
        )

    base = vec["default, batch=4096"]
    store = vec["storage only, batch=4096"]
    nosync = vec["storage only, sync=False, batch=4096"]
    frames = -(-n_vec // 4_096)
    fsync_share = frames * sync["fdatasync_4k_ms_median"] / 1e3 / store["acked_s_median"]
    log_bound = 1.0 / (
        sync["fdatasync_4k_ms_median"] / 1e3 / 4_096 + wal_pr / (sync["sync_write_mb_per_s"] * 1e6)
    )
    results["bounds"] = {
        "wal_bytes_per_record": wal_pr,
        "log_bound_rps_batch4096": log_bound,
        "fsync_share_of_storage_only_acked_time": fsync_share,
        "storage_only_sync_vs_nosync": store["acked_rps_median"] / nosync["acked_rps_median"],
        "default_vs_storage_only": base["acked_rps_median"] / store["acked_rps_median"],
        "make_inputs_us_per_record": results["make_inputs_us_per_record"],
    }
    b = results["bounds"]
    print(
        f"\nPhysical bound: a log frame of 4,096 records is {wal_pr * 4_096 / 1e6:.1f} MB "
        f"({wal_pr:.0f} B/record) + one fdatasync ({sync['fdatasync_4k_ms_median']:.3f} ms); "
        f"the log alone could take ~{log_bound:,.0f} records/s here. fdatasync is "
        f"~{fsync_share * 100:.1f}% of the storage-only acked time; storage-only sync=True runs "
        f"at {b['storage_only_sync_vs_nosync']:.2f}x its sync=False speed. The default config "
        f"runs at {b['default_vs_storage_only']:.2f}x the storage-only speed."
    )
    print(
        f"Building the MemoryInput list (caller side, not timed above): "
        f"{results['make_inputs_us_per_record']:.2f} us/record."
    )
    target = 20_000
    results["target"] = {
        "records_per_s": target,
        "default_batch4096_sustained": base["sustained_rps_median"],
        "met_default": base["sustained_rps_median"] >= target,
        "storage_only_batch4096_sustained": store["sustained_rps_median"],
        "met_storage_only": store["sustained_rps_median"] >= target,
    }
    print(
        f"Target >= {target:,} records/s durable (precomputed vectors, batches of 4096, "
        f"sustained): default config {base['sustained_rps_median']:,.0f} -> "
        f"{'MET' if results['target']['met_default'] else 'NOT met'}; storage only "
        f"{store['sustained_rps_median']:,.0f} -> "
        f"{'MET' if results['target']['met_storage_only'] else 'NOT met'}"
    )
    if "profile" in results:
        p = results["profile"]
        rows = [
            [k, v, v / p["profiled_total_s"] * 100] for k, v in p["stages_cumulative_s"].items()
        ]
        print_table(
            f"cProfile, default config, {p['records']:,} records, batch {p['batch']} (profiled "
            f"total {p['profiled_total_s']:.2f} s; the profiler inflates Python-heavy parts)",
            ["stage", "cumulative s", "% of total"],
            rows,
        )
        print_table(
            "cProfile, top functions by own time",
            ["function", "own s"],
            [[k, v] for k, v in p["top_self_time_s"].items()],
        )
        print_table(
            "cProfile, SQLite calls by caller",
            ["call", "s"],
            [[k, v] for k, v in p["sqlite_calls_by_caller_s"].items()],
        )


if __name__ == "__main__":
    sys.exit(main())
