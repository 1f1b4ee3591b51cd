from __future__ import annotations

import os
import sys
from pathlib import Path

# pytest-xdist's workers start with COLUMNS=80, which fixes the CLI's Rich consoles at 80
# columns when they are made (a test then sets the width it reads tables at, per invocation)
os.environ.pop("COLUMNS", None)
# the shared helpers (price_lists, realtext, untrusted_shapes, ...) for tests in any folder
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pytest

from engramdb import Engine, EngineConfig


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    return tmp_path / "store"


@pytest.fixture
def engine(store_path: Path):
    eng = Engine.open(store_path, embedder="hashing")
    yield eng
    eng.close()


@pytest.fixture
def small_segments() -> EngineConfig:
    """Tiny segments so that tests cross segment boundaries cheaply."""
    return EngineConfig(segment_capacity=64)
