"""Uploading a document (``Memory.upload``): identical bytes are recognised, a changed file of
the same name is a new version whose facts supersede the old version's; chunks go to the
engine's semantic tier, rows become triples and prose becomes typed claims, all reconciled in
one transaction; or, for a large table whose rows meet nothing the store holds, in batches
that each commit and free the store's lock, unpublished until one last short transaction
publishes them all (``_write_in_batches``)."""

from __future__ import annotations

import bisect
import contextlib
import re
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ValidationError
from .access import Caller, check_write
from .catalogue import known_names
from .claims import ORG, Claim, Extraction
from .clock import now_ms, to_ms
from .documents import MAX_DOCUMENT_BYTES, ParsedDocument, chunk, parse_document, rows_to_triples
from .documents.budget import ReadBudget, at_lower_priority, reading
from .documents.rows import every_row_read, is_generic_heading
from .documents.sentences import LIST_MARKER
from .extract import extract_stage0
from .extract.contacts import contact_claims
from .extract.statement_values import value_claims
from .recheck import recheck_beliefs
from .recording import (
    add_alias,
    apply_extraction,
    flush_provenance,
    flush_traces,
    read_facts,
    reconcile_claim,
    record_source,
)
from .redaction import redact
from .results import DocumentResult, WriteResult
from .results import decision as make_decision
from .schema import FACTS_ONLY
from .scopes import check_scope, org_of, readable_chain
from .turns import claim_of_triple
from .writing import WriteContext

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = ["UNPUBLISHED", "WRITE_BATCH", "discard_unpublished", "prose_of", "upload"]


def prose_of(doc: ParsedDocument) -> list[tuple[str, tuple[str, ...]]]:
    """Each section's text with its tables blanked (they are read as frames, and ``cell |
    cell`` lines read as sentences give nonsense), with its heading path; offsets stay those
    of the section."""
    out = []
    for section in doc.sections:
        text = section.text
        for t in doc.tables:
            if t.start is None or t.end is None or t.end <= section.start or t.start >= section.end:
                continue
            a, b = (
                max(t.start, section.start) - section.start,
                min(t.end, section.end) - section.start,
            )
            text = text[:a] + " " * (b - a) + text[b:]
        if text.strip():
            out.append((text, section.heading_path))
    return out


def heading_subject(path: tuple[str, ...], org: str) -> str | None:
    """The thing a section's headings name ("Pixel 9 (128GB)", "Gift card" of "Gift card
    terms"), which the section's impersonal sentences are about; ``None`` when the nearest
    heading that is not a section word ("Returns", "Opening hours") names the organisation,
    asks a question or says what to do ("How to claim", "Getting here")."""
    if not path:
        return None
    heading = path[-1]  # the nearest only: "Fees" under "Home Internet" is the org's
    if is_generic_heading(heading):
        return None
    words = heading.split()
    low = [w.casefold().strip("().,:;!?") for w in words]
    org_words = set(re.findall(r"[a-z0-9]+", org.casefold()))
    if (
        heading.rstrip().endswith("?")
        or low[0] in _ASKING
        or (len(words) > 1 and low[0].endswith("ing"))
        or len(words) > 6
        or (org_words and org_words <= set(re.findall(r"[a-z0-9]+", heading.casefold())))
    ):
        return None
    while len(words) > 1 and words[-1].isalpha() and is_generic_heading(words[-1]):
        words.pop()  # "Gift card terms": the gift card
    if not _names_a_thing(words):
        return None  # a topic ("Return windows", "Exchanges"): the organisation's policy
    return " ".join(words).strip(" -–—:")


def _names_a_thing(words: list[str]) -> bool:
    """A name rather than a topic: it holds a digit ("Pixel 9 (128GB)", "Flex 30") or it is
    several words all capitalised ("Ridgeline Shell Jacket", "Black Card"); "Return windows"
    and a lone "Exchanges" are topics of a policy."""
    if any(ch.isdigit() for w in words for ch in w):
        return True
    long = [w.strip("().,:;!?'\"") for w in words if len(w.strip("().,:;!?'\"")) > 3]
    return len(words) > 1 and bool(long) and all(w[:1].isupper() for w in long)


_ASKING = frozenset(
    "how what when where why who which can could do does is are will should may "
    "contact about get find see".split()
)


def _latest(store: OpenStore, name: str, scope: str) -> tuple | None:
    """The current version of the document of this name in this scope (id, version, hash)."""
    return store.db.execute(
        "SELECT id, version, content_hash FROM documents WHERE name=? AND scope=? AND "
        "forgotten=0 AND superseded_by IS NULL ORDER BY version DESC LIMIT 1",
        (name, scope),
    ).fetchone()


