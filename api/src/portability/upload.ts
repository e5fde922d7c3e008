import busboy from "busboy";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ApiError } from "../errors.js";

/**
 * The multipart POST /api/import: its `file` part streamed to a temporary file on local disk
 * (a zip is read by its central directory, at the end), refused over `maxBytes` while it
 * arrives. The caller removes the file with `discard`.
 */
export async function receiveZip(req: { headers: Headers; body: Readable | null }, maxBytes: number): Promise<{ path: string; discard(): Promise<void> }> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) throw new ApiError("unsupported_media_type", "Send the export as multipart/form-data with its zip in the field \"file\"");
  if (!req.body) throw new ApiError("bad_request", "The upload is empty: send a journal export (.zip) in the field \"file\"");
  const file = path.join(os.tmpdir(), `vj-import-${crypto.randomUUID()}.zip`);
  const discard = () => fs.promises.rm(file, { force: true });
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": contentType }, limits: { files: 1, fileSize: maxBytes, fields: 5, parts: 10 } });
  } catch {
    throw new ApiError("bad_request", "The upload is not valid multipart/form-data");
  }
  let received: Promise<void> | undefined;
  let tooLarge = false;
  parser.on("file", (name, stream) => {
    if (name !== "file" || received) {
      stream.resume();
      return;
    }
    stream.on("limit", () => (tooLarge = true));
    received = pipeline(stream, fs.createWriteStream(file));
  });
  try {
    await pipeline(req.body, parser);
    await received;
  } catch (err) {
    await discard();
    throw err instanceof ApiError ? err : new ApiError("bad_request", `The upload could not be read (${(err as Error).message})`);
  }
  if (tooLarge) {
    await discard();
    throw new ApiError("payload_too_large", `The export is too large to import: the limit is ${Math.floor(maxBytes / 1024 ** 2)} MB`);
  }
  if (!received) throw new ApiError("bad_request", "Send the journal export (.zip) in the field \"file\"");
  return { path: file, discard };
}
