"""Segment files: fixed-stride records, memory-mapped, one pair of files per segment.

A tier grows by adding segments of ``capacity`` records. Each segment is two files that share
the same file-header layout:

- ``seg-NNNNNN.rec``: cognitive records (64-byte header + int8 codes, stride 64 + D);
- ``seg-NNNNNN.f16``: the float16 unit vector of each record, used only to rescore the top
  candidates of a scan.

File header (little-endian, 64 bytes, followed by ``params_len`` bytes of quantizer scales; the
data region starts at ``header_size``, a multiple of 4096):

====== ============== ===== =====================================================
offset field          type  meaning
====== ============== ===== =====================================================
0      magic          8s    ``ENGRSEG1``
8      version        u16   1
10     kind           u8    0 records, 1 rescore vectors (float16)
11     -              u8    zero
12     dim            u32   vector dimension D
16     stride         u32   bytes per row (64 + D, or 2 D for kind 1)
20     capacity       u32   rows the file has room for
24     count          u32   rows in use at the last checkpoint
28     segment_no     u32   position of the segment in its tier
32     checkpoint_lsn u64   WAL position the data checksum was taken at
40     data_crc       u32   CRC-32 of the first ``count`` rows
44     header_size    u32   offset of the first row
48     params_len     u32   length of the quantizer parameters after the header
52     header_crc     u32   CRC-32 of bytes 0..51 and the parameters
56     -              8x    zero
====== ============== ===== =====================================================

Between checkpoints the rows change in memory only; the write-ahead log holds every change, so
recovery rewrites them. A segment no log frame touched since its checkpoint must match its
checksum exactly; if it does not, :class:`~engramdb.errors.CorruptionError` names the file and the
first row that differs from its checksum region.
"""

from __future__ import annotations

import contextlib
import errno
import mmap
import os
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import CorruptionError, DiskFullError, StorageError
from .record import HEADER_SIZE, record_stride

__all__ = ["FILE_HEADER", "KIND_RECORDS", "KIND_RESCORE", "Segment", "SegmentHeader"]

MAGIC = b"ENGRSEG1"
VERSION = 1
KIND_RECORDS = 0
KIND_RESCORE = 1
FILE_HEADER = struct.Struct("<8sHBBIIIIIQIIII8x")
assert FILE_HEADER.size == 64
_PAGE = 4096


