"""Administration by a key narrowed to some contexts, and revocation after rotation, attacked
through a real server on loopback (docs/security.md, "Administrators").

Each test starts its own server: several attacks, when they succeed, leave the operator
locked out, which would spoil the next test.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from _serve import cheap_config, running

from engramdb.server.app import create_app

FULL = {
    v: ["*"]
    for v in (
        "memory:read",
        "memory:write",
        "memory:curate",
        "memory:forget",
        "scope:read",
        "scope:create",
        "scope:delete",
        "grant:manage",
    )
}
TENANT = {"memory:read": ["org/*"], "memory:write": ["org/*"]}


@dataclass
class World:
    url: str
    data: Path
    operator: str  # the bootstrap key: full administrator
    management_id: str
    shop_admin: str  # a key of the management principal, narrowed to ["shop"]
    shop_admin_id: str
    shop_id: str  # a principal of shop, and its key
    shop_key: str
    shop_key_id: str
    blog_id: str  # a principal of blog (another tenant), and its key
    blog_key: str
    blog_key_id: str
    wide_id: str  # a principal reaching every context
    wide_key_id: str

    def client(self, token: str) -> httpx.Client:
        return httpx.Client(
            base_url=self.url, headers={"Authorization": f"Bearer {token}"}, timeout=30
        )


def _ok(r: httpx.Response, status: int = 200) -> dict:
    assert r.status_code == status, r.text
    return r.json()


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    app = create_app(cheap_config(tmp_path))
    operator = app.state.auth.bootstrap()
    with (
        running(app) as url,
        httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {operator}"}, timeout=30
        ) as op,
    ):
        for name in ("shop", "blog"):
            _ok(op.post("/api/v1/contexts", json={"name": name}), 201)
        mgmt = _ok(op.get("/api/v1/me"))["principal"]["id"]
        sa = _ok(op.post("/api/v1/keys", json={"contexts": ["shop"], "label": "shop-admin"}), 201)
        ids = {}
        for name, contexts in (("shop-agent", ["shop"]), ("blog-agent", ["blog"]), ("wide", ["*"])):
            body = {"name": name, "kind": "agent", "grants": TENANT, "contexts": contexts}
            pid = _ok(op.post("/api/v1/principals", json=body), 201)["id"]
            k = _ok(op.post("/api/v1/keys", json={"principalId": pid, "label": name}), 201)
            ids[name] = (pid, k["token"], k["keyId"])
        yield World(
            url,
            tmp_path,
            operator,
            mgmt,
            sa["token"],
            sa["keyId"],
            *ids["shop-agent"],
            *ids["blog-agent"],
            ids["wide"][0],
            ids["wide"][2],
        )


def _problem(r: httpx.Response, status: int) -> dict:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    return r.json()


# ----------------------------------------------------------------------------- item 1


def test_a_bound_key_cannot_widen_or_lock_out_the_management_principal(world: World) -> None:
    with world.client(world.shop_admin) as c:
        _problem(
            c.put(
                f"/api/v1/principals/{world.management_id}/contexts", json={"contexts": ["shop"]}
            ),
            403,
        )
        _problem(
            c.put(
                f"/api/v1/principals/{world.management_id}/grants",
                json={"grants": {"memory:read": ["*"]}},
            ),
            403,
        )
    with world.client(world.operator) as op:
        me = _ok(op.get("/api/v1/me"))
        assert me["contexts"] == ["*"] and me["grants"]["grant:manage"] == ["*"]
        # and still administers everything
        _ok(op.put(f"/api/v1/principals/{world.blog_id}/contexts", json={"contexts": ["blog"]}))


def test_no_key_changes_its_own_principal(world: World) -> None:
    """Not even the operator's: rights are changed by someone else (or by hand)."""
    with world.client(world.operator) as op:
        p = _problem(
            op.put(f"/api/v1/principals/{world.management_id}/contexts", json={"contexts": ["*"]}),
            403,
        )
        assert "own principal" in p["detail"]
        _problem(
            op.put(f"/api/v1/principals/{world.management_id}/grants", json={"grants": FULL}), 403
        )


def test_a_bound_key_administers_only_principals_inside_its_contexts(world: World) -> None:
    with world.client(world.shop_admin) as c:
        for pid in (world.blog_id, world.wide_id):
            _problem(c.put(f"/api/v1/principals/{pid}/grants", json={"grants": {}}), 404)
            _problem(c.put(f"/api/v1/principals/{pid}/contexts", json={"contexts": ["shop"]}), 404)
            _problem(c.post("/api/v1/keys", json={"principalId": pid}), 404)
            _problem(c.get("/api/v1/keys", params={"principalId": pid}), 404)
        # inside: allowed
        _ok(
            c.put(
                f"/api/v1/principals/{world.shop_id}/grants",
                json={"grants": {"memory:read": ["org/*"]}},
            )
        )
        _ok(c.post("/api/v1/keys", json={"principalId": world.shop_id}), 201)
    with world.client(world.blog_key) as b:  # the other tenant's key still works, unchanged
        me = _ok(b.get("/api/v1/me"))
        assert me["grants"] == TENANT and me["contexts"] == ["blog"]


