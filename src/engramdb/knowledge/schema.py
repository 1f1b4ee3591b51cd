"""The knowledge database (``knowledge.db`` beside the engine's files): the tables of the memory
model. Rows are never updated in place except to close them (``closed_ms``, ``valid_until_ms``,
``active``, ``resolved`` with its ``resolution``) or to count corroboration: history is kept,
and ``as_of`` reads walk it.

Why a second SQLite file and not the engine's ``index.db``: the engine applies its index only
from its own log frames (physical redo), so knowledge rows cannot share those transactions
without the engine learning the memory model. Instead ``knowledge.db`` is the system of record
for turns, documents and facts, and every write commits here first in one transaction
(extraction, reconciliation, decision trace). The engine's copy of a turn or a chunk (for
cognitive recall) is written right after; if a crash falls between the two, opening the store
writes the missing engine memories again from these tables (``memory_written = 0``). The chunks
of a document that is rows alone, every row of which gave facts, are never copied there
(``memory_written = FACTS_ONLY``): its facts are what recall finds, and its passages would only
repeat them (and, at tens of thousands of rows, cost every query of the scope).
"""

from __future__ import annotations

__all__ = [
    "FACTS_ONLY",
    "CHANGE_FACT",
    "CHANGE_ENTITY",
    "KNOWLEDGE_SCHEMA",
    "SCHEMA_VERSION",
    "migrate",
]

SCHEMA_VERSION = "1"

#: ``chunks.memory_written`` of a passage kept out of recall (its document's facts say it all)
FACTS_ONLY = 2

