import type { DBCore, Dexie, Middleware } from "dexie";

/**
 * Reads a page leaves open when it enters the back/forward cache.
 *
 * WebKit commits a transaction only when the page that made it says it is done, and a page in the
 * back/forward cache says nothing more: a read it had under way stays open, and every later write
 * to that table (from the next page in the same tab, another tab, the service worker) waits behind
 * it until the cached page is evicted. A waiting recording then never leaves "uploading".
 *
 * So a page that is put away ends its own reads (aborting a read loses nothing) and starts no new
 * one until it is shown again. Writes are left to finish: aborting one could lose what a person made.
 * No DOM here: the page wires it to pagehide/pageshow (park-on-pagehide.ts).
 */
type Parking = { parked: boolean; reads: Set<IDBTransaction>; ended: number };

const parkings = new WeakMap<Dexie, Parking>();

function parkingOf(db: Dexie): Parking {
  let parking = parkings.get(db);
  if (!parking) {
    parking = { parked: false, reads: new Set(), ended: 0 };
    parkings.set(db, parking);
  }
  return parking;
}

function readTracker(parking: Parking): Middleware<DBCore> {
  return {
    stack: "dbcore",
    name: "parking",
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        if (parking.parked && mode === "readonly") {
          parking.ended += 1;
          // Not InvalidStateError: Dexie would take that for a lost connection and reopen.
          throw new DOMException("The page is in the back/forward cache: it reads again when shown.", "AbortError");
        }
        const trans = down.transaction(stores, mode, options);
        if (mode === "readonly") {
          // Dexie's core transaction is the browser's IDBTransaction (its own handlers are set as properties).
          const idb = trans as unknown as IDBTransaction;
          parking.reads.add(idb);
          const done = () => parking.reads.delete(idb);
          for (const type of ["complete", "abort", "error"]) idb.addEventListener(type, done);
        }
        return trans;
      },
    }),
  };
}

/** Lets this database's reads be ended by parkReads; called once, where the database is declared. */
export function trackReads(db: Dexie): void {
  db.use(readTracker(parkingOf(db)));
}

/**
 * Ends every read under way and refuses new ones until unparkReads. Answers how many reads it
 * ended or refused so far while parked: any, and what showed them (live lists) must read again.
 */
export function parkReads(db: Dexie): number {
  const parking = parkingOf(db);
  parking.parked = true;
  for (const read of [...parking.reads]) {
    try {
      read.abort();
      parking.ended += 1;
    } catch {
      // Already finishing: it needs nothing more from the page.
    }
    parking.reads.delete(read);
  }
  return parking.ended;
}

/** The page is shown again: reads go on. Answers how many reads were ended while it was away. */
export function unparkReads(db: Dexie): number {
  const parking = parkingOf(db);
  const ended = parking.ended;
  parking.parked = false;
  parking.ended = 0;
  return ended;
}
