"""Markdown price lists for the upload-job tests: long enough to watch a job run (about a
second per 1,000 lines here), the same bytes for a given length and seed."""

from __future__ import annotations

import random


def price_list(lines: int, seed: int = 7) -> bytes:
    rng = random.Random(seed)
    rows = [
        f"- Widget {i // 10}-{i % 10} costs ${rng.randint(5, 900)} and ships within "
        f"{rng.randint(1, 14)} days."
        for i in range(lines)
    ]
    return ("# Price list\n\n" + "\n".join(rows)).encode()
