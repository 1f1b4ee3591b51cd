"""Synaptic tags: the persisted 64-bit Bloom filter, and automatic key phrases."""

from __future__ import annotations

import math
import os
import random
import string
import subprocess
import sys

import numpy as np
import pytest

from engramdb.engine.tags import (
    bloom64,
    bloom_matches,
    bloom_may_contain,
    bloom_overlap,
    bloom_overlap_many,
    keyphrases,
    normalize_tag,
)
from engramdb.errors import ValidationError

TAG_SETS = [["golden retriever"], ["Biscuit", "dogs", "golden retriever"], ["a"], ["é", "日本"]]


def _random_tags(rng: random.Random, n: int) -> list[str]:
    return ["".join(rng.choices(string.ascii_lowercase, k=rng.randint(4, 12))) for _ in range(n)]


# --------------------------------------------------------------------------- bloom64


def test_bloom_values_are_pinned():
    """The filter is persisted in every header: these bits must never change."""
    assert bloom64(["golden retriever"]) == 1074003969
    assert bloom64(["Biscuit", "dogs", "golden retriever"]) == 4902203397018746945


@pytest.mark.processes
def test_bloom_is_the_same_in_another_process():
    code = (
        "import sys; from engramdb.engine.tags import bloom64; "
        f"print([bloom64(t) for t in {TAG_SETS!r}])"
    )
    env = dict(os.environ, PYTHONHASHSEED="12345", PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == str([bloom64(t) for t in TAG_SETS])


def test_empty_and_blank_tags_give_zero():
    assert bloom64([]) == 0
    assert bloom64(["", "   ", "\t\n"]) == 0


@pytest.mark.parametrize("k", [1, 2, 3, 5, 8, 16])
def test_each_tag_sets_exactly_k_bits(k: int):
    for tag in _random_tags(random.Random(k), 300):
        bloom = bloom64([tag], k=k)
        assert 0 < bloom < 2**64
        assert bloom.bit_count() == k


def test_union_of_filters_is_the_filter_of_the_union():
    rng = random.Random(1)
    for _ in range(100):
        a, b = _random_tags(rng, rng.randint(0, 5)), _random_tags(rng, rng.randint(0, 5))
        assert bloom64(a + b) == bloom64(a) | bloom64(b)
        assert bloom64(a + a) == bloom64(a)  # duplicates change nothing


def test_order_does_not_matter():
    assert bloom64(["x", "y", "z"]) == bloom64(["z", "x", "y"])


def test_tags_are_normalised():
    assert normalize_tag("  Golden \t Retriever\n") == "golden retriever"
    assert bloom64(["Golden  Retriever "]) == bloom64(["golden retriever"])
    assert bloom64(["STRASSE"]) == bloom64(["straße"])  # casefold, not lower
    assert bloom64(["golden retriever"]) != bloom64(["goldenretriever"])


def test_bad_arguments_are_refused():
    with pytest.raises(ValidationError, match="k"):
        bloom64(["x"], k=0)
    with pytest.raises(ValidationError, match="k"):
        bloom64(["x"], k=65)
    with pytest.raises(ValidationError, match="tags"):
        bloom64("golden retriever")  # a str would be read as its characters


# --------------------------------------------------------------------------- may_contain


def test_inserted_tags_are_always_found():
    rng = random.Random(2)
    for _ in range(200):
        tags = _random_tags(rng, rng.randint(1, 10))
        bloom = bloom64(tags)
        assert all(bloom_may_contain(bloom, t) for t in tags)
        assert all(bloom_may_contain(bloom, f"  {t.upper()} ") for t in tags)


def test_blank_tag_is_never_contained():
    assert not bloom_may_contain(bloom64(["x"]), "")
    assert not bloom_may_contain(2**64 - 1, "  ")


def test_false_positive_rate_matches_the_bloom_formula():
    # 3 tags, k = 3, m = 64: (1 - e^(-kn/m))^k = (1 - e^(-9/64))^3 ≈ 0.0023.
    k, n, m = 3, 3, 64
    expected = (1 - math.exp(-k * n / m)) ** k
    rng = random.Random(3)
    trials, probes, false_positives = 20, 1000, 0
    for _ in range(trials):
        inserted = _random_tags(rng, n)
        bloom = bloom64(inserted, k=k)
        others = [t for t in _random_tags(rng, probes) if t not in inserted]
        false_positives += sum(bloom_may_contain(bloom, t, k=k) for t in others)
    rate = false_positives / (trials * probes)
    # Mean ≈ 46 over 20,000 probes, standard deviation ≈ 7: twice the formula is > 6 sigma.
    assert rate < 2 * expected, rate
    assert rate > 0  # the probes really are tested against the filter


# --------------------------------------------------------------------------- overlap / matches


def test_overlap_orders_memories_by_shared_tags():
    query = bloom64(["hiking", "colorado"])
    full = bloom64(["hiking", "colorado", "trip"])
    half = bloom64(["hiking", "cooking"])
    none = bloom64(["taxes", "spreadsheets"])
    scores = [bloom_overlap(b, query) for b in (full, half, none)]
    assert scores[0] == 1.0
    assert scores[0] > scores[1] > scores[2]
    assert 0.0 <= scores[2] < 0.5


def test_overlap_with_no_query_tags_is_zero():
    assert bloom_overlap(bloom64(["x"]), 0) == 0.0
    assert bloom_overlap(0, 0) == 0.0


def _blooms(rng: random.Random, count: int) -> tuple[list[int], np.ndarray]:
    vocab = _random_tags(rng, 12)
    ints = [bloom64(rng.sample(vocab, rng.randint(0, 4))) for _ in range(count)]
    return ints, np.array(ints, dtype=np.uint64)


def test_bloom_matches_is_the_vectorised_all_bits_test():
    rng = random.Random(4)
    ints, arr = _blooms(rng, 500)
    for query in (bloom64(["hiking"]), ints[3], ints[7] | ints[9], 0):
        got = bloom_matches(arr, query)
        assert got.dtype == np.bool_ and got.shape == arr.shape
        assert got.tolist() == [b & query == query for b in ints]
    assert bloom_matches(arr, 0).all()  # no tags asked: nothing filtered out


def test_bloom_matches_accepts_int64_views_and_refuses_other_arrays():
    ints, arr = _blooms(random.Random(5), 50)
    signed = arr.view(np.int64)
    q = ints[0]
    assert (bloom_matches(signed, q) == bloom_matches(arr, q)).all()
    with pytest.raises(ValidationError, match="blooms"):
        bloom_matches(arr.astype(np.float64), q)
    with pytest.raises(ValidationError, match="query_bloom"):
        bloom_matches(arr, 2**64)


def test_overlap_many_equals_overlap():
    ints, arr = _blooms(random.Random(6), 300)
    for query in (ints[1] | ints[2], bloom64(["x", "y"]), 0):
        got = bloom_overlap_many(arr, query)
        assert got.dtype == np.float32
        np.testing.assert_allclose(got, [bloom_overlap(b, query) for b in ints], rtol=1e-6)


# --------------------------------------------------------------------------- keyphrases


def test_keyphrases_find_the_content_of_a_chat_turn():
    got = keyphrases("I adopted a golden retriever puppy named Biscuit last weekend")
    assert "golden retriever puppy" in got
    assert "biscuit" in got
    assert got[0] == "golden retriever puppy"  # the longest phrase scores highest


def test_keyphrases_split_at_punctuation_and_stopwords():
    got = keyphrases("Hi! I'm Maya, a UX designer at a small studio in Portland, Oregon.")
    assert {"ux designer", "small studio", "maya", "portland", "oregon"} == set(got)


def test_keyphrases_are_lowercase_and_at_most_three_words():
    text = (
        "Quarterly Revenue Forecast Model Review happened; the Finance Team Lead Approved "
        "the Updated Budget Spreadsheet Template."
    )
    got = keyphrases(text, limit=20)
    assert got and all(p == p.lower() and 1 <= len(p.split()) <= 3 for p in got)


def test_keyphrases_drop_numbers_and_single_characters():
    got = keyphrases("Room 4 at 3 pm, x y z, 2024 budget")
    assert "4" not in got and "2024" not in got and "x" not in got
    assert "budget" in got and "room" in got


def test_keyphrases_respect_limit():
    text = "apples, bananas, cherries, dates, elderberries, figs, grapes, honeydew, kiwis"
    assert len(keyphrases(text, limit=3)) == 3
    assert keyphrases(text, limit=0) == []
    assert len(keyphrases(text)) == 9
    with pytest.raises(ValidationError, match="limit"):
        keyphrases(text, limit=-1)


def test_keyphrases_of_stopwords_or_nothing_is_empty():
    assert keyphrases("") == []
    assert keyphrases("and the of it is was to be") == []
    assert keyphrases("!!! ... ???") == []


def test_keyphrases_ties_go_to_first_position_and_are_deterministic():
    text = "zebra, yak, xerus, walrus"
    assert keyphrases(text) == ["zebra", "yak", "xerus", "walrus"]
    assert keyphrases(text) == keyphrases(text)


def test_repeated_phrase_is_listed_once():
    got = keyphrases("Coffee tastes great. I drink coffee daily. Coffee!")
    assert got.count("coffee") == 1
