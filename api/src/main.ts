import { loadConfig } from "./config.js";
import { openDatabase } from "./db/database.js";

const config = loadConfig();
// Node waits for every V8 background task whenever its event loop runs out of work, and PGlite's
// WebAssembly keeps V8's optimising compiler busy for ~0.6 s after it opens: while the database
// starts (promises only, no I/O handle), that wait stalled the start. A timer keeps the loop
// alive until the server listens (issue 21).
const holdLoop = setInterval(() => {}, 60_000);
// The database opens (PGlite: its WASM compiles and its backend starts) while the rest of the
// server's modules load: the two overlap instead of adding up (issue 21).
const opening = openDatabase(config);
opening.catch(() => undefined); // awaited, and reported, by startServer
const { startServer } = await import("./server.js");
const running = await startServer(config, {}, opening).finally(() => clearInterval(holdLoop));

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
