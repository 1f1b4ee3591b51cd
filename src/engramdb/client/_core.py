"""What the sync and async clients share: the calls (method, path, body, how to read the
answer), the retry policy and the back-off. Only sending and sleeping differ between them."""

from __future__ import annotations

import email.utils
import random
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any
from urllib.parse import quote

import httpx

from .. import __version__
from .errors import ApiError, JobError, error_from_response
from .types import DocumentResult, Fact, Job, QueryHit, WriteResult

__all__ = ["Call", "Core"]

RETRY_STATUSES = frozenset({429, 502, 503, 504})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
MAX_BACKOFF = 30.0  # seconds: the longest computed back-off
MAX_RETRY_AFTER = 120.0  # seconds: the longest Retry-After honoured

Lens = str | Sequence[str] | None
When = datetime | int | str | None
Source = str | Path | bytes | bytearray | memoryview | IO[bytes]


def _body(response: httpx.Response) -> Any:
    if response.status_code == 204 or not response.content:
        return None
    return response.json()


@dataclass(frozen=True)
class Call:
    """One API call: what to send and how to read the answer."""

    method: str
    path: str
    json: Any = None
    params: Any = None
    files: Any = None
    data: Any = None
    idempotency_key: str | None = None
    read_only: bool = False  # a POST that changes nothing (query, context): safe to repeat
    parse: Callable[[httpx.Response], Any] = _body

    @property
    def retryable(self) -> bool:
        """Safe to send again: a read, or a write the server will apply at most once."""
        return self.method in SAFE_METHODS or self.read_only or self.idempotency_key is not None


def new_idempotency_key() -> str:
    return f"egc-{uuid.uuid4().hex}"


def _lens(lens: Lens) -> list[str] | None:
    if lens is None:
        return None
    if isinstance(lens, str):
        return [lens]
    return list(lens)


