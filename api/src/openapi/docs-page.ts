type Json = Record<string, any>;

const esc = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const anchor = (name: string) => `schema-${name}`;

/** Escaped prose with `backticks` shown as code. */
const prose = (s: unknown) => esc(s).replace(/`([^`]+)`/g, "<code>$1</code>");

/** A schema as indented JSON in which every $ref links to the schema it names. */
function schemaHtml(schema: unknown): string {
  const text = esc(JSON.stringify(schema, null, 2));
  return `<pre>${text.replace(/&quot;#\/components\/schemas\/([A-Za-z0-9_]+)&quot;/g, (_m, name: string) => `"<a href="#${anchor(name)}">#/components/schemas/${name}</a>"`)}</pre>`;
}

function schemaSummary(schema: Json | undefined): string {
  if (!schema) return "";
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.split("/").pop()!;
    return `<a href="#${anchor(name)}">${esc(name)}</a>`;
  }
  return `<code>${esc(schema.type ?? "object")}${schema.format ? ` (${esc(schema.format)})` : ""}</code>`;
}

/**
 * The API reference as one self-contained HTML page rendered on the server from the OpenAPI
 * document: no script and nothing fetched from a CDN, so it works offline and under a strict CSP.
 */
export function renderDocsPage(doc: Json): string {
  const ops: { tag: string; method: string; path: string; op: Json }[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(methods as Json)) ops.push({ tag: op.tags?.[0] ?? "Other", method, path, op });
  }
  const tags: string[] = (doc.tags as { name: string }[]).map((t) => t.name);

  const opHtml = ({ method, path, op }: (typeof ops)[number]) => {
    const params = (op.parameters ?? []) as Json[];
    const body = op.requestBody?.content as Json | undefined;
    const responses = Object.entries(op.responses as Json);
    return `<section class="op" id="${esc(op.operationId)}">
  <h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3>
  <p class="sum">${esc(op.summary)}</p>
  ${op.description ? `<p>${prose(op.description)}</p>` : ""}
  ${params.length ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${params
    .map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? "yes" : "no"}</td><td>${schemaSummary(p.schema)}${p.schema?.enum ? ` ${esc(p.schema.enum.join(" | "))}` : ""}${p.description ? ` — ${esc(p.description)}` : ""}</td></tr>`)
    .join("")}</table>` : ""}
  ${body ? `<h4>Request body</h4>${Object.entries(body).map(([type, c]) => `<p><code>${esc(type)}</code></p>${schemaHtml((c as Json).schema)}`).join("")}` : ""}
  <h4>Responses</h4><table><tr><th>status</th><th>description</th><th>body</th></tr>${responses
    .map(([status, r]) => {
      const content = (r as Json).content as Json | undefined;
      const first = content ? Object.entries(content)[0] : undefined;
      return `<tr><td>${esc(status)}</td><td>${esc((r as Json).description)}</td><td>${first ? `<code>${esc(first[0])}</code> ${schemaSummary((first[1] as Json).schema)}` : ""}</td></tr>`;
    })
    .join("")}</table>
</section>`;
  };

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} — reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2937;display:grid;grid-template-columns:280px 1fr}
nav{position:sticky;top:0;height:100vh;overflow:auto;background:#f3f4f6;padding:16px;box-sizing:border-box;font-size:13px}
nav a{display:block;color:#1f2937;text-decoration:none;padding:2px 0}nav h2{font-size:13px;margin:14px 0 4px;text-transform:uppercase;color:#6b7280}
main{padding:24px 40px;max-width:980px;min-width:0}h1{margin-top:0}.op{border-top:1px solid #e5e7eb;padding:12px 0}
.m{display:inline-block;min-width:64px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px;margin-right:4px}
.m-get{background:#0369a1}.m-post{background:#059669}.m-put{background:#7c3aed}.m-patch{background:#92400e}.m-delete{background:#dc2626}
pre{background:#111827;color:#e5e7eb;padding:12px;border-radius:6px;overflow:auto;font-size:12px}pre a{color:#93c5fd}
table{border-collapse:collapse;width:100%;font-size:13px}td,th{border:1px solid #e5e7eb;padding:4px 8px;text-align:left;vertical-align:top}
.sum{font-weight:600}code{font-size:13px}
</style></head>
<body>
<nav><strong>${esc(doc.info.title)}</strong> <small>${esc(doc.info.version)}</small>
<p><a href="openapi.json">openapi.json</a></p>
${tags
  .map((tag) => `<h2>${esc(tag)}</h2>${ops
    .filter((o) => o.tag === tag)
    .map((o) => `<a href="#${esc(o.op.operationId)}"><span class="m m-${o.method}">${o.method.toUpperCase()}</span> ${esc(o.path.replace(/^\/api/, ""))}</a>`)
    .join("")}`)
  .join("")}
<h2>Schemas</h2>${Object.keys(doc.components.schemas).map((name) => `<a href="#${anchor(name)}">${esc(name)}</a>`).join("")}
</nav>
<main>
<h1>${esc(doc.info.title)}</h1>
<p>${prose(doc.info.description)}</p>
<p>Machine-readable: <a href="openapi.json"><code>/api/openapi.json</code></a> (OpenAPI ${esc(doc.openapi)}).</p>
${tags.map((tag) => `<h2>${esc(tag)}</h2>${ops.filter((o) => o.tag === tag).map(opHtml).join("\n")}`).join("\n")}
<h2>Schemas</h2>
${Object.entries(doc.components.schemas as Json)
  .map(([name, schema]) => `<section id="${anchor(name)}"><h3>${esc(name)}</h3>${schemaHtml(schema)}</section>`)
  .join("\n")}
</main></body></html>`;
}
