"""Authorisation core of the server: grants (verbs x scope patterns), API keys, and the SQLite
store of principals and keys. Pure logic, no HTTP."""

from __future__ import annotations

from .errors import AuthError, LockoutError, UnknownKeyError, UnknownPrincipalError
from .grants import (
    VERBS,
    Grants,
    covers,
    intersect,
    is_narrower,
    narrow,
    read_scopes,
    readable,
    scope_filter_sql,
    writable,
)
from .keys import KeyHasher, parse_key
from .store import ApiKey, AuthContext, AuthStore, Principal

__all__ = [
    "VERBS",
    "ApiKey",
    "AuthContext",
    "AuthError",
    "AuthStore",
    "Grants",
    "KeyHasher",
    "LockoutError",
    "Principal",
    "UnknownKeyError",
    "UnknownPrincipalError",
    "covers",
    "intersect",
    "is_narrower",
    "narrow",
    "parse_key",
    "read_scopes",
    "readable",
    "scope_filter_sql",
    "writable",
]
