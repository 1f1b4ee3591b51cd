"""The conflict suites' cases, kept as data (``conflict_suites/NAME.json``: ``about``, the
suite's description, and ``cases``); each case's fields are described in its suite's
``about``. The tests, ``scripts/train_verifier.py`` and ``scripts/train_pair_model.py`` read
them through ``cases``."""

from __future__ import annotations

import json
from pathlib import Path

__all__ = ["SUITES", "cases"]

SUITES = Path(__file__).resolve().parent / "conflict_suites"


def cases(name: str) -> list[dict]:
    """A suite's cases by name (``conflict_cases``, ``conflict_cases_holdout7``, ...), read
    afresh each call."""
    return json.loads((SUITES / f"{name}.json").read_text(encoding="utf-8"))["cases"]
