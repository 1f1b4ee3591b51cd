"""Which live facts a claim is about: the rows the reconciler (``reconcile.py``) compares it
with. ``candidates`` narrows by scope, entity and attribute; ``same_key`` decides whether a live
fact is about the same attribute (the same key, or a phrasing close enough by embedding or by
stemmed words, minus the contrasts that make two things different)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from engramdb.engine.lexical import ORDER_WORDS, STOPWORDS
from engramdb.store.sqlite import rows_in

from .claims import ORG, OTHER_BUSINESS, SELF, Claim
from .extract.aligned import names_variant
from .extract.stage0 import _is_clock, _lemma
from .lexicon import PRICE_WORDS
from .lexicon import words as aligned_words
from .reconcile import (
    _names_same_thing,
    contrasting,
    denies_count,
    family_contrast,
    money_nouns_differ,
    other_sizes_differ,
)
from .scopes import is_org_root, org_of, readable_chain
from .values import parse_value
from .vocab import is_person_key, normalize_name
from .words import STOP, WORD
from .writing import WriteContext

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = [
    "KEY_SIMILARITY",
    "MAX_CANDIDATES",
    "MAX_CURATED_CANDIDATES",
    "SAME_THING_SIMILARITY",
    "WORD_OVERLAP",
    "candidates",
    "kind_of",
    "same_key",
    "vec",
]


MAX_CANDIDATES = 128
"""Live rows one claim is compared with, its own attribute and its own entity first, then the
newest: the comparison costs tens of microseconds a pair, and a claim about a thing of a catalogue
of thousands must not read them all."""


MAX_CURATED_CANDIDATES = 32
"""For a curated claim (a document's row or sentence, an upsert): curated knowledge is mostly
compared with itself by key (a new version, the same attribute in another file), and a price
list of thousands of rows compared each with 128 others cost minutes in a second upload."""


#: Two attribute phrases name the same thing at or above this cosine (static embeddings).
KEY_SIMILARITY = 0.65
#: Or this share of the shorter statement's content words (stemmed) in the other, for two
#: amounts of the same kind.
WORD_OVERLAP = 0.5
#: The bar when both facts are about the same named entity with the same kind of amount.
SAME_THING_SIMILARITY = 0.5


def candidates(
    store: OpenStore, ekey: str, etype: str, claim: Claim, ctx: WriteContext
) -> list[tuple]:
    """Live facts about the same thing in the write's scope, plus curated facts of its
    ancestor scopes. The same entity is the same key (or one linked by ``resolves_to``);
    the organisation itself ("your", "our", an impersonal policy sentence) is compatible
    with any entity of its own catalogue, and the attribute then decides. With a caller,
    only rows it may read: a curated row it may not read is not a candidate (a claim about
    it neither conflicts with nor corroborates it, so guesses learn nothing)."""
    if getattr(ctx, "alone", False):
        return []  # (an upload in batches, checked to have nothing to meet: ``ingest``)
    scopes = readable_chain(ctx.scope, ctx.readable)
    if not scopes or claim.subject == OTHER_BUSINESS:
        return []  # (a competitor's price is compared with nothing: its words are not ours)
    if ctx.authoritative and claim.answers is None and not _anything_below(store, ctx, scopes):
        return []  # (a first upload into an empty context: only its own rows, never compared)
    keys = set(_resolved(store, ekey, ctx))
    org = normalize_name(org_of(ctx.scope) or "")
    limit = MAX_CURATED_CANDIDATES if ctx.authoritative else MAX_CANDIDATES
    if ctx.authoritative and claim.answers is None:
        rows = _pooled_rows(store, claim, ekey, keys, org, ctx, scopes, limit)
    else:
        rows = _rows(store, claim, ekey, keys, org, ctx, scopes, limit)
    if claim.answers is not None:  # read against that fact: it alone is compared
        masked = claim.statement.replace(claim.value, " ")
        out = [
            r
            for r in rows
            if r[0] == claim.answers and not contrasting(masked, r[11].replace(r[3], " "))
        ]
        if out and not ctx.authoritative and not (claim.negated or claim.past):
            out += _said_before(store, claim, keys, ctx, scopes)
        return out
    return _same_thing(store, claim, ekey, etype, keys, org, ctx, rows)


def _anything_below(store: OpenStore, ctx: WriteContext, scopes: list[str]) -> bool:
    """Whether any live row could be in a curated claim's pool (``_read_pool``: of the scope
    chain, below this source). A catalogue uploaded into an empty context has none, and its
    hundreds of thousands of claims then skip the pool's look-ups, each of which would find
    nothing. Memoised with the pools: rows below this source only close during the write
    (which clears the memo), and rows written meanwhile are above it."""
    memo = ctx.pools.get(("below", tuple(scopes)))
    if memo is None:
        row = store.db.execute(
            f"SELECT 1 FROM facts f WHERE f.closed_ms IS NULL AND f.forgotten = 0 AND "
            f"f.scope IN ({','.join('?' * len(scopes))}) AND (f.scope = ? OR "
            "f.authoritative = 1) AND f.source_id < ? LIMIT 1",
            (*scopes, ctx.scope, ctx.source),
        ).fetchone()
        memo = ctx.pools[("below", tuple(scopes))] = [1] if row else []
    return bool(memo)


def _said_before(
    store: OpenStore, claim: Claim, keys: set[str], ctx: WriteContext, scopes: list[str]
) -> list[tuple]:
    """The live beliefs of the same speaker (scope and stream) that state this very value
    about this very attribute: a claim read against a curated fact is compared with them as
    well, so that saying it again corroborates the belief instead of storing a second one
    with a second conflict (the README's example run twice listed the conflict twice). Only
    where the writer may read: a write-only key learns nothing from what happens."""
    if ctx.scope not in scopes:
        return []
    known = sorted(keys)
    return store.db.execute(
        f"""SELECT {_COLUMNS}
        FROM facts f JOIN entities e ON e.id=f.entity_id JOIN sources s ON s.id=f.source_id
        WHERE f.scope = ? AND f.stream = ? AND f.key = ? AND f.value = ?
        AND f.authoritative = 0 AND f.closed_ms IS NULL AND f.forgotten = 0
        AND e.key IN ({",".join("?" * len(known))})
        ORDER BY f.id LIMIT {MAX_CANDIDATES}""",
        [ctx.scope, ctx.stream, claim.key, claim.value, *known],
    ).fetchall()


#: The columns of a candidate row, by ``_rows`` and ``_pooled_rows`` alike.
_COLUMNS = """f.id, f.key, f.key_phrase, f.value, f.value_kind, f.authoritative,
    f.confidence, f.scope, f.document_id, s.kind, e.type, f.statement, f.stream,
    e.key, e.name, f.source_id"""


def _rows(
    store: OpenStore,
    claim: Claim,
    ekey: str,
    keys: set[str],
    org: str,
    ctx: WriteContext,
    scopes: list[str],
    limit: int,
) -> list[tuple]:
    """The candidate rows of a claim, ranked: its own attribute first, then its own entity,
    then the newest. What the rules of ``_same_thing`` would skip anyway is not fetched:
    experiential rows of other scopes and, for a claim about a named thing, rows about other
    named things (only its own entity and the organisation's can match). The top ``limit``
    of that ranking lies in the union of the newest ``limit`` rows of each class (for a
    named thing: of each entity that can match, with the attribute and without; else the
    attribute and the entity, the attribute, the entity, each scope), each a walk down an
    index: a catalogue of fifty thousand rows costs a claim no more than one of fifty."""
    if claim.answers is not None:
        return _rows_scanned(store, claim, ekey, keys, org, ctx, scopes, limit)
    marks = ",".join("?" * len(scopes))
    common = (
        f"f.closed_ms IS NULL AND f.forgotten = 0 AND f.scope IN ({marks}) "
        "AND (f.scope = ? OR f.authoritative = 1)"
    )
    params: list[Any] = [*scopes, ctx.scope]
    own = "f.entity_id IN (SELECT id FROM entities WHERE key = ?)"
    classes: list[tuple[str, str, list[Any]]]
    if ekey != org:  # only its own entities' rows and the organisations' can match: walk each
        known = sorted(keys | {org})
        entities = [
            r[0]
            for r in store.db.execute(
                f"SELECT id FROM entities WHERE key IN ({','.join('?' * len(known))}) "
                "UNION SELECT id FROM entities WHERE type = 'organisation'",
                known,
            )
        ]
        classes = [
            walk
            for e in entities
            for walk in (
                ("facts_entity", "f.entity_id = ? AND f.key = ?", [e, claim.key]),
                ("facts_entity_source", "f.entity_id = ?", [e]),
            )
        ]
    else:
        classes = [
            ("facts_entity", f"f.key = ? AND {own}", [claim.key, ekey]),
            ("facts_key_source", "f.key = ?", [claim.key]),
            ("facts_entity_source", own, [ekey]),
            *(("facts_live", "f.scope = ?", [s]) for s in scopes),
        ]
    ids: set[int] = set()
    for index, where, values in classes:
        ids.update(
            r[0]
            for r in store.db.execute(
                f"SELECT f.id FROM facts f INDEXED BY {index} WHERE {where} AND {common} "
                f"ORDER BY f.source_id DESC, f.id DESC LIMIT {limit}",
                [*values, *params],
            )
        )
    rows = rows_in(
        store.db,
        f"SELECT {_COLUMNS} FROM facts f JOIN entities e ON e.id=f.entity_id "
        "JOIN sources s ON s.id=f.source_id WHERE f.id IN ({marks})",
        sorted(ids),
    )
    rows.sort(key=lambda r: (r[1] != claim.key, r[13] != ekey, -r[0]))
    return rows[:limit]


def _rows_scanned(
    store: OpenStore,
    claim: Claim,
    ekey: str,
    keys: set[str],
    org: str,
    ctx: WriteContext,
    scopes: list[str],
    limit: int,
) -> list[tuple]:
    """``_rows`` in one statement: for a claim read against one fact (its id narrows it), and
    the reference the index walks of ``_rows`` are tested against."""
    marks = ",".join("?" * len(scopes))
    where = ["(f.scope = ? OR f.authoritative = 1)"]
    params: list[Any] = [ctx.scope]
    if claim.answers is not None:
        where.append("f.id = ?")
        params.append(claim.answers)
    if ekey != org and claim.answers is None:
        known = sorted(keys | {org})
        where.append(
            f"f.entity_id IN (SELECT id FROM entities WHERE key IN "
            f"({','.join('?' * len(known))}) UNION SELECT id FROM entities "
            "WHERE type = 'organisation')"
        )
        params += known
    return store.db.execute(
        f"""SELECT {_COLUMNS}
        FROM facts f JOIN entities e ON e.id=f.entity_id JOIN sources s ON s.id=f.source_id
        WHERE f.closed_ms IS NULL AND f.forgotten=0 AND f.scope IN ({marks})
        AND {" AND ".join(where)}
        ORDER BY f.key = ? DESC, e.key = ? DESC, f.id DESC LIMIT {limit}""",
        [*scopes, *params, claim.key, ekey],
    ).fetchall()


def _pooled_rows(
    store: OpenStore,
    claim: Claim,
    ekey: str,
    keys: set[str],
    org: str,
    ctx: WriteContext,
    scopes: list[str],
    limit: int,
) -> list[tuple]:
    """``_rows`` for a curated claim: the same ranking over the curated pool, each row read
    once per write (a document's thousands of claims share one pool)."""
    pool = _curated_pool(store, claim.key, keys | ({org} if ekey != org else set()), ctx, scopes)
    missing = [i for i in pool if ("row", i) not in ctx.pools]
    for i in range(0, len(missing), 500):
        part = missing[i : i + 500]
        for r in store.db.execute(
            f"""SELECT {_COLUMNS}
            FROM facts f JOIN entities e ON e.id=f.entity_id JOIN sources s ON s.id=f.source_id
            WHERE f.id IN ({",".join("?" * len(part))}) AND f.closed_ms IS NULL
            AND f.forgotten=0""",
            part,
        ):
            ctx.pools[("row", r[0])] = r
        for fid in part:
            ctx.pools.setdefault(("row", fid), None)  # (closed or forgotten meanwhile)
    known = keys | {org}
    rows = [
        r
        for i in pool
        if (r := ctx.pools[("row", i)]) is not None
        and (ekey == org or r[13] in known or r[10] == "organisation")
    ]
    rows.sort(key=lambda r: (r[1] != claim.key, r[13] != ekey, -r[0]))
    return rows[:limit]


def _same_thing(
    store: OpenStore,
    claim: Claim,
    ekey: str,
    etype: str,
    keys: set[str],
    org: str,
    ctx: WriteContext,
    rows: list[tuple],
) -> list[tuple]:
    """The candidate rows that are about the same thing as the claim (entity and attribute)."""
    out = []
    for r in rows:
        if r[7] != ctx.scope and not r[5]:
            continue  # experiential facts of other scopes coexist
        if ctx.authoritative and r[15] == ctx.source:
            continue  # one document's two values ("weekdays 8am", "Saturdays 9am") both stand
        if r[10] == "organisation" and r[5] and r[13] != org and is_org_root(r[7]):
            r = (*r[:13], org, *r[14:])  # "Roadway Rentals" upserted at org/roadway is the org
        same_entity = r[13] in keys
        if not same_entity:
            if etype == "person" or r[10] == "person":
                continue  # people are only ever themselves
            if org not in (ekey, r[13]):
                continue  # two different named things
            if r[13] == org and ekey != org and not _mentions_name(r[11], claim.subject):
                continue  # "Bloom & Vine takes orders until 5pm" is not about our policy
            if ekey == org and r[13] != org and not _mentions_name(claim.statement, r[14]):
                continue  # "your advanced tango class" is not the catalogue's Beginner Salsa
            if ekey == org and r[13] != org and names_variant(claim.statement, r[14], org):
                continue  # "the Tern Vektron" is not the catalogue's Tern Commuter 8
        elif etype not in ("other", r[10]) and r[10] != "other":
            continue
        if (claim.negated or claim.past) and same_entity and not r[5]:
            gerund = claim.value.split()[0] if claim.value.split() else ""
            if (
                claim.key in ("*", r[1])
                or _names_same_thing(r[3], claim.value)
                or denies_count(r[1], claim.value)
                or (gerund.endswith("ing") and _lemma(gerund[:-3] + "s") == r[1])
            ):
                out.append(r)  # a negation closes what it names, whatever the key
            continue
        if ctx.authoritative and r[5] and r[1] != claim.key:
            # curated against curated: the same attribute is the same key. Alike keys are
            # siblings of one list ("gadget_5_3_price" / "widget_0_1_price"), and a second
            # price list read by likeness conflicted with the first hundreds of times.
            continue
        other_name = "" if same_entity or r[13] == org else r[14]
        mine = "" if same_entity or ekey == org else claim.subject
        if same_key(store, claim, r[1], r[2], r[4], r[11], r[3], other_name, mine):
            out.append(r)
    return out


def _resolved(store: OpenStore, ekey: str, ctx: WriteContext) -> set[str]:
    """``ekey`` and the keys of the entities it ``resolves_to`` (memoised for the write)."""
    keys = ctx.resolved.get(ekey)
    if keys is None:
        keys = {ekey}
        for (target,) in store.db.execute(
            "SELECT t.key FROM entities e JOIN entities t ON t.id=e.resolves_to WHERE e.key=?",
            (ekey,),
        ):
            keys.add(target)
        ctx.resolved[ekey] = keys
    return keys


def _curated_pool(
    store: OpenStore, key: str, entity_keys: set[str], ctx: WriteContext, scopes: list[str]
) -> list[int]:
    """Ids of the newest live rows (below this source, of the readable scope chain) of ``key``
    and of each entity of ``entity_keys`` (and every organisation entity): a superset of the
    top of the candidate ranking, each part a bounded scan of an index. Each part is
    memoised for the write: rows below this source change only when this write closes one
    (``reconcile_claim`` then clears the memo), and an entity this write creates has none."""
    chain, names = tuple(scopes), tuple(sorted(entity_keys))
    pool = ctx.pools.get(("pool", key, names, chain))
    if pool is None:
        pool = ctx.pools[("pool", key, names, chain)] = _read_pool(store, key, names, ctx, chain)
    return pool


def _read_pool(
    store: OpenStore, key: str, names: tuple[str, ...], ctx: WriteContext, scopes: tuple[str, ...]
) -> list[int]:
    common = (
        f"f.closed_ms IS NULL AND f.forgotten = 0 AND f.scope IN ({','.join('?' * len(scopes))})"
        " AND (f.scope = ? OR f.authoritative = 1) AND f.source_id < ?"
    )
    order = f"ORDER BY f.source_id DESC, f.id DESC LIMIT {MAX_CURATED_CANDIDATES}"
    chain = scopes

    def part(what: str, sql: str, value: Any) -> list[int]:
        memo = ctx.pools.get((what, value, chain))
        if memo is None:
            memo = [r[0] for r in store.db.execute(sql, (value, *scopes, ctx.scope, ctx.source))]
            ctx.pools[(what, value, chain)] = memo
        return memo

    ids = list(
        part(
            "key",
            f"SELECT f.id FROM facts f INDEXED BY facts_key_source WHERE f.key = ? AND {common} "
            + order,
            key,
        )
    )
    entities = ctx.pools.get(("entities", names, ()))
    if entities is None:
        marks = ",".join("?" * len(names))
        entities = [
            r[0]
            for r in store.db.execute(
                f"SELECT id FROM entities WHERE key IN ({marks}) OR type = 'organisation'", names
            )
        ]
        ctx.pools[("entities", names, ())] = entities
    for eid in entities:
        ids += part(
            "entity",
            "SELECT f.id FROM facts f INDEXED BY facts_entity_source WHERE f.entity_id = ? "
            f"AND {common} " + order,
            eid,
        )
    return sorted(set(ids))


def same_key(
    store: OpenStore,
    claim: Claim,
    key: str,
    phrase: str,
    kind: str,
    statement: str,
    value: str,
    their_subject: str = "",
    my_subject: str = "",
) -> bool:
    """Whether a live fact is about the same attribute as the claim: the same canonical
    key; or, for values of compatible kinds whose keys are not two different known keys,
    topics (subject and key phrase) or statements (values masked) at least
    ``KEY_SIMILARITY`` alike."""
    exact = claim.key == key and not (their_subject or my_subject)
    mine = ""
    if not exact:  # cheap refusals first: the text tests below cost a pass over both texts
        if claim.multi:
            return False
        mine = claim.value_kind or ("hours" if _is_clock(claim.value) else kind_of(claim))
        if not _kinds_meet(mine, kind):
            return False
    masked_a = claim.statement.replace(claim.value, " ")
    masked_b = statement.replace(value, " ")
    if contrasting(masked_a, masked_b):
        return False  # "a large dog" / "a small dog": different things, one key
    if family_contrast(masked_a, f"{phrase or key} {masked_b}"):
        return False  # "90 standing" / "seated capacity: 60", "adult" / "children"
    if other_sizes_differ(claim.statement, claim.value, statement, value):
        return False  # "Compost 50L" / "your 20 litre bag of compost": two products
    if "money" in (kind, claim.typed.kind if claim.typed is not None else "") and (
        money_nouns_differ(masked_a, masked_b)
    ):
        return False  # "the call-out fee" / "the hourly rate": two prices
    if exact:
        if key == "price" and claim.subject == ORG:
            # the fallback key of any amount of money: the statements must share what
            # is priced ("limited company accounts ... £900" is no self-assessment fee)
            shared = aligned_words(masked_a) & aligned_words(masked_b)
            return bool(shared - PRICE_WORDS)  # "a month" is when, not what
        return True
    if claim.key != key and is_person_key(claim.key) and is_person_key(key):
        return False  # two different attributes the vocabulary knows apart
    if (
        "number" in (mine, kind)
        and mine != kind
        and _counted_elsewhere(
            (phrase or key) if kind == "number" else (claim.key_phrase or claim.key),
            masked_a if kind == "number" else masked_b,
        )
    ):
        return False  # "maximum users: 5" is no amount of storage
    if claim.key == key:
        return True
    threshold = KEY_SIMILARITY
    if (
        not their_subject
        and not my_subject
        and mine != "text"
        and claim.subject
        not in (
            ORG,
            SELF,
        )
    ):
        threshold = SAME_THING_SIMILARITY  # one named thing, one kind of amount
    a = vec(store, f"{my_subject} {claim.key_phrase or claim.key}".strip())
    b = vec(store, f"{their_subject} {phrase or key}".strip())
    sim = float(a @ b)
    sim = max(sim, float(vec(store, masked_a) @ vec(store, masked_b)))
    if sim >= threshold:
        return True
    # the same words, stemmed, whatever the sentence shape ("books may be borrowed for ..."
    # / "your loan period for books is ..."): only for amounts of one kind
    if mine == "text" or kind == "text":
        return False
    wa, wb = _stems(masked_a), _stems(masked_b)
    if not wa or not wb:
        return False
    overlap = len(wa & wb) / min(len(wa), len(wb))
    return overlap >= WORD_OVERLAP or (overlap >= 0.3 and sim >= SAME_THING_SIMILARITY)


def _kinds_meet(mine: str, kind: str) -> bool:
    """Whether values of these two kinds can be values of one attribute (a bare number meets
    any amount; a frequency a duration; "free" a price)."""
    return (
        mine == kind
        or ("number" in (mine, kind) and "text" not in (mine, kind))
        or {mine, kind} in ({"frequency", "duration"}, {"free", "money"})
    )


def vec(store: OpenStore, text: str) -> np.ndarray:
    """The unit embedding of ``text``, cached on the ``OpenStore`` (``query`` ranks facts by it
    too)."""
    v = store.vec_cache.get(text)
    if v is None:
        v = np.asarray(store.engine.embedder.embed([text])[0], dtype=np.float32)
        n = float(np.linalg.norm(v))
        v = v / n if n > 0 else v
        if len(store.vec_cache) > 50_000:
            store.vec_cache.clear()
        store.vec_cache[text] = v
    return v


def kind_of(claim: Claim) -> str:
    """The kind of the claim's value (typed, else parsed)."""
    if claim.typed is not None:
        return claim.typed.kind
    return parse_value(claim.value).kind


def _mentions_name(statement: str, name: str) -> bool:
    """Whether an organisation-level statement is about the named thing: a word of the name
    (not a common word) appears in it."""
    words = [w for w in WORD.findall(name.casefold()) if w not in STOP and len(w) > 2]
    low = statement.casefold()
    return any(re.search(rf"\b{re.escape(w)}", low) for w in words)


# the one stop-word list less the words of order, and words of amounts that name no thing
# ("maximum", "roughly", "two")
_STEM_STOP = (STOPWORDS - ORDER_WORDS) | frozenset(
    "also approximately around eight every five four full half least less max maximum may "
    "might minimum must need needed needs nine one per quarter roughly seven six ten three "
    "two us whole".split()
)


def _counted_elsewhere(count_phrase: str, other: str) -> bool:
    """A bare count's phrase names what it counts ("maximum users"); a statement of an amount
    with a unit that never mentions those things is about something else."""
    plural = [w for w in WORD.findall(count_phrase.casefold()) if w.endswith("s") and len(w) > 3]
    return bool(plural) and not any(_stem(w) in _stems(other) for w in plural)


def _stem(word: str) -> str:
    """A light suffix stripper (plural, past, gerund, adverb): enough to meet "cancelled" with
    "cancel" and "books" with "book"."""
    for suffix in ("ations", "ation", "ings", "ing", "edly", "ed", "ies", "es", "s", "ly"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiou":
        word = word[:-1]
    return word


@lru_cache(maxsize=8192)
def _stems(text: str) -> frozenset[str]:
    """Cached: a live fact's statement meets every claim compared with it."""
    return frozenset(
        _stem(w)
        for w in WORD.findall(text.casefold())
        if w not in _STEM_STOP and not w[0].isdigit() and len(w) > 2
    )
