"""One writer per store: an advisory lock on ``LOCK`` in the data directory."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from ..errors import StoreLockedError

__all__ = ["ProcessLock"]


class ProcessLock:
    """Held while a store is open; a second process (or a second open in the same process)
    gets :class:`StoreLockedError` at once instead of corrupting the files."""

    def __init__(self, directory: Path):
        self.path = directory / "LOCK"
        self._fd: int | None = None

    def acquire(self) -> None:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 64, 0).decode(errors="replace").strip() or None
            os.close(fd)
            raise StoreLockedError(
                str(self.path.parent),
                f"pid {holder}" if holder else None,
                same_process=holder == str(os.getpid()),
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None
