// Principals, their grants and contexts, and their keys: create (narrower than the maker),
// narrow (a new key with less, prefilled from one), rotate, revoke. Needs grant:manage; a key
// bound to some contexts sees only the principals inside them.
import { useState } from "../vendor/hooks.js";
import { call } from "../api.js";
import { Grants, html, Loading, Problem, useLoad, when } from "../lib.js";

const parse = (text, what) => {
  try { return JSON.parse(text); } catch { throw new Error(`${what} must be JSON, like {"memory:read": ["org/acme"]}`); }
};
const list = (text) => text.split(",").map((s) => s.trim()).filter(Boolean);

function Token({ token }) {
  if (!token) return null;
  return html`<p class="token" data-testid="new-token">Copy this key now, it is shown once:
    <code>${token}</code></p>`;
}

function KeyForm({ principal, start, onDone }) {
  const [grants, setGrants] = useState(JSON.stringify(start ? start.grants : principal.grants));
  const [contexts, setContexts] = useState(((start && start.contexts) || principal.contexts).join(", "));
  const [label, setLabel] = useState(start ? `narrowed from ${start.label || start.keyId}` : "");
  const [error, setError] = useState(null);
  async function submit(e) {
    e.preventDefault();
    setError(null);
    try {
      const made = await call("POST", "/keys", { body: {
        principalId: principal.id, grants: parse(grants, "grants"), contexts: list(contexts), label: label || undefined,
      } });
      onDone(made.token);
    } catch (err) { setError(err); }
  }
  return html`
    <form class="stack" data-testid="key-form" onSubmit=${submit}>
      <label>Grants <textarea data-testid="key-grants" rows="3" value=${grants}
        onInput=${(e) => setGrants(e.target.value)}></textarea></label>
      <label>Contexts <input data-testid="key-contexts" value=${contexts}
        onInput=${(e) => setContexts(e.target.value)} /></label>
      <label>Label <input data-testid="key-label" value=${label} onInput=${(e) => setLabel(e.target.value)} /></label>
      <button type="submit" data-testid="key-create">${start ? "Make the narrower key" : "Create key"}</button>
      <${Problem} error=${error} />
    </form>`;
}

function Keys({ principal }) {
  const [token, setToken] = useState(null);
  const [form, setForm] = useState(null); // null | {start}
  const [error, setError] = useState(null);
  const [data, loadError, loading, reload] = useLoad(
    () => call("GET", "/keys", { query: { principalId: principal.id } }), [principal.id]);
  async function act(fn) {
    setError(null);
    try { await fn(); reload(); } catch (e) { setError(e); }
  }
  return html`
    <section class="keys" data-testid="keys">
      <h3>Keys of ${principal.name}</h3>
      <${Token} token=${token} />
      <${Loading} loading=${loading} /><${Problem} error=${loadError || error} />
      <table>
        <thead><tr><th>key</th><th>label</th><th>grants</th><th>contexts</th><th>made</th><th>state</th><th></th></tr></thead>
        <tbody>${(data ? data.keys : []).map((k) => html`
          <tr data-testid="key-row" data-key=${k.keyId} data-revoked=${k.revokedMs ? "yes" : "no"}>
            <td><code>${k.keyId}</code></td><td>${k.label || ""}</td>
            <td><${Grants} grants=${k.grants} /></td>
            <td>${k.contexts ? k.contexts.join(", ") : "(the principal's)"}</td>
            <td>${when(k.createdMs)}</td>
            <td>${k.revokedMs ? (k.replacedBy ? `rotated into ${k.replacedBy}` : `revoked ${when(k.revokedMs)}`) : k.expiresMs ? `expires ${when(k.expiresMs)}` : "active"}${k.replaces ? html`<br /><span class="small">replaces ${k.replaces}</span>` : ""}</td>
            <td class="nowrap">${!k.revokedMs && html`
              <button data-testid="key-narrow" onClick=${() => setForm({ start: k })}>Narrow</button>
              <button data-testid="key-rotate" onClick=${() => act(async () =>
                setToken((await call("POST", `/keys/${k.keyId}/rotate`)).token))}
                title="a new id and token; revoking the old id later revokes this one too">Rotate</button>
              <button data-testid="key-revoke" class="danger" onClick=${() => act(() =>
                call("DELETE", `/keys/${k.keyId}`))}>Revoke</button>`}</td>
          </tr>`)}</tbody>
      </table>
      ${form
        ? html`<${KeyForm} principal=${principal} start=${form.start}
            onDone=${(t) => { setToken(t); setForm(null); reload(); }} />`
        : html`<button data-testid="key-new" onClick=${() => setForm({ start: null })}>New key</button>`}
    </section>`;
}

