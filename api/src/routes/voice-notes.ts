import { NEXT_CURSOR_HEADER, createVoiceNoteFieldsSchema, listVoiceNotesQuerySchema, updateVoiceNoteSchema } from "@vj/core";
import { Hono, type Context } from "hono";
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { AppEnv } from "../app-env.js";
import { checksSessionItself } from "../auth/middleware.js";
import { errorResponse } from "../errors.js";
import type { ServiceContext } from "../services/context.js";
import {
  createVoiceNote,
  deleteVoiceNote,
  findNoteAudio,
  listVoiceNotes,
  openNoteAudio,
  requeueTranscription,
  updateVoiceNote,
} from "../services/voice-notes.js";
import { parseRange } from "./http-range.js";
import { readNoteUpload } from "./note-upload.js";
import { deleted, idParam, jsonBodyLimit, parseWith, readJson, readQuery } from "./request.js";

const NOTE = "Voice note";

/**
 * The request body as a Node stream. On @hono/node-server the socket's IncomingMessage is read
 * directly (no web-stream bridge in between: less copying, flat memory); elsewhere (tests,
 * other runtimes) the standard body is adapted.
 */
function requestBodyStream(c: Context<AppEnv>): Readable | null {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  // Only while nothing else consumes it (readableFlowing stays null until a consumer attaches).
  if (incoming && incoming.readableFlowing === null && !incoming.readableDidRead) return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as NodeReadableStream<Uint8Array>) : null;
}

export function voiceNoteRoutes(ctx: ServiceContext) {
  return new Hono<AppEnv>()
    .get(
      "/",
      // Read-only and the hottest read: the session check rides in the list's own query.
      checksSessionItself(async (c) => {
        const query = readQuery(c, listVoiceNotesQuerySchema);
        const { notes, nextCursor } = await listVoiceNotes(ctx, c.var.user.id, query, c.var.session);
        // The body stays the spec's plain array; whether another page follows travels beside it.
        if (nextCursor) c.header(NEXT_CURSOR_HEADER, nextCursor);
        return c.json(notes);
      }),
    )
    .post("/", async (c) => {
      let upload;
      try {
        upload = await readNoteUpload(
          { headers: c.req.raw.headers, body: () => requestBodyStream(c) },
          { blobs: ctx.blobs, maxBytes: ctx.config.MAX_AUDIO_BYTES },
        );
      } catch (err) {
        // A refused upload may leave body bytes unread on the socket: the client must not reuse it.
        c.header("Connection", "close");
        throw err;
      }
      try {
        const fields = parseWith(createVoiceNoteFieldsSchema, upload.fields);
        const { note, created } = await createVoiceNote(ctx, c.var.user.id, fields, upload.audio);
        if (!created) ctx.onOutboxReplay?.();
        return c.json(note, created ? 201 : 200);
      } finally {
        await upload.discard();
      }
    })
    .get("/:id/audio", async (c) => {
      const audio = await findNoteAudio(ctx, c.var.user.id, idParam(c, NOTE));
      const range = parseRange(c.req.header("range"), audio.size);
      c.header("Accept-Ranges", "bytes");
      if (range === "unsatisfiable") {
        c.header("Content-Range", `bytes */${audio.size}`);
        return errorResponse(c, "range_not_satisfiable", `The requested range is outside the ${audio.size}-byte recording`);
      }
      c.header("Content-Type", audio.mimeType);
      c.header("Content-Length", String(range ? range.end - range.start + 1 : audio.size));
      if (range) c.header("Content-Range", `bytes ${range.start}-${range.end}/${audio.size}`);
      const status = range ? 206 : 200;
      if (c.req.method === "HEAD") return c.body(null, status);
      const stream = await openNoteAudio(ctx, audio.key, range ?? undefined);
      return c.body(Readable.toWeb(stream) as ReadableStream, status);
    })
    .patch("/:id", jsonBodyLimit, async (c) => {
      const id = idParam(c, NOTE);
      const patch = await readJson(c, updateVoiceNoteSchema);
      return c.json(await updateVoiceNote(ctx, c.var.user.id, id, patch));
    })
    .delete("/:id", async (c) => {
      await deleteVoiceNote(ctx, c.var.user.id, idParam(c, NOTE));
      return c.json(deleted);
    })
    .post("/:id/transcribe", async (c) => {
      return c.json(await requeueTranscription(ctx, c.var.user.id, idParam(c, NOTE)), 202);
    });
}