def _unchanged(
    store: OpenStore, name: str, scope: str, doc: ParsedDocument
) -> DocumentResult | None:
    """The answer for identical bytes uploaded again under the same name: nothing to do."""
    prev = _latest(store, name, scope)
    if not prev or prev[2] != doc.content_hash:
        return None
    n = store.db.execute("SELECT COUNT(*) FROM chunks WHERE document_id=?", (prev[0],)).fetchone()
    return DocumentResult(prev[0], name, prev[1], doc.content_hash, True, n[0], 0)


def _read_prose(
    text: str, reference: datetime, known: dict[str, str], subject: str | None, org: str = ""
) -> Extraction:
    extraction = extract_stage0(text, reference=reference, role="document", known=known)
    extraction.uncertainties = []  # a policy's wording is not a hedge
    # every amount a sentence states is a fact of it, where the rules read none of it
    extraction.claims += value_claims(text, extraction.claims)
    lines = _Lines(text)
    claims = []
    for c in extraction.claims:
        if c.subject == ORG:
            named = _list_item_name(text, c, lines) or named_subject(c.statement, org)
            if named:  # "- Vantel 10 — 10GB data, £8/month": Vantel 10's, not the org's
                c = replace(c, subject=named, subject_type="item")
            elif subject and not _in_list_item(text, c, lines):
                # under a heading that names a thing, its impersonal sentences are about it
                c = replace(c, subject=subject, subject_type="item")
        claims.append(c)
    # contact details are the organisation's wherever they are written, and a number read out
    # of one ("555" of "555-0100") is not a value of its own
    contacts = contact_claims(text)
    claims = [c for c in claims if not any(_piece_of(c, k) for k in contacts)]
    said = {c.value for c in claims}
    extraction.claims = claims + [c for c in contacts if c.value not in said]
    return extraction


def _piece_of(claim: Claim, contact: Claim) -> bool:
    """Whether ``claim`` is part of a contact detail its own span holds, misread as a value."""
    if claim.span is None or contact.span is None or claim.value == contact.value:
        return False
    inside = claim.span[0] <= contact.span[0] and contact.span[1] <= claim.span[1]
    overlap = claim.span[0] < contact.span[1] and contact.span[0] < claim.span[1]
    return (inside or overlap) and claim.value in contact.value


# a list item is a thing of its own under a heading that names their kind ("## Antipasti")


class _Lines:
    """Where each line of a text starts, found once: a claim's line is a look-up, not a scan
    back along the text (a 25 MB line of claims would cost quadratic time)."""

    def __init__(self, text: str):
        self.starts = [0, *(m.end() for m in re.finditer("\n", text))]

    def start_of(self, pos: int) -> int:
        return self.starts[bisect.bisect_right(self.starts, pos) - 1]


def _in_list_item(text: str, claim: Claim, lines: _Lines) -> bool:
    """Whether the claim was read from a list item (its value's line starts with a marker)."""
    if claim.span is None or not 0 <= claim.span[0] < len(text):
        return False
    return bool(LIST_MARKER.match(text, lines.start_of(claim.span[0])))


#: a list item's name and what is said of it: "- Vitello tonnato — €16", "- Deluxe room –
#: £180 a night" (a dash between spaces; a colon introduces an attribute, not a thing)
_ITEM_HEAD = re.compile(r"([^\n—–]{1,80}?)\s+[—–-]\s+\S")
#: words a thing's name does not hold (a sentence or an instruction does)
_NOT_IN_A_NAME = frozenset(
    "is are was were be been can cannot can't will won't may must should we you our your "
    "they it this these those please call email visit ask book if when all every any".split()
)


#: what follows a thing's name in a sentence about it: a verb a policy sentence opens with
_VERBS = frozenset(
    "is are was were has have had costs cost seats seat sleeps sleep requires require "
    "includes include comes come offers offer gives give ships ship takes take starts start "
    "runs run covers cover gets get lasts last needs need holds hold allows allow opens open "
    "closes close can cannot can't will won't must may should charges charge carries carry "
    "applies apply weighs weigh supports support provides provide features feature uses use "
    "accepts accept expires expire renews renew earns earn adds add lets let goes go "
    "serves serve fits fit measures measure comprises contains contain".split()
)
_DETERMINERS = frozenset("the our your their its my each every this these all any".split())
#: a sentence that opens with one of these is about when or where, not about a thing
_PREPOSITIONS = frozenset(
    "on in at from for during until till after before by with over under between within "
    "since through throughout".split()
)
#: capitalised words of the calendar: "Christmas Eve opening hours" are the organisation's
_CALENDAR = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday january february march april "
    "may june july august september october november december christmas eve easter new "
    "year year's bank holiday holidays boxing day thanksgiving weekend weekends".split()
)


