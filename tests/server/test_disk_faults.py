"""A full disk and a failing fsync at the write path, for real where the machine allows it: a
size-capped tmpfs mounted for the test (as root), the store on it, written until the disk is
full; a failing ``fdatasync`` injected into the engine's log. The caller gets a clear error
(``DiskFullError`` / ``StorageError``, a 507 over HTTP), nothing acknowledged is lost, nothing
half-written is visible, and the store opens afterwards without repair."""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from _serve import cheap_config, running

from engramdb.errors import DiskFullError, StorageError
from engramdb.knowledge.memory import Memory

FILLER = 1_500_000  # bytes deleted to free the disk again


@contextlib.contextmanager
def tiny_disk(tmp_path: Path, size_mb: int) -> Iterator[Path]:
    """A tmpfs of ``size_mb`` MiB at a fresh directory, with a filler file to delete later."""
    if os.geteuid() != 0:
        pytest.skip("mounting a size-capped tmpfs needs root")
    where = tmp_path / f"disk-{uuid.uuid4().hex[:8]}"
    where.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size_mb}m", "tmpfs", str(where)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        (where / "filler").write_bytes(b"\0" * FILLER)
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def turn(i: int) -> str:
    return f"I moved to town number {i} and my dog is called Rex{i}. " + "more words " * 40


def present(mem: Memory) -> list[str]:
    return [r[0] for r in mem.db.execute("SELECT id FROM turns WHERE forgotten=0")]


def test_a_full_disk_is_a_clear_error_and_loses_nothing_acknowledged(tmp_path):
    with tiny_disk(tmp_path, 8) as disk:
        store = disk / "store"
        mem = Memory.open(store, embedder="hashing")
        acked: list[str] = []
        with pytest.raises(StorageError) as raised:
            for i in range(20_000):
                acked.append(mem.remember(turn(i), scope="org/a/user/u").turn_id)
        assert "full" in str(raised.value), raised.value  # not a driver's message
        assert acked, "the disk filled before a single write"
        with pytest.raises(StorageError):  # an upload meets the same wall, clearly
            mem.upload(
                b"# Prices\n\n" + b"The Aria headphones cost $199.\n\n" * 3000,
                name="prices.md",
                scope="org/a",
            )
        with contextlib.suppress(StorageError):
            mem.close()  # its checkpoint may not fit: the files and the lock are released
        (disk / "filler").unlink()  # space again
        with Memory.open(store, embedder="hashing") as again:  # no repair step
            stored = present(again)
            assert set(acked) <= set(stored)  # every acknowledged turn is there
            assert len(stored) <= len(acked) + 1  # at most the one that met the wall
            for tid in stored:  # and whole: the engine holds each after the catch-up
                assert again.engine.get(tid).text.startswith("I moved to town")
            assert again.browse(kind="chunk")["total"] == 0  # the failed upload left nothing
            again.remember("And now there is room again.", scope="org/a/user/u")


def test_a_full_disk_over_http_is_a_507_and_the_server_goes_on(tmp_path):
    from engramdb.server.app import create_app

    with tiny_disk(tmp_path, 12) as disk:
        app = create_app(cheap_config(disk / "server"))
        admin = app.state.auth.bootstrap()
        with (
            running(app) as url,
            httpx.Client(
                base_url=url, headers={"Authorization": f"Bearer {admin}"}, timeout=60
            ) as c,
        ):
            assert c.post("/api/v1/contexts", json={"name": "full"}).status_code == 201
            acked, last = [], None
            for i in range(20_000):
                last = c.post("/api/v1/full/facts", json={"text": turn(i), "scope": "org/a/user/u"})
                if last.status_code != 201:
                    break
                acked.append(last.json()["turnId"])
            assert last is not None and last.status_code == 507, last.text
            problem = last.json()
            assert problem["status"] == last.status_code and "full" in problem["detail"]
            assert acked
            assert str(disk) not in last.text  # the server's paths are not the client's business
            # reads go on while the disk is full
            assert c.get(f"/api/v1/full/memories/{acked[0]}").status_code == 200
            (disk / "filler").unlink()  # space again: writes go on, no restart needed
            r = c.post("/api/v1/full/facts", json={"text": "Room.", "scope": "org/a/user/u"})
            assert r.status_code == 201, r.text
            acked.append(r.json()["turnId"])
        app = create_app(cheap_config(disk / "server"))  # a restart, as an operator would
        with (
            running(app) as url,
            httpx.Client(
                base_url=url, headers={"Authorization": f"Bearer {admin}"}, timeout=60
            ) as c,
        ):
            for tid in acked:
                assert c.get(f"/api/v1/full/memories/{tid}").status_code == 200, tid
            r = c.post("/api/v1/full/facts", json={"text": "Room again.", "scope": "org/a/user/u"})
            assert r.status_code == 201, r.text