def _header_size(params_len: int) -> int:
    return ((FILE_HEADER.size + params_len + _PAGE - 1) // _PAGE) * _PAGE


@dataclass
class SegmentHeader:
    kind: int
    dim: int
    stride: int
    capacity: int
    count: int
    segment_no: int
    checkpoint_lsn: int
    data_crc: int
    header_size: int
    params: bytes

    def pack(self) -> bytes:
        body = FILE_HEADER.pack(
            MAGIC,
            VERSION,
            self.kind,
            0,
            self.dim,
            self.stride,
            self.capacity,
            self.count,
            self.segment_no,
            self.checkpoint_lsn,
            self.data_crc,
            self.header_size,
            len(self.params),
            0,
        )
        crc = zlib.crc32(body[:52] + self.params)
        return body[:52] + struct.pack("<I", crc) + body[56:] + self.params

    @classmethod
    def unpack(cls, path: Path, raw: bytes) -> SegmentHeader:
        if len(raw) < FILE_HEADER.size:
            raise CorruptionError(str(path), 0, "file shorter than its header", raw)
        (
            magic,
            version,
            kind,
            _,
            dim,
            stride,
            capacity,
            count,
            segment_no,
            lsn,
            data_crc,
            header_size,
            params_len,
            header_crc,
        ) = FILE_HEADER.unpack_from(raw, 0)
        if magic != MAGIC:
            raise CorruptionError(str(path), 0, "not an EngramDB segment (bad magic)", magic)
        if version != VERSION:
            raise StorageError(f"{path}: segment format version {version} is not supported")
        params = raw[FILE_HEADER.size : FILE_HEADER.size + params_len]
        if zlib.crc32(raw[:52] + params) != header_crc:
            raise CorruptionError(str(path), 0, "segment file header checksum mismatch", raw[:64])
        return cls(
            kind, dim, stride, capacity, count, segment_no, lsn, data_crc, header_size, params
        )


class _MappedFile:
    """One segment file: its header and its rows as a writable memory map."""

    def __init__(
        self,
        path: Path,
        header: SegmentHeader,
        dtype: np.dtype,
        row_shape: tuple,
        read_only: bool = False,
    ):
        self.path = path
        self.header = header
        # a replica maps the writer's file read-only: the same pages, so it sees each write
        self._fh = open(path, "rb" if read_only else "r+b")  # noqa: SIM115 - lives as long as the segment
        self._mm = mmap.mmap(
            self._fh.fileno(), 0, access=mmap.ACCESS_READ if read_only else mmap.ACCESS_WRITE
        )
        self.rows = np.ndarray(
            (header.capacity, *row_shape),
            dtype=dtype,
            buffer=self._mm,
            offset=header.header_size,
        )

    @staticmethod
    def write_new(path: Path, header: SegmentHeader) -> Path:
        """Write a complete empty file under a temporary name; the caller renames it. (The
        file is sparse: its rows get their pages from ``reserve`` before they are written.)"""
        tmp = path.with_name(path.name + ".tmp")
        try:
            with open(tmp, "wb") as fh:
                fh.write(header.pack())
                fh.truncate(header.header_size + header.capacity * header.stride)
                fh.flush()
                os.fsync(fh.fileno())
        except OSError as exc:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise disk_error(exc, path) from exc
        return tmp

    def reserve(self, first: int, last: int) -> None:
        """Give rows ``first..last`` their pages on disk now. A write through the map into a
        page the disk has no room for kills the process (SIGBUS); asked here, before the
        write is logged, the full disk is a ``DiskFullError`` the caller can act on."""
        stride = self.header.stride
        try:
            os.posix_fallocate(
                self._fh.fileno(),
                self.header.header_size + first * stride,
                (last - first + 1) * stride,
            )
        except OSError as exc:
            raise disk_error(exc, self.path) from exc

    @classmethod
    def open(cls, path: Path, dtype, row_shape, read_only: bool = False) -> _MappedFile:
        with open(path, "rb") as fh:
            raw = fh.read(_PAGE)
        header = SegmentHeader.unpack(path, raw)
        raw_full = raw
        if header.header_size > len(raw):
            with open(path, "rb") as fh:
                raw_full = fh.read(header.header_size)
            header = SegmentHeader.unpack(path, raw_full)
        expected = header.header_size + header.capacity * header.stride
        actual = path.stat().st_size
        if actual < expected:
            raise CorruptionError(
                str(path), actual, f"file is {actual} bytes, its header promises {expected}"
            )
        return cls(path, header, dtype, row_shape, read_only)

    def data_bytes(self, count: int) -> memoryview:
        start = self.header.header_size
        return memoryview(self._mm)[start : start + count * self.header.stride]

    def crc(self, count: int) -> int:
        return zlib.crc32(self.data_bytes(count))

    def write_header(self) -> None:
        packed = self.header.pack()
        self._mm[: len(packed)] = packed

    def sync(self) -> None:
        self._mm.flush()
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        self.rows = None  # type: ignore[assignment]
        # A caller may still hold a view of the rows; the map then closes when it is dropped.
        with contextlib.suppress(BufferError):
            self._mm.close()
        self._fh.close()


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class Segment:
    """A pair of memory-mapped files holding up to ``capacity`` records of one tier."""

    def __init__(self, rec: _MappedFile, f16: _MappedFile):
        self._rec = rec
        self._f16 = f16
        # A crash inside a checkpoint can leave the two files at different checkpoints; the
        # log still holds every frame since the older one, and replay rewrites both.
        self.count = min(rec.header.count, f16.header.count)
        self.dirty = False

    # -- creation and opening -------------------------------------------------------------
    @staticmethod
    def paths(directory: Path, segment_no: int) -> tuple[Path, Path]:
        base = directory / f"seg-{segment_no:06d}"
        return base.with_suffix(".rec"), base.with_suffix(".f16")

    @classmethod
    def create(
        cls, directory: Path, segment_no: int, dim: int, capacity: int, params: bytes, lsn: int
    ) -> Segment:
        rec_path, f16_path = cls.paths(directory, segment_no)
        empty = zlib.crc32(b"")
        rec_h = SegmentHeader(
            KIND_RECORDS,
            dim,
            record_stride(dim),
            capacity,
            0,
            segment_no,
            lsn,
            empty,
            _header_size(len(params)),
            params,
        )
        f16_h = SegmentHeader(
            KIND_RESCORE, dim, 2 * dim, capacity, 0, segment_no, lsn, empty, _PAGE, b""
        )
        # Both files are complete before either gets its name, and the records file is named
        # last: a crash leaves either no segment or a whole one (plus a stray rescore file,
        # which ``remove_strays`` deletes).
        rec_tmp = _MappedFile.write_new(rec_path, rec_h)
        f16_tmp = _MappedFile.write_new(f16_path, f16_h)
        os.replace(f16_tmp, f16_path)
        os.replace(rec_tmp, rec_path)
        _fsync_dir(directory)
        rec = _MappedFile(rec_path, rec_h, np.dtype(np.uint8), (record_stride(dim),))
        f16 = _MappedFile(f16_path, f16_h, np.dtype("<f2"), (dim,))
        return cls(rec, f16)

    @staticmethod
    def remove_strays(directory: Path) -> None:
        """Delete what an interrupted segment creation left: temporary files, and a rescore
        file whose records file was never named."""
        for tmp in directory.glob("seg-*.tmp"):
            tmp.unlink()
        for f16 in directory.glob("seg-*.f16"):
            if not f16.with_suffix(".rec").exists():
                f16.unlink()

    @classmethod
    def open(cls, directory: Path, segment_no: int, *, read_only: bool = False) -> Segment:
        """``read_only``: a replica's view of a segment another process writes."""
        rec_path, f16_path = cls.paths(directory, segment_no)
        with open(rec_path, "rb") as fh:
            first = SegmentHeader.unpack(rec_path, fh.read(_PAGE))
        rec = _MappedFile.open(rec_path, np.dtype(np.uint8), (first.stride,), read_only)
        f16 = _MappedFile.open(f16_path, np.dtype("<f2"), (first.dim,), read_only)
        if f16.header.dim != rec.header.dim or f16.header.capacity != rec.header.capacity:
            raise CorruptionError(str(f16_path), 0, "rescore file does not match its records")
        return cls(rec, f16)

    # -- properties ----------------------------------------------------------------------
    @property
    def segment_no(self) -> int:
        return self._rec.header.segment_no

    @property
    def capacity(self) -> int:
        return self._rec.header.capacity

    @property
    def dim(self) -> int:
        return self._rec.header.dim

    @property
    def params(self) -> bytes:
        return self._rec.header.params

    @property
    def checkpoint_lsn(self) -> int:
        """The older of the two files' checkpoints: replay starts after it."""
        return min(self._rec.header.checkpoint_lsn, self._f16.header.checkpoint_lsn)

    @property
    def records(self) -> np.ndarray:
        """All rows as uint8 (capacity, 64 + D); rows past ``count`` are zero."""
        return self._rec.rows

    @property
    def vectors16(self) -> np.ndarray:
        return self._f16.rows

    @property
    def free(self) -> int:
        return self.capacity - self.count

    # -- writes (in memory; durable through the WAL, checksummed at checkpoints) -----------
    def reserve(self, slots: np.ndarray) -> None:
        """Disk space for these rows in both files (see ``_MappedFile.reserve``)."""
        if len(slots):
            first, last = int(slots.min()), int(slots.max())
            self._rec.reserve(first, last)
            self._f16.reserve(first, last)

    def put(self, slots: np.ndarray, records: np.ndarray, vectors16: np.ndarray) -> None:
        self._rec.rows[slots] = records
        self._f16.rows[slots] = vectors16
        self.count = max(self.count, int(slots.max()) + 1)
        self.dirty = True

    def put_headers(self, slots: np.ndarray, headers: np.ndarray) -> None:
        self._rec.rows[slots, :HEADER_SIZE] = headers
        self.dirty = True

    # -- durability ------------------------------------------------------------------------
    def checkpoint(self, lsn: int) -> None:
        """Make the rows durable, then record their checksums at ``lsn``."""
        if not self.dirty:
            return  # unchanged since its last checkpoint: its checksums still hold
        for f in (self._rec, self._f16):
            f._mm.flush()
        for f in (self._rec, self._f16):
            f.header.count = self.count
            f.header.checkpoint_lsn = lsn
            f.header.data_crc = f.crc(self.count)
            f.write_header()
            f.sync()
        self.dirty = False

    def verify(self) -> None:
        """Check both files against the checksums of their last checkpoint."""
        for f in (self._rec, self._f16):
            got = f.crc(f.header.count)
            if got != f.header.data_crc:
                raise CorruptionError(
                    str(f.path),
                    f.header.header_size,
                    f"data checksum mismatch over {f.header.count} rows "
                    f"(stored {f.header.data_crc:08x}, computed {got:08x})",
                )

    def close(self) -> None:
        self._rec.close()
        self._f16.close()


def disk_error(exc: OSError, path: Path) -> StorageError:
    """The caller's error for a failed file operation: a full disk, or any other."""
    if exc.errno == errno.ENOSPC:
        return DiskFullError(f"the disk holding {path} is full: this write was not kept")
    return StorageError(f"{path}: {exc.strerror or exc}")
