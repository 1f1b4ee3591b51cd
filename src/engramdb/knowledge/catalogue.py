"""Catalogue-guided reading of a turn: the curated facts of its scope chain become templates
(``extract/aligned.py``) that the turn is aligned with, and the curated entity names visible from
a scope tell extraction which names are things of the catalogue."""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..embed import pairs
from ..embed.contextual import encoded, warn_once
from ..embed.pairs import judged
from ..store.sqlite import rows_in
from .claims import ORG, SELF, Claim, Extraction
from .extract import pair_reading, verifier
from .extract.aligned import Template, align, says_code, verify_unmet
from .extract.verifier import Pair
from .lexicon import words as aligned_words
from .reconcile import same_value
from .scopes import is_org_root, org_of, readable_chain
from .values import compare, parse_value
from .vocab import normalize_name
from .words import STOP, WORD, find_phrase

if TYPE_CHECKING:
    from .fact_index import IndexedRow
    from .open_store import OpenStore

__all__ = [
    "MAX_TEMPLATES",
    "align_turn",
    "holds",
    "known_names",
    "likeness",
    "template_words",
    "verified",
    "weighed",
]


#: Catalogue names a turn is read with at most, all of them (more: those it may name).
MAX_NAMES = 2_048

#: Curated facts a turn is read against at most (catalogue-guided extraction), best first.
MAX_TEMPLATES = 64


def align_turn(
    store: OpenStore, text: str, scope: str, extraction: Extraction, readable: Any = None
) -> None:
    """Catalogue-guided extraction (``extract/aligned.py``): claims of the turn that answer
    a live curated fact of its organisation replace stage-0 claims of the same value (only
    facts ``readable`` admits, when given)."""
    templates, names = templates_for(store, scope, text, readable)
    org = org_of(scope) or ""
    found = align(text, templates, other_names=names, organisation=org, similar=likeness)
    aligned = [claim for _, claim in found]
    taken = {t.fact_id for t, _ in found}

    rest = [c for c in extraction.claims if not any(holds(c, a) for a in aligned)]
    # the rules' own claims about the organisation that no curated key meets: read as the
    # fact they are about, when the encoder finds one clearly
    for i, claim in verify_unmet(rest, templates, likeness, taken).items():
        rest[i] = claim
    claims = rest + aligned
    if USE_VERIFIER and templates:
        claims = verified(claims, text, templates, names, org)
    extraction.claims[:] = claims


#: Whether turns are read against textual facts with the pair model (``extract/pair_reading``).
USE_PAIR_MODEL = True

#: Whether turns are read with the learned verifier (``extract/verifier.py``); off only to
#: measure the rules alone (``scripts/train_verifier.py`` captures its training data so).
USE_VERIFIER = True


def holds(c: Claim, reading: Claim) -> bool:
    """Whether a rules' claim says ``reading``'s value (and is replaced by it): the same words
    ("open at 7:30am" holds "7:30am") or the same typed value ("90 minutes" read by stage 0 as
    "an hour and a half"). A negated or past claim says something else."""
    if c.negated or c.past:
        return False
    v, av = c.value.casefold().strip(), reading.value.casefold().strip()
    if v and (v == av or find_phrase(v, av)):
        return True
    tv = parse_value(c.value)
    ta = reading.typed if reading.typed is not None else parse_value(reading.value)
    return tv.kind == ta.kind != "text" and compare(tv, ta) == "same"


def verified(
    claims: list[Claim], text: str, templates: list[Template], names: list[str], org: str
) -> list[Claim]:
    """The claims of a turn weighed by the learned verifier: a contradiction of a curated fact
    that no clause saying it is likely about (``VETO``) is dropped; a turn whose claims meet
    no curated fact meets the fact of its most likely pair, when that is likely enough
    (``ACCEPT``). Without the encoder or the weights, the rules' claims stand as they are."""
    try:
        verifier.features()  # (the weights first: unreadable, the turn costs no encoding)
        found = verifier.pairs(text, templates, names, org, encoded)
        scored = sorted(((verifier.probability(p), p) for p in found), key=lambda s: -s[0])
    except Exception as e:  # (a model or weights that cannot be used never fail a write)
        warn_once(f"the learned verifier cannot be used to read turns: {e}")
        return claims
    out = weighed(claims, templates, scored)
    if USE_PAIR_MODEL and not any(_meets(c, templates) for c in out):
        try:  # (what no typed value decides: a yes/no rule, a denial, a textual fact)
            if not pairs.available():  # (nor is the turn encoded for it)
                warn_once("the pair model cannot be used to read turns: it cannot be loaded")
                return out
            found_claim = pair_reading.contradiction(text, templates, names, org, encoded, judged)
        except Exception as e:
            warn_once(f"the pair model cannot be used to read turns: {e}")
            return out
        if found_claim is not None:
            out.append(found_claim)
    return out


