"""Queries while an upload job runs: does a 150 KB upload slow the reads of its own context?

A real server (``engramdb serve``, its own process) holds one context of ``--memories`` turns
and a small policy. ``--clients`` threads send ``POST /api/v1/{context}/query`` for
``--seconds`` with nothing else running (idle), then again while a 150 KB Markdown price list
(3,000 lines, ~6,000 facts) is uploaded to the same context as a background job, until the job
is done, and for ``--seconds`` after it (the writer is still encoding the upload's statements
for the rerank then, below the requests' priority). Reported: p50/p99 of each phase and their
ratio to idle (the target is p99 within 2x of idle while the job runs), how long the upload
request took to be answered (202) and the job to finish.

    python benchmarks/bench_jobs.py [--memories 10000] [--clients 4] [--seconds 10]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import threading
import time

import httpx
from _common import Scratch, machine_info, median, now, pct, print_table, short_texts, write_json
from bench_server import CONTEXT, SCOPES, fill, free_port, serve
from bench_uploads import price_list

POLICY = b"# Returns\n\nReturns are accepted within 30 days of delivery.\n"


def load(url: str, headers: dict, clients: int, until, queries: list[str]) -> tuple[list, int]:
    """Latencies (ms) of queries sent by ``clients`` threads while ``until()`` is false."""
    lat: list[float] = []
    errors = [0]
    lock = threading.Lock()

    def client(seed: int) -> None:
        rng = random.Random(seed)
        with httpx.Client(base_url=url, headers=headers, timeout=60) as c:
            while not until():
                body = {"query": rng.choice(queries), "k": 10, "lens": [rng.choice(SCOPES)]}
                s = now()
                r = c.post(f"/api/v1/{CONTEXT}/query", json=body)
                ms = (now() - s) * 1e3
                with lock:
                    if r.status_code == 200:
                        lat.append(ms)
                    else:
                        errors[0] += 1

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return lat, errors[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--memories", type=int, default=10_000)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--kb", type=int, default=150)
    args = ap.parse_args()
    doc = price_list(args.kb, 7)
    with Scratch("jobs-") as scratch:
        data = scratch.sub("data")
        ctx_dir = data / "contexts" / CONTEXT
        ctx_dir.mkdir(parents=True)
        fill(ctx_dir, args.memories)
        queries = short_texts(300, seed=5)
        port = free_port()
        proc, token = serve(data, port)
        try:
            url = f"http://127.0.0.1:{port}"
            headers = {"Authorization": f"Bearer {token}"}
            with httpx.Client(base_url=url, headers=headers, timeout=60) as c:
                r = c.post(
                    f"/api/v1/{CONTEXT}/documents?wait=true",
                    files={"file": ("policy.md", POLICY, "text/markdown")},
                    data={"scope": "org/acme"},
                )
                assert r.status_code == 201, r.text
                for q in queries[:20]:  # warm-up: the scan kernel, caches
                    c.post(f"/api/v1/{CONTEXT}/query", json={"query": q, "k": 10})
                stop = time.monotonic() + args.seconds
                idle, idle_errors = load(
                    url, headers, args.clients, lambda: time.monotonic() > stop, queries
                )
                s = now()
                r = c.post(
                    f"/api/v1/{CONTEXT}/documents",
                    files={"file": ("prices.md", doc, "text/markdown")},
                    data={"scope": "org/acme"},
                )
                accepted_ms = (now() - s) * 1e3
                assert r.status_code == 202, r.text
                job_url = r.headers["Location"]
                state = {"job": r.json()}

                def finished() -> bool:
                    return state["job"]["state"] in ("done", "failed", "cancelled")

                def watch() -> None:
                    with httpx.Client(base_url=url, headers=headers, timeout=60) as w:
                        while not finished():
                            state["job"] = w.get(job_url).json()
                            time.sleep(0.05)

                watcher = threading.Thread(target=watch)
                watcher.start()
                busy, busy_errors = load(url, headers, args.clients, finished, queries)
                watcher.join()
                job_s = now() - s
                job = state["job"]
                # the writer still encodes the upload's statements for the rerank, below the
                # requests' priority: the queries right after the job see what that costs
                stop = time.monotonic() + args.seconds
                after, after_errors = load(
                    url, headers, args.clients, lambda: time.monotonic() > stop, queries
                )
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
        "upload_kb": len(doc) // 1024,
        "job_state": job["state"],
        "job_facts": (job.get("result") or {}).get("facts"),
        "upload_accepted_ms": accepted_ms,
        "job_seconds": job_s,
        "idle": {
            "requests": len(idle),
            "errors": idle_errors,
            "p50_ms": median(idle),
            "p99_ms": pct(idle, 99),
        },
        "during_job": {
            "requests": len(busy),
            "errors": busy_errors,
            "p50_ms": median(busy),
            "p99_ms": pct(busy, 99),
        },
    }
    result["after_job"] = {
        "requests": len(after),
        "errors": after_errors,
        "p50_ms": median(after),
        "p99_ms": pct(after, 99),
    }
    result["p99_ratio"] = result["during_job"]["p99_ms"] / result["idle"]["p99_ms"]
    result["after_p99_ratio"] = result["after_job"]["p99_ms"] / result["idle"]["p99_ms"]
    result["p50_ratio"] = result["during_job"]["p50_ms"] / result["idle"]["p50_ms"]
    print_table(
        f"queries to one context ({args.memories:,} memories, {args.clients} clients) idle and "
        f"while a {len(doc) // 1024} KB upload job runs there ({job['state']}, "
        f"{result['job_facts']} facts, {job_s:.1f} s; the upload answered 202 in "
        f"{accepted_ms:.0f} ms)",
        ["phase", "requests", "errors", "p50 ms", "p99 ms"],
        [
            ["idle", len(idle), idle_errors, median(idle), pct(idle, 99)],
            ["during the job", len(busy), busy_errors, median(busy), pct(busy, 99)],
            ["ratio", "", "", result["p50_ratio"], result["p99_ratio"]],
            [
                f"{args.seconds:g} s after it",
                len(after),
                after_errors,
                median(after),
                pct(after, 99),
            ],
            ["ratio after", "", "", median(after) / median(idle), result["after_p99_ratio"]],
        ],
    )
    write_json("bench_jobs", result)


if __name__ == "__main__":
    main()
