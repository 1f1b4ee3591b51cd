"""Recall inside one user's lens, in process: what a request costs before HTTP.

The store of ``bench_server.py`` (``--memories`` turns in 50 user scopes, written in bulk);
then ``Memory.query`` and ``Engine.recall`` in one user's lens (about 2 % of the store) and
``Engine.recall`` over the whole store as the reference in the same process, each over the
same 200 queries. Writes ``benchmarks/results/bench_lens.json``.

    python benchmarks/bench_lens.py [--memories 100000]
"""

from __future__ import annotations

import argparse

from _common import Scratch, machine_info, median, now, pct, print_table, short_texts, write_json
from bench_server import SCOPES, fill

from engramdb import Memory, RecallOptions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--memories", type=int, default=100_000)
    ap.add_argument("--queries", type=int, default=200)
    args = ap.parse_args()
    queries = short_texts(args.queries + 10, seed=99)
    with Scratch("lens-") as scratch:
        path = scratch.sub("store")
        fill(path, args.memories)
        with Memory.open(path) as mem:
            cases = {
                "Memory.query, one user's lens": lambda q: mem.query(q, lens=[SCOPES[0]], k=10),
                "Engine.recall, one user's lens": lambda q: mem.engine.recall(
                    q, RecallOptions(k=30, scopes=[SCOPES[0]])
                ),
                "Engine.recall, the whole store": lambda q: mem.engine.recall(
                    q, RecallOptions(k=30)
                ),
            }
            for fn in cases.values():
                for q in queries[:10]:
                    fn(q)
            rows, result = [], {"machine": machine_info(), "memories": args.memories}
            for name, fn in cases.items():
                ms = []
                for q in queries[10:]:
                    t = now()
                    fn(q)
                    ms.append((now() - t) * 1e3)
                rows.append([name, f"{median(ms):.2f}", f"{pct(ms, 95):.2f}"])
                result[name] = {"p50_ms": median(ms), "p95_ms": pct(ms, 95)}
    print_table(
        f"Recall in process, {args.memories:,} memories", ["call", "p50 ms", "p95 ms"], rows
    )
    write_json("bench_lens", result)


if __name__ == "__main__":
    main()