def weighed(
    claims: list[Claim], templates: list[Template], scored: list[tuple[float, Pair]]
) -> list[Claim]:
    """``verified``'s decision, given each pair of the turn with its probability, best first."""
    if not scored:
        return claims
    by_id = {t.fact_id: t for t in templates}
    kept: list[Claim] = []
    met = False
    for c in claims:
        meets = _meets(c, templates)
        if not meets:
            kept.append(c)
            continue
        verdicts = {
            same_value(c.value, c.value_kind or "", by_id[i].value, by_id[i].value_kind, c.typed)
            for i in meets
        }
        if verdicts == {"different"} and _unlikely(c, meets, scored):
            continue  # (not what the clause saying it is about)
        met = True
        kept.append(c)
    if met:
        return kept
    best = next((p for score, p in scored if score >= verifier.ACCEPT), None)
    if best is None or best.verdict == "incomparable" or best.ruled_out:
        return kept  # (another business, a wish, another model: not a reading of this fact)
    fid = best.template.fact_id
    rival = [p for score, p in scored if score >= verifier.VETO and p.template.fact_id != fid]
    if best.verdict == "different" and any(p.verdict == "same" for p in rival):
        return kept  # a fact the turn may well be about agrees: no clear contradiction
    reading = best.claim()
    if any(
        c.subject == SELF
        and c.category == "identity"
        and holds(replace(c, negated=False, past=False), reading)  # (an old email is still hers)
        for c in kept
    ):
        return kept  # the rules read the value as who the speaker is ("my email is now ...")
    # (it replaces the rules' claims of the same value, as an aligned claim does)
    return [c for c in kept if not holds(c, reading)] + [reading]


def _unlikely(c: Claim, meets: list[int], scored: list[tuple[float, Pair]]) -> bool:
    """No clause of the claim's sentence is likely about the facts it meets: it has pairs
    with them and every one scores below ``VETO``, and none names the fact's entity exactly,
    as itself (its name or code, not another model of it): a name decides before likeness.
    A claim whose clause has no pair with them (read otherwise) is not judged."""
    own = [
        (score, p) for score, p in scored if p.template.fact_id in meets and _within(p, c.statement)
    ]
    return bool(own) and all(
        score < verifier.VETO and not (p.features["in_clause"] and not p.features["variant"])
        for score, p in own
    )


def _within(p: Pair, statement: str) -> bool:
    """Whether the pair's clause is (part of) the sentence a claim was read from, as the turn
    says it or as ``align`` reads it."""
    return bool(statement) and any(
        clause and (clause in statement or statement in clause) for clause in (p.said, p.clause)
    )


def _meets(c: Claim, templates: list[Template]) -> list[int]:
    """The curated facts (of ``templates``) a claim would be reconciled with: the one it
    answers, else those of its subject and key."""
    if c.answers is not None:  # (a fact of this turn's templates only)
        return [t.fact_id for t in templates if t.fact_id == c.answers]
    if c.subject == ORG:
        return [t.fact_id for t in templates if t.key == c.key and not t.subject]
    name = normalize_name(c.subject)
    return [t.fact_id for t in templates if t.key == c.key and normalize_name(t.subject) == name]


def likeness(a: str, b: str) -> float:
    """Cosine of two texts under the contextual encoder (0 without one, or when it fails: no
    clause answers by it, and the turn is read by the rules alone, as before it)."""
    try:
        return float(encoded(a) @ encoded(b))
    except Exception as e:  # (a model that cannot be loaded or run never fails a write)
        warn_once(f"the contextual encoder cannot be used to read turns: {e}")
        return 0.0


def known_names(
    store: OpenStore, scope: str, readable: Any = None, text: str | None = None
) -> dict[str, str]:
    """Curated entity names visible from ``scope`` (lower-cased name -> type): of its
    chain's scopes ``readable`` admits, when given; with ``text``, of a catalogue of more than
    ``MAX_NAMES`` names, only those the text may name. The fact index's gazetteer holds them,
    kept up to date per write from the change log: a turn costs the same against fifty names
    or fifty thousand, and a commit rebuilds nothing."""
    scopes = readable_chain(scope, readable)
    if not scopes:
        return {}
    return store.fact_index().names_for(scopes, text, MAX_NAMES)


