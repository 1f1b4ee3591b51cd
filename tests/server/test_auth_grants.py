"""Grants: patterns, coverage, narrowing, intersection, fail-closed reads and writes."""

from __future__ import annotations

import functools
import sqlite3
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engramdb.errors import ValidationError
from engramdb.server.auth.grants import (
    VERBS,
    Grants,
    check_pattern,
    covers,
    intersect,
    intersect_patterns,
    is_narrower,
    lens_patterns,
    narrow,
    pattern_contains,
    read_scopes,
    readable,
    scope_filter_sql,
    writable,
)

# ----------------------------------------------------------------------------- patterns


@pytest.mark.parametrize(
    ("raw", "canonical"),
    [
        ("org/acme/user/alice", "org/acme/user/alice"),
        ("org/acme/*", "org/acme/*"),
        ("org/acme/", "org/acme"),
        ("/org/acme/*", "org/acme/*"),
        ("*", "*"),
        ("/*", "*"),
        ("a.b@c+d-e_f", "a.b@c+d-e_f"),
    ],
)
def test_valid_patterns_are_canonicalised(raw, canonical):
    assert check_pattern(raw) == canonical


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("", "scope path"),
        ("/", "scope path"),
        ("org/*/alice", "last segment"),
        ("org/acme*", "last segment"),
        ("org/acme/**", "last segment"),
        ("*/org", "last segment"),
        ("org//acme", "segment"),
        ("org/ac me", "segment"),
        (42, "scope path"),
        (None, "scope path"),
        ("x" * 300, "too long"),
    ],
)
def test_invalid_patterns_are_refused_with_the_field(raw, words):
    with pytest.raises(ValidationError) as e:
        Grants({"memory:read": ["org/ok", raw]})
    assert e.value.field == "grants.memory:read[1]"
    assert words in str(e.value)


def test_unknown_verbs_and_shapes_are_refused():
    with pytest.raises(ValidationError, match="noun:verb") as e:
        Grants({"read": ["*"]})
    assert e.value.field == "grants"
    with pytest.raises(ValidationError, match="unknown verb"):
        Grants({"memory:delete": ["*"]})
    with pytest.raises(ValidationError, match="list of patterns") as e:
        Grants({"memory:read": "org/acme/*"})
    assert e.value.field == "grants.memory:read"
    with pytest.raises(ValidationError, match="object mapping verbs"):
        Grants.parse(["memory:read"])
    with pytest.raises(ValidationError, match="too many"):
        Grants({"memory:read": [f"org/{i}" for i in range(300)]})
    with pytest.raises(ValidationError, match="unknown verb"):
        covers(Grants.full(), "memory:erase", "org")


def test_grants_are_canonical_immutable_and_round_trip():
    g = Grants(
        {
            "memory:write": ["org/acme/user/alice", "org/acme/*", "org/acme/*", "org/b"],
            "memory:read": ["org/acme/*", "/*"],
            "scope:read": [],
        }
    )
    # subsumed patterns and empty verbs are dropped, verbs in catalogue order
    assert g.to_json() == {"memory:read": ["*"], "memory:write": ["org/acme/*", "org/b"]}
    assert list(g) == ["memory:read", "memory:write"]
    assert g["memory:write"] == ("org/acme/*", "org/b")
    assert g.patterns("grant:manage") == ()
    assert Grants.parse(g.to_json()) == g
    assert Grants.parse(g) is g
    assert hash(Grants.parse(g.to_json())) == hash(g)
    with pytest.raises(TypeError):
        g["memory:read"] = ("org",)  # type: ignore[index]
    with pytest.raises(AttributeError):
        g.extra = 1  # type: ignore[attr-defined]
    assert isinstance(g._map, MappingProxyType)
    assert Grants.full().to_json() == {v: ["*"] for v in VERBS}
    assert Grants.none().to_json() == {} == Grants().to_json()
    assert "memory:curate" in VERBS and len(VERBS) == 8


def test_covers():
    g = Grants({"memory:read": ["org/acme/*", "org/globex/user/bob"]})
    assert covers(g, "memory:read", "org/acme")
    assert covers(g, "memory:read", "org/acme/user/alice")
    assert covers(g, "memory:read", "org/globex/user/bob")
    assert not covers(g, "memory:read", "org/acmex")
    assert not covers(g, "memory:read", "org")
    assert not covers(g, "memory:read", "org/globex")
    assert not covers(g, "memory:read", "org/globex/user/bob/notes")
    assert not covers(g, "memory:write", "org/acme")
    assert covers(Grants({"memory:write": ["*"]}), "memory:write", "anything/at/all")


