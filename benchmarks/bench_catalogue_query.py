"""A customer's query under a curated catalogue: what the facts of a price list cost
``Memory.query``.

The store of ``bench_server.py`` (``--memories`` turns in 50 user scopes), then Markdown price
lists of growing size uploaded to the organisation's scope (about 40 facts per KiB); after each,
``Memory.query`` in one user's lens (which sees the organisation's curated facts) over the same
queries. The reference in the same run is the store before any upload. Writes
``benchmarks/results/bench_catalogue_query.json``.

    python benchmarks/bench_catalogue_query.py [--memories 10000] [--sizes 0,25,150]
"""

from __future__ import annotations

import argparse
import random

from _common import Scratch, machine_info, median, now, pct, print_table, write_json
from bench_server import SCOPES, fill
from bench_uploads import price_list

from engramdb import Memory

QUERIES = [
    "what is the price of widget 3",
    "how long does shipping take",
    "can I return the gadget",
    "where do I live now",
    "what did I say about my trip",
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--memories", type=int, default=10_000)
    ap.add_argument("--sizes", default="0,25,150", help="KiB of price list, cumulative steps")
    ap.add_argument("--queries", type=int, default=100)
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    rows, result = [], {"machine": machine_info(), "memories": args.memories, "sizes": {}}
    with Scratch("catq-") as scratch:
        path = scratch.sub("store")
        fill(path, args.memories)
        with Memory.open(path) as mem:
            for n, kb in enumerate(sizes):
                if kb:
                    mem.upload(price_list(kb, n), name=f"prices-{n}.md", scope="org/acme")
                facts = len(mem.facts(lens=["org/acme"]))
                rng = random.Random(5)
                for _ in range(5):  # warm
                    mem.query(rng.choice(QUERIES), lens=[rng.choice(SCOPES)], k=10)
                ms = []
                for _ in range(args.queries):
                    q, lens = rng.choice(QUERIES), [rng.choice(SCOPES)]
                    t = now()
                    mem.query(q, lens=lens, k=10)
                    ms.append((now() - t) * 1e3)
                rows.append([f"{facts:,}", f"{median(ms):.1f}", f"{pct(ms, 95):.1f}"])
                result["sizes"][str(kb)] = {
                    "curated_facts": facts,
                    "p50_ms": median(ms),
                    "p95_ms": pct(ms, 95),
                }
    print_table(
        f"Memory.query in one user's lens, {args.memories:,} turns, under a curated catalogue",
        ["curated facts", "p50 ms", "p95 ms"],
        rows,
    )
    write_json("bench_catalogue_query.json", result)


if __name__ == "__main__":
    main()
