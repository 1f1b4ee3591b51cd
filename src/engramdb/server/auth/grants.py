"""Grants: which verbs a principal (or an API key) may use over which scope paths.

A grant maps a verb to scope patterns:

* ``org/acme/user/alice``: that exact path alone;
* ``org/acme/*``: ``org/acme`` itself and every path below it (``org/acme/...``);
* ``*`` (or ``/*``): every path.

A ``*`` anywhere else is refused, and so is an unknown verb: errors are ``ValidationError``\\ s
naming the verb and the offending pattern.

Every pattern denotes a set of paths, and everything here is exact set algebra over those sets:
``covers`` is membership, ``is_narrower`` is inclusion, ``intersect`` is intersection. Two facts
keep it exact with plain patterns: the intersection of two patterns is empty or one of them
(``org/*`` and ``org/acme/user/alice`` give ``org/acme/user/alice``; ``org/acme/*`` and
``org/globex/*`` give nothing), and a prefix pattern is never covered by a finite union of
patterns unless one of them covers it alone (there are always unnamed children).

Reads are fail-closed. A record is readable only if one of its scope paths is covered by a
``memory:read`` pattern *and* (when a lens is given) passes the lens rule of
:func:`engramdb.knowledge.scopes.visible` for that same path; a lens never widens.

**Ancestors are not implied by a grant.** The lens rule lets a lens ``org/acme/user/alice`` see
the curated records of ``org/acme``; a *grant* does not: ``memory:read`` on
``org/acme/user/alice`` reads that path only. A user key that should also read its
organisation's policies holds ``org/acme`` (exact, so not its siblings' records) as well, e.g.
``{"memory:read": ["org/acme", "org/acme/user/alice/*"]}``. Reasons: a grant is the security
boundary and must say what it gives (an ancestor may hold material its descendants must not
see, e.g. a team's notes above a contractor's path), and an exact ancestor grant costs one
pattern. The lens remains a pure filter inside the grant.

Writes: ``memory:write`` over the scope; authoritative writes (document uploads, operator
upserts) also need ``memory:curate`` over it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType

from ...errors import ValidationError
from ...knowledge.scopes import MAX_SCOPE_CHARS, ancestors, check_scope, visible

__all__ = [
    "ALL",
    "MAX_PATTERNS_PER_VERB",
    "VERBS",
    "VERB_DESCRIPTIONS",
    "Grants",
    "check_pattern",
    "check_verb",
    "covers",
    "covers_subtree",
    "intersect",
    "intersect_patterns",
    "is_narrower",
    "lens_patterns",
    "matches",
    "narrow",
    "pattern_contains",
    "read_scopes",
    "readable",
    "scope_filter_sql",
    "writable",
]

ALL = "*"
MAX_PATTERNS_PER_VERB = 256

VERB_DESCRIPTIONS: Mapping[str, str] = MappingProxyType(
    {
        "memory:read": "recall, query, context, documents: read records in the region",
        "memory:write": "remember facts and events in the region",
        "memory:curate": "authoritative writes (document uploads, operator upserts); "
        "needs memory:write too",
        "memory:forget": "forget records, delete entities, erase subtrees",
        "scope:read": "list scope paths (no access to records)",
        "scope:create": "register scope paths",
        "scope:delete": "tombstone scope paths",
        "grant:manage": "administer principals, grants and keys",
    }
)
VERBS: tuple[str, ...] = tuple(VERB_DESCRIPTIONS)

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*$")


# ----------------------------------------------------------------------------- patterns


def check_verb(verb: object, field: str = "verb") -> str:
    if not isinstance(verb, str) or verb not in VERB_DESCRIPTIONS:
        hint = ""
        if isinstance(verb, str) and ":" not in verb:
            hint = " (verbs are noun:verb, e.g. 'memory:read')"
        raise ValidationError(
            field, f"unknown verb {verb!r}{hint}; known verbs: {', '.join(VERBS)}", value=verb
        )
    return verb


def check_pattern(pattern: object, field: str = "pattern") -> str:
    """A valid pattern in canonical form: ``*``, ``path/*`` or ``path`` (no trailing slash)."""
    if not isinstance(pattern, str) or not pattern.strip("/"):
        raise ValidationError(
            field, "must be a scope path ('org/acme'), a prefix ('org/acme/*') or '*'"
        )
    if len(pattern) > MAX_SCOPE_CHARS + 2:
        raise ValidationError(field, "is too long", limit=MAX_SCOPE_CHARS + 2, value=len(pattern))
    text = pattern
    if text in ("*", "/*"):
        return ALL
    base, subtree = (text[:-2], True) if text.endswith("/*") else (text, False)
    if "*" in base:
        raise ValidationError(
            field, f"{pattern!r}: '*' is only allowed as the last segment ('org/acme/*')"
        )
    path = check_scope(base, field)
    return path + "/*" if subtree else path


def _split(pattern: str) -> tuple[str, bool]:
    """``(base, subtree)``; ``*`` is ``("", True)``."""
    if pattern == ALL:
        return "", True
    if pattern.endswith("/*"):
        return pattern[:-2], True
    return pattern, False


def _under(path: str, base: str) -> bool:
    """``path`` is ``base`` or below it; the empty base is the root of everything."""
    return not base or path == base or path.startswith(base + "/")


def matches(pattern: str, path: str) -> bool:
    """Does the (canonical) ``pattern`` cover ``path``?"""
    base, subtree = _split(pattern)
    return _under(path, base) if subtree else path == base


def pattern_contains(outer: str, inner: str) -> bool:
    """Every path ``inner`` covers is covered by ``outer``."""
    obase, osub = _split(outer)
    ibase, isub = _split(inner)
    if not osub:
        return not isub and ibase == obase
    if not ibase:  # inner is '*': only '*' contains it
        return not obase
    return _under(ibase, obase)


def intersect_patterns(a: str, b: str) -> str | None:
    """The pattern covering exactly the paths both cover, or None when they share none.

    Two patterns are either nested (the intersection is the inner one) or disjoint: an exact
    path inside a prefix is nested, two prefixes overlap only if one base is under the other.
    """
    if pattern_contains(a, b):
        return b
    if pattern_contains(b, a):
        return a
    return None


def _canonical(patterns: Iterable[str]) -> tuple[str, ...]:
    """Deduplicated, without patterns another one already covers, sorted (``*`` first)."""
    unique = set(patterns)
    kept = [p for p in unique if not any(q != p and pattern_contains(q, p) for q in unique)]
    return tuple(sorted(kept, key=lambda p: (p != ALL, p)))


# ----------------------------------------------------------------------------- Grants


class Grants(Mapping[str, tuple[str, ...]]):
    """An immutable mapping verb -> canonical patterns (verbs without patterns are left out).

    Build from a JSON-friendly dict with :meth:`parse` (or the constructor), back with
    :meth:`to_json`. Patterns are normalised: ``/*`` becomes ``*``, duplicates and patterns
    covered by another pattern of the same verb are dropped, the rest sorted, so equal rights
    give equal ``Grants``.
    """

    __slots__ = ("_map",)

    def __init__(self, grants: Mapping[str, Iterable[str]] | None = None, *, field: str = "grants"):
        if isinstance(grants, Grants):
            self._map: Mapping[str, tuple[str, ...]] = grants._map
            return
        if grants is None:
            grants = {}
        if not isinstance(grants, Mapping):
            raise ValidationError(
                field,
                'must be an object mapping verbs to pattern lists, e.g. {"memory:read": '
                '["org/acme/*"]}',
            )
        out: dict[str, tuple[str, ...]] = {}
        for verb, patterns in grants.items():
            check_verb(verb, field)
            vfield = f"{field}.{verb}"
            if isinstance(patterns, str) or not isinstance(patterns, Iterable):
                raise ValidationError(vfield, "must be a list of patterns", value=patterns)
            plist = list(patterns)
            if len(plist) > MAX_PATTERNS_PER_VERB:
                raise ValidationError(
                    vfield, "has too many patterns", limit=MAX_PATTERNS_PER_VERB, value=len(plist)
                )
            canon = _canonical(check_pattern(p, f"{vfield}[{i}]") for i, p in enumerate(plist))
            if canon:
                out[verb] = canon
        self._map = MappingProxyType({v: out[v] for v in VERBS if v in out})

    @classmethod
    def parse(cls, obj: object, field: str = "grants") -> Grants:
        """From a JSON-friendly dict (``{"memory:read": ["org/acme/*"]}``) or a ``Grants``."""
        if isinstance(obj, Grants):
            return obj
        return cls(obj, field=field)  # type: ignore[arg-type]

    @classmethod
    def _trusted(cls, mapping: Mapping[str, Iterable[str]]) -> Grants:
        """From patterns already valid and canonical per verb (internal, skips validation)."""
        g = cls.__new__(cls)
        g._map = MappingProxyType({v: tuple(mapping[v]) for v in VERBS if mapping.get(v)})
        return g

    @classmethod
    def none(cls) -> Grants:
        """No rights at all (the fail-closed default)."""
        return cls._trusted({})

    @classmethod
    def full(cls) -> Grants:
        """``*`` on every verb."""
        return cls._trusted({v: (ALL,) for v in VERBS})

    def patterns(self, verb: str) -> tuple[str, ...]:
        """The patterns of ``verb`` (empty if none)."""
        return self._map.get(check_verb(verb), ())

    def to_json(self) -> dict[str, list[str]]:
        return {v: list(p) for v, p in self._map.items()}

    def __getitem__(self, verb: str) -> tuple[str, ...]:
        return self._map[verb]

    def __iter__(self) -> Iterator[str]:
        return iter(self._map)

    def __len__(self) -> int:
        return len(self._map)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Grants):
            return dict(self._map) == dict(other._map)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self._map.items()))

    def __repr__(self) -> str:
        return f"Grants({self.to_json()!r})"


# ----------------------------------------------------------------------------- checks


def covers(grants: Grants, verb: str, path: str) -> bool:
    """``verb`` is granted over ``path``. No grant means no."""
    return any(matches(p, path) for p in grants.patterns(verb))


def covers_subtree(grants: Grants, verb: str, path: str) -> bool:
    """``verb`` is granted over ``path`` and everything below it: one pattern must cover the
    whole subtree, since exact patterns never cover the unnamed children."""
    return any(pattern_contains(p, path + "/*") for p in grants.patterns(verb))


def is_narrower(child: Grants, parent: Grants) -> bool:
    """Every right of ``child`` is a right of ``parent`` (equal grants are narrower)."""
    return all(
        any(pattern_contains(q, p) for q in parent.patterns(verb))
        for verb, patterns in child.items()
        for p in patterns
    )


def narrow(
    parent: Grants,
    requested: Mapping[str, Iterable[str]] | Grants,
    *,
    whose: str = "the principal's",
) -> Grants:
    """``requested`` (validated) if it only narrows ``parent``; otherwise a ``ValidationError``
    naming the first verb and pattern that asks for more. Verbs left out are not granted."""
    req = Grants.parse(requested)
    for verb, patterns in req.items():
        own = parent.patterns(verb)
        for p in patterns:
            if not any(pattern_contains(q, p) for q in own):
                held = ", ".join(repr(q) for q in own) if own else "nothing"
                raise ValidationError(
                    f"grants.{verb}",
                    f"{p!r} is wider than {whose} {verb} grant ({held}); a key may only narrow",
                    value=p,
                )
    return req


def intersect(a: Grants, b: Grants) -> Grants:
    """The rights both hold (delegation; a key's effective rights under its principal)."""
    out: dict[str, tuple[str, ...]] = {}
    for verb, pa in a.items():
        pb = b.get(verb)
        if not pb:
            continue
        both = (intersect_patterns(x, y) for x in pa for y in pb)
        out[verb] = _canonical(p for p in both if p is not None)
    return Grants._trusted(out)


def _as_paths(scope: str | Sequence[str]) -> Sequence[str]:
    return (scope,) if isinstance(scope, str) else scope


def readable(
    record_scope: str | Sequence[str], grants: Grants, lens: Sequence[str] | None = None
) -> bool:
    """Fail-closed read check: some scope path of the record is covered by ``memory:read`` and,
    when a lens is given, that same path passes the lens rule (``knowledge.scopes.visible``).
    No paths, no read grant, or an empty lens: not readable."""
    lens_paths = None if lens is None else ([lens] if isinstance(lens, str) else list(lens))
    return any(
        covers(grants, "memory:read", s) and (lens_paths is None or visible(s, lens_paths))
        for s in _as_paths(record_scope)
    )


def writable(scope: str | Sequence[str], grants: Grants, authoritative: bool = False) -> bool:
    """Every scope path written to is covered by ``memory:write`` (and ``memory:curate`` for an
    authoritative write). No paths: not writable."""
    paths = _as_paths(scope)
    if not paths:
        return False
    return all(
        covers(grants, "memory:write", s)
        and (not authoritative or covers(grants, "memory:curate", s))
        for s in paths
    )


def lens_patterns(lens: str | Sequence[str]) -> tuple[str, ...]:
    """The patterns a lens sees: each lens path with everything below it, plus its ancestors
    (exact). Same set as ``knowledge.scopes.visible``."""
    paths = [lens] if isinstance(lens, str) else list(lens)
    out: list[str] = []
    for p in paths:
        out.append(p + "/*")
        out.extend(ancestors(p))
    return _canonical(out)


def read_scopes(grants: Grants, lens: str | Sequence[str] | None = None) -> tuple[str, ...]:
    """The read region as patterns (``*``, ``path/*``, ``path``): a record scoped at ``s`` is
    readable exactly when one of them matches ``s``. Empty means nothing is readable. Use it
    to filter in the store (see :func:`scope_filter_sql`) rather than after ranking."""
    own = grants.patterns("memory:read")
    if lens is None:
        return own
    seen = lens_patterns(lens)
    both = (intersect_patterns(x, y) for x in own for y in seen)
    return _canonical(p for p in both if p is not None)


def scope_filter_sql(column: str, patterns: Sequence[str]) -> tuple[str, list[str]]:
    """A SQLite boolean expression (and its parameters) true when ``column`` matches one of
    ``patterns``. No patterns give ``0`` (fail-closed); ``*`` gives ``1``. Subtrees use a
    range on the text (``'/'`` sorts just before ``'0'``), so ``_`` and ``%`` in paths are
    never wildcards."""
    if not _IDENT.match(column):
        raise ValidationError("column", f"{column!r} is not a plain column name")
    clauses: list[str] = []
    params: list[str] = []
    for p in patterns:
        base, subtree = _split(p)
        if subtree and not base:
            return "1", []
        if subtree:
            clauses.append(f"({column} = ? OR ({column} >= ? AND {column} < ?))")
            params += [base, base + "/", base + "0"]
        else:
            clauses.append(f"{column} = ?")
            params.append(base)
    if not clauses:
        return "0", []
    return "(" + " OR ".join(clauses) + ")", params
