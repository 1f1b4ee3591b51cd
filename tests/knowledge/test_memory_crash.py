"""Memory survives kill -9: every turn a remember() call acknowledged is present after reopening,
with its facts and its episodic memory in the engine (written again from knowledge.db when the
crash fell between the two commits)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from engramdb import Memory

CHILD = textwrap.dedent(
    """
    import sys
    from engramdb import Memory
    mem = Memory.open(sys.argv[1], embedder="hashing")
    mem.upload(b"Returns are accepted within 30 days of delivery.", name="r.md", scope="org/acme")
    i = 0
    while True:
        r = mem.remember(f"I live in city number {i}.", scope=f"org/acme/user/u{i % 7}",
                         session_id=f"s{i % 3}")
        print(r.turn_id, flush=True)
        i += 1
    """
)


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.6, 1.1, 1.7])
@pytest.mark.crash
def test_acknowledged_turns_survive_kill_9(tmp_path: Path, delay: float):
    store = tmp_path / "store"
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(store)], stdout=subprocess.PIPE, text=True
    )
    acked: list[str] = []
    start = time.monotonic()
    assert proc.stdout is not None
    while time.monotonic() - start < delay + 20:
        line = proc.stdout.readline()
        if not line:
            break
        acked.append(line.strip())
        if time.monotonic() - start > delay and len(acked) >= 3:
            os.kill(proc.pid, signal.SIGKILL)
            break
    proc.wait()
    assert acked, "the child acknowledged nothing"
    with Memory.open(store, embedder="hashing") as mem:
        have = {r[0] for r in mem.db.execute("SELECT id FROM turns")}
        assert set(acked) <= have
        for tid in acked:
            assert mem.engine.exists(tid)  # caught up if the crash fell between the commits
        assert [f.value for f in mem.facts(lens="org/acme") if f.authoritative] == ["30 days"]
        hits = mem.query("city number", lens="org/acme/user/u0", k=3)
        assert hits


def test_a_turn_whose_engine_write_failed_is_completed_on_open(tmp_path: Path):
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        real = mem.engine.remember

        def broken(*args, **kwargs):
            raise OSError("disk went away")

        mem.engine.remember = broken
        with pytest.raises(OSError):
            mem.remember("I live in Oslo.", scope="org/acme/user/ann")
        mem.engine.remember = real
        (tid, written) = mem.db.execute("SELECT id, memory_written FROM turns").fetchone()
        assert written == 0 and not mem.engine.exists(tid)
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        assert mem.engine.exists(tid)
        assert mem.db.execute("SELECT memory_written FROM turns").fetchone()[0] == 1
        assert [f.value for f in mem.facts(lens="org/acme/user/ann")] == ["Oslo"]