def named_subject(statement: str, org: str = "") -> str | None:
    """The named thing a sentence is about, when it opens with one: "The Cantina room seats
    14" is the Cantina room's, "Vantel Unlimited includes 20GB" Vantel Unlimited's. A name is
    capitalised words (with the numbers of a model: "Pixel 9 Pro") and at most two common
    nouns after them ("room", "headphones"), ending where a verb begins; a sentence that
    opens with one capitalised word and no article ("Items can be returned") names nothing
    (its capital is the sentence's)."""
    words = statement.split(maxsplit=10)
    if len(words) < 3:
        return None
    if words[0].casefold() in _PREPOSITIONS:
        return None
    i = 1 if words[0].casefold() in _DETERMINERS else 0
    name: list[str] = []
    tail = 0
    for w in words[i:]:
        bare = w.strip(",;:()\"'")
        low = bare.casefold()
        if low in _VERBS:
            break
        capital = bare[:1].isupper() or (name and (bare[:1].isdigit() or bare.isupper()))
        if capital and not tail:
            name.append(bare)
        elif name and bare.isalpha() and bare.islower() and tail < 2:
            if low in _NOT_IN_A_NAME or low in _PREPOSITIONS:
                return None  # "On Bank Holidays we ...": not a name
            name.append(bare)
            tail += 1
        else:
            return None
        if len(name) > 5 or bare != w.strip("\"'"):  # punctuation ends a name: not this one
            return None
    else:
        return None
    capitals = [w.casefold() for w in name if w[:1].isupper()]
    if not name or (i == 0 and len(capitals) < 2):
        return None
    if all(w in _CALENDAR for w in capitals):
        return None  # a day of the year, not a thing
    org_words = set(re.findall(r"[a-z0-9]+", org.casefold()))
    if org_words and set(re.findall(r"[a-z0-9]+", " ".join(capitals))) <= org_words:
        return None  # the organisation itself ("Acme Mobile offers ...")
    return " ".join(name)


def _list_item_name(text: str, claim: Claim, lines: _Lines) -> str | None:
    """The name a list item opens with, before a dash, when the claim's value follows it
    ("- Branzino al forno, whole sea bass for two — €58": "Branzino al forno"); None for a
    list item that is a sentence ("- Returns are free within 30 days")."""
    if claim.span is None or not 0 <= claim.span[0] < len(text):
        return None
    marker = LIST_MARKER.match(text, lines.start_of(claim.span[0]))
    if marker is None:
        return None
    head = _ITEM_HEAD.match(text, marker.end())
    if head is None:
        return None
    name = re.split(r",|\s\(|\s+with\s+", head.group(1), maxsplit=1)[0].strip(" *_`")
    if marker.end() + len(name) > claim.span[0]:
        return None  # the value is part of the name ("Vantel 10")
    words = name.split()
    if not 1 <= len(words) <= 6 or not (name[:1].isupper() or name[:1].isdigit()):
        return None
    if any(w.casefold().strip(".,;:!?") in _NOT_IN_A_NAME for w in words):
        return None
    return name


#: ``progress(phase, done, total)``: "reading" prose blocks, "writing" rows and blocks (in the
#: write's transaction), "indexing" chunks into the engine (after the commit).
Progress = Callable[[str, int, int], None]
#: Rows or prose blocks written between two progress reports.
PROGRESS_EVERY = 64
#: Chunks given to the engine at once after an upload commits: a query waits for one batch's
#: embedding and write, not for the whole document's (150 KB: 0.55 s in one batch).
INDEX_BATCH = 32


def _silent(phase: str, done: int, total: int) -> None:
    pass


def document_bytes(source: str | Path | bytes, name: str | None) -> tuple[bytes, str]:
    """The bytes and the name of a document given as bytes or as a path (a clear error for a
    path that is not a file or a file over ``MAX_DOCUMENT_BYTES``)."""
    if isinstance(source, bytes):
        return source, name or "document"
    p = Path(source)
    if not p.is_file():
        raise ValidationError("source", f"{p} is not a file")
    if p.stat().st_size > MAX_DOCUMENT_BYTES:
        raise ValidationError("source", "file too large", limit=MAX_DOCUMENT_BYTES)
    return p.read_bytes(), name or p.name


