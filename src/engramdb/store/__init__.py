"""Persistence shared by the layers above (SQLite by default)."""

from .sqlite import connect

__all__ = ["connect"]
