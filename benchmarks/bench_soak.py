"""Soak: a real server under a steady mix of reads and writes, watched for errors, latency drift
and memory growth (the server's processes together).

A server (``engramdb serve``, its own process) holds one context of ``--memories`` turns and a
small policy. ``--clients`` threads send, for ``--minutes``, 90 % queries and 10 % writes (turns,
and one small document upload job in five writes). Reported per minute: requests, errors, p50
and p99; and the server's resident memory (``VmRSS``) after the warm-up minute and at the end
(issue 15's target: 0 errors, growth at most 10 % after warm-up, p99 steady).

    python benchmarks/bench_soak.py [--minutes 10] [--clients 16] [--memories 10000]
"""

from __future__ import annotations

import argparse
import os
import random
import threading
import time

import httpx
from _common import Scratch, machine_info, median, now, pct, print_table, short_texts, write_json
from bench_server import CONTEXT, SCOPES, fill, free_port, serve

POLICY = b"# Returns\n\nReturns are accepted within 30 days of delivery.\n"


def rss_mib(pid: int) -> float:
    """Resident memory of the server: the process and its reading workers (its children)."""
    total = 0.0
    for p in [pid, *_children(pid)]:
        try:
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) / 1024
        except OSError:
            pass
    return total or float("nan")


def _children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--memories", type=int, default=10_000)
    args = ap.parse_args()
    queries = short_texts(500, seed=21)
    with Scratch("soak-") as scratch:
        data = scratch.sub("data")
        ctx_dir = data / "contexts" / CONTEXT
        ctx_dir.mkdir(parents=True)
        fill(ctx_dir, args.memories)
        port = free_port()
        proc, token = serve(data, port)
        url = f"http://127.0.0.1:{port}"
        headers = {"Authorization": f"Bearer {token}"}
        samples: list[tuple[float, str, float, bool]] = []  # (t, kind, ms, ok)
        rss: list[tuple[float, float]] = []
        lock = threading.Lock()
        start = time.monotonic()
        stop = start + args.minutes * 60

        def client(seed: int) -> None:
            rng = random.Random(seed)
            n = 0
            with httpx.Client(base_url=url, headers=headers, timeout=60) as c:
                while time.monotonic() < stop:
                    n += 1
                    roll = rng.random()
                    s = now()
                    if roll < 0.9:
                        kind = "query"
                        r = c.post(
                            f"/api/v1/{CONTEXT}/query",
                            json={
                                "query": rng.choice(queries),
                                "k": 10,
                                "lens": [rng.choice(SCOPES)],
                            },
                        )
                    elif roll < 0.98:
                        kind = "turn"
                        r = c.post(
                            f"/api/v1/{CONTEXT}/facts",
                            json={
                                "scope": rng.choice(SCOPES),
                                "session_id": f"soak{seed}",
                                "text": f"I keep soak marker {seed}-{n} in box {n % 7}.",
                            },
                        )
                    else:
                        kind = "upload"
                        doc = (
                            f"# Note {seed}-{n}\n\nThe soak item {seed}-{n} costs ${n % 90 + 5}.\n"
                        )
                        r = c.post(
                            f"/api/v1/{CONTEXT}/documents",
                            files={"file": (f"soak-{seed}-{n}.md", doc.encode(), "text/markdown")},
                            data={"scope": "org/acme"},
                        )
                    ms = (now() - s) * 1e3
                    with lock:
                        samples.append((time.monotonic() - start, kind, ms, r.status_code < 400))

        def watch() -> None:
            while time.monotonic() < stop:
                rss.append((time.monotonic() - start, rss_mib(proc.pid)))
                time.sleep(5)

        try:
            with httpx.Client(base_url=url, headers=headers, timeout=60) as c:
                r = c.post(
                    f"/api/v1/{CONTEXT}/documents?wait=true",
                    files={"file": ("policy.md", POLICY, "text/markdown")},
                    data={"scope": "org/acme"},
                )
                assert r.status_code == 201, r.text
            threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
            threads.append(threading.Thread(target=watch))
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            rss.append((time.monotonic() - start, rss_mib(proc.pid)))
        finally:
            proc.terminate()
            proc.wait(timeout=60)
    minutes = int(args.minutes + 0.999)
    rows, per_minute = [], []
    for m in range(minutes):
        part = [x for x in samples if m * 60 <= x[0] < (m + 1) * 60]
        lat = [x[2] for x in part if x[1] == "query" and x[3]]
        errors = sum(1 for x in part if not x[3])
        row = {
            "minute": m + 1,
            "requests": len(part),
            "errors": errors,
            "query_p50_ms": median(lat),
            "query_p99_ms": pct(lat, 99),
        }
        per_minute.append(row)
        rows.append([m + 1, len(part), errors, row["query_p50_ms"], row["query_p99_ms"]])
    warm = next((v for t, v in rss if t >= 60), rss[0][1] if rss else float("nan"))
    end = rss[-1][1] if rss else float("nan")
    result = {
        "machine": machine_info(),
        "clients": args.clients,
        "memories": args.memories,
        "minutes": args.minutes,
        "requests": len(samples),
        "errors": sum(1 for x in samples if not x[3]),
        "by_kind": {k: sum(1 for x in samples if x[1] == k) for k in ("query", "turn", "upload")},
        "rss_after_warmup_mib": warm,
        "rss_end_mib": end,
        "rss_growth": (end - warm) / warm if warm == warm and warm else None,
        "per_minute": per_minute,
    }
    print_table(
        f"soak: {args.clients} clients, 90 % queries / 10 % writes, {args.minutes:g} min; server "
        f"RSS {warm:.0f} MiB after the warm-up minute, {end:.0f} MiB at the end "
        f"({100 * (result['rss_growth'] or 0):+.1f} %)",
        ["minute", "requests", "errors", "query p50 ms", "query p99 ms"],
        rows,
    )
    write_json("bench_soak", result)


if __name__ == "__main__":
    main()
