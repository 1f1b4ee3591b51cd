"""The cognitive engine: records, tiers, the write-ahead log, scans and scoring."""

from .engine import Engine, EngineConfig
from .ivf import IvfConfig, IvfReport
from .options import MemoryInput, MemoryRecord, RecallHit, RecallOptions, WhyNot
from .quantizer import ScalarQuantizer
from .record import (
    HEADER_DTYPE,
    HEADER_SIZE,
    Flag,
    MemoryType,
    get_memory_type,
    has_flag,
    make_flags,
    record_dtype,
    record_stride,
    set_flag,
    set_memory_type,
)
from .scoring import DECAY_PRESETS, DecayTable, ScoreWeights
from .tiers import (
    BaseTierStore,
    EpisodicTier,
    ProceduralTier,
    SemanticTier,
    TierRouter,
    TierStore,
    WorkingTier,
)

__all__ = [
    "DECAY_PRESETS",
    "HEADER_DTYPE",
    "HEADER_SIZE",
    "BaseTierStore",
    "DecayTable",
    "Engine",
    "EngineConfig",
    "EpisodicTier",
    "Flag",
    "IvfConfig",
    "IvfReport",
    "MemoryInput",
    "MemoryRecord",
    "MemoryType",
    "ProceduralTier",
    "RecallHit",
    "RecallOptions",
    "ScalarQuantizer",
    "ScoreWeights",
    "SemanticTier",
    "TierRouter",
    "TierStore",
    "WhyNot",
    "WorkingTier",
    "get_memory_type",
    "has_flag",
    "make_flags",
    "record_dtype",
    "record_stride",
    "set_flag",
    "set_memory_type",
]
