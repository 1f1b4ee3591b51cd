"""Management routes: contexts, principals, keys, and who am I.

A key without grant:manage over ``*`` manages itself only: it lists itself, rotates and revokes
itself, and makes keys narrower than itself. Administrators (grant:manage over ``*``) manage
principals, their grants and contexts, every key, and the contexts they reach."""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from .app import authenticate
from .auth import AuthContext, Grants
from .auth.reach import check_reach, reach_within
from .auth.store import ApiKey, Principal
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


def _key(k: ApiKey) -> dict[str, Any]:
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
        "contexts": None if k.contexts is None else list(k.contexts),
    }


def _manager(ctx: AuthContext) -> None:
    if not ctx.manages():
        raise Problem(403, "Forbidden", "this needs grant:manage over every scope ('*')")


def _within_reach(ctx: AuthContext, contexts: list[str]) -> None:
    """An administrator hands out only contexts its own key reaches."""
    if not reach_within(check_reach(contexts), ctx.contexts):
        raise Problem(
            403, "Forbidden", "this key does not reach every context it names", field="contexts"
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
        _manager(ctx)
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
        _manager(authenticate(request))
        return {"principals": [_principal(p) for p in request.app.state.auth.list_principals()]}

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
        _manager(authenticate(request))
        p = request.app.state.auth.update_grants(principal_id, Grants.parse(body.grants))
        return _principal(p)

    @app.put("/api/v1/principals/{principal_id}/contexts", tags=["principals"])
    def update_contexts(
        principal_id: str, body: ContextsUpdate, request: Request
    ) -> dict[str, Any]:
        ctx = authenticate(request)
        _manager(ctx)
        _within_reach(ctx, body.contexts)
        return _principal(request.app.state.auth.update_contexts(principal_id, body.contexts))

    @app.get("/api/v1/keys", tags=["keys"])
    def list_keys(
        request: Request, principal_id: str | None = Query(None, alias="principalId")
    ) -> dict[str, Any]:
        """This key; with grant:manage, every key of the principal (or of ``principalId``)."""
        ctx = authenticate(request)
        store = request.app.state.auth
        if principal_id is not None or ctx.manages():
            _manager(ctx)
            keys = store.list_keys(principal_id or ctx.principal_id)
        else:
            keys = [store.get_key(ctx.key_id)]
        return {"keys": [_key(k) for k in keys]}

    @app.post("/api/v1/keys", status_code=201, tags=["keys"])
    def create_key(body: KeyCreate, request: Request) -> dict[str, Any]:
        """A new key, shown once, narrower than the calling key (grants, contexts, expiry,
        strictness). With grant:manage, ``principalId`` names another principal."""
        ctx = authenticate(request)
        owner = body.principal_id or ctx.principal_id
        if owner != ctx.principal_id or ctx.on_behalf_of is not None:
            _manager(ctx)
        key, token = request.app.state.auth.create_key(
            owner,
            Grants.parse(body.grants) if body.grants is not None else None,
            label=body.label,
            expires_ms=body.expires_ms,
            strict=body.strict,
            contexts=body.contexts,
            maker=ctx,
        )
        return {**_key(key), "token": token}

    def _managed(ctx: AuthContext, store, key_id: str) -> None:
        """A key manages itself; any other key (even of its own principal) needs grant:manage.
        Unknown and foreign keys get the same answer."""
        if key_id == ctx.key_id and ctx.on_behalf_of is None:
            return
        if not ctx.manages():
            raise Problem(403, "Forbidden", "managing another key needs grant:manage over '*'")
        store.get_key(key_id)  # 404 when unknown

    @app.post("/api/v1/keys/{key_id}/rotate", tags=["keys"])
    def rotate_key(key_id: str, request: Request) -> dict[str, Any]:
        """A new token for the key (the old one stops working). Another key is rotated only
        by an administrator whose key holds everything that key may do: the token is
        handed over, so a rotation must never widen the caller."""
        ctx = authenticate(request)
        store = request.app.state.auth
        _managed(ctx, store, key_id)
        key = store.get_key(key_id)
        if key_id != ctx.key_id and not ctx.holds(key, store.get_principal(key.principal_id)):
            raise Problem(
                403, "Forbidden", "this key may not rotate a key that may do more than it"
            )
        return {"token": store.rotate_key(key_id)}

    @app.delete("/api/v1/keys/{key_id}", tags=["keys"])
    def revoke_key(key_id: str, request: Request) -> dict[str, Any]:
        ctx = authenticate(request)
        store = request.app.state.auth
        _managed(ctx, store, key_id)
        return _key(store.revoke_key(key_id))
