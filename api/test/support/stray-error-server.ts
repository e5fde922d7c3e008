// A server with the production policy for errors nothing handled (src/http/stray-errors.ts) and
// routes that cause such errors on purpose; test/stray-errors.test.ts runs it as its own process.
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";
import { createErrorHandler } from "../../src/errors.js";
import { keepServingOnStrayErrors, requestScope } from "../../src/http/stray-errors.js";
import { createLogger } from "../../src/logger.js";

const logger = createLogger("info");
const app = new Hono();
app.onError(createErrorHandler(logger));
app.use("*", requestScope());
const never = () => new Promise<Response>(() => undefined);
app.get("/emit-later", () => {
  setTimeout(() => new EventEmitter().emit("error", new Error("an error event nobody listens to")), 10);
  return never();
});
app.get("/reject-later", () => {
  setTimeout(() => void Promise.reject(new Error("a rejection nobody awaits")), 10);
  return never();
});
app.get("/ok", (c) => c.json({ ok: true }));
keepServingOnStrayErrors(logger);
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => {
  logger.info({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }, "listening");
});
