import { OUTBOX_DB_NAME, OUTBOX_STORE_NAME } from "@vj/core";

/**
 * JavaScript source of an expression a page evaluates to a text of its outbox: each waiting
 * recording (id, owner, status, attempts, last status and error) and each waiting change (what it
 * changes, its status, owner). For a failed journey's report, in any engine.
 */
export const OUTBOX_ROWS_EXPRESSION = `new Promise((resolve) => {
  const open = indexedDB.open(${JSON.stringify(OUTBOX_DB_NAME)});
  open.onerror = () => resolve("(outbox not opened)");
  open.onsuccess = () => {
    const db = open.result;
    const stores = [${JSON.stringify(OUTBOX_STORE_NAME)}, "pendingChanges"].filter((s) => db.objectStoreNames.contains(s));
    if (stores.length === 0) { db.close(); resolve("(no outbox)"); return; }
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
    tx.oncomplete = () => { db.close(); resolve(lines.join("\\n") || "  (empty)"); };
    tx.onerror = () => resolve("(outbox not read)");
  };
})`;
