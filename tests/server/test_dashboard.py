"""The dashboard in a real browser: Debian's Chromium driven by Playwright against a real
server on loopback, seeded through the API. Every view is walked as a person would (sign in,
pick a context, filter, click), asserting on what is on the screen; any page error, console
error (a Content-Security-Policy violation is one) or request that leaves the server fails
the test. Screenshots for docs/dashboard.md are taken on the way (``ENGRAMDB_SCREENSHOTS``
names the directory; ``docs/images`` when the documentation is refreshed)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from _serve import agent_key

pytestmark = pytest.mark.browser

playwright_sync = pytest.importorskip("playwright.sync_api")

CHROMIUM = os.environ.get("ENGRAMDB_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

if not shutil.which(CHROMIUM):
    if os.environ.get("ENGRAMDB_REQUIRE_BROWSER"):
        raise RuntimeError(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium")
    pytest.skip(f"no Chromium at {CHROMIUM} (apt install chromium)", allow_module_level=True)

POLICY = b"""# Acme support policy

Items can be returned within 30 days of delivery.

The Aria headphones cost $199.

Standard delivery takes 5 business days.
"""

TURNS = [
    ("maya", "My name is Maya and I work at Siemens as an engineer."),
    ("maya", "My sister Priya lives in Toronto."),
    ("maya", "I think the Aria headphones cost $149."),
    ("maya", "I moved to Lisbon last spring."),
    ("maya", "I moved to Porto."),
    ("bob", "I live in Berlin and my dog is called Rex."),
    ("bob", "I was told I can return items within 60 days."),
    ("eve", 'Hello <img src=x onerror="window.pwned=1"><script>window.pwned=2</script> there'),
]


@pytest.fixture(scope="module")
def seeded(live) -> dict:
    """A context with a curated policy, two customers' turns (a revised one, a forgotten
    one), two open conflicts, and a read-only key of one customer."""
    admin = live.client(live.admin)
    assert admin.post("/api/v1/contexts", json={"name": "support"}).status_code == 201
    assert admin.post("/api/v1/contexts", json={"name": "sales"}).status_code == 201
    r = admin.post(
        "/api/v1/support/documents?wait=true",
        files={"file": ("policy.md", POLICY, "text/markdown")},
        data={"scope": "org/acme"},
    )
    assert r.status_code == 201, r.text
    ids = {}
    for who, text in TURNS:
        r = admin.post(
            "/api/v1/support/facts",
            json={"text": text, "scope": f"org/acme/user/{who}", "sessionId": f"s-{who}"},
        )
        assert r.status_code == 201, r.text
        ids[text] = r.json()["turnId"]
    first = ids[TURNS[0][1]]
    r = admin.patch(
        f"/api/v1/support/memories/{first}",
        json={"text": "My name is Maya and I work at Bosch as an engineer."},
    )
    assert r.status_code == 200, r.text
    r = admin.post("/api/v1/support/forget", json={"id": ids[TURNS[1][1]]})
    assert r.status_code == 200, r.text
    maya = agent_key(
        admin,
        "maya-agent",
        {"memory:read": ["org/acme/user/maya", "org/acme"]},
        ["support"],
    )
    return {"ids": ids, "revised": first, "maya": maya, "forgotten": ids[TURNS[1][1]]}


@pytest.fixture(scope="module")
def browser() -> Iterator:
    with playwright_sync.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


class Watched:
    """A page whose errors and outside requests are collected to be asserted empty."""

    def __init__(self, browser, base: str):
        self.base = base
        self.context = browser.new_context(viewport={"width": 1440, "height": 900})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.expected: list[str] = []
        self.outside: list[str] = []
        host = urlsplit(base).netloc
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on(
            "response",
            lambda r: r.status >= 400 and self.errors.append(f"HTTP {r.status}: {r.url}"),
        )
        self.page.on(
            "console",
            lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"),
        )

        def guard(route):
            url = urlsplit(route.request.url)
            if url.scheme in ("data", "blob") or url.netloc == host:
                route.continue_()
            else:
                self.outside.append(route.request.url)
                route.abort()

        self.context.route("**/*", guard)

    def sign_in(self, key: str) -> None:
        self.page.goto(self.base + "/ui/")
        self.page.get_by_test_id("api-key").fill(key)
        self.page.get_by_test_id("login").click()
        self.page.get_by_test_id("context-select").wait_for()

    def shot(self, name: str) -> None:
        folder = os.environ.get("ENGRAMDB_SCREENSHOTS")
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)

    def close(self) -> None:
        self.context.close()
        # refusals the tests provoke on purpose (a bad key, an entity out of reach) are the
        # API's answers, shown on the page, not faults
        errors = [
            e
            for e in self.errors
            if e not in self.expected and not any(x in e for x in self.expected)
        ]
        assert errors == [], errors
        assert self.outside == [], self.outside


def only(page, selector: str, n: int) -> None:
    """Wait until the table shows exactly ``n`` rows, each matching ``selector``."""
    page.wait_for_function(
        """([sel, n]) => { const rows = document.querySelectorAll('[data-testid=memory-row]');
                           return rows.length === n && [...rows].every((r) => r.matches(sel)); }""",
        arg=[selector, n],
    )


@pytest.fixture
def watched(browser, live) -> Iterator[Watched]:
    w = Watched(browser, live.url)
    yield w
    w.close()


def test_static_files_carry_a_strict_policy_and_no_key(live):
    r = httpx.get(live.url + "/ui/", follow_redirects=False)
    assert r.status_code == 200
    csp = r.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "default-src 'none'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert r.headers["x-frame-options"] == "DENY"
    assert httpx.get(live.url + "/ui", follow_redirects=False).status_code == 308
    # the licences of what is vendored are served beside it
    assert "MIT" in httpx.get(live.url + "/ui/vendor/licenses/cytoscape.LICENSE").text
    # the API behind it still needs a key
    assert httpx.get(live.url + "/api/v1/contexts").status_code == 401


def test_sign_in_refuses_a_bad_key_and_keeps_the_key_out_of_urls(seeded, watched, live):
    page = watched.page
    watched.expected.append("401")  # the refused key's answer
    page.goto(live.url + "/ui/")
    watched.shot("signin")
    # the placeholder shows how a key starts (keys start egdb_, never edb_)
    assert page.get_by_test_id("api-key").get_attribute("placeholder") == "egdb_…"
    assert live.admin.startswith("egdb_")
    page.get_by_test_id("api-key").fill("egdb_not-a-key")
    page.get_by_test_id("login").click()
    assert "not accepted" in page.get_by_test_id("error").inner_text()
    watched.sign_in(live.admin)
    # (the options arrive with the key's contexts after the select is drawn: wait for them)
    options = page.get_by_test_id("context-select").locator("option")
    playwright_sync.expect(options).to_have_text(["sales", "support"])
    assert live.admin not in page.url
    stored = page.evaluate("sessionStorage.getItem('engramdb.key')")
    assert stored == live.admin
    assert page.evaluate("localStorage.length") == 0


def test_overview_counts_what_the_context_holds(seeded, watched, live):
    page = watched.page
    watched.sign_in(live.admin)
    page.get_by_test_id("context-select").select_option("support")
    page.get_by_test_id("nav-overview").click()
    turns = page.get_by_test_id("overview-kinds").locator("tr[data-kind=turn]")
    turns.wait_for()
    # one turn revised (its first version superseded), one forgotten
    assert turns.locator("[data-state=live]").inner_text() == str(len(TURNS) - 1)
    assert turns.locator("[data-state=superseded]").inner_text() == "1"
    assert turns.locator("[data-state=forgotten]").inner_text() == "1"
    assert page.get_by_test_id("open-conflicts").inner_text().startswith("2")
    health = page.get_by_test_id("overview-health").inner_text()
    assert "write-ahead log" in health and "episodic" in health
    page.get_by_test_id("integrity-check").click()
    assert page.get_by_test_id("integrity").inner_text() == "ok"
    watched.shot("overview")


def test_memories_filter_page_and_detail(seeded, watched, live):
    page = watched.page
    watched.sign_in(live.admin)
    page.get_by_test_id("context-select").select_option("support")
    page.get_by_test_id("nav-memories").click()
    rows = page.get_by_test_id("memory-row")
    rows.first.wait_for()
    assert "of" in page.get_by_test_id("page-label").inner_text()
    watched.shot("memories")
    total = int(page.get_by_test_id("page-label").inner_text().split(" of ")[1])
    assert total > 25  # more than a page: the pager moves on
    page.get_by_test_id("page-next").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=page-label]').textContent.startsWith('26')"
    )

    page.get_by_test_id("filter-kind").select_option("turn")
    page.get_by_test_id("filter-state").select_option("forgotten")
    only(page, "[data-state=forgotten][data-kind=turn]", 1)
    row = rows.first
    assert row.get_attribute("data-id") == seeded["forgotten"]
    assert "Priya" not in row.inner_text()  # a forgotten row shows no text

    page.get_by_test_id("filter-state").select_option("")
    page.get_by_test_id("filter-text").fill("Bosch")
    page.get_by_test_id("filter-text").press("Enter")
    only(page, "[data-state=live][data-kind=turn]", 1)
    rows.first.click()
    detail = page.get_by_test_id("memory-detail")
    history = detail.get_by_test_id("detail-history")
    history.wait_for()
    assert "ADD" in history.inner_text() and "UPDATE" in history.inner_text()
    assert "Siemens" in history.inner_text()  # the text the correction replaced
    assert "observed" in detail.get_by_test_id("detail-clocks").inner_text()
    assert "s-maya" in detail.get_by_test_id("detail-session").inner_text()  # its session
    watched.shot("memory-detail")

    page.get_by_test_id("filter-kind").select_option("fact")
    page.get_by_test_id("filter-state").select_option("superseded")
    page.get_by_test_id("filter-text").fill("lives_in")
    page.get_by_test_id("filter-text").press("Enter")
    only(page, "[data-state=superseded][data-kind=fact]", 1)
    rows.first.click()
    chain = page.get_by_test_id("detail-chain")
    chain.wait_for()
    assert "Lisbon" in chain.inner_text() and "Porto" in chain.inner_text()
    assert "turn" in page.get_by_test_id("detail-provenance").inner_text()


def test_stored_markup_is_shown_as_text(seeded, watched, live):
    page = watched.page
    watched.sign_in(live.admin)
    page.get_by_test_id("context-select").select_option("support")
    page.get_by_test_id("nav-memories").click()
    page.get_by_test_id("filter-text").fill("onerror")
    page.get_by_test_id("filter-text").press("Enter")
    only(page, "[data-kind=turn]", 1)
    assert "<img src=x" in page.get_by_test_id("memory-row").first.inner_text()
    assert page.evaluate("window.pwned") is None
    assert page.locator("main img").count() == 0


def test_search_shows_each_term_why_not_and_the_context_block(seeded, watched, live):
    page = watched.page
    watched.sign_in(live.admin)
    page.get_by_test_id("context-select").select_option("support")
    page.get_by_test_id("nav-search").click()
    page.get_by_test_id("search-input").fill("how much are the Aria headphones")
    page.get_by_test_id("search-input").press("Enter")  # Enter searches, as the button does
    results = page.get_by_test_id("search-result")
    results.first.wait_for()
    assert results.count() >= 2
    assert "$" in results.first.inner_text()
    turn = page.locator("[data-testid=search-result][data-kind=turn]").first
    breakdown = turn.get_by_test_id("score-breakdown")
    for term in ("similarity", "importance", "retention", "lexical"):
        assert breakdown.locator(f"tr[data-term={term}]").count() == 1, term
    assert "characters" in page.get_by_test_id("context-size").inner_text()
    assert "$199" in page.get_by_test_id("context-preview").inner_text()

    page.get_by_test_id("why-not-id").fill(seeded["ids"][TURNS[5][1]])  # bob's Berlin turn
    page.get_by_test_id("why-not-submit").click()
    why = page.get_by_test_id("why-not-result")
    why.wait_for()
    assert "passages" in why.inner_text()
    # where the id stands in the list beside it, which the passages-only rank is not
    listed = page.get_by_test_id("why-not-listed").inner_text()
    ids = [r.get_attribute("data-id") for r in results.all()]
    want = seeded["ids"][TURNS[5][1]]
    assert listed == (
        f"#{ids.index(want) + 1} in the results beside"
        if want in ids
        else "not in the results beside"
    ), listed
    watched.shot("search")


def test_conflicts_show_both_sides_and_resolve(seeded, watched, live):
    page = watched.page
    watched.sign_in(live.admin)
    page.get_by_test_id("context-select").select_option("support")
    page.get_by_test_id("nav-conflicts").click()
    rows = page.get_by_test_id("conflict-row")
    rows.first.wait_for()
    assert rows.count() == 2
    aria = rows.filter(has_text="$149")
    assert aria.get_by_test_id("conflict-said").inner_text() == "$149"
    assert aria.get_by_test_id("conflict-applies").inner_text() == "$199"
    assert aria.get_by_test_id("conflict-by").inner_text() == "maya"
    assert "policy.md" in aria.get_by_test_id("conflict-source").inner_text()
    unknowns = live.client(live.admin).get("/api/v1/support/state").json()["unknowns"]
    shown = page.get_by_test_id("uncertainty-row")
    if unknowns:
        shown.first.wait_for()
    assert shown.count() == len(unknowns)
    watched.shot("conflicts")
    returns = rows.filter(has_text="60 days")
    returns.get_by_test_id("conflict-note").fill("checked with the returns team")
    returns.get_by_test_id("conflict-uphold").click()
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=conflict-row]').length === 1"
    )
    page.get_by_test_id("conflicts-all").check()
    done = page.get_by_test_id("conflict-resolution")
    done.wait_for()
    assert "uphold" in done.inner_text() and "returns team" in done.inner_text()
    # the decision is the API's too
    listed = live.client(live.admin).get("/api/v1/support/conflicts?includeResolved=true").json()
    assert [c["resolution"] for c in listed["conflicts"] if c["resolved"]] == ["uphold"]


def test_entity_graph_draws_the_neighbourhood_and_lists_a_node(seeded, watched, live):
    page = watched.page
    watched.sign_in(live.admin)
    page.get_by_test_id("context-select").select_option("support")
    page.get_by_test_id("nav-graph").click()
    page.get_by_test_id("graph-entity").fill("maya")
    page.get_by_test_id("graph-submit").click()
    graph = page.get_by_test_id("entity-graph")
    page.wait_for_function(
        """() => { const g = document.querySelector('[data-testid=entity-graph]');
                   return g.dataset.root === 'person:maya' && Number(g.dataset.nodeCount) >= 4; }"""
    )
    count = int(graph.get_attribute("data-node-count"))
    assert 4 <= count <= 300
    assert graph.locator("canvas").count() >= 1  # Cytoscape drew it
    # clicking the root node (drawn at its position) lists its facts and memories
    box = graph.bounding_box()
    pos = page.evaluate(
        """() => { const cy = document.querySelector('[data-testid=entity-graph]')._cyreg.cy;
                   const n = cy.nodes('.root')[0]; return n.renderedPosition(); }"""
    )
    page.mouse.click(box["x"] + pos["x"], box["y"] + pos["y"])
    panel = page.get_by_test_id("node-panel")
    panel.wait_for()
    facts = panel.get_by_test_id("node-facts")
    facts.wait_for()
    assert "Porto" in facts.inner_text() and "Bosch" in facts.inner_text()
    assert "Porto" in panel.get_by_test_id("node-memories").inner_text()
    watched.shot("graph")
    # as of the first fact: what was known then only
    slider = page.get_by_test_id("graph-asof")
    first = slider.get_attribute("min")
    slider.evaluate(
        "(el, v) => { el.value = v; el.dispatchEvent(new Event('change', {bubbles: true})); }",
        first,
    )
    page.wait_for_function(
        "(n) => Number(document.querySelector('[data-testid=entity-graph]').dataset.nodeCount) < n",
        arg=count,
    )


def test_admin_creates_narrows_rotates_and_revokes_keys(seeded, watched, live):
    page = watched.page
    watched.sign_in(live.admin)
    page.get_by_test_id("nav-admin").click()
    page.get_by_test_id("principal-new").click()
    page.get_by_test_id("principal-name").fill("ui-agent")
    page.get_by_test_id("principal-grants").fill('{"memory:read": ["org/acme/*"]}')
    page.get_by_test_id("principal-contexts").fill("support")
    page.get_by_test_id("principal-create").click()
    row = page.locator("[data-testid=principal-row][data-name=ui-agent]")
    row.wait_for()
    # grants read as "verb: paths", not as raw JSON
    grants = row.get_by_test_id("grants").inner_text()
    assert "memory:read: org/acme/*" in " ".join(grants.split()) and "{" not in grants
    row.click()
    page.get_by_test_id("edit-contexts").fill("support, sales")
    page.get_by_test_id("principal-save").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=principal-row][data-name=ui-agent]')"
        ".textContent.includes('sales')"
    )
    listed = live.client(live.admin).get("/api/v1/principals").json()["principals"]
    assert sorted(next(p for p in listed if p["name"] == "ui-agent")["contexts"]) == [
        "sales",
        "support",
    ]
    page.get_by_test_id("key-new").click()
    page.get_by_test_id("key-contexts").fill("support")
    page.get_by_test_id("key-label").fill("first")
    page.get_by_test_id("key-create").click()
    token = page.get_by_test_id("new-token").locator("code").inner_text()
    me = httpx.get(live.url + "/api/v1/me", headers={"Authorization": f"Bearer {token}"})
    assert me.status_code == 200 and me.json()["principal"]["name"] == "ui-agent"

    keys = page.get_by_test_id("key-row")
    keys.first.wait_for()
    first_id = keys.first.get_attribute("data-key")
    keys.first.get_by_test_id("key-narrow").click()
    page.get_by_test_id("key-grants").fill('{"memory:read": ["org/acme/faq"]}')
    page.get_by_test_id("key-create").click()
    page.wait_for_function("() => document.querySelectorAll('[data-testid=key-row]').length === 2")
    narrow = page.get_by_test_id("new-token").locator("code").inner_text()
    me = httpx.get(live.url + "/api/v1/me", headers={"Authorization": f"Bearer {narrow}"})
    assert me.json()["grants"] == {"memory:read": ["org/acme/faq"]}

    page.locator(f"[data-testid=key-row][data-key='{first_id}']").get_by_test_id(
        "key-rotate"
    ).click()
    page.wait_for_function(
        "(t) => !document.querySelector('[data-testid=new-token] code').textContent.includes(t)",
        arg=narrow,
    )
    rotated = page.get_by_test_id("new-token").locator("code").inner_text()
    old = httpx.get(live.url + "/api/v1/me", headers={"Authorization": f"Bearer {token}"})
    assert old.status_code == 401  # the rotated-away token stops working
    me = httpx.get(live.url + "/api/v1/me", headers={"Authorization": f"Bearer {rotated}"})
    new_id = me.json()["keyId"]
    page.locator(f"[data-testid=key-row][data-key='{first_id}'][data-revoked=yes]").wait_for()
    watched.shot("admin")
    page.locator(f"[data-testid=key-row][data-key='{new_id}']").get_by_test_id("key-revoke").click()
    page.locator(f"[data-testid=key-row][data-key='{new_id}'][data-revoked=yes]").wait_for()
    gone = httpx.get(live.url + "/api/v1/me", headers={"Authorization": f"Bearer {rotated}"})
    assert gone.status_code == 401


def test_a_customer_key_sees_its_own_and_the_shared_only(seeded, watched, live):
    page = watched.page
    watched.sign_in(seeded["maya"])
    assert page.get_by_test_id("nav-admin").count() == 0
    options = page.get_by_test_id("context-select").locator("option")
    playwright_sync.expect(options).to_have_text(["support"])  # (waits for them to arrive)
    page.get_by_test_id("nav-overview").click()
    page.get_by_test_id("overview-health-hidden").wait_for()
    page.get_by_test_id("nav-memories").click()
    page.get_by_test_id("memory-row").first.wait_for()
    page.get_by_test_id("filter-text").fill("Berlin")  # bob's turn
    page.get_by_test_id("filter-text").press("Enter")
    page.get_by_text("nothing matches").wait_for()
    page.get_by_test_id("nav-conflicts").click()
    page.get_by_test_id("conflict-row").first.wait_for()
    assert page.get_by_test_id("conflict-uphold").count() == 0  # read-only key: no actions
    scopes = {
        r["scope"]
        for r in live.client(seeded["maya"]).get("/api/v1/support/browse?limit=500").json()["rows"]
    }
    assert scopes <= {"org/acme", "org/acme/user/maya"}
    page.get_by_test_id("nav-graph").click()
    watched.expected.append("404")  # bob is out of this key's reach: not found
    page.get_by_test_id("graph-entity").fill("bob")
    page.get_by_test_id("graph-submit").click()
    assert "no entity" in page.get_by_test_id("error").inner_text()


def test_the_api_docs_render_from_local_files(watched, live):
    """Swagger UI comes from the vendored swagger-ui-dist: offline, no third-party script on
    the origin that keeps the dashboard's key."""
    page = watched.page
    r = httpx.get(live.url + "/docs")
    assert "cdn" not in r.text.lower() and "/docs/assets/swagger-ui-bundle.js" in r.text
    assert "connect-src 'self'" in r.headers["content-security-policy"]
    page.goto(live.url + "/docs")
    page.get_by_text("/api/v1/{context}/browse").first.wait_for()
    assert page.locator(".opblock").count() > 50
