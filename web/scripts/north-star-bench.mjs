#!/usr/bin/env node
// The north star: a note recorded offline in Chromium with its CPU slowed 4×, the
// connection returns, a transcription server that takes 1.5 s → seconds until the transcript is
// on screen. Median of RUNS (5), with the events stream (GET /api/events) and with it blocked
// (the page then falls back to the spec's 5 s poll). Prints a table, asserts nothing.
//
//   node web/scripts/north-star-bench.mjs
//
// Starts the compiled API (api/dist, built here when stale) serving web/dist (build it first:
// `pnpm --filter @vj/web build`) on embedded PGlite, with TRANSCRIBE_ENGINE=openai pointed at an
// OpenAI-compatible transcription server started here that answers after TRANSCRIBE_DELAY_MS
// (1500). Each run: a fresh account and browser profile, sign in, wait for the service worker,
// go offline, record 2 s, see it in the outbox, slow the page's CPU 4× (CDP), go online; the
// clock stops when a MutationObserver in the page sees the transcript's text (the page's own
// Date.now(), one machine, one clock). The stream is blocked with page.route (the service worker
// does not answer /api/events, so the route sees it).
// Environment: RUNS (5), TRANSCRIBE_DELAY_MS (1500), CPU_SLOWDOWN (4), CHROMIUM_PATH.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { buildApiIfStale, startCompiledApi } from "./compiled-api.mjs";
import { countInPage, fakeMicrophone, launchBench, median, newAccount, openJournal, printTable, speechWav, waitFor } from "./bench-browser.mjs";

const web = path.resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.RUNS ?? 5);
const DELAY_MS = Number(process.env.TRANSCRIBE_DELAY_MS ?? 1500);
const SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 4);
const TRANSCRIPT = "The harbour was quiet and the ferry left on time.";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "vj-north-star-"));
const loadStart = os.loadavg();

/** POST /v1/audio/transcriptions answered after DELAY_MS, as a real engine would take its time. */
function startTranscriptionServer() {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (!req.url?.startsWith("/v1/audio/transcriptions")) {
        res.writeHead(404).end();
        return;
      }
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text: TRANSCRIPT }));
      }, DELAY_MS);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function oneRun(base, wav, mode, n) {
  const account = await newAccount(base, `${mode}-${n}`);
  const { context, page, close } = await launchBench(work, fakeMicrophone(wav));
  try {
    if (mode === "poll") await page.route("**/api/events", (route) => route.abort());
    await openJournal(page, base, account);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Start recording", exact: true }).click();
    await page.getByTestId("recording-timer").getByText("0:02").waitFor();
    await page.getByRole("button", { name: "Finish", exact: true }).click();
    await waitFor("the recording in the outbox", async () => (await countInPage(page, "pendingUploads")) === 1, 20_000);
    await page.evaluate((text) => {
      const w = window;
      w.__seenAt = undefined;
      const seen = () => {
        if (w.__seenAt === undefined && document.body.innerText.includes(text)) w.__seenAt = Date.now();
      };
      new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, TRANSCRIPT);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
    const t0 = Date.now();
    await context.setOffline(false);
    let seenAt;
    await waitFor("the transcript on screen", async () => (seenAt = await page.evaluate(() => window.__seenAt)) !== undefined, 60_000, 50);
    return (seenAt - t0) / 1000;
  } finally {
    await close();
  }
}

async function main() {
  if (!fs.existsSync(path.join(web, "dist", "index.html"))) throw new Error("web/dist is missing: run `pnpm --filter @vj/web build` first");
  await buildApiIfStale();
  const engine = await startTranscriptionServer();
  const api = await startCompiledApi({
    TRANSCRIBE_ENGINE: "openai",
    OPENAI_API_KEY: "bench",
    OPENAI_BASE_URL: `http://127.0.0.1:${engine.address().port}/v1`,
    SUMMARY_ENGINE: "extractive",
  });
  const wav = speechWav(work, "A short thought, recorded offline for the benchmark.");
  const results = { stream: [], poll: [] };
  try {
    // Alternating, so a change in the machine's load falls on both alike.
    for (let i = 1; i <= RUNS; i++) {
      for (const mode of ["stream", "poll"]) {
        const seconds = await oneRun(api.baseUrl, wav, mode, i);
        results[mode].push(seconds);
        console.log(`run ${i} ${mode}: ${seconds.toFixed(2)} s`);
      }
    }
  } finally {
    await api.stop();
    engine.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  const fmt = (xs) => xs.map((x) => x.toFixed(2)).join(" ");
  printTable(`Offline note → back online → transcript on screen (CPU ${SLOWDOWN}× slower, transcription server ${DELAY_MS} ms, median of ${RUNS})`, [
    ["page learns by", "median", "every run (s)"],
    ["events stream (GET /api/events)", `${median(results.stream).toFixed(2)} s`, fmt(results.stream)],
    ["5 s poll (stream blocked)", `${median(results.poll).toFixed(2)} s`, fmt(results.poll)],
  ]);
  console.log(`\nload average ${loadStart.map((x) => x.toFixed(1)).join(" ")} at start, ${os.loadavg().map((x) => x.toFixed(1)).join(" ")} at end; ${os.cpus().length} cores`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
