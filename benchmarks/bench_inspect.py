"""What the dashboard's reads cost in process: a page of every row, one row in detail, the
overview, the entity graph, at a store size.

The store of ``bench_server.py`` (``--memories`` turns in 50 user scopes, written in bulk),
plus one fact per turn read from it (a person's ``lives_in`` one of 500 cities, so the graph
has hubs), written in bulk to the knowledge tables. Each call runs ``--repeat`` times; the
reference in the same process is ``Memory.memories`` (one page of live turns, an indexed
LIMIT). Writes ``benchmarks/results/bench_inspect.json``.

    python benchmarks/bench_inspect.py [--memories 100000]
"""

from __future__ import annotations

import argparse

from _common import Scratch, machine_info, median, now, pct, print_table, write_json
from bench_server import SCOPES, fill

from engramdb import Memory


def add_facts(mem: Memory, n: int) -> None:
    """One ``lives_in`` fact per turn, its source the turn, its object one of 500 cities."""
    with mem._store.lock, mem._store.transaction():
        db = mem.db  # (the writer's connection, inside the lock)
        turns = db.execute("SELECT id, scope, created_ms FROM turns ORDER BY created_ms").fetchall()
        db.executemany(
            "INSERT INTO entities(type, key, name, scope, category, created_ms) "
            "VALUES('person', ?, ?, ?, 'identity', 0)",
            [(s.rsplit("/", 1)[1], s.rsplit("/", 1)[1], s) for s in SCOPES],
        )
        db.executemany(
            "INSERT INTO entities(type, key, name, scope, category, created_ms) "
            "VALUES('location', ?, ?, ?, 'identity', 0)",
            [(f"city {c}", f"City {c}", s) for s in SCOPES for c in range(10)],
        )
        person = {s: i for i, s in db.execute("SELECT id, scope FROM entities WHERE type='person'")}
        city = {
            (k, s): i
            for i, k, s in db.execute("SELECT id, key, scope FROM entities WHERE type='location'")
        }
        for start in range(0, n, 10_000):
            part = turns[start : start + 10_000]
            first = db.execute("SELECT COALESCE(MAX(id), 0) FROM sources").fetchone()[0] + 1
            db.executemany(
                "INSERT INTO sources(id, kind, ref, trust, created_ms) "
                "VALUES(?, 'turn', ?, 0.6, ?)",
                [(first + j, tid, ts) for j, (tid, _, ts) in enumerate(part)],
            )
            db.executemany(
                "INSERT INTO facts(entity_id, key, key_phrase, value, value_kind, object_id, "
                "category, scope, source_id, authoritative, trust, confidence, importance, "
                "statement, known_ms) VALUES(?, 'lives_in', 'lives in', ?, 'entity', ?, "
                "'identity', ?, ?, 0, 0.6, 0.8, 1.0, ?, ?)",
                [
                    (
                        person[scope],
                        f"City {(start + j) % 10}",
                        city[(f"city {(start + j) % 10}", scope)],
                        scope,
                        first + j,
                        f"I live in City {(start + j) % 10}.",
                        ts,
                    )
                    for j, (_, scope, ts) in enumerate(part)
                ],
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--memories", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    with Scratch("inspect-") as scratch:
        path = scratch.sub("store")
        fill(path, args.memories)
        with Memory.open(path) as mem:
            add_facts(mem, args.memories)
            some_fact = str(mem.db.execute("SELECT MAX(id) FROM facts").fetchone()[0] // 2)
            some_turn = mem.db.execute("SELECT id FROM turns LIMIT 1 OFFSET 500").fetchone()[0]
            lens = [SCOPES[0]]
            cases = {
                "Memory.memories, a page (reference)": lambda: mem.memories(limit=25),
                "browse, first page": lambda: mem.browse(limit=25),
                "browse, one user's lens": lambda: mem.browse(lens=lens, limit=25),
                "browse, text filter": lambda: mem.browse(text="coffee", limit=25),
                "record, a fact": lambda: mem.record("fact", some_fact),
                "record, a turn": lambda: mem.record("turn", some_turn),
                "overview": lambda: mem.overview(),
                "graph, around one person": lambda: mem.graph("u0"),
                "graph, the busiest entities": lambda: mem.graph(),
                "graph_node, one person": lambda: mem.graph_node("person", "u0"),
            }
            rows, result = [], {"machine": machine_info(), "memories": args.memories}
            for name, fn in cases.items():
                fn()  # warm
                ms = []
                for _ in range(args.repeat):
                    t = now()
                    fn()
                    ms.append((now() - t) * 1e3)
                rows.append([name, f"{median(ms):.2f}", f"{pct(ms, 95):.2f}"])
                result[name] = {"p50_ms": median(ms), "p95_ms": pct(ms, 95)}
    print_table(
        f"Inspecting a store in process, {args.memories:,} turns + as many facts",
        ["call", "p50 ms", "p95 ms"],
        rows,
    )
    write_json("bench_inspect", result)


if __name__ == "__main__":
    main()
