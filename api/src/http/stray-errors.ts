import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger.js";

/**
 * Errors that nothing handled: a promise rejected with nobody awaiting it, an `error` event
 * with no listener. Node's default is to end the process; this server's decision is to keep
 * serving. The error is logged with the request that caused it (method and path), that request
 * is answered 500 in the one error shape if it has not been answered yet, and every other
 * request carries on. Why not restart instead: the embedded default (`npm start`, one process
 * holding PGlite) has no supervisor, so an exit is a journal that is down until someone
 * notices; the errors that reach here come from one request's streams and sockets, and the
 * database's state is transactional either way. Each such error is a bug to fix: the log line
 * says "unhandled error" at level 50 with the request, so it is seen.
 */
interface Scope {
  method: string;
  path: string;
  fail(err: unknown): void;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs each request in its scope, so an error nothing handled can be told which request it belongs to. */
export function requestScope(): MiddlewareHandler {
  return async (c, next) => {
    let fail!: (err: unknown) => void;
    const failed = new Promise<never>((_, reject) => (fail = reject));
    failed.catch(() => undefined);
    await scopes.run({ method: c.req.method, path: c.req.path, fail }, () => Promise.race([next(), failed]));
  };
}

let installed: Logger | undefined;

/** Installs the process-wide policy above (once; main.ts calls it when the server listens). */
export function keepServingOnStrayErrors(logger: Logger): void {
  if (installed) return;
  installed = logger;
  const stray = (kind: string) => (err: unknown) => {
    const scope = scopes.getStore();
    logger.error({ err, kind, ...(scope ? { method: scope.method, path: scope.path } : {}) }, "unhandled error: the server keeps serving");
    scope?.fail(err);
  };
  process.on("unhandledRejection", stray("unhandledRejection"));
  process.on("uncaughtException", stray("uncaughtException"));
}