def _read(
    store: OpenStore,
    data: bytes,
    name: str,
    media_type: str | None,
    scope: str,
    caller: Caller | None,
    now: int,
    tell: Progress,
    where: list[int],
    lowered: Callable[[Callable[[], Any]], Any],
) -> DocumentResult | tuple[ParsedDocument, dict[str, str], list, list, list[Extraction]]:
    """The reading half of an upload (inside its read budget): the parsed document, the names
    it may mention, its rows as triples, its chunks and its prose read for claims; or the
    answer for identical bytes already stored. ``lowered(call)`` runs the parsing and the
    reading (a job's: below the requests' priority); the look-ups under the store's lock run
    in the caller's thread, at its priority (a lowered thread holding the lock would keep
    the requests that need it waiting)."""
    doc = lowered(lambda: parse_document(data, name=name, media_type=media_type))
    readable = caller.readable if caller is not None else None
    all_rows = any(t.start is None for t in doc.tables)  # a CSV or JSON file is all rows
    with store.lock:
        unchanged = _unchanged(store, name, scope, doc)
        if unchanged is not None:
            return unchanged
        known = {} if all_rows else dict(known_names(store, scope, readable))
    return lowered(lambda: _read_rest(doc, known, all_rows, scope, now, tell, where))


def _read_rest(
    doc: ParsedDocument,
    known: dict[str, str],
    all_rows: bool,
    scope: str,
    now: int,
    tell: Progress,
    where: list[int],
) -> tuple[ParsedDocument, dict[str, str], list, list, list[Extraction]]:
    """What reading does after the look-ups: rows, chunks and the prose's claims."""
    triples = list(rows_to_triples(doc))
    for triple in triples:  # the document's own table rows name things its prose mentions
        if triple.subject_type != "organisation":
            for label in (triple.subject, *triple.aliases):
                known.setdefault(label.casefold(), triple.subject_type)
    pieces = chunk(doc)
    reference = datetime.fromtimestamp(now / 1000, UTC)
    org = (org_of(scope) or "").replace("-", " ")
    prose = [] if all_rows else list(prose_of(doc))
    extractions = []
    where[1] = len(prose)
    for i, (text, path) in enumerate(prose):
        where[0] = i
        tell("reading", i, len(prose))
        subject = heading_subject(path[1:] if len(path) > 1 or path == (doc.title,) else path, org)
        extractions.append(_read_prose(text, reference, known, subject, org))
    where[0] = len(prose)
    tell("reading", len(prose), len(prose))
    return doc, known, triples, pieces, extractions


def upload(
    store: OpenStore,
    source: str | Path | bytes,
    *,
    scope: str,
    name: str | None = None,
    media_type: str | None = None,
    observed_at: datetime | int | str | None = None,
    caller: Caller | None = None,
    progress: Progress | None = None,
    nice: int = 0,
) -> DocumentResult:
    """The body of ``Memory.upload``. ``progress(phase, done, total)`` is told how far the
    reading and the writing are (a job's progress; it may raise to stop the upload, which then
    leaves nothing behind). ``nice``: how far below the caller's CPU priority the reading runs
    (a background job's, ``budget.JOB_NICE``; the writing keeps the caller's)."""
    scope = check_scope(scope)
    store.check_writable_scope(scope)
    check_write(caller, scope, True)
    data, name = document_bytes(source, name)
    tell = progress or _silent
    now = to_ms(observed_at, "observed_at") or now_ms()
    # Reading (parsing, chunking, prose extraction) takes no lock but for two short look-ups:
    # only the writes below hold the context, so a slow document costs its own request, not
    # every tenant's. It is bounded
    # in time (``document_read_s``) and asks ``progress`` at every small step whether to stop
    # (a cancel, a shutdown), so no document holds its context's job queue for long.
    where = [0, 0]  # (the prose blocks read so far, of how many)
    budget = ReadBudget(
        name,
        store.document_read_s,
        None if progress is None else lambda: progress("reading", *where),
    )

    def lowered(call: Callable[[], Any]) -> Any:
        return at_lower_priority(nice, call, name="engramdb-job-read")

    with reading(budget):
        found = _read(store, data, name, media_type, scope, caller, now, tell, where, lowered)
    if isinstance(found, DocumentResult):
        return found
    doc, known, triples, pieces, extractions = found
    page = _Page(store, scope, name, doc, pieces, caller, now, tell)
    page.rows_read = every_row_read(doc, triples)
    with _one_upload_at_a_time(store):
        if len(triples) > WRITE_BATCH and not any(e.claims for e in extractions):
            written = _write_in_batches(page, triples, extractions)
            if written is not None:
                return written
        return _write_at_once(page, triples, extractions, known)


