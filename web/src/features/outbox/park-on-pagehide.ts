import type { Dexie } from "dexie";
import { parkReads, unparkReads } from "./parking";

/**
 * A page put in the back/forward cache ends the outbox reads it has under way (parking.ts), so the
 * next page, another tab or the service worker can write. Shown again, it reloads if any read was
 * ended: the live lists that read them (waiting recordings, changes) would stay as they were.
 */
export function parkOutboxWhenHidden(db: Dexie, target: Pick<Window, "addEventListener"> = window, reload: () => void = () => location.reload()): void {
  target.addEventListener("pagehide", (event) => {
    if (event.persisted) parkReads(db);
  });
  target.addEventListener("pageshow", (event) => {
    if (event.persisted && unparkReads(db) > 0) reload();
  });
}
