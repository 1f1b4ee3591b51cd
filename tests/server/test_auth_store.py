"""The SQLite store of principals and API keys: bootstrap, keys, authentication, delegation."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from argon2 import PasswordHasher

from engramdb.errors import NotFoundError, ValidationError
from engramdb.server.auth import (
    AuthError,
    AuthStore,
    Grants,
    UnknownKeyError,
    UnknownPrincipalError,
    parse_key,
)
from engramdb.server.auth.keys import KeyHasher, format_token, new_key_id, new_secret

NOW = 1_700_000_000_000
ACME = {"memory:read": ["org/acme/*"], "memory:write": ["org/acme/*"], "scope:read": ["*"]}


def cheap() -> PasswordHasher:
    return PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "auth.db"


@pytest.fixture
def store(db: Path):
    s = AuthStore(db, hasher=cheap())
    yield s
    s.close()


def refused(store: AuthStore, token: object, now: int = NOW) -> str:
    with pytest.raises(AuthError) as e:
        store.authenticate(token, now)
    assert str(e.value) == "invalid or expired key"  # never says which part failed
    return e.value.reason


# ----------------------------------------------------------------------------- bootstrap


def test_bootstrap_once(db: Path, store: AuthStore):
    token = store.bootstrap(NOW)
    assert token and token.startswith("egdb_")
    assert store.bootstrap(NOW) is None
    [mgmt] = store.list_principals()
    assert (mgmt.name, mgmt.kind, mgmt.grants) == ("management", "service", Grants.full())
    ctx = store.authenticate(token, NOW)
    assert ctx.principal == mgmt and ctx.grants == Grants.full()
    assert ctx.key_id == parse_key(token)[0]
    assert [k.label for k in store.list_keys(mgmt.id)] == ["bootstrap"]
    with AuthStore(db, hasher=cheap()) as again:  # a second opener of the same file
        assert again.bootstrap(NOW) is None
        assert again.authenticate(token, NOW).principal.id == mgmt.id


def test_bootstrap_is_skipped_when_principals_exist(store: AuthStore):
    store.create_principal("alice", "human", ACME, now_ms=NOW)
    assert store.bootstrap(NOW) is None


# ----------------------------------------------------------------------------- principals


def test_principals(store: AuthStore):
    alice = store.create_principal("alice", "human", ACME, now_ms=NOW)
    bot = store.create_principal("planner", "agent", now_ms=NOW + 1)
    assert alice.id.startswith("p_") and alice.id != bot.id
    assert store.get_principal(alice.id) == alice
    assert store.find_principal("planner") == bot and store.find_principal("nobody") is None
    assert bot.grants == Grants.none()  # no grants unless given
    assert store.list_principals() == [alice, bot]
    with pytest.raises(ValidationError, match="already used") as e:
        store.create_principal("alice", "human")
    assert e.value.field == "name"
    with pytest.raises(ValidationError) as e:
        store.create_principal("eve", "robot")
    assert e.value.field == "kind"
    with pytest.raises(ValidationError) as e:
        store.create_principal("", "human")
    assert e.value.field == "name"
    with pytest.raises(ValidationError) as e:
        store.create_principal("eve", "human", {"memory:read": ["org/*/x"]})
    assert e.value.field == "grants.memory:read[0]"
    with pytest.raises(UnknownPrincipalError, match="no principal") as e:
        store.get_principal("p_missing")
    assert isinstance(e.value, NotFoundError)
    with pytest.raises(UnknownPrincipalError):
        store.update_grants("p_missing", {})


# ----------------------------------------------------------------------------- keys


def test_create_and_authenticate(store: AuthStore):
    alice = store.create_principal("alice", "human", ACME, now_ms=NOW)
    key, token = store.create_key(alice.id, label="laptop", now_ms=NOW)
    assert key.grants == alice.grants  # default: the principal's
    assert (key.label, key.created_ms, key.revoked_ms, key.last_used_ms) == (
        "laptop",
        NOW,
        None,
        None,
    )
    ctx = store.authenticate(token, NOW + 5)
    assert ctx.principal.id == alice.id and ctx.key_id == key.key_id
    assert ctx.grants == alice.grants
    assert ctx.can("memory:write", "org/acme/user/alice")
    assert not ctx.can("memory:write", "org/globex")
    assert ctx.readable("org/acme/x") and not ctx.readable("org/globex/x")
    assert ctx.writable("org/acme") and not ctx.writable("org/acme", authoritative=True)
    assert ctx.provenance() == {
        "principal_id": alice.id,
        "key_id": key.key_id,
        "on_behalf_of": None,
    }
    assert store.get_key(key.key_id).last_used_ms == NOW + 5
    store.authenticate(token, NOW + 10)  # within a minute: not written again
    assert store.get_key(key.key_id).last_used_ms == NOW + 5
    store.authenticate(token, NOW + 120_000)
    assert store.get_key(key.key_id).last_used_ms == NOW + 120_000
    with pytest.raises(UnknownKeyError, match="no API key"):
        store.get_key("nosuchkey123")


def test_narrower_key_and_a_key_cannot_widen(store: AuthStore):
    alice = store.create_principal("alice", "human", ACME, now_ms=NOW)
    key, token = store.create_key(
        alice.id, {"memory:read": ["org/acme/user/alice/*", "org/acme"]}, now_ms=NOW
    )
    ctx = store.authenticate(token, NOW)
    assert ctx.grants.to_json() == {"memory:read": ["org/acme", "org/acme/user/alice/*"]}
    assert not ctx.can("memory:write", "org/acme")  # not asked for: not granted
    for wider, verb in (
        ({"memory:read": ["org/*"]}, "memory:read"),
        ({"memory:read": ["*"]}, "memory:read"),
        ({"memory:forget": ["org/acme/*"]}, "memory:forget"),
        ({"memory:write": ["org/acmex/*"]}, "memory:write"),
    ):
        with pytest.raises(ValidationError) as e:
            store.create_key(alice.id, wider, now_ms=NOW)
        assert e.value.field == f"grants.{verb}"
    assert len(store.list_keys(alice.id)) == 1  # nothing was written for refused keys


def test_narrowing_the_principal_narrows_its_keys(store: AuthStore):
    alice = store.create_principal("alice", "human", ACME, now_ms=NOW)
    _, broad = store.create_key(alice.id, now_ms=NOW)
    _, team = store.create_key(alice.id, {"memory:read": ["org/acme/team/*"]}, now_ms=NOW)
    store.update_grants(alice.id, {"memory:read": ["org/acme/user/alice/*"]})
    assert store.authenticate(broad, NOW).grants.to_json() == {
        "memory:read": ["org/acme/user/alice/*"]
    }
    assert store.authenticate(team, NOW).grants == Grants.none()
    # widening the principal again gives a key back at most what it was created with
    store.update_grants(alice.id, Grants.full())
    assert store.authenticate(team, NOW).grants.to_json() == {"memory:read": ["org/acme/team/*"]}
    assert store.authenticate(broad, NOW).grants == Grants(ACME)


def test_revoke(store: AuthStore):
    alice = store.create_principal("alice", "human", ACME, now_ms=NOW)
    key, token = store.create_key(alice.id, now_ms=NOW)
    _, other = store.create_key(alice.id, now_ms=NOW)
    assert store.revoke_key(key.key_id, now_ms=NOW + 1).revoked_ms == NOW + 1
    assert store.revoke_key(key.key_id, now_ms=NOW + 9).revoked_ms == NOW + 1  # idempotent
    assert refused(store, token) == "revoked"
    store.authenticate(other, NOW)  # the principal's other keys are untouched
    assert [k.key_id for k in store.list_keys(alice.id, include_revoked=False)] != [key.key_id]
    assert len(store.list_keys(alice.id)) == 2
    with pytest.raises(UnknownKeyError):
        store.revoke_key("nosuchkey123")


def test_rotate(store: AuthStore):
    alice = store.create_principal("alice", "human", ACME, now_ms=NOW)
    narrowed = {"memory:read": ["org/acme/user/*"]}
    old, token = store.create_key(alice.id, narrowed, "ci", NOW + 10_000, now_ms=NOW)
    new_token = store.rotate_key(old.key_id, now_ms=NOW + 1)
    assert new_token != token
    assert refused(store, token, NOW + 2) == "revoked"  # no overlap
    ctx = store.authenticate(new_token, NOW + 2)
    new = store.get_key(ctx.key_id)
    assert new.key_id != old.key_id
    assert (new.grants, new.label, new.expires_ms) == (old.grants, "ci", NOW + 10_000)
    assert store.get_key(old.key_id).revoked_ms == NOW + 1
    with pytest.raises(ValidationError, match="revoked or expired"):
        store.rotate_key(old.key_id, now_ms=NOW + 3)
    with pytest.raises(ValidationError, match="revoked or expired"):
        store.rotate_key(new.key_id, now_ms=NOW + 10_000)  # expired


def test_expiry(store: AuthStore):
    alice = store.create_principal("alice", "human", ACME, now_ms=NOW)
    key, token = store.create_key(alice.id, expires_ms=NOW + 1000, now_ms=NOW)
    assert key.active(NOW + 999) and not key.active(NOW + 1000)
    store.authenticate(token, NOW + 999)
    assert refused(store, token, NOW + 1000) == "expired"
    for bad in (NOW, NOW - 1):
        with pytest.raises(ValidationError, match="future") as e:
            store.create_key(alice.id, expires_ms=bad, now_ms=NOW)
        assert e.value.field == "expires_ms"
    with pytest.raises(ValidationError):
        store.create_key(alice.id, expires_ms="tomorrow", now_ms=NOW)  # type: ignore[arg-type]


def test_disabled_principal(store: AuthStore):
    alice = store.create_principal("alice", "human", ACME, now_ms=NOW)
    _, token = store.create_key(alice.id, now_ms=NOW)
    store.set_disabled(alice.id)
    assert refused(store, token) == "disabled"
    with pytest.raises(ValidationError, match="disabled"):
        store.create_key(alice.id, now_ms=NOW)
    store.set_disabled(alice.id, False)
    store.authenticate(token, NOW)


# ----------------------------------------------------------------------------- tokens


def test_parse_key():
    key_id, secret = new_key_id(), new_secret()
    assert len(key_id) == 12 and len(secret) >= 43
    assert parse_key(format_token(key_id, secret)) == (key_id, secret)
    underscored = "ab_-" * 11  # secrets may hold '_' and '-': split by position
    assert parse_key(f"egdb_{key_id}_{underscored}") == (key_id, underscored)


@pytest.mark.parametrize(
    ("token", "words"),
    [
        (None, "non-empty"),
        ("", "non-empty"),
        (b"egdb_x", "non-empty"),
        ("Bearer egdb_abcdefghijkl_" + "s" * 43, "start with"),
        ("sk-abcdefghijkl_" + "s" * 43, "start with"),
        ("egdb_abcdefghijk_" + "s" * 43, "key id"),  # 11-character id
        ("egdb_abcdefghij-l_" + "s" * 43, "key id"),
        ("egdb_abcdefghijkl" + "s" * 44, "key id"),  # no separator
        ("egdb_abcdefghijkl_" + "s" * 42, "secret"),  # too short
        ("egdb_abcdefghijkl_" + "s" * 42 + "=", "secret"),
        ("egdb_abcdefghijkl_" + "s" * 42 + " ", "secret"),
        ("egdb_abcdefghijkl_" + "s" * 300, "too long"),
    ],
)
def test_malformed_tokens(store: AuthStore, token, words):
    with pytest.raises(ValidationError) as e:
        parse_key(token)
    assert e.value.field == "token" and words in str(e.value)
    if isinstance(token, str) and len(token) > 20:
        assert token[18:] not in str(e.value)  # the secret is never echoed
    assert refused(store, token) == "malformed"


def test_unknown_id_and_wrong_secret_look_the_same(store: AuthStore):
    alice = store.create_principal("alice", "human", ACME, now_ms=NOW)
    key, token = store.create_key(alice.id, now_ms=NOW)
    assert refused(store, format_token(key.key_id, new_secret())) == "mismatch"
    assert refused(store, format_token(new_key_id(), new_secret())) == "unknown"
    # a hash covers the whole token: the secret of one key does not open another id
    _, secret = parse_key(token)
    other, _ = store.create_key(alice.id, now_ms=NOW)
    assert refused(store, format_token(other.key_id, secret)) == "mismatch"


def test_tokens_are_never_stored_only_argon2id_hashes(db: Path, store: AuthStore):
    boot = store.bootstrap(NOW)
    alice = store.create_principal("alice", "human", ACME, now_ms=NOW)
    _, token = store.create_key(alice.id, now_ms=NOW)
    rotated = store.rotate_key(parse_key(token)[0], now_ms=NOW)
    for t in (boot, rotated):
        store.authenticate(t, NOW)
    store.close()
    files = sorted(db.parent.glob(db.name + "*"))  # the database, its -wal and -shm
    blob = b"".join(f.read_bytes() for f in files)
    assert len(blob) > 0
    for t in (boot, token, rotated):
        assert parse_key(t)[1].encode() not in blob
        assert t.encode() not in blob
    con = sqlite3.connect(db)
    hashes = [h for (h,) in con.execute("SELECT hash FROM api_keys")]
    con.close()
    assert len(hashes) == 3
    assert all(h.startswith("$argon2id$") for h in hashes)
    with AuthStore(db, hasher=cheap()) as again:
        for k in again.list_keys(alice.id):
            assert not hasattr(k, "hash")
            assert all(h not in repr(k) for h in hashes)


def test_outdated_hashes_are_upgraded_on_use(db: Path, store: AuthStore):
    token = store.bootstrap(NOW)
    key_id = parse_key(token)[0]
    store.close()
    stronger = PasswordHasher(time_cost=2, memory_cost=8192, parallelism=1)
    with AuthStore(db, hasher=stronger) as s:
        s.authenticate(token, NOW)
        s.authenticate(token, NOW)  # the new hash verifies too
    con = sqlite3.connect(db)
    (hashed,) = con.execute("SELECT hash FROM api_keys WHERE key_id = ?", (key_id,)).fetchone()
    con.close()
    assert "t=2" in hashed
    assert KeyHasher(stronger).verify(hashed, token)


def test_default_hasher_uses_argon2id_defaults():
    h = KeyHasher()
    assert h.hasher.time_cost == PasswordHasher().time_cost
    assert h.hasher.memory_cost == PasswordHasher().memory_cost


# ----------------------------------------------------------------------------- delegation


def test_delegation(store: AuthStore):
    agent = store.create_principal(
        "support-bot",
        "agent",
        {"memory:read": ["org/*"], "memory:write": ["org/acme/*"], "grant:manage": ["*"]},
        now_ms=NOW,
    )
    alice = store.create_principal(
        "alice", "human", {"memory:read": ["org/acme/user/alice/*", "org/acme"]}, now_ms=NOW
    )
    bob = store.create_principal("bob", "human", ACME, now_ms=NOW)
    _, token = store.create_key(agent.id, now_ms=NOW)
    ctx = store.authenticate(token, NOW)
    for_alice = store.delegate(ctx, alice.id)
    assert for_alice.grants.to_json() == {"memory:read": ["org/acme", "org/acme/user/alice/*"]}
    assert for_alice.principal.id == agent.id and for_alice.subject_id == alice.id
    assert for_alice.provenance() == {
        "principal_id": agent.id,
        "key_id": ctx.key_id,
        "on_behalf_of": alice.id,
    }
    assert not for_alice.readable("org/acme/user/bob")
    assert not for_alice.writable("org/acme/user/alice")  # alice cannot write: neither can it
    # only ever the intersection: bob's scope:read is not gained by acting for him
    for_bob = store.delegate(ctx, bob.id)
    assert for_bob.grants.to_json() == {
        "memory:read": ["org/acme/*"],
        "memory:write": ["org/acme/*"],
    }
    assert store.delegate(ctx, agent.id) is ctx
    with pytest.raises(AuthError, match="one level"):
        store.delegate(for_alice, bob.id)
    with pytest.raises(AuthError) as unknown:
        store.delegate(ctx, "p_missing")
    store.set_disabled(bob.id)
    with pytest.raises(AuthError) as disabled:
        store.delegate(ctx, bob.id)
    assert str(unknown.value) == str(disabled.value)
    assert unknown.value.reason == disabled.value.reason == "delegation"
