/** Types for build-dist-if-stale.mjs. */
export function buildDistIfStale(): Promise<void>;
