"""Acceptance tests for issue 36 (curated knowledge at catalogue scale), written black box
from the issue: a CSV price list of a few thousand rows uploaded to an organisation, read
through customers' lenses. Behaviour must be right among thousands of rows; the latency
targets of the issue are checked here at CI size (``xfail`` while not met: see
``benchmarks/bench_catalogue_scale_acceptance.py`` for the 55,000-row figures)."""

from __future__ import annotations

import csv
import io
import random
import statistics
import threading
import time
from datetime import UTC, datetime

import pytest

from engramdb import Memory

ROWS = 4000  # the shared catalogue (16,000 curated facts)
SMALL = 3000  # the catalogues the mutating tests upload

BRANDS = (
    "Flex Diavola Nordic Apex Vulcan Orion Summit Atlas Zephyr Titan Aurora Cobalt Falcon "
    "Granite Harbor Ivy Juniper Kestrel Lumen Maple Nimbus Onyx Pioneer Quartz Raven Sierra "
    "Tundra Umbra Vertex Willow Xenon Yukon Zenith Alder Boreal Cedar Delta Ember Fjord Glacier"
).split()
ADJECTIVES = (
    "Classic Compact Deluxe Pro Mini Max Ultra Eco Smart Turbo Silent Rustic Urban Grand Lite"
).split()
TYPES = [
    ("Drill", "tools"),
    ("Pizza Oven", "kitchen"),
    ("Sander", "tools"),
    ("Kettle", "kitchen"),
    ("Blender", "kitchen"),
    ("Jigsaw", "tools"),
    ("Lawn Mower", "garden"),
    ("Hedge Trimmer", "garden"),
    ("Desk Lamp", "lighting"),
    ("Floor Lamp", "lighting"),
    ("Backpack", "outdoor"),
    ("Tent", "outdoor"),
    ("Sleeping Bag", "outdoor"),
    ("Air Fryer", "kitchen"),
    ("Toaster", "kitchen"),
    ("Heater", "home"),
    ("Fan", "home"),
    ("Vacuum", "home"),
    ("Router", "electronics"),
    ("Speaker", "electronics"),
]
FIXED = {7: ("Flex 30 Drill", "tools"), 23: ("Diavola Pizza Oven", "kitchen")}
HEADER = ["sku", "name", "category", "price", "stock", "weight"]
# rows asked about: two named ones near the top, one plain, one deep in the catalogue
TARGETS = [7, 23, 11, 2817]


def catalogue_rows(n: int, seed: int = 36) -> list[dict[str, str]]:
    rng = random.Random(seed)
    names = [(f"{b} {a} {t}", c) for b in BRANDS for a in ADJECTIVES for t, c in TYPES]
    names += [(f"{b} {m} {t}", c) for m in range(2, 100) for b in BRANDS for t, c in TYPES]
    rng.shuffle(names)
    taken = {name for name, _ in FIXED.values()}
    pool = iter(x for x in names if x[0] not in taken)
    rows = []
    for i in range(n):
        name, cat = FIXED[i] if i in FIXED else next(pool)
        rows.append(
            {
                "sku": f"SK-{i + 1:06d}",
                "name": name,
                "category": cat,
                "price": f"£{rng.randint(3, 899)}.{rng.choice((0, 49, 95, 99)):02d}",
                "stock": str(rng.randint(0, 500)),
                "weight": f"{rng.randint(1, 250) / 10:.1f} kg",
            }
        )
    return rows


def csv_bytes(rows: list[dict[str, str]]) -> bytes:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=HEADER, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue().encode()


def other_org_rows() -> list[dict[str, str]]:
    return [
        {
            "sku": f"OT-{i:04d}",
            "name": f"Meadow {w} Teapot",
            "category": "tea",
            "price": f"£{10 + i}.50",
            "stock": "5",
            "weight": "0.4 kg",
        }
        for i, w in enumerate(["Rose", "Mint", "Jasmine", "Earl", "Chai"])
    ]


def answers(text: str, row: dict[str, str]) -> bool:
    t = text.lower()
    return row["name"].lower() in t and row["price"].lower() in t


