"""Synaptic tags: the 64-bit inline Bloom filter of a record header, and automatic tags.

Each record header carries ``synaptic_tags``, a u64 Bloom filter of the memory's tags, so a scan
can filter or score by tag without leaving the cache line it is already reading. The bit
positions come from zlib's CRC-32, never from Python's ``hash()``: ``hash()`` of a str is salted per
process, and the filter is persisted, so it must mean the same thing in every process forever.

When a caller gives no tags, :func:`keyphrases` derives some with a RAKE-style extractor
(Rose et al., 2010): cheap, deterministic and free of models, which matters because it runs on
every write.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from zlib import crc32

import numpy as np

from engramdb.engine.lexical import STOPWORDS
from engramdb.errors import ValidationError

__all__ = [
    "BLOOM_BITS",
    "DEFAULT_K",
    "bloom64",
    "bloom_matches",
    "bloom_may_contain",
    "bloom_overlap",
    "bloom_overlap_many",
    "keyphrases",
    "normalize_tag",
]

BLOOM_BITS = 64
DEFAULT_K = 3
_MAX_K = 16
_U64 = (1 << 64) - 1


# --------------------------------------------------------------------------- Bloom filter


def normalize_tag(tag: str) -> str:
    """The canonical form of a tag: casefolded, trimmed, inner whitespace collapsed.

    "Golden  Retriever " and "golden retriever" must set the same bits.
    """
    return " ".join(tag.casefold().split())


def _check_k(k: int) -> None:
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= _MAX_K:
        raise ValidationError("k", "must be an int from 1 to 16", limit=_MAX_K, value=k)


@lru_cache(maxsize=8192)
def _mask(norm: str, k: int) -> int:
    """The k distinct bits of one normalised tag.

    Two CRC-32s of the tag (zlib's, seeded differently: a stable hash, a quarter of BLAKE2b's
    cost, and this runs for every tag of every write) make 64 bits, read as ten 6-bit bit
    positions; the first k distinct ones are taken. Distinct positions make every tag set exactly
    k bits (plain double hashing modulo 64 repeats structure). If ten positions hold fewer than k
    distinct ones (probability about 1e-15 for k = 3), the next seeds are used, so the result
    stays deterministic.
    """
    data = norm.encode("utf-8")
    mask = 0
    bits = 0
    round_ = 0
    while True:
        h = crc32(data, 2 * round_) | (crc32(data, 2 * round_ + 0x9E3779B9) << 32)
        for _ in range(10):
            bit = 1 << (h & 63)
            h >>= 6
            if not mask & bit:
                mask |= bit
                bits += 1
                if bits == k:
                    return mask
        round_ += 1


def bloom64(tags: Iterable[str], k: int = DEFAULT_K) -> int:
    """The 64-bit Bloom filter of ``tags``, an int in [0, 2**64); no tags (or only blank) → 0.

    Tags are normalised with :func:`normalize_tag`; each sets exactly ``k`` bits. With k = 3 the
    false-positive rate is about (1 - e^(-3n/64))^3: 0.4% for 3 tags, 5% for 10. More than
    ~10 tags per memory saturates 64 bits, so keep tag lists short.
    """
    _check_k(k)
    if isinstance(tags, str):
        raise ValidationError("tags", "must be an iterable of str, not a single str", value=tags)
    bloom = 0
    for tag in tags:
        norm = normalize_tag(tag)
        if norm:
            bloom |= _mask(norm, k)
    return bloom


def bloom_may_contain(bloom: int, tag: str, k: int = DEFAULT_K) -> bool:
    """False if ``tag`` is certainly not in ``bloom``; True if it probably is.

    A blank tag is never inserted, so it is never contained.
    """
    _check_k(k)
    norm = normalize_tag(tag)
    if not norm:
        return False
    mask = _mask(norm, k)
    return bloom & mask == mask


def bloom_overlap(a: int, b: int) -> float:
    """The fraction of ``b``'s bits that are also set in ``a``: popcount(a & b) / popcount(b).

    ``a`` is a memory's filter and ``b`` the query's, so the score answers "how much of what
    the query asks for does this memory carry" and is asymmetric on purpose: a memory with
    extra tags is not penalised. 1.0 when every query tag probably matches, 0.0 when none do
    or the query has no tags.
    """
    nb = b.bit_count()
    if nb == 0:
        return 0.0
    return (a & b).bit_count() / nb


def _as_u64(blooms: np.ndarray | Iterable[int]) -> np.ndarray:
    arr = np.asarray(blooms)
    if arr.dtype == np.uint64:
        return arr
    if arr.dtype == np.int64:
        return arr.view(np.uint64)
    if arr.size == 0:
        return arr.astype(np.uint64)
    raise ValidationError("blooms", "must be a uint64 (or int64) array", value=str(arr.dtype))


def _query_u64(query_bloom: int) -> np.uint64:
    if not 0 <= query_bloom <= _U64:
        raise ValidationError("query_bloom", "must be in [0, 2**64)", value=query_bloom)
    return np.uint64(query_bloom)


def bloom_matches(blooms: np.ndarray, query_bloom: int) -> np.ndarray:
    """Vectorised filter: True where every bit of ``query_bloom`` is set in ``blooms[i]``.

    That is "every query tag is probably present" (AND semantics). An empty query (0)
    matches everything. ``blooms`` may be uint64 or int64 (viewed as uint64, not copied).
    """
    arr = _as_u64(blooms)
    q = _query_u64(query_bloom)
    return (arr & q) == q


_POP8 = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)


def _popcount64(arr: np.ndarray) -> np.ndarray:
    if hasattr(np, "bitwise_count"):  # numpy >= 2.0
        return np.bitwise_count(arr)
    a = np.ascontiguousarray(arr)
    return _POP8[a.view(np.uint8)].reshape(*a.shape, 8).sum(axis=-1, dtype=np.uint8)


def bloom_overlap_many(blooms: np.ndarray, query_bloom: int) -> np.ndarray:
    """:func:`bloom_overlap` of every filter in ``blooms`` against one query, as float32."""
    arr = _as_u64(blooms)
    q = _query_u64(query_bloom)
    nq = int(query_bloom).bit_count()
    if nq == 0:
        return np.zeros(arr.shape, dtype=np.float32)
    return _popcount64(arr & q).astype(np.float32) / np.float32(nq)


# --------------------------------------------------------------------------- key phrases

# Function words that the shared lexical stoplist keeps (it serves full-text search) but that
# make poor tags in chat: contraction tails, fillers, frequent light verbs and time adverbs.
_EXTRA_STOPWORDS = frozenset(
    word
    for line in (
        "m re ve ll d im ive id youre dont doesnt didnt cant wont isnt arent wasnt werent",
        "also really actually maybe perhaps well yeah yes yep yup ok okay oh hey hi hello",
        "thanks thank please lol haha wow um uh like just even still ever always never often",
        "sometimes usually already yet soon now today yesterday tomorrow tonight ago recently",
        "last next since though although however etc anyway anyways right sure much many lot",
        "lots bit thing things something anything everything nothing someone anyone everyone",
        "stuff way get gets got getting gotten go goes going went gone make makes made making",
        "take took taken know knew think thought want wanted need needed feel felt say said",
        "says tell told see saw seen come came let lets may might must shall can could would",
        "should will us one ones kind sort pretty quite rather named called",
    )
    for word in line.split()
)
_STOP = STOPWORDS | _EXTRA_STOPWORDS

# A word (hyphenated compounds kept whole) or any single punctuation mark, which ends a phrase.
_TOKEN = re.compile(r"\w+(?:-\w+)*|[^\w\s]")
_MAX_WORDS = 3


def keyphrases(text: str, limit: int = 10) -> list[str]:
    """Up to ``limit`` lowercase key phrases of ``text``, best first (RAKE-style).

    Candidates are maximal runs of content words, broken at punctuation, stopwords, pure
    numbers and one-character tokens; runs longer than three words are cut into consecutive
    pieces of at most three. A word scores degree/frequency over all candidates (words in
    longer phrases score higher), a phrase the sum of its words; ties go to the phrase that
    appears first. Deterministic, no model: it runs on every write.
    """
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        raise ValidationError("limit", "must be an int >= 0", value=limit)
    if limit == 0 or not text:
        return []
    stop = _STOP
    phrases: list[tuple[str, ...]] = []
    run: list[str] = []
    for tok in _TOKEN.findall(text.lower()):
        if len(tok) < 2 or tok in stop or tok.isdigit():
            if run:
                phrases.append(tuple(run))
                run = []
        else:
            run.append(tok)
            if len(run) == _MAX_WORDS:
                phrases.append(tuple(run))
                run = []
    if run:
        phrases.append(tuple(run))
    if not phrases:
        return []

    freq: dict[str, int] = {}
    degree: dict[str, int] = {}
    for words in phrases:
        n = len(words)
        for w in words:
            freq[w] = freq.get(w, 0) + 1
            degree[w] = degree.get(w, 0) + n

    scored: dict[tuple[str, ...], tuple[float, int]] = {}
    for pos, words in enumerate(phrases):
        if words not in scored:
            scored[words] = (sum(degree[w] / freq[w] for w in words), pos)
    best = sorted(scored.items(), key=lambda item: (-item[1][0], item[1][1]))
    return [" ".join(words) for words, _ in best[:limit]]
