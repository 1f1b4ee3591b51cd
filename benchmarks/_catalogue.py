"""A product catalogue as a business would upload it: a CSV price list of ``rows`` rows (sku,
name, category, price, stock, weight; about 50 bytes a row, so 55,000 rows are about 2.7 MB).
Names are varied ("Flex 30 Drill", "Astra 7 Kettle") and many share words, as real ranges do.
Shared by the catalogue benchmarks."""

from __future__ import annotations

import random

BRANDS = (
    "Flex Turbo Nova Aero Diavola Titan Micro Ultra Eco Prime Swift Astra Bolt Vega Orion "
    "Harbor Onyx Zenith Ember Cobalt"
).split()
PRODUCTS = "Drill Oven Kettle Saw Lamp Chair Blender Router Heater Fan Desk Sander".split()
CATEGORIES = "tools kitchen garden office lighting".split()


def catalogue_csv(rows: int, seed: int = 1) -> tuple[bytes, list[tuple[str, str, str]]]:
    """The CSV's bytes and each row's (sku, name, price), in file order."""
    rng = random.Random(seed)
    lines = ["sku,name,category,price,stock,weight"]
    out = []
    for i in range(rows):
        name = f"{rng.choice(BRANDS)} {i % 97 + 1} {rng.choice(PRODUCTS)}"
        price = f"£{rng.randint(5, 900)}.{rng.randint(0, 99):02d}"
        sku = f"SK-{i:06d}"
        lines.append(
            f"{sku},{name},{rng.choice(CATEGORIES)},{price},{rng.randint(0, 500)},"
            f"{rng.randint(1, 90) / 10} kg"
        )
        out.append((sku, name, price))
    return ("\n".join(lines) + "\n").encode(), out


def probes(rows: list[tuple[str, str, str]], n: int, seed: int = 2) -> list[tuple[str, str, str]]:
    """``n`` rows spread over the file whose names no other row has (a question about them has
    one right answer)."""
    counts: dict[str, int] = {}
    for _, name, _ in rows:
        counts[name] = counts.get(name, 0) + 1
    unique = [r for r in rows if counts[r[1]] == 1] or rows
    rng = random.Random(seed)
    return rng.sample(unique, min(n, len(unique)))
