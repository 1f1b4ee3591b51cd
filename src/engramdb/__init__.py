"""EngramDB: an embedded memory engine for AI agents."""

from .engine import Engine, EngineConfig, MemoryInput, MemoryRecord, RecallHit, RecallOptions
from .errors import (
    ConfigError,
    CorruptionError,
    EmbedderMismatchError,
    EngramDBError,
    NotFoundError,
    StorageError,
    StoreLockedError,
    ValidationError,
    WALError,
)
from .knowledge.memory import Memory

__version__ = "0.1.0"

__all__ = [
    "ConfigError",
    "CorruptionError",
    "EmbedderMismatchError",
    "Engine",
    "EngineConfig",
    "EngramDBError",
    "Memory",
    "MemoryInput",
    "MemoryRecord",
    "NotFoundError",
    "RecallHit",
    "RecallOptions",
    "StorageError",
    "StoreLockedError",
    "ValidationError",
    "WALError",
    "__version__",
]
