// A query with each hit's score broken into its terms, why an id did (not) rank, and the
// context block an agent would get for the same query.
import { useState } from "../vendor/hooks.js";
import { call, ctx } from "../api.js";
import { html, Problem, short } from "../lib.js";

const TERMS = ["similarity", "importance", "retention", "lexical", "temporal", "hebbian", "entity", "stdp"];

function Breakdown({ explain }) {
  if (!explain) return html`<p class="muted" data-testid="score-breakdown">no breakdown</p>`;
  const names = [...TERMS.filter((t) => t in explain), ...Object.keys(explain).filter((t) => !TERMS.includes(t))];
  const top = Math.max(1e-9, ...names.map((t) => Math.abs(explain[t] || 0)));
  return html`
    <table class="breakdown" data-testid="score-breakdown">
      ${names.map((t) => html`
        <tr data-term=${t}><td>${t}</td>
          <td class=${(explain[t] || 0) < 0 ? "bar negative" : "bar"}><meter min="0" max=${top}
            value=${Math.max(0, explain[t] || 0)} data-value=${explain[t] || 0}></meter></td>
          <td class="num">${(explain[t] || 0).toFixed(3)}</td></tr>`)}
    </table>`;
}

function WhyNot({ query, lens, mode, k, initial, hits }) {
  const [id, setId] = useState(initial || "");
  const [answer, setAnswer] = useState(null);
  const [error, setError] = useState(null);
  async function ask(e) {
    e.preventDefault();
    setError(null);
    try {
      setAnswer(await call("POST", ctx("/why-not"), { body: { id, query, lens, mode, k } }));
    } catch (err) { setAnswer(null); setError(err); }
  }
  return html`
    <form class="inline" onSubmit=${ask}>
      <label>Why not this id? <input data-testid="why-not-id" value=${id}
        onInput=${(e) => setId(e.target.value)} placeholder="turn-…" /></label>
      <button type="submit" data-testid="why-not-submit" disabled=${!query || !id}>Explain</button>
    </form>
    <${Problem} error=${error} />
    ${answer && html`<div class="why" data-testid="why-not-result">
      <p data-testid="why-not-listed">${listed(hits, answer.id)}</p>
      <p><b>${answer.returned ? "Among the passages recalled" : "Not among the passages recalled"}</b>
        (passages only, before facts join them): ${answer.detail}
        ${answer.score != null ? ` (score ${answer.score.toFixed(3)}${answer.cutoff != null ? `, k-th ${answer.cutoff.toFixed(3)}` : ""})` : ""}</p>
      ${answer.explain && html`<${Breakdown} explain=${answer.explain} />`}</div>`}`;
}

// Where the id stands in the list beside (facts and passages ranked together), which is not
// the passages-only rank the engine explains.
function listed(hits, id) {
  const at = (hits || []).findIndex((h) => h.id === id);
  return at >= 0 ? `#${at + 1} in the results beside` : "not in the results beside";
}

export function Search() {
  const [query, setQuery] = useState("");
  const [lens, setLens] = useState("");
  const [mode, setMode] = useState("hybrid");
  const [k, setK] = useState(10);
  const [hits, setHits] = useState(null);
  const [block, setBlock] = useState(null);
  const [asked, setAsked] = useState(null);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const lensList = lens.split(",").map((s) => s.trim()).filter(Boolean);
  async function run(e) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = { query, lens: lensList.length ? lensList : undefined, k: Number(k), mode, explain: true };
      const [q, c] = await Promise.all([
        call("POST", ctx("/query"), { body }),
        call("POST", ctx("/context"), { body: { query, lens: body.lens, budget: 2000 } }),
      ]);
      setHits(q.hits);
      setBlock(c.context);
      setAsked({ query, lens: body.lens, mode, k: Number(k) });
    } catch (err) { setError(err); } finally { setBusy(false); }
  }
  return html`
    <h2>Search playground</h2>
    <form class="search" onSubmit=${run}>
      <input class="wide" data-testid="search-input" value=${query} placeholder="What does the memory say about…"
        onInput=${(e) => setQuery(e.target.value)} required />
      <label>Lens <input data-testid="search-lens" value=${lens} placeholder="org/acme/user/maya"
        onInput=${(e) => setLens(e.target.value)} /></label>
      <label>Mode <select data-testid="search-mode" value=${mode} onChange=${(e) => setMode(e.target.value)}>
        <option value="hybrid">hybrid</option><option value="vector">vector</option><option value="bm25">bm25</option>
      </select></label>
      <label>k <input type="number" min="1" max="100" value=${k} onInput=${(e) => setK(e.target.value)} /></label>
      <button type="submit" data-testid="search-submit" disabled=${busy}>Search</button>
    </form>
    <${Problem} error=${error} />
    ${hits && html`
      <div class="split">
        <ol class="results">
          ${hits.length === 0 && html`<p class="muted" data-testid="no-results">Nothing recalled.</p>`}
          ${hits.map((hit) => html`
            <li data-testid="search-result" data-id=${hit.id} data-kind=${hit.kind}>
              <p><span class="pill">${hit.kind}${hit.authoritative ? " · curated" : ""}</span>
                <b>${hit.score.toFixed(3)}</b> <code>${hit.scope}</code> <code class="muted">${hit.id}</code></p>
              <p>${short(hit.text, 300)}</p>
              <${Breakdown} explain=${hit.explain} />
            </li>`)}
        </ol>
        <aside class="detail">
          <h3>Why (not)?</h3>
          <${WhyNot} ...${asked} hits=${hits} />
          <h3>Context block</h3>
          <p class="muted" data-testid="context-size">${block.length} characters (budget 2,000)</p>
          <pre data-testid="context-preview">${block}</pre>
        </aside>
      </div>`}`;
}
