"""Management routes: contexts, principals, keys, and who am I.

A key without grant:manage over ``*`` manages itself only: it lists itself, rotates and revokes
itself, and makes keys narrower than itself. Administrators (grant:manage over ``*``) manage
principals, their grants and contexts, their keys, and the contexts they reach; an
administrator whose key reaches only some contexts sees and manages only the principals that
lie inside them (others are 404, as unknown ids), and only a *full* administrator (reaching
``*``) acts on the whole server (backup). No key changes its own principal's rights, and no act
takes away the server's last full administrator (409)."""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from .auth import AuthContext, Grants, LockoutError, UnknownKeyError, UnknownPrincipalError
from .auth.reach import ALL_CONTEXTS, check_reach, intersect_reach, reach_within
from .auth.store import ApiKey, AuthStore, Principal
from .calls import authenticate
from .contexts import ContextNotFound, check_context, private_tree
from .problems import Problem

__all__ = ["add_admin_routes"]


class _In(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="forbid")


class ContextCreate(_In):
    name: str = Field(min_length=1, max_length=64)


class PrincipalCreate(_In):
    name: str = Field(min_length=1, max_length=128)
    kind: str = "unknown"
    grants: dict[str, list[str]] = Field(default_factory=dict)
    #: The contexts it may use (``["*"]``: all). None by default: it reaches nothing.
    contexts: list[str] = Field(default_factory=list, max_length=1_000)


class GrantsUpdate(_In):
    grants: dict[str, list[str]]


class ContextsUpdate(_In):
    contexts: list[str] = Field(max_length=1_000)


class KeyCreate(_In):
    principal_id: str | None = None
    grants: dict[str, list[str]] | None = None
    label: str | None = Field(default=None, max_length=128)
    expires_ms: int | None = Field(default=None, ge=0, le=2**62)
    #: Told 403 (not an empty answer) when it asks for what lies outside its read region.
    #: Omitted: the calling key's strictness.
    strict: bool | None = None
    #: Omitted: the calling key's contexts (its own principal) or the principal's.
    contexts: list[str] | None = Field(default=None, max_length=1_000)


def _principal(p: Principal) -> dict[str, Any]:
    return {
        "id": p.id,
        "name": p.name,
        "kind": p.kind,
        "grants": p.grants.to_json(),
        "createdMs": p.created_ms,
        "disabled": p.disabled,
        "contexts": list(p.contexts),
    }


def _key(k: ApiKey, ctx: AuthContext | None = None) -> dict[str, Any]:
    """A key's metadata. Shown to an administrator bound to some contexts, its contexts are
    cut to what that administrator reaches (a key made before its principal was narrowed may
    still name contexts of another tenant)."""
    contexts = k.contexts
    if contexts is not None and ctx is not None and ctx.contexts != ALL_CONTEXTS:
        contexts = intersect_reach(contexts, ctx.contexts)
    return {
        "keyId": k.key_id,
        "principalId": k.principal_id,
        "grants": k.grants.to_json(),
        "createdMs": k.created_ms,
        "expiresMs": k.expires_ms,
        "revokedMs": k.revoked_ms,
        "lastUsedMs": k.last_used_ms,
        "label": k.label,
        "strict": k.strict,
        "contexts": None if contexts is None else list(contexts),
        "replacedBy": k.replaced_by,
        "replaces": k.replaces,
    }


def _manager(ctx: AuthContext) -> None:
    if not ctx.manages():
        raise Problem(403, "Forbidden", "this needs grant:manage over every scope ('*')")


def _full_admin(ctx: AuthContext) -> None:
    """The whole server (every context, keys and principals): grant:manage over '*' and a key
    reaching every context."""
    if not ctx.administers_all():
        raise Problem(
            403,
            "Forbidden",
            "this needs a full administrator: grant:manage over '*' and contexts ['*']",
        )


def _administered(ctx: AuthContext, store: AuthStore, principal_id: str) -> Principal:
    """The principal, if this key administers it; one outside its contexts is a 404 like an
    unknown id (its existence is another tenant's business)."""
    _manager(ctx)
    p = store.get_principal(principal_id)  # 404 when unknown
    if not ctx.administers(p):
        if p.id == ctx.principal_id:  # its own principal: no secret
            raise _not_administered_own()
        raise UnknownPrincipalError(principal_id)
    return p


def _not_administered_own() -> Problem:
    return Problem(
        403, "Forbidden", "this key does not administer its own principal (it reaches less than it)"
    )


def _not_own(ctx: AuthContext, principal_id: str) -> None:
    """No key changes its own principal's rights (nor the principal it acts for): that is
    always someone else's act, so a key can neither widen itself nor lock itself out."""
    if principal_id in (ctx.principal_id, ctx.subject_id):
        raise Problem(
            403,
            "Forbidden",
            "a key may not change its own principal's grants or contexts; "
            "another administrator must",
        )


