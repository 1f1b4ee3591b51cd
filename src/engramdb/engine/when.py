"""Dates a query names, as spans of time, and how close each memory's time is to them.

"What did Gina find for her store on 1 February, 2023?" asks about that day; "in October 2023"
about that month. The entity extractor reads such dates (absolute, or relative to when the
question is asked) as ISO values: a day ``2023-02-01``, an ISO week ``2023-W05``, a month
``2023-10`` or a year ``2023``. A memory stored inside the span gets 1; one outside it
``exp(-days away / tau)``: what is told a few days after an event often tells of it ("last
week I went...").
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta

import numpy as np

__all__ = ["closeness", "span_of"]

_DAY_MS = 86_400_000


def span_of(value: str) -> tuple[int, int] | None:
    """[start, end) in ms (UTC) of an ISO day, week, month or year; None for anything else."""
    try:
        if re.fullmatch(r"\d{4}", value):
            start = datetime(int(value), 1, 1, tzinfo=UTC)
            end = datetime(int(value) + 1, 1, 1, tzinfo=UTC)
        elif re.fullmatch(r"\d{4}-\d{2}", value):
            y, m = map(int, value.split("-"))
            start = datetime(y, m, 1, tzinfo=UTC)
            end = datetime(y + (m == 12), m % 12 + 1, 1, tzinfo=UTC)
        elif re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            start = datetime.fromisoformat(value).replace(tzinfo=UTC)
            end = start + timedelta(days=1)
        elif m := re.fullmatch(r"(\d{4})-W(\d{2})", value):
            first = date.fromisocalendar(int(m[1]), int(m[2]), 1)
            start = datetime(first.year, first.month, first.day, tzinfo=UTC)
            end = start + timedelta(days=7)
        else:
            return None
    except ValueError:  # month 13, week 60: not a date
        return None
    return int(start.timestamp() * 1000), int(end.timestamp() * 1000)


def closeness(timestamps: np.ndarray, spans: list[tuple[int, int]], tau_days: float) -> np.ndarray:
    """Per memory, in [0, 1]: 1 inside a span, decaying by ``tau_days`` outside; the best span
    counts. Zeros for no span."""
    ts = np.asarray(timestamps, dtype=np.float64)
    out = np.zeros(len(ts), dtype=np.float32)
    for start, end in spans:
        away = np.where(ts < start, start - ts, np.where(ts >= end, ts - end + 1, 0.0))
        out = np.maximum(out, np.exp(-away / (tau_days * _DAY_MS)).astype(np.float32))
    return out
