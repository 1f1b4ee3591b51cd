"""``Client``: the ``Memory`` API over HTTP, synchronous (httpx.Client)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import httpx

from ._core import Call, Core, Lens, Source, When
from .errors import JobError, transport_error
from .types import DocumentResult, Fact, Job, QueryHit, WriteResult

__all__ = ["Client"]


class Client(Core):
    """A synchronous client of one EngramDB server and (for the memory calls) one context.

    ``Client(base_url, api_key, context)``; use it as a context manager or call ``close()``.
    Reads and writes that carry an ``Idempotency-Key`` (``remember``, ``remember_batch``,
    ``upload`` and ``forget`` make one per call unless given one) are retried on connection
    errors, timeouts, 429, 502, 503 and 504, up to ``retries`` times, waiting ``backoff * 2**n``
    seconds with jitter (or the server's ``Retry-After``). Other calls are sent once. A non-2xx
    answer raises an ``ApiError`` subclass built from the problem document.

    ``state``, ``profile``, ``entity``, ``conflicts``, ``resolve_conflict`` and the management
    calls return the server's JSON (camelCase keys); ``remember``, ``upload``, ``query`` and
    ``history`` return typed results.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str | None,
        context: str | None = None,
        *,
        timeout: float | httpx.Timeout = 30.0,
        retries: int = 3,
        backoff: float = 0.2,
        on_behalf_of: str | None = None,
        transport: httpx.BaseTransport | None = None,
    ):
        super().__init__(
            base_url,
            api_key,
            context,
            timeout=timeout,
            retries=retries,
            backoff=backoff,
            on_behalf_of=on_behalf_of,
        )
        self._http = httpx.Client(
            base_url=self.base_url, headers=self.headers, timeout=timeout, transport=transport
        )
        self._sleep = time.sleep

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Client({self.base_url!r}, context={self.context_name!r})"

    def _call(self, call: Call) -> Any:
        request = self.build(self._http, call)
        attempt = 0
        while True:
            try:
                response = self._http.send(request)
            except httpx.TransportError as exc:
                error = transport_error(exc, request)
                if not (error.transient and self.should_retry(call, attempt, None)):
                    raise error from exc
                delay = self.backoff_delay(attempt)
            else:
                if response.is_success:
                    return call.parse(response)
                if not self.should_retry(call, attempt, response):
                    raise self.error(response)
                delay = self.backoff_delay(attempt, response)
            self._sleep(delay)
            attempt += 1

    # ------------------------------------------------------------------ writes
    def remember(
        self,
        text: str | None = None,
        *,
        scope: str,
        session_id: str | None = None,
        role: str = "user",
        observed_at: When = None,
        triples: Iterable[Mapping[str, Any]] | None = None,
        source_kind: str | None = None,
        idempotency_key: str | None = None,
    ) -> WriteResult:
        """Remember a conversation turn (``text``) or structured facts (``triples``; with
        ``source_kind`` None or ``"upsert"`` they are authoritative and need memory:curate)."""
        return self._call(
            self._remember(
                text, scope, session_id, role, observed_at, triples, source_kind, idempotency_key
            )
        )

    def remember_batch(
        self, items: Iterable[Mapping[str, Any]], *, idempotency_key: str | None = None
    ) -> list[WriteResult]:
        """Several writes (dicts with ``remember``'s arguments: ``text`` or ``triples``,
        ``scope``, ...), all checked before any is made, then made in order."""
        return self._call(self._remember_batch(items, idempotency_key))

    def upload(
        self,
        path_or_bytes: Source,
        *,
        scope: str,
        name: str | None = None,
        media_type: str | None = None,
        idempotency_key: str | None = None,
        wait: bool = True,
        timeout: float | None = None,
        progress: Callable[[Job], object] | None = None,
    ) -> DocumentResult | Job:
        """Upload an authoritative document (a path, bytes or a binary file). The server reads
        it in a background job; with ``wait`` (the default) this follows the job until it is
        done and returns the result (``progress(job)`` is called at each look), else it returns
        the ``Job`` at once. A job that fails or is cancelled raises ``JobError``."""
        job = self._call(self._upload(path_or_bytes, scope, name, media_type, idempotency_key))
        if not wait:
            return job
        return self._job_outcome(self.wait_job(job, timeout=timeout, progress=progress))

    def job(self, job_id: str) -> Job:
        """A background job of this key, with its state and progress."""
        return self._call(self._background_job(job_id))

    def jobs(self, *, state: str | None = None, limit: int = 100) -> list[Job]:
        """This key's principal's background jobs in the context, newest first."""
        return self._call(self._background_jobs(state, limit))

    def cancel_job(self, job_id: str) -> Job:
        """Cancel a job (a waiting one at once, a running one at its next step)."""
        return self._call(self._cancel_background_job(job_id))

    def wait_job(
        self,
        job: str | Job,
        *,
        timeout: float | None = None,
        progress: Callable[[Job], object] | None = None,
    ) -> Job:
        """The job once it has finished; ``JobError`` if ``timeout`` seconds pass first."""
        current = job if isinstance(job, Job) else self.job(job)
        deadline = None if timeout is None else time.monotonic() + timeout
        delays = self._poll_delays()
        while True:
            if progress is not None:
                progress(current)
            if current.finished:
                return current
            if deadline is not None and time.monotonic() >= deadline:
                raise JobError(current)
            self._sleep(next(delays))
            current = self.job(current.id)

    # ------------------------------------------------------------------ reads
    def query(
        self,
        text: str,
        *,
        lens: Lens = None,
        k: int = 10,
        mode: str = "hybrid",
        as_of: When = None,
        explain: bool = False,
    ) -> list[QueryHit]:
        """Facts and passages ranked together, inside the key's read region."""
        return self._call(self._query(text, lens, k, mode, as_of, explain))

    def context(
        self, query: str | None = None, *, lens: Lens = None, k: int = 8, budget: int = 4_000
    ) -> str:
        """The context block for a prompt: at most ``budget`` characters, most relevant first,
        never mixing people."""
        return self._call(self._context(query, lens, k, budget))

    def state(
        self, *, lens: Lens = None, limit: int | None = None, offset: int = 0
    ) -> dict[str, Any]:
        """Facts by category, instructions, unknowns and conflicts; each list paged alike
        (``page.totals`` holds every list's total)."""
        return self._call(self._view("state", lens, limit=limit, offset=offset or None))

    def conflicts(
        self, *, lens: Lens = None, include_resolved: bool = False
    ) -> list[dict[str, Any]]:
        """Open conflicts between what was said and curated knowledge (or every one, with
        its resolution)."""
        return self._call(self._conflicts(lens, include_resolved))

    def resolve_conflict(self, id: int, *, outcome: str, note: str | None = None) -> dict[str, Any]:
        """``"uphold"`` (the curated fact stands), ``"accept"`` (it is outdated and closed;
        needs memory:curate over it) or ``"dismiss"`` (not a conflict; never opened again)."""
        return self._call(self._resolve_conflict(id, outcome, note))

    def profile(self, *, lens: Lens = None) -> dict[str, Any]:
        return self._call(self._view("profile", lens))

    def entity(
        self, type: str, name: str, *, as_of: When = None, lens: Lens = None
    ) -> dict[str, Any]:
        return self._call(self._entity(type, name, as_of, lens))

    def history(self, type: str, name: str, key: str, *, lens: Lens = None) -> list[Fact]:
        """Every value ``key`` of an entity has had, oldest first (through ``lens``)."""
        return self._call(self._history(type, name, key, lens))

    def documents(self) -> list[dict[str, Any]]:
        return self._call(self._documents())

    def chunks(self, document_id: int) -> list[dict[str, Any]]:
        return self._call(self._chunks(document_id))

    def turns(self, session_id: str) -> list[dict[str, Any]]:
        return self._call(self._turns(session_id))

    def scopes(self) -> list[str]:
        return self._call(self._scopes())

    def traces(self, limit: int = 100) -> list[dict[str, Any]]:
        return self._call(self._traces(limit))

    # ------------------------------------------------------------------ lifecycle
    def forget(
        self,
        query: str | None = None,
        *,
        id: str | int | None = None,
        scope: str | None = None,
        purge: bool = False,
        idempotency_key: str | None = None,
        lens: Lens = None,
        dry_run: bool = False,
    ) -> dict[str, Any]:
        """Forget by id, by query or a whole scope subtree (soft unless ``purge``); a lens
        keeps a forget by query at or below its paths. ``dry_run``: what would go
        (``wouldForget``), nothing removed, so an agent can look before it deletes."""
        return self._call(self._forget(query, id, scope, purge, idempotency_key, lens, dry_run))

    # ------------------------------------------------------------------ managing memories
    def sessions(self) -> list[dict[str, Any]]:
        """Conversation sessions the key may read: id, scope, turn count, first and last."""
        return self._call(self._sessions())

    def memories(
        self,
        *,
        lens: Lens = None,
        session_id: str | None = None,
        role: str | None = None,
        since: When = None,
        until: When = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[dict[str, Any]]:
        """Remembered turns, oldest first, page by page (as ``Memory.memories``)."""
        return self._call(self._memories(lens, session_id, role, since, until, limit, offset))

    def facts(
        self,
        *,
        lens: Lens = None,
        state: str = "live",
        category: str | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[Fact]:
        """Facts the key may read, page by page: ``state`` live, closed or all."""
        return self._call(self._facts(lens, state, category, limit, offset))

    def memory(self, id: str) -> dict[str, Any]:
        return self._call(self._memory(id))

    def revise(
        self, id: str, text: str, *, metadata: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """Correct a turn in place (a new version; the old text stays in its history)."""
        return self._call(self._revise(id, text, metadata))

    def revise_with_write(
        self, id: str, text: str, *, metadata: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, Any], WriteResult]:
        """``revise``, with what the write did too (the facts read from the new text, the
        conflicts it opened): the turn as it now is, and the ``WriteResult``."""
        return self._call(self._revise(id, text, metadata, with_write=True))

    def memory_history(self, id: str) -> list[dict[str, Any]]:
        return self._call(self._memory_history(id))

    def correct_fact(self, id: str | int, value: str) -> dict[str, Any]:
        """A versioned correction of one fact (curated ones need memory:curate)."""
        return self._call(self._correct_fact(id, value))

    def export(self) -> list[str]:
        """The context as JSON lines (a management key)."""
        return self._call(self._export())

    def import_lines(self, lines: Iterable[str]) -> dict[str, Any]:
        """An export's lines into this (empty) context (a management key)."""
        return self._call(self._import(lines))

    def consolidate(self) -> dict[str, int]:
        return self._call(self._job("consolidate"))

    def elaborate(self) -> dict[str, int]:
        return self._call(self._job("elaborate"))

    # ------------------------------------------------------------------ server and keys
    def health(self) -> dict[str, Any]:
        return self._call(self._health())

    def me(self) -> dict[str, Any]:
        return self._call(self._me())

    def list_contexts(self) -> list[str]:
        return self._call(self._contexts())

    def create_context(self, name: str) -> dict[str, Any]:
        return self._call(self._create_context(name))

    def delete_context(self, name: str) -> None:
        self._call(self._delete_context(name))

    def list_principals(self) -> list[dict[str, Any]]:
        return self._call(self._principals())

    def create_principal(
        self,
        name: str,
        kind: str = "unknown",
        grants: Mapping[str, Sequence[str]] | None = None,
        *,
        contexts: Sequence[str] | None = None,
    ) -> dict[str, Any]:
        """A new principal; ``contexts`` names the contexts it may use (``["*"]``: all; none
        by default, so it reaches nothing until given some)."""
        return self._call(self._create_principal(name, kind, grants, contexts))

    def update_contexts(self, principal_id: str, contexts: Sequence[str]) -> dict[str, Any]:
        return self._call(self._update_contexts(principal_id, contexts))

    def update_grants(
        self, principal_id: str, grants: Mapping[str, Sequence[str]]
    ) -> dict[str, Any]:
        return self._call(self._update_grants(principal_id, grants))

    def list_keys(self, principal_id: str | None = None) -> list[dict[str, Any]]:
        """This key; with grant:manage, every key of this principal or of ``principal_id``."""
        return self._call(self._keys(principal_id))

    def create_key(
        self,
        principal_id: str | None = None,
        grants: Mapping[str, Sequence[str]] | None = None,
        label: str | None = None,
        *,
        expires_ms: int | None = None,
        contexts: Sequence[str] | None = None,
        strict: bool | None = None,
    ) -> tuple[dict[str, Any], str]:
        """A new key: (its description, its token). The token is shown this once. It is
        narrower than the calling key: omitted grants, contexts, expiry and strictness are
        the calling key's."""
        return self._call(
            self._create_key(principal_id, grants, label, expires_ms, contexts, strict)
        )

    def rotate_key(self, key_id: str) -> str:
        """A new secret for the key, under a new key id; the old token stops working. Returns
        the new token (:meth:`rotate_key_described` also returns the new key's id)."""
        return self._call(self._rotate_key(key_id))

    def rotate_key_described(self, key_id: str) -> tuple[dict[str, Any], str]:
        """:meth:`rotate_key`: (the new key's description, its token). The description's
        ``keyId`` is the new id and ``replaces`` the old one."""
        return self._call(self._rotate_key_described(key_id))

    def revoke_key(self, key_id: str) -> dict[str, Any]:
        """Revoke the key and every key it was rotated into (``revokedKeys``): an old id stops
        the token that replaced it."""
        return self._call(self._revoke_key(key_id))
