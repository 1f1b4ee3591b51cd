"""A writer that the durability tests kill -9 at a random moment.

Prints ``B <ids>`` before each batch, ``A <ids>`` once it is acknowledged, ``G <id>`` before a
forget and ``F <id>`` once it is acknowledged. Texts are a pure function of the id, so the parent
can check them.
"""

from __future__ import annotations

import os
import random
import sys
import zlib

from engramdb import Engine, EngineConfig

_WORDS = [
    "amber",
    "birch",
    "cobalt",
    "delta",
    "ember",
    "fjord",
    "garnet",
    "harbor",
    "indigo",
    "juniper",
    "kelp",
    "lumen",
]


def text_for(mid: str) -> str:
    h = zlib.crc32(mid.encode())
    words = " ".join(_WORDS[(h >> (4 * i)) % len(_WORDS)] for i in range(4))
    return f"crash test memory {mid} about {words}"


def main(path: str, seed: int, stop_after: int | None = None, checkpoint: int = 96 << 10) -> None:
    rng = random.Random(seed)
    config = EngineConfig(segment_capacity=256, checkpoint_bytes=checkpoint)
    eng = Engine.open(path, embedder="hashing", config=config)
    acked: list[str] = []
    n = 0
    while stop_after is None or n < stop_after:
        size = rng.choice([1, 1, 2, 5, 20, 70])
        ids = [f"s{seed}x{n + i}" for i in range(size)]
        n += size
        print("B", *ids, flush=True)
        eng.remember_many([{"text": text_for(i), "id": i, "session_id": f"s{seed}"} for i in ids])
        print("A", *ids, flush=True)
        acked.extend(ids)
        if acked and rng.random() < 0.1:
            victim = rng.choice(acked)
            print("G", victim, flush=True)
            if eng.forget(victim):
                print("F", victim, flush=True)
    os._exit(0)  # leave without closing: no final checkpoint


if __name__ == "__main__":
    main(
        sys.argv[1],
        int(sys.argv[2]),
        int(sys.argv[3]) if len(sys.argv) > 3 else None,
        int(sys.argv[4]) if len(sys.argv) > 4 else 96 << 10,
    )
