"""mem0's open-source ``Memory`` API on EngramDB: ``from engramdb.compat.mem0 import Memory``.

Same method names, arguments and result shapes as mem0 (``add``, ``search``, ``get``,
``get_all``, ``update``, ``delete``, ``delete_all``, ``history``, ``reset``), so code written
for mem0 runs unchanged, with no LLM and no vector database.

How mem0's ideas map onto EngramDB (docs/integrations.md has the table):

- ``user_id`` is a personal scope ``{prefix}/user/{user_id}`` (an ``agent_id`` without a user:
  ``{prefix}/agent/{agent_id}``; a ``run_id`` alone: ``{prefix}/run/{run_id}``); ``run_id`` is
  the conversation session. Users never see each other: every read is through the user's lens,
  then narrowed to the exact ids asked for. With ``scope_prefix="org/acme"``, the
  organisation's curated documents apply to its users' memories (conflicts are surfaced).
- A memory is a remembered message (a turn). ``infer=True`` reads facts from it (first-person
  facts, corrections, conflicts with curated knowledge) without an LLM; ``infer=False`` stores
  it as it is. A message said again in the same place is not stored twice (mem0's "NONE").
- ``update`` is a versioned correction (``Memory.revise``): same id, the old text in
  ``history``; ``delete`` is a soft forget (out of every read; ``delete(id, purge=True)``
  removes every copy). ``history`` of a deleted memory is empty, as every read of it is.
- ``score`` is the engine's recall score (meaning, words, time, entities), not a cosine:
  ``threshold`` compares with it, and defaults to None (no cut) rather than mem0's 0.1.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import ForbiddenError, NotFoundError
from ..knowledge import reads
from ..knowledge.access import Caller, check_write
from ..knowledge.listing import MAX_PAGE
from ..knowledge.memory import Memory as _Memory
from ..knowledge.results import StoredMemory
from ..knowledge.scopes import check_scope, segment_of

__all__ = ["Memory"]

_ENTITY = ("user_id", "agent_id", "run_id")
#: messages in one ``add`` (each is a turn, written under the store's lock)
MAX_MESSAGES = 100
_PROMOTED = ("user_id", "agent_id", "run_id", "actor_id", "role")
_ROLES = ("user", "assistant", "system", "tool")


def _iso(ms: int | None) -> str | None:
    return None if ms is None else datetime.fromtimestamp(ms / 1000, UTC).isoformat()


def _messages(messages: Any) -> list[dict[str, str]]:
    if isinstance(messages, str):
        return [{"role": "user", "content": messages}]
    if isinstance(messages, Mapping):
        messages = [messages]
    if not isinstance(messages, list | tuple):
        raise ValueError("messages must be a string, a message dict or a list of message dicts")
    out = []
    for i, m in enumerate(messages):
        if not isinstance(m, Mapping) or not isinstance(m.get("content"), str):
            raise ValueError(f"messages[{i}] must be a dict with a string 'content'")
        role = m.get("role", "user")
        if role not in _ROLES:
            raise ValueError(f"messages[{i}].role must be one of {', '.join(_ROLES)}")
        if m["content"].strip() and role != "system":  # (an agent's prompt, not a memory)
            out.append({"role": role, "content": m["content"], "name": m.get("name")})
    return out


def _ids(filters: Mapping[str, Any] | None, given: dict[str, Any]) -> dict[str, str]:
    """The entity ids of a call: top-level arguments and those in ``filters`` (mem0 2.x puts
    them there), trimmed; at least one is required."""
    ids: dict[str, str] = {}
    for name in _ENTITY:
        v = given.get(name)
        if v is None and filters:
            v = filters.get(name)
        if v is None:
            continue
        if not isinstance(v, str) or not v.strip():
            raise ValueError(f"{name} must be a non-empty string")
        ids[name] = v.strip()
    if not ids:
        raise ValueError(
            "at least one of user_id, agent_id or run_id is required, e.g. user_id='alice'"
        )
    return ids


class Memory:
    """mem0's ``Memory`` over an EngramDB store (a directory, or an open ``engramdb.Memory``)."""

    def __init__(
        self,
        path: str | Path | _Memory | None = None,
        *,
        scope_prefix: str | None = None,
        caller: Caller | None = None,
    ) -> None:
        if isinstance(path, _Memory):
            self.memory, self._owned = path, False
        else:
            if path is None:
                path = Path.home() / ".engramdb" / "mem0"
            self.memory, self._owned = _Memory.open(path), True
        self._prefix = check_scope(scope_prefix, "scope_prefix") if scope_prefix else None
        self._caller = caller

    @classmethod
    def from_config(cls, config_dict: Mapping[str, Any] | None = None) -> Memory:
        """``{"path": ...}``, or mem0's layout: ``{"vector_store": {"config": {"path": ...}}}``
        (other mem0 settings, such as the LLM or the embedder, are not needed and ignored);
        ``scope_prefix`` as for the constructor."""
        config = dict(config_dict or {})
        path = config.get("path")
        if path is None:
            vs = config.get("vector_store") or {}
            path = (vs.get("config") or {}).get("path")
        return cls(path, scope_prefix=config.get("scope_prefix"))

    def close(self) -> None:
        if self._owned:
            self.memory.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ scopes
    def _root(self) -> str:
        return self._prefix or ""

    def _scope(self, ids: Mapping[str, str]) -> str:
        for name, kind in (("user_id", "user"), ("agent_id", "agent"), ("run_id", "run")):
            if name in ids:
                path = f"{kind}/{segment_of(ids[name], name)}"
                return f"{self._prefix}/{path}" if self._prefix else path
        raise AssertionError("no entity id")  # (``_ids`` requires one)

    def _lens(self, ids: Mapping[str, str]) -> str | None:
        """The scope reads start from: a user's own; without a user, the whole prefix (an
        agent or a run spans users), narrowed to the ids by ``_has_ids``."""
        return self._scope(ids) if "user_id" in ids else self._prefix

    # ------------------------------------------------------------------ records
    def _record(self, m: StoredMemory, score: float | None = None) -> dict[str, Any]:
        meta = dict(m.metadata or {})
        out: dict[str, Any] = {
            "id": m.id,
            "memory": m.text,
            "hash": hashlib.md5(m.text.encode()).hexdigest(),
            "created_at": _iso(m.created_ms),
            "updated_at": _iso(m.updated_ms or m.created_ms),
        }
        if score is not None:
            out["score"] = score
        for key in _PROMOTED:
            if key in meta:
                out[key] = meta.pop(key)
        out["metadata"] = meta or None
        return out

    def _mine(self, m: StoredMemory) -> bool:
        """Whether a stored turn was written through this API (it carries its entity ids)
        under this store's prefix."""
        meta = m.metadata or {}
        if not any(k in meta for k in _ENTITY):
            return False
        return self._prefix is None or m.scope.startswith(self._prefix + "/")

    # ------------------------------------------------------------------ writes
    def add(
        self,
        messages: Any,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        infer: bool = True,
        **_: Any,
    ) -> dict[str, list[dict[str, Any]]]:
        """Remember each message (``{"results": [{"id", "memory", "event": "ADD"}]}``)."""
        ids = _ids(None, {"user_id": user_id, "agent_id": agent_id, "run_id": run_id})
        if metadata is not None and not isinstance(metadata, Mapping):
            raise ValueError("metadata must be a dict")
        scope = self._scope(ids)
        check_write(self._caller, scope, False)  # (before the look for a repeat: no oracle)
        results = []
        said = _messages(messages)
        if len(said) > MAX_MESSAGES:
            raise ValueError(f"at most {MAX_MESSAGES} messages in one add, got {len(said)}")
        # a repeat is looked for only where the caller may read: a write-only key must not
        # learn from an empty answer that the text is stored there already
        look = self._caller is None or self._caller.readable(scope)
        for m in said:
            if infer and look and self._said_before(scope, ids, m["content"]):
                continue  # mem0's NONE: nothing new
            meta = {**(metadata or {}), **ids, "role": m["role"]}
            if m.get("name"):
                meta["actor_id"] = m["name"]
            w = self.memory.remember(
                m["content"],
                scope=scope,
                session_id=ids.get("run_id"),
                role=m["role"],
                metadata=meta,
                extract=infer,
                caller=self._caller,
            )
            results.append({"id": w.turn_id, "memory": m["content"], "event": "ADD"})
        return {"results": results}

    def _said_before(self, scope: str, ids: Mapping[str, str], text: str) -> bool:
        """Whether this text is already remembered here (same scope and run, same ids)."""
        rows = self.memory.db.execute(
            "SELECT metadata FROM turns WHERE scope=? AND session_id IS ? AND text=? "
            "AND forgotten=0 AND role != 'item'",
            (scope, ids.get("run_id"), text),
        ).fetchall()
        return any(
            all((json.loads(r[0]) if r[0] else {}).get(k) == v for k, v in ids.items())
            for r in rows
        )

    def update(
        self,
        memory_id: str,
        data: str | None = None,
        *,
        text: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        **_: Any,
    ) -> dict[str, str]:
        """A versioned correction: same id, new text (``history`` keeps the old one)."""
        new = text if text is not None else data
        if not isinstance(new, str) or not new.strip():
            raise ValueError("update needs the new text (data=... or text=...)")
        current = self._get(memory_id)
        meta = None
        if metadata is not None:
            keep = {k: v for k, v in (current.metadata or {}).items() if k in _PROMOTED}
            meta = {**dict(metadata), **keep}
        kwargs: dict[str, Any] = {} if meta is None else {"metadata": meta}
        self.memory.revise(memory_id, new, caller=self._caller, **kwargs)
        return {"message": "Memory updated successfully!"}

    def delete(self, memory_id: str, *, purge: bool = False) -> dict[str, str]:
        self._get(memory_id)
        # what was read from it goes too: a deleted "My PIN is 4411" must not live on as a fact
        self.memory.forget(id=memory_id, purge=purge, caller=self._caller, extracted=True)
        return {"message": "Memory deleted successfully!"}

    def delete_all(
        self,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        *,
        purge: bool = False,
    ) -> dict[str, str]:
        ids = _ids(None, {"user_id": user_id, "agent_id": agent_id, "run_id": run_id})
        self.forget_all([m.id for m in self._listed(ids, limit=None)], purge=purge)
        return {"message": "Memories deleted successfully!"}

    def forget_all(self, memory_ids: list[str], *, purge: bool = False) -> None:
        """Forget these memories, all or none: each is checked before any is forgotten (in
        one transaction)."""
        if memory_ids:
            self.memory.forget_ids(memory_ids, purge=purge, caller=self._caller, extracted=True)

    def reset(self) -> None:
        """Forget every memory this API wrote, every copy, with what was read from it (its
        facts, and the conflicts they opened): the turns that carry its entity ids, under its
        prefix (without one: anywhere). Curated documents and what other APIs wrote under
        the prefix stay. With a caller: it needs memory:forget over the prefix itself (a 403
        whether the prefix holds anything or not); memories it may not read are not its to
        see, and stay; one it may read but not forget refuses the whole reset."""
        caller, prefix = self._caller, self._prefix
        if caller is not None and prefix is not None and not caller.can("memory:forget", prefix):
            raise ForbiddenError(
                f"this key has no memory:forget over {prefix!r}: nothing was forgotten",
                scope=prefix,
            )
        self.forget_all(self._written(), purge=True)

    def _written(self) -> list[str]:
        """Ids of the turns this API wrote under the prefix, forgotten ones too (a reset
        purges them), that the caller may read."""
        where, params = "1", ()
        if self._prefix:
            where = "(scope >= ? AND scope < ?)"  # below the prefix ('/' sorts before '0')
            params = (self._prefix + "/", self._prefix + "0")
        marks = " OR ".join(f"json_extract(metadata, '$.{k}') IS NOT NULL" for k in _ENTITY)
        rows = self.memory.db.execute(
            f"SELECT id, scope FROM turns WHERE {where} AND role != 'item' AND metadata IS NOT "
            f"NULL AND json_valid(metadata) AND ({marks}) ORDER BY id",
            params,
        ).fetchall()
        readable = self._caller.readable if self._caller is not None else None
        return [i for i, scope in rows if readable is None or readable(scope)]

    # ------------------------------------------------------------------ reads
    def _get(self, memory_id: str) -> StoredMemory:
        try:
            m = self.memory.memory(memory_id, caller=self._caller)
        except NotFoundError:
            raise ValueError(f"Memory with id {memory_id} not found") from None
        if not self._mine(m):
            raise ValueError(f"Memory with id {memory_id} not found")
        return m

    def get(self, memory_id: str) -> dict[str, Any] | None:
        try:
            return self._record(self._get(memory_id))
        except ValueError:
            return None

    def _listed(
        self, ids: Mapping[str, str], *, limit: int | None, lens: str | None = None
    ) -> list[StoredMemory]:
        """This API's memories with these ids, in one pass over the lens's turns."""
        lens = lens if lens is not None else self._lens(ids)
        out: list[StoredMemory] = []
        for m in self.memory.iter_memories(
            lens=lens, session_id=ids.get("run_id"), caller=self._caller
        ):
            if self._mine(m) and _has_ids(m, ids):
                out.append(m)
                if limit is not None and len(out) >= limit:
                    break
        return out

    def get_all(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        filters: Mapping[str, Any] | None = None,
        top_k: int = 100,
        limit: int | None = None,
        **_: Any,
    ) -> dict[str, list[dict[str, Any]]]:
        ids = _ids(filters, {"user_id": user_id, "agent_id": agent_id, "run_id": run_id})
        top_k = _check_k(limit if limit is not None else top_k)
        rest = {k: v for k, v in (filters or {}).items() if k not in _ENTITY}
        _meta_matches({}, rest)  # a malformed filter is refused before any work
        found = [m for m in self._listed(ids, limit=None) if _meta_matches(m.metadata, rest)]
        found.sort(key=lambda m: (-(m.updated_ms or m.created_ms), m.id))
        return {"results": [self._record(m) for m in found[:top_k]]}

    def search(
        self,
        query: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        filters: Mapping[str, Any] | None = None,
        top_k: int = 20,
        limit: int | None = None,
        threshold: float | None = None,
        **_: Any,
    ) -> dict[str, list[dict[str, Any]]]:
        if not isinstance(query, str) or not query.strip():
            raise ValueError("query must be a non-empty string")
        ids = _ids(filters, {"user_id": user_id, "agent_id": agent_id, "run_id": run_id})
        top_k = _check_k(limit if limit is not None else top_k)
        rest = {k: v for k, v in (filters or {}).items() if k not in _ENTITY}
        _meta_matches({}, rest)  # a malformed filter is refused before any work
        lens = self._lens(ids)
        out: list[dict[str, Any]] = []
        seen: set[str] = set()
        k = min(1000, max(3 * top_k, 30))
        ctx = self.memory.region(self._caller.readable) if self._caller else _nothing()
        with ctx:
            hits = reads.query(self.memory._store, query, lens=lens, k=k, one_per_text=False)
        for h in hits:
            if h.kind != "turn" or h.id in seen:
                continue
            if threshold is not None and h.score < threshold:
                continue
            try:
                m = self.memory.memory(h.id, caller=self._caller)
            except NotFoundError:
                continue
            if not (self._mine(m) and _has_ids(m, ids) and _meta_matches(m.metadata, rest)):
                continue
            seen.add(h.id)
            out.append(self._record(m, round(float(h.score), 6)))
            if len(out) >= top_k:
                break
        return {"results": out}

    def history(self, memory_id: str) -> list[dict[str, Any]]:
        """Every version, oldest first, in mem0's shape (``old_memory``, ``new_memory``)."""
        try:
            m = self._get(memory_id)
        except ValueError:
            return []
        rows = self.memory.memory_history(memory_id, caller=self._caller)
        role = (m.metadata or {}).get("role")
        return [
            {
                "id": f"{memory_id}:{r['version']}",
                "memory_id": memory_id,
                "old_memory": r["previous"],
                "new_memory": r["text"],
                "event": r["event"],
                "created_at": _iso(rows[0]["at_ms"]),
                "updated_at": _iso(r["at_ms"]) if r["version"] > 1 else None,
                "is_deleted": False,
                "actor_id": (m.metadata or {}).get("actor_id"),
                "role": role,
            }
            for r in rows
        ]


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _check_k(k: Any) -> int:
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_PAGE:
        raise ValueError(f"top_k must be a whole number from 1 to {MAX_PAGE}, got {k!r}")
    return k