KNOWLEDGE_SCHEMA = """
CREATE TABLE IF NOT EXISTS kmeta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sources (
    id           INTEGER PRIMARY KEY,
    kind         TEXT NOT NULL,
    ref          TEXT,
    session_id   TEXT,
    span_start   INTEGER,
    span_end     INTEGER,
    trust        REAL NOT NULL,
    derived_from TEXT NOT NULL DEFAULT '[]',
    principal    TEXT,
    created_ms   INTEGER NOT NULL,
    principal_id TEXT,
    key_id       TEXT,
    on_behalf_of TEXT
);
CREATE TABLE IF NOT EXISTS entities (
    id          INTEGER PRIMARY KEY,
    type        TEXT NOT NULL,
    key         TEXT NOT NULL,
    name        TEXT NOT NULL,
    scope       TEXT NOT NULL,
    category    TEXT NOT NULL,
    authoritative INTEGER NOT NULL DEFAULT 0,
    resolves_to INTEGER REFERENCES entities(id),
    source_id   INTEGER REFERENCES sources(id),
    created_ms  INTEGER NOT NULL,
    forgotten   INTEGER NOT NULL DEFAULT 0,
    UNIQUE (type, key, scope)
);
CREATE INDEX IF NOT EXISTS sources_ref ON sources(ref, kind);
CREATE INDEX IF NOT EXISTS entities_key ON entities(key);
CREATE INDEX IF NOT EXISTS entities_type ON entities(type);
CREATE INDEX IF NOT EXISTS entities_alias ON entities(resolves_to) WHERE resolves_to IS NOT NULL;
CREATE TABLE IF NOT EXISTS facts (
    id             INTEGER PRIMARY KEY,
    entity_id      INTEGER NOT NULL REFERENCES entities(id),
    key            TEXT NOT NULL,
    key_phrase     TEXT NOT NULL,
    value          TEXT NOT NULL,
    value_kind     TEXT NOT NULL,
    value_num      REAL,
    value_unit     TEXT,
    object_id      INTEGER REFERENCES entities(id),
    category       TEXT NOT NULL,
    scope          TEXT NOT NULL,
    source_id      INTEGER NOT NULL REFERENCES sources(id),
    authoritative  INTEGER NOT NULL,
    trust          REAL NOT NULL,
    confidence     REAL NOT NULL,
    importance     REAL NOT NULL,
    statement      TEXT NOT NULL,
    span_start     INTEGER,
    span_end       INTEGER,
    known_ms       INTEGER NOT NULL,
    valid_from_ms  INTEGER,
    valid_until_ms INTEGER,
    closed_ms      INTEGER,
    supersedes     INTEGER REFERENCES facts(id),
    superseded_by  INTEGER REFERENCES facts(id),
    document_id    INTEGER,
    stream         TEXT NOT NULL DEFAULT '',
    corroborations INTEGER NOT NULL DEFAULT 0,
    recalled       INTEGER NOT NULL DEFAULT 0,
    forgotten      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS facts_entity ON facts(entity_id, key);
CREATE INDEX IF NOT EXISTS facts_live ON facts(scope, closed_ms, source_id);
CREATE INDEX IF NOT EXISTS facts_document ON facts(document_id);
CREATE INDEX IF NOT EXISTS facts_key_source ON facts(key, source_id);
CREATE INDEX IF NOT EXISTS facts_entity_source ON facts(entity_id, source_id);
-- the entity graph walks relations both ways and ties entities stated in one source
CREATE INDEX IF NOT EXISTS facts_object ON facts(object_id) WHERE object_id IS NOT NULL;
-- curated statements' contextual encodings, stored once by the writer (statement_vectors.py);
-- derived data: a fact's goes with it, and a changed statement's is dropped
CREATE TABLE IF NOT EXISTS statement_vectors (
    fact_id INTEGER PRIMARY KEY,
    digest  BLOB NOT NULL,
    vec     BLOB NOT NULL
);
CREATE TRIGGER IF NOT EXISTS statement_vectors_purged AFTER DELETE ON facts BEGIN
    DELETE FROM statement_vectors WHERE fact_id = old.id;
END;
CREATE TRIGGER IF NOT EXISTS statement_vectors_restated AFTER UPDATE OF statement ON facts
WHEN new.statement IS NOT old.statement BEGIN
    DELETE FROM statement_vectors WHERE fact_id = old.id;
END;
CREATE INDEX IF NOT EXISTS facts_source ON facts(source_id);
CREATE TABLE IF NOT EXISTS provenance (
    fact_id    INTEGER NOT NULL REFERENCES facts(id),
    source_id  INTEGER NOT NULL REFERENCES sources(id),
    created_ms INTEGER NOT NULL,
    PRIMARY KEY (fact_id, source_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS instructions (
    id          INTEGER PRIMARY KEY,
    text        TEXT NOT NULL,
    scope       TEXT NOT NULL,
    source_id   INTEGER NOT NULL REFERENCES sources(id),
    active      INTEGER NOT NULL DEFAULT 1,
    created_ms  INTEGER NOT NULL,
    revoked_ms  INTEGER,
    revoked_by  INTEGER REFERENCES sources(id),
    forgotten   INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS uncertainties (
    id          INTEGER PRIMARY KEY,
    about       TEXT NOT NULL,
    reason      TEXT NOT NULL,
    kind        TEXT NOT NULL,
    scope       TEXT NOT NULL,
    source_id   INTEGER REFERENCES sources(id),
    fact_ids    TEXT NOT NULL DEFAULT '[]',
    resolved    INTEGER NOT NULL DEFAULT 0,
    created_ms  INTEGER NOT NULL,
    resolved_ms INTEGER,
    forgotten   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS uncertainties_scope ON uncertainties(scope, resolved);
CREATE TABLE IF NOT EXISTS observations (
    id          INTEGER PRIMARY KEY,
    scope       TEXT NOT NULL,
    signature   TEXT NOT NULL,
    text        TEXT NOT NULL,
    proof_count INTEGER NOT NULL,
    first_ms    INTEGER NOT NULL,
    last_ms     INTEGER NOT NULL,
    history     TEXT NOT NULL DEFAULT '[]',
    fact_id     INTEGER REFERENCES facts(id),
    UNIQUE (scope, signature)
);
CREATE TABLE IF NOT EXISTS turns (
    id             TEXT PRIMARY KEY,
    session_id     TEXT,
    seq            INTEGER NOT NULL,
    role           TEXT NOT NULL,
    text           TEXT NOT NULL,
    scope          TEXT NOT NULL,
    observed_ms    INTEGER NOT NULL,
    created_ms     INTEGER NOT NULL,
    memory_written INTEGER NOT NULL DEFAULT 0,
    forgotten      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS turns_session ON turns(session_id, seq);
CREATE INDEX IF NOT EXISTS turns_scope ON turns(scope, created_ms);
CREATE TABLE IF NOT EXISTS documents (
    id            INTEGER PRIMARY KEY,
    name          TEXT NOT NULL,
    media_type    TEXT NOT NULL,
    content_hash  TEXT NOT NULL,
    title         TEXT NOT NULL,
    scope         TEXT NOT NULL,
    version       INTEGER NOT NULL,
    observed_ms   INTEGER NOT NULL,
    created_ms    INTEGER NOT NULL,
    superseded_by INTEGER REFERENCES documents(id),
    forgotten     INTEGER NOT NULL DEFAULT 0,
    UNIQUE (name, scope, version)
);
CREATE TABLE IF NOT EXISTS chunks (
    id             TEXT PRIMARY KEY,
    document_id    INTEGER NOT NULL REFERENCES documents(id),
    idx            INTEGER NOT NULL,
    text           TEXT NOT NULL,
    heading        TEXT NOT NULL,
    page           INTEGER,
    scope          TEXT NOT NULL,
    observed_ms    INTEGER NOT NULL,
    memory_written INTEGER NOT NULL DEFAULT 0,
    forgotten      INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS scopes (
    path          TEXT PRIMARY KEY,
    created_ms    INTEGER NOT NULL,
    tombstoned_ms INTEGER
);
CREATE TABLE IF NOT EXISTS jobs (
    id               TEXT PRIMARY KEY,
    kind             TEXT NOT NULL,
    state            TEXT NOT NULL,
    scope            TEXT NOT NULL,
    name             TEXT,
    media_type       TEXT,
    observed_ms      INTEGER,
    payload          BLOB,
    principal_id     TEXT,
    key_id           TEXT,
    on_behalf_of     TEXT,
    phase            TEXT,
    done             INTEGER NOT NULL DEFAULT 0,
    total            INTEGER NOT NULL DEFAULT 0,
    attempts         INTEGER NOT NULL DEFAULT 0,
    result           TEXT,
    error            TEXT,
    created_ms       INTEGER NOT NULL,
    started_ms       INTEGER,
    finished_ms      INTEGER
);
CREATE INDEX IF NOT EXISTS jobs_state ON jobs(state, created_ms);
CREATE TABLE IF NOT EXISTS turn_versions (
    turn_id    TEXT NOT NULL,
    version    INTEGER NOT NULL,
    event      TEXT NOT NULL,
    text       TEXT,
    metadata   TEXT,
    value      TEXT,
    created_ms INTEGER NOT NULL,
    actor      TEXT,
    PRIMARY KEY (turn_id, version)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS items (
    turn_id    TEXT PRIMARY KEY,
    scope      TEXT NOT NULL,
    key        TEXT NOT NULL,
    value      TEXT NOT NULL,
    ttl_ms     INTEGER,
    expires_ms INTEGER,
    forgotten  INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS items_key ON items(scope, key) WHERE forgotten = 0;
CREATE INDEX IF NOT EXISTS items_expiry ON items(expires_ms) WHERE expires_ms IS NOT NULL;
CREATE TABLE IF NOT EXISTS traces (
    id         INTEGER PRIMARY KEY,
    op         TEXT NOT NULL,
    scope      TEXT,
    source_id  INTEGER,
    created_ms INTEGER NOT NULL,
    detail     TEXT NOT NULL
);
"""

