import { liveQuery } from "dexie";
import { useEffect, useState } from "react";
import { OUTBOX_MAX_BYTES } from "@vj/core";
import { outboxDb, type PendingUpload } from "./outbox-db";
import { listPendingUploads, outboxUsage, type OutboxUsage } from "./outbox-store";

/**
 * The outbox as it is now, kept live: Dexie re-runs the query when any context (another tab, the
 * service worker) changes the tables it read.
 */
function useLive<T>(query: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: setValue,
      error: (err: unknown) => console.warn("could not read the offline outbox", err),
    });
    return () => subscription.unsubscribe();
    // The query is fixed per call site.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return value;
}

export function usePendingUploads(): PendingUpload[] | undefined {
  return useLive<PendingUpload[] | undefined>(() => listPendingUploads(outboxDb()), undefined);
}

export function useOutboxUsage(): OutboxUsage {
  return useLive(() => outboxUsage(outboxDb()), { bytes: 0, count: 0, maxBytes: OUTBOX_MAX_BYTES });
}
