"""A ``Memory`` writer that the crash trials kill -9 at a random moment.

It runs a random mix of turns, operator upserts, synchronous uploads, upload jobs (Markdown
price lists, and large tables written in batches) and forgets by id, and prints one line
before each call (``B kind ref``) and one once it is acknowledged (``A kind ref [id]``).
Texts are a pure function of the counter, so the parent knows what each acknowledged write
must have left behind.

    python memory_crash_child.py STORE SEED
"""

from __future__ import annotations

import random
import sys

from engramdb import Memory
from engramdb.language import parse

ORG = "org/acme"


def turn_text(i: int) -> str:
    return f"I keep marker zq{i} in drawer {i % 9}."


def doc_text(i: int, lines: int) -> bytes:
    rows = [f"- Gadget {i}-{j} costs ${(i * 7 + j) % 400 + 5}." for j in range(lines)]
    return (f"# Price list zq{i}\n\n" + "\n".join(rows)).encode()


def table_csv(i: int, rows: int) -> bytes:
    """A table of keys nothing else in the store has (3,000 cells): written in batches."""
    lines = ["code,label,aisle,bin_count"]
    lines += [f"ZQ{i}-{j},Part zq{i} {j},A{j % 40},{(i + j) % 90}" for j in range(rows)]
    return ("\n".join(lines) + "\n").encode()


def say(*parts: object) -> None:
    print(*parts, flush=True)


def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    mem = Memory.open(path, embedder="hashing")
    # the English model loads at a process's first parse (a second or more on a busy machine):
    # loaded first, a kill soon after the first line still falls among writes
    parse("warm")
    i = 0
    turns: list[str] = []
    while True:
        i += 1
        roll = rng.random()
        if roll < 0.55:
            say("B turn", i)
            r = mem.remember(turn_text(i), scope=f"{ORG}/user/u{i % 5}", session_id=f"s{i % 3}")
            turns.append(r.turn_id)
            say("A turn", i, r.turn_id)
        elif roll < 0.7:
            say("B upsert", i)
            triple = {"subject": f"Widget zq{i}", "type": "product", "key": "price"}
            mem.remember(triples=[{**triple, "value": f"${i}"}], scope=ORG)
            say("A upsert", i)
        elif roll < 0.8:
            say("B upload", i)
            mem.upload(doc_text(i, 20), scope=ORG, name=f"doc-{i}.md")
            say("A upload", i)
        elif roll < 0.9:
            say("B job", i)
            size = rng.choice([30, 300, 1500, 0])
            if size:
                job = mem.submit_upload(doc_text(i, size), scope=ORG, name=f"job-{i}.md")
            else:  # a large table, in batches
                job = mem.submit_upload(table_csv(i, 1500), scope=ORG, name=f"job-{i}.csv")
            say("A job", i, job.id)
        elif turns:
            victim = turns.pop(rng.randrange(len(turns)))
            say("B forget", i, victim)
            mem.forget(id=victim)
            say("A forget", i, victim)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
