import { loadPgliteAssets } from "./db/pglite-assets.js";

// The embedded database's WebAssembly compiles on V8's background threads while this thread loads
// the config's and the database's modules (zod, kysely) and then the server's: it began after
// them before. Only main.ts's own static import is loaded first. The environment is
// read as the config reads DATABASE_URL (blank counts as unset); the config is then validated.
const pgliteAssets = process.env.DATABASE_URL?.trim() ? undefined : loadPgliteAssets();
// Node waits for every V8 background task whenever its event loop runs out of work, and PGlite's
// WebAssembly keeps V8's compilers busy for ~0.6 s after it starts: while the database starts
// (promises only, no I/O handle), that wait stalled the start. A timer keeps the loop alive
// until the server listens.
const holdLoop = setInterval(() => {}, 60_000);
const [{ loadConfig }, { openDatabase }] = await Promise.all([import("./config.js"), import("./db/database.js")]);
const config = loadConfig();
// The database opens (PGlite: its WASM compiles and its backend starts) while the rest of the
// server's modules load: the two overlap instead of adding up.
const opening = openDatabase(config, pgliteAssets);
opening.catch(() => undefined); // awaited, and reported, by startServer
const [{ startServer }, { keepServingOnStrayErrors }] = await Promise.all([import("./server.js"), import("./http/stray-errors.js")]);
const running = await startServer(config, {}, opening).finally(() => clearInterval(holdLoop));
// A failure to start ends the process; once it serves, an error nothing handled is logged with its
// request and answered 500, and the server keeps serving (the decision: http/stray-errors.ts).
keepServingOnStrayErrors(running.deps.logger);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    running.deps.logger.info({ signal }, "shutting down");
    running.stop().then(
      () => process.exit(0),
      (err) => {
        running.deps.logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