class _Page:
    """What both ways of writing an upload share: the document read, where and by whom."""

    def __init__(self, store, scope, name, doc, pieces, caller, now, tell):
        self.store: OpenStore = store
        self.scope: str = scope
        self.name: str = name
        self.doc: ParsedDocument = doc
        self.pieces: list = pieces
        self.caller: Caller | None = caller
        self.now: int = now
        self.tell: Progress = tell
        #: whether it is rows alone, each of which gave triples (``every_row_read``)
        self.rows_read: bool = False
        #: whether its chunks go to recall (not when its facts say all it says: ``settle``)
        self.passages: bool = True

    def start(self, prev: tuple | None, hidden: int = 0) -> tuple[int, list[tuple], WriteContext]:
        """The document's row, its chunks and its source (in the caller's transaction)."""
        store, doc, now = self.store, self.doc, self.now
        cur = store.db.execute(
            "INSERT INTO documents(name, media_type, content_hash, title, scope, version, "
            "observed_ms, created_ms, forgotten) VALUES(?,?,?,?,?,?,?,?,?)",
            (
                self.name,
                doc.media_type,
                doc.content_hash,
                doc.title,
                self.scope,
                (prev[1] + 1) if prev else 1,
                now,
                now_ms(),
                hidden,
            ),
        )
        doc_id = int(cur.lastrowid)
        chunk_rows = [
            (
                f"chunk-{doc_id}-{doc.content_hash[:12]}-{c.index:05d}",
                doc_id,
                c.index,
                c.text,
                " / ".join(c.heading_path),
                c.page,
                self.scope,
                now,
                hidden,
            )
            for c in self.pieces
        ]
        store.db.executemany(
            "INSERT OR REPLACE INTO chunks(id, document_id, idx, text, heading, page, "
            "scope, observed_ms, forgotten) VALUES(?,?,?,?,?,?,?,?,?)",
            chunk_rows,
        )
        source_id = record_source(store, "document", str(doc_id), None, now, self.caller)
        ctx = (_Unpublished if hidden else WriteContext)(
            self.scope,
            source_id,
            "document",
            f"document:{self.scope}:{self.name}",
            now,
            "document",
            self.caller,
        )
        ctx.document_id = doc_id
        ctx.traces = []  # (written at the end, in one go)
        return doc_id, chunk_rows, ctx

    def settle(self, doc_id: int, ctx: WriteContext) -> None:
        """(In the write's transaction, once its rows are written.) Its chunks stay out of
        recall when its facts say all it says: it is rows alone, every row gave a fact and no
        limit turned a cell away (a passage would only repeat a fact, and outrank it)."""
        if self.rows_read and not (ctx.dropped or ctx.dropped_attributes):
            self.passages = False
            self.store.db.execute(
                "UPDATE chunks SET memory_written=? WHERE document_id=?", (FACTS_ONLY, doc_id)
            )

    def supersede(self, prev: tuple | None, doc_id: int, result: WriteResult) -> list[str]:
        """The previous version's facts closed by this one (in the caller's transaction); the
        ids of its chunks, which leave recall once this version has committed."""
        if not prev:
            return []
        store, now, version = self.store, self.now, prev[1] + 1
        store.db.execute("UPDATE documents SET superseded_by=? WHERE id=?", (doc_id, prev[0]))
        for (fid,) in store.db.execute(
            "SELECT id FROM facts WHERE document_id=? AND closed_ms IS NULL", (prev[0],)
        ).fetchall():
            result.corrections.append(
                {
                    "closed": fid,
                    "by": None,
                    "action": "supersede",
                    "reason": f"version {version} of {self.name} replaces version {prev[1]}",
                }
            )
            result.decisions.append(make_decision("supersede", "new version", closed=[fid]))
        store.db.execute(
            "UPDATE facts SET closed_ms=?, valid_until_ms=? WHERE document_id=? AND "
            "closed_ms IS NULL",
            (now, now, prev[0]),
        )
        return [
            r[0]
            for r in store.db.execute(
                "SELECT id FROM chunks WHERE document_id=? AND forgotten=0", (prev[0],)
            )
        ]

    def index(self, chunk_rows: list[tuple], retired: list[str]) -> None:
        """The engine's copies of the chunks (after the commit), a batch at a time, each batch
        under the store's lock (which an upload at once holds throughout)."""
        store, tell = self.store, self.tell
        with store.lock:
            if retired:
                for mid in retired:
                    if store.engine.exists(mid):  # (a version whose facts said it all has none)
                        store.engine.forget(mid)
                store.db.executemany(
                    "UPDATE chunks SET forgotten=1 WHERE id=?", [(m,) for m in retired]
                )
        if not self.passages:
            return  # (its facts are indexed as they are written: the job ends with "writing")
        tell("indexing", 0, len(chunk_rows))  # (committed: from here on it cannot be stopped)
        for i in range(0, len(chunk_rows), INDEX_BATCH):  # the engine's lock, a batch at a time
            part = chunk_rows[i : i + INDEX_BATCH]
            items = [
                store.engine_item("chunks", (r[0], r[3], r[6], r[7], r[1], r[4]), "semantic")
                for r in part
            ]
            with store.lock:  # (knowledge rows and the engine's copies of them, in one state)
                store.engine.remember_many(items)
                store.db.executemany(
                    "UPDATE chunks SET memory_written=1 WHERE id=?", [(r[0],) for r in part]
                )
            tell("indexing", i + len(part), len(chunk_rows))
        if chunk_rows:
            store.add_scope(self.scope)
        tell("indexing", len(chunk_rows), len(chunk_rows))

    def answer(self, doc_id: int, prev, chunk_rows, result: WriteResult) -> DocumentResult:
        # (no lock: the uploader pays for its facts' vectors, not the next query)
        self.store.fact_index().wait_filled()
        return DocumentResult(
            doc_id,
            self.name,
            (prev[1] + 1) if prev else 1,
            self.doc.content_hash,
            False,
            len(chunk_rows),
            len(result.facts),
            prev[1] if prev else None,
            result,
        )


