import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    globalSetup: ["./test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores, but many files wait on child processes, timers and PostgreSQL: a third worker takes
    // the suite from 312 s to 271 s on a quiet machine. PGlite databases are memory-hungry; no more.
    maxWorkers: 3,
    // The files share a worker's modules rather than each importing the app afresh (about 2 s a
    // file; the suite 250–270 s instead of 320 s). Nothing at module level outlives a file but caches
    // keyed by what a file creates itself (its users, clients, data directories).
    isolate: false,
  },
});
