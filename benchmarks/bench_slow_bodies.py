"""Slow bodies against the worker proxy, at the shipped settings: ``--slow`` connections of
one agent key each send a request head and then one byte every ``--every`` seconds (the
attack of issue item 4 used 700, a byte every 5 s), while another agent's key sends a
forwarded request (``GET /api/v1/me``) on a new connection every second. Reports how long
the other key's requests took and what the slow connections were answered.

    python benchmarks/bench_slow_bodies.py [--slow 600] [--every 5] [--seconds 40]

Run it with ``PYTHONPATH=<a tree>/src`` to compare two versions of the server.
"""

from __future__ import annotations

import argparse
import collections
import socket
import tempfile
import threading
import time
from pathlib import Path

import httpx
from bench_big_bodies import _free_port, _serve

WRITE = {"memory:read": ["org/acme/user/*"], "memory:write": ["org/acme/user/*"]}


def _key(c: httpx.Client, name: str) -> str:
    p = c.post(
        "/api/v1/principals",
        json={"name": name, "kind": "agent", "contexts": ["shop"], "grants": WRITE},
    ).json()
    return c.post("/api/v1/keys", json={"principalId": p["id"], "label": name}).json()["token"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--slow", type=int, default=600)
    ap.add_argument("--every", type=float, default=5.0)
    ap.add_argument("--seconds", type=float, default=40.0)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        proc, admin = _serve(Path(tmp) / "data", port)
        url = f"http://127.0.0.1:{port}"
        try:
            with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {admin}"}) as c:
                assert c.post("/api/v1/contexts", json={"name": "shop"}).status_code == 201
                mallory, alice = _key(c, "mallory"), _key(c, "alice")
            head = (
                "POST /api/v1/shop/facts HTTP/1.1\r\nHost: x\r\n"
                f"Authorization: Bearer {mallory}\r\nContent-Type: application/json\r\n"
                "Content-Length: 100000\r\n\r\n{"
            ).encode()
            socks = []
            for _ in range(args.slow):
                s = socket.create_connection(("127.0.0.1", port))
                s.sendall(head)
                s.setblocking(False)
                socks.append(s)
            answers: collections.Counter[str] = collections.Counter()
            open_ = set(range(len(socks)))
            stop = time.monotonic() + args.seconds

            def trickle() -> None:
                while time.monotonic() < stop:
                    for i in list(open_):
                        try:
                            data = socks[i].recv(4096)
                            answers[data.split(b" ", 2)[1].decode() if data else "closed"] += 1
                            open_.discard(i)
                            continue
                        except BlockingIOError:
                            pass
                        except OSError:
                            answers["reset"] += 1
                            open_.discard(i)
                            continue
                        try:
                            socks[i].send(b" ")
                        except OSError:
                            answers["reset"] += 1
                            open_.discard(i)
                    time.sleep(args.every)

            t = threading.Thread(target=trickle, daemon=True)
            t.start()
            time.sleep(2.0)
            took = []
            while time.monotonic() < stop:
                start = time.monotonic()
                try:
                    r = httpx.get(
                        url + "/api/v1/me",
                        headers={"Authorization": f"Bearer {alice}"},
                        timeout=15,
                    )
                    took.append((r.status_code, time.monotonic() - start))
                except httpx.TimeoutException:
                    took.append(("timeout", time.monotonic() - start))
                time.sleep(1.0)
            t.join()
            codes = collections.Counter(code for code, _ in took)
            worst = max(s for _, s in took)
            print(
                f"{args.slow} slow connections, a byte every {args.every:g} s, {args.seconds:g} s: "
                f"the other key's GET /me: {dict(codes)}, slowest {worst:.1f} s; the slow "
                f"ones answered {dict(answers)}, {len(open_)} still open"
            )
            for s in socks:
                s.close()
        finally:
            proc.terminate()
            proc.wait(timeout=60)


if __name__ == "__main__":
    main()
