"""Input limits and checks. Everything is checked before anything is written, so a refused call
leaves the store exactly as it was."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..errors import ValidationError
from .scoring import IMPORTANCE_MAX, IMPORTANCE_MIN

__all__ = [
    "MAX_BATCH",
    "MAX_ID_CHARS",
    "MAX_K",
    "MAX_TAGS",
    "MAX_TAG_CHARS",
    "MAX_TEXT_BYTES",
    "check_id",
    "check_importance",
    "check_k",
    "check_tags",
    "check_text",
    "check_timestamp",
    "check_unit",
    "check_vector",
]

MAX_TEXT_BYTES = 65_536
MAX_TAGS = 64
MAX_TAG_CHARS = 128
MAX_ID_CHARS = 128
MAX_SESSION_CHARS = 256
MAX_K = 1_000
MAX_CANDIDATES = 10_000
MAX_BATCH = 1_000_000
_MAX_TS = 253_402_300_799_999  # 9999-12-31T23:59:59.999Z


def check_text(text: Any, field: str = "text") -> str:
    """A non-empty UTF-8 string of at most MAX_TEXT_BYTES bytes."""
    if isinstance(text, bytes | bytearray | memoryview):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValidationError(
                field, f"is not valid UTF-8 (byte {exc.start}: {exc.reason})"
            ) from None
    if not isinstance(text, str):
        raise ValidationError(field, f"must be a string, got {type(text).__name__}")
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError as exc:
        raise ValidationError(
            field, f"is not valid UTF-8 (unpaired surrogate at character {exc.start})"
        ) from None
    if not text.strip():
        raise ValidationError(field, "must not be empty")
    if size > MAX_TEXT_BYTES:
        raise ValidationError(
            field, f"is {size} bytes of UTF-8, over the limit", limit=f"{MAX_TEXT_BYTES} bytes"
        )
    return text


def check_id(value: Any, field: str = "id") -> str:
    if not isinstance(value, str) or not value or not value.isprintable():
        raise ValidationError(field, "must be a non-empty printable string")
    if len(value) > MAX_ID_CHARS:
        raise ValidationError(field, f"is {len(value)} characters", limit=MAX_ID_CHARS)
    return value


def check_short(value: Any, field: str, limit: int = MAX_SESSION_CHARS) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not value:
        raise ValidationError(field, "must be a non-empty string or None")
    if len(value) > limit:
        raise ValidationError(field, f"is {len(value)} characters", limit=limit)
    check_text(value, field)
    return value


def check_tags(tags: Any) -> list[str]:
    if tags is None:
        return []
    if isinstance(tags, str) or not hasattr(tags, "__iter__"):
        raise ValidationError("tags", "must be a list of strings")
    out = []
    for t in tags:
        if not isinstance(t, str) or not t.strip():
            raise ValidationError("tags", f"each tag must be a non-empty string, got {t!r}")
        if len(t) > MAX_TAG_CHARS:
            raise ValidationError("tags", f"tag of {len(t)} characters", limit=MAX_TAG_CHARS)
        check_text(t, "tags")
        out.append(t)
    if len(out) > MAX_TAGS:
        raise ValidationError("tags", f"{len(out)} tags given", limit=MAX_TAGS)
    return out


def check_timestamp(ts: Any, field: str = "timestamp_ms") -> int | None:
    if ts is None:
        return None
    if isinstance(ts, bool) or not isinstance(ts, int | np.integer):
        raise ValidationError(field, f"must be an integer (Unix epoch ms), got {ts!r}")
    if not 0 <= int(ts) <= _MAX_TS:
        raise ValidationError(field, f"{ts} is out of range", limit=f"0..{_MAX_TS}")
    return int(ts)


def check_importance(value: Any) -> float | None:
    if value is None:
        return None
    v = _finite(value, "importance")
    if not IMPORTANCE_MIN <= v <= IMPORTANCE_MAX:
        raise ValidationError(
            "importance", f"{v} is out of range", limit=f"{IMPORTANCE_MIN}..{IMPORTANCE_MAX}"
        )
    return v


def check_unit(value: Any, field: str, lo: float, hi: float) -> float | None:
    if value is None:
        return None
    v = _finite(value, field)
    if not lo <= v <= hi:
        raise ValidationError(field, f"{v} is out of range", limit=f"{lo}..{hi}")
    return v


def check_k(k: Any) -> int:
    if isinstance(k, bool) or not isinstance(k, int | np.integer) or not 1 <= k <= MAX_K:
        raise ValidationError("k", f"must be an integer from 1 to {MAX_K}, got {k!r}", limit=MAX_K)
    return int(k)


def check_vector(vector: Any, dim: int, field: str = "vector") -> np.ndarray:
    """A finite, non-zero float vector of the store's dimension."""
    try:
        v = np.asarray(vector, dtype=np.float32)
    except (TypeError, ValueError):
        raise ValidationError(field, "must be a sequence of numbers") from None
    if v.ndim != 1 or v.shape[0] != dim:
        raise ValidationError(
            field, f"has shape {v.shape}, the store's dimension is {dim}", limit=f"dim {dim}"
        )
    if not np.isfinite(v).all():
        raise ValidationError(field, "contains NaN or infinity")
    if not np.any(v):
        raise ValidationError(field, "is all zeros")
    return v


def _finite(value: Any, field: str) -> float:
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise ValidationError(field, f"must be a number, got {value!r}") from None
    if not math.isfinite(v):
        raise ValidationError(field, "must be finite")
    return v
