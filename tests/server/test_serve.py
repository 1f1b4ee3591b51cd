"""``engramdb serve`` starts the API, writes the management key once to a private file, and
serves with it."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time

import httpx
import pytest

pytestmark = pytest.mark.processes


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
    # A new process imports numpy, numba and the server before it listens: seconds on a quiet
    # machine, more than 30 s on a shared one under load (seen: 12 s at load 8 on 2 cores).
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/v1/health", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise AssertionError("the server did not come up")


def _token(data, timeout: float = 30) -> str:
    """The management key the first run wrote (``<data>/bootstrap-key``)."""
    path = data / "bootstrap-key"
    deadline = time.monotonic() + timeout
    while not path.exists() or not path.read_text().strip():
        assert time.monotonic() < deadline, "no bootstrap-key file"
        time.sleep(0.05)
    return path.read_text().strip()


def test_serve_bootstraps_a_key_once_into_a_private_file_and_answers(tmp_path):
    """The key goes to a file only the server's user reads (0600), never to stdout (a
    captured log would keep it); stdout names the file."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    data = tmp_path / "data"
    proc = _start(data, port)
    try:
        _wait(url)
        token = _token(data)
        assert token.startswith("egdb_")
        assert (data / "bootstrap-key").stat().st_mode & 0o777 == 0o600
        me = httpx.get(url + "/api/v1/me", headers={"Authorization": f"Bearer {token}"})
        assert me.status_code == 200 and me.json()["principal"]["name"] == "management"
    finally:
        proc.terminate()
        out = proc.communicate(timeout=20)[0]
    assert "egdb_" not in out and str((data / "bootstrap-key").resolve()) in out
    # a second run makes no key and writes no file
    (data / "bootstrap-key").unlink()
    port = _free_port()
    proc = _start(data, port)
    try:
        _wait(f"http://127.0.0.1:{port}")
    finally:
        proc.terminate()
        out = proc.communicate(timeout=20)[0]
    assert "egdb_" not in out and not (data / "bootstrap-key").exists()


@pytest.mark.parametrize("where", ["-", "elsewhere/admin.key"])
def test_the_bootstrap_key_file_can_be_chosen_or_stdout(tmp_path, where):
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, "ENGRAMDB_EMBEDDER": "hashing", "PYTHONUNBUFFERED": "1"}
    args = ["--port", str(port), "--data-dir", str(tmp_path / "data")]
    proc = subprocess.Popen(
        [sys.executable, "-m", "engramdb", "serve", *args, "--bootstrap-key-file", where],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    try:
        _wait(url)
        if where != "-":
            path = tmp_path / where
            assert path.stat().st_mode & 0o777 == 0o600
            token = path.read_text().strip()
            assert httpx.get(
                url + "/api/v1/me", headers={"Authorization": f"Bearer {token}"}
            ).is_success
    finally:
        proc.terminate()
        out = proc.communicate(timeout=20)[0]
    assert not (tmp_path / "data" / "bootstrap-key").exists()
    printed = [line for line in out.splitlines() if line.startswith("egdb_")]
    assert len(printed) == (1 if where == "-" else 0)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_the_server_cleanly_and_its_upload_job_runs_at_the_next_start(tmp_path, sig):
    """SIGTERM or Ctrl-C during an upload job: the process shuts down within its deadline, the
    job is put back, not left "running" (nothing half-written), and the next start runs it to
    the end."""
    rows = "\n".join(
        f"- Widget {i} costs ${i % 90 + 5} and ships within 3 days." for i in range(4000)
    )
    doc = ("# Price list\n\n" + rows).encode()
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    proc = _start(tmp_path / "data", port)
    try:
        _wait(url)
        token = _token(tmp_path / "data")
        auth = {"Authorization": f"Bearer {token}"}
        with httpx.Client(base_url=url, headers=auth, timeout=30) as c:
            assert c.post("/api/v1/contexts", json={"name": "shop"}).status_code == 201
            r = c.post(
                "/api/v1/shop/documents",
                files={"file": ("prices.md", doc, "text/markdown")},
                data={"scope": "org/acme"},
            )
            assert r.status_code == 202, r.text
            job_url = r.headers["Location"]
            deadline = time.monotonic() + 60
            while c.get(job_url).json()["state"] != "running" and time.monotonic() < deadline:
                time.sleep(0.02)
        start = time.monotonic()
        proc.send_signal(sig)
        proc.communicate(timeout=30)
        # (uvicorn shuts down, then re-raises the signal: the exit status names it)
        # (the shutdown deadline is 10 s; the margin is for a loaded machine, where the same
        # stop took 15-18 s: the job being put back, below, shows it was cut short)
        assert proc.returncode in (0, -sig) and time.monotonic() - start < 45
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    con = sqlite3.connect(tmp_path / "data" / "contexts" / "shop" / "knowledge.db")
    assert con.execute("SELECT state FROM jobs").fetchall() in ([("queued",)], [("done",)])
    assert con.execute("SELECT COUNT(*) FROM documents").fetchone()[0] in (0, 1)
    con.close()
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    proc = _start(tmp_path / "data", port)
    try:
        _wait(url)
        with httpx.Client(base_url=url, headers=auth, timeout=30) as c:
            deadline = time.monotonic() + 120
            while (job := c.get(job_url).json())["state"] != "done":
                assert job["state"] in ("queued", "running") and time.monotonic() < deadline, job
                time.sleep(0.05)
            docs = c.get("/api/v1/shop/documents").json()["documents"]
            assert [d["name"] for d in docs] == ["prices.md"]
            assert job["result"]["facts"] >= 4000
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