def test_a_bound_key_cannot_revoke_other_tenants_keys(world: World) -> None:
    with world.client(world.shop_admin) as c:
        for kid in (world.blog_key_id, world.wide_key_id):
            _problem(c.delete(f"/api/v1/keys/{kid}"), 404)
            _problem(c.post(f"/api/v1/keys/{kid}/rotate"), 404)
        _ok(c.delete(f"/api/v1/keys/{world.shop_key_id}"))
    with world.client(world.blog_key) as b:
        _ok(b.get("/api/v1/me"))


def test_a_bound_key_lists_only_its_tenants(world: World) -> None:
    with world.client(world.shop_admin) as c:
        r = c.get("/api/v1/principals")
        assert r.status_code == 200, r.text
        assert {p["id"] for p in r.json()["principals"]} == {world.shop_id}
        assert "blog" not in r.text
        keys = _ok(c.get("/api/v1/keys"))["keys"]
        assert [k["keyId"] for k in keys] == [world.shop_admin_id]  # its own principal: itself
        assert "blog" not in c.get("/api/v1/keys").text
        # its own principal (it reaches less than it): refused, not hidden
        _problem(c.get("/api/v1/keys", params={"principalId": world.management_id}), 403)
        shop_keys = _ok(c.get("/api/v1/keys", params={"principalId": world.shop_id}))["keys"]
        assert [k["keyId"] for k in shop_keys] == [world.shop_key_id]
    with world.client(world.operator) as op:
        all_ids = {p["id"] for p in _ok(op.get("/api/v1/principals"))["principals"]}
        assert {world.management_id, world.shop_id, world.blog_id, world.wide_id} <= all_ids


def test_a_bound_key_cannot_back_up_the_server_or_read_metrics(world: World) -> None:
    with world.client(world.shop_admin) as c:
        _problem(c.post("/api/v1/backup", json={"name": "stolen"}), 403)
        _problem(c.get("/metrics"), 403)
        # what lies inside its context stays allowed
        _ok(c.post("/api/v1/shop/consolidate"))
    assert not (world.data / "backups" / "stolen").exists()
    with world.client(world.operator) as op:
        _ok(op.post("/api/v1/backup", json={"name": "ok"}), 201)
        assert op.get("/metrics").status_code == 200


def test_the_last_full_administrator_cannot_be_locked_out(world: World) -> None:
    with world.client(world.operator) as op:
        # a second full principal, made by the operator, and its full key
        body = {"name": "root2", "kind": "human", "grants": FULL, "contexts": ["*"]}
        root2 = _ok(op.post("/api/v1/principals", json=body), 201)["id"]
        r2 = _ok(op.post("/api/v1/keys", json={"principalId": root2}), 201)
        # root2 holds a full key, so the management principal may be narrowed (by root2)
    with world.client(r2["token"]) as c:
        _ok(
            c.put(f"/api/v1/principals/{world.management_id}/contexts", json={"contexts": ["shop"]})
        )
        # now root2 is the last full administrator: nobody may take that away
    with world.client(world.operator) as op:  # narrowed now: a bound administrator
        _problem(op.put(f"/api/v1/principals/{root2}/contexts", json={"contexts": ["shop"]}), 404)
    with world.client(r2["token"]) as c:
        p = _problem(c.delete(f"/api/v1/keys/{r2['keyId']}"), 409)
        assert "full administrator" in p["detail"]
        _ok(c.put(f"/api/v1/principals/{world.management_id}/contexts", json={"contexts": ["*"]}))
    with world.client(world.operator) as op:
        # both are full again: root2 may now be narrowed, then the operator is the last
        _ok(op.put(f"/api/v1/principals/{root2}/grants", json={"grants": TENANT}))
        p = _problem(op.delete(f"/api/v1/keys/{_ok(op.get('/api/v1/me'))['keyId']}"), 409)
        assert "full administrator" in p["detail"]
        _ok(op.get("/api/v1/me"))


# ----------------------------------------------------------------------------- item 2


