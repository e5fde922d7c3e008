// Names for a built script's positions, from the source maps of a `vite build --sourcemap` build
// (source-map-js, which Vite itself uses): which function of which source, and which npm package
// or app folder it belongs to. Used by main-screen-trace.mjs and trace-tasks.mjs.
import fs from "node:fs";
import path from "node:path";
import { SourceMapConsumer } from "source-map-js";

/** Looks positions of `/assets/…` scripts up in `dist`'s maps; undefined where there is none. */
export function sourceNames(dist) {
  const maps = new Map();
  /** "name source:line" of a 0-based line and column in a script served at `script` (a path). */
  function original(script, line, column) {
    if (!script.startsWith("/assets/") || line < 0 || column < 0) return undefined;
    if (!maps.has(script)) {
      const file = path.join(dist, `${script}.map`);
      maps.set(script, fs.existsSync(file) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file, "utf8"))) : null);
    }
    const pos = maps.get(script)?.originalPositionFor({ line: line + 1, column });
    if (!pos?.source) return undefined;
    return `${pos.name ?? ""} ${pos.source.replace(/.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, "").replace(/^(\.\.\/)+/, "")}:${pos.line}`;
  }
  return { original };
}

/** The npm package (or the app's own folder) of a name that `original` gave. */
export function packageOf(mapped) {
  const source = mapped?.split(" ").pop();
  if (!source) return undefined;
  const [first, second, third] = source.replace(/:\d+$/, "").split("/");
  if (first === "src") return ["src", second, third].filter(Boolean).join("/");
  return first.startsWith("@") ? `${first}/${second}` : first;
}
