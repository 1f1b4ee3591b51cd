"""Keyed items at their edges (found in review): not revised as a turn, gone for every read once
expired, not an oracle for a write-only caller; a LangGraph store lists only the namespaces it
could have written."""

from __future__ import annotations

import time

import pytest

from engramdb import Memory
from engramdb.errors import ForbiddenError, NotFoundError
from engramdb.knowledge import reads

ALICE = "org/acme/user/alice"


class WriteOnly:
    """A caller that may write everywhere and read nothing."""

    def can(self, verb: str, path: str) -> bool:
        return verb == "memory:write"

    def readable(self, scope: str) -> bool:
        return False

    def provenance(self) -> dict:
        return {}


def test_an_item_is_not_revised_as_a_turn(tmp_path):
    with Memory.open(tmp_path / "s") as mem:
        it = mem.put_item(ALICE, "prefs", {"color": "blue"})
        with pytest.raises(NotFoundError):
            mem.revise(it.id, "I live in Oslo")
        assert mem.get_item(ALICE, "prefs").value == {"color": "blue"}
        assert mem.memory_history(it.id)[-1]["version"] == 1
        assert not [f for f in mem.facts() if f.key == "lives_in"]


@pytest.mark.wallclock
def test_an_expired_item_is_gone_for_every_read(tmp_path):
    with Memory.open(tmp_path / "s") as mem:
        it = mem.put_item(ALICE, "otp", {"code": "otp-775511 expires soon"}, ttl_ms=1500)
        assert any(h.id == it.id for h in reads.query(mem._store, "otp-775511", one_per_text=False))
        time.sleep(1.7)
        assert mem.get_item(ALICE, "otp") is None
        assert not any(
            h.id == it.id for h in reads.query(mem._store, "otp-775511", one_per_text=False)
        )
        assert "otp-775511" not in mem.context("otp-775511 code")
        with pytest.raises(NotFoundError):
            mem.memory_history(it.id)


def test_a_write_only_caller_cannot_probe_keys(tmp_path):
    with Memory.open(tmp_path / "s") as mem:
        mem.put_item(ALICE, "exists", {"v": 1})
        for key in ("exists", "new"):
            with pytest.raises(ForbiddenError):
                mem.put_item(ALICE, key, {"v": 2}, caller=WriteOnly())
        assert mem.get_item(ALICE, "exists").value == {"v": 1}
        assert mem.get_item(ALICE, "new") is None


def test_list_namespaces_skips_scopes_the_store_did_not_write(tmp_path):
    pytest.importorskip("langgraph")
    from engramdb.integrations.langgraph import EngramStore

    with Memory.open(tmp_path / "s") as mem:
        mem.put_item("org/acme.eu", "k", {"v": 1})  # '.' is no label of a namespace
        mem.put_item("org/+41", "k", {"v": 1})  # not an escape this store writes
        store = EngramStore(mem)
        store.put(("org", "A"), "k", {"v": 1})
        assert store.list_namespaces() == [("org", "A")]
