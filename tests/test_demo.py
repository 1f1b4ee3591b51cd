"""The demo runs end to end with the default embedder and recalls what the story says."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engramdb.demo import FORGET_ID, load_sample


def test_sample_is_well_formed() -> None:
    items = load_sample()
    assert 60 <= len(items) <= 100
    assert len({i["id"] for i in items}) == len(items)
    assert {i["tier"] for i in items} == {"episodic", "semantic", "procedural"}
    assert len({i["session_id"] for i in items}) >= 5
    assert any(i["id"] == FORGET_ID for i in items)


@pytest.mark.processes
def test_demo_runs_and_recalls(tmp_path: Path) -> None:
    store = tmp_path / "demo-store"
    env = {**os.environ, "COLUMNS": "160"}
    done = subprocess.run(
        [sys.executable, "-m", "engramdb.demo", "--path", str(store)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Loaded 79 memories" in out
    assert "Maya lives in Lisbon now." in out
    assert "Pixel" in out
    assert "never include peanuts" in out
    # the worked example of truth keeping
    assert "curated policy row unchanged: yes" in out
    assert "belief stored in org/acme/user/bob" in out
    assert "bob said '60 days'; the policy that applies: '30 days'" in out
    assert "Returns are accepted within 30 days of delivery. [source: returns.md v1]" in out
    # the forgotten memory shows before forget() and not after
    before, after = out.split("(after forget)")
    assert "going through a divorce" in before
    assert "going through a divorce" not in after
    assert "forgotten memory recalled: no" in after
    assert (store / "index.db").exists()

    again = subprocess.run(
        [sys.executable, "-m", "engramdb.demo", "--path", str(store)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert again.returncode == 2
    assert "not empty" in again.stderr
