"""Conflict detection on the suites of cases (paraphrased conflicts, agreements, unrelated
statements, supersessions, negations, other scopes): precision and recall of conflict detection
must each reach 0.9.

The suites are data, ``conflict_suites/NAME.json`` (read by ``suite_data.cases``):

- ``conflict_cases`` (95 cases): the development suite, tuned on;
- ``conflict_cases_holdout`` (77 cases, other topics and phrasings, written without sight of
  the implementation): run first as a held-out measure (P 0.86, R 0.46 at the time), then used to
  find the general mechanisms that were missing (terminative verbs, inverted possessives, the
  organisation as subject of its catalogue); its figures since are no longer held-out figures;
- holdout2-12: later suites by other authors, each measured once untouched and then used; they
  are guarded against regressions below;
- holdout13: written to the issue's own description of the suite, measured once untouched at
  P 0.96 / R 0.92 after every change, and held to the issue's 0.9 here (its misses were not
  looked at). docs/knowledge.md has every suite's first and current figures.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402
from _suite import run_all, scores  # noqa: E402
from suite_data import cases  # noqa: E402

CASES = cases("conflict_cases")
HOLDOUT = cases("conflict_cases_holdout")
HOLDOUT2 = cases("conflict_cases_holdout2")
HOLDOUT3 = cases("conflict_cases_holdout3")
HOLDOUT4 = cases("conflict_cases_holdout4")
HOLDOUT5 = cases("conflict_cases_holdout5")
HOLDOUT6 = cases("conflict_cases_holdout6")
HOLDOUT7 = cases("conflict_cases_holdout7")
HOLDOUT8 = cases("conflict_cases_holdout8")
HOLDOUT9 = cases("conflict_cases_holdout9")
HOLDOUT10 = cases("conflict_cases_holdout10")
HOLDOUT11 = cases("conflict_cases_holdout11")
HOLDOUT12 = cases("conflict_cases_holdout12")
HOLDOUT13 = cases("conflict_cases_holdout13")


@pytest.mark.parametrize(
    ("cases", "accuracy"),
    [(CASES, 0.9), (HOLDOUT, 0.9), (HOLDOUT13, 0.8)],
    ids=["dev", "holdout", "holdout13"],
)
def test_conflict_detection_precision_and_recall(tmp_path, cases, accuracy):
    results = run_all(cases, tmp_path / "suite")
    s = scores(results)
    wrong = [(c["id"], c["expect"], got) for c, got in results if c["expect"] != got]
    assert s["precision"] >= 0.9 and s["recall"] >= 0.9, (s, wrong)
    # the other outcomes (supersede, close, corroborate, none) are mostly right too
    assert s["accuracy"] >= accuracy, (s, wrong)


@pytest.mark.parametrize(
    ("cases", "precision", "recall"),
    [
        (HOLDOUT2, 0.95, 0.95),
        (HOLDOUT3, 0.9, 0.9),
        (HOLDOUT4, 0.95, 0.95),
        (HOLDOUT5, 0.95, 0.9),
        (HOLDOUT6, 0.95, 0.9),
        (HOLDOUT7, 0.95, 0.95),
        (HOLDOUT8, 0.95, 0.9),
        (HOLDOUT9, 0.95, 0.9),
        (HOLDOUT10, 0.95, 0.9),
        (HOLDOUT11, 0.9, 0.85),
        (HOLDOUT12, 0.75, 0.65),
    ],
    ids=[f"holdout{n}" for n in range(2, 13)],
)
def test_later_suites_do_not_regress(tmp_path, cases, precision, recall):
    """Guards at a little below today's figures (docs/knowledge.md): these suites measure
    generalisation, and a change that helps one phrasing must not cost others."""
    results = run_all(cases, tmp_path / "suite")
    s = scores(results)
    wrong = [(c["id"], c["expect"], got) for c, got in results if c["expect"] != got]
    assert s["precision"] >= precision and s["recall"] >= recall, (s, wrong)