def _when(value: When, *, iso: bool = False) -> str | int | None:
    """A time for the wire: ISO-8601 for a datetime; epoch ms kept as a number unless ``iso``
    (query parameters are read as ISO strings by the server)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError("a time is a datetime, an ISO-8601 string or epoch milliseconds")
    if iso:
        return datetime.fromtimestamp(value / 1000, tz=UTC).isoformat()
    return int(value)


def _drop_none(values: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


def _seg(value: Any) -> str:
    return quote(str(value), safe="")


def _fact_body(
    text: str | None,
    scope: str,
    session_id: str | None,
    role: str,
    observed_at: When,
    triples: Iterable[Mapping[str, Any]] | None,
    source_kind: str | None,
) -> dict[str, Any]:
    if (text is None) == (triples is None):
        raise ValueError("give either a turn's text or triples, not both")
    return _drop_none(
        {
            "scope": scope,
            "text": text,
            "sessionId": session_id,
            "role": role,
            "observedAt": _when(observed_at),
            "triples": [dict(t) for t in triples] if triples is not None else None,
            "sourceKind": source_kind,
        }
    )


_ITEM_KEYS = {
    "text": "text",
    "scope": "scope",
    "session_id": "sessionId",
    "sessionId": "sessionId",
    "role": "role",
    "observed_at": "observedAt",
    "observedAt": "observedAt",
    "triples": "triples",
    "source_kind": "sourceKind",
    "sourceKind": "sourceKind",
}


def _batch_item(item: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in item.items():
        if key not in _ITEM_KEYS:
            raise ValueError(f"a batch item has no field {key!r}")
        if value is None:
            continue
        name = _ITEM_KEYS[key]
        if name == "observedAt":
            value = _when(value)
        elif name == "triples":
            value = [dict(t) for t in value]
        out[name] = value
    return out


def _read_source(source: Source, name: str | None) -> tuple[bytes, str]:
    if isinstance(source, bytes | bytearray | memoryview):
        return bytes(source), name or "document"
    if isinstance(source, str | Path):
        path = Path(source)
        return path.read_bytes(), name or path.name
    data = source.read()
    if not isinstance(data, bytes):
        raise TypeError("upload() needs bytes, a path or a binary file")
    guess = getattr(source, "name", None)
    return data, name or (Path(guess).name if isinstance(guess, str) else "document")


def _retry_after(response: httpx.Response | None) -> float | None:
    if response is None:
        return None
    value = response.headers.get("retry-after")
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        seconds = when.timestamp() - time.time()
    return min(max(seconds, 0.0), MAX_RETRY_AFTER)


class Core:
    """Settings, headers, the calls of the API and the retry policy."""

    def __init__(
        self,
        base_url: str,
        api_key: str | None,
        context: str | None,
        *,
        timeout: float | httpx.Timeout,
        retries: int,
        backoff: float,
        on_behalf_of: str | None,
    ):
        if retries < 0:
            raise ValueError("retries must be 0 or more")
        if backoff < 0:
            raise ValueError("backoff must be 0 or more")
        self.base_url = str(base_url).rstrip("/")
        self.context_name = context
        self.retries = retries
        self.backoff = backoff
        self.on_behalf_of = on_behalf_of
        self.timeout = timeout
        self._random = random.Random()
        headers = {"User-Agent": f"engramdb-client/{__version__}", "Accept": "application/json"}
        if api_key:
            headers["Authorization"] = f"Bearer {api_key}"
        if on_behalf_of:
            headers["X-On-Behalf-Of"] = on_behalf_of
        self.headers = headers

    # ------------------------------------------------------------------ the retry policy
    def backoff_delay(self, attempt: int, response: httpx.Response | None = None) -> float:
        """Seconds to wait before retry ``attempt + 1``: the server's ``Retry-After`` when it
        sent one, else ``backoff * 2**attempt`` with jitter (between half and all of it)."""
        after = _retry_after(response)
        if after is not None:
            return after
        base = min(self.backoff * (2**attempt), MAX_BACKOFF)
        return base / 2 + self._random.uniform(0, base / 2)

    def should_retry(self, call: Call, attempt: int, response: httpx.Response | None) -> bool:
        """Another attempt? Only for a call that is safe to repeat, while retries remain, after
        a transport failure (``response`` None) or a 429, 502, 503 or 504."""
        if not call.retryable or attempt >= self.retries:
            return False
        return response is None or response.status_code in RETRY_STATUSES

    def build(self, http: httpx.Client | httpx.AsyncClient, call: Call) -> httpx.Request:
        headers = {"Idempotency-Key": call.idempotency_key} if call.idempotency_key else None
        request = http.build_request(
            call.method,
            call.path,
            json=call.json,
            params=call.params,
            files=call.files,
            data=call.data,
            headers=headers,
        )
        request.read()  # the exact same bytes on every attempt (a multipart boundary included)
        return request

    @staticmethod
    def error(response: httpx.Response) -> ApiError:
        return error_from_response(response)

    # ------------------------------------------------------------------ the calls
    def _ctx(self, tail: str) -> str:
        if not self.context_name:
            raise ValueError("this client has no context: Client(base_url, api_key, context)")
        return f"/api/v1/{_seg(self.context_name)}{tail}"

    def _remember(
        self,
        text: str | None,
        scope: str,
        session_id: str | None,
        role: str,
        observed_at: When,
        triples: Iterable[Mapping[str, Any]] | None,
        source_kind: str | None,
        idempotency_key: str | None,
    ) -> Call:
        body = _fact_body(text, scope, session_id, role, observed_at, triples, source_kind)
        return Call(
            "POST",
            self._ctx("/facts"),
            json=body,
            idempotency_key=idempotency_key or new_idempotency_key(),
            parse=lambda r: WriteResult.from_json(r.json()),
        )

    def _remember_batch(
        self, items: Iterable[Mapping[str, Any]], idempotency_key: str | None
    ) -> Call:
        return Call(
            "POST",
            self._ctx("/facts/batch"),
            json={"items": [_batch_item(i) for i in items]},
            idempotency_key=idempotency_key or new_idempotency_key(),
            parse=lambda r: [WriteResult.from_json(x) for x in r.json()["results"]],
        )

    def _upload(
        self,
        source: Source,
        scope: str,
        name: str | None,
        media_type: str | None,
        idempotency_key: str | None,
    ) -> Call:
        data, filename = _read_source(source, name)
        form = _drop_none({"scope": scope, "name": name})
        return Call(
            "POST",
            self._ctx("/documents"),
            files={"file": (filename, data, media_type or "application/octet-stream")},
            data=form,
            idempotency_key=idempotency_key or new_idempotency_key(),
            parse=lambda r: (
                Job.from_json(r.json())
                if r.status_code == 202
                else Job(state="done", result=DocumentResult.from_json(r.json()))
            ),
        )

    def _background_job(self, job_id: str) -> Call:
        return Call(
            "GET",
            self._ctx(f"/jobs/{quote(job_id, safe='')}"),
            parse=lambda r: Job.from_json(r.json()),
        )

    def _background_jobs(self, state: str | None, limit: int) -> Call:
        return Call(
            "GET",
            self._ctx("/jobs"),
            params=_drop_none({"state": state, "limit": limit}),
            parse=lambda r: [Job.from_json(j) for j in r.json()["jobs"]],
        )

    def _cancel_background_job(self, job_id: str) -> Call:
        return Call(
            "POST",
            self._ctx(f"/jobs/{quote(job_id, safe='')}/cancel"),
            read_only=True,  # (cancelling twice is cancelling once)
            parse=lambda r: Job.from_json(r.json()),
        )

    @staticmethod
    def _job_outcome(job: Job) -> DocumentResult:
        """The result of a finished job, or ``JobError``."""
        if job.state == "done" and job.result is not None:
            return job.result
        raise JobError(job)

    @staticmethod
    def _poll_delays() -> Iterator[float]:
        """How long to wait between two looks at a job: soon at first, then every second."""
        delay = 0.05
        while True:
            yield delay
            delay = min(1.0, delay * 2)

    def _query(self, text: str, lens: Lens, k: int, mode: str, as_of: When, explain: bool) -> Call:
        body = _drop_none(
            {
                "query": text,
                "lens": _lens(lens),
                "k": k,
                "mode": mode,
                "asOf": _when(as_of),
                "explain": explain,
            }
        )
        return Call(
            "POST",
            self._ctx("/query"),
            json=body,
            read_only=True,
            parse=lambda r: [QueryHit.from_json(h) for h in r.json()["hits"]],
        )

    def _context(self, query: str | None, lens: Lens, k: int, budget: int | None = None) -> Call:
        body = _drop_none({"query": query, "lens": _lens(lens), "k": k, "budget": budget})
        return Call(
            "POST",
            self._ctx("/context"),
            json=body,
            read_only=True,
            parse=lambda r: r.json()["context"],
        )

    def _view(self, name: str, lens: Lens, **params: Any) -> Call:
        params = _drop_none({"lens": _lens(lens), **params})
        return Call("GET", self._ctx(f"/{name}"), params=params)

    def _conflicts(self, lens: Lens, include_resolved: bool) -> Call:
        params = _drop_none({"lens": _lens(lens), "includeResolved": include_resolved or None})
        return self._list(self._ctx("/conflicts"), "conflicts", params)

    def _resolve_conflict(self, id: int, outcome: str, note: str | None) -> Call:
        # the same outcome again answers the recorded decision: safe to send again
        return Call(
            "POST",
            self._ctx(f"/conflicts/{_seg(id)}/resolve"),
            json=_drop_none({"outcome": outcome, "note": note}),
            read_only=True,
        )

    def _entity(self, type: str, name: str, as_of: When, lens: Lens) -> Call:
        params = _drop_none({"asOf": _when(as_of, iso=True), "lens": _lens(lens)})
        return Call("GET", self._ctx(f"/entities/{_seg(type)}/{_seg(name)}"), params=params)

    def _history(self, type: str, name: str, key: str, lens: Lens = None) -> Call:
        return Call(
            "GET",
            self._ctx(f"/entities/{_seg(type)}/{_seg(name)}/history/{_seg(key)}"),
            params=_drop_none({"lens": _lens(lens)}),
            parse=lambda r: [Fact.from_json(f) for f in r.json()["history"]],
        )

    def _forget(
        self,
        query: str | None,
        id: str | int | None,
        scope: str | None,
        purge: bool,
        idempotency_key: str | None,
        lens: Lens = None,
        dry_run: bool = False,
    ) -> Call:
        if query is None and id is None and scope is None:
            raise ValueError("forget() needs a query, an id or a scope")
        body = _drop_none(
            {
                "query": query,
                "id": None if id is None else str(id),
                "scope": scope,
                "purge": purge,
                "lens": _lens(lens),
                "dryRun": dry_run or None,
            }
        )
        return Call(
            "POST",
            self._ctx("/forget"),
            json=body,
            idempotency_key=idempotency_key or new_idempotency_key(),
        )

    def _sessions(self) -> Call:
        return self._list(self._ctx("/sessions"), "sessions")

    def _memories(
        self,
        lens: Lens,
        session_id: str | None,
        role: str | None,
        since: When,
        until: When,
        limit: int,
        offset: int,
    ) -> Call:
        params = _drop_none(
            {
                "lens": _lens(lens),
                "sessionId": session_id,
                "role": role,
                "since": _when(since, iso=True),
                "until": _when(until, iso=True),
                "limit": limit,
                "offset": offset,
            }
        )
        return self._list(self._ctx("/memories"), "memories", params)

    def _facts(self, lens: Lens, state: str, category: str | None, limit: int, offset: int) -> Call:
        params = _drop_none(
            {
                "lens": _lens(lens),
                "state": state,
                "category": category,
                "limit": limit,
                "offset": offset,
            }
        )
        return Call(
            "GET",
            self._ctx("/facts"),
            params=params,
            parse=lambda r: [Fact.from_json(f) for f in r.json()["facts"]],
        )

    def _memory(self, id: str) -> Call:
        return Call("GET", self._ctx(f"/memories/{_seg(id)}"))

    def _revise(
        self, id: str, text: str, metadata: Mapping[str, Any] | None, with_write: bool = False
    ) -> Call:
        body = _drop_none({"text": text, "metadata": None if metadata is None else dict(metadata)})
        # the same text again makes no new version: safe to send again
        return Call(
            "PATCH",
            self._ctx(f"/memories/{_seg(id)}"),
            json=body,
            read_only=True,
            parse=(
                (lambda r: (r.json()["memory"], WriteResult.from_json(r.json()["write"])))
                if with_write
                else (lambda r: r.json()["memory"])
            ),
        )

    def _memory_history(self, id: str) -> Call:
        return self._list(self._ctx(f"/memories/{_seg(id)}/history"), "versions")

    def _correct_fact(self, id: str | int, value: str) -> Call:
        return Call("PATCH", self._ctx(f"/facts/{_seg(id)}"), json={"value": value})

    def _export(self) -> Call:
        return Call("GET", self._ctx("/export"), parse=lambda r: r.text.splitlines(keepends=True))

    def _import(self, lines: Iterable[str]) -> Call:
        body = "".join(line if line.endswith("\n") else line + "\n" for line in lines)
        return Call("POST", self._ctx("/import"), data=body.encode())

    def _job(self, name: str) -> Call:
        return Call("POST", self._ctx(f"/{name}"))

    def _list(self, path: str, field: str, params: Any = None) -> Call:
        return Call("GET", path, params=params, parse=lambda r: r.json()[field])

    def _documents(self) -> Call:
        return self._list(self._ctx("/documents"), "documents")

    def _chunks(self, document_id: int) -> Call:
        return self._list(self._ctx(f"/documents/{_seg(document_id)}/chunks"), "chunks")

    def _turns(self, session_id: str) -> Call:
        return self._list(self._ctx(f"/sessions/{_seg(session_id)}/turns"), "turns")

    def _scopes(self) -> Call:
        return self._list(self._ctx("/scopes"), "scopes")

    def _traces(self, limit: int) -> Call:
        return self._list(self._ctx("/traces"), "traces", {"limit": limit})

    # server and management
    def _health(self) -> Call:
        return Call("GET", "/api/v1/health")

    def _me(self) -> Call:
        return Call("GET", "/api/v1/me")

    def _contexts(self) -> Call:
        return self._list("/api/v1/contexts", "contexts")

    def _create_context(self, name: str) -> Call:
        return Call("POST", "/api/v1/contexts", json={"name": name})

    def _delete_context(self, name: str) -> Call:
        return Call("DELETE", f"/api/v1/contexts/{_seg(name)}")

    def _principals(self) -> Call:
        return self._list("/api/v1/principals", "principals")

    def _keys(self, principal_id: str | None = None) -> Call:
        params = None if principal_id is None else {"principalId": principal_id}
        return self._list("/api/v1/keys", "keys", params)

    def _rotate_key(self, key_id: str) -> Call:
        return Call(
            "POST", f"/api/v1/keys/{_seg(key_id)}/rotate", parse=lambda r: r.json()["token"]
        )

    def _rotate_key_described(self, key_id: str) -> Call:
        def parse(r: httpx.Response) -> tuple[dict[str, Any], str]:
            info = r.json()
            token = info.pop("token")
            return info, token

        return Call("POST", f"/api/v1/keys/{_seg(key_id)}/rotate", parse=parse)

    def _revoke_key(self, key_id: str) -> Call:
        return Call("DELETE", f"/api/v1/keys/{_seg(key_id)}")

    def _create_key(
        self,
        principal_id: str | None,
        grants: Mapping[str, Sequence[str]] | None,
        label: str | None,
        expires_ms: int | None,
        contexts: Sequence[str] | None = None,
        strict: bool | None = None,
    ) -> Call:
        body = _drop_none(
            {
                "principalId": principal_id,
                "grants": {k: list(v) for k, v in grants.items()} if grants is not None else None,
                "label": label,
                "expiresMs": expires_ms,
                "contexts": list(contexts) if contexts is not None else None,
                "strict": strict,
            }
        )

        def parse(r: httpx.Response) -> tuple[dict[str, Any], str]:
            info = r.json()
            token = info.pop("token")
            return info, token

        return Call("POST", "/api/v1/keys", json=body, parse=parse)

    def _create_principal(
        self,
        name: str,
        kind: str,
        grants: Mapping[str, Sequence[str]] | None,
        contexts: Sequence[str] | None = None,
    ) -> Call:
        body = {
            "name": name,
            "kind": kind,
            "grants": {k: list(v) for k, v in (grants or {}).items()},
            "contexts": list(contexts or ()),
        }
        return Call("POST", "/api/v1/principals", json=body)

    def _update_contexts(self, principal_id: str, contexts: Sequence[str]) -> Call:
        body = {"contexts": list(contexts)}
        return Call("PUT", f"/api/v1/principals/{_seg(principal_id)}/contexts", json=body)

    def _update_grants(self, principal_id: str, grants: Mapping[str, Sequence[str]]) -> Call:
        body = {"grants": {k: list(v) for k, v in grants.items()}}
        return Call("PUT", f"/api/v1/principals/{_seg(principal_id)}/grants", json=body)
