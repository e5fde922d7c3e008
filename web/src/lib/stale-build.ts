/**
 * A deploy replaces the build's chunks: a tab opened before it asks for a route's code under a name
 * that is gone, and the import fails. Reloading the page fetches the new build, whose names exist.
 * The page reloads once for it; a reloaded page that fails the same way shows the error screen
 * rather than reloading in a loop (the tab remembers the reload in sessionStorage for a minute).
 */
const RELOADED_AT = "vj:reloaded-for-new-build";
/** A failure this long after the last reload is a later deploy, worth one more reload. */
const RELOAD_GUARD_MS = 60_000;

const CHUNK_FAILURES = [
  "Failed to fetch dynamically imported module", // Chromium
  "error loading dynamically imported module", // Firefox
  "Importing a module script failed", // Safari
  "Unable to preload CSS", // the build's CSS for the chunk
];

export function isStaleBuildError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === "ChunkLoadError" || CHUNK_FAILURES.some((m) => error.message.includes(m));
}

export type ReloadEnv = {
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  reload(): void;
  online: boolean;
  now: number;
};

function browserEnv(): ReloadEnv {
  let storage: ReloadEnv["storage"] = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  return {
    storage,
    reload: () => window.location.reload(),
    online: typeof navigator === "undefined" || navigator.onLine !== false,
    now: Date.now(),
  };
}

/** Whether `error` calls for the one reload now (a missing chunk, online, not reloaded just before). */
export function shouldReloadForNewBuild(error: unknown, env: Omit<ReloadEnv, "reload"> = browserEnv()): boolean {
  // Offline the reload would find no page at all; without storage it could not stop after one.
  if (!isStaleBuildError(error) || !env.online || !env.storage) return false;
  let last = Number.NaN;
  try {
    last = Number(env.storage.getItem(RELOADED_AT));
  } catch {
    return false;
  }
  return !(last > 0 && env.now - last < RELOAD_GUARD_MS);
}

/** Reloads the page for the new build when `error` calls for it; true when it did. */
export function reloadForNewBuild(error: unknown, env: ReloadEnv = browserEnv()): boolean {
  if (!shouldReloadForNewBuild(error, env)) return false;
  try {
    env.storage!.setItem(RELOADED_AT, String(env.now));
  } catch {
    return false;
  }
  env.reload();
  return true;
}