@pytest.mark.parametrize(
    ("inner", "outer", "inside"),
    [
        ("org/acme/user/*", "org/acme/*", True),
        ("org/acme", "org/acme/*", True),
        ("org/acme/*", "org/acme/*", True),
        ("org/acme/user/alice", "org/acme/*", True),
        ("org/acmex/*", "org/acme/*", False),
        ("org/acmex", "org/acme/*", False),
        ("org/acme/*", "org/acme", False),
        ("org/acme/*", "org/acme/user/*", False),
        ("org/acme", "org/acme/user/*", False),
        ("org", "org/acme/*", False),
        ("*", "org/*", False),
        ("org/*", "*", True),
        ("*", "*", True),
        ("org/acme", "org/acme", True),
        ("org/acme", "org/acmex", False),
    ],
)
def test_pattern_containment(inner, outer, inside):
    assert pattern_contains(outer, inner) is inside


@pytest.mark.parametrize(
    ("a", "b", "both"),
    [
        ("org/*", "org/acme/user/alice", "org/acme/user/alice"),
        ("org/acme/*", "org/globex/*", None),
        ("org/acme/*", "org/acme/user/*", "org/acme/user/*"),
        ("org/acme/*", "org/acme", "org/acme"),
        ("org/acme/*", "org/acmex/*", None),
        ("org/acme", "org/acme/user/*", None),
        ("*", "org/acme/*", "org/acme/*"),
        ("org/acme", "org/acme", "org/acme"),
        ("org/acme", "org/globex", None),
    ],
)
def test_pattern_intersection(a, b, both):
    assert intersect_patterns(a, b) == both
    assert intersect_patterns(b, a) == both


# ----------------------------------------------------------------------------- narrowing


def test_narrow_accepts_narrower_grants():
    parent = Grants({"memory:read": ["org/acme/*"], "memory:write": ["org/acme/user/*"]})
    child = narrow(
        parent,
        {"memory:read": ["org/acme", "org/acme/user/alice/*"], "memory:write": ["org/acme/user/a"]},
    )
    assert child.to_json() == {
        "memory:read": ["org/acme", "org/acme/user/alice/*"],
        "memory:write": ["org/acme/user/a"],
    }
    assert is_narrower(child, parent)
    assert is_narrower(parent, parent)
    assert is_narrower(Grants.none(), parent)
    assert narrow(parent, {}) == Grants.none()  # verbs left out are not granted
    assert is_narrower(parent, Grants.full())
    assert not is_narrower(Grants.full(), parent)


@pytest.mark.parametrize(
    ("requested", "verb", "pattern"),
    [
        ({"memory:read": ["org/*"]}, "memory:read", "org/*"),
        ({"memory:read": ["org/acmex/*"]}, "memory:read", "org/acmex/*"),
        ({"memory:read": ["org/acme/user/x", "*"]}, "memory:read", "*"),
        ({"memory:write": ["org/acme/*"]}, "memory:write", "org/acme/*"),
        ({"memory:write": ["org/acme"]}, "memory:write", "org/acme"),
        ({"grant:manage": ["org/acme/*"]}, "grant:manage", "org/acme/*"),
    ],
)
def test_narrow_refuses_wider_grants_naming_verb_and_pattern(requested, verb, pattern):
    parent = Grants({"memory:read": ["org/acme/*"], "memory:write": ["org/acme/user/*"]})
    with pytest.raises(ValidationError) as e:
        narrow(parent, requested)
    assert e.value.field == f"grants.{verb}"
    assert e.value.value == pattern
    assert repr(pattern) in str(e.value) and "narrow" in str(e.value)
    assert not is_narrower(Grants(requested), parent)


def test_narrowing_a_prefix_needs_a_single_covering_pattern():
    # org/acme/* holds org/acme and children no one has named yet: the union of named
    # children does not cover it.
    parent = Grants({"memory:read": ["org/acme", "org/acme/user/*", "org/acme/team/*"]})
    with pytest.raises(ValidationError):
        narrow(parent, {"memory:read": ["org/acme/*"]})


# ----------------------------------------------------------------------------- intersection


def test_intersect():
    a = Grants(
        {
            "memory:read": ["org/*"],
            "memory:write": ["org/acme/*"],
            "memory:forget": ["org/acme/*"],
            "scope:read": ["*"],
        }
    )
    b = Grants(
        {
            "memory:read": ["org/acme/user/alice", "org/globex/*", "other/*"],
            "memory:write": ["org/globex/*"],
            "memory:forget": ["org/acme/user/*", "org/acme"],
            "grant:manage": ["*"],
        }
    )
    both = intersect(a, b)
    assert both.to_json() == {
        "memory:read": ["org/acme/user/alice", "org/globex/*"],
        "memory:forget": ["org/acme", "org/acme/user/*"],
    }
    assert intersect(b, a) == both
    assert is_narrower(both, a) and is_narrower(both, b)
    assert intersect(a, Grants.full()) == a
    assert intersect(a, Grants.none()) == Grants.none()


