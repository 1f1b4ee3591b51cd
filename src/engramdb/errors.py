"""The one exception tree of EngramDB.

::

    EngramDBError
    ├── ValidationError (also ValueError)      bad input: names the field, the limit, the value
    ├── NotFoundError (also KeyError)          an id that is not stored
    ├── ForbiddenError                         the caller may not do this (names the scope
    │                                          when the caller may read it)
    ├── ConfigError                            a configuration that cannot work
    │   └── EmbedderMismatchError              store written with another embedding model
    ├── EmbeddingServiceError                  an embedding server failed or answered nonsense
    └── StorageError                           anything below the API on disk
        ├── StoreLockedError                   another process holds the write lock
        ├── CorruptionError                    checksum mismatch: file, offset, what was found
        └── WALError                           the write-ahead log cannot be written or read

Every error builds its own message from structured fields, so callers can both show it and
act on it.
"""

from __future__ import annotations

__all__ = [
    "ConfigError",
    "CorruptionError",
    "EmbedderMismatchError",
    "EmbeddingServiceError",
    "EngramDBError",
    "ForbiddenError",
    "NotFoundError",
    "StorageError",
    "StoreLockedError",
    "ValidationError",
    "WALError",
]


class EngramDBError(Exception):
    """Root of every error EngramDB raises on purpose."""


class ValidationError(EngramDBError, ValueError):
    """Input refused before anything was written."""

    def __init__(self, field: str, message: str, *, limit: object = None, value: object = None):
        self.field = field
        self.limit = limit
        self.value = value
        detail = f"{field}: {message}"
        if limit is not None:
            detail += f" (limit: {limit})"
        super().__init__(detail)


class NotFoundError(EngramDBError, KeyError):
    """Nothing live of this kind (``what``: a memory, a fact, an entity, a job, ...) has this
    id, or the caller may not read it."""

    def __init__(self, id: str, what: str = "memory"):
        self.id = id
        self.what = what
        super().__init__(id)

    def __str__(self) -> str:
        return f"no {self.what} with id {self.id!r}"


class ForbiddenError(EngramDBError):
    """The caller's rights do not cover the operation (nothing was changed). ``scope`` names
    the scope that was refused, and is None when naming it would tell the caller about a scope
    it may not read."""

    def __init__(self, message: str, *, scope: str | None = None):
        self.scope = scope
        super().__init__(message)


class ConfigError(EngramDBError):
    """A configuration that cannot work."""


class EmbedderMismatchError(ConfigError):
    """The store was written with another embedding model than the one given."""

    def __init__(self, path: str, stored: str, stored_dim: int, given: str, given_dim: int):
        self.path, self.stored, self.given = path, stored, given
        self.stored_dim, self.given_dim = stored_dim, given_dim
        super().__init__(
            f"store {path} was written with embedder {stored!r} (dim {stored_dim}); "
            f"it cannot be opened with {given!r} (dim {given_dim}). Open it with the same "
            f"embedder, or re-index into a new store."
        )


class EmbeddingServiceError(EngramDBError):
    """An embedding server failed or answered something unusable.

    ``status`` is the HTTP status (None if no answer came), ``body`` a short excerpt of it.
    """

    def __init__(self, url: str, detail: str, *, status: int | None = None, body: str = ""):
        self.url, self.detail, self.status, self.body = url, detail, status, body
        msg = f"embedding request to {url} failed: {detail}"
        if status is not None:
            msg += f" (HTTP {status})"
        if body:
            msg += f"; response starts: {body!r}"
        super().__init__(msg)


class StorageError(EngramDBError):
    """Something on disk is not as it must be."""


class DiskFullError(StorageError):
    """The disk holding the store is full: the write that met it was not kept (free space,
    then retry); what was acknowledged before is intact."""


class StoreLockedError(StorageError):
    """Another process has the store open for writing."""

    def __init__(self, path: str, holder: str | None = None, *, same_process: bool = False):
        self.path, self.holder = path, holder
        if same_process:
            message = (
                f"store {path} is already open in this process; close the Engine or Memory "
                f"that has it (or reuse it) before opening it again"
            )
        else:
            who = f" (held by {holder})" if holder else ""
            message = (
                f"store {path} is already open for writing by another process{who}; "
                f"close it there first"
            )
        super().__init__(message)


class CorruptionError(StorageError):
    """A checksum did not match: the bytes are reported, never used."""

    def __init__(self, path: str, offset: int, detail: str, found: bytes | None = None):
        self.path, self.offset, self.detail, self.found = path, offset, detail, found
        msg = f"corruption in {path} at byte offset {offset}: {detail}"
        if found is not None:
            msg += f" (found {found[:16].hex()}{'…' if len(found) > 16 else ''})"
        super().__init__(msg)


class WALError(StorageError):
    """The write-ahead log could not be written."""
