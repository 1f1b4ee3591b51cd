"""Uploads of large tables written in batches (``ingest._write_in_batches``): each batch
commits and frees the store's lock, readers see all of the upload or none of it, a turn written
meanwhile does not wait for the whole upload, a job reports how far the writing is, and a
process killed mid-upload leaves no half upload and runs its job again on the next open."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from engramdb import Memory
from engramdb.knowledge import ingest

SCOPE = "org/acme"
WRITE_BATCH = getattr(ingest, "WRITE_BATCH", 2000)
UNPUBLISHED = getattr(ingest, "UNPUBLISHED", 2)


def catalogue(rows: int, seed: int = 7, price_shift: float = 0.0) -> bytes:
    """``sku,name,category,price,stock,weight``, one distinct name a row."""
    rng = random.Random(seed)
    adjectives = "Slim Eco Pro Max Mini Lite Air Neo Flex Plus".split()
    nouns = "Mug Lamp Hat Cup Bag Pen Fan Kit Mat Jar Box Tray".split()
    lines = ["sku,name,category,price,stock,weight"]
    for i in range(rows):
        k = i // 1000
        lines.append(
            f"SK-{i:06d},{adjectives[k % 10]} {i % 1000} {nouns[k // 10 % 12]},"
            f"{rng.choice(['Home', 'Garden', 'Office'])},{rng.uniform(2, 400) + price_shift:.2f},"
            f"{rng.randint(0, 500)},{rng.randint(1, 99) / 10} kg"
        )
    return ("\n".join(lines) + "\n").encode()


def _until(mem: Memory, jid: str, test, timeout: float = 120.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = mem.job(jid)
        if test(job):
            return job
        time.sleep(0.005)
    raise AssertionError(f"job {jid} never got there: {mem.job(jid)}")


def _live_facts(mem: Memory) -> list[tuple]:
    return sorted(
        (f.entity, f.key, f.value, f.statement, f.authoritative, f.closed_ms is None)
        for f in mem.facts(lens=SCOPE, include_closed=True)
    )


def _conflicts(mem: Memory) -> list[str]:
    return sorted(u["about"] for u in mem.uncertainties(lens=SCOPE))


def _hidden(path: Path) -> int:
    """Rows of any table still marked unpublished (read as a file, not through the store)."""
    con = sqlite3.connect(path / "knowledge.db")
    try:
        return sum(
            con.execute(f"SELECT COUNT(*) FROM {t} WHERE forgotten=?", (UNPUBLISHED,)).fetchone()[0]
            for t in ("facts", "entities", "chunks", "documents")
        )
    finally:
        con.close()


def test_a_table_written_in_batches_stores_what_one_transaction_stores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """The same two versions of a catalogue, in batches and at once: the same facts (live and
    closed), the same counts, the same corrections."""
    first, second = catalogue(1200), catalogue(1200, price_shift=1.0)
    out = {}
    for how, batch in (("batches", 1000), ("at once", 10**9)):
        monkeypatch.setattr(ingest, "WRITE_BATCH", batch, raising=False)
        with Memory.open(tmp_path / how, embedder="hashing") as mem:
            a = mem.upload(first, scope=SCOPE, name="catalogue.csv")
            b = mem.upload(second, scope=SCOPE, name="catalogue.csv")
            counts = tuple(
                mem.db.execute(sql).fetchone()[0]
                for sql in (
                    "SELECT COUNT(*) FROM entities WHERE forgotten=0",
                    "SELECT COUNT(*) FROM chunks WHERE forgotten=0",
                    "SELECT COUNT(*) FROM traces",
                    "SELECT COUNT(*) FROM provenance",
                )
            )
            out[how] = (
                _live_facts(mem),
                counts,
                (a.facts, a.chunks, b.facts, b.version, len(b.write.corrections)),
                [f.value for f in b.write.facts[:50]],
            )
            assert mem.query("Slim 5 Mug price", lens=SCOPE)
        assert _hidden(tmp_path / how) == 0
    assert out["batches"] == out["at once"]
    assert out["batches"][2][0] == 4800 and out["batches"][2][4] == 4800  # (v2 closed v1's)


def test_a_table_that_meets_what_the_store_holds_is_written_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """A curated price of another document is a candidate of the table's prices: the table is
    written in one transaction (its conflicts are opened as the rows are read), never in
    batches that another reader could see the conflicts of before their facts."""
    monkeypatch.setattr(ingest, "WRITE_BATCH", 100, raising=False)
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        mem.upload(
            b"name,price\nSlim 5 Mug,12.00\n", scope=SCOPE, name="old.csv"
        )  # (small: at once)
        batched = []
        real = ingest._Unpublished.__init__

        def spy(self, *a, **k):
            batched.append(1)
            real(self, *a, **k)

        monkeypatch.setattr(ingest._Unpublished, "__init__", spy)
        r = mem.upload(catalogue(200), scope=SCOPE, name="catalogue.csv")
        assert not batched and r.facts == 800
        assert any(c["about"].lower().startswith("slim 5 mug") for c in r.write.conflicts)


def test_progress_of_a_job_counts_the_cells_written(tmp_path: Path):
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        job = mem.submit_upload(catalogue(3000), scope=SCOPE, name="catalogue.csv")
        seen: list[tuple[str, int, int]] = []
        while not (j := mem.job(job.id)).finished:
            if j.phase == "writing":
                seen.append((j.phase, j.done, j.total))
            time.sleep(0.005)
        assert j.state == "done" and j.result is not None and j.result.facts == 12000
        done = [d for _, d, _ in seen]
        assert len(set(done)) >= 3, seen  # it moved while the job ran
        assert done == sorted(done) and {t for _, _, t in seen} == {12000}


def test_readers_see_all_of_an_upload_or_none_of_it(tmp_path: Path):
    """A reader polling the facts while a large table is written in batches (each committed)
    sees 0 or all of them, never a part."""
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        job = mem.submit_upload(catalogue(4000), scope=SCOPE, name="catalogue.csv")
        counts, during = set(), 0
        while not (j := mem.job(job.id)).finished:
            n = len(mem.facts(lens=SCOPE))
            counts.add(n)
            if j.phase == "writing" and j.done > WRITE_BATCH:
                during += 1  # (read after at least one batch had committed)
        assert j.state == "done", j
        counts.add(len(mem.facts(lens=SCOPE)))
        assert during > 0
        assert counts <= {0, 16000}, counts
        assert _hidden(tmp_path / "s") == 0


@pytest.mark.wallclock
def test_a_turn_written_during_a_large_upload_does_not_wait_for_it(tmp_path: Path):
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        job = mem.submit_upload(catalogue(6000), scope=SCOPE, name="catalogue.csv")
        _until(mem, job.id, lambda j: j.phase == "writing" and j.done > 0)
        done: list[float] = []

        def turn() -> None:
            mem.remember("I moved to Leeds last week.", scope=f"{SCOPE}/user/u1")
            done.append(time.monotonic())

        writer = threading.Thread(target=turn)
        writer.start()
        writer.join(120)
        state = mem.job(job.id)
        # the turn was written between two batches: the upload is still writing
        assert done and state.state == "running" and state.phase == "writing", state
        assert state.done < state.total
        assert [f.value for f in mem.facts(lens=f"{SCOPE}/user/u1")] == ["Leeds"]
        assert mem.wait_job(job.id, timeout=180).state == "done"
        assert sum(f.scope == SCOPE for f in mem.facts(lens=SCOPE)) == 24000


def test_a_cancelled_upload_in_batches_leaves_nothing(tmp_path: Path):
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        job = mem.submit_upload(catalogue(4000), scope=SCOPE, name="catalogue.csv")
        _until(mem, job.id, lambda j: j.phase == "writing" and j.done > 2 * WRITE_BATCH)
        mem.cancel_job(job.id)
        assert mem.wait_job(job.id, timeout=60).state == "cancelled"
        stored = [
            mem.db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
            for t in ("documents", "chunks", "facts", "entities", "provenance", "sources")
        ]
        assert stored == [0, 0, 0, 0, 0, 0]
        assert mem.facts(lens=SCOPE) == []


CHILD = textwrap.dedent(
    """
    import sys
    from engramdb import Memory
    sys.path.insert(0, sys.argv[2])
    from test_upload_batches import catalogue
    mem = Memory.open(sys.argv[1], embedder="hashing")
    job = mem.submit_upload(catalogue(5000), scope="org/acme", name="catalogue.csv")
    print(job.id, flush=True)
    mem.wait_job(job.id)
    print("finished", flush=True)
    """
)


@pytest.mark.crash
def test_a_kill_9_mid_upload_leaves_no_half_upload_and_the_job_completes(tmp_path: Path):
    store = tmp_path / "s"
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(store), str(Path(__file__).resolve().parent)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    jid = proc.stdout.readline().strip()
    assert jid.startswith("job-"), jid
    deadline = time.monotonic() + 120
    con = sqlite3.connect(store / "knowledge.db")
    try:  # killed once some batches have committed, unpublished
        while con.execute("SELECT COUNT(*) FROM facts").fetchone()[0] < 2 * WRITE_BATCH:
            assert time.monotonic() < deadline and proc.poll() is None
            time.sleep(0.01)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert con.execute("SELECT COUNT(*) FROM facts WHERE forgotten=0").fetchone()[0] == 0
        assert con.execute("SELECT COUNT(*) FROM facts").fetchone()[0] > 0  # (there, hidden)
    finally:
        con.close()
    with Memory.open(store, embedder="hashing") as mem:
        assert len(mem.facts(lens=SCOPE)) in (0, 20000)  # (before its job has run again)
        done = mem.wait_job(jid, timeout=180)
        assert done.state == "done", done
        assert done.result is not None and done.result.facts == 20000
        assert len(mem.facts(lens=SCOPE)) == 20000
        assert mem.db.execute("SELECT COUNT(*) FROM documents").fetchone()[0] == 1
    assert _hidden(store) == 0
    with Memory.open(tmp_path / "clean", embedder="hashing") as clean:
        clean.upload(catalogue(5000), scope=SCOPE, name="catalogue.csv")
        with Memory.open(store, embedder="hashing") as mem:
            for t in ("facts", "entities", "chunks", "provenance", "traces"):
                sql = f"SELECT COUNT(*) FROM {t}"
                assert mem.db.execute(sql).fetchone() == clean.db.execute(sql).fetchone(), t


def test_a_curated_row_written_during_the_batches_is_met_as_if_written_before(tmp_path: Path):
    """An upsert of a price of one of the table's things lands between two batches: the
    upload, published after it, is reconciled against it, as when the upsert came first."""
    upsert = [{"subject": "Slim 5 Mug", "key": "price", "value": "1.00"}]
    with Memory.open(tmp_path / "serial", embedder="hashing") as mem:
        mem.remember(triples=upsert, scope=SCOPE, source_kind="upsert")
        mem.upload(catalogue(3000), scope=SCOPE, name="catalogue.csv")
        serial = (_live_facts(mem), _conflicts(mem))
        assert serial[1] == ["Slim 5 Mug price"]  # (the two prices meet)
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        job = mem.submit_upload(catalogue(3000), scope=SCOPE, name="catalogue.csv")
        _until(mem, job.id, lambda j: j.phase == "writing" and j.done > WRITE_BATCH)
        mem.remember(triples=upsert, scope=SCOPE, source_kind="upsert")
        assert mem.job(job.id).state == "running"  # (it came between two batches)
        assert mem.wait_job(job.id, timeout=180).state == "done"
        assert (_live_facts(mem), _conflicts(mem)) == serial
    assert _hidden(tmp_path / "s") == 0
