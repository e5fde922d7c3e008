#!/usr/bin/env node
// Changes made offline, in Debian's Chromium (DESIGN §13). Prints tables, asserts nothing.
//
//   node web/scripts/offline-changes-bench.mjs [baseUrl]
//
// Without baseUrl it starts the compiled API (api/dist, built here when stale) serving web/dist
// (build it first: `pnpm --filter @vj/web build`) on embedded PGlite in a temporary DATA_DIR.
//
//   (a) CHANGES renames of NOTES notes made offline through the note cards (title, Enter), then
//       back online: seconds until the outbox is empty and until the API lists every final title;
//       beside the same CHANGES PATCH requests sent straight from Node, one after another.
//   (b) Offline, the time from the Enter that saves a rename to the new title in the DOM (a
//       MutationObserver in the page), at 1× and 4× CPU slowdown (CDP Emulation.setCPUThrottlingRate).
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), CHANGES (200), NOTES (20), SAMPLES (10, for b).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApiIfStale, startCompiledApi } from "./compiled-api.mjs";
import { countInPage, json, launchBench, median, ms, newAccount, openJournal, printTable, waitFor } from "./bench-browser.mjs";

const web = path.resolve(import.meta.dirname, "..");
const CHANGES = Number(process.env.CHANGES ?? 200);
const NOTES = Number(process.env.NOTES ?? 20);
const SAMPLES = Number(process.env.SAMPLES ?? 10);
const FIXTURE = path.resolve(web, "../api/test/fixtures/note.webm");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "vj-offline-changes-bench-"));
const loadStart = os.loadavg();

async function startServer() {
  if (!fs.existsSync(path.join(web, "dist", "index.html"))) throw new Error("web/dist is missing: run `pnpm --filter @vj/web build` first");
  await buildApiIfStale();
  return startCompiledApi({ TRANSCRIBE_ENGINE: "none", SUMMARY_ENGINE: "extractive" });
}

async function seedNotes(base, account, n) {
  const ids = [];
  for (let i = 0; i < n; i++) {
    const form = new FormData();
    form.set("audio", new Blob([fs.readFileSync(FIXTURE)], { type: "audio/webm" }), "recording.webm");
    form.set("title", `Note ${i}`);
    form.set("duration", "1");
    form.set("createdAt", new Date(Date.now() - (n - i) * 60_000).toISOString());
    form.set("domainId", account.collection.id);
    ids.push((await json(await fetch(`${base}/api/voice-notes`, { method: "POST", headers: { authorization: `Bearer ${account.token}` }, body: form }))).id);
  }
  return ids;
}

async function listTitles(base, account) {
  const day = new Date().toISOString().slice(0, 10);
  const notes = await json(
    await fetch(`${base}/api/voice-notes?domainId=${account.collection.id}&period=day&periodKey=${day}&tz=UTC`, { headers: { authorization: `Bearer ${account.token}` } }),
  );
  return new Set(notes.map((n) => n.title));
}

