// Compiles the server to api/dist/main.js (DESIGN §10: production runs compiled JavaScript).
// The workspace's own TypeScript (@vj/core) is bundled in; every npm dependency stays an
// import of node_modules, so native and WASM packages (argon2, PGlite) load as they were built.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@vj/"));

fs.rmSync(path.join(root, "dist"), { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, "src/main.ts")],
  outfile: path.join(root, "dist/main.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external,
  logLevel: "warning",
});
