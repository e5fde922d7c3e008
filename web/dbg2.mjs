const r = await import("/work/wt-prerender/web/node_modules/.vj-dbg/render-page.js");
const { renderToString } = await import("react-dom/server");