def _has_ids(m: StoredMemory, ids: Mapping[str, str]) -> bool:
    meta = m.metadata or {}
    return all(meta.get(k) == v for k, v in ids.items())


def _meta_matches(meta: Mapping[str, Any] | None, wanted: Mapping[str, Any]) -> bool:
    """mem0's metadata filters: ``{"k": v}``, ``{"k": {"eq"|"ne"|"in"|"nin"|"gt"|"gte"|"lt"|
    "lte"|"contains"|"icontains": ...}}``, ``{"k": "*"}`` and ``AND``/``OR``/``NOT`` lists."""
    meta = meta or {}
    for key, want in wanted.items():
        if key in ("AND", "OR", "NOT") and (
            not isinstance(want, list) or not all(isinstance(f, Mapping) for f in want)
        ):
            raise ValueError(f"filters: {key} takes a list of filter objects")
        if key == "AND":
            ok = all(_meta_matches(meta, f) for f in want)
        elif key == "OR":
            ok = any(_meta_matches(meta, f) for f in want)
        elif key == "NOT":
            ok = not any(_meta_matches(meta, f) for f in want)
        elif want == "*":
            ok = key in meta
        elif isinstance(want, Mapping):
            ok = key in meta and all(_op(meta[key], op, arg) for op, arg in want.items())
        else:
            ok = meta.get(key, _MISSING) == want
        if not ok:
            return False
    return True


_MISSING = object()


def _op(have: Any, op: str, arg: Any) -> bool:
    try:
        match op:
            case "eq":
                return have == arg
            case "ne":
                return have != arg
            case "in":
                return have in arg
            case "nin":
                return have not in arg
            case "gt":
                return have > arg
            case "gte":
                return have >= arg
            case "lt":
                return have < arg
            case "lte":
                return have <= arg
            case "contains":
                return str(arg) in str(have)
            case "icontains":
                return str(arg).casefold() in str(have).casefold()
    except TypeError:
        return False
    raise ValueError(f"unsupported filter operator {op!r}")
