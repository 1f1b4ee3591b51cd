// The REST API as the signed-in person sees it: their key (kept in this tab's session
// storage, sent as a bearer header, never put in a URL) and the context they picked.

const KEY = "engramdb.key";
const CONTEXT = "engramdb.context";

export const session = {
  get key() { return sessionStorage.getItem(KEY); },
  set key(v) { v ? sessionStorage.setItem(KEY, v) : sessionStorage.removeItem(KEY); },
  get context() { return sessionStorage.getItem(CONTEXT); },
  set context(v) { v ? sessionStorage.setItem(CONTEXT, v) : sessionStorage.removeItem(CONTEXT); },
};

export class ApiError extends Error {
  constructor(status, problem) {
    const where = problem.field ? ` (${problem.field})` : "";
    const limit = problem.limit != null ? `; limit ${problem.limit}` : "";
    super(`${problem.detail || problem.title || "request failed"}${where}${limit}`);
    this.status = status;
    this.problem = problem;
  }
}

// Relative to the page (…/ui/), so a server behind a path prefix works unchanged.
const base = () => new URL("../api/v1", document.baseURI).pathname;

export async function call(method, path, { query, body, key } = {}) {
  const url = new URL(base() + path, document.baseURI);
  for (const [name, value] of Object.entries(query || {})) {
    if (value === undefined || value === null || value === "") continue;
    for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, v);
  }
  const headers = { Authorization: `Bearer ${key ?? session.key}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const resp = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "omit",
    cache: "no-store",
  });
  const text = await resp.text();
  const data = text ? JSON.parse(text) : null;
  if (!resp.ok) throw new ApiError(resp.status, data || { title: resp.statusText });
  return data;
}

// A route of the chosen context: ctx("/query") → /api/v1/<context>/query
export const ctx = (path) => `/${encodeURIComponent(session.context)}${path}`;