def _write_row(
    store: OpenStore,
    triple,
    ctx: WriteContext,
    result: WriteResult,
    stated: set[tuple],
    aliased: set[tuple[str, str]],
    fresh: list[int],
) -> None:
    """One table cell as a claim of the document (a repeated row says nothing new)."""
    said = (triple.subject, triple.subject_type, triple.predicate, triple.object, triple.aliases)
    if said in stated:
        return
    stated.add(said)
    if not ctx.row_attribute(triple.subject.casefold(), triple.predicate):
        return
    claim = claim_of_triple(
        {
            "subject": triple.subject,
            "type": triple.subject_type,
            "key": triple.predicate,
            "value": triple.object,
        },
        triple.row,
        triple.aliases,  # (its code names it too: "SK-031337" finds the row's facts)
    )
    reconcile_claim(store, claim, ctx, result, fresh)
    for alias in triple.aliases:
        if (triple.subject, alias) not in aliased:
            aliased.add((triple.subject, alias))
            add_alias(store, claim.subject, claim.subject_type, alias, ctx)


def _standing(page: _Page) -> tuple[DocumentResult | None, Any]:
    """(Under the lock, before a write.) The answer if the same file was stored while this
    one was read, and the latest version of its name; the scope must still be writable."""
    store = page.store
    store.check_writable_scope(page.scope)  # (closed or purged while it was read)
    unchanged = _unchanged(store, page.name, page.scope, page.doc)  # (the same file, meanwhile)
    return unchanged, (None if unchanged is not None else _latest(store, page.name, page.scope))


def _write_at_once(page: _Page, triples: list, extractions: list, known: dict) -> DocumentResult:
    """The whole upload in one transaction (a document with prose, a small table, or a table
    whose rows meet what the store holds already)."""
    store, tell = page.store, page.tell
    with store.lock:
        unchanged, prev = _standing(page)
        if unchanged is not None:
            return unchanged
        result = WriteResult()
        with store.transaction():
            doc_id, chunk_rows, ctx = page.start(prev)
            retired = page.supersede(prev, doc_id, result)
            aliased: set[tuple[str, str]] = set()
            steps = len(triples) + sum(len(e.claims) for e in extractions)
            stated: set[tuple] = set()
            fresh: list[int] = []  # (a row's facts, read back in batches: none changes meanwhile)
            for i, triple in enumerate(triples):
                if i % PROGRESS_EVERY == 0:
                    tell("writing", i, steps)
                _write_row(store, triple, ctx, result, stated, aliased, fresh)
            read_facts(store, fresh, result)
            done = len(triples)
            for extraction in extractions:  # (claims one by one: a block may hold thousands)
                for claim in extraction.claims:
                    if done % PROGRESS_EVERY == 0:
                        tell("writing", done, steps)
                    reconcile_claim(store, claim, ctx, result)
                    done += 1
                apply_extraction(store, replace(extraction, claims=[]), ctx, result, known)
            tell("writing", steps, steps)
            page.settle(doc_id, ctx)
            recheck_beliefs(store, ctx, result)
            flush_traces(store, ctx)
        store.curated_written(doc_id)  # (published: statements encoded ahead, if it does)
        page.index(chunk_rows, retired)
        result.errors.extend(ctx.limit_note())
        redact(store, result, ctx.readable)
    return page.answer(doc_id, prev, chunk_rows, result)


