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
