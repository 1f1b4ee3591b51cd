// The dashboard's shell: sign-in with an API key, the context picker, the views.
import { render } from "./vendor/preact.js";
import { useEffect, useState } from "./vendor/hooks.js";
import { call, session } from "./api.js";
import { html, manages, Problem } from "./lib.js";
import { Overview } from "./views/overview.js";
import { Memories } from "./views/memories.js";
import { Search } from "./views/search.js";
import { Conflicts } from "./views/conflicts.js";
import { Graph } from "./views/graph.js";
import { Admin } from "./views/admin.js";

const VIEWS = [
  ["overview", "Overview", Overview],
  ["memories", "Memories", Memories],
  ["search", "Search", Search],
  ["conflicts", "Conflicts", Conflicts],
  ["graph", "Entity graph", Graph],
  ["admin", "Admin", Admin],
];

function SignIn({ onSignedIn }) {
  const [key, setKey] = useState("");
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  async function submit(event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const me = await call("GET", "/me", { key: key.trim() });
      session.key = key.trim();
      onSignedIn(me);
    } catch (e) {
      setError(e.status === 401 ? new Error("That key was not accepted (unknown, revoked or expired).") : e);
    } finally {
      setBusy(false);
    }
  }
  return html`
    <main class="signin">
      <h1>EngramDB</h1>
      <p class="muted">Sign in with an API key. It stays in this tab only (session storage).</p>
      <form onSubmit=${submit}>
        <label>API key
          <input type="password" autocomplete="off" data-testid="api-key" value=${key}
            onInput=${(e) => setKey(e.target.value)} placeholder="egdb_…" required />
        </label>
        <button type="submit" data-testid="login" disabled=${busy}>Sign in</button>
      </form>
      <${Problem} error=${error} />
    </main>`;
}

function currentView() {
  const name = location.hash.replace(/^#\/?/, "") || "overview";
  return VIEWS.some(([n]) => n === name) ? name : "overview";
}

function Shell({ me, onSignOut }) {
  const [contexts, setContexts] = useState(null);
  const [context, setContext] = useState(session.context);
  const [view, setView] = useState(currentView());
  const [error, setError] = useState(null);
  useEffect(() => {
    call("GET", "/contexts").then((r) => {
      setContexts(r.contexts);
      if (!r.contexts.includes(context)) {
        session.context = r.contexts[0] || null;
        setContext(session.context);
      }
    }, setError);
    const onHash = () => setView(currentView());
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, []);
  const pick = (name) => { session.context = name; setContext(name); };
  const shown = VIEWS.filter(([n]) => n !== "admin" || manages(me));
  const View = (VIEWS.find(([n]) => n === view) || VIEWS[0])[2];
  return html`
    <header>
      <strong class="brand">EngramDB</strong>
      <label class="context">Context
        <select data-testid="context-select" value=${context || ""}
          onChange=${(e) => pick(e.target.value)}>
          ${(contexts || []).map((c) => html`<option value=${c}>${c}</option>`)}
        </select>
      </label>
      <nav>
        ${shown.map(([name, label]) => html`
          <a href=${`#/${name}`} data-testid=${`nav-${name}`}
            class=${view === name ? "active" : ""}>${label}</a>`)}
      </nav>
      <span class="who" data-testid="who">${me.principal.name}</span>
      <button class="link" data-testid="logout" onClick=${onSignOut}>Sign out</button>
    </header>
    <main>
      <${Problem} error=${error} />
      ${contexts && contexts.length === 0
        ? html`<p data-testid="no-context">This key reaches no context yet.</p>`
        : context && html`<${View} key=${`${view}/${context}`} me=${me} context=${context} />`}
    </main>`;
}

function App() {
  const [me, setMe] = useState(null);
  const [checking, setChecking] = useState(Boolean(session.key));
  useEffect(() => {
    if (!session.key) return;
    call("GET", "/me").then(setMe, () => { session.key = null; }).finally(() => setChecking(false));
  }, []);
  if (checking) return html`<p class="loading">Checking the key…</p>`;
  if (!me) return html`<${SignIn} onSignedIn=${setMe} />`;
  const signOut = () => { session.key = null; session.context = null; setMe(null); };
  return html`<${Shell} me=${me} onSignOut=${signOut} />`;
}

const root = document.getElementById("app");
root.textContent = ""; // the "Loading…" placeholder
render(html`<${App} />`, root);
