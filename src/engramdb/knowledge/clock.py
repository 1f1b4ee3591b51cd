"""Epoch milliseconds, the one time unit of the knowledge tables, and the check that turns a
caller's time (a datetime, an ISO-8601 string or epoch ms) into one."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime

from ..errors import ValidationError

__all__ = ["now_ms", "to_ms"]


def to_ms(when: datetime | int | float | str | None, field: str) -> int | None:
    """``when`` in epoch ms (None stays None); anything datetime cannot hold is a
    ``ValidationError`` naming ``field``."""
    if when is None:
        return None
    if isinstance(when, bool):
        raise ValidationError(field, "must be a datetime, an ISO-8601 string or epoch ms")
    if isinstance(when, int | float):
        if when != when or not _MIN_MS <= when <= _MAX_MS:
            raise ValidationError(field, "is outside the years 1 to 9999", limit="0001..9999")
        return int(when)
    if isinstance(when, str) and _EPOCH_MS.fullmatch(when.strip()):
        return to_ms(int(when), field)  # epoch ms as text (a query string's)
    if isinstance(when, str):
        try:
            when = datetime.fromisoformat(when.replace("Z", "+00:00"))
        except ValueError:
            raise ValidationError(field, f"{when!r} is not an ISO-8601 time") from None
    if isinstance(when, datetime):
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        try:
            ms = int(when.timestamp() * 1000)
        except (OverflowError, OSError, ValueError):
            raise ValidationError(field, "is outside the years 1 to 9999") from None
        if not _MIN_MS <= ms <= _MAX_MS:
            raise ValidationError(field, "is outside the years 1 to 9999", limit="0001..9999")
        return ms
    raise ValidationError(field, "must be a datetime, an ISO-8601 string or epoch ms")


_EPOCH_MS = re.compile(r"-?[0-9]{1,18}")

# years 1 and 9999 in epoch milliseconds: what datetime (and so every clock here) can hold
_MIN_MS = -62_135_596_800_000 + 86_400_000
_MAX_MS = 253_402_300_799_999 - 86_400_000


def now_ms() -> int:
    """The wall clock in epoch ms."""
    return int(time.time() * 1000)
