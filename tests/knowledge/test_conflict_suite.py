"""Conflict detection on the suite of ``conflict_cases.py`` (95 cases: paraphrased conflicts,
agreements, unrelated statements, supersessions, negations, other scopes): precision and recall
of conflict detection must each reach 0.9."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _suite import run_all, scores  # noqa: E402
from conflict_cases import CASES  # noqa: E402


def test_conflict_detection_precision_and_recall(tmp_path):
    results = run_all(CASES, tmp_path / "suite")
    s = scores(results)
    wrong = [(c["id"], c["expect"], got) for c, got in results if c["expect"] != got]
    assert s["precision"] >= 0.9 and s["recall"] >= 0.9, (s, wrong)
    # the other outcomes (supersede, close, corroborate, none) are mostly right too
    assert s["accuracy"] >= 0.9, (s, wrong)
