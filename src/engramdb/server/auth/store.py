"""Principals and API keys in one small SQLite database (``auth.db``).

The chain is key -> principal -> grants -> scope. Every key belongs to exactly one principal
and carries grants that were narrower than the principal's when it was made. At every check
the key's *effective* grants are ``intersect(key grants, principal grants)``, so narrowing a
principal narrows all its keys at once, and widening it again gives a key back at most what it
was created with.

Keys are shown once (the token returned by :meth:`AuthStore.create_key`,
:meth:`AuthStore.rotate_key`, :meth:`AuthStore.bootstrap`); the table holds only the Argon2id
hash. Revocation keeps the row (``revoked_ms``) for the audit trail; a revoked key never
authenticates again and cannot be rotated. A rotation records the succession (``replaced_by``
on the old row, ``replaces`` on the new), so revoking a key id revokes every key it was rotated
into: what the caller knows stops what it stands for.

The server never loses its last *full administrator* (a principal with grant:manage over
``*``, reaching every context, enabled, with a live key of the same rights): an update or a
revocation that would take the last one away is refused with :class:`LockoutError`.

Delegation (:meth:`AuthStore.delegate`): any authenticated principal may act on behalf of any
other enabled principal of the same store, without a special verb, because the effective
grants are the intersection of both, which can only reduce the caller's rights. Both ids stay
on the context (:meth:`AuthContext.provenance`), so a record written "on behalf of" someone is
never attributed to them alone. Delegation is one level deep, and an unknown or disabled target
gets the same refusal (so ids cannot be probed through it).
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import string
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher

from ...errors import ValidationError
from ...store.sqlite import connect
from . import grants as g
from .errors import AuthError, LockoutError, UnknownKeyError, UnknownPrincipalError
from .grants import Grants
from .keys import KeyHasher, new_token, parse_key
from .reach import ALL_CONTEXTS, Reach, check_reach, intersect_reach, reach_within, reaches

__all__ = [
    "KINDS",
    "MANAGEMENT_PRINCIPAL",
    "ApiKey",
    "AuthContext",
    "AuthStore",
    "Principal",
]

KINDS = ("human", "agent", "service", "unknown")
MANAGEMENT_PRINCIPAL = "management"
MAX_NAME_CHARS = 128
MAX_LABEL_CHARS = 128
LAST_USED_RESOLUTION_MS = 60_000  # last_used_ms is written at most once a minute per key

_SCHEMA = """
CREATE TABLE IF NOT EXISTS principals (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    kind        TEXT NOT NULL CHECK (kind IN ('human', 'agent', 'service', 'unknown')),
    grants      TEXT NOT NULL,
    created_ms  INTEGER NOT NULL,
    disabled    INTEGER NOT NULL DEFAULT 0,
    contexts    TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE IF NOT EXISTS api_keys (
    key_id        TEXT PRIMARY KEY,
    principal_id  TEXT NOT NULL REFERENCES principals(id),
    hash          TEXT NOT NULL,
    grants        TEXT NOT NULL,
    created_ms    INTEGER NOT NULL,
    expires_ms    INTEGER,
    revoked_ms    INTEGER,
    last_used_ms  INTEGER,
    label         TEXT,
    strict        INTEGER NOT NULL DEFAULT 0,
    contexts      TEXT,
    replaced_by   TEXT,
    replaces      TEXT
);
CREATE INDEX IF NOT EXISTS api_keys_principal ON api_keys(principal_id);
"""
_KEY_COLUMNS = (
    "key_id, principal_id, grants, created_ms, expires_ms, revoked_ms, last_used_ms, label, "
    "strict, contexts, replaced_by, replaces"
)
_PRINCIPAL_COLUMNS = "id, name, kind, grants, created_ms, disabled, contexts"
_ALNUM = string.ascii_letters + string.digits


def _new_principal_id() -> str:
    return "p_" + "".join(secrets.choice(_ALNUM) for _ in range(12))


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


def _dump(grants: Grants) -> str:
    return json.dumps(grants.to_json(), sort_keys=True, separators=(",", ":"))


def _load(text: str) -> Grants:
    return Grants.parse(json.loads(text))


def _load_reach(text: str | None) -> Reach | None:
    return None if text is None else check_reach(json.loads(text))


@dataclass(frozen=True)
class Principal:
    id: str
    name: str
    kind: str
    grants: Grants
    created_ms: int
    disabled: bool = False
    #: The contexts it may use: names, or ``("*",)`` for all. An empty tuple reaches none.
    contexts: Reach = ()


@dataclass(frozen=True)
class ApiKey:
    """A key's metadata; the hash and the secret are never part of it."""

    key_id: str
    principal_id: str
    grants: Grants
    created_ms: int
    expires_ms: int | None = None
    revoked_ms: int | None = None
    last_used_ms: int | None = None
    label: str | None = None
    #: A strict key is told 403 when it asks for what lies outside its read region, instead of
    #: getting an empty answer.
    strict: bool = False
    #: The contexts the key may use (inside its principal's); None: its principal's (keys made
    #: before contexts existed).
    contexts: Reach | None = None
    #: The key this one was rotated into (its successor), and the one it replaced.
    replaced_by: str | None = None
    replaces: str | None = None

    def active(self, now_ms: int) -> bool:
        return self.revoked_ms is None and (self.expires_ms is None or now_ms < self.expires_ms)


@dataclass(frozen=True)
class AuthContext:
    """Who is asking and what they may do.

    ``principal`` owns ``key_id``; ``grants`` are the effective grants (key ∩ principal, and
    ∩ the ``on_behalf_of`` principal's when delegating).
    """

    principal: Principal
    key_id: str
    grants: Grants
    on_behalf_of: Principal | None = None
    strict: bool = False
    #: The effective contexts: the key's ∩ its principal's (∩ the delegation target's).
    contexts: Reach = ()
    #: When the calling key expires (keys it makes expire no later).
    expires_ms: int | None = None

    @property
    def principal_id(self) -> str:
        return self.principal.id

    @property
    def subject_id(self) -> str:
        """The principal the request acts for (the delegator's target, else the caller)."""
        return self.on_behalf_of.id if self.on_behalf_of else self.principal.id

    def can(self, verb: str, path: str) -> bool:
        return g.covers(self.grants, verb, path)

    def can_subtree(self, verb: str, path: str) -> bool:
        """``verb`` over ``path`` and every path below it, present and future."""
        return g.covers_subtree(self.grants, verb, path)

    def can_anywhere(self, verb: str, path: str | None = None) -> bool:
        """``verb`` over ``path`` or some path below it (None: over any path at all): whether
        a request aimed at ``path`` could do anything with this verb."""
        for pattern in self.grants.patterns(verb):
            base = pattern.removesuffix("*").rstrip("/")
            if path is None or g.matches(pattern, path) or base.startswith(path + "/"):
                return True
        return False

    def reaches(self, context: str) -> bool:
        """The key may use this context (hard isolation: nothing of any other is visible)."""
        return reaches(self.contexts, context)

    def holds(self, key: ApiKey, principal: Principal) -> bool:
        """Everything ``key`` (of ``principal``) may do, this caller may do too: grants,
        contexts, expiry and strictness. Only such a key may be rotated by it (a rotation
        hands over a token)."""
        reach = principal.contexts if key.contexts is None else key.contexts
        return (
            g.is_narrower(g.intersect(key.grants, principal.grants), self.grants)
            and reach_within(intersect_reach(reach, principal.contexts), self.contexts)
            and (
                self.expires_ms is None
                or (key.expires_ms is not None and key.expires_ms <= self.expires_ms)
            )
            and (key.strict or not self.strict)
        )

    def manages(self) -> bool:
        """An administrator: grant:manage over every scope (of the contexts it reaches)."""
        return g.ALL in self.grants.patterns("grant:manage")

    def administers_all(self) -> bool:
        """A full administrator: grant:manage over every scope, reaching every context. Only
        such a key acts on the whole server (backup, metrics, principals of every context)."""
        return self.manages() and self.contexts == ALL_CONTEXTS

    def administers(self, principal: Principal) -> bool:
        """May administer ``principal`` (its grants, contexts, keys): a full administrator any,
        an administrator bound to some contexts only a principal that reaches some of them and
        nothing else (never one reaching ``*``, nor one reaching no context: such a principal
        belongs to no tenant)."""
        if not self.manages():
            return False
        if self.contexts == ALL_CONTEXTS:
            return True
        return bool(principal.contexts) and reach_within(principal.contexts, self.contexts)

    def readable(self, scope: str | Sequence[str], lens: Sequence[str] | None = None) -> bool:
        return g.readable(scope, self.grants, lens)

    def writable(self, scope: str | Sequence[str], authoritative: bool = False) -> bool:
        return g.writable(scope, self.grants, authoritative)

    def read_scopes(self, lens: str | Sequence[str] | None = None) -> tuple[str, ...]:
        return g.read_scopes(self.grants, lens)

    def provenance(self) -> dict[str, str | None]:
        return {
            "principal_id": self.principal.id,
            "key_id": self.key_id,
            "on_behalf_of": self.on_behalf_of.id if self.on_behalf_of else None,
        }


def full_rights(grants: Grants, reach: Reach) -> bool:
    """grant:manage over every scope and every context: a full administrator's rights."""
    return g.ALL in grants.patterns("grant:manage") and reach == ALL_CONTEXTS


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ValidationError("name", "must be a non-empty string")
    if len(name) > MAX_NAME_CHARS:
        raise ValidationError("name", "is too long", limit=MAX_NAME_CHARS, value=len(name))
    if any(ord(c) < 32 for c in name):
        raise ValidationError("name", "must not contain control characters")
    return name.strip()


def _check_kind(kind: object) -> str:
    if kind not in KINDS:
        raise ValidationError("kind", f"must be one of {', '.join(KINDS)}", value=kind)
    return kind  # type: ignore[return-value]


def _check_label(label: object) -> str | None:
    if label is None:
        return None
    if not isinstance(label, str):
        raise ValidationError("label", "must be a string or null")
    if len(label) > MAX_LABEL_CHARS:
        raise ValidationError("label", "is too long", limit=MAX_LABEL_CHARS, value=len(label))
    return label


class AuthStore:
    """Principals and API keys over SQLite (WAL). Safe to share between threads.

    ``hasher`` defaults to argon2-cffi's default Argon2id parameters; tests pass a cheap one.
    Methods that depend on the time take ``now_ms`` (default: the wall clock).
    """

    def __init__(self, path: Path | str, *, hasher: PasswordHasher | None = None):
        self.path = Path(path)
        self._hasher = KeyHasher(hasher)
        self._lock = threading.RLock()
        self._verified: dict[str, tuple[str, bytes]] = {}
        self._con = connect(self.path)
        with self._tx():
            for stmt in _SCHEMA.split(";"):
                if stmt.strip():
                    self._con.execute(stmt)
            columns = {r[1] for r in self._con.execute("PRAGMA table_info(api_keys)")}
            if "strict" not in columns:  # a store made before strict keys existed
                self._con.execute(
                    "ALTER TABLE api_keys ADD COLUMN strict INTEGER NOT NULL DEFAULT 0"
                )
            if "contexts" not in columns:  # keys made before contexts: their principal's
                self._con.execute("ALTER TABLE api_keys ADD COLUMN contexts TEXT")
            for column in ("replaced_by", "replaces"):  # a store made before rotations were
                if column not in columns:  # recorded: its past rotations stay unlinked
                    self._con.execute(f"ALTER TABLE api_keys ADD COLUMN {column} TEXT")
            columns = {r[1] for r in self._con.execute("PRAGMA table_info(principals)")}
            if "contexts" not in columns:
                # a store made before contexts bound principals: fail closed (none) for every
                # principal but the management one, which keeps reaching all
                self._con.execute(
                    "ALTER TABLE principals ADD COLUMN contexts TEXT NOT NULL DEFAULT '[]'"
                )
                self._con.execute(
                    "UPDATE principals SET contexts='[\"*\"]' WHERE name=?",
                    (MANAGEMENT_PRINCIPAL,),
                )
            if self._con.execute("PRAGMA user_version").fetchone()[0] < 2:
                self._con.execute("PRAGMA user_version = 2")

    # ------------------------------------------------------------------ plumbing

    def close(self) -> None:
        with self._lock:
            self._con.close()

    def __enter__(self) -> AuthStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._con.execute("BEGIN IMMEDIATE")
            try:
                yield self._con
            except BaseException:
                self._con.execute("ROLLBACK")
                raise
            self._con.execute("COMMIT")

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        with self._lock:
            return self._con.execute(sql, params).fetchall()

    @staticmethod
    def _principal(row: tuple) -> Principal:
        pid, name, kind, grants, created, disabled, contexts = row
        reach = _load_reach(contexts) or ()
        return Principal(pid, name, kind, _load(grants), created, bool(disabled), reach)

    @staticmethod
    def _key(row: tuple) -> ApiKey:
        key_id, pid, grants, created, expires, revoked, used, label, strict, contexts = row[:10]
        return ApiKey(
            key_id,
            pid,
            _load(grants),
            created,
            expires,
            revoked,
            used,
            label,
            bool(strict),
            _load_reach(contexts),
            row[10],
            row[11],
        )

    def _full_admins(self, con: sqlite3.Connection, now: int) -> int:
        """Principals with full rights, enabled, holding a live key with full rights."""
        count = 0
        for row in con.execute(
            f"SELECT {_PRINCIPAL_COLUMNS} FROM principals WHERE disabled = 0"
        ).fetchall():
            p = self._principal(row)
            if not full_rights(p.grants, p.contexts):
                continue
            for krow in con.execute(
                f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE principal_id = ? "
                "AND revoked_ms IS NULL AND (expires_ms IS NULL OR expires_ms > ?)",
                (p.id, now),
            ):
                k = self._key(krow)
                reach = p.contexts if k.contexts is None else k.contexts
                if full_rights(k.grants, reach):
                    count += 1
                    break
        return count

    @contextmanager
    def _guarded(self, now_ms: int | None = None) -> Iterator[sqlite3.Connection]:
        """A transaction that is rolled back (``LockoutError``) if it takes away the server's
        last full administrator."""
        now = _now_ms() if now_ms is None else now_ms
        with self._tx() as con:
            before = self._full_admins(con, now)
            yield con
            if before and not self._full_admins(con, now):
                raise LockoutError()

    # ------------------------------------------------------------------ principals

    def create_principal(
        self,
        name: str,
        kind: str = "unknown",
        grants: Mapping[str, Sequence[str]] | Grants | None = None,
        *,
        contexts: Sequence[str] | None = None,
        now_ms: int | None = None,
    ) -> Principal:
        """A new principal; its name is unique in the store. ``grants`` default to none, and
        ``contexts`` (names, or ``["*"]`` for all) to none: it reaches nothing until given some."""
        p = Principal(
            id=_new_principal_id(),
            name=_check_name(name),
            kind=_check_kind(kind),
            grants=Grants.parse(grants or {}),
            created_ms=_now_ms() if now_ms is None else now_ms,
            contexts=check_reach(contexts or ()),
        )
        with self._tx() as con:
            if con.execute("SELECT 1 FROM principals WHERE name = ?", (p.name,)).fetchone():
                raise ValidationError("name", f"{p.name!r} is already used by a principal")
            con.execute(
                "INSERT INTO principals (id, name, kind, grants, created_ms, disabled, contexts) "
                "VALUES (?, ?, ?, ?, ?, 0, ?)",
                (p.id, p.name, p.kind, _dump(p.grants), p.created_ms, json.dumps(p.contexts)),
            )
        return p

    def get_principal(self, principal_id: str) -> Principal:
        rows = self._query(
            f"SELECT {_PRINCIPAL_COLUMNS} FROM principals WHERE id = ?", (principal_id,)
        )
        if not rows:
            raise UnknownPrincipalError(principal_id)
        return self._principal(rows[0])

    def find_principal(self, name: str) -> Principal | None:
        rows = self._query(f"SELECT {_PRINCIPAL_COLUMNS} FROM principals WHERE name = ?", (name,))
        return self._principal(rows[0]) if rows else None

    def list_principals(self) -> list[Principal]:
        rows = self._query(f"SELECT {_PRINCIPAL_COLUMNS} FROM principals ORDER BY created_ms, id")
        return [self._principal(r) for r in rows]

    def update_grants(
        self, principal_id: str, grants: Mapping[str, Sequence[str]] | Grants
    ) -> Principal:
        """Replace a principal's grants. Its keys follow at once: their effective grants are
        always intersected with the principal's at check time."""
        new = Grants.parse(grants)
        with self._guarded() as con:
            cur = con.execute(
                "UPDATE principals SET grants = ? WHERE id = ?", (_dump(new), principal_id)
            )
            if cur.rowcount == 0:
                raise UnknownPrincipalError(principal_id)
        return self.get_principal(principal_id)

    def update_contexts(self, principal_id: str, contexts: Sequence[str]) -> Principal:
        """Replace the contexts a principal reaches; its keys follow at once (intersected at
        check time, like grants)."""
        reach = check_reach(contexts)
        with self._guarded() as con:
            cur = con.execute(
                "UPDATE principals SET contexts = ? WHERE id = ?",
                (json.dumps(reach), principal_id),
            )
            if cur.rowcount == 0:
                raise UnknownPrincipalError(principal_id)
        return self.get_principal(principal_id)

    def set_disabled(self, principal_id: str, disabled: bool = True) -> Principal:
        """A disabled principal's keys stop authenticating (and it cannot be delegated to)."""
        with self._guarded() as con:
            cur = con.execute(
                "UPDATE principals SET disabled = ? WHERE id = ?", (int(disabled), principal_id)
            )
            if cur.rowcount == 0:
                raise UnknownPrincipalError(principal_id)
        return self.get_principal(principal_id)

    # ------------------------------------------------------------------ keys

    def create_key(
        self,
        principal_id: str,
        grants: Mapping[str, Sequence[str]] | Grants | None = None,
        label: str | None = None,
        expires_ms: int | None = None,
        *,
        strict: bool | None = None,
        contexts: Sequence[str] | None = None,
        maker: AuthContext | None = None,
        now_ms: int | None = None,
    ) -> tuple[ApiKey, str]:
        """A new key and its token (shown once).

        The key only narrows: its grants and contexts lie inside its principal's, and, when
        ``maker`` (the calling key) is given, inside the maker's too; it expires no later than
        the maker and is strict if the maker is. Omitted, each defaults to the maker's (for its
        own principal) or the principal's. A request for more is a ``ValidationError`` naming
        the field."""
        now = _now_ms() if now_ms is None else now_ms
        principal = self.get_principal(principal_id)
        if principal.disabled:
            raise ValidationError("principal_id", f"principal {principal_id!r} is disabled")
        if grants is None:  # what both hold
            key_grants = (
                principal.grants if maker is None else g.intersect(maker.grants, principal.grants)
            )
        else:
            key_grants = g.narrow(principal.grants, grants)
        if maker is not None:
            g.narrow(maker.grants, key_grants, whose="the calling key's")
        if contexts is not None:
            reach = check_reach(contexts)
        elif maker is not None:
            reach = intersect_reach(maker.contexts, principal.contexts)
        else:
            reach = principal.contexts
        if not reach_within(reach, principal.contexts):
            raise ValidationError(
                "contexts", "asks for contexts its principal does not reach", value=list(reach)
            )
        if maker is not None and not reach_within(reach, maker.contexts):
            raise ValidationError(
                "contexts",
                "asks for contexts the calling key does not reach; a key may only narrow",
                value=list(reach),
            )
        label = _check_label(label)
        if expires_ms is not None:
            if isinstance(expires_ms, bool) or not isinstance(expires_ms, int):
                raise ValidationError("expires_ms", "must be an integer (ms since the epoch)")
            if expires_ms <= now:
                raise ValidationError("expires_ms", "must be in the future", value=expires_ms)
        if maker is not None and maker.expires_ms is not None:
            if expires_ms is None:
                expires_ms = maker.expires_ms  # a key made by an expiring key expires with it
            elif expires_ms > maker.expires_ms:
                raise ValidationError(
                    "expires_ms",
                    "is later than the calling key's expiry; a key may only narrow",
                    value=expires_ms,
                    limit=maker.expires_ms,
                )
        if maker is not None and maker.strict:
            if strict is False:
                raise ValidationError(
                    "strict", "a strict key makes only strict keys; a key may only narrow"
                )
            strict = True
        key_id, token = new_token()
        hashed = self._hasher.hash(token)
        key = ApiKey(
            key_id,
            principal_id,
            key_grants,
            now,
            expires_ms,
            None,
            None,
            label,
            bool(strict),
            reach,
        )
        with self._tx() as con:
            self._insert_key(con, key, hashed)
        return key, token

    @staticmethod
    def _insert_key(con: sqlite3.Connection, key: ApiKey, hashed: str) -> None:
        con.execute(
            "INSERT INTO api_keys (key_id, principal_id, hash, grants, created_ms, expires_ms, "
            "revoked_ms, last_used_ms, label, strict, contexts, replaces) "
            "VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?, ?, ?)",
            (
                key.key_id,
                key.principal_id,
                hashed,
                _dump(key.grants),
                key.created_ms,
                key.expires_ms,
                key.label,
                int(key.strict),
                None if key.contexts is None else json.dumps(key.contexts),
                key.replaces,
            ),
        )

    def get_key(self, key_id: str) -> ApiKey:
        rows = self._query(f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE key_id = ?", (key_id,))
        if not rows:
            raise UnknownKeyError(key_id)
        return self._key(rows[0])

    def list_keys(self, principal_id: str, *, include_revoked: bool = True) -> list[ApiKey]:
        """The principal's keys, oldest first (metadata only, never the hash)."""
        self.get_principal(principal_id)
        sql = f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE principal_id = ?"
        if not include_revoked:
            sql += " AND revoked_ms IS NULL"
        rows = self._query(sql + " ORDER BY created_ms, key_id", (principal_id,))
        return [self._key(r) for r in rows]

    def successors(self, key_id: str) -> list[str]:
        """``key_id`` and every key it was rotated into, oldest first (the last is the one in
        use, if any is). One indexed look-up per rotation."""
        with self._lock:
            return self._successors(self._con, key_id)

    def _successors(self, con: sqlite3.Connection, key_id: str) -> list[str]:
        row = con.execute("SELECT replaced_by FROM api_keys WHERE key_id = ?", (key_id,)).fetchone()
        if row is None:
            raise UnknownKeyError(key_id)
        chain, seen = [key_id], {key_id}
        while row is not None and row[0] is not None and row[0] not in seen:
            chain.append(row[0])
            seen.add(row[0])
            row = con.execute(
                "SELECT replaced_by FROM api_keys WHERE key_id = ?", (row[0],)
            ).fetchone()
        return chain

    def revoke_key(self, key_id: str, *, now_ms: int | None = None) -> ApiKey:
        """Revoke a key for good, and every key it was rotated into (idempotent: the first
        revocation time is kept). ``LockoutError`` if that would leave the server without a
        full administrator."""
        return self.revoke(key_id, now_ms=now_ms)[0]

    def revoke(self, key_id: str, *, now_ms: int | None = None) -> tuple[ApiKey, list[str]]:
        """:meth:`revoke_key`, and the ids it revoked (``key_id`` and its successors)."""
        now = _now_ms() if now_ms is None else now_ms
        with self._guarded(now) as con:  # (a rotation meanwhile waits: its key is revoked too)
            chain = self._successors(con, key_id)
            con.executemany(
                "UPDATE api_keys SET revoked_ms = COALESCE(revoked_ms, ?) WHERE key_id = ?",
                [(now, kid) for kid in chain],
            )
        return self.get_key(key_id), chain

    def rotate_key(self, key_id: str, *, now_ms: int | None = None) -> str:
        """:meth:`rotate`; returns the new token only."""
        return self.rotate(key_id, now_ms=now_ms)[1]

    def rotate(self, key_id: str, *, now_ms: int | None = None) -> tuple[ApiKey, str]:
        """Replace a live key by a new one with the same principal, grants, contexts, label,
        expiry and strictness; the old one is revoked in the same transaction (no overlap) and
        linked to the new one (revoking the old id later revokes the new key too). Returns the
        new key and its token."""
        now = _now_ms() if now_ms is None else now_ms
        old = self.get_key(key_id)
        if old.replaced_by is not None:
            raise ValidationError(
                "key_id",
                f"key {key_id!r} is revoked or expired: it was rotated into "
                f"{old.replaced_by!r}, rotate that one",
                value=key_id,
            )
        if not old.active(now):
            raise ValidationError(
                "key_id", f"key {key_id!r} is revoked or expired; create a new key instead"
            )
        new_id, token = new_token()
        hashed = self._hasher.hash(token)
        new = ApiKey(
            new_id,
            old.principal_id,
            old.grants,
            now,
            old.expires_ms,
            None,
            None,
            old.label,
            old.strict,
            old.contexts,
            None,
            key_id,
        )
        with self._tx() as con:
            cur = con.execute(
                "UPDATE api_keys SET revoked_ms = ?, replaced_by = ? "
                "WHERE key_id = ? AND revoked_ms IS NULL",
                (now, new_id, key_id),
            )
            if cur.rowcount == 0:  # revoked meanwhile
                raise ValidationError("key_id", f"key {key_id!r} is revoked")
            self._insert_key(con, new, hashed)
        return new, token

    # ------------------------------------------------------------------ authentication

    def authenticate(self, token: object, now_ms: int | None = None) -> AuthContext:
        """The context of a bearer token, or ``AuthError`` ("invalid or expired key", with
        ``reason`` for the logs) if it is malformed, unknown, revoked, expired, or its
        principal is disabled."""
        now = _now_ms() if now_ms is None else now_ms
        try:
            key_id, _ = parse_key(token)
        except ValidationError:
            raise AuthError("malformed") from None
        assert isinstance(token, str)
        rows = self._query(
            "SELECT k.hash, k.grants, k.expires_ms, k.revoked_ms, k.last_used_ms, k.strict, "
            "k.contexts, p.id, p.name, p.kind, p.grants, p.created_ms, p.disabled, p.contexts "
            "FROM api_keys k JOIN principals p ON p.id = k.principal_id WHERE k.key_id = ?",
            (key_id,),
        )
        if not rows:
            self._hasher.burn(token)
            raise AuthError("unknown")
        hashed, kgrants, expires, revoked, used, strict, kcontexts, *prow = rows[0]
        # Argon2 is slow by design (tens of ms): a token already verified against this very
        # hash is recognised by its SHA-256 instead. Revocation, expiry and disabling are still
        # read from the database on every call, so they take effect at once.
        digest = hashlib.sha256(token.encode()).digest()
        with self._lock:
            known = self._verified.get(key_id) == (hashed, digest)
        if not known:
            if not self._hasher.verify(hashed, token):
                raise AuthError("mismatch")
            with self._lock:
                self._verified[key_id] = (hashed, digest)
                if len(self._verified) > 10_000:
                    self._verified.pop(next(iter(self._verified)))
        ctx = self._context(key_id, kgrants, expires, revoked, strict, kcontexts, prow, now)
        self._touch(key_id, token, hashed, used, now)
        return ctx

    def _context(
        self, key_id, kgrants, expires, revoked, strict, kcontexts, prow, now: int
    ) -> AuthContext:
        """The context of a key row (``AuthError`` when it is revoked, expired or its principal
        is disabled)."""
        if revoked is not None:
            raise AuthError("revoked")
        if expires is not None and now >= expires:
            raise AuthError("expired")
        principal = self._principal(tuple(prow))
        if principal.disabled:
            raise AuthError("disabled")
        grants = g.intersect(_load(kgrants), principal.grants)
        own = _load_reach(kcontexts)
        reach = principal.contexts if own is None else intersect_reach(own, principal.contexts)
        return AuthContext(
            principal, key_id, grants, strict=bool(strict), contexts=reach, expires_ms=expires
        )

    def backup(self, target: Path) -> None:
        """A consistent copy of the keys and principals (SQLite's backup API)."""
        from ...engine.engine import copy_sqlite

        with self._lock:
            copy_sqlite(self._con, target)

    def context_of_key(
        self,
        key_id: str | None,
        principal_id: str | None,
        on_behalf_of: str | None = None,
        now_ms: int | None = None,
    ) -> AuthContext | None:
        """The rights a key has now, without its token (a background job submitted with it runs
        with them, so a revocation stops the job): None when the key is unknown, revoked or
        expired, is not ``principal_id``'s, or its principal (or the delegation target) is
        disabled."""
        if not key_id or not principal_id:
            return None
        now = _now_ms() if now_ms is None else now_ms
        rows = self._query(
            "SELECT k.grants, k.expires_ms, k.revoked_ms, k.strict, k.contexts, "
            "p.id, p.name, p.kind, p.grants, p.created_ms, p.disabled, p.contexts "
            "FROM api_keys k JOIN principals p ON p.id = k.principal_id WHERE k.key_id = ?",
            (key_id,),
        )
        if not rows or rows[0][5] != principal_id:
            return None
        kgrants, expires, revoked, strict, kcontexts, *prow = rows[0]
        try:
            ctx = self._context(key_id, kgrants, expires, revoked, strict, kcontexts, prow, now)
            return self.delegate(ctx, on_behalf_of) if on_behalf_of else ctx
        except AuthError:
            return None

    def _touch(self, key_id: str, token: str, hashed: str, used: int | None, now: int) -> None:
        rehash = self._hasher.needs_rehash(hashed)
        if not rehash and used is not None and now - used < LAST_USED_RESOLUTION_MS:
            return
        new_hash = self._hasher.hash(token) if rehash else hashed
        with self._tx() as con:
            con.execute(
                "UPDATE api_keys SET last_used_ms = MAX(COALESCE(last_used_ms, 0), ?), hash = ? "
                "WHERE key_id = ? AND hash = ?",
                (now, new_hash, key_id, hashed),
            )

    def delegate(self, ctx: AuthContext, on_behalf_of: str) -> AuthContext:
        """Act on behalf of another principal: effective grants are the intersection of the
        caller's effective grants and the target's grants. Any caller may ask (it can only
        lose rights); one level deep; an unknown or disabled target is refused alike."""
        if ctx.on_behalf_of is not None:
            raise AuthError("delegation", "delegation is one level deep")
        if on_behalf_of == ctx.principal.id:
            return ctx
        try:
            target = self.get_principal(on_behalf_of)
        except UnknownPrincipalError:
            target = None
        if target is None or target.disabled:
            raise AuthError("delegation", "cannot act on behalf of this principal")
        return AuthContext(
            ctx.principal,
            ctx.key_id,
            g.intersect(ctx.grants, target.grants),
            target,
            strict=ctx.strict,
            contexts=intersect_reach(ctx.contexts, target.contexts),
            expires_ms=ctx.expires_ms,
        )

    # ------------------------------------------------------------------ bootstrap

    def bootstrap(self, now_ms: int | None = None) -> str | None:
        """On an empty store: create the ``management`` principal (``*`` on every verb) and its
        first key, and return that token (once). On any other store: None."""
        if self._query("SELECT 1 FROM principals LIMIT 1"):
            return None
        now = _now_ms() if now_ms is None else now_ms
        key_id, token = new_token()
        hashed = self._hasher.hash(token)
        principal = Principal(
            _new_principal_id(),
            MANAGEMENT_PRINCIPAL,
            "service",
            Grants.full(),
            now,
            contexts=ALL_CONTEXTS,
        )
        key = ApiKey(
            key_id, principal.id, principal.grants, now, label="bootstrap", contexts=ALL_CONTEXTS
        )
        with self._tx() as con:
            if con.execute("SELECT 1 FROM principals LIMIT 1").fetchone():
                return None
            con.execute(
                "INSERT INTO principals (id, name, kind, grants, created_ms, disabled, contexts) "
                "VALUES (?, ?, ?, ?, ?, 0, ?)",
                (
                    principal.id,
                    principal.name,
                    principal.kind,
                    _dump(principal.grants),
                    now,
                    json.dumps(ALL_CONTEXTS),
                ),
            )
            self._insert_key(con, key, hashed)
        return token
