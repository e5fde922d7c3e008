import { exportQuerySchema } from "@vj/core";
import { Hono, type Context } from "hono";
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { AppEnv } from "../app-env.js";
import { exportJournal } from "../portability/export.js";
import { importJournal } from "../portability/import.js";
import { importTempDir, receiveZip } from "../portability/upload.js";
import type { ServiceContext } from "../services/context.js";
import { readQuery } from "./request.js";

function bodyStream(c: Context<AppEnv>): Readable | null {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && incoming.readableFlowing === null && !incoming.readableDidRead) return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as NodeReadableStream<Uint8Array>) : null;
}

/** GET /api/export[?domainId=…] streams the journal as a zip; POST /api/import restores one. */
export function portabilityRoutes(ctx: ServiceContext) {
  return new Hono<AppEnv>()
    .get("/export", async (c) => {
      const { domainId } = readQuery(c, exportQuerySchema);
      const zip = await exportJournal(ctx, c.var.user.id, domainId);
      const name = `voice-journal-${new Date().toISOString().slice(0, 10)}.zip`;
      // The zip's pieces as they are: Readable.toWeb copies each one first.
      return new Response(ReadableStream.from(zip) as ReadableStream, {
        headers: { "Content-Type": "application/zip", "Content-Disposition": `attachment; filename="${name}"`, "Cache-Control": "no-store" },
      });
    })
    .post("/import", async (c) => {
      let upload;
      try {
        upload = await receiveZip({ headers: c.req.raw.headers, body: bodyStream(c) }, { maxBytes: ctx.config.IMPORT_MAX_BYTES, tempDir: importTempDir(ctx.config.DATA_DIR) });
      } catch (err) {
        c.header("Connection", "close");
        throw err;
      }
      try {
        return c.json(await importJournal(ctx, c.var.user.id, upload.path));
      } finally {
        await upload.discard();
      }
    });
}
