"""An independent acceptance test of the web dashboard at ``/ui/``, written from its specification
only (the issue text), without sight of the dashboard's sources or of its own tests.

A real server on loopback is seeded through the REST API (a context, a curated policy with a
price and a return window, customer turns in personal scopes, two of them contradicting the
policy, a corrected turn and a forgotten one); Debian's Chromium, driven by Playwright, then
walks every view with the spec's ``data-testid``s and asserts on what a person sees. Every test
fails on a page error, a console error, or a request to any host but the server.

Controls the specification does not name (filters, the as-of slider, the resolve and key
buttons) are found the way a person finds them: by their label, placeholder or visible words.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

CHROMIUM = "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("Debian's Chromium (/usr/bin/chromium) is not installed", allow_module_level=True)

from _serve import agent_key, cheap_config, running  # noqa: E402
from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright  # noqa: E402

from engramdb.server.app import create_app  # noqa: E402

pytestmark = pytest.mark.browser

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TIMEOUT_MS = 10_000
I = re.IGNORECASE  # noqa: E741

POLICY = (
    b"# Acme store policy\n\n"
    b"Returns are accepted within 30 days of delivery.\n\n"
    b"The Acme Pro Blender costs $149.\n"
)
# (who, session, text, observedAt): bob's facts grow over the year, so the graph as of its first
# moment is smaller than today's; two turns contradict the policy.
TURNS = [
    ("bob", "s-bob", "I live in Lisbon.", "2026-01-10T10:00:00Z"),
    ("bob", "s-bob", "My dog is called Rolo.", "2026-02-10T10:00:00Z"),
    ("bob", "s-bob", "I work at Initech as an engineer.", "2026-03-10T10:00:00Z"),
    ("bob", "s-bob", "I moved to Madrid.", "2026-06-10T10:00:00Z"),
    ("bob", "s-bob", "Your return policy is 60 days.", None),
    ("carol", "s-carol", "The Acme Pro Blender costs $99.", None),
    ("alice", "s-alice", "My favourite colour is green.", None),
    ("dave", "s-dave", "My cat is called Whiskers.", None),
]
CORRECTED = "My favourite colour is blue."
FORGOTTEN = "My cat is called Whiskers."


@dataclass
class Seeded:
    url: str
    admin: str  # the bootstrap management key (grant:manage)
    bot: str  # reads the policy and the customers, writes and forgets the customers'
    reader: str  # memory:read only
    turn_ids: dict[str, str]
    temp_key_label: str
    auditor_id: str
    temp_token: str

    def client(self, token: str) -> httpx.Client:
        return httpx.Client(
            base_url=self.url, headers={"Authorization": f"Bearer {token}"}, timeout=60
        )


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Seeded]:
    app = create_app(cheap_config(tmp_path_factory.mktemp("dashboard-acceptance")))
    admin = app.state.auth.bootstrap()
    assert admin is not None
    with running(app) as url:
        a = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {admin}"}, timeout=60)
        for name in ("shop", "support"):
            r = a.post("/api/v1/contexts", json={"name": name})
            assert r.status_code == 201, r.text
        r = a.post(
            "/api/v1/shop/documents?wait=true",
            files={"file": ("policy.md", POLICY, "text/markdown")},
            data={"scope": "org/acme"},
        )
        assert r.status_code == 201, r.text
        assert r.json()["facts"] == 2, r.text
        users = ["org/acme/user/*"]
        bot = agent_key(
            a,
            "support-bot",
            {
                "memory:read": ["org/acme", *users],
                "memory:write": users,
                "memory:forget": users,
            },
            ["shop"],
        )
        reader = agent_key(a, "auditor", {"memory:read": ["org/acme", *users]}, ["shop"])
        b = httpx.Client(base_url=url, headers={"Authorization": f"Bearer {bot}"}, timeout=60)
        ids: dict[str, str] = {}
        conflicts = 0
        for who, session, text, at in TURNS:
            body = {"scope": f"org/acme/user/{who}", "text": text, "sessionId": session}
            if at:
                body["observedAt"] = at
            r = b.post("/api/v1/shop/facts", json=body)
            assert r.status_code == 201, r.text
            ids[text] = r.json()["turnId"]
            conflicts += len(r.json()["conflicts"])
        assert conflicts == 2, "the two contradicting turns should open two conflicts"
        r = b.patch(
            f"/api/v1/shop/memories/{ids['My favourite colour is green.']}",
            json={"text": CORRECTED},
        )
        assert r.status_code == 200, r.text
        r = b.post("/api/v1/shop/forget", json={"id": ids[FORGOTTEN]})
        assert r.status_code == 200 and r.json()["turns"] == 1, r.text
        # A throwaway key of the auditor, for the admin view to revoke.
        who = a.get("/api/v1/principals").json()
        principals = who["principals"] if isinstance(who, dict) else who
        auditor = next(p for p in principals if p["name"] == "auditor")
        r = a.post("/api/v1/keys", json={"principalId": auditor["id"], "label": "temp-key"})
        assert r.status_code == 201, r.text
        yield Seeded(url, admin, bot, reader, ids, "temp-key", auditor["id"], r.json()["token"])


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@dataclass
class UI:
    page: Page
    url: str
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def check(self) -> None:
        """No page error, no console error, no request that left the server."""
        assert not self.foreign, f"requests to another host: {self.foreign}"
        assert not self.page_errors, f"page errors: {self.page_errors}"
        assert not self.console_errors, f"console errors: {self.console_errors}"


@pytest.fixture
def ui(browser: Browser, seeded: Seeded) -> Iterator[UI]:
    ctx = browser.new_context()
    page = ctx.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    u = UI(page, seeded.url)
    origin = urlsplit(seeded.url).netloc

    def route(r):
        parts = urlsplit(r.request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.netloc != origin:
            u.foreign.append(r.request.url)
            r.abort()
        else:
            r.continue_()

    page.route("**/*", route)
    page.on("request", lambda req: u.requests.append(req.url))
    page.on("websocket", lambda ws: urlsplit(ws.url).netloc != origin and u.foreign.append(ws.url))
    page.on("pageerror", lambda e: u.page_errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and u.console_errors.append(m.text))
    page.on("dialog", lambda d: d.accept("checked by the acceptance test"))
    yield u
    ctx.close()


# -- helpers -------------------------------------------------------------------------------


def sign_in(ui: UI, token: str, context: str = "shop") -> None:
    page = ui.page
    page.goto(ui.url + "/ui/")
    page.get_by_test_id("api-key").fill(token)
    page.get_by_test_id("login").click()
    select = page.get_by_test_id("context-select")
    expect(select.locator("option", has_text=context)).to_have_count(1)
    select.select_option(context)
    expect(select).to_have_value(re.compile(re.escape(context)))


def body(page: Page) -> Locator:
    return page.locator("body")


def sees(page: Page, text: str | re.Pattern) -> None:
    """``text`` is somewhere on the page a person can see (rendered text, not hidden views)."""
    expect(body(page)).to_contain_text(text, use_inner_text=True)


def visible(*candidates: Locator) -> Locator | None:
    for c in candidates:
        v = c.filter(visible=True)
        if v.count():
            return v.first
    return None


def named_control(page: Page, name: re.Pattern) -> Locator | None:
    """A visible form control a person would know by ``name``: its label, aria-label,
    placeholder or title."""
    return visible(
        page.get_by_label(name),
        page.get_by_placeholder(name),
        page.get_by_title(name),
    )


def select_with_option(page: Page, option: re.Pattern) -> Locator | None:
    return visible(page.locator("select").filter(has=page.locator("option", has_text=option)))


def set_control(control: Locator, value: str) -> None:
    tag = control.evaluate("e => e.tagName.toLowerCase()")
    if tag == "select":
        labels = control.locator("option").all_inner_texts()
        label = next(t for t in labels if value.lower() in t.lower())
        control.select_option(label=label)
    else:
        control.fill(value)
        control.press("Enter")


def apply_filters(page: Page) -> None:
    """Click an Apply/Filter button if the view has one (pressing Enter may already do it)."""
    btn = visible(page.get_by_role("button", name=re.compile(r"^\s*(apply|filter)", I)))
    if btn is not None:
        btn.click()


def poll(check, timeout: float = TIMEOUT_MS / 1000, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except Exception as e:  # noqa: BLE001 - retried until the deadline
            last = e
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}" + (f" ({last})" if last else ""))


def rows_all(rows: Locator, pattern: re.Pattern) -> bool:
    texts = rows.all_inner_texts()
    return bool(texts) and all(pattern.search(t) for t in texts)


def open_overview(page: Page) -> None:
    nav = visible(
        page.get_by_test_id("nav-overview"),
        page.get_by_role("link", name=re.compile("overview", I)),
        page.get_by_role("button", name=re.compile("overview", I)),
        page.get_by_role("tab", name=re.compile("overview", I)),
    )
    if nav is not None:
        nav.click()


def graph_container(page: Page) -> Locator:
    return page.get_by_test_id("entity-graph")


def node_count(page: Page) -> int:
    v = graph_container(page).get_attribute("data-node-count")
    return int(v) if v not in (None, "") else -1


CY_NODE_POINT = """
([root, wanted]) => {
  const els = [root, ...root.querySelectorAll('*')];
  const holder = els.find(e => e._cyreg && e._cyreg.cy);
  if (!holder) return null;
  const cy = holder._cyreg.cy;
  const node = cy.nodes().filter(n => Object.values(n.data()).some(
      v => typeof v === 'string'
        && (v.toLowerCase() === wanted || v.toLowerCase().endsWith(':' + wanted))
  ))[0];
  if (!node) return null;
  const p = node.renderedPosition();
  const box = holder.getBoundingClientRect();
  return {x: box.left + p.x, y: box.top + p.y};
}
"""


# -- sign-in and context ---------------------------------------------------------------------


def test_sign_in_keeps_the_key_in_session_storage_never_in_a_url(ui: UI, seeded: Seeded) -> None:
    page = ui.page
    index = httpx.get(seeded.url + "/ui/")
    assert index.status_code == 200
    csp = index.headers.get("content-security-policy", "")
    assert "default-src 'none'" in csp or "default-src 'self'" in csp, csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, csp

    sign_in(ui, seeded.admin)
    options = page.get_by_test_id("context-select").locator("option").all_inner_texts()
    assert any("shop" in o for o in options) and any("support" in o for o in options), options
    for nav in ("nav-memories", "nav-search", "nav-conflicts", "nav-graph"):
        page.get_by_test_id(nav).click()
        page.wait_for_load_state("networkidle")
        assert seeded.admin not in page.url
    session = page.evaluate("JSON.stringify(Object.assign({}, sessionStorage))")
    local = page.evaluate("JSON.stringify(Object.assign({}, localStorage))")
    assert seeded.admin in session, "the key is kept in session storage"
    assert seeded.admin not in local, "the key must not be kept in local storage"
    assert all(seeded.admin not in r for r in ui.requests), "the key went into a request URL"
    assert all(seeded.admin not in c["value"] for c in page.context.cookies())
    ui.check()


def test_context_select_lists_only_the_contexts_the_key_reaches(ui: UI, seeded: Seeded) -> None:
    sign_in(ui, seeded.bot)
    options = ui.page.get_by_test_id("context-select").locator("option").all_inner_texts()
    assert any("shop" in o for o in options), options
    assert not any("support" in o for o in options), options
    assert seeded.bot not in ui.page.url
    ui.check()


# -- overview ---------------------------------------------------------------------------------


def test_overview_shows_counts_per_tier_kind_state_and_store_health(ui: UI, seeded: Seeded) -> None:
    page = ui.page
    sign_in(ui, seeded.admin)
    open_overview(page)
    for word in ("episodic", "semantic", "turn", "fact", "live", "superseded", "forgotten"):
        sees(page, re.compile(word, I))
    for word in ("log", "segment", "index"):
        sees(page, re.compile(rf"\b{word}", I))
    ui.check()


# -- memories ---------------------------------------------------------------------------------


def test_memories_table_pages_rows_and_filters_by_text_state_and_scope(
    ui: UI, seeded: Seeded
) -> None:
    page = ui.page
    sign_in(ui, seeded.admin)
    page.get_by_test_id("nav-memories").click()
    rows = page.get_by_test_id("memory-row")
    expect(rows.filter(has_text="I moved to Madrid.")).not_to_have_count(0)
    expect(rows.filter(has_text=CORRECTED)).not_to_have_count(0)
    total = rows.count()
    assert total >= len(TURNS) - 1, total

    # (anchored: a label such as "Context" must not pass for the text filter)
    text = named_control(page, re.compile(r"^\s*(text|contains|search)\s*$", I))
    assert text is not None, "no text filter found on the memories view"
    set_control(text, "Rolo")
    apply_filters(page)
    poll(lambda: rows_all(rows, re.compile("Rolo")), what="rows containing 'Rolo' only")
    assert rows.count() < total
    text.fill("")
    text.press("Enter")
    apply_filters(page)

    state = select_with_option(page, re.compile("forgotten", I)) or named_control(
        page, re.compile(r"^\s*forgotten\s*$", I)
    )
    assert state is not None, "no state filter offering 'forgotten'"
    if state.evaluate("e => e.tagName.toLowerCase()") == "select":
        set_control(state, "forgotten")
    else:  # a checkbox or toggle named "forgotten": show only forgotten rows
        for other in ("live", "superseded", "expired"):
            box = named_control(page, re.compile(rf"^\s*{other}\s*$", I))
            if box is not None and box.is_checked():
                box.uncheck()
        state.check()
    apply_filters(page)
    poll(lambda: rows_all(rows, re.compile("forgotten", I)), what="forgotten rows only")
    assert all("Whiskers" not in t for t in rows.all_inner_texts()), "a forgotten row shows no text"
    if state.evaluate("e => e.tagName.toLowerCase()") == "select":
        labels = state.locator("option").all_inner_texts()
        everything = next(
            (t for t in labels if re.search(r"\ball\b|any|every|^\s*$|—|-", t, I)), None
        )
        if everything is not None:
            state.select_option(label=everything)
        else:
            set_control(state, "live")

    scope = named_control(page, re.compile("scope", I))
    assert scope is not None, "no scope filter on the memories view"
    set_control(scope, "org/acme/user/carol")
    apply_filters(page)
    poll(lambda: rows_all(rows, re.compile(r"\$99|carol", I)), what="carol's rows only")
    ui.check()


def test_memory_detail_shows_provenance_supersession_clocks_and_history(
    ui: UI, seeded: Seeded
) -> None:
    page = ui.page
    sign_in(ui, seeded.admin)
    page.get_by_test_id("nav-memories").click()
    rows = page.get_by_test_id("memory-row")

    # The corrected turn: its provenance and its history (the text before the correction).
    rows.filter(has_text=CORRECTED).first.click()
    sees(page, "org/acme/user/alice")
    sees(page, "s-alice")
    sees(page, re.compile("history", I))
    sees(page, "My favourite colour is green.")

    # bob's superseded residence: the supersession chain names what replaced it, and its
    # clocks show when it was observed (2026-01-10).
    state = select_with_option(page, re.compile("superseded", I))
    if state is not None:
        set_control(state, "superseded")
        apply_filters(page)
    old = rows.filter(has_text="Lisbon").filter(has_text=re.compile("superseded", I))
    expect(old).not_to_have_count(0)
    old.first.click()
    sees(page, "Madrid")
    sees(page, re.compile(r"supersed", I))
    sees(page, re.compile(r"2026-01-10|10 Jan\w* 2026|Jan\w* 10,? 2026|10/01/2026|1/10/2026", I))
    ui.check()


# -- search playground ------------------------------------------------------------------------


def test_search_results_show_named_score_terms_and_mode(ui: UI, seeded: Seeded) -> None:
    page = ui.page
    sign_in(ui, seeded.admin)
    page.get_by_test_id("nav-search").click()
    page.get_by_test_id("search-input").fill("return policy")
    page.get_by_test_id("search-submit").click()
    results = page.get_by_test_id("search-result")
    expect(results.first).to_be_visible()
    expect(results.filter(has_text="60 days")).not_to_have_count(0)
    breakdown = results.first.get_by_test_id("score-breakdown")
    expect(breakdown).to_be_visible()
    expect(breakdown).to_contain_text(re.compile("similarity", I), use_inner_text=True)
    expect(breakdown).to_contain_text(re.compile("lexical", I), use_inner_text=True)
    expect(breakdown).to_contain_text(re.compile(r"\d\.\d"), use_inner_text=True)

    mode = select_with_option(page, re.compile("bm25", I))
    assert mode is not None, "no mode selector offering bm25"
    set_control(mode, "bm25")
    page.get_by_test_id("search-submit").click()
    expect(results.filter(has_text="60 days")).not_to_have_count(0)

    lens = named_control(page, re.compile("lens", I))
    assert lens is not None, "no lens field in the search playground"
    set_control(mode, "hybrid")
    lens.fill("org/acme/user/carol")
    page.get_by_test_id("search-input").fill("blender price")
    page.get_by_test_id("search-submit").click()
    expect(results.filter(has_text="$99")).not_to_have_count(0)
    poll(
        lambda: results.count() > 0 and all("60 days" not in t for t in results.all_inner_texts()),
        what="only carol's and the organisation's results in carol's lens",
    )
    ui.check()


def test_search_why_not_and_context_block_preview(ui: UI, seeded: Seeded) -> None:
    page = ui.page
    sign_in(ui, seeded.admin)
    page.get_by_test_id("nav-search").click()
    page.get_by_test_id("search-input").fill("what is the dog called")
    page.get_by_test_id("search-submit").click()
    expect(page.get_by_test_id("search-result").first).to_be_visible()

    rolo = seeded.turn_ids["My dog is called Rolo."]
    field_ = named_control(page, re.compile(r"why|\bid\b", I))
    assert field_ is not None, "no why_not id field"
    field_.fill(rolo)
    button = visible(page.get_by_role("button", name=re.compile(r"why", I)))
    if button is not None:
        button.click()
    else:
        field_.press("Enter")
    sees(page, re.compile(r"rank\s*#?\s*\d|returned", I))

    ctx_button = visible(page.get_by_role("button", name=re.compile(r"context", I)))
    if ctx_button is not None:
        ctx_button.click()
    sees(page, re.compile("Authoritative facts", I))
    sees(page, "Returns are accepted within 30 days of delivery.")
    sees(page, re.compile(r"\d[\d,.\s]*(chars?|characters|tokens?|bytes|B)\b", I))
    ui.check()


# -- conflicts --------------------------------------------------------------------------------


def test_conflicts_show_the_claim_its_speaker_and_the_curated_fact_with_its_source(
    ui: UI, seeded: Seeded
) -> None:
    page = ui.page
    sign_in(ui, seeded.admin)
    page.get_by_test_id("nav-conflicts").click()
    rows = page.get_by_test_id("conflict-row")
    expect(rows).to_have_count(2)
    ret = rows.filter(has_text="60 days")
    expect(ret).to_have_count(1)
    for text in ("30 days", "bob", "policy.md"):
        expect(ret).to_contain_text(text, use_inner_text=True)
    price = rows.filter(has_text="$99")
    expect(price).to_have_count(1)
    for text in ("$149", "carol", "policy.md"):
        expect(price).to_contain_text(text, use_inner_text=True)
    ui.check()


RESOLVE = re.compile(r"resolve|uphold|dismiss|accept", I)


def test_a_read_only_key_sees_conflicts_but_cannot_resolve_them(ui: UI, seeded: Seeded) -> None:
    page = ui.page
    sign_in(ui, seeded.reader)
    page.get_by_test_id("nav-conflicts").click()
    rows = page.get_by_test_id("conflict-row")
    expect(rows.filter(has_text="60 days")).to_have_count(1)
    actions = rows.get_by_role("button", name=RESOLVE).filter(visible=True)
    enabled = [b for b in actions.all() if b.is_enabled()]
    assert not enabled, "a key without memory:write is offered resolve actions"
    ui.check()


def _act_on(page: Page, row: Locator, outcome: str) -> None:
    """Resolve ``row`` with ``outcome`` (uphold/dismiss) through whatever buttons it shows."""
    direct = visible(row.get_by_role("button", name=re.compile(outcome, I)))
    if direct is not None:
        direct.click()
    else:
        visible(row.get_by_role("button", name=re.compile("resolve", I))).click()
        choice = select_with_option(page, re.compile(outcome, I))
        if choice is not None:
            set_control(choice, outcome)
        then = visible(
            page.get_by_role("button", name=re.compile(outcome, I)),
            page.get_by_role("button", name=re.compile(r"confirm|ok|save|submit|resolve", I)),
        )
        then.click()
    confirm = visible(page.get_by_role("button", name=re.compile(r"^\s*(confirm|ok|yes)\b", I)))
    if confirm is not None:
        confirm.click()


def test_resolve_and_dismiss_a_conflict_recorded_in_history(ui: UI, seeded: Seeded) -> None:
    page = ui.page
    sign_in(ui, seeded.bot)
    page.get_by_test_id("nav-conflicts").click()
    rows = page.get_by_test_id("conflict-row")
    expect(rows).to_have_count(2)
    _act_on(page, rows.filter(has_text="60 days").first, "uphold")
    expect(rows.filter(has_text="60 days")).to_have_count(0)
    _act_on(page, rows.filter(has_text="$99").first, "dismiss")
    expect(rows).to_have_count(0)

    with seeded.client(seeded.admin) as a:
        got = a.get("/api/v1/shop/conflicts", params={"includeResolved": "true"}).json()
    by_about = {c["about"]: c for c in got["conflicts"]}
    assert by_about["acme return_window"]["resolved"] is True
    assert by_about["acme return_window"]["resolution"] == "uphold"
    assert by_about["Acme Pro Blender price"]["resolution"] == "dismiss"
    ui.check()


# -- entity graph -----------------------------------------------------------------------------


def test_entity_graph_neighbourhood_node_facts_and_as_of_slider(ui: UI, seeded: Seeded) -> None:
    page = ui.page
    sign_in(ui, seeded.admin)
    page.get_by_test_id("nav-graph").click()
    expect(graph_container(page)).to_be_visible()  # the view is drawn before its controls are read
    entity = named_control(page, re.compile(r"entity|name|search", I)) or visible(
        page.get_by_role("searchbox"), page.get_by_role("textbox")
    )
    assert entity is not None, "no field to ask for an entity"
    entity.fill("bob")
    go = visible(
        page.get_by_role("button", name=re.compile(r"show|go|load|draw|explore|search|open", I))
    )
    if go is not None:
        go.click()
    else:
        entity.press("Enter")
    graph = graph_container(page)
    expect(graph).to_be_visible()
    expect(graph).to_have_attribute("data-node-count", re.compile(r"^([2-9]|[1-9]\d+)$"))
    now_count = node_count(page)
    assert 2 <= now_count <= 500

    # Click bob's node (a real mouse click where Cytoscape drew it): his facts and memories.
    handle = graph.element_handle()
    point, settled = None, 0
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and settled < 3:
        p = page.evaluate(CY_NODE_POINT, [handle, "bob"])
        settled = settled + 1 if p is not None and p == point else 0
        point = p
        time.sleep(0.2)
    assert point is not None, "bob's node is not drawn in the graph"
    page.mouse.click(point["x"], point["y"])
    sees(page, "Rolo")
    sees(page, "My dog is called Rolo.")

    # The as-of slider at its earliest: bob lived in Lisbon and had told nothing else yet.
    slider = visible(page.locator("input[type=range]"))
    assert slider is not None, "no as-of slider"
    slider.fill(slider.get_attribute("min") or "0")
    slider.dispatch_event("change")
    poll(lambda: 0 <= node_count(page) < now_count, what="a smaller graph as of the first moment")
    ui.check()


# -- admin ------------------------------------------------------------------------------------

ADMIN_NAV = re.compile(r"admin|principals", I)


def _admin_nav(page: Page) -> Locator | None:
    return visible(
        page.get_by_test_id("nav-admin"),
        page.get_by_role("link", name=ADMIN_NAV),
        page.get_by_role("button", name=ADMIN_NAV),
        page.get_by_role("tab", name=ADMIN_NAV),
    )


def test_admin_view_lists_principals_grants_contexts_and_manages_keys(
    ui: UI, seeded: Seeded
) -> None:
    page = ui.page
    sign_in(ui, seeded.admin)
    nav = _admin_nav(page)
    assert nav is not None, "a key with grant:manage sees an admin view"
    nav.click()
    sees(page, "support-bot")
    sees(page, "auditor")
    sees(page, "memory:read")
    sees(page, "org/acme/user/*")
    sees(page, "shop")
    # A principal's keys are listed once a person picks the principal.
    page.get_by_text("auditor", exact=True).filter(visible=True).first.click()
    sees(page, seeded.temp_key_label)
    for action in ("rotate", "revoke", "narrow", r"create|new"):
        btn = visible(page.get_by_role("button", name=re.compile(action, I)))
        assert btn is not None, f"no {action!r} action for keys"

    # Revoke the throwaway key through the page; the API then refuses it.
    holder = (
        page.locator("tr, li, [role=row], article, section, div")
        .filter(has_text=seeded.temp_key_label)
        .filter(has=page.get_by_role("button", name=re.compile("revoke", I)))
        .last
    )
    holder.get_by_role("button", name=re.compile("revoke", I)).click()
    confirm = visible(page.get_by_role("button", name=re.compile(r"^\s*(confirm|ok|yes)\b", I)))
    if confirm is not None:
        confirm.click()

    def revoked() -> bool:
        return (
            httpx.get(
                seeded.url + "/api/v1/me", headers={"Authorization": f"Bearer {seeded.temp_token}"}
            ).status_code
            == 401
        )

    poll(revoked, what="the temp key to be revoked")
    ui.check()


def test_a_key_without_grant_manage_sees_no_admin_view(ui: UI, seeded: Seeded) -> None:
    page = ui.page
    sign_in(ui, seeded.bot)
    for nav in ("nav-memories", "nav-search", "nav-conflicts", "nav-graph"):
        expect(page.get_by_test_id(nav)).to_be_visible()
        page.get_by_test_id(nav).click()
    page.wait_for_load_state("networkidle")
    assert _admin_nav(page) is None, "a key without grant:manage is shown an admin view"
    assert page.get_by_text(re.compile(r"^\s*principals\s*$", I)).filter(visible=True).count() == 0
    assert seeded.bot not in page.url
    ui.check()
