"""The protocol every embedding provider follows.

An embedder turns texts into L2-normalised float32 vectors of a fixed dimension. The store records
``model_id`` and ``dim`` at creation, and refuses to open with another model.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np

__all__ = ["Embedder", "normalize_rows"]


@runtime_checkable
class Embedder(Protocol):
    """Texts in, unit-length float32 rows out."""

    @property
    def model_id(self) -> str:
        """A stable name for the model and its settings; stored with the data."""
        ...

    @property
    def dim(self) -> int:
        """The vector dimension."""
        ...

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed a batch; returns an array of shape (len(texts), dim), float32, rows of norm 1
        (or 0 for a text with no known token)."""
        ...


def normalize_rows(x: np.ndarray) -> np.ndarray:
    """L2-normalise each row in place-safe fashion; zero rows stay zero."""
    x = np.asarray(x, dtype=np.float32)
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    np.divide(x, norms, out=x, where=norms > 0)
    return x
