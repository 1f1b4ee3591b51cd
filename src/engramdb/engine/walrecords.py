"""Payloads of the write-ahead log's frames: what a change is, in bytes.

Kind 1, remember batch::

    u32 n | u32 dim | u32 meta_len | n x LOC | n x (64 + dim) record bytes
          | n x dim float16 | meta_len bytes of UTF-8 JSON: a list of n row objects

Kind 2, header updates (forget, reinforce, eviction)::

    u32 n | u32 meta_len | n x LOC | n x 64 header bytes | meta JSON object

Kind 3, a remember batch and header updates that must land together (reflection: the gists and
the marks on their sources)::

    u32 remember_len | kind-1 payload (remember_len bytes) | kind-2 payload

Kind 4, IVF centroids of a tier (``ivf.py``)::

    u16 tier | u16 generation | u32 nlist | u32 dim | nlist x dim float32

``LOC`` is ``u16 tier, u16 zero, u32 segment, u32 slot`` (12 bytes): where the record lives. The
records are written physically (redo is idempotent: replaying a frame twice gives the same
bytes); the JSON carries what the SQLite index needs.
"""

from __future__ import annotations

import json
import struct
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .record import HEADER_SIZE, record_stride

__all__ = [
    "KIND_HEADERS",
    "KIND_IVF",
    "KIND_REMEMBER",
    "KIND_REMEMBER_LINKED",
    "LOC_DTYPE",
    "HeaderUpdate",
    "RememberBatch",
]

KIND_REMEMBER = 1
KIND_HEADERS = 2
KIND_REMEMBER_LINKED = 3
KIND_IVF = 4

LOC_DTYPE = np.dtype(
    {
        "names": ["tier", "segment", "slot"],
        "formats": ["<u2", "<u4", "<u4"],
        "offsets": [0, 4, 8],
        "itemsize": 12,
    }
)
_U32x3 = struct.Struct("<III")
_U32x2 = struct.Struct("<II")


@dataclass
class RememberBatch:
    locs: np.ndarray  # LOC_DTYPE (n,)
    records: np.ndarray  # uint8 (n, 64 + dim)
    vectors16: np.ndarray  # float16 (n, dim)
    rows: list[dict[str, Any]]  # index metadata per record
    #: Header updates that belong to the same atomic change (kind 3), if any.
    updates: HeaderUpdate | None = None

    @property
    def kind(self) -> int:
        return KIND_REMEMBER if self.updates is None else KIND_REMEMBER_LINKED

    def encode(self) -> bytes:
        if self.updates is not None:
            own = RememberBatch(self.locs, self.records, self.vectors16, self.rows).encode()
            return struct.pack("<I", len(own)) + own + self.updates.encode()
        n, dim = self.vectors16.shape
        meta = json.dumps(self.rows, ensure_ascii=False, separators=(",", ":")).encode()
        return b"".join(
            (
                _U32x3.pack(n, dim, len(meta)),
                self.locs.astype(LOC_DTYPE, copy=False).tobytes(),
                np.ascontiguousarray(self.records, dtype=np.uint8).tobytes(),
                np.ascontiguousarray(self.vectors16, dtype="<f2").tobytes(),
                meta,
            )
        )

    @classmethod
    def decode_linked(cls, payload: bytes) -> RememberBatch:
        (size,) = struct.unpack_from("<I", payload, 0)
        batch = cls.decode(payload[4 : 4 + size])
        batch.updates = HeaderUpdate.decode(payload[4 + size :])
        return batch

    @classmethod
    def decode(cls, payload: bytes) -> RememberBatch:
        n, dim, meta_len = _U32x3.unpack_from(payload, 0)
        pos = _U32x3.size
        locs = np.frombuffer(payload, LOC_DTYPE, n, pos)
        pos += n * LOC_DTYPE.itemsize
        stride = record_stride(dim)
        records = np.frombuffer(payload, np.uint8, n * stride, pos).reshape(n, stride)
        pos += n * stride
        vectors16 = np.frombuffer(payload, "<f2", n * dim, pos).reshape(n, dim)
        pos += n * dim * 2
        rows = json.loads(payload[pos : pos + meta_len].decode())
        return cls(locs, records, vectors16, rows)


@dataclass
class HeaderUpdate:
    locs: np.ndarray  # LOC_DTYPE (n,)
    headers: np.ndarray  # uint8 (n, 64)
    meta: dict[str, Any] = field(default_factory=dict)

    def encode(self) -> bytes:
        n = len(self.locs)
        meta = json.dumps(self.meta, separators=(",", ":")).encode()
        return b"".join(
            (
                _U32x2.pack(n, len(meta)),
                self.locs.astype(LOC_DTYPE, copy=False).tobytes(),
                np.ascontiguousarray(self.headers, dtype=np.uint8).tobytes(),
                meta,
            )
        )

    @classmethod
    def decode(cls, payload: bytes) -> HeaderUpdate:
        n, meta_len = _U32x2.unpack_from(payload, 0)
        pos = _U32x2.size
        locs = np.frombuffer(payload, LOC_DTYPE, n, pos)
        pos += n * LOC_DTYPE.itemsize
        headers = np.frombuffer(payload, np.uint8, n * HEADER_SIZE, pos).reshape(n, HEADER_SIZE)
        pos += n * HEADER_SIZE
        meta = json.loads(payload[pos : pos + meta_len].decode())
        return cls(locs, headers, meta)
