/**
 * Persistent storage (DESIGN §8): whether the browser may clear this site's data (the outbox's
 * recordings among it) when the device runs low on space. `null` where the browser does not say.
 */
export async function storageIsPersistent(): Promise<boolean | null> {
  try {
    return navigator.storage?.persisted ? await navigator.storage.persisted() : null;
  } catch {
    return null;
  }
}

/** Asks the browser to keep this site's data; whether it now does (it decides, sometimes without asking). */
export async function askForPersistentStorage(): Promise<boolean | null> {
  try {
    if (!navigator.storage?.persist) return null;
    return (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    // Not offered by this browser: the outbox still works, only without the guarantee.
    return null;
  }
}
