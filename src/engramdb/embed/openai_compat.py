"""Embeddings from any server speaking OpenAI's embeddings API (OpenAI, Ollama, vLLM, ...).

Optional extra ``openai`` (httpx). Every answer is checked (count, dimension, finite values)
before it can reach the store: a misbehaving server gives a clear error, never bad vectors.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

import numpy as np

from engramdb.embed._texts import as_text_list
from engramdb.embed.base import normalize_rows
from engramdb.errors import ConfigError, EmbeddingServiceError, ValidationError

__all__ = ["EmbeddingServiceError", "OpenAICompatibleEmbedder"]

_INSTALL_HINT = "pip install -e '.[openai]' in a checkout"
_EXCERPT = 200
_RETRY_STATUS = frozenset({429, 502, 503, 504})


class OpenAICompatibleEmbedder:
    """POSTs ``{"model", "input": [...]}`` to ``{base_url}/embeddings`` in batches.

    ``dim=None`` discovers the dimension from the first answer (one probe call if ``dim`` is
    read before anything was embedded). Empty or blank texts get a zero row without a request,
    since some servers refuse empty input.
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        dim: int | None = None,
        timeout: float = 30,
        batch_size: int = 256,
        *,
        max_retries: int = 2,
    ) -> None:
        parts = urlsplit(base_url or "")
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ConfigError(
                f"base_url must be an http(s) URL such as http://localhost:11434/v1, "
                f"got {base_url!r}"
            )
        if not model:
            raise ConfigError("OpenAICompatibleEmbedder needs a model name")
        if dim is not None and (isinstance(dim, bool) or not isinstance(dim, int) or dim < 1):
            raise ValidationError("dim", "must be a positive integer or None", value=dim)
        if batch_size < 1:
            raise ValidationError("batch_size", "must be at least 1", value=batch_size)
        try:
            import httpx
        except ImportError as e:
            raise ConfigError(
                f"the OpenAI-compatible embedder needs httpx, which is not installed: "
                f"{_INSTALL_HINT}"
            ) from e
        self._httpx: Any = httpx
        self._url = base_url.rstrip("/") + "/embeddings"
        self._model = model
        self._dim = dim
        self._batch_size = batch_size
        self._max_retries = max(0, max_retries)
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if api_key:
            headers["Authorization"] = f"Bearer {api_key}"
        self._client: Any = httpx.Client(timeout=timeout, headers=headers)
        self._lock = threading.RLock()
        host = parts.hostname + (f":{parts.port}" if parts.port else "")
        self._model_id = f"openai:{model}@{host}"

    @property
    def model_id(self) -> str:
        """``openai:<model>@<host[:port]>``."""
        return self._model_id

    @property
    def dim(self) -> int:
        """The vector dimension; asks the server once if it was not given."""
        if self._dim is None:
            with self._lock:
                if self._dim is None:
                    self._dim = int(self._request(["dimension probe"]).shape[1])
        return self._dim

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed a batch; shape (len(texts), dim), float32, rows of norm 1 (0 for blank text)."""
        items = as_text_list(texts)
        todo = [i for i, t in enumerate(items) if t.strip()]
        chunks: list[np.ndarray] = []
        for start in range(0, len(todo), self._batch_size):
            batch = [items[i] for i in todo[start : start + self._batch_size]]
            chunks.append(self._request(batch))
        out = np.zeros((len(items), self.dim), dtype=np.float32)
        if chunks:
            out[todo] = np.concatenate(chunks, axis=0)
        return out

    def close(self) -> None:
        """Close the HTTP connection pool."""
        self._client.close()

    def __enter__(self) -> OpenAICompatibleEmbedder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"OpenAICompatibleEmbedder(model_id={self._model_id!r}, dim={self._dim})"

    def _request(self, batch: list[str]) -> np.ndarray:
        """One POST, retried on overload and transport errors, answer checked and normalised."""
        payload = {"model": self._model, "input": batch}
        httpx = self._httpx
        for attempt in range(self._max_retries + 1):
            last = attempt == self._max_retries
            try:
                resp = self._client.post(self._url, json=payload)
            except httpx.HTTPError as e:
                if last:
                    raise EmbeddingServiceError(self._url, f"{type(e).__name__}: {e}") from e
            else:
                if resp.status_code in _RETRY_STATUS and not last:
                    pass
                elif resp.is_success:
                    return self._parse(resp.text, len(batch), resp.status_code)
                else:
                    raise EmbeddingServiceError(
                        self._url,
                        "server returned an error",
                        status=resp.status_code,
                        body=resp.text[:_EXCERPT],
                    )
            time.sleep(min(0.5 * 2**attempt, 4.0))
        raise AssertionError("unreachable")  # pragma: no cover

    def _parse(self, text: str, expected: int, status: int) -> np.ndarray:
        def bad(detail: str) -> EmbeddingServiceError:
            return EmbeddingServiceError(self._url, detail, status=status, body=text[:_EXCERPT])

        try:
            doc = json.loads(text)
        except ValueError:
            raise bad("response is not JSON") from None
        data = doc.get("data") if isinstance(doc, dict) else None
        if not isinstance(data, list):
            raise bad("response has no 'data' list")
        if len(data) != expected:
            raise bad(f"sent {expected} texts, got {len(data)} embeddings")
        if not all(isinstance(d, dict) and "embedding" in d for d in data):
            raise bad("an item of 'data' has no 'embedding'")
        indexed = [d for d in data if "index" in d]
        if indexed:
            indices = [d.get("index") for d in data]
            if sorted(i for i in indices if isinstance(i, int)) != list(range(expected)):
                raise bad(f"'index' values are not 0..{expected - 1} once each")
            data = sorted(data, key=lambda d: d["index"])
        rows = [d["embedding"] for d in data]
        if not all(isinstance(r, list) and r for r in rows):
            raise bad("an 'embedding' is not a non-empty list of numbers (base64 is not read)")
        width = len(rows[0])
        if any(len(r) != width for r in rows):
            raise bad("embeddings have different lengths")
        with self._lock:
            if self._dim is None:
                self._dim = width  # discovered from the first good answer
            want = self._dim
        if width != want:
            raise bad(f"expected dimension {want}, got {width}")
        try:
            arr = np.array(rows)
        except (TypeError, ValueError):
            arr = np.array([], dtype=object)
        if arr.dtype.kind not in "fiu" or arr.shape != (expected, width):
            raise bad("an 'embedding' holds something other than numbers")
        with np.errstate(over="ignore", invalid="ignore"):
            vecs = arr.astype(np.float32)
        if not np.isfinite(vecs).all():
            raise bad("an embedding holds NaN, infinity or a value beyond float32")
        return normalize_rows(vecs)
