"""The default embedder: a model2vec static model shipped inside the package.

Static models map each token to a fixed vector and average them: no torch, no network, ~0.1 ms a
query and tens of thousands of texts a second on two cores. The shipped weights are distilled
from all-MiniLM-L6-v2 by ``scripts/distill_default_model.py`` (see ``models/*/NOTICE``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from engramdb._files import sha256_of
from engramdb.embed._texts import as_text_list
from engramdb.embed.base import normalize_rows
from engramdb.errors import ConfigError

__all__ = ["DEFAULT_MODEL_DIR", "DEFAULT_MODEL_ID", "StaticEmbedder"]

DEFAULT_MODEL_DIR = Path(__file__).resolve().parent / "models" / "minilm-l6-m2v-256"
DEFAULT_MODEL_ID = "engramdb/minilm-l6-m2v-256@1"

# Files model2vec needs in a local model directory. Checking them ourselves matters: given a
# path that does not exist, model2vec would treat it as a hub repository name and download.
_REQUIRED = ("config.json", "model.safetensors", "tokenizer.json")

# Measured on 2 cores: 1024 is at or near the best; much larger batches were not faster.
_BATCH_SIZE = 1024


class StaticEmbedder:
    """A model2vec static model loaded from a local directory (default: the shipped one).

    Vectors are float32 and unit length; a text with no known token gets a zero row.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        model_id: str | None = None,
        batch_size: int = _BATCH_SIZE,
    ) -> None:
        model_dir = DEFAULT_MODEL_DIR if path is None else Path(path).expanduser()
        _check_model_dir(model_dir, shipped=path is None)
        try:
            from model2vec import StaticModel
        except ImportError as e:  # pragma: no cover - model2vec is a core dependency
            raise ConfigError(
                "the static embedder needs the model2vec package: pip install model2vec"
            ) from e
        try:
            # float32 in memory: 2x the RAM of the fp16 file (~30 MB) but faster to average,
            # and the sums are not rounded to fp16.
            self._model: Any = StaticModel.from_pretrained(model_dir, quantize_to="float32")
        except Exception as e:
            raise ConfigError(f"cannot load model2vec model from {model_dir}: {e}") from e
        self._dim = int(self._model.dim)
        self._batch_size = int(batch_size)
        self._path = model_dir
        if model_id is not None:
            self._model_id = model_id
        elif path is None:
            self._model_id = DEFAULT_MODEL_ID
        else:
            self._model_id = f"m2v:{model_dir.resolve().name}@{_weights_digest(model_dir)}"

    @property
    def model_id(self) -> str:
        """``engramdb/minilm-l6-m2v-256@1`` for the shipped model, else ``m2v:<dir>@<sha12>``."""
        return self._model_id

    @property
    def dim(self) -> int:
        """The vector dimension (256 for the shipped model)."""
        return self._dim

    @property
    def path(self) -> Path:
        """The model directory in use."""
        return self._path

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed a batch; shape (len(texts), dim), float32, rows of norm 1 (or 0)."""
        items = as_text_list(texts)
        if not items:
            return np.zeros((0, self._dim), dtype=np.float32)
        # use_multiprocessing=False: model2vec's parallel path (a joblib thread pool above 10k
        # texts) is only ~15% faster here, and it sets TOKENIZERS_PARALLELISM=false for the
        # whole process, which makes every later call ~35% slower. The Rust tokenizer already
        # uses all cores on its own.
        out = self._model.encode(
            items,
            batch_size=self._batch_size,
            normalize=True,
            use_multiprocessing=False,
            show_progress_bar=False,
        )
        return normalize_rows(np.ascontiguousarray(out, dtype=np.float32))

    def __repr__(self) -> str:
        return f"StaticEmbedder(model_id={self._model_id!r}, dim={self._dim})"


def _check_model_dir(model_dir: Path, *, shipped: bool) -> None:
    """Refuse a directory model2vec cannot load locally, before it could reach for a hub."""
    missing = [name for name in _REQUIRED if not (model_dir / name).is_file()]
    if not missing:
        return
    if shipped:
        raise ConfigError(
            f"the default embedding model is missing from the installed package ({model_dir}: "
            f"no {', '.join(missing)}); reinstall engramdb, or rebuild it with "
            f"scripts/distill_default_model.py"
        )
    raise ConfigError(
        f"{model_dir} is not a model2vec model directory (missing {', '.join(missing)}); "
        f"pass a local directory written by StaticModel.save_pretrained"
    )


def _weights_digest(model_dir: Path) -> str:
    """First 12 hex digits of the weights' SHA-256: identifies a custom model wherever it lives."""
    return sha256_of(model_dir / "model.safetensors")[:12]
