import busboy from "busboy";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ApiError } from "../errors.js";

/** Where an import's upload waits while it is read: under DATA_DIR, which the crash sweep empties of what a kill left. */
export const importTempDir = (dataDir: string) => path.join(dataDir, "imports");

const unreadable = () => new ApiError("bad_request", "The upload is empty or not valid multipart/form-data");

/**
 * The multipart POST /api/import: its `file` part streamed to a temporary file under
 * DATA_DIR/imports (a zip is read by its central directory, at the end), refused over
 * `maxBytes` while it arrives. The caller removes the file with `discard`.
 *
 * Every stream has its errors handled where it is created: a body that ends inside a part
 * ("Unexpected end of form"), a client that goes away mid-upload ("aborted") or a disk that
 * fails all reject here as a 400 (or nothing, when nobody is left to hear it), and never
 * become an error nothing listens to, which would end the process.
 */
export async function receiveZip(
  req: { headers: Headers; body: Readable | null },
  opts: { maxBytes: number; tempDir: string },
): Promise<{ path: string; discard(): Promise<void> }> {
  const { maxBytes } = opts;
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) throw new ApiError("unsupported_media_type", "Send the export as multipart/form-data with its zip in the field \"file\"");
  const body = req.body;
  if (!body) throw new ApiError("bad_request", "The upload is empty: send a journal export (.zip) in the field \"file\"");
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": contentType }, limits: { files: 1, fileSize: maxBytes, fields: 5, parts: 10 } });
  } catch {
    throw new ApiError("bad_request", "The upload is not valid multipart/form-data");
  }
  await fs.promises.mkdir(opts.tempDir, { recursive: true });
  const file = path.join(opts.tempDir, `import-${crypto.randomUUID()}.zip`);
  const discard = () => fs.promises.rm(file, { force: true });

  let received: Promise<void> | undefined;
  let part: Readable | undefined;
  let tooLarge = false;
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", () => reject(unreadable()));
    const interrupted = () => reject(new ApiError("bad_request", "The upload was interrupted"));
    body.on("error", interrupted);
    // A client that goes away mid-upload closes the stream without ending it.
    body.on("close", () => {
      if (!body.readableEnded) interrupted();
    });
    parser.on("file", (name, stream) => {
      // A form that ends inside this part destroys it: the parser's own error answers.
      stream.on("error", () => undefined);
      if (name !== "file" || received) {
        stream.resume();
        return;
      }
      stream.on("limit", () => (tooLarge = true));
      part = stream;
      received = pipeline(stream, fs.createWriteStream(file));
      // Raced with the parser: a failed write (disk full) ends the upload now, not when the
      // parser stalls on the part nobody reads any more.
      received.catch(() => reject(new ApiError("bad_request", "The upload could not be stored")));
    });
    body.pipe(parser);
  });
  try {
    await parsed;
    await received;
  } catch (err) {
    body.unpipe(parser);
    // The rest of the body is not read: the route closes the connection.
    body.resume();
    // The part would wait forever for the rest of a body that is not coming.
    part?.destroy();
    parser.destroy();
    await received?.catch(() => undefined);
    await discard();
    throw err instanceof ApiError ? err : unreadable();
  }
  if (tooLarge) {
    await discard();
    throw new ApiError("payload_too_large", `The export is too large to import: the limit is ${Math.floor(maxBytes / 1024 ** 2)} MB`);
  }
  if (!received) throw new ApiError("bad_request", "Send the journal export (.zip) in the field \"file\"");
  return { path: file, discard };
}