#: Table cells (claims) an upload in batches writes in one transaction: the store's lock is
#: free between two, so another writer (a customer's turn) waits for one batch, not for the
#: whole upload (a batch of 2,000 cells: 0.2 to 0.8 s measured on a loaded 2-core machine).
WRITE_BATCH = 2000
#: Seconds a batched upload waits between two batches, so that a writer waiting for the lock
#: takes its turn (55 batches of a 55,000-row table: about 0.1 s in all).
BATCH_PAUSE_S = 0.002
#: The ``forgotten`` value of an upload's rows while it is written in batches: every read asks
#: for ``forgotten = 0``, so none sees them until the upload publishes them all in one
#: transaction (or, after a crash, ``discard_unpublished`` deletes them).
UNPUBLISHED = 2


class _Unpublished(WriteContext):
    """The write of an upload in batches: its rows are inserted unpublished (``recording.
    hidden``), and its claims are compared with nothing (``_alone`` checked that nothing the
    store holds could be a candidate, and its own rows never are one another's)."""

    unpublished = UNPUBLISHED
    alone = True

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        #: provenance rows of its new facts, written once a batch (``flush_provenance``)
        self.provenance: list[tuple] = []


def _alone(store: OpenStore, page: _Page, prev: tuple | None, triples: list) -> bool:
    """Whether no live row the upload's claims could be compared with exists (its previous
    version's aside: this one closes them when it is published). A curated claim meets
    curated rows of its own key only, and experiential rows of its own scope
    (``candidates._same_thing``), of the readable scope chain."""
    keys = {t.predicate: None for t in triples}
    if len(keys) > 500:
        return False
    canonical = sorted(
        {
            claim_of_triple({"subject": "x", "key": k, "value": "x"}, 0).key
            for k in keys  # (the key a claim of that column has)
        }
    )
    chain = readable_chain(page.scope, page.caller.readable if page.caller else None)
    if not chain:
        return True
    row = store.db.execute(
        f"SELECT 1 FROM facts f WHERE f.closed_ms IS NULL AND f.forgotten = 0 AND "
        f"f.scope IN ({','.join('?' * len(chain))}) AND ((f.scope = ? AND f.authoritative = 0) "
        f"OR (f.authoritative = 1 AND f.key IN ({','.join('?' * len(canonical))}))) "
        "AND (f.document_id IS NULL OR f.document_id != ?) LIMIT 1",
        (*chain, page.scope, *canonical, prev[0] if prev else -1),
    ).fetchone()
    return row is None


def _write_in_batches(page: _Page, triples: list, extractions: list) -> DocumentResult | None:
    """A large table whose rows meet nothing the store holds, written ``WRITE_BATCH`` cells at
    a time, each batch its own transaction, unpublished; then published in one short
    transaction (with the closing of its previous version's facts), then indexed. None when
    the table is not one to write so (``_alone``), before or when it is about to publish
    (another writer stored a row it meets meanwhile): the caller writes it at once, so it is
    reconciled as if written after everything published before it."""
    store, scope, tell = page.store, page.scope, page.tell
    with store.lock:
        unchanged, prev = _standing(page)
        if unchanged is not None:
            return unchanged
        if not _alone(store, page, prev, triples):
            return None
        with store.transaction():
            doc_id, chunk_rows, ctx = page.start(prev, UNPUBLISHED)
    result = WriteResult()
    try:
        aliased: set[tuple[str, str]] = set()
        stated: set[tuple] = set()
        fresh: list[int] = []
        steps = len(triples)
        for start in range(0, steps, WRITE_BATCH):
            with store.lock, store.transaction():
                _still_unpublished(store, scope, doc_id)
                for i in range(start, min(start + WRITE_BATCH, steps)):
                    if i % PROGRESS_EVERY == 0:
                        tell("writing", i, steps)
                    _write_row(store, triples[i], ctx, result, stated, aliased, fresh)
                flush_provenance(store, ctx)
                read_facts(store, fresh, result)
            # the lock is not fair: a thread waiting for it (a customer's turn, a cancel)
            # gets it only if this one lets go of the interpreter before taking it again
            time.sleep(BATCH_PAUSE_S)
        tell("writing", steps, steps)
        with store.lock, store.transaction():  # publishing: all of it at once
            _still_unpublished(store, scope, doc_id)
            if not _alone(store, page, prev, triples):
                raise _Met  # (another writer stored what its rows meet, meanwhile)
            closing = WriteResult()  # (reported first, as an upload at once reports them)
            retired = page.supersede(prev, doc_id, closing)
            result.corrections[:0] = closing.corrections
            result.decisions[:0] = closing.decisions
            for table, column in (
                ("documents", "id"),
                ("chunks", "document_id"),
                ("facts", "document_id"),
            ):
                store.db.execute(
                    f"UPDATE {table} SET forgotten=0 WHERE {column}=? AND forgotten=?",
                    (doc_id, UNPUBLISHED),
                )
            store.db.execute(
                "UPDATE entities SET forgotten=0 WHERE source_id=? AND forgotten=?",
                (ctx.source, UNPUBLISHED),
            )
            page.settle(doc_id, ctx)
            recheck_beliefs(store, ctx, result)
            flush_traces(store, ctx)
    except _Met:
        # what was written meanwhile is older than this upload, which is published after it:
        # the rows must be reconciled against it, so the upload is written again, at once
        discard_unpublished(store, doc_id)
        return None
    except BaseException:
        discard_unpublished(store, doc_id)  # (a cancel, a shutdown, a failure: nothing stays)
        raise
    store.curated_written(doc_id)  # (published: statements encoded ahead, if it does)
    page.index(chunk_rows, retired)
    result.errors.extend(ctx.limit_note())
    redact(store, result, ctx.readable)
    return page.answer(doc_id, prev, chunk_rows, result)


