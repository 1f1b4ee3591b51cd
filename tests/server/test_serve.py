"""``engramdb serve`` starts the API, prints the management key once, and serves with it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import httpx


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(data, port):
    env = {**os.environ, "ENGRAMDB_EMBEDDER": "hashing", "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "engramdb", "serve", "--port", str(port), "--data-dir", str(data)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )


def _wait(url: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/v1/health", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise AssertionError("the server did not come up")


def test_serve_bootstraps_a_key_once_and_answers(tmp_path):
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    proc = _start(tmp_path / "data", port)
    try:
        _wait(url)
        token = None
        assert proc.stdout is not None
        for _ in range(20):
            line = proc.stdout.readline().strip()
            if line.startswith("egdb_"):
                token = line
                break
        assert token, "the management key was not printed"
        me = httpx.get(url + "/api/v1/me", headers={"Authorization": f"Bearer {token}"})
        assert me.status_code == 200 and me.json()["principal"]["name"] == "management"
    finally:
        proc.terminate()
        out = proc.communicate(timeout=20)[0]
    # a second run prints no key
    port = _free_port()
    proc = _start(tmp_path / "data", port)
    try:
        _wait(f"http://127.0.0.1:{port}")
    finally:
        proc.terminate()
        out = proc.communicate(timeout=20)[0]
    assert "egdb_" not in out