/** Renames through the card: the title's edit button, the new title, Enter. Returns ms from Enter to the new title on screen. */
async function renameInPage(page, from, to) {
  await page.getByRole("button", { name: `Edit title of ${from}`, exact: true }).click();
  const field = page.getByLabel("Note title");
  await field.fill(to);
  await page.evaluate((title) => {
    const w = window;
    w.__benchSeen = new Promise((resolve) => {
      addEventListener(
        "keydown",
        (e) => {
          if (e.key !== "Enter") return;
          const t0 = performance.now();
          const seen = () => [...document.querySelectorAll('[data-testid="note-card"] h3')].some((h) => h.textContent === title);
          const observer = new MutationObserver(() => {
            if (seen()) {
              observer.disconnect();
              resolve(performance.now() - t0);
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        },
        { capture: true, once: true },
      );
    });
  }, to);
  await field.press("Enter");
  return page.evaluate(() => window.__benchSeen);
}

const givenUrl = process.argv[2]?.replace(/\/$/, "");
const server = givenUrl ? { baseUrl: givenUrl, stop: async () => {} } : await startServer();
const base = server.baseUrl;
try {
  // (a) CHANGES renames made offline, then online.
  const account = await newAccount(base, "changes");
  await seedNotes(base, account, NOTES);
  const { context, page, close } = await launchBench(work);
  const titles = Array.from({ length: NOTES }, (_, i) => `Note ${i}`);
  let makeMs;
  let emptyMs;
  let serverMs;
  const tapToScreen = { 1: [], 4: [] };
  try {
    await openJournal(page, base, account);
    await page.getByRole("button", { name: `Edit title of ${titles[NOTES - 1]}` }).waitFor();
    await context.setOffline(true);
    const t0 = Date.now();
    for (let c = 0; c < CHANGES; c++) {
      const i = c % NOTES;
      const next = `Note ${i} v${Math.floor(c / NOTES) + 1}`;
      await renameInPage(page, titles[i], next);
      titles[i] = next;
    }
    makeMs = Date.now() - t0;
    if ((await countInPage(page, "pendingChanges")) !== CHANGES) throw new Error("the outbox does not hold every change");
    const online = Date.now();
    await context.setOffline(false);
    await waitFor("the outbox to empty", async () => (await countInPage(page, "pendingChanges")) === 0, 300_000, 20);
    emptyMs = Date.now() - online;
    await waitFor("the API to list every final title", async () => {
      const listed = await listTitles(base, account);
      return titles.every((t) => listed.has(t));
    }, 300_000, 50);
    serverMs = Date.now() - online;

    // (b) tap → screen, offline, at 1× and 4× CPU.
    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    for (const rate of [1, 4]) {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      for (let s = 0; s < SAMPLES; s++) {
        const i = s % NOTES;
        const next = `${titles[i]} x${rate}.${s}`;
        tapToScreen[rate].push(await renameInPage(page, titles[i], next));
        titles[i] = next;
      }
    }
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  } finally {
    await close();
  }

  // The same CHANGES requests sent straight, one after another, from Node.
  const straight = await newAccount(base, "straight");
  const ids = await seedNotes(base, straight, NOTES);
  const s0 = Date.now();
  for (let c = 0; c < CHANGES; c++) {
    const res = await fetch(`${base}/api/voice-notes/${ids[c % NOTES]}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${straight.token}`, "content-type": "application/json", "Idempotency-Key": `bench-${c}-${Date.now()}` },
      body: JSON.stringify({ title: `Note ${c % NOTES} v${Math.floor(c / NOTES) + 1}` }),
    });
    if (!res.ok) throw new Error(`PATCH answered ${res.status}`);
  }
  const straightMs = Date.now() - s0;

  printTable(`(a) ${CHANGES} renames of ${NOTES} notes made offline in Chromium, then back online`, [
    ["(a)", "value"],
    [`making them offline through the cards (click, type, Enter)`, ms(makeMs)],
    ["online → outbox empty (IndexedDB poll, 20 ms)", ms(emptyMs)],
    ["online → API lists every final title (50 ms poll)", ms(serverMs)],
    ["per change, online → on the server", ms(serverMs / CHANGES)],
    [`the same ${CHANGES} PATCH requests sent straight from Node`, ms(straightMs)],
    ["outbox replay / straight", `${(serverMs / straightMs).toFixed(2)}×`],
  ]);
  const row = (rate) => [`${rate}× CPU`, String(tapToScreen[rate].length), ms(Math.min(...tapToScreen[rate])), ms(median(tapToScreen[rate])), ms(Math.max(...tapToScreen[rate]))];
  printTable("(b) offline rename: Enter → the new title in the DOM", [["(b)", "samples", "min", "median", "max"], row(1), row(4)]);
  console.log(`\nload average (1/5/15 min): start ${loadStart.map((l) => l.toFixed(2)).join(" ")}; end ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
} catch (err) {
  if (server.log) console.error(`API output:\n${server.log()}`);
  throw err;
} finally {
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