# ----------------------------------------------------------------------------- reads, writes

ALICE = "org/acme/user/alice"


def test_fail_closed_defaults():
    for g in (Grants.none(), Grants({"memory:write": ["*"]})):
        assert not readable("org/acme", g)
        assert not readable(ALICE, g, [ALICE])
        assert read_scopes(g) == ()
    assert not writable("org/acme", Grants.none())
    assert not writable("org/acme", Grants({"memory:read": ["*"]}))
    full = Grants.full()
    assert not readable([], full)  # a record with no scope: nobody reads it
    assert not writable([], full)
    assert not readable("org/acme", full, [])  # an empty lens sees nothing
    assert readable("org/acme", full) and readable("org/acme", full, None)


def test_read_grant_does_not_imply_ancestors():
    user = Grants({"memory:read": [ALICE]})
    assert readable(ALICE, user)
    assert not readable("org/acme", user)  # the org's policies need their own grant
    assert not readable(ALICE + "/notes", user)  # exact: not below either
    assert not readable("org/acme", user, [ALICE])  # a lens never widens
    member = Grants({"memory:read": ["org/acme", ALICE + "/*"]})
    assert readable("org/acme", member, [ALICE])
    assert readable(ALICE + "/notes", member, [ALICE])
    assert not readable("org/acme/user/bob", member)
    assert not readable("org/acme/team", member)


def test_lens_narrows_inside_the_grant():
    org = Grants({"memory:read": ["org/acme/*"]})
    assert readable("org/acme/user/bob", org)
    assert not readable("org/acme/user/bob", org, [ALICE])  # sibling: hidden by the lens
    assert readable(ALICE, org, [ALICE])
    assert readable(ALICE + "/x", org, [ALICE])
    assert readable("org/acme", org, [ALICE])  # ancestor: the lens rule shows it
    assert not readable("org", org, [ALICE])  # ancestor, but outside the grant
    assert not readable("org/globex", org, ["org/globex"])  # lens outside the grant
    assert readable("org/acme/user/bob", org, [ALICE, "org/acme/user/bob"])
    assert readable(ALICE, org, ALICE)  # a single path is accepted as the lens
    # multi-scope record: one path both granted and in the lens is enough
    assert readable(["org/globex/x", ALICE], org, [ALICE])
    assert not readable(["org/globex/x", "org/acme/user/bob"], org, ["org/globex/x"])


def test_writable():
    g = Grants(
        {"memory:write": ["org/acme/*"], "memory:curate": ["org/acme"], "memory:read": ["*"]}
    )
    assert writable(ALICE, g)
    assert writable("org/acme", g, authoritative=True)
    assert not writable(ALICE, g, authoritative=True)  # curate only on org/acme itself
    assert not writable("org/globex", g)
    assert not writable("org/globex", Grants({"memory:curate": ["*"]}), authoritative=True)
    assert writable(["org/acme", ALICE], g)
    assert not writable(["org/acme", "org/globex"], g)  # every path must be writable


def test_read_scopes_and_sql_filter_agree_with_readable():
    g = Grants({"memory:read": ["org/acme/*", "org/b_c/*", "x"]})
    assert lens_patterns(ALICE) == ("org", "org/acme", "org/acme/user", ALICE + "/*")
    assert read_scopes(g, [ALICE]) == ("org/acme", "org/acme/user", ALICE + "/*")
    scopes = [
        "org",
        "org/acme",
        "org/acme0",
        "org/acme/user",
        ALICE,
        ALICE + "/n",
        "org/acme/user/bob",
        "org/b_c",
        "org/b_c/d",
        "org/bxc/d",  # '_' must not act as a LIKE wildcard
        "org/acme.x",
        "x",
        "x/y",
    ]
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE r (scope TEXT)")
    con.executemany("INSERT INTO r VALUES (?)", [(s,) for s in scopes])
    for lens in (None, [ALICE], ["org/b_c"], ["x/y"], ["zzz"]):
        sql, params = scope_filter_sql("scope", read_scopes(g, lens))
        got = {s for (s,) in con.execute(f"SELECT scope FROM r WHERE {sql}", params)}
        assert got == {s for s in scopes if readable(s, g, lens)}, lens
    assert scope_filter_sql("scope", ()) == ("0", [])
    assert scope_filter_sql("scope", ("*",)) == ("1", [])
    with pytest.raises(ValidationError):
        scope_filter_sql("scope; DROP TABLE r", ("x",))


