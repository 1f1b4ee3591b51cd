"""The cost of a conversation turn as the organisation's curated catalogue grows.

Every turn is read against the live curated facts of its scope's organisation (stage 0, then
catalogue-guided extraction, then the reconciler). This measures one ``Memory.remember`` of a
customer turn that names a product and a price, with 0 to N curated products (operator upserts,
one price each), against the same turn with no catalogue at all in the same process.

    python benchmarks/bench_catalogue_turns.py [--sizes 0,100,1000,5000] [--turns 60]

With ``--csv-rows 50,55000`` the catalogue is instead a CSV price list of that many rows
(``_catalogue.py``; 55,000 rows are about 2.7 MB and 220,000 facts) uploaded to the
organisation, and the turn states a wrong price for a product of the list; the table gives
each size's cost against the first size's in the same run, and the upload's seconds (issue 36:
at 55,000 rows against 50, at most 3x; the upload at most 60 s).

    python benchmarks/bench_catalogue_turns.py --csv-rows 50,55000 --turns 40
"""

from __future__ import annotations

import argparse
import random

from _catalogue import catalogue_csv, probes
from _common import Scratch, machine_info, median, now, pct, print_table, write_json

from engramdb import Memory


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="0,100,1000,5000")
    ap.add_argument("--turns", type=int, default=60)
    ap.add_argument("--csv-rows", default="", help="CSV catalogue sizes instead of --sizes")
    args = ap.parse_args()
    if args.csv_rows:
        csv_main([int(s) for s in args.csv_rows.split(",")], args.turns)
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    rng = random.Random(1)
    results: dict = {"machine": machine_info(), "turns": args.turns, "sizes": {}}
    rows = []
    base = None
    with Scratch("catalogue-") as scratch:
        for n in sizes:
            with Memory.open(scratch.sub(f"m{n}")) as mem:
                if n:
                    mem.remember(
                        triples=[
                            {
                                "subject": f"Product {i}",
                                "type": "product",
                                "key": "price",
                                "value": f"£{rng.randint(5, 500)}",
                            }
                            for i in range(n)
                        ],
                        scope="org/shop",
                    )
                times = []
                for t in range(args.turns):
                    text = (
                        f"your product {rng.randint(0, max(n - 1, 1))} costs "
                        f"£{rng.randint(5, 500)} and delivery takes 3 days"
                    )
                    t0 = now()
                    mem.remember(text, scope=f"org/shop/user/u{t % 5}")
                    times.append(now() - t0)
            p50, p95 = median(times) * 1000, pct(times, 95) * 1000
            base = p50 if base is None else base
            results["sizes"][str(n)] = {"p50_ms": p50, "p95_ms": p95, "vs_no_catalogue": p50 / base}
            rows.append([n, p50, p95, p50 / base])
    print_table(
        "one customer turn (Memory.remember) against a curated catalogue",
        ["curated facts", "p50 ms", "p95 ms", "x no catalogue"],
        rows,
    )
    write_json("bench_catalogue_turns", results)


def csv_main(sizes: list[int], turns: int) -> None:
    """Turns against CSV catalogues of each size (see the module docstring)."""
    results: dict = {"machine": machine_info(), "turns": turns, "csv_rows": {}}
    rows, base = [], None
    with Scratch("catalogue-csv-") as scratch:
        for n in sizes:
            data, items = catalogue_csv(n)
            with Memory.open(scratch.sub(f"csv{n}")) as mem:
                t0 = now()
                facts = mem.upload(data, name="catalogue.csv", scope="org/shop").facts
                upload_s = now() - t0
                rng = random.Random(3)
                asked = probes(items, turns)
                times, flagged = [], 0
                for t in range(turns):
                    _, name, _ = asked[t % len(asked)]
                    text = f"The {name} costs £{rng.randint(1, 4)}."
                    t0 = now()
                    out = mem.remember(text, scope=f"org/shop/user/u{t % 5}")
                    times.append(now() - t0)
                    flagged += bool(out.conflicts)
            p50, p95 = median(times) * 1000, pct(times, 95) * 1000
            base = p50 if base is None else base
            results["csv_rows"][str(n)] = {
                "facts": facts,
                "upload_s": upload_s,
                "p50_ms": p50,
                "p95_ms": p95,
                "vs_first": p50 / base,
                "conflicts_flagged": flagged / turns,
            }
            rows.append([n, facts, upload_s, p50, p95, p50 / base, flagged / turns])
    print_table(
        "one customer turn stating a wrong price, against a CSV catalogue",
        ["rows", "facts", "upload s", "p50 ms", "p95 ms", "x first size", "flagged"],
        rows,
    )
    write_json("bench_catalogue_turns_csv", results)


if __name__ == "__main__":
    main()