def lines_with(block: str, name: str, value: str) -> list[str]:
    return [ln for ln in block.splitlines() if name.lower() in ln.lower() and value in ln]


def short(hits, n: int = 3) -> list[str]:
    return [f"{h.kind}:{h.text[:90]!r}" for h in hits[:n]]


def stamp() -> datetime:
    return datetime.fromtimestamp(time.time(), UTC)


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    """One store: ``org/shop`` holds a 4,000-row price list, ``org/other`` a list of its own."""
    rows = catalogue_rows(ROWS)
    mem = Memory.open(tmp_path_factory.mktemp("catalogue") / "store")
    mem.upload(csv_bytes(other_org_rows()), name="teapots.csv", scope="org/other")
    time.sleep(0.05)
    before = stamp()
    time.sleep(0.05)
    t = time.perf_counter()
    doc = mem.upload(csv_bytes(rows), name="prices.csv", scope="org/shop")
    upload_s = time.perf_counter() - t
    time.sleep(0.05)
    after = stamp()
    yield {"mem": mem, "rows": rows, "doc": doc, "before": before, "after": after, "s": upload_s}
    mem.close()


# ------------------------------------------------------------------------ conflicts
@pytest.mark.parametrize("target", TARGETS)
def test_wrong_price_is_flagged_against_its_row(shop, target):
    mem, row = shop["mem"], shop["rows"][target]
    lens = f"org/shop/user/claim{target}"
    w = mem.remember(f"The {row['name']} costs £5.", scope=lens)
    found = []
    for c in mem.conflicts(lens=lens):
        sides = c.get("sides") or []
        curated = [
            s
            for s in sides
            if s.get("authoritative")
            and s.get("value") == row["price"]
            and row["name"].lower() in str(s.get("statement", "")).lower()
        ]
        belief = [s for s in sides if not s.get("authoritative") and "5" in str(s.get("value"))]
        if curated and belief:
            found.append(c)
    summary = [
        (c.get("about"), [(s.get("value"), s.get("statement")) for s in c.get("sides") or []])
        for c in mem.conflicts(lens=lens)
    ]
    assert found, (
        f"no conflict of '£5' against {row['name']} price {row['price']}; "
        f"turn result conflicts={w.conflicts[:3]}, open conflicts={summary[:3]}"
    )


# ------------------------------------------------------------------------ grounding
# Row 2817 ("Boreal 74 Lawn Mower") failed at first sight and for a while after: chunks of the
# CSV that share its words outranked the fact. A file that is rows alone now keeps its chunks
# out of recall (its facts say all it says), and the question's answer kind ranks the price
# first among the row's facts: it passes, and its xfail mark is gone.


@pytest.mark.parametrize(
    "target",
    TARGETS,
)
def test_price_question_finds_the_row_in_top_3(shop, target):
    mem, row = shop["mem"], shop["rows"][target]
    hits = mem.query(f"how much is the {row['name']}?", lens=[f"org/shop/user/ask{target}"])
    assert any(answers(h.text, row) for h in hits[:3]), (
        f"{row['name']} {row['price']} not in top 3: {short(hits)}"
    )


@pytest.mark.parametrize("target", TARGETS)
def test_price_question_context_holds_the_price(shop, target):
    mem, row = shop["mem"], shop["rows"][target]
    block = mem.context(
        f"how much is the {row['name']}?", lens=[f"org/shop/user/ctx{target}"], budget=1500
    )
    assert len(block) <= 1500
    assert lines_with(block, row["name"], row["price"]), (
        f"{row['name']} {row['price']} not in the context block: {block[:400]!r}"
    )


@pytest.mark.parametrize("target", [7, 1233, 2817])
def test_sku_lookup_finds_the_row(shop, target):
    mem, row = shop["mem"], shop["rows"][target]
    hits = mem.query(f"what's {row['sku']}?", lens=[f"org/shop/user/sku{target}"])

    def is_row(h) -> bool:
        if h.fact is not None and h.fact.entity.lower() == row["name"].lower():
            return True
        return row["sku"] in h.text and row["name"].lower() in h.text.lower()

    assert any(is_row(h) for h in hits[:3]), f"{row['sku']} ({row['name']}): {short(hits)}"


