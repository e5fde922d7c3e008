#!/usr/bin/env node
// How React's commits fall into the main thread's tasks while the signed-in main screen starts.
// A commit whose passive effects run in its own task, before the next task begins,
// was forced by a synchronous update made during that commit (a setState in a layout effect or a
// ref callback): React then runs every effect of the screen, and re-renders, in one long task.
// React DOM reports each commit and each effects pass to a DevTools hook, production builds too;
// the script installs a stand-in hook that stamps each one with a task counter (a MessageChannel
// message posted at each report: it runs in the next task). Prints a table; asserts nothing.
//
//   node web/scripts/react-commits.mjs baseUrl [baseUrl...]   (RUNS reloads each, default 5)
//
// Each base URL is an app served by the API (e.g. two builds on two ports, to compare them).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launchBench, median, newAccount, openJournal, printTable } from "./bench-browser.mjs";

const bases = process.argv.slice(2).map((b) => b.replace(/\/$/, ""));
if (!bases.length) {
  console.error("usage: node web/scripts/react-commits.mjs baseUrl [baseUrl...]");
  process.exit(2);
}
const RUNS = Number(process.env.RUNS ?? 5);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "vj-react-commits-"));

function hook() {
  const log = (window.__vjCommits = []);
  let task = 0;
  let posted = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    task++;
    posted = false;
  };
  const stamp = (kind) => {
    if (!posted) {
      posted = true;
      channel.port2.postMessage(0);
    }
    // Whether the main screen is in the document (its Notes/Summary/Chat tab list).
    const screen = document.querySelector('[role="tablist"][aria-label="Views of this period"]') !== null;
    log.push({ kind, at: performance.now(), task, screen });
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onCommitFiberRoot: () => stamp("commit"),
    onPostCommitFiberRoot: () => stamp("effects"),
  };
}

const rows = [["build", "reloads", "commits", "effects in their commit's task", "re-commits in that task", "the main screen's commit: effects in its task"]];
try {
  for (const base of bases) {
    const bench = await launchBench(work);
    try {
      await openJournal(bench.page, base, await newAccount(base, "commits"));
      await bench.context.addInitScript(hook);
      const runs = [];
      for (let r = 0; r < RUNS; r++) {
        await bench.page.reload();
        await bench.page.getByRole("button", { name: "Start recording", exact: true }).waitFor();
        await bench.page.waitForTimeout(1500);
        const log = await bench.page.evaluate(() => window.__vjCommits);
        const inline = log.filter((e, i) => e.kind === "effects" && log[i - 1]?.kind === "commit" && log[i - 1].task === e.task);
        const recommits = log.filter((e, i) => e.kind === "commit" && log[i - 1]?.kind === "effects" && log[i - 2]?.kind === "commit" && log[i - 2].task === e.task);
        const screen = log.findIndex((e) => e.kind === "commit" && e.screen);
        const screenInline = log[screen + 1]?.kind === "effects" && log[screen + 1].task === log[screen]?.task;
        runs.push({ commits: log.filter((e) => e.kind === "commit").length, inline: inline.length, recommits: recommits.length, screenInline });
      }
      rows.push([
        base,
        RUNS,
        median(runs.map((r) => r.commits)),
        median(runs.map((r) => r.inline)),
        median(runs.map((r) => r.recommits)),
        `${runs.filter((r) => r.screenInline).length} of ${RUNS} reloads`,
      ]);
    } finally {
      await bench.close();
    }
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
printTable("React's commits while the signed-in main screen starts (medians of the reloads)", rows);
