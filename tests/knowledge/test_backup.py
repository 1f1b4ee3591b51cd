"""``Memory.backup``: a consistent copy taken while the store is open and being written, that
opens as a store of its own with every write acknowledged before the backup began."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from engramdb import Memory
from engramdb.errors import ValidationError


def test_an_online_backup_holds_every_acknowledged_write_and_opens_whole(tmp_path: Path):
    acked: list[str] = []
    stop = threading.Event()
    with Memory.open(tmp_path / "live", embedder="hashing") as mem:
        mem.upload(
            b"# Policy\n\nReturns are accepted within 30 days.\n", scope="org/acme", name="p.md"
        )

        def writer() -> None:
            i = 0
            while not stop.is_set():
                r = mem.remember(
                    f"I live in city number {i}.", scope="org/acme/user/u1", session_id="s"
                )
                acked.append(r.turn_id)
                i += 1

        thread = threading.Thread(target=writer)
        thread.start()
        while len(acked) < 20:
            stop.wait(0.01)
        before = list(acked)  # acknowledged before the backup began
        mem.backup(tmp_path / "copy")
        stop.set()
        thread.join()
        assert len(acked) > len(before)  # (writes went on around the backup)
        with pytest.raises(ValidationError):
            mem.backup(tmp_path / "copy")  # never over an existing backup
    with Memory.open(tmp_path / "copy", embedder="hashing") as copy:
        turns = [r[0] for r in copy.db.execute("SELECT id FROM turns")]
        assert set(before) <= set(turns)
        # one state: every turn of knowledge.db is in the engine too, nothing to catch up
        unwritten = copy.db.execute("SELECT COUNT(*) FROM turns WHERE memory_written=0")
        assert unwritten.fetchone()[0] == 0
        assert all(copy.engine.exists(t) for t in turns)
        assert copy.engine.stats()["tiers"]["episodic"]["live"] == len(turns)
        assert [f.value for f in copy.facts(lens="org/acme") if f.authoritative] == ["30 days"]
        hits = copy.query("which city do I live in?", lens="org/acme/user/u1", k=3)
        assert hits and "city number" in hits[0].text
