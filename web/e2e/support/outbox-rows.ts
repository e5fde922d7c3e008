import { OUTBOX_DB_NAME, OUTBOX_STORE_NAME } from "@vj/core";
import { MARK_PREFIX } from "../../src/lib/user-timing";

/**
 * JavaScript source of an expression a page evaluates to a text of its outbox: each waiting
 * recording (id, owner, status, attempts, last status and error) and each waiting change (what it
 * changes, its status, owner), and the Web Locks held and waited for (the replay takes one). For a
 * failed journey's report, in any engine. Then the app's latest User Timing marks in this page
 * (lib/user-timing.ts): a send that never ended shows the step it stopped at (vj-outbox:send:…),
 * a take that never started how far its start got (vj-recorder:…).
 */
export const OUTBOX_ROWS_EXPRESSION = `new Promise((settle) => {
  // Each step that does not finish within 10 s says which one it was: the open, or the read
  // (a read waits behind a read-write transaction on the same tables that never ends).
  let step = "open";
  const locks = navigator.locks ? navigator.locks.query().then((s) => "  locks held: " + (s.held.map((l) => l.name).join(", ") || "none") + "; waiting: " + (s.pending.map((l) => l.name).join(", ") || "none")) : Promise.resolve("  (no Web Locks)");
  const marks = () => {
    const now = performance.now();
    const entries = performance.getEntriesByType("mark").filter((m) => m.name.startsWith(${JSON.stringify(MARK_PREFIX)})).sort((a, b) => a.startTime - b.startTime);
    return "  marks: " + (entries.map((m) => m.name.slice(${MARK_PREFIX.length}) + " " + ((now - m.startTime) / 1000).toFixed(1) + " s ago (" + m.detail + ")").join(", ") || "none");
  };
  const resolve = (text) => locks.then((l) => settle(text + "\\n" + l + "\\n" + marks()), () => settle(text + "\\n" + marks()));
  const timer = setTimeout(() => resolve("(outbox: " + step + " did not finish within 10 s)"), 10000);
  const done = (text) => { clearTimeout(timer); resolve(text); };
  const open = indexedDB.open(${JSON.stringify(OUTBOX_DB_NAME)});
  open.onerror = () => done("(outbox not opened)");
  open.onblocked = () => { step = "open (blocked by another connection)"; };
  open.onsuccess = () => {
    step = "read";
    const db = open.result;
    const stores = [${JSON.stringify(OUTBOX_STORE_NAME)}, "pendingChanges"].filter((s) => db.objectStoreNames.contains(s));
    if (stores.length === 0) { db.close(); done("(no outbox)"); return; }
    const lines = [];
    const tx = db.transaction(stores);
    for (const store of stores) {
      tx.objectStore(store).openCursor().onsuccess = (e) => {
        const c = e.target.result;
        if (!c) return;
        const r = c.value;
        lines.push(store === "pendingChanges"
          ? ["  change", r.seq, r.action, r.targetKey, r.status, "owner", r.ownerId, "attempts", r.attempts].join(" ")
          : ["  recording", r.id, r.status, "owner", r.ownerId, "attempts", r.attempts, "last", r.lastStatus, r.lastError].join(" "));
        c.continue();
      };
    }
    tx.oncomplete = () => { db.close(); done(lines.join("\\n") || "  (empty)"); };
    tx.onerror = () => done("(outbox not read)");
  };
})`;
