"""Large JSON bodies at once: how much memory they add to the writer process.

``engramdb serve`` (a writer and two reading workers, as shipped) runs in its own process;
``--bodies`` threads each send one JSON body of ``--mib`` MiB (a batch of many tiny items, the
shape that costs most once parsed) to ``POST /api/v1/{context}/facts/batch`` and to
``POST /api/v1/{context}/query`` (answered by a reading worker) with a read-only agent key,
all at once. The script reports each answer's status and the peak resident memory
(``VmHWM``) the writer and the workers gained.

    python benchmarks/bench_big_bodies.py [--bodies 10] [--mib 16]

Run it with ``PYTHONPATH=<a tree>/src`` to compare two versions of the server.
"""

from __future__ import annotations

import argparse
import collections
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

SCOPE = "org/acme/user/u1"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _peak_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def _workers(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def _serve(data: Path, port: int) -> tuple[subprocess.Popen, str]:
    env = {
        **os.environ,
        "ENGRAMDB_EMBEDDER": "hashing",
        "ENGRAMDB_ARGON2_TIME_COST": "1",
        "ENGRAMDB_ARGON2_MEMORY_COST": "8192",
        "PYTHONUNBUFFERED": "1",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "engramdb", "serve", "--port", str(port), "--data-dir", str(data)]
        + ["--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    token = None
    deadline = time.monotonic() + 120
    assert proc.stdout is not None
    while token is None and time.monotonic() < deadline:
        line = proc.stdout.readline().strip()
        if line.startswith("egdb_"):  # (a server from before 2026-12-06 printed it)
            token = line
        elif line.endswith("bootstrap-key"):
            token = Path(line).read_text().strip()
    assert token, "no management key"
    threading.Thread(target=proc.stdout.read, daemon=True).start()
    url = f"http://127.0.0.1:{port}"
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/v1/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    return proc, token


def _body(route: str, size: int, shape: str) -> bytes:
    """``size`` bytes of JSON for ``route``: a list of ``shape`` items (``[]``: an empty list
    each, 3 bytes that parse into about 64 of Python object; ``text``: real fact items)."""
    if shape == "text":
        item = b'{"text":"x","scope":"' + SCOPE.encode() + b'"},'
    else:
        item = shape.encode() + b","
    if route == "facts/batch":
        head, tail = b'{"items":[', item[:-1] + b"]}"
    else:
        head, tail = b'{"query":"x","lens":["' + SCOPE.encode() + b'"],"tags":[', item[:-1] + b"]}"
    n = (size - len(head) - len(tail)) // len(item)
    return head + item * n + tail


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bodies", type=int, default=10)
    ap.add_argument("--mib", type=float, default=16.0)
    ap.add_argument("--shape", default="[]", help="each item of the list: '[]', '{}' or text")
    args = ap.parse_args()
    size = int(args.mib * 1024 * 1024) - 4096
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        proc, admin = _serve(Path(tmp) / "data", port)
        url = f"http://127.0.0.1:{port}"
        try:
            with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {admin}"}) as c:
                assert c.post("/api/v1/contexts", json={"name": "shop"}).status_code == 201
                p = c.post(
                    "/api/v1/principals",
                    json={
                        "name": "reader",
                        "kind": "agent",
                        "contexts": ["shop"],
                        "grants": {"memory:read": ["org/acme/user/*"]},
                    },
                ).json()
                key = c.post("/api/v1/keys", json={"principalId": p["id"], "label": "r"}).json()
            token = key["token"]  # (reads only: a batch write is not its to make)
            for route in ("facts/batch", "query"):
                body = _body(route, size, args.shape)
                before = _peak_kib(proc.pid)
                readers = {p: _peak_kib(p) for p in _workers(proc.pid)}
                codes: collections.Counter[int] = collections.Counter()
                started = time.perf_counter()

                def send(body=body, route=route, codes=codes) -> None:
                    try:
                        r = httpx.post(
                            f"{url}/api/v1/shop/{route}",
                            content=body,
                            headers={
                                "Authorization": f"Bearer {token}",
                                "Content-Type": "application/json",
                            },
                            timeout=300,
                        )
                        codes[r.status_code] += 1
                    except httpx.HTTPError as exc:
                        codes[type(exc).__name__] += 1  # type: ignore[index]

                threads = [threading.Thread(target=send) for _ in range(args.bodies)]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                took = time.perf_counter() - started
                after = _peak_kib(proc.pid)
                grew = max((_peak_kib(p) - kib for p, kib in readers.items()), default=0)
                print(
                    f"{args.bodies} x {len(body) / 2**20:.1f} MiB of {args.shape!r} items to "
                    f"/{route}: answers "
                    f"{dict(codes)} in {took:.1f} s; writer peak RSS {before / 1024:.0f} -> "
                    f"{after / 1024:.0f} MiB (+{(after - before) / 1024:.0f} MiB); a reading "
                    f"worker's peak +{grew / 1024:.0f} MiB"
                )
        finally:
            proc.terminate()
            proc.wait(timeout=60)


if __name__ == "__main__":
    main()