def test_rotation_answers_the_new_key_and_revoking_the_old_id_stops_it(world: World) -> None:
    with world.client(world.operator) as op:
        r = _ok(op.post(f"/api/v1/keys/{world.shop_key_id}/rotate"))
        assert r["keyId"] != world.shop_key_id and r["replaces"] == world.shop_key_id
        assert r["principalId"] == world.shop_id and r["token"]
        new_id, token = r["keyId"], r["token"]
        with world.client(token) as c:
            assert _ok(c.get("/api/v1/me"))["keyId"] == new_id
            r2 = _ok(c.post(f"/api/v1/keys/{new_id}/rotate"))  # rotated again, by itself
        listed = {
            k["keyId"]: k
            for k in _ok(op.get("/api/v1/keys", params={"principalId": world.shop_id}))["keys"]
        }
        assert listed[world.shop_key_id]["replacedBy"] == new_id
        assert listed[new_id]["replaces"] == world.shop_key_id
        assert listed[new_id]["replacedBy"] == r2["keyId"]
        # revoking the id the operator knows (the first) stops the whole chain
        out = _ok(op.delete(f"/api/v1/keys/{world.shop_key_id}"))
        assert out["revokedMs"] is not None
        assert set(out["revokedKeys"]) == {world.shop_key_id, new_id, r2["keyId"]}
    for t in (token, r2["token"]):
        with world.client(t) as c:
            assert c.get("/api/v1/me").status_code == 401
            assert c.post("/api/v1/shop/query", json={"query": "x"}).status_code == 401


def test_a_rotated_store_keeps_the_link_after_a_restart(world: World) -> None:
    """The succession is stored in auth.db, not in memory."""
    with world.client(world.operator) as op:
        r = _ok(op.post(f"/api/v1/keys/{world.blog_key_id}/rotate"))
    con = sqlite3.connect(world.data / "auth.db")
    try:
        row = con.execute(
            "SELECT replaced_by FROM api_keys WHERE key_id = ?", (world.blog_key_id,)
        ).fetchone()
    finally:
        con.close()
    assert row == (r["keyId"],)


def test_an_old_auth_db_is_upgraded(tmp_path: Path) -> None:
    """A store made before rotation was recorded gets the columns (keys keep working)."""
    from engramdb.server.auth import AuthStore

    con = sqlite3.connect(tmp_path / "auth.db")
    con.executescript(
        """
        CREATE TABLE principals (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL, grants TEXT NOT NULL, created_ms INTEGER NOT NULL,
            disabled INTEGER NOT NULL DEFAULT 0, contexts TEXT NOT NULL DEFAULT '[]');
        CREATE TABLE api_keys (key_id TEXT PRIMARY KEY, principal_id TEXT NOT NULL,
            hash TEXT NOT NULL, grants TEXT NOT NULL, created_ms INTEGER NOT NULL,
            expires_ms INTEGER, revoked_ms INTEGER, last_used_ms INTEGER, label TEXT,
            strict INTEGER NOT NULL DEFAULT 0, contexts TEXT);
        PRAGMA user_version = 1;
        """
    )
    con.close()
    from argon2 import PasswordHasher

    store = AuthStore(
        tmp_path / "auth.db", hasher=PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1)
    )
    try:
        p = store.create_principal("a", grants={"memory:read": ["*"]}, contexts=["*"])
        key, _ = store.create_key(p.id)
        new, _ = store.rotate(key.key_id)
        assert store.get_key(key.key_id).replaced_by == new.key_id
        assert new.replaces == key.key_id
    finally:
        store.close()


def test_the_python_client_learns_the_new_id_and_revokes_by_the_old(world: World) -> None:
    from engramdb.client import AuthenticationError, Client

    with Client(world.url, world.operator) as op:
        info, token = op.rotate_key_described(world.shop_key_id)
        assert info["replaces"] == world.shop_key_id and "token" not in info
        with Client(world.url, token) as new:
            assert new.me()["keyId"] == info["keyId"]
        assert set(op.revoke_key(world.shop_key_id)["revokedKeys"]) == {
            world.shop_key_id,
            info["keyId"],
        }
    with Client(world.url, token) as new, pytest.raises(AuthenticationError):
        new.me()


def test_the_store_refuses_to_disable_or_narrow_the_last_full_administrator(
    tmp_path: Path,
) -> None:
    """``set_disabled`` has no route; the rule lives in the store so no caller skips it."""
    from argon2 import PasswordHasher

    from engramdb.server.auth import AuthStore, LockoutError

    store = AuthStore(
        tmp_path / "auth.db", hasher=PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1)
    )
    try:
        token = store.bootstrap()
        root = store.authenticate(token)
        with pytest.raises(LockoutError):
            store.set_disabled(root.principal_id)
        with pytest.raises(LockoutError):
            store.update_grants(root.principal_id, TENANT)
        # a second full principal whose only full key has expired does not count
        other = store.create_principal("root2", grants=FULL, contexts=["*"])
        soon = int(time.time() * 1000) + 3_600_000
        store.create_key(other.id, expires_ms=soon)
        with pytest.raises(LockoutError):
            store.revoke_key(root.key_id, now_ms=soon + 1)
        assert store.authenticate(token).key_id == root.key_id
        # with a live one it does
        store.create_key(other.id)
        store.set_disabled(root.principal_id)
        with pytest.raises(LockoutError):
            store.update_contexts(other.id, ["shop"])
    finally:
        store.close()