# ------------------------------------------------------------------------ lenses
def test_another_organisation_sees_none_of_the_catalogue(shop):
    mem, rows = shop["mem"], shop["rows"]
    lens = "org/other/user/x1"
    names = {r["name"].lower() for r in rows}
    for target in TARGETS:
        row = rows[target]
        for mode in ("hybrid", "bm25", "vector"):
            hits = mem.query(f"how much is the {row['name']}?", lens=[lens], k=20, mode=mode)
            leaked = [h for h in hits if not h.scope.startswith("org/other")]
            assert not leaked, f"{mode}: {short(leaked)}"
            assert not any(row["sku"] in h.text for h in hits)
        hits = mem.query(f"what's {row['sku']}?", lens=[lens], k=20)
        assert all(h.scope.startswith("org/other") for h in hits), short(hits)
        block = mem.context(f"how much is the {row['name']}?", lens=[lens], budget=1500)
        assert row["name"].lower() not in block.lower() and row["sku"] not in block, block[:400]
    facts = mem.facts(lens=lens)
    assert facts, "the other organisation's own list is visible to it"
    assert all(f.scope.startswith("org/other") for f in facts)
    assert not any(f.entity.lower() in names for f in facts)
    assert not any(
        s.get("scope", "").startswith("org/shop")
        for c in mem.conflicts(lens=lens)
        for s in c.get("sides") or []
    )


def test_customer_lens_sees_the_organisation_but_not_another_org(shop):
    mem = shop["mem"]
    facts = mem.facts(lens="org/shop/user/u9")
    scopes = {f.scope for f in facts}
    assert "org/shop" in scopes and not any(s.startswith("org/other") for s in scopes)
    assert sum(1 for f in facts if f.scope == "org/shop") >= 4 * ROWS
    hits = mem.query("how much is the Meadow Mint Teapot?", lens=["org/shop/user/u9"], k=20)
    assert not any(h.scope.startswith("org/other") for h in hits), short(hits)


# ------------------------------------------------------------------------ as_of
def test_as_of_before_the_upload_sees_no_catalogue_fact(shop):
    mem, rows = shop["mem"], shop["rows"]
    names = {r["name"].lower() for r in rows}
    lens = "org/shop/user/history"
    old = mem.facts(lens=lens, as_of=shop["before"])
    assert not any(f.entity.lower() in names for f in old), [f.statement for f in old[:3]]
    new = mem.facts(lens=lens, as_of=shop["after"])
    assert sum(1 for f in new if f.entity.lower() in names) >= 4 * ROWS
    for target in TARGETS[:2]:
        row = rows[target]
        q = f"how much is the {row['name']}?"
        hits = mem.query(q, lens=[lens], as_of=shop["before"], k=20)
        facts = [h for h in hits if h.kind == "fact" and h.fact.entity.lower() in names]
        assert not facts, short(facts)
        # after the upload the catalogue is there (its rank is tested above, not here)
        hits = mem.query(q, lens=[lens], as_of=shop["after"], k=10)
        assert any(h.scope == "org/shop" for h in hits), short(hits, 10)
        assert any(
            f.entity == row["name"] and f.key == "price" and f.value == row["price"] for f in new
        )


# ------------------------------------------------------------------------ versions, forgetting
def test_second_version_with_one_changed_price_supersedes(tmp_path):
    rows = catalogue_rows(SMALL)
    row = rows[23]
    old_price, new_price = row["price"], "£123.45"
    assert old_price != new_price
    changed = [dict(r) for r in rows]
    changed[23]["price"] = new_price
    with Memory.open(tmp_path / "store") as mem:
        mem.upload(csv_bytes(rows), name="prices.csv", scope="org/shop")
        doc = mem.upload(csv_bytes(changed), name="prices.csv", scope="org/shop")
        assert doc.version == 2 and not doc.unchanged
        lens = "org/shop/user/v2"
        live = {
            f.value
            for f in mem.facts(lens=lens)
            if f.entity.lower() == row["name"].lower() and f.key == "price"
        }
        assert live == {new_price}, live
        # the other rows are still there, once
        other = rows[11]
        prices = [
            f.value
            for f in mem.facts(lens=lens)
            if f.entity.lower() == other["name"].lower() and f.key == "price"
        ]
        assert prices == [other["price"]], prices
        q = f"how much is the {row['name']}?"
        hits = mem.query(q, lens=[lens], k=10)
        new_row = dict(row, price=new_price)
        assert any(answers(h.text, new_row) for h in hits[:3]), short(hits)
        assert not any(answers(h.text, row) for h in hits), short(hits, 10)
        block = mem.context(q, lens=[lens], budget=1500)
        assert lines_with(block, row["name"], new_price), block[:400]
        assert not lines_with(block, row["name"], old_price), block[:400]


