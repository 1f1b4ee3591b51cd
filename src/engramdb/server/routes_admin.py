"""Management routes: contexts, principals, keys, and who am I."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from .app import authenticate
from .auth import AuthContext, Grants
from .auth.store import ApiKey, Principal
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


class GrantsUpdate(_In):
    grants: dict[str, list[str]]


class KeyCreate(_In):
    principal_id: str | None = None
    grants: dict[str, list[str]] | None = None
    label: str | None = Field(default=None, max_length=128)
    expires_ms: int | None = Field(default=None, ge=0, le=2**62)
    #: Told 403 (not an empty answer) when it asks for what lies outside its read region.
    strict: bool = False


def _principal(p: Principal) -> dict[str, Any]:
    return {
        "id": p.id,
        "name": p.name,
        "kind": p.kind,
        "grants": p.grants.to_json(),
        "createdMs": p.created_ms,
        "disabled": p.disabled,
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
    }


def _manager(ctx: AuthContext) -> None:
    if not ctx.can("grant:manage", "*"):
        raise Problem(403, "Forbidden", "this needs grant:manage over every scope ('*')")


def add_admin_routes(app: FastAPI) -> None:
    @app.get("/api/v1/contexts", tags=["management"])
    def list_contexts(request: Request) -> dict[str, Any]:
        authenticate(request)
        return {"contexts": request.app.state.contexts.names()}

    @app.post("/api/v1/contexts", status_code=201, tags=["management"])
    def create_context(body: ContextCreate, request: Request) -> dict[str, Any]:
        _manager(authenticate(request))
        return request.app.state.contexts.create(body.name)

    @app.delete("/api/v1/contexts/{context}", status_code=204, tags=["management"])
    def delete_context(context: str, request: Request) -> None:
        _manager(authenticate(request))
        request.app.state.contexts.delete(context)

    @app.get("/api/v1/me", tags=["keys"])
    def me(request: Request) -> dict[str, Any]:
        ctx = authenticate(request)
        return {
            "principal": _principal(ctx.principal),
            "keyId": ctx.key_id,
            "grants": ctx.grants.to_json(),
            "onBehalfOf": ctx.on_behalf_of.id if ctx.on_behalf_of else None,
        }

    @app.get("/api/v1/principals", tags=["principals"])
    def list_principals(request: Request) -> dict[str, Any]:
        _manager(authenticate(request))
        return {"principals": [_principal(p) for p in request.app.state.auth.list_principals()]}

    @app.post("/api/v1/principals", status_code=201, tags=["principals"])
    def create_principal(body: PrincipalCreate, request: Request) -> dict[str, Any]:
        _manager(authenticate(request))
        p = request.app.state.auth.create_principal(body.name, body.kind, Grants.parse(body.grants))
        return _principal(p)

    @app.put("/api/v1/principals/{principal_id}/grants", tags=["principals"])
    def update_grants(principal_id: str, body: GrantsUpdate, request: Request) -> dict[str, Any]:
        _manager(authenticate(request))
        p = request.app.state.auth.update_grants(principal_id, Grants.parse(body.grants))
        return _principal(p)

    @app.get("/api/v1/keys", tags=["keys"])
    def list_keys(request: Request) -> dict[str, Any]:
        ctx = authenticate(request)
        return {"keys": [_key(k) for k in request.app.state.auth.list_keys(ctx.principal_id)]}

    @app.post("/api/v1/keys", status_code=201, tags=["keys"])
    def create_key(body: KeyCreate, request: Request) -> dict[str, Any]:
        """A new key, shown once. For yourself (narrower than your grants), or, with
        grant:manage, for another principal."""
        ctx = authenticate(request)
        owner = body.principal_id or ctx.principal_id
        if owner != ctx.principal_id:
            _manager(ctx)
        grants = Grants.parse(body.grants) if body.grants is not None else None
        if owner == ctx.principal_id and grants is None:
            grants = ctx.grants  # a key never holds more than the key that made it
        key, token = request.app.state.auth.create_key(
            owner, grants, label=body.label, expires_ms=body.expires_ms, strict=body.strict
        )
        return {**_key(key), "token": token}

    @app.post("/api/v1/keys/{key_id}/rotate", tags=["keys"])
    def rotate_key(key_id: str, request: Request) -> dict[str, Any]:
        ctx = authenticate(request)
        store = request.app.state.auth
        if store.get_key(key_id).principal_id != ctx.principal_id:
            _manager(ctx)
        return {"token": store.rotate_key(key_id)}

    @app.delete("/api/v1/keys/{key_id}", tags=["keys"])
    def revoke_key(key_id: str, request: Request) -> dict[str, Any]:
        ctx = authenticate(request)
        store = request.app.state.auth
        if store.get_key(key_id).principal_id != ctx.principal_id:
            _manager(ctx)
        return _key(store.revoke_key(key_id))
