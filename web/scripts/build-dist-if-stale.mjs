// Builds web/dist when it is missing or older than anything it is built from, as `pnpm build` does
// (vite build, then the brotli and gzip copies production serves). Used by `npm start` and before
// the browser journeys.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { compressDist } from "./compress-dist.mjs";

const web = path.resolve(import.meta.dirname, "..");
const dist = path.join(web, "dist");

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export async function buildDistIfStale() {
  const index = path.join(dist, "index.html");
  const sources = ["src", "public", "index.html", "vite.config.ts", "package.json", "scripts"].map((p) => path.join(web, p));
  const newestSource = Math.max(...sources.map(newestMtime));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= newestSource) return;
  console.log("building the web app (web/dist)");
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build and skip the service worker.
  const child = spawn(process.execPath, [path.join(web, "node_modules/vite/bin/vite.js"), "build"], {
    cwd: web,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  const code = await new Promise((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`vite build failed (exit ${code})`);
  await compressDist(dist);
}