# ----------------------------------------------------------------------------- property test
#
# An independent reference: every pattern is turned into the explicit set of paths it covers
# over a finite universe, by segment-list comparison, and every operation is checked as set
# algebra. The universe holds, besides the paths patterns are drawn from, a segment 'q' that no
# pattern names at each depth: a witness that a prefix pattern covers more than any finite
# union of named paths (otherwise `org/a/*` would look covered by `org/a`, `org/a/user/*`,
# `org/a/team/*` in the small world).

# 'a'/'ab' and 'x'/'xx' share a prefix that is not a segment boundary.
LEVELS = (("org",), ("a", "ab"), ("user", "team"), ("x", "xx"))
UNIVERSE_LEVELS = (("org", "q"), ("a", "ab", "q"), ("user", "team", "q"), ("x", "xx", "q"), ("q",))
VERBS_TESTED = ("memory:read", "memory:write", "memory:curate", "grant:manage")


def _universe() -> list[str]:
    out: list[list[str]] = [[]]
    paths: list[str] = []
    for level in UNIVERSE_LEVELS:
        out = [p + [s] for p in out for s in level]
        paths.extend("/".join(p) for p in out)
    return paths


UNIVERSE = _universe()


def ref_match(pattern: str, path: str) -> bool:
    segs = path.split("/")
    if pattern == "*":
        return True
    pat = pattern.split("/")
    if pat[-1] == "*":
        return segs[: len(pat) - 1] == pat[:-1]
    return segs == pat


@functools.cache
def _ref_set(patterns: tuple[str, ...]) -> frozenset[str]:
    return frozenset(u for u in UNIVERSE if any(ref_match(p, u) for p in patterns))


def ref_set(patterns) -> frozenset[str]:
    return _ref_set(tuple(sorted(set(patterns))))


def ref_visible(path: str, lens) -> bool:
    if lens is None:
        return True
    segs = path.split("/")
    for lp in lens:
        ls = lp.split("/")
        n = min(len(ls), len(segs))
        if ls[:n] == segs[:n]:  # one is a segment prefix of the other
            return True
    return False


@st.composite
def paths(draw) -> str:
    depth = draw(st.integers(1, len(LEVELS)))
    return "/".join(draw(st.sampled_from(LEVELS[i])) for i in range(depth))


patterns = st.one_of(st.just("*"), paths(), paths().map(lambda p: p + "/*"))
raw_grants = st.dictionaries(
    st.sampled_from(VERBS_TESTED), st.lists(patterns, max_size=4), max_size=len(VERBS_TESTED)
)
lenses = st.one_of(st.none(), st.lists(paths(), min_size=1, max_size=2))


def test_against_a_brute_force_reference():
    cases = 0

    @settings(max_examples=1200, deadline=None, database=None)
    @given(
        raw_a=raw_grants,
        raw_b=raw_grants,
        scope=st.sampled_from(UNIVERSE),
        lens=lenses,
        authoritative=st.booleans(),
    )
    def check(raw_a, raw_b, scope, lens, authoritative):
        nonlocal cases
        cases += 1
        a, b = Grants(raw_a), Grants(raw_b)
        sets_a = {v: ref_set(raw_a.get(v, ())) for v in VERBS_TESTED}
        sets_b = {v: ref_set(raw_b.get(v, ())) for v in VERBS_TESTED}
        for verb in VERBS_TESTED:
            # canonicalisation keeps the covered set
            assert ref_set(a.patterns(verb)) == sets_a[verb]
            assert covers(a, verb, scope) == (scope in sets_a[verb])
        want_read = scope in sets_a["memory:read"] and ref_visible(scope, lens)
        assert readable(scope, a, lens) == want_read
        want_write = scope in sets_a["memory:write"] and (
            not authoritative or scope in sets_a["memory:curate"]
        )
        assert writable(scope, a, authoritative) == want_write
        both = intersect(a, b)
        for verb in VERBS_TESTED:
            assert ref_set(both.patterns(verb)) == sets_a[verb] & sets_b[verb], verb
        narrower = all(sets_a[v] <= sets_b[v] for v in VERBS_TESTED)
        assert is_narrower(a, b) == narrower
        if narrower:
            assert narrow(b, raw_a) == a
        else:
            with pytest.raises(ValidationError):
                narrow(b, raw_a)
        region = ref_set(read_scopes(a, lens))
        assert region == {u for u in sets_a["memory:read"] if ref_visible(u, lens)}

    check()
    assert cases >= 1000
