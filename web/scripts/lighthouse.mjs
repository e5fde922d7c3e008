#!/usr/bin/env node
// Lighthouse 12 performance (mobile, its default simulated throttling) of the built app, visitor
// pages and the signed-in main screen, in Debian's Chromium (issue 11). A table, not a test.
// Needs the app served by the API (e.g. `npm start`) and Lighthouse from npm (fetched by npx).
//
//   node web/scripts/lighthouse.mjs [baseUrl=http://127.0.0.1:3000]
//
// The signed-in page: the script signs up a fresh account through the built-in auth, gives it a
// collection, signs in through the login form in the same browser profile, then runs Lighthouse
// on / with --disable-storage-reset so the session stays. Visitor pages run first, each from
// empty storage. CHROMIUM_PATH overrides /usr/bin/chromium; LIGHTHOUSE overrides the npx package.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const base = (process.argv[2] ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const lighthouse = (process.env.LIGHTHOUSE ?? "lighthouse@12").split(" ");
const port = 9300 + Math.floor(Math.random() * 500);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "vj-lighthouse-"));

function runLighthouse(url, { keepStorage = false } = {}) {
  const out = path.join(work, `${Math.random().toString(36).slice(2)}.json`);
  const args = ["-y", ...lighthouse, url, `--port=${port}`, "--only-categories=performance", "--output=json", `--output-path=${out}`, "--quiet"];
  if (keepStorage) args.push("--disable-storage-reset");
  const r = spawnSync("npx", args, { stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0) throw new Error(`lighthouse failed on ${url} (exit ${r.status})`);
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  const audit = (id) => report.audits[id];
  const secs = (id) => `${((audit(id)?.numericValue ?? Number.NaN) / 1000).toFixed(1)} s`;
  return {
    score: report.categories.performance.score?.toFixed(2) ?? "-",
    fcp: secs("first-contentful-paint"),
    lcp: secs("largest-contentful-paint"),
    tbt: `${Math.round(audit("total-blocking-time")?.numericValue ?? 0)} ms`,
    cls: (audit("cumulative-layout-shift")?.numericValue ?? 0).toFixed(3),
    compression: `${Math.round((audit("uses-text-compression")?.details?.overallSavingsBytes ?? 0) / 1024)} KiB`,
    finalUrl: report.finalDisplayedUrl ?? report.finalUrl,
  };
}

async function json(res) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  return JSON.parse(text);
}

// Chromium started here, not by Playwright: Playwright holds new tabs paused for itself, which
// stalls the tabs Lighthouse opens. Playwright only drives the sign-in, over CDP, then lets go.
const browserProcess = spawn(
  chromiumPath,
  ["--headless", "--no-sandbox", "--disable-gpu", `--remote-debugging-port=${port}`, `--user-data-dir=${path.join(work, "profile")}`, "--no-first-run", "--disable-background-networking", "about:blank"],
  { stdio: "ignore" },
);
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
  } catch {
    if (i > 100) throw new Error("Chromium did not open its debugging port");
  }
  await new Promise((r) => setTimeout(r, 100));
}
const rows = [["page", "score", "FCP", "LCP", "TBT", "CLS", "uncompressed text (savings)", "landed on"]];
try {
  for (const page of ["/", "/auth/login", "/auth/signup"]) {
    const r = runLighthouse(`${base}${page}`);
    rows.push([`${page} (visitor)`, r.score, r.fcp, r.lcp, r.tbt, r.cls, r.compression, r.finalUrl.replace(base, "")]);
  }

  const email = `lighthouse-${Date.now()}@example.com`;
  const password = "lighthouse-password";
  const session = await json(
    await fetch(`${base}/auth/v1/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) }),
  );
  await json(
    await fetch(`${base}/api/domains`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Journal", primaryColor: "#4f46e5", isDefault: true, userId: "" }),
    }),
  );
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${base}/auth/login`);
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').first().fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/auth"), { timeout: 30_000 });
  await page.close();
  await browser.close(); // disconnects; the browser and its profile stay for Lighthouse
  const r = runLighthouse(`${base}/`, { keepStorage: true });
  rows.push(["/ (signed in, main screen)", r.score, r.fcp, r.lcp, r.tbt, r.cls, r.compression, r.finalUrl.replace(base, "")]);
} finally {
  if (browserProcess.exitCode === null) {
    const exited = new Promise((r) => browserProcess.once("exit", r));
    browserProcess.kill();
    await exited;
  }
  fs.rmSync(work, { recursive: true, force: true });
}

const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
console.log(`\nLighthouse performance, mobile, ${base}\n`);
for (const [n, r] of rows.entries()) {
  console.log(r.map((c, i) => (i === 0 || i === 7 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  "));
  if (n === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
}
