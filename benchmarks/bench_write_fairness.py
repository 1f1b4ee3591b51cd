"""A one-line write's latency while a heavy batch writes to the same context (security issue,
item 3), and another context's write and query while five heavy batches wait for the first.

A real server on loopback (uvicorn in a thread, the hashing embedder, the default 4 request
threads). Each run: a batch of ``--items`` turns of ``--kib`` KiB each; after ``--delay`` s
a one-line write to the same context; the figure is the median over ``--runs`` runs.

Standalone (no ``_common``): run it with the code to measure on ``PYTHONPATH``, e.g. before
and after a change::

    PYTHONPATH=/path/to/old/src python benchmarks/bench_write_fairness.py
    PYTHONPATH=$PWD/src python benchmarks/bench_write_fairness.py
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn

from engramdb.server.app import create_app
from engramdb.server.config import ServerConfig

SCOPE = "org/acme/user/u1"


def _text(i: int, size: int) -> str:
    parts, n, k = [f"I live in Leeds {i}. "], 0, 0
    while n < size:
        s = f"The note {i} {k} mentions clouds over the hills and a light breeze at noon. "
        parts.append(s)
        n += len(s)
        k += 1
    return "".join(parts)[:size]


def _serve(data: Path):
    app = create_app(
        ServerConfig(data_dir=data, embedder="hashing", argon2_time_cost=1, argon2_memory_cost=8192)
    )
    admin = app.state.auth.bootstrap()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    return server, thread, f"http://127.0.0.1:{port}", admin


def _post(base: str, token: str, path: str, body: dict, out: dict, name: str) -> None:
    with httpx.Client(
        base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=900
    ) as c:
        t = time.monotonic()
        r = c.post(path, json=body)
        out[name] = (r.status_code, time.monotonic() - t, time.monotonic())


def one_run(args, run: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        server, thread, base, admin = _serve(Path(tmp))
        try:
            with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {admin}"}) as c:
                for name in ("busy", "calm"):
                    assert c.post("/api/v1/contexts", json={"name": name}).status_code == 201
            items = [
                {"text": _text(run * 1000 + i, args.kib * 1024), "scope": SCOPE}
                for i in range(args.items)
            ]
            out: dict[str, tuple] = {}
            heavy = [
                threading.Thread(
                    target=_post,
                    args=(base, admin, "/api/v1/busy/facts/batch", {"items": items}, out, f"b{b}"),
                )
                for b in range(args.batches)
            ]
            for t in heavy:
                t.start()
            time.sleep(args.delay)
            line = {"text": "I live in Bath.", "scope": SCOPE}
            _post(base, admin, "/api/v1/calm/facts", line, out, "other_write")
            _post(base, admin, "/api/v1/calm/query", {"query": "where?"}, out, "other_read")
            _post(base, admin, "/api/v1/busy/facts", line, out, "same")
            for t in heavy:
                t.join()
            batch = [out[f"b{b}"] for b in range(args.batches)]
            assert all(s in (201, 503) for s, _, _ in batch), batch
            return {
                "same_context_write_s": out["same"][1],
                "other_context_write_s": out["other_write"][1],
                "other_context_read_s": out["other_read"][1],
                "batch_s": max(d for _, d, _ in batch),
            }
        finally:
            server.should_exit = True
            thread.join(30)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--items", type=int, default=12)
    p.add_argument("--kib", type=int, default=64)
    p.add_argument("--batches", type=int, default=1, help="heavy batches at once")
    p.add_argument("--delay", type=float, default=1.0)
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args()
    import engramdb

    print(f"code: {engramdb.__file__}", file=sys.stderr)
    runs = [one_run(args, r) for r in range(args.runs)]
    for key in runs[0]:
        xs = sorted(r[key] for r in runs)
        each = ", ".join(f"{x:.2f}" for x in xs)
        print(f"{key:24s} median {statistics.median(xs):7.2f} s  (runs: {each})")


if __name__ == "__main__":
    main()
