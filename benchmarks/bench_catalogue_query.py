"""A customer's query under a curated catalogue: what the facts of a price list cost
``Memory.query``.

The store of ``bench_server.py`` (``--memories`` turns in 50 user scopes), then Markdown price
lists of growing size uploaded to the organisation's scope (about 40 facts per KiB); after each,
``Memory.query`` in one user's lens (which sees the organisation's curated facts) over the same
queries. The reference in the same run is the store before any upload. Writes
``benchmarks/results/bench_catalogue_query.json``.

    python benchmarks/bench_catalogue_query.py [--memories 10000] [--sizes 0,25,150]

With ``--csv-rows 50,55000`` each size is instead a fresh store of ``--memories`` turns and a CSV
price list of that many rows (``_catalogue.py``) uploaded to the organisation; ``query`` and
``context`` (budget 1,500) ask the price of a product of the list in a user's lens, and the
table gives each against the first size in the same run, with how often the product's price
row was in query's top 3 and in the block (issue 36: at 55,000 rows against 50, at most 3x).

    python benchmarks/bench_catalogue_query.py --csv-rows 50,55000 --queries 60
"""

from __future__ import annotations

import argparse
import random

from _catalogue import catalogue_csv, probes
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
    ap.add_argument("--csv-rows", default="", help="CSV catalogue sizes instead of --sizes")
    args = ap.parse_args()
    if args.csv_rows:
        csv_main([int(x) for x in args.csv_rows.split(",")], args.memories, args.queries)
        return
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
    write_json("bench_catalogue_query", result)


def csv_main(sizes: list[int], memories: int, queries: int) -> None:
    """Query and context under CSV catalogues of each size (see the module docstring)."""
    result: dict = {"machine": machine_info(), "memories": memories, "csv_rows": {}}
    rows, base = [], None
    with Scratch("catq-csv-") as scratch:
        for n in sizes:
            path = scratch.sub(f"store{n}")
            fill(path, memories)
            data, items = catalogue_csv(n)
            with Memory.open(path) as mem:
                mem.upload(data, name="catalogue.csv", scope="org/acme")
                asked = probes(items, queries)
                rng = random.Random(5)
                q_ms, c_ms, top3, in_block = [], [], 0, 0
                for i in range(queries + 5):
                    _, name, price = asked[i % len(asked)]
                    text, lens = f"how much is the {name}?", [rng.choice(SCOPES)]
                    t = now()
                    hits = mem.query(text, lens=lens, k=10)
                    q = (now() - t) * 1e3
                    t = now()
                    block = mem.context(text, lens=lens, budget=1500)
                    c = (now() - t) * 1e3
                    if i < 5:
                        continue  # (warm)
                    q_ms.append(q)
                    c_ms.append(c)
                    top3 += any(h.kind == "fact" and price[1:] in h.text for h in hits[:3])
                    in_block += price[1:] in block
            q50, c50 = median(q_ms), median(c_ms)
            base = (q50, c50) if base is None else base
            result["csv_rows"][str(n)] = {
                "query_p50_ms": q50,
                "query_p95_ms": pct(q_ms, 95),
                "context_p50_ms": c50,
                "context_p95_ms": pct(c_ms, 95),
                "query_vs_first": q50 / base[0],
                "context_vs_first": c50 / base[1],
                "price_in_top3": top3 / queries,
                "price_in_block": in_block / queries,
            }
            rows.append(
                [n, q50, q50 / base[0], c50, c50 / base[1], top3 / queries, in_block / queries]
            )
    print_table(
        f"query and context (budget 1,500) in a user's lens, {memories:,} turns, CSV catalogue",
        ["rows", "query p50 ms", "x first", "context p50 ms", "x first", "top 3", "in block"],
        rows,
    )
    write_json("bench_catalogue_query_csv", result)


if __name__ == "__main__":
    main()
