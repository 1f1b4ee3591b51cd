"""Any local sentence-transformers model as an embedder (optional extra ``st``).

For users who want a full transformer (better quality, ~100x slower than the static default).
Loading never downloads: models must be a local directory or already in the local cache.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import numpy as np

from engramdb.embed._texts import as_text_list
from engramdb.embed.base import normalize_rows
from engramdb.errors import ConfigError

__all__ = ["SentenceTransformerEmbedder"]

_INSTALL_HINT = "pip install -e '.[st]' in a checkout"


class SentenceTransformerEmbedder:
    """A sentence-transformers model, loaded offline, returning float32 unit vectors."""

    def __init__(
        self,
        model_name_or_path: str,
        device: str = "cpu",
        *,
        batch_size: int = 64,
        model_id: str | None = None,
    ) -> None:
        if not isinstance(model_name_or_path, str) or not model_name_or_path.strip():
            raise ConfigError("SentenceTransformerEmbedder needs a model name or local path")
        # Hub lookups of an absent network cost ~20 s of timeouts each; a run-time download
        # is never wanted. Only effective if the hub library is not imported yet.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as e:
            raise ConfigError(
                f"the 'st' embedder needs sentence-transformers, which is not installed: "
                f"{_INSTALL_HINT}"
            ) from e
        try:
            self._model: Any = SentenceTransformer(
                model_name_or_path, device=device, local_files_only=True
            )
        except Exception as e:
            raise ConfigError(
                f"cannot load sentence-transformers model {model_name_or_path!r} from local "
                f"files (EngramDB never downloads models): {e}"
            ) from e
        # sentence-transformers >= 5 renamed the method; keep both working.
        get_dim = getattr(self._model, "get_embedding_dimension", None)
        if get_dim is None:
            get_dim = self._model.get_sentence_embedding_dimension
        dim = get_dim()
        if not dim:
            raise ConfigError(f"model {model_name_or_path!r} does not report its dimension")
        self._dim = int(dim)
        self._batch_size = batch_size
        self._model_id = model_id or f"st:{model_name_or_path}"

    @property
    def model_id(self) -> str:
        """``st:<name or path as given>`` unless set explicitly."""
        return self._model_id

    @property
    def dim(self) -> int:
        """The model's output dimension."""
        return self._dim

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed a batch; shape (len(texts), dim), float32, rows of norm 1."""
        items = as_text_list(texts)
        if not items:
            return np.zeros((0, self._dim), dtype=np.float32)
        out = self._model.encode(
            items,
            batch_size=self._batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return normalize_rows(np.array(out, dtype=np.float32, copy=True))

    def __repr__(self) -> str:
        return f"SentenceTransformerEmbedder(model_id={self._model_id!r}, dim={self._dim})"
