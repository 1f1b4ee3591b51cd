"""Small helpers the engine's parts share."""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from .options import MemoryRecord
from .record import Flag, get_memory_type, has_flag
from .tiers import TierStore

__all__ = ["_now_ms", "_record", "_segment_lsn"]


def _segment_lsn(tier: TierStore, seg_no: int) -> int:
    try:
        return tier.segment(seg_no).checkpoint_lsn
    except Exception:
        return -1


def _record(row: dict[str, Any], h: np.void) -> MemoryRecord:
    flags = int(h["flags"])
    return MemoryRecord(
        id=row["id"],
        text=row["text"],
        tier=row["tier"],
        tags=row["tags"],
        session_id=row["session_id"],
        scope=row["scope"],
        source=row["source"],
        timestamp_ms=int(row["timestamp_ms"]),
        created_ms=int(row["created_ms"]),
        importance=float(h["importance"]),
        valence=int(h["valence"]) / 127.0,
        arousal=int(h["arousal"]) / 255.0,
        pinned=has_flag(flags, Flag.PINNED),
        consolidated=has_flag(flags, Flag.CONSOLIDATED),
        agent_recall_count=int(h["agent_recall_count"]),
        storage_strength=float(h["storage_strength"]),
        memory_type=get_memory_type(flags).name.lower(),
        keyphrases=row["keyphrases"],
        meta=row["meta"],
    )


def _now_ms() -> int:
    return time.time_ns() // 1_000_000