#: Columns added after the first release: (table, column, declaration). A store made before
#: gets them by ``ALTER TABLE`` when it is opened (``migrate``).
_ADDED_COLUMNS = (
    # who wrote (``Caller.provenance()``): the acting principal, its key, the delegation target
    ("sources", "principal_id", "TEXT"),
    ("sources", "key_id", "TEXT"),
    ("sources", "on_behalf_of", "TEXT"),
    # a soft forget hides the traces and observations that quote what it forgot
    ("traces", "forgotten", "INTEGER NOT NULL DEFAULT 0"),
    ("observations", "forgotten", "INTEGER NOT NULL DEFAULT 0"),
    # how a conflict was resolved (``workflow.resolve_conflict``): uphold, accept or dismiss,
    # the resolver's note, and who resolved it (``Caller.provenance()`` as JSON; NULL: embedded)
    ("uncertainties", "resolution", "TEXT"),
    ("uncertainties", "note", "TEXT"),
    ("uncertainties", "resolved_by", "TEXT"),
    # a memory is corrected in place (``revisions``): its version, when it last changed, and
    # what the writer attached to it (a JSON object; mem0's ``metadata``); old texts stay in
    # ``turn_versions``
    ("turns", "version", "INTEGER NOT NULL DEFAULT 1"),
    ("turns", "updated_ms", "INTEGER"),
    ("turns", "metadata", "TEXT"),
)


