"""Regression guards on the tune halves of the truth-keeping corpus (``truth_corpus/``,
``docs/knowledge.md``), a little below today's figures. The first-sight halves are measured by
``scripts/truth_eval.py`` and never asserted here: a failing guard gets looked at, and what is
looked at is no longer first sight."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _truth import (  # noqa: E402
    TUNE_DOMAINS,
    extraction_scores,
    first_person_scores,
    load,
    load_extraction,
    load_first_person,
    run,
    run_extraction,
    run_first_person,
    scores,
)


def test_conflicts_on_the_tune_domains_do_not_regress(tmp_path):
    s = scores(run(load(TUNE_DOMAINS), tmp_path / "c"))
    assert s["precision"] >= 0.79 and s["recall"] >= 0.64, s


def test_curated_extraction_on_the_tune_domains_does_not_regress(tmp_path):
    s = extraction_scores(run_extraction(load_extraction(TUNE_DOMAINS), tmp_path / "x"))
    assert s["frames_right"] >= 0.56, s


def test_first_person_facts_on_the_tune_half_do_not_regress(tmp_path):
    s = first_person_scores(run_first_person(load_first_person("tune"), tmp_path / "f"))
    assert s["recall"] >= 0.80 and s["precision"] >= 0.88, s


def test_first_person_facts_on_the_fresh_suite_do_not_regress(tmp_path):
    """The second first-person suite, diagnosed on 2026-12-03 (training data since)."""
    s = first_person_scores(run_first_person(load_first_person("fresh"), tmp_path / "f"))
    assert s["recall"] >= 0.50 and s["precision"] >= 0.70, s