def templates_for(
    store: OpenStore, scope: str, text: str, readable: Any = None
) -> tuple[list[Template], list[str]]:
    """Live curated facts of ``scope`` and its ancestors that share a word with ``text``
    (or whose entity it names), best first, and the catalogue names the text mentions;
    only those of scopes ``readable`` admits, when given. The fact index gives the pool (all
    of a small catalogue; of a large one, the facts of the turn's rarest words), so a turn
    costs about the same against fifty facts or fifty thousand."""
    scopes = readable_chain(scope, readable)
    if not scopes:
        return [], []
    said = aligned_words(text) | frozenset(WORD.findall(text.casefold()))
    ids, _ = store.fact_index().template_pool(scopes, said, _SMALL, 2 * MAX_TEMPLATES)
    chain = set(scopes)
    rows = [
        r
        for r in rows_in(
            store.db,
            f"SELECT {TEMPLATE_COLUMNS} FROM facts f JOIN entities e ON e.id=f.entity_id "
            "WHERE f.id IN ({marks}) AND f.authoritative=1 AND f.closed_ms IS NULL "
            "AND f.forgotten=0",
            ids,
        )
        if r[10] in chain  # (f.scope)
    ]
    rows.sort(key=lambda r: -r[0])  # (newest first: the order of a tie)
    aliases = aliases_of(store.db, [r[0] for r in rows])
    entries, index = template_entries(rows, normalize_name(org_of(scope) or ""), aliases)
    return ranked_templates(entries, index, text)


def aliases_of(db: Any, fact_ids: list[int]) -> dict[int, tuple[str, ...]]:
    """The other names (codes, SKUs, ids: entities that resolve to it) of each fact's entity,
    by fact id: a turn saying "NW-F100" names the plan whose code it is."""
    out: dict[int, list[str]] = {}
    for fid, alias in rows_in(
        db,
        "SELECT f.id, a.name FROM facts f JOIN entities a ON a.resolves_to = f.entity_id "
        "WHERE f.id IN ({marks}) AND a.forgotten = 0 AND a.authoritative = 1",
        fact_ids,
    ):
        if _CODE.fullmatch(alias.strip()):
            out.setdefault(fid, []).append(alias.strip())
    return {fid: tuple(sorted(set(names))) for fid, names in out.items()}


#: An alias that reads as a code: letters and digits together ("NW-F100", "SK-031337",
#: "ARIA-300"); a bare number ("2", an id column) or a word names nothing by itself in chat.
_CODE = re.compile(r"(?=[^\s]*[A-Za-z])(?=[^\s]*\d)[A-Za-z0-9][\w./-]{2,}")


def template_words(row: IndexedRow) -> frozenset[str]:
    """The words the fact index files a curated fact's template under (``template_entries``'
    attribute and name words, the subject read as of the fact's own organisation)."""
    org = normalize_name(org_of(row.scope) or "")
    own = row.entity_key == org or (row.entity_type == "organisation" and is_org_root(row.scope))
    subject = "" if own else row.entity
    return frozenset(aligned_words(f"{subject} {row.key_phrase or row.key} {row.statement}")) | (
        frozenset(WORD.findall(subject.casefold()))
    )


def ranked_templates(
    entries: list[tuple[Template, frozenset, frozenset]], index: dict[str, list[int]], text: str
) -> tuple[list[Template], list[str]]:
    """Of ``entries`` (templates with their attribute and name words, ``index``: the entries
    of each word), those ``text`` is most about, at most ``MAX_TEMPLATES``, and the names it
    mentions."""
    words = aligned_words(text)
    low = text.casefold()
    said = _said_words(low)
    scored: list[tuple[int, Template, frozenset]] = []
    names: set[str] = set()
    for t, t_words, name_words in (entries[i] for i in _pool(entries, index, words | said)):
        named = (
            bool(name_words & said) and (t.subject in names or _names_it(low, t.subject))
        ) or says_code(low, t)
        if named:
            names.add(t.subject)
        scored.append((len(words & t_words), t, name_words))
    # a name said in full is the one meant: the names that only share words with it ("the
    # Diavola Pizza Oven" and the catalogue's Diavola Pro Pizza Oven) are not named
    full = {n for n in names if find_phrase(low, n.casefold())}
    full_words = set().union(*(WORD.findall(n.casefold()) for n in full)) - STOP
    names = {n for n in names if n in full or not (set(WORD.findall(n.casefold())) & full_words)}
    ranked = [
        (shared + (2 if t.subject in names else 0), t)
        for shared, t, _ in scored
        if shared or t.subject in names
    ]
    # the facts the turn is most about; a catalogue of thousands stays cheap to read
    ranked.sort(key=lambda r: -r[0])
    return [t for _, t in ranked[:MAX_TEMPLATES]], sorted(names)[:MAX_TEMPLATES]


