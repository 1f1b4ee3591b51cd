from __future__ import annotations

from pathlib import Path

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
