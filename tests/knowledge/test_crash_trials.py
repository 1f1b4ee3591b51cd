"""kill -9 trials at the ``Memory`` level: a child writes a random mix of turns, upserts,
uploads, upload jobs and forgets (``memory_crash_child.py``) and is killed at a random moment;
the store must then open without repair and hold every acknowledged write (and no forgotten
turn), with every acknowledged job finished or run to the end after the reopen.

``make test`` runs ``ENGRAMDB_CRASH_TRIALS`` trials (default 6); the full run is
``ENGRAMDB_CRASH_TRIALS=200 pytest -q -s tests/knowledge/test_crash_trials.py``.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from engramdb import Memory

pytestmark = pytest.mark.crash

CHILD = Path(__file__).with_name("memory_crash_child.py")
TRIALS = int(os.environ.get("ENGRAMDB_CRASH_TRIALS", "6"))
_TOTALS: dict[str, int] = {}


def _run_child(store: Path, seed: int, delay: float) -> list[list[str]]:
    """The child's lines up to the moment it was killed, ``delay`` seconds after its first."""
    proc = subprocess.Popen(
        [sys.executable, str(CHILD), str(store), str(seed)], stdout=subprocess.PIPE, text=True
    )
    lines: list[list[str]] = []
    assert proc.stdout is not None
    first = threading.Event()

    def read() -> None:
        for line in proc.stdout:
            if line.endswith("\n"):  # (a line the kill cut short was never acknowledged)
                lines.append(line.split())
            first.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    first.wait(60)
    time.sleep(delay)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    reader.join(10)
    return list(lines)


@pytest.mark.parametrize("trial", range(TRIALS))
def test_acknowledged_writes_survive_kill_9(tmp_path: Path, trial: int):
    rng = random.Random(trial)
    store = tmp_path / "store"
    lines = _run_child(store, seed=trial, delay=rng.uniform(0.2, 2.5))
    acked = [line[1:] for line in lines if line[0] == "A"]
    assert acked, "the child acknowledged nothing"
    turns = {a[2] for a in acked if a[0] == "turn"}
    forgotten = {a[2] for a in acked if a[0] == "forget"}
    # a forget begun but not acknowledged may or may not have happened
    maybe = {line[3] for line in lines if line[:2] == ["B", "forget"]} - forgotten
    upserts = {f"zq{a[1]}" for a in acked if a[0] == "upsert"}
    uploads = {f"doc-{a[1]}.md" for a in acked if a[0] == "upload"}
    jobs = {a[2]: a[1] for a in acked if a[0] == "job"}
    with Memory.open(store, embedder="hashing") as mem:  # opens without repair
        for jid in jobs:
            done = mem.wait_job(jid, timeout=120)
            assert done.state == "done", done
        live_turns = {
            r[0] for r in mem.db.execute("SELECT id FROM turns WHERE forgotten=0").fetchall()
        }
        assert (turns - forgotten - maybe) <= live_turns
        assert not (forgotten & live_turns)
        for tid in turns - forgotten - maybe:
            assert mem.engine.exists(tid)  # caught up if the crash fell between the commits
        names = {r[0] for r in mem.db.execute("SELECT name FROM documents")}
        assert uploads <= names
        assert all(f"job-{i}.md" in names or f"job-{i}.csv" in names for i in jobs.values())
        for name in names:  # a table written in batches: all of it, published
            if name.endswith(".csv"):
                facts = mem.db.execute(
                    "SELECT COUNT(*) FROM facts f JOIN documents d ON d.id=f.document_id "
                    "WHERE d.name=? AND f.forgotten=0",
                    (name,),
                ).fetchone()[0]
                assert facts == 3000, (name, facts)  # (aisle and bin_count of 1,500 rows)
        hidden = "SELECT COUNT(*) FROM {} WHERE forgotten=2"
        for table in ("facts", "entities", "chunks", "documents"):
            assert mem.db.execute(hidden.format(table)).fetchone()[0] == 0, table
        assert len(names) == len(list(mem.db.execute("SELECT name FROM documents")))  # once
        products = {
            f.entity.split()[-1].casefold() for f in mem.facts(lens="org/acme") if f.key == "price"
        }
        assert upserts <= products
        mem.remember("I keep one more marker.", scope="org/acme/user/u0")  # and writes again
    for kind in ("turn", "upsert", "upload", "job", "forget"):
        _TOTALS[kind] = _TOTALS.get(kind, 0) + sum(1 for a in acked if a[0] == kind)
    if trial == TRIALS - 1:
        print(f"\ncrash trials: {TRIALS}, acknowledged and found again: {_TOTALS}")
