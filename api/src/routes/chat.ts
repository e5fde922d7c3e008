import { askSchema, listChatThreadsQuerySchema, type ErrorBody } from "@vj/core";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../app-env.js";
import { askJournal, deleteThread, getThread, listThreads, startAsk, type ChatDeps } from "../chat/service.js";
import { ApiError } from "../errors.js";
import type { ServiceContext } from "../services/context.js";
import { deleted, idParam, jsonBodyLimit, readJson, readQuery } from "./request.js";

const THREAD = "Conversation";

/**
 * Ask your journal. POST /api/chat streams Server-Sent Events by default: `delta` events with
 * `{ text }` as the answer is written, then one `done` event with the stored answer (citations
 * checked) — or an `error` event in the one error shape if the model fails midway. With
 * `Accept: application/json` (and not text/event-stream) it answers the final result only.
 * The client closing the stream is Stop: the model's request is aborted and the partial answer
 * is kept, marked stopped.
 */
export function chatRoutes(ctx: ServiceContext, chat: ChatDeps) {
  return new Hono<AppEnv>()
    .post("/", jsonBodyLimit, async (c) => {
      const input = await readJson(c, askSchema);
      const accept = c.req.header("accept") ?? "";
      const stop = new AbortController();
      const signal = c.req.raw.signal;
      if (signal.aborted) stop.abort();
      else signal.addEventListener("abort", () => stop.abort(), { once: true });
      if (accept.includes("application/json") && !accept.includes("text/event-stream")) {
        return c.json(await askJournal(ctx, chat, c.var.user.id, input, stop.signal));
      }
      const run = await startAsk(ctx, chat, c.var.user.id, input, stop.signal);
      c.header("Cache-Control", "no-store");
      c.header("X-Accel-Buffering", "no");
      return streamSSE(c, async (stream) => {
        stream.onAbort(() => stop.abort());
        let text = "";
        try {
          for await (const piece of run.pieces) {
            text += piece;
            if (stop.signal.aborted) break;
            await stream.writeSSE({ event: "delta", data: JSON.stringify({ text: piece }) });
          }
        } catch (err) {
          if (!stop.signal.aborted) {
            const body: ErrorBody =
              err instanceof ApiError
                ? { error: { code: err.code, message: err.message } }
                : { error: { code: "engine_unavailable", message: "The answer stopped before it was finished. Please try again." } };
            ctx.logger.warn({ err }, "chat answer failed midway");
            await stream.writeSSE({ event: "error", data: JSON.stringify(body) });
            return;
          }
        }
        const answer = await run.finish(text, stop.signal.aborted);
        if (!stop.signal.aborted) await stream.writeSSE({ event: "done", data: JSON.stringify(answer) });
      });
    })
    .get("/threads", async (c) => c.json(await listThreads(ctx, c.var.user.id, readQuery(c, listChatThreadsQuerySchema).domainId)))
    .get("/threads/:id", async (c) => c.json(await getThread(ctx, c.var.user.id, idParam(c, THREAD))))
    .delete("/threads/:id", async (c) => {
      await deleteThread(ctx, c.var.user.id, idParam(c, THREAD));
      return c.json(deleted);
    });
}
