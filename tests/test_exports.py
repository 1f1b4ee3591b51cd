"""The public surface is curated: what ``engramdb`` exports is exactly its ``__all__``."""

from __future__ import annotations

import engramdb
import engramdb.engine


def _public(module) -> set[str]:
    return {
        name
        for name in vars(module)
        if not name.startswith("_") and not isinstance(getattr(module, name), type(engramdb))
    }


def test_package_exports_match_all():
    # Memory loads lazily (module __getattr__), so it is not in vars() until imported
    assert set(engramdb.__all__) == (_public(engramdb) - {"Memory"}) | {"__version__", "Memory"}
    assert engramdb.Memory.__name__ == "Memory"


def test_engine_exports_match_all():
    assert set(engramdb.engine.__all__) <= _public(engramdb.engine)


def test_every_error_shares_the_root():
    from engramdb import errors

    for name in errors.__all__:
        cls = getattr(errors, name)
        assert issubclass(cls, engramdb.EngramDBError), name
