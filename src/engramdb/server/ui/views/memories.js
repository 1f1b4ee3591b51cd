// Every row the key may read, newest first, filtered and paged; one row's detail beside it.
import { useState } from "../vendor/hooks.js";
import { call, ctx } from "../api.js";
import { html, Loading, Problem, short, useLoad, when } from "../lib.js";

const KINDS = ["", "turn", "item", "fact", "chunk", "instruction"];
const STATES = ["", "live", "superseded", "expired", "forgotten"];
const PAGE = 25;

function Filters({ value, onChange }) {
  // text fields apply on Enter or when they lose focus; lists and dates at once
  const [draft, setDraft] = useState(value);
  const apply = (next) => onChange({ ...next, offset: 0 });
  const pick = (name) => (e) => { const next = { ...draft, [name]: e.target.value }; setDraft(next); apply(next); };
  const type = (name) => (e) => setDraft({ ...draft, [name]: e.target.value });
  const field = (name, testid, placeholder = "") => html`<input data-testid=${testid} value=${draft[name]}
    placeholder=${placeholder} onInput=${type(name)} onBlur=${() => apply(draft)} />`;
  return html`
    <form class="filters" onSubmit=${(e) => { e.preventDefault(); apply(draft); }}>
      <label>Kind <select data-testid="filter-kind" value=${draft.kind} onChange=${pick("kind")}>
        ${KINDS.map((k) => html`<option value=${k}>${k || "any"}</option>`)}</select></label>
      <label>State <select data-testid="filter-state" value=${draft.state} onChange=${pick("state")}>
        ${STATES.map((k) => html`<option value=${k}>${k || "any"}</option>`)}</select></label>
      <label>Scope ${field("scope", "filter-scope", "org/acme/user/maya")}</label>
      <label>Session ${field("sessionId", "filter-session")}</label>
      <label>Text ${field("q", "filter-text")}</label>
      <label>Since <input type="date" data-testid="filter-since" value=${draft.since}
        onChange=${pick("since")} /></label>
      <label>Until <input type="date" data-testid="filter-until" value=${draft.until}
        onChange=${pick("until")} /></label>
      <button type="submit" data-testid="filter-apply">Apply</button>
    </form>`;
}

function Clocks({ clocks }) {
  const entries = Object.entries(clocks || {});
  if (!entries.length) return null;
  return html`<dl class="clocks" data-testid="detail-clocks">
    ${entries.map(([k, v]) => html`<dt>${k.replace(/Ms$/, "")}</dt><dd>${when(v)}</dd>`)}</dl>`;
}

