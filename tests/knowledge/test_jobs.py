"""Background uploads (``Memory.submit_upload``): durable when acknowledged, run in order,
resumed after kill -9 and after a shutdown, cancellable, run with the submitter's rights looked
up again, and gone with a forgotten scope."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from engramdb import Memory
from engramdb.errors import ForbiddenError, NotFoundError, ValidationError
from engramdb.knowledge.results import DocumentResult

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from price_lists import price_list  # noqa: E402

POLICY = b"# Policy\n\nReturns are accepted within 30 days of delivery.\n"


class Who:
    """A caller with ids (as the server's keys are) and full rights over ``org/acme``."""

    def __init__(self, principal: str, key: str = "k1", write: bool = True):
        self.principal, self.key, self.write = principal, key, write

    def can(self, verb: str, path: str) -> bool:
        return (path == "org/acme" or path.startswith("org/acme/")) and (
            self.write or verb == "memory:read"
        )

    def readable(self, scope: str) -> bool:
        return self.can("memory:read", scope)

    def provenance(self) -> dict[str, str | None]:
        return {"principal_id": self.principal, "key_id": self.key, "on_behalf_of": None}


def _until(mem: Memory, jid: str, test, timeout: float = 60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = mem.job(jid)
        if test(job):
            return job
        time.sleep(0.01)
    raise AssertionError(f"job {jid} never got there: {mem.job(jid)}")


def _stored(mem: Memory) -> tuple[int, int, int]:
    """(documents, chunks, live facts) in the store."""
    return tuple(
        mem.db.execute(sql).fetchone()[0]
        for sql in (
            "SELECT COUNT(*) FROM documents",
            "SELECT COUNT(*) FROM chunks",
            "SELECT COUNT(*) FROM facts WHERE closed_ms IS NULL",
        )
    )


def test_a_submitted_upload_runs_in_the_background_and_reports_its_result(tmp_path: Path):
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        job = mem.submit_upload(POLICY, scope="org/acme", name="policy.md")
        assert job.state in ("queued", "running") and job.id.startswith("job-")
        done = mem.wait_job(job.id, timeout=60)
        assert done.state == "done" and done.error is None and done.finished
        assert isinstance(done.result, DocumentResult) and done.result.facts == 1
        assert done.result.write is not None and done.result.write.facts[0].value == "30 days"
        # the jobs table keeps ids and counts only (no copy of the text it stored); the whole
        # result lives in this process until something is forgotten
        assert "30 days" not in mem.db.execute("SELECT result FROM jobs").fetchone()[0]
        assert done.phase == "indexing" and done.done == done.total == 1
        assert [f.value for f in mem.facts(lens="org/acme")] == ["30 days"]
        assert [j.id for j in mem.jobs()] == [job.id]
        # the document's bytes are not kept once the job is over
        assert mem.db.execute("SELECT payload FROM jobs").fetchone()[0] is None
        mem.forget(scope="org/other")  # any forget: the whole result kept in memory goes
        assert mem.job(job.id).result.write is None and mem.job(job.id).result.facts == 1
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        assert mem.job(job.id).result.write is None  # (another process: ids and counts)


def test_jobs_run_in_the_order_they_came_and_report_progress(tmp_path: Path):
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        first = mem.submit_upload(price_list(1500), scope="org/acme", name="prices.md")
        second = mem.submit_upload(POLICY, scope="org/acme", name="policy.md")
        seen = _until(mem, first.id, lambda j: j.state == "running" and j.total > 0)
        assert seen.phase in ("reading", "writing", "indexing") and seen.done <= seen.total
        assert mem.job(second.id).state == "queued"  # one at a time, in order
        assert mem.wait_job(second.id, timeout=120).state == "done"
        assert mem.job(first.id).state == "done"
        assert mem.job(first.id).finished_ms <= mem.job(second.id).started_ms


def test_a_waiting_job_is_cancelled_at_once_and_a_running_one_leaves_nothing(tmp_path: Path):
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        running = mem.submit_upload(price_list(3000), scope="org/acme", name="prices.md")
        waiting = mem.submit_upload(POLICY, scope="org/acme", name="policy.md")
        _until(mem, running.id, lambda j: j.state == "running")
        assert mem.cancel_job(waiting.id).state == "cancelled"
        mem.cancel_job(running.id)
        assert mem.wait_job(running.id, timeout=60).state == "cancelled"
        assert _stored(mem) == (0, 0, 0)  # the running upload's transaction was rolled back
        assert mem.cancel_job(running.id).state == "cancelled"  # (again: as it is)
        time.sleep(0.2)
        assert mem.job(waiting.id).state == "cancelled"  # it never ran
        assert mem.query("widget costs", lens="org/acme") == []


def test_a_job_stopped_by_close_runs_again_on_the_next_open(tmp_path: Path):
    mem = Memory.open(tmp_path / "s", embedder="hashing")
    job = mem.submit_upload(price_list(3000), scope="org/acme", name="prices.md")
    _until(mem, job.id, lambda j: j.state == "running")
    mem.close()  # a graceful shutdown: the job is put back, not failed
    con = sqlite3.connect(tmp_path / "s" / "knowledge.db")
    assert con.execute("SELECT state, attempts FROM jobs").fetchall() == [("queued", 0)]
    con.close()
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        done = mem.wait_job(job.id, timeout=120)
        assert done.state == "done" and done.attempts == 1
        assert done.result is not None and not done.result.unchanged
        assert done.result.facts > 1000
        assert mem.db.execute("SELECT COUNT(*) FROM documents").fetchone()[0] == 1


CHILD = textwrap.dedent(
    """
    import sys
    from engramdb import Memory
    sys.path.insert(0, sys.argv[2])
    from price_lists import price_list
    mem = Memory.open(sys.argv[1], embedder="hashing")
    job = mem.submit_upload(price_list(3000), scope="org/acme", name="prices.md")
    print(job.id, flush=True)
    mem.wait_job(job.id)
    print("finished", flush=True)
    """
)


@pytest.mark.parametrize("delay", [0.0, 0.8, 2.0])
@pytest.mark.crash
def test_an_acknowledged_job_survives_kill_9_and_is_stored_once(tmp_path: Path, delay: float):
    store = tmp_path / "s"
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(store), str(Path(__file__).resolve().parents[1])],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    jid = proc.stdout.readline().strip()
    assert jid.startswith("job-"), jid
    time.sleep(delay)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    with Memory.open(store, embedder="hashing") as mem:
        done = mem.wait_job(jid, timeout=120)
        assert done.state == "done", done
        docs, chunks, facts = _stored(mem)
        assert docs == 1 and chunks > 0
    with Memory.open(tmp_path / "clean", embedder="hashing") as clean:
        clean.upload(price_list(3000), scope="org/acme", name="prices.md")
        assert _stored(clean)[1:] == (chunks, facts)  # nothing twice, nothing missing


def test_a_job_runs_with_its_submitters_rights_looked_up_again(tmp_path: Path):
    alive = {"k1"}

    def rights(who):
        return Who(who["principal_id"], who["key_id"]) if who["key_id"] in alive else None

    with Memory.open(tmp_path / "s", embedder="hashing", job_rights=rights) as mem:
        bob = Who("bob")
        slow = mem.submit_upload(price_list(1500), scope="org/acme", name="p.md", caller=bob)
        late = mem.submit_upload(POLICY, scope="org/acme", name="policy.md", caller=bob)
        alive.clear()  # the key is revoked while its jobs wait
        failed = mem.wait_job(late.id, timeout=120)
        assert failed.state == "failed" and "no longer valid" in failed.error
        # (the slow one may have been running: its rights are looked up again before it writes)
        assert mem.wait_job(slow.id, timeout=120).state in ("failed", "done")
        names = [r[0] for r in mem.db.execute("SELECT name FROM documents")]
        assert "policy.md" not in names
        # another principal's job is not there; a read-only caller cannot submit
        with pytest.raises(NotFoundError):
            mem.job(late.id, caller=Who("carol"))
        assert mem.jobs(caller=Who("carol")) == []
        assert [j.id for j in mem.jobs(caller=bob)] == [late.id, slow.id]
        with pytest.raises(ForbiddenError):
            mem.submit_upload(POLICY, scope="org/acme", name="x.md", caller=Who("eve", write=False))
        with pytest.raises(ForbiddenError):
            mem.submit_upload(POLICY, scope="org/globex", name="x.md", caller=bob)
    assert len(Memory.open(tmp_path / "s", embedder="hashing").jobs()) == 2


def test_a_resumed_job_whose_rights_cannot_be_checked_fails_rather_than_runs(tmp_path: Path):
    mem = Memory.open(tmp_path / "s", embedder="hashing")
    job = mem.submit_upload(price_list(3000), scope="org/acme", name="p.md", caller=Who("bob"))
    _until(mem, job.id, lambda j: j.state == "running")
    mem.close()
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:  # no job_rights here
        failed = mem.wait_job(job.id, timeout=60)
        assert failed.state == "failed" and "cannot be checked" in failed.error
        assert _stored(mem) == (0, 0, 0)


def test_forgetting_a_scope_cancels_its_waiting_uploads(tmp_path: Path):
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        busy = mem.submit_upload(price_list(2000), scope="org/other", name="p.md")
        queued = mem.submit_upload(POLICY, scope="org/acme/shop", name="policy.md")
        mem.forget(scope="org/acme", purge=True)
        assert mem.job(queued.id).state == "cancelled"
        assert mem.wait_job(busy.id, timeout=120).state == "done"  # another scope's runs
        assert [f.value for f in mem.facts(lens="org/acme")] == []


def test_bad_submissions_are_refused_before_a_job_exists(tmp_path: Path):
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        with pytest.raises(ValidationError):
            mem.submit_upload(tmp_path / "missing.md", scope="org/acme")
        with pytest.raises(ValidationError):
            mem.submit_upload(POLICY, scope="org//acme")
        with pytest.raises(ValidationError):
            mem.jobs(state="sleeping")
        with pytest.raises(NotFoundError):
            mem.job("job-0000")
        assert mem.jobs() == []


def test_reads_go_on_while_a_job_writes_and_see_only_what_is_committed(tmp_path: Path):
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        mem.upload(POLICY, scope="org/acme", name="policy.md")
        mem.query("warm up", lens="org/acme")  # (the first scan compiles its kernel)
        job = mem.submit_upload(price_list(6000), scope="org/acme", name="prices.md")
        _until(mem, job.id, lambda j: j.phase == "writing" and j.done > 0)
        # the job holds the store's lock in its transaction; a query neither waits for it
        # nor sees its rows before they are committed
        hits = mem.query("how long do I have to return an item?", lens="org/acme")
        values = [f.value for f in mem.facts(lens="org/acme")]
        state = mem.job(job.id)
        assert state.state == "running" and state.phase == "writing", state
        assert values == ["30 days"]
        assert hits and "30 days" in hits[0].text
        assert mem.wait_job(job.id, timeout=120).state == "done"
        assert len(mem.facts(lens="org/acme")) > 1000  # committed: now every reader sees it


def test_a_running_job_shows_its_phase_to_another_process_from_the_start(tmp_path: Path):
    """Another process (a server's reading worker) reads the job's row, not this process's
    live progress: it used to see ``phase None 0/0`` for as long as a document was read."""
    import sqlite3

    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        job = mem.submit_upload(price_list(6000), scope="org/acme", name="prices.md")
        _until(mem, job.id, lambda j: j.state == "running")
        other = sqlite3.connect(tmp_path / "s" / "knowledge.db")
        try:
            row = other.execute("SELECT state, phase FROM jobs WHERE id=?", (job.id,)).fetchone()
        finally:
            other.close()
        # (a 6,000-row list is read for seconds: the row is seen while the job runs)
        assert row == ("running", "reading"), row
        assert mem.wait_job(job.id, timeout=120).state == "done"
