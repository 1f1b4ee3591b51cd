"""The 64-byte header: size, every field offset, flags."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engramdb.engine import (
    HEADER_DTYPE,
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

OFFSETS = [
    ("header_version", 0, 1),
    ("flags", 1, 1),
    ("valence", 2, 1),
    ("arousal", 3, 1),
    ("importance", 4, 4),
    ("timestamp_ms", 8, 8),
    ("agent_recall_count", 16, 4),
    ("exact_norm", 20, 4),
    ("synaptic_tags", 24, 8),
    ("centroid_id", 32, 2),
    ("_pad0", 34, 2),
    ("storage_strength", 36, 4),
    ("spector_recall_cnt", 40, 4),
    ("_reserved_f1", 44, 4),
    ("last_auto_ltp", 48, 8),
    ("_reserved_l1", 56, 8),
]


def test_header_is_one_cache_line():
    assert HEADER_DTYPE.itemsize == 64


@pytest.mark.parametrize(("name", "offset", "size"), OFFSETS)
def test_field_offsets_and_sizes(name, offset, size):
    dtype, off = HEADER_DTYPE.fields[name][:2]
    assert off == offset
    assert dtype.itemsize == size


def test_fields_cover_the_header_without_overlap():
    covered = np.zeros(64, dtype=int)
    for _, offset, size in OFFSETS:
        covered[offset : offset + size] += 1
    assert (covered == 1).all()


def test_field_types_and_little_endian_bytes():
    h = np.zeros(1, dtype=HEADER_DTYPE)
    h["importance"] = 2.5
    h["timestamp_ms"] = 0x0102030405060708
    h["valence"] = -5
    raw = h.tobytes()
    assert raw[4:8] == np.float32(2.5).tobytes()
    assert raw[8:16] == bytes([8, 7, 6, 5, 4, 3, 2, 1])
    assert raw[2] == 256 - 5


def test_record_stride_and_codes_offset():
    assert record_stride(256) == 320
    dt = record_dtype(256)
    assert dt.itemsize == 320
    assert dt.fields["codes"][1] == 64
    assert dt.fields["importance"][1] == 4


def test_flag_bits_match_the_layout():
    assert make_flags(MemoryType.WORKING, Flag.TOMBSTONE) == 0b1
    assert make_flags(MemoryType.EPISODIC) == 0b10
    assert make_flags(MemoryType.SEMANTIC) == 0b100
    assert make_flags(MemoryType.PROCEDURAL) == 0b110
    assert make_flags(MemoryType.WORKING, Flag.CONSOLIDATED) == 0b1000
    assert make_flags(MemoryType.WORKING, Flag.PINNED) == 0b1_0000
    assert make_flags(MemoryType.WORKING, Flag.RESOLVED) == 0b10_0000


@given(
    st.sampled_from(list(MemoryType)),
    st.sets(st.sampled_from([Flag.TOMBSTONE, Flag.CONSOLIDATED, Flag.PINNED, Flag.RESOLVED])),
)
def test_flags_round_trip(memory_type, flags):
    value = make_flags(memory_type, *flags)
    assert 0 <= value < 64
    assert get_memory_type(value) is memory_type
    for f in Flag:
        assert has_flag(value, f) == (f in flags)
    # changing one part leaves the others alone
    other = MemoryType((memory_type + 1) % 4)
    changed = set_memory_type(value, other)
    assert get_memory_type(changed) is other
    assert all(has_flag(changed, f) == (f in flags) for f in Flag)
    toggled = set_flag(value, Flag.PINNED, Flag.PINNED not in flags)
    assert has_flag(toggled, Flag.PINNED) != (Flag.PINNED in flags)
    assert get_memory_type(toggled) is memory_type
