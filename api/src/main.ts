import { loadConfig } from "./config.js";
import { startServer } from "./server.js";

const config = loadConfig();
const running = await startServer(config);

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
