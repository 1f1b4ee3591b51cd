"""The fact index (``knowledge/fact_index.py``) and the index-backed reads built on it: the same
answers as reading every fact, at a cost that does not grow with the catalogue."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engramdb import Memory
from engramdb.knowledge import candidates as cand
from engramdb.knowledge import reads
from engramdb.knowledge.claims import Claim
from engramdb.knowledge.fact_index import NAME_TOKEN
from engramdb.knowledge.vocab import normalize_name
from engramdb.knowledge.writing import WriteContext


def _catalogue(mem: Memory, n: int, seed: int = 0, scope: str = "org/shop") -> list[str]:
    rng = random.Random(seed)
    names = [f"Gizmo {i} {rng.choice(['Lamp', 'Drill', 'Kettle'])}" for i in range(n)]
    mem.remember(
        triples=[
            {"subject": name, "type": "product", "key": key, "value": f"£{rng.randint(5, 500)}"}
            for name in names
            for key in ("price", "delivery_fee")
        ],
        scope=scope,
    )
    return names


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    mem = Memory.open(tmp_path_factory.mktemp("shop"), embedder="hashing")
    names = _catalogue(mem, 150)
    _catalogue(mem, 40, seed=5, scope="org/other")  # (another organisation's rows and names)
    policy = b"# Policy\n\nDelivery costs \xc2\xa34 and the price of a gift box is \xc2\xa32.\n"
    mem.upload(policy, name="policy.md", scope="org/shop")  # (the organisation's own facts)
    for i in range(30):  # beliefs of several users, some about the catalogue's things
        mem.remember(
            f"{random.Random(i).choice(names)} costs £{i + 1} and I live in Leeds",
            scope=f"org/shop/user/u{i % 4}",
        )
    yield mem, names
    mem.close()


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.integers(0, 149),
    st.sampled_from(["price", "delivery_fee", "lives_in", "colour"]),
    st.sampled_from([None, "org"]),
    st.sampled_from(["org/shop/user/u1", "org/shop/user/u3", "org/shop"]),
    st.sampled_from([5, 32, 128]),
)
def test_indexed_rows_equal_the_scan(shop, i, key, about, scope, limit):
    """The candidate rows of a claim, walked down indexes class by class, are the rows (in
    the order) the one ORDER BY over every fact of the chain gives."""
    mem, names = shop
    subject = names[i] if about is None else "shop"
    ekey = normalize_name(subject)
    claim = Claim(subject, "product", key, key.replace("_", " "), "£3", "knowledge", "x")
    ctx = WriteContext(scope, 10**9, "conversation", "", 0, "user")
    scopes = ["org/shop/user/u1", "org/shop"] if scope != "org/shop" else ["org/shop"]
    scopes = [scope, *[s for s in scopes if s != scope]]
    keys = {ekey}
    fast = cand._rows(mem._store, claim, ekey, keys, "shop", ctx, scopes, limit)
    slow = cand._rows_scanned(mem._store, claim, ekey, keys, "shop", ctx, scopes, limit)
    assert [r[0] for r in fast] == [r[0] for r in slow]
    if about is None and key == "price":
        assert fast and fast[0][1] == "price" and fast[0][13] == ekey  # (its own row first)


# --------------------------------------------------------------------------- the index itself
def _csv(rows: int, seed: int = 3, bump: int | None = None) -> tuple[bytes, list[tuple]]:
    rng = random.Random(seed)
    lines, out = ["sku,name,category,price,stock"], []
    for i in range(rows):
        name = (
            f"{rng.choice(['Flex', 'Nova', 'Astra', 'Bolt'])} {i} {rng.choice(['Drill', 'Lamp'])}"
        )
        price = rng.randint(5, 900) + (1 if i == bump else 0)
        lines.append(f"SK-{i:05d},{name},tools,£{price}.00,{rng.randint(0, 50)}")
        out.append((name, f"£{price}.00"))
    return ("\n".join(lines) + "\n").encode(), out


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """A catalogue of 1,500 rows (4,500 facts: far over ``reads.CANDIDATES``) and a few beliefs."""
    path = tmp_path_factory.mktemp("big")
    mem = Memory.open(path, embedder="hashing")
    data, rows = _csv(1_500)
    mem.upload(data, name="catalogue.csv", scope="org/shop")
    for i in range(6):
        mem.remember(f"I live in Leeds and my dog is called Rex{i}", scope=f"org/shop/user/u{i}")
    yield mem, rows, path
    mem.close()


def _exhaustive(mem: Memory, text: str, lens: list[str], at=None) -> list[int]:
    """The fact ids of the old way: every visible fact scored."""
    rows = reads.live_rows(mem._store, lens, at)
    scored = sorted(
        (
            (sc, i, r[0])
            for i, (sc, _, _, r) in enumerate(reads.row_scores(mem._store, text, rows, "hybrid"))
        ),
        key=lambda s: (-s[0], s[1]),
    )
    return [fid for _, _, fid in scored[:10]]


def test_query_over_the_index_ranks_as_scoring_every_fact(big):
    """Over 4,500 visible facts the index offers a top of candidates; the facts it returns are
    the ten best of scoring every one of them, and the row a question names comes first."""
    mem, rows, _ = big
    for name, _ in rows[::150]:
        text = f"what does the {name} cost?"
        lens = ["org/shop/user/u1"]
        found = reads.candidate_rows(mem._store, text, lens, None, reads.CANDIDATES)
        assert found.visible >= 4_500 and len(found.rows) <= reads.CANDIDATES
        best = _exhaustive(mem, text, lens)  # (before the query reinforces what it returns)
        hits = [int(h.id[5:]) for h in mem.query(text, lens=lens, k=10) if h.kind == "fact"]
        assert hits == [f for f in best if f in hits][: len(hits)]
        facts = [h.text for h in mem.query(text, lens=lens, k=40) if h.kind == "fact"]
        assert facts and facts[0].startswith(f"{name} "), facts[:3]  # (passages aside)


def test_index_follows_writes_incrementally_and_forgets(big):
    """A write adds only its facts to the index; a fact forgotten leaves it, and no query,
    lens or as_of brings it back."""
    mem, rows, _ = big
    index = mem.fact_index()
    seq, held = index.seq, len(index)
    out = mem.remember("My locker code is 48151", scope="org/shop/user/u2")
    index = mem.fact_index()
    assert index.seq > seq and len(index) == held + len(out.facts)
    fid = out.facts[0].id
    assert any(h.id == f"fact:{fid}" for h in mem.query("locker code", lens=["org/shop/user/u2"]))
    mem.forget(id=fid)
    index = mem.fact_index()
    assert len(index) == held + len(out.facts) - 1
    for lens in (["org/shop/user/u2"], None):
        assert all(h.id != f"fact:{fid}" for h in mem.query("locker code 48151", lens=lens))


def test_rolled_back_write_logs_nothing(big):
    mem, _, _ = big
    before = mem.db.execute("SELECT MAX(seq) FROM changes").fetchone()[0]
    with pytest.raises(RuntimeError), mem._store.lock, mem._store.transaction():
        mem.db.execute("UPDATE facts SET closed_ms = 1 WHERE id = (SELECT MIN(id) FROM facts)")
        raise RuntimeError("abandon")
    assert mem.db.execute("SELECT MAX(seq) FROM changes").fetchone()[0] == before


def test_a_reader_process_follows_the_writer(big):
    """A replica (a server's reading worker) applies the writer's changes from the log: a
    curated price changed by the writer is the one its next query ranks, with no rebuild."""
    mem, rows, path = big
    replica = Memory.open_replica(path, embedder="hashing")
    try:
        lens = ["org/shop/user/u3"]
        name, _ = rows[42]
        replica.query(f"price of the {name}", lens=lens)
        first = replica.fact_index()
        seq, held = first.seq, len(first)
        mem.remember(
            triples=[{"subject": name, "type": "other", "key": "price", "value": "£1234.00"}],
            scope="org/shop",
        )
        hits = replica.query(f"price of the {name}", lens=lens, k=40)
        index = replica.fact_index()
        assert index.seq > seq and len(index) <= held + 2  # (its new fact; nothing re-read)
        assert any("1234" in h.text for h in hits if h.kind == "fact")
    finally:
        replica.close()


def test_as_of_runs_inside_the_index(tmp_path):
    """A second version of a 3,000-row list closes one price: as of before it the old price is
    what the index offers, after it the new one; before the first upload, nothing."""
    mem = Memory.open(tmp_path, embedder="hashing")
    try:
        data, rows = _csv(3_000)
        mem.upload(data, name="c.csv", scope="org/shop", observed_at=1_000_000_000_000)
        data2, rows2 = _csv(3_000, bump=7)
        mem.upload(data2, name="c.csv", scope="org/shop", observed_at=1_100_000_000_000)
        name, old = rows[7]
        new = rows2[7][1]
        text = f"price of the {name}"

        def prices(at):
            hits = mem.query(text, lens=["org/shop"], as_of=at, k=40)
            return [
                h.text for h in hits if h.kind == "fact" and name in h.text and "price" in h.text
            ]

        assert any(old in t for t in prices(1_050_000_000_000))
        assert not any(new in t for t in prices(1_050_000_000_000))
        assert any(new in t for t in prices(None)) and not any(old in t for t in prices(None))
        assert prices(999_000_000_000) == []
    finally:
        mem.close()


def test_context_counts_the_facts_it_never_offered(big):
    mem, rows, _ = big
    name, price = rows[900]
    block = mem.context(f"how much is the {name}?", lens=["org/shop/user/u1"], budget=600)
    assert price in block
    last = block.splitlines()[-1]
    left = int(last.split()[0][1:])
    assert left > 4_000  # (4,500 curated facts, a dozen shown)


@pytest.fixture(scope="module")
def namesakes(tmp_path_factory):
    """Names sharing common words, and names made of common words only."""
    mem = Memory.open(tmp_path_factory.mktemp("names"), embedder="hashing")
    names = [f"Flex {i} Drill" for i in range(60)] + [f"Classic {i} Lamp" for i in range(60)]
    names += ["Flex Drill", "Flex Classic Drill", "Classic Lamp", "Lamp", "Drill Flex Lamp"]
    for scope, some in (("org/shop", names), ("org/other", names[::7])):
        mem.remember(
            triples=[
                {"subject": n, "type": "product", "key": "price", "value": "£5"} for n in some
            ],
            scope=scope,
        )
    yield mem
    mem.close()


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.sampled_from(["flex", "Drill", "classic", "lamp", "7", "14", "the", "is", "x"]),
        max_size=8,
    ),
    st.sampled_from([8, 40, 400]),
    st.sampled_from([["org/shop"], ["org/shop", "org/other"], ["org/other"]]),
)
def test_gazetteer_names_equal_a_check_of_every_name(namesakes, words, small, scopes):
    """``names_for`` (common words looked up by word set) names exactly what a check of every
    name would: each name sharing a rare word with the text, or whose every word it says."""
    index = namesakes.fact_index()
    text = " ".join(words)
    said = set(NAME_TOKEN.findall(text.casefold()))
    want, every = set(), set()
    for low, _, scope, name_words in index._names.values():
        if scope not in scopes:
            continue
        every.add(low)
        rare = any(len(index._name_postings[w]) <= small // 4 for w in name_words & said)
        if rare or name_words <= said:
            want.add(low)
    total = sum(len(index._scope_names.get(s, ())) for s in scopes)
    assert set(index.names_for(scopes, text, small)) == (want if total > small else every)


def test_gazetteer_names_of_a_large_catalogue(big):
    """Past 2,048 names a turn is read with the names it may mention, not all of them; a
    forgotten entity's name leaves the gazetteer."""
    mem, rows, _ = big
    index = mem.fact_index()
    name = rows[77][0]
    found = index.names_for(["org/shop"], f"is the {name} in stock?", 1_000)
    assert name.casefold() in found and len(found) < 200
    assert len(index.names_for(["org/shop"], "anything", 100_000)) >= 1_500  # (few: all)
    assert len(index.names_for(["org/shop"], None, 1_000)) >= 1_500  # (no text: all)


def test_profile_lists_the_users_facts_not_the_catalogue(big):
    mem, _, _ = big
    view = mem.profile(lens=["org/shop/user/u4"])
    listed = [f for part in ("static", "dynamic", "preferences", "knowledge") for f in view[part]]
    assert listed and all(f["scope"] == "org/shop/user/u4" for f in listed)
    assert any("Leeds" in str(f) for f in listed)


def test_a_store_made_before_the_log_is_read_whole(tmp_path):
    """A store whose facts predate the change log (an upgrade: facts, an empty log) is read
    whole by the first query, and followed from then on."""
    with Memory.open(tmp_path, embedder="hashing") as mem:
        mem.remember("My locker code is 48151", scope="org/shop/user/u1")
        with mem._store.lock, mem._store.transaction():
            mem.db.execute("DELETE FROM changes")
    with Memory.open(tmp_path, embedder="hashing") as mem:
        hits = mem.query("locker code", lens=["org/shop/user/u1"])
        assert any(h.kind == "fact" and "48151" in h.text for h in hits)
        mem.remember("My gym is on Tenby Road", scope="org/shop/user/u1")
        hits = mem.query("gym", lens=["org/shop/user/u1"])
        assert any(h.kind == "fact" and "Tenby" in h.text for h in hits)


def test_a_rebuild_waits_for_a_reader_holding_its_mask(big):
    """A reader makes a mask and searches with it under the index's lock; a rebuild asked
    for meanwhile (another thread's sync) waits, so the mask's positions stay the search's
    (before: IndexError, or candidates of other facts)."""
    import threading
    import time

    mem, rows, _ = big
    index = mem.fact_index()
    mem.remember("My bike is a Brompton", scope="org/shop/user/u5")  # (a change to apply)
    with index.held():
        mask = index.visible(lambda s: s.startswith("org/shop"), 2**62)
        index._dead = 10**9  # (the next sync reads everything again)
        rebuild = threading.Thread(target=mem.fact_index)
        rebuild.start()
        time.sleep(0.3)
        assert rebuild.is_alive()  # (it waits for the lock)
        found = index.search(
            reads.vec(mem._store, f"price of the {rows[5][0]}"), {"price"}, mask, 64, (1.0, 1.0)
        )
        assert len(found.ids) == 64
    rebuild.join(60)
    assert not rebuild.is_alive() and index._dead == 0


def test_a_read_goes_on_while_a_large_commit_is_applied(tmp_path):
    """A read that finds a large commit (an upload of thousands of facts) leaves it to the
    index's own thread, which reads it outside the index's lock; the reads of the process go
    on with the index as it was, and the commit appears whole, never in part. A write waits
    for it."""
    import threading

    path = tmp_path / "s"
    with Memory.open(path, embedder="hashing") as mem:
        mem.upload(_csv(20)[0], name="first.csv", scope="org/shop")
        replica = Memory.open_replica(path, embedder="hashing")
        try:
            lens = ["org/shop/user/u1"]
            index = replica.fact_index()
            before = len(index)
            # a large commit, and a slow reading of its words (as on a busy machine)
            mem.upload(_csv(400, seed=9)[0], name="second.csv", scope="org/shop")
            words, started, release = index._words, threading.Event(), threading.Event()
            worded = [0]

            def slow_words(row):
                started.set()
                release.wait(30)
                worded[0] += 1
                return words(row)

            index._words = slow_words
            replica.query("Drill", lens=lens)  # (finds the commit: the index's thread reads it)
            assert started.wait(30) and index._catching_up and not release.is_set()
            seen = [
                reads.candidate_rows(replica._store, "Drill", lens, None, 10).visible for _ in "abc"
            ]
            # a write waits for the thread, and then does not read the commit again
            write = threading.Thread(target=replica.fact_index)
            write.start()
            write.join(0.5)
            assert write.is_alive()
            release.set()
            write.join(60)
            assert not write.is_alive() and not index._catching_up
            assert worded[0] < 1_300  # (the commit's ~1,200 facts worded once, not twice)
            index._words = words
            after = reads.candidate_rows(replica._store, "Drill", lens, None, 10).visible
            assert seen == [before] * 3  # (the reads went on with the index as it was)
            assert after > before + 1_000  # (400 rows of 3 facts, a few the same as before)
            # a write waits: what it decides is against everything committed
            mem.upload(_csv(400, seed=11)[0], name="third.csv", scope="org/shop")
            held = len(index)
            assert len(replica.fact_index()) > held + 1_000
        finally:
            replica.close()


def test_a_process_reads_its_own_large_writes_at_once(tmp_path):
    """A forget or an import of thousands of facts by this process: its next read applies
    them all (only another process's large commit is read in the background)."""
    with Memory.open(tmp_path / "a", embedder="hashing") as mem:
        one = b"name,price\nHammer Drill Deluxe,\xc2\xa319.00\n"
        mem.upload(one, name="a.csv", scope="org/shop")
        big = mem.upload(_csv(400, seed=5)[0], name="big.csv", scope="org/shop")
        lens = ["org/shop/user/u1"]
        assert mem.query("Hammer Drill Deluxe", lens=lens, k=3)
        mem.forget_document(big.id)
        hits = mem.query("Hammer Drill Deluxe price", lens=lens, k=3)
        assert hits and "Hammer Drill Deluxe" in hits[0].text
        lines = list(mem.export())
    with Memory.open(tmp_path / "b", embedder="hashing") as other:
        other.query("anything", lens=["org/shop/user/u1"])  # (its index is loaded, empty)
        other.import_lines(lines)
        hits = other.query("Hammer Drill Deluxe price", lens=["org/shop/user/u1"], k=3)
        assert hits and "Hammer Drill Deluxe" in hits[0].text


def test_a_fact_closed_and_reinforced_again_is_clocked_once(tmp_path):
    """A closed fact's columns are set again at each reinforcement: its position is listed
    once among those whose clocks a mask reads, and the mask leaves it out after it closed."""
    import dataclasses

    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        mem.remember(
            triples=[{"subject": "Gizmo", "type": "product", "key": "price", "value": "£5"}],
            scope="org/shop",
        )
        index = mem.fact_index()
        [fid] = [f.id for f in mem.facts(lens="org/shop")]
        [row] = index._read(mem.db, [fid])
        closed = dataclasses.replace(row, closed_ms=row.known_ms + 1)
        before = len(index._clocked)
        with index.held():
            for n in range(5):
                index._apply(
                    index._prepare([dataclasses.replace(closed, importance=0.1 * n)]), [fid]
                )
        assert len(index._clocked) == before + 1
        mask = index.visible(lambda s: True, row.known_ms + 2)
        assert fid not in index.ids_of(mask)
        assert fid in index.ids_of(index.visible(lambda s: True, row.known_ms))


def _large_commit(tmp_path, **replica_options):
    """A writer with a small catalogue, a replica that has read it, and a second upload of
    ~1,200 facts the replica has not read yet."""
    path = tmp_path / "s"
    mem = Memory.open(path, embedder="hashing")
    mem.upload(_csv(20)[0], name="first.csv", scope="org/shop")
    replica = Memory.open_replica(path, embedder="hashing", **replica_options)
    index = replica.fact_index()
    mem.upload(_csv(400, seed=9)[0], name="second.csv", scope="org/shop")
    return mem, replica, index


def test_a_large_commit_is_published_with_its_vectors(tmp_path):
    """The index's own thread embeds a large commit's facts before it publishes them: a
    query never meets one without vectors and computes them itself (after a 6,000-fact
    upload every worker's queries did, for 0.5-1 s)."""
    mem, replica, index = _large_commit(tmp_path)
    try:
        index._start_filler = lambda: None  # (only the catch-up may give them vectors)
        lens = ["org/shop/user/u1"]
        before = len(index)
        replica.query("Drill", lens=lens)  # (finds the commit: the index's thread reads it)
        assert index._caught_up.wait(60) and len(index) > before + 1_000
        assert not index._pending and bool(index.ready[: index._n].all())
        replica._store.fact_features.clear()
        hits = replica.query("Drill", lens=lens, k=5)
        assert hits and not replica._store.fact_features  # (no vector computed by the query)
    finally:
        replica.close()
        mem.close()


def test_a_read_that_waited_for_the_lock_leaves_the_commit_to_the_thread(tmp_path):
    """Two reads find the same large commit: the one that waited for the index's lock while
    the other handed the commit to the index's thread goes on with the index as it was,
    instead of reading the whole commit inline (0.6 s in a query's path)."""
    import threading

    mem, replica, index = _large_commit(tmp_path)
    lock, tried = index._lock, threading.Event()

    class Spied:  # (the index's lock, telling when the reader asks for it)
        def __enter__(self):
            if threading.current_thread() is reader:
                tried.set()
            return lock.__enter__()

        def __exit__(self, *exc):
            return lock.__exit__(*exc)

    try:
        seq, done = index.seq, threading.Event()
        reader = threading.Thread(target=lambda: (replica.fact_index(wait=False), done.set()))
        index._lock = Spied()
        with lock:
            reader.start()
            assert tried.wait(30)  # (it has seen no catch-up running, and waits for the lock)
            assert not done.is_set()
            index._catching_up = True  # (what the other read does before releasing it)
            index._caught_up.clear()
        assert done.wait(30)
        assert index.seq == seq  # (not applied by this read)
    finally:
        index._lock = lock
        index._catching_up = False
        index._caught_up.set()
        replica.close()
        mem.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread niceness")
def test_a_large_commit_is_read_and_embedded_below_the_queries_priority(tmp_path):
    """A replica reads and embeds another process's large commit ``job_nice`` steps below its
    queries' CPU priority, and publishes it at theirs (a lowered thread holding the index's
    lock would keep them waiting)."""
    import os
    import threading

    mem, replica, index = _large_commit(tmp_path, job_nice=5)
    try:

        def nice() -> int:
            return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

        seen: dict[str, list[int]] = {"apply": []}
        embed, apply = index._embed, index._apply

        embedded: dict[int, int] = {}

        def spied_embed(rows):
            embedded[nice()] = embedded.get(nice(), 0) + len(rows)
            return embed(rows)

        def spied_apply(*args):
            seen["apply"].append(nice())
            return apply(*args)

        index._embed, index._apply = spied_embed, spied_apply
        base = nice()
        replica.query("Drill", lens=["org/shop/user/u1"])
        assert index._caught_up.wait(60)  # (set once the commit is published)
        # (two rows first at the queries' priority: the tokenizer's threads are made then)
        assert embedded.get(base, 0) <= 2 and embedded[min(19, base + 5)] > 1_000
        assert set(embedded) <= {base, min(19, base + 5)}
        assert seen["apply"] == [base]
    finally:
        replica.close()
        mem.close()


def test_a_large_commit_joins_the_partitions_once(tmp_path, monkeypatch):
    """A commit published with its vectors into a partitioned index: every new fact is in the
    partition list its vector is nearest, once, and a search by meaning finds it."""
    import time

    import numpy as np

    from engramdb.knowledge import fact_index as fi

    monkeypatch.setattr(fi, "IVF_MIN", 64)
    path = tmp_path / "s"
    mem = Memory.open(path, embedder="hashing")
    mem.upload(_csv(400)[0], name="first.csv", scope="org/shop")
    replica = Memory.open_replica(path, embedder="hashing")
    index = replica.fact_index()
    try:
        for _ in range(300):  # (the filler trains the partitions once nothing is pending)
            if index._centroids is not None:
                break
            index.wait_filled(10)
            time.sleep(0.05)
        assert index._centroids is not None
        before = index._n
        trained = index._centroids
        # (fewer than as many again: published into these partitions, not trained anew)
        mem.upload(_csv(200, seed=9)[0], name="second.csv", scope="org/shop")
        replica.query("Drill", lens=["org/shop/user/u1"])  # (finds it: the thread reads it)
        assert index._caught_up.wait(60) and index._n > before + 512
        assert index._centroids is trained
        n = index._n
        listed = np.concatenate([pl.view() for pl in index._plists])
        listed = listed[listed < n]
        assert len(listed) == len(set(listed.tolist()))  # (each once)
        new = np.arange(before, n)
        assert bool(index.ready[new].all()) and bool((index.part[new] >= 0).all())
        assert set(new.tolist()) <= set(listed.tolist())
        near = np.argmax(index.vs[new] @ index._centroids.T, axis=1)
        assert bool((index.part[new] == near).all())
    finally:
        replica.close()
        mem.close()


def test_closing_stops_a_catch_up(tmp_path):
    """A store closed while its index reads a large commit: the reading stops at its next
    slice and publishes nothing."""
    import threading

    mem, replica, index = _large_commit(tmp_path)
    words, started, release = index._words, threading.Event(), threading.Event()

    def slow_words(row):
        started.set()
        release.wait(30)
        return words(row)

    index._words = slow_words
    try:
        seq = index.seq
        replica.query("Drill", lens=["org/shop/user/u1"])
        assert started.wait(30)
        index._closing = True  # (what close() says first)
        release.set()
        assert index._caught_up.wait(30)
        assert index.seq == seq  # (nothing published)
    finally:
        index._closing = False
        index._words = words
        replica.close()
        mem.close()