def test_forgotten_document_never_comes_back(tmp_path):
    rows = catalogue_rows(SMALL)
    names = {r["name"].lower() for r in rows}
    lens = "org/shop/user/f1"

    def check(mem: Memory) -> None:
        assert not any(f.entity.lower() in names for f in mem.facts(lens=lens))
        for target in (7, 23, 2817):
            row = rows[target]
            q = f"how much is the {row['name']}?"
            hits = mem.query(q, lens=[lens], k=20)
            assert not any(answers(h.text, row) for h in hits), short(hits, 20)
            assert not any(row["sku"] in h.text for h in hits), short(hits, 20)
            block = mem.context(q, lens=[lens], budget=1500)
            assert not lines_with(block, row["name"], row["price"]), block[:400]
            assert row["sku"] not in block

    with Memory.open(tmp_path / "store") as mem:
        doc = mem.upload(csv_bytes(rows), name="prices.csv", scope="org/shop")
        assert doc.facts >= 4 * SMALL
        mem.remember("I'd like to know about delivery times.", scope=lens)
        mem.forget_document(doc.id)
        check(mem)
        mem.upload(b"Delivery takes 3 to 5 working days.", name="delivery.md", scope="org/shop")
        check(mem)
    with Memory.open(tmp_path / "store") as mem:
        check(mem)


# ------------------------------------------------------------------------ jobs
def _watch(mem: Memory, job_id: str, probe=None, timeout: float = 240.0):
    """Snapshots of the job until it finishes (and what ``probe`` saw at each)."""
    seen, probes = [], []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        j = mem.job(job_id)
        seen.append((j.state, j.phase, j.done, j.total))
        if j.finished:
            break
        if probe is not None:
            probes.append(probe())
        time.sleep(0.02)
    return mem.wait_job(job_id, timeout=5), seen, probes


@pytest.mark.wallclock
def test_job_upload_reports_progress(tmp_path):
    rows = catalogue_rows(ROWS)
    with Memory.open(tmp_path / "store") as mem:
        job = mem.submit_upload(csv_bytes(rows), name="prices.csv", scope="org/shop")
        assert job.state in ("queued", "running", "done")
        final, seen, _ = _watch(mem, job.id)
        assert final.state == "done", (final.state, final.error)
        assert final.result is not None and final.result.facts >= 4 * ROWS
        assert final.total > 0 and final.done == final.total, (final.done, final.total)
        assert final.phase in ("reading", "writing", "indexing")
        running = [s for s in seen if s[0] == "running"]
        assert running, f"never seen running: {seen[:5]}"
        progress = [s for s in running if s[1] is not None and s[3] > 0]
        assert progress, f"no progress while running: {running[:5]}"
        writing = sorted({s[2] for s in progress if s[1] == "writing"})
        assert len(writing) >= 2, (
            f"rows written are not counted as they go: {sorted(set(s for s in running))[:10]}"
        )
        assert final.result.facts == len(mem.facts(lens="org/shop"))


def test_reads_never_see_half_an_upload(tmp_path):
    rows = catalogue_rows(ROWS)
    with Memory.open(tmp_path / "store") as mem:
        job = mem.submit_upload(csv_bytes(rows), name="prices.csv", scope="org/shop")
        final, seen, counts = _watch(mem, job.id, lambda: len(mem.facts(lens="org/shop/user/r")))
        assert final.state == "done", final.error
        total = len(mem.facts(lens="org/shop/user/r"))
        assert total >= 4 * ROWS
        partial = sorted({c for c in counts if c not in (0, total)})
        assert not partial, f"a read saw {partial[:5]} of {total} facts"


