// What the browser benchmarks share (recorder-bench.mjs, north-star-bench.mjs): Debian's Chromium
// with a fresh profile, an account made through the built-in auth, the login form, waiting, and
// the printed table.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS } from "./chromium-flags.mjs";

export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** A WAV of `text` spoken by espeak-ng, for Chromium's fake microphone. */
export function speechWav(work, text) {
  const file = path.join(work, "speech.wav");
  execFileSync("espeak-ng", ["-s", "150", "-w", file, text]);
  return file;
}

/** Chromium flags that make its fake microphone play `wav`. */
export const fakeMicrophone = (wav) => ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-audio-capture=${wav}`];

/** Chromium on a fresh profile under `work`, desktop-sized, in UTC. */
export async function launchBench(work, args = []) {
  const profile = fs.mkdtempSync(path.join(work, "profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1280, height: 800 },
    timezoneId: "UTC",
    args: [...args, ...CHROMIUM_FLAGS],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page, close: () => context.close() };
}

export async function json(res) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  return JSON.parse(text);
}

/** A fresh account (built-in auth) with one default collection. */
export async function newAccount(base, label) {
  const email = `bench-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "bench-password-1";
  const session = await json(
    await fetch(`${base}/auth/v1/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) }),
  );
  const token = session.access_token;
  const collection = await json(
    await fetch(`${base}/api/domains`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Bench", primaryColor: "#4f46e5", isDefault: true, userId: "" }),
    }),
  );
  return { email, password, token, collection };
}

/** Signs in through the login form and waits until the service worker controls the journal. */
export async function openJournal(page, base, account) {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${base}/${account.collection.slug}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.getByRole("button", { name: "Start recording", exact: true }).waitFor();
}

/** Rows of one store of the outbox database, counted over a connection of its own (the app's stays untouched). */
export function countInPage(page, store) {
  return page.evaluate(async (name) => {
    if (!(await indexedDB.databases()).some((d) => d.name === "voice-notes-outbox")) return 0;
    const db = await new Promise((res, rej) => {
      const r = indexedDB.open("voice-notes-outbox");
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    try {
      return await new Promise((res, rej) => {
        const q = db.transaction(name, "readonly").objectStore(name).count();
        q.onsuccess = () => res(q.result);
        q.onerror = () => rej(q.error);
      });
    } finally {
      db.close();
    }
  }, store);
}

export async function waitFor(what, check, timeoutMs = 60_000, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const ms = (x) => (Number.isFinite(x) ? `${Math.round(x)} ms` : "-");

export function printTable(title, rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  console.log(`\n${title}\n`);
  for (const [n, r] of rows.entries()) {
    console.log(r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  "));
    if (n === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
}

