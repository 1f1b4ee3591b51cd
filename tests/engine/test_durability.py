"""Crash safety: kill -9 at random moments, torn log tails, flipped bytes."""

from __future__ import annotations

import logging
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from crash_child import text_for

from engramdb import CorruptionError, Engine, NotFoundError, RecallOptions

HERE = Path(__file__).parent


def _child(path: Path, seed: int, stop_after: int | None = None) -> subprocess.Popen:
    args = [sys.executable, str(HERE / "crash_child.py"), str(path), str(seed)]
    if stop_after is not None:
        args += [str(stop_after), str(1 << 30)]  # no checkpoint: everything stays in the log
    env = {**os.environ, "PYTHONPATH": str(HERE)}
    return subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )


def _parse(out: str):
    begun, acked, forgotten, forgetting = [], set(), set(), set()
    for line in out.splitlines():
        kind, *ids = line.split()
        if kind == "G":
            forgetting.update(ids)
        elif kind == "B":
            begun.append(ids)
        elif kind == "A":
            acked.update(ids)
        elif kind == "F":
            forgotten.update(ids)
    return begun, acked, forgotten, forgetting


@pytest.mark.crash
def test_kill_9_at_random_moments_loses_no_acknowledged_write(tmp_path: Path):
    path = tmp_path / "store"
    rng = random.Random(1234)
    all_acked: set[str] = set()
    all_forgotten: set[str] = set()
    all_begun: list[list[str]] = []
    rounds = 12
    for r in range(rounds):
        proc = _child(path, seed=r)
        # wait until the child has started writing, then kill it at a random moment
        first = proc.stdout.readline()
        assert first.startswith("B"), proc.stderr.read()
        time.sleep(rng.uniform(0.05, 0.8))
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate()
        begun, acked, forgotten, forgetting = _parse(first + out)
        all_begun += begun
        all_acked |= acked
        all_forgotten |= forgotten
        # a forget in flight at the kill may or may not have landed: settle it now
        with Engine.open(path, embedder="hashing") as eng:
            for mid in forgetting - forgotten:
                try:
                    eng.get(mid)
                except NotFoundError:
                    all_forgotten.add(mid)
        # reopen without any repair, as the next user would
        with Engine.open(path, embedder="hashing") as eng:
            for mid in all_acked - all_forgotten:
                assert eng.get(mid).text == text_for(mid)
            for mid in all_forgotten:
                with pytest.raises(NotFoundError):
                    eng.get(mid)
            # a batch is all or nothing, and nothing unknown is visible
            # (reflection may add consolidated memories to the semantic tier: not counted here)
            live = eng.stats()["tiers"]["episodic"]["live"]
            present = 0
            for batch in all_begun:
                there = []
                for mid in batch:
                    try:
                        assert eng.get(mid).text == text_for(mid)
                        there.append(True)
                    except NotFoundError:
                        there.append(False)
                if not set(batch) & all_forgotten:  # forgotten ids leave holes on purpose
                    assert all(there) or not any(there), f"half-written batch {batch}"
                present += sum(there)
            assert live == present
            # acknowledged memories are recallable
            sample = rng.sample(sorted(all_acked - all_forgotten), min(15, len(all_acked)))
            for mid in sample:
                hits = eng.recall(text_for(mid), RecallOptions(k=3))
                assert mid in [h.id for h in hits]
    assert len(all_acked) > 100, "the children wrote too little to prove anything"


def _abandoned_store(path: Path, records: int) -> None:
    """A store whose writer died without a checkpoint: everything is in the log."""
    proc = _child(path, seed=99, stop_after=records)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err


@pytest.mark.processes
def test_torn_log_tail_is_discarded_and_kept_aside(tmp_path: Path, caplog):
    path = tmp_path / "store"
    _abandoned_store(path, records=40)
    wal = path / "wal.log"
    size = wal.stat().st_size
    assert size > 0
    with open(wal, "r+b") as fh:  # cut the last frame short, as a crash mid-write would
        fh.truncate(size - 7)
    with caplog.at_level(logging.WARNING, logger="engramdb.wal"):
        eng = Engine.open(path, embedder="hashing")
    with eng:
        assert "torn tail" in caplog.text
        assert eng.stats()["live"] > 0
        assert eng.get("s99x0").text == text_for("s99x0")
    kept = list(path.glob("wal.log.torn-*"))
    assert len(kept) == 1 and kept[0].stat().st_size > 0


@pytest.mark.processes
def test_flipped_byte_in_the_middle_of_the_log_is_reported(tmp_path: Path):
    path = tmp_path / "store"
    _abandoned_store(path, records=40)
    wal = path / "wal.log"
    data = bytearray(wal.read_bytes())
    data[40] ^= 0xFF  # inside the first frame's payload; valid frames follow it
    wal.write_bytes(bytes(data))
    before = {p.name: p.read_bytes() for p in path.glob("segments/*/*.rec")}
    with pytest.raises(CorruptionError) as err:
        Engine.open(path, embedder="hashing")
    assert "wal.log" in str(err.value) and "offset 0" in str(err.value)
    # nothing was applied from a log it cannot trust
    after = {p.name: p.read_bytes() for p in path.glob("segments/*/*.rec")}
    assert before == after


@pytest.mark.parametrize("suffix", [".rec", ".f16"])
def test_flipped_byte_in_a_segment_is_reported(tmp_path: Path, suffix: str):
    path = tmp_path / "store"
    with Engine.open(path, embedder="hashing") as eng:
        eng.remember_many([{"text": f"segment corruption check {i}"} for i in range(50)])
    seg = next(path.glob(f"segments/episodic/seg-000000{suffix}"))
    data = bytearray(seg.read_bytes())
    data[4096 + 100] ^= 0x01
    seg.write_bytes(bytes(data))
    with pytest.raises(CorruptionError) as err:
        Engine.open(path, embedder="hashing")
    assert seg.name in str(err.value) and "checksum" in str(err.value)


def test_flipped_byte_in_a_segment_header_is_reported(tmp_path: Path):
    path = tmp_path / "store"
    with Engine.open(path, embedder="hashing") as eng:
        eng.remember("header check")
    seg = path / "segments" / "episodic" / "seg-000000.rec"
    data = bytearray(seg.read_bytes())
    data[24] ^= 0x01  # the row count
    seg.write_bytes(bytes(data))
    with pytest.raises(CorruptionError, match="header checksum"):
        Engine.open(path, embedder="hashing")


@pytest.mark.processes
def test_reopen_after_abandon_replays_and_checkpoints(tmp_path: Path):
    path = tmp_path / "store"
    _abandoned_store(path, records=30)
    assert (path / "wal.log").stat().st_size > 0
    with Engine.open(path, embedder="hashing") as eng:
        n = eng.stats()["live"]
        assert eng.stats()["wal_bytes"] == 0  # replayed, then checkpointed
    with Engine.open(path, embedder="hashing") as eng:
        assert eng.stats()["live"] == n