function Detail({ row, onClose }) {
  const [data, error, loading] = useLoad(
    () => call("GET", ctx(`/records/${row.kind}/${encodeURIComponent(row.id)}`)), [row.id, row.kind]);
  return html`
    <aside class="detail" data-testid="memory-detail">
      <button class="link close" onClick=${onClose} aria-label="close">×</button>
      <h3>${row.kind} <code>${row.id}</code></h3>
      <p><span class=${`state ${row.state}`}>${row.state}</span> in <code>${row.scope}</code></p>
      <${Loading} loading=${loading} /><${Problem} error=${error} />
      ${data && html`
        ${data.text !== null ? html`<blockquote>${data.text}</blockquote>`
          : html`<p class="muted">Forgotten: its text is not shown.</p>`}
        ${data.sessionId && html`<p data-testid="detail-session">session <code>${data.sessionId}</code>
          ${data.role ? html` · ${data.role}` : ""}</p>`}
        ${data.metadata && Object.keys(data.metadata).length > 0 && html`
          <h4>Metadata</h4>
          <dl class="clocks" data-testid="detail-metadata">${Object.entries(data.metadata).map(([k, v]) => html`
            <dt>${k}</dt><dd><code>${typeof v === "string" ? v : JSON.stringify(v)}</code></dd>`)}</dl>`}
        <h4>Clocks</h4><${Clocks} clocks=${data.clocks} />
        <h4>Provenance</h4>
        <ul data-testid="detail-provenance">${(data.provenance || []).map((p) => html`
          <li>${p.kind}${p.document ? html` <b>${p.document}</b> v${p.version}` : ""}
            ${p.ref && !p.document ? html` <code>${p.ref}</code>` : ""}
            ${p.sessionId ? ` session ${p.sessionId}` : ""}${p.trust != null ? `, trust ${p.trust}` : ""}
            ${p.atMs ? `, ${when(p.atMs)}` : ""}</li>`)}</ul>
        ${data.chain && data.chain.length > 1 && html`
          <h4>Supersession chain</h4>
          <ol data-testid="detail-chain">${data.chain.map((c) => html`
            <li class=${c.this ? "this" : ""}>${c.value} <span class="muted">“${short(c.statement, 80)}”
              known ${when(c.knownMs)}${c.closedMs ? `, closed ${when(c.closedMs)}` : ", live"}</span></li>`)}</ol>`}
        ${data.facts && data.facts.length > 0 && html`
          <h4>Facts read from it</h4>
          <ul>${data.facts.map((f) => html`<li class=${f.live ? "" : "closed"}>${f.text}</li>`)}</ul>`}
        ${data.history && data.history.length > 0 && html`<h4>History</h4>
        <ol data-testid="detail-history">${data.history.map((v) => html`
          <li>${v.event ? html`<b>${v.event}</b> v${v.version}: ${short(v.text, 120)}`
            : html`${v.value} <span class="muted">(${when(v.knownMs)}${v.closedMs ? ` – ${when(v.closedMs)}` : " – now"})</span>`}
            ${v.atMs ? html` <span class="muted">${when(v.atMs)}</span>` : ""}</li>`)}</ol>`}`}
    </aside>`;
}

export function Memories() {
  const [filters, setFilters] = useState({
    kind: "", state: "", scope: "", sessionId: "", q: "", since: "", until: "", offset: 0,
  });
  const [open, setOpen] = useState(null);
  const [data, error, loading] = useLoad(() => call("GET", ctx("/browse"), {
    query: {
      kind: filters.kind, state: filters.state, scope: filters.scope,
      sessionId: filters.sessionId, q: filters.q, since: filters.since, until: filters.until,
      limit: PAGE, offset: filters.offset,
    },
  }), [JSON.stringify(filters)]);
  const total = data ? data.page.total : 0;
  const move = (delta) => setFilters({ ...filters, offset: Math.max(0, filters.offset + delta) });
  return html`
    <h2>Memories</h2>
    <${Filters} value=${filters} onChange=${setFilters} />
    <${Problem} error=${error} />
    <div class="split">
      <div class="table-wrap">
        <table class="rows" data-testid="memory-table">
          <thead><tr><th>when</th><th>kind</th><th>state</th><th>scope</th><th>text</th></tr></thead>
          <tbody>${(data ? data.rows : []).map((r) => html`
            <tr data-testid="memory-row" data-id=${r.id} data-kind=${r.kind} data-state=${r.state}
              class=${open && open.id === r.id ? "selected" : ""} onClick=${() => setOpen(r)}>
              <td class="nowrap">${when(r.timeMs)}</td><td>${r.kind}${r.curated ? " ★" : ""}</td>
              <td><span class=${`state ${r.state}`}>${r.state}</span></td>
              <td><code>${r.scope}</code></td>
              <td>${r.text === null ? html`<i class="muted">forgotten</i>` : short(r.text)}</td>
            </tr>`)}</tbody>
        </table>
        <${Loading} loading=${loading} />
        <p class="pager" data-testid="pager">
          <button onClick=${() => move(-PAGE)} disabled=${filters.offset === 0}>‹ newer</button>
          <span data-testid="page-label">${total === 0 ? "nothing matches"
            : `${filters.offset + 1}–${Math.min(filters.offset + PAGE, total)} of ${total}`}</span>
          <button data-testid="page-next" onClick=${() => move(PAGE)}
            disabled=${filters.offset + PAGE >= total}>older ›</button>
        </p>
      </div>
      ${open && html`<${Detail} row=${open} onClose=${() => setOpen(null)} />`}
    </div>`;
}
