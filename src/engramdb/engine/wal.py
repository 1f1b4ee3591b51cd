"""The write-ahead log: every change is here, checksummed and synced, before it is applied.

File ``wal.log`` is a sequence of frames. Frame layout (little-endian):

====== ======== ===== ===========================================================
offset field    type  meaning
====== ======== ===== ===========================================================
0      magic    u32   0x4C574745 (``EGWL``)
4      length   u32   payload length in bytes
8      lsn      u64   log sequence number, strictly increasing
16     kind     u8    1 remember batch, 2 header updates
17     -        3x    zero
20     crc      u32   CRC-32 of bytes 0..19 and of the payload
24     payload  ...   ``length`` bytes, layout by kind (see :mod:`.walrecords`)
====== ======== ===== ===========================================================

Recovery policy (ZODB's, in short):

- a frame that is cut short, or fails its checksum, with no valid frame after it, is a torn
  tail: the log is truncated there, the discarded bytes are kept in ``wal.log.torn-N`` and a
  warning is logged. That write was never acknowledged, since acknowledgement follows the sync.
- a frame that fails its checksum while a valid frame follows is corruption in the middle of the
  log: :class:`~engramdb.errors.CorruptionError` names the file and offset; nothing is applied.

A batch of records is one frame and one ``fdatasync``: that is the group commit. After a
checkpoint (segments synced, SQLite durable up to an LSN) the log is emptied.
"""

from __future__ import annotations

import errno
import logging
import os
import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..errors import CorruptionError, DiskFullError, WALError

__all__ = ["FRAME_HEADER", "Frame", "WriteAheadLog"]

log = logging.getLogger("engramdb.wal")

MAGIC = 0x4C574745
FRAME_HEADER = struct.Struct("<IIQB3xI")
assert FRAME_HEADER.size == 24
MAX_FRAME = 1 << 30


@dataclass(frozen=True)
class Frame:
    lsn: int
    kind: int
    payload: bytes
    offset: int


def _frame_crc(head20: bytes, payload: bytes) -> int:
    return zlib.crc32(payload, zlib.crc32(head20))


class WriteAheadLog:
    """Append-only log file with checksummed frames; ``append`` returns once synced."""

    def __init__(self, path: Path, *, sync: bool = True):
        self.path = path
        self._sync = sync
        # unbuffered: a frame that fails halfway must not linger in a buffer, to be written
        # out by the next append as if it had been acknowledged
        self._fh = open(path, "ab+", buffering=0)  # noqa: SIM115 - lives as long as the store
        self.size = self._fh.seek(0, os.SEEK_END)
        #: set when a failed frame could not be cut back off the log: no append is safe
        self._stuck: str | None = None

    # -- reading and recovery --------------------------------------------------------------
    def read_frames(self) -> list[Frame]:
        """All valid frames; handles a torn tail (truncate and keep) or raises on corruption."""
        self._fh.seek(0)
        data = self._fh.read()
        frames: list[Frame] = []
        pos = 0
        while pos < len(data):
            frame, bad = self._parse(data, pos)
            if frame is None:
                if self._valid_frame_after(data, pos + 1):
                    raise CorruptionError(str(self.path), pos, bad, data[pos : pos + 24])
                self._truncate_torn(data, pos, bad)
                break
            frames.append(frame)
            pos = frame.offset + FRAME_HEADER.size + len(frame.payload)
        return frames

    @staticmethod
    def _parse(data: bytes, pos: int) -> tuple[Frame | None, str]:
        if len(data) - pos < FRAME_HEADER.size:
            return None, "frame header cut short"
        magic, length, lsn, kind, crc = FRAME_HEADER.unpack_from(data, pos)
        if magic != MAGIC:
            return None, "bad frame magic"
        if length > MAX_FRAME:
            return None, f"implausible frame length {length}"
        end = pos + FRAME_HEADER.size + length
        if end > len(data):
            return None, "frame payload cut short"
        payload = data[pos + FRAME_HEADER.size : end]
        if _frame_crc(data[pos : pos + 20], payload) != crc:
            return None, "frame checksum mismatch"
        return Frame(lsn, kind, payload, pos), ""

    def _valid_frame_after(self, data: bytes, start: int) -> bool:
        magic = struct.pack("<I", MAGIC)
        pos = data.find(magic, start)
        while pos != -1:
            frame, _ = self._parse(data, pos)
            if frame is not None:
                return True
            pos = data.find(magic, pos + 1)
        return False

    def _truncate_torn(self, data: bytes, pos: int, why: str) -> None:
        n = 0
        while (side := self.path.with_name(f"{self.path.name}.torn-{n}")).exists():
            n += 1
        side.write_bytes(data[pos:])
        log.warning(
            "%s: discarding a torn tail of %d bytes at offset %d (%s); kept in %s",
            self.path,
            len(data) - pos,
            pos,
            why,
            side.name,
        )
        self._fh.truncate(pos)
        self._fh.flush()
        os.fsync(self._fh.fileno())
        self.size = pos

    # -- writing ---------------------------------------------------------------------------
    def append(self, lsn: int, kind: int, payload: bytes) -> None:
        if len(payload) > MAX_FRAME:
            raise WALError(f"a log frame of {len(payload)} bytes exceeds {MAX_FRAME}")
        head = FRAME_HEADER.pack(MAGIC, len(payload), lsn, kind, 0)[:20]
        frame = head + struct.pack("<I", _frame_crc(head, payload)) + payload
        if self._stuck is not None:
            raise WALError(f"{self.path}: {self._stuck}; reopen the store to recover")
        fd = self._fh.fileno()
        try:
            done = 0
            while done < len(frame):  # (O_APPEND: each write lands at the end)
                done += os.write(fd, frame[done:])
            if self._sync:
                os.fdatasync(fd)
        except OSError as exc:  # disk full, I/O error: the write is not acknowledged
            try:
                os.ftruncate(fd, self.size)  # cut the partial frame back off
            except OSError as cut:
                self._stuck = f"a failed frame could not be cut back ({cut.strerror})"
            if exc.errno == errno.ENOSPC:
                raise DiskFullError(
                    f"the disk holding {self.path} is full: this write was not kept "
                    "(free space, then retry)"
                ) from exc
            raise WALError(f"could not write to {self.path}: {exc}") from exc
        self.size += len(frame)

    def reset(self) -> None:
        """Empty the log once everything in it is durable elsewhere."""
        self._fh.truncate(0)
        self._fh.flush()
        os.fsync(self._fh.fileno())
        self.size = 0

    def __iter__(self) -> Iterator[Frame]:
        return iter(self.read_frames())

    def close(self) -> None:
        self._fh.close()
