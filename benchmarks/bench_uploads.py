"""Upload cost against document size: a Markdown price list ("Widget 3-7 costs $N and ships
within D days.", one line per item) of 150 KB and 750 KB in a fresh context, then a second
150 KB list into the context that already holds the first (the case that used to take over
ten minutes). Linear cost means the 750 KB list takes about five times the 150 KB one; the
reference is a plain-text document of the same size and no values (chunking and embedding
only), uploaded in the same process. Last, a catalogue CSV of 55,000 rows (about 2 MB:
``sku,name,category,price,stock,weight``) into a fresh context: read, written and indexed.

    python benchmarks/bench_uploads.py [--sizes 150,750] [--csv-rows 55000]
"""

from __future__ import annotations

import argparse
import random

from _common import Scratch, machine_info, now, print_table, write_json

from engramdb import Memory


def price_list(kb: int, seed: int, series: str = "Widget") -> bytes:
    rng = random.Random(seed)
    lines, size, i = ["# Price list", ""], 0, 0
    while size < kb * 1024:
        line = (
            f"- {series} {i // 10}-{i % 10} costs ${rng.randint(5, 900)} and ships within "
            f"{rng.randint(1, 14)} days."
        )
        lines.append(line)
        size += len(line) + 1
        i += 1
    return "\n".join(lines).encode()


def plain(kb: int, seed: int) -> bytes:
    rng = random.Random(seed)
    words = "the river runs past old mills and quiet fields under grey skies".split()
    text, size = [], 0
    while size < kb * 1024:
        line = " ".join(rng.choice(words) for _ in range(12)).capitalize() + "."
        text.append(line)
        size += len(line) + 1
    return "\n".join(text).encode()


def catalogue_csv(rows: int, seed: int = 7) -> bytes:
    """A product catalogue, one distinct name a row: ``SK-000412,Slim 412 Mug,Home,19.99,140,0.4
    kg`` (55,000 rows: about 2.5 MB)."""
    rng = random.Random(seed)
    adjectives = "Slim Eco Pro Max Mini Lite Air Neo Flex Plus".split()
    nouns = "Mug Lamp Hat Cup Bag Pen Fan Kit Mat Jar Box Tray".split()
    categories = "Home Garden Office Sport Toys Tools Audio Bath".split()
    lines = ["sku,name,category,price,stock,weight"]
    for i in range(rows):
        k = i // 1000  # (names stay distinct up to 120,000 rows)
        lines.append(
            f"SK-{i:06d},{adjectives[k % 10]} {i % 1000} {nouns[k // 10 % 12]},"
            f"{rng.choice(categories)},{rng.uniform(2, 400):.2f},{rng.randint(0, 500)},"
            f"{rng.randint(1, 99) / 10} kg"
        )
    return ("\n".join(lines) + "\n").encode()


def timed_upload(mem: Memory, data: bytes, name: str) -> tuple[float, int]:
    start = now()
    r = mem.upload(data, name=name, scope="org/acme")
    return now() - start, r.facts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="150,750")
    ap.add_argument("--csv-rows", type=int, default=55_000, help="0: no CSV case")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows, results = [], {"machine": machine_info(), "runs": {}}
    with Scratch("uploads-") as scratch:
        for kb in sizes:
            with Memory.open(scratch.sub(f"ref{kb}"), embedder="hashing") as mem:
                ref, _ = timed_upload(mem, plain(kb, kb), "plain.txt")
            with Memory.open(scratch.sub(f"list{kb}"), embedder="hashing") as mem:
                first, facts = timed_upload(mem, price_list(kb, kb), "prices.md")
                second, facts2 = (
                    timed_upload(mem, price_list(kb, kb + 1, "Gadget"), "prices-2.md")
                    if kb == sizes[0]
                    else (None, None)
                )
            results["runs"][kb] = {
                "plain_s": ref,
                "price_list_s": first,
                "facts": facts,
                "second_list_s": second,
                "second_facts": facts2,
            }
            rows.append([kb, ref, first, facts, second if second is not None else "-"])
        if args.csv_rows:
            data = catalogue_csv(args.csv_rows)
            with Memory.open(scratch.sub("csv"), embedder="hashing") as mem:
                seconds, facts = timed_upload(mem, data, "catalogue.csv")
            results["csv"] = {
                "rows": args.csv_rows,
                "bytes": len(data),
                "seconds": seconds,
                "facts": facts,
            }
    print_table(
        "uploads (seconds)",
        ["KB", "plain text", "price list", "facts", "second list, same context"],
        rows,
    )
    if args.csv_rows:
        csv = results["csv"]
        print_table(
            "catalogue CSV upload",
            ["rows", "MB", "seconds", "facts"],
            [[csv["rows"], round(csv["bytes"] / 1e6, 2), csv["seconds"], csv["facts"]]],
        )
    write_json("bench_uploads", results)


if __name__ == "__main__":
    main()