#: The fact columns a template is made of (``template_entries``).
TEMPLATE_COLUMNS = """f.id, f.key, f.key_phrase, f.value, f.value_kind, f.statement, f.category,
    e.type, e.key, e.name, f.scope"""


def template_entries(
    rows: list[tuple], org: str, aliases: dict[int, tuple[str, ...]] | None = None
) -> tuple[list[tuple[Template, frozenset, frozenset]], dict[str, list[int]]]:
    """Curated fact rows (``TEMPLATE_COLUMNS``) as templates with their attribute and name
    words, and the templates of each word; ``aliases``: the other names of each fact's entity
    (``aliases_of``)."""
    out = []
    for (
        fid,
        key,
        phrase,
        value,
        kind,
        statement,
        category,
        etype,
        ekey,
        name,
        fscope,
    ) in rows:
        own = ekey == org or (etype == "organisation" and is_org_root(fscope))
        subject = "" if own else name
        t = Template(
            fact_id=fid,
            subject=subject,
            subject_type=etype,
            key=key,
            key_phrase=phrase or key,
            value=value,
            value_kind=kind or "",
            statement=statement or "",
            category=category or "knowledge",
            name=name,
            aliases=() if own or aliases is None else aliases.get(fid, ()),
        )
        t_words = aligned_words(f"{subject} {phrase or key} {statement}")
        out.append((t, t_words, frozenset(WORD.findall(subject.casefold()))))
    index: dict[str, list[int]] = {}
    for i, (_, t_words, name_words) in enumerate(out):
        for w in t_words | name_words:
            index.setdefault(w, []).append(i)
    return out, index


def _pool(entries: list, index: dict[str, list[int]], turn_words: AbstractSet[str]) -> list[int]:
    """Which templates a turn is scored against: all of a small catalogue; of a large one,
    those sharing the turn's rarest words ("7" of "Product 7", not "product" or "price",
    which every row has), so a turn costs the same against ten facts or thousands."""
    if len(entries) <= _SMALL:
        return list(range(len(entries)))
    postings = sorted((len(index[w]), w) for w in turn_words if w in index)
    pool: set[int] = set()
    for n, w in postings:
        if pool and n > len(entries) // 4:
            break  # a word most rows share tells none of them apart
        pool.update(index[w])
        if len(pool) >= _SMALL:
            break
    return sorted(pool)


#: A catalogue at most this large is read whole by every turn.
_SMALL = 4 * MAX_TEMPLATES


def _said_words(low: str) -> set[str]:
    """The words of a lower-cased text, a possessive's also without its "'s" ("Diavola's"
    says "diavola")."""
    said = set(WORD.findall(low.replace("\u2019", "'")))
    return said | {w[:-2] for w in said if w.endswith("'s") and len(w) > 2}


def _names_it(low: str, name: str) -> bool:
    """A name is named by a word of it that names nothing else: all its words, or its rarest
    (longest) distinctive one ("the Tenby Road branch"; not "product" for "Product 7"); never
    by a text that leaves out a number of it."""
    every = WORD.findall(name.casefold())
    said = _said_words(low)
    if any(w.isdigit() and w not in said for w in every):
        return False  # a model's number tells it apart: "the Diavola Pizza Oven" is not the
        # "Diavola 81 Pizza Oven", nor "Flex 40" the "Flex 30"
    words = [w for w in every if w not in STOP and len(w) > 2]
    if words and all(w in said for w in words):
        return True
    return any(w in said and not w.isdigit() and w not in _COMMON_NAME_WORDS for w in words)


#: Words many catalogue names share ("Product 7", "Standard delivery"): naming one names none.
_COMMON_NAME_WORDS = frozenset(
    "product products service services plan plans item items option options standard "
    "basic premium".split()
)
