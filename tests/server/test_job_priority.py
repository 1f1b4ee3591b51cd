"""A background upload reads its document below the requests' CPU priority (``job_nice``), and
the server's writer stores the uploaded statements' contextual encodings for the reading
workers (``knowledge.statement_vectors``), through the real HTTP API."""

from __future__ import annotations

import os
import sqlite3
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from _serve import cheap_config, running

from engramdb.errors import ConfigError
from engramdb.server.app import create_app
from engramdb.server.config import load_config

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from document_bombs import prose_block  # noqa: E402

CTX = "prio"


def _niceness_of(name: str) -> int | None:
    for t in threading.enumerate():
        if t.name == name and t.native_id is not None:
            try:
                return os.getpriority(os.PRIO_PROCESS, t.native_id)
            except OSError:  # (it ended meanwhile)
                return None
    return None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread niceness is Linux's")
def test_a_job_reads_below_the_requests_and_its_statements_are_stored_for_the_workers(tmp_path):
    app = create_app(cheap_config(tmp_path, job_nice=6))
    admin_key = app.state.auth.bootstrap()
    with running(app) as url, httpx.Client(base_url=url, timeout=60) as c:
        c.headers["Authorization"] = f"Bearer {admin_key}"
        assert c.post("/api/v1/contexts", json={"name": CTX}).status_code == 201
        r = c.post(
            f"/api/v1/{CTX}/documents",
            files={"file": ("prices.md", prose_block(600), "text/markdown")},
            data={"scope": "org/acme"},
        )
        assert r.status_code == 202, r.text
        job_url = r.headers["Location"]
        seen: set[int] = set()
        job_thread: set[int] = set()
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            nice = _niceness_of("engramdb-job-read")
            if nice is not None:
                seen.add(nice)
            nice = _niceness_of("engramdb-jobs")  # (the job's own thread: it writes)
            if nice is not None:
                job_thread.add(nice)
            if c.get(job_url).json()["state"] in ("done", "failed", "cancelled"):
                break
            time.sleep(0.01)
        assert c.get(job_url).json()["state"] == "done"
        assert seen == {6}  # (the job's reading ran lowered, in a thread of that name)
        assert job_thread == {0}  # (its look-ups under the lock and its writing did not)
        assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == 0
        db = sqlite3.connect(tmp_path / "contexts" / CTX / "knowledge.db")
        try:
            curated = {
                r[0]
                for r in db.execute(
                    "SELECT id FROM facts WHERE authoritative=1 AND forgotten=0 "
                    "AND closed_ms IS NULL"
                )
            }
            assert len(curated) >= 500
            stored: set[int] = set()
            while time.monotonic() < deadline and stored != curated:
                stored = {r[0] for r in db.execute("SELECT fact_id FROM statement_vectors")}
                time.sleep(0.2)
            assert stored == curated
        finally:
            db.close()


def test_job_nice_is_checked_when_the_server_starts():
    assert load_config(env={"ENGRAMDB_JOB_NICE": "0"}).job_nice == 0
    assert load_config(env={}).job_nice == 10
    for bad in ("-1", "20"):
        with pytest.raises(ConfigError, match="job_nice"):
            load_config(env={"ENGRAMDB_JOB_NICE": bad})
