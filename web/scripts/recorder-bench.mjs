#!/usr/bin/env node
// Recorder and outbox benchmark in Debian's Chromium with its fake microphone. Prints
// tables, asserts nothing.
//
//   node web/scripts/recorder-bench.mjs [baseUrl]
//
// Without baseUrl it starts the compiled API (api/dist, built here when stale) serving web/dist
// (build it first: `pnpm --filter @vj/web build`) on embedded PGlite in a temporary DATA_DIR, with
// TRANSCRIBE_ENGINE=none so no transcription competes with the uploads for the CPU.
//
//   (a) tap on the record button → first chunk stored in the IndexedDB recording journal: the tap
//       is a capture-phase click listener, "stored" is seen by a second IndexedDB connection
//       polling recordingChunks every 5 ms; the recorder's User Timing marks split the time.
//   (b) 80 MiB into the outbox (voice-notes-outbox / pendingUploads) through the app's own code
//       (found among the built modules' exports), against a bare IndexedDB put of the same bytes.
//   (c) 20 recordings made offline through the record button, then back online: time until the
//       outbox is empty and until the API lists the 20 notes.
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), TAPS (5), REPEATS (5, for b), PARTS
// (default abc: which measurements to run).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApiIfStale, startCompiledApi } from "./compiled-api.mjs";
import { chromiumPath, countInPage, fakeMicrophone, json, launchBench, median, ms, newAccount, openJournal, printTable, speechWav, waitFor } from "./bench-browser.mjs";

const web = path.resolve(import.meta.dirname, "..");
const TAPS = Number(process.env.TAPS ?? 5);
const REPEATS = Number(process.env.REPEATS ?? 5);
const QUEUED = 20;
const MiB = 1024 * 1024;
const OUTBOX_BYTES = 80 * MiB; // OUTBOX_MAX_BYTES in packages/core
const work = fs.mkdtempSync(path.join(os.tmpdir(), "vj-recorder-bench-"));
const loadStart = os.loadavg();

// ---------- the server ----------

async function startServer() {
  if (!fs.existsSync(path.join(web, "dist", "index.html"))) throw new Error("web/dist is missing: run `pnpm --filter @vj/web build` first");
  await buildApiIfStale();
  const api = await startCompiledApi({ TRANSCRIBE_ENGINE: "none", SUMMARY_ENGINE: "extractive" });
  return { ...api, description: "compiled API started here (PGlite, TRANSCRIBE_ENGINE=none)" };
}

// ---------- (a) tap → first chunk journaled ----------

async function benchTapToFirstChunk(base, wav) {
  const account = await newAccount(base, "tap");
  const { page, close } = await launchBench(work, fakeMicrophone(wav));
  const taps = [];
  try {
    await openJournal(page, base, account);
    const start = page.getByRole("button", { name: "Start recording", exact: true });
    for (let i = 0; i < TAPS; i++) {
      if ((await countInPage(page, "recordingChunks")) !== 0) throw new Error("the journal still holds chunks of an earlier take");
      // The tap's time, and a watcher on a second connection for the first stored chunk.
      await page.evaluate(() => {
        const w = window;
        performance.clearMarks();
        w.__benchTap = undefined;
        addEventListener("click", () => (w.__benchTap ??= performance.now()), { capture: true, once: true });
        w.__benchStored = (async () => {
          const db = await new Promise((res, rej) => {
            const r = indexedDB.open("voice-notes-outbox");
            r.onsuccess = () => res(r.result);
            r.onerror = () => rej(r.error);
          });
          try {
            for (;;) {
              const n = await new Promise((res, rej) => {
                const q = db.transaction("recordingChunks", "readonly").objectStore("recordingChunks").count();
                q.onsuccess = () => res(q.result);
                q.onerror = () => rej(q.error);
              });
              if (n > 0) return performance.now();
              await new Promise((r) => setTimeout(r, 5));
            }
          } finally {
            db.close();
          }
        })();
      });
      await start.click();
      const t = await page.evaluate(async () => {
        const w = window;
        const stored = await w.__benchStored;
        const at = (name) => performance.getEntriesByName(name, "mark")[0]?.startTime ?? Number.NaN;
        const tap = w.__benchTap;
        return {
          stored: stored - tap,
          micOpen: at("vj-recorder:mic-open") - tap,
          started: at("vj-recorder:started") - tap,
          firstChunk: at("vj-recorder:first-chunk") - tap,
          journaled: at("vj-recorder:first-chunk-journaled") - tap,
        };
      });
      taps.push(t);
      // Cancel discards the take and its journal; wait until the button is back and the journal empty.
      await page.getByRole("button", { name: "Cancel", exact: true }).click();
      await start.waitFor();
      await waitFor("the cancelled take's chunks to go", async () => (await countInPage(page, "recordingChunks")) === 0, 10_000);
      await page.waitForTimeout(500);
    }
  } finally {
    await close();
  }
  return taps;
}