# What stores made before the change log kept instead: one counter moved by triggers on every
# curated change, read by caches that were dropped whole on each move (``migrate`` removes it).
_RETIRED = "DROP TABLE IF EXISTS catalogue_version;\n" + "".join(
    f"DROP TRIGGER IF EXISTS curated_{table}_{what};\n"
    for table in ("facts", "entities")
    for what in ("added", "changed", "deleted")
)


#: What a row of ``changes`` names: a fact or an entity (``row_id`` is its id).
CHANGE_FACT, CHANGE_ENTITY = 0, 1

# The change log the fact index (``fact_index.py``) follows: every insert, delete and change of
# what the index holds adds a row, in the writer's own transaction (a rolled-back write logs
# nothing); rows never seen (an upload's unpublished rows, ``forgotten`` 2) log nothing until
# they are published. A reader applies the rows after the last one it read, so a commit of new
# facts costs every process only those facts, never a rebuild. A rise of importance is logged
# (reinforcement moves ranks); its decay and counts of corroboration and recall are not.
_LOGGED_COLUMNS = {
    "facts": (
        CHANGE_FACT,
        "entity_id, key, key_phrase, value, value_kind, statement, category, scope, "
        "authoritative, known_ms, valid_until_ms, closed_ms, forgotten",
    ),
    "entities": (CHANGE_ENTITY, "type, key, name, scope, authoritative, forgotten"),
}
CHANGE_LOG = (
    "CREATE TABLE IF NOT EXISTS changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, "
    "kind INTEGER NOT NULL, row_id INTEGER NOT NULL);\n"
    + "".join(  # (made anew at each open: the columns logged may have changed)
        f"DROP TRIGGER IF EXISTS logged_{table}_added; DROP TRIGGER IF EXISTS logged_{table}_"
        f"changed; DROP TRIGGER IF EXISTS logged_{table}_deleted;\n"
        f"CREATE TRIGGER IF NOT EXISTS logged_{table}_added AFTER INSERT ON {table} "
        f"WHEN NEW.forgotten = 0 BEGIN "
        f"INSERT INTO changes(kind, row_id) VALUES ({kind}, NEW.id); END;\n"
        f"CREATE TRIGGER IF NOT EXISTS logged_{table}_changed AFTER UPDATE OF {columns} "
        f"ON {table} WHEN NEW.forgotten = 0 OR OLD.forgotten = 0 BEGIN "
        f"INSERT INTO changes(kind, row_id) VALUES ({kind}, NEW.id); END;\n"
        f"CREATE TRIGGER IF NOT EXISTS logged_{table}_deleted AFTER DELETE ON {table} "
        f"WHEN OLD.forgotten = 0 BEGIN "
        f"INSERT INTO changes(kind, row_id) VALUES ({kind}, OLD.id); END;\n"
        for table, (kind, columns) in _LOGGED_COLUMNS.items()
    )
    # a reinforcement (importance up) is logged; decay (every fact of a category, down a
    # little) is not: it would log the whole catalogue at each consolidation
    + "DROP TRIGGER IF EXISTS logged_facts_reinforced;\n"
    "CREATE TRIGGER IF NOT EXISTS logged_facts_reinforced AFTER UPDATE OF importance ON facts "
    f"WHEN NEW.importance > OLD.importance AND NEW.forgotten = 0 BEGIN "
    f"INSERT INTO changes(kind, row_id) VALUES ({CHANGE_FACT}, NEW.id); END;\n"
)

#: Rows of ``changes`` kept (older ones are dropped when the store opens; a reader that was
#: further behind reads the whole index again).
CHANGES_KEPT = 1_000_000


def migrate(db) -> None:
    """Bring a store made by an earlier version up to this schema (idempotent)."""
    db.execute("DROP INDEX IF EXISTS facts_scope")  # facts_live leads with the same columns
    for table, column, decl in _ADDED_COLUMNS:
        have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
        if column not in have:
            db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {decl}")
    db.executescript(_RETIRED)
    db.executescript(CHANGE_LOG)
    db.execute(
        "DELETE FROM changes WHERE seq <= (SELECT MAX(seq) FROM changes) - ?", (CHANGES_KEPT,)
    )