function PrincipalEdit({ principal, onDone }) {
  const [grants, setGrants] = useState(JSON.stringify(principal.grants));
  const [contexts, setContexts] = useState(principal.contexts.join(", "));
  const [error, setError] = useState(null);
  async function submit(e) {
    e.preventDefault();
    setError(null);
    try {
      await call("PUT", `/principals/${principal.id}/grants`, { body: { grants: parse(grants, "grants") } });
      await call("PUT", `/principals/${principal.id}/contexts`, { body: { contexts: list(contexts) } });
      onDone();
    } catch (err) { setError(err); }
  }
  return html`
    <form class="stack" data-testid="principal-edit" onSubmit=${submit}>
      <h3>Grants and contexts of ${principal.name}</h3>
      <label>Grants <textarea data-testid="edit-grants" rows="3" value=${grants}
        onInput=${(e) => setGrants(e.target.value)}></textarea></label>
      <label>Contexts <input data-testid="edit-contexts" value=${contexts}
        onInput=${(e) => setContexts(e.target.value)} /></label>
      <button type="submit" data-testid="principal-save">Save</button>
      <${Problem} error=${error} />
    </form>`;
}

function PrincipalForm({ onDone }) {
  const [name, setName] = useState("");
  const [kind, setKind] = useState("agent");
  const [grants, setGrants] = useState('{"memory:read": ["*"]}');
  const [contexts, setContexts] = useState("");
  const [error, setError] = useState(null);
  async function submit(e) {
    e.preventDefault();
    setError(null);
    try {
      await call("POST", "/principals", { body: { name, kind, grants: parse(grants, "grants"), contexts: list(contexts) } });
      onDone();
    } catch (err) { setError(err); }
  }
  return html`
    <form class="stack" data-testid="principal-form" onSubmit=${submit}>
      <label>Name <input data-testid="principal-name" value=${name} onInput=${(e) => setName(e.target.value)} required /></label>
      <label>Kind <select value=${kind} onChange=${(e) => setKind(e.target.value)}>
        ${["agent", "user", "service", "unknown"].map((k) => html`<option value=${k}>${k}</option>`)}</select></label>
      <label>Grants <textarea data-testid="principal-grants" rows="3" value=${grants}
        onInput=${(e) => setGrants(e.target.value)}></textarea></label>
      <label>Contexts <input data-testid="principal-contexts" value=${contexts}
        onInput=${(e) => setContexts(e.target.value)} placeholder="support, sales" /></label>
      <button type="submit" data-testid="principal-create">Create principal</button>
      <${Problem} error=${error} />
    </form>`;
}

export function Admin() {
  const [open, setOpen] = useState(null);
  const [adding, setAdding] = useState(false);
  const [data, error, loading, reload] = useLoad(() => call("GET", "/principals"), []);
  return html`
    <h2>Admin</h2>
    <${Loading} loading=${loading} /><${Problem} error=${error} />
    <table data-testid="principals">
      <thead><tr><th>principal</th><th>kind</th><th>grants</th><th>contexts</th><th>made</th></tr></thead>
      <tbody>${(data ? data.principals : []).map((p) => html`
        <tr data-testid="principal-row" data-name=${p.name} class=${open && open.id === p.id ? "selected" : ""}
          onClick=${() => setOpen(p)}>
          <td>${p.name}${p.disabled ? " (disabled)" : ""}</td><td>${p.kind}</td>
          <td><${Grants} grants=${p.grants} /></td>
          <td>${p.contexts.join(", ")}</td><td>${when(p.createdMs)}</td></tr>`)}</tbody>
    </table>
    ${adding
      ? html`<${PrincipalForm} onDone=${() => { setAdding(false); reload(); }} />`
      : html`<button data-testid="principal-new" onClick=${() => setAdding(true)}>New principal</button>`}
    ${open && html`
      <${PrincipalEdit} key=${`edit-${open.id}`} principal=${open}
        onDone=${() => reload()} />
      <${Keys} key=${open.id} principal=${open} />`}`;
}
