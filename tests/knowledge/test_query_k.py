"""``Memory.query``'s k is checked before any work, with the limit in the error."""

from __future__ import annotations

import pytest

from engramdb import Memory
from engramdb.errors import ValidationError


@pytest.mark.parametrize("k", [10**9, 2.5, "5", 0, True])
def test_a_bad_k_is_a_clear_error(tmp_path, k):
    with Memory.open(tmp_path / "s") as mem:
        mem.remember("I live in Berlin", scope="u/alice")
        with pytest.raises(ValidationError) as e:
            mem.query("where", k=k)
        assert e.value.field == "k" and e.value.limit == 1000
        assert repr(k) in str(e.value)
        assert mem.query("where do I live", k=1)  # nothing lost
