"""HTTP load on loopback: concurrent clients recalling from a context of 100,000 memories.

The server runs in its own process (uvicorn, one worker), as in production; the clients are
threads of this process with httpx. The context is filled in bulk: conversation turns written
to ``knowledge.db`` and to the engine in batches (the same rows ``Memory.remember`` writes, minus
fact extraction, which would take minutes and does not change how recall runs). Then
``--clients`` threads send ``POST /api/v1/{context}/query`` for ``--seconds`` (or until
``--requests``), and the script reports p50/p95/p99 latency and requests per second, next to
the same queries made in-process on the same store (``Memory.query``) as the reference.

    python benchmarks/bench_server.py [--memories 100000] [--clients 16] [--seconds 20]
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import httpx
from _common import Scratch, machine_info, median, now, pct, print_table, short_texts, write_json

from engramdb import Memory, MemoryInput

CONTEXT = "bench"
SCOPES = [f"org/acme/user/u{i}" for i in range(50)]


def fill(path, n: int) -> None:
    """n turns in 50 user scopes, sessions of 20, written in bulk."""
    with Memory.open(path) as mem:
        texts = short_texts(n, seed=11)
        t0 = 1_700_000_000_000
        for start in range(0, n, 10_000):
            rows, items = [], []
            for i in range(start, min(n, start + 10_000)):
                tid = f"turn-{uuid.UUID(int=i + 1).hex}"
                scope = SCOPES[i % len(SCOPES)]
                session = f"s{i // 20}"
                ts = t0 + i * 60_000
                rows.append((tid, session, i % 20 + 1, "user", texts[i], scope, ts, ts))
                items.append(
                    MemoryInput(
                        text=texts[i],
                        id=tid,
                        tier="episodic",
                        scope=scope,
                        session_id=session,
                        timestamp_ms=ts,
                        meta={"kind": "turn", "role": "user"},
                    )
                )
            with mem._store.lock, mem._store.transaction():  # (the writer's connection)
                mem.db.executemany(
                    "INSERT INTO turns(id, session_id, seq, role, text, scope, observed_ms, "
                    "created_ms, memory_written) VALUES(?,?,?,?,?,?,?,?,1)",
                    rows,
                )
            mem.engine.remember_many(items)


def serve(data, port: int, workers: int | None = None) -> tuple[subprocess.Popen, str]:
    """``engramdb serve`` on ``data`` in its own process: (the process, its management key),
    once it answers. Its log is read away meanwhile (a full pipe would stall the server)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "engramdb", "serve", "--port", str(port), "--data-dir", str(data)]
        + (["--workers", str(workers)] if workers else []),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    deadline = time.monotonic() + 60
    key = Path(data) / "bootstrap-key"  # (the first run writes it there, mode 0600)
    while not (key.exists() and key.read_text().strip()) and time.monotonic() < deadline:
        time.sleep(0.05)
    token = key.read_text().strip()
    assert token, "no management key written"
    threading.Thread(target=proc.stdout.read, daemon=True).start()
    url = f"http://127.0.0.1:{port}"
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/v1/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    return proc, token


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--memories", type=int, default=100_000)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--requests", type=int, default=20_000)
    ap.add_argument(
        "--workers", type=int, default=None, help="server processes (default: the server's)"
    )
    args = ap.parse_args()
    with Scratch("server-") as scratch:
        data = scratch.sub("data")
        ctx_dir = data / "contexts" / CONTEXT
        ctx_dir.mkdir(parents=True)
        t = now()
        fill(ctx_dir, args.memories)
        print(f"filled {args.memories:,} memories in {now() - t:.1f} s", flush=True)
        queries = [q for q in short_texts(500, seed=99)]
        # in-process reference on the same store
        with Memory.open(ctx_dir) as mem:
            for q in queries[:5]:
                mem.query(q, lens=[SCOPES[0]], k=10)
            ref = []
            for q in queries[:200]:
                s = now()
                mem.query(q, lens=[SCOPES[0]], k=10)
                ref.append((now() - s) * 1e3)
        port = free_port()
        proc, token = serve(data, port, args.workers)
        try:
            url = f"http://127.0.0.1:{port}"
            headers = {"Authorization": f"Bearer {token}"}
            lat: list[float] = []
            spans: list[tuple[float, float]] = []
            errors = [0]
            stop = time.monotonic() + args.seconds
            lock = threading.Lock()
            count = [0]

            def client(seed: int) -> None:
                rng = random.Random(seed)
                with httpx.Client(base_url=url, headers=headers, timeout=30) as c:
                    c.post(f"/api/v1/{CONTEXT}/query", json={"query": "warm up", "k": 10})
                    while time.monotonic() < stop:
                        with lock:
                            if count[0] >= args.requests:
                                return
                            count[0] += 1
                        body = {
                            "query": rng.choice(queries),
                            "k": 10,
                            "lens": [rng.choice(SCOPES)],
                        }
                        s = now()
                        r = c.post(f"/api/v1/{CONTEXT}/query", json=body)
                        e = now()
                        ms = (e - s) * 1e3
                        with lock:
                            spans.append((s, e))
                            if r.status_code == 200:
                                lat.append(ms)
                            else:
                                errors[0] += 1

            started = now()
            threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            wall = now() - started
            # throughput over the measured requests only (not thread start-up and warm-up)
            busy = max(e for _, e in spans) - min(b for b, _ in spans) if spans else wall
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    result = {
        "machine": machine_info(),
        "memories": args.memories,
        "clients": args.clients,
        "requests": len(lat),
        "errors": errors[0],
        "seconds": wall,
        "measured_seconds": busy,
        "rps": len(lat) / busy,
        "workers": args.workers or max(1, min(8, os.cpu_count() or 1)),
        "p50_ms": median(lat),
        "p95_ms": pct(lat, 95),
        "p99_ms": pct(lat, 99),
        "in_process_p50_ms": median(ref),
        "in_process_p95_ms": pct(ref, 95),
    }
    print_table(
        f"HTTP recall on loopback, {args.memories:,} memories, {args.clients} clients",
        ["requests", "errors", "req/s", "p50 ms", "p95 ms", "p99 ms", "in-process p50 ms"],
        [
            [
                result["requests"],
                result["errors"],
                result["rps"],
                result["p50_ms"],
                result["p95_ms"],
                result["p99_ms"],
                result["in_process_p50_ms"],
            ]
        ],
    )
    write_json("bench_server", result)


if __name__ == "__main__":
    main()
