"""LangGraph's ``BaseStore`` on EngramDB: ``EngramStore(path_or_memory)``.

A namespace is a scope path (``("org", "acme", "user", "alice")`` is ``org/acme/user/alice``),
so lenses and grants apply to what a graph stores, and ``Memory.query`` recalls it beside the
conversation. An item is a keyed item of ``knowledge.items``: a put of an existing key is a new
version (``Memory.memory_history(item_id)`` lists the old values), a delete is a soft forget.

Search with a query is the engine's recall (meaning and words, not cosine alone) over the items
under the prefix; its ``score`` is the engine's. The text searched is the value's string leaves
(``$``, the default) or the ``fields`` of ``IndexConfig``/``put(index=[...])``, joined into one
text per item, embedded by the store's own embedder: an ``embed`` function given in the index
config is not called (one store, one embedding model; see docs/integrations.md).

Labels may hold any character: those outside a scope segment's alphabet are written ``+XX``
(UTF-8 bytes in hex), so ``("a b",)`` is the scope ``a+20b``. A label longer than a scope
segment allows (64 characters once escaped) is refused with a ``ValidationError``.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

try:
    from langgraph.store.base import (
        BaseStore,
        GetOp,
        IndexConfig,
        Item,
        ListNamespacesOp,
        MatchCondition,
        Op,
        PutOp,
        Result,
        SearchItem,
        SearchOp,
        TTLConfig,
        get_text_at_path,
        tokenize_path,
        validate_op_namespace,
    )
except ImportError as e:  # pragma: no cover - the message is the point
    raise ImportError(
        "engramdb.integrations.langgraph needs LangGraph: "
        "pip install -e '.[langgraph]' in a checkout"
    ) from e

from ..knowledge import items as _items
from ..knowledge.access import Caller
from ..knowledge.clock import now_ms
from ..knowledge.memory import Memory
from ..knowledge.scopes import label_of, segment_of

__all__ = ["EngramStore", "namespace_of", "scope_of"]


def scope_of(namespace: Sequence[str], prefix: str | None = None) -> str:
    """The scope path of a namespace (under ``prefix``, if the store has one)."""
    path = "/".join(segment_of(label, "namespace") for label in namespace)
    return f"{prefix}/{path}" if prefix else path


def namespace_of(scope: str, prefix: str | None = None) -> tuple[str, ...] | None:
    """The namespace of a scope path; None if it is not under ``prefix``."""
    if prefix:
        if not scope.startswith(prefix + "/"):
            return None
        scope = scope[len(prefix) + 1 :]
    labels = tuple(label_of(seg) for seg in scope.split("/"))
    # a scope this store did not write (``org/acme.eu``, ``org/+41``) names no namespace
    if any(
        "." in lab or segment_of(lab, "namespace") != seg
        for lab, seg in zip(labels, scope.split("/"), strict=True)
    ):
        return None
    return labels


def _leaves(value: Any) -> list[str]:
    """The string and number leaves of a JSON value, in order (what ``$`` searches)."""
    if isinstance(value, dict):
        return [t for v in value.values() for t in _leaves(v)]
    if isinstance(value, list | tuple):
        return [t for v in value for t in _leaves(v)]
    if isinstance(value, bool) or value is None:
        return []
    return [str(value)]


def _dt(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


class EngramStore(BaseStore):
    """A LangGraph store whose items are EngramDB memories (sync and async)."""

    supports_ttl = True

    def __init__(
        self,
        path_or_memory: str | Path | Memory,
        *,
        index: IndexConfig | None = None,
        ttl: TTLConfig | None = None,
        scope_prefix: str | None = None,
        caller: Caller | None = None,
    ) -> None:
        if isinstance(path_or_memory, Memory):
            self.memory, self._owned = path_or_memory, False
        else:
            self.memory, self._owned = Memory.open(path_or_memory), True
        self.index_config = dict(index) if index else None
        fields = (self.index_config or {}).get("fields") or ["$"]
        self._fields = [(f, tokenize_path(f) if f != "$" else f) for f in fields]
        self.ttl_config = ttl
        self._prefix = scope_prefix.strip("/") if scope_prefix else None
        self._caller = caller
        self._sweeper: threading.Thread | None = None
        self._stop = threading.Event()
        if ttl and ttl.get("sweep_interval_minutes"):
            self.start_ttl_sweeper()

    # ------------------------------------------------------------------ lifecycle
    def close(self) -> None:
        self.stop_ttl_sweeper()
        if self._owned:
            self.memory.close()

    def __enter__(self) -> EngramStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def sweep_ttl(self) -> int:
        """Forget the items past their time to live now; how many."""
        return self.memory.sweep_items()

    def start_ttl_sweeper(self, sweep_interval_minutes: float | None = None) -> None:
        """Sweep expired items every ``sweep_interval_minutes`` in a daemon thread (expired
        items are out of every read meanwhile: the sweep only reclaims them)."""
        if self._sweeper is not None:
            return
        minutes = sweep_interval_minutes or (self.ttl_config or {}).get("sweep_interval_minutes")
        interval = float(minutes or 5) * 60
        self._stop.clear()

        def run() -> None:
            while not self._stop.wait(interval):
                self.sweep_ttl()

        self._sweeper = threading.Thread(target=run, name="engram-ttl-sweeper", daemon=True)
        self._sweeper.start()

    def stop_ttl_sweeper(self, timeout: float | None = None) -> bool:
        if self._sweeper is None:
            return True
        self._stop.set()
        self._sweeper.join(timeout)
        done = not self._sweeper.is_alive()
        self._sweeper = None
        return done

    # ------------------------------------------------------------------ BaseStore
    def batch(self, ops: Iterable[Op]) -> list[Result]:
        ops = list(ops)
        for op in ops:
            validate_op_namespace(op)
        return [self._run(op) for op in ops]

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        return await asyncio.to_thread(self.batch, list(ops))

    def _run(self, op: Op) -> Result:
        if isinstance(op, GetOp):
            return self._get(op)
        if isinstance(op, PutOp):
            return self._put(op)
        if isinstance(op, SearchOp):
            return self._search(op)
        if isinstance(op, ListNamespacesOp):
            return self._list_namespaces(op)
        raise ValueError(f"Unknown operation type: {type(op)}")

    def _item(self, it: _items.Item, cls: type = Item, **extra: Any) -> Any:
        return cls(
            namespace=namespace_of(it.scope, self._prefix),
            key=it.key,
            value=it.value,
            created_at=_dt(it.created_ms),
            updated_at=_dt(it.updated_ms),
            **extra,
        )

    def _get(self, op: GetOp) -> Item | None:
        it = _items.get(
            self.memory._store,
            scope_of(op.namespace, self._prefix),
            op.key,
            refresh=op.refresh_ttl,
            caller=self._caller,
        )
        return None if it is None else self._item(it)

    def _text(self, value: dict[str, Any], index: Any) -> str:
        if index is False:
            return ""
        fields = self._fields if index is None else [(f, tokenize_path(f)) for f in index]
        texts: list[str] = []
        for path, tokens in fields:
            if path == "$":
                texts.extend(_leaves(value))
            else:
                texts.extend(str(t) for t in get_text_at_path(value, tokens) if t)
        return "\n".join(t for t in texts if t.strip())

    def _put(self, op: PutOp) -> None:
        scope = scope_of(op.namespace, self._prefix)
        if op.value is None:
            _items.delete(self.memory._store, scope, op.key, caller=self._caller)
            return None
        ttl_ms = None if op.ttl is None else max(1, round(op.ttl * 60_000))
        _items.put(
            self.memory._store,
            scope,
            op.key,
            dict(op.value),
            text=self._text(dict(op.value), op.index),
            ttl_ms=ttl_ms,
            caller=self._caller,
        )
        return None

    def _under(self, prefix: tuple[str, ...]) -> str | None:
        if prefix:
            return scope_of(prefix, self._prefix)
        return self._prefix

    def _search(self, op: SearchOp) -> list[SearchItem]:
        prefix = self._under(op.namespace_prefix)
        found = [
            it
            for it in _items.scan(self.memory._store, prefix, caller=self._caller)
            if namespace_of(it.scope, self._prefix) is not None and _matches(it.value, op.filter)
        ]
        limit, offset = max(0, op.limit), max(0, op.offset)
        if op.query and found:
            by_id = {it.id: it for it in found}
            ranked = _items.rank(
                self.memory._store, op.query, prefix, len(found) + 50, caller=self._caller
            )
            order = [(by_id[i], s) for i, s in ranked if i in by_id]
            seen = {it.id for it, _ in order}
            order += [(it, None) for it in found if it.id not in seen]
            page = order[offset : offset + limit]
        else:
            page = [(it, None) for it in found[offset : offset + limit]]
        if op.refresh_ttl and page:
            _items._refresh(self.memory._store, [it.id for it, _ in page], now_ms())
        return [self._item(it, SearchItem, score=score) for it, score in page]

    def _list_namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        now = now_ms()
        namespaces = set()
        for (scope,) in self.memory.db.execute(
            "SELECT DISTINCT i.scope FROM items i JOIN turns t ON t.id=i.turn_id "
            "WHERE i.forgotten=0 AND t.forgotten=0 AND (i.expires_ms IS NULL OR i.expires_ms > ?)",
            (now,),
        ):
            if self._caller is not None and not self._caller.readable(scope):
                continue
            ns = namespace_of(scope, self._prefix)
            if ns is not None and all(_does_match(c, ns) for c in op.match_conditions or ()):
                namespaces.add(ns if op.max_depth is None else ns[: op.max_depth])
        return sorted(namespaces)[op.offset : op.offset + op.limit]


def _does_match(condition: MatchCondition, ns: tuple[str, ...]) -> bool:
    path = tuple(condition.path)
    if len(ns) < len(path):
        return False
    part = ns[: len(path)] if condition.match_type == "prefix" else ns[len(ns) - len(path) :]
    if condition.match_type not in ("prefix", "suffix"):
        raise ValueError(f"Unsupported match type: {condition.match_type}")
    return all(p == "*" or p == n for p, n in zip(path, part, strict=True))


def _matches(value: dict[str, Any], wanted: dict[str, Any] | None) -> bool:
    """LangGraph's filter: every key equal, or satisfying its ``$eq $ne $gt $gte $lt $lte``."""
    return not wanted or all(_compare(value.get(k), v) for k, v in wanted.items())


_OPERATORS = {
    "$eq": lambda a, b: a == b,
    "$ne": lambda a, b: a != b,
    "$gt": lambda a, b: float(a) > float(b),
    "$gte": lambda a, b: float(a) >= float(b),
    "$lt": lambda a, b: float(a) < float(b),
    "$lte": lambda a, b: float(a) <= float(b),
}


def _compare(have: Any, want: Any) -> bool:
    if isinstance(want, dict):
        if any(k.startswith("$") for k in want):
            for op, arg in want.items():
                if op not in _OPERATORS:
                    raise ValueError(f"Unsupported operator: {op}")
                try:
                    if not _OPERATORS[op](have, arg):
                        return False
                except (TypeError, ValueError):
                    return False
            return True
        return isinstance(have, dict) and all(_compare(have.get(k), v) for k, v in want.items())
    if isinstance(want, list | tuple):
        return (
            isinstance(have, list | tuple)
            and len(have) == len(want)
            and all(_compare(h, w) for h, w in zip(have, want, strict=True))
        )
    return have == want