class _Met(Exception):
    """An upload in batches found, as it was about to publish, a row its claims meet."""


def _still_unpublished(store: OpenStore, scope: str, doc_id: int) -> None:
    """Between two batches another writer ran: the upload goes on only if its scope is still
    open and its rows were not forgotten meanwhile."""
    store.check_writable_scope(scope)
    row = store.db.execute("SELECT forgotten FROM documents WHERE id=?", (doc_id,)).fetchone()
    if row is None or row[0] != UNPUBLISHED:
        raise ValidationError("scope", f"{scope!r} was forgotten while the document was written")


def discard_unpublished(store: OpenStore, doc_id: int | None = None) -> int:
    """Delete what an upload in batches wrote and never published (``doc_id``; None: every
    such upload, as on opening after a crash: their jobs run again). An entity it made that
    another write has used meanwhile stays, published. How many uploads."""
    with store.lock, store.transaction():
        db = store.db
        if doc_id is None:
            docs = [
                r[0]
                for r in db.execute("SELECT id FROM documents WHERE forgotten=?", (UNPUBLISHED,))
            ]
        else:
            docs = [doc_id]
        for d in docs:
            sources = [
                r[0]
                for r in db.execute(
                    "SELECT id FROM sources WHERE kind='document' AND ref=?", (str(d),)
                )
            ]
            db.execute(
                "DELETE FROM provenance WHERE fact_id IN (SELECT id FROM facts WHERE "
                "document_id=? AND forgotten=?)",
                (d, UNPUBLISHED),
            )
            db.execute("DELETE FROM facts WHERE document_id=? AND forgotten=?", (d, UNPUBLISHED))
            for source in sources:
                for _ in range(2):  # (aliases first: they point at the names)
                    db.execute(
                        "DELETE FROM entities WHERE source_id=? AND forgotten=? AND NOT EXISTS "
                        "(SELECT 1 FROM facts f WHERE f.entity_id=entities.id) AND NOT EXISTS "
                        "(SELECT 1 FROM facts f WHERE f.object_id=entities.id) AND NOT EXISTS "
                        "(SELECT 1 FROM entities a WHERE a.resolves_to=entities.id)",
                        (source, UNPUBLISHED),
                    )
                db.execute(
                    "UPDATE entities SET forgotten=0 WHERE source_id=? AND forgotten=?",
                    (source, UNPUBLISHED),
                )
                if not db.execute(
                    "SELECT 1 FROM entities WHERE source_id=? UNION ALL SELECT 1 FROM facts "
                    "WHERE source_id=? UNION ALL SELECT 1 FROM provenance WHERE source_id=? "
                    "LIMIT 1",
                    (source, source, source),
                ).fetchone():
                    db.execute("DELETE FROM sources WHERE id=?", (source,))
            db.execute("DELETE FROM chunks WHERE document_id=? AND forgotten=?", (d, UNPUBLISHED))
            db.execute("DELETE FROM documents WHERE id=? AND forgotten=?", (d, UNPUBLISHED))
    return len(docs)


_UPLOADING: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_UPLOADING_LOCK = threading.Lock()


@contextlib.contextmanager
def _one_upload_at_a_time(store: OpenStore) -> Iterator[None]:
    """Uploads into one store write one after another (turns and other writes interleave
    with the batches of one): two versions of one file must not both become version n + 1."""
    with _UPLOADING_LOCK:
        lock = _UPLOADING.setdefault(store, threading.Lock())
    with lock:
        yield
