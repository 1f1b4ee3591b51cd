// What every view shares: the html tag, time formatting, loading a request's answer.
import { h } from "./vendor/preact.js";
import { useCallback, useEffect, useState } from "./vendor/hooks.js";
import htm from "./vendor/htm.js";

export const html = htm.bind(h);

export function when(ms) {
  if (ms === null || ms === undefined) return "—";
  const d = new Date(ms);
  return d.toISOString().replace("T", " ").slice(0, 19);
}

export function short(text, n = 160) {
  if (text === null || text === undefined) return "";
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
}

// [data, error, loading, reload] of an async function, run again when `deps` change.
export function useLoad(fn, deps) {
  const [state, setState] = useState({ data: null, error: null, loading: true });
  const run = useCallback(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    fn().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error) => live && setState({ data: null, error, loading: false }),
    );
    return () => { live = false; };
  }, deps);
  useEffect(run, [run]);
  return [state.data, state.error, state.loading, run];
}

export function Problem({ error }) {
  if (!error) return null;
  return html`<p class="error" role="alert" data-testid="error">${error.message}</p>`;
}

export function Loading({ loading }) {
  return loading ? html`<p class="muted">Loading…</p>` : null;
}

// grants: {"memory:read": ["org/acme"], "grant:manage": ["*"]}
export function holds(me, verb) {
  const paths = (me && me.grants && me.grants[verb]) || [];
  return paths.length > 0;
}
export const manages = (me) => ((me && me.grants && me.grants["grant:manage"]) || []).includes("*");

// Grants as people read them: one "verb: path, path" line per verb, not raw JSON.
export function Grants({ grants }) {
  const rows = Object.entries(grants || {});
  if (!rows.length) return html`<span class="muted">none</span>`;
  return html`<ul class="grants" data-testid="grants">${rows.map(([verb, paths]) => html`
    <li><b>${verb}</b>: ${(paths || []).map((p, i) => html`${i ? ", " : ""}<code>${p}</code>`)}</li>`)}</ul>`;
}
