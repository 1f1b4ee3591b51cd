"""The fact side of a query under a large catalogue: the fact index (``knowledge/fact_index.py``)
against scoring every visible fact (the way before it, the reference in the same run) and
against SQLite FTS5 over the same statements (what the issue proposed: ranked OR, and AND).

A CSV price list of ``--rows`` rows (``_catalogue.py``) is uploaded to an organisation; for
``--queries`` price questions about rows of the list, in a user's lens: the milliseconds of each
way to find the facts worth ranking, and how often the index's ten best facts are the ten best of
scoring every fact (the same formula: the index only chooses what is scored).

    python benchmarks/bench_fact_index.py [--rows 55000] [--queries 40]
"""

from __future__ import annotations

import argparse
import random
import sqlite3

from _catalogue import catalogue_csv, probes
from _common import Scratch, machine_info, median, now, print_table, write_json

from engramdb import Memory
from engramdb.knowledge import reads


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=55_000)
    ap.add_argument("--queries", type=int, default=40)
    args = ap.parse_args()
    result: dict = {"machine": machine_info(), "rows": args.rows}
    with Scratch("factidx-") as scratch:
        path = scratch.sub("store")
        data, items = catalogue_csv(args.rows)
        with Memory.open(path) as mem:
            mem.upload(data, name="catalogue.csv", scope="org/acme")
            mem.fact_index().wait_filled()
            fts = sqlite3.connect(":memory:")
            fts.execute("CREATE VIRTUAL TABLE ft USING fts5(statement)")
            fts.executemany(
                "INSERT INTO ft(rowid, statement) VALUES (?, ?)",
                mem.db.execute("SELECT id, statement FROM facts WHERE forgotten = 0"),
            )
            rng = random.Random(7)
            ms: dict[str, list[float]] = {
                "index": [],
                "every fact": [],
                "fts or": [],
                "fts and": [],
            }
            same = 0
            asked = probes(items, args.queries)
            for i, (_, name, _) in enumerate(asked):
                text, lens = f"how much is the {name}?", [f"org/acme/user/u{rng.randint(0, 9)}"]
                t = now()
                found = reads.candidate_rows(mem._store, text, lens, None, reads.CANDIDATES)
                fast = reads.row_scores(mem._store, text, found.rows, "hybrid")
                ms["index"].append((now() - t) * 1e3)
                t = now()
                rows = reads.live_rows(mem._store, lens, None)
                slow = reads.row_scores(mem._store, text, rows, "hybrid")
                ms["every fact"].append((now() - t) * 1e3)
                words = [f'"{w}"' for w in name.casefold().split()] + ['"much"']
                for label, op in (("fts or", " OR "), ("fts and", " AND ")):
                    t = now()
                    fts.execute(
                        "SELECT rowid FROM ft WHERE ft MATCH ? ORDER BY rank LIMIT 128",
                        (op.join(words),),
                    ).fetchall()
                    ms[label].append((now() - t) * 1e3)
                if i < 3:
                    continue  # (warm)

                def best(scored):
                    order = sorted(range(len(scored)), key=lambda j: (-scored[j][0], j))
                    return [scored[j][3][0] for j in order[:10]]

                same += best(fast) == best(slow)
            facts = found.visible
    n = len(asked) - 3
    table = [
        [k, median(v[3:]), median(v[3:]) / median(ms["every fact"][3:])] for k, v in ms.items()
    ]
    result.update(
        facts=facts,
        p50_ms={k: median(v[3:]) for k, v in ms.items()},
        same_top10=same / n,
    )
    print_table(
        f"finding the facts to rank, {facts:,} visible curated facts ({args.rows:,} rows)",
        ["way", "p50 ms", "x every fact"],
        table,
    )
    print(f"the index's ten best facts are the ten best of every fact in {same} of {n} queries")
    write_json("bench_fact_index", result)


if __name__ == "__main__":
    main()
