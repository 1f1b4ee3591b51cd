"""Errors name what is missing and who holds a store: an entity is not "a memory", and the
same process opening a store twice is not "another process"."""

from __future__ import annotations

import pytest

from engramdb import Engine, Memory
from engramdb.errors import NotFoundError, StoreLockedError


def test_not_found_names_what_is_missing(tmp_path):
    with Memory.open(tmp_path / "s") as mem:
        with pytest.raises(NotFoundError) as e:
            mem.entity("person", "nobody")
        assert str(e.value) == "no entity with id 'person/nobody'"
        with pytest.raises(NotFoundError, match="no job with id 'job-x'"):
            mem.job("job-x")
        with pytest.raises(NotFoundError, match="no memory with id 'turn-x'"):
            mem.memory("turn-x")


def test_a_second_open_in_the_same_process_says_so(tmp_path):
    with Engine.open(tmp_path / "s"):
        with pytest.raises(StoreLockedError) as e:
            Engine.open(tmp_path / "s")
        assert "in this process" in str(e.value) and "another process" not in str(e.value)
