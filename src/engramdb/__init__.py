"""EngramDB: an embedded memory engine for AI agents."""

from .engine import Engine, EngineConfig, MemoryInput, MemoryRecord, RecallHit, RecallOptions
from .errors import (
    ConfigError,
    CorruptionError,
    DiskFullError,
    EmbedderMismatchError,
    EngramDBError,
    NotFoundError,
    StorageError,
    StoreLockedError,
    ValidationError,
    WALError,
)

__version__ = "0.1.0"

__all__ = [
    "ConfigError",
    "CorruptionError",
    "DiskFullError",
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


def __getattr__(name: str):
    # the knowledge layer (and its unit and date libraries) loads on first use: importing
    # engramdb for the engine or the CLI stays fast
    if name == "Memory":
        from .knowledge.memory import Memory

        return Memory
    raise AttributeError(f"module 'engramdb' has no attribute {name!r}")
