"""A replica (``Memory.open_replica``) reads a store another process writes and never writes
itself: each write it is asked for is a clear ``StorageError``, not SQLite's "attempt to write
a readonly database", and leaves the store as it was."""

from __future__ import annotations

import pytest

from engramdb import Memory
from engramdb.errors import StorageError


@pytest.fixture
def stores(tmp_path):
    path = tmp_path / "s"
    with Memory.open(path, embedder="hashing") as writer:
        writer.remember("My name is Sam.", scope="org/acme/user/sam")
        writer.upload(b"Returns are accepted within 30 days.", name="r.md", scope="org/acme")
        replica = Memory.open_replica(path, embedder="hashing")
        try:
            yield writer, replica
        finally:
            replica.close()


@pytest.mark.parametrize(
    "write",
    [
        lambda r: r.forget(scope="org/acme"),
        lambda r: r.forget(id=1),
        lambda r: r.forget_ids([1]),
        lambda r: r.forget("returns"),
        lambda r: r.forget_document(1),
        lambda r: r.remember("Your returns window is 60 days.", scope="org/acme/user/sam"),
        lambda r: r.upload(b"Widgets cost $5.", name="w.md", scope="org/acme"),
        lambda r: r.register_scope("org/acme/team"),
        lambda r: r.tombstone_scope("org/acme/team"),
        lambda r: r.resolve_uncertainty(1),
    ],
    ids=[
        "forget-scope",
        "forget-id",
        "forget-ids",
        "forget-query",
        "forget-document",
        "remember",
        "upload",
        "register-scope",
        "tombstone-scope",
        "resolve-uncertainty",
    ],
)
def test_a_write_on_a_replica_says_it_is_a_replica(stores, write):
    writer, replica = stores
    before = sorted((f.id, f.value) for f in writer.facts())
    with pytest.raises(StorageError, match="replica"):
        write(replica)
    assert sorted((f.id, f.value) for f in writer.facts()) == before


def test_a_replica_still_reads_and_dry_runs(stores):
    _, replica = stores
    assert replica.query("returns", lens="org/acme")
    assert replica.forget(scope="org/acme", dry_run=True)["facts"] == 2  # (and Sam's name)