@pytest.mark.xfail(
    reason="issue 36 target: a large upload is written in batches that release the lock",
    strict=False,
)
@pytest.mark.wallclock
def test_a_turn_is_not_held_up_by_a_large_upload(tmp_path):
    rows = catalogue_rows(ROWS)
    with Memory.open(tmp_path / "store") as mem:
        mem.remember("I live in Leeds.", scope="org/other/user/z")  # warm
        job = mem.submit_upload(csv_bytes(rows), name="prices.csv", scope="org/shop")
        waits = []
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            j = mem.job(job.id)
            if j.finished:
                break
            if j.state == "running" and j.phase == "writing":
                t = time.perf_counter()
                mem.remember(f"My order number is {len(waits)}.", scope="org/other/user/z")
                waits.append(time.perf_counter() - t)
            time.sleep(0.05)
        assert mem.wait_job(job.id, timeout=240).state == "done"
        assert waits, "the writing phase was never seen"
        assert max(waits) < 2.0, f"turns waited {[round(w, 2) for w in waits]} s"


def test_concurrent_reader_thread_sees_the_catalogue_after_upload(tmp_path):
    rows = catalogue_rows(SMALL)
    row = rows[7]
    got: list = []
    with Memory.open(tmp_path / "store") as mem:
        mem.query("warm up", lens=["org/shop/user/t"])  # a reading thread exists before
        job = mem.submit_upload(csv_bytes(rows), name="prices.csv", scope="org/shop")
        assert mem.wait_job(job.id, timeout=240).state == "done"

        def reader() -> None:
            got.append(mem.query(f"what's {row['sku']}?", lens=["org/shop/user/t"], mode="bm25"))
            got.append(mem.facts(lens="org/shop/user/t"))

        th = threading.Thread(target=reader)
        th.start()
        th.join(120)
        assert len(got) == 2, "the reading thread did not finish"
        assert any(row["sku"] in h.text for h in got[0]), short(got[0])
        assert len(got[1]) >= 4 * SMALL
        assert any(f.entity == row["name"] and f.value == row["price"] for f in got[1])


# ------------------------------------------------------------------------ latency targets
def _median_ms(fn, reps: int = 3) -> float:
    ts = []
    for i in range(reps):
        t = time.perf_counter()
        fn(i)
        ts.append((time.perf_counter() - t) * 1e3)
    return statistics.median(ts)


def _costs(mem: Memory, rows, tag: str) -> dict[str, float]:
    row = rows[7]
    q = f"how much is the {row['name']}?"
    mem.query(q, lens=[f"org/shop/user/{tag}w"])  # warm
    return {
        "turn": _median_ms(
            lambda i: mem.remember(f"The {row['name']} costs £5.", scope=f"org/shop/user/{tag}{i}")
        ),
        "query": _median_ms(lambda i: mem.query(q, lens=[f"org/shop/user/{tag}q{i}"])),
        "context": _median_ms(
            lambda i: mem.context(q, lens=[f"org/shop/user/{tag}c{i}"], budget=1500)
        ),
    }


@pytest.mark.xfail(
    reason="issue 36 target: turn, query and context at catalogue size <= 3x their 50-row cost",
    strict=False,
)
@pytest.mark.wallclock
def test_turn_query_context_cost_does_not_grow_with_the_catalogue(shop, tmp_path):
    rows = catalogue_rows(50)
    with Memory.open(tmp_path / "small") as small:
        small.upload(csv_bytes(rows), name="prices.csv", scope="org/shop")
        base = _costs(small, rows, "s")
    big = _costs(shop["mem"], shop["rows"], "b")
    ratios = {k: big[k] / max(base[k], 1.0) for k in base}
    assert all(r <= 3.0 for r in ratios.values()), (
        f"50 rows {base} ms, {ROWS} rows {big} ms, ratios {ratios}"
    )