// ---------- (b) 80 MiB into the outbox ----------

/** Runs in the page: finds the outbox code in the built modules and times the writes. */
async function outboxWritesInPage({ totalBytes, pieces, repeats, outboxModules }) {
  // The app's modules: every script the page loaded (import() of a loaded module re-runs nothing),
  // and the built chunks that hold the outbox code (it loads only once someone signs in).
  const urls = [
    ...performance
      .getEntriesByType("resource")
      .map((e) => e.name)
      .filter((u) => /\/assets\/[^/]+\.js$/.test(u)),
    ...outboxModules.map((p) => new URL(p, location.origin).href),
  ];
  const exportsFound = [];
  for (const u of urls) {
    const mod = await import(u);
    for (const v of Object.values(mod)) if (typeof v === "function") exportsFound.push([v, Function.prototype.toString.call(v)]);
  }
  // outboxDb(): a no-argument "shared ??= open()" whose result is the voice-notes-outbox database.
  let db;
  for (const [fn, src] of exportsFound) {
    if (fn.length !== 0 || src.length > 120 || !/\?\?=/.test(src)) continue;
    const value = fn();
    if (value && value.name === "voice-notes-outbox" && value.pendingUploads) {
      db = value;
      break;
    }
  }
  const addPendingUpload = exportsFound.find(([, src]) => src.includes("alsoInTransaction") && src.includes("bulkDelete"))?.[0];
  const finishRecording = exportsFound.find(([, src]) => src.includes("alsoInTransaction") && src.includes("activeRecordings"))?.[0];
  let via;
  let add;
  if (db && addPendingUpload) {
    via = "app code: outbox-store addPendingUpload(outboxDb())";
    add = (item) => addPendingUpload(db, item);
  } else if (db && finishRecording) {
    via = "app code: recording-journal finishRecording → outbox-store addPendingUpload (outboxDb())";
    add = (item) =>
      finishRecording(
        db,
        { id: item.id, mimeType: item.audio.type, title: item.title, createdAt: item.createdAt, domainId: item.domainId, recordedAt: item.recordedAt, timeZone: item.timeZone },
        { audio: item.audio, title: item.title, duration: item.duration },
      );
  } else {
    // The app's bundled Dexie with outbox-db.ts's schema (keep in step with it).
    const Dexie = exportsFound.find(([fn]) => fn.prototype && typeof fn.prototype.transaction === "function" && typeof fn.prototype.version === "function")?.[0];
    if (!Dexie) throw new Error("neither the outbox code nor Dexie is reachable among the built modules' exports");
    db = new Dexie("voice-notes-outbox");
    db.version(1).stores({ pendingUploads: "id, recordedAt, [recordedAt+size]", activeRecordings: "id", recordingChunks: "[recordingId+seq]", keyValues: "key" });
    via = "the app's bundled Dexie, same schema, pendingUploads.put (outbox code not reachable)";
    add = (item) =>
      db.pendingUploads.put({ ...item, audio: undefined, audioBlob: item.audio, attempts: 0, mimeType: item.audio.type, size: item.audio.size, status: "waiting" });
  }

  const bare = await new Promise((res, rej) => {
    const r = indexedDB.open("vj-bench-bare", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("items", { keyPath: "id" });
    r.onsuccess = () => res(r.result);
    r.onerror = () => rej(r.error);
  });
  const barePut = (record) =>
    new Promise((res, rej) => {
      const tx = bare.transaction("items", "readwrite");
      tx.objectStore("items").put(record);
      tx.oncomplete = () => res();
      tx.onerror = tx.onabort = () => rej(tx.error);
    });
  const bareClear = () =>
    new Promise((res, rej) => {
      const tx = bare.transaction("items", "readwrite");
      tx.objectStore("items").clear();
      tx.oncomplete = () => res();
      tx.onerror = () => rej(tx.error);
    });

  // Fresh pseudo-random bytes for every run (a Blob already stored is not a fair second write).
  let seed = 0x9e3779b9;
  const blobs = (count, size) => {
    const out = [];
    for (let i = 0; i < count; i++) {
      const words = new Uint32Array(size / 4);
      for (let j = 0; j < words.length; j++) {
        seed ^= seed << 13;
        seed ^= seed >>> 17;
        seed ^= seed << 5;
        words[j] = seed;
      }
      out.push(new Blob([words], { type: "audio/webm" }));
    }
    return out;
  };
  const item = (audio, n) => ({
    id: `rec-${Date.now()}-bench${String(n).padStart(3, "0")}`,
    audio,
    title: `Bench ${n}`,
    duration: 60,
    createdAt: new Date().toISOString(),
    domainId: null,
    recordedAt: Date.now() + n,
    timeZone: "UTC",
  });

  // Warm-up: opens both databases and the outbox's Blob probe.
  await add(item(blobs(1, 1024)[0], 999));
  await db.pendingUploads.clear();
  await barePut({ id: "warm", audioBlob: blobs(1, 1024)[0] });
  await bareClear();

  const size = totalBytes / pieces;
  const app = [];
  const raw = [];
  for (let r = 0; r < repeats; r++) {
    // Alternate which goes first, so neither always meets a just-cleared database.
    for (const which of r % 2 ? ["bare", "app"] : ["app", "bare"]) {
      const audio = blobs(pieces, size);
      const t0 = performance.now();
      if (which === "app") {
        for (const [n, a] of audio.entries()) await add(item(a, n));
        app.push(performance.now() - t0);
        const stored = await db.pendingUploads.count();
        if (stored !== pieces) throw new Error(`the outbox holds ${stored} recordings, not ${pieces}`);
        await db.pendingUploads.clear();
      } else {
        for (const [n, a] of audio.entries()) await barePut({ id: `bare-${n}`, audioBlob: a, size: a.size, recordedAt: n });
        raw.push(performance.now() - t0);
        await bareClear();
      }
      await new Promise((res) => setTimeout(res, 300));
    }
  }
  bare.close();
  await new Promise((res) => {
    const r = indexedDB.deleteDatabase("vj-bench-bare");
    r.onsuccess = r.onerror = r.onblocked = () => res();
  });
  return { via, app, raw };
}

async function benchOutboxWrites(base) {
  const { page, close } = await launch();
  const results = [];
  try {
    // On the visitor landing page there is no session to send anything with; the outbox chunk
    // (found in web/dist by its code) is imported into it.
    const assets = path.join(web, "dist", "assets");
    const outboxModules = fs
      .readdirSync(assets)
      .filter((f) => f.endsWith(".js") && fs.readFileSync(path.join(assets, f), "utf8").includes("alsoInTransaction"))
      .map((f) => `/assets/${f}`);
    await page.goto(`${base}/`);
    await page.getByRole("heading", { name: /Speak your thoughts/ }).waitFor();
    for (const pieces of [1, 80]) {
      results.push({ pieces, ...(await page.evaluate(outboxWritesInPage, { totalBytes: OUTBOX_BYTES, pieces, repeats: REPEATS, outboxModules })) });
    }
  } finally {
    await close();
  }
  return results;
}

// ---------- (c) replay of 20 notes queued offline ----------

async function benchReplay(base, wav) {
  const account = await newAccount(base, "replay");
  const { context, page, close } = await launchBench(work, fakeMicrophone(wav));
  const today = new Date().toISOString().slice(0, 10);
  const listNotes = async () =>
    json(
      await fetch(`${base}/api/voice-notes?${new URLSearchParams({ domainId: account.collection.id, period: "day", periodKey: today, tz: "UTC" })}`, {
        headers: { authorization: `Bearer ${account.token}` },
      }),
    );
  try {
    await openJournal(page, base, account);
    await context.setOffline(true);
    const recordStart = Date.now();
    for (let i = 1; i <= QUEUED; i++) {
      await page.getByRole("button", { name: "Start recording", exact: true }).click();
      await page.getByTestId("recording-timer").getByText("0:01").waitFor();
      await page.getByPlaceholder("Add a title (optional)").fill(`Queued note ${i}`);
      await page.getByRole("button", { name: "Finish", exact: true }).click();
      await waitFor(`recording ${i} in the outbox`, async () => (await countInPage(page, "pendingUploads")) === i, 20_000);
    }
    const recordMs = Date.now() - recordStart;
    const queuedBytes = await page.evaluate(async () => {
      const db = await new Promise((res, rej) => {
        const r = indexedDB.open("voice-notes-outbox");
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      const all = await new Promise((res, rej) => {
        const q = db.transaction("pendingUploads", "readonly").objectStore("pendingUploads").getAll();
        q.onsuccess = () => res(q.result);
        q.onerror = () => rej(q.error);
      });
      db.close();
      return all.reduce((n, item) => n + item.size, 0);
    });
    if ((await listNotes()).length !== 0) throw new Error("notes reached the server while offline");
    await page.waitForTimeout(1000);

    // The page watches its outbox from a second connection (every 10 ms) and notes the time of
    // each change of its count; Date.now() on both sides (one machine, one clock).
    await page.evaluate(() => {
      window.__benchDeliveries = (async () => {
        const db = await new Promise((res, rej) => {
          const r = indexedDB.open("voice-notes-outbox");
          r.onsuccess = () => res(r.result);
          r.onerror = () => rej(r.error);
        });
        const changes = [];
        let last = -1;
        try {
          for (;;) {
            const n = await new Promise((res, rej) => {
              const q = db.transaction("pendingUploads", "readonly").objectStore("pendingUploads").count();
              q.onsuccess = () => res(q.result);
              q.onerror = () => rej(q.error);
            });
            if (n !== last) changes.push([Date.now(), n]);
            last = n;
            if (n === 0) return changes;
            await new Promise((r) => setTimeout(r, 10));
          }
        } finally {
          db.close();
        }
      })();
    });
    // Who sends: the page's replay on "online" and the worker's Background Sync both may.
    const senders = { page: 0, "service worker": 0 };
    context.on("request", (req) => {
      if (req.method() === "POST" && new URL(req.url()).pathname === "/api/voice-notes") senders[req.serviceWorker() ? "service worker" : "page"]++;
    });
    const t0 = Date.now();
    await context.setOffline(false);
    let notes = [];
    await waitFor("20 notes on the server", async () => (notes = await listNotes()).length >= QUEUED, 120_000, 50);
    const serverMs = Date.now() - t0;
    const changes = await page.evaluate(() => window.__benchDeliveries);
    const emptyMs = changes[changes.length - 1][0] - t0;
    // Deliveries seen as the count fell: the first one, and the gaps between the later ones.
    const falls = changes.filter(([, n], i) => i > 0 && n < changes[i - 1][1]).map(([t]) => t);
    const firstMs = falls.length ? falls[0] - t0 : Number.NaN;
    const gaps = falls.slice(1).map((t, i) => t - falls[i]);
    const distinct = new Set(notes.map((n) => n.clientId)).size;
    return { recordMs, queuedBytes, serverMs, emptyMs, firstMs, gaps, senders, notes: notes.length, distinct };
  } finally {
    await close();
  }
}

// ---------- main ----------

const givenUrl = process.argv[2]?.replace(/\/$/, "");
const server = givenUrl ? { baseUrl: givenUrl, description: "given URL", stop: async () => {} } : await startServer();
const base = server.baseUrl;
let chromiumVersion = "";
try {
  chromiumVersion = execFileSync(chromiumPath, ["--version"], { encoding: "utf8", stderr: "ignore" }).trim();
} catch {
  chromiumVersion = chromiumPath;
}
try {
  const wav = speechWav(work, "A short thought recorded for the benchmark, spoken slowly and clearly.");
  console.log(`recorder bench: ${base} (${server.description}); ${chromiumVersion}; ${os.cpus().length} CPUs`);

  const parts = process.env.PARTS ?? "abc";
  console.log("(a) tap → first chunk ...");
  const taps = parts.includes("a") ? await benchTapToFirstChunk(base, wav) : [];
  console.log("(b) 80 MiB into the outbox ...");
  const writes = parts.includes("b") ? await benchOutboxWrites(base) : [];
  console.log("(c) replay of 20 queued notes ...");
  const replay = parts.includes("c") ? await benchReplay(base, wav) : {};

  const loadEnd = os.loadavg();
  const a = [["(a) tap → …", ...taps.map((_, i) => `tap ${i + 1}`), "min", "median", "max"]];
  for (const [key, label] of [
    ["micOpen", "microphone open (mark)"],
    ["started", "MediaRecorder started (mark)"],
    ["firstChunk", "first chunk emitted (mark)"],
    ["journaled", "first chunk journaled (mark)"],
    ["stored", "first chunk seen in IndexedDB (poll)"],
  ]) {
    const xs = taps.map((t) => t[key]);
    a.push([label, ...xs.map(ms), ms(Math.min(...xs)), ms(median(xs)), ms(Math.max(...xs))]);
  }
  printTable(`(a) Record button tap → first chunk stored in the recording journal (MediaRecorder timeslice 1000 ms), ${TAPS} taps`, a);

  const b = [["(b) 80 MiB written as", "through", "runs", "min", "median", "max", "MB/s (median)", "bare IndexedDB put: median", "MB/s", "app / bare"]];
  for (const w of writes) {
    const appMed = median(w.app);
    const rawMed = median(w.raw);
    b.push([
      `${w.pieces} × ${OUTBOX_BYTES / w.pieces / MiB} MiB`,
      w.via,
      String(w.app.length),
      ms(Math.min(...w.app)),
      ms(appMed),
      ms(Math.max(...w.app)),
      (OUTBOX_BYTES / 1e6 / (appMed / 1000)).toFixed(0),
      `${ms(rawMed)} (${w.raw.map((x) => Math.round(x)).join(", ")})`,
      (OUTBOX_BYTES / 1e6 / (rawMed / 1000)).toFixed(0),
      `${(appMed / rawMed).toFixed(2)}×`,
    ]);
  }
  printTable(`(b) 80 MiB of audio Blobs into voice-notes-outbox/pendingUploads, each write awaited to its commit, ${REPEATS} runs each`, b);

  printTable(`(c) ${QUEUED} recordings queued offline (made through the record button), then back online`, [
    ["(c) replay", "value"],
    ["recording them offline (about 1 s each, through the UI)", ms(replay.recordMs)],
    ["queued audio", `${(replay.queuedBytes / 1024).toFixed(0)} KiB`],
    ["online → first recording leaves the outbox", ms(replay.firstMs)],
    ["between later deliveries: median (min–max)", `${ms(median(replay.gaps))} (${Math.round(Math.min(...replay.gaps))}–${Math.round(Math.max(...replay.gaps))})`],
    ["online → outbox empty (IndexedDB poll, 10 ms)", ms(replay.emptyMs)],
    ["online → API lists 20 notes (50 ms poll)", ms(replay.serverMs)],
    ["per note, online → listed / 20", ms(replay.serverMs / QUEUED)],
    ["uploads sent by the page / the service worker", `${replay.senders.page} / ${replay.senders["service worker"]}`],
    ["notes listed / distinct clientIds", `${replay.notes} / ${replay.distinct}`],
  ]);
  console.log(`\nload average (1/5/15 min): start ${loadStart.map((l) => l.toFixed(2)).join(" ")}; end ${loadEnd.map((l) => l.toFixed(2)).join(" ")}`);
} catch (err) {
  if (server.log) console.error(`API output:\n${server.log()}`);
  throw err;
} finally {
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
