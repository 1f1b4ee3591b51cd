"""Ingestion throughput with the cognitive steps on, against the bare storage path.

Same texts, same store settings, only ``EngineConfig.ingest`` (and reflection) differ:

- ``bare``: tags, affect, surprise, Hebbian and entity steps off, no reflection;
- one row per step alone;
- ``all``: every step on, no reflection;
- ``default``: ``EngineConfig()`` as shipped (every step; reflection due every 500 writes, run
  in the background once the writes pause, so not inside this timed load). The time of the
  reflection the load left due is measured separately: an explicit ``reflect()`` afterwards.

Texts: the turns of LoCoMo's dev split ("Speaker: text") when ``../shared/data/locomo-dev.json``
is there (chat text, read at run time, never copied), else generated short texts. The default
embedder embeds them (durable: fdatasync per frame). Median of ``--reps`` wall-clock runs.

    python benchmarks/bench_cognitive.py [--reps 3] [--batch 1000] [--quick]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from _common import ROOT, Scratch, machine_info, median, now, print_table, short_texts, write_json

from engramdb import Engine, EngineConfig, MemoryInput
from engramdb.engine.pipeline import IngestConfig
from engramdb.engine.reflect import ReflectConfig
from engramdb.engine.surprise import SurpriseConfig

LOCOMO = ROOT.parent / "shared" / "data" / "locomo-dev.json"

_OFF = dict(
    auto_tags=False,
    affect=False,
    surprise=SurpriseConfig(enabled=False),
    hebbian=False,
    entities=False,
)
NO_REFLECT = ReflectConfig(every_writes=None)
CONFIGS: dict[str, EngineConfig] = {
    "bare": EngineConfig(ingest=IngestConfig(**_OFF), reflect=NO_REFLECT),
    "tags": EngineConfig(ingest=IngestConfig(**{**_OFF, "auto_tags": True}), reflect=NO_REFLECT),
    "affect": EngineConfig(ingest=IngestConfig(**{**_OFF, "affect": True}), reflect=NO_REFLECT),
    "surprise": EngineConfig(
        ingest=IngestConfig(**{**_OFF, "surprise": SurpriseConfig()}), reflect=NO_REFLECT
    ),
    "hebbian": EngineConfig(ingest=IngestConfig(**{**_OFF, "hebbian": True}), reflect=NO_REFLECT),
    "entities": EngineConfig(ingest=IngestConfig(**{**_OFF, "entities": True}), reflect=NO_REFLECT),
    "all": EngineConfig(reflect=NO_REFLECT),
    "default": EngineConfig(),
}


def texts(quick: bool) -> tuple[str, list[tuple[str, str]]]:
    if LOCOMO.exists():
        out = []
        for conv in json.loads(LOCOMO.read_text()):
            for key, turns in conv["conversation"].items():
                if key.startswith("session_") and isinstance(turns, list):
                    out += [
                        (f"{conv['sample_id']}-{key}", f"{t['speaker']}: {t['text']}")
                        for t in turns
                    ]
        return "LoCoMo dev turns", out[:1000] if quick else out
    gen = short_texts(1000 if quick else 5000)
    return "generated short texts", [(f"s{i // 20}", t) for i, t in enumerate(gen)]


def run(
    config: EngineConfig, rows: list[tuple[str, str]], batch: int, where: Path
) -> tuple[float, float]:
    """Seconds to ingest, and seconds of the reflection the load left due."""
    items = [
        MemoryInput(text=t, session_id=s, timestamp_ms=1_700_000_000_000 + i * 1000)
        for i, (s, t) in enumerate(rows)
    ]
    with Engine.open(where, config=config) as eng:
        start = now()
        for i in range(0, len(items), batch):
            eng.remember_many(items[i : i + batch])
        eng.checkpoint()
        ingest = now() - start
        start = now()
        if config.reflect.every_writes is not None:
            eng.reflect()
        return ingest, now() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--batch", type=int, default=1000)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    source, rows = texts(args.quick)
    print(f"{len(rows)} texts ({source}), batches of {args.batch}, median of {args.reps}")
    times: dict[str, list[float]] = {name: [] for name in CONFIGS}
    reflect_s: list[float] = []
    with Scratch("cognitive-") as scratch:
        for rep in range(args.reps):
            for name, config in CONFIGS.items():  # interleaved, so drift hits every row alike
                ingest, reflected = run(config, rows, args.batch, scratch.sub(f"{name}-{rep}"))
                times[name].append(ingest)
                if name == "default":
                    reflect_s.append(reflected)
    bare = median(times["bare"])
    table = []
    results = {}
    for name, ts in times.items():
        t = median(ts)
        results[name] = {
            "texts_per_s": len(rows) / t,
            "us_per_text": t / len(rows) * 1e6,
            "ratio_to_bare": bare / t,
        }
        table.append([name, len(rows) / t, t / len(rows) * 1e6, bare / t])
    print_table(
        "Ingestion with the cognitive steps (wall clock, durable)",
        ["config", "texts/s", "us/text", "x bare"],
        table,
    )
    r = median(reflect_s)
    print(
        f"\nreflection of the whole load afterwards (default config, in the background when "
        f"idle): {r * 1e3:.0f} ms, {r / len(rows) * 1e6:.1f} us per memory"
    )
    results["reflection_after_load"] = {"s": r, "us_per_text": r / len(rows) * 1e6}
    out = write_json(
        "bench_cognitive",
        {
            "machine": machine_info(),
            "source": source,
            "texts": len(rows),
            "batch": args.batch,
            "reps": args.reps,
            "results": results,
        },
    )
    print(f"\nwrote {out}")


if __name__ == "__main__":
    main()
