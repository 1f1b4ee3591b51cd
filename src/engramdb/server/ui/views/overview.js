// Counts per kind and state, per engine tier, open conflicts; store health for administrators.
import { useState } from "../vendor/hooks.js";
import { call, ctx } from "../api.js";
import { html, Loading, Problem, useLoad } from "../lib.js";

const STATES = ["live", "superseded", "expired", "forgotten"];

function bytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

export function Overview() {
  const [check, setCheck] = useState(false); // the integrity check reads the whole file: asked for
  const [data, error, loading] = useLoad(
    () => call("GET", ctx("/overview"), { query: { check: check || undefined } }), [check]);
  if (!data) return html`<${Loading} loading=${loading} /><${Problem} error=${error} />`;
  const health = data.health;
  return html`
    <h2>Overview</h2>
    <section class="cards">
      <div class="card" data-testid="open-conflicts"><b>${data.open.conflicts}</b> open conflicts</div>
      <div class="card"><b>${data.open.uncertainties}</b> open uncertainties</div>
      <div class="card"><b>${data.scopes}</b> scopes you can read</div>
    </section>
    <h3>By kind and state</h3>
    <table class="compact" data-testid="overview-kinds">
      <thead><tr><th>kind</th>${STATES.map((s) => html`<th>${s}</th>`)}</tr></thead>
      <tbody>
        ${Object.entries(data.kinds).map(([kind, counts]) => html`
          <tr data-kind=${kind}><td>${kind}</td>
            ${STATES.map((s) => html`<td class="num" data-state=${s}>${counts[s]}</td>`)}</tr>`)}
      </tbody>
    </table>
    <h3>Engine memories by tier</h3>
    <table class="compact" data-testid="overview-tiers">
      <thead><tr><th>tier</th><th>live</th><th>forgotten</th></tr></thead>
      <tbody>
        ${Object.entries(data.tiers).map(([tier, c]) => html`
          <tr data-tier=${tier}><td>${tier}</td><td class="num">${c.live}</td>
            <td class="num">${c.forgotten}</td></tr>`)}
      </tbody>
    </table>
    <h3>Store health</h3>
    ${health
      ? html`<dl class="health" data-testid="overview-health">
          <dt>write-ahead log</dt><dd>position ${health.log.lsn}, ${bytes(health.log.bytes)} not yet checkpointed</dd>
          <dt>segments</dt><dd>${Object.entries(health.segments).map(([t, s]) =>
            html`<span class="pill">${t}: ${s.segments} segment(s), ${s.live} live</span>`)}</dd>
          <dt>index</dt><dd>knowledge tables: ${health.index.knowledgeCheck === null
            ? html`<button class="link" data-testid="integrity-check" onClick=${() => setCheck(true)}>check integrity</button>`
            : html`<b data-testid="integrity">${health.index.knowledgeCheck}</b>`};
            partitions: ${Object.keys(health.index.ivf).length ? Object.entries(health.index.ivf).map(([t, p]) => `${t} ${p.nlist}`).join(", ") : "none (exact scan)"}</dd>
          <dt>on disk</dt><dd>${bytes(health.diskBytes)}</dd>
          <dt>embedder</dt><dd>${health.embedder}</dd>
        </dl>`
      : html`<p class="muted" data-testid="overview-health-hidden">The store's health counts every
          scope: it needs a key with grant:manage.</p>`}`;
}
