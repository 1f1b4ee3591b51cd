// The neighbourhood of an entity (≤ 2 hops), drawn by Cytoscape, as the facts stood at a
// moment; a click on a node lists its facts and the memories that mention it.
import { useEffect, useRef, useState } from "../vendor/hooks.js";
import cytoscape from "../vendor/cytoscape.js";
import { call, ctx } from "../api.js";
import { html, Loading, Problem, short, useLoad, when } from "../lib.js";

const COLOURS = {
  person: "#2f6fdf", organisation: "#b4531a", location: "#2b8a3e", product: "#8d3fbf",
  policy: "#a61e4d", other: "#5c6470",
};

const STYLE = [
  { selector: "node", style: {
    label: "data(label)", "font-size": 11, color: "#1d2330", "text-valign": "bottom", "text-margin-y": 4,
    width: "mapData(facts, 0, 12, 14, 40)", height: "mapData(facts, 0, 12, 14, 40)",
    "background-color": "data(colour)", "border-width": 0 } },
  { selector: "node.root", style: { "border-width": 3, "border-color": "#111" } },
  { selector: "node:selected", style: { "border-width": 3, "border-color": "#f59f00" } },
  { selector: "edge", style: {
    width: 1.5, "line-color": "#9aa3b2", "curve-style": "bezier", label: "data(label)",
    "font-size": 9, color: "#5c6470", "text-rotation": "autorotate" } },
  { selector: "edge.co", style: { "line-style": "dashed", label: "" } },
];

function NodePanel({ node, asOf }) {
  const [data, error, loading] = useLoad(() => call("GET", ctx("/graph/node"), {
    query: { type: node.type, name: node.name, asOf },
  }), [node.id, asOf]);
  return html`
    <aside class="detail" data-testid="node-panel">
      <h3>${node.name} <span class="pill">${node.type}</span></h3>
      <p class="muted">${node.scopes.join(", ")}</p>
      <${Loading} loading=${loading} /><${Problem} error=${error} />
      ${data && html`
        <h4>Facts</h4>
        <ul data-testid="node-facts">${Object.entries(data.attributes).flatMap(([key, values]) =>
          values.map((v) => html`<li>${key} = <b>${v.value}</b>${v.authoritative ? " ★" : ""}</li>`))}</ul>
        ${Object.keys(data.attributes).length === 0 && html`<p class="muted">No facts about it as of then.</p>`}
        <h4>Memories</h4>
        <ul data-testid="node-memories">${data.memories.map((m) => html`
          <li>${short(m.text, 140)} <span class="muted">${when(m.timeMs)}</span></li>`)}</ul>`}
    </aside>`;
}

export function Graph() {
  const [entity, setEntity] = useState("");
  const [asked, setAsked] = useState({ entity: "", depth: 2 });
  const [asOf, setAsOf] = useState(null);
  const [picked, setPicked] = useState(null);
  const box = useRef(null);
  const drawn = useRef(null);
  const [data, error, loading] = useLoad(() => call("GET", ctx("/graph"), {
    query: { entity: asked.entity, depth: asked.depth, asOf: asOf ?? undefined, limit: 300 },
  }), [asked.entity, asked.depth, asOf]);
  const [span, setSpan] = useState(null);
  useEffect(() => {
    if (data && data.span && !span) setSpan(data.span);
  }, [data]);
  useEffect(() => {
    if (!data || !box.current) return undefined;
    const cy = cytoscape({
      container: box.current,
      style: STYLE,
      elements: [
        ...data.nodes.map((n) => ({
          data: { id: n.id, label: n.name, facts: n.facts, colour: COLOURS[n.type] || COLOURS.other, node: n },
          classes: n.id === data.root ? "root" : "",
        })),
        ...data.edges.map((e, i) => ({
          data: { id: `e${i}`, source: e.source, target: e.target, label: e.labels.join(", ") },
          classes: e.kind,
        })),
      ],
      layout: { name: "cose", animate: false, randomize: false, nodeDimensionsIncludeLabels: true, padding: 40 },
      maxZoom: 1.6,
    });
    cy.on("tap", "node", (evt) => setPicked(evt.target.data("node")));
    drawn.current = cy;
    return () => { drawn.current = null; cy.destroy(); };
  }, [data]);
  useEffect(() => { // the panel took room: fit the drawing to the narrower box
    if (drawn.current) { drawn.current.resize(); drawn.current.fit(undefined, 40); }
  }, [picked]);
  const submit = (e) => { e.preventDefault(); setPicked(null); setAsked({ ...asked, entity: entity.trim() }); };
  return html`
    <h2>Entity graph</h2>
    <form class="inline" onSubmit=${submit}>
      <label>Entity <input data-testid="graph-entity" value=${entity} placeholder="the most connected when empty"
        onInput=${(e) => setEntity(e.target.value)} /></label>
      <label>Depth <select data-testid="graph-depth" value=${asked.depth}
        onChange=${(e) => setAsked({ ...asked, depth: Number(e.target.value) })}>
        <option value="1">1</option><option value="2">2</option></select></label>
      <button type="submit" data-testid="graph-submit">Show</button>
    </form>
    ${span && span.firstMs !== null && html`
      <label class="asof">As of <input type="range" data-testid="graph-asof" min=${span.firstMs} max=${span.lastMs}
        step="1" value=${asOf ?? span.lastMs} onChange=${(e) => setAsOf(Number(e.target.value))} />
        <span data-testid="graph-asof-label">${when(asOf ?? span.lastMs)}</span></label>`}
    <${Loading} loading=${loading} /><${Problem} error=${error} />
    <div class="split">
      <div class="graph" data-testid="entity-graph" ref=${box}
        data-root=${(data && data.root) || ""} data-node-count=${data ? data.nodes.length : 0} data-edge-count=${data ? data.edges.length : 0}></div>
      ${picked && html`<${NodePanel} node=${picked} asOf=${asOf ?? undefined} />`}
    </div>
    ${data && html`<p class="muted" data-testid="graph-summary">${`${data.nodes.length} entities, ${data.edges.length} links${data.truncated ? " (cut at the limit)" : ""}; dashed: stated in the same source.`}</p>`}`;
}
