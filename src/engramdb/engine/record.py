"""The cognitive record: a 64-byte header (one cache line) followed by the int8 vector.

Byte layout of the header, little-endian (DESIGN.md §3; checked at import time):

====== ==================== ==== ===== ==========================================================
offset field                size type  meaning
====== ==================== ==== ===== ==========================================================
0      header_version       1    u8    always 1
1      flags                1    u8    bit0 tombstone, bits1-2 memory type (0 working,
                                       1 episodic, 2 semantic, 3 procedural), bit3 consolidated,
                                       bit4 pinned, bit5 resolved, bits 6-7 zero
2      valence              1    i8    emotional colouring -128..127
3      arousal              1    u8    emotional intensity 0..255
4      importance           4    f32   base importance 0.05..10.0
8      timestamp_ms         8    i64   Unix epoch ms when the memory was formed
16     agent_recall_count   4    i32   LTP counter (explicit reinforce)
20     exact_norm           4    f32   L2 norm of the original float vector
24     synaptic_tags        8    u64   64-bit inline Bloom filter of tags
32     centroid_id          2    u16   IVF partition routing id
34     _pad0                2    -     zero
36     storage_strength     4    f32   two-factor storage strength S(t)
40     spector_recall_cnt   4    i32   passive auto-LTP recall counter
44     _reserved_f1         4    f32   reserved, zero
48     last_auto_ltp        8    i64   last auto-LTP timestamp (ms)
56     _reserved_l1         8    i64   reserved, zero
====== ==================== ==== ===== ==========================================================

A record is the header followed immediately by ``D`` int8 codes: stride ``64 + D`` bytes.
"""

from __future__ import annotations

from enum import IntEnum, IntFlag

import numpy as np

__all__ = [
    "HEADER_DTYPE",
    "HEADER_SIZE",
    "HEADER_VERSION",
    "Flag",
    "MemoryType",
    "get_memory_type",
    "has_flag",
    "make_flags",
    "record_dtype",
    "record_stride",
    "set_flag",
    "set_memory_type",
]

HEADER_SIZE = 64
HEADER_VERSION = 1

HEADER_DTYPE = np.dtype(
    {
        "names": [
            "header_version",
            "flags",
            "valence",
            "arousal",
            "importance",
            "timestamp_ms",
            "agent_recall_count",
            "exact_norm",
            "synaptic_tags",
            "centroid_id",
            "_pad0",
            "storage_strength",
            "spector_recall_cnt",
            "_reserved_f1",
            "last_auto_ltp",
            "_reserved_l1",
        ],
        "formats": [
            "u1",
            "u1",
            "i1",
            "u1",
            "<f4",
            "<i8",
            "<i4",
            "<f4",
            "<u8",
            "<u2",
            "<u2",
            "<f4",
            "<i4",
            "<f4",
            "<i8",
            "<i8",
        ],
        "offsets": [0, 1, 2, 3, 4, 8, 16, 20, 24, 32, 34, 36, 40, 44, 48, 56],
        "itemsize": HEADER_SIZE,
    }
)

_EXPECTED_OFFSETS = {
    "header_version": 0,
    "flags": 1,
    "valence": 2,
    "arousal": 3,
    "importance": 4,
    "timestamp_ms": 8,
    "agent_recall_count": 16,
    "exact_norm": 20,
    "synaptic_tags": 24,
    "centroid_id": 32,
    "_pad0": 34,
    "storage_strength": 36,
    "spector_recall_cnt": 40,
    "_reserved_f1": 44,
    "last_auto_ltp": 48,
    "_reserved_l1": 56,
}
assert HEADER_DTYPE.itemsize == HEADER_SIZE
assert {n: HEADER_DTYPE.fields[n][1] for n in HEADER_DTYPE.names} == _EXPECTED_OFFSETS


class MemoryType(IntEnum):
    """The two memory-type bits of ``flags`` (bits 1-2)."""

    WORKING = 0
    EPISODIC = 1
    SEMANTIC = 2
    PROCEDURAL = 3


class Flag(IntFlag):
    """Single-bit flags of the header's ``flags`` byte."""

    TOMBSTONE = 1 << 0
    CONSOLIDATED = 1 << 3
    PINNED = 1 << 4
    RESOLVED = 1 << 5


_TYPE_SHIFT = 1
_TYPE_MASK = 0b11 << _TYPE_SHIFT


def make_flags(memory_type: MemoryType, *flags: Flag) -> int:
    """Compose a flags byte from a memory type and any single-bit flags."""
    value = (int(memory_type) << _TYPE_SHIFT) & _TYPE_MASK
    for f in flags:
        value |= int(f)
    return value


def get_memory_type(flags: int) -> MemoryType:
    return MemoryType((int(flags) & _TYPE_MASK) >> _TYPE_SHIFT)


def set_memory_type(flags: int, memory_type: MemoryType) -> int:
    return (int(flags) & ~_TYPE_MASK & 0xFF) | ((int(memory_type) << _TYPE_SHIFT) & _TYPE_MASK)


def has_flag(flags: int, flag: Flag) -> bool:
    return bool(int(flags) & int(flag))


def set_flag(flags: int, flag: Flag, on: bool = True) -> int:
    return (int(flags) | int(flag)) if on else (int(flags) & ~int(flag) & 0xFF)


def record_stride(dim: int) -> int:
    """Bytes per record: the header plus one int8 per dimension."""
    return HEADER_SIZE + int(dim)


def record_dtype(dim: int) -> np.dtype:
    """A structured dtype for whole records (header fields + ``codes``)."""
    return np.dtype(
        {
            "names": [*HEADER_DTYPE.names, "codes"],
            "formats": [*(HEADER_DTYPE.fields[n][0] for n in HEADER_DTYPE.names), ("i1", (dim,))],
            "offsets": [*(HEADER_DTYPE.fields[n][1] for n in HEADER_DTYPE.names), HEADER_SIZE],
            "itemsize": record_stride(dim),
        }
    )