def _locked_out(err: LockoutError) -> Problem:
    return Problem(409, "Conflict", str(err))


def _within_reach(ctx: AuthContext, contexts: list[str]) -> None:
    """An administrator hands out only contexts its own key reaches; one bound to some
    contexts keeps the principals it administers inside them (at least one)."""
    reach = check_reach(contexts)
    if not reach_within(reach, ctx.contexts):
        raise Problem(
            403, "Forbidden", "this key does not reach every context it names", field="contexts"
        )
    if not reach and ctx.contexts != ALL_CONTEXTS:
        raise Problem(
            403,
            "Forbidden",
            "a key bound to some contexts gives a principal at least one of them",
            field="contexts",
        )


def _reached(ctx: AuthContext, name: str) -> None:
    if not ctx.reaches(check_context(name)):
        raise ContextNotFound(name)


class BackupIn(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="forbid")
    name: str = Field(description="The backup's directory under the backup directory.")


def add_admin_routes(app: FastAPI) -> None:
    @app.post("/api/v1/backup", status_code=201, tags=["management"])
    def backup(body: BackupIn, request: Request) -> dict[str, Any]:
        """A consistent copy of the server's data (keys and principals, every context) in
        ``<backup_dir>/<name>``, taken while it serves: each context's writes wait for its own
        copy, reads go on. ``engramdb serve --data-dir`` that directory to restore it."""
        ctx = authenticate(request)
        _full_admin(ctx)
        name = check_context(body.name)  # (one plain path segment)
        config = request.app.state.config
        root = Path(config.backup_dir or Path(config.data_dir) / "backups")
        dest = root / name
        start = time.monotonic()
        root.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            dest.mkdir(mode=0o700)
        except FileExistsError:
            raise Problem(
                409, "Conflict", f"a backup named {name!r} exists", field="name"
            ) from None
        try:
            request.app.state.auth.backup(dest / "auth.db")
            names = request.app.state.contexts.backup(dest)
        except BaseException:
            shutil.rmtree(dest, ignore_errors=True)  # (no half backup that looks whole)
            raise
        private_tree(dest)  # (copies of every key's hash and every memory: this user's only)
        took = int((time.monotonic() - start) * 1000)
        return {"name": name, "path": str(dest), "contexts": names, "tookMs": took}

    @app.get("/api/v1/contexts", tags=["management"])
    def list_contexts(request: Request) -> dict[str, Any]:
        """The contexts this key reaches."""
        ctx = authenticate(request)
        return {"contexts": [n for n in request.app.state.contexts.names() if ctx.reaches(n)]}

    @app.post("/api/v1/contexts", status_code=201, tags=["management"])
    def create_context(body: ContextCreate, request: Request) -> dict[str, Any]:
        ctx = authenticate(request)
        _manager(ctx)
        if not ctx.reaches(body.name):
            raise Problem(403, "Forbidden", "this key does not reach that context", field="name")
        return request.app.state.contexts.create(body.name)

    @app.delete("/api/v1/contexts/{context}", status_code=204, tags=["management"])
    def delete_context(context: str, request: Request) -> None:
        ctx = authenticate(request)
        _reached(ctx, context)
        _manager(ctx)
        request.app.state.contexts.delete(context)
        request.app.state.contexts.purged(context)

    @app.get("/api/v1/me", tags=["keys"])
    def me(request: Request) -> dict[str, Any]:
        ctx = authenticate(request)
        return {
            "principal": _principal(ctx.principal),
            "keyId": ctx.key_id,
            "grants": ctx.grants.to_json(),
            "contexts": list(ctx.contexts),
            "strict": ctx.strict,
            "expiresMs": ctx.expires_ms,
            "onBehalfOf": ctx.on_behalf_of.id if ctx.on_behalf_of else None,
        }

    @app.get("/api/v1/principals", tags=["principals"])
    def list_principals(request: Request) -> dict[str, Any]:
        """The principals this key administers (all, for a full administrator)."""
        ctx = authenticate(request)
        _manager(ctx)
        principals = request.app.state.auth.list_principals()
        return {"principals": [_principal(p) for p in principals if ctx.administers(p)]}

    @app.post("/api/v1/principals", status_code=201, tags=["principals"])
    def create_principal(body: PrincipalCreate, request: Request) -> dict[str, Any]:
        ctx = authenticate(request)
        _manager(ctx)
        _within_reach(ctx, body.contexts)
        p = request.app.state.auth.create_principal(
            body.name, body.kind, Grants.parse(body.grants), contexts=body.contexts
        )
        return _principal(p)

    @app.put("/api/v1/principals/{principal_id}/grants", tags=["principals"])
    def update_grants(principal_id: str, body: GrantsUpdate, request: Request) -> dict[str, Any]:
        ctx = authenticate(request)
        store = request.app.state.auth
        _manager(ctx)
        _not_own(ctx, principal_id)
        _administered(ctx, store, principal_id)
        try:
            return _principal(store.update_grants(principal_id, Grants.parse(body.grants)))
        except LockoutError as err:
            raise _locked_out(err) from None

    @app.put("/api/v1/principals/{principal_id}/contexts", tags=["principals"])
    def update_contexts(
        principal_id: str, body: ContextsUpdate, request: Request
    ) -> dict[str, Any]:
        ctx = authenticate(request)
        store = request.app.state.auth
        _manager(ctx)
        _not_own(ctx, principal_id)
        _administered(ctx, store, principal_id)
        _within_reach(ctx, body.contexts)
        try:
            return _principal(store.update_contexts(principal_id, body.contexts))
        except LockoutError as err:
            raise _locked_out(err) from None

    @app.get("/api/v1/keys", tags=["keys"])
    def list_keys(
        request: Request, principal_id: str | None = Query(None, alias="principalId")
    ) -> dict[str, Any]:
        """This key; with grant:manage, every key of the principal (or of ``principalId``)
        when this key administers it."""
        ctx = authenticate(request)
        store = request.app.state.auth
        if principal_id is not None:
            keys = store.list_keys(_administered(ctx, store, principal_id).id)
        elif ctx.manages() and ctx.administers(ctx.principal):
            keys = store.list_keys(ctx.principal_id)
        else:
            keys = [store.get_key(ctx.key_id)]
        return {"keys": [_key(k, ctx) for k in keys]}

    @app.post("/api/v1/keys", status_code=201, tags=["keys"])
    def create_key(body: KeyCreate, request: Request) -> dict[str, Any]:
        """A new key, shown once, narrower than the calling key (grants, contexts, expiry,
        strictness). With grant:manage, ``principalId`` names another principal."""
        ctx = authenticate(request)
        owner = body.principal_id or ctx.principal_id
        if owner != ctx.principal_id or ctx.on_behalf_of is not None:
            _administered(ctx, request.app.state.auth, owner)
        key, token = request.app.state.auth.create_key(
            owner,
            Grants.parse(body.grants) if body.grants is not None else None,
            label=body.label,
            expires_ms=body.expires_ms,
            strict=body.strict,
            contexts=body.contexts,
            maker=ctx,
        )
        return {**_key(key, ctx), "token": token}

    def _managed(ctx: AuthContext, store: AuthStore, key_id: str, own: list[str]) -> None:
        """A key manages itself (``own``: the ids that stand for it); any other key (even of
        its own principal) needs grant:manage over its principal. Unknown and foreign keys get
        the same answer: 403 without grant:manage, else 404."""
        if ctx.key_id in own and ctx.on_behalf_of is None:
            return
        if not ctx.manages():
            raise Problem(403, "Forbidden", "managing another key needs grant:manage over '*'")
        key = store.get_key(key_id)  # 404 when unknown
        if not ctx.administers(store.get_principal(key.principal_id)):
            if key.principal_id == ctx.principal_id:  # its own principal: no secret
                raise _not_administered_own()
            raise UnknownKeyError(key_id)

    def _own_ids(store: AuthStore, key_id: str) -> list[str]:
        """The ids that stand for the key now in use: ``key_id`` and what it was rotated into
        (an older id of the calling key is the calling key)."""
        try:
            return store.successors(key_id)
        except UnknownKeyError:
            return [key_id]  # (_managed answers it: 403, or 404 for an administrator)

    @app.post("/api/v1/keys/{key_id}/rotate", tags=["keys"])
    def rotate_key(key_id: str, request: Request) -> dict[str, Any]:
        """A new token for the key (the old one stops working). Another key is rotated only
        by an administrator whose key holds everything that key may do: the token is
        handed over, so a rotation must never widen the caller."""
        ctx = authenticate(request)
        store = request.app.state.auth
        own = _own_ids(store, key_id)
        _managed(ctx, store, key_id, own)
        key = store.get_key(key_id)
        if ctx.key_id not in own and not ctx.holds(key, store.get_principal(key.principal_id)):
            raise Problem(
                403, "Forbidden", "this key may not rotate a key that may do more than it"
            )
        new, token = store.rotate(key_id)
        return {**_key(new, ctx), "token": token}

    @app.delete("/api/v1/keys/{key_id}", tags=["keys"])
    def revoke_key(key_id: str, request: Request) -> dict[str, Any]:
        """Revoke the key and every key it was rotated into (``revokedKeys``): revoking an id
        stops whatever token stands for it now. 409 if that would leave the server without a
        full administrator."""
        ctx = authenticate(request)
        store = request.app.state.auth
        own = _own_ids(store, key_id)
        _managed(ctx, store, key_id, own)
        try:
            key, revoked = store.revoke(key_id)
        except LockoutError as err:
            raise _locked_out(err) from None
        return {**_key(key, ctx), "revokedKeys": revoked}
