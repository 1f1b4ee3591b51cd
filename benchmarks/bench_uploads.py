"""Upload cost against document size: a Markdown price list ("Widget 3-7 costs $N and ships
within D days.", one line per item) of 150 KB and 750 KB in a fresh context, then a second
150 KB list into the context that already holds the first (the case that used to take over
ten minutes). Linear cost means the 750 KB list takes about five times the 150 KB one; the
reference is a plain-text document of the same size and no values (chunking and embedding
only), uploaded in the same process.

    python benchmarks/bench_uploads.py [--sizes 150,750]
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


def timed_upload(mem: Memory, data: bytes, name: str) -> tuple[float, int]:
    start = now()
    r = mem.upload(data, name=name, scope="org/acme")
    return now() - start, r.facts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="150,750")
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
    print_table(
        "uploads (seconds)",
        ["KB", "plain text", "price list", "facts", "second list, same context"],
        rows,
    )
    write_json("bench_uploads", results)


if __name__ == "__main__":
    main()