def test_a_failing_fsync_is_not_acknowledged_and_the_log_recovers(tmp_path, monkeypatch):
    from engramdb.engine import wal

    store = tmp_path / "store"
    mem = Memory.open(store, embedder="hashing")
    acked = [mem.remember(turn(i), scope="org/a/user/u").turn_id for i in range(5)]
    real = os.fdatasync

    def failing(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(wal.os, "fdatasync", failing)
    with pytest.raises(StorageError) as raised:
        mem.remember("This one meets a failing disk.", scope="org/a/user/u")
    assert not isinstance(raised.value, DiskFullError)
    assert "Input/output error" in str(raised.value)
    monkeypatch.setattr(wal.os, "fdatasync", real)
    acked.append(mem.remember("The disk works again.", scope="org/a/user/u").turn_id)
    mem.close()
    with Memory.open(store, embedder="hashing") as again:
        stored = present(again)
        assert set(acked) <= set(stored)
        for tid in stored:  # the failed one is whole (written at the catch-up) or absent
            assert again.engine.get(tid).text


CHILD = """
import os, sys
from engramdb import Engine, DiskFullError, MemoryInput
store, out_path, pad = sys.argv[1], sys.argv[2], sys.argv[3]


def batch(b):
    ids = range(100 * b, 100 * b + 100)
    return [MemoryInput(text=f"memory {i} " + "x" * 300, id=f"m{i}") for i in ids]


with open(out_path, "w") as out:
    e = Engine.open(store, embedder="hashing")  # (its segments: sparse files, mapped)
    wal = os.path.join(store, "wal.log")
    before = os.path.getsize(wal)
    e.remember_many(batch(0))
    frame = os.path.getsize(wal) - before  # what one batch's log frame takes
    print(100, file=out, flush=True)
    with open(pad, "wb") as fh:  # the disk full to the brim, then room for the next batch's
        try:                     # log frame and a page: not for its segment pages as well
            while True:
                fh.write(bytes(65536))
                fh.flush()
        except OSError:
            pass
    os.truncate(pad, max(0, os.path.getsize(pad) - frame - 8192))
    try:
        for b in range(1, 1000):
            e.remember_many(batch(b))
            print(100 * b + 100, file=out, flush=True)
    except DiskFullError as exc:
        print("full", exc, file=out, flush=True)
"""


@pytest.mark.processes
def test_a_full_disk_under_the_segments_is_an_error_not_a_crash(tmp_path):
    """Segments are memory-mapped sparse files: without space reserved first, the write into
    a page the disk cannot hold kills the process with SIGBUS. In a child process, so a crash
    fails this test instead of ending the run."""
    import sys

    from engramdb import Engine

    with tiny_disk(tmp_path, 6) as disk:
        out = tmp_path / "child.out"
        pad = disk / "pad"
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(disk / "engine"), str(out), str(pad)],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
        lines = out.read_text().splitlines()
        assert lines[-1].startswith("full"), lines[-3:]
        acked = int(lines[-2])
        pad.unlink()
        with Engine.open(disk / "engine", embedder="hashing") as again:
            for i in range(acked):
                assert again.get(f"m{i}").text.startswith(f"memory {i} ")


def test_a_frame_that_fails_halfway_is_cut_back_and_never_written_later(tmp_path, monkeypatch):
    from engramdb.engine import wal

    log = wal.WriteAheadLog(tmp_path / "wal.log")
    log.append(1, 1, b"kept one")
    real = os.write
    calls = {"n": 0}

    def half_then_full(fd: int, data) -> int:
        calls["n"] += 1
        if calls["n"] == 1:
            real(fd, bytes(data[: len(data) // 2]))
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data)

    monkeypatch.setattr(wal.os, "write", half_then_full)
    with pytest.raises(DiskFullError):
        log.append(2, 1, b"refused" * 100)
    log.append(2, 1, b"kept two")  # the next append writes its own frame only
    log.close()
    again = wal.WriteAheadLog(tmp_path / "wal.log")
    assert [(f.lsn, f.payload) for f in again.read_frames()] == [(1, b"kept one"), (2, b"kept two")]
    again.close()


def test_the_server_reopens_a_context_whose_engine_stopped(tmp_path, monkeypatch):
    """A full disk under the engine's index after the write was logged stops that engine;
    the next request to the context opens it again (the log applied) instead of refusing
    until a restart."""
    from engramdb.engine.index import MemoryIndex
    from engramdb.server.app import create_app

    app = create_app(cheap_config(tmp_path / "server"))
    admin = app.state.auth.bootstrap()
    real = MemoryIndex.apply_remember
    state = {"fail": False}

    def once(self, *args, **kwargs):
        if state["fail"]:
            state["fail"] = False
            raise DiskFullError("the disk holding index.db is full: this write was not kept")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(MemoryIndex, "apply_remember", once)
    with (
        running(app) as url,
        httpx.Client(base_url=url, headers={"Authorization": f"Bearer {admin}"}, timeout=60) as c,
    ):
        assert c.post("/api/v1/contexts", json={"name": "stops"}).status_code == 201
        body = {"text": "I live in Porto.", "scope": "org/a/user/u"}
        first = c.post("/api/v1/stops/facts", json=body)
        assert first.status_code == 201
        state["fail"] = True
        r = c.post("/api/v1/stops/facts", json={**body, "text": "I moved to Lisbon."})
        assert r.status_code == 507, r.text
        assert "index.db" not in r.text
        r = c.post("/api/v1/stops/facts", json={**body, "text": "My dog is Rex."})
        assert r.status_code == 201, r.text  # reopened, not "stopped after a failed write"
        got = c.get(f"/api/v1/stops/memories/{first.json()['turnId']}")
        assert got.status_code == 200
        hits = c.post("/api/v1/stops/query", json={"query": "Lisbon"}).json()["hits"]
        assert any("Lisbon" in h["text"] for h in hits)  # the logged write was applied
