"""A deterministic embedder that needs no model: feature hashing of words and word pairs.

For tests and for setups where any model is too much. Two texts that share words get a higher
cosine than two that do not; there is no notion of synonyms. The hash is BLAKE2b, never Python's
``hash()`` (salted per process), so vectors are identical across processes, machines and runs.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np

from engramdb.embed._texts import as_text_list
from engramdb.errors import ValidationError

__all__ = ["HashingEmbedder"]

_WORD = re.compile(r"\w+")
_MAX_DIM = 1 << 16
_BIGRAM_WEIGHT = 0.5  # pairs add word-order signal without drowning the shared-word signal
_CACHE_LIMIT = 1 << 20  # distinct features remembered; the cache is dropped when full
_CHUNK = 4096  # texts per dense scatter, bounds the temporary (chunk x dim) array


class HashingEmbedder:
    """Signed feature hashing of lowercased words and adjacent word pairs, L2-normalised.

    ``seed`` picks another, equally deterministic hash family (different vectors).
    Algorithm version 1; any change to features or hashing must bump the version in model_id.
    """

    def __init__(self, dim: int = 256, seed: int = 0) -> None:
        if isinstance(dim, bool) or not isinstance(dim, int) or not 2 <= dim <= _MAX_DIM:
            raise ValidationError("dim", "must be an integer in [2, 65536]", value=dim)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
            raise ValidationError("seed", "must be an integer in [0, 2**64)", value=seed)
        self._dim = dim
        self._seed = seed
        self._salt = seed.to_bytes(8, "little")
        # feature -> signed (bucket + 1): the sign is the hash sign, +1 keeps bucket 0 signed.
        self._cache: dict[str, int] = {}

    @property
    def model_id(self) -> str:
        """``engramdb/hashing-<dim>-s<seed>@1``."""
        return f"engramdb/hashing-{self._dim}-s{self._seed}@1"

    @property
    def dim(self) -> int:
        """The vector dimension."""
        return self._dim

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed a batch; shape (len(texts), dim), float32, rows of norm 1 (0 if no word)."""
        items = as_text_list(texts)
        out = np.empty((len(items), self._dim), dtype=np.float32)
        for start in range(0, len(items), _CHUNK):
            out[start : start + _CHUNK] = self._embed_chunk(items[start : start + _CHUNK])
        return out

    def _embed_chunk(self, texts: list[str]) -> np.ndarray:
        n, dim = len(texts), self._dim
        rows: list[int] = []
        codes: list[int] = []
        weights: list[float] = []
        code = self._code
        for i, text in enumerate(texts):
            words = _WORD.findall(text.lower())
            if not words:
                continue
            feats = [code(w) for w in words]
            feats += [code(f"{a} {b}") for a, b in zip(words, words[1:], strict=False)]
            rows += [i] * len(feats)
            codes += feats
            weights += [1.0] * len(words) + [_BIGRAM_WEIGHT] * (len(words) - 1)
        if not codes:
            return np.zeros((n, dim), dtype=np.float32)
        c = np.asarray(codes, dtype=np.int64)
        flat = np.asarray(rows, dtype=np.int64) * dim + (np.abs(c) - 1)
        vals = np.copysign(np.asarray(weights, dtype=np.float64), c)
        dense = np.bincount(flat, weights=vals, minlength=n * dim).reshape(n, dim)
        norms = np.linalg.norm(dense, axis=1, keepdims=True)
        np.divide(dense, norms, out=dense, where=norms > 0)
        return dense.astype(np.float32)

    def _code(self, feature: str) -> int:
        """Signed bucket code of one feature (memoised: texts repeat words a lot)."""
        code = self._cache.get(feature)
        if code is None:
            h = int.from_bytes(
                hashlib.blake2b(feature.encode("utf-8"), digest_size=8, salt=self._salt).digest(),
                "little",
            )
            code = (h % self._dim) + 1
            if h >> 63:
                code = -code
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            self._cache[feature] = code
        return code

    def __repr__(self) -> str:
        return f"HashingEmbedder(dim={self._dim}, seed={self._seed})"
