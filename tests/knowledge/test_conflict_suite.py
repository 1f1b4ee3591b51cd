"""Conflict detection on the suites of cases (paraphrased conflicts, agreements, unrelated
statements, supersessions, negations, other scopes): precision and recall of conflict detection
must each reach 0.9.

- ``conflict_cases.py`` (95 cases): the development suite, tuned on;
- ``conflict_cases_holdout.py`` (77 cases, other topics and phrasings, written without sight of
  the implementation): run first as a held-out measure (P 0.86, R 0.46 at the time), then used to
  find the general mechanisms that were missing (terminative verbs, inverted possessives, the
  organisation as subject of its catalogue); its figures since are no longer held-out figures.
  ``conflict_cases_holdout2.py`` is the untouched one (see docs/knowledge.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402
from _suite import run_all, scores  # noqa: E402
from conflict_cases import CASES  # noqa: E402
from conflict_cases_holdout import CASES as HOLDOUT  # noqa: E402
from conflict_cases_holdout2 import CASES as HOLDOUT2  # noqa: E402
from conflict_cases_holdout3 import CASES as HOLDOUT3  # noqa: E402
from conflict_cases_holdout4 import CASES as HOLDOUT4  # noqa: E402
from conflict_cases_holdout5 import CASES as HOLDOUT5  # noqa: E402
from conflict_cases_holdout6 import CASES as HOLDOUT6  # noqa: E402
from conflict_cases_holdout7 import CASES as HOLDOUT7  # noqa: E402
from conflict_cases_holdout8 import CASES as HOLDOUT8  # noqa: E402


@pytest.mark.parametrize("cases", [CASES, HOLDOUT], ids=["dev", "holdout"])
def test_conflict_detection_precision_and_recall(tmp_path, cases):
    results = run_all(cases, tmp_path / "suite")
    s = scores(results)
    wrong = [(c["id"], c["expect"], got) for c, got in results if c["expect"] != got]
    assert s["precision"] >= 0.9 and s["recall"] >= 0.9, (s, wrong)
    # the other outcomes (supersede, close, corroborate, none) are mostly right too
    assert s["accuracy"] >= 0.9, (s, wrong)


@pytest.mark.parametrize(
    ("cases", "precision", "recall"),
    [
        (HOLDOUT2, 0.95, 0.8),
        (HOLDOUT3, 0.9, 0.8),
        (HOLDOUT4, 0.95, 0.8),
        (HOLDOUT5, 0.95, 0.8),
        (HOLDOUT6, 0.9, 0.7),
        (HOLDOUT7, 0.95, 0.8),
        (HOLDOUT8, 0.9, 0.85),
    ],
    ids=["holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7", "holdout8"],
)
def test_later_suites_do_not_regress(tmp_path, cases, precision, recall):
    """Guards at a little below today's figures (docs/knowledge.md): these suites measure
    generalisation, and a change that helps one phrasing must not cost others."""
    results = run_all(cases, tmp_path / "suite")
    s = scores(results)
    wrong = [(c["id"], c["expect"], got) for c, got in results if c["expect"] != got]
    assert s["precision"] >= precision and s["recall"] >= recall, (s, wrong)
