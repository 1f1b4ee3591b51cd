// Open conflicts between what someone said and the curated fact that applies; resolving one
// (uphold, accept, dismiss) is kept with the conflict.
import { useState } from "../vendor/hooks.js";
import { call, ctx } from "../api.js";
import { holds, html, Loading, Problem, short, useLoad, when } from "../lib.js";

function Side({ side, label }) {
  if (!side) return html`<div class="side"><p class="muted">${label}: not visible to this key</p></div>`;
  return html`
    <div class=${`side ${side.authoritative ? "curated" : "belief"}`}>
      <p class="muted">${label}</p>
      <p class="value" data-testid=${side.authoritative ? "conflict-applies" : "conflict-said"}>${side.value}</p>
      <blockquote>${short(side.statement, 240)}</blockquote>
      <p class="muted">${side.authoritative
        ? html`source <b data-testid="conflict-source">${side.sourceLabel}</b>`
        : html`said by <b data-testid="conflict-by">${side.saidBy || "a shared scope"}</b> (${side.sourceLabel})`}
        · <code>${side.scope}</code> · ${when(side.knownMs)}</p>
    </div>`;
}

function Row({ conflict, canWrite, onDone }) {
  const [note, setNote] = useState("");
  const [error, setError] = useState(null);
  const said = conflict.sides.find((s) => !s.authoritative);
  async function resolve(outcome) {
    setError(null);
    try {
      await call("POST", ctx(`/conflicts/${conflict.id}/resolve`), { body: { outcome, note: note || undefined } });
      onDone();
    } catch (e) { setError(e); }
  }
  return html`
    <li class="conflict" data-testid="conflict-row" data-id=${conflict.id}>
      <h3>${conflict.about} <span class="muted">#${conflict.id}, ${when(conflict.createdMs)}</span></h3>
      <div class="sides">
        <${Side} side=${said} label="what was said" />
        <${Side} side=${conflict.applies} label="the curated fact that applies" />
      </div>
      ${conflict.resolved
        ? html`<p data-testid="conflict-resolution">Resolved: <b>${conflict.resolution}</b>
            ${conflict.note ? ` — “${conflict.note}”` : ""} (${when(conflict.resolvedMs)}${conflict.resolvedBy
              ? `, by ${conflict.resolvedBy.principalId || conflict.resolvedBy.principal || "a key"}` : ""})</p>`
        : canWrite && html`
          <form class="inline" onSubmit=${(e) => e.preventDefault()}>
            <input data-testid="conflict-note" placeholder="note (kept with the decision)" value=${note}
              onInput=${(e) => setNote(e.target.value)} />
            <button data-testid="conflict-uphold" onClick=${() => resolve("uphold")}
              title="the curated fact stands; the belief is closed">Uphold policy</button>
            <button data-testid="conflict-accept" onClick=${() => resolve("accept")}
              title="the curated fact is outdated and is closed (needs memory:curate)">Accept claim</button>
            <button data-testid="conflict-dismiss" onClick=${() => resolve("dismiss")}
              title="not a conflict; both stay">Dismiss</button>
          </form>`}
      <${Problem} error=${error} />
    </li>`;
}

export function Conflicts({ me }) {
  const [every, setEvery] = useState(false);
  const [data, error, loading, reload] = useLoad(
    () => call("GET", ctx("/conflicts"), { query: { includeResolved: every } }), [every]);
  const list = data ? data.conflicts : [];
  const [state] = useLoad(() => call("GET", ctx("/state"), { query: { limit: 200 } }), [every]);
  const unknowns = state ? state.unknowns : [];
  return html`
    <h2>Conflicts</h2>
    <label class="toggle"><input type="checkbox" data-testid="conflicts-all" checked=${every}
      onChange=${(e) => setEvery(e.target.checked)} /> include resolved</label>
    <${Loading} loading=${loading} /><${Problem} error=${error} />
    ${data && list.length === 0 && html`<p class="muted" data-testid="no-conflicts">No open conflicts.</p>`}
    <ul class="conflicts">${list.map((c) => html`
      <${Row} key=${c.id} conflict=${c} canWrite=${holds(me, "memory:write")} onDone=${reload} />`)}</ul>
    <h3>Open uncertainties</h3>
    ${state && unknowns.length === 0 && html`<p class="muted">None.</p>`}
    <table data-testid="uncertainties">${unknowns.map((u) => html`
      <tr data-testid="uncertainty-row" data-id=${u.id}><td>${u.about}</td><td>${u.reason}</td>
        <td><span class="pill">${u.kind}</span></td><td><code>${u.scope}</code></td>
        <td class="nowrap">${when(u.createdMs)}</td></tr>`)}</table>`;
}
